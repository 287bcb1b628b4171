"""The engine's tests, run again on Pyodide (the browser's Python) under Node.js."""
from __future__ import annotations

import json
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


def shipped() -> tuple[Path, Path]:
    """The runtime zip and kozyr's zip the site ships (scripts/build.py; cached in build/)."""
    import build  # scripts/build.py

    packages = {"kozyr": ROOT / "py" / "kozyr", "ui": ROOT / "py" / "ui"}
    return build.runtime_zip(), build.app_zip(build.python_files(packages))


def node(script: str, *args: Path, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run([shutil.which("node") or "node", str(Path(__file__).with_name(script)),
                           *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_shipped_runtime_boots_from_bytecode_and_leaves_out_the_unused():
    proc = node("stdlib_check.mjs", *shipped(), timeout=300)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    assert "stdlib ok" in proc.stdout


def test_shipped_runtime_holds_every_module_the_product_imports():
    """Every engine and UI module imported, every game played out at every level and in every
    language, every sheet drawn, on the shipped library alone: a module the product needs and
    the trimmed library lacks fails here (scripts/stdlib_modules.py measures the list again)."""
    proc = node("product_check.mjs", *shipped(), timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    line = next(li for li in proc.stdout.splitlines() if li.startswith("product_check: "))
    report = json.loads(line.split(" ", 1)[1])
    assert report["played"] == 5 * 3 + 4  # five games at three levels, four more languages
    assert "gettext.py" in report["loaded"] and "urllib/parse.py" in report["loaded"]
    assert report["ai"] == "/home/pyodide/kozyr.zip/kozyr/ai/durak.pyc"  # bytecode, in place
