"""Garbage players: the normal heuristic, its fast playout twin (for search) and the hint.

Garbage leaves a player who sees only its own view nothing to gain over these rules. Taking
the discard when it places is certain progress. A card that does not place is not worth
taking: taking it only puts it back and ends the turn, which leaves the stock's top card to
the next player instead of trying it ourselves. Where a wild goes cannot matter: nobody has
seen the face-down cards, so each face-down spot hides a card dealt alike from the unseen
ones, and whichever spot the wild takes, the positions still open to their own card (face
down or held by a wild) and the number still face down are the same. The heuristic puts it
where the proper card is least likely to come, the position whose rank has the fewest copies
left unseen (it remembers every card turned up or discarded), the highest on a tie: that only
makes its reason easy to say.

Measured at two players, whole matches against the normal level, seats alternated:
- The room is all in the hidden cards. A player that sees the real deal (the stock's order,
  the face-down cards) and plays each move out to the end of the hand on it wins 300 matches
  of 300 (0.987-1.000); seeing them only where its wilds go, 0.733 (0.681-0.780); only to
  take or draw, 300 of 300.
- A fair player finds nothing. A wild on a random spot scores 0.510 (0.454-0.566), where its
  own card is the likeliest to come 0.503 (0.447-0.560), over 300 matches each. In 300 draw
  decisions of normal matches, each move played out on the same 2,000 imagined deals of the
  seat's view, the other move was never better by more than the noise (at best +0.012, 1.05
  standard errors; on average -0.063 of a hand). In 30 wild placements (138 other spots) on
  1,000 deals, the spots' values were within 0.034 and no better spot stood out (largest
  2.5 standard errors, as many as chance gives). The hard level (the generic search over
  SEARCH_DEALS deals) scores 0.483 (0.427-0.540) against normal over 300 matches: even.
- A match is the first to ten hands won, which magnifies an edge: 0.58 of matches needs
  about 0.523 of hands (taken as independent). A seat has about five two-way draw decisions
  a hand; taking every better-looking alternative above, noise and all, would be worth
  about 0.0002 of a hand.
`level_help` says the hard level plays about as well as the normal one.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..cards import Card, card, deck
from ..garbage import PIPS, POSITION_RANKS, GarbageState, packs_for, wild_rank
from ..protocol import Move, Rank, Reason
from .basic import moves_of

# The hard level's deals per decision in matches (it mostly has two moves to compare, or
# where to put a wild): about 40 ms a decision on CPython.
SEARCH_DEALS = 32


def places(c: Card, row: list[Card | None], size: int, wild: str) -> bool:
    """Would card `c` place in this layout row (face-up cards, None for face down) now?"""
    if c.rank == wild:
        return None in row
    v = PIPS.get(c.rank)
    if v is None or v > size:
        return False
    there = row[v - 1]
    return there is None or there.rank == wild


def unseen_ranks(seen: Iterable[Card], players: int) -> dict[str, int]:
    """How many cards of each rank nobody has seen yet."""
    left: dict[str, int] = {}
    for c in deck(52, packs_for(players)):
        left[c.rank] = left.get(c.rank, 0) + 1
    for c in seen:
        left[c.rank] -= 1
    return left


def wild_spot(moves: list[Move], left: dict[str, int]) -> Move:
    """Where a wild goes: the position whose card is least likely to come, the highest on a
    tie (the moves name face-down positions by number)."""
    return min(moves, key=lambda m: (left[POSITION_RANKS[int(m.target) - 1]], -int(m.target)))


def decide(moves: list[Move], row: list[Card | None], size: int, wild: str,
           top: Card | None) -> Move:
    """Draw or take: the discard if it places, else draw (if there is a stock)."""
    take = next((m for m in moves if m.kind == "take"), None)
    if take is not None and places(top, row, size, wild):
        return take
    return next((m for m in moves if m.kind == "draw"), moves[0])


# --- the normal level, from a view -----------------------------------------------------------
class GarbageHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None  # why the last move was chosen, for the hint

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
        me = view["seat"]
        wild = wild_rank(view["options"])
        if view["phase"] == "place":
            seen = [card(c) for row in view["layouts"] for c in row if c] + \
                [card(c) for c in view["discard"]] + [card(view["holding"])]
            left = unseen_ranks(seen, view["players"])
            move = wild_spot(moves, left)
            self.why = self.wild_reason(move, moves, left)
            return move
        row = [None if c is None else card(c) for c in view["layouts"][me]]
        top = card(view["discard"][-1]) if view["discard"] else None
        move = decide(moves, row, view["sizes"][me], wild, top)
        self.why = self.reason(move, top, top is not None and places(top, row, view["sizes"][me],
                                                                     wild), wild)
        return move

    @staticmethod
    def wild_reason(move: Move, moves: list[Move], left: dict[str, int]) -> Reason:
        rank = POSITION_RANKS[int(move.target) - 1]
        if len(moves) == 1:
            # TRANSLATORS: {rank} names a layout position by its rank (A, 2 … 10)
            return Reason("the wild goes on your {rank}: your only face-down place",
                          rank=Rank(rank))
        if left[rank] == 0:
            # TRANSLATORS: {rank} names a layout position by its rank (A, 2 … 10)
            return Reason("only a wild can fill your {rank} now: every other {rank} is in sight",
                          rank=Rank(rank))
        if len({left[POSITION_RANKS[int(m.target) - 1]] for m in moves}) == 1:
            # TRANSLATORS: {rank} names a layout position by its rank (A, 2 … 10)
            return Reason("the wild goes on your {rank}: no face-down place is likelier than "
                          "another to get its own card", rank=Rank(rank))
        # TRANSLATORS: {rank} names a layout position by its rank (A, 2 … 10); {count} is how
        # many cards of that rank nobody has seen yet
        return Reason("the wild goes on your {rank}: only {count} cards of that rank are left "
                      "unseen, the fewest", rank=Rank(rank), count=left[rank])

    @staticmethod
    def reason(move: Move, top: Card | None, placing: bool, wild: str) -> Reason:
        if move.kind == "take" and placing and top.rank == wild:
            return Reason("{card} is wild: it places on any face-down position", card=top)
        if move.kind == "take" and placing:
            return Reason("{card} places on your layout at once", card=top)
        if move.kind == "take":
            return Reason("the stock is empty: taking {card} is the only move", card=top)
        if top is None:
            return Reason("the discard pile is empty: draw from the stock")
        return Reason("{card} does not place on your layout: draw instead", card=top)


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's move, with its reason."""
    player = GarbageHeuristic(random.Random(0))
    move = player.choose(view)
    return move, player.why


# --- fast playouts --------------------------------------------------------------------------
def playout_move(game: Any, state: GarbageState, rng: random.Random) -> Move:
    """The normal level's rules on the imagined state itself, for search: from the actor's
    face-up cards and the public ones only."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    me = state.to_act
    wild = wild_rank(state.options)
    if state.holding is not None:
        seen = [c for row, ups in zip(state.layouts, state.up) for c, up in zip(row, ups) if up]
        left = unseen_ranks([*seen, *state.discard, state.holding], state.players)
        return wild_spot(moves, left)
    top = state.discard[-1] if state.discard else None
    if top is None:
        return moves[0]
    if top.rank == wild:
        return moves[-1]  # take it: a wild always places while a position is face down
    v = PIPS.get(top.rank)
    if v is not None and v <= state.sizes[me]:
        p = v - 1
        if not state.up[me][p] or state.layouts[me][p].rank == wild:
            return moves[-1]  # take: it places
    return moves[0]  # draw


HEURISTIC = GarbageHeuristic  # the player ai.make builds for the game's levels
