"""The person's hand and the stock with its trump card, as HTML."""

from __future__ import annotations

from html import escape

from ..i18n import _, n_, p_
from ..play import moves as mv
from .cards import SUIT_SYMBOLS, back_html, card_html, name, suit_word
from .look import Look, my_turn


def stock_html(v: dict) -> str:
    trump, suit = v["trump"], v["trump_suit"]
    red = "red" if suit in "DH" else "black"
    n = v["stock"]
    suit_name = suit_word(suit)
    # TRANSLATORS: the word on the trump badge by the stock, after the trump suit's symbol
    # ("♠ trump")
    word = _("trump")
    shown = f'<span class="suit s-{suit}">{SUIT_SYMBOLS[suit]}</span> {escape(word)}'
    title = _("Trump: {suit}", suit=suit_name)
    badge = f'<span class="trump-badge {red}" title="{escape(title)}">{shown}</span>'
    if n > 0:
        layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, max(1, n - 1))))
        drawn_last = _("The trump card, drawn last")
        under = card_html(trump, "trump-card", f'title="{escape(drawn_last)}"')
        pile = (f'<div class="stock-pile">{under if n >= 1 else ""}'
                f'{layers if n > 1 else ""}</div>')
        count = f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
        # TRANSLATORS: {suit} is the trump suit in words ("spades")
        said = n_("Stock: {n} card, trump {suit}", "Stock: {n} cards, trump {suit}", n,
                  suit=suit_name)
        return (f'<div class="stock" data-pile="stock" data-count="{n}" '
                f'aria-label="{escape(said)}">'
                f'{pile}{count}{badge}</div>')
    # TRANSLATORS: {suit} is the trump suit in words ("spades")
    empty = _("The stock is empty; trump {suit}", suit=suit_name)
    return (f'<div class="stock empty" data-pile="stock" data-count="0" '
            f'aria-label="{escape(empty)}">'
            f'<div class="stock-pile"><span class="big-suit s-{suit} {red}">'
            f'{SUIT_SYMBOLS[suit]}</span></div>'
            f'<span class="pile-count" id="stock-count" data-count="0">0</span>{badge}</div>')


def hand_html(v: dict, look: Look, marks: dict[str, tuple[str, ...]] | None = None,
              stagger_from: int = 4) -> str:
    """The person's hand: playable cards lit, the others dimmed. `marks` gives some cards a
    class, a title and, optionally, the words a screen reader hears for the mark (Advantage's
    privately drawn cards: (class, title[, state]); without a state, the title up to its
    colon); when `stagger_from` or more cards are new they arrive one after another (a deal).
    Titles and states are in the language in use already."""
    mine = my_turn(v, look)
    legal = v["legal"] if mine else []
    can = mv.playable(legal)
    ext = mv.extenders(legal, list(look.selection))
    marks = marks or {}
    cards = []
    dealt = sum(1 for c in v["hand"] if c in look.fresh) >= stagger_from
    n = len(v["hand"])
    # the hand is one tab stop: the selected card, else the first playable, else the first
    home = next((c for c in v["hand"] if c in look.selection),
                next((c for c in v["hand"] if c in can), v["hand"][0] if n else None))
    k = 0
    for i, code in enumerate(v["hand"], 1):
        cls, title, state = [], "", []
        if code in marks:
            mark = marks[code]
            cls.append(mark[0])
            title = f' title="{escape(mark[1])}"'
            state.append(mark[2] if len(mark) > 2 else mark[1].split(":")[0].lower())
        if mine:
            cls.append("legal" if code in can else "idle")
            # TRANSLATORS: a card in your hand, as a screen reader hears it ("king of spades,
            # playable, 3 of 8")
            state.append(p_("card state", "playable") if code in can
                         else p_("card state", "cannot be played now"))
        if code in look.selection:
            cls.append("selected")
            state.insert(0, p_("card state", "selected"))
        elif code in ext:
            cls.append("extend")
            state.append(p_("card state", "can join the selection"))
        if code in look.fresh:
            cls.append("fresh")
        drag = ' draggable="true"' if mine and code in can else ""
        order = ""
        if dealt and code in look.fresh:
            order, k = f' style="--d:{k}"', k + 1
        # TRANSLATORS: a card's place in your hand, for screen readers ("3 of 8")
        place = _("{i} of {n}", i=i, n=n)
        said = _(", ").join([name(code), *state, place])
        aria = f' aria-label="{escape(said)}" tabindex="{0 if code == home else -1}"'
        if code in look.selection:
            aria += ' aria-pressed="true"'
        cards.append(card_html(code, " ".join(cls),
                               f'data-act="card" data-arg="{code}"{drag}{order}{title}{aria}',
                               tag="button"))
    said = n_("Your hand: {n} card", "Your hand: {n} cards", n)
    return (f'<div class="hand{" my-turn" if mine else ""}" id="hand" style="--n:{max(n, 1)}" '
            f'data-pile="hand-{look.human}" data-count="{n}" role="group" aria-label="{escape(said)}" data-roving>'
            f'{"".join(cards)}</div>')
