"""Every game's levels: the same seed gives the same moves, a level never reads what its seat
cannot see, the hint is the normal level's move with a reason, and the arena report is made.

Win rates are not asserted here (they are the arena's business, docs/ai-strength.md): these
tests check what must hold in every single decision.
"""

from __future__ import annotations

import json
import random

import pytest

import kozyr
from kozyr import ai, arena
from kozyr.__main__ import main
from kozyr.protocol import Move, Reason

GAMES = sorted(kozyr.GAMES)


def positions(name: str, count: int, seed: int = 11):
    """`count` positions from random games of `name` (2 players), each a few moves in, where
    the seat to act has a choice."""
    game, rng, found = kozyr.get(name), random.Random(seed), []
    while len(found) < count:
        state = game.new_game({"players": 2}, rng.randrange(10**6))
        for _ in range(rng.randrange(2, 30)):
            if game.is_over(state):
                break
            game.apply(state, rng.choice(game.legal_moves(state)))
        if not game.is_over(state) and len(game.legal_moves(state)) > 1:
            found.append(state)
    return found


def levels(name: str) -> list[str]:
    return list(kozyr.get(name).ai_levels)


@pytest.mark.parametrize("name", GAMES)
def test_a_level_with_the_same_seed_makes_the_same_moves(name):
    game = kozyr.get(name)
    for level in levels(name):
        for state in positions(name, 2):
            view = game.view(state, state.to_act)
            first = ai.make(level, name, 5).choose(view)
            again = ai.make(level, name, 5).choose(json.loads(json.dumps(view)))
            assert first == again, f"{level} chose {first}, then {again}"


@pytest.mark.parametrize("name", GAMES)
def test_a_level_never_reads_the_cards_its_seat_cannot_see(name):
    """Deal the cards this seat has not seen anew: the seat's view is the same, and so is every
    level's move, although the other hands (and the stock) are different."""
    game, dealt = kozyr.get(name), []
    for level in levels(name):
        for state in positions(name, 2, seed=23):
            seat = state.to_act
            view = game.view(state, seat)
            other = game.determinize(view, random.Random(99))
            other.log = list(state.log)  # the public record: a world is dealt without one
            dealt.append(hidden(other) != hidden(state))
            assert json.dumps(game.view(other, seat), sort_keys=True) == \
                json.dumps(view, sort_keys=True)
            assert ai.make(level, name, 8).choose(game.view(other, seat)) == \
                ai.make(level, name, 8).choose(view)
    assert any(dealt), "every world was dealt as the real one: nothing was hidden"


def hidden(state) -> str:
    """The whole state but the generator and the record, as text."""
    return repr({k: v for k, v in vars(state).items()
                 if k not in ("rng", "log", "history", "seed")})


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_the_normal_levels_move_and_says_why(name):
    game = kozyr.get(name)
    for state in positions(name, 4, seed=31):
        view = game.view(state, state.to_act)
        move, why = ai.hint(view)
        assert move in [Move.parse(m["text"]) for m in view["legal"]]
        assert move == ai.make("normal", name, 0).choose(view)
        assert isinstance(why, Reason) and str(why).strip(), f"{move}: no reason"


def test_no_hint_for_a_seat_that_is_not_to_act():
    game = kozyr.get("durak")
    state = game.new_game({"players": 2}, 3)
    with pytest.raises(kozyr.KozyrError):
        ai.hint(game.view(state, 1 - state.to_act))


def test_the_arena_plays_every_game_and_writes_its_report(tmp_path):
    out = tmp_path / "strength.md"
    assert main(["arena", "--scale", "0.0001", "--game", "memory", "--out", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    memory = [b for b in arena.plan() if b.game == "memory"]
    assert report.count("\n| 2 | standard |") == len(memory)
    for level in levels("memory"):
        assert f"| {level} |" in report
    # one quick bout of every other game, through the same code
    bouts = [arena.Bout(name, (levels(name)[0], "random"), 2) for name in GAMES]
    results = list(arena.run(bouts))
    text = arena.markdown(results, {"durak": (2.0, 1.0)}, 1.0, 7)
    for name in GAMES:
        assert f"## {kozyr.get(name).title}\n\nMeasured on 20" in text
    assert "| Durak | 2 | 1 | 2.0 |" in text


def test_every_game_with_a_searching_hard_level_has_fast_playouts():
    for name in arena.searching_games():
        assert hasattr(ai.MODULES[name], "playout_move"), name
