"""The arena: every game's levels against each other and against the baselines, measured
with seeded matches, into one Markdown report (docs/ai-strength.md).

    python -m kozyr arena --workers 2 --out ../docs/ai-strength.md
    python -m kozyr arena --scale 0.01        # a quick look: a hundredth of the games

Each line is a match of two styles (levels, or the baselines "lowest" and "random"), seats
rotated, with the score of each (a win 1, a draw ½), its 95% interval, and the mean time a
move took it on this machine's CPython. Where a line pits several copies of a baseline against
one level (3 or 4 players), the level's score is against the whole table.
"""

from __future__ import annotations

import datetime
import platform
import random
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from . import ai, match, registry


@dataclass(frozen=True)
class Bout:
    game: str
    styles: tuple[str, ...]
    games: int
    options: dict[str, Any] = field(default_factory=dict)
    note: str = ""


FAST, HARD = 1000, 300  # games for a pair of quick levels, and for a pair with the search


def plan() -> list[Bout]:
    """What the report measures: in every game each pair of levels, and each level against a
    baseline; in Durak also the standard baseline in other variants."""
    bouts = [
        Bout("durak", ("normal", "lowest"), 2 * FAST, note="the standard baseline"),
        Bout("durak", ("hard", "lowest"), HARD, note="the standard baseline"),
        Bout("durak", ("easy", "normal"), FAST),
        # the bouts behind a target need enough games for the interval's lower end to clear it
        Bout("durak", ("normal", "hard"), 8 * HARD // 3),
        Bout("durak", ("easy", "hard"), HARD // 3),
        Bout("durak", ("easy", "lowest"), FAST),
        Bout("durak", ("normal", "lowest"), FAST // 2, {"transfer": True}, "transfer"),
        Bout("durak", ("normal", "lowest"), FAST // 2, {"deck": 24}, "24 cards"),
        Bout("durak", ("normal", "lowest", "lowest"), FAST // 2, note="3 players"),
        Bout("durak", ("normal", "lowest", "lowest", "lowest"), FAST // 2, note="4 players"),
        Bout("durak", ("hard", "lowest"), HARD // 5, {"transfer": True}, "transfer"),
        Bout("durak", ("hard", "lowest"), HARD // 5, {"deck": 24}, "24 cards"),
        Bout("durak", ("hard", "lowest", "lowest"), HARD // 5, note="3 players"),
        Bout("durak", ("hard", "lowest", "lowest", "lowest"), HARD // 5, note="4 players"),
        # the levels' order at tables of three and four: against copies of the level below
        Bout("durak", ("easy", "normal", "normal"), FAST // 2, note="3 players"),
        Bout("durak", ("easy", "normal", "normal", "normal"), FAST // 2, note="4 players"),
        Bout("durak", ("hard", "normal", "normal"), HARD, note="3 players"),
        Bout("durak", ("hard", "normal", "normal", "normal"), 2 * HARD, note="4 players"),
    ]
    for game in (name for name in registry.GAMES if name != "durak"):  # Durak's are above
        levels = registry.get(game).ai_levels

        def games(*pair: str) -> int:  # a searching level is slow; Memory's hard is not
            return HARD if "hard" in pair and game not in ai.OWN_LEVELS else FAST

        for a, b in zip(levels, levels[1:]):
            bouts.append(Bout(game, (a, b), games(a, b)))
        if len(levels) == 3:
            bouts.append(Bout(game, (levels[0], levels[2]), games(levels[2])))
        for level in levels:
            bouts.append(Bout(game, (level, "random"), games(level)))
    return bouts


def run(bouts: list[Bout], scale: float = 1.0, seed: int = 7,
        workers: int = 1) -> Iterator[tuple[Bout, int, dict[str, Any], float]]:
    """Each bout played: (bout, games played, match.run's figures, seconds it took)."""
    for bout in bouts:
        games = max(len(bout.styles), round(bout.games * scale))
        start = time.perf_counter()
        stats = match.run(bout.game, list(bout.styles), games, seed, bout.options, workers)
        yield bout, games, stats, time.perf_counter() - start


def searching_games() -> list[str]:
    """The games whose hard level is the search (Memory's levels are its memory instead)."""
    return [name for name in ai.MODULES if name not in ai.OWN_LEVELS
            and "hard" in registry.get(name).ai_levels]


def playout_speed(game_name: str, positions: int = 6, deals: int = 8) -> tuple[float, float]:
    """Playouts a second of the hard level's search on this Python, from positions of real
    games: with the game's fast playouts, and with the heuristic on views (the fallback, and
    what search played before the fast path)."""
    game = registry.get(game_name)
    module = ai.MODULES[game_name]
    rates = []
    for fast in (True, False):
        played = spent = 0.0
        for seed in range(positions):
            state = game.new_game({"players": 2}, seed)
            guide = ai.HEURISTICS[game_name](random.Random(seed))
            for _ in range(6):  # a few moves in: past the first decision
                if game.is_over(state):
                    break
                game.apply(state, guide.choose(game.view(state, state.to_act)))
            if game.is_over(state):
                continue
            view = game.view(state, state.to_act)
            search = ai.Search(game, ai.HEURISTICS[game_name], random.Random(seed), deals=deals,
                               playout=getattr(module, "playout_move", None) if fast else None)
            start = time.perf_counter()
            search.choose(view)
            spent += time.perf_counter() - start
            played += search.playouts
        rates.append(played / spent if spent else 0.0)
    return rates[0], rates[1]


def markdown(results: list[tuple[Bout, int, dict[str, Any], float]],
             speeds: dict[str, tuple[float, float]], scale: float, seed: int) -> str:
    lines = [
        "# How strong are kozyr's opponents",
        "",
        "Generated by `cd py && python -m kozyr arena --workers 2 --out ../docs/ai-strength.md`"
        + (f" (scale {scale})" if scale != 1 else "") + f", seed {seed}, on "
        f"{platform.python_implementation()} {platform.python_version()}; `--game durak`"
        " measures one game and keeps the others' sections, each dated.",
        "",
        "Each line is a seeded match of two players' styles, seats rotated. A score counts a win 1"
        " and a draw ½: in Durak and Stump everyone but the loser wins, in Garbage the winner of"
        " the whole match (several hands), in Memory the first to empty the pile, in Advantage"
        " the most pairs. The interval is the 95% Wilson interval. With three or four players"
        " the first style plays against copies of the second, and its score is against the"
        " whole table (1 − 1/players is an even share). Time a move is CPython's on this"
        " machine; in the page the hard level's search stops at 1 s.",
        "",
        "Levels: **easy** plays the normal heuristic but half the time any legal move; **normal**"
        " is the game's heuristic (in Durak, with the exact endgame once every card is known);"
        " **hard** searches many imagined deals of the unseen cards, played out fast (in Durak"
        " from the first bout at a table of three or four, and with two players once the stock"
        " is down to 12 cards, there with deals that follow what the other's moves say of its"
        " hand). Memory's levels are how much the opponent remembers. Baselines:"
        " **lowest** always plays its lowest legal card, **random** any legal move.",
        "",
    ]
    today = datetime.date.today().isoformat()  # the arena can be run a game at a time
    game = None
    for bout, games, stats, seconds in results:
        if bout.game != game:
            game = bout.game
            lines += [f"## {registry.get(game).title}", "", f"Measured on {today}.", "",
                      "| players | variant | games | first | score (95% interval) | ms a move "
                      "| second | score (95% interval) | ms a move |",
                      "|---|---|---:|---|---|---:|---|---|---:|"]
        a, b = bout.styles[0], bout.styles[1]
        sa, sb = stats[a], stats[b]
        lines.append(
            f"| {len(bout.styles)} | {bout.note or 'standard'} | {games} | {a} | {_score(sa)} | "
            f"{1000 * sa['move_seconds']:.1f} | {b} | {_score(sb)} | "
            f"{1000 * sb['move_seconds']:.1f} |")
        nxt = results[results.index((bout, games, stats, seconds)) + 1:]
        if not nxt or nxt[0][0].game != game:
            lines.append("")
    if speeds:
        lines += ["## Search speed", "",
                  "Playouts a second of the hard level's search on this machine's CPython, from"
                  " positions six moves into real deals: the fast path plays the imagined deal on"
                  " the state itself; the fallback asks the heuristic, through a view, for every"
                  " move (what the search did before).", "",
                  "| game | fast playouts/s | through views /s | × |", "|---|---:|---:|---:|"]
        for name, (fast, slow) in speeds.items():
            lines.append(f"| {registry.get(name).title} | {fast:.0f} | {slow:.0f} | "
                         f"{fast / slow:.1f} |")
        lines.append("")
    return "\n".join(lines)


def merge(old: str, new: str) -> str:
    """The report `new`, keeping the sections of games it did not measure from `old` (the
    arena can be run a game at a time)."""
    def sections(text: str) -> tuple[str, dict[str, str]]:
        head, *parts = text.split("\n## ")
        return head, {part.split("\n", 1)[0]: "## " + part for part in parts}

    head, fresh = sections(new)
    _, kept = sections(old)
    titles = [registry.get(g).title for g in registry.GAMES] + ["Search speed"]
    body = []
    for title in titles:
        if title == "Search speed":
            speed = fresh.get(title, "")
            rows = {line.split(" |")[0]: line for line in
                    kept.get(title, "").splitlines() + speed.splitlines() if line.startswith("| ")
                    and not line.startswith("| game") and not line.startswith("|---")}
            if rows:
                intro = (speed or kept[title]).split("\n| game")[0]
                table = ["| game | fast playouts/s | through views /s | × |",
                         "|---|---:|---:|---:|"]
                table += [rows[f"| {t}"] for t in titles if f"| {t}" in rows]
                body.append(intro + "\n" + "\n".join(table) + "\n")
        elif title in fresh or title in kept:
            body.append(fresh.get(title) or kept[title])
    return head.rstrip("\n") + "\n\n" + "\n".join(s.rstrip("\n") + "\n" for s in body)


def _score(s: dict[str, Any]) -> str:
    lo, hi = s["ci95"]
    return f"{s['score']:.3f} ({lo:.3f}–{hi:.3f})"
