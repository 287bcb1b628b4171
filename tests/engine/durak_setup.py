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

import json
import random
import re
from collections import Counter

from kozyr.cards import Card, card, cards, deck
from kozyr.durak import DURAK, DurakState
from kozyr.protocol import IllegalMove, Move


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
    used = [c for hand in held for c in hand] + pile
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


def play(state: DurakState, *moves: str) -> DurakState:
    """Apply move texts in order (each must be legal)."""
    for text in moves:
        DURAK.apply(state, text)
    return state


def legal(state: DurakState) -> set[str]:
    return {str(m) for m in DURAK.legal_moves(state)}


def hand(state: DurakState, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat]}


def texts(cs) -> list[str]:
    return sorted(str(c) for c in cs)


def refused(state: DurakState, move: str | Move) -> str:
    """Apply a move that must be illegal: return the reason; the state must not change."""
    before = snapshot(state)
    try:
        DURAK.apply(state, move)
    except IllegalMove as exc:
        assert snapshot(state) == before, f"refusing {move} changed the state"
        reason = str(exc)
        assert reason, f"refusing {move} gave no reason"
        return reason
    raise AssertionError(f"{move} was accepted")


# --- comparing states ------------------------------------------------------------------

def _plain(value):
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        return repr(value.getstate())
    return value


def snapshot(state: DurakState) -> str:
    """Everything about a state, as text: all its fields and the view of every seat."""
    fields = {name: _plain(value) for name, value in vars(state).items()}
    views = [DURAK.view(state, seat) for seat in range(state.players)]
    return json.dumps({"fields": fields, "views": views}, sort_keys=True, default=str)


def views_json(state: DurakState) -> list[str]:
    return [json.dumps(DURAK.view(state, seat), sort_keys=True) for seat in range(state.players)]


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


def card_pattern(c: Card | str) -> re.Pattern:
    """Matches a card text as a whole word ("0H" does not match inside "10H")."""
    return re.compile(r"(?<![0-9A-Za-z])" + re.escape(str(c)) + r"(?![0-9A-Za-z])")


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])((?:10|[2-9JQKA])[CDHS])(?![0-9A-Za-z])")


def leaks(state: DurakState, seat: int, view: dict | None = None) -> list[str]:
    """Card texts in `seat`'s view that it may not know: others' unknown hand cards, stock."""
    view = DURAK.view(state, seat) if view is None else view
    secret = set()
    for other in range(state.players):
        if other != seat:
            shown = set(view["known"][other])
            secret |= {str(c) for c in state.hands[other]} - shown
    secret |= {str(c) for c in state.stock if c != state.trump}
    if not secret:
        return []
    return sorted(secret & set(CARD_TOKEN.findall(json.dumps(view))))
