"""Garbage (Trash): fill your layout of face-down cards, Ace to n, by a chain of placements.

The rule numbers in comments (R3.x) are those of the project's rules reference, §003.
The player-facing rules page, with every decision that reference leaves open, is
rules/garbage.md beside this module.

A *hand* is one game of the protocol; the *match* runs over hands through `match`
(layout sizes and who starts), the way Durak carries the fool to the next deal. A hand's
result says who won it, the sizes for the next hand, and whether the match is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card, card, deck, shuffled
from .protocol import Game, Move, Option, OptionsError, Reason, State, View

LAYOUT = 10
POSITION_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")  # position p takes [p - 1]
PIPS = {rank: p for p, rank in enumerate(POSITION_RANKS, 1)}  # the position each pip card goes to
WILD_RANKS = {"jacks": "J", "kings": "K"}  # the "wild" option's value -> the wild rank


def position_name(p: int) -> str:
    """A layout position (1-based) by the rank that belongs there: "A", "2" … "10"."""
    return POSITION_RANKS[p - 1]


def wild_rank(options: dict[str, Any]) -> str:
    """The rank that is wild under these (checked) options."""
    return WILD_RANKS[options["wild"]]


def is_wild(options: dict[str, Any], c: Card | str | None) -> bool:
    """Is this card (a Card or its text) wild under these options? None is not."""
    if c is None or c == "":
        return False
    return (c if isinstance(c, Card) else card(c)).rank == wild_rank(options)


def packs_for(players: int) -> int:
    """R3.1: one pack for 2 players, two for 3–4, three for 5–6."""
    return 1 if players <= 2 else 2 if players <= 4 else 3


@dataclass
class GarbageState(State):
    """A hand of a Garbage match: layouts, stock, discard pile and each layout's size."""

    dealer: int = 0
    first: int = 0  # who plays first this hand
    sizes: list[int] = field(default_factory=list)  # n for each player (R3.3)
    layouts: list[list[Card]] = field(default_factory=list)  # position p+1 is index p
    up: list[list[bool]] = field(default_factory=list)  # face up?
    stock: list[Card] = field(default_factory=list)  # stock[-1] is the top
    discard: list[Card] = field(default_factory=list)  # discard[-1] is the top
    holding: Card | None = None  # the card in hand during a turn's chain
    finishers: list[int] = field(default_factory=list)  # who completed, in order
    last_turns: list[int] = field(default_factory=list)  # seats still to play a last turn
    finished: bool = False


class GarbageView(View):
    """Garbage.view: what one seat may know. Cards are their texts ("10H")."""

    phase: Literal["draw", "place", "over"]  # place: a wild in hand waits for its position
    first: int  # who plays first this hand
    hand_number: int  # hands of the match so far, this one included
    sizes: list[int]  # per seat, its layout size n
    layouts: list[list[str | None]]  # per seat, positions 1..n; None while face down (for all)
    stock: int  # cards left in the stock
    discard: list[str]  # bottom to top
    holding: str | None  # the card in hand during the turn's chain
    finishers: list[int]  # seats that completed, in order
    last_turns: list[int]  # seats still to play a last turn


class Garbage(Game):
    name = "garbage"
    title = "Garbage"
    blurb = ("Turn your face-down layout face up, Ace to Ten, by a chain of placements. Jacks "
             "are wild. Win a hand and your layout shrinks; fill a one-card layout to win.")
    min_players = 2
    max_players = 6
    default_players = 2
    options = (
        Option("wild", "Wild cards", "jacks", tuple(WILD_RANKS),
               help="Jacks are wild (queens and kings are dead), or kings (jacks and queens dead)."),
        Option("last_turn", "Last turn for the others", False,
               help="After someone completes, every other player has one more turn."),
        Option("starter_discard", "Starter discard", False,
               help="Turn up one stock card to start the discard pile."),
        Option("discard_only_if_playable", "Take the discard only when it places", False),
    )
    # Garbage leaves almost no room for skill: the hard level's search finds nothing better
    # than the normal rules, and the help says so (measured: ai/garbage.py)
    ai_levels = ("easy", "normal", "hard")
    level_help = {"easy": "Plays like Normal, but about half of its moves are random.",
                  "normal": "Takes the discard when it places and draws otherwise; puts a wild "
                            "where its own card is least likely to come.",
                  "hard": "Tries each move in imagined deals of the unseen cards. Garbage is "
                          "mostly luck, so it plays about as well as Normal."}

    # --- the deal ------------------------------------------------------------
    def new_game(self, options=None, seed=0, match=None) -> GarbageState:
        options = self.check_options(options)
        match = dict(match or {})
        n = options["players"]
        state = GarbageState(options=options, seed=seed, match=match, rng=random.Random(seed))
        state.sizes = self._sizes(match.get("sizes"), n)
        if match.get("first") is not None:  # R3.5/R3.9: the winner starts, his right deals
            state.first = int(match["first"]) % n
            state.dealer = (state.first - 1) % n
        else:
            state.dealer = state.rng.randrange(n)
            state.first = (state.dealer + 1) % n
        pack = shuffled(deck(52, packs_for(n)), state.rng)
        state.layouts = [[] for _ in range(n)]
        for _ in range(max(state.sizes)):  # one card at a time, clockwise from the dealer's left
            for step in range(1, n + 1):
                seat = (state.dealer + step) % n
                if len(state.layouts[seat]) < state.sizes[seat]:
                    state.layouts[seat].append(pack.pop())
        state.up = [[False] * size for size in state.sizes]
        state.stock = pack
        if options["starter_discard"]:
            state.discard.append(state.stock.pop())
        self._say(state, "deal", seat=state.dealer, sizes=list(state.sizes))
        self._start_turn(state, state.first)
        return state

    def _sizes(self, sizes: Any, n: int) -> list[int]:
        if sizes is None:
            return [LAYOUT] * n
        if (not isinstance(sizes, list) or len(sizes) != n
                or any(type(s) is not int or not 1 <= s <= LAYOUT for s in sizes)):
            raise OptionsError(f"layout sizes must be {n} whole numbers from 1 to {LAYOUT}")
        return list(sizes)

    # --- cards and positions -------------------------------------------------------
    def wild(self, state: GarbageState, c: Card) -> bool:
        return c.rank == WILD_RANKS[state.options["wild"]]

    def spot(self, state: GarbageState, seat: int, c: Card) -> int | None:
        """Where a pip card goes in seat's layout now (0-based), or None if it is dead (R3.7)."""
        v = PIPS.get(c.rank)
        if v is None or v > state.sizes[seat]:
            return None
        p = v - 1
        if not state.up[seat][p] or self.wild(state, state.layouts[seat][p]):
            return p
        return None

    def face_down(self, state: GarbageState, seat: int) -> list[int]:
        return [p for p, up in enumerate(state.up[seat]) if not up]

    def places(self, state: GarbageState, seat: int, c: Card) -> bool:
        """Would this card place in seat's layout now?"""
        if self.wild(state, c):
            return bool(self.face_down(state, seat))
        return self.spot(state, seat, c) is not None

    # --- legal moves -----------------------------------------------------------------
    def legal_moves(self, state: GarbageState) -> list[Move]:
        seat = state.to_act
        if seat is None:
            return []
        if state.holding is not None:  # a wild waits for its position
            return [Move("place", (state.holding,), str(p + 1))
                    for p in self.face_down(state, seat)]
        moves = [Move("draw")] if state.stock else []
        if state.discard:
            top = state.discard[-1]
            if not state.options["discard_only_if_playable"] or self.places(state, seat, top):
                moves.append(Move("take", (top,)))
        return moves

    # --- playing -------------------------------------------------------------------------
    def _start_turn(self, state: GarbageState, seat: int) -> None:
        state.to_act = seat
        if not state.stock:  # R3.6: all of the discard but its top becomes the new stock
            state.stock = shuffled(state.discard[:-1], state.rng)
            state.discard = state.discard[-1:]
            self._say(state, "reshuffle", count=len(state.stock))

    def _play(self, state: GarbageState, move: Move) -> None:
        seat = state.to_act
        if move.kind == "draw":
            c = state.stock.pop()
            state.revealed += 1
            self._say(state, "draw", seat=seat, cards=[c])
        elif move.kind == "take":
            c = state.discard.pop()
            self._say(state, "take", seat=seat, cards=[c])
        else:
            c = self._place(state, seat, int(move.target) - 1, state.holding)
        state.holding = None
        self._chain(state, seat, c)

    def _place(self, state: GarbageState, seat: int, p: int, c: Card) -> Card:
        """Put c face up at position p; the card that was there is turned up and returned."""
        displaced = state.layouts[seat][p]
        state.revealed += not state.up[seat][p]
        state.layouts[seat][p], state.up[seat][p] = c, True
        self._say(state, "place", seat=seat, cards=[c], position=p + 1, displaced=str(displaced))
        return displaced

    def _chain(self, state: GarbageState, seat: int, c: Card | None) -> None:
        """R3.7: place, take up what was there, place that… until a card will not go."""
        while c is not None:
            if all(state.up[seat]):  # R3.8: complete at once; the card in hand is discarded
                state.discard.append(c)
                return self._complete(state, seat)
            if self.wild(state, c):
                state.holding = c  # the player chooses a face-down position
                return
            p = self.spot(state, seat, c)
            if p is None:
                state.discard.append(c)
                self._say(state, "discard", seat=seat, cards=[c])
                return self._end_turn(state, seat)
            c = self._place(state, seat, p, c)

    def _complete(self, state: GarbageState, seat: int) -> None:
        state.finishers.append(seat)
        self._say(state, "complete", seat=seat, size=state.sizes[seat])
        if state.options["last_turn"] and len(state.finishers) == 1:
            n = state.players
            state.last_turns = [(seat + step) % n for step in range(1, n)]
            return self._end_turn(state, seat)
        if not state.options["last_turn"] or not state.last_turns:
            self._finish(state)
        else:
            self._end_turn(state, seat)

    def _end_turn(self, state: GarbageState, seat: int) -> None:
        if state.finishers and state.options["last_turn"]:
            if not state.last_turns:
                return self._finish(state)
            return self._start_turn(state, state.last_turns.pop(0))
        if state.finishers:
            return self._finish(state)
        self._start_turn(state, (seat + 1) % state.players)

    def _finish(self, state: GarbageState) -> None:
        state.finished, state.to_act, state.holding = True, None, None
        self._say(state, "hand", winners=list(state.finishers))

    # --- the result ----------------------------------------------------------------------
    def result(self, state: GarbageState) -> dict[str, Any] | None:
        """The hand's winner(s); the next hand's sizes; the match winner once there is one."""
        if not state.finished:
            return None
        n, first = state.players, state.finishers[0]
        sizes = [size - (seat in state.finishers) for seat, size in enumerate(state.sizes)]
        champion = next((s for s in state.finishers if state.sizes[s] == 1), None)  # R3.10
        places = [1 if s in state.finishers else 2 for s in range(n)]
        scores = [1.0 if s == (first if champion is None else champion) else 0.0 for s in range(n)]
        nxt = None if champion is not None else {"sizes": sizes, "first": first,
                                                 "hand": state.match.get("hand", 1) + 1}
        return {"winners": list(state.finishers), "sizes": sizes, "match_over": champion is not None,
                "champion": champion, "places": places, "scores": scores, "draw": False,
                "losers": [s for s in range(n) if s not in state.finishers], "next": nxt}

    # --- views ---------------------------------------------------------------------------
    def phase(self, state: GarbageState) -> str:
        if state.finished:
            return "over"
        return "place" if state.holding is not None else "draw"

    def open_hands(self, state: GarbageState) -> list[list[str]]:
        """Each layout, position 1 first, face-down cards included."""
        return [[str(c) for c in layout] for layout in state.layouts]

    def view(self, state: GarbageState, seat: int) -> GarbageView:
        """Face-down positions are blank for everyone, their owner included."""
        legal = self.legal_moves(state) if seat == state.to_act else []
        layouts = [[str(c) if up else None for c, up in zip(cards_, ups)]
                   for cards_, ups in zip(state.layouts, state.up)]
        return {
            "game": self.name, "seat": seat, "players": state.players,
            "options": dict(state.options), "dealer": state.dealer, "first": state.first,
            "hand_number": state.match.get("hand", 1),
            "to_act": state.to_act, "phase": self.phase(state), "sizes": list(state.sizes),
            "layouts": layouts, "stock": len(state.stock),
            "discard": [str(c) for c in state.discard],
            "holding": None if state.holding is None else str(state.holding),
            "finishers": list(state.finishers), "last_turns": list(state.last_turns),
            "log": list(state.log), "legal": [m.to_json() for m in legal],
            "result": self.result(state),
        }

    # --- AI search -------------------------------------------------------------------------
    def determinize(self, view: dict[str, Any], rng: random.Random) -> GarbageState:
        """The face-down positions and the stock dealt anew from the cards nobody has seen."""
        options = dict(view["options"])
        state = GarbageState(options=options, seed=0, rng=random.Random(rng.random()))
        seen = [card(c) for row in view["layouts"] for c in row if c] + \
            [card(c) for c in view["discard"]]
        if view["holding"]:
            seen.append(card(view["holding"]))
        unseen = deck(52, packs_for(view["players"]))
        for c in seen:
            unseen.remove(c)
        rng.shuffle(unseen)
        state.layouts = [[card(c) if c else unseen.pop() for c in row] for row in view["layouts"]]
        state.up = [[c is not None for c in row] for row in view["layouts"]]
        state.stock, state.discard = unseen, [card(c) for c in view["discard"]]
        state.holding = card(view["holding"]) if view["holding"] else None
        state.sizes, state.dealer, state.first = list(view["sizes"]), view["dealer"], view["first"]
        state.finishers, state.last_turns = list(view["finishers"]), list(view["last_turns"])
        state.to_act, state.match = view["to_act"], {"hand": view["hand_number"]}
        return state

    # --- reasons -------------------------------------------------------------------------------
    def card_move(self, state: GarbageState, c: Card) -> Move | None:
        return Move("take", (c,)) if state.holding is None else None

    def explain(self, state: GarbageState, move: Move) -> str:
        seat = state.to_act
        if state.holding is not None:
            if move.kind != "place":
                return Reason("place the wild {card} on a face-down position first",
                              card=state.holding)
            return Reason("a wild goes on one of your face-down positions")
        if move.kind == "place":
            return Reason("draw from the stock or take the discard first")
        if move.kind == "take":
            if not state.discard:
                return Reason("the discard pile is empty")
            if move.cards != (state.discard[-1],):
                return Reason("only the top of the discard ({card}) may be taken",
                              card=state.discard[-1])
            if not self.places(state, seat, state.discard[-1]):
                return Reason("{card} does not place in your layout", card=state.discard[-1])
        if move.kind == "draw" and move.cards:
            return Reason("draw takes the top card of the stock, unseen")
        # the move as written (its protocol text)
        return f"{move} is not a move in Garbage: draw, take the discard, or place a wild"


GARBAGE = Garbage()
