"""What the page sounds like: which short sound goes with what happens at the table, and
whether the page makes any at all.

The sounds are made in the page by sound.js (Web Audio: no sound files), imported on the
first sound after the person's first interaction with the page; the shell runs the `Sound`
effects the update functions return. Here all is plain data:

    deal      a new deal is dealt
    play      a card played: an attack, a throw-in, a transfer, a lead, a card placed
    beat      a card beaten, a pair laid, a call
    take      cards taken up
    sweep     cards swept off to the discard
    turn      the turn comes to the person holding the device
    refused   a move refused
    win loss  the game over, for the person holding the device (a draw: neither)

Which sound a move makes comes from the log events it wrote, each table naming the sound of
its game's events (`Table.sounds`); of several, the strongest is heard (`STRONGEST_FIRST`).
The page makes sounds when the Sound setting is on, unless the address says otherwise
(sound=0|1); inside an embedding frame only when the host asks for them (sound="1").
"""

from __future__ import annotations

from ..messages import Message

NAMES = ("deal", "play", "beat", "take", "sweep", "turn", "refused", "win", "loss")
STRONGEST_FIRST = ("sweep", "take", "beat", "play")  # of a move's sounds, the one heard
VOLUME = 70  # the default volume, of 0–100


class Sound(Message):
    """Make the sound `name` (one of NAMES) at `volume` (1–100)."""

    name: str
    volume: int


def sound_on(model) -> bool:
    """Whether the page makes sounds: the address's (or the embedding frame's) word for this
    visit, else the person's setting."""
    return model.sound if model.sound is not None else model.prefs.sound


def sounds(model, *names: str | None) -> list:
    """The effects that make these sounds (None: no sound), if the page makes any."""
    volume = model.prefs.volume
    if not sound_on(model) or volume <= 0:
        return []
    return [Sound(name, volume) for name in names if name]


def move_sound(by_event: dict[str, str], before: dict, after: dict) -> str | None:
    """The sound of a move: of the events it wrote in the log (between the views `before` and
    `after` it), the strongest one's sound, by the table's `by_event`; None for none."""
    log = after.get("log") or []
    done = len(before.get("log") or [])
    heard = {by_event.get(event.get("event")) for event in log[done:] if isinstance(event, dict)}
    return next((name for name in STRONGEST_FIRST if name in heard), None)


def ending_sound(mood: str | None) -> str | None:
    """The game-over panel's mood (won, lost, draw) as a sound."""
    return {"won": "win", "lost": "loss"}.get(mood or "")


def volume_of(value, default: int = VOLUME) -> int:
    """A volume as stored or chosen (0–100), else `default`."""
    if isinstance(value, bool):
        return default
    try:
        volume = int(float(value))
    except (TypeError, ValueError, OverflowError):
        return default
    return volume if 0 <= volume <= 100 else default
