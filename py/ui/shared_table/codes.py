"""The codes' way between the two pages: the invite link and the guest's answer shared
through the system's share sheet (where the browser has one), and the answer's QR code read
by the host's camera (where the browser reads QR codes). The shell carries them out
(devices.py); these keep what the page shows."""

from __future__ import annotations

from dataclasses import replace

from .. import messages as m
from ..i18n import _
from ..model import Model, Result
from . import talk

SHARED = ("invite-link", "answer-code")  # the fields whose code may be shared


def able(model: Model, msg: talk.Able, now: float) -> Result:
    can = frozenset(w for w, yes in (("share", msg.share), ("scan", msg.scan)) if yes)
    return replace(model, sharing=replace(model.sharing, can=can)), []


def share_field(model: Model, msg: talk.ShareField, now: float) -> Result:
    if "share" not in model.sharing.can or msg.field not in SHARED:
        return model, []
    return replace(model, notice=""), [talk.ShareOut(msg.field)]


def share_failed(model: Model, msg: talk.ShareFailed, now: float) -> Result:
    # TRANSLATORS: a shared table: the system's share menu could not take the code
    words = _("The share menu did not open: copy the code instead, and paste it into a "
              "message.")
    return replace(model, notice=words), [m.Console("warn", f"kozyr: share failed: {msg.why}")]


def scan(model: Model, msg: talk.Scan, now: float) -> Result:
    """The camera view opens over the invite, its Cancel focused; the shell starts the camera
    once it is drawn."""
    sharing = model.sharing
    if "scan" not in sharing.can or sharing.links.get(msg.seat) != "invited":
        return model, []
    model = replace(model, notice="", sharing=replace(sharing, scanning=msg.seat))
    return model, [m.FocusOn("#scan-cancel")]


def _camera_off(model: Model, notice: str = "") -> Model:
    return replace(model, notice=notice, sharing=replace(model.sharing, scanning=-1))


def scan_cancel(model: Model, msg: talk.ScanCancel, now: float) -> Result:
    if model.sharing.scanning < 0:
        return model, []
    return _camera_off(model), [m.FocusOn("#scan")]


def scanned(model: Model, msg: talk.Scanned, now: float) -> Result:
    """A code read: it fills the answer field, and the page connects with it."""
    if model.sharing.reading() != msg.seat:
        return model, []
    model = _camera_off(model)
    answers = {**model.sharing.answers, msg.seat: msg.text}
    model = replace(model, sharing=replace(model.sharing, answers=answers))
    return model, [m.Next(talk.Connect(msg.seat, msg.text))]


def scan_failed(model: Model, msg: talk.ScanFailed, now: float) -> Result:
    if model.sharing.scanning != msg.seat:
        return model, []
    return _camera_off(model, camera_words(msg.why)), [m.FocusOn("#scan")]


def camera_words(why: str) -> str:
    if why == "camera-refused":
        # TRANSLATORS: a shared table: the host's page may not use the camera to read the
        # guest's answer
        return _("The camera was not allowed. Allow it for this site in the browser's "
                 "settings, or paste the answer instead.")
    if why == "no-camera":
        # TRANSLATORS: a shared table: the host's device has no camera the page can use
        return _("This device has no camera the page can use: paste the answer instead.")
    # TRANSLATORS: a shared table: the camera would not start (another app may hold it)
    return _("The camera did not start (another app may be using it): paste the answer "
             "instead.")


HANDLERS = {
    talk.Able: able, talk.ShareField: share_field, talk.ShareFailed: share_failed,
    talk.Scan: scan, talk.ScanCancel: scan_cancel, talk.Scanned: scanned,
    talk.ScanFailed: scan_failed,
}
