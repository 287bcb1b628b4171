"""Garbage's opponents: no silly moves, the hint, and the fast playouts.

The battery pits the normal and hard levels against positions where one move is clearly
right: take the discard when it places (a wild too, or a card for a position a wild holds),
and draw when it does not (a dead rank, a position already filled, a number above the
layout's size). Positions are built with `arrange` (garbage_setup.py): "+" for a face-up card,
"?" for a face-down card nobody cares about; the discard from the bottom to the top.
"""

import random

import pytest

from garbage_setup import arrange
from kozyr import ai
from kozyr.ai import garbage as garbage_ai
from kozyr.cards import card
from kozyr.garbage import GARBAGE
from kozyr.protocol import Move, Reason

A, B = 0, 1
LEVELS = ("normal", "hard")
SEEDS = (1, 2)


def layout(n=10, **at):
    """A layout text of n positions: `at` maps "p3" to the word at position 3, else "?"."""
    words = ["?"] * n
    for key, word in at.items():
        words[int(key[1:]) - 1] = word
    return " ".join(words)


def choose(level, state, seed=1):
    return str(ai.make(level, "garbage", seed).choose(GARBAGE.view(state, state.to_act)))


def mid_hand(n=10, **at):
    """Seat A's layout a few turns in: the ace, 2 and 9 face up, the rest as `at` says."""
    return layout(n, **{"p1": "+AS", "p2": "+2H", "p9": "+9C", **at})


# --- no silly moves -----------------------------------------------------------------------------

TAKES = {
    "a card for a face-down position": ({A: mid_hand()}, "KD 7C", "take 7C"),
    "a card for the position a wild holds": ({A: mid_hand(p4="+JH")}, "QS 4S", "take 4S"),
    "a wild": ({A: mid_hand()}, "5D JC", "take JC"),
}
DRAWS = {
    "a dead rank": ({A: mid_hand()}, "5D QS"),
    "a card whose position is already filled": ({A: mid_hand(p5="+5D")}, "8H 5C"),
    "a number above the layout's size": ({A: layout(6, p1="+AD")}, "3H 8H"),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", sorted(TAKES))
def test_takes_the_discard_when_it_places(level, seed, case):
    layouts, discard, right = TAKES[case]
    state = arrange(layouts, discard=discard, to_act=A)
    assert choose(level, state, seed) == right


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", sorted(DRAWS))
def test_draws_rather_than_take_a_card_that_will_not_place(level, seed, case):
    layouts, discard = DRAWS[case]
    state = arrange(layouts, discard=discard, to_act=A)
    assert choose(level, state, seed) == "draw"


def test_the_normal_level_puts_a_wild_where_its_card_cannot_come():
    """Every 8 is in sight (one on B's layout, three in the discard): only a wild can fill A's
    8, so the wild goes there rather than on the 3 or the 6."""
    state = arrange({A: mid_hand(p3="?", p6="?", p8="?", **{f"p{p}": "+" + r + "D" for p, r in
                                                          ((4, "4"), (5, "5"), (7, "7"),
                                                           (10, "10"))}),
                     B: layout(p8="+8C")}, discard="8H 8S 8D", holding="JD", to_act=A)
    assert GARBAGE.legal_moves(state) == [Move("place", (card("JD"),), p) for p in "368"]
    for seed in SEEDS:
        assert choose("normal", state, seed) == "place JD on 8"



def test_a_wild_leaves_the_same_positions_open_wherever_it_goes():
    """Why no fair player can place a wild better (the module's docstring): the positions
    still open to their own card (face down or under a wild) and the number face down do not
    depend on the spot. Here every face-down card is dead, so each spot ends the turn."""
    state = arrange({A: mid_hand(p3="QC", p6="KH", p8="QD")}, discard="5D", holding="JD",
                    to_act=A)
    outcomes = set()
    for move in GARBAGE.legal_moves(state):
        after = GARBAGE.copy(state)
        GARBAGE.apply(after, move)
        row, ups = after.layouts[A], after.up[A]
        open_ = {p for p, (c, up) in enumerate(zip(row, ups)) if not up or c.rank == "J"}
        outcomes.add((frozenset(open_), ups.count(False)))
    assert len(GARBAGE.legal_moves(state)) == 7 and len(outcomes) == 1

# --- the hint -----------------------------------------------------------------------------------

def test_the_hint_names_the_card_that_places():
    state = arrange({A: mid_hand()}, discard="KD 7C", to_act=A)
    move, why = ai.hint(GARBAGE.view(state, A))
    assert str(move) == "take 7C"
    assert why.message == "{card} places on your layout at once" and why.params == {
        "card": card("7C")}


def test_the_hint_says_why_it_draws():
    state = arrange({A: mid_hand(p5="+5D")}, discard="8H 5C", to_act=A)
    move, why = ai.hint(GARBAGE.view(state, A))
    assert str(move) == "draw" and why.params == {"card": card("5C")}
    assert str(why) == "5♣ does not place on your layout: draw instead"


def random_positions(count, seed):
    """Positions from random hands (2–4 players, every option), the seat to act choosing."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        options = {"players": rng.choice((2, 2, 3, 4)), "wild": rng.choice(("jacks", "kings")),
                   "last_turn": rng.random() < 0.3, "starter_discard": rng.random() < 0.5,
                   "discard_only_if_playable": rng.random() < 0.3}
        state = GARBAGE.new_game(options, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 60)):
            if state.to_act is None:
                break
            GARBAGE.apply(state, rng.choice(GARBAGE.legal_moves(state)))
        if state.to_act is not None:
            found.append(state)
    return found


def test_the_hint_is_the_normal_levels_move_with_a_reason():
    kinds = set()
    for state in random_positions(60, seed=4):
        view = GARBAGE.view(state, state.to_act)
        move, why = ai.hint(view)
        assert move in GARBAGE.legal_moves(state)
        assert move == ai.make("normal", "garbage", 7).choose(view)
        assert isinstance(why, Reason) and str(why).strip()
        if move.kind in ("take", "place"):  # it names the card it is about
            assert card(view["discard"][-1] if move.kind == "take" else view["holding"]) in \
                move.cards
        kinds.add(move.kind)
    assert kinds == {"draw", "take", "place"}


# --- fast playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_playouts_choose_legal_moves_and_finish_hands(seed):
    rng = random.Random(seed)
    state = GARBAGE.new_game({"players": 2 + seed % 3, "wild": ("jacks", "kings")[seed % 2],
                              "last_turn": seed % 3 == 0}, seed)
    for _ in range(3000):
        if state.to_act is None:
            break
        move = garbage_ai.playout_move(GARBAGE, state, rng)
        assert move in GARBAGE.legal_moves(state)
        GARBAGE.play_legal(state, move)
    assert state.to_act is None


def test_playouts_play_as_the_normal_level_does():
    """The playout policy is the heuristic's twin: the same move from the state itself."""
    for state in random_positions(150, seed=9):
        expected = ai.make("normal", "garbage", 0).choose(GARBAGE.view(state, state.to_act))
        assert garbage_ai.playout_move(GARBAGE, state, random.Random(0)) == expected


def test_every_level_says_what_it_does_and_hard_does_not_promise_more():
    assert set(GARBAGE.level_help) == set(GARBAGE.ai_levels) == {"easy", "normal", "hard"}
    assert "about as well as Normal" in GARBAGE.level_help["hard"]  # measured: even with it
