"""Playing cards: ranks, suits, decks of 24/36/52 cards and several packs.

A card is a small immutable value with a stable text form ("7H", "10D", "QS").
Rank *order* is not a property of the card: each game has its own (Stump puts
the 10 above the King), so games pass an order to the helpers that need one.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, NamedTuple

SUITS = ("C", "D", "H", "S")  # clubs, diamonds, hearts, spades
RED = frozenset("DH")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}

# Lowest rank of each standard short deck.
DECK_LOW_RANK = {24: "9", 32: "7", 36: "6", 52: "2"}

# The usual order, ace high; games with another order define their own.
ACE_HIGH = {rank: i for i, rank in enumerate(RANKS)}


class Card(NamedTuple):
    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def red(self) -> bool:
        return self.suit in RED

    @property
    def label(self) -> str:
        """Human text, e.g. "10♦"."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def spoken(self) -> str:
        """Its name in words, e.g. "10 of diamonds", "queen of spades"."""
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


class CardError(ValueError):
    """A card text that names no card."""


def card(text: str) -> Card:
    """Parse "7H", "10d", "qs" (also "TD" for the ten) into a Card."""
    if not isinstance(text, str) or len(text) < 2:
        raise CardError(f"not a card: {text!r}")
    return _parse(text)


@lru_cache(maxsize=None)  # AI search parses the same few texts millions of times
def _parse(text: str) -> Card:
    rank, suit = text[:-1].upper(), text[-1].upper()
    rank = "10" if rank == "T" else rank
    if rank not in RANKS or suit not in SUITS:
        raise CardError(f"not a card: {text!r}")
    return Card(rank, suit)


def cards(text: str | Iterable[str]) -> list[Card]:
    """Parse "7H 8D" or ["7H", "8D"] into a list of cards."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [card(part) for part in parts]


def deck(size: int = 52, packs: int = 1) -> list[Card]:
    """A fresh, ordered deck of `size` cards (24, 32, 36 or 52) times `packs`."""
    if size not in DECK_LOW_RANK:
        raise CardError(f"no {size}-card deck; choose one of {sorted(DECK_LOW_RANK)}")
    ranks = RANKS[RANKS.index(DECK_LOW_RANK[size]):]
    return [Card(rank, suit) for _ in range(packs) for suit in SUITS for rank in ranks]


def shuffled(cards_: Iterable[Card], rng: random.Random) -> list[Card]:
    pile = list(cards_)
    rng.shuffle(pile)
    return pile


HAND_SUIT_ORDER = {s: i for i, s in enumerate(("S", "H", "C", "D"))}


def sort_hand(hand: Iterable[Card], order: dict[str, int], trump: str | None = None) -> list[Card]:
    """Sort by suit (trumps last), then by rank in the game's order."""
    suit_key = HAND_SUIT_ORDER
    return sorted(hand, key=lambda c: (c.suit == trump, suit_key[c.suit], order[c.rank]))
