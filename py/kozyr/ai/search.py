"""The hard level: determinized search, for any game with `determinize`.

A seat does not know the others' cards, so it imagines them: each *deal* gives the cards it
has not seen to the other hands and the stock at random, consistent with everything its view
shows (the game's card memory is in the view: the discard, picked-up cards, shown cards). On
that deal every candidate move is played and the deal finished by the game's fast playout
policy. All candidates share the same deals, which makes their comparison fairer for the same
effort; after every doubling of the deals the weaker half of the candidates is dropped
(successive halving), so the effort goes where the choice is close. The heuristic's own pick
stands unless another move beat it on the same deals by more than the noise.

Playouts use `playout_move(game, state, rng)` from the game's AI module when it has one: it
reads the imagined state directly (no view, no move text) and is many times faster than the
heuristic on views, which is the fallback. A game whose level does more than search (Durak's
hard level solves the endgame first and searches only late in the deal) wraps a Search. Where
the game can value a position exactly (Durak's endgame once every card is known), `exact`
ends a playout there with that value instead of the fast policy's guess at how it ends.

`budget` caps the thinking time in seconds (the page uses it; matches use a fixed number of
deals so that they replay exactly). `think(view)` is a generator that yields between
playouts, so a page can hand the browser back while the AI thinks; `choose(view)` runs it.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator, Protocol

from ..protocol import Game, Move, State
from .basic import moves_of

MAX_CANDIDATES = 10
DEALS = 64  # deals per decision in matches (the page stops at its time budget instead)
FIRST_ROUND = 4  # deals before the first halving
CONFIDENCE = 1.0  # how many standard errors a move must beat the heuristic's pick by

Playout = Callable[[Game, State, random.Random], Move]


class Exact(Protocol):
    """A game's exact value of an imagined position, for the playouts that reach one."""

    def fits(self, state: State) -> bool:
        """Whether `value` takes this position (asked at each step of a playout)."""

    def value(self, state: State, seat: int) -> float | None:
        """`seat`'s exact score from here, or None when it is too big to find."""


class Search:
    def __init__(self, game: Game, policy: Callable[[random.Random], Any], rng: random.Random,
                 deals: int = DEALS, budget: float | None = None,
                 playout: Playout | None = None, max_moves: int = 3000,
                 confidence: float = CONFIDENCE,
                 deal: Callable[[dict[str, Any], random.Random], State] | None = None):
        self.game, self.rng = game, rng
        self.policy = policy(random.Random(rng.random()))
        self.rollout_players = policy(random.Random(rng.random()))
        self.playout = playout or self._heuristic_playout
        self.deals, self.budget, self.max_moves = deals, budget, max_moves
        self.confidence = confidence
        self.deal = deal or game.determinize  # the imagined deals: uniform unless told better
        self.exact: Exact | None = None  # where playouts end with an exact value
        self.playouts = 0  # playouts made so far, for benchmarks

    def choose(self, view: dict[str, Any]) -> Move:
        thinking = self.think(view)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value

    def candidates(self, view: dict[str, Any]) -> list[Move]:
        """The heuristic's own pick first, then the simplest moves (fewest cards)."""
        moves = moves_of(view)
        first = self.policy.choose(view)
        rest = sorted((m for m in moves if m != first), key=lambda m: len(m.cards))
        return [first, *rest][:MAX_CANDIDATES]

    def think(self, view: dict[str, Any], until: float | None = None) -> Iterator[None]:
        """The search as a generator; `until` (a perf_counter time) ends it sooner than the
        budget, for a player who spent part of its time on something else first."""
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget
        if until is not None:
            deadline = until if deadline is None else min(deadline, until)
        if len(view["legal"]) == 1:
            return moves_of(view)[0]
        moves = self.candidates(view)
        if len(moves) == 1:
            return moves[0]
        seat = view["seat"]
        alive = list(range(len(moves)))
        totals = [0.0] * len(moves)
        diffs = [[0.0, 0.0, 0] for _ in moves]  # against the heuristic's pick: Σd, Σd², deals
        deals, next_cut = 0, FIRST_ROUND
        while deals < self.deals:
            if deadline is not None and deals and time.perf_counter() > deadline:
                break  # out of time: judge on the deals played so far
            world = self.deal(view, self.rng)
            seed = self.rng.random()
            scores = {}
            for i in alive:
                scores[i] = self.play_out(world, moves[i], seat, random.Random(seed))
                totals[i] += scores[i]
                yield
            for i in alive:
                d = scores[i] - scores[0]
                diffs[i][0] += d
                diffs[i][1] += d * d
                diffs[i][2] += 1
            deals += 1
            if deals == next_cut and len(alive) > 2:
                ranked = sorted(alive[1:], key=lambda i: (-totals[i], i))
                alive = [0, *sorted(ranked[:max(1, len(alive) // 2 - 1)])]
                next_cut *= 2
        return moves[self.verdict(diffs, self.confidence)]

    @staticmethod
    def verdict(diffs: list[list[float]], confidence: float = CONFIDENCE) -> int:
        """The heuristic's pick (0) unless another move did better on the same deals by more
        than the noise: the lower end of its paired difference's interval is above zero.
        Played-out deals are noisy, and a surprise move needs evidence, not luck."""
        best, best_low = 0, 0.0
        for i, (total, squares, n) in enumerate(diffs[1:], start=1):
            if n < 2:
                continue
            mean = total / n
            spread = max(0.0, squares / n - mean * mean) ** 0.5
            low = mean - confidence * spread / (n - 1) ** 0.5
            if low > best_low:
                best, best_low = i, low
        return best

    def play_out(self, world: State, move: Move, seat: int, rng: random.Random) -> float:
        """Play `move` in a copy of the imagined deal and finish it: `seat`'s score."""
        game, exact = self.game, self.exact
        state = game.copy(world)
        game.play_legal(state, move)
        for _ in range(self.max_moves):
            if state.to_act is None:
                self.playouts += 1
                return self.score(state, seat)
            if exact is not None and exact.fits(state):
                value = exact.value(state, seat)
                if value is not None:
                    self.playouts += 1
                    return value
                exact = None  # too big: the policy plays it out (it would stay too big a while)
            game.play_legal(state, self.playout(game, state, rng))
        return 0.5  # unfinished within the bound: count it as even

    def score(self, state: State, seat: int) -> float:
        """A finished playout's worth to `seat`: its result (1 won, ½ drawn, 0 lost)."""
        return self.game.result(state)["scores"][seat]

    def _heuristic_playout(self, game: Game, state: State, rng: random.Random) -> Move:
        """The fallback playout: the normal heuristic, from the actor's view."""
        chosen = self.rollout_players.choose(game.view(state, state.to_act))
        return game.find_legal(state, chosen)
