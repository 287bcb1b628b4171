"""Durak opponents: a careful human's heuristic (normal), its fast playout twin (for search),
and an exact endgame solver.

The heuristic values a card by rank, trumps far above the rest, and follows the usual advice:
lead low cards (pairs together), beat as cheaply as possible, keep trumps while the stock
lasts and take instead of spending big trumps on small cards, throw in what hurts the
defender but costs little, transfer when a cheap card of the rank allows it. Once the stock
is empty every card shed is a step towards going out, so it plays freely; and with two
players left and the stock empty every card is known (the view counts the discard, the cards
picked up, the trumps shown), so `solve` plays the rest perfectly when the position is small
enough to search to the end.
"""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

from ..cards import ACE_HIGH, Card, card
from ..durak import DURAK, DurakState
from ..protocol import Move, Rank, Reason
from .basic import moves_of

TRUMP_BONUS = 13
HIGH = ACE_HIGH["Q"]  # from here up a card is worth keeping while the stock lasts
# The matches' limits are what the page reaches in its time (1 s a move in Chromium, where
# Python runs at about 0.4× CPython): the hard level's search SEARCH_DEALS deals, after its
# endgame solver SOLVE_NODES positions (the page gives each half of its time); normal less.
SOLVE_NODES = 3000
SEARCH_DEALS = 48
LATE = 6  # cards in the stock from which the normal level thinks ahead
LATE_PLAYERS = 2  # … when no more players than this are left
NORMAL_DEALS = 8
NORMAL_SOLVE_NODES = 2000
MEMORY_POSITIONS = 200_000  # solved positions a player keeps between its decisions


class DurakHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None  # why the last move was chosen, for the hint

    def choose(self, view: dict[str, Any]) -> Move:
        self.trump = view["trump_suit"]
        self.endgame = view["stock"] == 0
        self.early = view["stock"] > 2 * view["players"]
        moves = moves_of(view)
        if view["phase"] == "attack":
            return self.lead(moves)
        if view["phase"] == "defend":
            return self.defend(view, moves)
        return self.throw_in(view, moves)

    def value(self, c: Card) -> int:
        return ACE_HIGH[c.rank] + (TRUMP_BONUS if c.suit == self.trump else 0)

    def precious(self, c: Card) -> bool:
        """Worth keeping while the stock lasts: trumps and high cards."""
        return c.suit == self.trump or ACE_HIGH[c.rank] >= HIGH

    # --- attack -----------------------------------------------------------------
    def lead(self, moves: list[Move]) -> Move:
        def cost(m: Move) -> float:
            worst = max(self.value(c) for c in m.cards)
            spare = sum(1 for c in m.cards if not self.precious(c) or self.endgame)
            return worst - 2.5 * (spare - 1) if spare == len(m.cards) else worst + 20

        best = min(moves, key=cost)
        if len(best.cards) > 1:
            # TRANSLATORS: {rank} is a rank, e.g. "7"
            self.why = Reason("lead your {rank}s together: fewer cards left to shed",
                              rank=Rank(best.cards[0].rank))
        else:
            self.why = Reason("{card} is your cheapest lead", card=best.cards[0])
        return best

    # --- defence ------------------------------------------------------------------
    def defend(self, view: dict[str, Any], moves: list[Move]) -> Move:
        take = Move("take")
        shows = [m for m in moves if m.kind == "show"]
        if shows:
            self.why = Reason("showing {card} passes the attack on and keeps it in your hand",
                              card=shows[0].cards[0])
            return shows[0]  # costs nothing
        transfers = [m for m in moves if m.kind == "transfer" and len(m.cards) == 1]
        cheap = [m for m in transfers if not self.precious(m.cards[0]) or self.endgame]
        if cheap:
            best = min(cheap, key=lambda m: self.value(m.cards[0]))
            self.why = Reason("{card} passes the attack on to the next player", card=best.cards[0])
            return best
        plan = self.plan_defence(view, moves)
        if plan is None:
            self.why = Reason("you cannot beat every card on the table")
            return take
        if self.rather_take(view, plan):
            self.why = Reason("taking small cards costs less than a high trump this early")
            return take
        attack, beater = plan[0]
        self.why = Reason("{card} is the cheapest card that beats {target}", card=beater,
                          target=attack)
        return Move("beat", (beater,), str(attack))

    def plan_defence(self, view: dict[str, Any], moves: list[Move]) -> list[tuple[Card, Card]] | None:
        """Cheapest beater for each unbeaten card, hardest first; None if one can't be beaten."""
        options: dict[Card, list[Card]] = {}
        for m in moves:
            if m.kind == "beat":
                options.setdefault(card(m.target), []).append(m.cards[0])
        unbeaten = [card(a) for a, d in view["table"] if d is None]
        used: set[Card] = set()
        plan = []
        for attack in sorted(unbeaten, key=self.value, reverse=True):
            free = [c for c in options.get(attack, []) if c not in used]
            if not free:
                return None
            best = min(free, key=self.value)
            used.add(best)
            plan.append((attack, best))
        return plan

    def rather_take(self, view: dict[str, Any], plan: list[tuple[Card, Card]]) -> bool:
        """Early on, don't spend big trumps on small cards: taking them costs less."""
        if not self.early:
            return False
        spent = [b for _, b in plan if b.suit == self.trump]
        big = [b for b in spent if ACE_HIGH[b.rank] >= ACE_HIGH["Q"]]
        small_attacks = all(not self.precious(card(a)) for a, _ in view["table"])
        return bool(big) and small_attacks and len(view["table"]) <= 2

    # --- throw-in -------------------------------------------------------------------
    def throw_in(self, view: dict[str, Any], moves: list[Move]) -> Move:
        throws = [m for m in moves if m.kind == "throw"]
        ok = [m for m in throws if all(self.worth_throwing(view, c) for c in m.cards)]
        if not ok:
            self.why = Reason("keep your cards: nothing you could add is cheap enough")
            return Move("pass")
        best = max(ok, key=lambda m: (len(m.cards), -sum(map(self.value, m.cards))))
        self.why = Reason("{cards} cost you little and the defender must face them",
                          cards=list(best.cards))
        return best

    def worth_throwing(self, view: dict[str, Any], c: Card) -> bool:
        """Any plain card hurts the defender more than it costs; trumps too once the stock is
        nearly out, when what is left in the hands decides the deal."""
        return c.suit != self.trump or view["stock"] <= LATE


class DurakNormal:
    """The normal level: the heuristic while the stock is deep; once a few cards are left in it
    and two players left (little is unknown) a short search over the deals still
    possible; with every card known, the exact endgame where it is small enough."""

    def __init__(self, rng: random.Random, budget: float | None = None):
        from .search import Search
        self.heuristic = DurakHeuristic(rng)
        self.budget = budget
        self.memory: dict = {}  # the endgame solver's, from one decision to the next
        self.search = Search(DURAK, DurakHeuristic, rng, deals=NORMAL_DEALS, budget=budget,
                             playout=playout_move)
        self.why: Reason | None = None

    def choose(self, view: dict[str, Any]) -> Move:
        from ..thinking import finish
        return finish(self.think(view))

    def think(self, view: dict[str, Any]) -> Iterator[None]:
        move = self.heuristic.choose(view)
        self.why = self.heuristic.why
        left = view["players"] - len(view["out"])
        if len(view["legal"]) == 1 or view["stock"] > LATE or left > LATE_PLAYERS:
            return move  # (with more players left the unseen cards are too many to sort out)
        if solvable(view):
            half = None if self.budget is None else self.budget / 2
            solved = yield from solve(view, NORMAL_SOLVE_NODES, half, self.memory)
            if solved is not None:
                if solved != move:
                    self.why = Reason("every card is known: this plays the rest of the deal best")
                return solved
        searched = yield from self.search.think(view)
        if searched != move:
            self.why = Reason("few cards are left unseen: this did best in the deals still "
                              "possible")
        return searched


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's move, with its reason."""
    player = DurakNormal(random.Random(0))
    move = player.choose(view)
    return move, player.why


# --- fast playouts ---------------------------------------------------------------------
def _value(c: Card, trump: str) -> int:
    return ACE_HIGH[c.rank] + (TRUMP_BONUS if c.suit == trump else 0)


def playout_move(game: Any, state: DurakState, rng: random.Random) -> Move:
    """The heuristic's plan on the imagined state itself, for search: no view, no texts."""
    return pick(state, game.legal_moves(state))


def pick(state: DurakState, moves: list[Move]) -> Move:
    """playout_move's choice among the legal `moves`."""
    if len(moves) == 1:
        return moves[0]
    trump = state.trump.suit
    endgame = not state.stock
    if not state.table:  # lead the cheapest card; low pairs together
        def cost(m: Move) -> int:
            worst = max(_value(c, trump) for c in m.cards)
            return worst - 3 * (len(m.cards) - 1) if worst < HIGH or endgame else worst + 20
        return min(moves, key=cost)
    if state.to_act == state.defender and not state.taking and \
            any(d is None for _, d in state.table):
        return _defend(state, moves, trump, endgame)
    cheap = [m for m in moves if m.kind == "throw" and len(m.cards) == 1
             and (endgame or (m.cards[0].suit != trump and ACE_HIGH[m.cards[0].rank] < HIGH))]
    return min(cheap, key=lambda m: _value(m.cards[0], trump)) if cheap else moves[-1]


def _defend(state: DurakState, moves: list[Move], trump: str, endgame: bool) -> Move:
    best: dict[str, Move] = {}
    for m in moves:
        if m.kind == "beat":
            if m.target not in best or _value(m.cards[0], trump) < _value(best[m.target].cards[0], trump):
                best[m.target] = m
        elif m.kind in ("show", "transfer") and len(m.cards) == 1 and \
                (endgame or m.cards[0].suit != trump or m.kind == "show"):
            return m
    unbeaten = [a for a, d in state.table if d is None]
    if len(best) < len(unbeaten):
        return moves[-1]  # take: a card cannot be beaten
    pick = best[str(max(unbeaten, key=lambda c: _value(c, trump)))]
    if not endgame and len(state.stock) > 4 and pick.cards[0].suit == trump \
            and ACE_HIGH[pick.cards[0].rank] >= HIGH and len(state.table) <= 2:
        return moves[-1]  # a big trump on small cards this early: take instead
    return pick


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
    solver = Solver(view["seat"], nodes, seconds, table)
    try:
        move = yield from solver.best(world)
    except Solver.OutOfTime:
        return None
    return move


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
