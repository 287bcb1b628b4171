"""Advantage's opponents: no silly moves, the hint, the fast playouts and the hard level's
search (its imagined deals, its quiet engine, its candidates).

The battery pits the normal and hard levels against positions where one move is clearly
right: take the pile that makes the pair that decides the game, take the bigger pile, and
never hand the other seat a pair (by the card given in an exchange, or by a drop it can take
straight back). Positions are built with `arranged` (advantage_setup.py): A (seat 0) is the
non-dealer and acts first in every phase, B (seat 1) deals; piles from the bottom to the top.
"""

import random

import pytest

from advantage_setup import A, B, arranged
from kozyr import ai
from kozyr.advantage import ADVANTAGE
from kozyr.ai import advantage as advantage_ai
from kozyr.ai import advantage_search, search
from kozyr.cards import card
from kozyr.protocol import Move, Reason

LEVELS = ("normal", "hard")
SEEDS = (1, 2)
# B's score pile in the endgame below: eleven pairs, none of the ranks in play
ELEVEN_PAIRS = "4C 4D 4H 4S 6C 6D 6H 6S 7C 7D 7H 7S 9C 9D 9H 9S AC AD AH AS 10C 10D"


def choose(level, state, seed=1):
    return str(ai.make(level, "advantage", seed).choose(ADVANTAGE.view(state, state.to_act)))


def deciding_pair():
    """The stock is out, A has ten pairs and B eleven. Pile 1 holds the 8♠ that pairs A's
    8♦ (a draw); if A takes pile 2 instead, B's 8♣ takes pile 1 and the pair (B wins)."""
    state = arranged(hands={A: "5C 8D", B: "8C QD"}, piles=("8S 2C", "JH 3C", "QH"),
                     phase="exchange", pairs={B: ELEVEN_PAIRS}, rest=A)
    assert state.stock == [] and [len(p) // 2 for p in state.pairs] == [10, 11]
    return state


def bigger_pile():
    """Early on: three cards or one, neither making a pair."""
    return arranged(hands={A: "5C 8D KS", B: "3H 6H"}, piles=("4S 9H 2C", "QH", "3C"),
                    phase="exchange")


def gift_in_exchange():
    """A exchanges for the 10♠ with the 9♣ or the 4♦; the card given starts a new pile, and
    B's open 2♣ would take the 9♣ there to pair his 9♥."""
    return arranged(hands={A: "9C 4D", B: "9H 2C"}, piles=("10S", "KH", "QS"),
                    phase="exchange")


def gift_by_drop():
    """B (the dealer) drops last before the exchange: the 7♠ can only go on the Q♠, where A's
    open 3♠ would take it, pairing A's 7♥; the 4♣ goes where A's red and spade cards cannot
    reach."""
    state = arranged(hands={A: "7H 3S", B: "7S 4C"}, piles=("KC", "QS", "JC"), step=1)
    assert state.to_act == B
    return state


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_takes_the_pile_with_the_pair_that_decides_the_game(level, seed):
    assert choose(level, deciding_pair(), seed) == "exchange 5C on 1"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_takes_the_bigger_pile(level, seed):
    assert choose(level, bigger_pile(), seed) == "exchange 5C on 1"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_give_the_other_seat_a_pair_in_an_exchange(level, seed):
    assert choose(level, gift_in_exchange(), seed) == "exchange 4D on 1"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_does_not_drop_a_card_the_other_seat_takes_for_a_pair(level, seed):
    state = gift_by_drop()
    assert "drop 7S on 2" in map(str, ADVANTAGE.legal_moves(state))
    assert choose(level, state, seed) in ("drop 4C on 1", "drop 4C on 3")


# --- the hint -----------------------------------------------------------------------------------

def test_the_hint_names_the_pair_it_makes():
    move, why = ai.hint(ADVANTAGE.view(deciding_pair(), A))
    assert str(move) == "exchange 5C on 1"
    assert why.message == "pile {pile} makes you a pair ({cards})"
    assert why.params == {"pile": 1, "cards": [card("8S")]}


def test_the_hint_says_why_the_bigger_pile():
    move, why = ai.hint(ADVANTAGE.view(bigger_pile(), A))
    assert str(move) == "exchange 5C on 1" and why.params == {"pile": 1, "count": 3}


def random_positions(count, seed):
    """Positions from random games (both matching rules), the seat to act choosing."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = ADVANTAGE.new_game({"pagat_matching": rng.random() < 0.5}, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 50)):
            if state.to_act is None:
                break
            ADVANTAGE.apply(state, rng.choice(ADVANTAGE.legal_moves(state)))
        if state.to_act is not None:
            found.append(state)
    return found


def test_the_hint_is_the_normal_levels_move_with_a_reason():
    kinds = set()
    for state in random_positions(80, seed=4):
        view = ADVANTAGE.view(state, state.to_act)
        move, why = ai.hint(view)
        assert move in ADVANTAGE.legal_moves(state)
        assert move == ai.make("normal", "advantage", 7).choose(view)
        assert isinstance(why, Reason) and str(why).strip()
        pile = why.params.get("pile")
        if move.kind != "keep" and pile is not None:  # the pile it names is the move's
            assert pile == int(move.target)
        kinds.add(move.kind)
    assert {"drop", "exchange"} <= kinds


# --- fast playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_playouts_choose_legal_moves_and_finish_games(seed):
    rng = random.Random(seed)
    state = ADVANTAGE.new_game({"pagat_matching": seed % 2 == 1}, seed)
    for _ in range(2000):
        if state.to_act is None:
            break
        move = advantage_ai.playout_move(ADVANTAGE, state, rng)
        assert move in ADVANTAGE.legal_moves(state)
        ADVANTAGE.play_legal(state, move)
    assert state.to_act is None


def test_playouts_play_as_the_normal_level_does():
    """The playout policy is the heuristic's twin: the same move from the state itself, which
    it reads only for what the seat may see (the other's drawn cards do not change it)."""
    for state in random_positions(150, seed=9):
        seat = state.to_act
        expected = ai.make("normal", "advantage", 0).choose(ADVANTAGE.view(state, seat))
        assert advantage_ai.playout_move(ADVANTAGE, state, random.Random(0)) == expected
        other = ADVANTAGE.determinize(ADVANTAGE.view(state, seat), random.Random(1))
        assert advantage_ai.playout_move(ADVANTAGE, other, random.Random(0)) == expected


def test_a_pair_in_hand_is_not_counted_as_made_by_the_pile():
    """The reason counts only pairs the pile makes: with 5♣ 5♥ held, a pile with no 5 or 8
    makes none."""
    state = arranged(hands={A: "5C 5H 8C", B: "3H 6H"}, piles=("9D 2C", "QD", "JS"),
                     phase="exchange")
    move, why = ai.hint(ADVANTAGE.view(state, A))
    assert move == Move("exchange", (card("8C"),), "1")  # the pair stays in hand
    assert "makes you" not in str(why)


def test_every_level_says_what_it_does():
    assert set(ADVANTAGE.level_help) == set(ADVANTAGE.ai_levels) == {"easy", "normal", "hard"}
    assert all(text.strip().endswith(".") for text in ADVANTAGE.level_help.values())


# --- the hard level's search --------------------------------------------------------------------

def public(view):
    """A view without its record (an imagined deal has none)."""
    return {k: v for k, v in view.items() if k != "log"}


def test_the_hard_levels_imagined_deals_agree_with_the_view_and_play_as_the_engine():
    """Its deals show the seat just what it sees; its quiet engine (no record, a shallow copy)
    plays them as the engine does, and a copy's play leaves the deal as it was."""
    for state in random_positions(30, seed=12):
        seat = state.to_act
        view = ADVANTAGE.view(state, seat)
        world = advantage_search.QUIET.determinize(view, random.Random(3))
        assert public(advantage_search.QUIET.view(world, seat)) == public(view)
        before = hidden(world)
        loud, quiet = ADVANTAGE.copy(world), advantage_search.QUIET.copy(world)
        rng = random.Random(0)
        while loud.to_act is not None:
            move = advantage_ai.playout_move(ADVANTAGE, loud, rng)
            ADVANTAGE.play_legal(loud, move)
            advantage_search.QUIET.play_legal(quiet, move)
            assert hidden(quiet) == hidden(loud)
        assert ADVANTAGE.result(quiet) == ADVANTAGE.result(loud)
        assert hidden(world) == before


def hidden(state):
    """The state but its generator and record, as text."""
    return repr({k: v for k, v in vars(state).items() if k not in ("rng", "log", "history")})


def test_the_hard_level_tries_the_normal_levels_best_moves_first():
    longest = 0
    for state in random_positions(60, seed=13):
        view = ADVANTAGE.view(state, state.to_act)
        legal = ADVANTAGE.legal_moves(state)
        tried = ai.make("hard", "advantage", 1).candidates(view)
        assert tried[0] == ai.make("normal", "advantage", 1).choose(view)
        assert len(set(tried)) == len(tried) == min(len(legal), search.MAX_CANDIDATES)
        assert set(tried) <= set(legal)
        longest = max(longest, len(legal))
    assert longest > search.MAX_CANDIDATES  # some positions had more moves than are tried


def test_the_hard_level_makes_the_same_move_from_the_same_view_and_seed():
    for state in random_positions(4, seed=14):
        view = ADVANTAGE.view(state, state.to_act)
        first = advantage_search.Hard(random.Random(5)).choose(view)
        assert first in ADVANTAGE.legal_moves(state)
        assert advantage_search.Hard(random.Random(5)).choose(view) == first
