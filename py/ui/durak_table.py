"""The Durak table, rendered as HTML from the human seat's view (and nothing else).

Only cards the view shows face up ever get a face: the human's hand, the table, the trump
card and cards other players hold that everyone has seen (`known`). Every other card is a
back with no identity in the markup.
"""

from __future__ import annotations

from html import escape

from . import moves as mv
from .cards import SUIT_SYMBOLS, face, suit_class
from .table import (FINISH_BUTTON, Look, Table, back_html, card_html, cards_left, dealer_chip,
                    gameover_panel, hidden_backs, my_nameplate, my_turn, nameplate, screen_html,
                    seat_classes, seats_from_left, stock_html)
from .words import Speaker, durak_line, log_html


def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over":
        return ""
    if seat in v["out"]:
        return '<span class="role out">out</span>'
    if seat == v["defender"]:
        text = "takes" if v["taking"] else "defends"
        return f'<span class="role defend">{text}</span>'
    if seat == v["attacker"]:
        return '<span class="role attack">attacks</span>'
    return ""


def _bubble(v: dict, seat: int, sp: Speaker) -> str:
    """A speech bubble with the seat's last word in this bout (take, done, transfer)."""
    for ev in reversed(v["log"]):
        kind = ev.get("event")
        if kind in ("bout", "deal"):
            return ""
        if ev.get("seat") != seat:
            continue
        words = {"take": "I'll take", "pass": "Done", "transfer": "Transfer!",
                 "show": "Transfer!"}.get(kind)
        if words:
            return f'<span class="bubble b-{kind}">{words}</span>'
        return ""
    return ""


def _opponent(v: dict, seat: int, look: Look, sp: Speaker) -> str:
    fan = hidden_backs(v, seat)
    fan += [card_html(c, "known", 'title="Everyone has seen this card"') for c in v["known"][seat]]
    classes = seat_classes(v, seat, look)
    if v["options"].get("teams") and seat % 2 == look.human % 2:
        classes.append("partner")
    partner = ('<span class="chip partner-chip" title="Your partner">partner</span>'
               if "partner" in classes else "")
    chips = f'{dealer_chip(v, seat)}{partner}{_role(v, seat)}'
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="fan" style="--n:{max(1, len(fan))}">{"".join(fan)}</div>'
            f'{nameplate(v, seat, look, chips)}{_bubble(v, seat, sp)}</div>')


def _gone(look: Look) -> str:
    """The cards of the bout that just ended, leaving: to the discard, or to the taker."""
    if not look.gone:
        return ""
    how, pairs, seat = look.gone
    where = "discard" if how == "beaten" else ("mine" if seat == look.human else "theirs")
    out = []
    for attack, defence in pairs:
        inner = f'<div class="card face attack {suit_class(attack)}">{face(attack)}</div>'
        if defence:
            inner += f'<div class="card face defence {suit_class(defence)}">{face(defence)}</div>'
        out.append(f'<div class="pair">{inner}</div>')
    return (f'<div class="gone to-{where}" aria-hidden="true"><div class="pairs">'
            f'{"".join(out)}</div></div>')


def _discard(v: dict) -> str:
    n = len(v["discarded"])
    if not n:
        return '<div class="discard empty" aria-label="No cards discarded yet"></div>'
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n // 4 + 1)))
    return (f'<button type="button" class="discard" data-act="discards" '
            f'title="Discard: {n} cards. Click to see which." aria-label="Discard: {n} cards, '
            f'show them"><div class="discard-pile">{layers}</div>'
            f'<span class="pile-count" id="discard-count">{n}</span></button>')


RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def discards_html(v: dict) -> str:
    """The discard pile's cards (all seen on the table), by suit, as text chips."""
    gone = v["discarded"]
    if not gone:
        return "<p>Nothing has been discarded yet.</p>"
    rows = []
    for suit in ("S", "H", "C", "D"):
        mine = sorted((c for c in gone if c[-1] == suit), key=lambda c: RANK_ORDER.index(c[:-1]))
        colour = "red" if suit in "DH" else "black"
        trump = " trump" if suit == v["trump_suit"] else ""
        chips = "".join(f'<span class="chip-card {colour}">{escape(c[:-1])}</span>'
                        for c in mine) or '<span class="none">none</span>'
        rows.append(f'<li class="{trump.strip()}"><span class="suit-head {colour} s-{suit}">'
                    f'{SUIT_SYMBOLS[suit]}</span>{chips}'
                    f'{"<em>trump</em>" if trump else ""}</li>')
    return (f'<p>{len(gone)} cards have been beaten off and are out of play.</p>'
            f'<ul class="discards">{"".join(rows)}</ul>')


def _bout(v: dict, look: Look, targets: dict[str, dict], sp: Speaker) -> str:
    pairs = []
    mine = " up" if look.acted == look.human else ""  # my cards come up from my hand
    for attack, defence in v["table"]:
        cls, attrs = "attack", ""
        if attack in look.fresh:
            cls += " fresh" + mine
        if attack in targets:
            cls += " target"
            attrs = (f'data-act="target" data-arg="{escape(targets[attack]["text"])}" '
                     f'tabindex="0"')
        inner = card_html(attack, cls, attrs, tag="button" if attack in targets else "div")
        if defence:
            dcls = "defence fresh" + mine if defence in look.fresh else "defence"
            inner += card_html(defence, dcls)
        pairs.append(f'<div class="pair{" beaten" if defence else ""}">{inner}</div>')
    if not pairs:
        if v["phase"] == "over":
            text = ""
        elif v["attacker"] == look.human:
            text = f"Your lead against {escape(sp.who(v['defender']))}"
        else:
            text = f"{escape(sp.who(v['attacker']))} leads against {escape(sp.obj(v['defender']))}"
        pairs.append(f'<div class="bout-empty">{text}</div>')
    used = len(v["table"])
    dots = "".join(f'<i class="{"on" if i < used else ""}"></i>' for i in range(v["capacity"]))
    meter = (f'<div class="meter" title="Attack cards in this bout: {used} of at most '
             f'{v["capacity"]}"><span>{used}/{v["capacity"]}</span>{dots}</div>'
             if v["phase"] != "over" else "")
    taking = ('<div class="taking-flag">' + escape(sp.says(v["defender"], "take")) + "</div>"
              if v["taking"] and v["phase"] != "over" else "")
    return (f'<div class="bout" id="bout" data-pairs="{used}">{taking}'
            f'<div class="pairs">{"".join(pairs)}</div>{meter}</div>')


def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    me, phase, actor = look.human, v["phase"], v["to_act"]
    if phase == "over":
        return "Game over."
    if me in v["out"]:
        return f"You are out of cards: well played! {escape(sp.who(actor))} is to play…"
    if actor != me:
        who = escape(sp.who(actor))
        if phase == "attack":
            return f"{who} is leading…"
        if phase == "defend":
            return f"{who} is defending…"
        return f"{who} may throw in…"
    legal = v["legal"]
    kinds = {m["kind"] for m in legal}
    if phase == "attack":
        return "Your lead: play a card (or several of one rank)."
    if phase == "defend":
        extra = " or transfer" if kinds & {"transfer", "show"} else ""
        return f"Defend: beat each card{extra}, or take."
    if v["taking"]:
        return f"{escape(sp.who(v['defender']))} takes: add cards, or press Done."
    return "Throw in a card of a rank on the table, or press Done."


def _actions(v: dict, look: Look) -> str:
    if look.human in v["out"] and v["phase"] != "over":
        return FINISH_BUTTON
    if not my_turn(v, look):
        return ""
    legal, sel = v["legal"], look.selection
    buttons = []
    if sel:
        for m in mv.exact(legal, sel):
            if m.get("target"):
                continue  # played by clicking the table card
            buttons.append(f'<button type="button" class="btn primary play" data-act="move" '
                           f'data-arg="{escape(m["text"])}">{escape(mv.button_text(m))}</button>')
    if any(m["kind"] in ("transfer", "show") for m in legal) and not any(
            m["kind"] in ("transfer", "show") for m in mv.exact(legal, sel)):
        buttons.append('<button type="button" class="btn" data-act="transfer" '
                       'id="btn-transfer">Transfer…</button>')
    for m in mv.cardless(legal):
        cls = "btn take" if m["kind"] == "take" else "btn pass"
        buttons.append(f'<button type="button" class="{cls}" data-act="move" '
                       f'data-arg="{escape(m["text"])}" id="btn-{m["kind"]}">'
                       f'{escape(mv.button_text(m))}</button>')
    if sel:
        buttons.append('<button type="button" class="btn ghost" data-act="clear">Cancel</button>')
    return "".join(buttons)


def _gameover(v: dict, look: Look, sp: Speaker, stats: str = "") -> str:
    r = v.get("result")
    if not r:
        return ""
    me = look.human
    if r["draw"]:
        title, mood = "A draw", "draw"
        line = "Nobody is left holding cards."
    elif me in r["losers"]:
        title, mood = ("You are the fool" if r["fool"] == me else "Your team lost"), "lost"
        line = ("You were left holding cards." if r["fool"] == me
                else f"{sp.who(r['fool'])} is the fool.")
    else:
        title, mood = ("You won!" if not v["options"].get("teams") else "Your team won!"), "won"
        line = (f"{sp.who(r['fool'])} is the fool." if r["fool"] is not None else "")
    order = []
    for place, seat in enumerate(r.get("out", []), 1):
        order.append(f'<li><span class="place">{place}</span>{escape(sp.who(seat))}</li>')
    for seat in r["losers"]:
        tag = " (fool)" if seat == r["fool"] else ""
        order.append(f'<li class="loser"><span class="place">–</span>{escape(sp.who(seat))}'
                     f'{tag}{cards_left(v["hand_sizes"][seat])}</li>')
    return gameover_panel(mood, title, line, order, stats)


def _facts(opts: dict) -> list[str]:
    facts = [f'{opts.get("players")} players', f'{opts.get("deck")} cards']
    if opts.get("transfer"):
        facts.append("transfer")
    if opts.get("teams"):
        facts.append("teams")
    return facts


def render(v: dict, look: Look, review: bool = False, stats: str = "") -> str:
    sp = Speaker(look.names, look.human)
    targets = mv.targets(v["legal"], look.selection) if my_turn(v, look) and look.selection else {}
    return screen_html(v, look, Table(
        facts=_facts(v["options"]),
        opponents="".join(_opponent(v, s, look, sp) for s in seats_from_left(v, look)),
        middle=f'{stock_html(v)}{_bout(v, look, targets, sp)}{_discard(v)}{_gone(look)}',
        prompt=_prompt(v, look, sp), actions=_actions(v, look),
        mine=my_nameplate(v, look, _role(v, look.human)), log=log_html(v["log"], sp),
        gameover=_gameover(v, look, sp, stats)), review)


def announce(v: dict, look: Look) -> str:
    """The latest event in words, for the page's live region (screen readers)."""
    return last_line(v, Speaker(look.names, look.human))


def last_line(v: dict, sp: Speaker) -> str:
    for ev in reversed(v["log"]):
        line = durak_line(ev, sp)
        if line is not None:
            return line[1]
    return ""


def card_codes_on_table(v: dict) -> set[str]:
    return {c for pair in v["table"] for c in pair if c}


__all__ = ["Look", "render", "discards_html", "card_codes_on_table", "announce"]
