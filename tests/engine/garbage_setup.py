"""Helpers for the Garbage tests: build a position from text, and count cards.

    state = arrange({0: "? ? 7C ? ? ? QD ? ? ?"}, stock="3H", to_act=0)

`layouts` gives the named seats' layouts, position 1 first: one word per position, so the
number of words is the seat's layout size.  A card is face down ("7C"), or face up with a
"+" ("+7C"); "?" is a face-down card nobody cares about, taken from the free cards.  Every
other seat gets `sizes[seat]` (default 10) free face-down cards.

`stock` lists the stock from the top down, `discard` the discard pile from the bottom to the
top, `holding` a wild waiting for its position.  The cards nobody was given (the "rest") go
under the named stock (`rest="stock"`, the default) or under the named discard
(`rest="discard"`), so that the packs are always all somewhere: layouts + stock + discard +
holding is every card of the packs, as in a real hand.

The free cards are handed out dead ranks first (queens and kings; queens and jacks when
kings are wild), then 10s, 9s… down to aces, and the wild cards last, so that a "?" turned up
by a chain usually ends it.

`to_act` is the seat to play; the dealer defaults to the seat on his right and the hand's
first player to him.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import protocol_checks as checks
from kozyr.cards import card, cards, deck
from kozyr.garbage import GARBAGE, GarbageState, packs_for
from protocol_checks import CARD_TOKEN, texts  # noqa: F401  (used by the tests)


def packs(players: int) -> Counter:
    """Every card of the packs for that many players, as a multiset."""
    return Counter(deck(52, packs_for(players)))


def arrange(layouts: dict[int, str], stock: str = "", discard: str = "", to_act: int = 0,
            holding: str | None = None, players: int | None = None,
            sizes: dict[int, int] | None = None, dealer: int | None = None,
            first: int | None = None, rest: str = "stock", finishers: tuple[int, ...] = (),
            last_turns: tuple[int, ...] = (), hand: int = 1, **options) -> GarbageState:
    n = players if players is not None else max(2, max({*layouts, to_act}) + 1)
    state = GARBAGE.new_game({"players": n, **options}, seed=0,
                             match={"hand": hand} if hand != 1 else None)
    free = packs(n)
    words = {seat: text.split() for seat, text in layouts.items()}
    named = [card(w.lstrip("+")) for ws in words.values() for w in ws if w != "?"]
    named += cards(stock) + cards(discard) + ([card(holding)] if holding else [])
    free.subtract(named)
    assert min(free.values(), default=0) >= 0, \
        f"more copies than the packs hold: {sorted(str(c) for c, k in free.items() if k < 0)}"
    wild = "K" if options.get("wild") == "kings" else "J"
    order = [r for r in ("Q", "K", "J") if r != wild] + \
        ["10", "9", "8", "7", "6", "5", "4", "3", "2", "A", wild]
    spare = [c for r in reversed(order) for c in reversed(deck(52)) if c.rank == r
             for _ in range(free[c])]

    def take_free() -> object:
        assert spare, "no free card left"
        return spare.pop()  # the dead ranks first, then 10s, 9s… and the wild cards last

    state.sizes = [len(words[s]) if s in words else (sizes or {}).get(s, 10) for s in range(n)]
    state.layouts, state.up = [], []
    for seat in range(n):
        row, ups = [], []
        for w in words.get(seat, ["?"] * state.sizes[seat]):
            if w == "?":
                row.append(take_free())
                ups.append(False)
            else:
                row.append(card(w.lstrip("+")))
                ups.append(w.startswith("+"))
        state.layouts.append(row)
        state.up.append(ups)
    if rest == "stock":
        state.stock = list(reversed(cards(stock) + spare))  # the engine keeps the top last
        state.discard = cards(discard)
    else:
        assert rest == "discard"
        state.stock = list(reversed(cards(stock)))
        state.discard = spare + cards(discard)
    state.holding = card(holding) if holding else None
    state.to_act = to_act
    state.first = to_act if first is None else first
    state.dealer = (state.first - 1) % n if dealer is None else dealer
    state.finishers, state.last_turns = list(finishers), list(last_turns)
    state.finished = False
    state.history, state.log = [], []
    assert all_cards(state) == packs(n), "arrange lost or doubled a card"
    return state


play = partial(checks.play, GARBAGE)
legal = partial(checks.legal, GARBAGE)
refused = partial(checks.refused, GARBAGE)
snapshot = partial(checks.snapshot, GARBAGE)
views_json = partial(checks.views_json, GARBAGE)


def all_cards(state: GarbageState) -> Counter:
    """Every card: layouts, stock, discard and the card in hand."""
    every = [c for row in state.layouts for c in row] + state.stock + state.discard
    return Counter(every + ([state.holding] if state.holding is not None else []))


def conserved(state: GarbageState) -> bool:
    return all_cards(state) == packs(state.players)


def public_cards(state: GarbageState) -> Counter:
    """The card texts everyone may see: face-up layout cards, the discard, the card in hand."""
    up = [str(c) for row, ups in zip(state.layouts, state.up) for c, u in zip(row, ups) if u]
    held = [str(state.holding)] if state.holding is not None else []
    return Counter(up + [str(c) for c in state.discard] + held)


def row(state: GarbageState, seat: int) -> list[str | None]:
    """A seat's layout as a view shows it: face-up cards by text, face-down ones None."""
    return [str(c) if u else None for c, u in zip(state.layouts[seat], state.up[seat])]


def events(state: GarbageState, event: str) -> list[dict]:
    return [e for e in state.log if e["event"] == event]


def visible(view: dict) -> list[str]:
    """The card texts a view shows, but for its log and its legal moves (which name only
    the top of the discard and the card in hand), sorted."""
    shown = {k: v for k, v in view.items() if k not in ("log", "legal")}
    return sorted(CARD_TOKEN.findall(json.dumps(shown)))
