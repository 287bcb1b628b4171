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


# --- the host's invites ---------------------------------------------------------------------------

class InviteMade(Message):
    """The offer for `seat` is ready: the invite link (this page's address, the offer's code
    in its fragment: #join=…), shown and made a QR code."""

    seat: int
    url: str


class Connect(Message):
    """The host pasted the guest's answer for `seat` and pressed Connect."""

    seat: int
    answer: str


class AcceptAnswer(Message):
    """Complete the connection of `seat` with the guest's answer (rtc.acceptAnswer)."""

    seat: int
    answer: str


class LinkFailed(Message):
    """The connection of `seat` could not be made or broke: rtc.js's word for why."""

    seat: int
    reason: str


class Reinvite(Message):
    """A new invite for the guest in `seat`, who went away or could not connect."""

    seat: int


class GiveSeat(Message):
    """A computer opponent takes the seat of the guest in `seat`, who went away."""

    seat: int


# --- a guest's joining ----------------------------------------------------------------------------

class Join(Message):
    """This page opened an invite (#join=code): answer it."""

    code: str


class AnswerInvite(Message):
    """Answer the host's offer (rtc.acceptInvite)."""

    code: str


class AnswerMade(Message):
    """This guest's answer is ready: its code, to give to the host."""

    code: str


class HostLost(Message):
    """The connection to the host could not be made or broke: rtc.js's word for why."""

    reason: str
