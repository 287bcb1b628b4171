// Run tests/pyodide/product_check.py on the runtime as the site ships it: Pyodide with the
// site's trimmed python_stdlib.zip, kozyr's packages imported in place from py/kozyr.zip (as
// the page does), and the headless page from tests/.
//
//   node tests/pyodide/product_check.mjs PATH/TO/python_stdlib.zip PATH/TO/kozyr.zip
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TESTS = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide({ stdLibURL: resolve(process.argv[2]) });
py.FS.writeFile("/home/pyodide/kozyr.zip", readFileSync(resolve(process.argv[3])));
py.FS.mkdirTree("/check");
for (const [from, to] of [["headless.py", "headless.py"], ["pyodide/product_check.py", "product_check.py"]])
  py.FS.writeFile(join("/check", to), readFileSync(join(TESTS, from)));
py.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/home/pyodide/kozyr.zip", "/check"]
import product_check
`);
