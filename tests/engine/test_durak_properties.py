"""Durak properties over many seeded random games (hypothesis draws the seeds).

For every player count, deck, teams and the transfer options: cards are conserved,
only legal moves are offered and other moves are refused without a trace, games
end, seed + moves replay the game, views leak no hidden card, results add up, the
AI players only ever choose legal moves from their own view, and a determinized view
looks, from that seat, like the real game.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from durak_setup import all_cards, deck_of, secrets
from kozyr import ai
from kozyr.cards import deck
from kozyr.durak import DURAK
from kozyr.protocol import Move
from protocol_checks import (Referee, ViewWatcher, ask_search_player,
                             check_players_choose_legal_moves, check_replay)

MOVE_BOUND = 3000  # random games take a few hundred moves; none may run away


def _configs():
    plain, transfer = [], []
    for size in (24, 36, 52):
        for players in range(2, 7):
            if players * 6 <= size:
                plain.append({"players": players, "deck": size})
                transfer.append({"players": players, "deck": size, "transfer": True})
        plain.append({"players": 4, "deck": size, "teams": True})
    transfer += [
        {"players": 2, "transfer": True, "show_trump_transfer": True},
        {"players": 3, "transfer": True, "show_trump_transfer": True},
        {"players": 4, "transfer": True, "show_trump_transfer": True, "deck": 52},
        {"players": 5, "transfer": True, "show_trump_transfer": True, "deck": 52},
        {"players": 2, "transfer": True, "no_transfer_first_bout": True},
        {"players": 3, "transfer": True, "no_transfer_first_bout": True,
         "show_trump_transfer": True},
        {"players": 6, "transfer": True, "no_transfer_first_bout": True},
        {"players": 4, "teams": True, "transfer": True},
        {"players": 4, "teams": True, "transfer": True, "show_trump_transfer": True},
    ]
    plain += [
        {"players": 2, "first_bout_limit": 6},
        {"players": 3, "first_bout_limit": 6, "attack_the_fool": True},
        {"players": 4, "attack_the_fool": True, "deck": 52},
    ]
    return plain, transfer


PLAIN, TRANSFER = _configs()
ALL = PLAIN + TRANSFER


@st.composite
def games(draw, configs=ALL):
    options = draw(st.sampled_from(configs))
    seed = draw(st.integers(0, 2**31 - 1))
    moves_seed = draw(st.integers(0, 2**31 - 1))
    players = options["players"]
    match = draw(st.one_of(st.none(),
                           st.builds(lambda s: {"fool": s}, st.integers(0, players - 1)),
                           st.builds(lambda s: {"dealer": s}, st.integers(0, players - 1))))
    return options, seed, moves_seed, match


# --- checks ------------------------------------------------------------------------------------

DECK_SETS = {size: frozenset(deck(size)) for size in (24, 36, 52)}


def check_conserved(state):
    table = [c for pair in state.table for c in pair if c is not None]
    every = [c for h in state.hands for c in h] + state.stock + state.discard + table
    size = state.options["deck"]
    if not (len(every) == size and set(every) == DECK_SETS[size]):  # one pack: all distinct
        assert all_cards(state) == deck_of(state), "cards appeared or vanished"
        raise AssertionError("cards appeared or vanished")
    for seat in state.out:
        assert not state.hands[seat], "a player who is out holds cards"
    if state.stock:
        assert state.stock[0] == state.trump, "the trump card is not under the stock"


def check_result(state, whole_team=False):
    """The result fits the final hands.  With teams, `whole_team` also asks that both
    members of the losing team lose (R4.16), even one who went out before the end."""
    result = DURAK.result(state)
    assert result is not None and DURAK.legal_moves(state) == []
    json.dumps(result)
    n = state.players
    holding = [s for s in range(n) if state.hands[s]]
    assert not state.stock and not state.table
    assert sorted(result["out"] + holding) == list(range(n)), "a seat neither out nor holding"
    assert len(set(result["out"])) == len(result["out"])
    if state.options["teams"]:
        teams_left = {s % 2 for s in holding}
        assert len(teams_left) <= 1, "both teams still hold cards"
        if teams_left:
            side = teams_left.pop()
            team = [s for s in range(n) if s % 2 == side]
            assert set(holding) <= set(result["losers"]) <= set(team)
            if whole_team:
                assert sorted(result["losers"]) == team, \
                    f"team {team} lost, but the losers are {result['losers']}"
            assert result["fool"] in result["losers"]
            assert not result["draw"]
        else:
            assert result["draw"] and result["losers"] == [] and result["fool"] is None
    else:
        assert len(holding) <= 1, "two players still hold cards"
        if holding:
            assert result["losers"] == holding and result["fool"] == holding[0]
            assert not result["draw"]
        else:
            assert result["draw"] and result["losers"] == [] and result["fool"] is None
    for seat in range(n):
        lost = seat in result["losers"]
        assert result["places"][seat] == (2 if lost else 1)
        expected = 0.5 if result["draw"] else (0.0 if lost else 1.0)
        assert result["scores"][seat] == expected
    if result["draw"]:
        assert result["next"] == {"dealer": state.dealer}
    else:
        assert result["next"] == {"fool": result["fool"]}
        nxt = DURAK.new_game(state.options, state.seed + 1, result["next"])
        assert nxt.dealer == result["fool"]


class DurakViews(ViewWatcher):
    game = DURAK

    def secrets(self, state, seat, view):
        return secrets(state, seat, view)

    def check_seat(self, state, seat, view):
        for other, known in enumerate(view["known"]):
            held = {str(c) for c in state.hands[other]}
            assert set(known) <= held, "a 'known' card is not in that hand"


ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["attack", "throw", "beat", "take", "pass", "transfer", "show", "dance"]


def random_move(state, rng):
    """A move text that is often near-legal: the actor's cards, the table's cards."""
    hand = [str(c) for c in state.hands[state.to_act]]
    table = [str(c) for pair in state.table for c in pair if c is not None]
    pool = hand * 3 + ALL_CARDS if hand else ALL_CARDS
    kind = rng.choice(KINDS)
    picked = [rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 1, 2, 3)))]
    move = Move.parse(" ".join([kind, *picked]))
    if rng.random() < 0.6 and (table or kind == "beat"):
        target = rng.choice(table + ALL_CARDS[:3]) if table else rng.choice(ALL_CARDS)
        move = Move(move.kind, move.cards, target)
    return move


def run_game(options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1):
    """Play a random game; check after every move; return the final state."""
    state = DURAK.new_game(options, seed, match)
    rng = random.Random(moves_seed)
    check_conserved(state)
    referee = Referee(DURAK, rng, check_conserved, random_move,
                      DurakViews(state.players) if views else None, refuse, offered, determinize)
    steps = 0
    while not DURAK.is_over(state):
        assert steps < MOVE_BOUND, f"the game did not end within {MOVE_BOUND} moves"
        if steps % every == 0:
            referee.check(state)
        moves = DURAK.legal_moves(state)
        assert moves and state.to_act not in state.out
        DURAK.apply(state, rng.choice(moves))
        check_conserved(state)
        steps += 1
    check_result(state)
    referee.check_end(state)
    return state


# --- the properties -------------------------------------------------------------------------------

@settings(max_examples=1200)
@given(games())
def test_random_games_conserve_cards_end_and_add_up(game):
    run_game(*game)


TEAMS = [c for c in ALL if c.get("teams")]


@settings(max_examples=60)
@given(games(TEAMS))
def test_teams_the_whole_losing_team_loses(game):
    state = run_game(*game)
    check_result(state, whole_team=True)


@settings(max_examples=200)
@given(games(TRANSFER))
def test_random_transfer_games(game):
    run_game(*game, offered=1, every=2)


@settings(max_examples=120)
@given(games())
def test_offered_moves_apply_and_others_are_refused(game):
    run_game(*game, refuse=2, offered=2, every=3)


@settings(max_examples=80)
@given(games())
def test_views_leak_nothing_and_are_json(game):
    run_game(*game, views=True, every=2)


@settings(max_examples=80)
@given(games())
def test_determinized_views_look_the_same_from_that_seat(game):
    run_game(*game, determinize=True, every=3)


@settings(max_examples=120)
@given(games())
def test_replay_from_seed_and_moves_reproduces_the_game(game):
    options, seed, moves_seed, match = game
    state = run_game(options, seed, moves_seed, match)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(DURAK, state, options, seed, match, cut)


FAST_STYLES = [style for style in ai.STYLES if style != "search"]  # search: seconds a move


@settings(max_examples=120)
@given(games(), st.lists(st.sampled_from(FAST_STYLES), min_size=6, max_size=6))
def test_ai_players_choose_legal_moves_from_their_view(game, styles):
    options, seed, moves_seed, match = game
    state = DURAK.new_game(options, seed, match)
    players = [ai.make(styles[s], "durak", moves_seed + s) for s in range(state.players)]
    check_players_choose_legal_moves(DURAK, state, players, styles, MOVE_BOUND, check_conserved)
    check_result(state)


@settings(max_examples=60)
@given(games(), st.sampled_from(["easy", "normal"]))
def test_ai_levels_play_whole_games(game, level):
    options, seed, moves_seed, match = game
    state = DURAK.new_game(options, seed, match)
    players = [ai.make(level, "durak", moves_seed + s) for s in range(state.players)]
    while not DURAK.is_over(state):
        assert len(state.history) < MOVE_BOUND
        move = players[state.to_act].choose(DURAK.view(state, state.to_act))
        DURAK.apply(state, move)
    check_result(state)


@settings(max_examples=8)
@given(games())
def test_search_player_chooses_legal_moves(game):
    """The searching player thinks for seconds a move: check it at a few positions of a
    random game, with a small time budget."""
    options, seed, moves_seed, match = game
    state = DURAK.new_game(options, seed, match)
    rng = random.Random(moves_seed)
    player = ai.make("hard", "durak", moves_seed, budget=0.02)
    asked = 0
    while not DURAK.is_over(state) and asked < 4:
        if rng.random() < 0.08:
            ask_search_player(DURAK, state, player)
            asked += 1
        else:
            DURAK.apply(state, rng.choice(DURAK.legal_moves(state)))
