"""Memory: call HIGHER, LOWER or SAME for the top card of your own face-down pile.

The rule numbers in comments (R1.x) are those of the project's rules reference, §001.
The player-facing rules page, with every decision that reference leaves open, is
rules/memory.md beside this module.

Nobody holds a hand: each seat has a face-down pile it was shown once. What a seat has been
shown is private and kept in the state as *showings*; a seat's view carries its own showings
and the public log, and nothing else about the piles but their sizes. `recall(view)` rebuilds
a pile from exactly that, as a player with a perfect memory would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from .cards import ACE_HIGH, Card, card, deck, shuffled
from .protocol import Game, Move, Option, OptionsError, Reason, State, View

CALLS = ("higher", "lower", "same")
BLACK_ACES = frozenset({Card("A", "S"), Card("A", "C")})
CALL_LIMIT = 2000  # safeguard: games of careless callers could go on for very long


@dataclass
class MemoryState(State):
    """A Memory deal: each player's face-down pile, the centre and the calls."""

    dealer: int = 0
    piles: list[list[Card]] = field(default_factory=list)  # piles[s][0] is the top
    centre: list[Card] = field(default_factory=list)  # centre[-1] is the top
    showings: list[list[dict[str, Any]]] = field(default_factory=list)  # per seat, private
    looking: list[int] = field(default_factory=list)  # black-ace looks lasting to the
    # looker's next turn (R1.7)
    calls: int = 0
    winners: list[int] = field(default_factory=list)
    at_limit: bool = False  # ended by the safeguard


class Showing(TypedDict):
    """One look a seat had at its own pile."""

    at: int  # the log's length when it was shown
    why: str  # "deal" or "black ace"
    until: str  # "ready", or "next_turn" for a look that lasts to the seat's next turn
    cards: list[str]  # the pile, top first


class MemoryView(View):
    """Memory.view: what one seat may know. Cards are their texts ("10H")."""

    phase: Literal["call", "over"]
    deal_number: int  # deals of the match so far, this one included
    piles: list[int]  # per seat, cards in its face-down pile
    centre: list[str]  # bottom to top
    shown: list[Showing]  # this seat's looks at its own pile (see recall)
    looking: bool  # this seat's black-ace look lasts until its next turn begins
    calls: int  # calls made this deal


class Memory(Game):
    name = "memory"
    title = "Memory"
    blurb = ("Everyone is shown their own face-down pile once. Call higher, lower or same for "
             "your next card; call wrong and you take the centre. First to empty their pile wins.")
    min_players = 2
    max_players = 4
    default_players = 4
    options = (
        Option("deck", "Deck", 36, (36, 52), help="36 cards (6 to ace) or 52 (2 to ace)."),
        Option("no_same_call", "No SAME call", False,
               help="Only HIGHER and LOWER; an equal rank counts as a wrong call."),
        Option("pagat_start", "Start card ends the turn", False,
               help="Whoever lays a start card on the empty centre makes no call that turn."),
        Option("black_ace_self_only", "Black ace: only its turner looks", False,
               help="Only the player who turned a black ace may look at their pile, until "
                    "their next turn."),
    )
    ai_levels = ("easy", "normal", "hard")
    level_help = {"easy": "Remembers the next two cards of its pile after each look, and "
                          "guesses the rest.",
                  "normal": "Remembers the next four cards of its pile after each look and the "
                            "first card of a centre it picks up; plays the odds for the rest.",
                  "hard": "Remembers the next seven cards of its pile after each look and the "
                          "first three of a centre it picks up, as a good memory can; plays "
                          "the odds for the rest."}

    # --- the deal ----------------------------------------------------------------------
    def new_game(self, options=None, seed=0, match=None) -> MemoryState:
        options = self.check_options(options)
        match = dict(match or {})
        n = options["players"]
        state = MemoryState(options=options, seed=seed, match=match, rng=random.Random(seed))
        if match.get("dealer") is not None:  # R1.2: the deal passes clockwise
            if type(match["dealer"]) is not int or not 0 <= match["dealer"] < n:
                raise OptionsError(f"the dealer must be a seat from 0 to {n - 1}")
            state.dealer = match["dealer"]
        else:
            state.dealer = state.rng.randrange(n)
        pack = shuffled(deck(options["deck"]), state.rng)
        state.piles = [[] for _ in range(n)]
        for i in range(len(pack)):  # R1.3: one at a time from the dealer's left
            state.piles[(state.dealer + 1 + i) % n].append(pack.pop())
        state.showings = [[] for _ in range(n)]
        self._say(state, "deal", seat=state.dealer, sizes=[len(p) for p in state.piles])
        for seat in range(n):  # R1.4: everyone memorises their pile once
            self._show(state, seat, "deal")
        self._start_turn(state, state.dealer)  # R1.5: the dealer begins
        return state

    def _show(self, state: MemoryState, seat: int, why: str, until: str = "ready") -> None:
        state.showings[seat].append({"at": len(state.log), "why": why, "until": until,
                                     "cards": [str(c) for c in state.piles[seat]]})

    # --- legal moves --------------------------------------------------------------------
    def calls_allowed(self, state: MemoryState) -> tuple[str, ...]:
        return CALLS[:2] if state.options["no_same_call"] else CALLS

    def legal_moves(self, state: MemoryState) -> list[Move]:
        if state.to_act is None:
            return []
        return [Move(call) for call in self.calls_allowed(state)]

    @staticmethod
    def right(call: str, old: Card, new: Card) -> bool:
        """R1.5.4: is the call correct? Impossible calls are legal and simply wrong."""
        a, b = ACE_HIGH[old.rank], ACE_HIGH[new.rank]
        return (call == "higher" and b > a) or (call == "lower" and b < a) or \
            (call == "same" and b == a)

    # --- playing ------------------------------------------------------------------------
    def _start_turn(self, state: MemoryState, seat: int) -> None:
        if seat in state.looking:  # R1.7: the black-ace look lasts until this turn begins
            state.looking.remove(seat)
        state.to_act = seat
        if state.centre:
            return
        c = state.piles[seat].pop(0)  # R1.5.1: a start card, no call
        state.revealed += 1
        state.centre.append(c)
        self._say(state, "start", seat=seat, cards=[c])
        if not state.piles[seat]:
            return self._win(state, seat)
        if state.options["pagat_start"]:
            self._end_turn(state, seat, c in BLACK_ACES)

    def _play(self, state: MemoryState, move: Move) -> None:
        seat = state.to_act
        last = state.log[-1]
        started = last["event"] == "start" and last["seat"] == seat  # this turn's start card
        old, new = state.centre[-1], state.piles[seat].pop(0)
        state.revealed += 1
        state.centre.append(new)
        state.calls += 1
        correct = self.right(move.kind, old, new)
        self._say(state, "call", seat=seat, call=move.kind, cards=[new], over=str(old),
                  right=correct)
        black_ace = new in BLACK_ACES or (started and old in BLACK_ACES)
        if correct and not state.piles[seat]:
            return self._win(state, seat)
        if not correct:  # R1.5.6: the centre, bottom card first, goes under the pile
            taken, state.centre = state.centre, []
            state.piles[seat].extend(taken)
            self._say(state, "take", seat=seat, cards=taken)
        if state.calls >= CALL_LIMIT:
            return self._stop_at_limit(state)
        self._end_turn(state, seat, black_ace)

    def _end_turn(self, state: MemoryState, seat: int, black_ace: bool) -> None:
        if black_ace:  # R1.6: once the turn is resolved, piles are looked at
            lookers = [seat] if state.options["black_ace_self_only"] else range(state.players)
            for s in lookers:
                self._show(state, s, "black ace",
                           "next_turn" if state.options["black_ace_self_only"] else "ready")
            if state.options["black_ace_self_only"] and seat not in state.looking:
                state.looking.append(seat)
            self._say(state, "look", seat=seat, seats=list(lookers))
        self._start_turn(state, (seat + 1) % state.players)

    def _win(self, state: MemoryState, seat: int) -> None:
        state.winners, state.to_act, state.looking = [seat], None, []
        self._say(state, "win", seat=seat)

    def _stop_at_limit(self, state: MemoryState) -> None:
        """The safeguard: after CALL_LIMIT calls the smallest pile(s) win."""
        fewest = min(len(p) for p in state.piles)
        state.winners = [s for s, p in enumerate(state.piles) if len(p) == fewest]
        state.to_act, state.looking, state.at_limit = None, [], True
        self._say(state, "limit", calls=state.calls, winners=list(state.winners))

    # --- the result ---------------------------------------------------------------------
    def result(self, state: MemoryState) -> dict[str, Any] | None:
        if not state.winners:
            return None
        n, winners = state.players, state.winners
        return {"winners": list(winners), "places": [1 if s in winners else 2 for s in range(n)],
                "scores": [1 / len(winners) if s in winners else 0.0 for s in range(n)],
                "losers": [s for s in range(n) if s not in winners],
                "draw": len(winners) > 1, "limit": state.at_limit,
                "next": {"dealer": (state.dealer + 1) % n,  # R1.8: the deal passes clockwise
                         "deal": state.match.get("deal", 1) + 1}}

    # --- views --------------------------------------------------------------------------
    def open_hands(self, state: MemoryState) -> list[list[str]]:
        """Each face-down pile, its top card first."""
        return [[str(c) for c in pile] for pile in state.piles]

    def view(self, state: MemoryState, seat: int) -> MemoryView:
        """Pile sizes, the open centre and public log; of the piles' contents only what this
        seat itself was shown."""
        legal = self.legal_moves(state) if seat == state.to_act else []
        return {
            "game": self.name, "seat": seat, "players": state.players,
            "options": dict(state.options), "dealer": state.dealer,
            "deal_number": state.match.get("deal", 1), "to_act": state.to_act,
            "phase": "over" if state.to_act is None else "call",
            "piles": [len(p) for p in state.piles], "centre": [str(c) for c in state.centre],
            "shown": [dict(s, cards=list(s["cards"])) for s in state.showings[seat]],
            "looking": seat in state.looking, "calls": state.calls,
            "log": list(state.log), "legal": [m.to_json() for m in legal],
            "result": self.result(state),
        }

    # --- AI support -------------------------------------------------------------------------
    def determinize(self, view: dict[str, Any], rng: random.Random) -> MemoryState:
        """The seat's own pile as it remembers it; the other piles dealt from the rest."""
        options = dict(view["options"])
        me = view["seat"]
        state = MemoryState(options=options, seed=0, rng=random.Random(rng.random()),
                            match={"deal": view["deal_number"]})
        own = [c for c, _ in recall(view)]
        state.centre = [card(c) for c in view["centre"]]
        rest = [c for c in deck(options["deck"]) if c not in set(own) | set(state.centre)]
        rng.shuffle(rest)
        state.piles = [own if s == me else [rest.pop() for _ in range(size)]
                       for s, size in enumerate(view["piles"])]
        state.showings = [[dict(s) for s in view["shown"]] if seat == me else []
                          for seat in range(len(view["piles"]))]
        state.dealer, state.to_act, state.calls = view["dealer"], view["to_act"], view["calls"]
        state.looking = [me] if view["looking"] else []
        state.log = list(view["log"])
        return state

    # --- reasons ----------------------------------------------------------------------------
    def explain(self, state: MemoryState, move: Move) -> str:
        calls = self.calls_allowed(state)
        if move.kind == "same" and "same" not in calls:
            return Reason("SAME is not a call in this game: call higher or lower")
        if move.kind in calls and (move.cards or move.target):
            return Reason("a call names no card: your top card is turned after you call")
        # the move as written (its protocol text)
        return f"{move} is not a call in Memory: call {', '.join(calls)}"


def recall(view: dict[str, Any]) -> list[tuple[Card, int]]:
    """The seat's pile, top first, from its last showing and the public log since: each card
    with the log index at which the seat last saw it (to model forgetting)."""
    me = view["seat"]
    if not view["shown"]:
        return []
    last = view["shown"][-1]
    pile = [(card(c), last["at"]) for c in last["cards"]]
    for at, event in enumerate(view["log"][last["at"]:], start=last["at"]):
        if event.get("seat") != me:
            continue
        if event["event"] in ("start", "call"):
            pile.pop(0)
        elif event["event"] == "take":
            pile.extend((card(c), at) for c in event["cards"])
    return pile


MEMORY = Memory()
