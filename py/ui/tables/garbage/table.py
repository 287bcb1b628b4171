"""The Garbage table, rendered as HTML from the human seat's view (and nothing else).

Every seat shows its layout (`parts.py`). The middle holds the stock (click to draw), the
discard pile (its top card, click to take) and the card in hand during a chain.

A chain is shown card by card: the log says which card went where and what it turned up,
so the events new since the last picture (the look's `fresh` set holds their log indexes,
"ev:N") are replayed with CSS delays, one step at a time; `settle` says how long the last
chain takes to watch before an opponent moves again. The log's sentences are in `log.py`.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import card
from kozyr.protocol import Move

from ...i18n import N_, _, n_, p_
from ...parts.cards import back_html, card_html, chip_html, label, name
from ...parts.look import Look
from ...parts.seats import plate_html, seats_from_left
from ...parts.words import Speaker
from ..base import Outcome, Table
from ..standings import place_html
from ..log_words import names_and
from .log import garbage_lines
from .parts import (anim, chain_seconds, face_html, layout_html, opponent_html, pos_name,
                    role_badge, size_chip, timeline)

# --- the middle -----------------------------------------------------------------------------------

def _my_draw_turn(v: dict, look: Look) -> bool:
    return v["to_act"] == look.human and v["phase"] == "draw"


def stock_html(v: dict, look: Look) -> str:
    n = v["stock"]
    can = any(m["kind"] == "draw" for m in v["legal"]) and _my_draw_turn(v, look)
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n)))
    count = f'<span class="pile-count" id="stock-count" data-count="{n}"></span>'  # (CSS draws n)
    # TRANSLATORS: the caption under the stock's pile of cards
    caption = escape(p_("pile", "Stock"))
    inner = (f'<div class="stock-pile">{layers or "<span class=g-empty></span>"}</div>{count}'
             f'<span class="g-cap">{caption}</span>')
    if can:
        draw = n_("Draw from the stock ({n} card)", "Draw from the stock ({n} cards)", n)
        title = _("Draw the top card of the stock")
        return (f'<button type="button" class="gstock legal" id="stock" data-pile="stock" '
                f'data-count="{n}" data-act="move" '
                f'data-arg="draw" aria-keyshortcuts="S" aria-label="{escape(draw)}" '
                f'title="{escape(title)}">{inner}</button>')
    stock = n_("Stock: {n} card", "Stock: {n} cards", n)
    return (f'<div class="gstock" id="stock" data-pile="stock" data-count="{n}" '
            f'aria-label="{escape(stock)}">{inner}</div>')


def discard_html(v: dict, look: Look, tl: dict) -> str:
    pile = v["discard"]
    n = len(pile)
    count = f'<span class="pile-count" data-count="{n}"></span>' if n else ""
    # TRANSLATORS: the caption under the discard pile
    caption = escape(p_("pile", "Discard"))
    if not pile:
        return ('<div class="gdiscard empty" id="discard" data-count="0">'
                '<div class="discard-pile"><span class="g-empty"></span></div>'
                f'<span class="g-cap">{caption}</span></div>')
    top = pile[-1]
    under = card_html(pile[-2], "under") if n > 1 else ""
    arriving = tl["discard"] is not None
    cls = "top g-layer g-new last" if arriving else "top"
    attrs = anim(tl["discard"], None) if arriving else ""
    faces = f'{under}{card_html(top, cls, attrs)}'
    take = next((m for m in v["legal"] if m["kind"] == "take"), None)
    inner = (f'<div class="discard-pile">{faces}</div>{count}<span class="g-cap">{caption}</span>')
    if _my_draw_turn(v, look):
        # the top card can be clicked on every turn; the app refuses it when it is not a move
        text = take["text"] if take else str(Move("take", (card(top),)))
        legal = " legal" if take else ""
        take_it = _("Take {card} from the discard pile", card=label(top))
        return (f'<button type="button" class="gdiscard{legal}" id="discard" data-count="{n}" '
                f'data-act="move" data-arg="{escape(text)}" aria-keyshortcuts="T" '
                f'aria-label="{escape(take_it)}">{inner}</button>')
    pile_is = n_("Discard pile: {n} card, {card} on top", "Discard pile: {n} cards, {card} on top",
                 n, card=label(top))
    return (f'<div class="gdiscard" id="discard" data-count="{n}" '
            f'aria-label="{escape(pile_is)}">{inner}</div>')


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
            layers.append(face_html(c, "g-layer g-new g-pass", anim(max(at, 0), end), False))
    if held is not None:
        start = chain[-1][1] if chain else -1
        layers.append(card_html(held, "holding g-layer g-new last" if chain else "holding",
                                (anim(max(start, 0), None) + ' id="holding-card"') if chain
                                else 'id="holding-card"'))
    if held is not None and actor is not None:
        sp = Speaker(look.names, look.human)
        # TRANSLATORS: the caption under the card a player holds
        mine, theirs = N_("You hold"), N_("{who} holds")
        caption = sp.says(actor, mine, theirs)
    else:
        # TRANSLATORS: the caption under the card in hand
        caption = _("In hand")
    cls = "gholding" + (" full" if held is not None else "")
    where = escape(_("The card in hand"))
    return (f'<div class="{cls}" id="holding" aria-label="{where}">'
            f'<div class="gholding-cards">{"".join(layers)}</div>'
            f'<span class="g-cap">{escape(caption)}</span></div>')


def discards_html(v: dict) -> str:
    pile = v["discard"]
    if not pile:
        empty = _("The discard pile is empty.")
        return f"<p>{escape(empty)}</p>"
    chips = [chip_html(code) for code in reversed(pile)]
    line = n_("{n} card, the top first.", "{n} cards, the top first.", len(pile))
    return (f"<p>{escape(line)}</p>"
            f'<div class="pile-list">{"".join(chips)}</div>')


# --- prompt and panels ---------------------------------------------------------------------------

def _prompt(v: dict, look: Look) -> str:
    return escape(_prompt_text(v, look))


def _prompt_text(v: dict, look: Look) -> str:
    me, actor = look.human, v["to_act"]
    if v["phase"] == "over":
        return _("The hand is over.")
    sp = Speaker(look.names, me)
    if actor != me:
        who = sp.who(actor)
        if v["phase"] == "place":
            return _("{who} places a wild…", who=who)
        if not v["finishers"]:
            return _("{who} plays…", who=who)
        return _("{who} has a last turn…", who=who)
    if v["phase"] == "place" and look.touch:
        # TRANSLATORS: on a touch screen
        return _("Place the wild {card}: tap a face-down position of your layout.",
                 card=label(v["holding"]))
    if v["phase"] == "place":
        return _("Place the wild {card}: click a face-down position of your layout.",
                 card=label(v["holding"]))
    last = bool(v["finishers"])
    if any(m["kind"] == "take" for m in v["legal"]):
        top = label(v["discard"][-1])
        if last:
            return _("Your turn (your last turn): draw from the stock, or take {card}.", card=top)
        return _("Your turn: draw from the stock, or take {card}.", card=top)
    if last:
        return _("Your turn (your last turn): draw from the stock.")
    return _("Your turn: draw from the stock.")


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me = look.human
    winners = r["winners"]
    names = names_and([sp.who(s) for s in winners])
    if r["match_over"]:
        champ = r["champion"]
        mood = "won" if champ == me else "lost"
        title = (_("You won the match!") if champ == me else
                 _("{who} wins the match", who=sp.who(champ)))
        line = (_("You filled your one-card layout.") if champ == me else
                _("{who} filled a one-card layout.", who=sp.who(champ)))
        # TRANSLATORS: a button on the game-over panel
        again, again_id = N_("New match"), "new-match"  # a message id, worded where shown
    else:
        mood = "won" if me in winners else "lost"
        if winners == [me]:
            title = _("You won the hand!")
            line = _("Hand {number}: You completed. Each winner's layout is one card smaller "
                     "next hand.", number=v["hand_number"])
        else:
            # TRANSLATORS: {who} is one winner, or several ("Olga and Misha"); {n} how many
            title = n_("{who} wins the hand", "{who} win the hand", len(winners), who=names)
            # TRANSLATORS: {who} is one winner, or several ("Olga and Misha"); {n} how many
            line = n_("Hand {number}: {who} completed. Each winner's layout is one card smaller "
                      "next hand.",
                      "Hand {number}: {who} completed. Each winner's layout is one card smaller "
                      "next hand.", len(winners), number=v["hand_number"], who=names)
        # TRANSLATORS: a button on the game-over panel
        again, again_id = N_("Next hand"), "next-hand"  # a message id, worded where shown
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: r["places"][s]):  # winners first
        old, new = v["sizes"][seat], r["sizes"][seat]
        won = seat in winners
        # TRANSLATORS: a player's layout size in the standings, before and after the hand
        change = (_("layout {old} → {new}", old=old, new=new) if new != old else
                  # TRANSLATORS: a player's layout size in the standings
                  _("layout {size}", size=new))
        rows.append(f'<li class="{"winner" if won else "loser"}" data-seat="{seat}">'
                    f'{place_html(r["places"][seat])}{escape(sp.who(seat))}'
                    f'<span class="held" data-size="{new}">{escape(change)}</span></li>')
    total = timeline(v, look)["total"]
    return Outcome(mood, title, line, rows, again=again, again_id=again_id, cls="g-over",
                   style=f"--a:{total}" if total else "")


def _facts(v: dict) -> list[str]:
    o = v["options"]
    # TRANSLATORS: in the top bar: the hand's number in the match
    facts = [_("hand {number}", number=v["hand_number"]),
             n_("{n} player", "{n} players", o.get("players"))]
    if o.get("wild") == "kings":
        # TRANSLATORS: a rule in the top bar: the kings are wild (not the jacks)
        facts.append(_("kings wild"))
    if o.get("last_turn"):
        # TRANSLATORS: a rule in the top bar: the others have a last turn after a layout is done
        facts.append(_("last turn"))
    if o.get("starter_discard"):
        # TRANSLATORS: a rule in the top bar: a card is turned up to start the discard pile
        facts.append(_("starter discard"))
    if o.get("discard_only_if_playable"):
        # TRANSLATORS: a rule in the top bar: the discard may be taken only if it has a place
        facts.append(_("take only if it places"))
    return facts


def _layout_words(v: dict, seat: int, who: str | None) -> str:
    """A seat's layout in words, as `who`'s (None: the person's)."""
    layout = v["layouts"][seat]
    n = v["sizes"][seat]
    up = _(", ").join(
        # TRANSLATORS: a face-up card of a layout: {position} is "A", "2" … "10", {card} the
        # card in words ("A ace of spades", "7 seven of hearts")
        _("{position} {card}", position=pos_name(p), card=name(c))
        for p, c in enumerate(layout, 1) if c)
    if who is None:
        if up:
            return n_("Your layout: {n} position, face up: {cards}.",
                      "Your layout: {n} positions, face up: {cards}.", n, cards=up)
        return n_("Your layout: {n} position, all face down.",
                  "Your layout: {n} positions, all face down.", n)
    if up:
        return n_("{who}: {n} position, face up: {cards}.",
                  "{who}: {n} positions, face up: {cards}.", n, who=who, cards=up)
    return n_("{who}: {n} position, all face down.", "{who}: {n} positions, all face down.", n,
              who=who)


class GarbageTable(Table):
    game = "garbage"
    kind = "garbage-table"
    # a turn: a card drawn (or taken from the discard), placed, and the last one discarded
    sounds = {"draw": "play", "place": "play", "take": "take", "discard": "sweep"}
    # TRANSLATORS: the keys sheet: what a key does
    keys = (("S", N_("draw from the stock")),
            # TRANSLATORS: the keys sheet: what a key does
            ("T", N_("take the discard pile's top card")),
            # TRANSLATORS: the keys sheet: what the arrow keys do
            ("← →", N_("choose the position for a wild")))
    focus_order = (".glayout.placing .target", "#stock.legal", "#discard.legal", "#discard",
                   "#stock", "#prompt")
    discards_title = N_("The discard pile")  # the sheet a click on the discard pile opens
    result_fields = (*Table.result_fields, "winners", "champion")

    def screen_data(self, v: dict, look: Look) -> str:
        return f' data-hand="{v["hand_number"]}" data-chain'  # its turns animate as a chain

    def round_of(self, v: dict) -> int:
        return v["hand_number"]

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v)

    def opponents(self, v: dict, look: Look) -> str:
        tl = timeline(v, look)
        return "".join(opponent_html(v, s, look, tl) for s in seats_from_left(v, look))

    def middle(self, v: dict, look: Look) -> str:
        tl = timeline(v, look)
        return (f'<div class="gmiddle">{stock_html(v, look)}{holding_html(v, look, tl)}'
                f'{discard_html(v, look, tl)}</div>')

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look)

    def middle_words(self, v: dict, look: Look) -> list[str]:
        stock = n_("The stock: {n} card.", "The stock: {n} cards.", v["stock"])
        n = len(v["discard"])
        if v["discard"]:
            # TRANSLATORS: {card} is the top card in words ("king of spades")
            pile = n_("The discard pile: {n} card, {card} on top.",
                      "The discard pile: {n} cards, {card} on top.", n,
                      card=name(v["discard"][-1]))
        else:
            pile = n_("The discard pile: {n} card.", "The discard pile: {n} cards.", n)
        # TRANSLATORS: {card} is the card in hand in words ("king of spades")
        held = [_("In hand: {card}.", card=name(v["holding"]))] if v["holding"] else []
        return [f"{stock} {pile}", *held]  # two sentences

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        return _layout_words(v, seat, sp.who(seat))

    def my_words(self, v: dict, look: Look) -> list[str]:
        return [_layout_words(v, look.human, None)]

    def mine(self, v: dict, look: Look) -> str:
        me = look.human
        my_turn = v["to_act"] == me and v["phase"] != "over"
        plate = plate_html(v, me, look, size_chip(v, me), role_badge(v, me))
        mine = escape(_("Your layout"))
        return (f'<section class="me gme{" to-act" if my_turn else ""}" aria-label="{mine}">'
                f'{plate}{layout_html(v, me, look, timeline(v, look), mini=False)}</section>')

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return garbage_lines(v["log"], sp)

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def settle(self, v: dict, motion) -> float:
        return chain_seconds(v)
