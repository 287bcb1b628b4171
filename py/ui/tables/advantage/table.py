"""The Advantage table, rendered as HTML from the human seat's view (and nothing else).

The middle holds the stock and the three numbered piles. Above the piles a bar names the
rally and the phase (Drop, Exchange, Pairs) and whose turn it is; below them a box tells what
happened since the person last chose, since help-draws, passes and pairs happen by themselves
(the pieces are in `parts.py`, the log's sentences in `log.py`).

Playing: a tap (or click) on a card that matches one pile drops it (or exchanges it) there
at once; a card that matches several is selected and the piles it matches light up, and a
tap on a lit pile plays it; a card can also be dragged onto a pile on a desktop. With a card
selected, a pile that does not match can be tapped too, and the engine's reason is shown. Of
three of a kind, the card the person taps is the one kept.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import card

from ...i18n import N_, _, n_, p_
from ...parts.cards import chip_html, label, name
from ...parts.look import Look, my_turn
from ...parts.seats import seat_classes
from ...parts.words import Speaker
from ...play import moves as mv
from ..base import Outcome, Table
from ..standings import place_html
from .log import advantage_lines
from .parts import (THREES, auto_seconds, fresh_pair, hand_html, last_played, opponent_html,
                    phase_bar, pile_html, recent_html, score_html, seat_plate, stock_html)

# --- prompt, hints, actions ---------------------------------------------------------------------------

def _three(v: dict) -> str:
    """The three of a kind, in words: "Three 7s", "Three queens"."""
    keeps = [m["cards"][0] for m in v["legal"] if m["kind"] == "keep"]
    rank = card(keeps[0]).rank if keeps else ""
    if rank in THREES:
        return p_("three", THREES[rank])
    # TRANSLATORS: three cards of a number rank ({rank} is "7", "10")
    return _("Three {rank}s", rank=rank)


def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    phase, actor = v["phase"], v["acting"]
    if phase == "over":
        return escape(_("Game over."))
    if actor != look.human:
        who = sp.who(actor)
        if phase == "drop":
            return escape(_("{who} drops a card…", who=who))
        if phase == "exchange":
            return escape(_("{who} exchanges…", who=who))
        return escape(_("{who} chooses which card of three to keep…", who=who))
    # Your turn: what to do, after its first words in bold (two messages, as the bold words
    # are a text of their own on the page)
    if phase == "drop":
        # TRANSLATORS: your turn to drop: the prompt's first word, in bold, before "a card on a
        # pile it matches."
        head = p_("prompt", "Drop")
        # TRANSLATORS: your turn to drop: the prompt after its first word in bold ("Drop")
        rest = _("a card on a pile it matches.")
        return f"<b>{escape(head)}</b> {escape(rest)}"
    if phase == "exchange":
        # TRANSLATORS: your turn to exchange: the prompt's first word, in bold, before "a card
        # for a pile: you take the whole pile."
        head = p_("prompt", "Exchange")
        # TRANSLATORS: your turn to exchange: the prompt after its first word in bold ("Exchange")
        rest = _("a card for a pile: you take the whole pile.")
        return f"<b>{escape(head)}</b> {escape(rest)}"
    # TRANSLATORS: your turn to keep one card of three of a kind: the prompt after its first
    # words in bold ("Three kings")
    rest = _(": choose which card of three to keep; the other two make a pair.")
    return f"<b>{escape(_three(v))}</b>{escape(rest)}"


def selection_hint(legal: list[dict], sel: list[str], touch: bool = False) -> str:
    """What to do with the selected card (shown under the prompt)."""
    if not sel:
        return ""
    piles = sorted(mv.targets(legal, sel))
    if not piles:  # a card of three of a kind: a click keeps it, there is no pile to aim at
        return _("{card} selected.", card=label(sel[0]))
    shown = label(sel[0])
    if len(piles) == 1:
        where = piles[0]
    else:
        # TRANSLATORS: pile numbers to choose from: "1, 2 or 3" ({piles} "1, 2", {last} "3")
        where = _("{piles} or {last}", piles=_(", ").join(piles[:-1]), last=piles[-1])
    kind = next((m["kind"] for m in mv.exact(legal, sel)), "drop")
    if kind == "exchange" and touch:
        # TRANSLATORS: on a touch screen; {card} the selected card ("K♠"), {where} pile
        # numbers ("2", "1 or 3")
        return _("{card}: now tap pile {where} to take it and leave {card} in its place.",
                 card=shown, where=where)
    if touch:
        # TRANSLATORS: on a touch screen; {card} the selected card ("K♠"), {where} pile
        # numbers ("2", "1 or 3")
        return _("{card}: now tap pile {where} to drop it there.", card=shown, where=where)
    if kind == "exchange":
        # TRANSLATORS: {card} the selected card ("K♠"), {where} pile numbers ("2", "1 or 3")
        return _("{card}: now click pile {where} to take it and leave {card} in its place.",
                 card=shown, where=where)
    # TRANSLATORS: {card} the selected card ("K♠"), {where} pile numbers ("2", "1 or 3")
    return _("{card}: now click pile {where} to drop it there.", card=shown, where=where)


def _actions(v: dict, look: Look) -> str:
    if look.selection and my_turn(v, look):
        # TRANSLATORS: the button that clears the selected card
        cancel = p_("button", "Cancel")
        return f'<button type="button" class="btn ghost" data-act="clear">{escape(cancel)}</button>'
    return ""


# --- the game-over panel --------------------------------------------------------------------------------

def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me, pairs = look.human, r["pairs"]
    if r["draw"]:
        mood, title = "draw", _("A draw")
    elif r["winners"] == [me]:
        mood, title = "won", _("You won!")
    else:
        mood, title = "lost", _("{who} wins", who=sp.who(r["winners"][0]))
    if v["pairless"] >= 10:
        why = _("Ten rallies passed without a pair once the stock was out.")
    else:
        why = _("The stock is out and a whole rally went by without a drop, an exchange or "
                "a pair.")
    nxt = (r.get("next") or {}).get("dealer")
    deals = ""
    if nxt is not None:
        deals = " " + sp.says(nxt, N_("Next deal: You deal."), N_("Next deal: {who} deals."))
    rows = []
    for seat in sorted((0, 1), key=lambda s: -pairs[s]):
        won = seat in r["winners"] and not r["draw"]
        held = n_("{n} pair", "{n} pairs", pairs[seat])
        rows.append(f'<li class="{"winner" if won or r["draw"] else "loser"}" data-seat="{seat}">'
                    f'{place_html(r["places"][seat])}{escape(sp.who(seat))}'
                    f'<span class="held" data-pairs="{pairs[seat]}">'
                    f'{escape(held)}</span></li>')
    # TRANSLATORS: the game-over panel's button that deals the next game (worded where shown)
    return Outcome(mood, title, why + deals, rows, again=N_("Next deal"))


def discards_html(v: dict) -> str:
    """The sheet: every pile, bottom to top, and every pair laid (all of it public)."""
    def chips(codes: list[str]) -> str:
        return "".join(chip_html(c) for c in codes)
    # TRANSLATORS: the sheet of piles and pairs: after a pile's name in bold ("Pile 1, bottom
    # to top: 2♠ 5♥"), before its cards
    order = escape(_(", bottom to top:"))
    rows = []
    for i, p in enumerate(v["piles"]):
        # TRANSLATORS: the sheet of piles and pairs: a pile's name, in bold
        pile = escape(_("Pile {number}", number=i + 1))
        rows.append(f"<li><b>{pile}</b>{order} {chips(p)}</li>")
    you = v["seat"]
    # TRANSLATORS: the sheet of piles and pairs: in place of the cards of a seat with no pair
    none = escape(_("none yet"))
    for seat in (you, 1 - you):
        pairs = v["pairs"][seat]
        # TRANSLATORS: the sheet of piles and pairs, before their number and cards: "(3): …"
        who = _("Your pairs") if seat == you else _("Your opponent's pairs")
        rows.append(f'<li><b>{escape(who, quote=False)}</b> ({len(pairs) // 2}): '
                    f'{chips(pairs) or f"<span class=none>{none}</span>"}</li>')
    return f'<ul class="apiles-list">{"".join(rows)}</ul>'


# --- the screen --------------------------------------------------------------------------------------------

def _facts(v: dict) -> list[str]:
    # TRANSLATORS: under the game's title: the number of the deal being played
    facts = [_("deal {number}", number=v["deal_number"]),
             n_("{n} card in the stock", "{n} cards in the stock", v["stock"])]
    if v["options"].get("pagat_matching"):
        facts.append(p_("option", "Pagat's matching"))  # the option's own label
    return facts


def middle_html(v: dict, look: Look, sp: Speaker) -> str:
    aims = mv.targets(v["legal"], look.selection) if look.selection and my_turn(v, look) else {}
    last = last_played(v, sp)
    piles = "".join(pile_html(v, i, look, aims, sp, last) for i in range(3))
    aiming = " aiming" if aims or (look.selection and my_turn(v, look)) else ""
    said = _("The piles")
    return (f'{phase_bar(v, look, sp)}<div class="amiddle">{stock_html(v)}'
            f'<div class="piles{aiming}" id="bout" role="group" aria-label="{escape(said)}" '
            f'data-roving>{piles}</div>{recent_html(v, look, sp)}</div>')


class AdvantageTable(Table):
    game = "advantage"
    kind = "advantage-table"
    sounds = {"drop": "play", "pair": "beat", "exchange": "take"}
    # the sheet's title, the opponents' label and the keys' descriptions are worded where they
    # are shown (_(text))
    discards_title = N_("Piles and pairs")
    opponents_label = N_("Your opponent")
    keys = (("1 2 3", N_("drop or exchange the selected card on that pile")),)
    result_fields = (*Table.result_fields, "pairs", "winners")
    figures = ("pairs",)
    # TRANSLATORS: a column of the statistics page: the pairs you laid
    figure_words = {"pairs": N_("pairs")}

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        return {"pairs": int((result.get("pairs") or [0] * (seat + 1))[seat])}

    def screen_classes(self, v: dict, look: Look) -> list[str]:
        return ["selecting"] if look.selection else []

    def screen_data(self, v: dict, look: Look) -> str:
        return f' data-deal="{v["deal_number"]}"'

    def round_of(self, v: dict) -> int:
        return v["deal_number"]

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v)

    def opponents(self, v: dict, look: Look) -> str:
        return opponent_html(v, 1 - look.human, look)

    def middle(self, v: dict, look: Look) -> str:
        return middle_html(v, look, Speaker(look.names, look.human))

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        # TRANSLATORS: a pile in the sentence about the three piles: {card} its top card ("king
        # of spades"), {n} the cards under it
        piles = [n_("{card} on top of {n} more", "{card} on top of {n} more", len(p) - 1,
                    card=name(p[-1])) if p else p_("pile", "empty")
                 for p in v["piles"]]
        stock = n_("The stock: {n} card.", "The stock: {n} cards.", v["stock"])
        # TRANSLATORS: the three piles, each "king of spades on top of 2 more" or "empty"
        return [stock, _("Pile 1: {one}; pile 2: {two}; pile 3: {three}.", one=piles[0],
                         two=piles[1], three=piles[2])]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        held = [name(c) for c in v["hands"][seat] if c]
        hidden = sum(1 for c in v["hands"][seat] if c is None)
        if hidden:
            # TRANSLATORS: cards of a hand nobody else has seen (its player drew them)
            held.append(n_("{n} drawn card", "{n} drawn cards", hidden))
        # TRANSLATORS: {held} the cards a seat holds ("king of spades, 2 drawn cards")
        return n_("{who}: {held}; {n} pair laid.", "{who}: {held}; {n} pairs laid.",
                  len(v["pairs"][seat]) // 2, who=sp.who(seat),
                  held=_(", ").join(held) or _("no cards"))

    def my_words(self, v: dict, look: Look) -> list[str]:
        pairs = len(v["pairs"][look.human]) // 2
        return [*super().my_words(v, look),
                n_("You have laid {n} pair.", "You have laid {n} pairs.", pairs)]

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def mine(self, v: dict, look: Look) -> str:
        me = look.human
        classes = " ".join(seat_classes(v, me, look, "me ame", "acting"))
        said = _("Your hand")
        return (f'<section class="{classes}" aria-label="{escape(said)}">'
                f'<div class="mine-row">{seat_plate(v, me, look)}</div>'
                f'<div class="hand-row">{hand_html(v, look)}'
                f'{score_html(v, me, look, fresh_pair(v, me, look))}</div></section>')

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return [(css, text) for _, css, text in advantage_lines(v["log"], sp)]

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def selection_hint(self, legal: list[dict], sel: tuple[str, ...], touch: bool = False) -> str:
        return selection_hint(legal, list(sel), touch)

    def settle(self, v: dict, motion) -> float:
        return auto_seconds(v)
