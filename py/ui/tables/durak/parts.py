"""Durak's table in pieces: the seats with their badges and bubbles, the bout in the middle
(each attack card with its defence across it), the discard, and the bout leaving the table.

Only cards the view shows face up ever get a face: the human's hand, the table, the trump
card and cards other players hold that everyone has seen (`known`). Every other card is a
back with no identity in the markup.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import ACE_HIGH, cards, sort_hand

from ...i18n import N_, NP_, _, n_, p_
from ...parts.bubbles import Said, latest_voiced
from ...parts.cards import (RED, SUIT_SYMBOLS, back_html, card_html, chip_html, face, name,
                            rank_label, suit_class)
from ...parts.look import Look
from ...parts.seats import hidden_backs, nameplate, seat_classes
from ...parts.words import Speaker, tooltip
from ...play import moves as mv

LEAVING = 0.45  # seconds for a finished bout to leave the table before the next move

# What a player says in a speech bubble by their seat (parts/bubbles.py), after a move.
BUBBLES = {
    # TRANSLATORS: a player's speech bubble: they take the cards of the bout
    "take": NP_("bubble", "I'll take"),
    # TRANSLATORS: a player's speech bubble: they add no more cards to the bout
    "pass": NP_("bubble", "Done"),
    # TRANSLATORS: a player's speech bubble: they pass the attack on to the next player
    "transfer": NP_("bubble", "Transfer!"),
    "show": NP_("bubble", "Transfer!"),
    # TRANSLATORS: a player's speech bubble: the defender has beaten every card and the bout
    # goes to the discard (Russian players say «Бито!»)
    "beaten": NP_("bubble", "Beaten!"),
}
# The moves a player makes (a bubble lasts until its seat makes one in a later turn).
ACTS = ("attack", "throw", "beat", "take", "pass", "transfer", "show")


def role_word(v: dict, seat: int) -> str:
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


def role_badge(v: dict, seat: int) -> str:
    word = escape(role_word(v, seat))
    if not word:
        return ""
    if seat in v["out"]:
        return f'<span class="role out">{word}</span>'
    if seat == v["defender"]:
        return f'<span class="role defend">{word}</span>'
    return f'<span class="role attack">{word}</span>'


def seat_word(v: dict, seat: int) -> Said | None:
    """The seat's word: its take, its "done", its transfer, or the bout it beat off."""
    i = latest_voiced(v["log"], seat, BUBBLES, ACTS)
    if i is None:
        return None
    kind = v["log"][i]["event"]
    return Said(seat, i, kind, p_("bubble", BUBBLES[kind]))


def opponent_html(v: dict, seat: int, look: Look, sp: Speaker) -> str:
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
    chips = f'{partner}{role_badge(v, seat)}'
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="fan" style="--n:{max(1, len(fan))}" data-pile="hand-{seat}" '
            f'data-count="{v["hand_sizes"][seat]}">{"".join(fan)}</div>{_seen_chips(v, seat)}'
            f'{nameplate(v, seat, look, chips, seat_word(v, seat))}</div>')


def _seen_chips(v: dict, seat: int) -> str:
    """The seat's cards everyone has seen as chips, for a phone: a crowded seat's fan is too
    narrow to show them as cards. The fan's cards name them to screen readers."""
    known = v["known"][seat]
    if not known:
        return ""
    return f'<div class="seen-chips" aria-hidden="true">{"".join(map(chip_html, known))}</div>'


def leaving_html(look: Look) -> str:
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


def discard_html(v: dict, look: Look) -> str:
    n = len(v["discarded"])
    if not n:
        # TRANSLATORS: the empty discard pile, for screen readers
        empty = escape(_("No cards discarded yet"))
        return (f'<div class="discard empty" role="img" aria-label="{empty}" data-pile="discard" '
                f'data-count="0"></div>')
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n // 4 + 1)))
    # TRANSLATORS: the discard pile's tooltip; a click shows its cards
    title = tooltip(n_("Discard: {n} card. Click to see which.",
                       "Discard: {n} cards. Click to see which.", n), look.touch)
    # TRANSLATORS: the discard pile (a button that shows its cards), for screen readers
    said = escape(n_("Discard: {n} card, show them", "Discard: {n} cards, show them", n))
    return (f'<button type="button" class="discard" data-act="discards" data-pile="discard" '
            f'data-count="{n}"{title} aria-label="{said}"><div class="discard-pile">{layers}</div>'
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
    ordered = sort_hand(cards(gone), ACE_HIGH)  # by suit, then rank
    for suit in ("S", "H", "C", "D"):
        colour = "red" if suit in RED else "black"
        trump = " trump" if suit == v["trump_suit"] else ""
        chips = "".join(f'<span class="chip-card {colour}">{escape(rank_label(c.rank))}</span>'
                        for c in ordered if c.suit == suit) or none
        rows.append(f'<li class="{trump.strip()}"><span class="suit-head {colour} s-{suit}">'
                    f'{SUIT_SYMBOLS[suit]}</span>{chips}'
                    f'{trump_mark if trump else ""}</li>')
    # TRANSLATORS: the discard sheet's first line
    out = escape(n_("{n} card has been beaten off and is out of play.",
                    "{n} cards have been beaten off and are out of play.", len(gone)))
    return f'<p>{out}</p><ul class="discards">{"".join(rows)}</ul>'


def slot_html(place: dict, first: bool) -> str:
    """The lit empty place at the end of the bout: a tap (or Enter) on it lays the selection
    on the table, as a tap on the table itself does."""
    # TRANSLATORS: the lit empty place on the table, for screen readers; {move} is the move's
    # button text ("Attack with K♠", "Throw in 7♥ 7♦")
    said = _("On the table: {move}", move=mv.button_text(place))
    return (f'<button type="button" class="slot" id="table-slot" data-act="target" '
            f'data-arg="{escape(place["text"])}" aria-label="{escape(said)}" '
            f'tabindex="{0 if first else -1}"><span aria-hidden="true">+</span></button>')


def bout_html(v: dict, look: Look, targets: dict[str, dict], sp: Speaker,
              place: dict | None = None) -> str:
    """The bout; with `place`, the move a tap on the table lays (lit, with its empty place);
    the whole bout takes the tap unless some of its cards are places of their own."""
    pairs = []
    mine = " up" if look.acted == look.human else ""  # my cards come up from my hand
    first = True
    for attack, defence in v["table"]:
        cls = "attack"
        said = pair_words(attack, defence)
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
    if place is not None:
        pairs.append(slot_html(place, first))
    if not pairs:
        if v["phase"] == "over" or v["attacker"] == look.human:
            text = ""  # (the person's own lead: the prompt says so, the plates who defends)
        else:
            # TRANSLATORS: the empty table at the start of a bout: who leads, against whom
            text = escape(_("{who} leads against {whom}", who=sp.who(v["attacker"]),
                            whom=sp.whom(v["defender"])))
        pairs.append(f'<div class="bout-empty">{text}</div>')
    used = len(v["table"])
    dots = "".join(f'<i class="{"on" if i < used else ""}"></i>' for i in range(v["capacity"]))
    meter = ""
    if v["phase"] != "over":
        # TRANSLATORS: the tooltip of the bout's meter: attack cards played, and the most allowed
        title = escape(_("Attack cards in this bout: {used} of at most {most}", used=used,
                         most=v["capacity"]))
        # TRANSLATORS: the bout's meter, under the table, in words (a phone shows no tooltip):
        # attack cards played in this bout, of the most allowed
        words = escape(_("{used} of {most} attacks", used=used, most=v["capacity"]))
        meter = (f'<div class="meter" title="{title}"><span>{words}</span>{dots}</div>')
    taking = ""
    if v["taking"] and v["phase"] != "over":
        # TRANSLATORS: a flag over the table while the defender takes the bout's cards
        flag = sp.says(v["defender"], N_("You take"), N_("{who} takes"))
        taking = f'<div class="taking-flag">{escape(flag)}</div>'
    group = escape(_("The table"))
    lit = aim = ""
    if place is not None:  # the table is a place: lit, and a tap on it lays the cards
        lit = " place"
        if not targets:  # (with cards to beat on it, only its empty place takes the tap)
            aim = f' data-act="target" data-arg="{escape(place["text"])}"'
    return (f'<div class="bout{lit}" id="bout" data-pairs="{used}" data-pile="bout"{aim}>'
            f'{taking}'
            f'<div class="pairs" role="group" aria-label="{group}" data-roving>'
            f'{"".join(pairs)}</div>{meter}</div>')


def pair_words(attack: str, defence: str | None) -> str:
    """A pair of the bout in words: "king of spades, beaten by ace of spades"."""
    if defence:
        return _("{card}, beaten by {defence}", card=name(attack), defence=name(defence))
    return _("{card}, not beaten", card=name(attack))
