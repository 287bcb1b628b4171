"""The line under the prompt once cards are picked in the hand, said to a mouse ("click") or
to a touch screen ("tap"): what to do next with them."""

from __future__ import annotations

from ..i18n import n_
from ..parts.words import cards_text
from ..play import moves as mv


def picked_hint(legal: list[dict], sel: tuple[str, ...], touch: bool = False) -> str:
    """The hint for the selection `sel` among the `legal` moves."""
    shown, n = cards_text(sel), len(sel)
    if mv.targets(legal, list(sel)) and touch:
        # TRANSLATORS: on a touch screen; {cards} are the selected cards ("K♠ K♥")
        return n_("Now tap the card on the table to beat with {cards}.",
                  "Now tap the card on the table to beat with {cards}.", n, cards=shown)
    if mv.targets(legal, list(sel)):
        # TRANSLATORS: {cards} are the selected cards, as labels ("K♠ K♥")
        return n_("Now click the card on the table to beat with {cards}.",
                  "Now click the card on the table to beat with {cards}.", n, cards=shown)
    if mv.extenders(legal, list(sel)):
        # TRANSLATORS: {cards} are the selected cards, as labels ("K♠ K♥")
        return n_("{cards} selected: add more cards, or press the button to play.",
                  "{cards} selected: add more cards, or press the button to play.", n,
                  cards=shown)
    if touch:
        # TRANSLATORS: on a touch screen; {cards} are the selected cards ("K♠ K♥")
        return n_("{cards} selected: press a button to play, or tap it again.",
                  "{cards} selected: press a button to play, or tap them again.", n,
                  cards=shown)
    # TRANSLATORS: {cards} are the selected cards, as labels ("K♠ K♥")
    return n_("{cards} selected: press a button to play, or click it again.",
              "{cards} selected: press a button to play, or click it again.", n, cards=shown)
