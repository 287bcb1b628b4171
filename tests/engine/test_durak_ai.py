"""Durak's opponents: the exact endgame, the fast playouts, and no silly moves.

The endgame solver is checked against a plain minimax written here (no transposition table,
no pruning, no move ordering) on small endgames; the battery pits the normal and hard levels
against positions where one move is clearly right. Trump is ♦ unless a test says otherwise.
"""

import random

import pytest

from durak_setup import arrange
from kozyr import ai
from kozyr.ai import durak as durak_ai
from kozyr.ai import durak_advice
from kozyr.cards import deck
from kozyr.durak import DURAK
from kozyr.protocol import Move, Reason
from kozyr.thinking import finish

LEVELS = ("normal", "hard")
FULL = 12  # cards in the stock: early in the deal


def choose(level, state, seed=1):
    return str(ai.make(level, "durak", seed).choose(DURAK.view(state, state.to_act)))


# --- the exact endgame ----------------------------------------------------------------------

def minimax(state, seat, path=frozenset()):
    """The deal's value for `seat` with best play by both, the slow and obvious way."""
    if state.to_act is None:
        return DURAK.result(state)["scores"][seat]
    key = repr((state.hands, state.table, state.to_act, state.attacker, state.taking,
                state.poll))
    if key in path:
        return 0.5  # the solver counts a line that comes round again as a draw
    values = []
    for move in DURAK.legal_moves(state):
        child = DURAK.copy(state)
        DURAK.apply(child, move)
        values.append(minimax(child, seat, path | {key}))
    return max(values) if state.to_act == seat else min(values)


def small_endgame(rng, size=3, deck_size=24):
    """Two hands of `size` random cards, the stock empty, a random seat leading."""
    cards = rng.sample(deck(deck_size), 2 * size)
    hands = {0: " ".join(map(str, cards[:size])), 1: " ".join(map(str, cards[size:]))}
    return arrange(hands=hands, stock="", trump=rng.choice(["6D", "6S", "6H", "6C"]),
                   attacker=rng.randrange(2), deck=deck_size)


def value_of(state, move, seat):
    child = DURAK.copy(state)
    DURAK.apply(child, move)
    return minimax(child, seat)


@pytest.mark.parametrize("seed", range(12))
def test_the_solver_finds_a_move_of_the_best_value(seed):
    state = small_endgame(random.Random(seed))
    seat = state.to_act
    best = minimax(state, seat)
    move = finish(durak_ai.solve(DURAK.view(state, seat)))
    assert move is not None, "a position this small is solved"
    assert value_of(state, move, seat) == best


def won_endgames(count, size=3):
    """Small endgames where the seat to act wins with some moves and not with others."""
    rng, found = random.Random(2026), []
    while len(found) < count:
        state = small_endgame(rng, size)
        seat = state.to_act
        values = {str(m): value_of(state, m, seat) for m in DURAK.legal_moves(state)}
        if max(values.values()) == 1.0 and min(values.values()) < 1.0:
            found.append((state, values))
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_a_won_endgame_is_never_thrown_away(level):
    for state, values in won_endgames(6):
        move = choose(level, state)
        assert values[move] == 1.0, f"{move} lets a won deal go (winning: " \
            f"{[m for m, v in values.items() if v == 1.0]})"


def test_the_hard_level_wins_a_won_endgame_against_best_defence():
    for state, _ in won_endgames(3):
        seat = state.to_act
        hard = ai.make("hard", "durak", 3)
        while state.to_act is not None:
            actor = state.to_act
            view = DURAK.view(state, actor)
            if actor == seat:
                move = hard.choose(view)
            else:  # the other side plays perfectly too
                move = finish(durak_ai.solve(view))
            DURAK.apply(state, move)
        assert DURAK.result(state)["scores"][seat] == 1.0


def test_the_solver_gives_up_on_positions_too_big_for_its_limit():
    state = small_endgame(random.Random(5), size=6, deck_size=36)
    assert finish(durak_ai.solve(DURAK.view(state, state.to_act), nodes=10)) is None


def test_the_solver_only_answers_when_every_card_is_known():
    with_stock = arrange(hands={0: "7C 8C", 1: "9C 10C"}, stock=4, attacker=0)
    assert finish(durak_ai.solve(DURAK.view(with_stock, 0))) is None
    three_left = arrange(hands={0: "7C", 1: "9C", 2: "JC"}, stock="", attacker=0)
    assert finish(durak_ai.solve(DURAK.view(three_left, 0))) is None


# --- fast playouts ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(20))
def test_playouts_choose_legal_moves_and_finish_deals(seed):
    rng = random.Random(seed)
    state = DURAK.new_game({"players": 2 + seed % 3, "transfer": seed % 2 == 0,
                            "show_trump_transfer": seed % 4 == 0}, seed)
    for _ in range(3000):
        if state.to_act is None:
            break
        move = durak_ai.playout_move(DURAK, state, rng)
        assert move in DURAK.legal_moves(state)
        DURAK.play_legal(state, move)
    assert state.to_act is None


# --- no silly moves ---------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", (1, 2))
def test_beats_with_a_plain_card_rather_than_the_trump_of_the_same_rank(level, seed):
    state = arrange(hands={0: "9S 10C JC QC KC AC", 1: "10S 10D 8H 9H KH AH"}, stock=FULL,
                    attacker=0)
    DURAK.apply(state, "attack 9S")
    assert choose(level, state, seed) == "beat 10S on 9S"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", (1, 2))
def test_beats_with_its_lowest_trump_not_its_ace(level, seed):
    state = arrange(hands={0: "6C 8H 9H 10S JS QS", 1: "AD 7D 8S 9S 10H JH"}, stock=FULL,
                    attacker=0)
    DURAK.apply(state, "attack 6C")
    assert choose(level, state, seed) in ("beat 7D on 6C", "take")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", (1, 2))
def test_does_not_lead_a_trump_early(level, seed):
    state = arrange(hands={0: "6C 7S 9H AD KD QD", 1: "8C 9C 10C JC QC KC"}, stock=FULL,
                    attacker=0)
    move = choose(level, state, seed)
    assert move.startswith("attack") and "D" not in move.split()[1], move


# --- the heuristic's rules (one policy for views and playouts) --------------------------------

DEEP = durak_advice.DEEP + 4  # cards in the stock: deep enough to keep trumps
NEARLY_OUT = durak_advice.THROW_TRUMPS


def heuristic(state):
    """The view-reading heuristic's move, checked against the playout policy's on the state."""
    move = durak_ai.DurakHeuristic(random.Random(0)).choose(DURAK.view(state, state.to_act))
    assert move == durak_ai.pick(state, DURAK.legal_moves(state))
    return str(move)


@pytest.mark.parametrize("stock, expected", [(DEEP, "take"), (NEARLY_OUT, "beat 7D on 9C")])
def test_keeps_its_trumps_while_the_stock_is_deep(stock, expected):
    state = arrange(hands={0: "9C 8H 9H 10S JS QS", 1: "7D 6S 8S 10H JH AH"}, stock=stock,
                    attacker=0)
    DURAK.apply(state, "attack 9C")
    assert heuristic(state) == expected


@pytest.mark.parametrize("stock, expected", [(DEEP, "throw 7H"), (NEARLY_OUT, "throw 7H")])
def test_throws_in_a_plain_card_before_a_trump(stock, expected):
    state = arrange(hands={0: "7S 7H 7D JS QS KS", 1: "8S 6C 8C 9C 10H JH"}, stock=stock,
                    attacker=0)
    DURAK.apply(state, "attack 7S")
    DURAK.apply(state, "beat 8S on 7S")
    assert heuristic(state) == expected


def test_throws_in_a_trump_only_once_the_stock_is_nearly_out():
    hands = {0: "7S 7D JS QS KS AS", 1: "8S 6C 8C 9C 10H JH"}
    for stock, expected in ((DEEP, "pass"), (NEARLY_OUT, "throw 7D")):
        state = arrange(hands=hands, stock=stock, attacker=0)
        DURAK.apply(state, "attack 7S")
        DURAK.apply(state, "beat 8S on 7S")
        assert heuristic(state) == expected


@pytest.mark.parametrize("lead, expected", [("7S", "throw 7H"), ("QS", "pass")])
def test_gives_a_taker_small_cards_but_not_a_queen(lead, expected):
    state = arrange(hands={0: "7S 7H QS QH JS 9D", 1: "6C 8C 9C 10H JH KC"}, stock=DEEP,
                    attacker=0)
    DURAK.apply(state, f"attack {lead}")
    DURAK.apply(state, "take")
    assert heuristic(state) == expected
    _, why = ai.hint(DURAK.view(state, state.to_act))
    assert ("taker" in why.message) == (expected == "pass"), why.message


@pytest.mark.parametrize("seed", range(6))
def test_hard_plays_the_heuristic_until_late_in_the_deal(seed):
    """Early in the deal the search would only add noise: hard is normal there."""
    state = DURAK.new_game({"players": 2}, seed)
    guide = random.Random(seed)
    while state.to_act is not None and len(state.stock) > durak_ai.LATE:
        view = DURAK.view(state, state.to_act)
        move = ai.make("hard", "durak", seed).choose(view)
        assert move == durak_ai.DurakHeuristic(random.Random(0)).choose(view)
        DURAK.apply(state, guide.choice(DURAK.legal_moves(state)))


# --- the hint ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_the_hint_is_the_normal_levels_move_with_a_reason(seed):
    state = DURAK.new_game({"players": 2}, seed)
    guide = random.Random(seed)
    for _ in range(guide.randrange(0, 40)):
        if state.to_act is None:
            break
        DURAK.apply(state, guide.choice(DURAK.legal_moves(state)))
    if state.to_act is None:
        return
    view = DURAK.view(state, state.to_act)
    move, why = ai.hint(view)
    assert move in [Move.parse(m["text"]) for m in view["legal"]]
    assert move == ai.make("normal", "durak", 0).choose(view)
    assert isinstance(why, Reason) and str(why)


# --- tables of three and four -------------------------------------------------------------------

def crowded_positions(players, count, seed):
    """Positions from random games of `players`, a few moves in, where the seat to act has a
    choice and more than two players are left."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = DURAK.new_game({"players": players}, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 40)):
            if state.to_act is None:
                break
            DURAK.apply(state, rng.choice(DURAK.legal_moves(state)))
        if state.to_act is not None and len(DURAK.legal_moves(state)) > 1 \
                and players - len(state.out) > 2:
            found.append(state)
    return found


@pytest.mark.parametrize("players", (3, 4))
def test_hard_searches_from_the_first_bout_at_a_table_of_three_or_four(players):
    state = DURAK.new_game({"players": players}, 3)
    while len(DURAK.legal_moves(state)) == 1:
        DURAK.apply(state, DURAK.legal_moves(state)[0])
    hard = ai.make("hard", "durak", 1)
    hard.choose(DURAK.view(state, state.to_act))
    assert hard.search.playouts > 0
    normal = ai.make("normal", "durak", 1)
    normal.choose(DURAK.view(state, state.to_act))
    assert normal.search is None


@pytest.mark.parametrize("players", (3, 4))
def test_the_imagined_deals_at_a_crowded_table_agree_with_the_seats_view(players):
    """Each imagined deal gives every card this seat knows to be in a hand (picked up, shown)
    to that hand, the unseen ones anywhere else, and looks the same from the seat: and the
    hard level's move is the same in a world dealt anew, so it never read the hidden cards."""
    for state in crowded_positions(players, 3, seed=players):
        seat = state.to_act
        view = DURAK.view(state, seat)
        for n in range(4):
            world = DURAK.determinize(view, random.Random(n))
            world.log = list(state.log)
            assert DURAK.view(world, seat) == view
            for s, known in enumerate(view["known"]):
                if s != seat:
                    assert {str(c) for c in world.hands[s]} >= set(known)
            assert sorted(map(str, world.hands[seat])) == sorted(view["hand"])
        other = DURAK.determinize(view, random.Random(99))
        other.log = list(state.log)
        assert ai.make("hard", "durak", 8).choose(DURAK.view(other, seat)) == \
            ai.make("hard", "durak", 8).choose(view)


def test_three_normal_players_who_pass_the_same_cards_round_still_finish():
    """Seed 59 at three: the heuristic alone passes the same pairs from hand to hand for ever,
    each taking what it cannot beat, with cards in the stock and nobody drawing; once the
    cards have gone round for ROUND bouts, a move off the policy's path breaks the circle."""
    game = DURAK
    state = game.new_game({"players": 3}, 59)
    players = [ai.make("normal", "durak", seed=59 + i) for i in range(3)]
    went_round = 0
    for _ in range(3000):
        if state.to_act is None:
            break
        view = game.view(state, state.to_act)
        went_round += durak_ai.going_round(view)
        game.apply(state, str(players[state.to_act].choose(view)))
    assert state.to_act is None, "the table went round for ever"
    assert went_round, "this deal's cards did go round (else the test checks nothing)"
