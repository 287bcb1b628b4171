#!/usr/bin/env python3
"""Build the deployable static site into dist/.

dist/ holds everything the page needs and nothing else:

    index.html  pyscript.toml  sw.js  css/
    boot.mjs             the interpreter PyScript loads: Pyodide, started as the page opens, or
                         restored from a memory snapshot on a returning visit
    snapshot.mjs         the Worker that makes that snapshot after a first visit
    assets/              the site's own static files, as in the source (assets/icons/kozyr.svg),
                         with the icons drawn from it beside it in assets/icons/
    manifest.webmanifest the web app manifest, naming those icons (scripts/icons.py)
    embed.js             the <kozyr-table> element that embeds the page in other sites
    rtc.js               the WebRTC data channel between a shared table's pages (imported on use)
    sound.js             the table's sounds, made with Web Audio (imported with the first sound)
    motion.js            the cards travelling between two pictures of the table
    py/kozyr.zip.gz      kozyr's packages (engine + ui), as bytecode compiled in Pyodide
                         (scripts/stdlib_pyc.mjs): what a first deal needs, in English. A zip
                         of uncompressed files, gzipped whole: one stream over every module
                         compresses them far better than the zip's own file by file.
                         index.html fetches and unpacks it as the page opens, and its one
                         Python script imports from it in place (/home/pyodide/kozyr.zip).
    py/<pack>.<hash>.zip the rest of them, loaded when first used (py/ui/packs/): each
                         language's catalogue (compiled by scripts/catalogues.py) and rules pages
                         (rendered to HTML by scripts/rules_pages.py), the English rules pages,
                         the replay's screen and analysis, the shared table's QR codes; named in
                         the zip's ui/packs.json (and index.html's, for the languages)
    vendor/pyodide/      the Pyodide runtime (from the npm package). Its python_stdlib.zip holds
                         the standard-library files the site uses (scripts/stdlib-keep.txt), those
                         the page imports at start as bytecode; pyodide-lock.json lists only
                         the wheels beside it (micropip)
    vendor/pyscript/     @pyscript/core's dist/ (without source maps and unused chunks)
    kozyr-<version>-py3-none-any.whl   the engine as a wheel (scripts/wheel.py)
    engine.html  engine.py  engine.toml   an example page that installs that wheel (example/)

Every path in the page and the config is relative, so dist/ works at a site root or under any
sub-path. sw.js gets the list of files to precache (the table's, without those it loads on
use: ON_USE) and a version hash over every file's contents.

Usage: python3 scripts/build.py [--out DIR] [--python pyc|source] [--full-stdlib] [--ui DIR]
                               [--quiet]
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterable

import catalogues
import icons
import rules_pages
import wheel

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
]  # and pyodide-lock.json, cut down to the wheels the site serves (vendor_packages)
# PyScript's code editor and terminal load these only for <py-editor>/<py-terminal> elements,
# and its unzipper only for zips in [files]; the page has neither: ~1.2 MB (0.4 MB gzipped)
# the site and its offline cache need not hold.
UNUSED_PYSCRIPT_CHUNKS = ("codemirror", "xterm", "zip-")
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}
CLI_ONLY = {"__main__.py", "arena.py", "match.py"}  # kozyr's command line and its arena
APP_ZIP = "py/kozyr.zip.gz"  # kozyr's packages, as the page fetches them
MOUNTED = "/home/pyodide/kozyr.zip"  # ... and where the page's Python imports them from
EXAMPLE = ("engine.html", "engine.py", "engine.toml")  # example/: the engine in another page
PACKAGES_LIST = ROOT / "scripts" / "pyodide-packages.txt"  # wheels the site serves to Pyodide
PACKAGES_DIR = ROOT / ".venv" / "pyodide-packages"  # ... as scripts/setup downloads them
KEEP_LIST = ROOT / "scripts" / "stdlib-keep.txt"  # the library files the page uses
BOOT_LIST = ROOT / "scripts" / "stdlib-boot.txt"  # ... and those it imports at start
KEEP_DOCSTRINGS = ("kozyr", "ui", "_pyodide", "pyodide")  # read at run time (dataclasses, help)
LEAN = ("kozyr", "ui")  # ... but kozyr's modules' own and its functions' annotations are not
BOOT_WORDS_SLOT = "/*kozyr:boot-words*/{}/*end*/"  # index.html: the boot screen's words
SNAPSHOT_SLOT = "/*kozyr:snapshot*/{}/*end*/"  # index.html: the snapshot's version and build
PACKS_SLOT = "/*kozyr:packs*/{}/*end*/"  # index.html: the packs' files (py/ui/packs/)
# kozyr's modules the page loads when first used, by pack (besides the languages' and the
# rules pages': pack_of)
LAZY_MODULES = {"ui/replay/view": "replay", "kozyr/analysis": "replay",
                "kozyr/exercises": "replay", "ui/shared_table/qr": "share"}
# files of the table the service worker does not precache: it keeps them when first fetched
# (the packs, the sounds, a shared table's link, the install icons, the embedding script that
# other sites load, the page again by name)
ON_USE = ("py/", "sound.js", "rtc.js", "embed.js", "assets/icons/", "index.html")
ON_USE_KEPT = (APP_ZIP, "assets/icons/kozyr.svg")  # ... but for these
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def package_files(pkg_dir: Path) -> list[Path]:
    """Every shippable file of a package directory (sources and data), sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(pkg_dir):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if name.startswith(".") or p.suffix in SKIP_SUFFIXES:
                continue
            out.append(p)
    return out


def python_files(packages: dict[str, Path]) -> dict[str, bytes]:
    """What the page's Python gets, by path in kozyr's zip: the packages' files (the
    engine's Markdown rules and command line aside), the rules pages rendered to HTML in
    ui/rules/ and the compiled message catalogues in ui/locale/."""
    out = {}
    for name, pkg in packages.items():
        for f in package_files(pkg):
            rel = f.relative_to(pkg)
            if name == "kozyr" and (rel.parts[0] == "rules" or rel.as_posix() in CLI_ONLY):
                continue  # the page shows the HTML below; it has no command line
            out[f"{name}/{rel.as_posix()}"] = f.read_bytes()
    for (lang, game), src in rules_pages.sources().items():
        out[f"ui/rules/{lang}/{game}.html"] = rules_pages.to_html(src.read_text("utf-8")).encode()
    out.update(catalogues.compiled())
    return out


def pack_of(name: str) -> str | None:
    """The pack a file of kozyr's zip goes to (None: the zip the page opens with): each
    language's catalogue and rules pages in its own ("ru"), the English rules pages in
    "rules", the modules of LAZY_MODULES in theirs."""
    parts = name.split("/")
    if parts[:2] == ["ui", "locale"] and len(parts) > 3:
        return parts[2]
    if parts[:2] == ["ui", "rules"] and len(parts) > 3:
        return "rules" if parts[2] == "en" else parts[2]
    return LAZY_MODULES.get(name.rsplit(".", 1)[0])


def split_packs(app: Path, out: Path) -> dict[str, dict]:
    """kozyr's zip (as app_zip made it) split: the packs into out/py/<pack>.<hash>.zip and the
    rest into out/APP_ZIP (its files stored, the whole gzipped), with ui/packs.json naming each
    pack's file and the packages its modules join (py/ui/packs/). Returns that manifest."""
    with zipfile.ZipFile(app) as whole:
        files = [(i.filename, whole.read(i)) for i in whole.infolist() if not i.is_dir()]
    core = [(name, data) for name, data in files if pack_of(name) is None]
    inits = {name.rsplit("/", 1)[0] for name, _ in core if name.rsplit("/", 1)[-1] in (
        "__init__.py", "__init__.pyc")}
    manifest = {}
    for pack in sorted({p for name, _ in files if (p := pack_of(name))}):
        part = [(name, data) for name, data in files if pack_of(name) == pack]
        data = zip_bytes(part)
        rel = f"py/{pack}.{hashlib.sha256(data).hexdigest()[:12]}.zip"
        (out / rel).write_bytes(data)
        modules = {name.rsplit("/", 1)[0] for name, _ in part if name.endswith((".py", ".pyc"))}
        manifest[pack] = {"file": rel, "extends": sorted(modules & inits)}
    core.append(("ui/packs.json", json.dumps(manifest, indent=1, sort_keys=True).encode()))
    (out / APP_ZIP).write_bytes(gzip.compress(zip_bytes(sorted(core), zipfile.ZIP_STORED), 9,
                                              mtime=0))
    return manifest


def zip_bytes(files: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9) as zf:
        for name, data in files:
            info = zip_info(name)
            info.compress_type = method
            zf.writestr(info, data)
    return buffer.getvalue()


def pyscript_on_use(core: Path) -> set[str]:
    """PyScript's chunks that its core does not import as it starts (their paths in the site):
    those only its editor, terminal and game plugins import, its storage module, and the
    packages' graph, which it imports for a config that names packages (kozyr's names none)."""
    imports = {f.name: set(re.findall(r'(?:from|import)\s*\(?\s*"\./([^"]+\.js)"', f.read_text(
        "utf-8"))) for f in core.glob("*.js")}
    started = {dep for name, deps in imports.items() if name.startswith("core") for dep in deps}
    return {f"vendor/pyscript/{name}" for name in imports if not name.startswith("core") and (
        name not in started or name.startswith("pyodide_graph"))}


def copy_tree(src: Path, dst: Path) -> None:
    if not src.is_dir():
        return
    for f in package_files(src):
        target = dst / f.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)


def listed(path: Path) -> list[str]:
    """The paths a list file names, one a line ("#" starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return [line for line in lines if line]


def compiled(source: Path, out: Path, at: str, only: list[str] | None) -> None:
    """`source` (a zip of Python files) with its modules (or `only` those) as bytecode compiled
    in Pyodide, named as they will lie under `at` (scripts/stdlib_pyc.mjs), into `out`."""
    command = ["node", str(ROOT / "scripts" / "stdlib_pyc.mjs"), str(out)]
    if only is not None:
        listing = out.with_suffix(".list")
        listing.write_text("\n".join(only) + "\n")
        command.append(str(listing))
    command += ["--from", str(source), "--at", at,
                "--docstrings", ",".join(f"{pkg}/" for pkg in KEEP_DOCSTRINGS),
                "--lean", ",".join(f"{pkg}/" for pkg in LEAN)]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    if only is not None:
        listing.unlink()


def cached(kind: str, *parts: bytes) -> tuple[Path, bool]:
    """build/<kind>-<hash of parts, the compiler and Pyodide's version>.zip, and whether it is
    already there."""
    key = hashlib.sha256()
    for part in (*parts, (ROOT / "scripts" / "stdlib_pyc.mjs").read_bytes(),
                 (ROOT / "node_modules" / "pyodide" / "package.json").read_bytes()):
        key.update(hashlib.sha256(part).digest())
    path = ROOT / "build" / f"{kind}-{key.hexdigest()[:16]}.zip"
    path.parent.mkdir(exist_ok=True)
    return path, path.is_file()


def write_zip(path: Path, files: Iterable[tuple[str, bytes]], python: str, at: str,
              only: list[str] | None = None) -> Path:
    """A zip of Python files at `path`: its modules (or `only` those) as bytecode compiled in
    Pyodide, named as they will lie under `at` ("pyc"), or all as source."""
    # names of this build's own: two builds at once (test workers on a cold cache) each
    # write theirs and the last rename wins, with the same bytes
    sources = path.with_suffix(f".{os.getpid()}.src.zip")
    with zipfile.ZipFile(sources, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in files:
            zf.writestr(zip_info(name), data)
    if python == "pyc":
        compiled(sources, path.with_suffix(f".{os.getpid()}.tmp"), at, only)
        path.with_suffix(f".{os.getpid()}.tmp").replace(path)
        sources.unlink()
    else:
        sources.replace(path)
    return path


def runtime_zip(python: str = "pyc", trim: bool = True) -> Path:
    """The site's vendor/pyodide/python_stdlib.zip (cached in build/ by content).

    trim: only the standard-library files the site uses (scripts/stdlib-keep.txt, measured by
    scripts/stdlib_modules.py); the rest of the library is left out.
    python="pyc": the modules the page imports at start (scripts/stdlib-boot.txt) as bytecode
    compiled in Pyodide; "source": all as source."""
    stock = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    keep = set(listed(KEEP_LIST)) if trim else None
    boot = listed(BOOT_LIST)
    path, done = cached("stdlib", stock.read_bytes(),
                        repr((python, sorted(keep or ()), boot)).encode())
    if done:
        return path
    with zipfile.ZipFile(stock) as lib:
        files = [(i.filename, lib.read(i)) for i in lib.infolist() if not i.is_dir() and (
            keep is None or not i.filename.endswith(".py") or i.filename in keep)]
    return write_zip(path, files, python, "/lib/python314.zip/", boot)


def app_zip(files: dict[str, bytes], python: str = "pyc") -> Path:
    """kozyr's packages in one zip (cached in build/ by content), which the page fetches (split
    from its packs: split_packs) while the runtime loads and imports in place (zipimport) from
    MOUNTED; its modules as bytecode compiled in Pyodide ("pyc") or as source."""
    path, done = cached(f"kozyr-{python}", *(name.encode() + b"\0" + data
                                             for name, data in sorted(files.items())))
    if done:
        return path
    return write_zip(path, sorted(files.items()), python, f"{MOUNTED}/")


def vendor_packages(pyodide_dir: Path) -> None:
    """The wheels of scripts/pyodide-packages.txt (downloaded by scripts/setup) into the vendored
    runtime, and its pyodide-lock.json cut down to them, each entry naming the vendored file and
    its sha256, so loadPackage("micropip") works from the site alone. (A plain JSON edit: the
    pyodide-lock package reads this lock format only from a version that needs Python 3.12.)"""
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    packages = {}
    for line in listed(PACKAGES_LIST):
        name, _, version = line.split()[0].partition("==")
        found = sorted(PACKAGES_DIR.glob(f"{name}-{version}-*.whl"))
        if not found:
            raise SystemExit(f"missing the {name} {version} wheel in {PACKAGES_DIR}: "
                             "run scripts/setup")
        data = found[0].read_bytes()
        entry = dict(lock["packages"][name])
        entry.update(file_name=found[0].name, version=version,
                     sha256=hashlib.sha256(data).hexdigest())
        packages[name] = entry
        (pyodide_dir / found[0].name).write_bytes(data)
    lock["packages"] = packages
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def pyodide_build_id() -> str:
    """The vendored Pyodide's build id (a hash of its pyodide.asm.mjs and .wasm), which its
    loader compares with a memory snapshot's: part of the snapshot's key (boot.mjs)."""
    loader = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").read_text("utf-8")
    found = re.search(r'BUILD_ID:"([0-9a-f]{64})"', loader)
    if not found:
        raise SystemExit("no BUILD_ID in node_modules/pyodide/pyodide.mjs: update pyodide_build_id()")
    return found.group(1)


def zip_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_DATE)  # a fixed date: the same input, the same bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def build(out: Path, ui_dir: Path | None = None, quiet: bool = False, summary: bool = True,
          python: str = "pyc", trim: bool = True) -> dict:
    ui_dir = Path(ui_dir or os.environ.get("KOZYR_UI_DIR") or ROOT / "py" / "ui").resolve()
    packages = {"kozyr": ROOT / "py" / "kozyr", "ui": ui_dir}
    if not (ui_dir / "main.py").is_file():
        print(f"warning: {ui_dir / 'main.py'} is missing; the page will not start", file=sys.stderr)

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # 1. the page and its static assets
    page = (ROOT / "index.html").read_text("utf-8")
    words = json.dumps(catalogues.boot_words(), ensure_ascii=False, sort_keys=True)
    assert BOOT_WORDS_SLOT in page, f"index.html lost its {BOOT_WORDS_SLOT}"
    (out / "index.html").write_text(page.replace(BOOT_WORDS_SLOT, words), "utf-8")
    copy_tree(ROOT / "css", out / "css")
    copy_tree(ROOT / "assets", out / "assets")  # the same layout: assets/icons/kozyr.svg, ...
    icons.write(out)  # the favicon, the install icons (into assets/icons/) and the manifest
    shutil.copy2(ROOT / "embed.js", out / "embed.js")  # <kozyr-table> for other sites
    shutil.copy2(ROOT / "rtc.js", out / "rtc.js")  # a shared table's WebRTC link, imported on use
    shutil.copy2(ROOT / "sound.js", out / "sound.js")  # the sounds, imported with the first one
    shutil.copy2(ROOT / "motion.js", out / "motion.js")  # the cards' travel between pictures
    shutil.copy2(ROOT / "boot.mjs", out / "boot.mjs")  # Python started, or restored from a snapshot
    shutil.copy2(ROOT / "snapshot.mjs", out / "snapshot.mjs")  # ... and that snapshot made
    shutil.copy2(ROOT / "pyscript.toml", out / "pyscript.toml")

    # 2. kozyr's packages: the zip the page fetches at once and imports from in place, and the
    # packs it fetches when first used (index.html fetches the language it opens in at once)
    (out / APP_ZIP).parent.mkdir(parents=True)
    manifest = split_packs(app_zip(python_files(packages), python), out)
    languages = {pack: entry["file"] for pack, entry in manifest.items()
                 if pack in catalogues.LANGUAGES}
    page = (out / "index.html").read_text("utf-8")
    assert PACKS_SLOT in page, f"index.html lost its {PACKS_SLOT}"
    (out / "index.html").write_text(page.replace(PACKS_SLOT, json.dumps(languages)), "utf-8")

    # 3. the vendored runtime, its standard library trimmed to what the site uses
    nm = ROOT / "node_modules"
    pyo = out / "vendor" / "pyodide"
    pyo.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = nm / "pyodide" / name
        if not src.is_file():
            raise SystemExit(f"missing {src}: run `npm ci` first")
        if name == "python_stdlib.zip":
            src = runtime_zip(python, trim)
        shutil.copy2(src, pyo / name)
    core = nm / "@pyscript" / "core" / "dist"
    if not (core / "core.js").is_file():
        raise SystemExit(f"missing {core}: run `npm ci` first")
    copy_tree(core, out / "vendor" / "pyscript")
    for chunk in (out / "vendor" / "pyscript").iterdir():
        if chunk.name.startswith(UNUSED_PYSCRIPT_CHUNKS):
            chunk.unlink()

    # 4. the engine as a wheel for other pages, the example page that installs it with micropip,
    # and micropip itself, registered in the runtime's lock file
    engine = wheel.build(out)
    for name in EXAMPLE:
        text = (ROOT / "example" / name).read_text("utf-8")
        (out / name).write_text(text.replace("__KOZYR_WHEEL__", engine.name), "utf-8")
    vendor_packages(pyo)

    # 5. the service worker: precache list + version hash. The table's files only: the engine
    # example and its wheels are for other pages, and a player's first visit need not hold them.
    not_the_table = {*EXAMPLE, engine.name,
                     *(f"vendor/pyodide/{w.name}" for w in pyo.glob("*.whl"))}
    files = sorted(rel for p in out.rglob("*") if p.is_file()
                   if (rel := p.relative_to(out).as_posix()) not in not_the_table
                   and (not rel.startswith(ON_USE) or rel in ON_USE_KEPT)
                   and rel not in pyscript_on_use(out / "vendor" / "pyscript"))
    digest = hashlib.sha256()
    for rel in sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()):
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    precache = ["./"] + [f"./{rel}" for rel in files]
    sw = (ROOT / "sw.js").read_text()
    sw = sw.replace('"__KOZYR_VERSION__"', json.dumps(version))
    sw = sw.replace("[] /* __KOZYR_PRECACHE__ */", json.dumps(precache, indent=1))
    (out / "sw.js").write_text(sw)
    # the page's memory snapshot (boot.mjs) is kept in that version's cache, under a key naming
    # the version and Pyodide's build; written in after the version is taken
    page = (out / "index.html").read_text("utf-8")
    assert SNAPSHOT_SLOT in page, f"index.html lost its {SNAPSHOT_SLOT}"
    key = json.dumps({"version": version, "pyodide": pyodide_build_id()})
    (out / "index.html").write_text(page.replace(SNAPSHOT_SLOT, key), "utf-8")

    # summary
    all_files = [p for p in out.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in all_files)
    info = {"version": version, "files": len(all_files), "bytes": raw}
    if not summary:
        return info
    gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in all_files)
    info["gzip_bytes"] = gz
    if not quiet:
        print(f"built {out}: {len(all_files)} files, {raw / 1e6:.2f} MB "
              f"({gz / 1e6:.2f} MB gzipped), version {version}")
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist")
    ap.add_argument("--ui", type=Path, default=None,
                    help="ui package directory (default: $KOZYR_UI_DIR or py/ui)")
    ap.add_argument("--python", choices=["pyc", "source"], default="pyc",
                    help="kozyr's modules and the library's start-up modules as bytecode compiled "
                         "in Pyodide (default), or every module as source")
    ap.add_argument("--full-stdlib", action="store_true",
                    help="ship Pyodide's whole standard library, not only what the page uses")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    build(a.out.resolve(), a.ui, a.quiet, python=a.python, trim=not a.full_stdlib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
