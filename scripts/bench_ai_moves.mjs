// The hard level's time a move on the browser's runtime (the npm pyodide package under
// Node.js), with the page's budget: whole deals of a game, the hard level at one seat and the
// normal level at the others; the median, 95th percentile and longest time of the hard
// level's decisions (those with a choice), and its score.
//
//   node scripts/bench_ai_moves.mjs [game] [players] [deals] [budget seconds]
//   node scripts/bench_ai_moves.mjs durak 3 4 1.0
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [game = "durak", players = "2", deals = "3", budget = "1.0"] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
py.globals.set("ARGS", py.toPy([game, Number(players), Number(deals), Number(budget)]));
await py.runPythonAsync(`
import statistics, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo/py")
from kozyr import ai, registry
name, players, deals, budget = ARGS
game = registry.get(name)
options = game.check_options({"players": players})
times, scores = [], []
for d in range(deals):
    seat_hard = d % players
    seats = [ai.make("hard" if s == seat_hard else "normal", name, 101 * d + s,
                     budget=budget if s == seat_hard else None) for s in range(players)]
    match = None
    while True:
        state = game.new_game(options, 1 + d, match)
        while not game.is_over(state):
            seat = state.to_act
            view = game.view(state, seat)
            start = time.perf_counter()
            move = seats[seat].choose(view)
            if seat == seat_hard and len(view["legal"]) > 1:
                times.append(1000 * (time.perf_counter() - start))
            game.apply(state, move)
        result = game.result(state)
        if result.get("match_over", True):
            break
        match = result["next"]
    scores.append(result["scores"][seat_hard])
times.sort()
p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
print(f"pyodide {sys.version.split()[0]} {name}, {players} players, budget {budget} s: "
      f"{len(times)} hard decisions in {deals} deals, median {statistics.median(times):.0f} ms, "
      f"p95 {p95:.0f} ms, longest {times[-1]:.0f} ms; hard's score {sum(scores) / deals:.2f}")
`);
