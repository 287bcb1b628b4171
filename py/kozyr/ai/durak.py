"""Durak opponents: one heuristic (`policy`, the usual advice: durak_advice.py) that plays
views (the normal level) and imagined deals (the search's playouts) alike, and an exact
endgame solver.

Once the stock is empty every card shed is a step towards going out, so the heuristic plays
freely; and with two players left and the stock empty every card is known (the view counts the
discard, the cards picked up, the trumps shown), so `solve` plays the rest perfectly when the
position is small enough to search to the end.
"""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

from ..cards import card
from ..durak import DURAK, DurakState
from ..protocol import Move, Rank, Reason
from ..thinking import finish
from . import durak_endgame as endgame
from .basic import moves_of
from .durak_advice import Table, policy

ROUND = 12  # bouts in a row with a stock and nobody drawing: the cards are going round
# The matches' limits are what the page reaches in its time (1 s a move in Chromium, where
# Python runs at about 0.4× CPython): the hard level's search SEARCH_DEALS deals, after its
# endgame solver SOLVE_NODES positions (the page gives each half of its time); normal less.
# Two players without transfer have the fast solver (durak_endgame.py): on Pyodide under Node
# it reaches 44,500 to 48,600 positions in 0.5 s (85,000 a second over 391 endgames).
SOLVE_NODES = 45_000
ENGINE_SOLVE_NODES = 3000  # the engine-state Solver's limit (transfer games): its 0.5 s there
SEARCH_DEALS = 48
LATE = 12  # cards in the stock from which the hard level searches …
LATE_PLAYERS = 2  # … when no more players than this are left; with more, from the first bout
NORMAL_SOLVE_NODES = 2000
# With two players the hard level's playouts end at the exact endgame once the stock is out,
# when a few hundred positions solve it (durak_endgame.Finish; the solver checks its limit
# every 256). Over the same 200 deals against normal: 0.740 finishing so, 0.675 playing out
# to the end (+0.065 ± 0.030); with 1,000 positions 0.723, at 1.5 times the time.
FINISH_NODES = 300
# Standard errors by which a searched move must beat the heuristic's: late in the deal the
# playouts often find two moves about equal (taking a small card or beating it with a small
# one), and a flip on noise would be a silly move.
CONFIDENCE = 2.0
# At a table of three or four early in the deal one: measured against normal tables of three,
# hard's score was the same with one or two (0.843 and 0.840 over 150 games), with four 0.904
# against 0.846 over 120.
CROWD_CONFIDENCE = 1.0
MEMORY_POSITIONS = 200_000  # solved positions a player keeps between its decisions

class DurakHeuristic:
    """The normal level's judgement on a view: `policy`, with its reason in words."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None  # why the last move was chosen, for the hint

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
        table = [[card(a), d and card(d)] for a, d in view["table"]]
        if going_round(view):  # the policy would keep the cards going round: any move
            move, why = self.rng.choice(moves), "round"
        else:
            move, why = policy(moves, view["trump_suit"], view["stock"], table,
                               view["phase"] == "defend", view["taking"])
        self.why = reason(why, move, table)
        return move


def going_round(view: dict[str, Any]) -> bool:
    """The same cards go round the table: ROUND bouts in a row have ended with cards still in
    the stock and nobody drawing (every hand at six or more). Three heuristic players can pass
    the same pairs from hand to hand for ever, each taking what it cannot beat; a move off the
    policy's path breaks the circle, as a person at the table would."""
    if not view["stock"]:
        return False
    bouts = 0
    for event in reversed(view["log"]):
        if event["event"] == "draw":
            return False
        bouts += event["event"] == "bout"
        if bouts > ROUND:
            return True
    return False


def reason(why: str, move: Move, table: Table) -> Reason:
    """`policy`'s word for its choice, as a sentence for the hint."""
    if why == "pair":
        # TRANSLATORS: {rank} is a rank, e.g. "7"
        return Reason("lead your {rank}s together: fewer cards left to shed",
                      rank=Rank(move.cards[0].rank))
    if why == "lead":
        return Reason("{card} is your cheapest lead", card=move.cards[0])
    if why == "show":
        return Reason("showing {card} passes the attack on and keeps it in your hand",
                      card=move.cards[0])
    if why == "transfer":
        return Reason("{card} passes the attack on to the next player", card=move.cards[0])
    if why == "cannot":
        return Reason("you cannot beat every card on the table")
    if why == "keep-trumps":
        return Reason("keep your trumps while the stock is deep: taking these costs less")
    if why == "beat":
        return Reason("{card} is the cheapest card that beats {target}", card=move.cards[0],
                      target=card(move.target))
    if why == "throw":
        return Reason("{cards} cost you little and the defender must face them",
                      cards=list(move.cards))
    if why == "keep":
        return Reason("keep your trumps: the stock is not nearly out yet")
    if why == "round":
        return Reason("the same cards keep going round the table: a different move breaks "
                      "the circle")
    if why == "keep-from-taker":
        return Reason("keep your high cards and trumps: the taker would have them")
    return Reason("this is your only move")


class DurakNormal:
    """The normal level: the heuristic, and the exact endgame once every card is known (where
    it is small enough to solve)."""

    late, deals, solve_nodes = 0, 0, NORMAL_SOLVE_NODES
    crowd = False  # whether it searches from the first bout while more than two are left
    # Whether its imagined deals follow what the other's moves say of its hand, with two
    # players late in the deal. Measured over the same deals against normal tables: with two
    # players 0.660 reading, 0.654 not (169 games); at three, where the search starts at the
    # first bout, 0.810 reading, 0.913 not (63 games, -0.10 +- 0.12): not used there.
    reads = False

    def __init__(self, rng: random.Random, budget: float | None = None):
        from .search import Search
        self.heuristic = DurakHeuristic(rng)
        self.budget = budget
        self.memory: dict = {}  # the endgame solver's, from one decision to the next
        self.search = Search(DURAK, DurakHeuristic, rng, deals=self.deals, budget=budget,
                             playout=playout_move, confidence=CONFIDENCE) if self.deals else None
        self.why: Reason | None = None

    def choose(self, view: dict[str, Any]) -> Move:
        return finish(self.think(view))

    def think(self, view: dict[str, Any]) -> Iterator[None]:
        start = time.perf_counter()
        move = self.heuristic.choose(view)
        self.why = self.heuristic.why
        left = view["players"] - len(view["out"])
        late = view["stock"] <= self.late and left <= LATE_PLAYERS
        if len(view["legal"]) == 1 or not (late or (self.crowd and left > LATE_PLAYERS)):
            return move
        # the solver first: it answers only when every card is known
        if solvable(view):
            half = None if self.budget is None else self.budget / 2
            solved = yield from solve(view, self.solve_nodes, half, self.memory)
            if solved is not None:
                if solved != move:
                    self.why = Reason("every card is known: this plays the rest of the deal best")
                return solved
        if self.search is None:
            return move
        until = None if self.budget is None else start + self.budget  # the solver's time counts
        self.search.confidence = CONFIDENCE if late else CROWD_CONFIDENCE
        self.search.deal = DURAK.determinize
        self.search.exact = endgame.Finish(FINISH_NODES) if late else None  # a decision's own
        if self.reads and late:  # at a crowded table reading measured no better (see reads)
            # loaded when first read: a page playing the normal level, or early in the
            # deal, never needs it
            from .durak_reading import Reader, imagine
            reader = Reader(view)
            self.search.deal = lambda v, rng: imagine(v, rng, reader)
        searched = yield from self.search.think(view, until)
        if searched != move:
            self.why = Reason("few cards are left unseen: this did best in the deals still "
                              "possible")
        return searched


class DurakHard(DurakNormal):
    """The hard level: the normal level, and a search over the deals still possible (what
    the stock and the other hands can hold, given every card seen: taken, thrown in,
    transferred, shown, beaten, and with two players what the other's moves say it did not
    hold, see durak_reading.py), each played out by the heuristic for every seat: at a table
    of three or more from the first bout, and once two players are left when the stock is
    down to LATE cards (there a playout that empties the stock ends with the endgame's exact
    value when it is small enough: durak_endgame.Finish). With two players earlier in the
    deal the unseen cards are too many for the playouts to beat the heuristic's judgement
    (measured: searching from the first move did worse); with more players the heuristic's
    blind spots (whom a card is thrown at, what the next defender will face) are where the
    search gains."""

    late, deals, solve_nodes = LATE, SEARCH_DEALS, SOLVE_NODES
    crowd = reads = True


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's move, with its reason."""
    player = DurakNormal(random.Random(0))
    move = player.choose(view)
    return move, player.why


# --- fast playouts ---------------------------------------------------------------------
def playout_move(game: Any, state: DurakState, rng: random.Random) -> Move:
    """The heuristic's move on the imagined state itself, for search: no view, no texts."""
    return pick(state, game.legal_moves(state))


def pick(state: DurakState, moves: list[Move]) -> Move:
    """playout_move's choice among the legal `moves`."""
    defending = state.to_act == state.defender and not state.taking and \
        any(d is None for _, d in state.table)
    return policy(moves, state.trump.suit, len(state.stock), state.table, defending,
                  state.taking)[0]


# --- the exact endgame ------------------------------------------------------------------
def solvable(view: dict[str, Any]) -> bool:
    """Every card known: the stock is empty and one opponent is left (whose hand is then all
    the cards this seat has not seen), in a game without teams."""
    left = [s for s in range(view["players"]) if s not in view["out"]]
    return view["stock"] == 0 and len(left) == 2 and not view["options"]["teams"]


def solve(view: dict[str, Any], nodes: int = SOLVE_NODES, seconds: float | None = None,
          memory: dict | None = None) -> Iterator[None]:
    """The best move when every card is known, found by alpha-beta to the end of the deal
    (None when not solvable, or when the position is too big for `nodes` / `seconds`).
    A generator: it yields now and then so a page stays responsive. `memory` (a dict the
    player keeps) carries what was found from one decision to the next: the positions of the
    next decision were mostly searched in this one."""
    if not solvable(view):
        return None
    world = DURAK.determinize(view, random.Random(0))  # exact: nothing is left unseen
    world.history, world.log = [], []
    table = None if memory is None else memory.setdefault(view["seat"], {})
    if table is not None and len(table) > MEMORY_POSITIONS:
        table.clear()
    if endgame.fits(view):  # two players, no transfer: the fast solver, on the view's moves
        moves = moves_of(view)
        first = pick(world, moves)
        search = endgame.Endgame(view["seat"], nodes, seconds, table).best(
            world, [first, *(m for m in moves if m is not first)])
    else:
        search = Solver(view["seat"], min(nodes, ENGINE_SOLVE_NODES), seconds, table).best(world)
    try:
        move = yield from search
    except (Solver.OutOfTime, endgame.OutOfTime):
        return None
    return move


def exact_values(game: Any, state: DurakState, seat: int, moves: list[Move]) -> list[float] | None:
    """Each move's value for `seat` with every card known, searched to the end of the deal (1
    won, ½ drawn, 0 lost): the analysis's exact judgement, where the position is `solvable`
    and small enough for SOLVE_NODES; else None."""
    if not solvable(game.view(state, seat)):
        return None
    if endgame.state_fits(state):
        try:
            return finish(endgame.values(state, seat, moves, SOLVE_NODES))
        except endgame.OutOfTime:
            return None
    solver = Solver(seat, ENGINE_SOLVE_NODES, None)
    try:
        return [finish(solver.value(solver.child(state, m), 0.0, 1.0)) for m in moves]
    except Solver.OutOfTime:
        return None


class Solver:
    """Alpha-beta over win (1), draw (½) and loss (0) for one seat, with a transposition
    table; the other seat minimises."""

    class OutOfTime(Exception):
        pass

    YIELD_EVERY = 256
    MAX_DEPTH = 200

    def __init__(self, seat: int, nodes: int, seconds: float | None,
                 table: dict[tuple, tuple[float, float]] | None = None):
        self.seat, self.nodes = seat, nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.table = {} if table is None else table  # position → (lowest, highest) value
        self.path: set[tuple] = set()  # positions on the line being searched
        self.visited = 0

    def best(self, state: DurakState) -> Iterator[None]:
        moves = self.ordered(state)
        best, best_value, alpha = moves[0], -1.0, 0.0
        for move in moves:
            value = yield from self.value(self.child(state, move), alpha, 1.0)
            if value > best_value:
                best, best_value, alpha = move, value, max(alpha, value)
            if best_value >= 1.0:
                break
        return best

    def child(self, state: DurakState, move: Move) -> DurakState:
        child = DURAK.copy(state)
        DURAK.play_legal(child, move)
        return child

    def ordered(self, state: DurakState) -> list[Move]:
        moves = DURAK.legal_moves(state)
        first = pick(state, moves)
        return [first, *(m for m in moves if m is not first)]

    def key(self, s: DurakState) -> tuple:
        return (frozenset(s.hands[0]), frozenset(s.hands[1]) if len(s.hands) > 1 else None,
                *map(frozenset, s.hands[2:]), tuple(map(tuple, s.table)), s.to_act,
                s.attacker, s.defender, s.taking, tuple(s.poll), s.capacity, s.transferred,
                frozenset(s.shown), s.bout == 1, tuple(s.out))

    def value(self, state: DurakState, alpha: float, beta: float) -> Iterator[None]:
        if state.to_act is None:
            return DURAK.result(state)["scores"][self.seat]
        self.visited += 1
        if self.visited % self.YIELD_EVERY == 0:
            if self.visited > self.nodes or (
                    self.deadline is not None and time.perf_counter() > self.deadline):
                raise Solver.OutOfTime
            yield
        key = self.key(state)
        if key in self.path:
            return 0.5  # the deal can go round in circles (take, lead the same cards back…)
        if len(self.path) > self.MAX_DEPTH:
            raise Solver.OutOfTime  # lines this long: leave it to the search
        low, high = self.table.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a0 = a = max(alpha, low)
        b0 = b = min(beta, high)
        mine = state.to_act == self.seat
        best = 0.0 if mine else 1.0
        self.path.add(key)
        for move in self.ordered(state):
            v = yield from self.value(self.child(state, move), a, b)
            if mine:
                best, a = max(best, v), max(a, v)
            else:
                best, b = min(best, v), min(b, v)
            if a >= b:
                break
        self.path.discard(key)
        if best <= a0:
            self.table[key] = (low, best)  # an upper bound
        elif best >= b0:
            self.table[key] = (best, high)  # a lower bound
        else:
            self.table[key] = (best, best)
        return best
Normal = DurakNormal
Hard = DurakHard


HEURISTIC = DurakHeuristic  # the player ai.make builds for the game's levels
