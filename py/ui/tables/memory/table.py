"""The Memory table, rendered as HTML from the human seat's view (and nothing else).

Every seat has a face-down pile, drawn as a stack of backs with its size; the middle holds
the centre and the last call (`parts.py`). The memorise step is the game: while the person's
latest showing is not yet over, their pile is laid out face up, top to bottom, with a Ready
button (and a countdown when a time is set) (`look.py`). At any other time no card of any
pile is in the markup. The log's sentences are in `log.py`.
"""

from __future__ import annotations

from html import escape

from ...i18n import N_, NP_, _, n_, p_
from ...parts.cards import label, name
from ...parts.look import Look
from ...parts.seats import seat_classes
from ...parts.words import Speaker
from ..base import Outcome, Reply, Table
from ..standings import place_html
from .log import memory_lines
from .look import look_html, pending, prepare, waits
from .parts import (CALL_SIGNS, CALL_WORDS, bubble_html, centre_html, discards_html, last_call_html,
                    last_turn, opponent_html, pile_html, seat_plate)

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
# The calls' keys: pressed as they are (aria-keyshortcuts), shown worded with p_("key", ...) on
# the call buttons and the keys sheet.
# TRANSLATORS: the key of a call, shown on its button and the keys sheet; the key pressed stays
# the Latin letter (H, L, S), so keep it unless your keyboards show that key otherwise
CALL_KEYS = {"higher": NP_("key", "H"), "lower": NP_("key", "L"), "same": NP_("key", "S")}
WRONG_PAUSE = 0.5  # seconds to read WRONG before the next opponent calls


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
                    f'{place_html(r["places"][seat])}{escape(sp.who(seat))}'
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
    # a call wrong takes the centre: its "take" is the stronger sound
    sounds = {"start": "play", "call": "beat", "take": "take"}
    # the keys' descriptions and the sheet's title are worded where they are shown (_(text))
    keys = ((CALL_KEYS["higher"], N_("call higher")), (CALL_KEYS["lower"], N_("call lower")),
            (CALL_KEYS["same"], N_("call the same")),
            # TRANSLATORS: the Ready button's key on the keys sheet (the key pressed stays R)
            (NP_("key", "R"), N_("ready: hide your pile")))
    focus_order = ("#ready", ".mcalls button:not([disabled])", "#prompt")
    discards_title = N_("The centre")
    settings = SETTINGS
    result_fields = (*Table.result_fields, "winners")
    figures = ("calls", "right")
    # TRANSLATORS: columns of the statistics page: the calls you made, and those that were right
    figure_words = {"calls": N_("calls"), "right": N_("calls right")}

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        calls = [e for e in log if e.get("event") == "call" and e.get("seat") == seat]
        return {"calls": len(calls), "right": sum(1 for e in calls if e.get("right"))}

    def screen_data(self, v: dict, look: Look) -> str:
        looking = ' data-looking="1"' if pending(v, look.ui) is not None else ""
        return f' data-deal="{v["deal_number"]}"{looking}'

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v, look)

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return opponent_html(v, seat, look)

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
                f'{pile_html(v, me, sp)}<div class="mme-side">{seat_plate(v, me, look)}'
                f'{bubble_html(v, me)}</div></section>')

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

    def looking(self, v: dict, ui: dict) -> bool:
        return pending(v, ui) is not None

    def deadline(self, v: dict, ui: dict) -> float | None:
        return ui.get("ends") if pending(v, ui) is not None else None

    def act(self, v, ui, selection, arg, now) -> Reply:
        look = pending(v, ui)
        if arg == "ready" and look is not None:
            return Reply(ui={"dismissed": look["at"]})
        return Reply()
