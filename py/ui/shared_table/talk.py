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
    and the servers it was made with in its fragment: #join=…&ice=…), shown and made a QR
    code; `nat` is "symmetric" when this network needs a relay."""

    seat: int
    url: str
    nat: str = ""
    servers: tuple = ()


class Across(Message):
    """The person's answer to "Friend on another network?": the servers may be contacted
    (`allow`), or the table stays on one network; remembered on this device."""

    allow: bool


class LinkRoute(Message):
    """The host's page: how the open connection of `seat` goes (local, internet, relay)."""

    seat: int
    route: str


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
    """This page opened an invite (#join=code&ice=…): answer it, once the person agreed to
    the servers it carries, if any."""

    code: str
    servers: tuple = ()


class AnswerInvite(Message):
    """Answer the host's offer (rtc.acceptInvite), with these servers (written forms)."""

    code: str
    servers: tuple = ()


class AnswerMade(Message):
    """This guest's answer is ready: its code, to give to the host; `nat` as InviteMade's."""

    code: str
    nat: str = ""


class HostRoute(Message):
    """A guest's page: how the open connection to the host goes (local, internet, relay)."""

    route: str


class HostLost(Message):
    """The connection to the host could not be made or broke: rtc.js's word for why."""

    reason: str


# --- the codes' way between the two pages: the share sheet, the camera ------------------------

class Able(Message):
    """What this browser can do with the codes, found by the shell as the page opens: share
    them (navigator.share) and read a QR code with the camera (BarcodeDetector reading
    qr_code, and a camera to ask for)."""

    share: bool = False
    scan: bool = False


class ShareField(Message):
    """Share pressed beside a code's field (the invite link, the guest's answer)."""

    field: str


class ShareOut(Message):
    """Hand the field's text to the system's share sheet (navigator.share)."""

    field: str


class ShareFailed(Message):
    """The share sheet could not take the code (not a cancel: that is no failure)."""

    why: str = ""


class Scan(Message):
    """The host's "Scan the answer": the camera reads the QR code on the guest's page."""

    seat: int


class ScanCancel(Message):
    """The camera view's Cancel: the camera stops, the invite is as it was."""


class Scanned(Message):
    """The camera read a QR code while reading the answer for `seat`: its text."""

    seat: int
    text: str


class ScanFailed(Message):
    """The camera could not be used: "camera-refused", "no-camera" or "camera-failed"."""

    seat: int
    why: str


def _seat(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0


# what a click on the codes' controls means (ui/play/inputs.py reads these with its own)
CLICKS = {
    "share-field": lambda c: ShareField(c.arg or ""),
    "scan": lambda c: Scan(_seat(c.arg)),
    "scan-cancel": lambda c: ScanCancel(),
}
