"""Reactions at a table shared between browsers, end to end in Chromium: Boris, a guest on his
phone, sends a reaction by keyboard alone (the React button, arrow keys in its menu, Escape,
Enter); Ann's page (the host's) shows it by his name plate and says it in the live region.
Then Ann mutes others' reactions in Settings, and the next one Boris sends is neither shown
nor said on her page, while his own page still shows it. The pages are connected as in
test_shared_table_ui.py (its fixtures and helpers).
"""
from __future__ import annotations

import json

from conftest import DESKTOP, save_screenshot
from table_helpers import choose_setting
from test_shared_table_ui import (  # noqa: F401  (the fixtures: host, guests, guest_browser)
    durak, guest_browser, guests, host, host_deals, join)

LIVE = "document.getElementById('kz-live').textContent"
FOCUSED = "document.activeElement && document.activeElement.id"
BUBBLES = ".nameplate > .bubble.reaction"


def test_a_guest_reacts_by_keyboard_and_the_host_shows_it_until_muted(host, guests, site, boot):
    url = host_deals(host, site, boot, durak(52817))
    guest = guests()  # a phone
    join(host, guest, url)

    # Boris, by keyboard: the React button opens the menu, the focus on its first reaction;
    # Escape closes it, the focus back on the button
    guest.focus("#react")
    assert guest.get_attribute("#react", "aria-expanded") == "false"
    guest.keyboard.press("Enter")
    guest.wait_for_selector("#react-menu")
    assert guest.get_attribute("#react", "aria-expanded") == "true"
    assert guest.evaluate(FOCUSED) == "react-thumbs-up"
    guest.keyboard.press("ArrowRight")
    assert guest.evaluate(FOCUSED) == "react-smile"
    guest.keyboard.press("Escape")
    guest.wait_for_selector("#react-menu", state="detached")
    assert guest.evaluate(FOCUSED) == "react"
    guest.keyboard.press("Enter")
    guest.wait_for_selector("#react-menu")
    guest.keyboard.press("End")  # Thanks, then back along the phrases to Well played
    for _ in range(3):
        guest.keyboard.press("ArrowLeft")
    assert guest.evaluate(FOCUSED) == "react-well-played"
    guest.keyboard.press("Enter")
    guest.wait_for_selector("#react-menu", state="detached")
    assert guest.evaluate(FOCUSED) == "react", "the focus did not come back to React"
    assert guest.inner_text(".nameplate.mine > .bubble.reaction") == "Well played"
    sent = [json.loads(t) for t in guest.evaluate("window.__said") if '"react"' in t]
    assert [{k: v for k, v in s.items() if k != "v"} for s in sent] == [
        {"kind": "react", "reaction": "well-played"}], "more than the id went to the host"

    # Ann's page: the bubble by Boris's plate, said in the live region, hidden from the ear
    host.wait_for_selector(f".opponents {BUBBLES}")
    assert host.inner_text(f".opponents {BUBBLES}") == "Well played"
    assert host.get_attribute(f".opponents {BUBBLES}", "aria-hidden") == "true"
    host.wait_for_function(f"{LIVE}.includes('Boris: Well played')")
    host.click("#react")  # Ann's own menu, open over her table
    host.wait_for_selector("#react-menu")
    save_screenshot(host, "reactions-host-desktop")
    host.keyboard.press("Escape")
    guest.keyboard.press("Enter")  # Boris's menu open on his phone, his bubble beside it
    guest.wait_for_selector("#react-menu")
    save_screenshot(guest, "reactions-guest-phone")
    guest.keyboard.press("Escape")

    # Ann mutes others' reactions; Boris's next one is neither shown nor said on her page
    choose_setting(host, "set-mute-reactions")
    assert host.evaluate("JSON.parse(localStorage.getItem('kozyr.prefs')).mute_reactions")
    guest.wait_for_timeout(1300)  # a page sends one reaction a second at most
    guest.keyboard.press("Enter")
    guest.wait_for_selector("#react-thanks")
    guest.click("#react-thanks")
    guest.wait_for_selector(".nameplate.mine > .bubble.reaction:text('Thanks')")
    # a junk reaction after it: once the host notes it, it has read the one before (in order)
    with host.expect_console_message(lambda msg: "an unknown reaction" in msg.text):
        guest.evaluate("(t) => window.__channel.send(t)",
                       json.dumps({"v": sent[0]["v"], "kind": "react", "reaction": "nope"}))
    assert "Thanks" not in " ".join(host.locator(BUBBLES).all_inner_texts())
    assert "Thanks" not in host.evaluate(LIVE)
    assert host.viewport_size == DESKTOP["viewport"]
