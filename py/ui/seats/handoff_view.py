"""The handoff screen: the device goes to another person. It shows only what anyone at the
table may know (the game, the deal, who sits where, whose turn it is and why the device
moves) and no card of any seat, until that person says it is them."""

from __future__ import annotations

from html import escape

from ..i18n import _, p_
from ..model import Model
from ..parts.cards import back_html
from ..parts.words import Person, Speaker
from ..play.handoff import pass_to, waiting_look


def handoff_html(model: Model) -> str:
    in_play = model.in_play
    session, seat = in_play.session, pass_to(in_play)
    name = in_play.names[seat]
    sp = Speaker(in_play.names, None)
    if waiting_look(in_play) == seat:
        # TRANSLATORS: the handoff screen: why the device goes to {name} (Memory: they are
        # shown their face-down pile)
        why = _("{name} is shown their own pile, for them alone.", name=name)
    elif session.to_act == seat:
        # TRANSLATORS: the handoff screen: why the device goes to {name}
        why = _("It is {name}'s turn.", name=name)
    else:
        # TRANSLATORS: the handoff screen at the start, when a computer opponent plays first:
        # {name} holds the device and watches
        why = _("The computer opponents begin; {name} watches their own hand.", name=name)
    # TRANSLATORS: the handoff screen's heading; {name} is a person's name as they typed it
    title = _("Pass to {name}", name=name)
    # TRANSLATORS: the handoff screen: no cards are in the page until the person presses the
    # button named "I am {name}"
    note = _("No one's cards are shown until {name} presses the button.", name=name)
    # TRANSLATORS: the handoff screen's button: the person the device went to says it is them
    me = _("I am {name}", name=name)
    # TRANSLATORS: the handoff screen's list of the seats at the table, for screen readers
    seats_label = _("Seats at the table")
    # TRANSLATORS: the home button's name for screen readers; kozyr is the product's name
    home = escape(_("kozyr: back to the games"))
    game = p_("game", session.game.title)
    seats = "".join(_seat_html(s, in_play.names, sp, s == seat, s == session.to_act)
                    for s in range(session.options["players"]))
    fan = "".join(back_html(style=f"--k:{k}") for k in range(3))
    return (f'<div class="screen handoff" data-pass="{seat}"><header class="topbar">'
            f'<button type="button" class="brand" id="home" data-act="home" '
            f'aria-label="{home}">k<span>o</span>zyr</button><div class="game-title">'
            f'<h1>{escape(game)}</h1><span>{escape(_("Deal {n}", n=session.seed))}</span>'
            f'</div></header><main class="handoff-card" aria-labelledby="handoff-title">'
            f'<div class="handoff-fan" aria-hidden="true">{fan}</div>'
            f'<h2 id="handoff-title">{escape(title)}</h2>'
            f'<p class="handoff-why">{escape(why)}</p>'
            f'<button type="button" class="btn primary big" id="take-seat" '
            f'data-act="take-seat" data-arg="{seat}">{escape(me)}</button>'
            f'<p class="handoff-note">{escape(note)}</p>'
            f'<ol class="handoff-seats" aria-label="{escape(seats_label)}">{seats}</ol>'
            f'</main></div>')


def _seat_html(seat: int, names, sp: Speaker, next_: bool, acts: bool) -> str:
    person = isinstance(names[seat], Person)
    # TRANSLATORS: beside a seat's name on the handoff screen: a computer opponent
    computer = escape(p_("seat", "computer"))
    # TRANSLATORS: beside a seat's name on the handoff screen: this seat is to play
    playing = escape(p_("seat", "to play"))
    kind = "" if person else f' <span class="kind">{computer}</span>'
    turn = f' <span class="turn">{playing}</span>' if acts else ""
    cls = " ".join(filter(None, ["person" if person else "computer", "next" if next_ else ""]))
    return f'<li class="{cls}">{escape(sp.who(seat))}{kind}{turn}</li>'
