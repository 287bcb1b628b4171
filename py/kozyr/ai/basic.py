"""Game-independent players, used as the easy level and as baselines in matches."""

from __future__ import annotations

import random
from typing import Any

from ..cards import ACE_HIGH
from ..protocol import Move


def moves_of(view: dict[str, Any]) -> list[Move]:
    """The legal moves a view lists, as Move values (every player reads its choices so).

    It lives here, with nothing of the package imported, so that every AI module can use it;
    `kozyr.ai.moves_of` is the same function."""
    return [Move.parse(m["text"]) for m in view["legal"]]


class RandomPlayer:
    """Any legal move, uniformly."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        return self.rng.choice(moves_of(view))


class LowestCard:
    """Plays one card, the lowest it legally can (trumps count high); else the move with no card
    (pass, take, draw)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
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
            return self.rng.choice(moves_of(view))
        return self.heuristic.choose(view)
