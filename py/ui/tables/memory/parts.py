"""Memory's table in pieces: the seats' face-down piles, their badges and their last calls,
the centre (its top card large, the card under it peeking out) and the last call: who called
what, the card turned and whether the call was right. No card of any pile is in the markup.
"""

from __future__ import annotations

import math
from html import escape

from ...i18n import N_, NP_, _, n_, p_
from ...parts.cards import back_html, card_html, chip_html, label
from ...parts.bubbles import Said, latest_voiced
from ...parts.look import Look
from ...parts.seats import plate_html, seat_classes
from ...parts.words import Speaker
from .log import look_line

# The calls, worded with p_("call", ...): the call buttons, the last call, a seat's bubble.
CALL_WORDS = {"higher": NP_("call", "Higher"), "lower": NP_("call", "Lower"),
              "same": NP_("call", "Same")}
# A seat's bubble's title: its last call and whether it was right.
LAST_CALLS = {("higher", True): N_("Last call: higher, right"),
              ("higher", False): N_("Last call: higher, wrong"),
              ("lower", True): N_("Last call: lower, right"),
              ("lower", False): N_("Last call: lower, wrong"),
              ("same", True): N_("Last call: same, right"),
              ("same", False): N_("Last call: same, wrong")}
CALL_SIGNS = {"higher": "▲", "lower": "▼", "same": "="}
# The calls as a player says them, in a speech bubble by their seat (parts/bubbles.py).
CALL_SAID = {
    # TRANSLATORS: a player's speech bubble: they call that their next card is higher
    "higher": NP_("bubble", "Higher!"),
    # TRANSLATORS: a player's speech bubble: they call that their next card is lower
    "lower": NP_("bubble", "Lower!"),
    # TRANSLATORS: a player's speech bubble: they call that their next card is of the same rank
    "same": NP_("bubble", "Same!")}


# --- the last turn ------------------------------------------------------------------------------

def last_turn(log: list[dict]) -> dict:
    """The latest call (else the first start card), with the take and black-ace look that
    followed it; "top" is the index of the event that put the centre's top card there."""
    out: dict = {}
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        kind = ev.get("event")
        if kind in ("call", "start") and "top" not in out:
            out["top"] = i
        if kind == "call":
            out["main"] = ev
            for later in log[i + 1:i + 3]:  # a take, then a look, belong to this call
                if later.get("event") in ("take", "look") and later.get("seat") == ev["seat"]:
                    out[later["event"]] = later
            return out
        if kind == "start":
            out["main"] = ev
    return out


def recent_calls(log: list[dict], players: int) -> dict[int, dict]:
    """Each seat's latest call within the last round of calls."""
    calls = [ev for ev in log if ev.get("event") == "call"][-players:]
    return {ev["seat"]: ev for ev in calls}


def _chip(code: str | None) -> str:
    return chip_html(code) if code else ""


def last_call_html(v: dict, sp: Speaker) -> str:
    turn = last_turn(v["log"])
    ev = turn.get("main")
    if ev is None:
        return '<div class="mlast" id="last-call"></div>'
    seat, card = ev["seat"], ev["cards"][0]
    extra = ""
    if turn.get("look"):
        extra = f'<span class="mlast-look">{escape(look_line(turn["look"], sp))}</span>'
    if ev["event"] == "start":
        who = sp.says(seat, N_("You lay the start card"), N_("{who} lays the start card"))
        # TRANSLATORS: under the start card, in place of a call's verdict
        verdict = _("no calls yet")
        return (f'<div class="mlast start" id="last-call" data-seat="{seat}">'
                f'<span class="mlast-who">{escape(who)}'
                f'</span><span class="mlast-cards">{_chip(card)}</span>'
                f'<span class="verdict">{escape(verdict)}</span>{extra}</div>')
    right = bool(ev.get("right"))
    took = turn.get("take")
    # TRANSLATORS: the verdict on the last call
    verdict = p_("verdict", "Right") if right else p_("verdict", "Wrong")
    takes = ""
    if took:
        n = len(took.get("cards") or [])
        if seat == sp.human:
            # TRANSLATORS: under your wrong call ("You call ▲ Higher … Wrong, take 3 cards")
            said = n_("take {n} card", "take {n} cards", n)
        else:
            # TRANSLATORS: under a wrong call ("Olga calls ▲ Higher … Wrong, takes 3 cards")
            said = n_("takes {n} card", "takes {n} cards", n)
        takes = f'<span class="mtakes">{escape(said)}</span>'
    call = ev["call"]
    # TRANSLATORS: above the call made ("▲ Higher")
    who = sp.says(seat, N_("You call"), N_("{who} calls"))
    word = p_("call", CALL_WORDS[call])
    return (f'<div class="mlast {"right" if right else "wrong"}" id="last-call" '
            f'data-seat="{seat}" data-call="{call}" data-right="{int(right)}">'
            f'<span class="mlast-who">{escape(who)}</span>'
            f'<span class="mcall-word {call}">{CALL_SIGNS[call]} '
            f'{escape(word)}</span>'
            f'<span class="mlast-cards">{_chip(ev.get("over"))}<span class="arrow">→</span>'
            f'{_chip(card)}</span><span class="mverdict">'
            f'<span class="verdict">{escape(verdict)}</span>'
            f'{takes}</span>{extra}</div>')


def bubble_html(v: dict, seat: int) -> str:
    """The seat's call in the last round, on its seat."""
    ev = recent_calls(v["log"], v["players"]).get(seat)
    if not ev:
        return '<span class="mcalled"></span>'
    call, right = ev["call"], bool(ev.get("right"))
    word = p_("call", CALL_WORDS[call])
    words = f'{escape(word)} {"✓" if right else "✗"}'
    title = escape(_(LAST_CALLS[call, right]))
    return (f'<span class="mcalled {"right" if right else "wrong"}" title="{title}">'
            f'{words}</span>')


# --- piles and seats ------------------------------------------------------------------------------

def pile_html(v: dict, seat: int, sp: Speaker) -> str:
    """A face-down pile: backs only, as many layers as it is thick, and its size."""
    n = v["piles"][seat]
    if seat == sp.human:
        said = n_("Your pile: {n} card, face down", "Your pile: {n} cards, face down", n)
    else:
        said = n_("{who}'s pile: {n} card, face down", "{who}'s pile: {n} cards, face down", n,
                  who=sp.who(seat))
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(4, max(1, math.ceil(n / 6)))))
    body = layers if n else '<span class="m-empty"></span>'
    return (f'<div class="mpile{" empty" if not n else ""}" data-seat="{seat}" data-count="{n}" '
            f'data-pile="pile-{seat}" '
            f'role="img" aria-label="{escape(said)}">{body}'
            f'<span class="pile-count">{n}</span></div>')


def role_badge(v: dict, seat: int, look: Look) -> str:
    if v["phase"] == "over":
        won = seat in ((v.get("result") or {}).get("winners") or [])
        # TRANSLATORS: a badge on the name plate of a seat that won
        word = p_("badge", "wins")
        return f'<span class="role done">{escape(word)}</span>' if won else ""
    if seat == v["to_act"]:
        # TRANSLATORS: a badge on the name plate of the seat whose turn it is to call
        word = p_("badge", "to call")
        return f'<span class="role attack">{escape(word)}</span>'
    return ""


def seat_plate(v: dict, seat: int, look: Look, word: Said | None = None) -> str:
    return plate_html(v, seat, look, chips=role_badge(v, seat, look), word=word)


def seat_word(v: dict, seat: int) -> Said | None:
    """The seat's latest call, as said before it turned its card."""
    i = latest_voiced(v["log"], seat, ("call",), ("start", "call"))
    if i is None:
        return None
    call = v["log"][i]["call"]
    return Said(seat, i, call, p_("bubble", CALL_SAID[call]))


def opponent_html(v: dict, seat: int, look: Look) -> str:
    sp = Speaker(look.names, look.human)
    classes = " ".join(seat_classes(v, seat, look, "seat mseat"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'{pile_html(v, seat, sp)}{seat_plate(v, seat, look, seat_word(v, seat))}'
            f'{bubble_html(v, seat)}</div>')


# --- the middle -------------------------------------------------------------------------------------

def centre_html(v: dict, look: Look) -> str:
    centre = v["centre"]
    n = len(centre)
    if not n:
        empty = _("Centre: empty")
        return ('<div class="mcentre empty" id="centre" data-count="0" data-pile="centre">'
                '<div class="mcentre-pile"><span class="m-empty"></span></div>'
                f'<span class="g-cap">{escape(empty)}</span></div>')
    turn = last_turn(v["log"])
    fresh = " fresh" if f'ev:{turn.get("top")}' in look.fresh else ""
    under = card_html(centre[-2], "under") if n > 1 else ""
    top = card_html(centre[-1], "top" + fresh, 'id="centre-top"')
    cards = n_("{n} card", "{n} cards", n)
    # TRANSLATORS: under the centre pile: {cards} how many it holds ("4 cards"), what a
    # wrong call takes
    cap = _("Centre · {cards}", cards=cards)
    # TRANSLATORS: the centre pile's button, for screen readers: {centre} its caption
    # ("Centre · 4 cards"), {top} its top card ("K♠")
    said = _("{centre}, {top} on top. Show them all", centre=cap, top=label(centre[-1]))
    return (f'<button type="button" class="mcentre" id="centre" data-count="{n}" data-pile="centre" '
            f'data-act="discards" aria-label="{escape(said)}">'
            f'<div class="mcentre-pile">{under}{top}<span class="pile-count" data-count="{n}">'
            f'</span></div>'
            f'<span class="g-cap">{escape(cap)}</span>'
            f'</button>')


def discards_html(v: dict) -> str:
    centre = v["centre"]
    if not centre:
        empty = _("The centre is empty: the next player lays a start card.")
        return f"<p>{escape(empty)}</p>"
    chips = "".join(_chip(c) for c in reversed(centre))
    n = len(centre)
    said = n_("{n} card, the top first. Whoever calls wrong takes them all under their pile, "
              "the bottom card first.",
              "{n} cards, the top first. Whoever calls wrong takes them all under their pile, "
              "the bottom card first.", n)
    return f"<p>{escape(said)}</p><div class=\"pile-list\">{chips}</div>"
