"""The messages of a table shared between browsers: what the shell hears from the data
channels, and what it is asked to send on them (the page's other messages: ui/messages.py)."""

from __future__ import annotations

from ..messages import Message


class GuestJoined(Message):
    """The host's page: the guest in `seat` is connected (its data channel opened)."""

    seat: int


class GuestLeft(Message):
    """The host's page: the guest in `seat` went away (its channel closed or failed)."""

    seat: int


class GuestSaid(Message):
    """The host's page: what the guest in `seat` sent, as it arrived."""

    seat: int
    text: object


class HostSaid(Message):
    """A guest's page: what the host sent, as it arrived."""

    text: object


class ToGuest(Message):
    """Send the guest in `seat` a message (wire.encode'd)."""

    seat: int
    text: str


class ToHost(Message):
    """A guest's page: send the host a message (wire.encode'd)."""

    text: str
