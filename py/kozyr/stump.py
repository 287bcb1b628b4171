"""Stump («Пень»): beat the top card of the table pile or take as many cards as it says.

The rule numbers in comments (R2.x) are those of the project's rules reference, §002.
The player-facing rules page, with every decision that reference leaves open, is
rules/stump.md beside this module.

One face-up table pile. On your turn you beat its top card and lead another, or take
from the top as many cards as the top card's count; taking the whole pile gives you the
lead. Each player has a face-down *stump* of two cards that nobody may look at until his
hand and the stock are empty; then he plays from it. The last player holding cards is
the stump.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card, card, deck, shuffled, sort_hand
from .protocol import Game, Move, Option, Reason, State, View

HAND_SIZE = 4
STUMP_SIZE = 2
ORDER = {rank: i for i, rank in enumerate(("6", "7", "8", "9", "J", "Q", "K", "10", "A"))}  # R2.1
# R2.5, as data so that a house table can be chosen; each lists the ace and the courts, then
# the numbers from the ten down (the view's "take_table" keeps this order for the legend)
TAKE_TABLES = {
    "classic": {"A": 6, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6},
    "ace eleven": {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6},
}
MOVE_LIMIT = 3000  # a safeguard: see _settle


@dataclass
class StumpState(State):
    """A Stump deal: hands, the face-down stumps, the pile and the stock."""

    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    stumps: list[list[Card]] = field(default_factory=list)  # face down; [] once picked up
    stump_used: list[bool] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)  # stock[-1] is the top; the trump card is stock[0]
    trump: Card | None = None
    pile: list[Card] = field(default_factory=list)  # the table pile, bottom to top
    known: list[set[Card]] = field(default_factory=list)  # cards in a hand everyone has seen
    out: list[int] = field(default_factory=list)  # seats that went out, in order
    leading: bool = False  # the seat to act must lead (after a beat or a whole-pile take)
    moves_made: int = 0
    stump_seat: int | None = None  # the loser
    finished: bool = False

    @property
    def trump_suit(self) -> str:
        return self.trump.suit


class StumpView(View):
    """Stump.view: what one seat may know. Cards are their texts ("10H")."""

    phase: Literal["lead", "beat", "over"]
    hand: list[str]  # this seat's cards, sorted
    hand_sizes: list[int]  # per seat
    stumps: list[int]  # per seat, face-down stump cards: counts only, even for their owner
    known: list[list[str]]  # per seat, cards in that hand everyone has seen ([] for this seat)
    trump: str  # the card that fixed the trump suit
    trump_suit: str
    stock: int  # cards left in the stock
    pile: list[str]  # the table pile, bottom to top
    takes: int | None  # how many cards a take lifts now; None with an empty pile
    take_table: dict[str, int]  # rank -> its take count: the ace and courts, then 10 down to 6
    out: list[int]  # seats that went out, in order


class Stump(Game):
    name = "stump"
    title = "Stump"
    blurb = ("Beat the top card of the pile or take as many cards as it says. Two face-down "
             "cards wait for you at the end. The last player holding cards is the stump.")
    min_players = 2
    max_players = 6
    default_players = 3
    options = (
        Option("voluntary_take", "Take instead of beating", False,
               help="You may take even when you could beat the top card."),
        Option("take_table", "Take counts", "classic", tuple(TAKE_TABLES),
               help="Classic: ace 6, king 4, queen 3, jack 2, others their value. "
                    "Ace eleven: the same with the ace at 11."),
    )
    ai_levels = ("easy", "normal", "hard")

    # --- the deal ----------------------------------------------------------
    def new_game(self, options=None, seed=0, match=None) -> StumpState:
        options = self.check_options(options)
        match = dict(match or {})
        n = options["players"]
        state = StumpState(options=options, seed=seed, match=match, rng=random.Random(seed))
        state.dealer = match["stump"] % n if match.get("stump") is not None \
            else state.rng.randrange(n)  # R2.2: the stump deals, else by lot
        state.hands = [[] for _ in range(n)]
        state.stumps = [[] for _ in range(n)]
        state.stump_used = [False] * n
        state.known = [set() for _ in range(n)]
        pack = shuffled(deck(36), state.rng)
        order = [(state.dealer + 1 + i) % n for i in range(n)]
        for _ in range(STUMP_SIZE):  # R2.3: two rounds of stump cards, then the hands
            for seat in order:
                state.stumps[seat].append(pack.pop())
        for _ in range(HAND_SIZE):
            for seat in order:
                state.hands[seat].append(pack.pop())
        if pack:  # the top of the stock is trump and goes face up under it
            state.trump = pack.pop()
            state.stock = [state.trump] + pack
        else:  # six players: no stock, the dealer's last card shows trump and stays his
            state.trump = state.hands[state.dealer][-1]
            state.known[state.dealer].add(state.trump)
        state.leading, state.to_act = True, order[0]  # the dealer's left leads
        self._say(state, "deal", seat=state.dealer, trump=str(state.trump))
        return state

    # --- rules ---------------------------------------------------------------
    def take_count(self, state: StumpState, top: Card) -> int:
        return TAKE_TABLES[state.options["take_table"]][top.rank]

    def beats(self, state: StumpState, c: Card, top: Card) -> bool:
        """R2.4: higher of the same suit in Stump's order, or a trump on a non-trump."""
        if c.suit == top.suit:
            return ORDER[c.rank] > ORDER[top.rank]
        return c.suit == state.trump_suit

    def has_cards(self, state: StumpState, seat: int) -> bool:
        return bool(state.hands[seat]) or not state.stump_used[seat]

    def legal_moves(self, state: StumpState) -> list[Move]:
        seat = state.to_act
        if seat is None:
            return []
        hand = sort_hand(state.hands[seat], ORDER, state.trump_suit)
        if state.leading or not state.pile:  # R2.6
            return [Move("lead", (c,)) for c in hand]
        top = state.pile[-1]
        beats = [Move("beat", (c,)) for c in hand if self.beats(state, c, top)]
        if beats and not state.options["voluntary_take"]:  # R2.7(a): must beat
            return beats
        return beats + [Move("take")]

    # --- playing ---------------------------------------------------------------
    def _play(self, state: StumpState, move: Move) -> None:
        seat = state.to_act
        state.moves_made += 1
        getattr(self, "_do_" + move.kind)(state, seat, move)
        self._settle(state)

    def _lay(self, state: StumpState, seat: int, c: Card) -> None:
        state.hands[seat].remove(c)
        state.known[seat].discard(c)
        state.pile.append(c)

    def _do_lead(self, state, seat, move):
        self._lay(state, seat, move.cards[0])
        state.leading = False
        self._say(state, "lead", seat=seat, cards=move.cards)
        self._end_turn(state, seat)

    def _do_beat(self, state, seat, move):
        self._lay(state, seat, move.cards[0])
        self._say(state, "beat", seat=seat, cards=move.cards)
        if not state.hands[seat]:
            self._refill(state, seat)  # R2.7(c): an empty hand refills before leading
        if state.hands[seat]:
            state.leading = True  # R2.7(b): he must now lead
        else:
            self._end_turn(state, seat)  # out: his beating card waits for the next player

    def _do_take(self, state, seat, move):
        top = state.pile[-1]
        k = min(self.take_count(state, top), len(state.pile))  # R2.8
        taken = state.pile[-k:]
        del state.pile[-k:]
        state.hands[seat].extend(taken)
        state.known[seat].update(taken)
        self._say(state, "take", seat=seat, cards=taken, count=k, whole=not state.pile)
        if state.pile:
            self._end_turn(state, seat)  # the next player must beat the exposed card
        else:
            state.leading = True  # the whole pile: the move stays with him

    def _refill(self, state: StumpState, seat: int) -> None:
        """R2.9: draw up to 4; with hand and stock empty, pick up the stump, or go out."""
        hand = state.hands[seat]
        if len(hand) < HAND_SIZE and state.stock:
            drawn = [state.stock.pop() for _ in range(min(HAND_SIZE - len(hand), len(state.stock)))]
            hand.extend(drawn)
            state.revealed += len(drawn)
            if not state.stock and drawn[-1] == state.trump:
                state.known[seat].add(state.trump)  # the face-up trump was seen by all
            self._say(state, "draw", seat=seat, count=len(drawn))
        if hand or state.stock:
            return
        if not state.stump_used[seat]:
            hand.extend(state.stumps[seat])
            state.revealed += len(state.stumps[seat])
            state.stumps[seat], state.stump_used[seat] = [], True
            self._say(state, "stump", seat=seat)
        elif seat not in state.out:
            state.out.append(seat)
            self._say(state, "out", seat=seat)

    def _end_turn(self, state: StumpState, seat: int) -> None:
        self._refill(state, seat)
        state.leading = not state.pile
        state.to_act = self._next_with_cards(state, seat)

    def _next_with_cards(self, state: StumpState, seat: int) -> int:
        n = state.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in state.out:
                return other
        return seat

    def _settle(self, state: StumpState) -> None:
        """R2.10: when one player alone holds cards he is the stump; the game ends at once.

        The pile can pass cards round for ever, so a game also ends after MOVE_LIMIT moves:
        then whoever holds the most cards is the stump [our safeguard]."""
        left = [s for s in range(state.players) if s not in state.out]
        if len(left) > 1 and state.moves_made < MOVE_LIMIT:
            return
        state.stump_seat = max(left, key=lambda s: (self.count(state, s), -s))
        state.finished, state.to_act = True, None
        self._say(state, "end", stump=state.stump_seat)

    def count(self, state: StumpState, seat: int) -> int:
        return len(state.hands[seat]) + len(state.stumps[seat])

    def result(self, state: StumpState) -> dict[str, Any] | None:
        if not state.finished:
            return None
        n, loser = state.players, state.stump_seat
        rest = [s for s in range(n) if s not in state.out and s != loser]
        rest.sort(key=lambda s: (self.count(state, s), s))
        order = state.out + rest + [loser]
        places = [order.index(s) + 1 for s in range(n)]
        scores = [0.0 if s == loser else 1.0 for s in range(n)]
        return {"stump": loser, "out": list(state.out), "places": places, "scores": scores,
                "draw": False, "losers": [loser], "next": {"stump": loser}}

    # --- views -------------------------------------------------------------------
    def phase(self, state: StumpState) -> str:
        if state.finished:
            return "over"
        return "lead" if state.leading or not state.pile else "beat"

    def open_hands(self, state: StumpState) -> list[list[str]]:
        """Each hand sorted as its seat sees it."""
        return [[str(c) for c in sort_hand(h, ORDER, state.trump_suit)] for h in state.hands]

    def view(self, state: StumpState, seat: int) -> StumpView:
        text = lambda cs: [str(c) for c in cs]  # noqa: E731
        legal = self.legal_moves(state) if seat == state.to_act else []
        top = state.pile[-1] if state.pile else None
        return {
            "game": self.name, "seat": seat, "players": state.players,
            "options": dict(state.options), "dealer": state.dealer,
            "to_act": state.to_act, "phase": self.phase(state),
            "hand": text(sort_hand(state.hands[seat], ORDER, state.trump_suit)),
            "hand_sizes": [len(h) for h in state.hands],
            "stumps": [len(s) for s in state.stumps],  # face down: counts only, even for you
            "known": [[] if s == seat else text(sort_hand(k, ORDER, state.trump_suit))
                      for s, k in enumerate(state.known)],
            "trump": str(state.trump), "trump_suit": state.trump_suit,
            "stock": len(state.stock), "pile": text(state.pile),
            "takes": None if top is None else min(self.take_count(state, top), len(state.pile)),
            "take_table": dict(TAKE_TABLES[state.options["take_table"]]),
            "out": list(state.out), "log": list(state.log),
            "legal": [m.to_json() for m in legal], "result": self.result(state),
        }

    # --- AI search ---------------------------------------------------------------------
    def determinize(self, view: dict[str, Any], rng: random.Random) -> StumpState:
        """A full state consistent with `view`: unseen cards (stock, stumps, others' hands) dealt anew."""
        seat = view["seat"]
        state = StumpState(options=dict(view["options"]), seed=0, rng=random.Random(rng.random()))
        trump = card(view["trump"])
        known = [{card(c) for c in k} for k in view["known"]]
        hand = [card(c) for c in view["hand"]]
        pile = [card(c) for c in view["pile"]]
        seen = set(hand) | set(pile) | set().union(*known)
        in_stock = view["stock"] > 0
        unseen = [c for c in deck(36) if c not in seen and not (in_stock and c == trump)]
        rng.shuffle(unseen)
        state.hands = [hand if s == seat else sorted(known[s]) for s in range(len(known))]
        for s, size in enumerate(view["hand_sizes"]):
            while len(state.hands[s]) < size:
                state.hands[s].append(unseen.pop())
        state.stumps = [[unseen.pop() for _ in range(size)] for size in view["stumps"]]
        state.stump_used = [size == 0 for size in view["stumps"]]
        state.stock = [trump] + unseen if in_stock else []
        state.known, state.trump, state.pile = known, trump, pile
        state.dealer, state.to_act, state.out = view["dealer"], view["to_act"], list(view["out"])
        state.leading = view["phase"] == "lead"
        return state

    # --- reasons ---------------------------------------------------------------------
    def card_move(self, state: StumpState, c: Card) -> Move | None:
        return Move("lead" if self.phase(state) == "lead" else "beat", (c,))

    def explain(self, state: StumpState, move: Move) -> str:
        hand = state.hands[state.to_act]
        if any(c not in hand for c in move.cards):
            return Reason("you do not hold that card")
        phase = self.phase(state)
        wants = {"lead": 1, "beat": 1, "take": 0}.get(move.kind)
        if wants is None:  # a kind of move Stump does not have, repeated as written
            return f"{move.kind!r} is not a move in Stump: lead, beat or take"
        if len(move.cards) != wants or move.target is not None:
            if move.kind == "take":
                return Reason("take names no card")
            if move.kind == "lead":
                return Reason("lead one card from your hand")
            return Reason("beat one card from your hand")
        if phase == "lead" and move.kind != "lead":
            if not state.pile:
                return Reason("lead a card: the pile is yours to start")
            return Reason("you beat the top card: now lead another card")
        top = state.pile[-1]
        if move.kind == "lead":
            return Reason("beat {top} or take first", top=top)
        if move.kind == "beat":
            return Reason("{card} does not beat {target}", card=move.cards[0], target=top)
        return Reason("you can beat {top}, so you must", top=top)

STUMP = Stump()
