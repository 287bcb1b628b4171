// Precompile the runtime's Python: read a zip of Python files (Pyodide's standard library,
// with kozyr's packages added by scripts/build.py), compile modules to bytecode inside Pyodide
// itself (the bytecode must match its CPython 3.14), and write a zip where those modules are
// sourceless .pyc files (the rest is copied). The page then skips compiling the modules it
// imports at start from source, which is most of Python's start-up time.
//
// With a module list (paths inside the zip, one a line, "#" comments), only those modules are
// compiled and every other module stays in source form: a module missing from the list still
// imports (zipimport prefers a .pyc and falls back to the .py).
//
// Bytecode is compiled without column ranges (tracebacks keep their line numbers, not the ^^^
// marks) and without functions' docstrings: both are most of a .pyc's size, and the page's
// first visit downloads it. Modules and classes keep theirs in the packages named by
// --docstrings (a dataclass without one computes its signature at import: slower). The modules
// of the packages named by --lean lose their module docstring and their functions' annotations
// too: nothing reads them at run time (kozyr's own code; its classes keep their docstrings).
//
// --at names the modules as they will lie (for tracebacks): the standard library's zip by
// default; kozyr's own zip is imported in place from /home/pyodide/kozyr.zip.
//
//   node scripts/stdlib_pyc.mjs OUT.zip [MODULE_LIST] [--from SOURCE.zip] [--at DIR/]
//                               [--docstrings a/,b/] [--lean a/,b/]
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
const docstrings = (flag("--docstrings") || "").split(",").filter(Boolean);
const lean = (flag("--lean") || "").split(",").filter(Boolean);
const at = flag("--at") || "/lib/python314.zip/";  // where Pyodide mounts the standard library
const out = resolve(args[0] || "python_stdlib_pyc.zip");
const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/pyodide.mjs"));
const source = readFileSync(from ? resolve(from) : join(pyodideDir, "python_stdlib.zip"));

const listFile = args[1];
const only = listFile
  ? readFileSync(listFile, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
  : null;

const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" } });
py.FS.writeFile("/tmp/stdlib_src.zip", source);
py.globals.set("ONLY", only ? py.toPy(only) : undefined);  // undefined is None
py.globals.set("DOCSTRINGS", py.toPy(docstrings));
py.globals.set("LEAN", py.toPy(lean));
py.globals.set("AT", at);
const summary = py.runPython(`
import ast
import importlib._bootstrap_external as ext
import inspect
import types
import zipfile

src = zipfile.ZipFile("/tmp/stdlib_src.zip")
only = None if ONLY is None else set(ONLY)
keep_docs = tuple(DOCSTRINGS)
lean = tuple(LEAN)


def leaner(source):
    """The module's tree without its docstring and its functions' annotations (line numbers
    kept: the tree keeps them)."""
    tree = ast.parse(source)
    if ast.get_docstring(tree, clean=False) is not None:
        del tree.body[0]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            arguments = node.args
            for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                        arguments.vararg, arguments.kwarg):
                if arg is not None:
                    arg.annotation = None
    return tree


def without_function_docs(code):
    """The code with every function's docstring (its first constant) dropped."""
    consts = [without_function_docs(c) if isinstance(c, types.CodeType) else c
              for c in code.co_consts]
    if code.co_flags & inspect.CO_HAS_DOCSTRING:
        consts[0] = None
    return code.replace(co_consts=tuple(consts))

compiled = kept = 0
with zipfile.ZipFile("/tmp/stdlib_pyc.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        if info.is_dir():
            continue
        data = src.read(info)
        name = info.filename
        if name.endswith(".py") and (only is None or name in only):
            # named as the original would be, so tracebacks still point at the module
            if name.startswith(lean):
                code = without_function_docs(compile(leaner(data), AT + name, "exec",
                                                     dont_inherit=True))
            elif name.startswith(keep_docs):
                code = without_function_docs(compile(data, AT + name, "exec", dont_inherit=True))
            else:
                code = compile(data, AT + name, "exec", dont_inherit=True, optimize=2)
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
