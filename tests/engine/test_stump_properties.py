"""Stump's own properties over many seeded games (hypothesis draws the seeds).

What holds for every game (cards conserved, legal moves only, games end, replay, views,
determinized worlds, the AI players, saving, matches by name) is checked by
test_contract.py, with Stump's adapter (stump_setup.ADAPTER), whose seats mix random moves
into lowest-card and heuristic play. Here: purely random games, which pass cards round the
pile for a long time, still end within the engine's safeguard of 3,000 moves.
"""

import random

from hypothesis import given, settings

from protocol_checks import run_game
from strategies import games
from stump_setup import ADAPTER, STUMP


@settings(max_examples=10)
@given(games(ADAPTER))
def test_purely_random_games_end_within_the_safeguard(game):
    options, seed, moves_seed, match = game
    rng = random.Random(moves_seed + 1)
    run_game(ADAPTER, options, seed, moves_seed, match, every=50,
             choose=lambda state: rng.choice(STUMP.legal_moves(state)))
