"""The hard level: flat Monte Carlo over determinizations, for any game with `determinize`.

For each candidate move it deals the unseen cards anew (consistent with its own view only),
plays the move, lets the normal heuristic finish the game for every seat, and keeps the move
with the best average score. The same deals are shared by all candidates, which makes their
comparison fairer for a given effort.

`budget` caps the thinking time in seconds (the page uses it; matches use a fixed number of
rollouts so that they replay exactly). `think(view)` is a generator that yields between rollouts, so a page can hand control back to
the browser while the AI thinks; `choose(view)` simply runs it to the end.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator

from ..protocol import Game, Move
from .basic import moves_of

MAX_CANDIDATES = 8


class MonteCarlo:
    def __init__(self, game: Game, policy: Callable[[random.Random], Any], rng: random.Random,
                 rollouts: int = 12, budget: float | None = None, max_moves: int = 2000):
        self.game, self.rng = game, rng
        self.rollout_players = policy(random.Random(rng.random()))
        self.policy = policy(random.Random(rng.random()))
        self.rollouts, self.budget, self.max_moves = rollouts, budget, max_moves

    def choose(self, view: dict[str, Any]) -> Move:
        thinking = self.think(view)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value

    def candidates(self, view: dict[str, Any]) -> list[Move]:
        """The heuristic's own pick first, then the simplest moves (single cards, no card)."""
        moves = moves_of(view)
        first = self.policy.choose(view)
        rest = sorted((m for m in moves if m != first), key=lambda m: len(m.cards))
        return [first, *rest][:MAX_CANDIDATES]

    def think(self, view: dict[str, Any]) -> Iterator[None]:
        moves = self.candidates(view)
        if len(moves) == 1:
            return moves[0]
        seat, totals = view["seat"], [0.0] * len(moves)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        for _ in range(self.rollouts):
            if deadline is not None and time.perf_counter() > deadline and any(totals):
                break  # out of time: judge on the deals played so far
            world = self.game.determinize(view, self.rng)
            for i, move in enumerate(moves):
                totals[i] += self.rollout(world, move, seat)
                yield
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]

    def rollout(self, world: Any, move: Move, seat: int) -> float:
        state = self.game.copy(world)
        self.game.apply(state, move)
        for _ in range(self.max_moves):
            if self.game.is_over(state):
                return self.game.result(state)["scores"][seat]
            actor = state.to_act
            self.game.apply(state, self.rollout_players.choose(self.game.view(state, actor)))
        return 0.5  # unfinished within the bound: count it as even
