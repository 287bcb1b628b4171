"""Command line: `kozyr games`, `kozyr match durak --players hard,lowest`, `kozyr arena` (every
game's levels measured, into a Markdown report); `python -m kozyr ...` from a checkout."""

from __future__ import annotations

import argparse
import json
import sys

from pathlib import Path

from . import analysis, arena, catalogue, match
from .protocol import KozyrError
from .session import Session


def parse_options(pairs: list[str]) -> dict:
    """`deck=24 transfer=true` → {"deck": 24, "transfer": True}."""
    options = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise KozyrError(f"options are key=value, not {pair!r}")
        try:
            options[key] = json.loads(raw.lower() if raw.lower() in ("true", "false") else raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def run_arena(args: argparse.Namespace) -> None:
    bouts = [b for b in arena.plan() if not args.game or b.game in args.game]
    if not bouts:
        raise KozyrError(f"no such game in the arena: {', '.join(args.game)}")
    games = list(dict.fromkeys(b.game for b in bouts))
    speeds = {g: arena.playout_speed(g) for g in games if g in arena.searching_games()}
    results = []
    for done in arena.run(bouts, args.scale, args.seed, args.workers):
        results.append(done)
        bout, played, stats, seconds = done
        first = stats[bout.styles[0]]
        print(f"{bout.game} {','.join(bout.styles)} {bout.note}: {played} games, "
              f"{first['score']:.3f} in {seconds:.0f} s", file=sys.stderr, flush=True)
        report = arena.markdown(results, speeds, args.scale, args.seed)
        if args.out:
            old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
            args.out.write_text(arena.merge(old, report) if old else report + "\n",
                                encoding="utf-8")
    if not args.out:
        print(report)


def run_analysis(args: argparse.Namespace) -> None:
    """A saved game's decisions judged with every card known, one line each."""
    try:
        text = args.save.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KozyrError(f"cannot read {args.save}: {exc}") from None
    session = Session.load(text)  # a bad save raises SaveError, which says what is wrong
    save = session.save()
    # a game of AI opponents only saves no person: its seat 0 is judged unless told otherwise
    seat = args.seat if args.seat is not None else \
        session.human if session.human is not None else 0
    if not 0 <= seat < session.state.players:
        raise KozyrError(f"there is no seat {seat} in this game: its seats are 0 to "
                         f"{session.state.players - 1}")
    print(f"{save['game']}, seed {save['seed']}, seat {seat}: a mistake gives away at least "
          f"{analysis.MISTAKE:.0%} of the chance to win, a blunder {analysis.BLUNDER:.0%}")
    counts = {"mistake": 0, "blunder": 0}
    judged = analysis.analyse(save["game"], save["options"], save["seed"], save["moves"], seat,
                              save["match"], playouts=args.playouts)
    for j in judged:
        how = "exact" if j.exact else "est."
        best = "" if j.best == j.played else f"; best {j.best} {j.chance_best:.2f}"
        print(f"move {j.step + 1:>3}: {j.played} {j.chance_played:.2f} ({how}){best}"
              + (f"  {j.verdict}" if j.verdict else ""))
        if j.verdict:
            counts[j.verdict] += 1
    print(f"{counts['mistake']} mistakes, {counts['blunder']} blunders")


def main(argv: list[str] | None = None) -> int:
    # the `kozyr` command of the installed wheel, or `python -m kozyr` from a checkout
    prog = "kozyr" if Path(sys.argv[0]).stem == "kozyr" else "python -m kozyr"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games and their options")
    m = sub.add_parser("match", help="seeded AI-against-AI games with win rates")
    m.add_argument("game")
    m.add_argument("--players", default="heuristic,random",
                   help="comma-separated levels or styles, one per seat: easy, normal, hard, "
                        "random, lowest, heuristic, search")
    m.add_argument("--games", type=int, default=1000)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--option", nargs="*", default=[], metavar="KEY=VALUE",
                   help="game options, e.g. deck=24 transfer=true")
    m.add_argument("--workers", type=int, default=1,
                   help="processes to play the games in (the results do not change)")
    a = sub.add_parser("arena", help="every game's levels against each other and the baselines")
    a.add_argument("--scale", type=float, default=1.0,
                   help="a share of the games (0.01: a quick look)")
    a.add_argument("--seed", type=int, default=7)
    a.add_argument("--workers", type=int, default=1)
    a.add_argument("--game", action="append", help="only this game (may be repeated)")
    a.add_argument("--out", type=Path, help="write the Markdown report here (else print it)")
    an = sub.add_parser("analyse", help="a saved game's decisions judged with every card known")
    an.add_argument("save", type=Path, help="a saved game (the page's save, as JSON)")
    an.add_argument("--seat", type=int,
                    help="whose decisions, from 0 (default: the saved person's, or seat 0 "
                         "where every seat was an AI)")
    an.add_argument("--playouts", type=int, default=analysis.PLAYOUTS,
                    help="playouts per move where a position is not solved exactly")
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            print(json.dumps(catalogue(), indent=2, ensure_ascii=False))
        elif args.command == "arena":
            run_arena(args)
        elif args.command == "analyse":
            run_analysis(args)
        else:
            styles = args.players.split(",")
            print(match.report(args.game, styles, args.games, args.seed, parse_options(args.option),
                               args.workers))
    except KozyrError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
