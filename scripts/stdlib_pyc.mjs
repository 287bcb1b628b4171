// Precompile Pyodide's standard library: read python_stdlib.zip, compile every module to
// bytecode inside Pyodide itself (the bytecode must match its CPython 3.14), and write a zip of
// sourceless .pyc files (plus the data files). The page then skips compiling the ~125 modules
// it imports at boot from source, which is most of Python's start-up time.
//
// With a module list (paths inside the zip, one a line, "#" comments), only those modules are
// precompiled and every other module stays in source form: a module missing from the list still
// imports (zipimport prefers a .pyc and falls back to the .py).
//
// The same for the page's own packages: with --from ZIP --at DIR every module of ZIP is compiled,
// named as it will lie once unpacked in DIR (PyScript unpacks kozyr.zip into /home/pyodide).
//
//   node scripts/stdlib_pyc.mjs OUT.zip [MODULE_LIST]
//   node scripts/stdlib_pyc.mjs OUT.zip --from py/kozyr.zip --at /home/pyodide/
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? null : args.splice(i, 2)[1];
};
const from = flag("--from");
const at = flag("--at") || "/lib/python314.zip/";
const out = resolve(args[0] || "python_stdlib_pyc.zip");
const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/pyodide.mjs"));
const source = readFileSync(from ? resolve(from) : join(pyodideDir, "python_stdlib.zip"));

const listFile = args[1];
const only = listFile
  ? readFileSync(listFile, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
  : null;

const py = await loadPyodide();
py.FS.writeFile("/tmp/stdlib_src.zip", source);
py.globals.set("ONLY", only ? py.toPy(only) : undefined);  // undefined is None
py.globals.set("AT", at);
const summary = py.runPython(`
import importlib._bootstrap_external as ext
import zipfile

src = zipfile.ZipFile("/tmp/stdlib_src.zip")
only = None if ONLY is None else set(ONLY)
compiled = kept = 0
with zipfile.ZipFile("/tmp/stdlib_pyc.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        if info.is_dir():
            continue
        data = src.read(info)
        name = info.filename
        if name.endswith(".py") and (only is None or name in only):
            # named as the original would be, so tracebacks still point at the module
            code = compile(data, AT + name, "exec", dont_inherit=True)
            data = bytes(ext._code_to_timestamp_pyc(code, 0, len(data)))
            name = name[:-3] + ".pyc"
            compiled += 1
        else:
            kept += 1
        zi = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        zi.external_attr = 0o644 << 16
        dst.writestr(zi, data)
f"{compiled} modules compiled, {kept} other files kept"
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib_pyc.zip"));
console.log(`stdlib_pyc: ${summary} -> ${out}`);
