"""Questions about the model that views, handlers and the shell all ask: read only."""

from __future__ import annotations

from ..exercises import model as ex
from ..model import Model
from ..tables import TABLES, table_of
from .handoff import viewer


def settings_for(model: Model, name: str) -> dict:
    """A table's settings: the address's, else this browser's, else the default."""
    chosen = model.prefs.settings.get(name) or {}
    out = {}
    for o in TABLES[name].settings:
        value = chosen.get(o["key"], o["default"])
        out[o["key"]] = value if value in o["choices"] else o["default"]
        if o["key"] in model.address_settings:
            out[o["key"]] = model.address_settings[o["key"]]
    return out


def view_at_table(model: Model) -> dict | None:
    """The view of the person holding the device, while the table is the screen (None while
    the device is being passed on: nobody's cards are shown, no move is taken)."""
    if model.in_play is None or model.screen != "table":
        return None
    seat = viewer(model.in_play)
    return None if seat is None else model.in_play.session.view(seat)


def deadline(model: Model) -> float | None:
    """When (epoch ms) the table's state changes by itself, if it will: a countdown runs."""
    in_play = model.in_play
    if in_play is None or model.screen != "table" or in_play.seat is None:
        return None
    return table_of(in_play).deadline(in_play.session.view(in_play.seat), in_play.ui)


def exercise_checking(model: Model) -> tuple | None:
    """The exercise at the table whose answer is being judged: (its id, the answer's run, its
    deal, the exercise), or None."""
    in_play = model.in_play
    trying = in_play.exercise if in_play is not None else None
    if trying is None or not trying.checking or model.screen != "table":
        return None
    item = ex.find(model.exercises, trying.id)
    return None if item is None else (trying.id, trying.run, item["deal"], trying)
