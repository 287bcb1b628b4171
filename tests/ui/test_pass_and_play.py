"""Pass and play on the headless page: several people at one device, whole seeded games of
every game, every picture checked.

A page seats a game with two people (and AIs where the table has more seats); the people's
moves are random legal ones chosen from the view of the person holding the device, the AIs'
their own. After every message the page gets (every picture) and in every line it hands to
screen readers:

- while the device must be passed on (`pass_to`), the page is the handoff screen, its
  "I am …" button names the person it goes to, and it holds no card at all (no face, no
  data-card, no card code in any attribute, no label like "7♠", no name like "7 of spades");
  whatever is said then is said afresh (the lines before leave the page) and names no card;
- otherwise every card the page shows or names is one the holding person's own view holds
  (Memory: the pile laid out to memorise only while that person's look lasts).

Besides: the device changes hands once per person who is to act, in the engine's order
(Durak's throw-ins by several people included); Undo at the table takes back only the
holder's own move and the AIs' replies; the game-over panel names the winners; a game
saved mid-way and opened on a fresh page lands on the handoff, with nothing private.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import pytest
from headless import Page
from test_render import RULES, check_private, faces_in

from kozyr.session import Session
from ui import messages as m
from ui.model import SAVE_KEY
from ui.page import draw
from ui.play.handoff import pass_to
from ui.play.table_life import seat_instead
from ui.seats import messages as sem
from ui.tables import table_of
from ui.tables.memory.look import pending

NAMES = ("Ann", "Boris")
NO_UNDO_OTHER = "no undo: someone else has played since your last move"
RANKS = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S",
         "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
# a card as the markup may carry it: its code in an attribute ("7S", "beat 7H on 6H"), its
# label ("7♠", "Q♥"), its spoken name ("7 of spades", "queen of hearts")
CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])")
LABEL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♣♦♥♠])")
NAME = re.compile(r"(?<![0-9A-Za-z])(10|[2-9]|jack|queen|king|ace) of "
                  r"(clubs|diamonds|hearts|spades)\b", re.IGNORECASE)
ATTRIBUTE = re.compile(r'\s[\w:-]+="([^"]*)"')
LOOK_CARDS = re.compile(r'<li class="mlook-card[^"]*"><div class="card face [^"]*" '
                        r'data-card="([^"]+)"')
GO_TITLE = re.compile(r'<h2 id="go-title">([^<]*)</h2>')
TAKE_SEAT = re.compile(r'<button [^>]*id="take-seat" data-act="take-seat" data-arg="(\d+)">'
                       r'([^<]*)</button>')


# --- finding cards --------------------------------------------------------------------------

def named_in_text(text: str) -> set[str]:
    """Cards a text names by label or by spoken name."""
    out = {rank + SUITS[suit] for rank, suit in LABEL.findall(text)}
    out |= {RANKS.get(rank.lower(), rank) + SUITS[suit.lower()]
            for rank, suit in NAME.findall(text)}
    return out


def cards_in_html(html: str) -> set[str]:
    """Every card the markup shows or names: faces (data-card and face pictures), codes in
    any attribute, labels and spoken names anywhere (aria-labels and titles included)."""
    out = faces_in(html)
    for value in ATTRIBUTE.findall(html):
        out |= {rank + suit for rank, suit in CODE.findall(value)}
    return out | named_in_text(html)


def cards_in_view(value) -> set[str]:
    """Every card a view holds, anywhere in it (hands, table, log, legal moves, showings)."""
    if isinstance(value, str):
        return {rank + suit for rank, suit in CODE.findall(value)}
    if isinstance(value, dict):
        return set().union(*(cards_in_view(v) for v in value.values()), set())
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in_view(v) for v in value), set())
    return set()


def collapse(seats) -> list[int]:
    """Consecutive repeats as one."""
    out: list[int] = []
    for s in seats:
        if not out or out[-1] != s:
            out.append(s)
    return out


# --- a page that checks every picture -------------------------------------------------------

class Watched(Page):
    """The headless page, checking every picture and every line said as it goes, and keeping
    who the device went to and who the engine had to act."""

    def __init__(self, search: str = "?speed=0", stored: dict | None = None):
        self.handoffs: list[int] = []  # the seats the device was passed to, in order
        self.to_act: list[int] = []  # the person to act after each message, as the engine says
        self.timeline: list[tuple[str, int, str]] = []  # ("move"|"pass", seat, phase)
        self.looks: set[int] = set()  # the seats whose Memory look was shown
        self.last: tuple[str, int] | None = None  # the last table picture: (kind, seat)
        self.pictures = 0
        super().__init__(search, stored)

    def send(self, msg) -> list:
        effects = super().send(msg)
        self.check(type(msg).__name__, effects)
        return effects

    def seat(self, session: Session, names: tuple[str, ...]) -> None:
        """A new game of several people at the table, as the form's Deal seats one."""
        self.model, effects = seat_instead(self.model, session, self.now, people=names)
        self.effects += effects
        self.picture = draw(self.model, self.now)
        self.check("seat_instead", effects)

    def check(self, what: str, effects: list) -> None:
        in_play = self.in_play
        if in_play is None or self.model.screen != "table":
            return
        self.pictures += 1
        says = [e for e in effects if isinstance(e, m.Say)]
        to = pass_to(in_play)
        where = f"after {what}, move {len(in_play.session.state.history)}"
        if to is not None:
            self.handoff_picture(to, says, where)
        else:
            self.table_picture(says, where)
        if in_play.session.person_to_act():
            self.to_act.append(in_play.session.to_act)

    def handoff_picture(self, to: int, says: list, where: str) -> None:
        in_play, html = self.in_play, self.picture.html
        name = NAMES[in_play.session.people.index(to)]  # as the people were seated
        assert str(in_play.names[to]) == name, where
        assert html.startswith('<div class="screen handoff"') and f'data-pass="{to}"' in html, \
            (where, html[:200])
        button = TAKE_SEAT.search(html)
        assert button and int(button[1]) == to and button[2] == f"I am {name}", where
        assert "data-card" not in html and not cards_in_html(html), \
            (where, "a card on the handoff", cards_in_html(html))
        assert not named_in_text(self.picture.title) and name in self.picture.title
        check_private(html, set(), set(), where=where)  # backs only, and plain ones
        for say in says:
            assert say.fresh, (where, "said while passing, not afresh", say)
            assert not any(named_in_text(line) for line in say.lines), (where, say.lines)
        self.last = ("handoff", to)

    def table_picture(self, says: list, where: str) -> None:
        in_play, html = self.in_play, self.picture.html
        seat = in_play.seat
        assert seat in in_play.session.people, where
        view = in_play.session.view(seat)
        allowed = cards_in_view(view)
        shown = cards_in_html(html) | named_in_text(self.picture.title)
        assert shown <= allowed, (where, f"seat {seat} is shown cards not in its view",
                                  sorted(shown - allowed))
        check_private(html, allowed, set(), where=where)
        if view.get("hand") and view["phase"] != "over":  # the holder's own hand is there
            assert set(view["hand"]) <= shown, (where, set(view["hand"]) - shown)
        for say in says:
            heard = set().union(*(named_in_text(line) for line in say.lines))
            assert heard <= allowed, (where, f"seat {seat} hears of", sorted(heard - allowed))
        if in_play.game == "memory":
            showing = pending(view, in_play.ui)
            assert ('id="look"' in html) == (showing is not None), where
            if showing is not None:  # the person's own pile, after their own handoff
                assert LOOK_CARDS.findall(html) == showing["cards"], where
                assert self.last in (("handoff", seat), ("table", seat)), (where, self.last)
                self.looks.add(seat)
        self.last = ("table", seat)

    def take_seat(self) -> int:
        to = pass_to(self.in_play)
        view = self.in_play.session.view(to)
        self.handoffs.append(to)
        self.timeline.append(("pass", to, view["phase"]))
        self.send(sem.TakeSeat(to))
        assert self.in_play.seat == to and pass_to(self.in_play) is None
        return to


# --- playing a whole game -------------------------------------------------------------------

@dataclass
class Game:
    name: str
    options: dict
    people: tuple[int, ...]
    seed: int
    moves_seed: int = 0
    undo: float = 0.06  # how often the holder presses Undo on their turn
    save_at: int = 25  # moves into the game, the save is opened on a fresh page

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.name}-{extra}-people{''.join(map(str, self.people))}-s{self.seed}"


@dataclass
class Played:
    pages: list[Watched] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)  # (seat, phase) per person move
    undone: int = 0
    refused: list[str] = field(default_factory=list)  # hints of the refused undos


def new_page(game: Game) -> Watched:
    page = Watched()
    session = Session(game.name, game.options, game.seed, people=game.people, level="easy")
    page.seat(session, NAMES[:len(game.people)])
    return page


def press_undo(page: Watched, played: Played) -> None:
    """Undo at the table: only the holder's own move and the AIs' replies since go."""
    in_play = page.in_play
    seat, session = in_play.seat, in_play.session
    history, steps = list(session.state.history), list(session.steps)
    why = session.why_no_undo(seat)
    page.send(m.Undo())
    after = page.in_play.session
    if why:
        assert after.state.history == history and after.steps == steps
        assert page.in_play.hint.startswith("No undo:"), page.in_play.hint
        played.refused.append(page.in_play.hint)
        return
    keep = len(after.state.history)
    assert keep < len(history) and after.state.history == history[:keep]
    taken = steps[keep:]
    assert taken[0][0] == seat, "the undo began at another seat's move"
    assert all(s == seat or s not in session.people for s, _ in taken), \
        ("Undo took back another person's move", taken)
    assert after.to_act == seat and page.in_play.seat == seat
    played.undone += 1


def resume(page: Watched) -> Watched:
    """The game as stored, opened on a fresh page: the handoff to the person who held the
    device (nobody holds it yet), nothing private, the same moves and people."""
    holder = page.in_play.seat
    fresh = Watched(stored={SAVE_KEY: page.stored[SAVE_KEY]})
    assert_resumed(fresh, page, holder)
    return fresh


def assert_resumed(fresh: Watched, page: Watched, holder: int) -> None:
    in_play, session = fresh.in_play, page.in_play.session
    assert fresh.model.screen == "table" and in_play is not None
    assert in_play.seat is None and pass_to(in_play) == holder, "not resumed on the handoff"
    assert fresh.picture.html.startswith('<div class="screen handoff"')
    assert in_play.session.state.history == session.state.history
    assert in_play.session.people == session.people and in_play.people == page.in_play.people


def play(game: Game, limit: int = 20_000, until_save: bool = False) -> Played:
    rng = random.Random(game.moves_seed)
    rules = RULES[game.name]
    page = new_page(game)
    played = Played(pages=[page])
    resumed = False
    for _ in range(limit):
        in_play = page.in_play
        session = in_play.session
        if session.over():
            break
        if pass_to(in_play) is not None:
            page.take_seat()
            back = len(played.pages) > 1 and len(page.handoffs) == 1  # to the holder, reloaded
            if rng.random() < 0.3 and not back:
                # Undo at once: another person moved since (or the person never did)
                press_undo(page, played)
                assert played.refused and page.in_play.hint == played.refused[-1], \
                    "an undo right after the device came took something back"
            continue
        if page.opponents():
            continue
        in_play = page.in_play
        seat, session = in_play.seat, in_play.session
        view = session.view(seat)
        if table_of(in_play).looking(view, in_play.ui):
            page.send(m.TableAction("ready"))
            continue
        assert view["to_act"] == seat, ("nothing to do and nobody moves", view["to_act"], seat)
        if not resumed and len(session.state.history) >= game.save_at:
            resumed = True
            if until_save:
                return played
            page = resume(page)
            played.pages.append(page)
            continue
        if rng.random() < game.undo:
            press_undo(page, played)
            continue
        played.moves.append((seat, view["phase"]))
        page.timeline.append(("move", seat, view["phase"]))
        page.send(m.MoveChosen(rules.mover(session, view, rng)))
    else:
        raise AssertionError(f"{game}: no end in {limit} steps")
    assert resumed, "the game ended before the save was opened again"
    return played


def check_order(played: Played, game: Game) -> None:
    """On each page, the device went to each person who was to act, once per turn of theirs,
    in the engine's order (Memory: also to each person shown their pile)."""
    for page in played.pages:
        assert page.handoffs, "the device was never passed"
        assert all(a != b for a, b in zip(page.handoffs, page.handoffs[1:]))
        if game.name != "memory":
            assert collapse(page.handoffs[:1] + page.to_act) == page.handoffs, \
                (page.handoffs[:20], collapse(page.to_act)[:20])


def check_over(page: Watched) -> None:
    """The game-over panel names the winners (the seats in first place), and only them."""
    in_play = page.in_play
    result = in_play.session.result()
    places = result["places"]
    best = [s for s, p in enumerate(places) if p == 1]
    title = GO_TITLE.search(page.picture.html)
    assert title, "no game-over panel"
    if result.get("draw") or len(best) == len(places):
        assert title[1] == "A draw"
        return
    names = [str(n) for n in in_play.names]
    for seat, name in enumerate(names):
        assert (name in title[1]) == (seat in best), (title[1], places, names)
    assert title[1].endswith("win!" if len(best) > 1 else "wins!")


GAMES = [
    Game("durak", {"players": 3}, (0, 1), seed=3, moves_seed=1),
    Game("durak", {"players": 3}, (1, 2), seed=11, moves_seed=11),  # an AI in seat 0
    Game("durak", {"players": 4, "teams": True}, (0, 1), seed=4, moves_seed=2),  # opponents
    Game("durak", {"players": 4, "teams": True}, (0, 2), seed=12, moves_seed=12),  # partners
    Game("stump", {"players": 3}, (0, 2), seed=5, moves_seed=3),
    Game("stump", {"players": 3}, (1, 2), seed=21, moves_seed=21),  # (13's ran 320 moves)
    Game("garbage", {"players": 2}, (0, 1), seed=6, moves_seed=4, save_at=8),
    Game("garbage", {"players": 2}, (1, 0), seed=14, moves_seed=14, save_at=8),
    Game("memory", {"players": 2}, (0, 1), seed=7, moves_seed=5, undo=0.02, save_at=12),
    Game("memory", {"players": 2}, (0, 1), seed=15, moves_seed=15, undo=0.02, save_at=12),
    Game("memory", {"players": 3}, (0, 1), seed=8, moves_seed=6, undo=0.02, save_at=12),
    Game("memory", {"players": 3}, (2, 1), seed=16, moves_seed=16, undo=0.02, save_at=12),
    Game("advantage", {}, (0, 1), seed=9, moves_seed=7),
    Game("advantage", {}, (1, 0), seed=17, moves_seed=17),
]


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_whole_game_passed_between_people_shows_each_only_their_view(game):
    played = play(game)
    last = played.pages[-1]
    assert last.in_play.session.over()
    check_over(last)
    check_order(played, game)
    assert all(page.pictures > 0 for page in played.pages)
    seats = {s for s, _ in played.moves}
    assert seats == set(game.people), ("every person moved", seats)
    # Undo: sometimes refused (the device had just come), never across another person
    assert played.refused
    if game.name == "memory":  # every call turns a card up
        assert played.undone == 0
        assert set(game.people) <= set().union(*(p.looks for p in played.pages)), \
            "a person was never shown their pile"
    if game.name == "durak" and game.options["players"] == 3:
        # throw-ins by two people: the device went from one to the other within a bout
        throw_ins = [(seat, to) for page in played.pages
                     for (k0, seat, before), (k1, to, phase)
                     in zip(page.timeline, page.timeline[1:])
                     if (k0, k1) == ("move", "pass") and before == phase == "throw-in"
                     and seat != to]
        assert throw_ins, "no throw-in passed from one person to the other"
        assert any(hint.lower().startswith(NO_UNDO_OTHER) for hint in played.refused)
        assert played.undone > 0


@pytest.mark.parametrize("game", GAMES[::2], ids=str)
def test_a_saved_game_continued_from_the_first_screen_opens_on_the_handoff(game):
    """The save of a game half-way, in a new page's storage: the first screen offers it with
    the people's names, and Continue opens it on the handoff to the person who held the
    device, with nothing private; "I am …" shows that person's own view."""
    page = play(game, until_save=True).pages[-1]
    holder = page.in_play.seat
    fresh = Watched(stored={SAVE_KEY: page.stored[SAVE_KEY]})
    fresh.send(m.Home())
    home = fresh.picture.html
    assert fresh.model.screen == "home" and 'data-act="continue"' in home
    assert all(name in home for name in NAMES)
    fresh.send(m.Continue())  # every picture and line checked by Watched
    assert_resumed(fresh, page, holder)
    fresh.take_seat()
    assert fresh.in_play.seat == holder
    assert fresh.in_play.session.view(holder) == page.in_play.session.view(holder)


def seated_save(**change) -> str:
    data = Session("durak", {"players": 3}, 2, people=(0, 1)).save()
    return json.dumps({**data, "names": list(NAMES), **change})


@pytest.mark.parametrize("change", [
    {"people": [0, 3]}, {"people": [1, 1]}, {"people": "0,1"}, {"levels": {"2": "godlike"}},
    {"names": ["Ann"]},  # a name short
    {"people": []}, {"people": None, "human": None},  # nobody at the table
], ids=["seat-out-of-range", "seat-twice", "not-a-list", "unknown-level", "names-short",
        "people-empty", "nobody"])
def test_a_save_with_bad_seating_is_reported_and_removed(change):
    """A save whose seating cannot be played (as a page would find it after an edit or in a
    newer version's storage) is reported on the first screen and removed, as any damaged
    save is; the page goes on."""
    page = Page("", stored={SAVE_KEY: seated_save(**change)})
    assert page.model.screen == "home" and "could not be restored" in page.model.notice, \
        (page.model.screen, page.model.notice)
    assert SAVE_KEY not in page.stored and page.model.saved is None


def test_home_and_back_while_someone_holds_the_device_passes_through_the_handoff():
    """A person at the table goes to the first screen and comes back (or someone else does):
    Continue opens on the handoff, the live region's lines from the table are taken out of
    the page on the way, and nothing private is drawn until "I am …"."""
    page = new_page(GAMES[0])
    page.send(sem.TakeSeat(pass_to(page.in_play)))
    holder = page.in_play.seat
    assert holder is not None and "data-card" in page.picture.html
    effects = page.send(m.Home())
    assert m.Say((), fresh=True) in effects, "the table's lines stay in the live region"
    assert "data-card" not in page.picture.html
    effects = page.send(m.Continue())  # the picture and every line checked by Watched
    assert page.model.screen == "table" and pass_to(page.in_play) == holder
    assert m.FocusBest() in effects, "the handoff does not take the focus"
    page.send(sem.TakeSeat(holder))
    assert page.in_play.seat == holder and "data-card" in page.picture.html
