"""The Durak table: the bout in the middle (each attack card with its defence across it), the
stock with the trump card on the left, the discard on the right, the attackers' and the
defender's badges, and Durak's own moves (transfer, the bout leaving the table).

The pieces are in `parts.py`, the log's sentences in `log.py`.
"""

from __future__ import annotations

from html import escape

from ...i18n import N_, _, n_, p_
from ...parts.cards import name, suit_word
from ...parts.hand import stock_html
from ...parts.look import Look, my_turn
from ...parts.seats import cards_left, finish_button, my_nameplate
from ...parts.words import Speaker
from ...play import moves as mv
from ..base import Outcome, Reply, Table
from ..standings import place_html
from .log import durak_lines
from .parts import (LEAVING, bout_html, discard_html, discards_html, leaving_html, opponent_html,
                    pair_words, role_badge, role_word)


def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    return escape(_prompt_words(v, look, sp))


def _prompt_words(v: dict, look: Look, sp: Speaker) -> str:
    me, phase, actor = look.human, v["phase"], v["to_act"]
    if phase == "over":
        return _("Game over.")
    if me in v["out"]:
        return _("You are out of cards: well played! {who} is to play…", who=sp.who(actor))
    if actor != me:
        who = sp.who(actor)
        if phase == "attack":
            return _("{who} is leading…", who=who)
        if phase == "defend":
            return _("{who} is defending…", who=who)
        return _("{who} may throw in…", who=who)
    legal = v["legal"]
    kinds = {m["kind"] for m in legal}
    if phase == "attack":
        return _("Your lead: play a card (or several of one rank).")
    if phase == "defend":
        if kinds & {"transfer", "show"}:
            return _("Defend: beat each card or transfer, or take.")
        return _("Defend: beat each card, or take.")
    if v["taking"]:
        # TRANSLATORS: Done is the button's name (you add no more cards)
        return _("{who} takes: add cards, or press Done.", who=sp.who(v["defender"]))
    # TRANSLATORS: Done is the button's name (you add no more cards)
    return _("Throw in a card of a rank on the table, or press Done.")


def _actions(v: dict, look: Look) -> str:
    if look.human in v["out"] and v["phase"] != "over":
        return finish_button()
    if not my_turn(v, look):
        return ""
    legal, sel = v["legal"], look.selection
    buttons = []
    if sel:
        for m in mv.exact(legal, sel):
            if m.get("target"):
                continue  # played by tapping the table card
            buttons.append(f'<button type="button" class="btn primary play" data-act="move" '
                           f'data-arg="{escape(m["text"])}">{escape(mv.button_text(m))}</button>')
    if any(m["kind"] in ("transfer", "show") for m in legal) and not any(
            m["kind"] in ("transfer", "show") for m in mv.exact(legal, sel)):
        # TRANSLATORS: a button: transfer the attack to the next player (choose how next)
        transfer = escape(_("Transfer…"))
        buttons.append(f'<button type="button" class="btn" data-act="ui" data-arg="transfer" '
                       f'id="btn-transfer" aria-keyshortcuts="R">{transfer}</button>')
    for m in mv.cardless(legal):
        cls = "btn take" if m["kind"] == "take" else "btn pass"
        key = "T" if m["kind"] == "take" else "D"
        buttons.append(f'<button type="button" class="{cls}" data-act="move" '
                       f'data-arg="{escape(m["text"])}" id="btn-{m["kind"]}" '
                       f'aria-keyshortcuts="{key}">{escape(mv.button_text(m))}</button>')
    if sel:
        # TRANSLATORS: a button: drop the selection of cards
        cancel = escape(_("Cancel"))
        buttons.append(f'<button type="button" class="btn ghost" data-act="clear">{cancel}'
                       f'</button>')
    return "".join(buttons)


def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me = look.human
    fool = r["fool"]
    if r["draw"]:
        title, mood = _("A draw"), "draw"
        line = _("Nobody is left holding cards.")
    elif me in r["losers"]:
        title = _("You are the fool") if fool == me else _("Your team lost")
        mood = "lost"
        if fool == me:
            line = _("You were left holding cards.")
        else:
            # TRANSLATORS: the game-over panel: the player left holding cards (the "durak")
            line = _("{who} is the fool.", who=sp.who(fool))
    else:
        title = _("You won!") if not v["options"].get("teams") else _("Your team won!")
        mood = "won"
        # TRANSLATORS: the game-over panel: the player left holding cards (the "durak")
        line = _("{who} is the fool.", who=sp.who(fool)) if fool is not None else ""
    # in the order they went out, the losers last (the fool at the end); each by place: the
    # order out, or with teams the team's (a loser's partner may have gone out too)
    ranked = [s for s in r.get("out", []) if s not in r["losers"]]
    ranked += sorted(r["losers"], key=lambda s: s == fool)
    order = []
    for i, seat in enumerate(ranked, 1):
        place = place_html(r["places"][seat] if v["options"].get("teams") else i)
        if seat not in r["losers"]:
            order.append(f'<li data-seat="{seat}">{place}{escape(sp.who(seat))}</li>')
            continue
        # TRANSLATORS: the game-over standings: the player who lost (the "durak")
        who = _("{who} (fool)", who=sp.who(seat)) if seat == fool else sp.who(seat)
        order.append(f'<li class="loser" data-seat="{seat}">{place}{escape(who)}'
                     f'{cards_left(v["hand_sizes"][seat])}</li>')
    return Outcome(mood, title, line, order)


def _facts(opts: dict) -> list[str]:
    # TRANSLATORS: facts under the game's title: "3 players · 36 cards · transfer · teams"
    facts = [n_("{n} player", "{n} players", opts.get("players")),
             n_("{n} card", "{n} cards", opts.get("deck"))]
    if opts.get("transfer"):
        # TRANSLATORS: a fact under the game's title: the transfer variant of Durak is played
        facts.append(p_("fact", "transfer"))
    if opts.get("teams"):
        # TRANSLATORS: a fact under the game's title: the players play in teams of two
        facts.append(p_("fact", "teams"))
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
    variant_options = ("players", "deck", "transfer", "teams")
    figures = ("fool",)
    # TRANSLATORS: a column of the statistics page: games in which you were the fool
    figure_words = {"fool": N_("times the fool")}
    result_fields = (*Table.result_fields, "fool")
    confirm_kinds = ("take",)  # picking the cards up
    lays = ("attack", "throw", "transfer")  # a tap on the table lays the selection there
    sounds = {"attack": "play", "throw": "play", "transfer": "play", "show": "play",
              "beat": "beat", "take": "take", "took": "take", "beaten": "sweep"}
    # TRANSLATORS: the keys sheet: what a key does
    keys = (("T", N_("take the cards on the table")),
            # TRANSLATORS: the keys sheet: what a key does
            ("D", N_("done: no more cards from you")),
            # TRANSLATORS: the keys sheet: what a key does (transfer the attack to the next player)
            ("R", N_("transfer")),
            # TRANSLATORS: the keys sheet: what a key does
            ("F", N_("play out the rest quickly, once you are out")))

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        return {"fool": int(result.get("fool") == seat)}

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v["options"])

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        return opponent_html(v, seat, look, Speaker(look.names, look.human))

    def middle(self, v: dict, look: Look) -> str:
        sp = Speaker(look.names, look.human)
        choosing = my_turn(v, look) and look.selection
        targets = mv.targets(v["legal"], list(look.selection)) if choosing else {}
        place = mv.on_table(v["legal"], list(look.selection), self.lays) if choosing else None
        return (f'{stock_html(v)}{bout_html(v, look, targets, sp, place)}'
                f'{discard_html(v, look)}{leaving_html(look)}')

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        trump = suit_word(v["trump_suit"])
        if v["stock"]:
            # (the English singular says "1 cards", as this table always has)
            # TRANSLATORS: read aloud; {card} is the trump card in words ("king of spades"),
            # {suit} the trump suit ("spades")
            stock = n_("The stock: {n} card, the {card} under it; trumps are {suit}.",
                       "The stock: {n} cards, the {card} under it; trumps are {suit}.",
                       v["stock"], card=name(v["trump"]), suit=trump)
        else:
            # TRANSLATORS: read aloud; {suit} is the trump suit ("spades")
            stock = _("The stock is empty; trumps are {suit}.", suit=trump)
        pairs = [pair_words(a, d) for a, d in v["table"]]
        if pairs:
            # TRANSLATORS: read aloud; {pairs} are the bout's pairs, "king of spades, not beaten"
            table = _("On the table: {pairs}.", pairs=_("; ").join(pairs))
        else:
            table = _("Nothing is on the table.")
        n = len(v["discarded"])
        return [stock, table, n_("The discard: {n} card.", "The discard: {n} cards.", n)]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        # The English singulars say "1 cards", as this table always has; the other languages
        # give each number its own form.
        role, known, n = role_word(v, seat), v["known"][seat], v["hand_sizes"][seat]
        who = sp.who(seat)
        if known:
            cards = _(", ").join(name(c) for c in known)
            if role:
                # TRANSLATORS: a seat read aloud: its name, how many cards it holds, the cards
                # everyone has seen of them (in words), and its badge ("attacks", "defends")
                return n_("{who}: {n} card, showing {cards}, {role}.",
                          "{who}: {n} cards, showing {cards}, {role}.", n, who=who, cards=cards,
                          role=role)
            # TRANSLATORS: a seat read aloud: its name, how many cards it holds, and the cards
            # everyone has seen of them (in words)
            return n_("{who}: {n} card, showing {cards}.", "{who}: {n} cards, showing {cards}.",
                      n, who=who, cards=cards)
        if role:
            # TRANSLATORS: a seat read aloud: its name, how many cards it holds, and its badge
            # ("attacks", "defends", "takes", "out")
            return n_("{who}: {n} card, {role}.", "{who}: {n} cards, {role}.", n, who=who,
                      role=role)
        # TRANSLATORS: a seat read aloud: its name and how many cards it holds
        return n_("{who}: {n} card.", "{who}: {n} cards.", n, who=who)

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def plate(self, v: dict, look: Look) -> str:
        return my_nameplate(v, look, role_badge(v, look.human))

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return durak_lines(v["log"], sp)

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
            return _transfer(v, selection)  # cards picked: the page gives the selection's hint
        return Reply()

