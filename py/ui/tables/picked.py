"""The line under the prompt once cards are picked in the hand, said to a mouse ("click") or
to a touch screen ("tap"): what the next tap (or click) does, place by lit place."""

from __future__ import annotations

from ..i18n import _, n_, p_
from ..parts.cards import label
from ..parts.words import cards_text
from ..play import moves as mv


def picked_hint(legal: list[dict], sel: tuple[str, ...], touch: bool = False,
                lays: tuple[str, ...] = ()) -> str:
    """The hint for the selection `sel` among the `legal` moves; `lays`: the moves a tap on
    the table itself makes (the table's `lays`)."""
    shown, n, cards = cards_text(sel), len(sel), list(sel)
    aims = mv.targets(legal, cards)
    choices = places(legal, cards, touch, lays)
    if aims and len(choices) == 1 and touch:
        # TRANSLATORS: on a touch screen; {cards} are the selected cards ("K♠ K♥")
        return n_("Now tap the card on the table to beat with {cards}.",
                  "Now tap the card on the table to beat with {cards}.", n, cards=shown)
    if aims and len(choices) == 1:
        # TRANSLATORS: {cards} are the selected cards, as labels ("K♠ K♥")
        return n_("Now click the card on the table to beat with {cards}.",
                  "Now click the card on the table to beat with {cards}.", n, cards=shown)
    if choices:
        # TRANSLATORS: {cards} are the selected cards ("K♠ K♥"); {choices} what the next tap
        # (or click) may do: "tap the table to attack with K♠, or tap a lit card of your hand
        # to add it"
        return n_("{cards} selected: {choices}.", "{cards} selected: {choices}.", n,
                  cards=shown, choices=either(choices))
    if touch:
        # TRANSLATORS: on a touch screen; {cards} are the selected cards ("K♠ K♥")
        return n_("{cards} selected: press a button to play, or tap it again.",
                  "{cards} selected: press a button to play, or tap them again.", n,
                  cards=shown)
    # TRANSLATORS: {cards} are the selected cards, as labels ("K♠ K♥")
    return n_("{cards} selected: press a button to play, or click it again.",
              "{cards} selected: press a button to play, or click it again.", n, cards=shown)


def places(legal: list[dict], sel: list[str], touch: bool, lays: tuple[str, ...]) -> list[str]:
    """What a tap on each lit place does, in words: a table card to beat, the table itself,
    a card of the hand that can join, the selected card again."""
    out = []
    table = mv.on_table(legal, sel, lays)
    other = mv.again(legal, sel, lays)
    if mv.targets(legal, sel):
        # TRANSLATORS: a choice in "K♠ selected: …" (a touch screen); a card on the table
        # the selected card can beat glows
        out.append(_("tap a lit card on the table to beat it") if touch else
                   # TRANSLATORS: a choice in "K♠ selected: …"; a card on the table the
                   # selected card can beat glows
                   _("click a lit card on the table to beat it"))
    if table is not None:
        move = mv.move_words(table)
        # TRANSLATORS: a choice in "K♠ selected: …" (a touch screen); {move} is a move in
        # words: "attack with K♠", "throw in 7♥ 7♦", "transfer with 7♠"
        out.append(_("tap the table to {move}", move=move) if touch else
                   # TRANSLATORS: a choice in "K♠ selected: …"; {move} is a move in words:
                   # "attack with K♠", "throw in 7♥ 7♦", "transfer with 7♠"
                   _("click the table to {move}", move=move))
    if mv.extenders(legal, sel):
        # TRANSLATORS: a choice in "K♠ selected: …" (a touch screen); the cards of the hand
        # that can join the selection are lit
        out.append(_("tap a lit card of your hand to add it") if touch else
                   # TRANSLATORS: a choice in "K♠ selected: …"; the cards of the hand that
                   # can join the selection are lit
                   _("click a lit card of your hand to add it"))
    if other is not None and other is not table:
        held, move = label(sel[0]), mv.move_words(other)
        # TRANSLATORS: a choice in "K♠ selected: …" (a touch screen); {card} the selected
        # card ("7♠"), {move} a move in words ("show 7♠ to transfer")
        out.append(_("tap {card} again to {move}", card=held, move=move) if touch else
                   # TRANSLATORS: a choice in "K♠ selected: …"; {card} the selected card
                   # ("7♠"), {move} a move in words ("show 7♠ to transfer")
                   _("click {card} again to {move}", card=held, move=move))
    return out


def either(choices: list[str]) -> str:
    """Choices as one list: "a", "a or b", "a, b or c"."""
    if len(choices) == 1:
        return choices[0]
    # TRANSLATORS: the last of several choices joined: {some} are the others, joined with
    # ", " ("tap the table to attack with K♠, or tap a lit card of your hand to add it")
    return p_("choices", "{some}, or {last}", some=_(", ").join(choices[:-1]),
              last=choices[-1])
