"""The replay of a finished deal and its analysis, through `update`: opened from the game-over
panel, the statistics' recent deals and a link; stepped through against the engine; played on
as practice; analysed a slice at a time and kept (the browser flow is in
tests/browser/test_replay_ui.py)."""
from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlparse

import pytest
from headless import Page

from kozyr import analysis, registry
from ui import messages as m
from ui.model import ANALYSES_KEY, RECENT_KEY, SAVE_KEY, STATS_KEY
from ui.play import recent as rc
from ui.replay import messages as rm
from ui.replay import model as rp

GAMES = {"durak": 2, "stump": 3, "garbage": 2, "memory": 3, "advantage": 2}


def finished(game: str = "durak", seed: int = 4, players: int = 2, more: str = "") -> Page:
    page = Page(f"?game={game}&players={players}&seed={seed}&speed=instant{more}")
    page.play_out(random.Random(seed))
    assert page.view["phase"] == "over"
    return page


def open_hands(html: str) -> dict[int, list[str]]:
    """Each seat's face-up cards on the replay's table, as the page shows them."""
    seats = re.findall(r'<div class="open-seat[^"]*" data-seat="(\d+)".*?<div class="open-hand">'
                       r'(.*?)</div></div>', html)
    return {int(s): re.findall(r'data-card="([^"]+)"', body) for s, body in seats}


def screen(page: Page) -> dict[str, str]:
    tag = re.search(r'<div class="screen replay[^"]*"([^>]*)>', page.picture.html).group(1)
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', tag))


@pytest.mark.parametrize("game", GAMES)
def test_every_step_shows_the_engine_position_face_up(game):
    page = finished(game, 3, GAMES[game])
    session = page.in_play.session
    page.send(rm.OpenReplay("over"))
    assert page.model.screen == "replay" and page.picture.title.startswith("Replay")
    engine, deal = registry.get(game), page.model.replay.deal
    assert deal["moves"] == session.state.history and deal["seed"] == session.seed
    state = engine.new_game(session.options, session.seed, session.match)
    for step in range(len(deal["moves"]) + 1):
        page.send(rm.ReplayTo(step))
        assert screen(page)["step"] == str(step)
        shown = open_hands(page.picture.html)
        assert shown == dict(enumerate(engine.open_hands(state)))
        if step < len(deal["moves"]):
            engine.apply(state, deal["moves"][step])
    page.send(rm.ReplayTo(10_000))
    assert page.model.replay.step == len(deal["moves"])  # out of range: to the end
    page.send(rm.ReplayTo(-3))
    assert page.model.replay.step == 0


def test_close_goes_back_to_the_game_over_panel():
    page = finished()
    page.send(rm.OpenReplay("over"))
    page.send(rm.CloseReplay())
    assert page.model.screen == "table" and 'id="gameover"' in page.picture.html
    assert 'data-act="watch"' in page.picture.html
    page.send(rm.OpenReplay("over"))
    page.send(m.Escape())  # Esc closes it too
    assert page.model.screen == "table"


def test_a_game_in_progress_cannot_be_replayed():
    page = Page("?game=durak&seed=4&speed=instant")
    page.send(rm.OpenReplay("over"))
    assert page.model.screen == "table" and page.model.replay is None


def test_finished_deals_are_listed_in_the_statistics_and_replayed_from_there():
    page = finished("durak", 4)
    page.send(m.Again(9))
    page.play_out(random.Random(2))
    recent = json.loads(page.stored[RECENT_KEY])
    assert [d["seed"] for d in recent] == [9, 4]
    assert recent[0]["outcome"] in ("won", "lost", "draw")
    page = Page("", page.stored)  # a later visit
    page.send(m.OpenSheet("stats"))
    assert page.picture.html.count('data-act="watch-recent"') == 2
    page.send(rm.OpenReplay("recent", 1))
    assert page.model.replay.deal["seed"] == 4 and page.model.sheet is None
    page.send(rm.CloseReplay())
    assert page.model.screen == "home" and page.model.sheet == "stats"


def test_a_damaged_recent_deal_is_refused_in_words():
    page = finished()
    recent = json.loads(page.stored[RECENT_KEY])
    recent[0]["moves"] = ["attack KS", *recent[0]["moves"]]
    page = Page("", {**page.stored, RECENT_KEY: json.dumps(recent)})
    page.send(rm.OpenReplay("recent", 0))
    assert page.model.replay is None and "cannot be replayed" in page.model.notice
    assert Page("", {RECENT_KEY: "{not json"}).model.recent == ()


def test_play_on_starts_a_practice_game_from_the_position_that_is_not_counted():
    page = finished("durak", 4)
    stats, recent = page.stored[STATS_KEY], page.stored[RECENT_KEY]
    page.send(rm.OpenReplay("over"))
    deal = page.model.replay.deal
    page.send(rm.ReplayTo(10))
    page.send(rm.PlayOn())
    assert page.model.screen == "table" and page.in_play.practice
    assert page.in_play.session.state.history == deal["moves"][:10]
    assert json.loads(page.stored[SAVE_KEY])["practice"] is True
    page.play_out(random.Random(5))
    assert page.view["phase"] == "over"
    assert page.stored[STATS_KEY] == stats and page.stored[RECENT_KEY] == recent


def test_a_practice_game_left_for_a_new_deal_is_no_loss():
    page = finished("durak", 4)
    stats = page.stored[STATS_KEY]
    page.send(rm.OpenReplay("over"))
    page.send(rm.ReplayTo(3))
    page.send(rm.PlayOn())
    page = Page("?game=durak&seed=8&speed=instant", page.stored)  # a reload keeps it practice
    assert page.stored[STATS_KEY] == stats


def run_analysis(page: Page, stop_after: int | None = None) -> None:
    """Run the page's analysis as the shell does, slices and all, until it ends (or, with
    stop_after, until that many more decisions are judged, then Stop)."""
    page.send(rm.Analyse(True))
    watch, count = page.model.replay, [0]

    def report(j: dict) -> None:
        page.send(m.Judged(watch.run, j))
        count[0] += 1
        if stop_after is not None and count[0] == stop_after:
            page.send(rm.Analyse(False))

    def current() -> bool:
        w = page.model.replay
        return w is not None and w.analysing and w.run == watch.run

    run_to_end(rp.analyse_in_slices(watch, current, report))


def run_to_end(coroutine) -> None:
    """Run a coroutine that only ever awaits asyncio.sleep(0), as the page's loop would, without
    an event loop of its own (another test's may be running in this process)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration:
        pass


def test_the_analysis_runs_stops_goes_on_and_is_kept_with_the_deal():
    page = finished("durak", 4, more="&deck=24")
    page.send(rm.OpenReplay("over"))
    watch = page.model.replay
    deal = watch.deal
    assert watch.decisions and 'id="analyse"' in page.picture.html
    run_analysis(page, stop_after=3)
    assert len(page.model.replay.judged) == 3 and not page.model.replay.analysing
    assert "Go on analysing" in page.picture.html
    assert len(json.loads(page.stored[ANALYSES_KEY])[watch.key]) == 3
    run_analysis(page)
    watch = page.model.replay
    assert watch.done and not watch.analysing and screen(page)["judged"] == str(len(watch.decisions))
    expected = [j.to_json() for j in analysis.analyse(
        deal["game"], deal["options"], deal["seed"], deal["moves"], deal["human"], deal["match"])]
    assert list(watch.judged) == expected  # stopped and resumed: the same as in one go
    assert '<svg class="graph"' in page.picture.html
    assert page.picture.html.count('<circle') == len(expected)
    marked = [j for j in expected if analysis.Judgement.from_json(j).verdict]
    assert page.picture.html.count('data-act="replay-to" data-arg=') == 4 + len(marked)
    first = expected[0]
    page.send(rm.ReplayTo(first["step"] + 1))  # the point's jump: after that decision
    assert 'id="verdict"' in page.picture.html
    kept = Page("", page.stored)  # another visit: the analysis is not made again
    kept.send(m.OpenSheet("stats"))
    kept.send(rm.OpenReplay("recent", 0))
    assert kept.model.replay.done and list(kept.model.replay.judged) == expected
    assert 'id="analyse"' not in kept.picture.html


def test_a_late_judgement_of_a_stopped_run_is_dropped():
    page = finished("durak", 4)
    page.send(rm.OpenReplay("over"))
    page.send(rm.Analyse(True))
    old = page.model.replay.run
    page.send(rm.Analyse(False))
    step = page.model.replay.decisions[0]
    page.send(m.Judged(old, {"step": step, "played": "pass", "best": "pass", "chance_played": 1,
                             "chance_best": 1, "moves": 2, "exact": False}))
    assert page.model.replay.judged == ()


def test_the_link_opens_the_same_replay_and_a_bad_one_says_why():
    page = finished("stump", 6, 3)
    page.send(rm.OpenReplay("over"))
    deal = page.model.replay.deal
    effects = page.send(rm.ShareReplay("http://127.0.0.1:8000/"))
    copy = next(e for e in effects if isinstance(e, m.Copy))
    assert copy.field == "replay-link" and copy.text.startswith("http://127.0.0.1:8000/?replay=")
    assert 'id="replay-link"' in page.picture.html
    query = urlparse(copy.text).query
    assert len(query) < 2000
    other = Page("?" + query)  # another browser: nothing stored
    assert other.model.screen == "replay" and other.model.replay.deal == deal
    other.send(rm.CloseReplay())
    assert other.model.screen == "home"
    value = parse_qs(query)["replay"][0]
    for bad, says in ((value[:40], "cut short"), (value[:-6] + "AAAAAA", "cut short"),
                      ("!!", "cut short"), ("", "no deal"),
                      (rc.encode({**deal, "moves": ["take"] + deal["moves"]}), "cannot be played"),
                      (rc.encode(deal)[:0] + _other_version(deal), "another version")):
        broken = Page("?replay=" + bad)
        assert broken.model.screen == "home" and broken.model.replay is None
        assert "This replay link cannot be read" in broken.model.notice and says in \
            broken.model.notice, (bad, broken.model.notice)


def _other_version(deal: dict) -> str:
    import base64
    import zlib
    packed = zlib.compress(json.dumps({"k": 99, "g": deal["game"]}).encode())
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_the_replay_speaks_every_language():
    page = finished("durak", 4)
    page.send(rm.OpenReplay("over"))
    page.send(rm.ReplayTo(5))
    page.send(m.Language("ru"))
    assert "Ход 5 из" in page.picture.html and "Анализ" in page.picture.html


def test_the_replayed_discard_pile_opens_at_its_step():
    page = finished("durak", 4)
    page.send(rm.OpenReplay("over"))
    page.send(rm.ReplayTo(len(page.model.replay.deal["moves"])))
    page.send(m.OpenSheet("discards"))
    assert page.model.sheet == "discards" and 'id="sheet"' in page.picture.html
    discarded = page.in_play.session.view()["discarded"]
    sheet = page.picture.html[page.picture.html.index('id="sheet"'):]
    assert discarded and sheet.count('class="chip-card') == len(discarded)
    page.send(m.CloseSheet())
    assert page.model.screen == "replay" and page.model.sheet is None
