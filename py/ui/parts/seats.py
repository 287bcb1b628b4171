"""The seats round the table: their order, classes, name plates and hidden cards."""

from __future__ import annotations

from html import escape

from .cards import back_html
from .look import Look

DEALER_CHIP = '<span class="chip dealer" title="Dealer">D</span>'
FINISH_BUTTON = ('<button type="button" class="btn" data-act="finish" id="btn-finish" '
                 'aria-keyshortcuts="F">Play out the rest quickly</button>')


def dealer_chip(v: dict, seat: int) -> str:
    return DEALER_CHIP if v["dealer"] == seat else ""


def seats_from_left(v: dict, look: Look) -> list[int]:
    """The other seats, clockwise from the person's left."""
    n = v["players"]
    return [(look.human + k) % n for k in range(1, n)]


def seat_classes(v: dict, seat: int, look: Look, base: str = "seat",
                 turn: str = "to_act") -> list[str]:
    """A seat's CSS classes; `turn` names the view's key for whose turn it is."""
    classes = base.split()
    if v[turn] == seat:
        classes.append("to-act")
    if seat in v.get("out", ()):
        classes.append("is-out")
    if look.acted == seat:
        classes.append("acted")
    return classes


def hidden_backs(v: dict, seat: int) -> list[str]:
    """Backs for the cards of a seat's hand nobody has seen (fewer at a crowded table)."""
    hidden = max(0, v["hand_sizes"][seat] - len(v["known"][seat]))
    return [back_html() for _ in range(min(hidden, 9 if len(v["hand_sizes"]) <= 3 else 6))]


def nameplate(v: dict, seat: int, look: Look, chips: str) -> str:
    name = look.names[seat]
    return (f'<div class="nameplate"><span class="avatar">{escape(name[:1])}</span>'
            f'<span class="who">{escape(name)}</span>'
            f'<span class="count" title="Cards in hand">{v["hand_sizes"][seat]}</span>'
            f'{chips}</div>')


def my_nameplate(v: dict, look: Look, role: str) -> str:
    return (f'<div class="nameplate mine"><span class="who">You</span>'
            f'<span class="count">{len(v["hand"])}</span>'
            f'{dealer_chip(v, look.human)}{role}</div>')


def cards_left(held: int) -> str:
    return f'<span class="held">{held} card{"s" if held != 1 else ""} left</span>'
