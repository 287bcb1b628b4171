"""Reading the other hands in Durak: what a player's moves say it did not hold.

A player who follows the usual advice gives its hand away as it plays. It leads its cheapest
card, so it held nothing cheaper; it beats with the cheapest card that beats, so it held no
cheaper one; it passes on throwing in only when it has no card of the table's ranks worth
giving; it takes a single card it could beat only to keep its trumps while the stock is deep.
Each such move is a *clue*: a set of cards the player did not hold at that moment. It stays
true of the cards it held then; the cards it draws later may be any. So a clue allows as many
of its cards in the player's hand now (or played since from the unseen part of its hand) as
the player has drawn since. Clues are read against the advice `policy` follows (durak_advice.py:
the normal level's, and the playouts'); a person who plays otherwise contradicts some of them,
and a clue its player has visibly contradicted is dropped.

`imagine(view, rng)` deals the unseen cards so as to agree with the clues where it can: a clue
with no draws since is a hard limit, the others are checked and the deal tried again a few
times, keeping the one that breaks the fewest. The search plays out these deals instead of
uniformly random ones.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..cards import ACE_HIGH, Card, card, deck
from ..durak import BOUT_LIMIT, DURAK, HAND_SIZE, DurakState
from .durak_advice import DEEP, HIGH, PAIR, TAKE_AT_MOST, card_value, worth_throwing

TRIES = 12  # deals tried for one that agrees with every clue


class Clue:
    """Seat `seat` held none of `cards` when it moved; `drawn` and `played` count what it has
    drawn since, and how many of `cards` it has played since from the unseen part of its hand."""

    def __init__(self, seat: int, cards: frozenset[Card]):
        self.seat, self.cards, self.drawn, self.played = seat, cards, 0, 0

    @property
    def allowance(self) -> int:
        """How many of the clue's cards the seat's unseen hand may hold now."""
        return self.drawn - self.played


def _beats(c: Card, a: Card, trump: str) -> bool:
    if c.suit == a.suit:
        return ACE_HIGH[c.rank] > ACE_HIGH[a.rank]
    return c.suit == trump


def _lead_cost(c: Card, trump: str, endgame: bool) -> int:
    v = card_value(c, trump)
    return v if v < HIGH or endgame else v + 20


class Reader:
    """Replays a view's log, keeping the table, the stock and what each seat is known to hold,
    and turns each move into its clue."""

    def __init__(self, view: dict[str, Any]):
        self.me = view["seat"]
        self.trump = view["trump_suit"]
        self.pack = deck(view["options"]["deck"])
        self.players = view["players"]
        self.first_limit = view["options"]["first_bout_limit"]
        log = view["log"]
        draws = sum(e["count"] for e in log if e["event"] == "draw")
        self.stock = view["stock"] + draws
        self.sizes = [HAND_SIZE] * self.players
        self.known: list[set[Card]] = [set() for _ in range(self.players)]
        self.table: list[list[Card | None]] = []
        self.taking, self.capacity, self.bout = False, 0, 0
        self.teams = view["options"]["teams"]
        self.attacker = self.defender = 0
        self.out: set[int] = set()
        self.poll: list[int] = []  # who is asked to throw in now, in order (R4.11) …
        self.asked: set[int] = set()  # … and who of them has passed
        self.clues: list[Clue] = []
        for event in log:
            self.read(event)
        self.clues = [c for c in self.clues if c.allowance >= 0]

    # --- the replay ------------------------------------------------------------------
    def read(self, e: dict[str, Any]) -> None:
        kind, seat = e["event"], e.get("seat")
        cards = [card(c) for c in e.get("cards", ())]
        if kind in ("attack", "throw", "beat", "take", "pass"):
            self.clue(kind, seat, cards, e.get("target"))
        if kind in ("throw", "took", "beaten"):
            self.skipped(seat if kind == "throw" else None)
        if kind == "bout":
            self.bout += 1
            self.attacker, self.defender = seat, e["defender"]
            self.capacity = self.room_for(self.defender)
            self.table, self.taking = [], False
        elif kind in ("attack", "throw", "transfer"):
            self.played(seat, cards)
            self.table += [[c, None] for c in cards]
            if kind == "transfer":  # the new defender's hand bounds the bout now
                self.attacker, self.defender = seat, e["defender"]
                self.capacity = self.room_for(self.defender)
        elif kind == "beat":
            self.played(seat, cards)
            target = card(e["target"])
            next(p for p in self.table if p[0] == target)[1] = cards[0]
            if all(d is not None for _, d in self.table):
                self.ask()
        elif kind == "take":
            self.taking = True
            self.ask()
        elif kind == "pass":
            self.asked.add(seat)
        elif kind == "show":
            self.known[seat].update(cards)
            self.attacker, self.defender = seat, e["defender"]
            self.capacity = self.room_for(self.defender)
        elif kind == "out":
            self.out.add(seat)
        elif kind == "took":
            self.sizes[seat] += len(cards)
            self.known[seat].update(cards)
        elif kind == "draw":
            self.drew(seat, e["count"])

    def ask(self) -> None:
        """The defender has answered: the throw-in poll starts again, main attacker first."""
        n, d = self.players, self.defender
        others = [(d + k) % n for k in range(1, n)]
        order = [self.attacker] + [s for s in others if s != self.attacker]
        self.poll = [s for s in order if s not in self.out and s != d
                     and not (self.teams and s % 2 == d % 2)]
        self.asked = set()

    def skipped(self, thrower: int | None) -> None:
        """The poll is over (a card thrown in, or the bout ended): the seats passed over before
        the thrower without being asked could not throw in, so held no card of the table's
        ranks (while there was room for one)."""
        order, self.poll = self.poll, []
        if thrower in order:  # a taker is not asked to answer: the poll goes on from here
            at = order.index(thrower)
            order, self.poll = order[:at], order[at:] if self.taking else []
        if self.capacity - len(self.table) <= 0:
            return
        ranks = {c.rank for pair in self.table for c in pair if c is not None}
        for seat in order:
            if seat not in self.asked and seat != self.me:
                absent = frozenset(c for c in self.pack
                                   if c.rank in ranks and c not in self.known[seat])
                self.clues.append(Clue(seat, absent))

    def room_for(self, defender: int) -> int:
        """The bout's capacity against this defender (R4.8)."""
        return min(self.first_limit if self.bout == 1 else BOUT_LIMIT, self.sizes[defender])

    def played(self, seat: int, cards: list[Card]) -> None:
        self.sizes[seat] -= len(cards)
        for c in cards:
            if c in self.known[seat]:
                self.known[seat].discard(c)
                continue
            for clue in self.clues:
                if clue.seat == seat and c in clue.cards:
                    clue.played += 1

    def drew(self, seat: int, count: int) -> None:
        self.sizes[seat] += count
        self.stock -= count
        for clue in self.clues:
            if clue.seat == seat:
                clue.drawn += count

    # --- the clues -------------------------------------------------------------------
    def clue(self, kind: str, seat: int, cards: list[Card], target: str | None) -> None:
        if seat == self.me:
            return  # the seat knows its own hand
        absent = getattr(self, "_" + kind)(cards, target)
        absent = frozenset(c for c in absent if c not in self.known[seat])
        if absent:
            self.clues.append(Clue(seat, absent))

    def _attack(self, cards: list[Card], target: str | None) -> Iterable[Card]:
        if self.table:  # a transfer game's second attack card: no clue
            return ()
        endgame = not self.stock
        worst = max(card_value(c, self.trump) for c in cards)
        cost = worst - PAIR * (len(cards) - 1) if worst < HIGH or endgame else worst + 20
        return (c for c in self.pack if _lead_cost(c, self.trump, endgame) < cost)

    def _givable(self, taking: bool) -> list[Card]:
        ranks = {c.rank for pair in self.table for c in pair if c is not None}
        return [c for c in self.pack if c.rank in ranks and
                (not self.stock or worth_throwing(c, self.trump, self.stock, taking))]

    def _throw(self, cards: list[Card], target: str | None) -> Iterable[Card]:
        if len(cards) != 1:
            return ()
        v = card_value(cards[0], self.trump)
        return (c for c in self._givable(self.taking) if card_value(c, self.trump) < v)

    def _pass(self, cards: list[Card], target: str | None) -> Iterable[Card]:
        if self.capacity - len(self.table) <= 0:
            return ()  # no room to throw in: the pass says nothing
        return self._givable(self.taking)

    def _beat(self, cards: list[Card], target: str | None) -> Iterable[Card]:
        a, v = card(target), card_value(cards[0], self.trump)
        return (c for c in self.pack if _beats(c, a, self.trump) and card_value(c, self.trump) < v)

    def _take(self, cards: list[Card], target: str | None) -> Iterable[Card]:
        unbeaten = [a for a, d in self.table if d is None]
        if len(unbeaten) != 1:
            return ()  # which card it could not beat is not known
        keeping = self.stock > DEEP and len(self.table) <= TAKE_AT_MOST
        return (c for c in self.pack if _beats(c, unbeaten[0], self.trump)
                and not (keeping and c.suit == self.trump))


def imagine(view: dict[str, Any], rng: random.Random, reader: Reader | None = None) -> DurakState:
    """A deal of the unseen cards that agrees with the clues in `view` where it can."""
    world = DURAK.determinize(view, rng)
    clues = (reader or Reader(view)).clues
    if not clues:
        return world
    seats = [s for s in range(view["players"]) if s != view["seat"]]
    known = [set(card(c) for c in k) for k in view["known"]]
    loose = {s: [c for c in world.hands[s] if c not in known[s]] for s in seats}
    bottom = world.stock[:1]
    pool = [c for s in seats for c in loose[s]] + world.stock[1:]
    best, best_excess = None, None
    for _ in range(TRIES):
        hands = _deal(pool, {s: len(loose[s]) for s in seats}, clues, rng)
        excess = sum(max(0, len(hands[c.seat] & c.cards) - c.allowance)
                     for c in clues if c.seat in hands)
        if best_excess is None or excess < best_excess:
            best, best_excess = hands, excess
        if not excess:
            break
    rest = set(pool).difference(*best.values())
    stock = [c for c in pool if c in rest]
    rng.shuffle(stock)
    for s in seats:
        world.hands[s] = [c for c in world.hands[s] if c in known[s]] + sorted(best[s], key=str)
    world.stock = bottom + stock
    return world


def _deal(pool: list[Card], counts: dict[int, int], clues: list[Clue],
          rng: random.Random) -> dict[int, set[Card]]:
    """Each seat's unseen cards from `pool`: none a clue with no draws since rules out, while
    there are enough others (a seat whose clues leave too few takes the rest)."""
    cards = list(pool)
    rng.shuffle(cards)
    hands: dict[int, set[Card]] = {}
    for s in sorted(counts, key=lambda s: -sum(len(c.cards) for c in clues if c.seat == s)):
        barred = set().union(*(c.cards for c in clues if c.seat == s and c.allowance == 0))
        fit = [c for c in cards if c not in barred]
        take = fit[:counts[s]]
        if len(take) < counts[s]:
            take += [c for c in cards if c in barred][:counts[s] - len(take)]
        hands[s] = set(take)
        cards = [c for c in cards if c not in hands[s]]
    return hands
