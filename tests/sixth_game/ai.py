"""High card's AI: it plays its highest card (every level: the easy one slips now and then)."""

from __future__ import annotations

import random
from typing import Any

from kozyr.ai.basic import moves_of
from kozyr.cards import ACE_HIGH
from kozyr.protocol import Move, Reason


class Highest:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None

    def choose(self, view: dict[str, Any]) -> Move:
        move = max(moves_of(view), key=lambda m: ACE_HIGH[m.cards[0].rank])
        self.why = Reason("{card} is your highest card", card=move.cards[0])
        return move


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    player = Highest(random.Random(0))
    return player.choose(view), player.why


HEURISTIC = Highest  # the player ai.make builds for the game's levels
