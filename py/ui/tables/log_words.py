"""Log sentences several games share: seats listed with "and", a deal with its trump card, a
lead, a beat, a draw from the stock by its count.

Every sentence is a whole message of the catalogue. A sentence about a seat has two, one for
the person ("You take.") and one for the others ("{who} takes."), worded by the Speaker; a
sentence with a count has its plural forms (n_), one pair for the person and one for the others.
Each game's own sentences are in its table's package (`<game>/log.py`).
"""

from __future__ import annotations

from ..i18n import N_, _, n_
from ..parts.cards import label
from ..parts.words import Speaker


def names_and(names: list[str]) -> str:
    """Seats listed with "and": "Olga and You", "Olga and Misha and Vera"."""
    if not names:
        return ""
    text = names[0]
    for more in names[1:]:
        # TRANSLATORS: a list of players, grown one name at a time: "Olga and You"
        text = _("{first} and {second}", first=text, second=more)
    return text


def dealt_with_trump(ev: dict, sp: Speaker) -> str:
    """A deal that turns up a trump card (Durak, Stump)."""
    trump = ev.get("trump")
    # TRANSLATORS: {trump} is the trump card, as a label ("K♠")
    return sp.says(ev.get("seat"), N_("You deal. Trump: {trump}."),
                   # TRANSLATORS: {trump} is the trump card, as a label ("K♠")
                   N_("{who} deals. Trump: {trump}."), trump=label(trump) if trump else "?")


def led(seat: int | None, cards: str, sp: Speaker) -> str:
    """A lead of `cards` (their labels, "K♠ K♥")."""
    # TRANSLATORS: {cards} are card labels ("K♠ K♥")
    return sp.says(seat, N_("You lead {cards}."), N_("{who} leads {cards}."), cards=cards)


def beat(seat: int | None, target: str | None, cards: str, sp: Speaker) -> str:
    """A beat of the card `target` (a card code; None when unknown) with `cards` (labels)."""
    if not target:
        return sp.says(seat, N_("You beat with {cards}."), N_("{who} beats with {cards}."),
                       cards=cards)
    # TRANSLATORS: {target} is the card beaten, {cards} the card that beats it ("K♠")
    return sp.says(seat, N_("You beat {target} with {cards}."),
                   # TRANSLATORS: {target} is the card beaten, {cards} the card that beats it
                   # ("K♠")
                   N_("{who} beats {target} with {cards}."), target=label(target), cards=cards)


def drew_count(n: int, seat: int | None, sp: Speaker) -> str:
    """A draw from the stock by its count (Durak, Stump): "Olga draws 3."."""
    if seat == sp.human:
        # TRANSLATORS: you draw {n} cards from the stock
        return n_("You draw {n}.", "You draw {n}.", n)
    # TRANSLATORS: a player draws {n} cards from the stock
    return n_("{who} draws {n}.", "{who} draws {n}.", n, who=sp.who(seat))
