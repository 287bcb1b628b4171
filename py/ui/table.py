"""What every game's table shares: the person's look at it, card markup, the stock, the hand.

Only cards the view shows face up ever get a face; every other card is a back with no
identity in the markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from . import moves as mv
from .cards import BACK_SVG, SUIT_NAMES, SUIT_SYMBOLS, face, name, suit_class


@dataclass
class Look:
    """What the table needs besides the view: names and the person's current gesture."""

    names: list[str]
    human: int = 0
    selection: list[str] = field(default_factory=list)
    hint: str = ""
    fresh: set[str] = field(default_factory=set)  # cards that just arrived (animate)
    acted: int | None = None  # seat that just moved
    show_log: bool = False
    title: str = "Durak"
    busy: bool = False  # an AI is about to move
    gone: tuple | None = None  # (how, pairs, seat) of a bout that just ended, to show it leave
    four: bool = False  # four-colour suits


def card_html(code: str, cls: str = "", attrs: str = "", tag: str = "div") -> str:
    extra = f" {cls}" if cls else ""
    aria = f'aria-label="{escape(name(code))}"'
    role = "" if tag == "button" else ' role="img"'
    typ = ' type="button"' if tag == "button" else ""
    return (f'<{tag}{typ} class="card face {suit_class(code)}{extra}" data-card="{code}" '
            f'{aria}{role} {attrs}>{face(code)}</{tag}>')


def back_html(cls: str = "", style: str = "") -> str:
    extra = f" {cls}" if cls else ""
    st = f' style="{style}"' if style else ""
    return f'<div class="card back{extra}"{st} aria-hidden="true">{BACK_SVG}</div>'


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


def hand_html(v: dict, look: Look) -> str:
    my_turn = v["to_act"] == look.human and v["phase"] != "over"
    legal = v["legal"] if my_turn else []
    can = mv.playable(legal)
    ext = mv.extenders(legal, look.selection)
    cards = []
    dealt = sum(1 for c in v["hand"] if c in look.fresh) >= 4  # a deal: cards arrive in turn
    k = 0
    for code in v["hand"]:
        cls = []
        if my_turn:
            cls.append("legal" if code in can else "idle")
        if code in look.selection:
            cls.append("selected")
        elif code in ext:
            cls.append("extend")
        if code in look.fresh:
            cls.append("fresh")
        drag = ' draggable="true"' if my_turn and code in can else ""
        order = ""
        if dealt and code in look.fresh:
            order, k = f' style="--d:{k}"', k + 1
        cards.append(card_html(code, " ".join(cls),
                               f'data-act="card" data-arg="{code}"{drag}{order}', tag="button"))
    n = len(cards)
    return (f'<div class="hand{" my-turn" if my_turn else ""}" id="hand" style="--n:{max(n, 1)}" '
            f'data-count="{n}">{"".join(cards)}</div>')
