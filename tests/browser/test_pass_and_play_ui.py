"""Pass and play in the browser (issue 28): several people at one device, by clicking.

The address seats people in the first seats (``people=2&names=Ann,Boris``), the computer
plays the rest at speed 0. Whenever the device must go to another person the page shows the
handoff screen: these tests check that it then holds no card of any seat (no ``[data-card]``,
no face, no card's label or spoken name in the text, the attributes or the title) and that
it names the person the saved game says is next; and, at each person's turn, that the table
shows that person's hand and nothing private of the other person's. What a test knows about
hidden cards it learns by replaying the page's own saved game in CPython (`saved_session`),
never from the page.

The seeds were chosen by playing the clicking helpers' own choices in CPython first (the
page's update functions, tests/headless.py): Durak's seed 37 has throw-ins by both people
(cards added by a seat that is neither the main attacker nor the defender) and the device
passing between them while the bout is open; Memory's seed 7 has Boris deal (and look first)
and black aces that show both piles again.
"""
from __future__ import annotations

import json
import re

from a11y_checks import axe, describe_axe
from conftest import wait_booted
from kozyr import registry
from kozyr.memory import Memory
from kozyr.session import Session
from table_helpers import (APP, SAVE_KEY, codes, player, redrawn, saved_session, settle, start,
                           wait_my_turn_or_over)
from test_memory_ui import public_cards
from ui.parts.cards import label, name

NAMES = ("Ann", "Boris")
DURAK_SEED = 37  # of those, a short game: 42 clicks and 19 handoffs (seed 2 took 63 and 26)
DURAK = f"game=durak&players=3&people=2&names=Ann,Boris&level=easy&speed=0&seed={DURAK_SEED}"
MEMORY = "game=memory&players=2&people=2&names=Ann,Boris&speed=0&seed=7"
RECENT_KEY = "kozyr.recent"  # the finished deals (ui/recent.py)

# a card's label in any of the five languages' decks ("10♥", Russian "К♠"), and its spoken name
LABEL = re.compile(r"(10|[2-9JQKAКДВТRVD])[♠♥♦♣]")
CARD_NAME = re.compile(r"\b(10|[2-9]|jack|queen|king|ace) of (hearts|spades|diamonds|clubs)\b",
                       re.I)
# what the page holds that could show a card: every card-ish element, its text, every attribute
SNAPSHOT_JS = """() => {
  const attrs = [];
  for (const el of document.querySelectorAll('*'))
    for (const a of el.attributes) attrs.push(a.value);
  return {cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
          faces: document.querySelectorAll('.card.face, .face, .chip-card, .kz-paper, #hand, '
                                            + '#look').length,
          text: document.body.innerText, attrs: attrs.join('\\n'), title: document.title};
}"""
FOCUS_ON_TAKE_SEAT = "() => document.activeElement && document.activeElement.id === 'take-seat'"

play_durak = player("durak")
play_memory = player("memory")


# --- helpers ----------------------------------------------------------------------------------

def still_page(open_page):
    """A watched page that prefers reduced motion: the handoff card does not rise, so a click
    need not wait for it to settle (the whole games below make a hundred of them)."""
    return open_page(reduced_motion="reduce")


def wait_turn(page, timeout: int = 30_000) -> str:
    """Until a person has something to do (take the device, or play) or the game is over."""
    return wait_my_turn_or_over(page, timeout, ("pass", "you", "over"))


def saved(page) -> dict:
    text = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert text, "the page keeps no saved game"
    return json.loads(text)


def snapshot(page) -> dict:
    return page.evaluate(SNAPSHOT_JS)


def next_person(data: dict) -> int:
    """Whom the device must go to, by the saved game: the first person (in the game's order
    from the seat to act) who has a private look still to take (Memory), else the person to
    act, else (a computer opens the game) the first person after it."""
    session = Session.load(data)
    n, start = session.options["players"], session.to_act or 0
    order = sorted(session.people, key=lambda s: (s - start) % n)
    for seat in order:
        shown = session.view(seat).get("shown") or []
        done = (data.get("uis") or {}).get(str(seat), {}).get("dismissed", -1)
        if shown and shown[-1]["until"] == "ready" and shown[-1]["at"] > done:
            return seat
    return session.to_act if session.person_to_act() else order[0]


def assert_no_card(page, where: str) -> None:
    """Nothing of any card in the page: no card element or face, no label, no spoken name."""
    snap = snapshot(page)
    assert not snap["cards"], f"{where}: cards in the page: {snap['cards']}"
    assert snap["faces"] == 0, f"{where}: a card face, a hand or a look is in the page"
    for part in ("text", "attrs", "title"):
        found = LABEL.search(snap[part]) or CARD_NAME.search(snap[part])
        assert not found, f"{where}: a card in the page's {part}: {found.group(0)!r}"


def assert_absent(page, cards, where: str, shown=()) -> None:
    """None of `cards` in the page: by data-card, by label or by spoken name, anywhere; and,
    so that the check is seen to see, every card of `shown` found by the same means."""
    snap = snapshot(page)
    for code in map(str, cards):
        assert code not in snap["cards"], f"{where}: {code} is face up in the page"
        for said in (label(code), name(code)):
            assert said not in snap["text"] and said not in snap["attrs"], (
                f"{where}: {code} is named in the page ({said!r})")
    for code in map(str, shown):
        assert code in snap["cards"] and name(code) in snap["attrs"], (
            f"{where}: {code} should be in the page")


def take_seat(page, names, where: str) -> int:
    """At a handoff: check it shows no card and names the person the saved game says is
    next; press their button (by clicking); their seat."""
    assert_no_card(page, where)
    seat = next_person(saved(page))
    button = page.locator("#take-seat")
    assert button.get_attribute("data-arg") == str(seat), (
        f"{where}: the device goes to seat {button.get_attribute('data-arg')}, "
        f"the saved game says {seat}")
    assert button.inner_text().strip() == f"I am {names[seat]}"
    assert page.locator("#handoff-title").inner_text().strip() == f"Pass to {names[seat]}"
    with redrawn(page):
        button.click()
    return seat


def seat_names(page) -> list[str]:
    """Every seat's name as the handoff screen lists them, in seat order."""
    return page.eval_on_selector_all(
        ".handoff-seats li", "els => els.map(e => e.firstChild.textContent.trim())")


def durak_private(session: Session, seat: int) -> set[str]:
    """The cards of `seat`'s hand nobody else has seen."""
    state = session.state
    return {str(c) for c in state.hands[seat]} - {str(c) for c in state.known[seat]} - {
        str(state.trump)}


def throw_ins(deal: dict) -> list[tuple[int, str]]:
    """The throw-ins people made in a deal: cards added by a person who was neither the main
    attacker nor the defender (seat, move)."""
    game = registry.get("durak")
    state = game.new_game(deal["options"], deal["seed"], deal.get("match"))
    found = []
    for move in deal["moves"]:
        seat = state.to_act
        if (move.startswith("throw") and seat in deal["people"]
                and seat not in (state.attacker, state.defender)):
            found.append((seat, move))
        game.apply(state, move)
    return found


def finished_deal(page, game: str, seed: int) -> dict:
    """The finished deal as the page recorded it among the recent deals (the save is gone)."""
    deals = json.loads(page.evaluate(f"localStorage.getItem('{RECENT_KEY}')") or "[]")
    found = [d for d in deals if d.get("game") == game and d.get("seed") == seed]
    assert found, f"no recent {game} deal {seed}"
    return found[0]


def winners_title(deal: dict, names: list[str]) -> str:
    state = registry.get(deal["game"]).replay(deal["options"], deal["seed"], deal["moves"],
                                               deal.get("match"))
    places = registry.get(deal["game"]).result(state)["places"]
    best = [names[s] for s, place in enumerate(places) if place == 1]
    return f"{', '.join(best)} {'wins' if len(best) == 1 else 'win'}!"


def play_durak_turns(page, turns: int, names=NAMES, until_seat: int | None = None) -> int:
    """Take the device and play as the people until `turns` person's clicks are made (then
    at a person's turn, theirs if `until_seat` is given); the seat at the table."""
    holder, clicks = None, 0
    while True:
        turn = wait_turn(page)
        assert turn != "over", "the game ended too soon"
        if turn == "pass":
            holder = take_seat(page, names, "handoff")
            continue
        if clicks >= turns and (until_seat is None or holder == until_seat):
            return holder
        play_durak(page)
        clicks += 1


# --- a whole game of Durak, two people and a computer -----------------------------------------

def test_durak_two_people_and_a_computer_by_clicking(open_page, site, boot, screenshot):
    page = still_page(open_page)
    start(page, site, boot, DURAK)
    names: list[str] = []
    holder, handoffs, turns, shot = None, [], 0, False
    polled, seen_throws = [], set()
    for _ in range(600):
        turn = wait_turn(page)
        if turn == "over":
            break
        if turn == "pass":
            names = names or seat_names(page)
            data = saved(page)
            session = Session.load(data)
            where = f"handoff {len(handoffs) + 1} (after {len(data['moves'])} moves)"
            seat = take_seat(page, names, where)
            handoffs.append(seat)
            view = session.view(seat)
            if view["phase"] == "throw-in":
                # a person is asked to add cards only if they can
                assert any(m["kind"] == "throw" for m in view["legal"]), view["legal"]
                polled.append((session.steps[-1][0], seat, session.state.history[-1]))
            holder = seat
            continue
        # a person's turn: the table shows their hand, and nothing private of the other's
        data = saved(page)
        session = Session.load(data)
        assert session.to_act == holder, (session.to_act, holder)
        where = f"{names[holder]}'s turn after {len(data['moves'])} moves"
        hand = session.view(holder)["hand"]
        assert sorted(codes(page, "#hand [data-card]")) == sorted(hand), where
        assert_absent(page, durak_private(session, 1 - holder), where, shown=hand)
        seen_throws |= {seat for seat, _ in throw_ins(data)}
        if holder == 1 and not shot:
            settle(page)
            screenshot(page, "pass-and-play-durak-boris-turn")
            shot = True
        play_durak(page)
        turns += 1
    else:
        raise AssertionError("the game did not end")
    panel = page.locator("#gameover")
    panel.wait_for()
    deal = finished_deal(page, "durak", DURAK_SEED)
    assert deal["people"] == [0, 1] and deal["names"] == list(NAMES)
    thrown = throw_ins(deal)
    assert {seat for seat, _ in thrown} == {0, 1}, f"throw-ins by people: {thrown}"
    assert seen_throws == {0, 1}
    # both could add cards: the device went from one person's throw-in to the other's turn
    assert any(last == 1 - seat and move.startswith("throw") for last, seat, move in polled), (
        f"handoffs in a throw-in (from, to, the move before): {polled}")
    assert set(handoffs) == {0, 1} and len(handoffs) > 10
    assert page.locator("#go-title").inner_text().strip() == winners_title(deal, names)
    print(f"durak seed {DURAK_SEED}: {turns} clicks, {len(handoffs)} handoffs, throw-ins {thrown}, "
          f"handoffs in a throw-in {polled}; {page.locator('#go-title').inner_text()}")


# --- a whole game of Memory, two people, their private looks ----------------------------------

def right_call_of(session: Session, seat: int) -> str:
    """The call a person who remembers their pile makes."""
    state = session.state
    calls = session.game.calls_allowed(state)
    top, mine = state.centre[-1], state.piles[seat][0]
    return next((c for c in calls if Memory.right(c, top, mine)), calls[0])


def test_memory_two_people_private_looks(open_page, site, boot):
    page = still_page(open_page)
    start(page, site, boot, MEMORY)
    holder, just_took, looks, handoffs, calls = None, False, [], 0, 0
    for _ in range(400):
        turn = wait_turn(page)
        if turn == "over":
            break
        if turn == "pass":
            holder = take_seat(page, NAMES, f"handoff {handoffs + 1}")
            handoffs += 1
            just_took = True
            continue
        session = saved_session(page)
        view = session.view(holder)
        public = public_cards(view)
        where = f"{NAMES[holder]} after {len(session.state.history)} calls"
        if page.locator("#look").count():
            # a look: only the person's own pile, right after their own handoff (or, at a
            # black ace, to the person who turned it and still holds the device)
            shown = view["shown"][-1]
            assert just_took or (shown["why"] == "black ace"
                                 and session.steps[-1][0] == holder), (
                f"{where}: a {shown['why']} look shown without a handoff")
            assert codes(page, "#look [data-card]") == shown["cards"], where
            other = session.state.piles[1 - holder]
            assert_absent(page, {str(c) for c in other} - public, where, shown=shown["cards"])
            looks.append((holder, shown["why"]))
            assert play_memory(page) == "ready"
        else:
            assert session.to_act == holder, where
            hidden = {str(c) for pile in session.state.piles for c in pile} - public
            assert_absent(page, hidden, where)
            call = right_call_of(session, holder)
            assert play_memory(page, call) == call
            calls += 1
        just_took = False
    else:
        raise AssertionError("the game did not end")
    deal = finished_deal(page, "memory", 7)
    assert page.locator("#go-title").inner_text().strip() == winners_title(deal, list(NAMES))
    assert looks[:2] == [(1, "deal"), (0, "deal")], looks  # Boris deals: he looks first
    assert {seat for seat, why in looks if why == "black ace"} == {0, 1}, looks
    assert handoffs > calls, (handoffs, calls)
    print(f"memory seed 7: {calls} calls, {handoffs} handoffs, looks {looks}")


# --- resuming -----------------------------------------------------------------------------------

def test_a_reload_lands_on_the_handoff(open_page, site, boot):
    page = still_page(open_page)
    start(page, site, boot, DURAK)
    holder = play_durak_turns(page, 8, until_seat=1)  # Boris at the table, his turn
    moves = len(saved(page)["moves"])
    page.reload()
    wait_booted(page)
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_turn(page) == "pass", "a reload shows someone's table"
    assert saved_session(page).to_act == holder
    assert take_seat(page, NAMES, "after a reload") == holder
    assert wait_turn(page) == "you"
    assert sorted(codes(page, "#hand [data-card]")) == sorted(
        saved_session(page).view(holder)["hand"])
    play_durak(page)
    play_durak_turns(page, 2)
    assert len(saved(page)["moves"]) > moves, "the game did not go on"


def test_continue_from_home_lands_on_the_handoff(open_page, site, boot):
    page = still_page(open_page)
    start(page, site, boot, DURAK)
    play_durak_turns(page, 4)
    with redrawn(page):
        page.locator("#home").click()
    page.wait_for_selector("#app[data-screen='home']")
    assert "Ann, Boris" in page.locator("#app").inner_text()  # the saved game names them
    with redrawn(page):
        page.locator("#continue").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_turn(page) == "pass", "Continue shows someone's table"
    seat = take_seat(page, NAMES, "after Continue")
    assert seat == saved_session(page).to_act
    before = len(saved(page)["moves"])
    play_durak_turns(page, 2)
    assert len(saved(page)["moves"]) > before, "the game did not go on"


def test_a_reload_during_a_look_passes_the_device_again(open_page, site, boot):
    page = still_page(open_page)
    start(page, site, boot, MEMORY)
    assert wait_turn(page) == "pass"
    seat = take_seat(page, NAMES, "the deal")
    page.locator("#look").wait_for()
    page.reload()
    wait_booted(page)
    assert wait_turn(page) == "pass", "a reload shows a pile"
    assert page.locator("#take-seat").get_attribute("data-arg") == str(seat)
    assert take_seat(page, NAMES, "after a reload") == seat
    page.locator("#look").wait_for()
    assert codes(page, "#look [data-card]") == saved_session(page).view(seat)["shown"][-1]["cards"]


# --- accessibility ------------------------------------------------------------------------------

def test_handoff_keyboard_and_axe(page, site, boot):
    start(page, site, boot, DURAK)
    assert wait_turn(page) == "pass"
    page.wait_for_function(FOCUS_ON_TAKE_SEAT)
    settle(page)  # the handoff card has risen: axe sees its colours, not a blend
    violations = axe(page)
    assert not violations, "handoff screen:\n" + describe_axe(violations)
    seat = page.locator("#take-seat").get_attribute("data-arg")
    with redrawn(page):
        page.keyboard.press("Enter")  # keyboard only
    assert page.locator(".screen.table").count() == 1
    page.wait_for_function(f"() => ['you', 'ai'].includes({APP}.dataset.turn)")
    focus = page.evaluate("""() => { const e = document.activeElement;
        return {body: !e || e === document.body, inTable: !!e.closest('.screen.table'),
                control: e.matches('button, select, input, a[href], [tabindex]'),
                id: e.id, tag: e.tagName}; }""")
    assert not focus["body"] and focus["inTable"] and focus["control"], focus
    # the next handoff takes the focus again
    holder = int(seat)
    for _ in range(200):
        turn = wait_turn(page)
        if turn == "pass":
            break
        assert turn == "you"
        play_durak(page)
    page.wait_for_function(FOCUS_ON_TAKE_SEAT)
    assert page.locator("#take-seat").get_attribute("data-arg") == str(1 - holder)


def test_options_form_with_seats_axe(page, site, boot):
    """The options form with the seats (three people at a table of four), then its Deal."""
    boot(page, f"{site}?game=durak&setup=1&players=4&people=3&names=Ann,Boris&speed=0")
    page.wait_for_selector("#app[data-screen='setup']")
    assert page.locator("#people-3").is_checked()
    assert page.locator(".seat-name").count() == 3
    assert page.locator("#person-0").input_value() == "Ann"
    assert page.locator("#person-1").input_value() == "Boris"
    settle(page)
    violations = axe(page)
    assert not violations, "options form with the seats:\n" + describe_axe(violations)
    with redrawn(page):
        page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_turn(page) == "pass"
    assert_no_card(page, "the first handoff after Deal")
    settle(page)  # the handoff card has risen: axe sees its colours, not a blend
    violations = axe(page)
    assert not violations, "handoff screen after the form:\n" + describe_axe(violations)


# --- languages ----------------------------------------------------------------------------------

def test_handoff_in_five_languages(page, site, boot, screenshot):
    words = {}
    for lang in ("en", "ru", "fr", "fi", "ro"):
        start(page, site, boot, f"{DURAK}&lang={lang}")
        assert wait_turn(page) == "pass"
        assert page.evaluate("document.documentElement.lang") == lang
        assert_no_card(page, f"handoff ({lang})")
        who = NAMES[int(page.locator("#take-seat").get_attribute("data-arg"))]
        words[lang] = (page.locator("#handoff-title").inner_text().strip(),
                       page.locator("#take-seat").inner_text().strip(), who)
        if lang == "ru":
            settle(page)
            screenshot(page, "pass-and-play-handoff-ru")
    english = words.pop("en")
    assert english[:2] == (f"Pass to {english[2]}", f"I am {english[2]}")
    for lang, (title, button, who) in words.items():
        assert who == english[2]
        assert who in title and who in button, (lang, title, button)
        assert title != english[0] and button != english[1], (lang, title, button)
    print(f"handoff words: {words}")
