"""The browser's ways of moving a code between the two pages, for the shell: the system's
share sheet (navigator.share) and the camera reading a QR code (rtc.js's `scanQr`, with
BarcodeDetector). What this browser can do is found as the page opens (after its first
message) and told to the model (`talk.Able`); the camera runs while the model's
`Sharing.reading()` names a seat, like the opponents' turns, and stops as soon as it names
none (read, cancelled, failed, or the invite gone)."""

from __future__ import annotations

import asyncio

from pyodide.ffi import to_js  # the page's bridge: this module runs only in the page

from ..dom import nothing
from ..model import Model
from . import talk

SCAN_WORDS = ("camera-refused", "no-camera", "camera-failed", "stopped")  # scanQr's words
VIDEO = "scan-video"  # the camera view's <video> (view.py)


def can_share(win) -> bool:
    try:
        return getattr(win.navigator, "share", None) is not None
    except Exception:
        return False


async def can_scan(win) -> bool:
    """A camera may be asked for, and BarcodeDetector reads QR codes (Chrome on Android and
    macOS, Safari; not Firefox, nor Chromium on Linux or Windows)."""
    try:
        detector = getattr(win, "BarcodeDetector", None)
        media = getattr(win.navigator, "mediaDevices", None)
        if detector is None or media is None or getattr(media, "getUserMedia", None) is None:
            return False
        return "qr_code" in [str(f) for f in await detector.getSupportedFormats()]
    except Exception:
        return False


class Devices:
    def __init__(self, shell, links):
        self.shell, self.links = shell, links
        self.scan: list | None = None  # [seat, rtc's scanner (None while rtc.js loads)]
        self.asked = False  # what the browser can do, found once the page has started

    async def able(self) -> None:
        share, scan = can_share(self.shell.win), await can_scan(self.shell.win)
        if share or scan:
            self.shell.dispatch(talk.Able(share, scan))

    # --- the share sheet ----------------------------------------------------------------------
    def share(self, field_id: str) -> None:
        """The field's code to the share sheet, called at once (within the tap that asked: the
        browser wants it), its outcome awaited after."""
        win = self.shell.win
        field = self.shell.doc.getElementById(field_id)
        if nothing(field):
            return
        text = str(field.value)
        data = {"url": text} if field_id == "invite-link" else {"text": text}
        try:
            asked = win.navigator.share(to_js(data, dict_converter=win.Object.fromEntries))
        except Exception as exc:
            self.shell.dispatch(talk.ShareFailed(str(exc)))
            return
        asyncio.ensure_future(self.shared(asked))

    async def shared(self, asked) -> None:
        try:
            await asked
        except Exception as exc:
            if "AbortError" not in f"{getattr(exc, 'name', '')} {exc}":  # a cancel: no error
                self.shell.dispatch(talk.ShareFailed(str(exc)))

    # --- the camera ---------------------------------------------------------------------------
    def watch(self, model: Model) -> None:
        if not self.asked:
            self.asked = True
            asyncio.ensure_future(self.able())
        seat = model.sharing.reading() if model.in_play is not None else -1
        if self.scan is not None and self.scan[0] != seat:
            self.stop()
        if seat >= 0 and self.scan is None:
            self.scan = [seat, None]
            asyncio.ensure_future(self.read(seat, self.scan))

    def stop(self) -> None:
        scan, self.scan = self.scan, None
        if scan is not None and scan[1] is not None:
            scan[1].stop()

    async def read(self, seat: int, scan: list) -> None:
        try:
            rtc = await self.links.module()
            if self.scan is not scan:
                return  # stopped while rtc.js loaded
            scan[1] = scanner = rtc.scanQr(VIDEO)
            text = str(await scanner.code)
        except Exception as exc:
            word = next((w for w in SCAN_WORDS if w in str(exc)), "camera-failed")
            if self.scan is scan:
                self.scan = None
                if word != "stopped":
                    self.shell.dispatch(talk.ScanFailed(seat, word))
            return
        if self.scan is scan:
            self.scan = None
            self.shell.dispatch(talk.Scanned(seat, text))
