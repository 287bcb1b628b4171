"""What the person does with a replay and its analysis, and what the analysis sends back."""

from __future__ import annotations

from ..messages import Message


class OpenReplay(Message):
    """Replay a finished deal face up: the one at the table ("over") or a recent one."""

    source: str  # "over" | "recent"
    index: int = 0  # which recent deal, newest first


class ReplayTo(Message):
    """Show the replayed deal after this many moves."""

    step: int


class CloseReplay(Message):
    """Leave the replay for where it was opened from."""


class PlayOn(Message):
    """Play on from the replayed position against the opponents, as practice."""


class Analyse(Message):
    """Start (or go on with) the replayed deal's analysis, or stop it."""

    on: bool


class ShareReplay(Message):
    """Make the link that opens this replay, and copy it."""

    base: str  # the page's address without its query


class ReplayWhose(Message):
    """The replay of a deal several people played: show and analyse this person's seat."""

    seat: int
