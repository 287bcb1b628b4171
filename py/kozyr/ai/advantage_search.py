"""Advantage's hard level: the determinized search of search.py, with three changes.

- The candidates are the normal level's best moves in its order of preference: with a big
  hand a seat has more drops than MAX_CANDIDATES, and the legal order cut off good ones.
- Imagined deals are played on a quiet twin of the engine: no log, no move texts, and a copy
  that shares the (immutable) cards instead of a deep copy. A decision takes about half the
  time: on Pyodide under Node (`node scripts/bench_ai_moves.mjs advantage 2 6 1.0`) the median
  decision went from 527 ms to 272 ms and the 95th percentile from 799 ms to 545 ms.
- A playout scores its result plus MARGIN a pair of margin. Most deals are decided by the seat
  (between equal players the non-dealer wins nine games in ten), so on most imagined deals
  every candidate wins, or loses, alike; the margin still tells them apart.

Measured against normal (`python -m kozyr match advantage --players hard,normal --games 400
--workers 1`): 0.613 (0.564-0.659), from 0.596 (0.547-0.643) with the generic search.
What did not pay, as the dealer against normal over the same 100 deals (0.245 as it is):
96 deals instead of 24, 0.255; a confidence of 0.3 standard errors instead of 1, 0.230;
searching the seat's next decision inside each playout (12 deals, five times the time),
0.260. Even knowing every card (the other hand and the stock's order), the search scored
0.245 as the dealer: the normal level's play in the playouts, not the unseen cards, bounds it.
"""

from __future__ import annotations

import random
from typing import Any

from ..advantage import Advantage, AdvantageState
from ..protocol import Move
from .advantage_normal import AdvantageHeuristic, decide, playout_move, sight
from .basic import moves_of
from .search import CONFIDENCE, MAX_CANDIDATES, Search

# The hard level's deals per decision, in matches and in the page: on Pyodide under Node a
# decision takes 272 ms at the median and 545 ms at the 95th percentile
# (`node scripts/bench_ai_moves.mjs advantage 2 6 1.0`), inside the page's 1 s; more deals
# did not measure stronger (96: 0.255 against 0.245 as the dealer over 100 deals).
# Measured against normal: 0.613 (0.564-0.659) over 400 games.
SEARCH_DEALS = 24
MARGIN = 0.05  # a playout's score: its result plus this much per pair of margin


class Quiet(Advantage):
    """The engine without its record: imagined deals need no log, no move texts, and a copy
    that shares the (immutable) cards instead of a deep copy."""

    def _say(self, state: AdvantageState, event: str, **data: Any) -> None:
        pass

    def play_legal(self, state: AdvantageState, move: Move) -> None:
        self._play(state, move)

    def copy(self, state: AdvantageState) -> AdvantageState:
        twin = object.__new__(AdvantageState)
        twin.__dict__.update(state.__dict__)
        twin.hands = [h[:] for h in state.hands]
        twin.private = [p[:] for p in state.private]
        twin.piles = [p[:] for p in state.piles]
        twin.pairs = [p[:] for p in state.pairs]
        twin.stock = state.stock[:]
        twin.log, twin.history = [], []
        return twin


QUIET = Quiet()


class Hard(Search):
    """The hard level: the generic search with the normal level's order of candidates, the
    quiet engine and playouts scored by their margin."""

    def __init__(self, rng: random.Random, budget: float | None = None,
                 deals: int = SEARCH_DEALS, confidence: float = CONFIDENCE):
        super().__init__(QUIET, AdvantageHeuristic, rng, deals=deals, budget=budget,
                         playout=playout_move, confidence=confidence)

    def candidates(self, view: dict[str, Any]) -> list[Move]:
        """The legal moves in the normal level's order of preference (its pick first), the
        best MAX_CANDIDATES of them: with a big hand, the drops are more than can be tried."""
        moves = moves_of(view)
        if len(moves) <= 2:
            return super().candidates(view)
        seen = sight(view)
        ranked = []
        while moves and len(ranked) < MAX_CANDIDATES:
            best = decide(moves, *seen).move
            ranked.append(best)
            moves.remove(best)
        return ranked

    def score(self, state: AdvantageState, seat: int) -> float:
        """`seat`'s result, and MARGIN for each pair it has more than the other seat."""
        pairs = [len(p) for p in state.pairs]  # cards: two a pair
        return super().score(state, seat) + MARGIN * (pairs[seat] - pairs[1 - seat]) / 2
