"""The invite's and the answer's way between two phones, in Chromium: the host's camera
reading the guest's answer (Chromium's fake camera, and an init script's BarcodeDetector that
"reads" the answer the test gives it, as Chrome on Android would read the guest's QR code),
the camera stopped once read or cancelled, a refused camera said in words; Share handing the
invite link to an init script's navigator.share, a cancel no error and a failure said; and,
in this Chromium as it is (no BarcodeDetector on Linux), no scan button at all (and Settings'
servers field drawn light on the cream sheet).

The camera's pages run in a Chromium of their own, launched with the fake camera and its
permission prompt answered yes; the last test uses the suite's."""
from __future__ import annotations

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, fail_on_problems, wait_booted, watched

PHONE = {"width": 390, "height": 844}
DEAL = "?game=durak&players=3&people=1&guests=1&names=Ann,Boris&level=easy&seed=81266"
FAKE_CAMERA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]

# the phone's abilities, faked: BarcodeDetector "reads" window.__qr off any video frame (none
# until the test sets it); navigator.share keeps what it is given and answers as __shareWith
# says; every camera stream is kept, to see it stopped
PHONE_ABILITIES = """(() => {
  window.__qr = "";
  window.BarcodeDetector = class {
    static async getSupportedFormats() { return ["qr_code", "ean_13"]; }
    constructor(options) { this.formats = options.formats; }
    async detect(video) {
      if (!(video instanceof HTMLVideoElement) || !video.srcObject) throw new TypeError("no");
      return window.__qr ? [{rawValue: window.__qr, format: "qr_code"}] : [];
    }
  };
  window.__shared = []; window.__shareWith = "";
  navigator.share = async (data) => {
    window.__shared.push(data);
    if (window.__shareWith) throw new DOMException("no", window.__shareWith);
  };
  const media = navigator.mediaDevices, ask = media.getUserMedia.bind(media);
  window.__streams = [];
  media.getUserMedia = async (c) => {
    if (window.__refuse) throw new DOMException("Permission denied", "NotAllowedError");
    const stream = await ask(c);
    window.__streams.push(stream);
    return stream;
  };
})();"""
LIVE = "() => __streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length"
VIDEO_ON = "() => document.getElementById('scan-video')?.srcObject?.active === true"


@pytest.fixture(scope="module")
def camera_browser(playwright_instance):
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM,
                                            args=CHROMIUM_ARGS + FAKE_CAMERA)
    yield b
    b.close()


@pytest.fixture
def phones(camera_browser, site, watch):
    """new_phone(abilities=True) -> a page in a context of its own (a phone), watched."""
    made = []

    def new_phone(abilities: bool = True):
        ctx = camera_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                         service_workers="block", reduced_motion="reduce")
        if abilities:
            ctx.add_init_script(PHONE_ABILITIES)
        tab = ctx.new_page()
        made.append((ctx, watched(ctx, tab, watch)))
        return tab

    yield new_phone
    for ctx, stop in made:
        stop()
        ctx.close()
    fail_on_problems(watch)


def host_invites(host, site) -> str:
    host.goto(site + DEAL)
    wait_booted(host)
    host.wait_for_function("document.getElementById('invite-link')?.value")
    host.wait_for_selector("#scan")  # (what the browser can do is found as the page opens)
    return host.input_value("#invite-link")


def guest_answers(guest, url: str) -> str:
    guest.goto(url)
    wait_booted(guest)
    guest.wait_for_function("document.getElementById('answer-code')?.value", polling=100)
    return guest.input_value("#answer-code")


def test_the_hosts_camera_reads_the_answer_connects_and_stops(phones, site):
    host, guest = phones(), phones(abilities=False)
    url = host_invites(host, site)
    assert host.evaluate("document.activeElement.id") == "share-invite-link"  # the first step
    answer = guest_answers(guest, url)
    assert guest.locator("#share-answer-code").count() == 0  # (this one cannot share)
    assert "hold this QR code up to their camera" in guest.inner_text(".join-card")
    host.tap("#scan")
    host.wait_for_function(VIDEO_ON)
    assert host.evaluate("document.activeElement.id") == "scan-cancel"
    assert host.locator("#scan-video").is_visible()
    box = host.locator("#scan-cancel").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    host.evaluate("a => { window.__qr = a; }", answer)  # the guest's code in front of it
    guest.wait_for_selector(".screen.table", timeout=30_000)
    host.wait_for_selector("#invite", state="detached", timeout=20_000)
    assert host.evaluate(LIVE) == 0  # the camera stopped
    assert host.evaluate("__streams.length") == 1


def test_cancel_stops_the_camera_and_a_refused_camera_is_said(phones, site):
    host = phones()
    host_invites(host, site)
    host.tap("#scan")
    host.wait_for_function(VIDEO_ON)
    host.tap("#scan-cancel")
    host.wait_for_selector("#scan-video", state="detached")
    host.wait_for_function(f"({LIVE})() === 0")
    assert host.evaluate("document.activeElement.id") == "scan"
    host.evaluate("window.__refuse = true")
    host.tap("#scan")
    host.wait_for_selector("#invite [role='alert']")
    assert "The camera was not allowed." in host.inner_text("#invite [role='alert']")
    assert host.locator("#scan-video").count() == 0 and host.evaluate(f"({LIVE})()") == 0


def test_share_hands_over_the_link_a_cancel_is_quiet_a_failure_is_said(phones, site):
    host = phones()
    url = host_invites(host, site)
    box = host.locator("#share-invite-link").bounding_box()
    assert box["height"] >= 44
    host.evaluate("window.__shareWith = 'AbortError'")  # the person closed the share sheet
    host.tap("#share-invite-link")
    host.wait_for_function("__shared.length === 1")
    assert host.evaluate("__shared[0]") == {"url": url}
    host.wait_for_timeout(300)
    assert host.locator("#invite [role='alert']").count() == 0
    host.evaluate("window.__shareWith = 'NotAllowedError'")
    host.tap("#share-invite-link")
    host.wait_for_selector("#invite [role='alert']")
    assert "The share menu did not open" in host.inner_text("#invite [role='alert']")


@pytest.mark.own_context
def test_without_barcodedetector_no_scan_button_is_shown(page, site):
    """This Chromium (Linux) has no BarcodeDetector, as Firefox has none: the host pastes."""
    page.goto(site + DEAL)
    wait_booted(page)
    page.wait_for_function("document.getElementById('invite-link')?.value")
    assert page.evaluate("typeof BarcodeDetector") == "undefined"
    page.wait_for_timeout(500)  # (time for the page to find what it can do)
    assert page.locator("#scan").count() == 0
    assert "Scan the answer" not in page.inner_text("#invite")
    assert page.evaluate("document.activeElement.id") == "connect"
    # the servers' field of Settings (from the invite): on the cream sheet as its other fields
    page.click("#invite [data-act='settings']")
    page.wait_for_selector("#set-ice")
    look = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('set-ice'));
        return [s.backgroundColor, s.color, s.borderRadius]; }""")
    assert look == ["rgb(255, 253, 246)", "rgb(31, 42, 34)", "8px"], look
