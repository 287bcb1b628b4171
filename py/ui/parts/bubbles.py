"""Speech bubbles: what a player says by their seat on a move they voice ("I'll take",
"Garbage!", "Higher!"), for a moment after it.

Each table says which events of its log a player voices and in what words; the bubble is the
seat's latest voiced event, kept in the markup until the seat acts again in a later turn and
marked with that event (`data-said`), so the page tells a new word from one it has already
shown: a new one pops up by the seat's name plate (after `data-wait` seconds, when the move
shows in steps), stays about two seconds and fades (css/kozyr.css), and a redraw carries its
age on (painter.py) instead of popping it again.
Only the other seats get one, never the seat of the person looking. The log and the live
region already say the move, so screen readers skip the bubble (aria-hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .look import Look


@dataclass(frozen=True)
class Said:
    """A seat's word: the log event it belongs to, its kind (a CSS class) and the words."""

    seat: int
    index: int
    kind: str
    words: str
    wait: float = 0.0  # seconds before it shows (it waits for the move's motion)


def latest_voiced(log: list[dict], seat: int, voiced, acts) -> int | None:
    """The index of the seat's latest event of a `voiced` kind, while it lasts: until the seat
    acts (an event of `acts`) again after another seat has acted, or a new deal starts."""
    acted = False  # the seat has acted later than the event looked at
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        kind, mine = ev.get("event"), ev.get("seat") == seat
        if kind == "deal":
            return None
        if mine and kind in voiced:
            return i
        if kind in acts:
            if mine:
                acted = True
            elif acted:
                return None
    return None


def bubble_html(said: Said | None, look: Look) -> str:
    """The bubble of a seat's word; nothing by the person's own seat."""
    if said is None or said.seat == look.human:
        return ""
    wait = f' data-wait="{said.wait:.2f}"' if said.wait > 0 else ""
    return (f'<span class="bubble b-{said.kind}" data-said="{said.seat}:{said.index}:'
            f'{said.kind}" aria-hidden="true"{wait}>{escape(said.words, quote=False)}</span>')
