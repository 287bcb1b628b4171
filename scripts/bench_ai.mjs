// Playouts a second of the hard level's search on the browser's runtime (the npm pyodide
// package under Node.js), the same measure as the arena report's "Search speed" on CPython.
//
//   node scripts/bench_ai.mjs [game ...]      (default: every game whose hard level searches)
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
py.globals.set("GAMES", py.toPy(process.argv.slice(2)));
await py.runPythonAsync(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo/py")
from kozyr import arena
for game in list(GAMES) or arena.searching_games():
    fast, slow = arena.playout_speed(game)
    print(f"pyodide {sys.version.split()[0]} {game}: {fast:.0f} fast playouts/s, "
          f"{slow:.0f} through views /s (x{fast / slow:.1f})")
`);
