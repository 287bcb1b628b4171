"""A Garbage player that uses only its own view.

It takes the discard when that card will place (certain progress) and draws otherwise. A wild
goes where the proper card is least likely to come: the position whose rank has the fewest
copies left unseen (it remembers every card that has been turned up or discarded).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import card, deck
from ..garbage import PIPS, packs_for
from ..protocol import Move
from .basic import moves_of


class GarbageHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
        if view["phase"] == "place":
            return self.place_wild(view, moves)
        takes = [m for m in moves if m.kind == "take" and self.places(view, m.cards[0])]
        if takes or Move("draw") not in moves:
            return (takes or moves)[0]
        return Move("draw")

    def wild_rank(self, view: dict[str, Any]) -> str:
        return "J" if view["options"]["wild"] == "jacks" else "K"

    def places(self, view: dict[str, Any], c) -> bool:
        me = view["seat"]
        row = view["layouts"][me]
        if c.rank == self.wild_rank(view):
            return None in row
        v = PIPS.get(c.rank)
        if v is None or v > view["sizes"][me]:
            return False
        there = row[v - 1]
        return there is None or card(there).rank == self.wild_rank(view)

    def place_wild(self, view: dict[str, Any], moves: list[Move]) -> Move:
        left = self.unseen_ranks(view)
        rank_of = {v: r for r, v in PIPS.items()}
        return min(moves, key=lambda m: (left[rank_of[int(m.target)]], -int(m.target)))

    def unseen_ranks(self, view: dict[str, Any]) -> Counter:
        """How many cards of each rank nobody has seen yet."""
        counts = Counter(c.rank for c in deck(52, packs_for(view["players"])))
        seen = [c for row in view["layouts"] for c in row if c] + view["discard"]
        if view["holding"]:
            seen.append(view["holding"])
        counts.subtract(card(c).rank for c in seen)
        return counts
