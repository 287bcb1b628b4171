"""A sixth game takes its engine, AI and table modules and one registry line each, and no other
edit: High card (tests/sixth_game/), registered here for a test's time only, is offered, dealt
from its address, drawn, played to its end against its AI and counted in the statistics."""
from __future__ import annotations

import pytest
from headless import Page
from sixth_game.engine import HIGH_CARD
from sixth_game.table import HighCardTable

from kozyr import ai, registry
from ui import messages as m
from ui import tables
from ui.model import STATS_KEY
from ui.stats import model as st


@pytest.fixture
def high_card():
    """High card in each registry, one line each, for this test only."""
    registry.register(HIGH_CARD)
    ai.register("highcard", "sixth_game.ai")
    tables.register(HighCardTable())
    yield
    for registered in (registry.GAMES, ai.PATHS, tables.TABLES):
        registered.pop("highcard", None)


def test_the_sixth_game_is_offered_with_the_others(high_card):
    page = Page()
    assert page.model.screen == "home"
    assert 'data-game="highcard"' in page.picture.html and "High card" in page.picture.html


def test_the_sixth_game_is_dealt_drawn_played_and_counted(high_card):
    page = Page("?game=highcard&seed=3&speed=0")
    assert page.model.screen == "table"
    assert page.opponents() == 1  # the seat that does not deal plays first
    v, html = page.view, page.picture.html
    theirs = page.in_play.session.state.hands[1]
    assert f'data-card="{v["played"][1]}"' in html  # their card, face up in the middle
    assert all(f'data-card="{c}"' in html for c in v["hand"])  # the hand, the contract's
    assert not any(f'data-card="{c}"' in html for c in theirs)  # their hand: backs only
    assert "You deal." in html and " plays " in html  # the log, in the table's sentences

    page.send(m.MoveChosen(v["legal"][0]["text"]))
    result, html = page.view["result"], page.picture.html
    assert page.view["phase"] == "over" and 'id="gameover"' in html
    assert "the higher card" in html or "a draw" in html
    records = st.read(page.stored[STATS_KEY])["records"]
    (record,) = [r for r in records.values() if r["game"] == "highcard"]
    aces = sum(1 for c in page.in_play.session.state.played[:1] if c.rank == "A")
    assert (record["played"], record["aces"], record["variant"]) == (1, aces, {"players": 2})
    over = [e.detail for e in page.effects if isinstance(e, m.Notify) and e.kind == "over"]
    assert [o["winners"] for o in over] == [result["winners"]]  # its table's result_fields


def test_the_statistics_page_shows_the_sixth_games_figure(high_card):
    page = Page("?game=highcard&seed=3&speed=0")
    page.opponents()
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.send(m.OpenSheet("stats"))
    assert 'data-game="highcard"' in page.picture.html and "aces played" in page.picture.html
