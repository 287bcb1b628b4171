"""Speech bubbles (ui/parts/bubbles.py) on CPython: every game's seeded game stepped through
its moves, drawn from seat 0's view after each the way the page draws it. After a move an
opponent voices ("I'll take", "Garbage!", "Higher!"), that seat's bubble shows that word,
beside its name plate, marked with the move's event; the person's own seat never has one;
a seat that acts again in a later turn without a word loses its bubble; bubbles are hidden
from screen readers (the log says the move). In Russian too, and with several people at one
device (the others' seats are opponents to the one holding it)."""
from __future__ import annotations

import random
import re

import pytest

from kozyr.session import Session
from ui import i18n
from ui.parts.look import Look
from ui.parts.words import seat_names
from ui.tables import TABLES

BUBBLE = re.compile(r'<span class="bubble b-([\w-]+)" data-said="(\d+):(\d+):([\w-]+)" '
                    r'aria-hidden="true"(?: data-wait="([\d.]+)")?>([^<]*)</span>')
PLATE = re.compile(r'<div class="nameplate[^"]*">')


def durak_word(ev: dict) -> tuple[str, str] | None:
    kind = ev.get("event")
    words = {"take": "I'll take", "pass": "Done", "transfer": "Transfer!", "show": "Transfer!",
             "beaten": "Beaten!"}
    return (kind, words[kind]) if kind in words else None


def stump_word(ev: dict) -> tuple[str, str] | None:
    if ev.get("event") == "stump":
        return "stump", "My stump!"
    if ev.get("event") == "take":
        return "take", "Took the pile" if ev.get("whole") else f"Took {ev['count']}"
    return None


def garbage_word(ev: dict) -> tuple[str, str] | None:
    words = {"discard": "Garbage!", "complete": "Complete!"}
    return (ev["event"], words[ev["event"]]) if ev.get("event") in words else None


def memory_word(ev: dict) -> tuple[str, str] | None:
    if ev.get("event") != "call":
        return None
    return ev["call"], {"higher": "Higher!", "lower": "Lower!", "same": "Same!"}[ev["call"]]


def advantage_word(ev: dict) -> tuple[str, str] | None:
    kind = ev.get("event")
    if kind == "pair":
        return "pair", "+"  # "+2 pairs": the pairs laid in a row
    return {"exchange": ("exchange", "Swap!"), "pass": ("pass", "Pass")}.get(kind)


# game, options, seed, moves at most, what a voiced event says, the words the game must show
GAMES = [
    ("durak", {"players": 3, "transfer": True}, 8, 400, durak_word,
     {"I'll take", "Done", "Beaten!", "Transfer!"}),
    ("stump", {"players": 4}, 3, 400, stump_word, {"Took the pile", "My stump!"}),
    ("garbage", {"players": 3}, 3, 400, garbage_word, {"Garbage!"}),
    ("memory", {"players": 3}, 5, 300, memory_word, {"Higher!", "Lower!", "Same!"}),
    ("advantage", {"players": 2}, 3, 400, advantage_word, {"Swap!", "Pass", "+"}),
]


def bubbles(html: str) -> dict[int, tuple[str, int, str, float, str]]:
    """The bubbles of a picture by seat: (class, event index, kind, wait, words); each inside
    the name plate of its own seat."""
    out = {}
    for m in BUBBLE.finditer(html):
        cls, seat, index, kind, wait, words = m.groups()
        seat = int(seat)
        assert seat not in out, f"two bubbles by seat {seat}"
        assert cls == kind
        before = html[:m.start()]
        plate = list(PLATE.finditer(before))[-1]  # it sits in the plate, after its face
        assert "</div>" not in before[plate.end():], "a bubble outside its name plate"
        assert before.rfind('data-seat="') == before.rfind(f'data-seat="{seat}"'), \
            "a bubble by another seat's plate"
        out[seat] = (cls, int(index), kind, float(wait or 0), words)
    assert html.count('class="bubble') == len(out), "a bubble not drawn the shared way"
    return out


def play(game: str, options: dict, seed: int, limit: int, human: int = 0,
         people: tuple[int, ...] = ()):
    """Random legal moves; after each, the picture of `human`'s view as the page draws it.
    Yields (mover, the log's new events with their indexes, the bubbles, the picture)."""
    table = TABLES[game]
    session = Session(game, options, seed=seed, human=None, level="easy")
    names = tuple(seat_names(options["players"], human))
    rng = random.Random(seed)
    before = session.view(human)
    for _ in range(limit):
        if session.over():
            return
        mover = session.to_act
        session.game.apply(session.state, rng.choice(session.view(mover)["legal"])["text"])
        v = session.view(human)
        fresh = frozenset(table.arrivals(v) - table.arrivals(before))
        html = table.render(v, Look(names=names, human=human, fresh=fresh, acted=mover,
                                    people=people))
        new = list(enumerate(v["log"]))[len(before["log"]):]
        yield mover, new, bubbles(html), html
        before = v


@pytest.mark.parametrize("game, options, seed, limit, word, must", GAMES, ids=[g[0] for g in GAMES])
def test_an_opponent_says_its_move_by_its_seat(game, options, seed, limit, word, must):
    seen, gone = set(), 0
    since: dict[int, set[int]] = {}  # seat -> the seats that moved since its latest word
    for mover, new, shown, html in play(game, options, seed, limit):
        assert 0 not in shown, "a bubble by the person's own seat"
        others = since.get(mover, set()) - {mover}  # who moved since the mover's word
        for seat in since:
            since[seat].add(mover)
        for seat in {ev.get("seat") for _i, ev in new} - {None, 0}:
            said = [(i, word(ev)) for i, ev in new if ev.get("seat") == seat and word(ev)]
            if not said:
                continue
            i, (kind, words) = said[-1]  # the latest word of the move is the one shown
            assert seat in shown, (game, seat, words, "no bubble after the move that says it")
            cls, index, shown_kind, _wait, text = shown[seat]
            assert (index, shown_kind) == (i, kind), (game, seat, shown[seat], i, kind)
            assert text.startswith(words) if words == "+" else text == words, (text, words)
            seen.add(words)
            since[seat] = set()
        if mover != 0 and others and since[mover]:
            # the seat acts again, without a word, after others have moved since its word
            assert mover not in shown, (game, mover, "a bubble outlived the seat's turn")
            gone += 1
    assert must <= seen, (game, must - seen)
    assert gone or game == "memory", "no seat acted again without a word"  # (every turn calls)


def test_garbage_says_garbage_when_its_chain_reaches_the_discard():
    """A fresh word waits for the chain's steps (data-wait); drawn again later, it does not."""
    waited = 0
    for mover, new, shown, html in play("garbage", {"players": 2}, 4, 200):
        chain = [ev["event"] for _i, ev in new if ev.get("seat") == 1
                 and ev.get("event") in ("draw", "take", "place", "discard")]
        if mover == 1 and chain and chain[-1] == "discard":
            # a chain that starts with a wild placed from the hand shows it there a step first
            steps = len(chain) - 1 + (chain[0] == "place")
            assert shown[1][2] == "discard" and shown[1][3] == pytest.approx(steps * 0.42)
            waited += steps > 0
        elif 1 in shown:
            assert shown[1][3] == 0  # drawn again, it waits no more
    assert waited


def test_bubbles_in_russian():
    """The words come in the page's language: Durak's take is «Беру»; every bubble is in the
    catalogue's words where it has them, the English id otherwise."""
    i18n.use("ru")
    try:
        taken = 0
        for mover, new, shown, html in play("durak", {"players": 3}, 8, 200):
            for seat, (cls, index, kind, wait, words) in shown.items():
                assert words == i18n.p_("bubble", durak_word({"event": kind})[1])
                if kind == "take":
                    assert words == "Беру"
                    taken += 1
        assert taken
    finally:
        i18n.use("en")


def test_several_people_at_one_device_see_each_others_words():
    """With two people sharing the device, the one holding it sees the other's words (seat 0
    is an opponent to seat 1) and never their own."""
    seen = set()
    for mover, new, shown, html in play("durak", {"players": 3}, 8, 300, human=1,
                                        people=(0, 1)):
        assert 1 not in shown
        seen |= set(shown)
    assert 0 in seen and 2 in seen
