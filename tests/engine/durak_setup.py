"""Helpers for the Durak tests: build a position from text, and compare states.

    state = arrange(hands={0: "8C 9H", 1: "10S JS 7D"}, stock="", trump="6D",
                    attacker=0, bout=2, transfer=True)

`hands` gives every seat's cards; seats not named hold nothing.  `stock` lists
the stock from the top down; its last card is the face-up trump card under the
stock (so `stock="KS QS 6D"` has 6D as the trump card); a number instead takes
that many cards nobody holds, the lowest free ♦ (or `trump`) at the bottom.  With an empty stock,
`trump` names the card that fixed the trump suit.  Every other card of the deck
is put on the discard pile, so the cards are conserved as in a real deal.  The
bout counter is set so that the bout about to start is bout number `bout`, and
the engine's own `_start_bout` starts it with `attacker` leading.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import protocol_checks as checks
from kozyr.cards import Card, card, cards, deck
from kozyr.durak import DURAK, DurakState
from protocol_checks import hand  # noqa: F401  (used by the tests)


def arrange(hands: dict[int, str], stock: str | int = "", trump: str | None = None, attacker: int = 0,
            bout: int = 2, players: int | None = None, dealer: int | None = None,
            out: tuple[int, ...] = (), **options) -> DurakState:
    n = players if players is not None else max(hands) + 1
    state = DURAK.new_game({"players": n, **options}, seed=0)
    held = [cards(hands.get(seat, "")) for seat in range(n)]
    if isinstance(stock, int):
        pile = _spare_stock(state.options["deck"], held, stock, trump)
    else:
        pile = cards(stock)  # top first
    if pile:
        trump_card = pile[-1] if trump is None else card(trump)
        assert pile[-1] == trump_card, "the trump card lies at the bottom of the stock"
    else:
        trump_card = card(trump or "6D")
    used = [c for cards_ in held for c in cards_] + pile
    assert len(set(used)) == len(used), f"a card is used twice: {sorted(map(str, used))}"
    full = deck(state.options["deck"])
    assert all(c in full for c in used), "a card is not in this deck"
    state.hands = held
    state.known = [set() for _ in range(n)]
    state.stock = list(reversed(pile))  # the engine keeps the top at the end
    state.trump = trump_card
    state.discard = [c for c in full if c not in used]
    state.out = list(out)
    state.dealer = (attacker - 1) % n if dealer is None else dealer
    state.bout = bout - 1
    state.fool, state.losers, state.finished = None, [], False
    state.history, state.log = [], []
    DURAK._start_bout(state, attacker)
    return state


def _spare_stock(size: int, held: list[list[Card]], count: int, trump: str | None) -> list[Card]:
    """`count` cards nobody holds, from the top of the deck's order, a ♦ (or `trump`) last."""
    if count == 0:
        return []
    free = [c for c in reversed(deck(size)) if all(c not in h for h in held)]
    bottom = card(trump) if trump else next(c for c in reversed(free) if c.suit == "D")
    assert bottom in free, f"the trump card {bottom} is in a hand"
    free.remove(bottom)
    return free[:count - 1] + [bottom]


play = partial(checks.play, DURAK)
legal = partial(checks.legal, DURAK)
refused = partial(checks.refused, DURAK)
snapshot = partial(checks.snapshot, DURAK)
views_json = partial(checks.views_json, DURAK)


def texts(cs) -> list[str]:
    """Card texts, sorted: the order of a Durak hand means nothing."""
    return sorted(checks.texts(cs))


def all_cards(state: DurakState) -> Counter:
    """Every card in play or out of it: hands, stock, discard pile and table."""
    table = [c for pair in state.table for c in pair if c is not None]
    every = [c for h in state.hands for c in h] + state.stock + state.discard + table
    return Counter(every)


_DECKS: dict[int, Counter] = {}


def deck_of(state: DurakState) -> Counter:
    size = state.options["deck"]
    if size not in _DECKS:
        _DECKS[size] = Counter(deck(size))
    return _DECKS[size]


def secrets(state: DurakState, seat: int, view: dict | None = None) -> set[str]:
    """Card texts `seat` may not know: others' hand cards not in its `known`, every
    stock card but the face-up trump card."""
    return checks.unseen(state, seat, DURAK.view(state, seat) if view is None else view)

