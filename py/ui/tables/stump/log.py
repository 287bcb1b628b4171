"""Stump's log in words: each event a sentence, with its CSS class, from public view data."""

from __future__ import annotations

from ...i18n import N_, NP_, n_, p_
from ...parts.words import Speaker, cards_text
from ..log_words import beat, dealt_with_trump, drew_count, led

ORDINALS = {1: NP_("ordinal", "1st"), 2: NP_("ordinal", "2nd"), 3: NP_("ordinal", "3rd")}


def ordinal(n: int) -> str:
    """A place in words: "1st", "2nd", "4th"."""
    if n in ORDINALS:
        return p_("ordinal", ORDINALS[n])
    # TRANSLATORS: a place from the 4th on ("4th", "5th")
    return p_("ordinal", "{n}th", n=n)


def stump_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    """The deal's events as (css class, sentence). The pile is followed through the log so a
    beat can name the card it beat."""
    pile: list[str] = []
    out_count = 0
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        cards = list(ev.get("cards") or [])
        if kind == "deal":
            rows.append(("deal", dealt_with_trump(ev, sp)))
        elif kind == "lead":
            rows.append(("lead", led(seat, cards_text(cards), sp)))
            pile += cards
        elif kind == "beat":
            rows.append(("beat", beat(seat, pile[-1] if pile else None, cards_text(cards), sp)))
            pile += cards
        elif kind == "take":
            n = ev.get("count", len(cards))
            del pile[len(pile) - n:]
            if ev.get("whole"):
                rows.append(("take", sp.says(
                    seat, N_("You take the whole pile ({cards}) and lead."),
                    N_("{who} takes the whole pile ({cards}) and leads."),
                    cards=cards_text(cards))))
            elif seat == sp.human:
                # TRANSLATORS: you take the top {n} cards of the pile, then their labels
                rows.append(("take", n_("You take {n}: {cards}.", "You take {n}: {cards}.", n,
                                        cards=cards_text(cards))))
            else:
                # TRANSLATORS: a player takes the top {n} cards of the pile, then their labels
                rows.append(("take", n_("{who} takes {n}: {cards}.", "{who} takes {n}: {cards}.",
                                        n, who=sp.who(seat), cards=cards_text(cards))))
        elif kind == "draw":
            rows.append(("draw", drew_count(ev.get("count", 0), seat, sp)))
        elif kind == "stump":
            rows.append(("stump", sp.says(seat, N_("You pick up your stump."),
                                          N_("{who} picks up the stump cards."))))
        elif kind == "out":
            out_count += 1
            # TRANSLATORS: {place} is a place in words ("1st", "2nd")
            rows.append(("out", sp.says(seat, N_("You are out, {place}."),
                                        # TRANSLATORS: {place} is a place in words ("1st", "2nd")
                                        N_("{who} is out, {place}."),
                                        place=ordinal(out_count))))
        elif kind == "end":
            rows.append(("end", sp.says(ev.get("stump"), N_("You are the stump."),
                                        N_("{who} is the stump."))))
    return rows
