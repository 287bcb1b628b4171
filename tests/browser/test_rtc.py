"""rtc.js in Chromium: a host's page and a guest's page (two browser contexts, as two browsers)
meet over a WebRTC data channel with no ICE server, their codes passed by hand as a person
pastes them; messages go both ways; bad codes reject with a machine word; a guest's page that
closes, or never answers, leaves no wait without an end. No request leaves 127.0.0.1."""
from __future__ import annotations

import base64
import time
import zlib

import pytest

from conftest import DESKTOP, watched

# In the page: rtc.js imported (as the page does when a shared table opens), and each peer's
# states and messages recorded as they come.
SETUP = """async () => {
  window.rtc = await import("./rtc.js");
  window.peers = {};
  window.heard = {};
  window.track = (name, peer) => {
    peers[name] = peer;
    const log = heard[name] = {states: [], messages: [], t0: performance.now(), opened: null};
    peer.onstate = (state) => {
      log.states.push(state);
      if (state === "open") log.opened = performance.now();
    };
    peer.onmessage = (text) => log.messages.push(text);
  };
}"""
INVITE = """async ([name, options]) => {
  const {code, peer} = await rtc.createInvite(options);
  track(name, peer);
  return code;
}"""
ACCEPT = """async ([name, code, options]) => {
  const {code: answer, peer} = await rtc.acceptInvite(code, options);
  track(name, peer);
  return answer;
}"""
ANSWER = """async ([name, code]) => {
  heard[name].t0 = performance.now();
  await rtc.acceptAnswer(peers[name], code);
}"""
# a promise's rejection, as its message (null when it resolves)
REJECTION = """async ([call, args]) => {
  try { await rtc[call](...args.map((a) => a === "$peer" ? peers.host : a)); return null; }
  catch (error) { return error.message; }
}"""
SETTLED = "(name) => ['open', 'closed', 'failed'].includes(peers[name].state)"


@pytest.fixture
def guest(browser, page, site, watch):
    """A guest's page: a context of its own (as another browser), booted, watched like `page`
    (the `page` fixture fails the test on its off-origin requests and console errors)."""
    ctx = browser.new_context(**DESKTOP, service_workers="block")
    tab = ctx.new_page()
    stop = watched(ctx, tab, watch)
    yield tab
    stop()
    ctx.close()


def bare(tab, site: str) -> None:
    """A blank page of the site's origin in `tab` (quicker than booting kozyr's), rtc.js
    imported into it."""
    tab.route(site + "blank.html", lambda route: route.fulfill(
        content_type="text/html", body="<!doctype html><link rel=icon href='data:,'>"))
    tab.goto(site + "blank.html")
    tab.evaluate(SETUP)


def ready(site: str, boot, watch, *tabs) -> None:
    """The kozyr page booted in each tab, then rtc.js imported as a shared table imports it
    (the page loads it only when asked for it: never while it boots)."""
    for tab in tabs:
        boot(tab, site)
    assert not [u for u in watch.requests if u.endswith("/rtc.js")]
    for tab in tabs:
        tab.evaluate(SETUP)


def meet(host, guest, options=None) -> tuple[str, str]:
    """The host's invite, taken by the guest, whose answer the host takes: both codes."""
    invite = host.evaluate(INVITE, ["host", options or {}])
    answer = guest.evaluate(ACCEPT, ["guest", invite, options or {}])
    host.evaluate(ANSWER, ["host", answer])
    return invite, answer


def recode(code: str, change) -> str:
    """A code's bytes changed by `change`, its CRC-32 made right again."""
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    change(raw)
    raw[-4:] = zlib.crc32(bytes(raw[:-4])).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def test_two_pages_meet_and_talk_both_ways(page, guest, site, boot, watch):
    ready(site, boot, watch, page, guest)

    invite, answer = meet(page, guest)
    print(f"\ninvite code {len(invite)} chars: {invite}")
    print(f"answer code {len(answer)} chars: {answer}")
    assert len(invite) < 300 and len(answer) < 300
    assert all(c.isalnum() or c in "-_" for c in invite + answer)  # url-safe as it is
    page.wait_for_function(SETTLED, arg="host", timeout=10_000)
    guest.wait_for_function(SETTLED, arg="guest", timeout=10_000)
    host_log, guest_log = page.evaluate("heard.host"), guest.evaluate("heard.guest")
    assert host_log["states"] == guest_log["states"] == ["open"]
    print(f"open {host_log['opened'] - host_log['t0']:.0f} ms after the host took the answer")

    # text both ways, in order; 60 KB (of UTF-8) arrive whole; a message past 64 KB is refused
    big = "♠♥♦♣ kozyr " * (60 * 1024 // 19)  # 19 bytes each
    assert 60_000 < len(big.encode()) <= 65_536
    page.evaluate("(big) => { peers.host.send('hello guest'); peers.host.send(big); }", big)
    guest.evaluate("() => { peers.guest.send('hello host'); peers.guest.send('второе'); }")
    guest.wait_for_function("heard.guest.messages.length === 2")
    page.wait_for_function("heard.host.messages.length === 2")
    assert guest.evaluate("heard.guest.messages") == ["hello guest", big]
    assert page.evaluate("heard.host.messages") == ["hello host", "второе"]
    too_big = "(text) => { try { peers.guest.send(text); } catch (e) { return e.message; } }"
    assert guest.evaluate(too_big, "x" * 65_537) == "too-big"

    # the same invite taken by a second guest: its answer comes too late for this invite
    second = guest.evaluate(ACCEPT, ["second", invite, {}])
    assert page.evaluate(REJECTION, ["acceptAnswer", ["$peer", second]]) == "used"
    guest.evaluate("peers.second.close()")
    assert guest.evaluate("heard.second.states") == ["closed"]

    # the guest's page closes: the host hears it, soon
    t0 = time.perf_counter()
    guest.close()
    page.wait_for_function("['closed', 'failed'].includes(peers.host.state)", timeout=20_000)
    print(f"the host heard {page.evaluate('heard.host.states')} "
          f"{time.perf_counter() - t0:.2f} s after the guest's page closed")
    assert page.evaluate("heard.host.states")[-1] in ("closed", "failed")


def test_bad_codes_reject_with_a_word(page, site):
    bare(page, site)
    invite = page.evaluate(INVITE, ["host", {}])
    answer = page.evaluate(ACCEPT, ["guest", invite, {}])  # a real answer (not taken here)

    def rejection(call, *args):
        return page.evaluate(REJECTION, [call, list(args)])

    for junk in ("", "hello world", "AAAAAAAAAAAAAAAAAAAA", invite[:-7], invite + "A", "#join=x"):
        assert rejection("acceptInvite", junk) == "bad-code", junk
        assert rejection("acceptAnswer", "$peer", junk) == "bad-code", junk
    # a code of another format's version: the CRC holds, the version does not
    assert rejection("acceptInvite", recode(invite, lambda b: b.__setitem__(0, 2))) \
        == "wrong-version"
    # an answer where an invite is due, and the other way round
    assert rejection("acceptInvite", answer) == "bad-code"
    assert rejection("acceptAnswer", "$peer", invite) == "bad-code"
    # the invite still waits for a good answer after bad ones; closed, it takes none
    assert page.evaluate("peers.host.state") == "connecting"
    page.evaluate("peers.host.close(); peers.guest.close()")
    assert page.evaluate("[heard.host.states, heard.guest.states]") == [["closed"], ["closed"]]
    assert rejection("acceptAnswer", "$peer", answer) == "closed"


def test_nothing_waits_for_ever(page, site):
    bare(page, site)
    # an invite no guest answers: the host closes it, or it gives up by itself
    page.evaluate(INVITE, ["host", {}])
    page.evaluate("peers.host.close()")
    assert page.evaluate("[peers.host.state, heard.host.states]") == ["closed", ["closed"]]
    invite = page.evaluate(INVITE, ["host", {"waitMs": 500}])
    # a guest's answer the host never takes gives up too
    page.evaluate(ACCEPT, ["guest", invite, {"waitMs": 500}])
    for name in ("host", "guest"):
        page.wait_for_function(SETTLED, arg=name, timeout=5_000)
        assert page.evaluate(f"[peers.{name}.state, peers.{name}.reason]") == ["failed", "timeout"]
        assert page.evaluate(f"heard.{name}.states") == ["failed"]
    # sending on a peer that is not open is refused, not queued for ever
    assert page.evaluate(
        "() => { try { peers.guest.send('x'); } catch (e) { return e.message; } }") == "not-open"
