"""Command line: `kozyr games`, `kozyr match durak --players hard,lowest`, `kozyr arena` (every
game's levels measured, into a Markdown report); `python -m kozyr ...` from a checkout."""

from __future__ import annotations

import argparse
import json
import sys

from pathlib import Path

from . import arena, catalogue, match
from .protocol import KozyrError


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
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            print(json.dumps(catalogue(), indent=2, ensure_ascii=False))
        elif args.command == "arena":
            run_arena(args)
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
