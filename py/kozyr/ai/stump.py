"""Stump opponents: a careful human's heuristic (normal) and its fast playout twin (for search).

A card in hand is worth what it can beat: each time a player cannot beat the top card he takes
cards, so the high cards and the trumps are kept for beating and the low cards are led.
Beating: the cheapest card that beats (with `voluntary_take`, a small take rather than a trump
early on). Leading: the least useful card, except when the stock is empty, one opponent is
left and he is close to going out: then a card he cannot beat, or that few unseen cards beat
(his own cards picked up from the pile are known to everyone), so that he takes instead.

`StumpHeuristic` reads a seat's view; `playout_move` makes the same decisions on an imagined
state for the hard level's search (no view, no move texts), seeing only what the actor could
know: its own hand and the public cards.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..cards import Card, card, deck
from ..protocol import Move, Reason
from ..stump import ORDER, TAKE_TABLES
from .basic import moves_of

TRUMP_BONUS = 9  # a trump beats every plain card: it is worth more than a plain ace
NEAR_OUT = 2  # cards (hand and stump) from which the last opponent is close to going out
LIKELY = 0.5  # lead against him a card he cannot beat with at least this chance
EARLY_STOCK = 8  # with more cards in the stock, a take of TAKE_SMALL cards beats a trump
TAKE_SMALL = 2
# The hard level's deals per decision in matches (and at most on the page, which also stops
# at its time budget): about 0.1 s of CPU a move on CPython, 0.3 s at worst, which leaves room
# in the page's second for Pyodide, 2-3x slower. It beats the normal level clearly already.
SEARCH_DEALS = 32

DECK = tuple(deck(36))


def value(c: Card, trump: str) -> int:
    """How much a card is worth keeping: its rank, trumps above every plain card."""
    return ORDER[c.rank] + (TRUMP_BONUS if c.suit == trump else 0)


def beats(c: Card, top: Card, trump: str) -> bool:
    """R2.4: a higher card of the same suit, or a trump on a plain card."""
    if c.suit == top.suit:
        return ORDER[c.rank] > ORDER[top.rank]
    return c.suit == trump


def cannot_beat(target: Card, known: Iterable[Card], unknown: int, unseen: list[Card],
                trump: str) -> float:
    """The chance that a hand of the `known` cards and `unknown` more, drawn from the `unseen`
    cards, holds nothing that beats `target`."""
    if any(beats(k, target, trump) for k in known):
        return 0.0
    total = len(unseen)
    free = total - sum(1 for u in unseen if beats(u, target, trump))
    chance = 1.0
    for i in range(unknown):
        if total - i <= 0:
            break
        chance *= max(0, free - i) / (total - i)
    return chance


def next_seat(seat: int, players: int, out: Iterable[int]) -> int:
    for step in range(1, players):
        other = (seat + step) % players
        if other not in out:
            return other
    return seat


def unseen_cards(hand: Iterable[Card], pile: Iterable[Card], known: Iterable[Iterable[Card]],
                 trump_card: Card | None) -> list[Card]:
    """The cards a seat has not seen: not in its hand, the pile, the others' known cards, nor
    the face-up trump card under the stock (`trump_card`, None once drawn)."""
    seen = set(hand)
    seen.update(pile)
    for k in known:
        seen.update(k)
    if trump_card is not None:
        seen.add(trump_card)
    return [c for c in DECK if c not in seen]


# --- the normal level --------------------------------------------------------------------
class StumpHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None  # why the last move, once chosen (see hint)

    def choose(self, view: dict[str, Any]) -> Move:
        trump = view["trump_suit"]
        moves = moves_of(view)
        if view["phase"] == "lead":
            return self.lead(view, moves, trump)
        return self.beat_or_take(view, moves, trump)

    def beat_or_take(self, view: dict[str, Any], moves: list[Move], trump: str) -> Move:
        top = card(view["pile"][-1])
        count = view["takes"]
        beating = [m for m in moves if m.kind == "beat"]
        if not beating:
            if count == len(view["pile"]):
                self.why = Reason("nothing in your hand beats {top}: take the whole pile and "
                                  "lead", top=top)
            else:
                # TRANSLATORS: {count} is a number of cards, 2 to 11
                self.why = Reason("nothing in your hand beats {top}: take {count} cards",
                                  top=top, count=count)
            return Move("take")
        best = min(beating, key=lambda m: value(m.cards[0], trump))
        if rather_take(moves, best, count, view["stock"], trump):
            if count == 1:
                self.why = Reason("taking a single card costs less than a trump this early")
            else:
                self.why = Reason("taking {count} cards costs less than a trump this early",
                                  count=count)
            return Move("take")
        if len(beating) == 1:
            self.why = Reason("{card} is the only card that beats {top}", card=best.cards[0],
                              top=top)
        else:
            self.why = Reason("{card} is the cheapest card that beats {top}", card=best.cards[0],
                              top=top)
        return best

    def lead(self, view: dict[str, Any], moves: list[Move], trump: str) -> Move:
        cheapest = min(moves, key=lambda m: value(m.cards[0], trump))
        seat, n = view["seat"], view["players"]
        nxt = next_seat(seat, n, view["out"])
        left = view["hand_sizes"][nxt] + view["stumps"][nxt]
        if len(moves) > 1 and last_two(view["stock"], n, view["out"]) and left <= NEAR_OUT:
            known = [[card(c) for c in k] for k in view["known"]]
            unseen = unseen_cards(map(card, view["hand"]), map(card, view["pile"]), known,
                                  None)
            move, chance = stopper(moves, known[nxt], view["hand_sizes"][nxt] - len(known[nxt]),
                                   unseen, trump)
            if move is not None:
                if chance >= 1.0:
                    self.why = Reason("the next player is about to go out and cannot beat "
                                      "{card}", card=move.cards[0])
                else:
                    self.why = Reason("few unseen cards beat {card}, and the next player is "
                                      "about to go out", card=move.cards[0])
                return move
        if len(moves) == 1:
            self.why = Reason("{card} is your last card in hand", card=cheapest.cards[0])
        else:
            self.why = Reason("{card} is your least useful card: keep the higher cards and the "
                              "trumps for beating", card=cheapest.cards[0])
        return cheapest


def last_two(stock: int, players: int, out: Iterable[int]) -> bool:
    """The stock is empty and one opponent is left: his going out ends the game."""
    return stock == 0 and players - len(list(out)) == 2


def rather_take(moves: list[Move], best: Move, count: int, stock: int, trump: str) -> bool:
    """With `voluntary_take`: a card or two early on costs less than a trump."""
    return best.cards[0].suit == trump and count <= TAKE_SMALL and stock > EARLY_STOCK \
        and Move("take") in moves


def stopper(moves: list[Move], known: list[Card], unknown: int, unseen: list[Card],
            trump: str) -> tuple[Move | None, float]:
    """The lead the next player most likely cannot beat (the cheapest of equals), if that
    chance is at least LIKELY; else (None, chance)."""
    best, best_chance = None, -1.0
    for m in sorted(moves, key=lambda m: value(m.cards[0], trump)):
        chance = cannot_beat(m.cards[0], known, unknown, unseen, trump)
        if chance > best_chance:
            best, best_chance = m, chance
    if best_chance < LIKELY:
        return None, best_chance
    return best, best_chance


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's move, with its reason."""
    player = StumpHeuristic(random.Random(0))
    move = player.choose(view)
    return move, player.why


# --- fast playouts -----------------------------------------------------------------------
def playout_move(game: Any, state: Any, rng: random.Random) -> Move:
    """The heuristic's decision on the imagined state itself, for search: no view, no texts,
    and only what the actor could know (its hand, the pile, the cards others picked up)."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    trump = state.trump.suit
    if moves[0].kind == "lead":
        cheapest = min(moves, key=lambda m: value(m.cards[0], trump))
        seat, n = state.to_act, state.players
        if state.stock or n - len(state.out) != 2:
            return cheapest
        nxt = next_seat(seat, n, state.out)
        if len(state.hands[nxt]) + len(state.stumps[nxt]) > NEAR_OUT:
            return cheapest
        known = state.known
        unseen = unseen_cards(state.hands[seat], state.pile,
                              (known[s] for s in range(n) if s != seat), None)
        move, _ = stopper(moves, known[nxt], len(state.hands[nxt]) - len(known[nxt]), unseen,
                          trump)
        return move or cheapest
    if moves[-1].kind == "take":  # with `voluntary_take`: beat or take
        best = min(moves[:-1], key=lambda m: value(m.cards[0], trump))
        top = state.pile[-1]
        count = min(TAKE_TABLES[state.options["take_table"]][top.rank], len(state.pile))
        return moves[-1] if rather_take(moves, best, count, len(state.stock), trump) else best
    return min(moves, key=lambda m: value(m.cards[0], trump))


HEURISTIC = StumpHeuristic  # the player ai.make builds for the game's levels
