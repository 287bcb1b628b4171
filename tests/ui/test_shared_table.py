"""A table shared between browsers, on headless pages: the host's page holds the game, the
guest's page shows its own seat from the views the host sends over a fake data channel
(`Channel`, which pumps the messages both ways as the shell will: every `ToGuest` and
`ToHost` effect, and the host's `outgoing` messages whenever they bring something new: the
log's new events, or a view (and, once over, the deal) other than the last one sent).

Every message the guest receives is read as the guest reads it, carries no card its seat's
view does not show, and no field beyond the protocol's (no seed, no moves, no stock order);
every picture of the guest's page shows only cards of its view. The host takes a guest's
move for the guest's own seat only, refuses what the engine refuses (worded on the guest's
page in its language), drops junk with a note in its console and goes on; a guest that
leaves holds its seat (nobody plays it) until it comes back; a host that reloads keeps its
guests, invited again.

Each page speaks its own language: the pages share this process, so the channel switches the
language in use to the page a message goes to (as two browsers would have it).
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, replace
from html import escape

import pytest
from headless import Page
from test_pass_and_play import GO_TITLE, LOOK_CARDS, cards_in_html, cards_in_view, named_in_text
from test_render import RULES

from kozyr.protocol import Reason
from kozyr.session import Session
from ui import i18n
from ui import messages as m
from ui.model import SAVE_KEY, Guesting
from ui.parts.words import reason_text
from ui.play import opponents
from ui.play.handoff import pass_to
from ui.play.table_life import arrive
from ui.seats import messages as sem
from ui.setup.options import sentence
from ui.shared_table import host, talk, wire
from ui.tables import table_of
from ui.tables.memory.look import pending

NAMES = ("Ann", "Boris")
CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])")
# what only the host may know: a key by any of these names anywhere in a message gives it away
SECRET_KEYS = {"seed", "rng", "moves", "history", "steps", "stock_order", "deck_order",
               "revealed", "showings", "up", "stumps_cards", "state", "private_of", "hands_of"}
OVER = re.compile(r'<div class="screen table[^"]*" data-phase="over"')
NOT_YOUR_TURN = "it is not your turn"
STALE = "the table changed before your move arrived: look again"


# --- what a message holds -----------------------------------------------------------------------

def keys_in(value) -> set[str]:
    if isinstance(value, dict):
        return set(map(str, value)) | set().union(*(keys_in(v) for v in value.values()), set())
    if isinstance(value, list):
        return set().union(*(keys_in(v) for v in value), set())
    return set()


def cards_in(value) -> set[str]:
    """Every card code anywhere in a JSON text (keys included), or in plain data as JSON;
    a superset of test_pass_and_play.cards_in_view, and quicker on a long log."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return {rank + suit for rank, suit in CODE.findall(text)}


# --- the pages and the channel between them -----------------------------------------------------

class Host(Page):
    """The host's page; `before_opponent` is told of every computer's move before it is made."""

    def __init__(self, *args, **kw):
        self.before_opponent = []
        self.computer_moves = 0
        super().__init__(*args, **kw)

    def send(self, msg) -> list:
        if isinstance(msg, m.OpponentMoved):
            self.computer_moves += 1
            for check in self.before_opponent:
                check(msg)
        i18n.use(self.model.lang)
        return super().send(msg)


class Guest(Page):
    """A guest's page; `after` checks its picture and lines after every message."""

    after = None

    def send(self, msg) -> list:
        i18n.use(self.model.lang)
        effects = super().send(msg)
        if self.after is not None:
            self.after(msg, effects)
        return effects


def guest_page() -> Guest:
    page = Guest("?speed=0")
    page.model = replace(page.model, guesting=Guesting())
    return page


def seat_host(session: Session, guest: int, stored: dict | None = None) -> Host:
    page = Host("?speed=0", stored=stored)
    page.model, effects = arrive(page.model, session, {}, page.now, people=NAMES,
                                 guests=(guest,))
    page.effects += effects
    for e in effects:
        if isinstance(e, m.Store):
            page.stored[e.key] = e.value
    return page


class Channel:
    """The data channel between the host's page and one guest's, pumped as the shell will,
    every message to the guest and every picture of the guest's page checked."""

    def __init__(self, host_page: Host, guest: Guest, seat: int):
        self.host, self.guest, self.seat = host_page, guest, seat
        self.open = False
        self.invited: dict[int, str] = {}  # the host's links before the guest first joined
        self.sent: list | None = None  # the table last sent (its messages but the log's)
        self.known: list = []  # the log the guest has (as the shell keeps it)
        self.received: list[dict] = []  # every message the guest received, decoded
        self.extra: set[str] = set()  # cards the guest itself named (in a forged move)
        self.held = 0  # checks that a computer was due but waited for the guest's look
        self.looks = 0  # pictures of the guest's page with its pile laid out (Memory)
        host_page.before_opponent.append(self.no_move_while_looking)
        guest.after = self.check_picture

    # the channel
    def join(self) -> list:
        self.open, self.sent, self.known = True, None, []
        return self.host.send(talk.GuestJoined(self.seat))

    def leave(self) -> list:
        self.open = False
        return self.host.send(talk.GuestLeft(self.seat))

    def from_guest(self, text) -> list:
        """What the guest says, as the host receives it."""
        return self.host.send(talk.GuestSaid(self.seat, text))

    def to_guest(self, text: str) -> None:
        self.check_message(text)
        self.guest.send(talk.HostSaid(text))  # its picture checked (check_picture)

    def pump(self, limit: int = 10_000) -> None:
        for _ in range(limit):
            moved = False
            effects, self.host.effects = self.host.effects, []
            for e in effects:
                if isinstance(e, talk.ToGuest) and self.open:
                    assert e.seat == self.seat, e
                    self.to_guest(e.text)
                    moved = True
            out = host.outgoing(self.host.model, self.seat, self.known) if self.open else None
            table = news = None
            if out is not None:
                said = [wire.decode(t, wire.FROM_HOST) for t in out]
                news = any(msg.get("log") for msg in said)
                table = [{k: v for k, v in msg.items() if k not in ("log", "log_from")}
                         for msg in said]
            if out is not None and (news or table != self.sent):
                self.sent = table
                self.known = self.host.in_play.session.view(self.seat)["log"]
                for text in out:
                    self.to_guest(text)
                moved = True
            effects, self.guest.effects = self.guest.effects, []
            for e in effects:
                if isinstance(e, talk.ToHost):
                    self.from_guest(e.text)
                    moved = True
            if self.host.opponents():
                moved = True
            if not moved:
                return
        raise AssertionError("the channel never settled")

    # the checks
    def check_message(self, text: str) -> None:
        msg = wire.decode(text, wire.FROM_HOST)  # (a) read as the guest reads it
        kind = msg["kind"]
        assert set(msg) == {"v", "kind"} | set(wire.FROM_HOST[kind]), msg.keys()
        self.received.append(msg)
        in_play = self.host.in_play
        if kind == "deal":  # the whole deal, for the replay: only once the game is over
            assert in_play.session.over(), "the guest is sent the deal before the end"
            assert msg["deal"]["seed"] == in_play.session.seed
            return
        secret = keys_in(msg) & SECRET_KEYS  # (c) nothing but what the guest may know
        assert not secret, (kind, "the host sends what only it knows", secret)
        view = in_play.session.view(self.seat)
        carried = cards_in(text) | named_in_text(text)  # (b) only cards of the guest's view
        leaked = carried - cards_in(view) - self.extra
        assert not leaked, (kind, "the guest is sent cards its seat does not see", leaked)
        if kind in ("view", "log"):  # the log's new events, where they go in it
            start = msg["log_from"]
            assert msg["log"] == view["log"][start:start + len(msg["log"])]
        if kind == "view":
            assert msg["view"] == {k: v for k, v in view.items() if k != "log"}
            assert msg["version"] == in_play.version
            assert msg["log_from"] + len(msg["log"]) == len(view["log"])
            links = self.host.model.sharing.links
            assert msg["away"] == sorted(s for s, st in links.items() if st != "here")
        if kind == "seat":
            assert msg["seat"] == self.seat and msg["game"] == in_play.game

    def check_picture(self, msg, effects: list) -> None:
        """The guest's page shows and says only cards of the view it was sent."""
        guest, in_play = self.guest, self.guest.in_play
        if in_play is None or guest.model.screen != "table":
            return
        view = in_play.session.view()
        allowed = cards_in(view) | self.extra  # (the guest's hint may name a card it forged)
        shown = cards_in_html(guest.picture.html) | named_in_text(guest.picture.title)
        assert shown <= allowed, ("the guest is shown cards not in its view", msg,
                                  shown - allowed)
        for say in effects:
            if isinstance(say, m.Say):
                heard = set().union(*(named_in_text(line) for line in say.lines), set())
                assert heard <= allowed, ("the guest hears of cards not in its view", heard)
        if in_play.game == "memory":
            look = pending(view, in_play.ui)
            assert ('id="look"' in guest.picture.html) == (look is not None)
            if look is not None:
                assert LOOK_CARDS.findall(guest.picture.html) == look["cards"]
                self.looks += 1

    def guest_waits(self) -> bool:
        """The guest's page shows a look that the table waits for (until Ready)."""
        in_play = self.guest.in_play
        return in_play is not None and table_of(in_play).waits(in_play.session.view(),
                                                                in_play.ui)

    def no_move_while_looking(self, msg: m.OpponentMoved) -> None:
        assert not (self.open and self.guest_waits()), \
            ("a computer moved while the guest's look was pending", msg)


@dataclass
class Shared:
    name: str
    options: dict
    people: tuple[int, int]  # (the host's person, the guest)
    seed: int
    moves_seed: int = 0

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.name}-{extra}-guest{self.people[1]}-s{self.seed}"

    def session(self) -> Session:
        return Session(self.name, self.options, self.seed, people=self.people, level="easy")


def table(game: Shared) -> tuple[Host, Guest, Channel]:
    host_page = seat_host(game.session(), game.people[1])
    guest = guest_page()
    channel = Channel(host_page, guest, game.people[1])
    channel.invited = dict(host_page.model.sharing.links)  # the links of a table just seated
    assert channel.invited == {game.people[1]: channel.invited[game.people[1]]} != {
        game.people[1]: "here"}
    channel.join()
    channel.pump()
    return host_page, guest, channel


def choose(page: Page, view: dict, rng: random.Random) -> str:
    """A random legal move from the page's own view (Stump mostly beats, as in the others)."""
    if page.in_play.game == "stump":
        return RULES["stump"].mover(page.in_play.session, view, rng)
    return rng.choice(view["legal"])["text"]


def step(channel: Channel, rng: random.Random) -> bool:
    """One thing done by whoever is to do it, then the channel pumped; False once over."""
    host_page, guest = channel.host, channel.guest
    channel.pump()
    in_play = host_page.in_play
    session = in_play.session
    if session.over():
        return False
    me, them = session.people
    to_act = session.to_act
    ours = table_of(in_play)
    if ours.looking(session.view(me), in_play.ui):  # the host's person's own look
        host_page.send(m.TableAction("ready"))
    elif channel.guest_waits():  # everyone waits for it (the channel checks the computers do)
        if to_act not in session.people:
            assert host_page.opponents() == 0
            channel.held += 1
        elif to_act == me:  # the host's person too: a move now is refused, nothing changes
            version = in_play.version
            host_page.send(m.MoveChosen(choose(host_page, session.view(me), rng)))
            assert host_page.in_play.version == version, "a move while the guest looks"
        guest.send(m.TableAction("ready"))
    elif to_act == me:
        host_page.send(m.MoveChosen(choose(host_page, session.view(me), rng)))
    elif guest.in_play is not None and table_of(guest.in_play).looking(
            guest.in_play.session.view(), guest.in_play.ui):
        guest.send(m.TableAction("ready"))
    elif to_act == them:
        view = guest.in_play.session.view()
        assert view["to_act"] == them and guest.in_play.version == in_play.version, \
            "the guest's view is behind the host's"
        guest.send(m.MoveChosen(choose(guest, view, rng)))
    else:
        raise AssertionError(f"nothing to do, and seat {to_act} does not move")
    channel.pump()
    return True


def play_to_end(channel: Channel, rng: random.Random, limit: int = 5_000) -> int:
    """Play on to the end of the game (Garbage: of the match, the host dealing each next
    hand); how many hands were played."""
    hands = 1
    for _ in range(limit):
        if step(channel, rng):
            continue
        if (channel.host.in_play.session.result() or {}).get("match_over") is not False:
            return hands
        hand = channel.guest.in_play.session.view()["hand_number"]
        channel.guest.send(m.Again(seed=1))  # a guest's Play again: the host's page deals
        assert channel.guest.in_play.session.view()["hand_number"] == hand
        assert not [e for e in channel.guest.effects if isinstance(e, talk.ToHost)]
        channel.host.send(m.Again(seed=100 + hands))
        channel.pump()
        hands += 1
        assert channel.guest.in_play.session.view()["hand_number"] == hands
    raise AssertionError("the game did not end")


def play_until(channel: Channel, rng: random.Random, done, limit: int = 5_000) -> None:
    for _ in range(limit):
        channel.pump()
        if done(channel.host.in_play.session):
            return
        assert step(channel, rng), "the game ended first"
    raise AssertionError("never came")


def snapshot(page: Page) -> tuple:
    in_play = page.in_play
    return (list(in_play.session.state.history), in_play.version, page.model.saved,
            page.stored.get(SAVE_KEY), dict(page.model.sharing.links), in_play.session.to_act,
            dict(in_play.away))


def check_over(host_page: Host, guest: Guest, channel: Channel) -> None:
    """Both pages show the game over; the host's statistics count it for each person."""
    session = host_page.in_play.session
    assert session.over() and guest.in_play.session.over()
    assert guest.in_play.session.view() == session.view(channel.seat)
    for page in (host_page, guest):
        assert OVER.match(page.picture.html), page.picture.html[:120]
        assert GO_TITLE.search(page.picture.html), "no game-over panel"
    view = session.view(channel.seat)
    assert cards_in_view(view) <= cards_in(view)  # (the quicker search finds them all)
    result = session.result()
    if result.get("match_over") is not False:
        people = host_page.model.stats.get("people") or {}
        for name in NAMES:
            played = sum(r["played"] for r in people.get(name, {}).values())
            assert played == 1, (name, people)
        mine = sum(r["played"] for r in guest.model.stats["records"].values())
        assert mine == 1, "the guest's own statistics"


# --- whole games ---------------------------------------------------------------------------------

GAMES = [
    Shared("durak", {"players": 3}, (0, 1), seed=4, moves_seed=1),
    Shared("durak", {"players": 4, "teams": True}, (0, 2), seed=5, moves_seed=2),  # partners
    Shared("stump", {"players": 3}, (0, 1), seed=8, moves_seed=8),
    Shared("garbage", {"players": 2}, (0, 1), seed=2, moves_seed=2),  # a match of 13 hands
    Shared("memory", {"players": 2}, (0, 1), seed=8, moves_seed=5),
    Shared("memory", {"players": 3}, (0, 1), seed=5, moves_seed=5),
    Shared("advantage", {}, (0, 1), seed=10, moves_seed=7),
]


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_whole_game_between_a_host_and_a_guest(game):
    host_page, guest, channel = table(game)
    assert guest.model.guesting.seat == game.people[1] and guest.model.guesting.status == "here"
    assert channel.received[0]["kind"] == "seat" and channel.received[1]["kind"] == "view"
    seed = host_page.in_play.session.seed
    hands = play_to_end(channel, random.Random(game.moves_seed))
    assert hands > 1 if game.name == "garbage" else hands == 1
    check_over(host_page, guest, channel)
    kinds = {msg["kind"] for msg in channel.received}
    assert kinds <= {"seat", "view", "log", "deal"}, kinds
    assert guest.in_play.session.seed is None and seed is not None
    moved = {s for s, _ in host_page.in_play.session.steps}
    assert set(game.people) <= moved, ("both people moved", moved)
    if game.name == "memory":
        assert channel.looks, "the guest was never shown its pile"
        if game.options["players"] == 3:
            assert channel.held, "no computer was ever due while the guest looked"


# --- what a guest may not do ---------------------------------------------------------------------

DURAK = GAMES[0]  # host's person in seat 0, the guest in seat 1, a computer in seat 2


def move(text: str, version: int) -> str:
    return wire.encode("move", text=text, version=version)


def refusals(effects: list, seat: int) -> list[dict]:
    out = [wire.decode(e.text, wire.FROM_HOST) for e in effects if isinstance(e, talk.ToGuest)]
    assert all(e.seat == seat for e in effects if isinstance(e, talk.ToGuest))
    assert all(msg["kind"] == "refused" for msg in out), out
    return out


def worded(reason, lang: str) -> str:
    """A reason as a page speaking `lang` words it under its prompt."""
    i18n.use(lang)
    try:
        return sentence(reason_text(reason))
    finally:
        i18n.use("en")


def hint_shown(guest: Guest) -> str:
    hint = guest.in_play.hint
    assert f'id="hint" role="status">{escape(hint)}</p>' in guest.picture.html
    return hint


def guests_turn(channel: Channel, rng: random.Random, cards: bool = False) -> dict:
    """Play on to the guest's turn (with a move of cards among its legal ones: `cards`);
    the guest's view then."""
    seat = channel.seat

    def ready(session) -> bool:
        if session.to_act != seat or not session.state.history:
            return False
        legal = session.view(seat)["legal"]
        return not cards or any(mv["cards"] for mv in legal)

    play_until(channel, rng, ready)
    return channel.host.in_play.session.view(seat)


def an_illegal_move(channel: Channel) -> tuple[str, object]:
    """A move of the guest's legal kinds with a card of the host's person instead of its own
    (one the guest does not hold), and the engine's reason against it."""
    session = channel.host.in_play.session
    legal = next(mv for mv in session.view(channel.seat)["legal"] if mv["cards"])
    theirs = session.view(session.people[0])["hand"][0]
    text = legal["text"].replace(legal["cards"][0], theirs, 1)
    reason = session.why_not_move(text)
    assert reason and getattr(reason, "message", None), (text, reason)
    channel.extra.add(theirs)  # the guest named it itself: the refusal may name it back
    return text, reason


def test_a_guest_cannot_move_for_the_hosts_person():
    """The host's person is to act; the guest sends one of their legal moves as its own: the
    host refuses it (not the guest's turn), nothing changes, and the game goes on."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(3)
    play_until(channel, rng, lambda s: s.to_act == 0 and len(s.state.history) > 3)
    session = host_page.in_play.session
    text = rng.choice(session.view(0)["legal"])["text"]
    before = snapshot(host_page)
    effects = channel.from_guest(move(text, host_page.in_play.version))
    (refused,) = refusals(effects, 1)
    assert worded(wire.reason_of(refused["reason"]), "en") == "It is not your turn."
    assert refused["version"] == host_page.in_play.version
    assert snapshot(host_page) == before, "the guest moved for the host's person"
    channel.pump()
    assert channel.received[-1] == refused and hint_shown(guest) == "It is not your turn."
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


def test_an_illegal_move_is_refused_with_the_engines_reason():
    """The guest's move that its seat may not make (a card it does not hold): the engine's
    reason goes back as a Reason with its parameters, nothing changes, the game goes on."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(4)
    guests_turn(channel, rng, cards=True)
    text, reason = an_illegal_move(channel)
    before = snapshot(host_page)
    (refused,) = refusals(channel.from_guest(move(text, host_page.in_play.version)), 1)
    assert refused["reason"] == wire.reason_json(reason) and "message" in refused["reason"]
    assert snapshot(host_page) == before
    channel.pump()
    assert hint_shown(guest) == worded(reason, "en")
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


def refused_in_russian(kind: str):
    """The guest's page speaks Russian, the host's English; a refusal of `kind`: the reason,
    and the guest's hint line as it arrived."""
    host_page, guest, channel = table(DURAK)
    guest.send(m.Language("ru"))
    channel.pump()
    assert guest.model.lang == "ru" and host_page.model.lang == "en"
    rng = random.Random(5)
    if kind == "not-your-turn":
        play_until(channel, rng, lambda s: s.to_act == 0)
        text = host_page.in_play.session.view(0)["legal"][0]["text"]
        reason, version = Reason(NOT_YOUR_TURN), host_page.in_play.version
    else:
        view = guests_turn(channel, rng, cards=True)
        if kind == "illegal":
            text, reason = an_illegal_move(channel)
            version = host_page.in_play.version
        else:  # stale: a move sent for the table before the last move
            text, reason = view["legal"][0]["text"], Reason(STALE)
            version = host_page.in_play.version - 1
    before = snapshot(host_page)
    channel.from_guest(move(text, version))
    channel.pump()
    assert snapshot(host_page) == before
    assert channel.received[-1]["kind"] == "refused"
    return reason, hint_shown(guest)


@pytest.mark.parametrize("kind", ["illegal", "not-your-turn", "stale"])
def test_a_refusal_is_worded_on_the_guests_page_in_its_language(kind):
    """The host's page speaks English, the guest's Russian: every refusal the guest gets
    (the engine's, and the host's own: not its turn, a move for an older table) is carried as
    a Reason and worded by the guest's page, in Russian."""
    reason, hint = refused_in_russian(kind)
    assert hint == worded(reason, "ru") != worded(reason, "en"), hint
    assert re.search("[а-яё]", hint.lower()), hint


def test_a_move_for_an_older_table_is_refused():
    """A guest's move sent before the table changed (its version is behind): refused with
    "look again", nothing changes; the guest's move for the table as it is then goes."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(6)
    view = guests_turn(channel, rng)
    text = view["legal"][0]["text"]
    before = snapshot(host_page)
    for version in (host_page.in_play.version - 1, host_page.in_play.version + 1, 0):
        (refused,) = refusals(channel.from_guest(move(text, version)), 1)
        assert wire.reason_of(refused["reason"]) == STALE or reason_text(
            wire.reason_of(refused["reason"])) == STALE
        assert refused["version"] == host_page.in_play.version
        assert snapshot(host_page) == before
    channel.pump()
    assert hint_shown(guest) == sentence(STALE)
    guest.send(m.MoveChosen(text))  # as the guest's page sends it: with the version it shows
    channel.pump()
    assert host_page.in_play.session.state.history[len(before[0])] == text
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


def junk(text: str, version: int) -> dict[str, object]:
    """Messages a guest may not send, by what is wrong with them (`text` a move it could
    make, `version` the table's)."""
    good = {"v": wire.VERSION, "kind": "move", "text": text, "version": version}
    dumps = json.dumps
    return {
        "not-json": "{this is not json",
        "empty": "",
        "not-text-int": 12345,
        "not-text-none": None,
        "not-text-bytes": dumps(good).encode(),
        "not-text-dict": good,
        "json-array": dumps([good]),
        "json-string": dumps(dumps(good)),
        "json-number": "1",
        "wrong-version": dumps({**good, "v": wire.VERSION + 1}),
        "no-version": dumps({k: v for k, v in good.items() if k != "v"}),
        "version-as-text": dumps({**good, "v": "1"}),
        "unknown-kind": dumps({**good, "kind": "undo"}),
        "no-kind": dumps({k: v for k, v in good.items() if k != "kind"}),
        "extra-field-seat": dumps({**good, "seat": 0}),
        "extra-field-seed": dumps({**good, "seed": 1}),
        "too-long": dumps({**good, "text": text + " " * 70_000}),
        "bool-version": dumps({**good, "version": True}),
        "float-version": dumps({**good, "version": float(version)}),
        "text-version": dumps({**good, "version": str(version)}),
        "missing-text": dumps({k: v for k, v in good.items() if k != "text"}),
        "text-not-string": dumps({**good, "text": text.split()}),
        "ui-not-object": dumps({"v": wire.VERSION, "kind": "ui", "ui": [1]}),
        "ui-bad-key": dumps({"v": wire.VERSION, "kind": "ui", "ui": {"seat": 0}}),
        "ui-bad-value": dumps({"v": wire.VERSION, "kind": "ui", "ui": {"dismissed": "9"}}),
        "ui-bool": dumps({"v": wire.VERSION, "kind": "ui", "ui": {"dismissed": True}}),
        "bye-with-field": dumps({"v": wire.VERSION, "kind": "bye", "seat": 1}),
    }


JUNK = list(junk("attack 6S", 3))
# booleans where a whole number belongs, in the envelope's version too (true == 1 in Python)
BOOL_ENVELOPE = {"bool-v": {"v": True}, "float-v": {"v": float(wire.VERSION)}}


def assert_dropped(channel: Channel, effects: list, before: tuple, what: str) -> None:
    host_page = channel.host
    notes = [e for e in effects if isinstance(e, m.Console)]
    assert [e for e in effects if not isinstance(e, m.Console)] == [], (what, effects)
    assert len(notes) == 1 and notes[0].level == "warn", (what, notes)
    assert f"guest in seat {channel.seat + 1}" in notes[0].text, notes[0].text
    assert snapshot(host_page) == before, (what, "the host's state changed")


def test_junk_from_a_guest_is_dropped_with_a_note_and_the_game_goes_on():
    """Every message a guest may not send, while a move is the guest's to make: each dropped
    with a warning in the host's console, the game, its version and its save unchanged, and
    nothing sent back; then the game goes on to its end."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(7)
    view = guests_turn(channel, rng)
    text = view["legal"][0]["text"]
    before = snapshot(host_page)
    for what, message in junk(text, host_page.in_play.version).items():
        assert_dropped(channel, channel.from_guest(message), before, what)
    channel.pump()
    assert host_page.in_play.session.to_act == 1 and not host_page.in_play.session.over()
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


@pytest.mark.parametrize("what", list(BOOL_ENVELOPE))
def test_a_message_whose_envelope_version_is_not_a_whole_number_is_dropped(what):
    """`{"v": true}` or `{"v": 1.0}` is not version 1 of the protocol (a bool where a whole
    number belongs), as a bool version of a move is not a version."""
    host_page, guest, channel = table(DURAK)
    view = guests_turn(channel, random.Random(8))
    good = {"v": wire.VERSION, "kind": "move", "text": view["legal"][0]["text"],
            "version": host_page.in_play.version}
    before = snapshot(host_page)
    message = json.dumps({**good, **BOOL_ENVELOPE[what]})
    assert_dropped(channel, channel.from_guest(message), before, what)  # the move is made
    with pytest.raises(wire.WireError):
        wire.decode(message, wire.FROM_GUEST)


def test_a_message_from_a_seat_that_is_no_guest_or_from_a_guest_away_is_ignored():
    """The host hears only its guests, each while it is here: a message from the host's
    person's seat, a computer's seat, a seat out of the game, or a guest that left, is
    ignored (nothing said, nothing changed); the guest that comes back plays on."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(9)
    play_until(channel, rng, lambda s: s.to_act == 0 and len(s.state.history) > 2)
    version = host_page.in_play.version
    before = snapshot(host_page)
    for seat in (0, 2, 3, -1, 7):
        text = host_page.in_play.session.view(0)["legal"][0]["text"]
        effects = host_page.send(talk.GuestSaid(seat, move(text, version)))
        assert effects == [] and snapshot(host_page) == before, seat
        assert host_page.send(talk.GuestSaid(seat, "junk")) == [], seat
        assert host_page.send(talk.GuestJoined(seat)) == [] and snapshot(host_page) == before
        assert host_page.send(talk.GuestLeft(seat)) == [] and snapshot(host_page) == before
    view = guests_turn(channel, rng)
    assert channel.leave() == []
    assert host_page.model.sharing.links == {1: "away"}
    before = snapshot(host_page)
    version = host_page.in_play.version
    for message in (move(view["legal"][0]["text"], version), "junk", 5,
                    wire.encode("ui", ui={"dismissed": 1}), wire.encode("bye")):
        assert channel.from_guest(message) == [] and snapshot(host_page) == before, message
    (welcome,) = [e for e in channel.join() if isinstance(e, talk.ToGuest)]
    assert welcome.seat == 1 and wire.decode(welcome.text, wire.FROM_HOST)["kind"] == "seat"
    channel.pump()
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


# --- a guest that leaves, a host that reloads ----------------------------------------------------

def test_a_guest_leaves_and_rejoins_and_nothing_plays_its_seat_meanwhile():
    host_page, guest, channel = table(DURAK)
    rng = random.Random(10)
    play_until(channel, rng, lambda s: s.to_act == 0 and len(s.state.history) > 6)
    received = len(channel.received)
    assert channel.leave() == []
    assert host_page.model.sharing.links == {1: "away"}
    out = wire.decode(host.outgoing(host_page.model, 1)[-1], wire.FROM_HOST)
    assert out["away"] == [1]
    # the others play on to the guest's turn; there everything waits for the guest
    for _ in range(200):
        session = host_page.in_play.session
        if session.to_act == 1:
            break
        if session.to_act == 0:
            host_page.send(m.MoveChosen(rng.choice(session.view(0)["legal"])["text"]))
        channel.pump()  # the channel is closed: nothing reaches the guest
    else:
        raise AssertionError("the guest's turn never came")
    assert len(channel.received) == received, "the guest heard while it was away"
    before = snapshot(host_page)
    moves = host_page.computer_moves
    assert host_page.opponents() == 0 and host_page.computer_moves == moves
    assert opponents.due(host_page.model) is None
    channel.pump()
    assert snapshot(host_page) == before, "someone played the seat of the guest away"
    assert wire.decode(host.outgoing(host_page.model, 1)[-1], wire.FROM_HOST)["away"] == [1]
    # it comes back: welcome first, then the table as it is now
    (welcome,) = [e for e in channel.join() if isinstance(e, talk.ToGuest)]
    assert welcome.seat == 1 and wire.decode(welcome.text, wire.FROM_HOST)["kind"] == "seat"
    channel.pump()
    kinds = [msg["kind"] for msg in channel.received[received:]]
    assert kinds[0] == "seat" and kinds[-1] == "view" and set(kinds[1:-1]) <= {"log"}, kinds
    assert channel.received[received + 1]["log_from"] == 0, "the log is sent again, whole"
    assert channel.received[-1]["away"] == [] and host_page.model.sharing.links == {1: "here"}
    assert guest.in_play.session.view() == host_page.in_play.session.view(1)
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


@pytest.mark.parametrize("game", [DURAK, GAMES[5]], ids=str)
def test_the_host_reloads_and_its_guest_is_invited_again(game):
    """The host's page reloads mid-game: the stored game comes back with its guest, invited
    (not here), and the same moves; the guest joins the new page and the game finishes."""
    host_page, guest, channel = table(game)
    rng = random.Random(11)
    play_until(channel, rng, lambda s: len(s.state.history) > 8 and s.to_act == 1)
    assert SAVE_KEY in host_page.stored
    saved = json.loads(host_page.stored[SAVE_KEY])
    assert saved["guests"] == [1]
    fresh = Host("?speed=0", stored=dict(host_page.stored))
    in_play = fresh.in_play
    assert fresh.model.screen == "table" and in_play is not None
    links = fresh.model.sharing.links
    assert in_play.guests == (1,) and links == channel.invited, links
    assert in_play.session.state.history == host_page.in_play.session.state.history
    assert in_play.seat == 0 and tuple(in_play.people) == NAMES
    assert wire.decode(host.outgoing(fresh.model, 1)[-1], wire.FROM_HOST)["away"] == [1]
    assert fresh.opponents() == 0, "a computer played while the guest was not back"
    channel = Channel(fresh, guest, 1)
    channel.join()
    channel.pump()
    assert fresh.model.sharing.links == {1: "here"}
    assert [msg["kind"] for msg in channel.received] == ["seat", "view"]
    assert guest.in_play.session.view() == fresh.in_play.session.view(1)
    play_to_end(channel, rng)
    check_over(fresh, guest, channel)


# --- the wire's size ---------------------------------------------------------------------------

def test_a_long_game_still_fits_on_the_wire():
    """A Memory game of two people that runs long: its view with the whole log would not fit
    in one message; the log goes in parts, each message within the size limit, and the
    guest's page puts the view together, whole, when it joins and when it joins again."""
    session = Session("memory", {"players": 2}, 1, people=(0, 1))
    rng = random.Random(1)
    while len(json.dumps(session.view(1), separators=(",", ":"))) <= wire.MAX_CHARS:
        assert not session.over()
        session.play_human(rng.choice(session.view(session.to_act)["legal"])["text"])
    host_page = seat_host(session, 1)
    guest = guest_page()
    channel = Channel(host_page, guest, 1)
    for _ in range(2):  # (again: the whole log, anew)
        channel.received.clear()
        channel.join()
        channel.pump()
        kinds = [msg["kind"] for msg in channel.received]
        assert kinds[0] == "seat" and kinds[-1] == "view" and "log" in kinds, kinds
        assert guest.in_play.session.view() == host_page.in_play.session.view(1)
        channel.leave()
    channel.join()
    for _ in range(6):  # and the game goes on, each new event sent once
        assert step(channel, rng)
        assert guest.in_play.session.view() == host_page.in_play.session.view(1)
    assert len(channel.received[-1]["log"]) < 10


def test_the_hosts_undo_takes_events_off_the_guests_log():
    """The host's person takes a move back (and the computer's reply): the guest's log loses
    the events the host's lost, and its view is the host's again."""
    host_page, guest, channel = table(DURAK)
    rng = random.Random(12)
    for _ in range(500):
        session = host_page.in_play.session
        if session.to_act != 0 and session.state.history and not session.why_no_undo(0):
            break
        assert step(channel, rng)
    else:
        raise AssertionError("the host's person could never undo")
    log = len(session.view(1)["log"])
    host_page.send(m.Undo())
    channel.pump()
    after = host_page.in_play.session
    assert len(after.state.history) < len(session.state.history)
    assert len(after.view(1)["log"]) < log
    assert guest.in_play.session.view() == after.view(1)
    assert channel.received[-1]["log_from"] <= len(after.view(1)["log"])
    play_to_end(channel, rng)
    check_over(host_page, guest, channel)


def test_a_view_sent_again_leaves_the_guests_page_as_it_was():
    """The shell (links.py) sends `outgoing` again whenever its text differs from the last
    one sent; once the guest has the log, the same table comes with another `log_from`, so
    the guest gets each view twice. The second, with nothing new, must not take the cards
    that just arrived out of the guest's picture's motion (nor change the page at all)."""
    host_page, guest, channel = table(DURAK)
    play_until(channel, random.Random(13), lambda s: len(s.state.history) >= 3)
    if host_page.in_play.session.to_act == 0:  # a move the shell has not sent yet
        host_page.send(m.MoveChosen(host_page.in_play.session.view(0)["legal"][0]["text"]))
        host_page.opponents()
    first = host.outgoing(host_page.model, 1, channel.known)
    for text in first:
        channel.to_guest(text)
    channel.known = host_page.in_play.session.view(1)["log"]
    motion, picture = guest.in_play.motion, guest.picture
    again = host.outgoing(host_page.model, 1, channel.known)
    assert again[-1] != first[-1]  # what links.subscribe compares: it sends this too
    for text in again:
        channel.to_guest(text)
    assert guest.in_play.motion == motion, "the arrivals' motion is gone"
    assert guest.picture == picture


def test_people_at_the_host_s_device_and_a_guest_share_one_table():
    """Two people pass the host's device between them while a guest plays from elsewhere: the
    device never goes to the guest's seat, the guest's moves come over the channel, and the
    game ends with the three of them named."""
    host_page = Page("?speed=0")
    session = Session("durak", {"players": 3}, 5, people=(0, 1, 2), level="easy")
    host_page.model, _ = arrive(host_page.model, session, {}, host_page.now,
                                people=("Ann", "Cleo", "Boris"), guests=(2,))
    guest = Page("?speed=0")
    guest.model = replace(guest.model, guesting=Guesting())
    host_page.send(talk.GuestJoined(2))
    sent, known, rng, handed = {}, {}, random.Random(5), set()

    def pump():
        for _ in range(50):
            moved = False
            for e in host_page.effects:
                if isinstance(e, talk.ToGuest):
                    guest.send(talk.HostSaid(e.text))
                    moved = True
            host_page.effects.clear()
            log = host_page.in_play.session.view(2)["log"]
            steady = host.outgoing(host_page.model, 2, log)
            if steady != sent.get(2):
                for text in host.outgoing(host_page.model, 2, known.get(2, ())):
                    guest.send(talk.HostSaid(text))
                sent[2], known[2], moved = steady, log, True
            for e in guest.effects:
                if isinstance(e, talk.ToHost):
                    host_page.send(talk.GuestSaid(2, e.text))
                    moved = True
            guest.effects.clear()
            if not moved:
                return

    for _ in range(3000):
        pump()
        in_play = host_page.in_play
        if in_play.session.over():
            break
        to = pass_to(in_play)
        if to is not None:
            assert to in (0, 1), "the device went to the guest's seat"
            handed.add(to)
            host_page.send(sem.TakeSeat(to))
        elif in_play.session.to_act == 2:
            view = guest.in_play.session.view()
            guest.send(m.MoveChosen(rng.choice(view["legal"])["text"]))
        else:
            view = in_play.session.view(in_play.seat)
            host_page.send(m.MoveChosen(rng.choice(view["legal"])["text"]))
    assert host_page.in_play.session.over() and handed == {0, 1}
    assert guest.in_play.session.over()
    title = re.search(r'<h2 id="go-title">([^<]*)', host_page.picture.html)[1]
    winners = [n for s, n in zip((0, 1, 2), ("Ann", "Cleo", "Boris"))
               if host_page.in_play.session.result()["places"][s] == 1]
    assert all(n in title for n in winners)
