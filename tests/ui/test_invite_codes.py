"""How the invite and the answer travel between the two pages, on headless pages: the words
that say how the answer comes back, Share where the browser has a share sheet, the host's
camera reading the answer's QR code where the browser reads QR codes, the invite's first
focus, and the table behind an open invite saying it waits (not whose turn it is)."""
from __future__ import annotations

import re

import pytest
from test_across_networks import invite
from test_shared_table import DURAK, guest_page, seat_host

from ui import messages as m
from ui.page import draw
from ui.shared_table import talk
from ui.shared_table.codes import camera_words

URL = "http://127.0.0.1/#join=AQAESzQx"
ANSWER = "AQMEMlZBWRgxbTlNeWxpQ3BhR"


def host_page(share: bool = False, scan: bool = False):
    page = seat_host(DURAK.session(), 1)
    page.send(talk.Able(share, scan))
    invite(page, 1, URL)
    return page


def tag(html: str, id_: str) -> str:
    found = re.search(rf'<[a-z0-9]+ [^>]*id="{id_}"[^>]*>', html)
    return found[0] if found else ""


def test_a_browser_without_share_or_camera_shows_copy_and_connect_and_says_what_to_do():
    page = host_page()
    html = page.picture.html
    assert 'data-act="share-field"' not in html and 'id="scan"' not in html
    assert 'data-act="copy-field" data-arg="invite-link"' in html
    assert ("Then ask Boris to send you the answer their page shows, through a message app: "
            "paste it below and press Connect.") in html
    assert "data-first" in tag(html, "connect")  # the invite's first focus


def test_share_is_offered_where_it_exists_and_takes_the_first_focus():
    page = host_page(share=True)
    html = page.picture.html
    share = tag(html, "share-invite-link")
    assert 'data-first' in share and 'aria-label="Share the invite link"' in share
    assert html.index('id="share-invite-link"') < html.index('data-arg="invite-link">Copy')
    assert "data-first" not in tag(html, "connect")
    effects = page.send(m.Click("share-field", "invite-link"))
    assert talk.ShareOut("invite-link") in effects


def test_a_share_that_fails_is_said_in_words_and_one_without_a_share_sheet_does_nothing():
    page = host_page(share=True)
    page.send(talk.ShareFailed("DataError: no"))
    assert ("The share menu did not open: copy the code instead, and paste it into a "
            "message.") in page.picture.html
    page = host_page()
    assert page.send(m.Click("share-field", "invite-link")) == []


def test_the_invite_focuses_its_first_step_once_made_and_nothing_else_while_it_is_made():
    page = seat_host(DURAK.session(), 1)
    html = draw(page.model).html
    assert "data-first" in tag(html, "invite-title")  # not "A computer plays instead"
    effects = page.send(talk.InviteMade(1, URL))
    assert m.FocusOn("#invite [data-first]") in effects


def test_the_table_behind_the_invite_waits_and_says_no_turn():
    page = host_page()
    html = page.picture.html
    prompt = re.search(r'<p class="prompt" id="prompt"[^>]*>(.*?)</p>', html)[1]
    assert prompt == "Waiting for Boris to join…"
    assert "is leading" not in html and "Your lead" not in html
    assert page.picture.turn == "" and "Your turn" not in page.picture.title


def test_the_camera_reads_the_answer_fills_it_and_connects():
    page = host_page(scan=True)
    html = page.picture.html
    assert 'id="scan" data-act="scan" data-arg="1"' in html
    assert "press Scan the answer and point this device&#x27;s camera" in html
    effects = page.send(m.Click("scan", "1"))
    assert page.model.sharing.reading() == 1 and m.FocusOn("#scan-cancel") in effects
    html = page.picture.html
    assert 'id="scan-video"' in html and 'id="scan-cancel"' in html
    assert "Point this device&#x27;s camera at the QR code on Boris&#x27;s page." in html
    assert 'id="give-seat"' not in html and 'id="answer-input"' not in html
    effects = page.send(talk.Scanned(1, ANSWER))
    assert page.model.sharing.reading() == -1  # the camera stops
    assert talk.AcceptAnswer(1, ANSWER) in page.effects
    assert page.model.sharing.links[1] == "connecting"
    assert f">{ANSWER}</textarea>" in page.picture.html


def test_cancel_stops_the_camera_and_gives_the_scan_button_the_focus():
    page = host_page(scan=True)
    page.send(m.Click("scan", "1"))
    effects = page.send(m.Click("scan-cancel"))
    assert page.model.sharing.reading() == -1 and m.FocusOn("#scan") in effects
    assert 'id="scan-video"' not in page.picture.html
    page.send(talk.Scanned(1, ANSWER))  # a code read after the cancel is not taken
    assert page.model.sharing.links[1] == "invited"


@pytest.mark.parametrize("why, says", [
    ("camera-refused", "The camera was not allowed."),
    ("no-camera", "This device has no camera the page can use"),
    ("camera-failed", "The camera did not start"),
])
def test_a_camera_refused_or_missing_is_said_in_words(why, says):
    page = host_page(scan=True)
    page.send(m.Click("scan", "1"))
    effects = page.send(talk.ScanFailed(1, why))
    assert page.model.sharing.reading() == -1 and m.FocusOn("#scan") in effects
    html = page.picture.html
    assert says in camera_words(why)
    assert f'role="alert">{camera_words(why)}'.replace("'", "&#x27;") in html


def test_no_scan_where_the_browser_cannot_read_qr_codes():
    page = host_page(share=True)
    assert page.send(m.Click("scan", "1")) == []
    assert page.model.sharing.reading() == -1 and 'id="scan"' not in page.picture.html


def test_a_new_deal_turns_the_camera_off():
    page = host_page(scan=True)
    page.send(m.Click("scan", "1"))
    page.send(talk.Reinvite(1))
    assert page.model.sharing.reading() == -1


@pytest.mark.parametrize("share", [False, True])
def test_the_guests_page_says_how_its_answer_gets_back(share):
    guest = guest_page()
    guest.send(talk.Able(share, False))
    guest.send(talk.Join("CODE"))
    guest.send(talk.AnswerMade(ANSWER))
    html = guest.picture.html
    assert "Send this answer back to the host:" in html
    assert "hold this QR code up to their camera" in html
    assert ('id="share-answer-code"' in html) is share
    assert ("press Share and choose a message app" in html) is share
    assert 'data-act="copy-field" data-arg="answer-code"' in html
    if share:
        assert talk.ShareOut("answer-code") in guest.send(m.Click("share-field", "answer-code"))
        guest.send(talk.ShareFailed("NotAllowedError"))
        assert "The share menu did not open" in guest.picture.html
