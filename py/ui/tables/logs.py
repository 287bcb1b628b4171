"""Every game's log in words: each event a sentence, with its CSS class, from public view data.

The log is the table's story (the drawer on the side, the live region for screen readers);
the tables also use these sentences in their own boxes (Memory's last call, Advantage's
"just now").

Every sentence is a whole message of the catalogue. A sentence about a seat has two, one for
the person ("You take.") and one for the others ("{who} takes."), worded by the Speaker; a
sentence with a count has its plural forms (n_), one pair for the person and one for the others.
"""

from __future__ import annotations

from kozyr.garbage import position_name as pos_name

from ..i18n import N_, NP_, _, n_, p_
from ..parts.cards import label, rank_label
from ..parts.words import Speaker, cards_text


def names_and(names: list[str]) -> str:
    """Seats listed with "and": "Olga and You", "Olga and Misha and Vera"."""
    if not names:
        return ""
    text = names[0]
    for more in names[1:]:
        # TRANSLATORS: a list of players, grown one name at a time: "Olga and You"
        text = _("{first} and {second}", first=text, second=more)
    return text


def _trump(trump: str | None) -> str:
    return label(trump) if trump else "?"


# --- Durak -----------------------------------------------------------------------------------------

def durak_line(ev: dict, sp: Speaker) -> tuple[str, str] | None:
    """One log event as (css class, text); None for events not worth a line."""
    kind, seat = ev.get("event"), ev.get("seat")
    cards = cards_text(ev.get("cards"))
    if kind == "deal":
        # TRANSLATORS: {trump} is the trump card, as a label ("K♠")
        return "deal", sp.says(seat, N_("You deal. Trump: {trump}."),
                               # TRANSLATORS: {trump} is the trump card, as a label ("K♠")
                               N_("{who} deals. Trump: {trump}."), trump=_trump(ev.get("trump")))
    if kind == "bout":
        return "bout", sp.says(seat, N_("You attack {whom}."), N_("{who} attacks {whom}."),
                               whom=sp.whom(ev.get("defender")))
    if kind == "attack":
        # TRANSLATORS: {cards} are card labels ("K♠ K♥")
        return "attack", sp.says(seat, N_("You lead {cards}."), N_("{who} leads {cards}."),
                                 cards=cards)
    if kind == "throw":
        return "throw", sp.says(seat, N_("You throw in {cards}."), N_("{who} throws in {cards}."),
                                cards=cards)
    if kind == "beat":
        target = ev.get("target")
        if not target:
            return "beat", sp.says(seat, N_("You beat with {cards}."),
                                   N_("{who} beats with {cards}."), cards=cards)
        # TRANSLATORS: {target} is the card beaten, {cards} the card that beats it ("K♠")
        return "beat", sp.says(seat, N_("You beat {target} with {cards}."),
                               # TRANSLATORS: {target} is the card beaten, {cards} the card
                               # that beats it ("K♠")
                               N_("{who} beats {target} with {cards}."), target=label(target),
                               cards=cards)
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
        return "draw", _draw_count(ev.get("count", 0), seat, sp)
    if kind == "out":
        return "out", sp.says(seat, N_("You are out of cards."), N_("{who} is out of cards."))
    if kind == "end":
        fool = ev.get("fool")
        if fool is None:
            return "end", _("Draw: nobody is left holding cards.")
        return "end", sp.says(fool, N_("You are the fool."), N_("{who} is the fool."))
    return None


def _draw_count(n: int, seat: int | None, sp: Speaker) -> str:
    """A draw from the stock by its count (Durak, Stump): "Olga draws 3."."""
    if seat == sp.human:
        # TRANSLATORS: you draw {n} cards from the stock
        return n_("You draw {n}.", "You draw {n}.", n)
    # TRANSLATORS: a player draws {n} cards from the stock
    return n_("{who} draws {n}.", "{who} draws {n}.", n, who=sp.who(seat))


# --- Stump -----------------------------------------------------------------------------------------

ORDINALS = {1: NP_("ordinal", "1st"), 2: NP_("ordinal", "2nd"), 3: NP_("ordinal", "3rd")}


def ordinal(n: int) -> str:
    """A place in words: "1st", "2nd", "4th"."""
    if n in ORDINALS:
        return p_("ordinal", ORDINALS[n])
    # TRANSLATORS: a place from the 4th on ("4th", "5th")
    return p_("ordinal", "{n}th", n=n)


# --- the log in words -------------------------------------------------------------------------

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
            rows.append(("deal", sp.says(seat, N_("You deal. Trump: {trump}."),
                                         N_("{who} deals. Trump: {trump}."),
                                         trump=_trump(ev.get("trump")))))
        elif kind == "lead":
            rows.append(("lead", sp.says(seat, N_("You lead {cards}."), N_("{who} leads {cards}."),
                                         cards=cards_text(cards))))
            pile += cards
        elif kind == "beat":
            if pile:
                rows.append(("beat", sp.says(seat, N_("You beat {target} with {cards}."),
                                             N_("{who} beats {target} with {cards}."),
                                             target=label(pile[-1]), cards=cards_text(cards))))
            else:
                rows.append(("beat", sp.says(seat, N_("You beat with {cards}."),
                                             N_("{who} beats with {cards}."),
                                             cards=cards_text(cards))))
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
            rows.append(("draw", _draw_count(ev.get("count", 0), seat, sp)))
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


# --- Garbage ---------------------------------------------------------------------------------------

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
            params = {"card": label(c), "position": rank_label(pos_name(p)), "other": label(d)}
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


# --- Memory ----------------------------------------------------------------------------------------

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


# --- Advantage -------------------------------------------------------------------------------------

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
