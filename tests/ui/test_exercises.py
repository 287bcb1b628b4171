"""Exercises from the person's own mistakes, on CPython through the page's `update`: made from
an analysed deal, shown from the seat's view only, judged with the analysis's own means (the
best move solves, the move played and a move no better do not), the best move shown after two
misses, the saved game left alone, and the replay's "Try this again"."""

from __future__ import annotations

import json
import random
import re

import pytest
from headless import Page
from test_pass_and_play import cards_in_html, cards_in_view
from test_render import check_private

from kozyr import analysis, exercises
from kozyr.thinking import finish
from ui import messages as m
from ui.exercises import messages as em
from ui.exercises import model as ex
from ui.exercises.update import words
from ui.model import ANALYSES_KEY, EXERCISES_KEY, SAVE_KEY
from ui.play import recent as rc
from ui.replay import messages as rm
from ui.replay import model as rp

DEAL = "?game=durak&players=2&deck=24&seed=4&speed=instant"


def run_to_end(coroutine):
    """A coroutine that only awaits asyncio.sleep(0), run without an event loop."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration as done:
        return done.value


@pytest.fixture(scope="module")
def analysed() -> dict:
    """A finished 24-card Durak deal played at random, and its analysis as the page stores it."""
    page = Page(DEAL)
    page.play_out(random.Random(4))
    deal = page.model.recent[0]
    judged = [j.to_json() for j in analysis.analyse(
        deal["game"], deal["options"], deal["seed"], deal["moves"], deal["human"])]
    assert sum(bool(analysis.Judgement.from_json(j).verdict) for j in judged) >= 3
    stored = dict(page.stored)
    stored[ANALYSES_KEY] = json.dumps({rc.deal_id(deal): judged})
    return stored


def opened(stored: dict) -> Page:
    page = Page("", stored)
    page.send(em.OpenExercises())
    return page


def judge(page: Page) -> None:
    """The answer being judged, judged as the shell does it (slices and all)."""
    trying = page.in_play.exercise
    item = ex.find(page.model.exercises, trying.id)
    chances = run_to_end(rp.check_in_slices(item["deal"], trying.judgement, trying.checking,
                                            lambda: True))
    page.send(em.Checked(trying.run, trying.checking, *chances))


def first(page: Page) -> dict:
    return ex.left(page.model.exercises)[0]


def test_every_mistake_and_blunder_of_an_analysed_deal_becomes_an_exercise(analysed):
    page = opened(analysed)
    deal = json.loads(analysed["kozyr.recent"])[0]
    judged = json.loads(analysed[ANALYSES_KEY])[rc.deal_id(deal)]
    marked = [j for j in judged if analysis.Judgement.from_json(j).verdict]
    items = page.model.exercises
    assert [i["judgement"]["step"] for i in ex.left(items)] == [j["step"] for j in marked]
    assert ex.read(page.stored[EXERCISES_KEY]) == items  # kept in this browser
    html = page.picture.html
    assert 'id="sheet-title">Exercises' in html and html.count('data-act="exercise"') == len(marked)
    page.send(m.CloseSheet())
    page.send(m.Home())
    assert f"Exercises ({len(marked)})" in page.picture.html
    page.send(em.OpenExercises())  # opened again: none twice
    assert page.model.exercises == items


def test_an_exercise_shows_only_the_seats_view_and_never_the_best_move(analysed):
    page = opened(analysed)
    item = first(page)
    page.send(em.TryExercise(ex.item_id(item)))
    in_play = page.in_play
    assert page.model.screen == "table" and in_play.exercise is not None
    assert len(in_play.session.state.history) == item["judgement"]["step"]
    view = in_play.session.view(in_play.seat)
    html = page.picture.html
    allowed = cards_in_view(view)
    assert cards_in_html(html) <= allowed, sorted(cards_in_html(html) - allowed)
    check_private(html, allowed, set(), where="exercise")
    assert 'id="exercise-ask"' in html and 'id="undo"' not in html
    panel = re.search(r'<div class="exercise-panel".*?</div></div>', html).group()
    assert words(item["judgement"]["played"]) in panel  # the question names the move played
    assert words(item["judgement"]["best"]) not in panel + page.in_play.hint  # not the answer


def test_the_move_played_is_refused_the_best_solves_and_it_is_kept(analysed):
    page = opened(analysed)
    item = first(page)
    page.send(em.TryExercise(ex.item_id(item)))
    j = item["judgement"]
    moves_before = len(page.in_play.session.state.history)
    page.send(m.MoveChosen(j["played"]))
    assert page.in_play.exercise.tries == 1 and not page.in_play.exercise.solved
    assert "That is the move you played" in page.in_play.hint
    assert len(page.in_play.session.state.history) == moves_before  # never played
    page.send(m.Undo())
    page.send(m.Hint())
    assert "no undo, no hint" in page.in_play.hint and page.in_play.hints == 0
    page.send(m.MoveChosen(j["best"]))
    assert page.in_play.exercise.solved and page.in_play.hint.startswith("Solved")
    stored = ex.find(ex.read(page.stored[EXERCISES_KEY]), ex.item_id(item))
    assert stored["solved"] and stored["tries"] == 1
    assert ex.item_id(item) not in {ex.item_id(i) for i in ex.left(page.model.exercises)}


def test_another_answer_is_judged_like_the_analysis_and_two_misses_show_the_best(analysed):
    page = opened(analysed)
    for item in ex.left(page.model.exercises):
        page.send(em.TryExercise(ex.item_id(item)))
        j = item["judgement"]
        others = [mo["text"] for mo in page.view["legal"]
                  if mo["text"] not in (j["played"], j["best"])]
        if others:
            break
    else:
        pytest.fail("no exercise with a third move")
    answer = others[0]
    page.send(m.MoveChosen(answer))
    assert page.in_play.exercise.checking == answer and "Judging" in page.in_play.hint
    page.send(m.MoveChosen(j["best"]))  # while it is judged: wait
    assert not page.in_play.exercise.solved and "Wait" in page.in_play.hint
    judge(page)
    played, chance = finish(exercises.checking(item["deal"], analysis.Judgement.from_json(j),
                                               answer))
    trying = page.in_play.exercise
    assert trying.solved == exercises.solved(played, chance)
    assert (trying.chance_played, trying.chance_answer) == (played, chance)
    if trying.solved:
        return
    page.send(m.MoveChosen(j["played"]))  # the second miss
    assert page.in_play.exercise.tries == 2 and "The best move was" in page.in_play.hint
    assert page.in_play.hinted == j["best"] and page.picture.lit  # lit on the table


def test_an_exercise_leaves_the_saved_game_as_it_was(analysed):
    page = Page(DEAL.replace("seed=4", "seed=9"), analysed)
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.opponents()
    saved, history = page.stored[SAVE_KEY], list(page.in_play.session.state.history)
    page.send(em.OpenExercises())
    page.send(em.TryExercise(ex.item_id(first(page))))
    page.send(m.MoveChosen(first(page)["judgement"]["best"]))
    assert page.stored[SAVE_KEY] == saved
    page.send(m.Home())
    page.send(m.Continue())
    assert page.in_play.exercise is None and page.in_play.session.state.history == history


def test_next_exercise_and_a_damaged_store(analysed):
    page = opened(analysed)
    one, two = ex.left(page.model.exercises)[:2]
    page.send(em.TryExercise(ex.item_id(one)))
    page.send(em.NextExercise())
    assert page.in_play.exercise.id == ex.item_id(two)
    for bad in ("{", json.dumps({"format": "kozyr-exercises", "items": [{"deal": 1}]}), "[]"):
        assert ex.read(bad) == ()
    page = Page("", {**analysed, EXERCISES_KEY: "{"})
    assert page.model.exercises == () and page.model.screen == "home"


def test_the_replay_offers_try_this_again_at_a_marked_move_of_your_own_deal(analysed):
    page = Page("", analysed)
    page.send(rm.OpenReplay("recent", 0))
    item = None
    for j in page.model.replay.judged:
        if analysis.Judgement.from_json(j).verdict:
            item = j
            break
    page.send(rm.ReplayTo(item["step"] + 1))
    assert 'id="try-again"' in page.picture.html
    page.send(m.Click(act="exercise", arg=f"{page.model.replay.key}:{item['step']}"))
    assert page.model.screen == "table" and page.in_play.exercise.judgement == item
    link = rc.encode(json.loads(analysed["kozyr.recent"])[0])
    other = Page(f"?replay={link}", {ANALYSES_KEY: analysed[ANALYSES_KEY]})  # not this browser's
    other.send(rm.ReplayTo(item["step"] + 1))
    assert 'id="try-again"' not in other.picture.html


@pytest.mark.parametrize("game,players,more", [
    ("stump", 3, ""), ("garbage", 2, ""), ("memory", 2, ""), ("advantage", 2, "")])
def test_every_game_makes_exercises_shown_from_the_seat_and_solved_by_the_best(game, players,
                                                                               more):
    page = Page(f"?game={game}&players={players}&seed=4&speed=instant{more}")
    page.play_out(random.Random(4))
    deal = page.model.recent[0]
    judged = []
    for j in analysis.analyse(deal["game"], deal["options"], deal["seed"], deal["moves"],
                              deal["human"], deal["match"]):
        judged.append(j.to_json())
        if j.verdict:
            break  # the first mistake is enough
    assert judged[-1] and analysis.Judgement.from_json(judged[-1]).verdict
    stored = {**page.stored, ANALYSES_KEY: json.dumps({rc.deal_id(deal): judged})}
    page = opened(stored)
    item = first(page)
    page.send(em.TryExercise(ex.item_id(item)))
    in_play = page.in_play
    view = in_play.session.view(in_play.seat)
    allowed = cards_in_view(view)
    assert cards_in_html(page.picture.html) <= allowed
    check_private(page.picture.html, allowed, set(), where=game)
    page.send(m.MoveChosen(item["judgement"]["best"]))
    assert page.in_play.exercise.solved
