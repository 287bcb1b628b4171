"""Advantage players, as `ai.make` finds them (ai.PATHS names this module): the normal level,
its fast playouts for search and the hint (advantage_normal.py), and the hard level's own
search (advantage_search.py), loaded when first asked for.
"""

from __future__ import annotations

import random
from typing import Any

# what ai reads of a game's AI module (see ai/__init__.py): HEURISTIC, hint, playout_move, Hard
from .advantage_normal import AdvantageHeuristic, hint, playout_move  # noqa: F401

HEURISTIC = AdvantageHeuristic  # the player ai.make builds for the game's levels


def Hard(rng: random.Random, budget: float | None = None) -> Any:  # noqa: N802 (a level)
    """The hard level (advantage_search.py, which builds on advantage_normal.py)."""
    # loaded when first asked for: a page playing the easy or normal level never needs it
    from .advantage_search import Hard as Search

    return Search(rng, budget)
