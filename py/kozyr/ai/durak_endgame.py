"""Durak's exact endgame for two players without the transfer variant, fast.

Once the stock is empty and two players are left every card is known, and the rest of the
deal can be searched to its end (ai/durak.py's `Solver` does it for any table, on the engine's
own states). Here the position is a few integers, each hand a bit mask over the cards, and the
rules are written out for this one case, so a position costs a few microseconds, not a copy
of the engine's state.

Cards are numbered so that a mask's low bits are its cheap cards (the heuristic's order: plain
cards by rank, then trumps): plain card of rank r (0 = the 2) and plain suit s is bit 3r + s,
the trump of rank r bit 39 + r. The numbering depends only on which suit is trump, so equal
keys mean equal positions up to the plain suits' names, from one deal to the next too.

A position is (attacker's hand, defender's hand, table, unbeaten, room, phase, mine):
`table` holds every card on the table, `unbeaten` the attack cards not beaten yet, `room` the
attack cards the bout still takes, `mine` whether the solving seat attacks. Phases: LEAD (the
attacker leads), DEFEND (the defender beats or takes), THROW (all beaten: the attacker throws
in or passes), GIVE (the defender takes: the attacker adds what he likes, then it ends).

The search leaves out moves that can never do better than another one, so the value of every
position is the engine's:
- the attacker leads and throws in one card at a time (a second card of the rank can follow
  once the defender has answered the first, which leaves him no more choice than facing both);
- the defender beats the unbeaten cards in a fixed order (the highest first) or takes: to beat
  some and then take only shows the attacker more ranks to throw in;
- a taker is given all his cards at once (he has no say in between).
No position comes back on a line: a bout either discards cards or is taken, and while bouts are
taken the same player attacks with fewer and fewer cards. So the rule that counts a position
met again as a draw never applies, and values do not depend on the path.
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any, Iterator

from ..cards import ACE_HIGH, SUITS, Card
from ..durak import BOUT_LIMIT, DURAK, DurakState
from ..protocol import Move
from ..thinking import finish

LEAD, DEFEND, THROW, GIVE = range(4)
TRUMPS = 39  # the first trump's bit
YIELD_EVERY = 256  # positions between two yields: a page stays responsive


class OutOfTime(Exception):
    pass


def numbering(trump: str) -> dict[Card, int]:
    """Each card's bit, for this trump suit."""
    plain = [s for s in SUITS if s != trump]
    bits = {}
    for rank, r in ACE_HIGH.items():
        bits[Card(rank, trump)] = TRUMPS + r
        for i, s in enumerate(plain):
            bits[Card(rank, s)] = 3 * r + i
    return bits


def _tables() -> tuple[list[int], list[int]]:
    """For each bit: the cards that beat it, and the cards of its rank."""
    beaters, ranks = [0] * 52, [0] * 52
    for r in range(13):
        same = (1 << (TRUMPS + r)) | sum(1 << (3 * r + i) for i in range(3))
        higher_trumps = sum(1 << (TRUMPS + q) for q in range(r + 1, 13))
        beaters[TRUMPS + r], ranks[TRUMPS + r] = higher_trumps, same
        for i in range(3):
            higher = sum(1 << (3 * q + i) for q in range(r + 1, 13))
            beaters[3 * r + i] = higher | (((1 << 13) - 1) << TRUMPS)
            ranks[3 * r + i] = same
    return beaters, ranks


BEATERS, RANKS = _tables()


def fits(view: dict[str, Any]) -> bool:
    """A view this solver takes: two players left, the stock empty, no teams, no transfer."""
    left = [s for s in range(view["players"]) if s not in view["out"]]
    options = view["options"]
    return (view["stock"] == 0 and len(left) == 2 and not options["teams"]
            and not options["transfer"] and view["bout"] >= 1)


def state_fits(state: DurakState) -> bool:
    left = [s for s in range(state.players) if s not in state.out]
    return (not state.stock and len(left) == 2 and not state.options["teams"]
            and not state.options["transfer"] and state.bout >= 1)


def rank_mask(cards: int) -> int:
    """Every card of a rank that `cards` holds."""
    out = 0
    while cards:
        low = cards & -cards
        out |= RANKS[low.bit_length() - 1]
        cards ^= low
    return out


class Endgame:
    """Alpha-beta over win (1), draw (½) and loss (0) for one seat, with a table of bounds;
    the other seat minimises. `nodes` and `seconds` bound the work (OutOfTime)."""

    OutOfTime = OutOfTime

    def __init__(self, seat: int, nodes: int, seconds: float | None,
                 table: dict[int, tuple[float, float]] | None = None):
        self.seat, self.nodes = seat, nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        # a position (its masks, room, phase and side in one integer) → (lowest, highest) value
        self.table = {} if table is None else table
        self.visited = 0

    # --- the engine's states ------------------------------------------------------------
    def position(self, state: DurakState) -> tuple | float:
        """A state as a position, or its value for the seat once the deal is over."""
        if state.to_act is None:
            return DURAK.result(state)["scores"][self.seat]
        bit = numbering(state.trump.suit)
        mask = lambda cs: sum(1 << bit[c] for c in cs)  # noqa: E731
        table = mask(c for pair in state.table for c in pair if c is not None)
        unbeaten = mask(a for a, d in state.table if d is None)
        if not state.table:
            phase = LEAD
        elif unbeaten and not state.taking:
            phase = DEFEND
        else:
            phase, unbeaten = (GIVE if state.taking else THROW), 0
        return (mask(state.hands[state.attacker]), mask(state.hands[state.defender]), table,
                unbeaten, state.capacity - len(state.table), phase,
                state.attacker == self.seat)

    def run(self, position: tuple | float, alpha: float = 0.0,
            beta: float = 1.0) -> Iterator[None]:
        """The value of a `position` (as `position` gives it) for the seat."""
        if not isinstance(position, tuple):
            return position
        a, d, t, u, room, phase, mine = position
        value = yield from self.value(a, d, t, u, room, phase, mine, rank_mask(t), alpha, beta)
        return value

    def best(self, state: DurakState, moves: list[Move]) -> Iterator[None]:
        """The first of `moves` (the engine's, best first) of the highest value."""
        best, best_value, alpha = moves[0], -1.0, 0.0
        for move in moves:
            child = DURAK.copy(state)
            DURAK.play_legal(child, move)
            value = yield from self.run(self.position(child), alpha, 1.0)
            if value > best_value:
                best, best_value, alpha = move, value, max(alpha, value)
            if best_value >= 1.0:
                break
        return best

    # --- the search -------------------------------------------------------------------
    def ended(self, a: int, d: int, taken: bool, mine: bool) -> tuple | float:
        """The bout is over (the defender took, or all was beaten): the next position, or
        the deal's value. `a` and `d` are the hands after it."""
        if taken:
            if not a:  # the attacker is out, the taker is not
                return 1.0 if mine else 0.0
            return (a, d, 0, 0, min(BOUT_LIMIT, d.bit_count()), LEAD, mine)
        if not a or not d:
            if not a and not d:
                return 0.5
            return 1.0 if (not a) == mine else 0.0
        return (d, a, 0, 0, min(BOUT_LIMIT, a.bit_count()), LEAD, not mine)

    def value(self, a: int, d: int, t: int, u: int, room: int, phase: int, mine: bool,
              rk: int, alpha: float, beta: float) -> Iterator[None]:
        """Alpha-beta: the position's value for the seat, exact between alpha and beta.
        `rk` is every card of a rank on the table (the ranks that may be thrown in)."""
        self.visited += 1
        if self.visited % YIELD_EVERY == 0:
            if self.visited > self.nodes or (
                    self.deadline is not None and time.perf_counter() > self.deadline):
                raise OutOfTime
            yield
        key = a | d << 52 | t << 104 | u << 156 | (room << 3 | phase << 1 | mine) << 208
        low, high = self.table.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        lo = al = max(alpha, low)
        hi = be = min(beta, high)
        maxing = mine if phase != DEFEND else not mine
        best = 0.0 if maxing else 1.0
        for child in self.children(a, d, t, u, room, phase, mine, rk):
            if child.__class__ is float:
                v = child
            else:
                v = yield from self.value(*child, al, be)
            if maxing:
                if v > best:
                    best = v
                    if v > al:
                        al = v
            elif v < best:
                best = v
                if v < be:
                    be = v
            if al >= be:
                break
        if best <= lo:
            self.table[key] = (low, best)  # an upper bound
        elif best >= hi:
            self.table[key] = (best, high)  # a lower bound
        else:
            self.table[key] = (best, best)
        return best

    def children(self, a, d, t, u, room, phase, mine, rk) -> Iterator[tuple | float]:
        """The moves' results, the heuristic's order: cheap cards first. A child is a
        position followed by its `rk`, or a value."""
        if phase == LEAD:  # one card at a time, the cheapest first
            rest = a
            while rest:
                x = rest & -rest
                rest ^= x
                yield (a ^ x, d, x, x, room - 1, DEFEND, mine, RANKS[x.bit_length() - 1])
        elif phase == DEFEND:  # beat the highest unbeaten card, the cheapest way first
            x = 1 << (u.bit_length() - 1)
            left = u ^ x
            rest = d & BEATERS[x.bit_length() - 1]
            while rest:
                b = rest & -rest
                rest ^= b
                t2, rk2 = t | b, rk | RANKS[b.bit_length() - 1]
                if left:
                    yield (a, d ^ b, t2, left, room, DEFEND, mine, rk2)
                elif room and a & rk2:
                    yield (a, d ^ b, t2, 0, room, THROW, mine, rk2)
                else:
                    yield self.follow(self.ended(a, d ^ b, False, mine))
            if room and a & rk:  # take
                yield (a, d, t, 0, room, GIVE, mine, rk)
            else:
                yield self.follow(self.ended(a, d | t, True, mine))
        elif phase == THROW:  # one card, or pass
            rest = a & rk
            while rest:
                y = rest & -rest
                rest ^= y
                yield (a ^ y, d, t | y, y, room - 1, DEFEND, mine, rk)
            yield self.follow(self.ended(a, d, False, mine))
        else:  # GIVE: any set that fits, the most and cheapest first
            cards = []
            rest = a & rk
            while rest:
                y = rest & -rest
                rest ^= y
                cards.append(y)
            for k in range(min(room, len(cards)), -1, -1):
                for given in combinations(cards, k):
                    s = sum(given)
                    yield self.follow(self.ended(a ^ s, d | t | s, True, mine))

    @staticmethod
    def follow(position: tuple | float) -> tuple | float:
        """A next bout's position with its (empty) table's ranks, or a value."""
        return position + (0,) if position.__class__ is tuple else position


class Finish:
    """Where the search's playouts end (search.Exact): once the stock is out with two players
    left, a playout takes the endgame's exact value when `nodes` positions find it, instead of
    the fast policy's play to the end. One Finish serves one decision's playouts, which share
    its table: their endgames often meet the same positions."""

    def __init__(self, nodes: int):
        self.nodes = nodes
        self.table: dict[int, tuple[float, float]] = {}

    def fits(self, state: DurakState) -> bool:
        return state_fits(state)

    def value(self, state: DurakState, seat: int) -> float | None:
        solver = Endgame(seat, self.nodes, None, self.table)
        try:
            return finish(solver.run(solver.position(state)))
        except OutOfTime:
            return None


def values(state: DurakState, seat: int, moves: list[Move], nodes: int) -> Iterator[None]:
    """Each move's exact value for `seat` (1 won, ½ drawn, 0 lost); OutOfTime past `nodes`."""
    solver = Endgame(seat, nodes, None)
    out = []
    for move in moves:
        child = DURAK.copy(state)
        DURAK.play_legal(child, move)
        out.append((yield from solver.run(solver.position(child))))
    return out
