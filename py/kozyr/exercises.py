"""Exercises made from a player's own mistakes: a position of a finished deal where the
analysis (analysis.py) found a mistake or a blunder, asked again: "find a better move".

The position is the deal replayed to that decision; the player sees it from their seat, as
they saw it then. An answer is judged with the analysis's own means, on the same imagined
deals as the judgement it came from (the same random seed for that decision): the answer and
the move played are valued together, so that their chances are compared on equal luck (or
exactly, in a two-player Durak endgame). An answer that gains at least the analysis's MISTAKE
over the move played solves the exercise.
"""

from __future__ import annotations

import random
from typing import Any, Generator

from . import registry
from .analysis import MISTAKE, PLAYOUTS, Judgement, estimating, exact_values
from .protocol import Move, State

SAME_MOVE = "played"  # the answer is the very move played in the deal


def position(deal: dict[str, Any], step: int) -> State:
    """The deal replayed to the decision at `step` (its first `step` moves made)."""
    game = registry.get(deal["game"])
    return game.replay(deal["options"], deal["seed"], deal["moves"][:step], deal["match"])


def checking(deal: dict[str, Any], judgement: Judgement, answer: str,
             rng_seed: int = 0) -> Generator[None, None, tuple[float, float]]:
    """The chances of the move played and of `answer` (a legal move at the judged decision),
    valued together; yields between imagined deals. ValueError if `answer` is not legal
    there."""
    game = registry.get(deal["game"])
    state = position(deal, judgement.step)
    seat = deal["human"]
    played = game.find_legal(state, Move.parse(judgement.played))
    chosen = game.find_legal(state, Move.parse(answer))
    if played is None or chosen is None or state.to_act != seat:
        raise ValueError(f"{answer} is not a move of this exercise")
    values = exact_values(game, state, seat, [played, chosen])
    if values is None:
        rng = random.Random(f"{rng_seed}:{judgement.step}")  # the analysis's, for this step
        values = yield from estimating(game, state, seat, [played, chosen], PLAYOUTS, rng)
    return values[0], values[1]


def solved(chance_played: float, chance_answer: float) -> bool:
    """The answer gains at least a mistake's worth over the move played."""
    return chance_answer - chance_played >= MISTAKE - 1e-9


def worth_asking(judgement: Judgement) -> bool:
    """A judged decision that makes an exercise: a mistake or a blunder."""
    return bool(judgement.verdict)
