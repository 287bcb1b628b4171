"""The table in words: seat names, log lines and turn prompts, from public view data only."""

from __future__ import annotations

import re
from html import escape, unescape

from kozyr.cards import Card
from kozyr.protocol import Rank

from ..i18n import NP_, _, p_
from .cards import RANKS, SUIT_SYMBOLS, label, name, rank_label

# The opponents' names; each language has its forms of them: as the subject of a sentence
# (p_("name", ...)) and as its object (p_("name, object", ...): «атакует Ольгу»).
NAMES = (NP_("name", "Olga"), NP_("name", "Misha"), NP_("name", "Vera"), NP_("name", "Pavel"),
         NP_("name", "Nina"), NP_("name", "Boris"), NP_("name", "Lena"), NP_("name", "Yuri"))
_OBJECT_FORMS = (  # marked for the catalogues only: Speaker.whom words them
    NP_("name, object", "Olga"), NP_("name, object", "Misha"), NP_("name, object", "Vera"),
    NP_("name, object", "Pavel"), NP_("name, object", "Nina"), NP_("name, object", "Boris"),
    NP_("name, object", "Lena"), NP_("name, object", "Yuri"))
YOU = None  # the person's seat in the names list: worded by the Speaker ("You", «Вы»)


class Person(str):
    """A person's name as they typed it: said as it is, in every language and case."""


def seat_names(players: int, human: int | None = 0,
               people: dict[int, str] | None = None) -> list[str | None]:
    """The name of each seat: None for the person's (the language says "you"), or, with
    several people (`people`: seat -> name), each person's own; the AIs' from NAMES, leaving
    out any a person is called."""
    people = people or {}
    taken = {n.casefold() for n in people.values()}
    free = [n for n in NAMES if n.casefold() not in taken and p_("name", n).casefold() not in taken]
    names, k = [], 0
    for seat in range(players):
        if seat in people:
            names.append(Person(people[seat]))
        elif seat == human:
            names.append(YOU)
        else:
            names.append(free[k % len(free)])
            k += 1
    return names


class Speaker:
    """Builds sentences about seats in the language in use. A sentence about a seat has two
    messages, one for the person ("You take.") and one for the others ("{who} takes."), since
    languages conjugate them apart; names come in the case their place in a sentence wants."""

    def __init__(self, names: list[str | None], human: int | None = 0):
        self.names, self.human = names, human  # human None: nobody is "you", all are named

    def who(self, seat: int | None) -> str:
        """A seat as the subject: "Olga", "You"."""
        if seat is None:
            return _("nobody")
        if seat == self.human:
            return _("You")
        if 0 <= seat < len(self.names) and self.names[seat]:
            name_ = self.names[seat]
            return name_ if isinstance(name_, Person) else p_("name", name_)
        return _("seat {number}", number=seat + 1)

    def whom(self, seat: int | None) -> str:
        """A seat as the object: "Olga", "you" (Russian «Ольгу», «вас»)."""
        if seat == self.human:
            return p_("object", "you")
        if seat is not None and 0 <= seat < len(self.names) and self.names[seat]:
            name_ = self.names[seat]
            return name_ if isinstance(name_, Person) else p_("name, object", name_)
        return self.who(seat)

    def says(self, seat: int | None, mine: str, theirs: str, **params) -> str:
        """The sentence about `seat`: `mine` if it is the person's, else `theirs` with {who}.
        Both are message ids (mark them with N_ where they are written)."""
        if seat == self.human:
            return _(mine, **params)
        return _(theirs, who=self.who(seat), **params)

    def dealt(self, ev: dict, mine: str, theirs: str) -> str:
        """A deal that gives each seat a number of cards: "Olga deals. Piles: You 9, …"."""
        each = _(", ").join(_("{who} {n}", who=self.who(s), n=n)
                            for s, n in enumerate(ev.get("sizes") or []))
        return self.says(ev.get("seat"), mine, theirs, each=each)


def cards_text(codes) -> str:
    return " ".join(label(c) for c in codes or [])


def reason_text(reason: str) -> str:
    """Why a move is refused, in the language in use: the engine's Reason worded (its cards
    as the language labels them); a plain string as it is."""
    message = getattr(reason, "message", None)
    if message is None:
        return reason
    params = {k: _param(v) for k, v in reason.params.items()}
    return _(message, **params)


def _param(value):
    if getattr(value, "message", None) is not None:  # a Reason within a Reason
        return reason_text(value)
    if isinstance(value, Card):
        return label(str(value))
    if isinstance(value, Rank):
        return rank_label(value)
    if isinstance(value, (list, tuple)):
        return _(", ").join(_param(v) for v in value)
    return value


def lines_html(rows: list[tuple[str, str]]) -> str:
    """Log lines, (css class, text) each, as list items."""
    return "".join(f'<li class="ev-{css}">{escape(text)}</li>' for css, text in rows)


_TAGS = re.compile(r"<[^>]+>")
_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def spoken(text: str) -> str:
    """A sentence for the ear: card labels in words ("K♠" → "king of spades"), no markup."""
    plain = unescape(_TAGS.sub("", text))
    letters = {rank_label(r): r for r in RANKS if not r.isdigit()}
    pattern = re.compile(r"(?<!\w)(10|[2-9]|" + "|".join(map(re.escape, letters)) + r")([♣♦♥♠])")
    return pattern.sub(lambda m: name(letters.get(m.group(1), m.group(1))
                                      + _SUIT_OF_SYMBOL[m.group(2)]), plain)


VERDICTS = {
    # TRANSLATORS: an analysed move that gave away a clear share of the chance to win
    "mistake": NP_("verdict", "mistake"),
    # TRANSLATORS: an analysed move that gave away a large share of the chance to win
    "blunder": NP_("verdict", "blunder"),
}


def verdict_word(verdict: str) -> str:
    """The analysis's word for a move: "mistake" or "blunder"."""
    return p_("verdict", VERDICTS[verdict])


def percent(chance: float) -> str:
    """A chance to win as the analysis shows it: "70%"."""
    return f"{round(chance * 100)}%"


def tooltip(text: str, touch: bool) -> str:
    """A control's hover title, as an attribute (with its leading space): none on a touch
    screen, which shows no tooltip (and is never told to click)."""
    return "" if touch else f' title="{escape(text)}"'


def figure_cells(heads: list[str], cells: list) -> str:
    """A statistics row's numbers, each with its column's name (`heads`): shown over it on a
    phone, where the row is a block of its own, and hidden from screen readers, which name a
    cell by its column."""
    return "".join(f'<td role="cell"><span class="cell-head" aria-hidden="true">'
                   f'{escape(head)}</span>{escape(str(c))}</td>' for head, c in zip(heads, cells))
