"""A Memory player whose level is its memory.

It rebuilds its pile from what it was shown (`recall`), then forgets: each card it saw is kept
with the level's probability, decided once per sighting (the same card seen again at a later
look is a fresh chance). A remembered top card is called right whenever a right call exists;
an unknown one is called by the odds of the cards it cannot place (the whole deck less the
open centre and what it remembers of its own pile). The easy level does not count odds: it
calls away from the middle of the ranks.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ACE_HIGH, card, deck
from ..memory import CALLS, Memory, recall
from ..protocol import Move
from .basic import moves_of

RECALL = {"easy": 0.2, "normal": 0.6, "hard": 1.0}


class MemoryPlayer:
    def __init__(self, rng: random.Random, level: str = "normal"):
        self.rng, self.level = rng, level
        self.keep = RECALL[level]
        self.salt = rng.getrandbits(32)  # makes this player's forgetting its own

    def remembers(self, c, seen_at: int) -> bool:
        if self.keep >= 1:
            return True
        # seeded by text, so the same sighting is forgotten alike in every run
        return random.Random(f"{self.salt}:{c}:{seen_at}").random() < self.keep

    def choose(self, view: dict[str, Any]) -> Move:
        calls = [m.kind for m in moves_of(view)]
        top = view["centre"][-1]
        pile = [c if self.remembers(c, at) else None for c, at in recall(view)]
        if pile and pile[0] is not None:
            right = [call for call in calls if Memory.right(call, card(top), pile[0])]
            if right:
                return Move(right[0])
        if self.level == "easy":
            ranks = sorted({c.rank for c in deck(view["options"]["deck"])}, key=ACE_HIGH.get)
            low_half = ranks.index(card(top).rank) < len(ranks) / 2
            return Move("higher" if low_half else "lower")
        return Move(self.by_odds(view, calls, [c for c in pile[1:] if c is not None]))

    def by_odds(self, view: dict[str, Any], calls: list[str], known: list) -> str:
        """The call most likely right for a card drawn from those it cannot place."""
        top = card(view["centre"][-1])
        placed = set(known) | {card(c) for c in view["centre"]}
        unknown = [c for c in deck(view["options"]["deck"]) if c not in placed]
        wins = {call: sum(Memory.right(call, top, c) for c in unknown) for call in calls}
        best = max(wins.values())
        return self.rng.choice([call for call in CALLS if wins.get(call) == best])

