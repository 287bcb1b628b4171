"""What the person does with reactions, and the effects their handlers ask of the shell."""

from __future__ import annotations

from ..messages import Message


class ToggleMenu(Message):
    """The React button: its menu opens (the focus on its first reaction) or closes."""


class CloseMenu(Message):
    """The menu closes: Escape (the focus back on the React button), or a click elsewhere."""

    refocus: bool = True


class React(Message):
    """The person sends a reaction (an id of model.IDS, or whatever a forged page says)."""

    reaction: str


class Faded(Message):
    """A bubble's time is up: the reactions shown that long leave the page."""


class Later(Message):
    """An effect: send `then` after `ms` milliseconds."""

    ms: float
    then: object


# what a click on an element with data-act="…" means (play/inputs.py); the menu's own
# padding (react-panel) means nothing, but is no click elsewhere
CLICKS = {"react-menu": lambda c: ToggleMenu(), "react": lambda c: React(c.arg or "")}
OWN_CLICKS = ("react-menu", "react", "react-panel")
