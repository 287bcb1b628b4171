"""The Durak table: the bout in the middle (each attack card with its defence across it), the
stock with the trump card on the left, the discard on the right, the attackers' and the
defender's badges, and Durak's own moves (transfer, the bout leaving the table).

Only cards the view shows face up ever get a face: the human's hand, the table, the trump
card and cards other players hold that everyone has seen (`known`). Every other card is a
back with no identity in the markup.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import RANKS

from .. import moves as mv
from ..parts.cards import SUIT_NAMES, SUIT_SYMBOLS, back_html, card_html, face, name, suit_class
from ..parts.hand import stock_html
from ..parts.look import Look, my_turn
from ..parts.seats import (FINISH_BUTTON, cards_left, hidden_backs, my_nameplate,
                           nameplate, seat_classes)
from ..parts.words import Speaker
from .base import Outcome, Reply, Table
from .logs import durak_line

LEAVING = 0.45  # seconds for a finished bout to leave the table before the next move


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
    chips = f'{partner}{_role(v, seat)}'
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="fan" style="--n:{max(1, len(fan))}">{"".join(fan)}</div>'
            f'{nameplate(v, seat, look, chips)}{_bubble(v, seat, sp)}</div>')


def _leaving(look: Look) -> str:
    """The cards of the bout that just ended, leaving: to the discard, or to the taker."""
    if not look.leaving:
        return ""
    how, pairs, seat = look.leaving
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


def discards_html(v: dict) -> str:
    """The discard pile's cards (all seen on the table), by suit, as text chips."""
    gone = v["discarded"]
    if not gone:
        return "<p>Nothing has been discarded yet.</p>"
    rows = []
    for suit in ("S", "H", "C", "D"):
        mine = sorted((c for c in gone if c[-1] == suit), key=lambda c: RANKS.index(c[:-1]))
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
    first = True
    for attack, defence in v["table"]:
        cls = "attack"
        said = f"{name(attack)}, " + (f"beaten by {name(defence)}" if defence else "not beaten")
        if attack in look.fresh:
            cls += " fresh" + mine
        if attack in targets:
            cls += " target"
            said = f"{name(attack)}: beat it with {' '.join(name(c) for c in look.selection)}"
        attrs = f'aria-label="{escape(said)}"'
        if attack in targets:  # the places to beat are one tab stop, arrows between them
            attrs += (f' data-act="target" data-arg="{escape(targets[attack]["text"])}" '
                      f'tabindex="{0 if first else -1}"')
            first = False
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
            f'<div class="pairs" role="group" aria-label="The table" data-roving>'
            f'{"".join(pairs)}</div>{meter}</div>')


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
        buttons.append('<button type="button" class="btn" data-act="ui" data-arg="transfer" '
                       'id="btn-transfer" aria-keyshortcuts="R">Transfer…</button>')
    for m in mv.cardless(legal):
        cls = "btn take" if m["kind"] == "take" else "btn pass"
        key = "T" if m["kind"] == "take" else "D"
        buttons.append(f'<button type="button" class="{cls}" data-act="move" '
                       f'data-arg="{escape(m["text"])}" id="btn-{m["kind"]}" '
                       f'aria-keyshortcuts="{key}">{escape(mv.button_text(m))}</button>')
    if sel:
        buttons.append('<button type="button" class="btn ghost" data-act="clear">Cancel</button>')
    return "".join(buttons)


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
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
    return Outcome(mood, title, line, order)


def _facts(opts: dict) -> list[str]:
    facts = [f'{opts.get("players")} players', f'{opts.get("deck")} cards']
    if opts.get("transfer"):
        facts.append("transfer")
    if opts.get("teams"):
        facts.append("teams")
    return facts


def _transfer(v: dict, selection: tuple[str, ...]) -> Reply:
    """Transfer…: the one way to transfer, the selected one, or a start to choose from."""
    transfers = [m for m in v["legal"] if m["kind"] in ("transfer", "show")]
    if not transfers:
        return Reply()
    if len(transfers) == 1:
        return Reply(move=transfers[0]["text"])
    chosen = [m for m in mv.exact(v["legal"], list(selection))
              if m["kind"] in ("transfer", "show")]
    if len(chosen) == 1:
        return Reply(move=chosen[0]["text"])
    # several ways to transfer: start with the first single card, the others can join it
    first = min(transfers, key=lambda m: (len(m["cards"]), m["kind"] != "transfer"))
    return Reply(selection=tuple(first["cards"]))


def _bout_left(before: dict, after: dict):
    """When a move ended the bout: how (beaten or taken), its pairs, and who took them."""
    if not before["table"] or (before["bout"] == after["bout"] and after["phase"] != "over"):
        return None
    for ev in reversed(after["log"]):
        if ev.get("event") in ("beaten", "took"):
            return ev["event"], [list(p) for p in before["table"]], ev.get("seat")
        if ev.get("event") == "attack":
            break
    return None


class DurakTable(Table):
    game = "durak"
    log_limit = 120
    keys = (("T", "take the cards on the table"), ("D", "done: no more cards from you"),
            ("R", "transfer"), ("F", "play out the rest quickly, once you are out"))

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v["options"])

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return _opponent(v, seat, look, Speaker(look.names, look.human))

    def middle(self, v: dict, look: Look) -> str:
        sp = Speaker(look.names, look.human)
        targets = (mv.targets(v["legal"], list(look.selection))
                   if my_turn(v, look) and look.selection else {})
        return f'{stock_html(v)}{_bout(v, look, targets, sp)}{_discard(v)}{_leaving(look)}'

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        trump = SUIT_NAMES[v["trump_suit"]]
        stock = (f"The stock: {v['stock']} cards, the {name(v['trump'])} under it; trumps are "
                 f"{trump}." if v["stock"] else f"The stock is empty; trumps are {trump}.")
        pairs = [f"{name(a)}, beaten by {name(d)}" if d else f"{name(a)}, not beaten"
                 for a, d in v["table"]]
        table = ("On the table: " + "; ".join(pairs) + "." if pairs
                 else "Nothing is on the table.")
        return [stock, table, f"The discard: {len(v['discarded'])} cards."]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        role = _role(v, seat)
        role = role.split(">", 1)[1].split("<", 1)[0] if role else ""
        known = v["known"][seat]
        seen = f", showing {', '.join(name(c) for c in known)}" if known else ""
        return (f"{sp.who(seat)}: {v['hand_sizes'][seat]} cards{seen}"
                f"{', ' + role if role else ''}.")

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def plate(self, v: dict, look: Look) -> str:
        return my_nameplate(v, look, _role(v, look.human))

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return [line for ev in v["log"] if (line := durak_line(ev, sp))]

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def arrivals(self, v: dict) -> set[str]:
        """The cards on the table (they fly in from a hand when they arrive)."""
        return {c for pair in v["table"] for c in pair if c}

    def leaving(self, before: dict, after: dict):
        return _bout_left(before, after)

    def settle(self, v: dict, motion) -> float:
        return LEAVING if motion.leaving else 0.0

    def act(self, v, ui, selection, arg, now) -> Reply:
        if arg == "transfer" and v["to_act"] == v["seat"]:
            reply = _transfer(v, selection)
            if reply.selection:
                return Reply(selection=reply.selection,
                             hint=self.selection_hint(v["legal"], reply.selection))
            return reply
        return Reply()

