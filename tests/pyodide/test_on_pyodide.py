"""The engine's tests, run again on Pyodide (the browser's Python) under Node.js."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run.mjs")
WHEELS = ROOT / ".venv" / "pyodide-wheels"

pytestmark = pytest.mark.pyodide


def test_engine_tests_pass_on_pyodide():
    if not sorted((ROOT / "tests" / "engine").glob("test_*.py")):
        pytest.skip("tests/engine has no tests yet")
    node = shutil.which("node")
    assert node, "node is not installed"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), "run scripts/setup (npm ci)"
    assert any(WHEELS.glob("*.whl")), "run scripts/setup (downloads the wheels pytest needs in Pyodide)"
    proc = subprocess.run(
        [node, str(RUNNER), "tests/engine"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    out = proc.stdout + proc.stderr
    print(out[-6000:])
    assert proc.returncode == 0, f"engine tests failed on Pyodide (exit {proc.returncode}):\n{out[-6000:]}"
    m = re.search(r"^pyodide: (\d+) passed, (\d+) failed", proc.stdout, re.M)
    assert m and int(m.group(1)) > 0 and int(m.group(2)) == 0, out[-3000:]


def test_precompiled_stdlib_boots_and_falls_back_to_source():
    import build  # scripts/build.py

    zip_path = build.stdlib_zip("pyc")
    proc = subprocess.run(
        [shutil.which("node") or "node", str(Path(__file__).with_name("stdlib_check.mjs")), str(zip_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "stdlib ok" in proc.stdout
