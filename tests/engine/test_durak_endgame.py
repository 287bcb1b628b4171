"""The fast exact endgame (two players, no transfer): the same values as the plain minimax of
test_durak_ai.py and as the engine-state `Solver`, for every legal move, and its place in the
AI. Trump is ♦ unless a test says otherwise."""

import random

import pytest

from durak_setup import arrange
from kozyr.ai import durak as durak_ai
from kozyr.ai import durak_advice
from kozyr.ai import durak_endgame as endgame
from kozyr.ai.search import Search
from kozyr.cards import deck
from kozyr.durak import DURAK
from kozyr.protocol import Move
from kozyr.thinking import finish
from test_durak_ai import small_endgame, value_of


def exact(state, seat, nodes=10**9):
    return finish(endgame.values(state, seat, DURAK.legal_moves(state), nodes))


def wander(state, rng, steps):
    """A few random moves in: positions in the middle of a bout too."""
    for _ in range(steps):
        if state.to_act is None:
            break
        DURAK.apply(state, rng.choice(DURAK.legal_moves(state)))
    return state


@pytest.mark.parametrize("seed", range(40))
def test_every_moves_value_is_the_minimaxs(seed):
    rng = random.Random(seed)
    state = wander(small_endgame(rng, size=rng.choice([2, 3]), deck_size=rng.choice([24, 36])),
                   rng, rng.randrange(4))
    if state.to_act is None:
        return
    seat = rng.randrange(2)
    expected = [value_of(state, m, seat) for m in DURAK.legal_moves(state)]
    assert exact(state, seat) == expected


def heuristic_endgame(seed):
    """A deal of two played by the heuristic (now and then a random move) to an empty stock
    and at most 9 cards in the hands."""
    rng = random.Random(seed)
    state = DURAK.new_game({"players": 2, "deck": 24}, seed=seed)
    while state.to_act is not None and (state.stock or sum(map(len, state.hands)) > 9):
        moves = DURAK.legal_moves(state)
        move = durak_ai.pick(state, moves) if rng.random() < 0.85 else rng.choice(moves)
        DURAK.apply(state, move)
    state.history, state.log = [], []
    return wander(state, rng, rng.randrange(3))


@pytest.mark.parametrize("seed", range(10))
def test_every_moves_value_is_the_engine_state_solvers(seed):
    state = heuristic_endgame(seed)
    while state.to_act is None:  # this deal ended on the way: take another
        seed += 1000
        state = heuristic_endgame(seed)
    seat = seed % 2
    moves = DURAK.legal_moves(state)
    solver = durak_ai.Solver(seat, 10**9, None)
    expected = [finish(solver.value(solver.child(state, m), 0.0, 1.0)) for m in moves]
    assert exact(state, seat) == expected


def test_beating_follows_the_engine():
    for trump in "CDHS":
        state = arrange(hands={0: "7C", 1: "8C"}, stock="", trump="6" + trump, deck=52)
        bit = endgame.numbering(trump)
        for attack in deck(52):
            beaters = endgame.BEATERS[bit[attack]]
            assert [c for c in deck(52) if beaters >> bit[c] & 1] == \
                [c for c in deck(52) if DURAK.beats(state, c, attack)]


def test_cheap_cards_have_the_low_bits():
    bit = endgame.numbering("D")
    order = sorted(deck(36), key=bit.get)
    values = [durak_advice.card_value(c, "D") for c in order]
    assert values == sorted(values)


def test_going_out_together_is_a_draw_and_alone_a_win():
    together = arrange(hands={0: "7C", 1: "8C"}, stock="", attacker=0)
    DURAK.apply(together, Move.parse("attack 7C"))
    assert exact(together, 1) == [0.5, 0.0]  # beat it and both are out; take it and lose
    alone = arrange(hands={0: "7C", 1: "8C 9C"}, stock="", attacker=0)
    assert exact(alone, 0) == [1.0]


def test_solve_plays_one_of_the_views_own_moves():
    for seed in range(6):
        state = small_endgame(random.Random(seed), size=4, deck_size=36)
        view = DURAK.view(state, state.to_act)
        assert endgame.fits(view)
        move = finish(durak_ai.solve(view))
        assert move in [Move.parse(m["text"]) for m in view["legal"]]
        values = dict(zip(map(str, DURAK.legal_moves(state)), exact(state, state.to_act)))
        assert values[str(move)] == max(values.values())


def test_the_transfer_variant_keeps_the_engine_state_solver():
    state = arrange(hands={0: "7C 8C", 1: "9C 10C"}, stock="", attacker=0, transfer=True)
    view = DURAK.view(state, 0)
    assert durak_ai.solvable(view) and not endgame.fits(view)
    assert finish(durak_ai.solve(view)) is not None


def test_it_yields_while_it_searches_and_gives_up_past_its_limit():
    state = small_endgame(random.Random(5), size=6, deck_size=36)
    view = DURAK.view(state, state.to_act)
    thinking, steps = durak_ai.solve(view, nodes=10**6), 0
    while True:
        try:
            next(thinking)
            steps += 1
        except StopIteration as done:
            assert done.value is not None
            break
    assert steps > 0
    assert finish(durak_ai.solve(view, nodes=10)) is None


def test_exact_values_uses_it():
    state = small_endgame(random.Random(3), size=3)
    seat, moves = state.to_act, DURAK.legal_moves(state)
    assert durak_ai.exact_values(DURAK, state, seat, moves) == \
        [value_of(state, m, seat) for m in moves]


# --- where the hard level's playouts end ------------------------------------------------------

def test_a_playout_ends_with_the_endgames_exact_value():
    checked = 0
    for seed in range(8):
        state = heuristic_endgame(seed)
        if state.to_act is None:  # this deal ended on the way
            continue
        checked += 1
        seat = seed % 2
        ending = endgame.Finish(10**6)
        assert ending.fits(state)
        best = max if state.to_act == seat else min  # the other seat plays against it
        assert ending.value(state, seat) == best(exact(state, seat))
    assert checked >= 4
    big = small_endgame(random.Random(5), size=6, deck_size=36)
    assert endgame.Finish(10).value(big, 0) is None  # too big for 10 positions
    assert endgame.Finish(10**6).value(big, 0) is not None


def test_it_takes_only_an_empty_stock_with_two_players():
    ending = endgame.Finish(10**6)
    assert not ending.fits(arrange(hands={0: "7C", 1: "8C"}, stock="9C", attacker=0))
    assert not ending.fits(arrange(hands={0: "7C", 1: "8C"}, stock="", attacker=0,
                                   transfer=True))
    assert ending.fits(arrange(hands={0: "7C", 1: "8C"}, stock="", attacker=0))


class Counting:
    """A Finish that keeps what the search asked of it and what it answered."""

    def __init__(self, nodes):
        self.inner, self.answers = endgame.Finish(nodes), []

    def fits(self, state):
        return self.inner.fits(state)

    def value(self, state, seat):
        self.answers.append(self.inner.value(state, seat))
        return self.answers[-1]


@pytest.mark.parametrize("nodes", [10**6, 1])
def test_the_search_asks_once_a_playout_and_plays_on_when_it_is_too_big(nodes):
    state = DURAK.new_game({"players": 2, "deck": 36}, seed=4)
    while state.to_act is not None and len(state.stock) > 2:
        DURAK.apply(state, durak_ai.pick(state, DURAK.legal_moves(state)))
    seat, moves = state.to_act, DURAK.legal_moves(state)
    plain = Search(DURAK, durak_ai.DurakHeuristic, random.Random(1),
                   playout=durak_ai.playout_move)
    search = Search(DURAK, durak_ai.DurakHeuristic, random.Random(1),
                    playout=durak_ai.playout_move)
    search.exact = Counting(nodes)
    for move in moves:
        asked = len(search.exact.answers)
        value = search.play_out(state, move, seat, random.Random(2))
        assert len(search.exact.answers) == asked + 1  # once, found or not
        answer = search.exact.answers[-1]
        if answer is None:  # too big: played out to the end as without it
            assert value == plain.play_out(state, move, seat, random.Random(2))
        else:
            assert value == answer
    assert (None in search.exact.answers) == (nodes == 1)
