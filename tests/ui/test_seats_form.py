"""Choosing the seats (pass and play, issue 28): how many people play at this device, their
names and each computer seat's level, from the options form and from the address
(`people=`, `names=`, `partners=`, a `level=` list), remembered in this browser, and carried
by the deal's link so that the link deals the same table. One person (no `people=`, or
`people=1`) is the game as it always was, its link byte for byte."""
from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
from conftest import Page

from kozyr.session import Session
from ui import messages as m
from ui.model import OPTIONS_KEY, PEOPLE_KEY, SAVE_KEY
from ui.play.handoff import pass_to
from ui.seats import messages as sem
from ui.setup import address


def seated(page: Page) -> tuple:
    """Who sits where at the page's table: the people's seats, the computers' levels, the
    people's names."""
    ip = page.in_play
    return ip.session.people, ip.session.levels, ip.people


def form_field(page: Page, fid: str) -> str:
    """The element of that id on the page (its opening tag)."""
    html = page.picture.html
    at = html.index(f'id="{fid}"')
    return html[html.rindex("<", 0, at):html.index(">", at) + 1]


# --- the address ------------------------------------------------------------------------------

def test_people_and_names_in_the_address_seat_the_people_first():
    page = Page("?game=durak&players=3&people=2&names=Ann,Boris&seed=4&speed=0")
    assert page.model.screen == "table" and not page.model.notice
    assert seated(page) == ((0, 1), {2: "normal"}, ("Ann", "Boris"))
    assert page.in_play.names[:2] == ("Ann", "Boris")
    assert 'id="take-seat"' in page.picture.html  # the table opens on the handoff


def test_fewer_names_than_people_are_filled_from_this_browser_then_the_defaults():
    page = Page("?game=stump&players=4&people=3&names=Ann&seed=2&speed=0")
    assert page.in_play.people == ("Ann", "Player 2", "Player 3")
    stored = {PEOPLE_KEY: json.dumps(["Olga", "ann", "Vera"])}
    page = Page("?game=stump&players=4&people=3&names=Ann&seed=2&speed=0", stored)
    assert page.in_play.people == ("Ann", "Olga", "Vera")  # "ann" is Ann already
    page = Page("?game=stump&players=4&people=3&seed=2&speed=0", stored)
    assert page.in_play.people == ("Olga", "ann", "Vera")


def test_names_are_url_decoded_and_trimmed():
    query = urlencode({"game": "durak", "people": "2", "names": " Анна , Jean-Luc Ü ",
                       "seed": "1", "speed": "0"})
    page = Page("?" + query)
    assert page.in_play.people == ("Анна", "Jean-Luc Ü")
    page = Page("?game=durak&people=2&names=Ann%20Lee,Bo+Ray&seed=1&speed=0")
    assert page.in_play.people == ("Ann Lee", "Bo Ray")


@pytest.mark.parametrize("search,levels,level", [
    ("?game=stump&players=4&people=2&level=easy,hard", {2: "easy", 3: "hard"}, "normal"),
    ("?game=stump&players=4&level=easy,normal,hard", {1: "easy", 2: "normal", 3: "hard"}, "normal"),
    ("?game=stump&players=4&people=2&level=hard", {2: "hard", 3: "hard"}, "hard"),
    ("?game=stump&players=4&level=Hard,HARD,hard", {1: "hard", 2: "hard", 3: "hard"}, "hard"),
    ("?game=durak&players=4&teams=1&people=2&partners=1&level=easy,hard",
     {1: "easy", 3: "hard"}, "normal"),
])
def test_a_level_list_gives_each_computer_seat_its_level_in_seat_order(search, levels, level):
    page = Page(search + "&seed=3&speed=0")
    assert page.model.screen == "table", page.model.notice
    assert page.in_play.session.levels == levels and page.in_play.session.level == level
    assert set(page.in_play.session.ais) == set(levels)


def test_partners_sit_opposite_and_the_rest_fill_the_other_team():
    page = Page("?game=durak&players=4&teams=1&people=2&partners=1&names=Ann,Boris&seed=3"
                "&speed=0")
    assert seated(page) == ((0, 2), {1: "normal", 3: "normal"}, ("Ann", "Boris"))
    assert page.in_play.names[0] == "Ann" and page.in_play.names[2] == "Boris"
    page = Page("?game=durak&players=4&teams=1&people=3&partners=1&names=A,B,C&seed=3&speed=0")
    assert seated(page)[0] == (0, 2, 1) and page.in_play.names[:3] == ("A", "C", "B")
    page = Page("?game=durak&players=4&teams=1&people=2&partners=0&seed=3&speed=0")
    assert seated(page)[0] == (0, 1)  # opponents: the first seats, as without partners=


@pytest.mark.parametrize("search", ["?game=durak&seed=5&speed=0",
                                    "?game=durak&seed=5&speed=0&people=1",
                                    "?game=durak&seed=5&speed=0&people=1&names=Ann"])
def test_one_person_is_the_game_as_before(search):
    page = Page(search)
    assert seated(page) == ((0,), {1: "normal"}, ())
    assert page.in_play.seat == 0 and 'id="take-seat"' not in page.picture.html
    saved = json.loads(page.stored[SAVE_KEY])
    assert "people" not in saved and "names" not in saved and "levels" not in saved
    assert set(json.loads(page.stored[OPTIONS_KEY + "durak"])) == {
        "players", "deck", "first_bout_limit", "teams", "transfer", "no_transfer_first_bout",
        "show_trump_transfer", "attack_the_fool", "@level"}  # remembered as before
    assert PEOPLE_KEY not in page.stored


@pytest.mark.parametrize("search,words", [
    ("?game=durak&players=3&people=0", "People: a whole number from 1 to 3, not '0'"),
    ("?game=durak&players=3&people=4", "People: a whole number from 1 to 3, not '4'"),
    ("?game=durak&people=two", "People: a whole number from 1 to 2, not 'two'"),
    ("?game=durak&people=1.5", "People: a whole number from 1 to 2, not '1.5'"),
    ("?game=durak&people=-1", "People: a whole number from 1 to 2, not '-1'"),
    ("?game=durak&players=3&people=2&names=A,B,C", "Names: 3 names for 2 people"),
    ("?game=durak&names=Ann,Boris", "Names: 2 names for 1 person"),
    ("?game=durak&people=2&names=Ann,", "Names: a name is empty"),
    ("?game=durak&people=2&names=,Ann", "Names: a name is empty"),
    ("?game=durak&people=2&names=Ann,Annabelle-Josephine-Lee",
     "Names: 'Annabelle-Josephine-Lee' is longer than 20 characters"),
    ("?game=durak&people=2&names=Ann,ANN", "Names: 'ANN' is given twice"),
    ("?game=durak&people=2&names=Ann,Bo%07b", "Names: 'Bo\\x07b' holds a control character"),
    ("?game=durak&people=2&names=Ann,Bo%E2%80%8Eb", "holds a control character"),
    ("?game=durak&players=4&teams=1&people=2&partners=maybe", "Partners: use 1 or 0, not 'maybe'"),
    ("?game=durak&players=4&people=2&partners=1", "Partners: only a game of two teams"),
    ("?game=stump&people=2&partners=1", "Partners: only a game of two teams"),
    ("?game=stump&players=4&people=2&level=easy,normal,hard",
     "Opponents: one level for each of 2 computer seats, not 'easy,normal,hard'"),
    ("?game=stump&players=3&level=easy,normal,hard",
     "Opponents: one level for each of 2 computer seats"),
    ("?game=stump&players=2&level=easy,hard", "Opponents: one level for each of 1 computer seat,"),
    ("?game=stump&players=4&people=2&level=easy,genius",
     "Opponents: choose one of easy, normal, hard"),
    ("?game=stump&players=4&people=2&level=easy,", "Opponents: choose one of"),
])
def test_a_bad_seat_in_the_address_opens_the_form_saying_what_and_deals_nothing(search, words):
    page = Page(search + "&seed=3&speed=0")
    assert page.model.screen == "setup" and page.in_play is None, page.model.notice
    assert "Check the game's address" in page.model.notice and words in page.model.notice
    assert SAVE_KEY not in page.stored and PEOPLE_KEY not in page.stored
    assert re.sub(r"&#x27;", "'", page.picture.html).count(words.split("'")[0]) >= 1


def test_setup_in_the_address_shows_its_seats_in_the_form():
    page = Page("?game=durak&players=4&teams=1&people=2&partners=1&names=Ann,Boris"
                "&level=easy,hard&setup=1")
    assert page.model.screen == "setup" and page.in_play is None
    html = page.picture.html
    assert 'id="people-2" name="people" data-opt="@people" value="2" checked' in html
    assert 'id="partners-1" name="partners" data-opt="@partners" value="1" checked' in html
    assert 'value="Ann"' in form_field(page, "person-0")
    assert 'value="Boris"' in form_field(page, "person-1")
    assert re.search(r'<label class="seat-label" for="person-1">Seat 3 · team 1 · name', html)
    assert re.search(r'id="seat-level-1".*?value="easy" selected', html)
    assert re.search(r'id="seat-level-3".*?value="hard" selected', html)
    assert not re.search(r'name="level"[^>]*checked', html)  # the computers differ
    assert "Each computer seat plays at its own level" in html
    page.send(m.Deal(seed=5))
    assert seated(page) == ((0, 2), {1: "easy", 3: "hard"}, ("Ann", "Boris"))


# --- the options form -------------------------------------------------------------------------

def open_form(search: str = "?game=durak&players=3&setup=1", stored: dict | None = None) -> Page:
    page = Page(search, stored)
    assert page.model.screen == "setup"
    return page


def test_the_form_of_one_person_is_as_before_and_deals_as_before():
    page = open_form("?game=durak&setup=1")
    html = page.picture.html
    assert 'id="people-1" name="people" data-opt="@people" value="1" checked' in html
    assert 'id="person-0"' not in html and "seat-list" not in html  # one person, one computer
    assert 'id="lvl-normal" name="level" data-opt="@level" value="normal" checked' in html
    page.send(m.Deal(seed=3))
    assert seated(page) == ((0,), {1: "normal"}, ())
    assert "@people" not in json.loads(page.stored[OPTIONS_KEY + "durak"])


def test_the_form_seats_people_and_levels_and_deal_seats_them():
    page = open_form()
    page.send(m.SetOption("@people", "2"))
    assert 'value="Player 1"' in form_field(page, "person-0")
    assert 'value="Player 2"' in form_field(page, "person-1")
    assert "data-typed" in form_field(page, "person-0")  # read on Deal, kept across redraws
    assert '<label class="seat-label" for="seat-level-2">Seat 3 · computer</label>' in \
        page.picture.html
    page.send(m.SetOption("@seat:2", "hard"))
    assert re.search(r'id="seat-level-2".*?value="hard" selected', page.picture.html)
    page.send(m.Deal(seed=3, names=(" Ann ", "Boris")))
    assert page.model.screen == "table"
    assert seated(page) == ((0, 1), {2: "hard"}, ("Ann", "Boris"))
    assert json.loads(page.stored[PEOPLE_KEY]) == ["Ann", "Boris"]
    remembered = json.loads(page.stored[OPTIONS_KEY + "durak"])
    assert (remembered["@people"], remembered["@levels"], remembered["@level"]) == (
        2, {"2": "hard"}, "normal")


def test_the_names_and_seats_are_remembered_and_prefilled():
    page = open_form()
    page.send(m.SetOption("@people", "3"))
    page.send(m.Deal(seed=3, names=("Ann", "Boris", "Olga")))
    stored = dict(page.stored)
    page = Page("", stored)
    page.send(m.Pick("durak"))
    assert page.model.form.people == 3
    for i, name in enumerate(("Ann", "Boris", "Olga")):
        assert f'value="{name}"' in form_field(page, f"person-{i}")
    page.send(m.SetOption("@people", "2"))
    page.send(m.Deal(seed=4, names=("Vera", "Ann")))  # new names first, the others kept
    assert json.loads(page.stored[PEOPLE_KEY]) == ["Vera", "Ann", "Boris", "Olga"]
    page = Page("", page.stored)
    page.send(m.Pick("stump"))  # another game: one person, as it was last dealt
    assert page.model.form.people == 1
    page.send(m.SetOption("@people", "2"))
    assert 'value="Vera"' in form_field(page, "person-0")  # the names are this browser's
    page.send(m.Deal(seed=4))  # the names prefilled are dealt
    assert page.in_play.people == ("Vera", "Ann")


@pytest.mark.parametrize("names,words", [
    (("Ann", ""), "Names: a name is empty."),
    (("Ann", "   "), "Names: a name is empty."),
    (("Ann", "x" * 21), "is longer than 20 characters."),
    (("Ann", "ann"), "Names: &#x27;ann&#x27; is given twice"),
    (("Ann", "A\tb"), "holds a control character."),
    (("Ann", "Bo,b"), "holds a comma"),
])
def test_a_bad_name_in_the_form_says_why_and_deals_nothing(names, words):
    page = open_form()
    page.send(m.SetOption("@people", "2"))
    page.send(m.Deal(seed=3, names=names))
    assert page.model.screen == "setup" and page.in_play is None
    html = page.picture.html
    error = re.search(r'<p class="form-error" id="form-error" role="alert">(.*?)</p>', html)
    assert error and words in error.group(1)
    assert 'aria-invalid="true" aria-describedby="form-error"' in form_field(page, "person-1")
    assert 'aria-invalid' not in form_field(page, "person-0")
    assert ' disabled' not in form_field(page, "deal")  # the name can be mended and dealt
    assert SAVE_KEY not in page.stored and PEOPLE_KEY not in page.stored
    page.send(m.Deal(seed=3, names=("Ann", "Boris")))
    assert page.in_play.people == ("Ann", "Boris")


def test_the_seats_follow_the_number_of_players():
    page = open_form("?game=stump&players=5&setup=1")
    page.send(m.SetOption("@people", "5"))
    assert 'id="person-4"' in page.picture.html
    assert 'name="level"' not in page.picture.html  # every seat a person's: no opponents
    page.send(m.SetOption("players", "3"))
    assert page.model.form.people == 3
    html = page.picture.html
    assert 'id="person-2"' in html and 'id="person-3"' not in html and 'id="people-4"' not in html
    page.send(m.SetOption("@people", "1"))
    html = page.picture.html
    assert 'id="person-0"' not in html and "Seat 1</span><span class=\"seat-you\">You" in html
    assert 'id="seat-level-1"' in html and 'id="seat-level-2"' in html  # two computers


def test_the_opponents_level_sets_every_computer_seat():
    page = open_form("?game=stump&players=4&setup=1")
    page.send(m.SetOption("@seat:2", "easy"))
    assert page.model.form.levels == {2: "easy"}
    page.send(m.SetOption("@level", "hard"))
    assert page.model.form.levels == {}
    page.send(m.Deal(seed=2))
    assert page.in_play.session.levels == {1: "hard", 2: "hard", 3: "hard"}


def test_durak_partners_from_the_form():
    page = open_form("?game=durak&setup=1")
    page.send(m.SetOption("players", "4"))
    page.send(m.SetOption("teams", True))
    page.send(m.SetOption("@people", "2"))
    html = page.picture.html
    assert 'id="partners-0" name="partners" data-opt="@partners" value="0" checked' in html
    page.send(m.SetOption("@partners", "1"))
    assert re.search(r'for="person-1">Seat 3 · team 1 · name', page.picture.html)
    page.send(m.Deal(seed=3, names=("Ann", "Boris")))
    assert seated(page) == ((0, 2), {1: "normal", 3: "normal"}, ("Ann", "Boris"))
    assert json.loads(page.stored[OPTIONS_KEY + "durak"])["@partners"] is True
    page.send(m.Home())
    page.send(m.Pick("durak"))
    assert page.model.form.partners and page.model.form.people == 2
    page.send(m.SetOption("teams", False))  # no teams: no partners
    assert not page.model.form.partners and 'data-key="partners"' not in page.picture.html


def test_a_click_on_deal_reads_the_names_typed():
    page = open_form()
    page.send(m.SetOption("@people", "2"))
    fields = {"opt-seed": "", "person-0": "Ann", "person-1": "Boris"}
    page.send(m.Click("deal", seed=9, fields=fields))
    assert page.in_play.people == ("Ann", "Boris") and page.in_play.session.seed == 9


# --- the link ---------------------------------------------------------------------------------

def link_of(page: Page) -> str:
    page.send(m.CopyLink("https://example.org/kozyr/"))
    copied = [e for e in page.effects if isinstance(e, m.Copy)][-1].text
    assert copied.startswith("https://example.org/kozyr/?")
    return copied[len("https://example.org/kozyr/"):]


@pytest.mark.parametrize("search", [
    "?game=durak&players=3&people=2&names=Ann,Boris&seed=4",
    "?game=stump&players=5&people=3&names=Ann,Boris,Olga%20K&level=easy,hard&seed=8",
    "?game=durak&players=4&teams=1&people=2&partners=1&names=Ann,Boris&level=hard,easy&seed=2",
    "?game=durak&players=4&teams=1&people=3&partners=1&names=A,B,C&seed=2",
    "?game=memory&people=4&names=W,X,Y,Z&seed=6",
    "?game=garbage&players=3&level=easy,hard&seed=6",
])
def test_a_link_deals_the_same_seats_names_and_levels(search):
    page = Page(search + "&speed=0")
    assert page.model.screen == "table", page.model.notice
    link = link_of(page)
    again = Page(link + "&speed=0")
    assert again.model.screen == "table", again.model.notice
    assert seated(again) == seated(page)
    a, b = page.in_play.session, again.in_play.session
    assert (a.options, a.seed, a.level, a.match) == (b.options, b.seed, b.level, b.match)
    assert a.view(a.people[0]) == b.view(b.people[0])  # the same cards dealt
    page.send(m.OpenSheet("deal"))  # the deal sheet shows the same link
    assert f'value="{link.replace("&", "&amp;")}"' in page.picture.html


def test_a_link_of_a_form_deal_parsed_back_seats_the_same():
    page = open_form("?game=stump&players=4&setup=1")
    page.send(m.SetOption("@people", "2"))
    page.send(m.SetOption("@seat:3", "easy"))
    page.send(m.Deal(seed=11, names=("Ann", "Boris")))
    link = link_of(page)
    assert "people=2" in link and "names=Ann%2CBoris" in link and "level=normal%2Ceasy" in link
    again = Page(link + "&speed=0")
    assert seated(again) == ((0, 1), {2: "normal", 3: "easy"}, ("Ann", "Boris"))


def old_link(game: str, options: dict, level: str, seed: int, match: dict | None) -> str:
    """address.link as it was before seats: a link of one person must not change."""
    params = [("game", game)]
    params += [(k, ("1" if v else "0") if isinstance(v, bool) else str(v))
               for k, v in options.items()]
    params += [("level", level), ("seed", str(seed))]
    if match:
        params.append(("match", json.dumps(match, separators=(",", ":"), sort_keys=True)))
    return "?" + urlencode(params)


@pytest.mark.parametrize("search", ["?game=durak&seed=5", "?game=stump&players=4&level=hard&seed=2",
                                    "?game=garbage&players=3&seed=7&people=1",
                                    "?game=advantage&level=easy&seed=1"])
def test_a_link_of_one_person_is_byte_for_byte_as_before(search):
    page = Page(search + "&speed=0")
    s = page.in_play.session
    assert link_of(page) == old_link(s.game.name, s.options, s.level, s.seed, s.match)
    session = Session("garbage", {"players": 3}, 4, level="easy", match={"dealer": 1})
    assert address.link("garbage", session.options, "easy", 4, {"dealer": 1}, session.people,
                        (), session.levels) == old_link("garbage", session.options, "easy", 4,
                                                        {"dealer": 1})


def test_a_reload_of_a_multi_person_link_continues_its_game():
    search = "?game=durak&players=3&people=2&names=Ann,Boris&seed=4&speed=0"
    page = Page(search)
    page.send(sem.TakeSeat(pass_to(page.in_play)))
    page.opponents()
    ip = page.in_play
    if ip.session.person_to_act() and pass_to(ip) is None:
        page.send(m.MoveChosen(ip.session.view(ip.seat)["legal"][0]["text"]))
    moves = list(page.in_play.session.state.history)
    assert moves
    again = Page(search, page.stored)
    assert list(again.in_play.session.state.history) == moves  # continued
    other = Page(search.replace("Boris", "Vera"), page.stored)
    assert list(other.in_play.session.state.history) != moves  # another table: a new deal
    assert other.in_play.people == ("Ann", "Vera")
