"""A Memory player whose level is its memory, kept within what a person can remember.

Each time a seat is shown its pile (at the deal, after a black ace) a person memorises the
first cards, the ones turned next, not a long pile; a centre he picks up was seen card by card,
and he may remember its first few (its bottom cards, which he turns first when he reaches
them). So a level is a span (`SPANS`): how many cards from the top of each look it keeps, and
how many of each centre it picks up. It counts the cards turned since its last look, so it
knows how far down its pile it is (`sightings`: `recall` of kozyr.memory, with where each card
was seen).

A remembered top card is called right whenever a right call exists. An unknown one is called
by the odds of the cards it cannot place (the whole deck less the open centre and what it
remembers of its own pile); the easy level does not count odds: it calls away from the middle
of the ranks.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ACE_HIGH, Card, card, deck
from ..memory import CALLS, Memory
from ..protocol import Move, Reason
from .basic import moves_of

# level: (cards it keeps from the top of each look at its pile, and from the bottom of each
# centre it picks up); level_help in kozyr.memory says the same to the players
SPANS = {"easy": (2, 0), "normal": (4, 1), "hard": (7, 3)}


def sightings(view: dict[str, Any]) -> list[tuple[Card, int, int]]:
    """The seat's pile, top first, each card with the log index at which the seat last saw it
    and its place in what it saw then: from the top of its last look, or from the bottom of
    the centre it picked up (1 for the first). `memory.recall` gives the same pile."""
    me = view["seat"]
    if not view["shown"]:
        return []
    last = view["shown"][-1]
    pile = [(card(c), last["at"], i) for i, c in enumerate(last["cards"], start=1)]
    for at, event in enumerate(view["log"][last["at"]:], start=last["at"]):
        if event.get("seat") != me:
            continue
        if event["event"] in ("start", "call"):
            pile.pop(0)
        elif event["event"] == "take":
            pile.extend((card(c), at, i) for i, c in enumerate(event["cards"], start=1))
    return pile


class MemoryPlayer:
    def __init__(self, rng: random.Random, level: str = "normal"):
        self.rng, self.level = rng, level
        self.look, self.taken = SPANS[level]
        self.why: Reason | None = None  # why the last move, once chosen (see hint)

    def memory(self, view: dict[str, Any]) -> list[Card | None]:
        """Its pile as it remembers it, top first: None for a card it does not remember (a
        card seen at its last look is kept within the look's span, one picked up since within
        the centre's)."""
        looked = view["shown"][-1]["at"] if view["shown"] else -1
        return [c if place <= (self.look if at == looked else self.taken) else None
                for c, at, place in sightings(view)]

    def choose(self, view: dict[str, Any]) -> Move:
        calls = [m.kind for m in moves_of(view)]
        top = card(view["centre"][-1])
        pile = self.memory(view)
        following = pile[0] if pile else None
        if following is not None:
            right = [call for call in calls if Memory.right(call, top, following)]
            if right:
                self.why = remembered(right[0], following, top)
                return Move(right[0])
        if self.level == "easy":
            ranks = sorted({c.rank for c in deck(view["options"]["deck"])}, key=ACE_HIGH.get)
            low_half = ranks.index(top.rank) < len(ranks) / 2
            return Move("higher" if low_half else "lower")
        call, wins, total = self.by_odds(view, calls, [c for c in pile[1:] if c is not None])
        if following is not None:  # it remembers the card, and no call can be right
            # TRANSLATORS: {card} is the player's next card, {top} the top card of the centre
            self.why = Reason("your next card is {card}: no call can be right on {top}",
                              card=following, top=top)
        else:
            self.why = by_odds_reason(call, wins, total, top)
        return Move(call)

    def by_odds(self, view: dict[str, Any], calls: list[str],
                known: list[Card]) -> tuple[str, int, int]:
        """The call most likely right for a card drawn from those it cannot place, with how
        many of them make it right, and how many there are."""
        top = card(view["centre"][-1])
        placed = set(known) | {card(c) for c in view["centre"]}
        unknown = [c for c in deck(view["options"]["deck"]) if c not in placed]
        wins = {call: sum(Memory.right(call, top, c) for c in unknown) for call in calls}
        best = max(wins.values())
        call = self.rng.choice([call for call in CALLS if wins.get(call) == best])
        return call, best, len(unknown)


def remembered(call: str, following: Card, top: Card) -> Reason:
    """Why a call of a remembered card: one message per call."""
    if call == "higher":
        # TRANSLATORS: {card} is the player's next card, {top} the top card of the centre
        return Reason("you remember your next card, {card}: higher than {top}", card=following,
                      top=top)
    if call == "lower":
        # TRANSLATORS: {card} is the player's next card, {top} the top card of the centre
        return Reason("you remember your next card, {card}: lower than {top}", card=following,
                      top=top)
    # TRANSLATORS: {card} is the player's next card, {top} the top card of the centre
    return Reason("you remember your next card, {card}: the same rank as {top}", card=following,
                  top=top)


def by_odds_reason(call: str, wins: int, total: int, top: Card) -> Reason:
    """Why a call by the odds: one message per call."""
    if call == "higher":
        # TRANSLATORS: {total} cards the player cannot place (not in the centre, not remembered
        # in his pile), {count} of them higher than {top}, the top card of the centre
        return Reason("you do not remember your next card: {count} of the {total} cards you "
                      "cannot place are higher than {top}", count=wins, total=total, top=top)
    if call == "lower":
        # TRANSLATORS: {total} cards the player cannot place (not in the centre, not remembered
        # in his pile), {count} of them lower than {top}, the top card of the centre
        return Reason("you do not remember your next card: {count} of the {total} cards you "
                      "cannot place are lower than {top}", count=wins, total=total, top=top)
    # TRANSLATORS: {total} cards the player cannot place (not in the centre, not remembered in
    # his pile), {count} of them of the rank of {top}, the top card of the centre
    return Reason("you do not remember your next card: {count} of the {total} cards you "
                  "cannot place have the rank of {top}", count=wins, total=total, top=top)


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's call (`ai.make("normal", "memory", 0)`), with its reason."""
    player = MemoryPlayer(random.Random(0), "normal")
    move = player.choose(view)
    return move, player.why


HEURISTIC = MemoryPlayer  # the player ai.make builds for the game's levels
OWN_LEVELS = True  # a level is how much the player remembers, not the generic easy/normal/hard
