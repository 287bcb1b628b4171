"""Memory in the browser, played the way a person plays it: Ready, then a call button.

The page is started from its address (``?game=memory&...&speed=instant``). What a test knows
about the face-down piles it learns by replaying the page's own saved game in CPython; the
page itself is never reached into. The person here remembers their pile perfectly: each call
is the right one for the top card of their pile (read from the replayed game). Seeds with an
early black ace are found the same way, by playing the game in CPython first.
"""
from __future__ import annotations

import re
import time

import pytest

from kozyr.memory import Memory
from kozyr.session import Session
from table_helpers import (choose_setting, phase, player, rev, right_call, wait_my_turn_or_over,
                           wait_rev_change)
from table_helpers import saved_session as saved
from ui.parts.cards import label, name

CARD_ATTR = re.compile(r'data-card="([0-9JQKA]+[CDHS])"')


# --- helpers ----------------------------------------------------------------------------------

def start(page, site, boot, query: str) -> None:
    boot(page, f"{site}?game=memory&level=easy&speed=instant&{query}")
    page.wait_for_selector("#app[data-screen='table']")


play_one = player("memory")


def play_game(page, check=None, max_clicks: int = 200) -> int:
    clicks = 0
    while wait_my_turn_or_over(page) == "you":
        if check:
            check(page)
        play_one(page)
        clicks += 1
        assert clicks < max_clicks, "the game does not end"
    return clicks


def public_cards(view: dict) -> set[str]:
    """Every card anyone has seen face up: the centre and the cards the log names."""
    seen = set(view["centre"])
    for ev in view["log"]:
        seen |= set(ev.get("cards") or [])
        if ev.get("over"):
            seen.add(ev["over"])
    return seen


def only_public_cards(page) -> None:
    """No card of any pile is in the page unless everyone has seen it, or it is the person's
    own pile laid out for them to memorise. The page is read before the save: opponents may
    move in between, and what was public then is still public after."""
    html, text = page.content(), page.locator("#app").inner_text()
    looking = 'id="look"' in html
    session = saved(page)
    view = session.view()
    public = public_cards(view)
    allowed = public | (set(view["shown"][-1]["cards"]) if looking else set())
    assert set(CARD_ATTR.findall(html)) <= allowed
    for pile in session.state.piles:
        for c in map(str, pile):
            if c in allowed:
                continue
            assert f'data-card="{c}"' not in html, c
            assert name(c) not in html and label(c) not in text, c


def shown_codes(page) -> list[str]:
    return page.eval_on_selector_all("#look .mlook-card .card", "els => els.map(e => e.dataset.card)")


def find_seed(players: int, looker: str = "anyone", within: int = 3, **options) -> int:
    """A seed where a black ace gives a look within `within` of the person's calls: turned
    by anyone, or by the person themself (`looker="me"`)."""
    for seed in range(1, 300):
        s = Session("memory", {"players": players, **options}, seed=seed, human=0, level="easy")
        calls = 0
        while not s.over() and calls <= within:
            if s.to_act == 0:
                s.play_human(right_call(s))
                calls += 1
            else:
                s.step_ai()
            looks = [e for e in s.state.log if e["event"] == "look"]
            if looks and (looker == "anyone" or looks[0]["seats"] == [0]):
                return seed
    raise AssertionError("no seed with an early black ace")


# --- whole games ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(2, 4), (4, 1)])
def test_a_whole_game_by_clicking(page, site, boot, players, seed):
    t0 = time.perf_counter()
    start(page, site, boot, f"players={players}&seed={seed}")
    assert page.locator(".opponents .mseat").count() == players - 1
    # the deal: the person's pile face up, top first, while the others wait
    assert wait_my_turn_or_over(page) == "you"
    session = saved(page)
    shown = session.view()["shown"][-1]["cards"]
    assert shown_codes(page) == shown
    assert shown[-len(session.state.piles[0]):] == [str(c) for c in session.state.piles[0]]
    assert page.locator("#look .mlook-card:not(.turned) .mlook-pos").first.inner_text().lower() == "top"
    assert page.locator("#look .mlook-pos").last.inner_text().lower() == "bottom"
    assert not page.locator("#actions .mcall").count()
    clicks = play_game(page, check=only_public_cards)
    assert phase(page) == "over"
    panel = page.locator("#gameover")
    panel.wait_for()
    result = saved_result(page, session)
    who = "You won" if result["winners"] == [0] else "wins"
    assert who in panel.inner_text()
    assert page.locator("#gameover .standings li").count() == players
    # the next deal passes clockwise, and it starts with a fresh look at the new pile
    page.locator("#play-again").click()
    page.wait_for_selector(".screen.table[data-deal='2']")
    nxt = saved(page)
    assert nxt.state.dealer == result["next"]["dealer"]
    page.locator("#look").wait_for()
    assert shown_codes(page) == nxt.view()["shown"][-1]["cards"]
    print(f"{players} players: {clicks} clicks, {time.perf_counter() - t0:.1f} s")


def saved_result(page, session: Session) -> dict:
    """The finished game's result: the page drops its save at the end, so replay the clicks."""
    text = page.evaluate("localStorage.getItem('kozyr.save')")
    if text:
        return Session.load(text).result()
    replay = Session(session.game.name, session.options, session.seed, 0, session.level)
    while not replay.over():
        if replay.to_act == 0:
            replay.play_human(right_call(replay))
        else:
            replay.step_ai()
    return replay.result()


# --- the memorise step ----------------------------------------------------------------------------

def test_after_ready_the_pile_is_gone_even_after_a_reload(page, site, boot):
    start(page, site, boot, "players=3&seed=7")
    wait_my_turn_or_over(page)
    pile = shown_codes(page)
    assert len(pile) == 12 and all(f'data-card="{c}"' in page.content() for c in pile)
    only_public_cards(page)
    play_one(page)  # Ready
    assert not page.locator("#look").count()
    assert not page.locator("#look, .mlook-card").count()
    only_public_cards(page)
    html = page.content()
    hidden = [c for c in pile if c not in public_cards(saved(page).view())]
    assert hidden and not any(f'data-card="{c}"' in html for c in hidden)
    # my pile is a stack of backs with its size
    mine = page.locator(".mme .mpile")
    assert mine.get_attribute("data-count") == str(len(saved(page).state.piles[0]))
    assert not mine.locator(".face").count()
    # the keyboard calls too
    wait_my_turn_or_over(page)
    before = rev(page)
    page.keyboard.press("h")
    wait_rev_change(page, before)
    assert saved(page).state.history[0:1] or saved(page).state.log
    assert any(ev["event"] == "call" and ev["seat"] == 0 for ev in saved(page).state.log)
    # a reload during the game does not show the pile again
    boot(page, site)
    page.wait_for_selector("#app[data-screen='table']")
    wait_my_turn_or_over(page)
    assert not page.locator("#look").count()
    only_public_cards(page)


@pytest.mark.own_context  # the installed clock stays with its page
def test_a_countdown_hides_the_pile_by_itself(page, site, boot):
    page.clock.install()
    start(page, site, boot, "players=2&seed=5&look=10")
    page.locator("#look").wait_for()
    clock = page.locator("#ready [data-countdown]")
    # it counts down from 10 (the clock runs while the page boots: a busy machine reads a
    # second or two less)
    assert 7 <= int(clock.inner_text()) <= 10
    assert "10 s to memorise" in page.locator(".game-title").inner_text()
    page.clock.run_for(4000)
    page.wait_for_function("() => +document.querySelector('[data-countdown]').textContent <= 6")
    assert page.locator("#look").count()  # still memorising: the others wait
    assert not saved(page).state.history
    page.clock.run_for(7000)
    page.locator("#look").wait_for(state="detached")
    wait_my_turn_or_over(page)
    only_public_cards(page)


def test_a_black_ace_shows_the_pile_again(page, site, boot):
    seed = find_seed(4)
    start(page, site, boot, f"players=4&seed={seed}")
    assert wait_my_turn_or_over(page) == "you"
    play_one(page)  # Ready after the deal
    while not page.locator("#look").count():
        assert wait_my_turn_or_over(page) == "you", "the game ended before a black ace"
        play_one(page)
        wait_my_turn_or_over(page)
    session = saved(page)
    assert session.view()["shown"][-1]["why"] == "black ace"
    assert shown_codes(page) == [str(c) for c in session.state.piles[0]]
    assert "black ace" in page.locator("#look").inner_text().lower()
    assert "Black ace" in page.locator("#log").inner_text()
    # everyone looks: the others wait for the person's Ready
    moves = len(session.state.history)
    page.wait_for_timeout(300)
    assert len(saved(page).state.history) == moves
    play_one(page)
    assert not page.locator("#look").count()
    only_public_cards(page)


def test_black_ace_self_only_the_look_ends_as_my_turn_begins(page, site, boot):
    seed = find_seed(3, looker="me", black_ace_self_only=True)
    start(page, site, boot, f"players=3&seed={seed}&black_ace_self_only=1")
    play_one(page)  # Ready after the deal
    mine = []
    while not mine:
        assert wait_my_turn_or_over(page) == "you", "the game ended before a black ace"
        play_one(page)
        wait_my_turn_or_over(page)
        mine = [e for e in saved(page).state.log if e["event"] == "look" and e["seats"] == [0]]
    # the others played on at once (speed instant): my turn has begun, the look is over
    assert saved(page).view()["shown"][-1]["until"] == "next_turn"
    assert not saved(page).view()["looking"]
    assert not page.locator("#look").count()
    only_public_cards(page)


def test_black_ace_self_only_the_others_play_on_while_i_look(page, site, boot):
    seed = find_seed(3, looker="me", black_ace_self_only=True)
    start(page, site, boot, f"players=3&seed={seed}&black_ace_self_only=1&speed=900")
    page.locator("#ready").click()
    while not saved(page).view()["looking"]:
        assert wait_my_turn_or_over(page) == "you", "the game ended before a black ace"
        play_one(page)
    look = page.locator("#look")
    assert look.count()
    moves = len(saved(page).state.history)
    page.wait_for_function("n => JSON.parse(localStorage.getItem('kozyr.save')).moves.length > n",
                           arg=moves)
    assert look.count(), "the look lasts while the others call"
    # done early; the others' calls redraw the page (their cards flying) every 0.9 s: a busy
    # machine may never see the button still for Playwright's two frames, so no waiting for it
    page.locator("#ready").click(force=True)
    look.wait_for(state="detached")
    only_public_cards(page)


# --- settings and the address ---------------------------------------------------------------------

def test_the_options_form_sets_the_time_to_memorise(page, site, boot):
    boot(page, f"{site}?game=memory&setup=1&speed=instant")
    page.wait_for_selector("#app[data-screen='setup']")
    for key in ("players", "deck", "no_same_call", "pagat_start", "black_ace_self_only",
                "look", "level"):
        assert page.locator(f".field[data-key='{key}']").count() == 1, key
    page.locator("label[for='opt-players-2']").click()
    page.locator(".field[data-key='no_same_call'] label.switch").click()
    page.locator("label[for='set-look-30']").click()
    page.wait_for_function("() => document.getElementById('set-look-30').checked")
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator("#ready [data-countdown]").count()
    assert 25 <= int(page.locator("#ready [data-countdown]").inner_text()) <= 30
    assert saved(page).options["no_same_call"] is True
    # the setting is the player's: it stays for the next game, and it is not a rule
    assert "look" not in saved(page).options
    play_one(page)  # Ready
    while page.locator("#look").count():  # an opponent's early black ace: everyone looks
        assert "black ace" in page.locator("#look").inner_text().lower()
        play_one(page)
    wait_my_turn_or_over(page)
    assert page.locator(".mcall").count() == 2 and not page.locator("#call-same").count()


# --- screenshots ----------------------------------------------------------------------------------

@pytest.mark.parametrize("device,size", [("phone", (390, 844)), ("desktop", (1280, 800))])
def test_screenshots(page, site, boot, screenshot, device, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start(page, site, boot, "players=4&seed=5&look=20")
    page.locator("#look").wait_for()
    page.wait_for_timeout(600)
    fits(page, size)
    screenshot(page, f"memory-{device}-look")
    play_one(page)
    while True:
        assert wait_my_turn_or_over(page) == "you"
        session = saved(page)
        calls = session.game.calls_allowed(session.state)
        wrong = [c for c in calls if not Memory.right(c, session.state.centre[-1],
                                                      session.state.piles[0][0])]
        if wrong:
            break
        play_one(page)
    choose_setting(page, "set-speed-slow")  # the wrong call stays in view a moment
    play_one(page, wrong[0])
    page.wait_for_timeout(450)
    assert page.locator(".mlast.wrong[data-seat='0']").count()
    assert "take" in page.locator("#last-call").inner_text()
    fits(page, size)
    screenshot(page, f"memory-{device}-wrong")
    # back to instant at the person's turn: at the slow speed an opponent's move, drawn while
    # the settings sheet is open, could end the round and close the sheet under the click
    if wait_my_turn_or_over(page) == "you":
        choose_setting(page, "set-speed-instant")
    play_game(page)
    page.locator("#gameover").wait_for()
    page.wait_for_timeout(600)
    screenshot(page, f"memory-{device}-over")


def fits(page, size) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    for sel in ("#look #ready", ".mme .mpile", "#actions .mcall"):
        if page.locator(sel).count():
            box = page.locator(sel).first.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], sel
            assert box["y"] + box["height"] <= size[1], sel
