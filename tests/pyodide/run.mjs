// Run the engine's tests (tests/engine/test_*.py) on the real browser runtime: the npm pyodide
// package under Node.js. No network: the repository is mounted into Pyodide's file system and
// pytest (+ hypothesis) come from pure-Python wheels that scripts/setup downloaded beforehand.
//
//   node tests/pyodide/run.mjs [--wheels DIR] [pytest args...]
//
// Hypothesis tests run with at most KOZYR_PYODIDE_MAX_EXAMPLES (default 4) examples each (the
// properties of tests/engine/test_contract.py: that many per game, over all its player counts).
// Prints pytest's report and a closing "pyodide: N passed, N failed" line; exits non-zero on
// failure or when no test ran.
import { loadPyodide } from "pyodide";
import { readdirSync, existsSync } from "node:fs";
import { dirname, resolve, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
let args = process.argv.slice(2);
let wheels = join(ROOT, ".venv", "pyodide-wheels");
const w = args.indexOf("--wheels");
if (w >= 0) { wheels = resolve(args[w + 1]); args.splice(w, 2); }

if (!existsSync(wheels) || !readdirSync(wheels).some((f) => f.endsWith(".whl"))) {
  console.error(`no wheels in ${wheels}: run scripts/setup`);
  process.exit(2);
}

const t0 = Date.now();
const py = await loadPyodide();
const { FS } = py;
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root: ROOT }, "/repo");
FS.mkdirTree("/wheels");
FS.mount(FS.filesystems.NODEFS, { root: wheels }, "/wheels");
console.log(`pyodide ${py.version} loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

py.globals.set("ARGS", py.toPy(args));
const code = await py.runPythonAsync(`
import os, sys, site, zipfile, glob
sys.dont_write_bytecode = True          # leave no 3.14 bytecode in the working tree
target = site.getsitepackages()[0]
for whl in sorted(glob.glob("/wheels/*.whl")):
    zipfile.ZipFile(whl).extractall(target)
os.chdir("/repo")
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/hypothesis")

import pytest

# Property tests run here as a check of the real runtime, with fewer examples than on CPython
# (pure Python is several times slower on Pyodide): cap each test's max_examples.
CAP = int(os.environ.get("KOZYR_PYODIDE_MAX_EXAMPLES", "4"))

class CapHypothesis:
    def pytest_collection_modifyitems(self, items):
        from hypothesis import settings
        for item in items:
            fn = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
            own = getattr(fn, "_hypothesis_internal_use_settings", None)
            if own is not None:
                fn._hypothesis_internal_use_settings = settings(
                    own, max_examples=min(own.max_examples, CAP), deadline=None)

class Count:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0
    def pytest_runtest_logreport(self, report):
        if report.when == "call" or (report.when == "setup" and not report.passed):
            if report.passed: self.passed += 1
            elif report.skipped: self.skipped += 1
            else: self.failed += 1
        elif report.when == "teardown" and report.failed:
            self.failed += 1

count = Count()
argv = list(ARGS) or ["tests/engine"]
rc = int(pytest.main(["-p", "no:cacheprovider", "-p", "no:faulthandler", "--capture=sys",
                      "-o", "addopts=", "--durations=5", *argv],
                     plugins=[count, CapHypothesis()]))
print(f"pyodide: {count.passed} passed, {count.failed} failed, {count.skipped} skipped")
if rc == 0 and count.passed == 0:
    rc = 5
rc
`);
process.exit(code);
