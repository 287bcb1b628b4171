"""Helpers for the Memory tests: build a position from text, and count cards.

    state = arranged(piles={0: "8H KS"}, centre="9D JC", to_act=0)

`piles` gives the named seats' piles from the top down.  The cards nobody was given (the
"rest") go under the pile of seat `rest` (default: the last seat), in deck order, so that
piles + centre is always the whole deck, as in a real deal.  `centre` lists the centre from
the bottom to the top.

Every seat has been shown its arranged pile once (a "deal" showing), so `recall` works from
the start.  With an empty centre the turn of `to_act` begins as the engine begins every
turn: his top card is turned as a start card (and with `pagat_start` the turn passes on).
With cards in the centre, they lie there from earlier turns and `to_act` is to call.

The dealer defaults to `to_act`; `calls` and `looking` set the call count and the seats whose
black-ace look is lasting (R1.7).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import protocol_checks as checks
from kozyr.cards import cards, deck
from kozyr.memory import MEMORY, MemoryState
from protocol_checks import CARD_TOKEN, texts  # noqa: F401  (used by the tests)


def arranged(piles: dict[int, str], centre: str = "", to_act: int = 0,
             players: int | None = None, dealer: int | None = None, rest: int | None = None,
             calls: int = 0, looking: list[int] = (), **options) -> MemoryState:
    n = players if players is not None else max(2, max({*piles, to_act}) + 1)
    state = MEMORY.new_game({"players": n, **options}, seed=0)
    named = {s: cards(text) for s, text in piles.items()}
    middle = cards(centre)
    given = [c for pile in named.values() for c in pile] + middle
    assert len(set(given)) == len(given), "a card is named twice"
    full = deck(state.options["deck"])
    assert set(given) <= set(full), "a named card is not in this deck"
    spare = [c for c in full if c not in set(given)]
    rest = n - 1 if rest is None else rest
    state.piles = [named.get(s, []) + (spare if s == rest else []) for s in range(n)]
    state.centre = middle
    state.dealer = to_act if dealer is None else dealer
    state.calls, state.looking, state.winners = calls, list(looking), []
    state.history = []
    state.log = [{"event": "deal", "seat": state.dealer,
                  "sizes": [len(p) for p in state.piles]}]
    state.showings = [[{"at": 1, "why": "deal", "until": "ready", "cards": texts(pile)}]
                      for pile in state.piles]
    assert all_cards(state) == Counter(full), "arranged lost or doubled a card"
    state.to_act = to_act
    if not middle:
        MEMORY._start_turn(state, to_act)  # the engine's own turn start: the start card
    return state


play = partial(checks.play, MEMORY)
legal = partial(checks.legal, MEMORY)
refused = partial(checks.refused, MEMORY)
snapshot = partial(checks.snapshot, MEMORY)


def all_cards(state: MemoryState) -> Counter:
    """Every card: the piles and the centre."""
    return Counter([c for pile in state.piles for c in pile] + state.centre)


def conserved(state: MemoryState) -> bool:
    return all_cards(state) == Counter(deck(state.options["deck"]))


def pile(state: MemoryState, seat: int) -> list[str]:
    return texts(state.piles[seat])


def events(state: MemoryState, event: str) -> list[dict]:
    return [e for e in state.log if e["event"] == event]


def public_cards(log: list[dict], centre) -> set[str]:
    """The card texts everyone has seen: turned face up (in the log) or open in the centre."""
    return set(CARD_TOKEN.findall(json.dumps(log))) | set(texts(centre))


def secrets(state: MemoryState, seat: int) -> set[str]:
    """The cards of the other seats' piles that were never face up: no view of `seat` may
    name them."""
    public = public_cards(state.log, state.centre)
    return {str(c) for s, p in enumerate(state.piles) if s != seat for c in p} - public
