"""Garbage's table in pieces: the latest turn's chain read from the log (and when each of its
steps shows), and the layouts: every seat's two rows of five positions (A, 2…10), face-down
backs, face-up cards in place, the positions above the seat's layout size outlined as gone.

Face-down positions are backs with no identity in the markup, for everyone, their owner
included: only face-up layout cards, the discard pile and the card in hand have a face.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import card
from kozyr.garbage import is_wild, position_name

from ...i18n import NP_, _, n_, p_
from ...parts.cards import back_html, card_html, label, name
from ...parts.bubbles import Said, latest_voiced
from ...parts.look import Look
from ...parts.seats import plate_html, seat_classes

STEP = 0.42  # seconds per step of a chain (--gstep in css/garbage.css)

# A layout position is named by the rank that belongs there (kozyr.garbage.position_name): the
# ace's letter is each language's own, the others are numbers.
POSITION_NAMES = {
    # TRANSLATORS: the first position of a Garbage layout, where the ace goes ("A", "2" … "10")
    1: NP_("position", "A"),
}


def pos_name(p: int) -> str:
    """A layout position (1-based) in the language in use: "A", "2" … "10"."""
    return p_("position", POSITION_NAMES[p]) if p in POSITION_NAMES else position_name(p)


# --- the chain from the log -------------------------------------------------------------------

def _turn_start(log: list[dict]) -> int:
    """The index of the latest turn's first event (its draw or take)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("event") in ("draw", "take", "deal"):
            return i
    return 0


def steps(v: dict, fresh: set[str] | None = None) -> list[dict]:
    """The latest turn's events to replay, each with the layout content it replaces.
    With `fresh`, only the events new since the last picture; without, the whole turn."""
    log = v["log"]
    start = _turn_start(log)
    shown: dict[tuple[int, int], str] = {}  # (seat, position) -> face-up card, as replayed
    out = []
    for i, ev in enumerate(log):
        kind = ev.get("event")
        new = i >= start and (fresh is None or f"ev:{i}" in fresh)
        if kind == "place":
            key = (ev["seat"], ev["position"])
            if new:
                out.append({"kind": "place", "seat": ev["seat"], "pos": ev["position"],
                            "card": ev["cards"][0], "before": shown.get(key),
                            "displaced": ev.get("displaced")})
            shown[key] = ev["cards"][0]
        elif new and kind in ("draw", "take", "discard"):
            out.append({"kind": kind, "seat": ev.get("seat"), "card": (ev.get("cards") or [""])[0]})
        elif new and kind == "complete":  # the card in hand goes to the discard pile
            out.append({"kind": "discard", "seat": ev.get("seat"), "card": None})
    return out


def _offset(st: list[dict]) -> int:
    """A chain that starts with a wild placed from the hand shows it there for a step first."""
    return 1 if st and st[0]["kind"] == "place" else 0


def chain_seconds(v: dict) -> float:
    """Seconds the latest turn's chain takes to show (the opponents wait that long extra)."""
    st = steps(v)
    return (len(st) + _offset(st)) * STEP


def timeline(v: dict, look: Look) -> dict:
    """When each thing of the animated chain appears: layout layers per position, the cards
    passing through the hand, the discard's arrival and the end of the chain."""
    st = steps(v, look.fresh)
    layers: dict[tuple[int, int], list[tuple[str | None, int]]] = {}
    hand: list[tuple[str, int]] = []  # (card, step it came into the hand)
    discard_at = None
    off = _offset(st)
    for k, s in enumerate(st, off):
        if s["kind"] in ("draw", "take"):
            hand.append((s["card"], k))
        elif s["kind"] == "place":
            key = (s["seat"], s["pos"])
            if key not in layers:
                layers[key] = [(s["before"], -1)]
            layers[key].append((s["card"], k))
            if not hand:  # a wild placed from the hand: it was shown there already
                hand.append((s["card"], -1))
            hand.append((s["displaced"], k))
        elif s["kind"] == "discard":
            discard_at = k
    return {"layers": layers, "hand": hand, "discard": discard_at, "total": len(st) + off}


# --- layouts -------------------------------------------------------------------------------------

def _style(start: int, end: int | None) -> str:
    return f"--a:{start}" + (f";--b:{end}" if end is not None else "")


def anim(start: int, end: int | None) -> str:
    return f'style="{_style(start, end)}"'


def _layer(code: str | None, cls: str, style: str, mini: bool) -> str:
    if code is None:
        return back_html(cls, style)
    return face_html(code, cls, f'style="{style}"' if style else "", mini)


def face_html(code: str, cls: str, attrs: str, mini: bool) -> str:
    if mini:
        red = "red" if card(code).red else "black"
        return (f'<span class="gmini {red} {cls}" data-card="{code}" role="img" '
                f'aria-label="{escape(name(code))}" {attrs}>{escape(label(code))}</span>')
    return card_html(code, cls, attrs)


def _cell(v: dict, seat: int, p: int, look: Look, tl: dict, mini: bool) -> str:
    """Position p (1-based) of a seat's layout."""
    size = v["sizes"][seat]
    num = f'<span class="gnum">{escape(pos_name(p))}</span>'
    if p > size:
        # TRANSLATORS: {position} is "A", "2" … "10"; {n} is the seat's layout size
        gone = n_("Position {position} is gone (layout of {n})",
                  "Position {position} is gone (layout of {n})", size, position=pos_name(p))
        return (f'<div class="gpos gone" data-pos="{p}" title="{escape(gone)}">{num}</div>')
    code = v["layouts"][seat][p - 1]
    mine = seat == look.human
    layers = tl["layers"].get((seat, p))
    cls = ["gpos", "up" if code else "down"]
    if code and is_wild(v["options"], code):
        cls.append("wild")
    if (mine and not code and v["phase"] == "place" and v["to_act"] == look.human):
        move = next((m for m in v["legal"] if m["kind"] == "place" and m["target"] == str(p)),
                    None)
        if move:
            cls.append("target")
            # TRANSLATORS: {position} is "A", "2" … "10"
            label_ = _("Place {card} on position {position}", card=label(v["holding"]),
                       position=pos_name(p))
            return (f'<button type="button" class="{" ".join(cls)}" data-pos="{p}" '
                    f'data-pile="lay-{seat}-{p}" '
                    f'data-act="move" data-arg="{escape(move["text"])}" '
                    f'aria-label="{escape(label_)}" title="{escape(label_)}">'
                    f'{_layer(None, "", "", mini)}{num}</button>')
    if layers:
        body = []
        for j, (c, at) in enumerate(layers):
            end = layers[j + 1][1] if j + 1 < len(layers) else None
            if at < 0:
                body.append(_layer(c, "g-layer g-old", _style(0, end), mini))
            else:
                body.append(_layer(c, "g-layer g-new" + (" last" if end is None else ""),
                                   _style(at, end), mini))
        cls.append("moving")
        inner = "".join(body)
    elif code:
        inner = face_html(code, "", "", mini)
    else:
        inner = _layer(None, "", "", mini)
    # TRANSLATORS: {position} is "A", "2" … "10"; {card} is a card in words
    what = (_("position {position}: {card}", position=pos_name(p), card=name(code)) if code else
            # TRANSLATORS: {position} is "A", "2" … "10"
            _("position {position}: face down", position=pos_name(p)))
    return (f'<div class="{" ".join(cls)}" data-pos="{p}" data-pile="lay-{seat}-{p}" '
            f'title="{escape(what)}">'
            f'{inner}{num}</div>')


def layout_html(v: dict, seat: int, look: Look, tl: dict, mini: bool) -> str:
    rows = []
    for r in (0, 1):
        cells = "".join(_cell(v, seat, p, look, tl, mini) for p in range(r * 5 + 1, r * 5 + 6))
        rows.append(f'<div class="grow">{cells}</div>')
    placing = " placing" if (seat == look.human and v["phase"] == "place"
                             and v["to_act"] == look.human) else ""
    roving = " data-roving" if placing else ""  # the places for a wild: arrows between them
    return (f'<div class="glayout{" mini" if mini else ""}{placing}" data-seat="{seat}" '
            f'data-size="{v["sizes"][seat]}"{roving}>{"".join(rows)}</div>')


def size_chip(v: dict, seat: int) -> str:
    n = v["sizes"][seat]
    title = n_("Layout size: {n} to fill", "Layout size: {n} to fill", n)
    # TRANSLATORS: on a Garbage name plate, short: how many positions the seat's layout has
    # to fill ("7 to fill")
    words = n_("{n} to fill", "{n} to fill", n)
    return (f'<span class="count gsize" data-size="{n}" title="{escape(title)}">'
            f'{escape(words)}</span>')


def role_badge(v: dict, seat: int) -> str:
    # TRANSLATORS: a seat's chip: its layout is complete
    word = p_("role", "complete")
    done = f'<span class="role done">{escape(word)}</span>'
    if v["phase"] == "over":
        if seat in (v["finishers"] or []):
            return done
        return ""
    if seat == v["to_act"]:
        if v["finishers"]:
            # TRANSLATORS: the chip of the seat to play, once a layout is complete
            word = p_("role", "last turn")
        else:
            # TRANSLATORS: the chip of the seat to play
            word = p_("role", "to play")
        return f'<span class="role attack">{escape(word)}</span>'
    if seat in v["finishers"]:
        return done
    return ""


# What a player says in a speech bubble by their seat (parts/bubbles.py), after a turn.
BUBBLES = {
    # TRANSLATORS: a player's speech bubble: the card they hold cannot be placed (a queen or a
    # king, or a position already filled) and goes to the discard pile, ending their turn;
    # the game's name
    "discard": NP_("bubble", "Garbage!"),
    # TRANSLATORS: a player's speech bubble: every position of their layout is face up (they
    # win the hand)
    "complete": NP_("bubble", "Complete!"),
}
# The moves a player makes (a bubble lasts until its seat makes one in a later turn).
ACTS = ("draw", "take", "place")


def seat_word(v: dict, seat: int, look: Look, tl: dict) -> Said | None:
    """The seat's word at the end of its turn, shown when the chain reaches the discard."""
    i = latest_voiced(v["log"], seat, BUBBLES, ACTS)
    if i is None:
        return None
    kind = v["log"][i]["event"]
    at = tl["discard"] if f"ev:{i}" in look.fresh and tl["discard"] is not None else 0
    return Said(seat, i, kind, p_("bubble", BUBBLES[kind]), at * STEP)


def opponent_html(v: dict, seat: int, look: Look, tl: dict) -> str:
    plate = plate_html(v, seat, look, size_chip(v, seat), role_badge(v, seat),
                       seat_word(v, seat, look, tl))
    classes = " ".join(seat_classes(v, seat, look, "seat gseat"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'{layout_html(v, seat, look, tl, mini=True)}{plate}</div>')
