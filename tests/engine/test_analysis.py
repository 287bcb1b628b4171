"""The analysis of a finished deal (kozyr.analysis, `python -m kozyr analyse`): verdicts where
the best move is known."""
from __future__ import annotations

import json
import random

from pathlib import Path

import pytest

from kozyr import ai, analysis
from kozyr.__main__ import main as cli
from kozyr.durak import DURAK
from kozyr.protocol import Move
from kozyr.session import Session
from test_durak_ai import won_endgames

def test_a_won_endgame_thrown_away_is_a_blunder_and_the_winning_move_is_best():
    for state, values in won_endgames(4):
        seat = state.to_act
        losing = next(m for m, v in values.items() if v < 1.0)
        judged = analysis.judge(DURAK, state, seat, Move.parse(losing))
        assert judged.exact, "a two-player endgame this small is solved to the end"
        assert judged.chance_played == values[losing] and judged.chance_best == 1.0
        assert values[judged.best] == 1.0
        assert judged.verdict == "blunder" and judged.loss >= analysis.BLUNDER
        winning = next(m for m, v in values.items() if v == 1.0)
        good = analysis.judge(DURAK, state, seat, Move.parse(winning))
        assert good.verdict == "" and good.loss == 0.0


def test_the_judged_state_is_left_as_it_was():
    state, values = won_endgames(1)[0]
    before = DURAK.copy(state)
    analysis.judge(DURAK, state, state.to_act, Move.parse(next(iter(values))))
    assert state == before


def played_deal(game: str, seed: int, players: int = 2) -> Session:
    """A deal where seat 0 plays random legal moves and the others the normal level."""
    session = Session(game, {"players": players}, seed, 0, "normal")
    rng = random.Random(seed)
    opponents = {s: ai.make("normal", game, seed + s) for s in range(1, players)}
    while session.state.to_act is not None:
        seat = session.state.to_act
        legal = session.game.legal_moves(session.state)
        move = rng.choice(legal) if seat == 0 else opponents[seat].choose(
            session.game.view(session.state, seat))
        session._apply(str(move))
    return session


@pytest.mark.parametrize("game", ["durak", "stump", "garbage", "memory", "advantage"])
def test_every_decision_of_the_seat_is_judged_and_forced_moves_are_not(game):
    session = played_deal(game, 3)
    save = session.save()
    judged = list(analysis.analyse(game, save["options"], save["seed"], save["moves"], 0,
                                   save["match"], playouts=2))
    # replay: the seat's turns with a choice, and only those
    state, choices = session.game.new_game(save["options"], save["seed"], save["match"]), []
    for step, text in enumerate(save["moves"]):
        if state.to_act == 0 and len(session.game.legal_moves(state)) > 1:
            choices.append(step)
        session.game.apply(state, text)
    assert [j.step for j in judged] == choices and choices
    for j in judged:
        assert j.played == str(Move.parse(save["moves"][j.step])) or \
            sorted(Move.parse(j.played).cards) == sorted(Move.parse(save["moves"][j.step]).cards)
        assert 0.0 <= j.chance_played <= j.chance_best <= 1.0 and j.moves > 1
        assert j.verdict in ("", "mistake", "blunder")
    again = list(analysis.analyse(game, save["options"], save["seed"], save["moves"], 0,
                                  save["match"], playouts=2))
    assert again == judged  # the same deal, the same verdicts


def test_a_move_that_is_not_legal_is_refused():
    state, _ = won_endgames(1)[0]
    with pytest.raises(ValueError):
        analysis.judge(DURAK, state, state.to_act, Move.parse("attack 2C"))


def test_the_command_line_prints_the_verdicts(tmp_path, capsys):
    save = tmp_path / "deal.json"
    save.write_text(played_deal("durak", 5).dumps())
    assert cli(["analyse", str(save), "--playouts", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("durak, seed 5, seat 0: a mistake gives away at least 10%")
    assert lines[-1].endswith("blunders") and len(lines) > 3
    assert all(line.startswith("move ") for line in lines[1:-1])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    assert cli(["analyse", str(bad)]) == 2
    assert "not a kozyr saved game" in capsys.readouterr().err
    assert cli(["analyse", str(save), "--seat", "2"]) == 2
    assert "no seat 2" in capsys.readouterr().err


def all_ai_save(tmp_path, game: str = "durak", seed: int = 4) -> tuple[dict, Path]:
    """A deal where every seat is an AI opponent (the save's "human" is null), played out."""
    session = Session(game, {"players": 2}, seed, human=None)
    while not session.over():
        session.step_ai()
    path = tmp_path / "all-ai.json"
    path.write_text(session.dumps())
    return session.save(), path


def verdict_lines(save: dict, seat: int, playouts: int) -> list[str]:
    """The moves `kozyr analyse` lists for `seat`, as the analysis judges them."""
    return [f"move {j.step + 1:>3}: {j.played}" for j in analysis.analyse(
        save["game"], save["options"], save["seed"], save["moves"], seat, save["match"],
        playouts=playouts)]


def test_a_game_of_ai_seats_only_is_judged_at_seat_0_or_the_seat_asked_for(tmp_path, capsys):
    save, path = all_ai_save(tmp_path)
    assert save["human"] is None and save["moves"]
    verdicts = {seat: verdict_lines(save, seat, 2) for seat in (0, 1)}  # the same for a seat
    for argv, seat in ([], 0), (["--seat", "1"], 1), (["--seat", "0"], 0):
        assert cli(["analyse", str(path), "--playouts", "2", *argv]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith(f"durak, seed 4, seat {seat}: a mistake")
        assert lines[-1].endswith("blunders")
        expected = verdicts[seat]
        assert expected and [line[:len(e)] for line, e in zip(lines[1:-1], expected)] == expected
        assert len(lines) == len(expected) + 2


@pytest.mark.parametrize("seat", ["2", "-1", "7"])
def test_a_seat_the_table_does_not_have_is_refused_in_words(tmp_path, capsys, seat):
    _, path = all_ai_save(tmp_path)
    assert cli(["analyse", str(path), "--seat", seat]) == 2
    out = capsys.readouterr()
    assert out.err.startswith(f"error: there is no seat {seat} in this game") and \
        "seats are 0 to 1" in out.err
    assert "Traceback" not in out.err and out.out == ""


def test_a_stopped_analysis_goes_on_with_the_same_judgements_in_slices():
    session = played_deal("durak", 5)
    save = session.save()
    args = ("durak", save["options"], save["seed"], save["moves"], 0, save["match"])
    whole = list(analysis.analyse(*args, playouts=3))
    slices = list(analysis.analysing(*args, playouts=3))
    assert [j for j in slices if j is not None] == whole
    assert slices.count(None) >= len(whole), "it hands control back while it works"
    stopped = whole[len(whole) // 2]
    rest = [j for j in analysis.analysing(*args, playouts=3, after=stopped.step) if j]
    assert whole[:len(whole) // 2 + 1] + rest == whole


def test_a_judgement_survives_its_json_and_a_damaged_one_is_refused():
    session = played_deal("stump", 2)
    save = session.save()
    j = next(analysis.analyse("stump", save["options"], save["seed"], save["moves"], 0,
                              save["match"], playouts=2))
    back = analysis.Judgement.from_json(json.loads(json.dumps(j.to_json())))
    assert back.step == j.step and back.played == j.played and back.best == j.best
    assert abs(back.chance_played - j.chance_played) < 1e-4
    for bad in ({}, {**j.to_json(), "chance_best": 2}, {**j.to_json(), "step": "x"}, None):
        with pytest.raises(ValueError):
            analysis.Judgement.from_json(bad)


@pytest.mark.parametrize("game", ["durak", "stump", "garbage", "memory", "advantage"])
def test_open_hands_show_every_seat_its_own_cards_and_no_others(game):
    """What a replay shows face up: a seat's own hand as its view has it, and no card that
    is anywhere else on the table (nor one twice)."""
    session = played_deal(game, 7)
    g, state = session.game, session.game.new_game(session.options, 7, session.match)
    for text in session.state.history:
        hands = g.open_hands(state)
        assert len(hands) == state.players
        flat = [c for hand in hands for c in hand]
        assert len(flat) == len(set(flat))
        for seat in range(state.players):
            view = g.view(state, seat)
            if isinstance(view.get("hand"), list) and None not in view["hand"]:
                assert view["hand"] == hands[seat]
        g.apply(state, text)
