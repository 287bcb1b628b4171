"""The Memory table, rendered as HTML from the human seat's view (and nothing else).

Every seat has a face-down pile, drawn as a stack of backs with its size. The middle holds
the centre (its top card large, the card under it peeking out) and the last call: who called
what, the card turned and whether the call was right.

The memorise step is the game. While the person's latest showing is not yet over, their pile
is laid out face up, top to bottom, with a Ready button (and a countdown when a time is set).
A showing that lasts "until ready" (the deal, a black ace for everyone) holds the opponents;
one that lasts "until the next turn" (black ace, only its turner looks) ends when the
person's turn begins, and the opponents play on. Which showing the person has finished with
is the table's own state (`ui`, kept with the saved game), so a reload never
shows the pile again. At any other time no card of any pile is in the markup.
"""

from __future__ import annotations

import math
from html import escape

from kozyr.memory import recall

from ..parts.cards import back_html, card_html, chip_html, label, name
from ..parts.look import Look
from ..parts.seats import plate_html, seat_classes
from ..parts.words import Speaker, plural
from .base import Outcome, Reply, Table
from .logs import look_line, memory_lines

SETTINGS = (
    {"key": "look", "label": "Time to memorise", "kind": "choice",
     "choices": (0, 10, 20, 30, 60), "default": 0,
     "words": {0: "Off", 10: "10 s", 20: "20 s", 30: "30 s", 60: "60 s"},
     "help": "How long your pile stays face up when you are shown it. Off: until you "
             "press Ready."},
)
CALL_WORDS = {"higher": "Higher", "lower": "Lower", "same": "Same"}
CALL_SIGNS = {"higher": "▲", "lower": "▼", "same": "="}
CALL_KEYS = {"higher": "H", "lower": "L", "same": "S"}
WRONG_PAUSE = 0.5  # seconds to read WRONG before the next opponent calls


# --- the look: which showing the person is memorising ------------------------------------------

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
        return (f'<div class="mlast start" id="last-call" data-seat="{seat}">'
                f'<span class="mlast-who">{escape(sp.says(seat, "lay", "lays"))} the start card'
                f'</span><span class="mlast-cards">{_chip(card)}</span>'
                f'<span class="verdict">no calls yet</span>{extra}</div>')
    right = bool(ev.get("right"))
    took = turn.get("take")
    verdict = "Right" if right else "Wrong"
    takes = ""
    if took:
        n = len(took.get("cards") or [])
        takes = (f'<span class="mtakes">{"take" if seat == sp.human else "takes"} '
                 f'{plural(n, "card")}</span>')
    call = ev["call"]
    return (f'<div class="mlast {"right" if right else "wrong"}" id="last-call" '
            f'data-seat="{seat}" data-call="{call}" data-right="{int(right)}">'
            f'<span class="mlast-who">{escape(sp.says(seat, "call"))}</span>'
            f'<span class="mcall-word {call}">{CALL_SIGNS[call]} {CALL_WORDS[call]}</span>'
            f'<span class="mlast-cards">{_chip(ev.get("over"))}<span class="arrow">→</span>'
            f'{_chip(card)}</span><span class="mverdict"><span class="verdict">{verdict}</span>'
            f'{takes}</span>{extra}</div>')


def _bubble(v: dict, seat: int) -> str:
    """The seat's call in the last round, on its seat."""
    ev = recent_calls(v["log"], v["players"]).get(seat)
    if not ev:
        return '<span class="mcalled"></span>'
    right = bool(ev.get("right"))
    words = f'{CALL_WORDS[ev["call"]]} {"✓" if right else "✗"}'
    return (f'<span class="mcalled {"right" if right else "wrong"}" title="Last call: '
            f'{ev["call"]}, {"right" if right else "wrong"}">{words}</span>')


# --- piles and seats ------------------------------------------------------------------------------

def pile_html(v: dict, seat: int, whose: str) -> str:
    """A face-down pile: backs only, as many layers as it is thick, and its size."""
    n = v["piles"][seat]
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(4, max(1, math.ceil(n / 6)))))
    body = layers if n else '<span class="m-empty"></span>'
    return (f'<div class="mpile{" empty" if not n else ""}" data-seat="{seat}" data-count="{n}" '
            f'role="img" aria-label="{escape(whose)} pile: {plural(n, "card")}, face down">{body}'
            f'<span class="pile-count">{n}</span></div>')


def _role(v: dict, seat: int, look: Look) -> str:
    if v["phase"] == "over":
        won = seat in ((v.get("result") or {}).get("winners") or [])
        return '<span class="role done">wins</span>' if won else ""
    if seat == v["to_act"]:
        return '<span class="role attack">to call</span>'
    return ""


def _plate(v: dict, seat: int, look: Look) -> str:
    return plate_html(v, seat, look, chips=_role(v, seat, look))


def _opponent(v: dict, seat: int, look: Look) -> str:
    whose = f"{look.names[seat]}'s"
    classes = " ".join(seat_classes(v, seat, look, "seat mseat"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'{pile_html(v, seat, whose)}{_plate(v, seat, look)}{_bubble(v, seat)}</div>')


# --- the middle -------------------------------------------------------------------------------------

def centre_html(v: dict, look: Look) -> str:
    centre = v["centre"]
    n = len(centre)
    if not n:
        return ('<div class="mcentre empty" id="centre" data-count="0">'
                '<div class="mcentre-pile"><span class="m-empty"></span></div>'
                '<span class="g-cap">Centre: empty</span></div>')
    turn = last_turn(v["log"])
    fresh = " fresh" if f'ev:{turn.get("top")}' in look.fresh else ""
    under = card_html(centre[-2], "under") if n > 1 else ""
    top = card_html(centre[-1], "top" + fresh, 'id="centre-top"')
    caption = f"{n - 1} under the top" if n > 1 else "the start card"
    return (f'<button type="button" class="mcentre" id="centre" data-count="{n}" '
            f'data-act="discards" aria-label="Centre, {caption}: {plural(n, "card")}, '
            f'{escape(label(centre[-1]))} on top. Show them all">'
            f'<div class="mcentre-pile">{under}{top}<span class="pile-count" data-count="{n}">'
            f'</span></div>'
            f'<span class="g-cap">Centre · {caption}</span></button>')


def discards_html(v: dict) -> str:
    centre = v["centre"]
    if not centre:
        return "<p>The centre is empty: the next player lays a start card.</p>"
    chips = "".join(_chip(c) for c in reversed(centre))
    return (f"<p>{plural(len(centre), 'card')}, the top first. Whoever calls wrong takes them all "
            f"under their pile, the bottom card first.</p><div class=\"pile-list\">{chips}</div>")


# --- the memorise step ------------------------------------------------------------------------------

def turned_since(v: dict, showing: dict) -> int:
    """How many cards of the shown pile the person has turned since (the dealer's start card
    is laid right after the deal's showing): those no longer in the pile as recalled."""
    kept = sum(1 for _, seen_at in recall(v) if seen_at == showing["at"])
    return len(showing["cards"]) - kept


def look_html(v: dict, look: Look, showing: dict) -> str:
    cards = showing["cards"]
    n, gone = len(cards), turned_since(v, showing)
    items = []
    for i, code in enumerate(cards, 1):
        if i <= gone:
            tag, cls = "in the centre", " turned"
        else:
            tag = "top" if i == gone + 1 else ("bottom" if i == n else str(i - gone))
            cls = " end" if tag in ("top", "bottom") else ""
        items.append(f'<li class="mlook-card{cls}">{card_html(code, attrs=f"style=--k:{i}")}'
                     f'<span class="mlook-pos">{tag}</span></li>')
    n -= gone
    why = ("Everyone is shown their own pile once." if showing["why"] == "deal" else
           "A black ace: you may look at your pile again.")
    until = ("Your look lasts until your turn begins." if showing["until"] == "next_turn"
             else "The others wait until you are ready.")
    size = "large" if n <= 12 else ("medium" if n <= 20 else "small")
    return (f'<section class="mlook {size}" id="look" aria-labelledby="look-title" '
            f'style="--n:{n}"><div class="mlook-head"><h2 id="look-title">Memorise your pile'
            f'</h2><p>{escape(why)} {plural(n, "card")}, top to bottom. {escape(until)}</p></div>'
            f'<ol class="mlook-cards">{"".join(items)}</ol>'
            f'<div class="mlook-foot">{ready_button(look)}</div></section>')


def ready_button(look: Look) -> str:
    ends, span = look.ui.get("ends"), look.ui.get("span") or 0
    if not ends:
        return ('<button type="button" class="btn primary big mready" id="ready" data-act="ui" '
                'data-arg="ready" aria-keyshortcuts="R">Ready</button>')
    left = max(0.0, ends - look.now)
    frac = min(1.0, left / span) if span else 0.0
    return (f'<button type="button" class="btn primary big mready timed" id="ready" '
            f'data-act="ui" data-arg="ready" aria-keyshortcuts="R" data-deadline="{int(ends)}" '
            f'data-span="{int(span)}" style="--left:{frac:.3f}">Ready'
            f'<span class="mclock" aria-label="seconds left"><span data-countdown>'
            f'{math.ceil(left / 1000)}</span> s</span></button>')


# --- prompt, calls and the game-over panel ---------------------------------------------------------

def _prompt(v: dict, look: Look, showing: dict | None) -> str:
    sp = Speaker(look.names, look.human)
    actor = v["to_act"]
    if v["phase"] == "over":
        return "The game is over."
    if showing is not None and showing["until"] == "ready":
        return "Memorise your pile, then press Ready."
    if actor != look.human:
        return f"{escape(sp.who(actor))} calls…"
    top = escape(label(v["centre"][-1]))
    if v["options"].get("no_same_call"):
        return f"Your call: is your top card higher or lower than {top}?"
    return f"Your call: is your top card higher, lower or the same as {top}?"


def calls_html(v: dict, look: Look) -> str:
    mine = v["to_act"] == look.human
    legal = {m["kind"]: m["text"] for m in v["legal"]} if mine else {}
    calls = ("higher", "lower") if v["options"].get("no_same_call") else tuple(CALL_WORDS)
    out = []
    for call in calls:
        text = legal.get(call)
        off = "" if text else " disabled"
        out.append(f'<button type="button" class="btn big mcall {call}" id="call-{call}" '
                   f'data-act="move" data-arg="{escape(text or call)}" '
                   f'aria-keyshortcuts="{CALL_KEYS[call]}"{off}><span class="sign" '
                   f'aria-hidden="true">{CALL_SIGNS[call]}</span>{CALL_WORDS[call]}'
                   f'<kbd aria-hidden="true">{CALL_KEYS[call]}</kbd></button>')
    return f'<div class="mcalls">{"".join(out)}</div>'


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me, winners = look.human, r["winners"]
    names = " and ".join(sp.who(s) for s in winners)
    mood = "won" if winners == [me] else ("draw" if me in winners else "lost")
    if r.get("limit"):
        title = "A shared win" if len(winners) > 1 else f"{names} {'win' if winners == [me] else 'wins'}"
        line = f"After {v['calls']} calls the game stopped: the smallest pile wins."
    elif winners == [me]:
        title, line = "You won!", "You turned the last card of your pile."
    else:
        title, line = f"{names} wins", f"{names} turned the last card of their pile."
    nxt = (r.get("next") or {}).get("dealer")
    if nxt is not None:
        line += f" Next deal: {sp.who(nxt)} {'deal' if nxt == me else 'deals'}."
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: (s not in winners, v["piles"][s])):
        won = seat in winners
        rows.append(f'<li class="{"winner" if won else "loser"}" data-seat="{seat}">'
                    f'<span class="place">{"★" if won else "·"}</span>{escape(sp.who(seat))}'
                    f'<span class="held">{plural(v["piles"][seat], "card")} left</span></li>')
    return Outcome(mood, title, line, rows, again="Next deal")


def _facts(v: dict, look: Look) -> list[str]:
    o = v["options"]
    facts = [f"deal {v['deal_number']}", f"{o.get('players')} players", f"{o.get('deck')} cards"]
    if o.get("no_same_call"):
        facts.append("no SAME")
    if o.get("pagat_start"):
        facts.append("start card ends the turn")
    if o.get("black_ace_self_only"):
        facts.append("black ace: its turner looks")
    if look.settings.get("look"):
        facts.append(f"{look.settings['look']} s to memorise")
    return facts


# --- the table -------------------------------------------------------------------------------

class MemoryTable(Table):
    game = "memory"
    kind = "memory-table"
    keys = (("H", "call higher"), ("L", "call lower"), ("S", "call the same"),
            ("R", "ready: hide your pile"))
    focus_order = ("#ready", ".mcalls button:not([disabled])", "#prompt")
    discards_title = "The centre"
    settings = SETTINGS

    def screen_data(self, v: dict, look: Look) -> str:
        looking = ' data-looking="1"' if pending(v, look.ui) is not None else ""
        return f' data-deal="{v["deal_number"]}"{looking}'

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v, look)

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return _opponent(v, seat, look)

    def middle(self, v: dict, look: Look) -> str:
        sp = Speaker(look.names, look.human)
        return f'<div class="mmiddle">{centre_html(v, look)}{last_call_html(v, sp)}</div>'

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, pending(v, look.ui))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        centre = v["centre"]
        if not centre:
            return ["The centre is empty."]
        return [f"The centre: {plural(len(centre), 'card')}, {name(centre[-1])} on top."]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        return f"{sp.who(seat)}: {plural(v['piles'][seat], 'card')} in the pile."

    def my_words(self, v: dict, look: Look) -> list[str]:
        return [f"Your pile: {plural(v['piles'][look.human], 'card')}."]

    def actions(self, v: dict, look: Look) -> str:
        return calls_html(v, look) if v["phase"] != "over" else ""

    def status(self, v: dict, look: Look) -> str:
        showing = pending(v, look.ui)  # the pile face up takes the place of the calls
        return look_html(v, look, showing) if showing is not None else super().status(v, look)

    def mine(self, v: dict, look: Look) -> str:
        if pending(v, look.ui) is not None:
            return ""  # shown face up in the status's place
        me = look.human
        classes = " ".join(seat_classes(v, me, look, "me mme"))
        return (f'<section class="{classes}" aria-label="Your pile">'
                f'{pile_html(v, me, "Your")}<div class="mme-side">{_plate(v, me, look)}'
                f'{_bubble(v, me)}</div></section>')

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return memory_lines(v["log"], sp)

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def settle(self, v: dict, motion) -> float:
        """A wrong call or a black ace deserves a moment before the next opponent calls."""
        turn = last_turn(v["log"])
        return WRONG_PAUSE if turn.get("take") or turn.get("look") else 0.0

    def prepare(self, v: dict, ui: dict, settings: dict, now: float) -> dict:
        return prepare(v, ui, settings, now)

    def waits(self, v: dict, ui: dict) -> bool:
        return waits(v, ui)

    def deadline(self, v: dict, ui: dict) -> float | None:
        return ui.get("ends") if pending(v, ui) is not None else None

    def act(self, v, ui, selection, arg, now) -> Reply:
        look = pending(v, ui)
        if arg == "ready" and look is not None:
            return Reply(ui={"dismissed": look["at"]})
        return Reply()
