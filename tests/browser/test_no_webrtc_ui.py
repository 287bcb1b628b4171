"""A browser without WebRTC (turned off by policy, an app's built-in browser, WebKitGTK's
builds): a shared table says so in words on the host's page and on a guest's, instead of
blaming the network. An init script takes RTCPeerConnection away before the page loads."""
from __future__ import annotations

import pytest

from conftest import wait_booted, watched

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
SAID = "This browser cannot make direct connections (WebRTC is missing or turned off)"


@pytest.mark.own_context
def test_a_browser_without_webrtc_is_told_so_in_words(page, context, site, watch):
    context.add_init_script(NO_WEBRTC)
    page.goto(site + "?game=durak&players=2&guests=1&names=Ann,Boris&level=easy")
    wait_booted(page)
    page.wait_for_selector("#invite #link-why")
    assert SAID in page.inner_text("#link-why")
    assert "STUN" not in page.inner_text("#invite")
    assert page.locator("#reinvite").is_visible() and page.locator("#give-seat").is_visible()

    guest = context.new_page()
    stop = watched(context, guest, watch)  # (its console too: the test fails on an error)
    guest.goto(site + "#join=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
    wait_booted(guest)
    guest.wait_for_selector("#link-why")
    assert SAID in guest.inner_text("#link-why")
    assert guest.evaluate("location.hash") == ""  # the invite left the address
    stop()
