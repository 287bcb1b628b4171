"""Durak's log in words: each event a sentence, with its CSS class, from public view data."""

from __future__ import annotations

from ...i18n import N_, _, n_
from ...parts.words import Speaker, cards_text
from ..log_words import beat, dealt_with_trump, drew_count, led


def durak_line(ev: dict, sp: Speaker) -> tuple[str, str] | None:
    """One log event as (css class, text); None for events not worth a line."""
    kind, seat = ev.get("event"), ev.get("seat")
    cards = cards_text(ev.get("cards"))
    if kind == "deal":
        return "deal", dealt_with_trump(ev, sp)
    if kind == "bout":
        return "bout", sp.says(seat, N_("You attack {whom}."), N_("{who} attacks {whom}."),
                               whom=sp.whom(ev.get("defender")))
    if kind == "attack":
        return "attack", led(seat, cards, sp)
    if kind == "throw":
        return "throw", sp.says(seat, N_("You throw in {cards}."), N_("{who} throws in {cards}."),
                                cards=cards)
    if kind == "beat":
        return "beat", beat(seat, ev.get("target"), cards, sp)
    if kind == "take":
        return "take", sp.says(seat, N_("You take."), N_("{who} takes."))
    if kind == "pass":
        # TRANSLATORS: a log line: a player (or "You") has nothing more to add to the bout
        return "pass", _("{who}: done.", who=sp.who(seat))
    if kind == "transfer":
        return "transfer", sp.says(seat, N_("You transfer with {cards} to {whom}."),
                                   N_("{who} transfers with {cards} to {whom}."), cards=cards,
                                   whom=sp.whom(ev.get("defender")))
    if kind == "show":
        return "transfer", sp.says(seat, N_("You show {cards} and pass the attack to {whom}."),
                                   N_("{who} shows {cards} and passes the attack to {whom}."),
                                   cards=cards, whom=sp.whom(ev.get("defender")))
    if kind == "took":
        n = len(ev.get("cards") or [])
        if seat == sp.human:
            return "took", n_("You pick up {n} card.", "You pick up {n} cards.", n)
        return "took", n_("{who} picks up {n} card.", "{who} picks up {n} cards.", n,
                          who=sp.who(seat))
    if kind == "beaten":
        n = len(ev.get("cards") or [])
        # TRANSLATORS: the cards of a bout beaten off go to the discard pile (always 2 or more)
        return "beaten", n_("Beaten off: {n} card to the discard.",
                            "Beaten off: {n} cards to the discard.", n)
    if kind == "draw":
        return "draw", drew_count(ev.get("count", 0), seat, sp)
    if kind == "out":
        return "out", sp.says(seat, N_("You are out of cards."), N_("{who} is out of cards."))
    if kind == "end":
        fool = ev.get("fool")
        if fool is None:
            return "end", _("Draw: nobody is left holding cards.")
        return "end", sp.says(fool, N_("You are the fool."), N_("{who} is the fool."))
    return None


def durak_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    """The deal's events as (css class, sentence), oldest first."""
    return [line for ev in log if (line := durak_line(ev, sp))]
