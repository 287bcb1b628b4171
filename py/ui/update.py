"""update(model, message, now) -> (model, effects): what every message does to the page.

The entry point and the table of handlers. The handlers live by what they handle (the
`handlers` package); a game's life at the table (arriving, being kept, leaving) is
`table_life`'s. Raw input (`Key`, `Click`) is first read for what it means on the screen
showing, then handled as the messages it stands for.

A message that needs a part of the page's Python not loaded yet (a pack: packs.py) waits for
it (handlers/packs.py).

A handler that raises leaves the page as it was: the model before the message is kept whole
(a move is made on a fork of the session), and the line under the prompt says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from . import i18n
from . import messages as m
from .handlers import (aids, at_table, daily, exercises, form, inputs, packs, replay,
                       sheets, start)
from .i18n import _
from .model import Model, Result
from .packs import Loaded, Missing, Need
from .reactions import update as reactions
from .shared_table import update as shared_table


def update(model: Model, msg, now: float = 0.0) -> Result:
    i18n.use(model.lang)  # the words of the notices, hints and announcements it makes
    meaning = inputs.MEANINGS.get(type(msg))
    if meaning is not None:
        return follow(model, *meaning(model, msg), now)
    if type(msg) is Loaded or type(msg) is Missing:  # the packs a message waited for
        model, then, effects = packs.arrived(model, msg)
        if then is None:
            return model, effects
        model, more = handled(model, then, now)  # (without waiting again for a missing one)
        return model, effects + more
    later = packs.needed(model, msg)  # a part of the page not loaded yet: fetched first
    if later:
        return model, [Need(later, msg)]
    return handled(model, msg, now)


def handled(model: Model, msg, now: float) -> Result:
    handler = HANDLERS.get(type(msg))
    if handler is None:
        return model, []
    try:
        return handler(model, msg, now)
    except Exception as exc:  # a bug must never take the page down, nor lose the game
        return failed(model, m.Failed(f"{type(exc).__name__}: {exc}"), now)


def follow(model: Model, meant: tuple, effects: list, now: float) -> Result:
    """The messages an input stands for, handled in order, after the page's own effects."""
    effects = list(effects)
    for msg in meant:
        model, more = update(model, msg, now)
        effects += more
    return model, effects


def failed(model: Model, msg: m.Failed, now: float) -> Result:
    """Something raised: `model` is the page as it was before; it says so, and the console
    gets the error."""
    effects = [m.Console("error", f"kozyr: {msg.error}")]
    if model.screen == "replay" and model.replay is not None:
        # TRANSLATORS: the replay's analysis (or a step of it) failed
        notice = _("Something went wrong; the analysis stopped.")
        return replace(model, notice=notice,
                       replay=replace(model.replay, analysing=False)), effects
    if model.in_play is None:
        return model, effects
    hint = _("Something went wrong; the game is unchanged.")
    return replace(model, in_play=replace(model.in_play, hint=hint)), effects


HANDLERS: dict[type, Callable] = {
    **start.HANDLERS, **form.HANDLERS, **sheets.HANDLERS, **at_table.HANDLERS, **aids.HANDLERS,
    **replay.HANDLERS, **daily.HANDLERS, **exercises.HANDLERS, **inputs.HANDLERS, **shared_table.HANDLERS, **packs.HANDLERS,
    **reactions.HANDLERS, m.Failed: failed,
}
