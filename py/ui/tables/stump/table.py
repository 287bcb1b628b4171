"""The Stump table, rendered as HTML from the human seat's view (and nothing else).

The middle of the table is the one face-up pile, the stock with the trump card under it on
the left and the take counts on the right. Every seat shows its stump as two small face-down
backs until it is picked up. The pieces are in `parts.py`, the log's sentences in `log.py`.
"""

from __future__ import annotations

from html import escape

from ...i18n import N_, _, n_, p_
from ...parts.cards import label, name
from ...parts.hand import stock_html
from ...parts.look import Look, my_turn
from ...parts.seats import cards_left, finish_button, my_nameplate
from ...parts.words import Speaker
from ...play import moves as mv
from ..base import Outcome, Table
from ..standings import place_html
from .log import ordinal, stump_lines
from .parts import (counts_html, discards_html, opponent_html, pile_html, role_badge, stump_html,
                    taken_html)

# --- prompt, buttons, hand --------------------------------------------------------------------

def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    return escape(_prompt_text(v, look, sp))


def _prompt_text(v: dict, look: Look, sp: Speaker) -> str:
    me, phase, actor = look.human, v["phase"], v["to_act"]
    if phase == "over":
        return _("Game over.")
    top = label(v["pile"][-1]) if v["pile"] else ""
    if me in v["out"]:
        return _("You are out: well played! {who} is to play…", who=sp.who(actor))
    if actor != me:
        if phase == "lead":
            return _("{who} leads…", who=sp.who(actor))
        return _("{who} must beat {card} or take…", who=sp.who(actor), card=top)
    if phase == "lead":
        last = v["log"][-1] if v["log"] else {}
        if last.get("event") == "beat" and last.get("seat") == me:
            return _("You beat it: now lead another card.")
        if last.get("event") == "take" and last.get("seat") == me:
            return _("You took the whole pile: lead any card.")
        return _("Your lead: play any card.")
    kinds = {m["kind"] for m in v["legal"]}
    n = v["takes"]
    whole = n == len(v["pile"])
    if "beat" in kinds and "take" in kinds:
        if whole:
            return _("Beat {card} with a card, or take the whole pile.", card=top)
        # TRANSLATORS: {n} is how many cards of the pile you would take
        return n_("Beat {card} with a card, or take {n}.", "Beat {card} with a card, or take {n}.",
                  n, card=top)
    if "beat" in kinds:
        return _("Beat {card}: play a higher card of its suit or a trump.", card=top)
    if whole:
        return _("You cannot beat {card}: take the whole pile.", card=top)
    # TRANSLATORS: {n} is how many cards of the pile you take
    return n_("You cannot beat {card}: take {n}.", "You cannot beat {card}: take {n}.", n,
              card=top)


def _actions(v: dict, look: Look) -> str:
    if look.human in v["out"] and v["phase"] != "over":
        return finish_button()
    if not my_turn(v, look):
        return ""
    buttons = []
    for m in mv.cardless(v["legal"]):
        if m["kind"] == "take":
            n = v["takes"]
            # TRANSLATORS: a button
            text = (_("Take the pile") if n == len(v["pile"]) and n > 1 else
                    # TRANSLATORS: a button: take {n} cards from the pile
                    n_("Take {n}", "Take {n}", n))
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
        title, mood = _("You are the stump"), "lost"
        line = _("You were the last one holding cards.")
    else:
        if place == 1:
            title = _("You won!")
        else:
            # TRANSLATORS: {place} is "2nd", "3rd"…
            title = _("You finished {place}", place=ordinal(place))
        mood = "won"
        line = (_("{who} is the stump. You are safe.", who=sp.who(loser)) if place > 1 else
                _("{who} is the stump.", who=sp.who(loser)))
    rows = []
    for seat in sorted(range(v["players"]), key=lambda s: r["places"][s]):
        if seat == loser:
            held = v["hand_sizes"][seat] + v["stumps"][seat]
            # TRANSLATORS: the loser in the standings
            who = escape(_("{who} (stump)", who=sp.who(seat)))
            rows.append(f'<li class="loser" data-seat="{seat}">{place_html(r["places"][seat])}'
                        f'{who}{cards_left(held)}</li>')
        else:
            p = r["places"][seat]
            if p == 1:
                # TRANSLATORS: how a player ended in the standings: the first to go out
                how = _("out first")
            elif seat in r["out"]:
                # TRANSLATORS: how a player ended in the standings: went out, not the stump
                how = _("safe")
            else:
                # TRANSLATORS: how a player ended in the standings: not out, but not the stump
                how = _("fewest cards")
            rows.append(f'<li data-seat="{seat}">{place_html(p)}'
                        f'{escape(sp.who(seat))}<span class="held">{escape(how)}</span></li>')
    return Outcome(mood, title, line, rows)


def _facts(opts: dict) -> list[str]:
    facts = [n_("{n} player", "{n} players", opts.get("players"))]
    if opts.get("voluntary_take"):
        # TRANSLATORS: a rule in the top bar: a player may take instead of beating
        facts.append(_("take at will"))
    if opts.get("take_table") and opts["take_table"] != "classic":
        facts.append(p_("choice", str(opts["take_table"])))
    return facts


class StumpTable(Table):
    game = "stump"
    kind = "stump-table"
    confirm_kinds = ("take",)  # picking the cards up
    sounds = {"lead": "play", "beat": "beat", "take": "take"}
    # TRANSLATORS: the keys sheet: what a key does
    keys = (("T", N_("take from the pile")),
            # TRANSLATORS: the keys sheet: what a key does
            ("F", N_("play out the rest quickly, once you are out")))
    discards_title = N_("The pile")  # the sheet a click on the pile opens
    log_limit = 120
    figures = ("stump",)
    # TRANSLATORS: a column of the statistics page: games in which you were left the stump
    figure_words = {"stump": N_("times left with the stump")}

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        return {"stump": int(result.get("stump") == seat)}

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v["options"])

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return opponent_html(v, seat, look)

    def middle(self, v: dict, look: Look) -> str:
        sp = Speaker(look.names, look.human)
        return f'{stock_html(v)}{pile_html(v, look, sp)}{counts_html(v)}{taken_html(v, look)}'

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        pile = v["pile"]
        # TRANSLATORS: {card} is the trump card in words ("king of spades")
        stock = (n_("The stock: {n} card, the {card} under it.",
                    "The stock: {n} cards, the {card} under it.", v["stock"],
                    card=name(v["trump"]))
                 if v["stock"] else _("The stock is empty."))
        if not pile:
            return [stock, _("The pile is empty.")]
        if v["phase"] == "beat":
            # TRANSLATORS: {card} is the top card in words; {takes} is a number of cards
            return [stock, n_("The pile: {n} cards, {card} on top; whoever cannot beat it "
                              "takes {takes}.",
                              "The pile: {n} cards, {card} on top; whoever cannot beat it "
                              "takes {takes}.", len(pile), card=name(pile[-1]),
                              takes=v["takes"])]
        # TRANSLATORS: {card} is the top card in words
        return [stock, n_("The pile: {n} card, {card} on top.",
                          "The pile: {n} cards, {card} on top.", len(pile),
                          card=name(pile[-1]))]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        n, stump = v["hand_sizes"][seat], v["stumps"][seat]
        if seat in v["out"]:
            # TRANSLATORS: {stump} is how many stump cards the player still has
            return n_("{who} (out): {n} card in hand, stump {stump}.",
                      "{who} (out): {n} cards in hand, stump {stump}.", n,
                      who=sp.who(seat), stump=stump)
        # TRANSLATORS: {stump} is how many stump cards the player still has
        return n_("{who}: {n} card in hand, stump {stump}.",
                  "{who}: {n} cards in hand, stump {stump}.", n, who=sp.who(seat), stump=stump)

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def plate(self, v: dict, look: Look) -> str:
        mine = my_nameplate(v, look, role_badge(v, look.human))
        return f'<div class="mine-row">{stump_html(v, look.human, mine=True)}{mine}</div>'

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
