"""The table's sounds in Chromium, counted where they start (each Web Audio source started,
each AudioContext made) and by name (sound.js's window.kozyrSounds): none before the
person's first interaction, sound.js not even fetched until then; the right ones after a
click; a refusal heard; none with the Settings switch off; an embedding frame silent until
its host asks. Which sound each move of each game makes: tests/ui/test_sound.py."""
from __future__ import annotations

import pytest

from a11y_checks import axe, describe_axe
from kozyr.session import Session
from table_helpers import (click_idle_card, player, redrawn, saved_session, settle, start,
                           wait_my_turn_or_over)
from test_embed import host, kozyr_frame  # noqa: F401  (a fixture, and the frame it embeds)
from ui.play.sounds import move_sound
from ui.tables import TABLES

COUNT_JS = """() => {
  window.__sources = 0; window.__contexts = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.__sources++; return start.apply(this, args); };
  const Made = window.AudioContext;
  window.AudioContext = class extends Made {
    constructor(...args) { super(...args); window.__contexts++; } };
}"""
MOVES = {"play", "beat", "take", "sweep"}

play_durak = player("durak")


def counts(page) -> tuple[int, int, list[str]]:
    """Sources started, contexts made, the sounds' names."""
    return tuple(page.evaluate("[window.__sources, window.__contexts, window.kozyrSounds || []]"))


def play_a_move(page) -> None:
    """The person's move, by clicks (a click may only select a card: the next plays it)."""
    made = len(saved_session(page).state.history)
    for _ in range(3):
        assert wait_my_turn_or_over(page) == "you"
        play_durak(page)
        if len(saved_session(page).state.history) > made:
            return
    raise AssertionError("three clicks made no move")


def fetched_sounds(page) -> bool:
    """Whether the page fetched sound.js (the service worker's precache, in the background,
    is not the page's)."""
    return page.evaluate("performance.getEntriesByType('resource')"
                         ".some((e) => e.name.endsWith('/sound.js'))")


def first_move_sound(before: Session, after: Session) -> str | None:
    """The sound of the person's move that took `before` to `after` (their saved games)."""
    session = Session.load(before.dumps())
    seen = session.view(session.human)
    session.play_human(after.state.history[len(before.state.history)])
    return move_sound(TABLES["durak"].sounds, seen, session.view(session.human))


@pytest.mark.own_context  # the counting script runs in every document before the page's own
def test_sounds_start_after_the_first_interaction_and_stop_with_the_switch(
        page, site, boot, screenshot):
    page.add_init_script(f"({COUNT_JS})()")
    start(page, site, boot, "game=durak&deck=24&seed=5&speed=0&lang=en")
    assert wait_my_turn_or_over(page) == "you"
    # a deal was dealt (and the turn came): nothing sounded, nothing was even fetched for it
    assert counts(page) == (0, 0, [])
    assert not fetched_sounds(page)
    before = saved_session(page)
    play_durak(page)  # the first interaction: a click
    page.wait_for_function("(window.kozyrSounds || []).length > 0")
    sources, contexts, names = counts(page)
    assert names[0] == first_move_sound(before, saved_session(page)) and names[0] in MOVES
    assert sources >= 1 and contexts == 1, (sources, contexts)
    assert fetched_sounds(page)
    assert wait_my_turn_or_over(page) == "you"
    heard = len(counts(page)[2])
    click_idle_card(page)  # a card that cannot be played now
    page.wait_for_function(f"window.kozyrSounds.length > {heard}")
    assert counts(page)[2][heard:] == ["refused"]
    # Settings: the switch and the volume, by keyboard; the volume is heard as it changes
    with redrawn(page):
        page.locator("#settings-open").click()
    page.wait_for_selector("#sheet")
    settle(page)
    assert page.locator("#set-sound").is_checked()
    violations = axe(page)
    assert not violations, describe_axe(violations)
    page.locator("#set-volume").scroll_into_view_if_needed()
    screenshot(page, "settings-sound")
    heard = len(counts(page)[2])
    page.locator("#set-volume").focus()
    with redrawn(page):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.id") == "set-volume"
    assert page.locator("#set-volume").input_value() == "65"
    assert page.locator(".volume output").inner_text() == "65"
    page.wait_for_function(f"window.kozyrSounds.length > {heard}")
    assert counts(page)[2][heard:] == ["turn"]
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "set-sound"
    with redrawn(page):
        page.keyboard.press("Space")
    assert not page.locator("#set-sound").is_checked()
    assert page.locator("#set-volume").is_disabled()
    prefs = page.evaluate("JSON.parse(localStorage.getItem('kozyr.prefs'))")
    assert (prefs["sound"], prefs["volume"]) == (False, 65)
    with redrawn(page):
        page.keyboard.press("Escape")
    page.wait_for_selector("#sheet", state="detached")
    # switched off: moves, the opponent's replies and refusals make none
    sources, contexts, names = counts(page)
    play_a_move(page)
    assert wait_my_turn_or_over(page) in ("you", "over")
    if page.locator("#hand .card.idle").count():
        click_idle_card(page)
    assert counts(page) == (sources, contexts, names)


def test_an_embedding_frame_is_silent_until_its_host_asks(page, site, host):  # noqa: F811
    page.goto(host(site, 'game="durak" deck="24" speed="0" seed="5" lang="en"'))
    frame = kozyr_frame(page)
    frame.evaluate(COUNT_JS)  # (nothing can sound before the first click: counted from here)
    assert wait_my_turn_or_over(frame) == "you"
    play_durak(frame)
    assert wait_my_turn_or_over(frame) == "you"
    assert counts(frame) == (0, 0, [])  # no sound, and sound.js never fetched
    with redrawn(frame):
        page.evaluate("document.getElementById('table').newGame({sound: '1', seed: 6})")
    frame.wait_for_function("(window.kozyrSounds || []).includes('deal')")  # clicked before
    play_a_move(frame)
    frame.wait_for_function("(moves) => window.kozyrSounds.some((n) => moves.includes(n))",
                            arg=sorted(MOVES))
    sources, contexts, names = counts(frame)
    assert names[0] == "deal" and set(names[1:]) & MOVES and sources >= 1 and contexts == 1
