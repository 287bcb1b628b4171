"""Garbage's log in words: each event a sentence, with its CSS class, from public view data."""

from __future__ import annotations

from kozyr.garbage import position_name

from ...i18n import N_, _, n_
from ...parts.cards import label, rank_label
from ...parts.words import Speaker
from ..log_words import names_and


def garbage_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    shown: dict[tuple[int, int], str] = {}
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        c = (ev.get("cards") or [""])[0]
        if kind == "deal":
            # TRANSLATORS: {each} lists each player with their layout's size ("You 10, Olga 10")
            rows.append(("deal", sp.dealt(ev, N_("You deal. Layouts: {each}."),
                                          # TRANSLATORS: {each} lists each player with their
                                          # layout's size ("You 10, Olga 10")
                                          N_("{who} deals. Layouts: {each}."))))
        elif kind == "reshuffle":
            rows.append(("reshuffle", n_(
                "The discard pile, but its top card, is shuffled into a new stock ({n} card).",
                "The discard pile, but its top card, is shuffled into a new stock ({n} cards).",
                ev.get("count") or 0)))
        elif kind == "draw":
            # TRANSLATORS: {card} is a card label ("K♠"), drawn from the stock
            rows.append(("draw", sp.says(seat, N_("You draw {card}."), N_("{who} draws {card}."),
                                         card=label(c))))
        elif kind == "take":
            rows.append(("take", sp.says(seat, N_("You take {card} from the discard pile."),
                                         N_("{who} takes {card} from the discard pile."),
                                         card=label(c))))
        elif kind == "place":
            p, d = ev.get("position"), ev.get("displaced")
            key = (seat, p)
            params = {"card": label(c), "position": rank_label(position_name(p)), "other": label(d)}
            if shown.get(key):
                # TRANSLATORS: {position} is a layout position, named by its rank ("A", "2" … "10");
                # {other} is the card that was there (face up), which the player now holds
                rows.append(("place", sp.says(
                    seat, N_("You place {card} on {position}, displacing {other}."),
                    # TRANSLATORS: {position} is a layout position, named by its rank ("A", "2" …
                    # "10"); {other} is the card that was there face up, which the player now holds
                    N_("{who} places {card} on {position}, displacing {other}."), **params)))
            else:
                # TRANSLATORS: {position} is a layout position, named by its rank ("A", "2" … "10");
                # {other} is the face-down card that was there, which the player now holds
                rows.append(("place", sp.says(
                    seat, N_("You place {card} on {position}, turning up {other}."),
                    # TRANSLATORS: {position} is a layout position, named by its rank ("A", "2" …
                    # "10"); {other} is the face-down card that was there, which the player now
                    # holds
                    N_("{who} places {card} on {position}, turning up {other}."), **params)))
            shown[key] = c
        elif kind == "discard":
            rows.append(("discard", sp.says(seat, N_("You discard {card}."),
                                            N_("{who} discards {card}."), card=label(c))))
        elif kind == "complete":
            size = ev.get("size") or 0
            if seat == sp.human:
                # TRANSLATORS: {n} is the number of positions in your layout
                rows.append(("complete", n_("You complete your layout of {n}!",
                                            "You complete your layout of {n}!", size)))
            else:
                # TRANSLATORS: {n} is the number of positions in the player's layout
                rows.append(("complete", n_("{who} completes the layout of {n}!",
                                            "{who} completes the layout of {n}!", size,
                                            who=sp.who(seat))))
        elif kind == "hand":
            winners = ev.get("winners") or []
            if len(winners) == 1:
                rows.append(("end", sp.says(winners[0], N_("You win the hand."),
                                            N_("{who} wins the hand."))))
            else:
                # TRANSLATORS: {names} are several players ("Olga and You")
                rows.append(("end", _("{names} win the hand.",
                                      names=names_and([sp.who(s) for s in winners]))))
    return rows
