"""Command line: `python -m kozyr games`, `python -m kozyr match durak --players heuristic,random`."""

from __future__ import annotations

import argparse
import json
import sys

from . import catalogue, match
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kozyr", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games and their options")
    m = sub.add_parser("match", help="seeded AI-against-AI games with win rates")
    m.add_argument("game")
    m.add_argument("--players", default="heuristic,random",
                   help="comma-separated AI styles, one per seat: random, lowest, heuristic")
    m.add_argument("--games", type=int, default=1000)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--option", nargs="*", default=[], metavar="KEY=VALUE",
                   help="game options, e.g. deck=24 transfer=true")
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            print(json.dumps(catalogue(), indent=2, ensure_ascii=False))
        else:
            styles = args.players.split(",")
            print(match.report(args.game, styles, args.games, args.seed, parse_options(args.option)))
    except KozyrError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
