// The precompiled standard library that scripts/build.py ships (dist/vendor/pyodide/
// python_stdlib.zip) boots Pyodide, imports its precompiled modules from bytecode, and still
// imports any other module from source.
//
//   node tests/pyodide/stdlib_check.mjs PATH/TO/python_stdlib.zip
import { loadPyodide } from "pyodide";
import { resolve } from "node:path";

const zip = resolve(process.argv[2]);
const py = await loadPyodide({ stdLibURL: zip });
const out = py.runPython(`
import importlib, sys
pyc = importlib.import_module("json").__spec__.origin
src = importlib.import_module("fractions").__spec__.origin
assert pyc.endswith("json/__init__.pyc"), pyc
assert src.endswith("fractions.py"), src
from fractions import Fraction
assert Fraction(1, 3) + Fraction(1, 6) == Fraction(1, 2)
f"stdlib ok: {pyc} (bytecode), {src} (source)"
`);
console.log(out);
