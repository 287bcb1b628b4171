"""A table shared between browsers: the host taking what its guests say (each for its own
seat only, every move checked by the engine), and a guest taking what the host says (its
seat's views, refusals, the deal once it is over)."""

from __future__ import annotations

from dataclasses import replace

from .. import messages as m
from ..i18n import _
from ..model import InPlay, Model, Motion, Result
from ..options import sentence
from ..parts.words import Person, reason_text
from ..remote import host, talk, wire
from ..remote.mirror import Mirror
from ..table_life import after_move, announce, record_result, refresh, store_game
from ..tables import TABLES


# --- the host ---------------------------------------------------------------------------------

def guest_joined(model: Model, msg: talk.GuestJoined, now: float) -> Result:
    in_play = model.in_play
    if in_play is None or msg.seat not in in_play.guests:
        return model, []
    in_play = replace(in_play, links={**in_play.links, msg.seat: "here"})
    return replace(model, in_play=in_play), [talk.ToGuest(msg.seat, host.welcome(in_play, msg.seat))]


def guest_left(model: Model, msg: talk.GuestLeft, now: float) -> Result:
    in_play = model.in_play
    if in_play is None or in_play.links.get(msg.seat) != "here":
        return model, []
    return replace(model, in_play=replace(in_play, links={**in_play.links,
                                                           msg.seat: "away"})), []


def guest_said(model: Model, msg: talk.GuestSaid, now: float) -> Result:
    """A guest's message, for its own seat: junk or a message it may not send is dropped
    with a note in the host's console, and the game goes on."""
    in_play = model.in_play
    if in_play is None or in_play.links.get(msg.seat) != "here":
        return model, []
    try:
        said = wire.decode(msg.text, wire.FROM_GUEST)
    except wire.WireError as exc:
        return model, [dropped(msg.seat, str(exc))]
    if said["kind"] == "move":
        return guest_move(model, msg.seat, said, now)
    if said["kind"] == "ui":
        ui = host.guest_ui(said["ui"])
        if ui is None:
            return model, [dropped(msg.seat, "a table state it cannot have")]
        return replace(model, in_play=replace(in_play, away={**in_play.away, msg.seat: ui})), []
    if said["kind"] == "bye":
        return guest_left(model, talk.GuestLeft(msg.seat), now)
    return model, []


def dropped(seat: int, why: str) -> m.Console:
    return m.Console("warn", f"kozyr: dropped a message from the guest in seat {seat + 1}: {why}")


def guest_move(model: Model, seat: int, said: dict, now: float) -> Result:
    """The guest's move, made if the engine takes it for the guest's seat now; else the
    guest hears why, and nothing changes."""
    in_play = model.in_play
    session = in_play.session
    if said["version"] != in_play.version:
        # TRANSLATORS: a guest's move arrived for a table that has changed since it was sent
        reason = _("the table changed before your move arrived: look again")
        return model, [talk.ToGuest(seat, host.refusal(reason, in_play.version))]
    reason = session.why_not_move(said["text"]) if session.to_act == seat else (
        "it is not your turn")
    if reason:
        return model, [talk.ToGuest(seat, host.refusal(reason, in_play.version))]
    before = session.view(in_play.seat if in_play.seat is not None else seat)
    fork = session.fork()
    fork.play_human(said["text"])
    return after_move(model, fork, before, seat, now)


# --- a guest ----------------------------------------------------------------------------------

def host_said(model: Model, msg: talk.HostSaid, now: float) -> Result:
    guesting = model.guesting
    if guesting is None:
        return model, []
    try:
        said = wire.decode(msg.text, wire.FROM_HOST)
    except wire.WireError as exc:
        return model, [m.Console("warn", f"kozyr: dropped a message from the host: {exc}")]
    kind = said["kind"]
    if kind == "seat":
        names = tuple(guest_name(n) for n in said["names"])
        return replace(model, guesting=replace(guesting, seat=said["seat"], game=said["game"],
                                               names=names, status="here")), []
    if kind == "view" and guesting.seat >= 0:
        return mirrored(model, Mirror(guesting.game, guesting.seat, said["view"],
                                      said["version"]), now)
    if kind == "refused" and model.in_play is not None:
        line = sentence(reason_text(wire.reason_of(said["reason"])))
        return replace(model, in_play=replace(model.in_play, hint=line)), [m.Say((line,))]
    if kind == "deal":
        return replace(model, guesting=replace(guesting, deal=said["deal"])), []
    if kind == "bye":
        return replace(model, guesting=replace(guesting, status="lost")), []
    return model, []


def guest_name(data) -> str | None:
    """A seat's name as the host sent it, as this page words it."""
    if isinstance(data, dict) and isinstance(data.get("person"), str):
        return Person(data["person"])
    if isinstance(data, dict) and isinstance(data.get("computer"), str):
        return data["computer"]
    return None  # "you"


def mirrored(model: Model, mirror: Mirror, now: float) -> Result:
    """The host's new view of this guest's seat at the table: what moved, the guest's own
    record of a finished game, and what screen readers hear."""
    in_play = model.in_play
    table = TABLES[mirror.game.name]
    view = mirror.view()
    if in_play is None or not isinstance(in_play.session, Mirror):
        in_play = InPlay(session=mirror, names=model.guesting.names, seat=mirror.seat,
                         deal_index=model.deals + 1, version=mirror.version,
                         motion=Motion(fresh=frozenset(table.arrivals(view))))
        model = replace(model, in_play=in_play, deals=model.deals + 1, screen="table")
        turn_began = True
    else:
        before = in_play.session.view()
        turn_began = before["to_act"] != mirror.seat
        fresh = frozenset(table.arrivals(view) - table.arrivals(before))
        in_play = replace(in_play, session=mirror, version=mirror.version, selection=(),
                          drag=None, hint="", hinted="", motion=Motion(fresh, None, None))
        model = replace(model, in_play=in_play)
    model, effects = record_result(model)
    model, told = store_game(refresh(model, now))
    model, heard = announce(model, turn_began)
    return model, [e for e in effects if not isinstance(e, m.Notify)] + told + heard


HANDLERS = {
    talk.GuestJoined: guest_joined, talk.GuestLeft: guest_left, talk.GuestSaid: guest_said,
    talk.HostSaid: host_said,
}
