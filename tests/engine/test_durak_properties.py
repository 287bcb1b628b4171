"""Durak's own properties over many seeded random games (hypothesis draws the seeds).

What holds for every game (cards conserved, legal moves only, games end, replay, views,
determinized worlds, the AI players, saving) is checked by test_contract.py, with Durak's
adapter (durak_setup.ADAPTER). Here: the teams variant and the transfer variants.
"""

from hypothesis import given, settings

from durak_setup import ADAPTER, TEAMS, TRANSFER, check_result
from protocol_checks import run_game
from strategies import games


@settings(max_examples=60)
@given(games(ADAPTER, configs=TEAMS))
def test_teams_the_whole_losing_team_loses(game):
    state = run_game(ADAPTER, *game)
    check_result(state, whole_team=True)


@settings(max_examples=200)
@given(games(ADAPTER, configs=TRANSFER))
def test_random_transfer_games(game):
    run_game(ADAPTER, *game, offered=1, every=2)
