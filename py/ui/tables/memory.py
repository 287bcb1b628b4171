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

from ..i18n import N_, NP_, _, n_, p_
from ..parts.cards import back_html, card_html, chip_html, label, name
from ..parts.look import Look
from ..parts.seats import plate_html, seat_classes
from ..parts.words import Speaker
from .base import Outcome, Reply, Table
from .logs import look_line, memory_lines

# Worded where they are shown, like the engine's options: p_("option", label),
# p_("choice", word), _(help).
SETTINGS = (
    {"key": "look", "label": NP_("option", "Time to memorise"), "kind": "choice",
     "choices": (0, 10, 20, 30, 60), "default": 0,
     # TRANSLATORS: how long the pile stays face up: off, or a number of seconds
     "words": {0: NP_("choice", "Off"), 10: NP_("choice", "10 s"), 20: NP_("choice", "20 s"),
               30: NP_("choice", "30 s"), 60: NP_("choice", "60 s")},
     "help": N_("How long your pile stays face up when you are shown it. Off: until you "
                "press Ready.")},
)
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
# The calls' keys: pressed as they are (aria-keyshortcuts), shown worded with p_("key", ...) on
# the call buttons and the keys sheet.
# TRANSLATORS: the key of a call, shown on its button and the keys sheet; the key pressed stays
# the Latin letter (H, L, S), so keep it unless your keyboards show that key otherwise
CALL_KEYS = {"higher": NP_("key", "H"), "lower": NP_("key", "L"), "same": NP_("key", "S")}
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


def _bubble(v: dict, seat: int) -> str:
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
            f'role="img" aria-label="{escape(said)}">{body}'
            f'<span class="pile-count">{n}</span></div>')


def _role(v: dict, seat: int, look: Look) -> str:
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


def _plate(v: dict, seat: int, look: Look) -> str:
    return plate_html(v, seat, look, chips=_role(v, seat, look))


def _opponent(v: dict, seat: int, look: Look) -> str:
    sp = Speaker(look.names, look.human)
    classes = " ".join(seat_classes(v, seat, look, "seat mseat"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'{pile_html(v, seat, sp)}{_plate(v, seat, look)}{_bubble(v, seat)}</div>')


# --- the middle -------------------------------------------------------------------------------------

def centre_html(v: dict, look: Look) -> str:
    centre = v["centre"]
    n = len(centre)
    if not n:
        empty = _("Centre: empty")
        return ('<div class="mcentre empty" id="centre" data-count="0">'
                '<div class="mcentre-pile"><span class="m-empty"></span></div>'
                f'<span class="g-cap">{escape(empty)}</span></div>')
    turn = last_turn(v["log"])
    fresh = " fresh" if f'ev:{turn.get("top")}' in look.fresh else ""
    under = card_html(centre[-2], "under") if n > 1 else ""
    top = card_html(centre[-1], "top" + fresh, 'id="centre-top"')
    if n > 1:
        # TRANSLATORS: the centre's caption: how many cards are under its top card
        caption = n_("{n} under the top", "{n} under the top", n - 1)
    else:
        # TRANSLATORS: the centre's caption when it holds one card
        caption = _("the start card")
    cards = n_("{n} card", "{n} cards", n)
    # TRANSLATORS: the centre pile's button: {caption} "3 under the top" or "the start card",
    # {cards} "4 cards", {top} its top card ("K♠")
    said = _("Centre, {caption}: {cards}, {top} on top. Show them all", caption=caption,
             cards=cards, top=label(centre[-1]))
    # TRANSLATORS: under the centre pile: {caption} "3 under the top" or "the start card"
    cap = _("Centre · {caption}", caption=caption)
    return (f'<button type="button" class="mcentre" id="centre" data-count="{n}" '
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


# --- the memorise step ------------------------------------------------------------------------------

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


# --- prompt, calls and the game-over panel ---------------------------------------------------------

def _prompt(v: dict, look: Look, showing: dict | None) -> str:
    sp = Speaker(look.names, look.human)
    actor = v["to_act"]
    if v["phase"] == "over":
        return escape(_("The game is over."))
    if showing is not None and showing["until"] == "ready":
        # TRANSLATORS: Ready is the button's name (p_("button", "Ready"))
        return escape(_("Memorise your pile, then press Ready."))
    if actor != look.human:
        return escape(_("{who} calls…", who=sp.who(actor)))
    top = label(v["centre"][-1])
    if v["options"].get("no_same_call"):
        return escape(_("Your call: is your top card higher or lower than {top}?", top=top))
    return escape(_("Your call: is your top card higher, lower or the same as {top}?", top=top))


def calls_html(v: dict, look: Look) -> str:
    mine = v["to_act"] == look.human
    legal = {m["kind"]: m["text"] for m in v["legal"]} if mine else {}
    calls = ("higher", "lower") if v["options"].get("no_same_call") else tuple(CALL_WORDS)
    out = []
    for call in calls:
        text = legal.get(call)
        off = "" if text else " disabled"
        word, key = p_("call", CALL_WORDS[call]), p_("key", CALL_KEYS[call])
        out.append(f'<button type="button" class="btn big mcall {call}" id="call-{call}" '
                   f'data-act="move" data-arg="{escape(text or call)}" '
                   f'aria-keyshortcuts="{CALL_KEYS[call]}"{off}><span class="sign" '
                   f'aria-hidden="true">{CALL_SIGNS[call]}</span>'
                   f'{escape(word)}'
                   f'<kbd aria-hidden="true">{escape(key)}</kbd></button>')
    return f'<div class="mcalls">{"".join(out)}</div>'


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me, winners = look.human, r["winners"]
    # TRANSLATORS: joins the names of winners: "Olga and Misha"
    names = _(" and ").join(sp.who(s) for s in winners)
    mood = "won" if winners == [me] else ("draw" if me in winners else "lost")
    if r.get("limit"):
        if len(winners) > 1:
            title = _("A shared win")
        else:
            title = _("You win") if winners == [me] else _("{who} wins", who=names)
        line = n_("After {n} call the game stopped: the smallest pile wins.",
                  "After {n} calls the game stopped: the smallest pile wins.", v["calls"])
    elif winners == [me]:
        title, line = _("You won!"), _("You turned the last card of your pile.")
    else:
        title = _("{who} wins", who=names)
        line = _("{who} turned the last card of their pile.", who=names)
    nxt = (r.get("next") or {}).get("dealer")
    if nxt is not None:
        line += " " + sp.says(nxt, N_("Next deal: You deal."), N_("Next deal: {who} deals."))
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: (s not in winners, v["piles"][s])):
        won = seat in winners
        held = n_("{n} card left", "{n} cards left", v["piles"][seat])
        rows.append(f'<li class="{"winner" if won else "loser"}" data-seat="{seat}">'
                    f'<span class="place">{"★" if won else "·"}</span>{escape(sp.who(seat))}'
                    f'<span class="held">{escape(held)}</span></li>')
    # TRANSLATORS: the game-over panel's button that deals the next game (worded where shown)
    return Outcome(mood, title, line, rows, again=N_("Next deal"))


def _facts(v: dict, look: Look) -> list[str]:
    o = v["options"]
    # TRANSLATORS: under the game's title: the number of the deal being played
    facts = [_("deal {number}", number=v["deal_number"]),
             n_("{n} player", "{n} players", o.get("players")),
             n_("{n} card", "{n} cards", o.get("deck"))]
    if o.get("no_same_call"):
        # TRANSLATORS: under the game's title: the call Same is not allowed
        facts.append(_("no SAME"))
    if o.get("pagat_start"):
        facts.append(_("start card ends the turn"))
    if o.get("black_ace_self_only"):
        facts.append(_("black ace: its turner looks"))
    if look.settings.get("look"):
        facts.append(_("{seconds} s to memorise", seconds=look.settings["look"]))
    return facts


# --- the table -------------------------------------------------------------------------------

class MemoryTable(Table):
    game = "memory"
    kind = "memory-table"
    # the keys' descriptions and the sheet's title are worded where they are shown (_(text))
    keys = ((CALL_KEYS["higher"], N_("call higher")), (CALL_KEYS["lower"], N_("call lower")),
            (CALL_KEYS["same"], N_("call the same")),
            # TRANSLATORS: the Ready button's key on the keys sheet (the key pressed stays R)
            (NP_("key", "R"), N_("ready: hide your pile")))
    focus_order = ("#ready", ".mcalls button:not([disabled])", "#prompt")
    discards_title = N_("The centre")
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
            return [_("The centre is empty.")]
        return [n_("The centre: {n} card, {top} on top.", "The centre: {n} cards, {top} on top.",
                   len(centre), top=name(centre[-1]))]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        return n_("{who}: {n} card in the pile.", "{who}: {n} cards in the pile.",
                  v["piles"][seat], who=sp.who(seat))

    def my_words(self, v: dict, look: Look) -> list[str]:
        return [n_("Your pile: {n} card.", "Your pile: {n} cards.", v["piles"][look.human])]

    def actions(self, v: dict, look: Look) -> str:
        return calls_html(v, look) if v["phase"] != "over" else ""

    def status(self, v: dict, look: Look) -> str:
        showing = pending(v, look.ui)  # the pile face up takes the place of the calls
        return look_html(v, look, showing) if showing is not None else super().status(v, look)

    def mine(self, v: dict, look: Look) -> str:
        if pending(v, look.ui) is not None:
            return ""  # shown face up in the status's place
        me = look.human
        sp = Speaker(look.names, look.human)
        classes = " ".join(seat_classes(v, me, look, "me mme"))
        said = _("Your pile")
        return (f'<section class="{classes}" aria-label="{escape(said)}">'
                f'{pile_html(v, me, sp)}<div class="mme-side">{_plate(v, me, look)}'
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
