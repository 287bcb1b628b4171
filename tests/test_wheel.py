"""The engine's wheel (scripts/wheel.py): what pip installs from it into a fresh virtualenv."""
from __future__ import annotations

import html
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import wheel  # scripts/wheel.py

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_holds_the_engine_only(tmp_path):
    path = wheel.build(tmp_path)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert path.name == f"kozyr-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        info = f"kozyr-{version}.dist-info"
        assert {"kozyr/__init__.py", "kozyr/ai/search.py", "kozyr/__main__.py",
                "kozyr/rules/durak.md", "kozyr/rules/ru/durak.md", f"{info}/RECORD"} <= names
        assert not [n for n in names if n.startswith("ui/") or "__pycache__" in n
                    or n.endswith(".pyc")]
        assert "kozyr = kozyr.__main__:main" in zf.read(f"{info}/entry_points.txt").decode()
        metadata = zf.read(f"{info}/METADATA").decode()
        assert f"Version: {version}" in metadata and "Requires-Dist" not in metadata
        # RECORD lists every file with its hash, as pip checks
        recorded = {line.split(",")[0] for line in zf.read(f"{info}/RECORD").decode().split()}
        assert recorded == names
    assert wheel.build(tmp_path / "again").read_bytes() == path.read_bytes()  # reproducible


def test_pip_installs_the_wheel_with_its_command(tmp_path):
    path = wheel.build(tmp_path / "dist")
    venv = tmp_path / "venv"
    # a virtualenv without a pip of its own (ensurepip alone costs seconds); this pip installs
    # into it (--python: it runs as that interpreter, so the install is the venv's own)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-index", "--disable-pip-version-check", str(path)], check=True)
    # the installed package, not the checkout: run from an empty directory
    out = subprocess.run([str(venv / "bin" / "kozyr"), "match", "durak", "--games", "10"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "durak: 10 games" in out.stdout and "heuristic  score" in out.stdout
    games = subprocess.run([str(venv / "bin" / "kozyr"), "games"], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert '"name": "advantage"' in games
    where = subprocess.run([str(python), "-c", "import kozyr; print(kozyr.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(venv) in where
    bad = subprocess.run([str(venv / "bin" / "kozyr"), "match", "durak", "--players", "nobody"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 2 and "error:" in bad.stderr


def test_example_page_snippet_runs(capsys):
    """The protocol snippet engine.html shows is code that works, as printed."""
    page = (ROOT / "example" / "engine.html").read_text("utf-8")
    snippet = html.unescape(re.search(r"<pre><code>(.*?)</code></pre>", page, re.S).group(1))
    exec(compile(snippet, "engine.html", "exec"), {})
    printed = capsys.readouterr().out
    assert "'scores': [" in printed and "'places': [" in printed
