"""The person's hand and the stock with its trump card, as HTML."""

from __future__ import annotations

from html import escape

from .. import moves as mv
from .cards import SUIT_NAMES, SUIT_SYMBOLS, back_html, card_html
from .look import Look, my_turn


def stock_html(v: dict) -> str:
    trump, suit = v["trump"], v["trump_suit"]
    red = "red" if suit in "DH" else "black"
    n = v["stock"]
    badge = (f'<span class="trump-badge {red}" title="Trump: {SUIT_NAMES[suit]}">'
             f'<span class="suit s-{suit}">{SUIT_SYMBOLS[suit]}</span> trump</span>')
    if n > 0:
        layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, max(1, n - 1))))
        under = card_html(trump, "trump-card", 'title="The trump card, drawn last"')
        pile = (f'<div class="stock-pile">{under if n >= 1 else ""}'
                f'{layers if n > 1 else ""}</div>')
        count = f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
        return (f'<div class="stock" aria-label="Stock: {n} cards, trump {SUIT_NAMES[suit]}">'
                f'{pile}{count}{badge}</div>')
    return (f'<div class="stock empty" aria-label="The stock is empty; trump '
            f'{SUIT_NAMES[suit]}"><div class="stock-pile"><span class="big-suit s-{suit} {red}">'
            f'{SUIT_SYMBOLS[suit]}</span></div>'
            f'<span class="pile-count" id="stock-count" data-count="0">0</span>{badge}</div>')


def hand_html(v: dict, look: Look, marks: dict[str, tuple[str, str]] | None = None,
              stagger_from: int = 4) -> str:
    """The person's hand: playable cards lit, the others dimmed. `marks` gives some cards a
    class and a title (Advantage's privately drawn cards); when `stagger_from` or more cards
    are new they arrive one after another (a deal)."""
    mine = my_turn(v, look)
    legal = v["legal"] if mine else []
    can = mv.playable(legal)
    ext = mv.extenders(legal, list(look.selection))
    marks = marks or {}
    cards = []
    dealt = sum(1 for c in v["hand"] if c in look.fresh) >= stagger_from
    k = 0
    for code in v["hand"]:
        cls, title = [], ""
        if code in marks:
            cls.append(marks[code][0])
            title = f' title="{escape(marks[code][1])}"'
        if mine:
            cls.append("legal" if code in can else "idle")
        if code in look.selection:
            cls.append("selected")
        elif code in ext:
            cls.append("extend")
        if code in look.fresh:
            cls.append("fresh")
        drag = ' draggable="true"' if mine and code in can else ""
        order = ""
        if dealt and code in look.fresh:
            order, k = f' style="--d:{k}"', k + 1
        cards.append(card_html(code, " ".join(cls),
                               f'data-act="card" data-arg="{code}"{drag}{order}{title}',
                               tag="button"))
    n = len(cards)
    return (f'<div class="hand{" my-turn" if mine else ""}" id="hand" style="--n:{max(n, 1)}" '
            f'data-count="{n}">{"".join(cards)}</div>')
