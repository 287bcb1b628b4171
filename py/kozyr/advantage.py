"""Advantage (Vigoda): drop on the centre piles, exchange a card for a whole pile, lay pairs.

The rule numbers in comments (R0.x) are those of the project's rules reference, §000.
The player-facing rules page, with every decision that reference leaves open, is
rules/advantage.md beside this module.

A rally is three phases (drop, exchange, pairs), the non-dealer first in each. Only real
choices are moves: the help-draw, passing when nothing fits and laying pairs happen by
themselves, and the table asks only which card to keep of three of a kind.
Cards dealt face up and every card on a pile are public; a drawn card is private to its
drawer until it is used, and the log tells the other seat only that a card was drawn.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card, card, deck, shuffled
from .protocol import Game, Move, Option, OptionsError, Reason, State, View

PHASES = ("drop", "exchange", "pairs")
PILES = ("1", "2", "3")
FACES = frozenset("JQK")
PAIRLESS_RALLIES = 10  # R0.12: the safeguard once the stock is out
DEAL_TRIES = 5000  # determinize: deals tried for one where the seat to act has its choice


def matches(c: Card, top: Card, pagat: bool = False) -> bool:
    """The matching relation of §000 (symmetric); `pagat` is the pagat_matching option."""
    if "10" in (c.rank, top.rank) or c.rank == top.rank:
        return True
    if c.red != top.red:
        return False
    if "A" in (c.rank, top.rank):
        return True
    if pagat:  # face with face, number with number, within the colour
        return (c.rank in FACES) == (top.rank in FACES)
    return c.suit == top.suit


# For each pagat_matching value and pile top, the cards that match it: the legal moves ask
# `matches` for every card of the hand and every pile, thousands of times in a search.
FITS = {pagat: {top: frozenset(c for c in deck(52) if matches(c, top, pagat))
                for top in deck(52)} for pagat in (False, True)}


@dataclass
class AdvantageState(State):
    """An Advantage deal: hands, drawn cards, the centre piles, laid pairs and the stock."""

    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    private: list[list[Card]] = field(default_factory=list)  # drawn and not yet used
    piles: list[list[Card]] = field(default_factory=list)  # piles[i][-1] is the top
    stock: list[Card] = field(default_factory=list)  # stock[-1] is the top
    pairs: list[list[Card]] = field(default_factory=list)  # each seat's score pile
    rally: int = 1
    phase: str = "drop"
    step: int = 0  # 0: the non-dealer's turn in this phase, 1: the dealer's
    helped: bool = False  # the seat to act has made its help-draw this turn
    progress: bool = False  # a drop, exchange or pair this rally (R0.11)
    paired: bool = False  # a pair this rally (R0.12)
    pairless: int = 0  # rallies in a row, stock out, without a pair
    finished: bool = False


class AdvantageView(View):
    """Advantage.view: what one seat may know. Cards are their texts ("10H")."""

    phase: Literal["drop", "exchange", "pairs", "over"]
    deal_number: int  # deals of the match so far, this one included
    acting: int | None  # whose turn it is in the phase (also when the engine acts for it)
    rally: int  # rallies of this deal, this one included
    hand: list[str]  # this seat's cards
    hands: list[list[str | None]]  # per seat; None for the other seat's unused drawn cards
    private: list[str]  # this seat's drawn cards the other seat has not seen yet
    piles: list[list[str]]  # the centre piles, bottom to top
    stock: int  # cards left in the stock
    pairs: list[list[str]]  # per seat, its score pile
    pairless: int  # rallies in a row, stock out, without a pair
    progress: bool  # a drop, exchange or pair this rally


class Advantage(Game):
    name = "advantage"
    title = "Advantage"
    blurb = ("Drop a matching card on a centre pile, exchange a card for a whole pile, then lay "
             "your pairs and draw. Most pairs when the stock is out and play stalls wins.")
    min_players = max_players = default_players = 2
    options = (
        Option("pagat_matching", "Pagat's matching", False,
               help="Within a colour, face cards go with face cards and numbers with numbers "
                    "(aces with either), instead of matching by suit."),
    )
    ai_levels = ("easy", "normal", "hard")
    level_help = {"easy": "Plays like Normal, but about half of its moves are random.",
                  "normal": "Exchanges for the pile that gives it the most pairs and cards, and "
                            "drops so as to leave you the least to take.",
                  "hard": "Tries each move in many imagined deals of the cards it cannot see "
                          "and plays the one that wins most often."}

    # --- the deal --------------------------------------------------------------------------
    def new_game(self, options=None, seed=0, match=None) -> AdvantageState:
        options = self.check_options(options)
        match = dict(match or {})
        state = AdvantageState(options=options, seed=seed, match=match, rng=random.Random(seed))
        if match.get("dealer") is not None:  # R0.2: the loser deals next
            if match["dealer"] not in (0, 1) or type(match["dealer"]) is not int:
                raise OptionsError("the dealer must be seat 0 or 1")
            state.dealer = match["dealer"]
        else:
            state.dealer = state.rng.randrange(2)
        pack = shuffled(deck(52), state.rng)
        state.hands, state.private, state.pairs = [[], []], [[], []], [[], []]
        for _ in range(3):  # R0.3: face up, one at a time, the non-dealer first
            for seat in self.order(state):
                state.hands[seat].append(pack.pop())
        state.piles = [[pack.pop()] for _ in PILES]
        state.stock = pack
        self._say(state, "deal", seat=state.dealer)
        self._advance(state)
        return state

    def order(self, state: AdvantageState) -> tuple[int, int]:
        """Who acts in each phase: the non-dealer, then the dealer."""
        return (1 - state.dealer, state.dealer)

    def seat_now(self, state: AdvantageState) -> int:
        return self.order(state)[state.step]

    def match(self, state: AdvantageState, c: Card, pile: int) -> bool:
        return c in FITS[bool(state.options["pagat_matching"])][state.piles[pile][-1]]

    # --- legal moves -----------------------------------------------------------------------
    def legal_moves(self, state: AdvantageState) -> list[Move]:
        if state.to_act is None:
            return []
        hand = state.hands[state.to_act]
        if state.phase == "pairs":  # three of a kind: which card stays in hand
            counts = Counter(c.rank for c in hand)
            return [Move("keep", (c,)) for c in hand if counts[c.rank] == 3]
        fits = FITS[bool(state.options["pagat_matching"])]
        tops = [fits[pile[-1]] for pile in state.piles]
        return [Move(state.phase, (c,), PILES[p])
                for c in hand for p in range(3) if c in tops[p]]

    # --- the flow of a rally -----------------------------------------------------------------
    def _advance(self, state: AdvantageState) -> None:
        """Carry out everything that involves no choice, until a seat must choose or the
        game ends."""
        while not state.finished:
            seat = self.seat_now(state)
            if state.phase == "pairs":
                if self._lay_pairs(state, seat):
                    state.to_act = seat
                    return
            elif self.can_match(state, seat):
                state.to_act = seat
                return
            elif state.stock and not state.helped:  # R0.6/R0.9: the help-draw
                state.helped = True
                self._draw(state, seat, 1, "help")
                continue
            else:
                self._say(state, "pass", seat=seat, phase=state.phase)
            self._next_turn(state)

    def can_match(self, state: AdvantageState, seat: int) -> bool:
        """Does some card of the seat's hand match some pile top?"""
        fits = FITS[bool(state.options["pagat_matching"])]
        tops = [fits[pile[-1]] for pile in state.piles]
        return any(c in top for c in state.hands[seat] for top in tops)

    def _next_turn(self, state: AdvantageState) -> None:
        state.helped, state.to_act = False, None
        if state.step == 0:
            state.step = 1
            return
        state.step = 0
        if state.phase != "pairs":
            state.phase = PHASES[PHASES.index(state.phase) + 1]
            return
        self._end_rally(state)

    def _end_rally(self, state: AdvantageState) -> None:
        """R0.11/R0.12: the game ends once the stock is out and play makes no progress."""
        if not state.stock:
            state.pairless = 0 if state.paired else state.pairless + 1
            if not state.progress or state.pairless >= PAIRLESS_RALLIES:
                return self._finish(state)
        state.rally += 1
        state.phase, state.progress, state.paired = "drop", False, False
        self._say(state, "rally", rally=state.rally)

    def _draw(self, state: AdvantageState, seat: int, count: int, why: str) -> None:
        drawn = [state.stock.pop() for _ in range(min(count, len(state.stock)))]
        if drawn:
            state.hands[seat].extend(drawn)
            state.revealed += len(drawn)
            state.private[seat].extend(drawn)
            self._say(state, "draw", seat=seat, cards=drawn, why=why, private=True)

    def _use(self, state: AdvantageState, seat: int, c: Card) -> None:
        """A card leaves the hand face up: it is no longer private."""
        state.hands[seat].remove(c)
        if c in state.private[seat]:
            state.private[seat].remove(c)

    def _lay_pairs(self, state: AdvantageState, seat: int) -> bool:
        """R0.10: lay pairs, drawing two after each, until none is left; True when the seat
        must first choose which card of three of a kind to keep."""
        while True:
            counts = Counter(c.rank for c in state.hands[seat])
            rank = next((r for r, n in counts.items() if n in (2, 4)), None)
            if rank is None:
                return any(n == 3 for n in counts.values())
            self._lay(state, seat, [c for c in state.hands[seat] if c.rank == rank][:2])

    def _lay(self, state: AdvantageState, seat: int, pair: list[Card]) -> None:
        for c in pair:
            self._use(state, seat, c)
        state.pairs[seat].extend(pair)
        state.progress = state.paired = True
        self._say(state, "pair", seat=seat, cards=pair)
        self._draw(state, seat, 2, "pair")

    def _play(self, state: AdvantageState, move: Move) -> None:
        seat, c = state.to_act, move.cards[0]
        if move.kind == "keep":
            self._lay(state, seat, [x for x in state.hands[seat] if x.rank == c.rank and x != c])
            return self._advance(state)
        p = PILES.index(move.target)
        self._use(state, seat, c)
        state.progress = True
        if move.kind == "drop":  # R0.5: one card on a matching pile, then a replacement
            state.piles[p].append(c)
            self._say(state, "drop", seat=seat, cards=[c], pile=move.target)
            self._draw(state, seat, 1, "replace")
        else:  # R0.8: the whole pile into the hand, the card in its place
            taken, state.piles[p] = state.piles[p], [c]
            state.hands[seat].extend(taken)
            self._say(state, "exchange", seat=seat, cards=[c], pile=move.target,
                      taken=[str(x) for x in taken])
        self._next_turn(state)
        self._advance(state)

    def _finish(self, state: AdvantageState) -> None:
        state.finished, state.to_act = True, None
        self._say(state, "end", pairs=[len(p) // 2 for p in state.pairs])

    # --- the result ---------------------------------------------------------------------------
    def result(self, state: AdvantageState) -> dict[str, Any] | None:
        """R0.13: most pairs wins; equal pairs is a draw. The loser deals next (R0.2)."""
        if not state.finished:
            return None
        pairs = [len(p) // 2 for p in state.pairs]
        if pairs[0] == pairs[1]:
            return {"pairs": pairs, "places": [1, 1], "scores": [0.5, 0.5], "draw": True,
                    "winners": [0, 1], "losers": [],
                    "next": {"dealer": 1 - state.dealer, "deal": state.match.get("deal", 1) + 1}}
        winner = 0 if pairs[0] > pairs[1] else 1
        return {"pairs": pairs, "places": [1 if s == winner else 2 for s in (0, 1)],
                "scores": [1.0 if s == winner else 0.0 for s in (0, 1)], "draw": False,
                "winners": [winner], "losers": [1 - winner],
                "next": {"dealer": 1 - winner, "deal": state.match.get("deal", 1) + 1}}

    # --- views ------------------------------------------------------------------------------------
    def view(self, state: AdvantageState, seat: int) -> AdvantageView:
        """Everything but the stock's order and the other seat's privately drawn cards."""
        legal = self.legal_moves(state) if seat == state.to_act else []
        hands = [[str(c) if s == seat or c not in state.private[s] else None for c in hand]
                 for s, hand in enumerate(state.hands)]
        return {
            "game": self.name, "seat": seat, "players": 2, "options": dict(state.options),
            "dealer": state.dealer, "deal_number": state.match.get("deal", 1),
            "to_act": state.to_act, "phase": "over" if state.finished else state.phase,
            "acting": None if state.finished else self.seat_now(state),
            "rally": state.rally, "hand": hands[seat], "hands": hands,
            "private": [str(c) for c in state.private[seat]],
            "piles": [[str(c) for c in pile] for pile in state.piles],
            "stock": len(state.stock), "pairs": [[str(c) for c in p] for p in state.pairs],
            "pairless": state.pairless, "progress": state.progress,
            "log": [self._public(event, seat) for event in state.log],
            "legal": [m.to_json() for m in legal], "result": self.result(state),
        }

    @staticmethod
    def _public(event: dict[str, Any], seat: int) -> dict[str, Any]:
        """A private draw reads, for the other seat, as a number of cards."""
        if event.get("private") and event["seat"] != seat:
            return {k: v for k, v in event.items() if k != "cards"} | {"count": len(event["cards"])}
        return event

    # --- AI search ----------------------------------------------------------------------------------
    def determinize(self, view: dict[str, Any], rng: random.Random) -> AdvantageState:
        """The other seat's private cards and the stock dealt anew from the unseen cards."""
        me = view["seat"]
        state = AdvantageState(options=dict(view["options"]), seed=0,
                               rng=random.Random(rng.random()),
                               match={"deal": view["deal_number"]})
        seen = [card(c) for hand in view["hands"] for c in hand if c] + \
            [card(c) for pile in view["piles"] for c in pile] + \
            [card(c) for p in view["pairs"] for c in p]
        state.piles = [[card(c) for c in pile] for pile in view["piles"]]
        state.phase = view["phase"]
        unseen = [c for c in deck(52) if c not in set(seen)]
        rng.shuffle(unseen)
        state.hands = [[card(c) if c else None for c in hand] for hand in view["hands"]]
        actor = view["to_act"]
        if actor is not None and actor != me:  # it must have the choice it is asked for
            self._deal_choice(state, actor, unseen, rng)
        state.hands = [[c or unseen.pop() for c in hand] for hand in state.hands]
        state.private = [[card(c) for c in view["private"]] if s == me else
                         [c for c, t in zip(state.hands[s], view["hands"][s]) if t is None]
                         for s in (0, 1)]
        state.pairs = [[card(c) for c in p] for p in view["pairs"]]
        state.stock = unseen
        state.dealer, state.to_act, state.rally = view["dealer"], view["to_act"], view["rally"]
        state.step = self.order(state).index(view["acting"])
        state.pairless, state.progress = view["pairless"], view["progress"]
        state.paired = any(e["event"] == "pair" for e in view["log"][self._rally_start(view):])
        # a seat is asked to choose only after any help-draw, so `helped` no longer matters
        return state

    def _deal_choice(self, state: AdvantageState, seat: int, unseen: list[Card],
                     rng: random.Random) -> None:
        """Fill seat's hidden cards from `unseen` (taking them out) so that the engine would
        ask it to choose now, as the view says it does: random deals, the last one kept."""
        template = state.hands[seat]
        for _ in range(DEAL_TRIES):
            drawn = iter(rng.sample(unseen, template.count(None)))
            state.hands[seat] = [c if c is not None else next(drawn) for c in template]
            if self._could_be_asked(state, seat):
                break
        for c, was in zip(state.hands[seat], template):
            if was is None:
                unseen.remove(c)

    def _could_be_asked(self, state: AdvantageState, seat: int) -> bool:
        """Would the engine stop to ask this seat now? Some move must fit, and in the pairs
        phase no pair may be left unlaid."""
        counts = Counter(c.rank for c in state.hands[seat])
        if state.phase == "pairs":
            return 3 in counts.values() and not {2, 4} & set(counts.values())
        return self.can_match(state, seat)

    @staticmethod
    def _rally_start(view: dict[str, Any]) -> int:
        starts = [i for i, e in enumerate(view["log"]) if e["event"] in ("rally", "deal")]
        return starts[-1]

    # --- reasons ----------------------------------------------------------------------------------
    def card_move(self, state: AdvantageState, c: Card) -> Move | None:
        return Move("keep" if state.phase == "pairs" else state.phase, (c,))

    def explain(self, state: AdvantageState, move: Move) -> str:
        seat, phase = state.to_act, state.phase
        if move.kind != ("keep" if phase == "pairs" else phase):
            return {"drop": Reason("this is the drop phase: drop a card on a pile"),
                    "exchange": Reason("this is the exchange phase: exchange a card for a pile"),
                    "pairs": Reason("this is the pairs phase: choose which card of three of a "
                                    "kind to keep")}[phase]
        if len(move.cards) != 1:
            return {"drop": Reason("drop takes exactly one card from your hand"),
                    "exchange": Reason("exchange takes exactly one card from your hand"),
                    "keep": Reason("keep takes exactly one card from your hand")}[move.kind]
        c = move.cards[0]
        if c not in state.hands[seat]:
            return Reason("you do not hold {cards}", cards=[c])
        if phase == "pairs":
            if move.target is not None:
                return Reason("keep names a card only, no pile")
            return Reason("{card} is not one of three of a kind", card=c)
        if move.target not in PILES:
            if move.target is None and not any(self.match(state, c, p) for p in range(3)):
                return Reason("{card} matches none of the pile tops", card=c)
            if move.kind == "drop":
                return Reason("drop names a pile: 1, 2 or 3")
            return Reason("exchange names a pile: 1, 2 or 3")
        top, pile = state.piles[PILES.index(move.target)][-1], PILES.index(move.target) + 1
        if state.options["pagat_matching"]:
            # TRANSLATORS: {top} is the card on top of pile {pile} (1, 2 or 3)
            return Reason("{card} does not match {top}, the top of pile {pile}: within a colour, "
                          "faces go with faces and numbers with numbers, aces with either; same "
                          "rank and 10s match anything", card=c, top=top, pile=pile)
        return Reason("{card} does not match {top}, the top of pile {pile}: cards match by suit, "
                      "by rank, an ace with its colour, and a 10 with anything",
                      card=c, top=top, pile=pile)


ADVANTAGE = Advantage()
