"""The table in words: seat names, log lines and turn prompts, from public view data only."""

from __future__ import annotations

from html import escape

from .cards import label

NAMES = ("Olga", "Misha", "Vera", "Pavel", "Nina", "Boris", "Lena", "Yuri")


def seat_names(players: int, human: int = 0) -> list[str]:
    names, k = [], 0
    for seat in range(players):
        if seat == human:
            names.append("You")
        else:
            names.append(NAMES[k % len(NAMES)])
            k += 1
    return names


class Speaker:
    """Builds sentences about seats, with "You" conjugated right ("you take", "Olga takes")."""

    def __init__(self, names: list[str], human: int = 0):
        self.names, self.human = names, human

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def obj(self, seat: int | None) -> str:
        return "you" if seat == self.human else self.who(seat)

    def says(self, seat: int | None, verb: str, verb_s: str | None = None) -> str:
        if seat == self.human:
            return f"You {verb}"
        return f"{self.who(seat)} {verb_s or verb + 's'}"


    def dealt(self, ev: dict, what: str) -> str:
        """A deal that gives each seat a number of cards: "Olga deals. Piles: You 9, …"."""
        each = ", ".join(f"{self.who(s)} {n}" for s, n in enumerate(ev.get("sizes") or []))
        return f"{self.says(ev.get('seat'), 'deal')}. {what}: {each}."


def cards_text(codes) -> str:
    return " ".join(label(c) for c in codes or [])


def plural(n: int, word: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


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


def lines_html(rows: list[tuple[str, str]]) -> str:
    """Log lines, (css class, text) each, as list items."""
    return "".join(f'<li class="ev-{css}">{escape(text)}</li>' for css, text in rows)


def log_html(log: list[dict], sp: Speaker, limit: int = 120) -> str:
    """The deal's log, newest last."""
    return lines_html([line for ev in log[-limit:] if (line := durak_line(ev, sp))])
