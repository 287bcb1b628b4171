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
from ..i18n import N_, NP_, _, n_, p_
from ..parts.cards import (SUIT_SYMBOLS, back_html, card_html, face, name, rank_label, suit_class,
                           suit_word)
from ..parts.hand import stock_html
from ..parts.look import Look, my_turn
from ..parts.seats import (cards_left, finish_button, hidden_backs, my_nameplate,
                           nameplate, seat_classes)
from ..parts.words import Speaker
from .base import Outcome, Reply, Table
from .logs import durak_line

LEAVING = 0.45  # seconds for a finished bout to leave the table before the next move

# What a player says in a speech bubble by their seat, after their last move in the bout.
BUBBLES = {
    # TRANSLATORS: a player's speech bubble: they take the cards of the bout
    "take": NP_("bubble", "I'll take"),
    # TRANSLATORS: a player's speech bubble: they add no more cards to the bout
    "pass": NP_("bubble", "Done"),
    # TRANSLATORS: a player's speech bubble: they pass the attack on to the next player
    "transfer": NP_("bubble", "Transfer!"),
    "show": NP_("bubble", "Transfer!"),
}


def _role_word(v: dict, seat: int) -> str:
    """The seat's part in the bout, worded: its badge ("attacks") and what it is read as."""
    if v["phase"] == "over":
        return ""
    if seat in v["out"]:
        # TRANSLATORS: a badge on a seat's name plate: the player has no cards left
        return p_("role", "out")
    if seat == v["defender"] and v["taking"]:
        # TRANSLATORS: a badge on a seat's name plate: the defender is taking the cards
        return p_("role", "takes")
    if seat == v["defender"]:
        # TRANSLATORS: a badge on a seat's name plate: the player defends in this bout
        return p_("role", "defends")
    if seat == v["attacker"]:
        # TRANSLATORS: a badge on a seat's name plate: the player attacks in this bout
        return p_("role", "attacks")
    return ""


def _role(v: dict, seat: int) -> str:
    word = escape(_role_word(v, seat))
    if not word:
        return ""
    if seat in v["out"]:
        return f'<span class="role out">{word}</span>'
    if seat == v["defender"]:
        return f'<span class="role defend">{word}</span>'
    return f'<span class="role attack">{word}</span>'


def _bubble(v: dict, seat: int, sp: Speaker) -> str:
    """A speech bubble with the seat's last word in this bout (take, done, transfer)."""
    for ev in reversed(v["log"]):
        kind = ev.get("event")
        if kind in ("bout", "deal"):
            return ""
        if ev.get("seat") != seat:
            continue
        if kind in BUBBLES:
            words = escape(p_("bubble", BUBBLES[kind]), quote=False)
            return f'<span class="bubble b-{kind}">{words}</span>'
        return ""
    return ""


def _opponent(v: dict, seat: int, look: Look, sp: Speaker) -> str:
    fan = hidden_backs(v, seat)
    # TRANSLATORS: the tooltip of a card an opponent holds that everyone has seen
    seen = escape(_("Everyone has seen this card"))
    fan += [card_html(c, "known", f'title="{seen}"') for c in v["known"][seat]]
    classes = seat_classes(v, seat, look)
    if v["options"].get("teams") and seat % 2 == look.human % 2:
        classes.append("partner")
    partner = ""
    if "partner" in classes:
        # TRANSLATORS: the tooltip of the "partner" badge: this player plays on your team
        yours = escape(_("Your partner"))
        # TRANSLATORS: a badge on a seat's name plate: the player is on your team
        word = escape(p_("role", "partner"))
        partner = f'<span class="chip partner-chip" title="{yours}">{word}</span>'
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
        # TRANSLATORS: the empty discard pile, for screen readers
        empty = escape(_("No cards discarded yet"))
        return f'<div class="discard empty" role="img" aria-label="{empty}"></div>'
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n // 4 + 1)))
    # TRANSLATORS: the discard pile's tooltip; a click shows its cards
    title = escape(n_("Discard: {n} card. Click to see which.",
                      "Discard: {n} cards. Click to see which.", n))
    # TRANSLATORS: the discard pile (a button that shows its cards), for screen readers
    said = escape(n_("Discard: {n} card, show them", "Discard: {n} cards, show them", n))
    return (f'<button type="button" class="discard" data-act="discards" '
            f'title="{title}" aria-label="{said}"><div class="discard-pile">{layers}</div>'
            f'<span class="pile-count" id="discard-count">{n}</span></button>')


def discards_html(v: dict) -> str:
    """The discard pile's cards (all seen on the table), by suit, as text chips."""
    gone = v["discarded"]
    if not gone:
        nothing = escape(_("Nothing has been discarded yet."))
        return f'<p>{nothing}</p>'
    # TRANSLATORS: the discard sheet: a suit of which no card has been discarded
    none = escape(p_("cards", "none"))
    none = f'<span class="none">{none}</span>'
    # TRANSLATORS: the discard sheet: a mark on the row of the trump suit
    trump_mark = escape(_("trump"))
    trump_mark = f'<em>{trump_mark}</em>'
    rows = []
    for suit in ("S", "H", "C", "D"):
        mine = sorted((c for c in gone if c[-1] == suit), key=lambda c: RANKS.index(c[:-1]))
        colour = "red" if suit in "DH" else "black"
        trump = " trump" if suit == v["trump_suit"] else ""
        chips = "".join(f'<span class="chip-card {colour}">{escape(rank_label(c[:-1]))}</span>'
                        for c in mine) or none
        rows.append(f'<li class="{trump.strip()}"><span class="suit-head {colour} s-{suit}">'
                    f'{SUIT_SYMBOLS[suit]}</span>{chips}'
                    f'{trump_mark if trump else ""}</li>')
    # TRANSLATORS: the discard sheet's first line
    out = escape(n_("{n} card has been beaten off and is out of play.",
                    "{n} cards have been beaten off and are out of play.", len(gone)))
    return f'<p>{out}</p><ul class="discards">{"".join(rows)}</ul>'


def _bout(v: dict, look: Look, targets: dict[str, dict], sp: Speaker) -> str:
    pairs = []
    mine = " up" if look.acted == look.human else ""  # my cards come up from my hand
    first = True
    for attack, defence in v["table"]:
        cls = "attack"
        said = _pair_words(attack, defence)
        if attack in look.fresh:
            cls += " fresh" + mine
        if attack in targets:
            cls += " target"
            # TRANSLATORS: a card on the table you can beat with the selected cards, for screen
            # readers; {card} and {cards} are cards in words ("king of spades")
            said = _("{card}: beat it with {cards}", card=name(attack),
                     cards=" ".join(name(c) for c in look.selection))
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
        else:
            # TRANSLATORS: the empty table at the start of a bout: who leads, against whom
            text = escape(sp.says(v["attacker"], N_("Your lead against {whom}"),
                                  N_("{who} leads against {whom}"), whom=sp.whom(v["defender"])))
        pairs.append(f'<div class="bout-empty">{text}</div>')
    used = len(v["table"])
    dots = "".join(f'<i class="{"on" if i < used else ""}"></i>' for i in range(v["capacity"]))
    meter = ""
    if v["phase"] != "over":
        # TRANSLATORS: the tooltip of the bout's meter: attack cards played, and the most allowed
        title = escape(_("Attack cards in this bout: {used} of at most {most}", used=used,
                         most=v["capacity"]))
        meter = (f'<div class="meter" title="{title}"><span>{used}/{v["capacity"]}</span>'
                 f'{dots}</div>')
    taking = ""
    if v["taking"] and v["phase"] != "over":
        # TRANSLATORS: a flag over the table while the defender takes the bout's cards
        flag = sp.says(v["defender"], N_("You take"), N_("{who} takes"))
        taking = f'<div class="taking-flag">{escape(flag)}</div>'
    group = escape(_("The table"))
    return (f'<div class="bout" id="bout" data-pairs="{used}">{taking}'
            f'<div class="pairs" role="group" aria-label="{group}" data-roving>'
            f'{"".join(pairs)}</div>{meter}</div>')


def _pair_words(attack: str, defence: str | None) -> str:
    """A pair of the bout in words: "king of spades, beaten by ace of spades"."""
    if defence:
        return _("{card}, beaten by {defence}", card=name(attack), defence=name(defence))
    return _("{card}, not beaten", card=name(attack))


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
                continue  # played by clicking the table card
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
    order = []
    for place, seat in enumerate(r.get("out", []), 1):
        order.append(f'<li><span class="place">{place}</span>{escape(sp.who(seat))}</li>')
    for seat in r["losers"]:
        # TRANSLATORS: the game-over standings: the player who lost (the "durak")
        who = _("{who} (fool)", who=sp.who(seat)) if seat == fool else sp.who(seat)
        order.append(f'<li class="loser"><span class="place">–</span>{escape(who)}'
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
    confirm_kinds = ("take",)  # picking the cards up
    # TRANSLATORS: the keys sheet: what a key does
    keys = (("T", N_("take the cards on the table")),
            # TRANSLATORS: the keys sheet: what a key does
            ("D", N_("done: no more cards from you")),
            # TRANSLATORS: the keys sheet: what a key does (transfer the attack to the next player)
            ("R", N_("transfer")),
            # TRANSLATORS: the keys sheet: what a key does
            ("F", N_("play out the rest quickly, once you are out")))

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
        pairs = [_pair_words(a, d) for a, d in v["table"]]
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
        role, known, n = _role_word(v, seat), v["known"][seat], v["hand_sizes"][seat]
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

