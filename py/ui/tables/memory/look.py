"""Memory's memorise step: which showing of the pile the person is looking at (the table's
own state, `ui`, kept with the saved game), its clock, and the pile laid out face up.

A showing that lasts "until ready" (the deal, a black ace for everyone) holds the opponents;
one that lasts "until the next turn" (black ace, only its turner looks) ends when the
person's turn begins, and the opponents play on. Which showing the person has finished with
is kept, so a reload never shows the pile again.
"""

from __future__ import annotations

import math
from html import escape

from kozyr.memory import recall

from ...i18n import _, n_, p_
from ...parts.cards import card_html
from ...parts.look import Look


def pending(v: dict, ui: dict) -> dict | None:
    """The showing the person is looking at now, if any."""
    shown = v.get("shown") or []
    if not shown or v["phase"] == "over":
        return None
    latest = shown[-1]
    if latest["at"] <= ui.get("dismissed", -1):
        return None
    if latest["until"] == "next_turn" and not v.get("looking"):
        return None  # the person's turn has begun: the look is over
    return latest


def prepare(v: dict, ui: dict, settings: dict, now: float) -> dict:
    """The table's state before a picture: a new showing starts its clock; one whose time ran
    out (or whose turn came) is over."""
    shown = v.get("shown") or []
    if not shown or shown[-1]["at"] <= ui.get("dismissed", -1):
        return ui
    latest, look = shown[-1], pending(v, ui)
    if look is None:
        return {"dismissed": latest["at"]}
    if ui.get("at") != latest["at"]:
        secs = int(settings.get("look") or 0)
        ends = int(now + secs * 1000) if secs else None
        return {**ui, "at": latest["at"], "ends": ends, "span": secs * 1000}
    if ui.get("ends") and ui["ends"] <= now:
        return {"dismissed": latest["at"]}
    return ui


def waits(v: dict, ui: dict) -> bool:
    """The opponents hold while the person memorises a showing that lasts until Ready."""
    look = pending(v, ui)
    return look is not None and look["until"] == "ready"


def turned_since(v: dict, showing: dict) -> int:
    """How many cards of the shown pile the person has turned since (the dealer's start card
    is laid right after the deal's showing): those no longer in the pile as recalled."""
    kept = sum(1 for _code, seen_at in recall(v) if seen_at == showing["at"])
    return len(showing["cards"]) - kept


def look_html(v: dict, look: Look, showing: dict) -> str:
    cards = showing["cards"]
    n, gone = len(cards), turned_since(v, showing)
    items = []
    for i, code in enumerate(cards, 1):
        if i <= gone:
            # TRANSLATORS: under a card of the pile being memorised: it was turned since
            tag, cls = p_("pile position", "in the centre"), " turned"
        elif i == gone + 1:
            # TRANSLATORS: under the top card of the pile being memorised
            tag, cls = p_("pile position", "top"), " end"
        elif i == n:
            # TRANSLATORS: under the bottom card of the pile being memorised
            tag, cls = p_("pile position", "bottom"), " end"
        else:
            tag, cls = str(i - gone), ""
        items.append(f'<li class="mlook-card{cls}">{card_html(code, attrs=f"style=--k:{i}")}'
                     f'<span class="mlook-pos">{escape(tag)}</span></li>')
    n -= gone
    why = (_("Everyone is shown their own pile once.") if showing["why"] == "deal" else
           _("A black ace: you may look at your pile again."))
    count = n_("{n} card, top to bottom.", "{n} cards, top to bottom.", n)
    until = (_("Your look lasts until your turn begins.") if showing["until"] == "next_turn"
             else _("The others wait until you are ready."))
    size = "large" if n <= 12 else ("medium" if n <= 20 else "small")
    title = _("Memorise your pile")
    return (f'<section class="mlook {size}" id="look" aria-labelledby="look-title" '
            f'style="--n:{n}"><div class="mlook-head"><h2 id="look-title">'
            f'{escape(title)}</h2>'
            f'<p>{escape(why)} {escape(count)} {escape(until)}</p></div>'
            f'<ol class="mlook-cards">{"".join(items)}</ol>'
            f'<div class="mlook-foot">{ready_button(look)}</div></section>')


def ready_button(look: Look) -> str:
    ends, span = look.ui.get("ends"), look.ui.get("span") or 0
    # TRANSLATORS: the button that ends the look at your pile (its cards turn face down)
    ready = escape(p_("button", "Ready"))
    if not ends:
        return ('<button type="button" class="btn primary big mready" id="ready" data-act="ui" '
                f'data-arg="ready" aria-keyshortcuts="R">{ready}</button>')
    left = max(0.0, ends - look.now)
    frac = min(1.0, left / span) if span else 0.0
    # TRANSLATORS: seconds, after the number of them left on the Ready button's countdown ("5 s")
    unit = p_("unit", "s")
    clock = f'<span data-countdown>{math.ceil(left / 1000)}</span> {escape(unit)}'
    # TRANSLATORS: what the countdown on the Ready button is, for screen readers
    secs = _("seconds left")
    return (f'<button type="button" class="btn primary big mready timed" id="ready" '
            f'data-act="ui" data-arg="ready" aria-keyshortcuts="R" data-deadline="{int(ends)}" '
            f'data-span="{int(span)}" style="--left:{frac:.3f}">{ready}'
            f'<span class="mclock" aria-label="{escape(secs)}">{clock}</span>'
            f'</button>')
