"""An Advantage player that uses only its own view.

Pairs are the only score, and cards come into a hand by exchanging for a pile, so:
- exchange for the pile that makes the most pairs with the hand (and within itself), bigger
  piles breaking ties, since every card held is a chance of a pair later;
- drop so as to leave ourselves the best exchange and the other seat (as far as its open
  cards show) the worst, parting with a card unlikely to pair (few of its rank unseen);
- of three of a kind, keep the card that matches the most pile tops.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..advantage import PILES, matches
from ..cards import Card, card, deck
from ..protocol import Move
from .basic import moves_of


class AdvantageHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
        score = {"drop": self.drop_value, "exchange": self.exchange_value,
                 "keep": self.keep_value}[moves[0].kind]
        unseen = self.unseen(view)  # the same for every move: counted once
        values = [score(view, m, unseen) for m in moves]
        best = max(values)
        return self.rng.choice([m for m, v in zip(moves, values) if v == best])

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

    def drop_value(self, view: dict[str, Any], move: Move, unseen: Counter) -> float:
        """Set up our own exchange, spoil theirs, and part with a card unlikely to pair."""
        c, pagat = move.cards[0], self.pagat(view)
        piles = [[card(x) for x in pile] for pile in view["piles"]]
        piles[PILES.index(move.target)].append(c)
        hand = [card(x) for x in view["hand"] if card(x) != c]
        ours = self.best_exchange(hand, piles, pagat)
        theirs = self.best_exchange(self.their_open(view), piles, pagat)
        return ours - theirs - unseen[c.rank] * 0.5

    def exchange_value(self, view: dict[str, Any], move: Move, unseen: Counter) -> float:
        c = move.cards[0]
        pile = [card(x) for x in view["piles"][PILES.index(move.target)]]
        hand = [card(x) for x in view["hand"] if card(x) != c]
        return self.take_value(hand, pile) - unseen[c.rank] * 0.1

    def best_exchange(self, hand: list[Card], piles: list[list[Card]], pagat: bool) -> float:
        """What the best exchange open to these cards is worth."""
        return max((self.take_value([x for x in hand if x != c], pile)
                    for c in hand for pile in piles if matches(c, pile[-1], pagat)), default=0)

    @staticmethod
    def take_value(hand: list[Card], pile: list[Card]) -> float:
        """Pairs a pile would make with a hand (three points each), plus a point a card."""
        held = Counter(x.rank for x in hand)
        pairs = 0
        for x in pile:  # a new pair each time a rank's count turns even
            held[x.rank] += 1
            pairs += held[x.rank] % 2 == 0
        return pairs * 3 + len(pile)

    def keep_value(self, view: dict[str, Any], move: Move, unseen: Counter) -> float:
        c = move.cards[0]
        return sum(matches(c, top, self.pagat(view)) for top in self.tops(view))
