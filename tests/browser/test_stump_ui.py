"""Stump in the browser, played the way a person plays it: by clicking.

The page is started from its address (``?game=stump&...&speed=instant`` makes the opponents
move without a pause). The engine is never reached into from the page: what a test knows
about hidden cards (stumps, stock, opponents' hands) it learns by replaying the page's own
saved game in CPython. Seeds are chosen for short games (the person plays the first card
it may, as `play_one` does; CPython replays of these seeds end in under 80 moves).
"""
from __future__ import annotations

import re
import statistics

import pytest

from table_helpers import (SAVE_KEY, ai_times, back_at_the_table, click_idle_card, codes,
                           drag_legal_card, longest_frame_gap, phase, play_again, play_until,
                           play_until_over, player, redrawn, saved_session, settle, start,
                           timings, wait_my_turn_or_over, watch_frame_gaps)

SUITS = dict(zip("CDHS", "♣♦♥♠"))


# --- helpers ----------------------------------------------------------------------------------

play_one = player("stump")


def play_to_end(page, max_clicks: int = 400, check=None) -> int:
    return play_until_over(page, play_one, max_clicks, check)


def table_matches_the_view(page) -> int:
    """The DOM shows exactly the person's view: no hidden card has a face, the pile's top, the
    take count, the stumps and the counts are the view's. Returns the face-up cards seen."""
    session = saved_session(page)
    state, view = session.state, session.view()
    public = set(view["hand"]) | set(view["pile"]) | {view["trump"]}
    for known in view["known"]:
        public |= set(known)
    in_dom = set(codes(page, "[data-card]"))
    assert in_dom <= public, f"face-up cards that are not public: {in_dom - public}"
    # no hidden card, by code or by its label in the text
    hidden = {str(c) for s in state.stumps for c in s}
    hidden |= {str(c) for c in state.stock if str(c) != view["trump"]}
    for seat, hand in enumerate(state.hands):
        if seat != session.human:
            hidden |= {str(c) for c in hand if c not in state.known[seat]}
    hidden -= public
    html = page.content()
    text = page.locator("#app .felt").inner_text()
    for code in hidden:
        assert f'data-card="{code}"' not in html, code
        assert code[:-1] + SUITS[code[-1]] not in text, code
    # what the table shows is the view
    assert codes(page, "#hand .card") == view["hand"]
    shown = codes(page, "#bout .pile-card")
    assert shown == view["pile"][-len(shown):] if view["pile"] else shown == []
    if view["pile"]:
        assert codes(page, "#bout .pile-card.top") == [view["pile"][-1]]
    if view["phase"] == "beat":
        assert page.locator("#takes").get_attribute("data-takes") == str(view["takes"])
    stumps = page.eval_on_selector_all(
        ".opponents .seat", "els => els.map(e => [+e.dataset.seat, "
        "+e.querySelector('.stump').dataset.stump])")
    for seat, n in stumps:
        assert n == view["stumps"][seat]
        assert page.locator(f".seat[data-seat='{seat}'] .stump .card.back").count() == n
    assert page.locator(".me .stump").get_attribute("data-stump") == str(view["stumps"][0])
    if view["stock"]:
        assert page.locator("#stock-count").get_attribute("data-count") == str(view["stock"])
    if page.locator("#btn-take").count():
        assert str(view["takes"]) in page.locator("#btn-take").inner_text() or \
            "pile" in page.locator("#btn-take").inner_text()
    return len(in_dom)


# --- tests ------------------------------------------------------------------------------------

def test_whole_game_played_by_clicking_shows_only_my_view(page, site, boot, watch, screenshot):
    """A whole four-seat game by clicking; after every click the table is the person's view
    and no hidden card (a stump, the stock, an opponent's hand) reaches the page (seed 58: 13
    clicks, in which the person takes and picks up their stump)."""
    start(page, site, boot, "game=stump&players=4&level=easy&speed=instant&seed=58")
    assert page.locator(".game-title h1").inner_text() == "Stump"
    seen = []
    clicks = play_to_end(page, check=lambda pg: seen.append(table_matches_the_view(pg)))
    assert len(seen) > 5
    panel = page.locator("#gameover")
    panel.wait_for()
    title = panel.locator("h2").inner_text()
    assert title in ("You won!", "You finished 2nd", "You finished 3rd", "You are the stump"), \
        title
    # finishing places: 1st, 2nd, 3rd, and the stump last
    rows = panel.locator(".standings li")
    assert rows.count() == 4
    for place in range(3):
        assert rows.nth(place).locator(".place").inner_text() == str(place + 1)
    assert "(stump)" in rows.nth(3).inner_text()
    assert panel.locator("#change-game").count() == 1
    assert clicks > 3
    settle(page)
    screenshot(page, "stump-game-over")
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    # Play again deals the next game at the same table (the stump deals)
    play_again(page)
    assert page.locator("#gameover").count() == 0
    times = ai_times(watch)
    assert times, "no AI move was timed"
    print(timings(times, clicks))
    # Change game goes back to the picker, where Stump has its tile
    page.locator(".brand").click()
    page.wait_for_selector("#app[data-screen='home']")
    assert page.locator(".tile[data-game='stump']").is_enabled()


def test_options_form(page, site, boot):
    boot(page, site + "?game=stump&setup=1&speed=instant")
    page.wait_for_selector("#app[data-screen='setup']")
    for key in ("players", "voluntary_take", "take_table", "level"):
        assert page.locator(f".field[data-key='{key}']").count() == 1, key
    page.locator("label[for='opt-players-5']").click()
    page.locator("label[for='opt-take_table-ace-eleven']").click()
    page.locator(".field[data-key='voluntary_take'] label.switch").click()
    page.locator("label[for='lvl-easy']").click()
    page.wait_for_function("() => document.getElementById('opt-voluntary_take').checked")
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator(".opponents .seat").count() == 4
    facts = page.locator(".game-title").inner_text()
    assert "5 players" in facts and "ace eleven" in facts and "take at will" in facts
    legend = page.locator(".take-legend").inner_text()
    assert re.search(r"A\s+11", legend)
    session = saved_session(page)
    assert session.options == {"players": 5, "voluntary_take": True, "take_table": "ace eleven"}
    assert session.level == "easy"


def test_an_illegal_click_changes_nothing(page, site, boot):
    start(page, site, boot, "game=stump&players=3&level=easy&speed=instant&seed=5")
    play_until(page, play_one, "#hand .card.idle", 100,
               "no position with an unplayable card came up")
    assert phase(page) == "beat"
    hand, pile = codes(page, "#hand .card"), codes(page, "#bout .card")
    moves = len(saved_session(page).state.history)
    code = click_idle_card(page)  # the hint line says why, in the engine's words
    assert "does not beat" in page.locator("#hint").inner_text()
    assert codes(page, "#hand .card") == hand
    assert codes(page, "#bout .card") == pile
    assert len(saved_session(page).state.history) == moves
    assert code in codes(page, "#hand .card.idle")


def test_take_button_takes_what_it_says(page, site, boot):
    start(page, site, boot, "game=stump&players=3&level=easy&speed=instant&seed=13")
    play_until(page, play_one, "#btn-take", 100, "no take came up")
    pile = codes(page, "#bout .pile-card")
    takes = int(page.locator("#takes").get_attribute("data-takes"))
    hand = codes(page, "#hand .card")
    moves = len(saved_session(page).state.history)
    with redrawn(page):
        page.locator("#btn-take").click()
    history = saved_session(page).state.history
    assert history[moves] == "take"
    taken = pile[len(pile) - takes:]
    assert len(taken) == takes
    assert set(taken) <= set(codes(page, "#hand .card"))  # face up in my hand now
    assert not set(taken) & set(hand)


def test_the_pile_sheet_lists_every_card(page, site, boot):
    start(page, site, boot, "game=stump&players=3&level=easy&speed=instant&seed=13")
    page.locator("#rules").click()
    sheet = page.locator("#sheet")
    sheet.wait_for()
    assert "stump" in sheet.inner_text().lower()
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    for _ in range(100):
        if int(page.locator("#bout").get_attribute("data-count")) >= 3:
            break
        assert wait_my_turn_or_over(page) == "you"
        play_one(page)
    wait_my_turn_or_over(page)
    count = int(page.locator("#bout").get_attribute("data-count"))
    page.locator("#bout .pile-fan").click()
    sheet.wait_for()
    assert sheet.locator("#sheet-title").inner_text() == "The pile"
    assert sheet.locator(".chip-card").count() == count
    sheet.locator("button[data-act='close-sheet']").click()
    sheet.wait_for(state="detached")


def test_saved_game_resumes_after_reload(page, site, boot):
    start(page, site, boot, "game=stump&players=4&level=easy&speed=instant&seed=3")
    wait_my_turn_or_over(page)
    play_one(page)
    wait_my_turn_or_over(page)
    hand, pile = codes(page, "#hand .card"), codes(page, "#bout .pile-card")
    boot(page, site)  # no address: the saved game continues
    back_at_the_table(page)
    assert codes(page, "#hand .card") == hand
    assert codes(page, "#bout .pile-card") == pile
    assert page.locator(".game-title h1").inner_text() == "Stump"
    # the same link again continues it too
    boot(page, site + "?game=stump&players=4&level=easy&speed=instant")
    back_at_the_table(page)
    assert codes(page, "#hand .card") == hand


@pytest.mark.parametrize("size,name", [((375, 667), "stump-phone"), ((1280, 800), "stump-desktop"),
                                       ((667, 375), "stump-phone-landscape")])
def test_screenshots(page, site, boot, screenshot, size, name):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start(page, site, boot, "game=stump&players=4&level=normal&speed=instant&seed=8")
    for _ in range(30):  # a few moves in, with a pile to beat
        if wait_my_turn_or_over(page) == "over":
            break
        if phase(page) == "beat" and page.locator("#bout .pile-card").count() >= 4:
            break
        play_one(page)
    wait_my_turn_or_over(page)
    # the whole table fits the screen: no scrolling needed to reach the hand
    box = page.locator("#hand").bounding_box()
    assert box and box["y"] + box["height"] <= size[1] + 1
    page.mouse.move(0, 0)
    settle(page)
    screenshot(page, name)


def test_a_card_can_be_dragged_onto_the_pile(page, site, boot):
    start(page, site, boot, "game=stump&players=3&level=easy&speed=instant&seed=13")
    play_until(page, play_one, "#hand .card.legal", 100)
    kind = "lead" if phase(page) == "lead" else "beat"
    moves, code, history = drag_legal_card(page)
    assert len(history) > moves and history[moves] == f"{kind} {code}"


def test_hard_opponents_think_without_freezing_the_page(page, site, boot, watch):
    start(page, site, boot, "game=stump&players=2&level=hard&speed=instant&seed=13")
    watch_frame_gaps(page)
    for _ in range(3):
        if wait_my_turn_or_over(page) == "over":
            break
        play_one(page)
    wait_my_turn_or_over(page, timeout=60_000)
    times = ai_times(watch)
    gap = longest_frame_gap(page)
    assert times, "no AI move was timed"
    print(f"hard AI (Stump): {len(times)} moves, median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms; longest frame gap {gap:.0f} ms")
    assert gap < 1500, f"the page froze for {gap:.0f} ms"
