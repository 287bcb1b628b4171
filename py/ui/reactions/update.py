"""Reactions' handlers: the React button and its menu, a reaction made at this page, and one
that came over a shared table: on the host's page from a guest (checked, one a second from
each seat, then sent on), on a guest's page from the host. What goes over the wire is the
shared table's: a reaction shown here is handed on to it as `Reacted`."""

from __future__ import annotations

from dataclasses import replace

from .. import messages as m
from ..model import Model, Result
from ..parts.words import Speaker
from ..play.handoff import pass_to
from .messages import CloseMenu, Faded, Later, React, ToggleMenu
from .model import FLOOD_MS, GAP_MS, IDS, LASTS_MS, Shown, menu_in_reach, sender
from .view import said
from ..messages import FocusOn

BUTTON = "#react"  # where the focus goes back to when the menu closes
FIRST = "#react-menu button"  # and where it goes when it opens


def reacting(model: Model) -> int | None:
    """The seat of the person who may react now: at the table, holding the device."""
    in_play = model.in_play
    if model.screen != "table" or in_play is None or pass_to(in_play) is not None:
        return None
    return sender(in_play)


def _menu(model: Model, seat: int | None) -> Model:
    menu = None if seat is None else (seat, model.in_play.session.over())
    return replace(model, reactions=replace(model.reactions, menu=menu))


def toggle_menu(model: Model, msg: ToggleMenu, now: float) -> Result:
    seat = reacting(model)
    if seat is None:
        return model, []
    if menu_in_reach(model):
        return _menu(model, None), []
    return _menu(model, seat), [FocusOn(FIRST)]


def close_menu(model: Model, msg: CloseMenu, now: float) -> Result:
    if model.reactions.menu is None:
        return model, []
    return _menu(model, None), [FocusOn(BUTTON)] if msg.refocus else []


def react(model: Model, msg: React, now: float) -> Result:
    """The person's reaction: shown at their seat here, and sent on (a guest's to the host,
    the host's to every guest). The menu closes, the focus back on the React button."""
    seat = reacting(model)
    model, effects = _menu(model, None), [FocusOn(BUTTON)]
    if seat is None or msg.reaction not in IDS:
        return model, effects
    last = model.reactions.last.get(seat)
    if last is not None and now - last < GAP_MS:
        return model, effects + [m.Console("warn", "kozyr: a reaction not sent: one a second")]
    model = _taken(model, seat, now)
    model, shown = show(model, seat, msg.reaction, now)
    return model, effects + shown + [m.Next(m.Reacted(seat, msg.reaction))]


def came(model: Model, msg: m.ReactionCame, now: float) -> Result:
    if msg.passed:
        return from_host(model, msg.seat, msg.reaction, now)
    return from_guest(model, msg.seat, msg.reaction, now)


def from_guest(model: Model, seat: int, reaction: str, now: float) -> Result:
    """The host's page: the reaction of the guest in `seat` (connected: its link says so),
    shown and sent on to the other guests; an unknown one, or a second within a second,
    is dropped with a note in the console."""
    if reaction not in IDS:
        return model, [_dropped(seat, f"an unknown reaction {reaction[:40]!r}")]
    last = model.reactions.last.get(seat)
    if last is not None and now - last < FLOOD_MS:
        return model, [_dropped(seat, "more than one reaction a second")]
    model = _taken(model, seat, now)
    model, shown = show(model, seat, reaction, now)
    return model, shown + [m.Next(m.Reacted(seat, reaction))]


def from_host(model: Model, seat: int, reaction: str, now: float) -> Result:
    """A guest's page: another seat's reaction, as the host passed it on (never this page's
    own, which it showed as it sent it)."""
    guesting, in_play = model.guesting, model.in_play
    if in_play is None or guesting is None:
        return model, []  # not at the table yet: nothing to show it by
    if reaction not in IDS or not 0 <= seat < len(in_play.names) or seat == guesting.seat:
        return model, [m.Console("warn", "kozyr: dropped a message from the host: a reaction "
                                         "it cannot send")]
    return show(model, seat, reaction, now)


def show(model: Model, seat: int, reaction: str, now: float) -> Result:
    """A reaction by `seat`'s name plate, and said in the live region; another seat's not at
    all while this page mutes them."""
    in_play = model.in_play
    if seat != sender(in_play) and model.prefs.mute_reactions:
        return model, []
    r = model.reactions
    n = r.count + 1
    shown = tuple(s for s in r.shown if s.seat != seat and now - s.at < LASTS_MS)
    model = replace(model, reactions=replace(r, shown=shown + (Shown(seat, reaction, now, n),),
                                             count=n))
    who = Speaker(in_play.names, in_play.seat).who(seat)
    return model, [m.Say((said(who, reaction),)), Later(LASTS_MS, Faded())]


def faded(model: Model, msg: Faded, now: float) -> Result:
    r = model.reactions
    shown = tuple(s for s in r.shown if now - s.at < LASTS_MS)
    if shown == r.shown:
        return model, []
    return replace(model, reactions=replace(r, shown=shown)), []


def _taken(model: Model, seat: int, now: float) -> Model:
    r = model.reactions
    return replace(model, reactions=replace(r, last={**r.last, seat: now}))


def _dropped(seat: int, why: str) -> m.Console:
    return m.Console("warn", f"kozyr: dropped a message from the guest in seat {seat + 1}: {why}")


HANDLERS = {ToggleMenu: toggle_menu, CloseMenu: close_menu, React: react, Faded: faded,
            m.ReactionCame: came}
