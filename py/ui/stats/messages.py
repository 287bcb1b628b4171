"""What the person does with the statistics: save them as a file, import one, reset them."""

from __future__ import annotations

from ..messages import Message


class StatsExport(Message):
    """Save the statistics as a file."""


class StatsImport(Message):
    """A statistics file chosen to import, as text (None: it could not be read)."""

    text: str | None


class StatsReset(Message):
    """Reset pressed (confirm=False asks first), or the question answered (confirm=True)."""

    confirm: bool = False
