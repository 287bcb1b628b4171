#!/usr/bin/env python3
"""Measure the opponents' time a move in the real page: headless Chromium plays whole deals
of a game against an opponent level (the person's moves are clicked: the first choice each
time) and the page reports, for every opponent move, the time it spent thinking and the time
from its first thought to its move (the page's own turns in between included).

    .venv/bin/python scripts/bench_ai_page.py [--games 3] [--level hard] [--query deck=36]

Builds the site into a temporary directory; dist/ is not touched. Needs scripts/setup done.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
sys.path.insert(0, str(HERE.parent / "py"))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM  # noqa: E402

MOVE = re.compile(r"kozyr: ai-move ([\d.]+) ms \(wall (\d+) ms\)")


def play_deal(page, url: str) -> list[tuple[float, float]]:
    """One deal to its end: (busy ms, wall ms) of every opponent move."""
    from table_helpers import play_first_choice, play_until_over

    moves: list[tuple[float, float]] = []
    page.on("console", lambda msg: (m := MOVE.match(msg.text)) and moves.append(
        (float(m.group(1)), float(m.group(2)))))
    page.goto(url)
    page.wait_for_selector("#app[data-screen='table']", timeout=120_000)
    play_until_over(page, lambda p: play_first_choice(
        p, "#bout .card.target", "#actions button.play", "#hand .card.legal"), 800)
    return moves


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return (f"{name}: median {statistics.median(values):.0f} ms, 90th percentile {p90:.0f} ms, "
            f"max {values[-1]:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--game", default="durak")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--query", default="players=2&deck=36", help="more of the page's address")
    a = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kozyr-bench-") as tmp:
        site_build.build(Path(tmp), quiet=True, summary=False)
        server, url = site_server.start(Path(tmp))
        moves: list[tuple[float, float]] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for g in range(a.games):
                page = browser.new_context().new_page()
                query = f"game={a.game}&level={a.level}&speed=0&seed={101 + g}&{a.query}"
                deal = play_deal(page, f"{url}?{query}")
                print(f"deal {g + 1}/{a.games}: {len(deal)} opponent moves", file=sys.stderr)
                moves += deal
                page.context.close()
            browser.close()
        server.shutdown()
    print(f"{a.game}, level {a.level}, {a.query}: {len(moves)} opponent moves in {a.games} deals, "
          "headless Chromium")
    print(summary("thinking", [b for b, _ in moves]))
    print(summary("first thought to move", [w for _, w in moves]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
