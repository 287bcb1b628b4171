"""Memory's own properties over many seeded games (hypothesis draws the seeds).

What holds for every game (cards conserved, legal moves only, games end, replay, views,
determinized worlds, the AI players of every level, saving, matches by name) is checked by
test_contract.py, with Memory's adapter (memory_setup.ADAPTER), which also holds the log to
cards turned face up and `recall` to each seat's pile. Here: games near the call limit, and
the hard level, which remembers everything.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ai
from kozyr.cards import card
from memory_setup import ADAPTER, CALL_LIMIT, MEMORY, check_result
from protocol_checks import check_players_choose_legal_moves, run_game
from strategies import games


@settings(max_examples=300)
@given(games(ADAPTER), st.integers(1, 40))
def test_games_near_the_call_limit_stop_there_and_the_fewest_cards_win(game, calls_left):
    """Games among these players end long before the safeguard, so it is reached by starting
    as if all but `calls_left` calls had been made."""

    def near_the_limit(state):
        state.calls = CALL_LIMIT - calls_left

    state = run_game(ADAPTER, *game, refuse=1, every=4, prepare=near_the_limit)
    if all(state.piles):  # nobody emptied his pile: the safeguard stopped the game
        assert state.calls == CALL_LIMIT and state.log[-1]["event"] == "limit"
    else:
        assert state.log[-1]["event"] == "win"


@settings(max_examples=20)
@given(games(ADAPTER))
def test_a_player_who_remembers_all_calls_wrong_only_when_no_call_can_be_right(game):
    """A whole table of the opponents' calling with a memory without limits (the levels keep
    what a person could: a few cards of each look)."""
    options, seed, moves_seed, match = game
    state = MEMORY.new_game(options, seed, match)
    players = [ai.make("hard", "memory", moves_seed + s) for s in range(state.players)]
    for player in players:
        player.look = player.taken = 10**6
    check_players_choose_legal_moves(MEMORY, state, players, ["hard"] * state.players,
                                     CALL_LIMIT + 1, ADAPTER.check_conserved)
    check_result(state, match)
    for e in state.log:
        if e["event"] == "call" and not e["right"]:
            old, new = card(e["over"]), card(e["cards"][0])
            assert not any(MEMORY.right(call, old, new) for call in MEMORY.calls_allowed(state))
