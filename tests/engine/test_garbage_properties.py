"""Garbage's own properties over many seeded hands and whole matches (hypothesis draws the
seeds).

What holds for every game (cards conserved, legal moves only, hands end, replay, views,
determinized worlds, the AI players, saving, matches by name) is checked by
test_contract.py, with Garbage's adapter (garbage_setup.ADAPTER). Here: hands whose stock
runs out again and again, and whole matches carried hand to hand until a champion.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from garbage_setup import ADAPTER, GARBAGE, HAND_LIMIT, LAYOUT, Mover, check_conserved, \
    check_result
from protocol_checks import run_game
from strategies import games


def hands_bound(players: int) -> int:
    """Every hand shrinks someone's layout; a seat wins at most 9 hands before its last."""
    return players * (LAYOUT - 1) + 1


@settings(max_examples=100)
@given(games(ADAPTER), st.integers(1, 4))
def test_the_stock_is_made_anew_from_the_discard_but_its_top(game, stock_left):
    """Hands that run out of stock again and again: the checks of views, refusals and
    determinized worlds hold there too, and each new stock is the old discard but its top
    (the adapter checks each new stock)."""

    def leave_stock(state):  # all of the stock but `stock_left` cards goes under the discard
        state.discard = state.stock[:-stock_left] + state.discard
        state.stock = state.stock[-stock_left:]

    state = run_game(ADAPTER, *game, views=True, refuse=2, determinize=True, every=2,
                     prepare=leave_stock)
    assert state.history


@settings(max_examples=200)
@given(games(ADAPTER))
def test_whole_matches_end_with_a_champion(game):
    """Hand after hand, carried by result["next"], until a one-card layout is filled."""
    options, seed, moves_seed, _ = game
    n = options["players"]
    match, hands, sizes = None, 0, [LAYOUT] * n
    mover = None
    while True:
        assert hands < hands_bound(n), f"the match did not end within {hands_bound(n)} hands"
        state = GARBAGE.new_game(options, seed + 7919 * hands, match)
        assert state.sizes == sizes
        mover = mover or Mover(state, moves_seed)
        steps = 0
        while not GARBAGE.is_over(state):  # cards are checked move by move in the hand tests
            assert steps < HAND_LIMIT, f"hand {hands + 1} did not end within {HAND_LIMIT} moves"
            GARBAGE.apply(state, mover(state))
            steps += 1
        check_conserved(state)
        result = check_result(state, match)
        hands += 1
        assert sum(result["sizes"]) == sum(sizes) - len(result["winners"])
        if result["match_over"]:
            champion = result["champion"]
            assert sizes[champion] == 1 and champion in result["winners"]
            assert result["scores"] == [float(s == champion) for s in range(n)]
            break
        assert min(result["sizes"]) >= 1
        match, sizes = result["next"], result["sizes"]
        assert match["hand"] == hands + 1
    assert hands >= LAYOUT
