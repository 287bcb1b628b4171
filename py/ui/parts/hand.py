"""The person's hand and the stock with its trump card, as HTML."""

from __future__ import annotations

from html import escape

from .. import moves as mv
from .cards import SUIT_NAMES, SUIT_SYMBOLS, back_html, card_html, name
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
    n = len(v["hand"])
    # the hand is one tab stop: the selected card, else the first playable, else the first
    home = next((c for c in v["hand"] if c in look.selection),
                next((c for c in v["hand"] if c in can), v["hand"][0] if n else None))
    k = 0
    for i, code in enumerate(v["hand"], 1):
        cls, title, state = [], "", []
        if code in marks:
            cls.append(marks[code][0])
            title = f' title="{escape(marks[code][1])}"'
            state.append(marks[code][1].split(":")[0].lower())
        if mine:
            cls.append("legal" if code in can else "idle")
            state.append("playable" if code in can else "cannot be played now")
        if code in look.selection:
            cls.append("selected")
            state.insert(0, "selected")
        elif code in ext:
            cls.append("extend")
            state.append("can join the selection")
        if code in look.fresh:
            cls.append("fresh")
        drag = ' draggable="true"' if mine and code in can else ""
        order = ""
        if dealt and code in look.fresh:
            order, k = f' style="--d:{k}"', k + 1
        said = ", ".join([name(code), *state, f"{i} of {n}"])
        aria = f' aria-label="{escape(said)}" tabindex="{0 if code == home else -1}"'
        if code in look.selection:
            aria += ' aria-pressed="true"'
        cards.append(card_html(code, " ".join(cls),
                               f'data-act="card" data-arg="{code}"{drag}{order}{title}{aria}',
                               tag="button"))
    return (f'<div class="hand{" my-turn" if mine else ""}" id="hand" style="--n:{max(n, 1)}" '
            f'data-count="{n}" role="group" aria-label="Your hand: {n} cards" data-roving>'
            f'{"".join(cards)}</div>')
