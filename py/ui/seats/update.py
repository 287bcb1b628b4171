"""The handoff of pass and play: the person the device was passed to takes it."""

from __future__ import annotations

from dataclasses import replace

from ..model import Model, Result
from ..play import handoff
from ..play.table_life import announce, refresh, store_game
from .messages import TakeSeat


def take_seat(model: Model, msg: TakeSeat, now: float) -> Result:
    """"I am Boris": the person the device was passed to takes it; the table shows their
    view, and they hear what happened since they last held it, and what to do."""
    in_play = model.in_play
    if in_play is None or model.screen != "table" or handoff.pass_to(in_play) != msg.seat:
        return model, []
    model = refresh(replace(model, in_play=handoff.take_seat(in_play, msg.seat)), now)
    model, effects = store_game(model)
    model, heard = announce(model, turn_began=True)
    return model, effects + heard


HANDLERS = {TakeSeat: take_seat}
