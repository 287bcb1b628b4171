"""Every game's log in words: each event a sentence, with its CSS class, from public view data.

The log is the table's story (the drawer on the side, the live region for screen readers);
the tables also use these sentences in their own boxes (Memory's last call, Advantage's
"just now").
"""

from __future__ import annotations

from kozyr.garbage import position_name as pos_name

from ..parts.cards import label
from ..parts.words import Speaker, cards_text, plural

# --- Durak -----------------------------------------------------------------------------------------

def durak_line(ev: dict, sp: Speaker) -> tuple[str, str] | None:
    """One log event as (css class, text); None for events not worth a line."""
    kind, seat = ev.get("event"), ev.get("seat")
    cards = cards_text(ev.get("cards"))
    if kind == "deal":
        trump = ev.get("trump")
        return "deal", f"{sp.says(seat, 'deal')}. Trump: {label(trump) if trump else '?'}."
    if kind == "bout":
        return "bout", f"{sp.says(seat, 'attack')} {sp.obj(ev.get('defender'))}."
    if kind == "attack":
        return "attack", f"{sp.says(seat, 'lead')} {cards}."
    if kind == "throw":
        return "throw", f"{sp.says(seat, 'throw', 'throws')} in {cards}."
    if kind == "beat":
        target = ev.get("target")
        return "beat", f"{sp.says(seat, 'beat')} {label(target) if target else ''} with {cards}."
    if kind == "take":
        return "take", f"{sp.says(seat, 'take')}."
    if kind == "pass":
        return "pass", f"{sp.who(seat)}: done."
    if kind == "transfer":
        return "transfer", (f"{sp.says(seat, 'transfer')} with {cards} to "
                            f"{sp.obj(ev.get('defender'))}.")
    if kind == "show":
        return "transfer", (f"{sp.says(seat, 'show')} {cards} and {'pass' if seat == sp.human else 'passes'} "
                            f"the attack to {sp.obj(ev.get('defender'))}.")
    if kind == "took":
        n = len(ev.get("cards") or [])
        return "took", f"{sp.says(seat, 'pick', 'picks')} up {n} card{'s' if n != 1 else ''}."
    if kind == "beaten":
        n = len(ev.get("cards") or [])
        return "beaten", f"Beaten off: {n} cards to the discard."
    if kind == "draw":
        n = ev.get("count", 0)
        return "draw", f"{sp.says(seat, 'draw')} {n}."
    if kind == "out":
        return "out", f"{sp.who(seat)} {'are' if seat == sp.human else 'is'} out of cards."
    if kind == "end":
        fool = ev.get("fool")
        if fool is None:
            return "end", "Draw: nobody is left holding cards."
        return "end", f"{sp.who(fool)} {'are' if fool == sp.human else 'is'} the fool."
    return None


# --- Stump -----------------------------------------------------------------------------------------

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


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
            trump = ev.get("trump")
            rows.append(("deal", f"{sp.says(seat, 'deal')}. Trump: "
                                 f"{label(trump) if trump else '?'}."))
        elif kind == "lead":
            rows.append(("lead", f"{sp.says(seat, 'lead')} {cards_text(cards)}."))
            pile += cards
        elif kind == "beat":
            under = f" {label(pile[-1])}" if pile else ""
            rows.append(("beat", f"{sp.says(seat, 'beat')}{under} with {cards_text(cards)}."))
            pile += cards
        elif kind == "take":
            n = ev.get("count", len(cards))
            del pile[len(pile) - n:]
            if ev.get("whole"):
                rows.append(("take", f"{sp.says(seat, 'take')} the whole pile "
                                     f"({cards_text(cards)}) and {'lead' if seat == sp.human else 'leads'}."))
            else:
                rows.append(("take", f"{sp.says(seat, 'take')} {n}: {cards_text(cards)}."))
        elif kind == "draw":
            rows.append(("draw", f"{sp.says(seat, 'draw')} {ev.get('count', 0)}."))
        elif kind == "stump":
            whose = "your stump" if seat == sp.human else "the stump cards"
            rows.append(("stump", f"{sp.says(seat, 'pick', 'picks')} up {whose}."))
        elif kind == "out":
            out_count += 1
            verb = "are" if seat == sp.human else "is"
            rows.append(("out", f"{sp.who(seat)} {verb} out, {ordinal(out_count)}."))
        elif kind == "end":
            loser = ev.get("stump")
            verb = "are" if loser == sp.human else "is"
            rows.append(("end", f"{sp.who(loser)} {verb} the stump."))
    return rows


# --- Garbage ---------------------------------------------------------------------------------------

def garbage_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    shown: dict[tuple[int, int], str] = {}
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        c = (ev.get("cards") or [""])[0]
        if kind == "deal":
            rows.append(("deal", sp.dealt(ev, "Layouts")))
        elif kind == "reshuffle":
            rows.append(("reshuffle", f"The discard pile, but its top card, is shuffled into a "
                                      f"new stock ({ev.get('count')} cards)."))
        elif kind == "draw":
            rows.append(("draw", f"{sp.says(seat, 'draw')} {label(c)}."))
        elif kind == "take":
            rows.append(("take", f"{sp.says(seat, 'take')} {label(c)} from the discard pile."))
        elif kind == "place":
            p, d = ev.get("position"), ev.get("displaced")
            key = (seat, p)
            how = "displacing" if shown.get(key) else "turning up"
            rows.append(("place", f"{sp.says(seat, 'place')} {label(c)} on {pos_name(p)}, "
                                  f"{how} {label(d)}."))
            shown[key] = c
        elif kind == "discard":
            rows.append(("discard", f"{sp.says(seat, 'discard')} {label(c)}."))
        elif kind == "complete":
            verb = "complete" if seat == sp.human else "completes"
            whose = "your" if seat == sp.human else "the"
            rows.append(("complete", f"{sp.who(seat)} {verb} {whose} layout of {ev.get('size')}!"))
        elif kind == "hand":
            winners = ev.get("winners") or []
            names = " and ".join(sp.who(s) for s in winners)
            verb = "win" if winners == [sp.human] or len(winners) > 1 else "wins"
            rows.append(("end", f"{names} {verb} the hand."))
    return rows


# --- Memory ----------------------------------------------------------------------------------------

def memory_lines(log: list[dict], sp: Speaker) -> list[tuple[str, str]]:
    rows = []
    for ev in log:
        kind, seat = ev.get("event"), ev.get("seat")
        c = (ev.get("cards") or [""])[0]
        if kind == "deal":
            rows.append(("deal", sp.dealt(ev, "Piles")))
        elif kind == "start":
            rows.append(("start", f"{sp.says(seat, 'lay', 'lays')} the start card {label(c)}."))
        elif kind == "call":
            verdict = "right" if ev.get("right") else "wrong"
            rows.append((f"call-{verdict}", f"{sp.says(seat, 'call')} {ev.get('call')} on "
                                            f"{label(ev.get('over'))}: {label(c)}, {verdict}."))
        elif kind == "take":
            rows.append(("take", f"{sp.says(seat, 'take')} the centre "
                                 f"({plural(len(ev.get('cards') or []), 'card')})."))
        elif kind == "look":
            rows.append(("look", look_line(ev, sp)))
        elif kind == "win":
            verb = "win" if seat == sp.human else "wins"
            rows.append(("end", f"{sp.who(seat)} turned the last card and {verb}!"))
        elif kind == "limit":
            names = " and ".join(sp.who(s) for s in ev.get("winners") or [])
            rows.append(("end", f"{ev.get('calls')} calls: the game stops. Fewest cards: "
                                f"{names}."))
    return rows


def look_line(ev: dict, sp: Speaker) -> str:
    seats = ev.get("seats") or []
    if len(seats) == 1:
        whose = "your" if seats[0] == sp.human else "their"
        return f"Black ace: {sp.says(seats[0], 'look')} at {whose} pile."
    return "Black ace: everyone looks at their pile."


# --- Advantage -------------------------------------------------------------------------------------

def _draw_words(ev: dict, sp: Speaker) -> str:
    """What a draw brought: the cards for the drawer, a count for the other seat."""
    cards = ev.get("cards")
    if cards:
        return cards_text(cards)
    return "a card" if ev.get("count", 0) == 1 else f"{ev.get('count', 0)} cards"


def _line(ev: dict, nxt: dict | None, sp: Speaker) -> tuple[str, str, bool] | None:
    """One event as (css class, sentence, whether it also told the next event: a draw)."""
    kind, seat = ev.get("event"), ev.get("seat")
    follows = (nxt is not None and nxt.get("event") == "draw" and nxt.get("seat") == seat
               and nxt.get("why") in ("replace", "pair"))
    tail = f" and {'draw' if seat == sp.human else 'draws'} {_draw_words(nxt, sp)}" if follows else ""
    cards = cards_text(ev.get("cards"))
    if kind == "deal":
        first = 1 - seat if seat in (0, 1) else None
        goes = "go" if first == sp.human else "goes"
        return "deal", f"{sp.says(seat, 'deal')}; {sp.obj(first)} {goes} first.", False
    if kind == "rally":
        return "bout", f"Rally {ev.get('rally')}.", False
    if kind == "drop":
        return "drop", f"{sp.says(seat, 'drop')} {cards} on pile {ev.get('pile')}{tail}.", follows
    if kind == "exchange":
        taken = cards_text(ev.get("taken"))
        return "exchange", (f"{sp.says(seat, 'exchange')} {cards} for pile {ev.get('pile')} "
                            f"and {'take' if seat == sp.human else 'takes'} {taken}."), False
    if kind == "pair":
        return "pair", f"{sp.says(seat, 'lay')} a pair, {cards}{',' if follows else ''}{tail}.", follows
    if kind == "draw" and ev.get("why") == "help":
        return "help", f"{sp.says(seat, 'help-draw')} {_draw_words(ev, sp)}.", False
    if kind == "draw":
        return "draw", f"{sp.says(seat, 'draw')} {_draw_words(ev, sp)}.", False
    if kind == "pass":
        what = "to drop" if ev.get("phase") == "drop" else "to exchange"
        return "pass", f"{sp.says(seat, 'pass', 'passes')}: nothing {what}.", False
    if kind == "end":
        pairs = ev.get("pairs") or [0, 0]
        each = ", ".join(f"{sp.who(s)} {plural(n, 'pair')}" for s, n in enumerate(pairs))
        return "end", f"Game over: {each}.", False
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
