"""A Stump player that uses only its own view.

Beating: the cheapest card that beats, keeping trumps and the high cards for later.
Leading: the card that is most likely to make the next player take many cards: a high take
count on a card the unseen cards rarely beat, but not the trumps it needs for beating.
With `voluntary_take` it takes a small count rather than spend a trump early.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, card, deck
from ..protocol import Move
from ..stump import ORDER
from .basic import moves_of

TRUMP_BONUS = 9
ESCAPE_COST = 2.0  # a beaten lead lets the next player shed two cards
VALUE_WEIGHT = 1.0  # how much keeping a strong card for beating is worth


class StumpHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        self.trump = view["trump_suit"]
        moves = moves_of(view)
        if view["phase"] == "lead":
            return self.lead(view, moves)
        return self.beat_or_take(view, moves)

    def value(self, c: Card) -> int:
        return ORDER[c.rank] + (TRUMP_BONUS if c.suit == self.trump else 0)

    def beats(self, c: Card, top: Card) -> bool:
        if c.suit == top.suit:
            return ORDER[c.rank] > ORDER[top.rank]
        return c.suit == self.trump

    def beat_or_take(self, view: dict[str, Any], moves: list[Move]) -> Move:
        beats = [m for m in moves if m.kind == "beat"]
        if not beats:
            return Move("take")
        best = min(beats, key=lambda m: self.value(m.cards[0]))
        if Move("take") in moves and view["takes"] <= 2 and view["stock"] > 8 \
                and best.cards[0].suit == self.trump:
            return Move("take")  # a card or two costs less than a trump this early
        return best

    def lead(self, view: dict[str, Any], moves: list[Move]) -> Move:
        unseen = self.unseen(view)
        nxt = self.next_seat(view)
        hand_size = max(1, view["hand_sizes"][nxt])
        pile = len(view["pile"]) + 1
        table = view["take_table"]

        def damage(m: Move) -> float:
            c = m.cards[0]
            beaters = sum(1 for u in unseen if self.beats(u, c)) / max(1, len(unseen))
            escape = 1 - (1 - beaters) ** hand_size  # chance the next player can beat it
            taken = min(table[c.rank], pile)
            return (1 - escape) * taken - escape * ESCAPE_COST - VALUE_WEIGHT * self.value(c)

        return max(moves, key=damage)

    def next_seat(self, view: dict[str, Any]) -> int:
        n, seat = view["players"], view["seat"]
        for step in range(1, n):
            if (seat + step) % n not in view["out"]:
                return (seat + step) % n
        return seat

    def unseen(self, view: dict[str, Any]) -> list[Card]:
        seen = {card(c) for c in view["hand"] + view["pile"]}
        seen |= {card(c) for known in view["known"] for c in known}
        return [c for c in deck(36) if c not in seen]
