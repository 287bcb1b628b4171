"""The game-over panel's standings: every player's circle holds a place, a number (1, 2, 3…),
the engine's place or, in Durak without teams, the order the players went out with the fool
last; never a bare dot, dash or star. A screen reader hears the place in words before the name
(the circle itself is hidden from it). Each player is listed once, ranked best first."""
from __future__ import annotations

import random
import re

import pytest

from conftest import Page

ROW = re.compile(r'<li(?: class="(?P<cls>[^"]*)")?(?: data-seat="(?P<seat>\d+)")?>'
                 r'<span class="place" aria-hidden="true">(?P<shown>[^<]*)</span>'
                 r'<span class="sr-only">(?P<said>[^<]*)</span>')


def standings(page: Page) -> list[dict]:
    html = page.picture.html
    assert 'id="gameover"' in html, "no game-over panel"
    block = html[html.index('<ol class="standings">'):]
    block = block[:block.index("</ol>")]
    rows = [m.groupdict() for m in ROW.finditer(block)]
    assert len(rows) == block.count("<li"), f"a row without its place: {block}"
    return rows


def over(query: str, seed: int) -> Page:
    page = Page(f"?{query}&level=easy&speed=0&seed={seed}")
    page.play_out(random.Random(seed))
    page.opponents()
    return page


GAMES = [("game=durak&players=3", 3), ("game=durak&players=4&teams=1", 4),
         ("game=durak&players=2", 2), ("game=stump&players=4", 4),
         ("game=garbage&players=3", 3), ("game=memory&players=3", 3),
         ("game=advantage&players=2", 2)]


@pytest.mark.parametrize("query,players", GAMES)
def test_every_player_has_a_place_in_numbers_and_words(query, players):
    for seed in (1, 2, 3):
        page = over(query, seed)
        rows = standings(page)
        result = page.view["result"]
        assert len(rows) == players
        places = [int(row["shown"]) for row in rows]  # a number: not ·, – or ★
        assert places == sorted(places) and places[0] == 1 and places[-1] <= players
        assert [row["said"] for row in rows] == [f"Place {p}: " for p in places]
        seats = [int(row["seat"]) for row in rows]
        assert sorted(seats) == list(range(players)), "each player once"
        if "durak" in query and "teams" not in query and not result["draw"]:
            assert places == list(range(1, players + 1))
            assert seats[-1] == result["fool"] and rows[-1]["cls"] == "loser"
        elif "durak" not in query:
            assert places == [result["places"][s] for s in seats]
        if "teams" in query:
            assert places == [result["places"][s] for s in seats]


def test_the_place_is_said_in_the_pages_language():
    page = over("game=stump&players=3&lang=ru", 4)
    assert [row["said"] for row in standings(page)] == ["Место 1: ", "Место 2: ", "Место 3: "]
