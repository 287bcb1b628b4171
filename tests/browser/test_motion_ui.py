"""Cards travel between two pictures of the table (motion.js): dealt card by card, played from
the hand to the table, turned over where they come out of hiding, in every game; never under
the system's reduced motion, the page's Reduced motion or the instant speed; and input is
never held up by a flight.

What a test reads: `kozyrMotion.flights`, the flights the last picture started (the card's
code, its box before and after), and `document.getAnimations()`, the animations running.
"""
from __future__ import annotations

import pytest

from table_helpers import (advantage_choice, choose_setting, click_card, player, redrawn, rev,
                           start, wait_my_turn_or_over)

# the opponents wait 1.2 s: a card's flight lasts 0.55 s, the longest there is (and where a
# test reads a picture at leisure, they wait 10 s: the picture stays)
SLOW, STILL = "speed=1200", "speed=10000"
FLIGHT_MS = 550
FLIGHTS = ("kozyrMotion.flights.map(f => ({card: f.card, from: f.from, to: f.to, "
           "turn: !!f.turn, away: !!f.away}))")
# the one-off animations running (not a glow on a target that pulses for ever), by card
RUNNING = ("document.getAnimations().filter(a => a.playState === 'running' && a.effect && "
           "a.effect.target && a.effect.getTiming().iterations !== Infinity)"
           ".map(a => a.effect.target.dataset.card || "
           "a.effect.target.dataset.flying || '')")
BOXES = ("Object.fromEntries([...document.querySelectorAll('#app .card[data-card]')]"
         ".map(e => { const b = e.getBoundingClientRect(); "
         "return [e.dataset.card, {x: b.left, y: b.top, w: b.width, h: b.height}]; }))")
# each game's deal, one whose first move is the person's
DEALS = {"durak": "seed=5", "stump": "seed=5", "garbage": "seed=5",
         "memory": "seed=4&players=2", "advantage": "seed=1"}


SLOWED: list = []  # the DevTools sessions that slowed a page's animations


def slow_motion(page, rate: float = 0.1) -> None:
    """Every animation of the page at `rate` of its speed (DevTools' animation domain): a flight
    still runs when the test looks, however busy the machine. Until the test ends: the session
    that set the rate applies it to every document the tab opens (a later test's too)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})
    SLOWED.append(cdp)


@pytest.fixture(autouse=True)
def normal_speed_after():
    yield
    while SLOWED:
        cdp = SLOWED.pop()
        try:
            cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
            cdp.detach()
        except Exception:  # the tab is gone (a failed test's): nothing to undo
            pass


def near(a: dict, b: dict, slack: float = 2.5) -> bool:
    return all(abs(a[k] - b[k]) <= slack for k in ("x", "y", "w", "h"))


def after_boxes(page) -> dict:
    """The cards' boxes once every flight has landed (brought to its end at once: the
    opponents may move on soon after)."""
    page.evaluate("document.getAnimations().filter(a => a.effect && "
                  "a.effect.getTiming().iterations !== Infinity).forEach(a => a.finish())")
    return page.evaluate(BOXES)


@pytest.mark.parametrize("game", sorted(DEALS))
def test_cards_travel_in_every_game(page, site, boot, screenshot, game):
    start(page, site, boot, f"game={game}&{DEALS[game]}&{STILL}")
    dealt = page.evaluate(FLIGHTS)
    assert len(dealt) >= 4, f"{game}: the deal goes out card by card ({len(dealt)} flights)"
    origin = dealt[0]["from"]
    assert all(near(f["from"], origin) for f in dealt), "every dealt card leaves one place"
    if game != "garbage":  # face down for everyone: Garbage's layouts show no face
        assert any(f["turn"] for f in dealt), "the person's cards turn over as they land"
    wait_my_turn_or_over(page)
    after_boxes(page)  # the deal landed
    slow_motion(page)
    before = page.evaluate(BOXES)
    move = player(game)
    if game == "memory":
        move(page)  # the look at the pile first: Ready
        wait_my_turn_or_over(page)
        before = after_boxes(page)
    move(page)
    flights = page.evaluate(FLIGHTS)
    running = set(page.evaluate(RUNNING))
    screenshot(page, f"motion-{game}")
    assert flights, f"{game}: the move sent no card travelling"
    landed = after_boxes(page)
    travelled = [f for f in flights if f["card"] and not f["away"] and f["card"] in landed]
    assert travelled, f"{game}: no face-up card travelled: {flights}"
    for f in travelled:
        assert f["card"] in running, f"{f['card']} travels: its animation was running"
        # (Garbage's chain sends a card through the hand to its place: one of its flights;
        # it lands on its place's box, a few pixels larger than the card)
        assert any(near(g["to"], landed[f["card"]], 8) for g in travelled
                   if g["card"] == f["card"]), f"{f['card']} lands in its new box"
        assert not near(f["from"], f["to"], 2) or f["turn"], f"{f['card']} moves or turns"
        was = before.get(f["card"])
        if was is not None and not f["turn"]:
            # (a card under the pointer stands a little higher: it leaves from there)
            assert near(f["from"], was, 16), f"{f['card']} leaves from its old box"


def test_still_reduced_motion_and_instant_send_nothing_travelling(page, site, boot):
    page.emulate_media(reduced_motion="reduce")
    start(page, site, boot, f"game=durak&seed=5&{SLOW}")
    assert page.evaluate(FLIGHTS) == [], "the system's reduced motion: no deal in flight"
    player("durak")(page)
    assert page.evaluate(FLIGHTS) == [] and not any(page.evaluate(RUNNING))
    page.emulate_media(reduced_motion="no-preference")
    wait_my_turn_or_over(page)
    choose_setting(page, "set-reduce-motion")  # Reduced motion, the page's own setting
    wait_my_turn_or_over(page)
    player("durak")(page)
    assert page.evaluate(FLIGHTS) == [], "Reduced motion: cards appear at once"
    choose_setting(page, "set-reduce-motion")  # off again, and the instant speed instead
    choose_setting(page, "set-speed-instant")
    wait_my_turn_or_over(page)
    player("durak")(page)
    assert page.evaluate(FLIGHTS) == [], "the instant speed: cards appear at once"
    assert page.locator("#kz-flights > *").count() == 0, "no copy of a card left in flight"


def test_a_click_during_a_flight_lands_and_the_focus_stays(page, site, boot):
    """Advantage: the card picked rises (a flight), and the pile clicked at once takes it;
    then a card played by keyboard flies while the focus stays where the page put it."""
    start(page, site, boot, f"game=advantage&seed=4&{SLOW}")  # a card that fits two piles
    wait_my_turn_or_over(page)
    after_boxes(page)
    slow_motion(page)  # a flight of 5.5 s: the click lands in it, however busy the machine
    page.evaluate("""() => { window.__drawn = [];
        new MutationObserver(() => __drawn.push(performance.now())).observe(
            document.getElementById('app'), {attributes: true, attributeFilter: ['data-rev']}); }""")
    code = advantage_choice(page)
    card = page.locator(f"#hand .card[data-card='{code}']")
    with redrawn(page):
        click_card(card)
    assert code in page.evaluate(RUNNING), "the picked card rises: a flight"
    with redrawn(page):
        page.locator(".apile.target").first.click()
    drawn = page.evaluate("__drawn")
    assert drawn[-1] - drawn[-2] < FLIGHT_MS * 10, "the pile's click landed while the card flew"
    assert code not in page.evaluate("[...document.querySelectorAll('#hand .card')]"
                                     ".map(e => e.dataset.card)"), "the card was played"
    wait_my_turn_or_over(page)
    after_boxes(page)
    page.locator("#hand .card.legal").first.focus()
    before = rev(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"r => document.getElementById('app').dataset.rev !== r", arg=before)
    focused = page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 80)")
    assert any(page.evaluate(RUNNING)), "cards fly after the key"
    after_boxes(page)
    assert page.evaluate("document.activeElement && "
                         "document.activeElement.outerHTML.slice(0, 80)") == focused, \
        "the focus does not move when the flights end"
