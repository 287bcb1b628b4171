"""Durak («Дурак»): throw-in (podkidnoy) with the transfer (perevodnoy) variant.

The rule numbers in comments (R4.x) are those of the project's rules reference, §004.
The player-facing rules page, with every decision that reference leaves open, is
rules/durak.md beside this module.

A deal is a series of *bouts*. In a bout the main attacker leads, the defender
beats or takes, and every eligible player may throw in cards whose rank is on
the table. Throw-ins are polled one seat at a time (R4.11), so the protocol's
"one seat acts at a time" holds: whenever nothing waits for the defender, the
eligible players are asked in priority order and each may throw or pass.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from .cards import ACE_HIGH, Card, card, deck, shuffled, sort_hand
from .protocol import Game, Move, Option, OptionsError, Rank, Reason, State, View

HAND_SIZE = 6
BOUT_LIMIT = 6

# A kind of move the phase does not allow: one whole sentence per kind and phase.
WRONG_PHASE = {
    # TRANSLATORS: the quoted word is the kind of move refused ('attack', 'throw', 'beat', 'take',
    # 'transfer', 'show', 'pass'); the last is the phase of the bout
    ("attack", "defend"): Reason("'attack' is not possible now: it is the defend phase"),
    ("attack", "throw-in"): Reason("'attack' is not possible now: it is the throw-in phase"),
    ("throw", "attack"): Reason("'throw' is not possible now: it is the attack phase"),
    ("throw", "defend"): Reason("'throw' is not possible now: it is the defend phase"),
    ("beat", "attack"): Reason("'beat' is not possible now: it is the attack phase"),
    ("beat", "throw-in"): Reason("'beat' is not possible now: it is the throw-in phase"),
    ("take", "attack"): Reason("'take' is not possible now: it is the attack phase"),
    ("take", "throw-in"): Reason("'take' is not possible now: it is the throw-in phase"),
    ("transfer", "attack"): Reason("'transfer' is not possible now: it is the attack phase"),
    ("transfer", "throw-in"): Reason("'transfer' is not possible now: it is the throw-in phase"),
    ("show", "attack"): Reason("'show' is not possible now: it is the attack phase"),
    ("show", "throw-in"): Reason("'show' is not possible now: it is the throw-in phase"),
    ("pass", "attack"): Reason("'pass' is not possible now: it is the attack phase"),
    ("pass", "defend"): Reason("'pass' is not possible now: it is the defend phase"),
}


@dataclass
class DurakState(State):
    """A Durak deal: hands, stock and trump, the bout on the table, who attacks whom."""

    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)  # stock[-1] is the top; the trump card is stock[0]
    trump: Card | None = None  # the card that fixed the trump suit
    discard: list[Card] = field(default_factory=list)
    known: list[set[Card]] = field(default_factory=list)  # cards in a hand that everyone has seen
    out: list[int] = field(default_factory=list)  # seats that left the game, in order
    # the bout
    bout: int = 0  # bouts started in this deal (1 = the first bout)
    attacker: int = 0  # the main attacker
    defender: int = 0
    table: list[list[Card | None]] = field(default_factory=list)  # [attack, defence or None]
    capacity: int = 0
    taking: bool = False
    transferred: bool = False  # a transfer happened in this bout
    shown: set[Card] = field(default_factory=set)  # trumps shown to transfer (R4.19)
    poll: list[int] = field(default_factory=list)  # seats still to be asked to throw in
    throwers: set[int] = field(default_factory=set)  # seats that added attack cards
    # the end
    fool: int | None = None
    losers: list[int] = field(default_factory=list)
    finished: bool = False

    @property
    def trump_suit(self) -> str:
        return self.trump.suit


class DurakView(View):
    """Durak.view: what one seat may know. Cards are their texts ("10H")."""

    phase: Literal["attack", "defend", "throw-in", "over"]
    hand: list[str]  # this seat's cards, sorted
    hand_sizes: list[int]  # per seat
    known: list[list[str]]  # per seat, cards in that hand everyone has seen ([] for this seat)
    trump: str  # the card that fixed the trump suit
    trump_suit: str
    stock: int  # cards left in the stock
    discarded: list[str]  # cards out of play, face down but counted by all
    bout: int  # bouts started in this deal (1 = the first bout)
    first_bout: bool
    attacker: int  # the main attacker
    defender: int
    table: list[list[str | None]]  # [attack card, the card that beat it or None]
    capacity: int  # attack cards this bout may hold
    room: int  # attack cards it still takes
    taking: bool  # the defender has given up and takes
    shown: list[str]  # trumps shown to transfer this bout
    out: list[int]  # seats that left the game, in order
    poll: list[int]  # seats still to be asked to throw in
    throwers: list[int]  # seats that added attack cards
    transferred: bool  # a transfer happened in this bout


class Durak(Game):
    name = "durak"
    title = "Durak"
    blurb = ("Get rid of all your cards. Beat the attack with higher cards of the suit or with "
             "trumps, or take. The last player holding cards is the fool.")
    min_players = 2
    max_players = 6
    default_players = 2
    options = (
        Option("deck", "Deck", 36, (24, 36, 52), "24 cards (9–A), 36 (6–A) or 52 (2–A)."),
        Option("first_bout_limit", "First bout limit", 5, (5, 6),
               "Most attack cards in the first bout of a deal."),
        Option("teams", "2 v 2 teams", False, help="Four players, partners sit opposite.",
               sets=(("players", 4),)),
        Option("transfer", "Transfer (perevodnoy)", False,
               help="The defender may pass the attack on with cards of the same rank."),
        Option("no_transfer_first_bout", "No transfer in the first bout", False,
               requires="transfer"),
        Option("show_trump_transfer", "Transfer by showing the trump", False,
               help="Show the trump of the attack rank to pass the attack on without playing it.",
               requires="transfer"),
        Option("attack_the_fool", "Attack the fool", False,
               help="In the next deal the fool defends first instead of being skipped."),
    )
    ai_levels = ("easy", "normal", "hard")

    # --- options and the deal ---------------------------------------------
    def check_combination(self, options: dict[str, Any]) -> None:
        players, size = options["players"], options["deck"]
        if players * HAND_SIZE > size:
            most = size // HAND_SIZE
            # TRANSLATORS: a form error; {size} is 24, 36 or 52, {hand} the cards dealt to each
            raise OptionsError(Reason("a {size}-card deck deals {hand} cards to at most {most} "
                                      "players, not {players}", size=size, hand=HAND_SIZE,
                                      most=most, players=players))
        if options["teams"] and players != 4:
            raise OptionsError(Reason("teams need exactly 4 players, not {players}",
                                      players=players))
        for key in ("no_transfer_first_bout", "show_trump_transfer"):
            if options[key] and not options["transfer"]:
                raise OptionsError(f"option {key!r} needs the transfer variant ('transfer')")

    def new_game(self, options=None, seed=0, match=None) -> DurakState:
        options = self.check_options(options)
        match = dict(match or {})
        state = DurakState(options=options, seed=seed, match=match, rng=random.Random(seed))
        n = options["players"]
        state.dealer = self._dealer(state, match)
        state.hands = [[] for _ in range(n)]
        state.known = [set() for _ in range(n)]
        pack = shuffled(deck(options["deck"]), state.rng)
        for i in range(HAND_SIZE * n):  # one at a time from the dealer's left (R4.3)
            state.hands[(state.dealer + 1 + i) % n].append(pack.pop())
        if pack:  # the next card is trump and lies under the stock
            state.trump = pack.pop()
            state.stock = [state.trump] + pack
        else:  # whole pack dealt: the dealer's last card shows trump (R4.3)
            state.trump = state.hands[state.dealer][-1]
            state.known[state.dealer].add(state.trump)
        self._say(state, "deal", seat=state.dealer, trump=str(state.trump))
        self._start_bout(state, self._first_attacker(state, match))
        return state

    def _dealer(self, state: DurakState, match: dict[str, Any]) -> int:
        n = state.players
        if match.get("fool") is not None:  # the fool deals (R4.4)
            return match["fool"] % n
        if match.get("dealer") is not None:  # after a draw the dealer deals again
            return match["dealer"] % n
        return state.rng.randrange(n)  # by lot

    def _first_attacker(self, state: DurakState, match: dict[str, Any]) -> int:
        n, fool = state.players, match.get("fool")
        if fool is not None and state.options["attack_the_fool"]:
            return (fool % n - 1) % n  # the fool's right attacks, the fool defends
        if fool is not None:
            return (fool % n + 1) % n  # «из-под дурака»: the fool's left
        trumps = [(ACE_HIGH[c.rank], seat) for seat, hand in enumerate(state.hands)
                  for c in hand if c.suit == state.trump_suit]
        if trumps:  # lowest trump leads (R4.5)
            return min(trumps)[1]
        return (state.dealer + 1) % n

    # --- seats -------------------------------------------------------------
    def active(self, state: DurakState, seat: int) -> bool:
        return seat not in state.out

    def partners(self, state: DurakState, a: int, b: int) -> bool:
        return state.options["teams"] and a % 2 == b % 2

    def _next_opponent(self, state: DurakState, seat: int) -> int:
        """The next active player clockwise who is not `seat`'s partner (R4.6)."""
        n = state.players
        for step in range(1, n):
            other = (seat + step) % n
            if self.active(state, other) and not self.partners(state, seat, other):
                return other
        raise AssertionError("no opponent left: the game should be over")

    def _next_active(self, state: DurakState, seat: int) -> int:
        n = state.players
        for step in range(n):
            if self.active(state, (seat + step) % n):
                return (seat + step) % n
        raise AssertionError("nobody is left")

    def _eligible_throwers(self, state: DurakState) -> list[int]:
        """Priority order: main attacker, then clockwise from the defender's left (R4.11)."""
        n, d = state.players, state.defender
        others = [(d + step) % n for step in range(1, n)]
        order = [state.attacker] + [s for s in others if s != state.attacker]
        return [s for s in order
                if self.active(state, s) and s != d and not self.partners(state, s, d)]

    # --- the bout ------------------------------------------------------------
    def first_bout(self, state: DurakState) -> bool:
        return state.bout == 1

    def limit(self, state: DurakState) -> int:
        return state.options["first_bout_limit"] if self.first_bout(state) else BOUT_LIMIT

    def _start_bout(self, state: DurakState, attacker: int) -> None:
        state.bout += 1
        state.attacker = self._next_active(state, attacker)
        state.defender = self._next_opponent(state, state.attacker)
        state.capacity = min(self.limit(state), len(state.hands[state.defender]))  # R4.8
        state.table, state.taking, state.transferred = [], False, False
        state.shown, state.poll, state.throwers = set(), [], set()
        state.to_act = state.attacker
        self._say(state, "bout", seat=state.attacker, defender=state.defender)

    def unbeaten(self, state: DurakState) -> list[Card]:
        return [attack for attack, defence in state.table if defence is None]

    def table_ranks(self, state: DurakState) -> set[str]:
        return {c.rank for pair in state.table for c in pair if c is not None}

    def room(self, state: DurakState) -> int:
        """How many more attack cards the bout takes."""
        return state.capacity - len(state.table)

    def beats(self, state: DurakState, card: Card, attack: Card) -> bool:
        """R4.7: higher of the same suit, or a trump on a non-trump."""
        if card.suit == attack.suit:
            return ACE_HIGH[card.rank] > ACE_HIGH[attack.rank]
        return card.suit == state.trump_suit

    def _waiting_for_defender(self, state: DurakState) -> bool:
        return bool(self.unbeaten(state)) and not state.taking

    # --- legal moves -----------------------------------------------------------
    def legal_moves(self, state: DurakState) -> list[Move]:
        seat = state.to_act
        if seat is None:
            return []
        if not state.table:
            return self._leads(state, seat)
        if seat == state.defender and self._waiting_for_defender(state):
            return self._defences(state)
        return self._throw_ins(state, seat) + [Move("pass")]

    def _leads(self, state: DurakState, seat: int) -> list[Move]:
        by_rank: dict[str, list[Card]] = {}
        for c in sort_hand(state.hands[seat], ACE_HIGH, state.trump_suit):
            by_rank.setdefault(c.rank, []).append(c)
        return [Move("attack", combo) for group in by_rank.values()
                for k in range(1, min(len(group), state.capacity) + 1)
                for combo in combinations(group, k)]

    def _throw_ins(self, state: DurakState, seat: int) -> list[Move]:
        room, ranks = self.room(state), self.table_ranks(state)
        fits = [c for c in sort_hand(state.hands[seat], ACE_HIGH, state.trump_suit)
                if c.rank in ranks]
        return [Move("throw", combo) for k in range(1, min(len(fits), room) + 1)
                for combo in combinations(fits, k)]

    def _can_throw_in(self, state: DurakState, seat: int) -> bool:
        if self.room(state) <= 0:
            return False
        ranks = self.table_ranks(state)
        return any(c.rank in ranks for c in state.hands[seat])

    def _defences(self, state: DurakState) -> list[Move]:
        hand = sort_hand(state.hands[state.defender], ACE_HIGH, state.trump_suit)
        moves = [Move("beat", (c,), str(a)) for a in self.unbeaten(state)
                 for c in hand if self.beats(state, c, a)]
        moves += self._transfers(state, hand)
        moves.append(Move("take"))
        return moves

    def _transfer_target(self, state: DurakState) -> int | None:
        """The new defender, if a transfer is possible at all now (R4.17)."""
        opts = state.options
        if not opts["transfer"] or any(d is not None for _, d in state.table):
            return None
        if opts["no_transfer_first_bout"] and self.first_bout(state):
            return None
        return self._next_opponent(state, state.defender)

    def _transfers(self, state: DurakState, hand: list[Card]) -> list[Move]:
        target = self._transfer_target(state)
        if target is None:
            return []
        rank = state.table[0][0].rank
        same = [c for c in hand if c.rank == rank]
        cap = min(self.limit(state), len(state.hands[target]))
        moves = [Move("transfer", combo) for k in range(1, len(same) + 1)
                 for combo in combinations(same, k) if len(state.table) + k <= cap]
        if state.options["show_trump_transfer"] and len(state.table) <= cap:
            moves += [Move("show", (c,)) for c in same
                      if c.suit == state.trump_suit and c not in state.shown]
        return moves

    # --- playing ---------------------------------------------------------------
    def _play(self, state: DurakState, move: Move) -> None:
        seat = state.to_act
        getattr(self, "_do_" + move.kind)(state, seat, move)
        self._advance(state, seat)

    def _lay(self, state: DurakState, seat: int, cards: tuple[Card, ...]) -> None:
        for c in cards:
            state.hands[seat].remove(c)
            state.known[seat].discard(c)
            state.table.append([c, None])
        state.throwers.add(seat)

    def _do_attack(self, state, seat, move):
        self._lay(state, seat, move.cards)
        self._say(state, "attack", seat=seat, cards=move.cards)

    def _do_throw(self, state, seat, move):
        self._lay(state, seat, move.cards)
        self._say(state, "throw", seat=seat, cards=move.cards)

    def _do_beat(self, state, seat, move):
        pair = next(p for p in state.table if p[1] is None and str(p[0]) == move.target)
        state.hands[seat].remove(move.cards[0])
        state.known[seat].discard(move.cards[0])
        pair[1] = move.cards[0]
        self._say(state, "beat", seat=seat, cards=move.cards, target=move.target)

    def _do_take(self, state, seat, move):
        state.taking = True
        self._say(state, "take", seat=seat)

    def _do_pass(self, state, seat, move):
        state.poll.pop(0)
        self._say(state, "pass", seat=seat)

    def _do_transfer(self, state, seat, move):
        self._lay(state, seat, move.cards)
        self._pass_attack_on(state, seat)
        self._say(state, "transfer", seat=seat, cards=move.cards, defender=state.defender)

    def _do_show(self, state, seat, move):
        state.shown.add(move.cards[0])
        state.known[seat].add(move.cards[0])
        self._pass_attack_on(state, seat)
        self._say(state, "show", seat=seat, cards=move.cards, defender=state.defender)

    def _pass_attack_on(self, state: DurakState, seat: int) -> None:
        """R4.18: the old defender becomes the main attacker; capacity follows the new one."""
        state.attacker = seat
        state.throwers.add(seat)
        state.defender = self._next_opponent(state, seat)
        state.capacity = min(self.limit(state), len(state.hands[state.defender]))
        state.transferred = True

    def _advance(self, state: DurakState, actor: int) -> None:
        """Who acts next: the defender while cards wait for him, else the throw-in poll."""
        if self._waiting_for_defender(state):
            state.to_act = state.defender
            return
        if actor == state.defender:  # he answered: ask again, main attacker first
            state.poll = self._eligible_throwers(state)
        while state.poll and not self._can_throw_in(state, state.poll[0]):
            state.poll.pop(0)  # nobody is asked who cannot throw in
        if state.poll:
            state.to_act = state.poll[0]
        else:
            self._end_bout(state)

    # --- the end of a bout -------------------------------------------------------
    def _end_bout(self, state: DurakState) -> None:
        on_table = [c for pair in state.table for c in pair if c is not None]
        d, n = state.defender, state.players
        if state.taking:  # R4.12: he takes everything and loses his turn
            state.hands[d].extend(on_table)
            state.known[d].update(on_table)
            after = (d + 1) % n
            self._say(state, "took", seat=d, cards=on_table)
        else:
            state.discard.extend(on_table)
            after = d
            self._say(state, "beaten", seat=d, cards=on_table)
        state.table = []
        self._draw_up(state)
        self._leave(state)
        if not self._settle(state):
            self._start_bout(state, after)

    def _draw_up(self, state: DurakState) -> None:
        """R4.13: main attacker, the others clockwise from him, the defender last."""
        n, a, d = state.players, state.attacker, state.defender
        order = [(a + step) % n for step in range(n) if (a + step) % n != d] + [d]
        for seat in order:
            if seat in state.out:
                continue
            need = max(0, HAND_SIZE - len(state.hands[seat]))
            drawn = [state.stock.pop() for _ in range(min(need, len(state.stock)))]
            state.hands[seat].extend(drawn)
            state.revealed += len(drawn)
            if drawn and not state.stock and drawn[-1] == state.trump:
                state.known[seat].add(state.trump)  # the face-up trump card was seen by all
            if drawn:
                self._say(state, "draw", seat=seat, count=len(drawn))

    def _leave(self, state: DurakState) -> None:
        """R4.14: once the stock is empty, a player with no cards is out, a winner."""
        if state.stock:
            return
        n, a = state.players, state.attacker
        for seat in [(a + step) % n for step in range(n)]:
            if seat not in state.out and not state.hands[seat]:
                state.out.append(seat)
                self._say(state, "out", seat=seat)

    def _settle(self, state: DurakState) -> bool:
        """R4.15/R4.16: is the deal over? Sets the losers and stops play."""
        left = [s for s in range(state.players) if s not in state.out]
        if state.options["teams"]:
            teams_left = {s % 2 for s in left}
            if len(teams_left) == 2:
                return False
            losers = [s for s in range(state.players) if s % 2 in teams_left]  # the whole team
        else:
            if len(left) > 1:
                return False
            losers = left
        state.losers = losers
        if losers:  # the loser holding the most cards is the fool and deals next
            state.fool = max(left, key=lambda s: (len(state.hands[s]), -s))
        state.finished, state.to_act = True, None
        self._say(state, "end", fool=state.fool, losers=losers)
        return True

    def result(self, state: DurakState) -> dict[str, Any] | None:
        if not state.finished:
            return None
        n, losers = state.players, state.losers
        draw = not losers
        places = [2 if s in losers else 1 for s in range(n)]
        scores = [0.5 if draw else (0.0 if s in losers else 1.0) for s in range(n)]
        nxt = {"dealer": state.dealer} if draw else {"fool": state.fool}
        return {"draw": draw, "fool": state.fool, "losers": list(losers), "out": list(state.out),
                "places": places, "scores": scores, "next": nxt}

    # --- views -------------------------------------------------------------------
    def phase(self, state: DurakState) -> str:
        if state.finished:
            return "over"
        if not state.table:
            return "attack"
        if self._waiting_for_defender(state):
            return "defend"
        return "throw-in"

    def open_hands(self, state: DurakState) -> list[list[str]]:
        """Each hand sorted as its seat sees it."""
        return [[str(c) for c in sort_hand(h, ACE_HIGH, state.trump_suit)] for h in state.hands]

    def view(self, state: DurakState, seat: int) -> DurakView:
        """What `seat` may know: its own hand, counts of the others, every public card."""
        text = lambda cs: [str(c) for c in cs]  # noqa: E731
        legal = self.legal_moves(state) if seat == state.to_act else []
        return {
            "game": self.name, "seat": seat, "players": state.players,
            "options": dict(state.options), "dealer": state.dealer,
            "to_act": state.to_act, "phase": self.phase(state),
            "hand": text(sort_hand(state.hands[seat], ACE_HIGH, state.trump_suit)),
            "hand_sizes": [len(h) for h in state.hands],
            "known": [[] if s == seat else text(sort_hand(k, ACE_HIGH, state.trump_suit))
                      for s, k in enumerate(state.known)],
            "trump": str(state.trump), "trump_suit": state.trump_suit,
            "stock": len(state.stock), "discarded": text(state.discard),
            "bout": state.bout, "first_bout": self.first_bout(state),
            "attacker": state.attacker, "defender": state.defender,
            "table": [[str(a), None if d is None else str(d)] for a, d in state.table],
            "capacity": state.capacity, "room": self.room(state), "taking": state.taking,
            "shown": text(state.shown), "out": list(state.out), "poll": list(state.poll),
            "throwers": sorted(state.throwers), "transferred": state.transferred,
            "log": list(state.log),
            "legal": [m.to_json() for m in legal],
            "result": self.result(state),
        }

    def copy(self, state: DurakState) -> DurakState:
        """An independent copy, made field by field: search makes hundreds of thousands."""
        new = object.__new__(DurakState)
        new.__dict__.update(state.__dict__)
        new.options, new.match = dict(state.options), dict(state.match)
        new.history, new.log = list(state.history), list(state.log)
        # the generator is shared: a deal draws from it only while it is dealt (new_game)
        new.hands = [list(h) for h in state.hands]
        new.known = [set(k) for k in state.known]
        new.table = [list(pair) for pair in state.table]
        new.stock, new.discard, new.out = list(state.stock), list(state.discard), list(state.out)
        new.shown, new.poll, new.throwers = set(state.shown), list(state.poll), set(state.throwers)
        new.losers = list(state.losers)
        return new

    def determinize(self, view: dict[str, Any], rng: random.Random) -> DurakState:
        """A full state consistent with `view`: the unseen cards dealt anew (for AI search)."""
        seat, parse = view["seat"], lambda cs: [card(c) for c in cs]  # noqa: E731
        options = dict(view["options"])
        state = DurakState(options=options, seed=0, rng=random.Random(rng.random()))
        trump = card(view["trump"])
        table = [[card(a), None if d is None else card(d)] for a, d in view["table"]]
        known = [set(parse(k)) for k in view["known"]]
        known[seat] = set()
        seen = set(parse(view["hand"])) | set(parse(view["discarded"])) | set().union(*known)
        seen |= {c for pair in table for c in pair if c is not None}
        in_stock = view["stock"] > 0
        unseen = [c for c in deck(options["deck"]) if c not in seen and not (in_stock and c == trump)]
        rng.shuffle(unseen)
        hands = []
        for s, size in enumerate(view["hand_sizes"]):
            hand = parse(view["hand"]) if s == seat else sorted(known[s])
            while len(hand) < size:
                hand.append(unseen.pop())
            hands.append(hand)
        state.stock = [trump] + unseen if in_stock else []
        state.hands, state.known, state.trump = hands, known, trump
        state.discard, state.table = parse(view["discarded"]), table
        for key in ("dealer", "bout", "attacker", "defender", "capacity", "taking", "transferred",
                    "to_act"):
            setattr(state, key, view[key])
        state.out, state.poll = list(view["out"]), list(view["poll"])
        state.shown, state.throwers = set(parse(view["shown"])), set(view["throwers"])
        return state

    # --- reasons ---------------------------------------------------------------------
    def explain(self, state: DurakState, move: Move) -> str:
        seat, hand = state.to_act, state.hands[state.to_act]
        missing = [c for c in move.cards if c not in hand]
        if missing:
            # TRANSLATORS: {cards} is one card or several, e.g. "K♠, 7♥"
            return Reason("you do not hold {cards}", cards=missing)
        if len(set(move.cards)) != len(move.cards):
            return Reason("a card cannot be played twice")
        phase = self.phase(state)
        allowed = {"attack": {"attack"},
                   "defend": {"beat", "take", "transfer", "show"},
                   "throw-in": {"throw", "pass"}}[phase]
        if seat == state.defender and phase == "throw-in" and move.kind in ("beat", "take"):
            return Reason("every attack card is beaten or you are taking; the others may throw in")
        if move.kind not in allowed:
            if (move.kind, phase) in WRONG_PHASE:
                return WRONG_PHASE[move.kind, phase]
            # a kind of move Durak does not have, repeated as written
            return f"{move.kind!r} is not possible now: it is the {phase} phase"
        return getattr(self, "_why_not_" + move.kind, self._why_not)(state, move)

    def card_move(self, state: DurakState, c: Card) -> Move | None:
        phase = self.phase(state)
        if phase == "attack":
            return Move("attack", (c,))
        if phase == "throw-in":
            return Move("throw", (c,))
        if phase == "defend":
            unbeaten = self.unbeaten(state)
            if len(unbeaten) == 1:
                return Move("beat", (c,), str(unbeaten[0]))
            return Move("beat", (c,), None)
        return None

    def _why_not(self, state: DurakState, move: Move) -> str:
        return f"{move} is not a legal move now"  # the move as written (its protocol text)

    def _why_not_attack(self, state, move):
        if not move.cards:
            return Reason("attack with at least one card")
        if len({c.rank for c in move.cards}) > 1:
            return Reason("a lead is one card or several cards of one rank")
        # TRANSLATORS: {capacity} is a number from 1 to 6
        return Reason("this bout takes at most {capacity} attack cards", capacity=state.capacity)

    def _why_not_throw(self, state, move):
        ranks = self.table_ranks(state)
        wrong = [c for c in move.cards if c.rank not in ranks]
        if wrong:
            # TRANSLATORS: {ranks} lists the ranks on the table, e.g. "7, K"
            return Reason("{card} cannot be thrown in: only ranks on the table ({ranks}) may be "
                          "added", card=wrong[0],
                          ranks=[Rank(r) for r in sorted(ranks, key=ACE_HIGH.get)])
        return Reason("the bout is full: at most {capacity} attack cards (the defender's hand or "
                      "the bout limit)", capacity=state.capacity)

    def _why_not_beat(self, state, move):
        if len(move.cards) == 1 and move.target is None:
            return Reason("{card} beats none of the cards on the table", card=move.cards[0])
        if len(move.cards) != 1 or move.target is None:
            return Reason("beat one attack card with one card")
        if move.target not in {str(c) for c in self.unbeaten(state)}:
            return f"{move.target} is not an unbeaten attack card"  # the target as written
        target = next(c for c in self.unbeaten(state) if str(c) == move.target)
        return Reason("{card} does not beat {target}", card=move.cards[0], target=target)

    def _why_not_transfer(self, state, move):
        if not state.options["transfer"]:
            return Reason("transfer is not part of this game (the transfer variant is off)")
        if any(d is not None for _, d in state.table):
            return Reason("no transfer once an attack card has been beaten")
        if state.options["no_transfer_first_bout"] and self.first_bout(state):
            return Reason("no transfer in the first bout")
        rank = state.table[0][0].rank
        if any(c.rank != rank for c in move.cards) or not move.cards:
            # TRANSLATORS: {rank} is a rank, e.g. "K"
            return Reason("transfer with cards of the attack rank ({rank})", rank=Rank(rank))
        return Reason("the next defender does not hold enough cards to face that many")

    def _why_not_show(self, state, move):
        if not state.options.get("show_trump_transfer"):
            return Reason("showing a trump to transfer is not part of this game")
        if move.cards and move.cards[0] in state.shown:
            return Reason("{card} has already been shown in this bout", card=move.cards[0])
        if len(move.cards) != 1 or move.cards[0].suit != state.trump_suit:
            return Reason("show one trump of the attack rank")
        return self._why_not_transfer(state, move)


DURAK = Durak()
