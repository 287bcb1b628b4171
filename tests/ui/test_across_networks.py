"""A shared table across networks: the servers a page may contact and how they are written,
the person's consent on the host's page and on a guest's (asked, remembered, changeable in
Settings), the invite that carries the host's servers to the guest, every failure said in
words, the way each link goes shown at its seat, and a table that keeps its guests through
another game, other options and a daily deal.

The pages are headless (tests/headless.py); the channel between them is test_shared_table's.
What the browser does (rtc.js, the routers) is tested in tests/netlab and tests/browser.
"""
from __future__ import annotations

import json
import random

import pytest
from headless import Page
from test_shared_table import DURAK, Guest, play_to_end, seat_host, step, table

from ui import messages as m
from ui.daily.update import deal_day
from ui.model import PREFS_KEY, Prefs
from ui.setup import address
from ui.shared_table import host, ice, talk
from ui.shared_table.view import why_words

TURN = "turn:ann%40home:s3cr%3At@turn.example.org:3478?transport=udp"


# --- servers as written --------------------------------------------------------------------------

@pytest.mark.parametrize("text, url, user, credential", [
    ("stun:stun.l.google.com:19302", "stun:stun.l.google.com:19302", "", ""),
    ("STUN:203.0.113.1", "stun:203.0.113.1", "", ""),
    ("stun:[2001:db8::1]:3478", "stun:[2001:db8::1]:3478", "", ""),
    (TURN, "turn:turn.example.org:3478?transport=udp", "ann@home", "s3cr:t"),
    ("turns:u:p@relay.example.org", "turns:relay.example.org", "u", "p"),
])
def test_a_server_is_read_as_rtcpeerconnection_takes_it(text, url, user, credential):
    server = ice.parse(text)
    assert (server.url, server.username, server.credential) == (url, user, credential)
    assert ice.parse(server.text()) == server  # its written form reads back the same
    expected = {"urls": url, **({"username": user, "credential": credential} if user else {})}
    assert server.rtc() == expected
    assert server.relay == text.lower().startswith("turn")


@pytest.mark.parametrize("text, why", [
    ("http://stun.example.org", ice.NOT_A_SERVER),
    ("stun:", ice.NOT_A_SERVER),
    ("stun:bad host:3478", ice.NOT_A_SERVER),
    ("stun:host:99999", ice.NOT_A_SERVER),
    ("stun:host?transport=udp", ice.NOT_A_SERVER),
    ("turn:turn.example.org:3478", ice.NO_CREDENTIAL),  # a relay always takes them
    ("turn:user@turn.example.org", ice.NO_CREDENTIAL),
    ("stun:u:p@stun.example.org", ice.NO_USER),
])
def test_what_is_not_a_server_says_why(text, why):
    with pytest.raises(ice.BadServer) as caught:
        ice.parse(text)
    assert str(caught.value) == why
    assert not ice.valid(text)


def test_the_invite_carries_its_servers_and_the_guest_reads_them_back():
    carried = (*ice.DEFAULTS, TURN)
    fragment = ice.fragment("AbC-123_x", carried)
    assert fragment.startswith("#join=AbC-123_x&ice=") and " " not in fragment
    assert ice.read_fragment(fragment) == ("AbC-123_x", carried)
    assert ice.fragment("AbC", ()) == "#join=AbC"  # one network: the invite as it always was
    assert ice.read_fragment("#join=AbC") == ("AbC", ())
    assert ice.read_fragment("#other") is None
    # junk among the servers is left out; no more than an invite carries
    assert ice.read_fragment("#join=A&ice=stun:a.org,http://x,stun:b.org")[1] == (
        "stun:a.org", "stun:b.org")
    many = ",".join(f"stun:s{i}.example.org" for i in range(9))
    assert len(ice.read_fragment(f"#join=A&ice={many}")[1]) == ice.MOST


# --- why a connection was not made ---------------------------------------------------------------

@pytest.mark.parametrize("reason, mine, theirs, nat, word", [
    ("ice-failed", ["host"], ["host"], "", "no-servers"),
    ("ice-failed", ["host", "srflx"], ["host"], "", "their-network"),
    ("timeout", ["host"], ["host", "srflx"], "", "our-network"),
    ("ice-failed", ["host", "srflx"], ["host", "srflx"], "symmetric", "needs-relay"),
    ("ice-failed", ["host", "srflx"], ["host", "srflx"], "", "needs-relay"),
    ("ice-failed", ["host", "relay"], ["host", "srflx"], "", "relay-failed"),
    ("timeout", ["host", "srflx"], [], "", "timeout"),  # no answer at all: nothing to read
    ("no-webrtc", [], [], "", "no-webrtc"),
    ("no-candidates", [], [], "", "no-candidates"),
])
def test_a_failure_is_made_precise_by_what_each_side_offered(reason, mine, theirs, nat, word):
    assert ice.diagnosis(reason, mine, theirs, nat) == word


@pytest.mark.parametrize("word, says", [
    ("no-webrtc", "WebRTC"), ("no-candidates", "no network"),
    ("no-servers", "neither page used a server"), ("their-network", "Boris must allow"),
    ("our-network", "This page offered only addresses on this network"),
    ("needs-relay", "TURN relay"), ("relay-failed", "credential"),
    ("timeout", "Could not connect to Boris"),
])
def test_every_failure_is_said_in_words(word, says):
    assert says in why_words(word, "Boris")


# --- the preferences, the address and the settings -----------------------------------------------

def test_the_servers_default_to_two_operators_and_nothing_is_contacted_unasked():
    prefs = Prefs()
    assert prefs.ice == ice.DEFAULTS and prefs.across == "ask"
    assert {ice.parse(s).host.split(".")[-2] for s in ice.DEFAULTS} == {"cloudflare", "google"}
    page = seat_host(DURAK.session(), 1)
    assert host.servers_for(page.model) == ()  # asked, not yet allowed: an invite uses none
    stored = Prefs.from_json({"across": "allow", "ice": [TURN, "junk"]}, ("en",), ("medium",))
    assert stored.across == "allow" and stored.ice == (TURN,)
    assert Prefs.from_json({"across": "sometimes"}, ("en",), ("medium",)).across == "ask"
    assert Prefs.from_json({"ice": []}, ("en",), ("medium",)).ice == ()  # emptied on purpose


def test_the_address_takes_a_relay_with_its_credentials_and_refuses_one_without():
    intent = address.parse(f"?ice=stun:stun.example.org:3478,{TURN}", {}, {})
    assert intent.ice == ("stun:stun.example.org:3478", TURN)
    bad = address.parse("?ice=turn:turn.example.org:3478", {}, {})
    assert bad.ice is None and "needs a username and a credential" in bad.notice


def test_settings_take_servers_and_the_answer_and_say_what_is_wrong():
    page = Page()
    page.send(m.Setting("ice", f"stun:a.example.org\n{TURN}"))
    assert page.model.prefs.ice == ("stun:a.example.org", TURN) and not page.model.notice
    page.send(m.Setting("ice", "turn:relay.example.org"))
    assert "needs a username and a credential" in page.model.notice
    assert page.model.prefs.ice == ("stun:a.example.org", TURN)  # nothing lost
    for answer in ("allow", "never", "ask"):
        page.send(m.Setting("across", answer))
        assert page.model.prefs.across == answer
        assert json.loads(page.stored[PREFS_KEY])["across"] == answer
    page.send(m.Setting("across", "always"))
    assert page.model.prefs.across == "ask"
    page.send(m.OpenSheet("settings"))
    html = page.picture.html
    assert 'id="set-across-ask" name="set-across" data-set="across" value="ask" checked' in html
    assert "stun:a.example.org" in html and "turn.example.org" in html


# --- consent on the host's page ------------------------------------------------------------------

def invite(page: Page, seat: int, url: str, nat: str = "") -> None:
    """What the shell does for a seat marked inviting: the offer made, with the servers the
    model allows."""
    assert page.model.sharing.links[seat] == "inviting"
    page.send(talk.InviteMade(seat, url, nat, host.servers_for(page.model)))


def test_the_host_is_asked_once_and_the_invites_are_made_again_with_the_servers():
    page = seat_host(DURAK.session(), 1)
    invite(page, 1, "http://127.0.0.1/#join=ONE")
    html = page.picture.html
    assert "Friend on another network?" in html and 'id="ice-allow"' in html
    assert "stun.cloudflare.com: learns this device&#x27;s public IP address" in html
    assert "on the same network as this one" in html
    page.send(talk.Across(True))
    assert page.model.prefs.across == "allow"
    assert json.loads(page.stored[PREFS_KEY])["across"] == "allow"
    assert page.model.sharing.links == {1: "inviting"}  # made again, now with the servers
    assert host.servers_for(page.model) == ice.DEFAULTS
    invite(page, 1, "http://127.0.0.1/" + ice.fragment("TWO", ice.DEFAULTS))
    html = page.picture.html
    assert 'id="ice-allow"' not in html and "on this network or another" in html
    assert page.model.sharing.servers == ice.DEFAULTS


def test_the_host_who_keeps_to_one_network_is_not_asked_again():
    page = seat_host(DURAK.session(), 1)
    invite(page, 1, "http://127.0.0.1/#join=ONE")
    page.send(talk.Across(False))
    assert page.model.prefs.across == "never" and host.servers_for(page.model) == ()
    # the invite already made (and perhaps sent) stays: it was made without servers
    assert page.model.sharing.links == {1: "invited"}
    assert page.model.sharing.invites == {1: "http://127.0.0.1/#join=ONE"}
    assert 'id="ice-allow"' not in page.picture.html
    again = seat_host(DURAK.session(), 1)
    assert again.model.prefs.across == "ask"  # (another browser: it has not answered)


def test_a_network_that_needs_a_relay_is_said_before_the_guest_answers():
    page = seat_host(DURAK.session(), 1)
    page.send(talk.Across(True))
    invite(page, 1, "http://127.0.0.1/#join=ONE", nat="symmetric")
    assert 'id="link-why"' in page.picture.html
    assert "only through a relay" in page.picture.html
    page.send(m.Setting("ice", f"{TURN}"))
    page.send(talk.Reinvite(1))
    invite(page, 1, "http://127.0.0.1/#join=TWO", nat="symmetric")
    assert "only through a relay" not in page.picture.html  # a relay is on its way


@pytest.mark.parametrize("word", ["no-webrtc", "needs-relay", "their-network", "no-servers"])
def test_a_failed_link_says_why_on_the_hosts_page(word):
    page = seat_host(DURAK.session(), 1)
    invite(page, 1, "http://127.0.0.1/#join=ONE")
    page.send(talk.LinkFailed(1, word))
    html = page.picture.html
    said = why_words(word, "Boris").replace("'", "&#x27;")
    assert 'id="link-why"' in html and said in html, word
    assert "a STUN server is needed" not in html


# --- consent on a guest's page -------------------------------------------------------------------

def test_a_guest_is_asked_about_the_hosts_servers_and_answers_with_them():
    guest = Guest("?speed=0")
    guest.send(talk.Join("CODE", (*ice.DEFAULTS, TURN)))
    assert guest.model.guesting.status == "asking"
    assert not [e for e in guest.effects if isinstance(e, talk.AnswerInvite)]
    html = guest.picture.html
    assert 'id="ice-allow"' in html and 'id="ice-deny"' in html
    assert "turn.example.org: a relay the host chose" in html
    assert "stun.l.google.com: learns this device&#x27;s public IP address" in html
    guest.send(talk.Across(True))
    answered = [e for e in guest.effects if isinstance(e, talk.AnswerInvite)]
    assert answered == [talk.AnswerInvite("CODE", (*ice.DEFAULTS, TURN))]
    assert guest.model.prefs.across == "allow" and guest.model.guesting.status == "joining"


@pytest.mark.parametrize("remembered, used", [("allow", (*ice.DEFAULTS,)), ("never", ())])
def test_a_guest_whose_answer_is_remembered_is_not_asked(remembered, used):
    guest = Guest("?speed=0", stored={PREFS_KEY: json.dumps({"across": remembered})})
    guest.send(talk.Join("CODE", ice.DEFAULTS))
    assert guest.model.guesting.status == "joining"
    assert [e for e in guest.effects if isinstance(e, talk.AnswerInvite)] == [
        talk.AnswerInvite("CODE", used)]


def test_a_guest_who_declines_answers_for_one_network_and_hears_why_it_failed():
    guest = Guest("?speed=0")
    guest.send(talk.Join("CODE", ice.DEFAULTS))
    guest.send(talk.Across(False))
    assert [e for e in guest.effects if isinstance(e, talk.AnswerInvite)] == [
        talk.AnswerInvite("CODE", ())]
    guest.send(talk.AnswerMade("ANSWER", "symmetric"))
    assert "only through a relay" not in guest.picture.html  # (it asked for no server)
    guest.send(talk.HostLost("our-network"))
    html = guest.picture.html
    assert "This page offered only addresses on this network, and the host is on another" in html
    assert "Ask the host for a new invite." in html


def test_an_invite_without_servers_is_answered_at_once():
    guest = Guest("?speed=0")
    guest.send(talk.Join("CODE"))
    assert guest.model.guesting.status == "joining"
    assert [e for e in guest.effects if isinstance(e, talk.AnswerInvite)] == [
        talk.AnswerInvite("CODE", ())]


# --- the way each link goes, at its seat ---------------------------------------------------------

def test_a_pair_through_no_public_address_is_on_this_network():
    assert ice.route_of("internet", ["host"], ["host"]) == "local"  # (a prflx pair)
    assert ice.route_of("internet", ["host", "srflx"], ["host", "srflx"]) == "internet"
    assert ice.route_of("relay", ["host", "relay"], ["host"]) == "relay"
    assert ice.route_of("", ["host"], ["host"]) == ""


def test_each_seat_says_how_its_link_goes():
    host_page, guest, channel = table(DURAK)
    host_page.send(talk.LinkRoute(1, "relay"))
    guest.send(talk.HostRoute("internet"))
    assert "through a relay" in host_page.picture.html
    assert "across the internet" in guest.picture.html
    channel.leave()
    assert "through a relay" not in host_page.picture.html


# --- a table that stays for the evening ----------------------------------------------------------

def test_another_game_keeps_the_guest_in_their_seat_with_no_new_invite():
    host_page, guest, channel = table(DURAK)
    rng = random.Random(3)
    for _ in range(6):
        step(channel, rng)
    host_page.send(m.Home())
    host_page.send(m.Pick("memory"))
    form = host_page.model.form
    assert (form.people, form.guests) == (1, 1), "the form keeps a seat for the guest here"
    host_page.send(m.Deal(seed=77, names=("Ann", "Boris")))
    assert host_page.in_play.game == "memory" and host_page.in_play.guests == (1,)
    assert host_page.model.sharing.links == {1: "here"}
    channel.pump()
    seat = [msg for msg in channel.received if msg["kind"] == "seat"][-1]
    assert seat["game"] == "memory" and seat["deal"] == host_page.in_play.deal_index
    assert guest.in_play.game == "memory"
    assert guest.in_play.session.view() == host_page.in_play.session.view(1)
    play_to_end(channel, rng)
    assert guest.in_play.session.over()


def test_a_deal_without_the_guests_seat_lets_them_go():
    host_page, guest, channel = table(DURAK)
    host_page.send(m.Home())
    host_page.send(m.Pick("durak"))
    host_page.send(m.SetOption("@guests", 0))
    host_page.send(m.Deal(seed=5))
    assert host_page.model.sharing.links == {} and host_page.in_play.guests == ()


def test_a_guest_who_left_is_invited_again_at_the_next_game():
    host_page, guest, channel = table(DURAK)
    channel.leave()
    host_page.send(m.Home())
    host_page.send(m.Pick("stump"))
    host_page.send(m.SetOption("@guests", 1))
    host_page.send(m.Deal(seed=9, names=("Ann", "Boris")))
    assert host_page.model.sharing.links == {1: "inviting"}


def test_the_daily_deal_keeps_the_guests_here_as_practice():
    host_page, guest, channel = table(DURAK)
    host_page.send(m.Home())
    host_page.model, effects = deal_day(host_page.model, "durak", "2026-12-07", 4242,
                                        host_page.now)
    host_page.effects += effects
    in_play = host_page.in_play
    assert in_play.daily == "2026-12-07" and in_play.practice
    assert in_play.guests == (1,) and in_play.session.people == (0, 1)
    assert host_page.model.sharing.links == {1: "here"}
    channel.pump()
    assert guest.in_play.session.view() == in_play.session.view(1)
    play_to_end(channel, random.Random(4))
    assert guest.in_play.session.over()
