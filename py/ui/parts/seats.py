"""The seats round the table: their order, classes, name plates and hidden cards."""

from __future__ import annotations

import re
from html import escape, unescape

from ..i18n import _, n_, p_
from .bubbles import Said, bubble_html
from .cards import back_html
from .look import Look
from .words import Person, Speaker


def finish_button() -> str:
    """The button that plays the game out quickly once the person is out of it."""
    text = escape(_("Play out the rest quickly"))
    return ('<button type="button" class="btn" data-act="finish" id="btn-finish" '
            f'aria-keyshortcuts="F">{text}</button>')


def dealer_chip(v: dict, seat: int) -> str:
    if v["dealer"] != seat:
        return ""
    # TRANSLATORS: the dealer's chip on a name plate (in words: a phone shows no tooltip)
    word = p_("dealer chip", "Dealer")
    return f'<span class="chip dealer">{escape(word)}</span>'


def seats_from_left(v: dict, look: Look) -> list[int]:
    """The other seats, clockwise from the person's left."""
    n = v["players"]
    return [(look.human + k) % n for k in range(1, n)]


def seat_classes(v: dict, seat: int, look: Look, base: str = "seat",
                 turn: str = "to_act") -> list[str]:
    """A seat's CSS classes; `turn` names the view's key for whose turn it is."""
    classes = base.split()
    if v[turn] == seat:
        classes.append("to-act")
    if seat in v.get("out", ()):
        classes.append("is-out")
    if look.acted == seat:
        classes.append("acted")
    return classes


def hidden_backs(v: dict, seat: int) -> list[str]:
    """Backs for the cards of a seat's hand nobody has seen (fewer at a crowded table)."""
    hidden = max(0, v["hand_sizes"][seat] - len(v["known"][seat]))
    return [back_html() for _k in range(min(hidden, 9 if len(v["hand_sizes"]) <= 3 else 6))]


def plate_html(v: dict, seat: int, look: Look, count: str = "", chips: str = "",
               word: Said | None = None) -> str:
    """A seat's name plate: avatar, name, a count badge and chips (dealer, role), and beside it
    the seat's speech bubble (`word`, bubbles.py) and reaction; by the person's own, the React
    button (reactions/). Screen readers hear it in words ("Olga: 12 cards, dealer, attacks"),
    not as letters and numbers."""
    me = seat == look.human
    name = Speaker(look.names, look.human).who(seat)
    if me and isinstance(look.names[seat], Person):  # several people: whose hand this is
        name = str(look.names[seat])
    avatar = "" if me else f'<span class="avatar">{escape(name[:1])}</span>'
    extras = [*([f"{words(count)}"] if count else []),
              # TRANSLATORS: on a name plate, for screen readers: "Olga: 12 cards, dealer"
              *([_("dealer")] if v.get("dealer") == seat else []),
              *([words(chips)] if chips else []),
              *([look.routes[seat]] if seat in look.routes else [])]
    # TRANSLATORS: a name plate for screen readers: {who} is the player, {facts} a list of
    # facts about them ("Olga: 12 cards, dealer, attacks")
    said = (_("{who}: {facts}", who=name, facts=_(", ").join(x for x in extras if x))
            if extras else name)
    return (f'<div class="nameplate{" mine" if me else ""}"><span class="sr-only">'
            f'{escape(said)}</span><span class="plate-face" aria-hidden="true">{avatar}'
            f'<span class="who">{escape(name)}</span>{count}{dealer_chip(v, seat)}{chips}'
            f'{route_html(look.routes.get(seat, ""))}</span>{bubble_html(word, look)}'
            f'{look.reactions.get(seat, "")}{look.reacting if me else ""}</div>')


def route_html(words: str) -> str:
    """How a shared table's seat is linked, under its name ("" for none)."""
    return f'<span class="route">{escape(words)}</span>' if words else ""


def count_badge(n: int) -> str:
    """A count of cards on a name plate, with what it counts in its title (and for screen
    readers, who hear the number and the word after it: "12 cards")."""
    # TRANSLATORS: the word read after the number on a name plate's card count ("12" "cards")
    word = n_("card", "cards", n)
    title = n_("{n} card", "{n} cards", n)
    return (f'<span class="count" title="{escape(title)}">{n}'
            f'<span class="sr-only"> {escape(word)}</span></span>')


def words(html: str) -> str:
    """The text of a piece of markup, for the ear."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def nameplate(v: dict, seat: int, look: Look, chips: str, word: Said | None = None) -> str:
    return plate_html(v, seat, look, count_badge(v["hand_sizes"][seat]), chips, word)


def my_nameplate(v: dict, look: Look, role: str) -> str:
    return plate_html(v, look.human, look, count_badge(len(v["hand"])), role)


def cards_left(held: int) -> str:
    text = n_("{n} card left", "{n} cards left", held)
    return f'<span class="held">{escape(text)}</span>'
