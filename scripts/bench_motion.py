#!/usr/bin/env python3
"""Measure the frames the page paints while cards travel: a Durak take (the bout's cards fly
to the taker's hand, the stock refills the hands, cards turn over as they land) in headless
Chromium, at the slow speed (the longest flights), run after run.

Every frame painted during the take's flights is timed with requestAnimationFrame; a run's
figure is its frames per second while cards were in the air and its longest frame. The same
page with Reduced motion on, where the cards appear at once, gives the baseline: the frames
of the same seconds with nothing travelling.

    .venv/bin/python scripts/bench_motion.py [--runs 5]

Builds the site into a temporary directory; dist/ is not touched. Needs scripts/setup done.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM  # noqa: E402

# Deal 5: the person leads K♠ and Olga takes it.
QUERY = "?game=durak&players=2&deck=36&seed=5&speed=slow&lang=en"
STILL = '{"still": true}'
FRAMES = """() => { window.__frames = [];
    const tick = (t) => { const flying = document.getAnimations().some((a) =>
        a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity);
      __frames.push([t, flying]); requestAnimationFrame(tick); };
    requestAnimationFrame(tick); }"""
TAKEN = "() => [...document.querySelectorAll('#app .log-lines li')].some(l => / takes/.test(l.textContent))"


def one_take(browser, url: str, still: bool) -> tuple[float, float, int]:
    """Frames per second while cards flew (or, still, during the same span), the longest
    frame (ms) and the frames counted, over the take and the draws after it."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    if still:
        context.add_init_script(f"localStorage.setItem('kozyr.prefs', '{STILL}')")
    page = context.new_page()
    page.goto(url + QUERY)
    page.wait_for_function("document.querySelector('#hand .card.legal')", timeout=120_000)
    page.wait_for_timeout(1500)  # the deal's flights over
    card = page.locator("#hand .card.legal").first
    card.click(position={"x": 6, "y": 24})
    page.wait_for_function(TAKEN, timeout=20_000, polling=50)
    page.evaluate(FRAMES)
    page.wait_for_timeout(1400)
    frames = page.evaluate("__frames")
    context.close()
    if still:  # the same span with nothing in the air
        span = [t for t, _ in frames if t - frames[0][0] <= 900]
    else:
        span = [t for t, flying in frames if flying]
    gaps = [b - a for a, b in zip(span, span[1:])]
    seconds = (span[-1] - span[0]) / 1000 if len(span) > 1 else 0
    return (len(span) - 1) / seconds if seconds else 0.0, max(gaps, default=0.0), len(span)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kozyr-bench-") as tmp:
        site_build.build(Path(tmp), quiet=True, summary=False)
        server, url = site_server.start(Path(tmp))
        runs: dict[bool, list[tuple[float, float, int]]] = {False: [], True: []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for r in range(a.runs):
                for still in (False, True):
                    runs[still].append(one_take(browser, url, still))
                    fps, gap, n = runs[still][-1]
                    print(f"run {r + 1}/{a.runs} {'still ' if still else 'motion'}: {fps:.1f} fps, "
                          f"longest frame {gap:.1f} ms, {n} frames", file=sys.stderr)
            browser.close()
        server.shutdown()
    print(f"Durak take at the slow speed, headless Chromium, median of {a.runs} runs:")
    for still, name in ((False, "cards travelling"), (True, "Reduced motion (baseline)")):
        fps = statistics.median(f for f, _, _ in runs[still])
        gap = statistics.median(g for _, g, _ in runs[still])
        print(f"  {name}: {fps:.1f} frames per second, longest frame {gap:.1f} ms")
    ratio = statistics.median(f for f, _, _ in runs[False]) / max(
        1e-9, statistics.median(f for f, _, _ in runs[True]))
    print(f"  travelling / baseline: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
