"""A Durak player that thinks like a careful human, from its own view only.

It values a card by rank, trumps far above the rest, and follows the usual advice:
lead low cards (pairs together), beat as cheaply as possible, keep trumps while the
stock lasts and take instead of spending big trumps on small cards, throw in what
hurts the defender but costs little, transfer when a cheap card of the rank allows it.
Once the stock is empty every card shed is a step towards going out, so it plays freely.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ACE_HIGH, Card, card
from ..protocol import Move
from .basic import moves_of

TRUMP_BONUS = 13
HIGH = ACE_HIGH["Q"]  # from here up a card is worth keeping while the stock lasts


class DurakHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng

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

        return min(moves, key=cost)

    # --- defence ------------------------------------------------------------------
    def defend(self, view: dict[str, Any], moves: list[Move]) -> Move:
        take = Move("take")
        shows = [m for m in moves if m.kind == "show"]
        if shows:
            return shows[0]  # costs nothing
        transfers = [m for m in moves if m.kind == "transfer" and len(m.cards) == 1]
        cheap = [m for m in transfers if not self.precious(m.cards[0]) or self.endgame]
        if cheap:
            return min(cheap, key=lambda m: self.value(m.cards[0]))
        plan = self.plan_defence(view, moves)
        if plan is None or self.rather_take(view, plan):
            return take
        attack, beater = plan[0]
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
            return Move("pass")
        return max(ok, key=lambda m: (len(m.cards), -sum(map(self.value, m.cards))))

    def worth_throwing(self, view: dict[str, Any], c: Card) -> bool:
        """Any plain card hurts the defender more than it costs; trumps too once the stock is out."""
        return self.endgame or c.suit != self.trump
