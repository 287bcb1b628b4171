"""The host's side of a shared table: what it tells each guest, and what it takes from one.

The host holds the game; a guest's seat is a person's seat of the session that this page
never shows (`InPlay.guests`). What a guest is sent is derived from the model alone, like
the opponents' turns: the shell sends a guest `outgoing(model, seat, log it has)` whenever
it differs from what that guest was sent last. A guest's message is read by `wire.decode` and acts for
its own seat only, the connection saying which seat that is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..model import InPlay, Model
from ..parts.words import Person
from ..play import recent as rc
from . import talk, wire
from .model import Sharing

UI_KEYS = {"dismissed", "at", "ends", "span"}  # what a guest's own table state may hold
CHUNK = 150  # log events in one message: a few KB, far below wire.MAX_CHARS


def names_for(in_play: InPlay, seat: int) -> list[dict[str, Any]]:
    """Every seat's name as the guest in `seat` words it: itself "you", people as they
    typed their names, computers by the name the guest's language gives them."""
    out: list[dict[str, Any]] = []
    for s, name in enumerate(in_play.names):
        if s == seat:
            out.append({"you": True})
        elif isinstance(name, Person):
            out.append({"person": str(name)})
        else:
            out.append({"computer": name})
    return out


def welcome(in_play: InPlay, seat: int) -> str:
    """Who sits where, for the guest in `seat`, at the deal at the table (`deal`: its number
    on this page, which tells the guest a new deal from the last one's next view)."""
    return wire.encode("seat", seat=seat, game=in_play.game, names=names_for(in_play, seat),
                       deal=in_play.deal_index)


def servers_for(model: Model) -> tuple[str, ...]:
    """The servers an invite is made with: the person's, if they allowed them."""
    return model.prefs.ice if model.prefs.across == "allow" else ()


def seats_kept(model: Model) -> tuple[int, int] | None:
    """How many people at this device and guests an options form offers while guests are
    here (every one of them keeps a seat at the next game), or None when none is."""
    in_play = model.in_play
    here = [g for g in model.sharing.here() if in_play is not None and g in in_play.guests]
    if not here:
        return None
    people = len([p for p in in_play.session.people if p not in in_play.guests])
    return people, max(here) + 1 - people


def seated(model: Model, guests: tuple[int, ...]) -> tuple[Sharing, list]:
    """The connections when a deal with these guest seats comes to the table: every guest
    still here keeps their seat (and is told who sits where now); every other guest seat
    gets an invite; a guest whose seat the deal does not have is let go."""
    old = model.sharing
    links = {g: "here" if old.links.get(g) == "here" else "inviting" for g in guests}
    sharing = replace(old, links=links, invites={}, scanning=-1, answers={},
                      reasons={g: r for g, r in old.reasons.items() if g in guests},
                      routes={g: r for g, r in old.routes.items() if links.get(g) == "here"})
    told = [talk.ToGuest(g, welcome(model.in_play, g)) for g in guests if links[g] == "here"]
    return sharing, told


def outgoing(model: Model, seat: int, known: list | tuple = ()) -> list[str] | None:
    """The messages that bring the guest in `seat` to the table as it is now, from the log it
    already has (`known`): the log's new events, a CHUNK at a time, then the view without its
    log (None when there is no table for that guest)."""
    in_play = model.in_play
    if in_play is None or seat not in in_play.guests:
        return None
    view = dict(in_play.session.view(seat))
    log = view.pop("log")
    start = shared_start(known, log)
    texts = []
    while len(log) - start > CHUNK:
        texts.append(wire.encode("log", log_from=start, log=log[start:start + CHUNK]))
        start += CHUNK
    away = sorted(s for s, state in model.sharing.links.items() if state != "here")
    texts.append(wire.encode("view", version=in_play.version, view=view, away=away,
                             log_from=start, log=log[start:]))
    if in_play.session.over():  # every card may be seen now: the deal, for the replay
        deal = {**rc.deal_of(in_play.session, names=in_play.people), "human": seat}
        texts.append(wire.encode("deal", deal=deal))
    return texts


def shared_start(known, log: list) -> int:
    """How many events the guest's log and the host's have in common, from the start (an
    undo takes events off the end, so the two can part before the guest's end)."""
    n = 0
    for a, b in zip(known, log):
        if a != b:
            break
        n += 1
    return n


def guest_ui(ui: dict[str, Any]) -> dict[str, Any] | None:
    """A guest's own table state as it says it, if it is one (small whole numbers only)."""
    if len(ui) > len(UI_KEYS) or not set(ui) <= UI_KEYS:
        return None
    if not all(v is None or type(v) is int for v in ui.values()):
        return None
    return dict(ui)


def refusal(reason: Any, version: int) -> str:
    return wire.encode("refused", reason=wire.reason_json(reason), version=version)
