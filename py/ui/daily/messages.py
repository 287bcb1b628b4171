"""What the person does with the daily deals, and the search that chooses a day's deal."""

from __future__ import annotations

from ..messages import Message


class OpenDaily(Message):
    """Play a game's deal of a day ("today", or YYYY-MM-DD)."""

    game: str
    day: str = "today"


class ChooseDaily(Message):
    """An effect: choose the game's deal of `day` (a search), then send DailyChosen."""

    game: str
    day: str


class DailyChosen(Message):
    """The game's deal of `day` is chosen: its number."""

    game: str
    day: str
    seed: int


class ShareDaily(Message):
    """Open the sheet that shares the person's result of a game's day."""

    game: str
    day: str
    base: str  # the page's address without its query


class CopyDaily(Message):
    """Copy the shared result's words and link."""
