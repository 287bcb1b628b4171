"""Memory's log in words: each event a sentence, with its CSS class, from public view data.
The table also tells the latest black-ace look in its last call's box (`look_line`)."""

from __future__ import annotations

from ...i18n import N_, NP_, _, n_, p_
from ...parts.cards import label
from ...parts.words import Speaker
from ..log_words import names_and

# The calls, as the log words them ("You call higher on 7♠").
CALLS = {"higher": NP_("call", "higher"), "lower": NP_("call", "lower"),
         "same": NP_("call", "same")}


def call_word(call) -> str:
    return p_("call", CALLS[call]) if call in CALLS else str(call)


def memory_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        c = (ev.get("cards") or [""])[0]
        if kind == "deal":
            # TRANSLATORS: {each} lists each player with the size of their pile ("You 9, Olga 9")
            rows.append(("deal", sp.dealt(ev, N_("You deal. Piles: {each}."),
                                          # TRANSLATORS: {each} lists each player with the size
                                          # of their pile ("You 9, Olga 9")
                                          N_("{who} deals. Piles: {each}."))))
        elif kind == "start":
            rows.append(("start", sp.says(seat, N_("You lay the start card {card}."),
                                          N_("{who} lays the start card {card}."),
                                          card=label(c))))
        elif kind == "call":
            params = {"call": call_word(ev.get("call")), "over": label(ev.get("over")),
                      "card": label(c)}
            if ev.get("right"):
                # TRANSLATORS: {call} is higher, lower or same; {over} the card called on;
                # {card} the card turned
                rows.append(("call-right", sp.says(
                    seat, N_("You call {call} on {over}: {card}, right."),
                    # TRANSLATORS: {call} is higher, lower or same; {over} the card called on;
                    # {card} the card turned
                    N_("{who} calls {call} on {over}: {card}, right."), **params)))
            else:
                # TRANSLATORS: {call} is higher, lower or same; {over} the card called on;
                # {card} the card turned
                rows.append(("call-wrong", sp.says(
                    seat, N_("You call {call} on {over}: {card}, wrong."),
                    # TRANSLATORS: {call} is higher, lower or same; {over} the card called on;
                    # {card} the card turned
                    N_("{who} calls {call} on {over}: {card}, wrong."), **params)))
        elif kind == "take":
            n = len(ev.get("cards") or [])
            if seat == sp.human:
                rows.append(("take", n_("You take the centre ({n} card).",
                                        "You take the centre ({n} cards).", n)))
            else:
                rows.append(("take", n_("{who} takes the centre ({n} card).",
                                        "{who} takes the centre ({n} cards).", n,
                                        who=sp.who(seat))))
        elif kind == "look":
            rows.append(("look", look_line(ev, sp)))
        elif kind == "win":
            rows.append(("end", sp.says(seat, N_("You turned the last card and win!"),
                                        N_("{who} turned the last card and wins!"))))
        elif kind == "limit":
            # TRANSLATORS: {n} calls were made; {names} are the players with the smallest piles
            rows.append(("end", n_("{n} calls: the game stops. Fewest cards: {names}.",
                                   "{n} calls: the game stops. Fewest cards: {names}.",
                                   ev.get("calls") or 0,
                                   names=names_and([sp.who(s) for s in ev.get("winners") or []]))))
    return rows


def look_line(ev: dict, sp: Speaker) -> str:
    seats = ev.get("seats") or []
    if len(seats) == 1:
        return sp.says(seats[0], N_("Black ace: You look at your pile."),
                       N_("Black ace: {who} looks at their pile."))
    return _("Black ace: everyone looks at their pile.")
