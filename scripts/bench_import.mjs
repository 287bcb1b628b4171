// How long the page's Python takes to import on Pyodide (under Node.js): `import ui.app` on the
// built site's runtime (dist/vendor/pyodide/python_stdlib.zip, dist/py/kozyr.zip.gz unpacked, as
// the page mounts it), in fresh interpreters; prints every run and the median.
//
//   node scripts/bench_import.mjs [--runs 5] [--dist dist]
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const runs = Number(flag("--runs", 5));
const dist = resolve(flag("--dist", "dist"));
const times = [];
for (let i = 0; i < runs; i++) {
  const py = await loadPyodide({ stdLibURL: join(dist, "vendor/pyodide/python_stdlib.zip") });
  py.FS.writeFile("/home/pyodide/kozyr.zip", gunzipSync(readFileSync(join(dist, "py/kozyr.zip.gz"))));
  times.push(py.runPython(`
import sys, time
sys.path.insert(0, "/home/pyodide/kozyr.zip")
start = time.perf_counter()
import ui.app
round((time.perf_counter() - start) * 1000)
`));
}
times.sort((a, b) => a - b);
console.log(`import ui.app on Pyodide ${runs} times, ms: ${times.join(" ")}; ` +
            `median ${times[Math.floor(runs / 2)]}`);
