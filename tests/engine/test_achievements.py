"""Achievements read from a finished deal's moves: for each, a seeded deal that earns it and
one that misses it narrowly (achievement_deals.json: deals played by the engine's AIs, found
once by a search and kept as their seeds and moves, so nothing is searched here)."""

from __future__ import annotations

import json
import os

import pytest

from kozyr import IllegalMove, achievements
from kozyr.achievements import ACHIEVEMENTS, BY_ID, earned, of_game

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "achievement_deals.json"), encoding="utf-8") as f:
    DEALS = json.load(f)


def earned_in(deal: dict) -> list[str]:
    return earned(deal["game"], deal["options"], deal["seed"], deal["moves"], deal["seat"],
                  deal["match"])


@pytest.mark.parametrize("deal", DEALS, ids=[f'{d["achievement"]}: {d["why"]}' for d in DEALS])
def test_a_seeded_deal_earns_it_or_misses_it_narrowly(deal):
    assert (deal["achievement"] in earned_in(deal)) is deal["earns"]


def test_every_achievement_has_a_deal_that_earns_it_and_one_that_misses_it():
    for a in BY_ID:
        kinds = {d["earns"] for d in DEALS if d["achievement"] == a}
        assert kinds == {True, False}, a


def test_each_game_has_three_or_four_each_named_by_its_game():
    assert set(ACHIEVEMENTS) == {"durak", "stump", "garbage", "memory", "advantage"}
    for game, group in ACHIEVEMENTS.items():
        assert 3 <= len(group) <= 4
        for a in group:
            assert a.game == game and a.id.startswith(game + ".")
            assert a.title and a.description.endswith(".")
    assert len(BY_ID) == sum(map(len, ACHIEVEMENTS.values()))  # no id twice


def test_a_deal_not_finished_earns_nothing():
    for deal in DEALS:
        if deal["earns"] and len(deal["moves"]) > 1:
            assert earned_in({**deal, "moves": deal["moves"][:-1]}) == []


def test_a_garbage_hand_that_does_not_end_the_match_earns_nothing():
    deal = next(d for d in DEALS if d["achievement"] == "garbage.champion" and not d["earns"])
    assert deal["match"]["sizes"][deal["seat"]] == 2  # the seat filled its layout of two …
    assert earned_in(deal) == []  # … and the match goes on: nothing yet


def test_only_the_seat_that_did_it_earns_it():
    deal = next(d for d in DEALS if d["achievement"] == "durak.no_take" and d["earns"])
    other = 1 - deal["seat"]
    assert "durak.no_take" not in earned_in({**deal, "seat": other})  # the fool, who took


def test_moves_that_are_not_the_deals_own_are_refused():
    deal = next(d for d in DEALS if d["game"] == "durak")
    with pytest.raises(IllegalMove):
        earned_in({**deal, "seed": deal["seed"] + 1})


def test_a_game_without_achievements_has_none():
    assert of_game("no such game") == ()
    assert earned("no such game", None, 0, [], 0) == []
    assert achievements.of_game("durak") == ACHIEVEMENTS["durak"]
