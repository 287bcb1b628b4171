"""The line under the table's prompt, as every handler at the table sets it."""

from __future__ import annotations

from dataclasses import replace

from ..model import Model, Motion, Result


def with_hint(model: Model, hint: str, selection: tuple[str, ...] | None = None) -> Result:
    """The line under the prompt says `hint` (and the selection becomes `selection`)."""
    in_play = replace(model.in_play, hint=hint, motion=Motion(acted=model.in_play.motion.acted))
    if selection is not None:
        in_play = replace(in_play, selection=selection)
    return replace(model, in_play=in_play), []
