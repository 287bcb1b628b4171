"""The hypothesis strategy of the property tests: a random game of one game, as its
adapter (protocol_checks.Adapter) says it may be dealt.

An example is a few seeds: the options (one of the adapter's configs, or of `configs`),
the deal's seed, the seed of the seats' moves and what a previous deal carried over.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

SEEDS = st.integers(0, 2**31 - 1)


@st.composite
def games(draw, adapter, players: int | None = None, configs: list[dict] | None = None):
    """(options, seed, moves_seed, match) for protocol_checks.run_game, with `players`
    seats if given."""
    pool = [c for c in (configs or adapter.configs) if players is None or c["players"] == players]
    assert pool, f"no {adapter.game.name} options for {players} players"
    options = draw(st.sampled_from(pool))
    seed, moves_seed = draw(SEEDS), draw(SEEDS)
    match = adapter.random_match(random.Random(draw(SEEDS)), options)
    return options, seed, moves_seed, match
