"""Stump's opponents: the fast playouts, no silly moves, and the hint.

The battery pits the normal and hard levels against positions where one move is clearly
right (the hard level's search only on a few: it takes a fifth of a second a move). Positions
are built with `arrange` (stump_setup.py); trump is ♠ unless a test says otherwise.
"""

import random

import pytest

from kozyr import ai
from kozyr.ai import stump as stump_ai
from kozyr.cards import card
from kozyr.protocol import Move, Reason
from kozyr.stump import STUMP
from protocol_checks import configs_of
from stump_setup import arrange

A, B = range(2)
LEVELS = ("normal", "hard")
SEEDS = (1, 2)


def choose(level, state, seed=1):
    return str(ai.make(level, "stump", seed).choose(STUMP.view(state, state.to_act)))


# --- fast playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("config", range(0, 24, 3))
def test_playouts_choose_legal_moves_and_finish_games(config):
    options = configs_of(STUMP)[config % len(configs_of(STUMP))]
    rng = random.Random(config)
    state = STUMP.new_game(options, config)
    while state.to_act is not None:
        move = stump_ai.playout_move(STUMP, state, rng)
        assert move in STUMP.legal_moves(state)
        STUMP.play_legal(state, move)
    assert STUMP.result(state) is not None and state.moves_made < 3000


def test_playouts_decide_as_the_heuristic_does_from_the_view():
    """The playout policy is the heuristic's twin on the imagined state: the same move in
    every position of these games (seats that sometimes play at random, options mixed)."""
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        options = {"players": 2 + seed % 4, "voluntary_take": seed % 3 == 0,
                   "take_table": "ace eleven" if seed % 5 == 0 else "classic"}
        state = STUMP.new_game(options, seed)
        heuristic = stump_ai.StumpHeuristic(random.Random(seed))
        while state.to_act is not None:
            fast = stump_ai.playout_move(STUMP, state, rng)
            assert fast == heuristic.choose(STUMP.view(state, state.to_act)), state.history
            compared += 1
            moves = STUMP.legal_moves(state)
            STUMP.play_legal(state, fast if rng.random() < 0.8 else rng.choice(moves))
    assert compared > 2000


def test_playouts_read_only_what_the_actor_could_know():
    """Deal the cards the seat to act has not seen anew: the playout move is the same."""
    for seed in range(30):
        state = STUMP.new_game({"players": 2}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(20, 120)):
            if state.to_act is None:
                break
            STUMP.play_legal(state, rng.choice(STUMP.legal_moves(state)))
        if state.to_act is None:
            continue
        world = STUMP.determinize(STUMP.view(state, state.to_act), random.Random(seed))
        assert stump_ai.playout_move(STUMP, world, rng) == \
            stump_ai.playout_move(STUMP, state, rng)


# --- no silly moves: beating ------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_beats_with_a_plain_card_rather_than_a_low_trump(level):
    state = arrange({A: "KH 6S 7C 8D", B: "6C 7D JD 9D"}, pile="9H", trump="QS", rest="stock")
    for seed in SEEDS:
        assert choose(level, state, seed) == "beat KH"


@pytest.mark.parametrize("level", LEVELS)
def test_beats_a_plain_card_with_the_lowest_trump_that_does(level):
    state = arrange({A: "AS 7S 8C 9D", B: "6C 7D 8D 9C"}, pile="QH", rest="stock")
    for seed in SEEDS:
        assert choose(level, state, seed) == "beat 7S"


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_beats_with_the_cheapest_of_several_plain_cards(seed):
    state = arrange({A: "JH AH QH 10H 7S", B: "6C 7D 8D 9C"}, pile="9H", rest="stock")
    assert choose("normal", state, seed) == "beat JH"


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_with_voluntary_take_takes_two_cards_rather_than_spend_a_trump_early(seed):
    state = arrange({A: "7S 8C 9D 6H", B: "6C 7D 8D 9C"}, pile="KC JH", rest="stock",
                    voluntary_take=True)
    assert choose("normal", state, seed) == "take"
    late = arrange({A: "7S 8C 9D 6H", B: "6C 7D 8D 9C"}, pile="KC JH", stock=3, rest=B,
                   voluntary_take=True)
    assert choose("normal", late, seed) == "beat 7S", "near the end a trump is there to be used"


# --- no silly moves: leading ------------------------------------------------------------------

@pytest.mark.parametrize("seed", (1, 2, 3))
def test_leads_its_least_useful_card_and_keeps_trumps_and_aces(seed):
    state = arrange({A: "AH 10C 8D KS", B: "7H 8H JC QD"}, pile="9C 7C", leading=True,
                    rest="stock")
    assert choose("normal", state, seed) == "lead 8D"


def last_card_position(known):
    """Stock empty, stumps used: B's last card is the QH. A lead that B beats puts him out and
    makes A the stump; 9C and AS he cannot beat."""
    return arrange({A: "7H 9C AS", B: "QH"}, pile="6C 8C", stock="", trump="6S",
                   known={B: "QH"} if known else None, stumps={A: None, B: None},
                   rest="pile", leading=True)


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_let_the_last_opponent_go_out_with_a_card_he_was_seen_to_take(level):
    state = last_card_position(known=True)
    for seed in SEEDS:
        move = choose(level, state, seed)
        assert move in ("lead 9C", "lead AS"), move
    if level == "normal":
        assert choose(level, state) == "lead 9C", "the cheaper of the two"


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_let_the_last_opponent_go_out_when_his_card_is_unseen(level):
    """B's card is unknown to A, but every card A has not seen (only the QH) beats the 7H and
    none beats the 9C."""
    state = last_card_position(known=False)
    assert STUMP.view(state, A)["known"][B] == []
    for seed in SEEDS:
        assert choose(level, state, seed) in ("lead 9C", "lead AS")


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_against_two_last_cards_leads_what_neither_beats(seed):
    """B holds 10D and JC, both seen: the 7D and 8C are beaten, the QH is not."""
    state = arrange({A: "7D 8C QH AS", B: "10D JC"}, pile="6H 9H", stock="", trump="6S",
                    known={B: "10D JC"}, stumps={A: None, B: None}, rest="pile", leading=True)
    assert choose("normal", state, seed) == "lead QH"


# --- the hint ---------------------------------------------------------------------------------

def test_the_hint_is_the_normal_levels_move_with_a_reason():
    rng = random.Random(4)
    for seed in range(60):
        options = {"players": rng.choice((2, 3, 4)), "voluntary_take": rng.random() < 0.5}
        state = STUMP.new_game(options, seed)
        for _ in range(rng.randrange(0, 150)):
            if state.to_act is None:
                break
            STUMP.apply(state, rng.choice(STUMP.legal_moves(state)))
        if state.to_act is None:
            continue
        view = STUMP.view(state, state.to_act)
        move, why = ai.hint(view)
        assert move in [Move.parse(m["text"]) for m in view["legal"]]
        assert move == ai.make("normal", "stump", 0).choose(view)
        assert isinstance(why, Reason) and str(why).strip()
        assert all(c in why.params.values() for c in move.cards), \
            f"{why!r} does not name the card of {move}"


@pytest.mark.parametrize("state, move, text", [
    (arrange({A: "KH 6S 7C 8D", B: "6C 7D JD 9D"}, pile="9H", trump="QS", rest="stock"),
     "beat KH", "K♥ is the cheapest card that beats 9♥"),
    (arrange({A: "AH 8C", B: "6C 7D"}, pile="9H 7H 10H", rest="stock"),
     "beat AH", "A♥ is the only card that beats 10♥"),
    (arrange({A: "7H 8C", B: "6C 7D"}, pile="6D 9D KD 10H", rest="stock"),
     "take", "nothing in your hand beats 10♥: take the whole pile and lead"),
    (arrange({A: "7H 8C", B: "6C 7D"}, pile="6D 9D KD JD QH", rest="stock"),
     "take", "nothing in your hand beats Q♥: take 3 cards"),
    (arrange({A: "7S 8C 9D 6H", B: "6C 7D 8D 9C"}, pile="KC JH", rest="stock",
             voluntary_take=True),
     "take", "taking 2 cards costs less than a trump this early"),
    (arrange({A: "AH 10C 8D KS", B: "7H 8H JC QD"}, pile="9C 7C", leading=True, rest="stock"),
     "lead 8D", "8♦ is your least useful card: keep the higher cards and the trumps for beating"),
    (last_card_position(known=True),
     "lead 9C", "the next player is about to go out and cannot beat 9♣"),
])
def test_the_hint_says_why_this_move(state, move, text):
    hinted, why = ai.hint(STUMP.view(state, state.to_act))
    assert (str(hinted), str(why)) == (move, text)


def test_the_hint_when_few_unseen_cards_beat_the_lead():
    """A's own stump is unseen to him too: a king of clubs there could beat the 9C."""
    state = arrange({A: "7H 9C AS", B: "QH"}, pile="6C 8C", stock="", trump="6S",
                    stumps={A: "KC 6D", B: None}, rest="pile", leading=True)
    move, why = ai.hint(STUMP.view(state, A))
    assert move == Move("lead", (card("AS"),))  # the only card nothing unseen beats
    assert str(why) == "the next player is about to go out and cannot beat A♠"
    state = arrange({A: "7H 9C", B: "QH"}, pile="6C 8C AS", stock="", trump="6S",
                    stumps={A: "KC 6D", B: None}, rest="pile", leading=True)
    move, why = ai.hint(STUMP.view(state, A))
    assert str(why).startswith("few unseen cards beat ") and why.params["card"] in move.cards
