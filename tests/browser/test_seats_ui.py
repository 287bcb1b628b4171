"""Choosing the seats in Chromium (pass and play): the options form's Seats by mouse and
keyboard, names typed and dealt with one click on Deal (a redraw under the click would lose
it), kept while another field redraws the form, remembered in this browser; an embedding page's
people= and names= attributes seat them and its deal event names them."""
from __future__ import annotations

import json

from table_helpers import redrawn
from test_embed import heard, host, kozyr_frame  # noqa: F401  (host is a fixture)


def test_names_typed_are_dealt_by_one_click_and_remembered(page, site, boot):
    boot(page, f"{site}?game=durak&players=3&setup=1&speed=0")
    page.wait_for_selector("#options")
    with redrawn(page):
        page.locator("label[for='people-2']").click()
    page.locator("#person-0").fill("Ann")
    page.locator("#person-1").fill("Boris")
    with redrawn(page):  # another field redraws the form: what is typed stays
        page.locator("#seat-level-2").select_option("hard")
    assert page.locator("#person-0").input_value() == "Ann"
    assert page.locator("#person-1").input_value() == "Boris"
    page.locator("#person-1").fill("Boris K")
    with redrawn(page):
        page.locator("#deal").click()  # the name field loses its focus to this very click
    page.wait_for_selector("#take-seat")
    assert page.locator("#take-seat").inner_text() in ("I am Ann", "I am Boris K")
    assert json.loads(page.evaluate("localStorage.getItem('kozyr.people')")) == ["Ann", "Boris K"]
    save = json.loads(page.evaluate("localStorage.getItem('kozyr.save')"))
    assert (save["people"], save["levels"], save["names"]) == ([0, 1], {"2": "hard"},
                                                               ["Ann", "Boris K"])
    # the form remembers the seats of the game, and this browser the names
    boot(page, f"{site}?game=durak&setup=1")
    page.wait_for_selector("#options")
    assert page.locator("#people-2").is_checked()
    assert page.locator("#person-0").input_value() == "Ann"
    assert page.locator("#person-1").input_value() == "Boris K"
    assert page.locator("#seat-level-2").input_value() == "hard"


def test_a_bad_name_is_shown_at_its_field_and_mended(page, site, boot):
    boot(page, f"{site}?game=stump&players=3&people=2&setup=1&speed=0")
    page.wait_for_selector("#person-1")
    page.locator("#person-1").fill("player 1")  # the same as the first, whatever the case
    with redrawn(page):
        page.locator("#deal").click()
    assert "is given twice" in page.locator("#form-error").inner_text()
    assert page.locator("#person-1").get_attribute("aria-invalid") == "true"
    assert page.locator("#person-1").input_value() == "player 1"
    assert page.locator("#deal").is_enabled()
    page.locator("#person-1").fill("Olga")
    with redrawn(page):
        page.locator("#deal").click()
    page.wait_for_selector("#take-seat")


def test_the_seats_by_keyboard(page, site, boot):
    """Every control of the Seats has a name and is reached with Tab; the number of people
    and the partners change with the arrow keys."""
    boot(page, f"{site}?game=durak&players=4&teams=1&setup=1&speed=0")
    page.wait_for_selector("#options")
    page.locator("#people-1").focus()
    with redrawn(page):
        page.keyboard.press("ArrowRight")
    assert page.locator("#people-2").is_checked()
    for label, fid in (("Seat 1 · team 1 · name", "person-0"),
                       ("Seat 2 · team 2 · name", "person-1"),
                       ("Seat 3 · team 1 · computer", "seat-level-2")):
        assert page.get_by_label(label, exact=True).get_attribute("id") == fid
    page.locator("#partners-0").focus()  # "against each other", the default
    page.keyboard.press("Tab")  # out of the radio group: the first seat's name
    assert page.evaluate("document.activeElement.id") == "person-0"
    order = []
    for _ in range(4):
        order.append(page.evaluate("document.activeElement.id"))
        page.keyboard.press("Tab")
    assert order == ["person-0", "person-1", "seat-level-2", "seat-level-3"], order
    page.locator("#partners-0").focus()
    with redrawn(page):
        page.keyboard.press("ArrowLeft")  # together: the second person sits opposite
    assert page.locator("#partners-1").is_checked()
    assert page.get_by_label("Seat 3 · team 1 · name", exact=True).get_attribute("id") == \
        "person-1"


def test_an_embedding_page_seats_its_people(page, site, host):  # noqa: F811
    url = host(site, 'game="durak" players="3" people="2" names="Ann,Boris" level="hard" '
                     'speed="0" seed="5" lang="en"')
    page.goto(url)
    frame = kozyr_frame(page)
    page.wait_for_function("window.heard.some(([k]) => k === 'kozyr-deal')")
    (deal,) = heard(page, "kozyr-deal")
    assert (deal["people"], deal["level"], deal["seed"]) == (["Ann", "Boris"], "hard", 5)
    frame.wait_for_selector("#take-seat")
    assert frame.locator("#take-seat").inner_text() in ("I am Ann", "I am Boris")
