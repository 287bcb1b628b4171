"""Garbage in the browser, played the way a person plays it: by clicking.

The page is started from its address (``?game=garbage&...&speed=instant``). What a test knows
about face-down cards it learns by replaying the page's own saved game in CPython; the page
itself is never reached into. The person draws from the stock and puts each wild on the first
face-down position offered; seeds are chosen (by replaying them in CPython) for a wild early on.
"""
from __future__ import annotations

import re
import time

from kozyr.session import Session
from table_helpers import APP, SAVE_KEY, phase, player, rev, wait_my_turn_or_over
from table_helpers import saved_session as saved
CARD_ATTR = re.compile(r'data-card="([0-9JQKA]+[CDHS])"')
SUITS = dict(zip("CDHS", "♣♦♥♠"))


# --- helpers ----------------------------------------------------------------------------------

def start(page, site, boot, query: str) -> None:
    boot(page, f"{site}?game=garbage&level=easy&speed=instant&{query}")
    page.wait_for_selector("#app[data-screen='table']")


def sizes_shown(page) -> dict[int, int]:
    rows = page.eval_on_selector_all(
        ".glayout", "els => els.map(e => [+e.dataset.seat, +e.dataset.size])")
    return dict(rows)


play_one = player("garbage")


def play_hand(page, max_clicks: int = 300, check=None) -> int:
    clicks = 0
    while wait_my_turn_or_over(page) == "you":
        if check:
            check(page)
        play_one(page)
        clicks += 1
        assert clicks < max_clicks, "the hand does not end"
    return clicks


def table_matches_the_view(page) -> None:
    """The DOM shows exactly the person's view: the only faces are the face-up layout cards,
    the discard pile and the card in hand; no face-down card is named anywhere."""
    session = saved(page)
    state, view = session.state, session.view()
    public = {c for row in view["layouts"] for c in row if c} | set(view["discard"])
    if view["holding"]:
        public.add(view["holding"])
    html = page.content()
    in_dom = set(CARD_ATTR.findall(html))
    assert in_dom <= public, f"faces that are not public: {in_dom - public}"
    hidden = {str(c) for s, layout in enumerate(state.layouts)
              for c, up in zip(layout, state.up[s]) if not up}
    hidden |= {str(c) for c in state.stock}
    hidden -= public
    text = page.locator("#app").inner_text()
    for code in hidden:
        assert f'data-card="{code}"' not in html, code
        assert code[:-1] + SUITS[code[-1]] not in text, code
    # the layouts, stock and discard are the view's
    for seat, layout in enumerate(view["layouts"]):
        shown = page.eval_on_selector_all(
            f".glayout[data-seat='{seat}'] .gpos",
            "els => els.map(e => e.classList.contains('gone') ? 'gone' : "
            "e.classList.contains('down') ? null : "
            "e.querySelector('[data-card]:not(.g-old)') && "
            "[...e.querySelectorAll('[data-card]')].pop().dataset.card)")
        want = [layout[p] if p < view["sizes"][seat] else "gone" for p in range(10)]
        assert shown == want, (seat, shown, want)
    assert page.locator("#stock-count").get_attribute("data-count") == str(view["stock"])
    if view["discard"]:
        assert page.locator("#discard .card.top").get_attribute("data-card") == view["discard"][-1]
    if view["holding"]:
        assert page.locator("#holding-card").get_attribute("data-card") == view["holding"]


def find_seed(players: int, wild: str = "jacks") -> int:
    """A seed where the person (drawing every turn) has a wild to place within two turns."""
    for seed in range(1, 200):
        s = Session("garbage", {"players": players, "wild": wild}, seed=seed, human=0,
                    level="easy")
        turns = 0
        while not s.over() and turns < 3:
            if s.to_act == 0:
                v = s.view()
                if v["phase"] == "place":
                    return seed
                s.play_human("draw")
                turns += 1
            else:
                s.step_ai()
    raise AssertionError("no seed with an early wild")


# --- a whole hand, the next hand, the match carried on ---------------------------------------

def test_a_hand_played_by_clicking_then_the_next(page, site, boot):
    t0 = time.perf_counter()
    start(page, site, boot, "players=2&seed=6")
    assert page.locator(".opponents .gseat").count() == 1
    assert page.locator(".glayout[data-seat='0'] .gpos.down").count() == 10
    clicks = play_hand(page, check=table_matches_the_view)
    assert phase(page) == "over"
    panel = page.locator("#gameover")
    panel.wait_for()
    assert page.locator("#next-hand").is_visible()
    # the panel names the winner and the new sizes
    text = panel.inner_text()
    assert "wins the hand" in text or "You won the hand" in text
    winners_sizes = page.eval_on_selector_all(
        "#gameover .standings li", "els => els.map(e => [+e.dataset.seat, "
        "+e.querySelector('[data-size]').dataset.size, e.classList.contains('winner')])")
    assert any(w for _, _, w in winners_sizes)
    for seat, size, won in winners_sizes:
        assert size == (9 if won else 10)
    # a reload on the hand-over panel keeps the match: the panel is back
    boot(page, site)
    page.locator("#next-hand").wait_for()
    page.locator("#next-hand").click()
    page.wait_for_selector(".screen.table[data-hand='2']")
    expected = {seat: size for seat, size, _ in winners_sizes}
    assert sizes_shown(page) == expected
    winner = next(seat for seat, _, won in winners_sizes if won)
    gone = page.locator(f".glayout[data-seat='{winner}'] .gpos.gone")
    assert gone.count() == 1 and gone.get_attribute("data-pos") == "10"
    # the second hand's first turn: the winner started it
    session = saved(page)
    assert session.state.match.get("hand") == 2 and session.state.sizes == [expected[0], expected[1]]
    assert session.state.first == winner
    assert wait_my_turn_or_over(page) == "you"
    play_one(page)
    assert len(saved(page).state.history) >= 1
    # coming back in the middle of the second hand resumes it, sizes and all
    moves = saved(page).state.history
    boot(page, site)
    page.wait_for_selector("#app[data-screen='table']")
    page.wait_for_function(f"() => {APP}.dataset.turn !== undefined")
    assert page.locator(".screen.table").get_attribute("data-hand") == "2"
    assert sizes_shown(page) == expected
    assert saved(page).state.history[:len(moves)] == moves
    print(f"hand 1 in {clicks} clicks; {time.perf_counter() - t0:.1f} s in all")


def last_hand_of_a_match(seed: int) -> Session:
    """The two-player match of `seed` against the easy level, played in CPython (the person
    taking the first move offered) and each next hand dealt as the page deals it
    (Session.next_deal): the session at the start of its last hand."""
    session = Session("garbage", {"players": 2}, seed=seed, human=0, level="easy")
    for hand in range(1, 80):
        trial = session.fork()
        while not trial.over():
            if trial.to_act == 0:
                trial.play_human(trial.view()["legal"][0]["text"])
            else:
                trial.step_ai()
        if trial.result()["match_over"]:
            return session
        session = trial.next_deal(100 + hand)
    raise AssertionError("the match does not end")


def test_the_last_hand_of_a_match_then_a_new_match(page, site, boot):
    """The last hand of a match, resumed from its save and played by clicking, until someone
    fills a one-card layout; the match-over panel offers a new match. (A hand and the next by
    clicking is the test above; a whole match, hand after hand, on the page's own code is
    tests/ui/test_garbage_match.py.)"""
    t0 = time.perf_counter()
    last = last_hand_of_a_match(3)
    hand = last.state.match["hand"]
    assert hand > 1 and min(last.state.sizes) == 1
    boot(page, site)  # the picker: nothing saved yet
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, last.dumps()])
    boot(page, site + "?speed=instant")  # the saved match resumed
    page.wait_for_selector(f".screen.table[data-hand='{hand}']")
    assert sizes_shown(page) == dict(enumerate(last.state.sizes))
    clicks = play_hand(page)
    page.locator("#gameover").wait_for()
    assert page.locator("#new-match").count() and not page.locator("#next-hand").count()
    text = page.locator("#gameover").inner_text()
    assert "the match" in text
    assert page.locator("#change-game").is_visible()
    page.locator("#new-match").click()
    page.wait_for_selector(".screen.table[data-hand='1']")
    assert set(sizes_shown(page).values()) == {10}
    print(f"match: hand {hand} of a match, {clicks} clicks, {time.perf_counter() - t0:.1f} s")


# --- options, the wild's choice, illegal clicks -----------------------------------------------

def test_players_option_shows_every_layout(page, site, boot):
    start(page, site, boot, "players=6")
    assert page.locator(".opponents .gseat").count() == 5
    assert page.locator(".glayout").count() == 6
    assert page.locator(".glayout .gpos").count() == 60
    wait_my_turn_or_over(page)
    view = saved(page).view()  # three packs, ten cards to each of six layouts
    assert view["stock"] + len(view["discard"]) + (view["holding"] is not None) + sum(
        1 for row in view["layouts"] for c in row if c) <= 3 * 52 - 60 + 60
    assert page.locator("#stock-count").get_attribute("data-count") == str(view["stock"])
    assert len(saved(page).options) and saved(page).options["players"] == 6


def test_kings_wild_and_choosing_the_wilds_position(page, site, boot):
    for wild, rank in (("kings", "K"), ("jacks", "J")):
        seed = find_seed(2, wild)
        start(page, site, boot, f"players=2&wild={wild}&seed={seed}")
        if wild == "kings":
            assert "kings wild" in page.locator(".game-title").inner_text()
        while not page.locator(".gpos.target").count():
            assert wait_my_turn_or_over(page) == "you"
            play_one(page)
            wait_my_turn_or_over(page)
        held = page.locator("#holding-card").get_attribute("data-card")
        assert held[:-1] == rank
        assert "Place the wild" in page.locator("#prompt").inner_text()
        targets = page.eval_on_selector_all(".gpos.target", "els => els.map(e => +e.dataset.pos)")
        assert targets and all(
            page.locator(f".glayout[data-seat='0'] .gpos[data-pos='{p}']").get_attribute("class")
            .split().count("down") for p in targets)
        # an illegal click: a face-up card of my layout, the stock, does nothing
        before = saved(page).state.history
        for sel in (".glayout[data-seat='0'] .gpos.up", "#stock", "#discard"):
            if page.locator(sel).count():
                page.locator(sel).first.click()
        assert saved(page).state.history == before
        choice = targets[-1]
        r = rev(page)
        page.locator(f".gpos.target[data-pos='{choice}']").click()
        page.wait_for_function(f"r => {APP}.dataset.rev !== r", arg=r)
        moves = saved(page).state.history if page.evaluate(
            f"localStorage.getItem('{SAVE_KEY}')") else []
        if moves:
            assert str(moves[len(before)]) == f"place {held} on {choice}"
        page.evaluate("localStorage.clear()")


def test_an_illegal_click_changes_nothing(page, site, boot):
    start(page, site, boot, "players=3&discard_only_if_playable=1&starter_discard=1&seed=4")
    assert wait_my_turn_or_over(page) == "you"
    session = saved(page)
    before = session.state.history
    html = page.locator(".glayout[data-seat='0']").inner_html()
    # my face-down positions are not buttons while nothing waits to be placed
    page.locator(".glayout[data-seat='0'] .gpos.down").first.click()
    page.locator(".opponents .gpos").first.click()
    top = session.view()["discard"][-1]
    takeable = any(m["kind"] == "take" for m in session.view()["legal"])
    page.locator("#discard").click()
    if not takeable:
        page.wait_for_function("() => document.getElementById('hint').textContent.length > 0")
        assert saved(page).state.history == before
        assert page.locator(".glayout[data-seat='0']").inner_html() == html
    else:
        assert str(saved(page).state.history[len(before)]) == f"take {top}"


def test_phone_and_desktop_screenshots(page, site, boot, screenshot):
    seed = find_seed(4)
    for name, size in (("phone", (375, 667)), ("desktop", (1280, 800))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        start(page, site, boot, f"players=4&seed={seed}")
        while not page.locator(".gpos.target").count():
            assert wait_my_turn_or_over(page) == "you"
            play_one(page)
            wait_my_turn_or_over(page)
        page.wait_for_timeout(1500)
        table_matches_the_view(page)
        # everything fits: no horizontal scrolling, my layout fully on screen
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        box = page.locator(".glayout[data-seat='0']").bounding_box()
        assert box["y"] + box["height"] <= size[1] and box["x"] >= 0
        assert box["x"] + box["width"] <= size[0]
        screenshot(page, f"garbage-{name}")
        page.evaluate("localStorage.clear()")
    page.set_viewport_size({"width": 375, "height": 667})
    start(page, site, boot, "players=6&seed=11")
    wait_my_turn_or_over(page)
    page.wait_for_timeout(1200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "garbage-phone-6")


def test_options_form(page, site, boot):
    boot(page, site + "?game=garbage&setup=1&speed=instant")
    page.wait_for_selector("#app[data-screen='setup']")
    for key in ("players", "wild", "last_turn", "starter_discard", "discard_only_if_playable",
                "level"):
        assert page.locator(f".field[data-key='{key}']").count() == 1, key
    page.locator("label[for='opt-players-3']").click()
    page.locator("label[for='opt-wild-kings']").click()
    page.locator(".field[data-key='last_turn'] label.switch").click()
    page.locator(".field[data-key='starter_discard'] label.switch").click()
    page.locator("label[for='lvl-easy']").click()
    page.wait_for_function("() => document.getElementById('opt-starter_discard').checked")
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator(".opponents .gseat").count() == 2
    facts = page.locator(".game-title").inner_text()
    assert "3 players" in facts and "kings wild" in facts and "last turn" in facts
    session = saved(page)
    assert session.options == {"players": 3, "wild": "kings", "last_turn": True,
                               "starter_discard": True, "discard_only_if_playable": False}
    assert session.level == "easy"
