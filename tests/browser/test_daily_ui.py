"""The daily deal in Chromium, with Playwright's clock: the day's deal number is the same in
two fresh browser contexts for one date and differs the next day (Garbage's too: its search,
run in slices on Pyodide, chooses the deal CPython chooses), a day still to come is refused in
words, and the home screen's daily block passes axe-core and the contrast check, on a phone and a
desktop."""
from __future__ import annotations

import json
import time
from datetime import date, datetime, timezone

import pytest

from a11y_checks import (axe, contrast_failures, contrast_scrolled, describe_axe,
                         describe_contrast)
from conftest import DESKTOP, fail_on_problems, wait_booted, watched

from kozyr import daily

PHONE = {"width": 390, "height": 844}
DAY1 = datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)
DAY2 = datetime(2026, 12, 2, 0, 5, tzinfo=timezone.utc)


def number(page) -> int:
    """The deal number the table's bar shows."""
    page.wait_for_selector("#deal-number", timeout=60_000)
    return int(page.locator("#deal-number").inner_text().split()[-1])


def visit(page, url: str) -> None:
    page.goto(url)
    wait_booted(page)


@pytest.mark.own_context  # Playwright's clock stays with its page
def test_the_days_deal_is_everyones_and_the_home_block(page, site, browser, watch, screenshot):
    page.clock.set_fixed_time(DAY1)
    visit(page, site + "?game=durak&daily=today&speed=0")
    first = number(page)
    assert first == daily.seed("durak", date(2026, 12, 1))

    # another browser, fresh: the same number that day, another the next
    other = browser.new_context(viewport=DESKTOP["viewport"])
    try:
        tab = other.new_page()
        stop = watched(other, tab, watch)
        tab.clock.set_fixed_time(DAY1)
        visit(tab, site + "?game=durak&daily=today&speed=0")
        assert number(tab) == first
        tab.clock.set_fixed_time(DAY2)
        visit(tab, site + "?game=durak&daily=today&speed=0")
        second = number(tab)
        assert second != first and second == daily.seed("durak", date(2026, 12, 2))
        # Garbage: the search that chooses the day runs in the page, a slice at a time
        start = time.perf_counter()
        visit(tab, site + "?game=garbage&daily=today&speed=0")
        assert number(tab) == daily.seed("garbage", date(2026, 12, 2))
        print(f"\nGarbage's day chosen and dealt in {time.perf_counter() - start:.1f} s "
              f"(the page's boot included)")
        kept = json.loads(tab.evaluate("localStorage.getItem('kozyr.daily-seeds')"))
        assert kept == {"garbage": {"2026-12-02": daily.seed("garbage", date(2026, 12, 2))}}
        stop()
    finally:
        other.close()
    fail_on_problems(watch)

    # a day still to come is refused in words, on the first screen, under which the daily
    # block shows the days played (Durak won, Memory lost) and the others to play
    stats = {"format": "kozyr-stats", "version": 2, "records": {},
             "daily": {"durak": {"2026-11-30": {"outcome": "won", "moves": 61,
                                                "when": 1796029200000},
                                 "2026-12-01": {"outcome": "won", "moves": 57,
                                                "when": 1796117400000}},
                       "memory": {"2026-12-01": {"outcome": "lost", "moves": 31,
                                                 "when": 1796117400000}}}}
    page.evaluate("s => { localStorage.setItem('kozyr.stats', s); "
                  "localStorage.removeItem('kozyr.save'); }", json.dumps(stats))
    visit(page, site + "?game=durak&daily=2026-12-09")
    notice = page.locator(".notice[role=alert]").inner_text()
    assert "2026-12-09 has not come yet (today is 2026-12-01, UTC)" in notice
    assert page.locator(".table").count() == 0
    block = page.locator("section.daily")
    assert "Daily deal — Tue 1 Dec 2026" in block.locator("h2").text_content()
    durak = block.locator('[data-game="durak"]')
    assert "Won in 57 moves" in durak.inner_text() and "2 days in a row" in durak.inner_text()
    assert durak.locator("#daily-share-durak").is_visible()
    violations = axe(page)
    assert not violations, describe_axe(violations)
    low = contrast_failures(contrast_scrolled(page, scroll=True))
    assert not low, describe_contrast(low)
    block.scroll_into_view_if_needed()
    screenshot(page, "daily-home-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "daily-home-phone")
    # Share, from the keyboard: the sheet with the words and the link, then Copy
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=site.rstrip("/"))
    page.locator("#daily-share-durak").focus()
    page.keyboard.press("Enter")
    text = page.locator("#daily-share-text").input_value()
    assert "?game=durak&daily=2026-12-01&result=won-57" in text and str(first) not in text
    page.locator("#daily-copy").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#daily-notice:not([hidden])")
    assert page.evaluate("navigator.clipboard.readText()") == text
    violations = axe(page)
    assert not violations, describe_axe(violations)
    screenshot(page, "daily-share-phone")
