#!/usr/bin/env python3
"""Build the engine's wheel: kozyr-<version>-py3-none-any.whl (the `kozyr` package: rules,
opponents, command line; no UI; standard library only), the version from pyproject.toml.

A wheel is a zip with a .dist-info folder (PEP 427); this writes one directly, with the
standard library, so the build needs no network and the same sources give the same bytes.

    python3 scripts/wheel.py [--out DIR]       (scripts/build.py puts it in dist/)
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "kozyr"
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".hypothesis"}
DATE = (2020, 1, 1, 0, 0, 0)


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def name() -> str:
    """The wheel's file name, e.g. kozyr-0.1.0-py3-none-any.whl."""
    return f"kozyr-{project()['version']}-py3-none-any.whl"


def package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file()
                  and not SKIP_DIRS & set(p.relative_to(PACKAGE).parts)
                  and p.suffix not in {".pyc", ".pyo"} and not p.name.startswith("."))


def metadata(meta: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {meta['version']}",
             f"Summary: {meta['description']}", f"License: {meta['license']['text']}",
             f"Requires-Python: {meta['requires-python']}"]
    lines += [f"Requires-Dist: {dep}" for dep in meta.get("dependencies", [])]
    return "\n".join(lines) + "\n\n" + README_TEXT


README_TEXT = """kozyr's rules engine and AI opponents: Durak (throw-in, transfer, teams), Stump,
Garbage, Memory and Advantage, pure Python with the standard library only. It runs on CPython
and in the browser on Pyodide.

    import kozyr
    from kozyr import ai

    game = kozyr.get("durak")
    state = game.new_game({"players": 2}, seed=1)
    players = [ai.make("normal", "durak", seed=1), ai.make("easy", "durak", seed=2)]
    while not game.is_over(state):
        view = game.view(state, state.to_act)   # what that seat may see, with its legal moves
        game.apply(state, players[state.to_act].choose(view))   # an illegal move raises
    print(game.result(state))

Command line: `kozyr games`, `kozyr match durak --players normal,random --games 100`,
`kozyr arena`.
"""


def record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def build(out: Path) -> Path:
    """Write the wheel into `out`; its path."""
    meta = project()
    info = f"kozyr-{meta['version']}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (f"kozyr/{p.relative_to(PACKAGE).as_posix()}", p.read_bytes()) for p in package_files()]
    scripts = meta.get("scripts", {})
    entries += [
        (f"{info}/METADATA", metadata(meta).encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: kozyr scripts/wheel.py\n"
                          b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
        (f"{info}/entry_points.txt", ("[console_scripts]\n" + "".join(
            f"{command} = {target}\n" for command, target in scripts.items())).encode()),
        (f"{info}/top_level.txt", b"kozyr\n"),
    ]
    record = "".join(record_line(path, data) + "\n" for path, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / name()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path, data in entries:
            zi = zipfile.ZipInfo(path, DATE)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zf.writestr(zi, data)
    return wheel


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist")
    a = ap.parse_args(argv)
    print(build(a.out.resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
