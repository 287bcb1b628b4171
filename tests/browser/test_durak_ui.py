"""Durak in the browser, played the way a person plays it: by clicking.

The page is started from its address (``?game=durak&...&speed=0`` makes the opponents move
without a pause). The engine is never reached into from the page: what a test knows about
hidden cards it learns by replaying the page's own saved game in CPython.
"""
from __future__ import annotations

import statistics

import pytest

from kozyr.session import Session
from table_helpers import (APP, SAVE_KEY, ai_times, back_at_the_table, click_idle_card, codes,
                           drag_legal_card, longest_frame_gap, play_again, play_until,
                           play_until_over, player, redrawn, saved_session, settle, start,
                           timings, wait_my_turn_or_over, watch_frame_gaps)


# --- helpers ----------------------------------------------------------------------------------

play_one = player("durak")


def play_to_end(page, max_clicks: int = 600, check=None) -> int:
    return play_until_over(page, play_one, max_clicks, check)


def hand_after_one_move(page, site, boot, query: str) -> list[str]:
    start(page, site, boot, query)
    wait_my_turn_or_over(page)
    play_one(page)
    wait_my_turn_or_over(page)
    return codes(page, "#hand .card")


# --- tests ------------------------------------------------------------------------------------

def test_whole_game_played_by_clicking(page, site, boot, watch, screenshot):
    start(page, site, boot, "game=durak&players=2&deck=24&level=easy&speed=0&seed=11")
    clicks = play_to_end(page)
    panel = page.locator("#gameover")
    panel.wait_for()
    title = panel.locator("h2").inner_text()
    assert title in ("You won!", "You are the fool", "A draw")
    assert clicks > 3
    settle(page)
    screenshot(page, "durak-game-over")
    # the saved game is gone once the game is over
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    # Play again deals the next game at the same table
    play_again(page)
    assert page.locator("#gameover").count() == 0
    assert len(codes(page, "#hand .card")) == 6 or page.evaluate(f"{APP}.dataset.turn") == "ai"
    times = ai_times(watch)
    assert times, "no AI move was timed"
    print(timings(times, clicks))


def test_normal_opponents_play_a_whole_game_and_their_cards_never_reach_the_page(page, site,
                                                                               boot, watch):
    """Three seats, normal opponents: after every click, the page holds no face of a card its
    person may not know (by code or by its label in the text). Seed 23: a short game, 16
    clicks and 41 moves."""
    start(page, site, boot, "game=durak&players=3&deck=36&level=normal&speed=0&seed=23")
    checked = []

    def check(pg):
        session = saved_session(pg)
        state, view = session.state, session.view()
        public = set(view["hand"]) | {c for pair in view["table"] for c in pair if c}
        public.add(view["trump"])
        public |= set(view["discarded"])  # seen on the table before
        for known in view["known"]:
            public |= set(known)
        in_dom = set(codes(pg, "[data-card]"))
        assert in_dom <= public, f"face-up cards that are not public: {in_dom - public}"
        html = pg.content()
        text = pg.locator("#app").inner_text()
        for seat, hand in enumerate(state.hands):
            if seat == session.human:
                continue
            for card in hand:
                if card in state.known[seat] or str(card) == view["trump"]:
                    continue
                assert f'data-card="{card}"' not in html
                assert f"{card.rank}{'♣♦♥♠'['CDHS'.index(card.suit)]}" not in text, card
        checked.append(len(in_dom))

    play_to_end(page, check=check)
    assert len(checked) > 3
    page.locator("#gameover").wait_for()
    times = ai_times(watch)
    print(f"normal AI, 3 players, 36 cards: {len(times)} moves, median "
          f"{statistics.median(times):.2f} ms, max {max(times):.2f} ms")


def test_a_card_can_be_dragged_onto_the_table(page, site, boot):
    start(page, site, boot, "game=durak&players=2&deck=36&level=easy&speed=0&seed=6")
    play_until(page, play_one, ".screen.table[data-phase='attack']", 200)
    moves, code, history = drag_legal_card(page)
    assert len(history) > moves and history[moves] == f"attack {code}"


def test_options_take_effect(page, site, boot):
    # 3 players on 24 cards: two opponents, 24 - 3 * 6 = 6 cards in the stock
    start(page, site, boot, "game=durak&players=3&deck=24&speed=10000&seed=3")
    assert page.locator(".opponents .seat").count() == 2
    expected = Session("durak", {"players": 3, "deck": 24}, seed=3).view()["stock"]
    assert expected == 6
    assert page.locator("#stock-count").get_attribute("data-count") == "6"
    assert "3 players · 24 cards" in page.locator(".game-title").inner_text()


def test_options_form_explains_impossible_combinations(page, site, boot):
    boot(page, site + "?game=durak&setup=1&speed=0")
    page.wait_for_selector("#app[data-screen='setup']")
    # generated from the engine's option list
    for key in ("players", "deck", "first_bout_limit", "teams", "transfer", "attack_the_fool"):
        assert page.locator(f".field[data-key='{key}']").count() == 1, key
    # sub-options only when their flag is on
    assert page.locator(".field[data-key='show_trump_transfer']").count() == 0
    page.locator(".field[data-key='transfer'] label.switch").click()
    page.wait_for_selector(".field[data-key='show_trump_transfer']")
    # 5 players cannot be dealt from 24 cards: the engine's message, and no Deal
    page.locator("label[for='opt-deck-24']").click()
    page.locator("label[for='opt-players-5']").click()
    error = page.locator("#form-error")
    error.wait_for(state="visible")
    assert "24-card deck" in error.inner_text()
    assert page.locator("#deal").is_disabled()
    page.locator("label[for='opt-deck-36']").click()
    page.wait_for_function("() => document.getElementById('deal') && !document.getElementById('deal').disabled")
    assert page.locator("#form-error").is_hidden()
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator(".opponents .seat").count() == 4
    assert "transfer" in page.locator(".game-title").inner_text()


def test_an_illegal_click_changes_nothing(page, site, boot):
    start(page, site, boot, "game=durak&players=2&deck=36&level=normal&speed=0&seed=21")
    play_until(page, play_one, "#hand .card.idle", 200,
               "no position with an unplayable card came up")
    hand, table = codes(page, "#hand .card"), codes(page, "#bout .card")
    moves = len(saved_session(page).state.history)
    code = click_idle_card(page)  # the hint line says why
    assert page.locator("#hint").inner_text().strip()
    assert codes(page, "#hand .card") == hand
    assert codes(page, "#bout .card") == table
    assert len(saved_session(page).state.history) == moves
    assert code in codes(page, "#hand .card.idle")


def test_an_opponents_word_shows_by_its_seat_for_a_moment(page, site, boot, screenshot):
    """A speech bubble ("I'll take", "Done", "Beaten!") by the name plate of the opponent who
    said it, hidden from screen readers; a redraw without a move carries it on instead of
    popping it again; with less motion it neither pops nor fades, and that redraw ends it."""
    start(page, site, boot, "game=durak&players=3&deck=36&level=easy&speed=0&seed=5")
    play_until(page, play_one, ".opponents .bubble", 40, "no opponent said a word")
    bubble = page.locator(".opponents .seat .nameplate .bubble").first
    assert bubble.get_attribute("aria-hidden") == "true"
    seat = bubble.evaluate("b => b.closest('.seat').dataset.seat")
    assert bubble.get_attribute("data-said").startswith(f"{seat}:") and seat != "0"
    assert page.locator(".me .bubble").count() == 0
    style = ("b => [getComputedStyle(b).animationName, "
             "parseFloat(getComputedStyle(b).animationDelay)]")
    assert bubble.evaluate(style)[0] == "bubble"
    screenshot(page, "durak-bubble")
    page.wait_for_timeout(300)
    with redrawn(page):  # the keys sheet opens over the table: a picture without a move
        page.keyboard.press("?")
    again = page.locator(".opponents .bubble").first
    assert again.get_attribute("data-said") == bubble.get_attribute("data-said")
    name, delay = again.evaluate(style)
    assert name == "bubble" and delay <= -0.25  # it goes on from where it was
    page.emulate_media(reduced_motion="reduce")
    assert again.evaluate(style)[0] == "none" and not again.is_visible()


def test_saved_game_resumes_after_reload(page, site, boot):
    hand = hand_after_one_move(page, site, boot,
                               "game=durak&players=2&level=easy&speed=0&seed=5")
    boot(page, site)
    back_at_the_table(page)
    assert codes(page, "#hand .card") == hand


@pytest.mark.parametrize("size,name", [((375, 667), "durak-phone"), ((1280, 800), "durak-desktop"),
                                       ((667, 375), "durak-phone-landscape")])
def test_screenshots(page, site, boot, screenshot, size, name):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start(page, site, boot, "game=durak&players=3&deck=36&level=normal&speed=0&seed=2")
    for _ in range(6):  # a few moves in, with cards on the table
        if wait_my_turn_or_over(page) == "over":
            break
        play_one(page)
    wait_my_turn_or_over(page)
    # the whole table fits the screen: no scrolling needed to reach the hand
    box = page.locator("#hand").bounding_box()
    assert box and box["y"] + box["height"] <= size[1] + 1
    settle(page)
    screenshot(page, name)


def test_rules_and_discards_panels(page, site, boot):
    start(page, site, boot, "game=durak&players=2&deck=36&level=easy&speed=0&seed=3")
    page.locator("#rules").click()
    sheet = page.locator("#sheet")
    sheet.wait_for()
    assert "trump" in sheet.inner_text().lower()
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    for _ in range(200):  # play until something has been beaten off
        if page.locator("button.discard").count():
            break
        assert wait_my_turn_or_over(page) == "you"
        play_one(page)
    count = int(page.locator("#discard-count").inner_text())
    page.locator("button.discard").click()
    sheet.wait_for()
    assert sheet.locator(".chip-card").count() == count
    sheet.locator("button[data-act='close-sheet']").click()
    sheet.wait_for(state="detached")


def test_continue_saved_game_from_the_games_screen(page, site, boot):
    hand = hand_after_one_move(page, site, boot,
                               "game=durak&players=3&level=easy&speed=0&seed=12")
    page.locator(".brand").click()
    page.wait_for_selector("#app[data-screen='home']")
    assert "3 players" in page.locator(".continue").inner_text()
    page.locator("#continue").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert codes(page, "#hand .card") == hand


def test_transfer_button(page, site, boot):
    """With the transfer variant, the Transfer button passes the attack on."""
    for seed in range(1, 12):
        start(page, site, boot, f"game=durak&players=3&deck=36&transfer=1&level=easy&speed=0&seed={seed}")
        for _ in range(120):
            if wait_my_turn_or_over(page) == "over" or page.locator("#btn-transfer").count():
                break
            play_one(page)
        if page.locator("#btn-transfer").count():
            break
    else:
        pytest.fail("no transfer came up")
    moves = len(saved_session(page).state.history)
    with redrawn(page):
        page.locator("#btn-transfer").click()
    history = saved_session(page).state.history
    if len(history) == moves:  # several ways: one is preselected, its button plays it
        button = page.locator("#actions button.play", has_text="Transfer").first
        with redrawn(page):
            button.click()
        history = saved_session(page).state.history
    assert history[moves].split()[0] in ("transfer", "show")


def test_a_new_deal_during_an_opponents_pause_still_gets_played(page, site, boot):
    # slow opponents: leave while one is waiting to move, deal again, and the new game runs
    boot(page, site + "?game=durak&players=4&deck=36&level=easy&speed=1500&seed=9")
    page.wait_for_selector("#app[data-screen='table']")
    page.locator(".brand").click()
    page.locator(".tile[data-game='durak']").click()
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    # whoever starts, the game reaches the person's turn without any click
    page.wait_for_function(f"{APP}.dataset.turn === 'you'", timeout=30_000)


def test_hard_opponents_think_without_freezing_the_page(page, site, boot, watch):
    start(page, site, boot, "game=durak&players=2&deck=24&level=hard&speed=0&seed=7")
    # the page keeps painting while an opponent thinks: no long gap between frames
    watch_frame_gaps(page)
    play_to_end(page)
    page.locator("#gameover").wait_for()
    times = ai_times(watch)
    gap = longest_frame_gap(page)
    print(f"hard AI: {len(times)} moves, median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms; longest frame gap {gap:.0f} ms")
    assert gap < 1500, f"the page froze for {gap:.0f} ms"


def test_a_lead_of_several_is_laid_by_a_click_on_the_table(page, site, boot, screenshot):
    """Seed 4: the person leads with QH and QC in hand. A click on QH selects it and lights
    the table; QC joins; a click anywhere on the table (not its empty place: the felt of the
    bout) leads both."""
    start(page, site, boot, "game=durak&players=2&speed=0&seed=4")
    assert wait_my_turn_or_over(page) == "you"
    moves = len(saved_session(page).state.history)
    with redrawn(page):
        page.locator("#hand .card[data-card='QH']").click(position={"x": 6, "y": 24})
    assert page.locator("#bout.place").count() == 1 and page.locator("#table-slot").count() == 1
    assert "click the table to attack with" in page.locator("#hint").inner_text()
    with redrawn(page):
        page.locator("#hand .card[data-card='QC']").click(position={"x": 6, "y": 24})
    settle(page)
    screenshot(page, "durak-table-lit")
    box = page.locator("#bout").bounding_box()  # its left edge, halfway down: no card there
    with redrawn(page):
        page.locator("#bout").click(position={"x": 10, "y": box["height"] / 2})
    assert saved_session(page).state.history[moves] == "attack QH QC"
