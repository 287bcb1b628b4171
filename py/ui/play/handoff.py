"""Several people at one device: who holds it, and when it must be passed on.

The device goes to the person the game waits for: one who still has a private look to take
(Memory's memorising, which holds everyone), else the person to act. While it must pass to
someone other than the person holding it, the page shows the handoff screen and nothing
private of any seat; the table is drawn again, from the new person's view only, when they
say it is them. With one person, nothing here ever changes hands.

Read only, like `queries`: the handlers and the views ask, `take_seat` makes the new value.
"""

from __future__ import annotations

from dataclasses import replace

from ..model import InPlay
from ..tables import table_of


def here(in_play: InPlay) -> list[int]:
    """The seats of the people at this device (a shared table's guests are elsewhere)."""
    return [p for p in in_play.session.people if p not in in_play.guests]


def together(in_play: InPlay) -> bool:
    """Several people play at this device."""
    return len(here(in_play)) > 1


def ui_of(in_play: InPlay, seat: int) -> dict:
    """A person's own table state (their look at their pile, its clock)."""
    return in_play.ui if seat == in_play.seat else in_play.away.get(seat, {})


def _from_turn(in_play: InPlay, people) -> list[int]:
    """`people` in the game's order, from the seat to act (or the first seat)."""
    session = in_play.session
    start, n = session.to_act or 0, session.options["players"]
    return sorted(people, key=lambda s: (s - start) % n)


def waiting_look(in_play: InPlay, guests_too: bool = False) -> int | None:
    """The first person at this device (or, `guests_too`, anywhere), in the game's order, who
    has a private look the table waits for."""
    session, table = in_play.session, table_of(in_play)
    people = session.people if guests_too else here(in_play)
    return next((p for p in _from_turn(in_play, people)
                 if table.waits(session.view(p), ui_of(in_play, p))), None)


def look_elsewhere(in_play: InPlay, seat: int | None) -> int | None:
    """Another person (a guest, or someone at this device) whose private look everyone waits
    for, so that `seat` may not play yet (Memory: each looks at their pile, in order)."""
    looking = waiting_look(in_play, guests_too=True)
    return None if looking == seat else looking


def pass_to(in_play: InPlay) -> int | None:
    """The person the device must be passed to now, if it must change hands."""
    session = in_play.session
    if not together(in_play) or session.over():
        return None
    seat, table = in_play.seat, table_of(in_play)
    if seat is not None and table.looking(session.view(seat), in_play.ui):
        return None  # the person holding it finishes their look first
    wanted = waiting_look(in_play)
    if wanted is None and session.person_to_act() and session.to_act not in in_play.guests:
        wanted = session.to_act
    if wanted is None and seat is None:
        wanted = _from_turn(in_play, here(in_play))[0]  # the first watches the others begin
    return None if wanted == seat else wanted


def viewer(in_play: InPlay) -> int | None:
    """The seat whose view the page shows: the person holding the device, or nobody while
    it is being passed."""
    return None if pass_to(in_play) is not None else in_play.seat


def take_seat(in_play: InPlay, seat: int) -> InPlay:
    """`seat`'s person holds the device: their table state comes back, the last one's is kept."""
    away = dict(in_play.away)
    if in_play.seat is not None and in_play.seat != seat:
        away[in_play.seat] = in_play.ui
    ui = away.pop(seat, {}) if seat != in_play.seat else in_play.ui
    return replace(in_play, seat=seat, ui=ui, away=away, selection=(), drag=None, hint="",
                   hinted="", confirming="")


def step_away(in_play: InPlay) -> InPlay:
    """Nobody holds the device (the table was left for the first screen): whoever comes back
    to it passes through the handoff. One person alone keeps their seat."""
    if not together(in_play) or in_play.seat is None:
        return in_play
    return replace(take_seat(in_play, in_play.seat), seat=None, ui={},
                   away={**in_play.away, in_play.seat: in_play.ui})


def uis(in_play: InPlay) -> dict[int, dict]:
    """Every person's table state, by seat (for the save)."""
    out = dict(in_play.away)
    if in_play.seat is not None:
        out[in_play.seat] = in_play.ui
    return {s: ui for s, ui in out.items() if ui}
