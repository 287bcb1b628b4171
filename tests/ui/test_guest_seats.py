"""Guests in the seats (a table shared between browsers): `guests=N` in the address and the
options form's Guests count seat N people at their own browsers in the seats after the
people's (Durak's partners: in the order 0, 2, 1, 3), with names like the people's; the table
opens inviting each of them. A deal's link carries guests= (and their names); a link without
guests is byte for byte as before."""
from __future__ import annotations

import json
import re

import pytest
from conftest import Page
from test_seats_form import form_field, link_of, old_link, open_form

from ui import messages as m
from ui.model import OPTIONS_KEY, PEOPLE_KEY, SAVE_KEY, Form
from ui.seats import model as seats
from ui.setup import address


def shared(page: Page) -> tuple:
    """Who sits where at the page's table: every person's seat (the session's), the guests'
    seats, their names, the computers' levels."""
    ip = page.in_play
    return ip.session.people, ip.guests, ip.people, ip.session.levels


def guest_link(page: Page) -> str:
    """The deal's link as its callers make it, with the table's guests."""
    ip = page.in_play
    s = ip.session
    return address.link(s.game.name, s.options, s.level, s.seed, s.match, s.people, ip.people,
                        s.levels, ip.guests)


# --- the seats ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players,people,guests,partners,seated", [
    (3, 1, 1, False, ((0,), (1,), (2,))),
    (4, 2, 2, False, ((0, 1), (2, 3), ())),
    (4, 1, 2, True, ((0,), (2, 1), (3,))),
    (4, 2, 1, True, ((0, 2), (1,), (3,))),
    (3, 2, 5, False, ((0, 1), (2,), ())),  # at most the seats the people leave
    (2, 1, 0, False, ((0,), (), (1,))),
])
def test_the_guests_take_the_seats_after_the_people(players, people, guests, partners, seated):
    values = {"players": players, "teams": partners}
    form = Form("durak", values, "normal", people=people, guests=guests, partners=partners)
    sitting = seats.seating(form, values)
    assert (sitting.people, sitting.guests, sitting.computers) == seated
    assert sitting.everyone == seated[0] + seated[1]
    assert len(sitting.names) == (len(sitting.everyone) if len(sitting.everyone) > 1 else 0)
    assert set(sitting.levels) == set(seated[2])


# --- the address --------------------------------------------------------------------------------

def test_guests_in_the_address_seat_them_after_the_people_and_invite_them():
    page = Page("?game=stump&players=4&people=2&guests=1&names=Ann,Boris,Vera&seed=3&speed=0")
    assert page.model.screen == "table" and not page.model.notice
    assert shared(page) == ((0, 1, 2), (2,), ("Ann", "Boris", "Vera"), {3: "normal"})
    assert page.model.sharing.links == {2: "inviting"}
    assert page.in_play.names[:3] == ("Ann", "Boris", "Vera")
    saved = json.loads(page.stored[SAVE_KEY])
    assert saved["people"] == [0, 1, 2] and saved["guests"] == [2]


def test_one_person_and_guests_keep_the_device_with_that_person():
    page = Page("?game=durak&players=3&guests=2&names=Ann,Boris&seed=3&speed=0")
    assert page.model.screen == "table", page.model.notice
    assert shared(page) == ((0, 1, 2), (1, 2), ("Ann", "Boris", "Player 3"), {})
    assert page.model.sharing.links == {1: "inviting", 2: "inviting"}
    assert page.in_play.seat == 0 and 'id="take-seat"' not in page.picture.html  # no handoff


def test_a_guest_without_a_name_gets_this_browsers_names_then_the_defaults():
    stored = {PEOPLE_KEY: json.dumps(["Olga", "Vera"])}
    page = Page("?game=stump&players=4&guests=2&names=Ann&seed=2&speed=0", stored)
    assert page.in_play.people == ("Ann", "Olga", "Vera")
    page = Page("?game=stump&players=4&guests=1&seed=2&speed=0")
    assert page.in_play.people == ("Player 1", "Player 2")


def test_partners_and_guests_fill_the_seats_in_the_partners_order():
    page = Page("?game=durak&players=4&teams=1&partners=1&guests=2&names=A,B,C&seed=3&speed=0")
    assert page.model.screen == "table", page.model.notice
    assert shared(page) == ((0, 2, 1), (2, 1), ("A", "B", "C"), {3: "normal"})
    assert page.in_play.names[:3] == ("A", "C", "B")


def test_a_level_list_counts_the_guests_out_of_the_computers():
    page = Page("?game=stump&players=5&guests=2&level=easy,hard&seed=3&speed=0")
    assert page.model.screen == "table", page.model.notice
    assert page.in_play.session.levels == {3: "easy", 4: "hard"}


@pytest.mark.parametrize("search,words", [
    ("?game=durak&guests=2", "Guests: a whole number from 0 to 1, not '2'"),
    ("?game=durak&players=3&people=2&guests=2", "Guests: a whole number from 0 to 1, not '2'"),
    ("?game=durak&players=3&people=3&guests=1", "Guests: a whole number from 0 to 0, not '1'"),
    ("?game=durak&guests=-1", "Guests: a whole number from 0 to 1, not '-1'"),
    ("?game=durak&guests=one", "Guests: a whole number from 0 to 1, not 'one'"),
    ("?game=durak&guests=1.0", "Guests: a whole number from 0 to 1, not '1.0'"),
    ("?game=durak&guests=", "Guests: a whole number from 0 to 1, not ''"),
    ("?game=stump&players=3&guests=1&names=A,B,C", "Names: 3 names for 2 people"),
    ("?game=stump&players=3&guests=1&names=A,a", "Names: 'a' is given twice"),
    ("?game=stump&players=4&guests=1&level=easy,normal,hard",
     "Opponents: one level for each of 2 computer seats"),
])
def test_a_bad_guests_in_the_address_opens_the_form_saying_what(search, words):
    page = Page(search + "&seed=3&speed=0")
    assert page.model.screen == "setup" and page.in_play is None, page.model.notice
    assert "Check the game's address" in page.model.notice and words in page.model.notice
    assert SAVE_KEY not in page.stored and PEOPLE_KEY not in page.stored
    assert re.sub(r"&#x27;", "'", page.picture.html).count(words.split("'")[0]) >= 1


def test_guests_0_is_the_game_as_before():
    page = Page("?game=durak&guests=0&seed=5&speed=0")
    assert shared(page) == ((0,), (), (), {1: "normal"})
    assert page.model.sharing.links == {}


# --- the options form ---------------------------------------------------------------------------

def test_the_form_counts_the_guests_and_names_their_seats():
    page = open_form("?game=stump&players=4&setup=1")
    html = page.picture.html
    assert 'id="guests-0" name="guests" data-opt="@guests" value="0" checked' in html
    assert 'id="guests-3"' in html and 'id="guests-4"' not in html
    assert "Guests (their own browsers)" in html and "QR code" in html
    page.send(m.SetOption("@people", "2"))
    assert 'id="guests-2"' in page.picture.html and 'id="guests-3"' not in page.picture.html
    page.send(m.SetOption("@guests", "1"))
    html = page.picture.html
    assert 'id="guests-1" name="guests" data-opt="@guests" value="1" checked' in html
    assert '<label class="seat-label" for="person-2">Seat 3 · guest · name</label>' in html
    assert '<label class="seat-label" for="person-1">Seat 2 · name</label>' in html
    assert 'value="Player 3"' in form_field(page, "person-2")
    page.send(m.SetOption("@people", "4"))  # no seat left for a guest
    assert page.model.form.guests == 0 and 'data-key="guests"' not in page.picture.html


def test_the_forms_deal_seats_the_guests_and_invites_them():
    page = open_form("?game=durak&players=3&setup=1")
    page.send(m.SetOption("@guests", "2"))
    page.send(m.Deal(seed=3, names=("Ann", "Boris", "Vera")))
    assert page.model.screen == "table"
    assert shared(page) == ((0, 1, 2), (1, 2), ("Ann", "Boris", "Vera"), {})
    assert set(page.model.sharing.links.values()) == {"inviting"} and set(page.model.sharing.links) == {1, 2}
    assert page.in_play.seat == 0  # one person here: no handoff
    remembered = json.loads(page.stored[OPTIONS_KEY + "durak"])
    assert (remembered["@people"], remembered["@guests"]) == (1, 2)
    page = Page("", page.stored)  # the guests remembered with the game's options
    page.send(m.Pick("durak"))
    assert page.model.form.guests == 2
    assert '<label class="seat-label" for="person-1">Seat 2 · guest · name</label>' in \
        page.picture.html
    assert 'value="Boris"' in form_field(page, "person-1")


def test_a_click_on_deal_reads_the_guests_names_typed():
    page = open_form("?game=stump&players=4&setup=1")
    page.send(m.SetOption("@people", "2"))
    page.send(m.SetOption("@guests", "1"))
    fields = {"opt-seed": "", "person-0": "Ann", "person-1": "Boris", "person-2": "Vera"}
    page.send(m.Click("deal", seed=9, fields=fields))
    assert shared(page) == ((0, 1, 2), (2,), ("Ann", "Boris", "Vera"), {3: "normal"})
    assert page.in_play.seat is None and 'id="take-seat"' in page.picture.html  # two here


def test_a_bad_guests_name_in_the_form_says_why():
    page = open_form("?game=durak&players=3&setup=1")
    page.send(m.SetOption("@guests", "1"))
    page.send(m.Deal(seed=3, names=("Ann", "ann")))
    assert page.model.screen == "setup" and page.in_play is None
    assert 'aria-invalid="true"' in form_field(page, "person-1")
    assert "is given twice" in page.picture.html


def test_the_form_of_durak_partners_seats_a_guest_opposite():
    page = open_form("?game=durak&setup=1")
    page.send(m.SetOption("players", "4"))
    page.send(m.SetOption("teams", True))
    page.send(m.SetOption("@guests", "1"))
    assert 'data-key="partners"' in page.picture.html  # two human players: partners or not
    page.send(m.SetOption("@partners", "1"))
    assert re.search(r'for="person-1">Seat 3 · team 1 · guest · name', page.picture.html)
    page.send(m.Deal(seed=3, names=("Ann", "Boris")))
    assert shared(page) == ((0, 2), (2,), ("Ann", "Boris"), {1: "normal", 3: "normal"})


# --- the link -----------------------------------------------------------------------------------

@pytest.mark.parametrize("search", [
    "?game=durak&players=3&guests=2&names=Ann,Boris,Vera&seed=4",
    "?game=stump&players=5&people=2&guests=1&names=Ann,Boris,Olga%20K&level=easy,hard&seed=8",
    "?game=durak&players=4&teams=1&partners=1&guests=1&names=Ann,Boris&level=hard,easy&seed=2",
    "?game=memory&people=2&guests=2&names=W,X,Y,Z&seed=6",
])
def test_a_link_with_guests_deals_the_same_table(search):
    page = Page(search + "&speed=0")
    assert page.model.screen == "table", page.model.notice
    link = guest_link(page)
    assert f"guests={len(page.in_play.guests)}" in link
    assert ("people=" in link) == (len(page.in_play.session.people) - len(page.in_play.guests) > 1)
    again = Page(link + "&speed=0")
    assert again.model.screen == "table", again.model.notice
    assert shared(again) == shared(page)
    assert again.model.sharing.links == page.model.sharing.links
    a, b = page.in_play.session, again.in_play.session
    assert (a.options, a.seed, a.level) == (b.options, b.seed, b.level)
    assert a.view(a.people[0]) == b.view(b.people[0])  # the same cards dealt


def test_a_link_of_a_form_deal_with_guests_parsed_back_seats_the_same():
    page = open_form("?game=stump&players=4&setup=1")
    page.send(m.SetOption("@guests", "2"))
    page.send(m.SetOption("@seat:3", "easy"))
    page.send(m.Deal(seed=11, names=("Ann", "Boris", "Vera")))
    link = guest_link(page)
    assert "people=" not in link and "guests=2&names=Ann%2CBoris%2CVera&level=easy&" in link
    again = Page(link + "&speed=0")
    assert shared(again) == ((0, 1, 2), (1, 2), ("Ann", "Boris", "Vera"), {3: "easy"})


@pytest.mark.parametrize("search", ["?game=durak&seed=5", "?game=garbage&players=3&seed=7",
                                    "?game=durak&players=3&people=2&names=Ann,Boris&seed=4"])
def test_a_link_without_guests_is_as_before(search):
    page = Page(search + "&speed=0")
    s, ip = page.in_play.session, page.in_play
    copied = link_of(page)
    assert guest_link(page) == copied == address.link(
        s.game.name, s.options, s.level, s.seed, s.match, s.people, ip.people, s.levels)
    if len(s.people) == 1:
        assert copied == old_link(s.game.name, s.options, s.level, s.seed, s.match)
    assert "guests=" not in copied


def test_a_reload_of_a_link_with_guests_continues_its_game():
    search = "?game=durak&players=3&guests=1&names=Ann,Boris&seed=4&speed=0"
    page = Page(search)
    page.opponents()
    ip = page.in_play
    if ip.session.to_act == 0:
        page.send(m.MoveChosen(ip.session.view(0)["legal"][0]["text"]))
    moves = list(page.in_play.session.state.history)
    assert moves
    again = Page(search, page.stored)
    assert list(again.in_play.session.state.history) == moves  # continued
    assert again.in_play.guests == (1,) and shared(again) == shared(page)
    other = Page(search.replace("guests=1", "people=2"), page.stored)  # not the same table
    assert other.in_play.guests == () and other.in_play.people == ("Ann", "Boris")
