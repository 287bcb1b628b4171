"""What the browser tests of every game's table share: reading the page, waiting for the
opponents, playing by clicking. The fixtures (`page`, `site`, `boot`, ...) are in conftest.py.

The engine is never reached into from the page: what a test knows about hidden cards it
learns by replaying the page's own saved game in CPython (`saved_session`).
"""
from __future__ import annotations

import json
import re
import statistics
from contextlib import contextmanager

from kozyr.memory import Memory
from kozyr.session import Session
from ui.parts.cards import label

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


def wait_my_turn_or_over(page, timeout: int = 30_000, turns=("you", "over")) -> str:
    """Until the page's turn is one of `turns` (with several people, "pass" too: the device
    is to be handed over); which it is."""
    page.wait_for_function(f"t => t.includes({APP}.dataset.turn)", arg=list(turns),
                           timeout=timeout)
    return page.evaluate(f"{APP}.dataset.turn")


def settle(page) -> None:
    """Wait until the one-off animations (cards arriving, panels opening) have finished; not a
    speech bubble's, which only fades out beside a name for 2.8 s and moves nothing."""
    page.wait_for_function(
        "() => document.getAnimations().filter(a => a.effect && "
        "a.effect.getTiming().iterations !== Infinity && "
        "!(a.effect.target && a.effect.target.closest && a.effect.target.closest('.bubble')))"
        ".every(a => a.playState !== 'running')")


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


# --- the person's move, each game's way (`player`) --------------------------------------------

def _play_durak(page) -> None:
    """The first choice a person would see: a lit table card, the lit table itself (its empty
    place), the first lit card of the hand, else the first move button."""
    play_first_choice(page, "#bout .card.target", "#table-slot", "#actions button.play",
                      "#hand .card.legal")


def _play_stump(page) -> None:
    """The first lit card of the hand, else the first move button (Take)."""
    play_first_choice(page, "#hand .card.legal")


def _play_garbage(page) -> str:
    """Put a waiting wild on the first lit position, else draw; which of the two."""
    with redrawn(page):
        placed = click_first(page, ".gpos.target")
        if not placed:
            page.locator("button#stock").click()
    return "place" if placed else "draw"


def right_call(session: Session) -> str:
    """What a person who remembers their pile calls in Memory."""
    state = session.state
    calls = session.game.calls_allowed(state)
    top, mine = state.centre[-1], state.piles[session.human][0]
    return next((c for c in calls if Memory.right(c, top, mine)), calls[0])


def _play_memory(page, call: str | None = None) -> str:
    """Press Ready if the pile is shown, else make a call (the right one unless told); which."""
    with redrawn(page):
        if page.locator("#ready").count():
            page.locator("#ready").click()
            done = "ready"
        else:
            done = call or right_call(saved_session(page))
            page.locator(f"#call-{done}").click()
    return done


def piles_of(page, code: str) -> list[str]:
    """The piles a card of the hand can go on now, by the page's saved game."""
    view = saved_session(page).view()
    return sorted(m["target"] for m in view["legal"] if m["cards"] == [code] and m.get("target"))


def advantage_choice(page, most: int = 3) -> str | None:
    """A card of the hand with a choice of piles (two to `most`): a click selects it and lights
    them; None if no card has one now."""
    view = saved_session(page).view()
    return next((c for c in view["hand"] if 2 <= len(piles_of(page, c)) <= most), None)


def _play_advantage(page) -> str:
    """Click the first playable card; a card with one move (one pile, or the card of three
    of a kind to keep) makes it at once, else click the first pile it lights; the move's text
    as the page offered it (on a guest's page, which keeps no saved game: the pile clicked, or
    "" when the card's click made its one move)."""
    card = page.locator("#hand .card.legal").first
    code = card.get_attribute("data-card")
    # the moves, from the page's saved game; a guest's page keeps none: it learns from the lit
    # piles whether its click made the move
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    only = [m["text"] for m in saved_session(page).view()["legal"] if code in m["cards"]] \
        if saved else None
    with redrawn(page):
        click_card(card)
    if only is not None and len(only) == 1:  # one move: the click made it
        return only[0]
    lit = page.locator(".apile.target")
    if only is None and not lit.count():
        return ""
    assert lit.count() >= 1, "a playable card lights a pile"
    assert page.locator(".apile.target, .apile.nomatch").count() == 3
    text = lit.first.get_attribute("data-arg")
    with redrawn(page):
        lit.first.click()
    return text


def _play_any(page) -> None:
    """One move whatever the game: Ready (Memory's look at a pile), a lit place on the table,
    a lit card of the hand (then a lit pile, in Advantage), the stock, a call, else the first
    move button."""
    if page.locator("#hand .card.legal").count() and page.locator(".apile").count():
        _play_advantage(page)
        return
    play_first_choice(page, "#ready", "#bout .card.target", ".gpos.target", "#actions button.play",
                      "#hand .card.legal", "button#stock.legal", "#actions .mcall:not(:disabled)")


PLAYERS = {"durak": _play_durak, "stump": _play_stump, "garbage": _play_garbage,
           "memory": _play_memory, "advantage": _play_advantage, "any": _play_any}


def player(game: str):
    """One move of the person's, by clicking, as the tests of `game` make it ("any": whatever
    game is on the page): a function of the page or frame. Garbage's, Memory's and Advantage's
    return what was done; Memory's also takes a call to make instead of the right one."""
    return PLAYERS[game]


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
        bar_tool(page, "#settings-open").click()
    with redrawn(page):  # a choice's label names it; a switch's label holds it
        page.locator(f"label[for='{field_id}'], label:has(#{field_id})").first.click()
    with redrawn(page):
        page.keyboard.press("Escape")


def near_the_end(game: str, options: dict, seed: int) -> str:
    """The saved game (as the page saves it) of `game` against the easy level, played out in
    CPython with the person taking the first move offered, cut before the person's last move."""
    session = Session(game, options, seed=seed, human=0, level="easy")
    while not session.over():
        if session.to_act == session.human:
            session.play_human(session.view()["legal"][0]["text"])
        else:
            session.step_ai()
    last = max(i for i, (seat, _) in enumerate(session.steps) if seat == session.human)
    save = session.save()
    save["moves"] = save["moves"][:last]
    return json.dumps(save)


def seen_cards(seed: int = 1) -> tuple[str, list[list[str]]]:
    """Four-player Durak by the first legal moves up to the person's turn once opponents hold
    four cards everyone has seen (they took them), as the page saves it; and those cards'
    labels, seat by seat from the person's left."""
    session = Session("durak", {"players": 4}, seed=seed, human=0, level="easy")
    while True:
        if session.to_act == session.human:
            view = session.view()
            if sum(len(k) for k in view["known"][1:]) >= 4:
                return (json.dumps(session.save()),
                        [[label(c) for c in view["known"][seat]] for seat in (1, 2, 3)])
            session.play_human(view["legal"][0]["text"])
        else:
            session.step_ai()


def bar_tool(page, selector: str):
    """The control `selector` as a person reaches it: a tool of the table's bar that a narrow
    screen keeps behind Menu is shown by opening the menu first."""
    tool = page.locator(selector).first
    menu = page.locator("#bar-menu")
    if tool.is_hidden() and menu.count() and menu.is_visible():
        with redrawn(page):
            menu.click()
    return tool
