"""The Garbage table, rendered as HTML from the human seat's view (and nothing else).

Every seat shows its layout as two rows of five positions (A, 2…10): face-down backs,
face-up cards in place, the positions above the seat's layout size n outlined as gone.
The middle holds the stock (click to draw), the discard pile (its top card, click to take)
and the card in hand during a chain.

A chain is shown card by card: the log says which card went where and what it turned up,
so the events new since the last picture (the app's `fresh` set holds their log indexes,
"ev:N") are replayed with CSS delays, one step at a time; `settle(view)` tells the app how
long the last chain takes to watch before an opponent moves again.

Face-down positions are backs with no identity in the markup, for everyone, their owner
included: only face-up layout cards, the discard pile and the card in hand have a face.
"""

from __future__ import annotations

from html import escape

from kozyr.garbage import is_wild
from kozyr.garbage import position_name as pos_name

from .cards import RED, label, name
from .table import Look, back_html, card_html, seat_classes, seats_from_left, topbar_html
from .words import Speaker, lines_html

STEP = 0.42  # seconds per step of a chain (--gstep in css/garbage.css)
DISCARDS_TITLE = "The discard pile"


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


def settle(v: dict) -> float:
    """Seconds the latest turn's chain takes to show (the app waits that long extra)."""
    st = steps(v)
    return (len(st) + _offset(st)) * STEP


def _timeline(v: dict, look: Look) -> dict:
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


# --- the log in words ---------------------------------------------------------------------------

def garbage_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    shown: dict[tuple[int, int], str] = {}
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        c = (ev.get("cards") or [""])[0]
        if kind == "deal":
            rows.append(("deal", sp.dealt(ev, "Layouts")))
        elif kind == "reshuffle":
            rows.append(("reshuffle", f"The discard pile, but its top card, is shuffled into a "
                                      f"new stock ({ev.get('count')} cards)."))
        elif kind == "draw":
            rows.append(("draw", f"{sp.says(seat, 'draw')} {label(c)}."))
        elif kind == "take":
            rows.append(("take", f"{sp.says(seat, 'take')} {label(c)} from the discard pile."))
        elif kind == "place":
            p, d = ev.get("position"), ev.get("displaced")
            key = (seat, p)
            how = "displacing" if shown.get(key) else "turning up"
            rows.append(("place", f"{sp.says(seat, 'place')} {label(c)} on {pos_name(p)}, "
                                  f"{how} {label(d)}."))
            shown[key] = c
        elif kind == "discard":
            rows.append(("discard", f"{sp.says(seat, 'discard')} {label(c)}."))
        elif kind == "complete":
            verb = "complete" if seat == sp.human else "completes"
            whose = "your" if seat == sp.human else "the"
            rows.append(("complete", f"{sp.who(seat)} {verb} {whose} layout of {ev.get('size')}!"))
        elif kind == "hand":
            winners = ev.get("winners") or []
            names = " and ".join(sp.who(s) for s in winners)
            verb = "win" if winners == [sp.human] or len(winners) > 1 else "wins"
            rows.append(("end", f"{names} {verb} the hand."))
    return rows


def log_html(log: list[dict], sp: Speaker, limit: int = 150) -> str:
    return lines_html(garbage_lines(log, sp)[-limit:])


def announce(v: dict, look: Look) -> str:
    rows = garbage_lines(v["log"], Speaker(look.names, look.human))
    return rows[-1][1] if rows else ""


# --- layouts -------------------------------------------------------------------------------------

def _style(start: int, end: int | None) -> str:
    return f"--a:{start}" + (f";--b:{end}" if end is not None else "")


def _anim(start: int, end: int | None) -> str:
    return f'style="{_style(start, end)}"'


def _layer(code: str | None, cls: str, style: str, mini: bool) -> str:
    if code is None:
        return back_html(cls, style)
    return _face(code, cls, f'style="{style}"' if style else "", mini)


def _face(code: str, cls: str, attrs: str, mini: bool) -> str:
    if mini:
        red = "red" if code[-1] in RED else "black"
        return (f'<span class="gmini {red} {cls}" data-card="{code}" role="img" '
                f'aria-label="{escape(name(code))}" {attrs}>{escape(label(code))}</span>')
    return card_html(code, cls, attrs)


def _cell(v: dict, seat: int, p: int, look: Look, tl: dict, mini: bool) -> str:
    """Position p (1-based) of a seat's layout."""
    size = v["sizes"][seat]
    num = f'<span class="gnum">{pos_name(p)}</span>'
    if p > size:
        return (f'<div class="gpos gone" data-pos="{p}" title="Position {pos_name(p)} is gone '
                f'(layout of {size})">{num}</div>')
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
            label_ = f"Place {label(v['holding'])} on position {pos_name(p)}"
            return (f'<button type="button" class="{" ".join(cls)}" data-pos="{p}" '
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
        inner = _face(code, "", "", mini)
    else:
        inner = _layer(None, "", "", mini)
    what = (f"position {pos_name(p)}: {name(code)}" if code else
            f"position {pos_name(p)}: face down")
    return (f'<div class="{" ".join(cls)}" data-pos="{p}" title="{escape(what)}">'
            f'{inner}{num}</div>')


def layout_html(v: dict, seat: int, look: Look, tl: dict, mini: bool) -> str:
    rows = []
    for r in (0, 1):
        cells = "".join(_cell(v, seat, p, look, tl, mini) for p in range(r * 5 + 1, r * 5 + 6))
        rows.append(f'<div class="grow">{cells}</div>')
    placing = " placing" if (seat == look.human and v["phase"] == "place"
                             and v["to_act"] == look.human) else ""
    return (f'<div class="glayout{" mini" if mini else ""}{placing}" data-seat="{seat}" '
            f'data-size="{v["sizes"][seat]}">{"".join(rows)}</div>')


def _size_chip(v: dict, seat: int) -> str:
    n = v["sizes"][seat]
    return (f'<span class="count gsize" data-size="{n}" title="Layout size: {n} to fill">'
            f'{n}</span>')


def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over":
        if seat in (v["finishers"] or []):
            return '<span class="role done">complete</span>'
        return ""
    if seat == v["to_act"]:
        word = "last turn" if v["finishers"] else "to play"
        return f'<span class="role attack">{word}</span>'
    if seat in v["finishers"]:
        return '<span class="role done">complete</span>'
    return ""


def _opponent(v: dict, seat: int, look: Look, tl: dict) -> str:
    name_ = look.names[seat]
    dealer = '<span class="chip dealer" title="Dealer">D</span>' if v["dealer"] == seat else ""
    plate = (f'<div class="nameplate"><span class="avatar">{escape(name_[:1])}</span>'
             f'<span class="who">{escape(name_)}</span>{_size_chip(v, seat)}{dealer}'
             f'{_role(v, seat)}</div>')
    classes = " ".join(seat_classes(v, seat, look, "seat gseat"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'{layout_html(v, seat, look, tl, mini=True)}{plate}</div>')


# --- the middle -----------------------------------------------------------------------------------

def _my_draw_turn(v: dict, look: Look) -> bool:
    return v["to_act"] == look.human and v["phase"] == "draw"


def stock_html(v: dict, look: Look) -> str:
    n = v["stock"]
    can = any(m["kind"] == "draw" for m in v["legal"]) and _my_draw_turn(v, look)
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n)))
    count = f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
    inner = (f'<div class="stock-pile">{layers or "<span class=g-empty></span>"}</div>{count}'
             f'<span class="g-cap">Stock</span>')
    if can:
        return (f'<button type="button" class="gstock legal" id="stock" data-act="move" '
                f'data-arg="draw" aria-label="Draw from the stock ({n} cards)" '
                f'title="Draw the top card of the stock">{inner}</button>')
    return f'<div class="gstock" id="stock" aria-label="Stock: {n} cards">{inner}</div>'


def discard_html(v: dict, look: Look, tl: dict) -> str:
    pile = v["discard"]
    n = len(pile)
    count = f'<span class="pile-count" data-count="{n}">{n}</span>' if n else ""
    if not pile:
        return ('<div class="gdiscard empty" id="discard" data-count="0">'
                '<div class="discard-pile"><span class="g-empty"></span></div>'
                '<span class="g-cap">Discard</span></div>')
    top = pile[-1]
    under = card_html(pile[-2], "under") if n > 1 else ""
    arriving = tl["discard"] is not None
    cls = "top g-layer g-new last" if arriving else "top"
    attrs = _anim(tl["discard"], None) if arriving else ""
    faces = f'{under}{card_html(top, cls, attrs)}'
    take = next((m for m in v["legal"] if m["kind"] == "take"), None)
    inner = (f'<div class="discard-pile">{faces}</div>{count}<span class="g-cap">Discard</span>')
    if _my_draw_turn(v, look):
        # the top card can be clicked on every turn; the app refuses it when it is not a move
        text = take["text"] if take else f"take {top}"
        legal = " legal" if take else ""
        return (f'<button type="button" class="gdiscard{legal}" id="discard" data-count="{n}" '
                f'data-act="move" data-arg="{escape(text)}" '
                f'aria-label="Take {escape(label(top))} from the discard pile">{inner}</button>')
    return (f'<div class="gdiscard" id="discard" data-count="{n}" '
            f'aria-label="Discard pile: {n} cards, {escape(label(top))} on top">{inner}</div>')


def holding_html(v: dict, look: Look, tl: dict) -> str:
    """The card in hand: during a chain each card passes through here in turn."""
    held = v["holding"]
    chain = tl["hand"]
    actor = v["to_act"] if v["phase"] != "over" else None
    layers = []
    if chain:
        for j, (c, at) in enumerate(chain):
            end = chain[j + 1][1] if j + 1 < len(chain) else None
            last = j + 1 == len(chain)
            if last and held is None:
                end = tl["discard"] if tl["discard"] is not None else at + 1
            if last and held is not None:
                continue  # the card still in hand is drawn below, after the chain
            layers.append(_face(c, "g-layer g-new g-pass", _anim(max(at, 0), end), False))
    if held is not None:
        start = chain[-1][1] if chain else -1
        layers.append(card_html(held, "holding g-layer g-new last" if chain else "holding",
                                (_anim(max(start, 0), None) + ' id="holding-card"') if chain
                                else 'id="holding-card"'))
    who = ""
    if held is not None and actor is not None:
        who = "You hold" if actor == look.human else f"{escape(look.names[actor])} holds"
    cls = "gholding" + (" full" if held is not None else "")
    return (f'<div class="{cls}" id="holding" aria-label="The card in hand">'
            f'<div class="gholding-cards">{"".join(layers)}</div>'
            f'<span class="g-cap">{who or "In hand"}</span></div>')


def discards_html(v: dict) -> str:
    pile = v["discard"]
    if not pile:
        return "<p>The discard pile is empty.</p>"
    chips = []
    for code in reversed(pile):
        colour = "red" if code[-1] in RED else "black"
        chips.append(f'<span class="chip-card {colour} s-{code[-1]}">{escape(label(code))}</span>')
    return (f"<p>{len(pile)} cards, the top first.</p>"
            f'<div class="pile-list">{"".join(chips)}</div>')


# --- prompt and panels ---------------------------------------------------------------------------

def _prompt(v: dict, look: Look) -> str:
    me, actor = look.human, v["to_act"]
    if v["phase"] == "over":
        return "The hand is over."
    sp = Speaker(look.names, me)
    if actor != me:
        who = escape(sp.who(actor))
        if v["phase"] == "place":
            return f"{who} places a wild…"
        return f"{who} plays…" if not v["finishers"] else f"{who} has a last turn…"
    if v["phase"] == "place":
        return (f"Place the wild {escape(label(v['holding']))}: click a face-down position of "
                f"your layout.")
    last = " (your last turn)" if v["finishers"] else ""
    if any(m["kind"] == "take" for m in v["legal"]):
        top = escape(label(v["discard"][-1]))
        return f"Your turn{last}: draw from the stock, or take {top}."
    return f"Your turn{last}: draw from the stock."


def _actions(v: dict, look: Look, review: bool) -> str:
    if v["phase"] == "over" and review:
        r = v.get("result") or {}
        text = "New match" if r.get("match_over") else "Next hand"
        return (f'<button type="button" class="btn primary" data-act="again">{text}</button>')
    return ""


def _over_panel(v: dict, look: Look, tl: dict, stats: str) -> str:
    r = v.get("result")
    if not r:
        return ""
    sp = Speaker(look.names, look.human)
    me = look.human
    winners = r["winners"]
    names = " and ".join(sp.who(s) for s in winners)
    if r["match_over"]:
        champ = r["champion"]
        mood = "won" if champ == me else "lost"
        title = "You won the match!" if champ == me else f"{sp.who(champ)} wins the match"
        line = ("You filled your one-card layout." if champ == me else
                f"{sp.who(champ)} filled a one-card layout.")
        again, again_id = "New match", "new-match"
    else:
        mood = "won" if me in winners else "lost"
        title = "You won the hand!" if winners == [me] else (
            f"{names} win the hand" if len(winners) > 1 else f"{names} wins the hand")
        line = (f"Hand {v['hand_number']}: {names} completed. "
                "Each winner's layout is one card smaller next hand.")
        again, again_id = "Next hand", "next-hand"
    rows = []
    for seat in range(v["players"]):
        old, new = v["sizes"][seat], r["sizes"][seat]
        won = seat in winners
        place = "★" if won else ""
        change = (f"{old} → {new}" if new != old else f"{new}")
        rows.append(f'<li class="{"winner" if won else "loser"}" data-seat="{seat}">'
                    f'<span class="place">{place or "·"}</span>{escape(sp.who(seat))}'
                    f'<span class="held" data-size="{new}">layout {change}</span></li>')
    delay = f' style="--a:{tl["total"]}"' if tl["total"] else ""
    stats_html = f'<p class="go-stats">{escape(stats)}</p>' if stats else ""
    return (f'<div class="overlay g-over" id="gameover" role="dialog" aria-modal="true" '
            f'aria-labelledby="go-title"{delay}><div class="panel {mood}">'
            f'<h2 id="go-title">{escape(title)}</h2><p class="go-line">{escape(line)}</p>'
            f'<ol class="standings">{"".join(rows)}</ol>{stats_html}'
            f'<div class="panel-actions"><button type="button" class="btn primary big" '
            f'data-act="again" id="{again_id}">{again}</button>'
            f'<button type="button" class="btn" data-act="home" id="change-game">'
            f'Change game</button><button type="button" class="btn ghost" data-act="review">'
            f'See the table</button></div></div></div>')


def _facts(v: dict) -> list[str]:
    o = v["options"]
    facts = [f"hand {v['hand_number']}", f'{o.get("players")} players']
    if o.get("wild") == "kings":
        facts.append("kings wild")
    if o.get("last_turn"):
        facts.append("last turn")
    if o.get("starter_discard"):
        facts.append("starter discard")
    if o.get("discard_only_if_playable"):
        facts.append("take only if it places")
    return facts


def render(v: dict, look: Look, review: bool = False, stats: str = "") -> str:
    sp = Speaker(look.names, look.human)
    tl = _timeline(v, look)
    me = look.human
    opponents = "".join(_opponent(v, s, look, tl) for s in seats_from_left(v, look))
    middle = (f'<div class="gmiddle">{stock_html(v, look)}{holding_html(v, look, tl)}'
              f'{discard_html(v, look, tl)}</div>')
    my_turn = v["to_act"] == me and v["phase"] != "over"
    dealer = '<span class="chip dealer" title="Dealer">D</span>' if v["dealer"] == me else ""
    plate = (f'<div class="nameplate mine"><span class="who">You</span>{_size_chip(v, me)}'
             f'{dealer}{_role(v, me)}</div>')
    mine = (f'<section class="me gme{" to-act" if my_turn else ""}" aria-label="Your layout">'
            f'{plate}{layout_html(v, me, look, tl, mini=False)}</section>')
    over = _over_panel(v, look, tl, stats) if v["phase"] == "over" and not review else ""
    status = (f'<section class="status"><p class="prompt" id="prompt">{_prompt(v, look)}</p>'
              f'<p class="hint" id="hint" role="status">{escape(look.hint)}</p>'
              f'<div class="actions" id="actions">{_actions(v, look, review)}</div></section>')
    return (f'<div class="screen table garbage-table{" log-open" if look.show_log else ""}" '
            f'data-phase="{v["phase"]}" data-hand="{v["hand_number"]}">'
            f'{topbar_html(look, _facts(v))}'
            f'<div class="felt"><section class="opponents n{v["players"] - 1}" aria-label="Opponents">'
            f'{opponents}</section><section class="middle">{middle}</section>{status}{mine}'
            f'</div><aside class="log" id="log" aria-label="What happened"><h2>Log</h2>'
            f'<ol class="log-lines">{log_html(v["log"], sp)}</ol></aside>{over}</div>')


def card_codes_on_table(v: dict) -> set[str]:
    """The log's events by index: the app's `fresh` then names the events new since the last
    picture, which are the ones the table replays."""
    return {f"ev:{i}" for i in range(len(v["log"]))}


__all__ = ["Look", "render", "discards_html", "card_codes_on_table", "announce", "settle",
           "DISCARDS_TITLE", "STEP"]
