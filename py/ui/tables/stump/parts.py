"""Stump's table in pieces: the seats with their stumps, badges and bubbles; the middle's
pile (its top card large, the cards under it fanned out, the ones a taker would pick up marked
by the "takes N" bracket), the cards just taken leaving it, and the take counts.

Only cards the view shows face up ever get a face: the human's hand, the pile, the trump
card and cards other players hold that everyone has seen (`known`, i.e. taken from the
pile). Stumps, stock and the rest of the opponents' hands are backs with no identity.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import card

from ...i18n import _, n_, p_
from ...parts.cards import back_html, card_html, chip_html, label, rank_label
from ...parts.bubbles import Said, latest_voiced
from ...parts.look import Look
from ...parts.seats import hidden_backs, nameplate, seat_classes
from ...parts.words import Speaker, tooltip
from .log import ordinal

PILE_SHOWN = 11  # the most cards a take can lift (an ace with "ace eleven")
# --- seats ------------------------------------------------------------------------------------

def stump_html(v: dict, seat: int, mine: bool = False) -> str:
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
        return (f'<div class="stump" data-stump="{n}" data-pile="stump-{seat}" data-count="{n}" '
                f'title="{escape(title)}" '
                f'aria-label="{escape(title)}"><div class="stump-cards">{backs}</div>'
                f'<span class="stump-label">{word}</span></div>')
    title = escape(_("Your stump has been picked up") if mine else
                   _("Their stump has been picked up"))
    return (f'<div class="stump used" data-stump="0" data-pile="stump-{seat}" data-count="0" '
            f'title="{title}" aria-label="{title}">'
            f'<div class="stump-cards"></div><span class="stump-label">{word}</span></div>')


def role_badge(v: dict, seat: int) -> str:
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


# The moves a player makes (a bubble lasts until its seat makes one in a later turn).
ACTS = ("lead", "beat", "take")


def seat_word(v: dict, seat: int) -> Said | None:
    """What the seat said on its take from the pile or on picking up its stump."""
    i = latest_voiced(v["log"], seat, ("take", "stump"), ACTS)
    if i is None:
        return None
    ev = v["log"][i]
    if ev["event"] == "stump":
        # TRANSLATORS: a player's speech bubble on picking up their stump
        return Said(seat, i, "stump", _("My stump!"))
    if ev.get("whole"):
        # TRANSLATORS: a player's speech bubble after taking the whole pile
        return Said(seat, i, "take", _("Took the pile"))
    # TRANSLATORS: a player's speech bubble: took {n} cards from the pile
    return Said(seat, i, "take", n_("Took {n}", "Took {n}", ev.get("count")))


def opponent_html(v: dict, seat: int, look: Look) -> str:
    fan = hidden_backs(v, seat)
    seen = escape(_("Everyone has seen this card"))
    for c in v["known"][seat]:
        cls = "known fresh" if f"known{seat}:{c}" in look.fresh else "known"
        fan.append(card_html(c, cls, f'title="{seen}"'))
    empty = '<div class="fan-empty" aria-hidden="true"></div>' if not fan else ""
    chips = role_badge(v, seat)
    return (f'<div class="{" ".join(seat_classes(v, seat, look))}" data-seat="{seat}">'
            f'<div class="seat-cards">{stump_html(v, seat)}'
            f'<div class="fan" style="--n:{max(1, len(fan))}" data-pile="hand-{seat}" '
            f'data-count="{v["hand_sizes"][seat]}">{"".join(fan)}{empty}</div></div>'
            f'{nameplate(v, seat, look, chips, seat_word(v, seat))}</div>')


# --- the middle: stock, pile, take counts -----------------------------------------------------

def pile_html(v: dict, look: Look, sp: Speaker) -> str:
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
        return (f'<div class="pile-zone empty" id="bout" data-count="0" data-pile="bout">'
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
    count_of_top = v["take_table"].get(card(top_card).rank, taking)
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
    return (f'<div class="pile-zone" id="bout" data-count="{len(pile)}" data-pile="bout">'
            f'<div class="pile-stack">'
            f'<button type="button" class="pile-fan" data-act="discards" style="--k:{k}"'
            f'{tooltip(title, look.touch)} aria-label="{escape(aria)}">{more}{"".join(cards)}</button>{bracket}</div></div>')


def taken_html(v: dict, look: Look) -> str:
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


def counts_html(v: dict) -> str:
    """The take counts, as a small legend: the view's table, in its order, listing the ranks
    that do not count their face value, then the rest in one row as numbers ("6–10 6–10"),
    which fit the card-wide legend of a phone in any language (screen readers hear words)."""
    table = v["take_table"]
    special = [(r, n) for r, n in table.items() if r != str(n)]
    rows = "".join(f'<li><b>{escape(rank_label(r))}</b><span>{n}</span></li>'
                   for r, n in special)
    plain = sorted(int(r) for r, n in table.items() if r == str(n))
    rest = ""
    if plain:
        # TRANSLATORS: in the take counts legend, after the ranks that count otherwise (said
        # to screen readers; the legend shows the ranks: "6–10 6–10")
        others = escape(_("others: face value"))
        span = f"{plain[0]}–{plain[-1]}" if len(plain) > 1 else str(plain[0])
        rest = (f'<li class="rest"><span class="sr-only">{others}</span><b aria-hidden="true">'
                f'{span}</b><span aria-hidden="true">{span}</span></li>')
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
