"""Advantage's own properties over many seeded games.

What holds for every game (cards conserved, legal moves only, games end, replay, views,
determinized worlds, the AI levels, saving, matches by name) is checked by test_contract.py,
with Advantage's adapter (advantage_setup.ADAPTER), which also checks that every rally goes
drop, exchange, pairs (non-dealer first), that games end exactly when R0.11/R0.12 say, and
that views hide the stock's order and the other seat's drawn cards. Here: the safeguard.
"""

import random

from advantage_setup import ADAPTER, ADVANTAGE, SAFEGUARD, check_end_rules


def test_the_safeguard_ends_some_random_games():
    """Random play sometimes cycles with the stock out: R0.12 ends those games."""
    ended = 0
    for seed in range(300):
        options = ADAPTER.configs[seed % len(ADAPTER.configs)]
        state, rng = ADVANTAGE.new_game(options, seed), random.Random(seed)
        while not ADVANTAGE.is_over(state):
            ADVANTAGE.apply(state, rng.choice(ADVANTAGE.legal_moves(state)))
        check_end_rules(state)
        ended += state.pairless == SAFEGUARD and state.progress
    assert ended > 0
