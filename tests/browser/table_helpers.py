"""What the browser tests of every game's table share: reading the page, waiting for the
opponents, playing by clicking. The fixtures (`page`, `site`, `boot`, ...) are in conftest.py.

The engine is never reached into from the page: what a test knows about hidden cards it
learns by replaying the page's own saved game in CPython (`saved_session`).
"""
from __future__ import annotations

import re
import statistics
from contextlib import contextmanager

from kozyr.session import Session

APP = "document.getElementById('app')"
SAVE_KEY = "kozyr.save"


# --- reading the page -------------------------------------------------------------------------

def rev(page) -> str:
    return page.evaluate(f"{APP}.dataset.rev")


def phase(page) -> str:
    return page.evaluate("document.querySelector('.screen.table').dataset.phase")


def codes(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)")


def saved_session(page) -> Session:
    text = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert text, "the page keeps no saved game"
    return Session.load(text)


def ai_times(watch) -> list[float]:
    return [float(m.group(1)) for kind, text in watch.console
            if (m := re.match(r"kozyr: ai-move ([\d.]+) ms", text))]


def timings(times: list[float], clicks: int) -> str:
    return (f"AI moves: {len(times)}, median {statistics.median(times):.2f} ms, "
            f"max {max(times):.2f} ms; {clicks} clicks by the person")


# --- waiting ----------------------------------------------------------------------------------

def wait_rev_change(page, before: str, timeout: int = 15_000) -> None:
    page.wait_for_function(f"r => {APP}.dataset.rev !== r", arg=before, timeout=timeout)


@contextmanager
def redrawn(page):
    """Wait, after the block, until the page has drawn a new picture of the table."""
    before = rev(page)
    yield
    wait_rev_change(page, before)


def wait_my_turn_or_over(page, timeout: int = 30_000) -> str:
    page.wait_for_function(f"() => ['you', 'over'].includes({APP}.dataset.turn)",
                           timeout=timeout)
    return page.evaluate(f"{APP}.dataset.turn")


def settle(page) -> None:
    """Wait until the one-off animations (cards arriving, panels opening) have finished."""
    page.wait_for_function(
        "() => document.getAnimations().filter(a => a.effect && "
        "a.effect.getTiming().iterations !== Infinity).every(a => a.playState !== 'running')")


def watch_frame_gaps(page) -> None:
    """From now on, note the longest time between two painted frames (`longest_frame_gap`)."""
    page.evaluate("""() => { window.__gap = 0; let last = performance.now();
        const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t;
                              requestAnimationFrame(tick); };
        requestAnimationFrame(tick); }""")


def longest_frame_gap(page) -> float:
    return page.evaluate("window.__gap")


# --- playing ----------------------------------------------------------------------------------

def start(page, site, boot, query: str) -> None:
    boot(page, site + "?" + query)
    page.wait_for_selector("#app[data-screen='table']")


def back_at_the_table(page) -> None:
    """After a reload or a Continue: the table is shown and it is the person's turn again."""
    page.wait_for_selector("#app[data-screen='table']")
    wait_my_turn_or_over(page)


def click_card(locator) -> None:
    # hand cards overlap to the right: their left edge is always visible
    locator.click(position={"x": 6, "y": 24})


def click_first(page, selector: str) -> bool:
    """Click the first match of `selector` (a card of the hand by its visible edge), if any."""
    found = page.locator(selector)
    if not found.count():
        return False
    if selector.startswith("#hand"):
        click_card(found.first)
    else:
        found.first.click()
    return True


def play_first_choice(page, *choices: str) -> None:
    """Click the first of `choices` (selectors, the most wanted first) that is on the page,
    else the first move button."""
    with redrawn(page):
        if not any(click_first(page, selector) for selector in choices):
            page.locator("#actions button[data-act='move']").first.click()


def click_idle_card(page) -> str:
    """Click the first card of the hand that cannot be played now; its code."""
    idle = page.locator("#hand .card.idle").first
    code = idle.get_attribute("data-card")
    with redrawn(page):
        click_card(idle)
    return code


def drag_legal_card(page) -> tuple[int, str, list[str]]:
    """Drag the first playable card onto the table: the moves before, its code, the moves."""
    moves = len(saved_session(page).state.history)
    card = page.locator("#hand .card.legal").first
    code = card.get_attribute("data-card")
    with redrawn(page):
        card.drag_to(page.locator("#bout"))
    return moves, code, saved_session(page).state.history


def play_again(page) -> None:
    with redrawn(page):
        page.locator("#play-again").click()
    page.wait_for_selector("#app[data-screen='table']")


def play_until(page, play_one, selector: str, tries: int, why: str = "") -> None:
    """Play the person's turns until `selector` is on the page; the game must not end first."""
    for _ in range(tries):
        assert wait_my_turn_or_over(page) == "you", why
        if page.locator(selector).count():
            return
        play_one(page)


def play_until_over(page, play_one, max_clicks: int, check=None) -> int:
    """Play the person's turns to the end of the game, calling `check(page)` before each;
    how many clicks it took."""
    for clicks in range(max_clicks):
        if wait_my_turn_or_over(page) == "over":
            return clicks
        if check is not None:
            check(page)
        play_one(page)
    raise AssertionError(f"the game did not end after {max_clicks} clicks")


def choose_setting(page, field_id: str) -> None:
    """Open the settings sheet, press a setting (its label: the inputs are styled away) and
    close the sheet again."""
    with redrawn(page):
        page.locator("#settings-open").click()
    with redrawn(page):  # a choice's label names it; a switch's label holds it
        page.locator(f"label[for='{field_id}'], label:has(#{field_id})").first.click()
    with redrawn(page):
        page.keyboard.press("Escape")
