"""The daily deal: one deal a day for each game, the same for every player anywhere, with no
server: its number comes from the game's name and the date (UTC) alone.

    >>> from datetime import date
    >>> seed("durak", date(2026, 12, 1)) == seed("durak", date(2026, 12, 1))
    True

A day's deal is dealt with the game's standard options (the engine's defaults), the person in
seat 0 against the normal level. Its number is `candidate(game, day, 0)`: the first 8 bytes of
SHA-256 of "kozyr daily", the game's name and the ISO date, as a deal number from 1 to
2**31 - 1 (the range of a new shuffle's number).

In Garbage and Memory a deal can be hopeless (the cards decide before anyone chooses), so the
day's deal there is the first of the day's candidates k = 0, 1, 2, … whose deal the engine's
hard level, in seat 0 against the normal level, wins at least once in TRIES games (each with
its own seed for the hard level). The check is deterministic on every machine: the hard level
searches a fixed number of imagined deals (DEALS) with no time budget, the opponents are the
normal level with the very seeds a table gives them. In Garbage a deal is the match's first
hand (won when you fill your layout in it); the match goes on from there as any other.

`choosing(game, day)` is the choice as a generator that yields between steps (a page runs it a
slice at a time, as it runs an opponent's thinking); `seed(game, day)` runs it to its end.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from datetime import date, datetime, timezone
from typing import Any, Generator

from . import ai, registry
from .ai.search import Search

SALT = "kozyr daily"
LEVEL = "normal"  # the opponents' level
HUMAN = 0  # the person's seat
SEEDS = 2**31 - 1  # a day's deal number is one of 1 … SEEDS
CHECKED = ("garbage", "memory")  # the games whose day is never hopeless (see above)
TRIES = 3  # games the hard level plays on a candidate deal before it is passed over
DEALS = 8  # imagined deals per decision of the hard level's search, for the check
CANDIDATES = 40  # candidates looked at, at most (none won: the first is the day's)
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")

Choosing = Generator[None, None, int]


def today(now_ms: float) -> date:
    """The date in UTC at `now_ms` (milliseconds since the epoch, as a page's clock)."""
    return datetime.fromtimestamp(now_ms / 1000, timezone.utc).date()


def parse_day(text: str) -> date | None:
    """A day written as the address writes it, YYYY-MM-DD; None for anything else."""
    if not isinstance(text, str) or not ISO_DAY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def options(game: str) -> dict[str, Any]:
    """The game's standard options: the engine's defaults, in full."""
    return registry.get(game).check_options({})


def candidate(game: str, day: date, k: int = 0) -> int:
    """The day's k-th candidate deal number for a game (k = 0: the day's own)."""
    text = f"{SALT}\n{game}\n{day.isoformat()}" + (f"\n{k}" if k else "")
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % SEEDS


def checked(game: str) -> bool:
    """The game's day is chosen among candidates the hard level can win (see above)."""
    return game in CHECKED


def choosing(game: str, day: date, tries: int = TRIES, deals: int = DEALS) -> Choosing:
    """The day's deal number, as a generator that yields between steps of the choice."""
    if not checked(game):
        return candidate(game, day)
    for k in range(CANDIDATES):
        seed = candidate(game, day, k)
        for t in range(tries):
            won = yield from hard_wins(game, seed, seed * 7 + t, deals)
            if won:
                return seed
    return candidate(game, day)


@functools.lru_cache(maxsize=64)
def seed(game: str, day: date) -> int:
    """The day's deal number for a game (its choice run to the end; kept once made)."""
    work = choosing(game, day)
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def hard_player(game: str, ai_seed: int, deals: int = DEALS) -> Any:
    """The hard level as the check plays it: its search with a fixed number of deals, no time
    budget (a game whose levels are its own, as Memory's, is its hard level as it is)."""
    module = ai.MODULES[game]
    if game in ai.OWN_LEVELS or hasattr(module, "Hard"):
        return ai.make("hard", game, ai_seed)
    return Search(registry.get(game), ai.HEURISTICS[game], random.Random(ai_seed), deals=deals,
                  budget=None, playout=getattr(module, "playout_move", None))


def hard_wins(game: str, seed: int, ai_seed: int, deals: int = DEALS) -> Generator[None, None, bool]:
    """Whether the hard level in the person's seat wins the deal `seed` (Garbage: its first
    hand) against the normal level, seated as a table seats them; yields between moves and
    while the search thinks."""
    rules = registry.get(game)
    state = rules.new_game(options(game), seed)
    players = {s: ai.make(LEVEL, game, seed * 31 + s) for s in range(state.players)}
    players[HUMAN] = hard_player(game, ai_seed, deals)
    while not rules.is_over(state):
        seat = state.to_act
        view = rules.view(state, seat)
        player = players[seat]
        move = (yield from player.think(view)) if hasattr(player, "think") else player.choose(view)
        rules.apply(state, move)
        yield
    result = rules.result(state) or {}
    return not result.get("draw") and HUMAN not in (result.get("losers") or [])
