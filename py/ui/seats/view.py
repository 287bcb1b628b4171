"""The options form's seats: how many people play at this device (pass and play), how many
from their own browsers (guests at a shared table), their names, and each computer seat's
level (seats/model.py says who sits where)."""

from __future__ import annotations

from html import escape

from ..i18n import NP_, _, p_
from .model import MAX_NAME, Seating

# the opponents' levels, as the options form names them (setup/screens.py shows them too)
LEVEL_WORDS = {"easy": NP_("level", "Easy"), "normal": NP_("level", "Normal"),
               "hard": NP_("level", "Hard")}


def level_word(level: str) -> str:
    """An opponents' level as the form names it ("Easy")."""
    return p_("level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level.title()


def seats_html(sitting: Seating, people: int, offered, bad: int = -1) -> str:
    """The form's seats: how many people play at this device and how many from their own
    browsers (guests), in a game of two teams whether the first two play together, and each
    seat in playing order: a person's or a guest's name, or a computer's level (shown when
    there are several people or several computers)."""
    count = "".join(
        f'<input type="radio" id="people-{n}" name="people" data-opt="@people" value="{n}"'
        f'{" checked" if n == people else ""}><label for="people-{n}">{n}</label>'
        for n in range(1, sitting.players + 1))
    # TRANSLATORS: the options form's group of fields saying who sits where
    title = _("Seats")
    # TRANSLATORS: the options form's field: how many of the players are people playing at
    # this one device (the computer plays the other seats)
    label = _("Human players")
    # TRANSLATORS: the help under "Human players"
    help_ = _("People sharing this device; the computer plays the other seats. With more than "
              "one, the device passes from person to person at their turns, and each sees only "
              "their own cards.")
    rows = [f'<div class="field choice" data-key="people" role="radiogroup" '
            f'aria-labelledby="lbl-people"><span class="field-label" id="lbl-people">'
            f'{escape(label)}</span><div class="segmented">{count}</div>'
            f'<span class="help">{escape(help_)}</span></div>']
    if sitting.players > people:  # a seat left for a guest
        rows.append(_guests_html(sitting, people))
    if sitting.teams and len(sitting.everyone) > 1:
        # TRANSLATORS: the options form's field in a game of two teams: whether the first two
        # human players play as partners ("Together") or on opposite teams
        label, help_ = _("Teams"), _(
            "Together: the first two human players are partners, sitting opposite each other "
            "(seats 1 and 3). Against each other: they play on opposite teams.")
        choices = "".join(
            f'<input type="radio" id="partners-{v}" name="partners" data-opt="@partners" '
            f'value="{v}"{" checked" if (v == "1") == sitting.partners else ""}>'
            f'<label for="partners-{v}">{escape(word)}</label>'
            for v, word in (("1", p_("partners", "Together")),
                            ("0", p_("partners", "Against each other"))))
        rows.append(f'<div class="field choice" data-key="partners" role="radiogroup" '
                    f'aria-labelledby="lbl-partners"><span class="field-label" id="lbl-partners">'
                    f'{escape(label)}</span><div class="segmented">{choices}</div>'
                    f'<span class="help">{escape(help_)}</span></div>')
    if len(sitting.everyone) > 1 or len(sitting.computers) > 1:
        slots = "".join(_seat(sitting, s, offered, bad) for s in range(sitting.players))
        rows.append(f'<ol class="seat-list" data-seats="{sitting.players}">{slots}</ol>')
    return (f'<fieldset class="seats" id="seats"><legend class="seats-title">{escape(title)}'
            f'</legend>{"".join(rows)}</fieldset>')


def _guests_html(sitting: Seating, people: int) -> str:
    """How many guests play from their own browsers: 0 up to the seats the people leave."""
    guests = len(sitting.guests)
    count = "".join(
        f'<input type="radio" id="guests-{n}" name="guests" data-opt="@guests" value="{n}"'
        f'{" checked" if n == guests else ""}><label for="guests-{n}">{n}</label>'
        for n in range(0, sitting.players - people + 1))
    # TRANSLATORS: the options form's field: how many of the players play from their own
    # phones or computers (a table shared over the network), not at this device
    label = _("Guests (their own browsers)")
    # TRANSLATORS: the help under "Guests (their own browsers)"
    help_ = _("People playing from their own phone or computer on the same network: each joins "
              "by a link or QR code the table shows, and sees only their own cards.")
    return (f'<div class="field choice" data-key="guests" role="radiogroup" '
            f'aria-labelledby="lbl-guests"><span class="field-label" id="lbl-guests">'
            f'{escape(label)}</span><div class="segmented">{count}</div>'
            f'<span class="help">{escape(help_)}</span></div>')


def _seat(sitting: Seating, seat: int, offered, bad: int) -> str:
    """One seat of the form's list: its number (and team), and its person's or guest's name or
    its computer's level."""
    words = [_("Seat {n}", n=seat + 1)]
    if sitting.teams:
        # TRANSLATORS: which team a seat plays in, in a game of two teams ("team 1")
        words.append(_("team {n}", n=seat % 2 + 1))
    css = f"seat-slot team-{seat % 2 + 1}" if sitting.teams else "seat-slot"
    if seat in sitting.levels:
        # TRANSLATORS: a seat of the options form played by the computer
        words.append(p_("seat", "computer"))
        fid = f"seat-level-{seat}"
        choices = "".join(f'<option value="{lv}"{" selected" if lv == sitting.levels[seat] else ""}'
                          f'>{escape(level_word(lv))}</option>' for lv in offered)
        control = f'<select id="{fid}" data-opt="@seat:{seat}">{choices}</select>'
    elif len(sitting.everyone) > 1:
        i = sitting.everyone.index(seat)
        if seat in sitting.guests:
            # TRANSLATORS: a seat of the options form played by a guest (from their own
            # browser): "Seat 2 · guest · name"
            words.append(p_("seat", "guest"))
        # TRANSLATORS: a seat of the options form played by a person: their name follows
        words.append(p_("seat", "name"))
        wrong = ' aria-invalid="true" aria-describedby="form-error"' if i == bad else ""
        fid = f"person-{i}"
        control = (f'<input id="{fid}" class="seat-name" data-typed maxlength="{MAX_NAME}" '
                   f'autocomplete="off" spellcheck="false" value="{escape(sitting.names[i])}"'
                   f'{wrong}>')
    else:
        # TRANSLATORS: the options form's seat of the one person playing (you)
        you = p_("seat", "You")
        return (f'<li class="{css} you"><span class="seat-label">{escape(" · ".join(words))}'
                f'</span><span class="seat-you">{escape(you)}</span></li>')
    return (f'<li class="{css}"><label class="seat-label" for="{fid}">'
            f'{escape(" · ".join(words))}</label>{control}</li>')
