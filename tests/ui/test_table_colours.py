"""The table's felts and card backs: the settings sheet's named colours pass the checks an
address's felt= and back= must pass, they are remembered, and the address's colours (a host's
theme, a link's) win over them for the page they open (tests/browser/test_table_look_ui.py
chooses them in Chromium)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Page

from ui import messages as m
from ui.model import PREFS_KEY, Prefs
from ui.settings import colours
from ui.settings.colours import BACKS, FELTS, PATTERN_CONTRAST, TEXT_CONTRAST

ROOT = Path(__file__).resolve().parents[2]
HOST = "https://host.example"


def stored_prefs(page: Page) -> dict:
    return json.loads(page.stored[PREFS_KEY])


def theme_of(page: Page) -> dict[str, str]:
    return dict(part.split(":", 1) for part in page.picture.theme.split(";") if part)


def settings(page: Page) -> str:
    page.send(m.OpenSheet("settings"))
    return page.picture.html


@pytest.mark.parametrize("name", FELTS)
def test_every_felt_keeps_the_text_on_it_readable(name):
    shown = colours.swatch("felt", name)  # what the page paints for it
    assert colours.felt_contrast(shown) >= TEXT_CONTRAST
    # and its colour passes as an address's felt= does, through the same check
    colour = FELTS[name][1]
    page = Page(f"?felt={colour[1:]}")
    assert page.model.notice == "" and page.model.theme == colours.felt_vars(colour)


@pytest.mark.parametrize("name", BACKS)
def test_every_back_keeps_its_pattern_seen(name):
    shown = colours.swatch("back", name)
    assert colours.back_contrast(shown["--back-a"]) >= PATTERN_CONTRAST
    colour = BACKS[name][1]
    page = Page(f"?back={colour[1:]}")
    assert page.model.notice == "" and page.model.theme == colours.back_vars(colour)


def test_the_classic_colours_are_the_stylesheets_own():
    css = (ROOT / "css" / "kozyr.css").read_text()
    root = css[css.index(":root {"):css.index("}", css.index(":root {"))]
    for key, value in colours.CLASSIC_FELT.items():
        assert re.search(rf"{key}:\s*{re.escape(value)};", root), key
    panel = f"--panel: rgba(var(--shade), {colours.PANEL_ALPHA:g});".replace("0.", ".")
    assert panel in root  # the panel felt_contrast measures
    cards = (ROOT / "py" / "ui" / "parts" / "cards.py").read_text()
    for key, value in colours.CLASSIC_BACK.items():
        assert f"var({key},{value})" in cards, key
    assert set(colours.felt_vars("#123456")) == set(colours.CLASSIC_FELT) == set(colours.FELT_KEYS)
    assert set(colours.back_vars("#123456")) == set(colours.CLASSIC_BACK) == set(colours.BACK_KEYS)
    assert colours.FELTS[colours.FELT][1] == colours.CLASSIC_FELT["--felt-2"]
    assert colours.BACKS[colours.BACK][1] == colours.CLASSIC_BACK["--back-a"]


def test_a_felt_refused_names_its_worst_contrast():
    assert colours.felt_contrast(colours.felt_vars("#c8e6c9")) < 1.5
    page = Page("?felt=%23c8e6c9")
    assert "would leave the text unreadable (contrast 1.2:1" in page.model.notice


def test_the_choice_is_remembered_and_a_damaged_one_is_the_classic():
    prefs = Prefs(felt="wine", back="purple")
    assert Prefs.from_json(json.loads(json.dumps(prefs.to_json())), ("en",), ("medium",)) == prefs
    for felt, back in (("pink", "tartan"), (3, None), ({"a": 1}, ["red"])):
        read = Prefs.from_json({"felt": felt, "back": back}, ("en",), ("medium",))
        assert (read.felt, read.back) == (colours.FELT, colours.BACK)
    assert Prefs.from_json({}, ("en",), ("medium",)).felt == "green"


def test_a_choice_colours_the_page_at_once_and_is_stored():
    page = Page("?game=durak&seed=3")
    assert page.picture.theme == ""  # the classic table: the stylesheet's own colours
    page.send(m.Setting("felt", "wine"))
    page.send(m.Setting("back", "black"))
    assert theme_of(page) == {**colours.felt_vars("#6e1e2e"), **colours.back_vars("#23252b")}
    assert stored_prefs(page)["felt"] == "wine" and stored_prefs(page)["back"] == "black"
    page.send(m.Setting("felt", "tartan"))  # not one of them: nothing changes
    assert stored_prefs(page)["felt"] == "wine"
    page.send(m.Setting("felt", "green"))
    page.send(m.Setting("back", "red"))
    assert page.picture.theme == ""
    again = Page("", stored={PREFS_KEY: json.dumps({"felt": "slate", "back": "blue"})})
    assert theme_of(again)["--felt-2"] == "#34404a" and theme_of(again)["--back-a"] == "#1f3f7a"


def test_the_address_colours_win_over_the_players_each_on_its_own():
    stored = {PREFS_KEY: json.dumps({"felt": "wine", "back": "purple"})}
    page = Page("?game=durak&seed=3&felt=%23234a7d", stored=stored)
    theme = theme_of(page)
    assert theme["--felt-2"] == "#234a7d"  # the link's felt …
    assert theme["--back-a"] == BACKS["purple"][1]  # … and the player's backs
    html = settings(page)
    assert 'id="set-colours-note"' in html and "This page&#x27;s address sets" in html
    felt_group = re.search(r'<div[^>]*aria-labelledby="lbl-set-felt"[^>]*>', html).group(0)
    back_group = re.search(r'<div[^>]*aria-labelledby="lbl-set-back"[^>]*>', html).group(0)
    assert 'aria-describedby="set-colours-note"' in felt_group
    assert "aria-describedby" not in back_group
    page.send(m.Setting("felt", "slate"))  # kept for later; the address's felt stays
    assert stored_prefs(page)["felt"] == "slate" and theme_of(page)["--felt-2"] == "#234a7d"


def test_in_a_frame_the_hosts_colours_win_and_the_players_fill_the_rest():
    stored = {PREFS_KEY: json.dumps({"felt": "wine", "back": "purple"})}
    hosted = Page(f"?game=durak&seed=3&embed=1&host={HOST}&back=%23123456", stored=stored)
    assert theme_of(hosted)["--back-a"] == "#123456"
    assert theme_of(hosted)["--felt-2"] == FELTS["wine"][1]
    hosted.send(m.HostGame(f"?game=stump&embed=1&host={HOST}", seed=4))  # a new deal keeps it
    assert theme_of(hosted)["--back-a"] == "#123456"
    assert "The site showing this game chooses" in settings(hosted)
    plain = Page(f"?game=durak&seed=3&embed=1&host={HOST}", stored=stored)
    assert theme_of(plain)["--felt-2"] == FELTS["wine"][1]  # the host chose none: the player's
    assert "set-colours-note" not in settings(plain)


def test_the_settings_offer_each_felt_and_back_as_a_named_radio():
    page = Page("", stored={PREFS_KEY: json.dumps({"felt": "walnut"})})
    html = settings(page)
    for key, choices, current in (("felt", FELTS, "walnut"), ("back", BACKS, "red")):
        group = re.search(rf'<div class="field choice colours" role="radiogroup" '
                          rf'aria-labelledby="lbl-set-{key}">.*?</div></div>', html).group(0)
        radios = re.findall(r'<input type="radio" id="set-(\w+)-(\w+)" name="set-(\w+)" '
                            r'data-set="(\w+)" value="(\w+)"( checked)?>', group)
        assert [r[4] for r in radios] == list(choices)
        assert {(r[0], r[2], r[3]) for r in radios} == {(key, key, key)}
        assert [r[4] for r in radios if r[5]] == [current]
        for name, (word, _colour) in choices.items():
            label = re.search(rf'<label for="set-{key}-{name}">(.*?)</label>', group).group(1)
            assert 'aria-hidden="true"' in label and f">{word}</span>" in label
    assert '<span class="field-label" id="lbl-set-felt">Felt</span>' in html
    assert '<span class="field-label" id="lbl-set-back">Card backs</span>' in html
    assert "set-colours-note" not in html
