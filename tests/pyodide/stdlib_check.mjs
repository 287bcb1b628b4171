// The runtime the site ships (dist/vendor/pyodide/python_stdlib.zip: the standard library
// trimmed to what the site uses; dist/py/kozyr.zip: kozyr's packages) boots Pyodide, imports the
// modules the page imports at start and kozyr's own from bytecode, and leaves out what the site
// never uses.
//
//   node tests/pyodide/stdlib_check.mjs PATH/TO/python_stdlib.zip PATH/TO/kozyr.zip
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { resolve } from "node:path";

const zip = resolve(process.argv[2]);
const py = await loadPyodide({ stdLibURL: zip });
py.FS.writeFile("/home/pyodide/kozyr.zip", readFileSync(resolve(process.argv[3])));
const out = py.runPython(`
import importlib, sys
sys.path.insert(0, "/home/pyodide/kozyr.zip")
boot = importlib.import_module("json").__spec__.origin
own = importlib.import_module("kozyr.durak").__spec__.origin
ui = importlib.import_module("ui.setup.screens").__spec__.origin
assert boot.endswith("json/__init__.pyc"), boot
assert own.endswith("kozyr/durak.pyc") and ui.endswith("ui/setup/screens.pyc"), (own, ui)
import kozyr
state = kozyr.get("durak").new_game({"players": 2}, seed=1)
assert len(state.hands[0]) == 6
try:
    import fractions  # in Pyodide's library, never imported by the page
except ModuleNotFoundError:
    pass
else:
    raise AssertionError("the shipped library still holds modules the page never imports")
f"stdlib ok: {boot}, {own} (bytecode); fractions left out"
`);
console.log(out);
