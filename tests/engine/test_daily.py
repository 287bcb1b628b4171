"""The daily deal's number: a function of the game and the date alone, the same on every
machine, different from day to day and from game to game; in Garbage and Memory a deal the
hard level wins at least once (kozyr.daily)."""

from datetime import date, timedelta

import pytest

import kozyr
from kozyr import daily
from kozyr.thinking import finish

GAMES = [g["name"] for g in kozyr.catalogue()]
DAY = date(2026, 12, 1)


def test_the_seed_is_a_function_of_the_game_and_the_date():
    assert daily.seed("durak", DAY) == daily.seed("durak", date(2026, 12, 1))
    # written down: a change to how it is derived would give every player other days' deals
    assert daily.candidate("durak", DAY) == 1200016188
    assert daily.seed("durak", DAY) == 1200016188


def test_the_seed_differs_by_day_and_by_game():
    days = [DAY + timedelta(days=i) for i in range(30)]
    for game in GAMES:
        seeds = [daily.candidate(game, d) for d in days]
        assert len(set(seeds)) == len(seeds)
        assert all(1 <= s <= daily.SEEDS for s in seeds)
    for d in days[:3]:
        by_game = [daily.seed(g, d) for g in GAMES]
        assert len(set(by_game)) == len(GAMES)


def test_the_standard_options_and_the_unchecked_games():
    for game in GAMES:
        assert daily.options(game) == kozyr.get(game).check_options({})
        if game not in daily.CHECKED:
            assert daily.seed(game, DAY) == daily.candidate(game, DAY)  # the day's own
    assert set(daily.CHECKED) == {"garbage", "memory"}


@pytest.mark.parametrize("game", daily.CHECKED)
def test_the_checked_games_days_are_won_by_the_hard_level(game):
    """The day's deal is the first candidate the hard level wins at least once in TRIES games;
    the ones before it, it never won."""
    for d in (DAY, DAY + timedelta(days=1)):
        chosen = daily.seed(game, d)
        ks = [k for k in range(daily.CANDIDATES) if daily.candidate(game, d, k) == chosen]
        assert ks, "the day's deal is one of its candidates"
        wins = [finish(daily.hard_wins(game, chosen, chosen * 7 + t))
                for t in range(daily.TRIES)]
        assert any(wins)
        for k in range(ks[0]):
            passed = daily.candidate(game, d, k)
            assert not any(finish(daily.hard_wins(game, passed, passed * 7 + t))
                           for t in range(daily.TRIES))


def test_garbage_passes_over_hopeless_candidates():
    """1 Dec 2026: Garbage's first two candidates are never won by the hard level, the third
    is (a day the check changes)."""
    assert daily.seed("garbage", DAY) == daily.candidate("garbage", DAY, 2)


def test_the_choice_yields_between_steps():
    work = daily.choosing("garbage", DAY)
    steps = 0
    while True:
        try:
            next(work)
            steps += 1
        except StopIteration as done:
            assert done.value == daily.seed("garbage", DAY)
            break
    assert steps > 50  # a page gets the browser back many times meanwhile
    assert finish(daily.choosing("durak", DAY)) == daily.candidate("durak", DAY)


def test_the_days_numbers_are_the_same_everywhere():
    """Deterministic: nothing depends on the run (string hashing, the clock, the machine): these
    numbers are the same on CPython, on Pyodide, in any process, every time."""
    got = [daily.seed(g, date(2026, 12, d)) for g in ("durak", "garbage", "memory")
           for d in (1, 2)]
    assert got == [1200016188, 278054757, 621426271, 983287363, 657719166, 933529622]


def test_days_read_and_the_utc_date():
    assert daily.parse_day("2026-12-01") == DAY
    for bad in ("2026-13-01", "2026-02-30", "20261201", "2026-12-1", " 2026-12-01", "today",
                "", None, "2026-12-01T00:00"):
        assert daily.parse_day(bad) is None
    midnight = 1_796_083_200_000  # 1 Dec 2026, 00:00 UTC, in ms
    assert daily.today(midnight) == DAY
    assert daily.today(midnight - 1) == date(2026, 11, 30)
