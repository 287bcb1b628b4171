"""The table in words: seat names, log lines and turn prompts, from public view data only."""

from __future__ import annotations

import re
from html import escape, unescape

from .cards import SUIT_SYMBOLS, label, name

NAMES = ("Olga", "Misha", "Vera", "Pavel", "Nina", "Boris", "Lena", "Yuri")


def seat_names(players: int, human: int = 0) -> list[str]:
    names, k = [], 0
    for seat in range(players):
        if seat == human:
            names.append("You")
        else:
            names.append(NAMES[k % len(NAMES)])
            k += 1
    return names


class Speaker:
    """Builds sentences about seats, with "You" conjugated right ("you take", "Olga takes")."""

    def __init__(self, names: list[str], human: int = 0):
        self.names, self.human = names, human

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def obj(self, seat: int | None) -> str:
        return "you" if seat == self.human else self.who(seat)

    def says(self, seat: int | None, verb: str, verb_s: str | None = None) -> str:
        if seat == self.human:
            return f"You {verb}"
        return f"{self.who(seat)} {verb_s or verb + 's'}"


    def dealt(self, ev: dict, what: str) -> str:
        """A deal that gives each seat a number of cards: "Olga deals. Piles: You 9, …"."""
        each = ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(ev.get("sizes") or []))
        return f"{self.says(ev.get('seat'), 'deal')}. {what}: {each}."


def cards_text(codes) -> str:
    return " ".join(label(c) for c in codes or [])


def plural(n: int, word: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def lines_html(rows: list[tuple[str, str]]) -> str:
    """Log lines, (css class, text) each, as list items."""
    return "".join(f'<li class="ev-{css}">{escape(text)}</li>' for css, text in rows)


_LABEL = re.compile(r"\b(10|[2-9JQKA])([♣♦♥♠])")
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_TAGS = re.compile(r"<[^>]+>")


def spoken(text: str) -> str:
    """A sentence for the ear: card labels in words ("K♠" → "king of spades"), no markup."""
    plain = unescape(_TAGS.sub("", text))
    return _LABEL.sub(lambda m: name(m.group(1) + _SUIT_OF_SYMBOL[m.group(2)]), plain)
