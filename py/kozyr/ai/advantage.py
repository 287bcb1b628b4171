"""An Advantage player that uses only its own view.

Pairs are the only score, and cards come into a hand by exchanging for a pile, so:
- exchange for the pile that makes the most pairs with the hand (and within itself), bigger
  piles breaking ties, since every card held is a chance of a pair later;
- drop the card least likely to pair (fewest of its rank still unseen), and never feed a
  pile the other seat can take with a card of a rank it openly holds;
- of three of a kind, keep the card that matches the most pile tops.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..advantage import PILES, matches
from ..cards import Card, card, deck
from ..protocol import Move


class AdvantageHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        moves = [Move.parse(m["text"]) for m in view["legal"]]
        score = {"drop": self.drop_value, "exchange": self.exchange_value,
                 "keep": self.keep_value}[moves[0].kind]
        best = max(score(view, m) for m in moves)
        return self.rng.choice([m for m in moves if score(view, m) == best])

    def pagat(self, view: dict[str, Any]) -> bool:
        return view["options"]["pagat_matching"]

    def tops(self, view: dict[str, Any]) -> list[Card]:
        return [card(pile[-1]) for pile in view["piles"]]

    def unseen(self, view: dict[str, Any]) -> Counter:
        """Cards of each rank not in sight: in the stock or drawn privately by the other."""
        seen = [c for hand in view["hands"] for c in hand if c] + \
            [c for pile in view["piles"] for c in pile] + [c for p in view["pairs"] for c in p]
        counts = Counter(c.rank for c in deck(52))
        counts.subtract(card(c).rank for c in seen)
        return counts

    def their_open(self, view: dict[str, Any]) -> list[Card]:
        return [card(c) for c in view["hands"][1 - view["seat"]] if c]

    def drop_value(self, view: dict[str, Any], move: Move) -> float:
        c, pagat = move.cards[0], self.pagat(view)
        value = -self.unseen(view)[c.rank]  # part with the card least likely to pair
        theirs = self.their_open(view)
        if any(t.rank == c.rank for t in theirs) and any(matches(t, c, pagat) for t in theirs):
            value -= 10  # they could exchange for this pile and pair it at once
        return value

    def exchange_value(self, view: dict[str, Any], move: Move) -> float:
        c = move.cards[0]
        pile = [card(x) for x in view["piles"][PILES.index(move.target)]]
        keep = Counter(card(x).rank for x in view["hand"] if card(x) != c)
        keep.update(x.rank for x in pile)
        pairs = sum(n // 2 for n in keep.values())
        return pairs * 3 + len(pile) - self.unseen(view)[c.rank] * 0.1

    def keep_value(self, view: dict[str, Any], move: Move) -> float:
        c = move.cards[0]
        return sum(matches(c, top, self.pagat(view)) for top in self.tops(view))
