"""The Stump table, rendered as HTML from the human seat's view (and nothing else).

The middle of the table is the one face-up pile: its top card large, the cards under it
fanned out to its left (the ones a taker would pick up marked by the "takes N" bracket),
the stock with the trump card under it on the left and the take counts on the right.
Every seat shows its stump as two small face-down backs until it is picked up.

Only cards the view shows face up ever get a face: the human's hand, the pile, the trump
card and cards other players hold that everyone has seen (`known`, i.e. taken from the
pile). Stumps, stock and the rest of the opponents' hands are backs with no identity.

The screen around these parts and the game-over panel are the shared contract's
(`tables/base.py`); what is Stump's own is here, with Stump's log sentences.
"""

from __future__ import annotations

from html import escape

from .. import moves as mv
from ..parts.cards import back_html, card_html, chip_html, label, name
from ..parts.hand import stock_html
from ..parts.look import Look, my_turn
from ..parts.seats import (FINISH_BUTTON, cards_left, hidden_backs, my_nameplate,
                           nameplate, seat_classes)
from ..parts.words import Speaker
from .base import Outcome, Table
from .logs import ordinal, stump_lines

PILE_SHOWN = 11  # the most cards a take can lift (an ace with "ace eleven")
# --- seats ------------------------------------------------------------------------------------

def _stump(v: dict, seat: int, mine: bool = False) -> str:
    """A seat's stump: two small face-down backs; an empty outline once it is picked up."""
    n = v["stumps"][seat]
    whose = "Your" if mine else "Their"
    if n:
        title = f"{whose} stump: {n} face-down cards, played when hand and stock are empty"
        backs = "".join(back_html("stump-card", f"--i:{i}") for i in range(n))
        return (f'<div class="stump" data-stump="{n}" title="{escape(title)}" '
                f'aria-label="{escape(title)}"><div class="stump-cards">{backs}</div>'
                f'<span class="stump-label">stump</span></div>')
    title = f"{whose} stump has been picked up"
    return (f'<div class="stump used" data-stump="0" title="{title}" aria-label="{title}">'
            f'<div class="stump-cards"></div><span class="stump-label">stump</span></div>')


def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over":
        return ""
    if seat in v["out"]:
        place = v["out"].index(seat) + 1
        return f'<span class="role out">out · {ordinal(place)}</span>'
    if seat == v["to_act"]:
        if v["phase"] == "lead":
            return '<span class="role attack">leads</span>'
        return '<span class="role defend">to beat</span>'
    return ""


def _since_turn(v: dict) -> list[dict]:
    """The events since the seat to act last acted (what happened round the table)."""
    actor, events = v["to_act"], []
    for ev in reversed(v["log"]):
        if ev.get("event") == "deal":
            break
        if ev.get("seat") == actor and ev.get("event") in ("lead", "beat", "take"):
            break
        events.append(ev)
    return events


def _bubble(v: dict, seat: int) -> str:
    """What the seat just said, if it took or picked up its stump since the last round."""
    if v["phase"] == "over":
        return ""
    for ev in _since_turn(v):
        if ev.get("seat") != seat:
            continue
        if ev.get("event") == "take":
            words = "Took the pile" if ev.get("whole") else f"Took {ev.get('count')}"
            return f'<span class="bubble b-take">{words}</span>'
        if ev.get("event") == "stump":
            return '<span class="bubble b-stump">My stump!</span>'
        if ev.get("event") in ("lead", "beat"):
            return ""
    return ""


def _opponent(v: dict, seat: int, look: Look) -> str:
    fan = hidden_backs(v, seat)
    for c in v["known"][seat]:
        cls = "known fresh" if f"known{seat}:{c}" in look.fresh else "known"
        fan.append(card_html(c, cls, 'title="Everyone has seen this card"'))
    empty = '<div class="fan-empty" aria-hidden="true"></div>' if not fan else ""
    chips = _role(v, seat)
    return (f'<div class="{" ".join(seat_classes(v, seat, look))}" data-seat="{seat}">'
            f'<div class="seat-cards">{_stump(v, seat)}'
            f'<div class="fan" style="--n:{max(1, len(fan))}">{"".join(fan)}{empty}</div></div>'
            f'{nameplate(v, seat, look, chips)}{_bubble(v, seat)}</div>')


# --- the middle: stock, pile, take counts -----------------------------------------------------

def _pile(v: dict, look: Look, sp: Speaker) -> str:
    pile, takes = v["pile"], v["takes"]
    mine = " up" if look.acted == look.human else ""
    if not pile:
        if v["phase"] == "over":
            text = ""
        elif v["to_act"] == look.human:
            text = "Your lead: play any card"
        else:
            text = f"{escape(sp.who(v['to_act']))} leads"
        return (f'<div class="pile-zone empty" id="bout" data-count="0">'
                f'<div class="pile-empty">{text}</div></div>')
    shown = pile[-PILE_SHOWN:]
    k = len(shown)
    taking = takes or 0
    cards = []
    for i, code in enumerate(shown):
        top = i == k - 1
        cls = ["pile-card"]
        if top:
            cls.append("top")
        if i >= k - taking:
            cls.append("in-take")
        if f"pile:{code}" in look.fresh:
            cls.append("fresh" + mine)
        cards.append(card_html(code, " ".join(cls), f'style="--i:{i}"'))
    deeper = len(pile) - k
    more = (f'<span class="pile-more" title="{deeper} more cards under these">+{deeper}</span>'
            if deeper else "")
    # the bracket under the cards the player to act would lift
    span = min(taking, k)
    whole = taking == len(pile)
    words = f"takes all {taking}" if whole and taking > 1 else f"takes {taking}"
    top_card = pile[-1]
    count_of_top = v["take_table"].get(top_card[:-1], taking)
    why = (f"{label(top_card)} counts {count_of_top}"
           + (f"; the pile has only {len(pile)}" if count_of_top > len(pile) else ""))
    bracket = (f'<div class="take-bracket{" whole" if whole else ""}" style="--t:{span}" '
               f'title="{escape(why)}"><span class="takes" id="takes" data-takes="{taking}">'
               f'{words}</span></div>') if v["phase"] == "beat" else ""
    aria = (f"The pile: {len(pile)} cards, {label(top_card)} on top; "
            f"{words} ({why}). Show all its cards.")
    return (f'<div class="pile-zone" id="bout" data-count="{len(pile)}"><div class="pile-stack">'
            f'<button type="button" class="pile-fan" data-act="discards" style="--k:{k}" '
            f'title="The pile: {len(pile)} cards. Click to see them all." '
            f'aria-label="{escape(aria)}">{more}{"".join(cards)}</button>{bracket}</div></div>')


def _taken(v: dict, look: Look) -> str:
    """Cards just taken from the pile, leaving it towards the taker (shown once: they are
    `fresh` only in the first picture after the take)."""
    for ev in reversed(v["log"]):
        if ev.get("event") in ("lead", "beat"):
            return ""
        if ev.get("event") == "take":
            cards, seat = ev.get("cards") or [], ev.get("seat")
            where = "mine" if seat == look.human else "theirs"
            arrived = {c if where == "mine" else f"known{seat}:{c}" for c in cards}
            if not cards or not arrived <= look.fresh:
                return ""
            faces = "".join(card_html(c, "pile-card", f'style="--i:{i}"')
                            for i, c in enumerate(cards[-PILE_SHOWN:]))
            return (f'<div class="gone taken to-{where}" aria-hidden="true"><div class="pairs">'
                    f'<div class="pile-fan" style="--k:{min(len(cards), PILE_SHOWN)}">{faces}'
                    f'</div></div></div>')
    return ""


def _counts(v: dict) -> str:
    """The take counts, as a small legend: the view's table, in its order, listing the ranks
    that do not count their face value (and the rest in one line)."""
    table = v["take_table"]
    special = [(r, n) for r, n in table.items() if r != str(n)]
    rows = "".join(f'<li><b>{r}</b><span>{n}</span></li>' for r, n in special)
    rest = '<li class="rest">others: face value</li>' if len(special) < len(table) else ""
    return (f'<div class="take-legend" aria-label="Take counts"><h3>Take</h3>'
            f'<ul>{rows}{rest}</ul></div>')


def discards_html(v: dict) -> str:
    """The whole pile (all its cards were seen on the table), top first, as text chips."""
    pile = v["pile"]
    if not pile:
        return "<p>The pile is empty: the next player leads.</p>"
    takes = v["takes"] or 0
    chips = []
    for i, code in enumerate(reversed(pile)):
        chip = chip_html(code)
        chips.append(chip.replace('"chip-card ', '"chip-card taken ', 1) if i < takes else chip)
    line = (f"<p>{len(pile)} cards, the top first. The player to act now would take "
            f"{takes} (marked).</p>" if v["phase"] != "over" else
            f"<p>{len(pile)} cards, the top first.</p>")
    return f'{line}<div class="pile-list">{"".join(chips)}</div>'


# --- prompt, buttons, hand --------------------------------------------------------------------

def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    me, phase, actor = look.human, v["phase"], v["to_act"]
    if phase == "over":
        return "Game over."
    top = label(v["pile"][-1]) if v["pile"] else ""
    if me in v["out"]:
        return f"You are out: well played! {escape(sp.who(actor))} is to play…"
    if actor != me:
        who = escape(sp.who(actor))
        return f"{who} leads…" if phase == "lead" else f"{who} must beat {top} or take…"
    if phase == "lead":
        last = v["log"][-1] if v["log"] else {}
        if last.get("event") == "beat" and last.get("seat") == me:
            return "You beat it: now lead another card."
        if last.get("event") == "take" and last.get("seat") == me:
            return "You took the whole pile: lead any card."
        return "Your lead: play any card."
    kinds = {m["kind"] for m in v["legal"]}
    n = v["takes"]
    what = "the whole pile" if n == len(v["pile"]) else f"{n}"
    if "beat" in kinds and "take" in kinds:
        return f"Beat {top} with a card, or take {what}."
    if "beat" in kinds:
        return f"Beat {top}: play a higher card of its suit or a trump."
    return f"You cannot beat {top}: take {what}."


def _actions(v: dict, look: Look) -> str:
    if look.human in v["out"] and v["phase"] != "over":
        return FINISH_BUTTON
    if not my_turn(v, look):
        return ""
    buttons = []
    for m in mv.cardless(v["legal"]):
        if m["kind"] == "take":
            n = v["takes"]
            text = "Take the pile" if n == len(v["pile"]) and n > 1 else f"Take {n}"
            cls = "btn take"
        else:
            text, cls = mv.button_text(m), "btn pass"
        buttons.append(f'<button type="button" class="{cls}" data-act="move" '
                       f'data-arg="{escape(m["text"])}" id="btn-{m["kind"]}" '
                       f'aria-keyshortcuts="{"T" if m["kind"] == "take" else "D"}">{escape(text)}'
                       f'</button>')
    return "".join(buttons)


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me, loser = look.human, r["stump"]
    place = r["places"][me]
    if me == loser:
        title, mood = "You are the stump", "lost"
        line = "You were the last one holding cards."
    else:
        title = "You won!" if place == 1 else f"You finished {ordinal(place)}"
        mood = "won"
        line = f"{sp.who(loser)} is the stump." + (" You are safe." if place > 1 else "")
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: r["places"][s]):
        name = escape(sp.who(seat))
        if seat == loser:
            held = v["hand_sizes"][seat] + v["stumps"][seat]
            rows.append(f'<li class="loser" data-seat="{seat}"><span class="place">–</span>'
                        f'{name} (stump){cards_left(held)}</li>')
        else:
            p = r["places"][seat]
            how = "out first" if p == 1 else ("safe" if seat in r["out"] else "fewest cards")
            rows.append(f'<li data-seat="{seat}"><span class="place">{p}</span>{name}'
                        f'<span class="held">{how}</span></li>')
    return Outcome(mood, title, line, rows)


def _facts(opts: dict) -> list[str]:
    facts = [f'{opts.get("players")} players']
    if opts.get("voluntary_take"):
        facts.append("take at will")
    if opts.get("take_table") and opts["take_table"] != "classic":
        facts.append(str(opts["take_table"]))
    return facts


class StumpTable(Table):
    game = "stump"
    kind = "stump-table"
    keys = (("T", "take from the pile"), ("F", "play out the rest quickly, once you are out"))
    discards_title = "The pile"  # the sheet a click on the pile opens
    log_limit = 120

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v["options"])

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return _opponent(v, seat, look)

    def middle(self, v: dict, look: Look) -> str:
        sp = Speaker(look.names, look.human)
        return f'{stock_html(v)}{_pile(v, look, sp)}{_counts(v)}{_taken(v, look)}'

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        pile = v["pile"]
        stock = (f"The stock: {v['stock']} cards, the {name(v['trump'])} under it."
                 if v["stock"] else "The stock is empty.")
        if not pile:
            return [stock, "The pile is empty."]
        takes = f"; whoever cannot beat it takes {v['takes']}" if v["phase"] == "beat" else ""
        return [stock, f"The pile: {len(pile)} cards, {name(pile[-1])} on top{takes}."]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        out = " (out)" if seat in v["out"] else ""
        return (f"{sp.who(seat)}{out}: {v['hand_sizes'][seat]} cards in hand, "
                f"stump {v['stumps'][seat]}.")

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def plate(self, v: dict, look: Look) -> str:
        mine = my_nameplate(v, look, _role(v, look.human))
        return f'<div class="mine-row">{_stump(v, look.human, mine=True)}{mine}</div>'

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return stump_lines(v["log"], sp)

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def arrivals(self, v: dict) -> set[str]:
        """Face-up cards away from the hand, by place ("pile:9H", "known2:9H"), so that a card
        moving from the pile to a hand counts as arriving there."""
        return ({f"pile:{c}" for c in v["pile"]}
                | {f"known{s}:{c}" for s, known in enumerate(v["known"]) for c in known})
