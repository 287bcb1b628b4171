"""Advantage's log in words: each event a sentence, with its CSS class, from public view data;
a drop or a pair takes the draw that follows it into its sentence. The table also tells the
latest events in its "just now" box."""

from __future__ import annotations

from ...i18n import N_, _, n_
from ...parts.words import Speaker, cards_text


def _draw_line(ev: dict, sp: Speaker) -> str:
    """A draw from the stock: the cards for the drawer, a count for the other seat."""
    seat, cards = ev.get("seat"), ev.get("cards")
    if cards:
        return sp.says(seat, N_("You draw {cards}."), N_("{who} draws {cards}."),
                       cards=cards_text(cards))
    n = ev.get("count", 0)
    if seat == sp.human:
        return n_("You draw a card.", "You draw {n} cards.", n)
    return n_("{who} draws a card.", "{who} draws {n} cards.", n, who=sp.who(seat))


def _help_line(ev: dict, sp: Speaker) -> str:
    """A help-draw (a draw because no move was possible)."""
    seat, cards = ev.get("seat"), ev.get("cards")
    if cards:
        # TRANSLATORS: a help-draw is Advantage's draw when no drop (or exchange) is possible
        return sp.says(seat, N_("You help-draw {cards}."),
                       # TRANSLATORS: a help-draw is Advantage's draw when no drop (or exchange)
                       # is possible
                       N_("{who} help-draws {cards}."), cards=cards_text(cards))
    n = ev.get("count", 0)
    if seat == sp.human:
        # TRANSLATORS: a help-draw is Advantage's draw when no drop (or exchange) is possible
        return n_("You help-draw a card.", "You help-draw {n} cards.", n)
    # TRANSLATORS: a help-draw is Advantage's draw when no drop (or exchange) is possible
    return n_("{who} help-draws a card.", "{who} help-draws {n} cards.", n, who=sp.who(seat))


def _drop_line(ev: dict, drew: dict | None, sp: Speaker) -> str:
    """A drop on a pile, with the draw that replaced the card when there was one."""
    seat = ev.get("seat")
    params = {"cards": cards_text(ev.get("cards")), "pile": ev.get("pile")}
    if drew is None:
        # TRANSLATORS: {cards} are card labels; {pile} is the pile's number
        return sp.says(seat, N_("You drop {cards} on pile {pile}."),
                       # TRANSLATORS: {cards} are card labels; {pile} is the pile's number
                       N_("{who} drops {cards} on pile {pile}."), **params)
    if drew.get("cards"):
        # TRANSLATORS: {drawn} are the labels of the cards drawn after the drop
        return sp.says(seat, N_("You drop {cards} on pile {pile} and draw {drawn}."),
                       # TRANSLATORS: {drawn} are the labels of the cards drawn after the drop
                       N_("{who} drops {cards} on pile {pile} and draws {drawn}."),
                       drawn=cards_text(drew.get("cards")), **params)
    n = drew.get("count", 0)
    if seat == sp.human:
        return n_("You drop {cards} on pile {pile} and draw a card.",
                  "You drop {cards} on pile {pile} and draw {n} cards.", n, **params)
    return n_("{who} drops {cards} on pile {pile} and draws a card.",
              "{who} drops {cards} on pile {pile} and draws {n} cards.", n, who=sp.who(seat),
              **params)


def _pair_line(ev: dict, drew: dict | None, sp: Speaker) -> str:
    """A pair laid, with the draw that followed it when there was one."""
    seat = ev.get("seat")
    cards = cards_text(ev.get("cards"))
    if drew is None:
        return sp.says(seat, N_("You lay a pair, {cards}."), N_("{who} lays a pair, {cards}."),
                       cards=cards)
    if drew.get("cards"):
        # TRANSLATORS: {drawn} are the labels of the cards drawn after laying the pair
        return sp.says(seat, N_("You lay a pair, {cards}, and draw {drawn}."),
                       # TRANSLATORS: {drawn} are the labels of the cards drawn after the pair
                       N_("{who} lays a pair, {cards}, and draws {drawn}."), cards=cards,
                       drawn=cards_text(drew.get("cards")))
    n = drew.get("count", 0)
    if seat == sp.human:
        return n_("You lay a pair, {cards}, and draw a card.",
                  "You lay a pair, {cards}, and draw {n} cards.", n, cards=cards)
    return n_("{who} lays a pair, {cards}, and draws a card.",
              "{who} lays a pair, {cards}, and draws {n} cards.", n, who=sp.who(seat),
              cards=cards)


def _deal_line(ev: dict, sp: Speaker) -> str:
    seat = ev.get("seat")
    first = 1 - seat if seat in (0, 1) else None
    if first == sp.human:
        return _("{who} deals; you go first.", who=sp.who(seat))
    # TRANSLATORS: {first} is the player who plays first
    return sp.says(seat, N_("You deal; {first} goes first."),
                   # TRANSLATORS: {first} is the player who plays first
                   N_("{who} deals; {first} goes first."), first=sp.who(first))


def _line(ev: dict, nxt: dict | None, sp: Speaker) -> tuple[str, str, bool] | None:
    """One event as (css class, sentence, whether it also told the next event: a draw)."""
    kind, seat = ev.get("event"), ev.get("seat")
    follows = (nxt is not None and nxt.get("event") == "draw" and nxt.get("seat") == seat
               and nxt.get("why") in ("replace", "pair"))
    drew = nxt if follows else None
    if kind == "deal":
        return "deal", _deal_line(ev, sp), False
    if kind == "rally":
        return "bout", _("Rally {number}.", number=ev.get("rally")), False
    if kind == "drop":
        return "drop", _drop_line(ev, drew, sp), follows
    if kind == "exchange":
        return "exchange", sp.says(
            # TRANSLATORS: {cards} are the cards given, {taken} the cards taken from pile {pile}
            seat, N_("You exchange {cards} for pile {pile} and take {taken}."),
            # TRANSLATORS: {cards} are the cards given, {taken} the cards taken from pile {pile}
            N_("{who} exchanges {cards} for pile {pile} and takes {taken}."),
            cards=cards_text(ev.get("cards")), pile=ev.get("pile"),
            taken=cards_text(ev.get("taken"))), False
    if kind == "pair":
        return "pair", _pair_line(ev, drew, sp), follows
    if kind == "draw" and ev.get("why") == "help":
        return "help", _help_line(ev, sp), False
    if kind == "draw":
        return "draw", _draw_line(ev, sp), False
    if kind == "pass":
        if ev.get("phase") == "drop":
            return "pass", sp.says(seat, N_("You pass: nothing to drop."),
                                   N_("{who} passes: nothing to drop.")), False
        return "pass", sp.says(seat, N_("You pass: nothing to exchange."),
                               N_("{who} passes: nothing to exchange.")), False
    if kind == "end":
        pairs = ev.get("pairs") or [0, 0]
        each = _(", ").join(
            # TRANSLATORS: one player's score in "Game over: You 3 pairs, Olga 2 pairs."
            n_("{who} {n} pair", "{who} {n} pairs", n, who=sp.who(s))
            for s, n in enumerate(pairs))
        # TRANSLATORS: {each} lists each player's pairs ("You 3 pairs, Olga 2 pairs")
        return "end", _("Game over: {each}.", each=each), False
    return None


def advantage_lines(log: list[dict], sp: Speaker) -> list[tuple[int, str, str]]:
    """The deal's events as (event index, css class, sentence); a drop or a pair takes the draw
    that follows it into its sentence."""
    rows, skip = [], False
    for i, ev in enumerate(log):
        if skip:
            skip = False
            continue
        line = _line(ev, log[i + 1] if i + 1 < len(log) else None, sp)
        if line is not None:
            rows.append((i, line[0], line[1]))
            skip = line[2]
    return rows
