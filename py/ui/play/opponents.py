"""The opponents' turns: when the next one is due, how long it waits, and thinking in slices.

`due(model)` is derived from the model alone (like a subscription in the Elm architecture):
whenever an AI is to act at the table and the table does not hold it, the shell waits the
delay, lets the AI think a slice at a time, and sends the move back as a message.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Callable

from kozyr.session import Session
from kozyr.thinking import drive

from ..i18n import NP_
from ..model import Model
from ..tables import table_of
from .handoff import pass_to, waiting_look

SPEEDS = {"slow": 1300, "normal": 750, "fast": 320, "instant": 0}  # ms before a move
SPEED_ORDER = ("slow", "normal", "fast", "instant")
# the speeds as the table's Speed button shows them
SPEED_WORDS = {"slow": NP_("speed", "slow"), "normal": NP_("speed", "normal"),
               "fast": NP_("speed", "fast"), "instant": NP_("speed", "instant")}
SLICE = 0.03  # seconds of thinking between two turns of the browser's event loop
AFTER_PASS = 0.5  # "done" after "done" needs no long look


@dataclass(frozen=True)
class Due:
    """The opponent whose move is due, and when to think it."""

    key: tuple[int, int]  # (deal of this page, its version): the position the move is for
    seat: int
    delay: float  # seconds to wait before thinking


def speed_name(model: Model) -> str:
    if model.speed_ms is not None:
        return next((w for w, ms in SPEEDS.items() if ms == model.speed_ms),
                    f"{model.speed_ms} ms")
    return model.prefs.speed


def pause(model: Model) -> float:
    """Seconds before an opponent moves at this speed (none when the person hurries them)."""
    if model.in_play is not None and model.in_play.hurry:
        return 0.0
    if model.speed_ms is not None:
        return model.speed_ms / 1000
    return SPEEDS.get(model.prefs.speed, SPEEDS["normal"]) / 1000


def flight_ms(model: Model) -> int:
    """How long a card takes to travel: half the opponents' pause at this speed, at most
    0.55 s; none at the instant speed or with Reduced motion (the system's reduced motion is
    the page's to read)."""
    ms = model.speed_ms if model.speed_ms is not None else SPEEDS.get(model.prefs.speed,
                                                                      SPEEDS["normal"])
    return 0 if model.prefs.reduce_motion else min(550, ms // 2)


def held(model: Model) -> bool:
    """The table holds the opponents: a person is doing something they must wait for (a look
    at their pile), or the device is being passed on (the next person sees the play)."""
    in_play = model.in_play
    return in_play is not None and (pass_to(in_play) is not None
                                    or waiting_look(in_play, guests_too=True) is not None)


def due(model: Model) -> Due | None:
    in_play = model.in_play
    if (in_play is None or model.screen != "table" or not in_play.session.ai_to_act()
            or held(model)):
        return None
    session = in_play.session
    delay = pause(model)
    if delay:
        last = session.last_move()
        if in_play.motion.acted != in_play.seat and last is not None and last.passes:
            delay *= AFTER_PASS
        delay += table_of(in_play).settle(session.view(in_play.seat), in_play.motion)
    return Due((in_play.deal_index, in_play.version), session.to_act, delay)


async def think(session: Session, current: Callable[[], bool]):
    """The move of the AI to act, thought a SLICE at a time with the browser given back in
    between; None if the table moved on (`current()` turned false). (move, busy s, wall s)."""
    start = time.perf_counter()
    thinking, busy = session.ai_choose(), 0.0
    while True:
        began = time.perf_counter()
        done, move = drive(thinking, SLICE)
        busy += time.perf_counter() - began
        if done:
            return move, busy, time.perf_counter() - start
        await asyncio.sleep(0)
        if not current():
            return None
