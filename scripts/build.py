#!/usr/bin/env python3
"""Build the deployable static site into dist/.

dist/ holds everything the page needs and nothing else:

    index.html  pyscript.toml  sw.js  css/  assets/
    manifest.webmanifest  icons/   the web app manifest and the icons (scripts/icons.py)
    embed.js             the <kozyr-table> element that embeds the page in other sites
    py/ui/main.py        the page's entry script (fetched by <script type="py" src=...>)
    py/kozyr.zip         the Python packages (kozyr engine + ui), unpacked by PyScript [files],
                         with the rules pages rendered to HTML (scripts/rules_pages.py) and
                         the message catalogues compiled (scripts/catalogues.py)
    vendor/pyodide/      the Pyodide runtime (from the npm package); its python_stdlib.zip has the
                         modules imported at boot precompiled (scripts/stdlib_pyc.mjs)
    vendor/pyscript/     @pyscript/core's dist/ (without source maps)

Every path in the page and the config is relative, so dist/ works at a site root or under any
sub-path. sw.js gets the list of files to precache and a version hash over their contents.

Usage: python3 scripts/build.py [--out DIR] [--python-delivery zip|files] [--stdlib pyc|source]
                               [--ui DIR] [--quiet]
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import catalogues
import icons
import rules_pages

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
# PyScript's code editor and terminal load these only for <py-editor>/<py-terminal> elements,
# which the page never has: ~1 MB (0.3 MB gzipped) the site and its offline cache need not hold.
UNUSED_PYSCRIPT_CHUNKS = ("codemirror", "xterm")
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}
ZIP_NAME = "py/kozyr.zip"
BOOT_WORDS_SLOT = "/*kozyr:boot-words*/{}/*end*/"  # index.html: the boot screen's words
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
    """What the page's Python gets, by path in its working directory: the packages' files
    (the engine's Markdown rules aside), the rules pages rendered to HTML in ui/rules/ and the
    compiled message catalogues in ui/locale/."""
    out = {}
    for name, pkg in packages.items():
        for f in package_files(pkg):
            rel = f.relative_to(pkg)
            if name == "kozyr" and rel.parts[0] == "rules":
                continue  # the page shows the HTML below
            out[f"{name}/{rel.as_posix()}"] = f.read_bytes()
    for (lang, game), src in rules_pages.sources().items():
        out[f"ui/rules/{lang}/{game}.html"] = rules_pages.to_html(src.read_text("utf-8")).encode()
    out.update(catalogues.compiled())
    return out


def copy_tree(src: Path, dst: Path) -> None:
    if not src.is_dir():
        return
    for f in package_files(src):
        target = dst / f.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)


def toml_str(s: str) -> str:
    return json.dumps(s)  # a JSON string is a valid TOML basic string


def stdlib_zip(mode: str) -> Path:
    """The python_stdlib.zip to ship: Pyodide's own ("source"), or one whose modules imported
    at boot (scripts/stdlib-boot.txt) are precompiled ("pyc"; cached in build/)."""
    original = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    if mode == "source":
        return original
    modules = ROOT / "scripts" / "stdlib-boot.txt"
    key = hashlib.sha256(original.read_bytes() + modules.read_bytes()
                         + (ROOT / "scripts" / "stdlib_pyc.mjs").read_bytes()).hexdigest()[:16]
    cached = ROOT / "build" / f"python_stdlib-{key}.zip"
    if not cached.is_file():
        cached.parent.mkdir(exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        subprocess.run(["node", str(ROOT / "scripts" / "stdlib_pyc.mjs"), str(tmp), str(modules)],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        tmp.replace(cached)
    return cached


def app_pyc(source: Path) -> Path:
    """The page's zip with every module compiled to bytecode inside Pyodide (as the standard
    library's boot modules are; cached in build/ by content): the page skips compiling kozyr's
    own ~9,000 lines at start."""
    key = hashlib.sha256(source.read_bytes()
                         + (ROOT / "scripts" / "stdlib_pyc.mjs").read_bytes()
                         + (ROOT / "node_modules" / "pyodide" / "package.json").read_bytes()
                         ).hexdigest()[:16]
    cached = ROOT / "build" / f"kozyr-pyc-{key}.zip"
    if not cached.is_file():
        cached.parent.mkdir(exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        subprocess.run(["node", str(ROOT / "scripts" / "stdlib_pyc.mjs"), str(tmp), "--from",
                        str(source), "--at", "/home/pyodide/"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        tmp.replace(cached)
    return cached


def build(out: Path, delivery: str = "zip", ui_dir: Path | None = None, quiet: bool = False,
          summary: bool = True, stdlib: str = "pyc", app: str = "pyc") -> dict:
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
    copy_tree(ROOT / "assets", out / "assets")
    icons.write(out)  # the favicon, the install icons and the web app manifest
    shutil.copy2(ROOT / "embed.js", out / "embed.js")  # <kozyr-table> for other sites

    # 2. the Python code
    files_section: list[tuple[str, str]] = []
    entry = ui_dir / "main.py"
    if entry.is_file():
        (out / "py" / "ui").mkdir(parents=True, exist_ok=True)
        shutil.copy2(entry, out / "py" / "ui" / "main.py")
    shipped = python_files(packages)
    if delivery == "zip":
        zpath = out / ZIP_NAME
        zpath.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for rel, data in shipped.items():
                info = zipfile.ZipInfo(rel, ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, data)
        if app == "pyc":
            shutil.copy2(app_pyc(zpath), zpath)
        # "./py/kozyr.zip" = "./*" : PyScript unpacks the zip into the interpreter's working
        # directory (/home/pyodide), which is on sys.path: `import kozyr`, `import ui` work.
        files_section.append((f"./{ZIP_NAME}", "./*"))
    elif delivery == "files":
        for rel, data in shipped.items():
            target = out / "py" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            files_section.append((f"./py/{rel}", f"./{rel}"))
    else:
        raise SystemExit(f"unknown --python-delivery {delivery!r}")

    # 3. the PyScript config: the repository's pyscript.toml plus the generated [files] table
    config = (ROOT / "pyscript.toml").read_text()
    config = config.rstrip() + "\n\n# generated by scripts/build.py\n[files]\n"
    config += "".join(f"{toml_str(k)} = {toml_str(v)}\n" for k, v in files_section)
    (out / "pyscript.toml").write_text(config)

    # 4. the vendored runtime
    nm = ROOT / "node_modules"
    pyo = out / "vendor" / "pyodide"
    pyo.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = nm / "pyodide" / name
        if not src.is_file():
            raise SystemExit(f"missing {src}: run `npm ci` first")
        if name == "python_stdlib.zip":
            src = stdlib_zip(stdlib)
        shutil.copy2(src, pyo / name)
    core = nm / "@pyscript" / "core" / "dist"
    if not (core / "core.js").is_file():
        raise SystemExit(f"missing {core}: run `npm ci` first")
    copy_tree(core, out / "vendor" / "pyscript")
    for chunk in (out / "vendor" / "pyscript").iterdir():
        if chunk.name.startswith(UNUSED_PYSCRIPT_CHUNKS):
            chunk.unlink()

    # 5. the service worker: precache list + version hash
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    precache = ["./"] + [f"./{rel}" for rel in files]
    sw = (ROOT / "sw.js").read_text()
    sw = sw.replace('"__KOZYR_VERSION__"', json.dumps(version))
    sw = sw.replace("[] /* __KOZYR_PRECACHE__ */", json.dumps(precache, indent=1))
    (out / "sw.js").write_text(sw)

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
    ap.add_argument("--python-delivery", choices=["zip", "files"], default="zip")
    ap.add_argument("--ui", type=Path, default=None,
                    help="ui package directory (default: $KOZYR_UI_DIR or py/ui)")
    ap.add_argument("--stdlib", choices=["pyc", "source"], default="pyc",
                    help="precompile the standard-library modules imported at boot (default)")
    ap.add_argument("--app", choices=["pyc", "source"], default="pyc",
                    help="kozyr's own modules as bytecode compiled in Pyodide (pyc), or as source")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    build(a.out.resolve(), a.python_delivery, a.ui, a.quiet, stdlib=a.stdlib, app=a.app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
