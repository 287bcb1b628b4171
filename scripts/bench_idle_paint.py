#!/usr/bin/env python3
"""Measure what the page paints while the person thinks: tables that wait with something
glowing (Advantage with a card chosen: the piles it fits; Durak's defence with a card chosen:
the cards it can beat), in headless Chromium, for three seconds of no input, run after run.

A performance trace counts the tiles rastered (painted into pixels) and the milliseconds it
took. The baseline, in the same run, is the same table with the glow as it used to be drawn
(its shadow animated, which the browser paints again every frame); the glow now animates only
the opacity of a ring on a layer of its own, which the compositor draws without painting.

    .venv/bin/python scripts/bench_idle_paint.py [--runs 5]

Builds the site into a temporary directory; dist/ is not touched. Needs scripts/setup done.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM  # noqa: E402

# Advantage, deal 3, and Durak, deal 5: the person plays the first card offered until a card
# chosen lights places (Advantage: at once; Durak: at the first defence).
TABLES = {"advantage": ("?game=advantage&seed=3&speed=0&lang=en", ".apile.target"),
          "durak": ("?game=durak&seed=5&speed=0&lang=en", "#bout .card.target")}
OLD_GLOW = """
.pair .card.target, .apile.target .pile-cards .card.top {
  animation: old-glow 1s ease-in-out infinite alternate;
  box-shadow: 0 0 0 3px var(--gold), 0 0 22px rgba(243, 220, 146, .9); }
.pair .card.target::after, .apile.target .pile-cards .card.top::after { display: none; }
@keyframes old-glow {
  to { box-shadow: 0 0 0 3px var(--gold-2), 0 0 8px rgba(243, 220, 146, .5); } }
"""
APP = "document.getElementById('app')"
IDLE_MS = 3000
VIEWPORT = {"width": 1100, "height": 760}


def glowing(page, url: str, lit: str) -> None:
    """The table waiting for the person with a hand card chosen and `lit` glowing."""
    page.goto(url)
    for _ in range(60):
        page.wait_for_function(f"{APP}.dataset.turn === 'you'", timeout=120_000)
        rev = page.evaluate(f"{APP}.dataset.rev")
        card = page.locator("#hand .card.legal")
        if card.count():
            card.first.click(position={"x": 6, "y": 24})
        else:
            page.locator("#actions button[data-act='move']").first.click()
        page.wait_for_function(f"r => {APP}.dataset.rev !== r", arg=rev)
        if page.locator(lit).count():
            page.wait_for_timeout(1000)  # the click's own redraw painted
            return
    raise SystemExit(f"{url}: nothing lit {lit}")


def raster(browser, page, path: Path) -> tuple[int, float]:
    """Tiles rastered and their milliseconds over IDLE_MS of no input."""
    browser.start_tracing(page=page, path=str(path), categories=["cc", "devtools.timeline"])
    page.wait_for_timeout(IDLE_MS)
    browser.stop_tracing()
    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    tasks = [e for e in events
             if e.get("ph") == "X" and e.get("name") == "DisplayItemList::Raster"]
    return len(tasks), sum(e["dur"] for e in tasks) / 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        site_build.build(dist, summary=False, quiet=True)
        server, url = site_server.start(dist)
        figures: dict[tuple[str, str], list[tuple[int, float]]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.runs):
                for game, (query, lit) in TABLES.items():
                    for style in ("now", "old glow"):
                        page = browser.new_context(viewport=VIEWPORT).new_page()
                        glowing(page, url + query, lit)
                        if style == "old glow":
                            page.add_style_tag(content=OLD_GLOW)
                            page.wait_for_timeout(300)
                        figures.setdefault((game, style), []).append(
                            raster(browser, page, Path(tmp) / "trace.json"))
                        page.context.close()
            browser.close()
        server.shutdown()
    print(f"Painted while the table waits {IDLE_MS / 1000:.0f} s with a glow "
          f"(median of {args.runs} runs; tiles rastered, raster ms):")
    for game in TABLES:
        old = statistics.median(ms for _, ms in figures[(game, "old glow")])
        for style in ("now", "old glow"):
            runs = figures[(game, style)]
            ms = statistics.median(ms for _, ms in runs)
            print(f"  {game:9s} {style:8s}: {statistics.median(n for n, _ in runs):6.0f} tiles, "
                  f"{ms:7.1f} ms  ({ms / old if old else 0:.3f} of the old glow's)")


if __name__ == "__main__":
    main()
