"""Game-independent players, used as the easy level and as baselines in matches."""

from __future__ import annotations

import random
from typing import Any

from ..cards import ACE_HIGH
from ..protocol import Move


def _moves(view: dict[str, Any]) -> list[Move]:
    return [Move.parse(m["text"]) for m in view["legal"]]


class RandomPlayer:
    """Any legal move, uniformly."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        return self.rng.choice(_moves(view))


class LowestCard:
    """Plays one card, the lowest it legally can (trumps count high); else the move with no card
    (pass, take, draw)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        moves = _moves(view)
        trump = view.get("trump_suit")
        singles = [m for m in moves if len(m.cards) == 1 and m.kind != "take"]  # play, not pick up
        if not singles:
            return next((m for m in moves if not m.cards), moves[0])

        def key(m: Move) -> tuple[int, int]:
            c = m.cards[0]
            return (c.suit == trump, ACE_HIGH[c.rank])

        return min(singles, key=key)



class Careless:
    """The easy level: the game's heuristic, but every other move or so any legal move at all."""

    def __init__(self, rng: random.Random, heuristic: Any, slips: float = 0.5):
        self.rng, self.heuristic, self.slips = rng, heuristic, slips

    def choose(self, view: dict[str, Any]) -> Move:
        if self.rng.random() < self.slips:
            return self.rng.choice(_moves(view))
        return self.heuristic.choose(view)
