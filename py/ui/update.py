"""update(model, message, now) -> (model, effects): what every message does to the page.

The entry point and the table of handlers: the core's (setup/: the first screens; play/: a
deal at the table, the sheets, keys and clicks) and each feature's (its package's `update`).
A game's life at the table (arriving, being kept, leaving) is `play/table_life`'s. Raw input
(`Key`, `Click`) is first read for what it means on the screen showing, then handled as the
messages it stands for.

Features do not know each other: where one hands on to another, it answers with `Next(msg)`
and the message is handled here right after (a reaction shown here goes on to the shared
table's wire), or the handler here calls both (a judgement of the analysis: the replay keeps
it, the exercises take a mistake; a setting: the shared table's servers are its own).

A message that needs a part of the page's Python not loaded yet (a pack: packs/) waits for
it (packs/update.py).

A handler that raises leaves the page as it was: the model before the message is kept whole
(a move is made on a fork of the session), and the line under the prompt says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from . import i18n
from . import messages as m
from .daily import update as daily
from .exercises import update as exercises
from .i18n import _
from .model import Model, Result
from .packs import Loaded, Missing, Need
from .packs import update as packs
from .play import aids, at_table, inputs, sheets
from .reactions import update as reactions
from .replay import update as replay
from .seats import update as seats
from .settings import update as settings
from .setup import form, start
from .shared_table import update as shared_table
from .stats import update as stats


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
        model, effects = handler(model, msg, now)
    except Exception as exc:  # a bug must never take the page down, nor lose the game
        return failed(model, m.Failed(f"{type(exc).__name__}: {exc}"), now)
    if not any(type(e) is m.Next for e in effects):
        return model, effects
    return follow(model, tuple(e.msg for e in effects if type(e) is m.Next),
                  [e for e in effects if type(e) is not m.Next], now)


def follow(model: Model, meant: tuple, effects: list, now: float) -> Result:
    """Messages handled in order after the effects so far: what an input stands for, or
    what a handler handed on to another feature (`Next`)."""
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


def judged(model: Model, msg: m.Judged, now: float) -> Result:
    """A decision of a replayed deal judged: the replay keeps it, then a mistake of the
    person's own becomes an exercise."""
    kept, effects = replay.judged(model, msg, now)
    if kept.replay is model.replay:  # a stopped run's late slice, or another deal's
        return kept, effects
    kept, more = exercises.judged(kept, msg, now)
    return kept, effects + more


def setting(model: Model, msg: m.Setting, now: float) -> Result:
    """A setting changed: the shared table's servers, and whether to use them, are its own."""
    if msg.key in ("ice", "across"):
        return shared_table.setting(model, msg, now)
    return settings.setting(model, msg, now)


HANDLERS: dict[type, Callable] = {
    # the core's
    **start.HANDLERS, **form.HANDLERS, **sheets.HANDLERS, **at_table.HANDLERS, **aids.HANDLERS,
    **inputs.HANDLERS, **packs.HANDLERS,
    # the features'
    **daily.HANDLERS, **exercises.HANDLERS, **reactions.HANDLERS, **replay.HANDLERS,
    **seats.HANDLERS, **shared_table.HANDLERS, **stats.HANDLERS,
    # where the core wires two features together
    m.Failed: failed, m.Judged: judged, m.Setting: setting,
}
