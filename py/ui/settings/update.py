"""The settings sheet's controls: the opponents' speed, the cards' size, the felt and the
backs, the switches (four colours, still, confirm, left-handed, mute reactions), the sound and
its volume. Each is kept in the preferences as it changes (the shared table's servers are the
shared table's: `update` hands their keys to it)."""

from __future__ import annotations

from dataclasses import replace

from .. import messages as m
from ..model import SIZES, Model, Prefs, Result
from ..play.opponents import SPEED_ORDER
from ..play.sheets import store_prefs
from ..play.sounds import sounds, volume_of
from . import colours


def setting(model: Model, msg: m.Setting, now: float) -> Result:
    prefs, value = model.prefs, msg.value
    if msg.key == "speed" and value in SPEED_ORDER:
        model = replace(model, speed_ms=None)
        prefs = replace(prefs, speed=value)
    elif msg.key == "size" and value in SIZES:
        prefs = replace(prefs, size=value)
    elif msg.key in colours.NAMED and value in colours.NAMED[msg.key]:
        prefs = replace(prefs, **{msg.key: value})
    elif msg.key in Prefs.FLAGS:
        prefs = replace(prefs, **{msg.key: bool(value)})
    elif msg.key in ("sound", "volume"):
        return sound_setting(model, msg.key, value)
    else:
        return model, []
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model)]


def sound_setting(model: Model, key: str, value) -> Result:
    """The Sound switch (for this visit too, whatever the address said) or the volume: a
    sound to hear it by, if there is sound."""
    if key == "sound":
        prefs = replace(model.prefs, sound=bool(value))
        model = replace(model, sound=bool(value))
    else:
        prefs = replace(model.prefs, volume=volume_of(value, model.prefs.volume))
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model), *sounds(model, "turn")]
