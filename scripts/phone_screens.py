#!/usr/bin/env python3
"""Every screen as a phone shows it, to look at: home, the options form, each game's table
(Durak of two and of four), a game over, the sheets (settings, statistics, achievements, rules,
a daily deal's share), a replay, the invite to a shared table and the guest's answer to it
(the invite link opened in a second page), on a 390 × 844 touch screen
and held sideways (844 × 390), in English and Russian.

    .venv/bin/python scripts/phone_screens.py [--out screenshots/phone] [--lang en,ru]
                                              [--only durak,home] [--sizes portrait,landscape]

Serves the built dist/ (run scripts/serve or build.py first); writes
<out>/<lang>-<portrait|landscape>-<screen>.png, one CSS px a pixel.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the saved games the browser tests deal

import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM  # noqa: E402
from screenshot import built  # noqa: E402

from table_helpers import near_the_end, seen_cards  # noqa: E402

SIZES = {"portrait": (390, 844), "landscape": (844, 390)}
READY = "document.documentElement.dataset.kozyr === 'ready'"
MY_TURN = ("() => { const a = document.getElementById('app');"
           " return a && ['you', 'over'].includes(a.dataset.turn); }")
TABLES = {
    "durak": "game=durak&players=2&seed=7",
    "durak4": "game=durak&players=4&seed=11",
    "stump": "game=stump&players=4&seed=3",
    "garbage": "game=garbage&players=3&seed=7",
    "memory": "game=memory&players=2&seed=5",
    "advantage": "game=advantage&players=2&seed=4",
}


class Tour:
    def __init__(self, page, url: str, out: Path, prefix: str, lang: str) -> None:
        self.page, self.url, self.out, self.prefix, self.lang = page, url, out, prefix, lang

    def open(self, query: str, selector: str) -> None:
        self.page.goto(f"{self.url}?{query}&lang={self.lang}&speed=0")
        self.page.wait_for_function(READY, timeout=120_000)
        self.page.wait_for_selector(selector, timeout=30_000)
        self.page.wait_for_timeout(700)

    def saved(self, game: str) -> None:
        """The table of a saved game, where the person is to act."""
        self.page.goto(self.url + "?lang=" + self.lang)
        self.page.evaluate("s => localStorage.setItem('kozyr.save', s)", game)
        self.open("", "#app[data-screen='table']")
        self.page.wait_for_function(MY_TURN, timeout=30_000)

    def shot(self, name: str) -> None:
        self.page.wait_for_timeout(400)
        path = self.out / f"{self.prefix}-{name}.png"
        self.page.screenshot(path=str(path), scale="css")
        print(path)

    def tap(self, selector: str) -> None:
        tool = self.page.locator(selector).first
        if tool.is_hidden() and self.page.locator("#bar-menu").is_visible():
            self.page.locator("#bar-menu").tap()
        self.page.locator(selector).first.tap()

    def sheet(self, name: str, opener: str) -> None:
        self.tap(opener)
        self.page.wait_for_selector("#sheet")
        self.shot(name)
        self.page.locator("#sheet [data-act='close-sheet']").first.tap()
        self.page.wait_for_selector("#sheet", state="detached")


def tour(t: Tour, only: set[str]) -> None:
    want = (lambda n: not only or n in only)
    page = t.page
    if want("home"):
        t.open("", ".screen.home")
        t.shot("home")
        t.sheet("settings", "#settings-open")
        t.sheet("statistics", "#stats-open")
    if want("setup"):
        t.open("game=durak&setup=1", "#options")
        t.shot("setup")
    for name, query in TABLES.items():
        if not want(name):
            continue
        t.open(query, "#app[data-screen='table']")
        page.wait_for_function(MY_TURN, timeout=30_000)
        t.shot(name)
        if name == "durak":
            first = page.locator("#hand .card.legal").first
            if first.count():
                first.tap()
                page.wait_for_timeout(600)
                t.shot("durak-tapped")
            t.sheet("rules", "#rules")
    if want("durak4-taken"):
        t.saved(seen_cards()[0])
        t.shot("durak4-taken")
    if want("over"):
        t.saved(near_the_end("durak", {"players": 2, "deck": 24}, 5))
        page.locator("#hand .card.legal, #actions button").first.tap()
        page.wait_for_selector("#gameover", timeout=30_000)
        t.shot("over")
        page.evaluate("localStorage.removeItem('kozyr.save')")
    if want("invite"):
        t.open("game=durak&players=3&people=1&guests=1&names=Ann,Boris", "#invite")
        page.wait_for_function("document.getElementById('invite-link')?.value")
        t.shot("invite")
        guest = page.context.new_page()  # the friend opens the invite: their answer
        guest.goto(page.input_value("#invite-link"))
        guest.wait_for_function("document.getElementById('answer-code')?.value",
                                polling=250, timeout=120_000)  # (rAF stalls in a 2nd page)
        Tour(guest, t.url, t.out, t.prefix, t.lang).shot("invite-answer")
        guest.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "screenshots" / "phone")
    ap.add_argument("--lang", default="en,ru")
    ap.add_argument("--only", default="")
    ap.add_argument("--sizes", default="portrait,landscape")
    a = ap.parse_args(argv)
    dist = built()
    if dist is None:
        return 1
    from playwright.sync_api import sync_playwright

    a.out.mkdir(parents=True, exist_ok=True)
    only = {n for n in a.only.split(",") if n}
    server, url = site_server.start(dist)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for size in a.sizes.split(","):
                w, h = SIZES[size]
                for lang in a.lang.split(","):
                    ctx = browser.new_context(viewport={"width": w, "height": h},
                                              device_scale_factor=2, is_mobile=True,
                                              has_touch=True)
                    tour(Tour(ctx.new_page(), url, a.out, f"{lang}-{size}", lang), only)
                    ctx.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
