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
from ..i18n import N_, _, n_, p_
from ..parts.cards import back_html, card_html, chip_html, label, name, rank_label
from ..parts.hand import stock_html
from ..parts.look import Look, my_turn
from ..parts.seats import (cards_left, finish_button, hidden_backs, my_nameplate,
                           nameplate, seat_classes)
from ..parts.words import Speaker
from .base import Outcome, Table
from .logs import ordinal, stump_lines

PILE_SHOWN = 11  # the most cards a take can lift (an ace with "ace eleven")
# --- seats ------------------------------------------------------------------------------------

def _stump(v: dict, seat: int, mine: bool = False) -> str:
    """A seat's stump: two small face-down backs; an empty outline once it is picked up."""
    n = v["stumps"][seat]
    # TRANSLATORS: the label under a seat's two face-down stump cards
    word = escape(p_("pile", "stump"))
    if n:
        if mine:
            title = n_("Your stump: {n} face-down card, played when hand and stock are empty",
                       "Your stump: {n} face-down cards, played when hand and stock are empty", n)
        else:
            # TRANSLATORS: an opponent's stump (its face-down cards)
            title = n_("Their stump: {n} face-down card, played when hand and stock are empty",
                       "Their stump: {n} face-down cards, played when hand and stock are empty",
                       n)
        backs = "".join(back_html("stump-card", f"--i:{i}") for i in range(n))
        return (f'<div class="stump" data-stump="{n}" title="{escape(title)}" '
                f'aria-label="{escape(title)}"><div class="stump-cards">{backs}</div>'
                f'<span class="stump-label">{word}</span></div>')
    title = escape(_("Your stump has been picked up") if mine else
                   _("Their stump has been picked up"))
    return (f'<div class="stump used" data-stump="0" title="{title}" aria-label="{title}">'
            f'<div class="stump-cards"></div><span class="stump-label">{word}</span></div>')


def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over":
        return ""
    if seat in v["out"]:
        place = v["out"].index(seat) + 1
        # TRANSLATORS: a seat's chip once it has no cards left; {place} is "1st", "2nd"…
        word = _("out · {place}", place=ordinal(place))
        return f'<span class="role out">{escape(word)}</span>'
    if seat == v["to_act"]:
        if v["phase"] == "lead":
            # TRANSLATORS: the chip of the seat to lead
            word = p_("role", "leads")
            return f'<span class="role attack">{escape(word)}</span>'
        # TRANSLATORS: the chip of the seat that must beat the pile's top card
        word = p_("role", "to beat")
        return f'<span class="role defend">{escape(word)}</span>'
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
            if ev.get("whole"):
                # TRANSLATORS: a player's speech bubble after taking the whole pile
                words = _("Took the pile")
            else:
                # TRANSLATORS: a player's speech bubble: took {n} cards from the pile
                words = n_("Took {n}", "Took {n}", ev.get("count"))
            return f'<span class="bubble b-take">{escape(words)}</span>'
        if ev.get("event") == "stump":
            # TRANSLATORS: a player's speech bubble on picking up their stump
            words = _("My stump!")
            return f'<span class="bubble b-stump">{escape(words)}</span>'
        if ev.get("event") in ("lead", "beat"):
            return ""
    return ""


def _opponent(v: dict, seat: int, look: Look) -> str:
    fan = hidden_backs(v, seat)
    seen = escape(_("Everyone has seen this card"))
    for c in v["known"][seat]:
        cls = "known fresh" if f"known{seat}:{c}" in look.fresh else "known"
        fan.append(card_html(c, cls, f'title="{seen}"'))
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
            # TRANSLATORS: shown in the place of the empty pile
            text = escape(_("Your lead: play any card"))
        else:
            # TRANSLATORS: shown in the place of the empty pile
            text = escape(_("{who} leads", who=sp.who(v["to_act"])))
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
    under = n_("{n} more card under these", "{n} more cards under these", deeper)
    more = (f'<span class="pile-more" title="{escape(under)}">+{deeper}</span>'
            if deeper else "")
    # the bracket under the cards the player to act would lift
    span = min(taking, k)
    whole = taking == len(pile)
    if whole and taking > 1:
        # TRANSLATORS: under the cards the player to act would take: the whole pile
        words = n_("takes all {n}", "takes all {n}", taking)
    else:
        # TRANSLATORS: under the cards the player to act would take from the pile
        words = n_("takes {n}", "takes {n}", taking)
    top_card = pile[-1]
    count_of_top = v["take_table"].get(top_card[:-1], taking)
    if count_of_top > len(pile):
        # TRANSLATORS: why a take is that many cards: {card}, the pile's top card, makes the
        # next player take {count} cards
        why = n_("{card} counts {count}; the pile has only {n}",
                 "{card} counts {count}; the pile has only {n}", len(pile),
                 card=label(top_card), count=count_of_top)
    else:
        # TRANSLATORS: why a take is that many cards: {card}, the pile's top card, makes the
        # next player take {n} cards
        why = n_("{card} counts {n}", "{card} counts {n}", count_of_top, card=label(top_card))
    bracket = (f'<div class="take-bracket{" whole" if whole else ""}" style="--t:{span}" '
               f'title="{escape(why)}"><span class="takes" id="takes" data-takes="{taking}">'
               f'{escape(words)}</span></div>') if v["phase"] == "beat" else ""
    # TRANSLATORS: {takes} is "takes 3", {why} is "K♠ counts 3"
    aria = n_("The pile: {n} card, {card} on top; {takes} ({why}). Show all its cards.",
              "The pile: {n} cards, {card} on top; {takes} ({why}). Show all its cards.",
              len(pile), card=label(top_card), takes=words, why=why)
    title = n_("The pile: {n} card. Click to see them all.",
               "The pile: {n} cards. Click to see them all.", len(pile))
    return (f'<div class="pile-zone" id="bout" data-count="{len(pile)}"><div class="pile-stack">'
            f'<button type="button" class="pile-fan" data-act="discards" style="--k:{k}" '
            f'title="{escape(title)}" '
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
    rows = "".join(f'<li><b>{escape(rank_label(r))}</b><span>{n}</span></li>'
                   for r, n in special)
    # TRANSLATORS: in the take counts legend, after the ranks that count otherwise
    others = escape(_("others: face value"))
    rest = f'<li class="rest">{others}</li>' if len(special) < len(table) else ""
    # TRANSLATORS: the heading of the legend of how many cards each rank makes the next take
    heading = escape(p_("legend", "Take"))
    # TRANSLATORS: the name of the legend of how many cards each rank makes the next take
    legend = escape(_("Take counts"))
    return (f'<div class="take-legend" aria-label="{legend}"><h3>{heading}</h3>'
            f'<ul>{rows}{rest}</ul></div>')


def discards_html(v: dict) -> str:
    """The whole pile (all its cards were seen on the table), top first, as text chips."""
    pile = v["pile"]
    if not pile:
        empty = _("The pile is empty: the next player leads.")
        return f"<p>{escape(empty)}</p>"
    takes = v["takes"] or 0
    chips = []
    for i, code in enumerate(reversed(pile)):
        chip = chip_html(code)
        chips.append(chip.replace('"chip-card ', '"chip-card taken ', 1) if i < takes else chip)
    if v["phase"] != "over":
        line = n_("{n} card, the top first. The player to act now would take {takes} (marked).",
                  "{n} cards, the top first. The player to act now would take {takes} (marked).",
                  len(pile), takes=takes)
    else:
        line = n_("{n} card, the top first.", "{n} cards, the top first.", len(pile))
    return f'<p>{escape(line)}</p><div class="pile-list">{"".join(chips)}</div>'


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
            rows.append(f'<li class="loser" data-seat="{seat}"><span class="place">–</span>'
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
            rows.append(f'<li data-seat="{seat}"><span class="place">{p}</span>'
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
    # TRANSLATORS: the keys sheet: what a key does
    keys = (("T", N_("take from the pile")),
            # TRANSLATORS: the keys sheet: what a key does
            ("F", N_("play out the rest quickly, once you are out")))
    discards_title = N_("The pile")  # the sheet a click on the pile opens
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
