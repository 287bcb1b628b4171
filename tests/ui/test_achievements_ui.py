"""Achievements at the page: earned once at a game's end (dated, with the deal's replay link),
announced on its game-over panel and to screen readers, never again, never for practice or
a helped game, carried by the statistics' export and import and shown on the statistics
sheet. The deals are the engine tests' (tests/engine/achievement_deals.json): each ends with
the move of the seat that earns it, which the person plays here."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import Page

from kozyr.session import Session
from ui import messages as m
from ui.model import SAVE_KEY, STATS_KEY
from ui.play import recent as rc
from ui.replay import messages as rm
from ui.stats import achieved
from ui.stats import messages as stm
from ui.stats import model as st

DEALS = json.loads((Path(__file__).parents[1] / "engine" / "achievement_deals.json").read_text())
NOW = 1_780_000_000_000.0  # 2026-05-28 (UTC), in epoch ms
DAY = "2026-05-28"


def deal(name: str, earns: bool = True) -> dict:
    return next(d for d in DEALS if d["achievement"] == name and d["earns"] is earns)


def before_the_last_move(d: dict, stored: dict | None = None, now: float = NOW) -> Page:
    """A page whose saved game is the deal but for its last move, the person's, to play."""
    session = Session(d["game"], d["options"], d["seed"], human=d["seat"], match=d["match"])
    save = {**session.save(), "moves": d["moves"][:-1]}
    page = Page("?speed=0", stored={**(stored or {}), SAVE_KEY: json.dumps(save)}, now=now)
    assert page.model.screen == "table" and page.view["to_act"] == d["seat"]
    return page


def finished(d: dict, stored: dict | None = None, now: float = NOW) -> Page:
    page = before_the_last_move(d, stored, now)
    page.send(m.MoveChosen(d["moves"][-1]))
    assert page.view["phase"] == "over"
    return page


def said(page: Page) -> list[str]:
    return [line for e in page.effects if isinstance(e, m.Say) for line in e.lines]


def earned_in(page: Page) -> dict:
    return achieved.of_stats(st.read(page.stored[STATS_KEY]))


def test_earned_at_the_game_over_with_its_day_and_the_deals_replay_link():
    d = deal("garbage.champion")  # the person draws and fills a one-card layout: the match
    page = finished(d)
    assert page.in_play.earned == ("garbage.champion",)
    (entry,) = earned_in(page).values()
    assert entry["when"] == DAY and entry["link"].startswith("?replay=")
    replayed = rc.decode(entry["link"].removeprefix("?replay="))
    assert (replayed["seed"], replayed["moves"], replayed["match"]) == (
        d["seed"], d["moves"], d["match"])
    html = page.picture.html
    panel = html[html.index('id="gameover"'):]
    assert "Achievement unlocked:" in panel and "<strong>Down to one</strong>" in panel
    assert "Win a match: fill your one-card layout first." in panel
    assert "Achievement unlocked: Down to one Win a match: fill your one-card layout first." \
        in said(page)
    (over,) = [e.detail for e in page.effects if isinstance(e, m.Notify) and e.kind == "over"]
    assert over["achievements"] == ["garbage.champion"]  # an embedding page hears which


def test_earned_once_not_again():
    d = deal("garbage.champion")
    first = finished(d)
    later = finished(d, stored=first.stored, now=NOW + 3 * 86_400_000)  # three days later
    assert later.in_play.earned == ()
    assert "Achievement unlocked" not in later.picture.html
    assert not any("Achievement unlocked" in line for line in said(later))
    assert earned_in(later) == earned_in(first)  # the first day kept
    assert st.totals(later.model.stats, "garbage")["played"] == 2  # the game itself counted


def test_the_next_deal_does_not_announce_it_again():
    page = finished(deal("durak.no_take"))
    assert page.in_play.earned == ("durak.no_take",)
    page.send(m.Again(seed=3))
    assert page.in_play.earned == () and "Achievement unlocked" not in page.picture.html


def test_a_near_miss_earns_nothing():
    d = deal("garbage.sweep", earns=False)  # a match won against a layout of nine
    page = finished(d)
    assert page.in_play.earned == ("garbage.champion",)  # won, but no clean sweep
    assert list(earned_in(page)) == ["garbage.champion"]
    assert "Clean sweep" not in page.picture.html


def test_nothing_for_practice_played_on_from_a_replay():
    d = deal("garbage.champion")
    stored = finished(d).stored
    stored.pop(STATS_KEY)  # forgotten: only practice follows
    page = Page("", stored=stored, now=NOW)
    page.send(rm.OpenReplay("recent", 0))
    page.send(rm.ReplayTo(0))
    page.send(rm.PlayOn())
    assert page.in_play.practice
    page.send(m.MoveChosen(d["moves"][-1]))
    assert page.view["phase"] == "over" and page.in_play.earned == ()
    assert "achievements" not in st.read(page.stored.get(STATS_KEY))


def test_nothing_after_a_hint_or_an_undo():
    d = deal("garbage.champion")
    page = before_the_last_move(d)
    page.send(m.Hint())
    page.send(m.MoveChosen(d["moves"][-1]))
    assert page.view["phase"] == "over" and page.in_play.earned == ()
    helped = replace(page.in_play, hints=0, undos=1)
    assert not achieved.eligible(helped) and achieved.eligible(replace(helped, undos=0))
    assert not achieved.eligible(replace(helped, undos=0, people=("Ann", "Boris")))
    assert not achieved.eligible(replace(helped, undos=0, practice=True))


def test_carried_by_export_and_import():
    page = finished(deal("garbage.champion"))
    (download,) = [e for e in page.send(stm.StatsExport()) if isinstance(e, m.Download)]
    other = Page("", now=NOW)
    other.send(stm.StatsImport(download.text))
    assert achieved.of_stats(other.model.stats) == earned_in(page)
    assert st.read(other.stored[STATS_KEY]) == st.read(page.stored[STATS_KEY])


def test_a_file_without_them_reads_as_before_and_a_damaged_entry_is_left_out():
    plain = st.add(st.empty(), "durak", {"players": 2, "deck": 36}, "won", {"fool": 0})
    assert "achievements" not in st.read(st.dumps(plain))
    assert st.dumps(st.read(st.dumps(plain))) == st.dumps(plain)
    good = {"when": DAY, "link": "?replay=abc"}
    data = {**plain, "achievements": {"durak.no_take": good, "durak.beat_six": {"when": "May"},
                                      "bad id": good, "stump.no_take": {**good, "link": "x"},
                                      "memory.comeback": 3}}
    assert achieved.of_stats(st.read(json.dumps(data))) == {"durak.no_take": good}
    assert achieved.of_stats(st.parse_import(json.dumps(data))) == {"durak.no_take": good}
    assert "achievements" not in st.read(json.dumps({**plain, "achievements": ["x"]}))


def test_the_statistics_sheet_shows_each_games_earned_or_not_yet():
    page = finished(deal("garbage.champion"))
    page.send(m.OpenSheet("stats"))
    html = page.picture.html
    block = html[html.index('class="stats-achievements"'):]
    assert "1 of 16 earned" in block
    for game in ("durak", "stump", "garbage", "memory", "advantage"):
        assert f'id="ach-{game}"' in block
    earned = block[block.index("Down to one"):]
    earned = earned[:earned.index("</li>")]
    assert f"Earned {DAY}" in earned and 'href="?replay=' in earned
    assert 'aria-label="Replay the deal: Down to one"' in earned
    assert block.count("Not yet") == 15


def test_every_achievement_is_worded_as_the_engine_says_it():
    from kozyr.achievements import BY_ID

    assert set(achieved.WORDS) == set(BY_ID)
    for i, a in BY_ID.items():
        assert achieved.WORDS[i] == (a.title, a.description)


@pytest.mark.parametrize("lang", ["ru", "fr"])
def test_the_sheet_draws_in_another_language(lang):
    page = finished(deal("garbage.champion"))
    page.send(m.Language(lang))
    page.send(m.OpenSheet("stats"))
    assert 'class="stats-achievements"' in page.picture.html
