"""What is kept of finished deals for the person: a deal's outcome for a seat, and the daily
deals' results in the statistics, which the daily deal's screen (its streaks) and the
statistics (their file, its import) both read.

The record is the statistics' key "daily": {game: {"YYYY-MM-DD": {"outcome", "moves",
"when"}}}: the first finished play of a day's deal (or one left unfinished for a new deal: a
loss), with the deal's moves and when it ended (epoch ms). A day's deal may be played later than
its day (a friend's link), and is recorded then, but a streak counts only the days played on
their own day (UTC).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from kozyr import daily as engine

OUTCOMES = ("won", "lost", "draw")
MAX_MOVES = 99_999


def outcome(result: dict, me: int) -> str:
    """A finished deal's outcome for the person in seat `me`: won, lost or a draw."""
    if result.get("draw"):
        return "draw"
    return "lost" if me in (result.get("losers") or []) else "won"


def today(now: float) -> str:
    """Today's date in UTC, as YYYY-MM-DD."""
    return engine.today(now).isoformat()


def days_before(iso: str, n: int) -> str:
    return (date.fromisoformat(iso) - timedelta(days=n)).isoformat()


def clean_daily(raw: Any) -> dict:
    """The statistics' "daily" as stored: what is not a day's result is left out."""
    if not isinstance(raw, dict):
        return {}
    out = {}
    for game, days in raw.items():
        if not isinstance(game, str) or not isinstance(days, dict):
            continue
        kept = {}
        for day, entry in days.items():
            if engine.parse_day(day) is None or not isinstance(entry, dict):
                continue
            moves, when = entry.get("moves"), entry.get("when")
            if (entry.get("outcome") in OUTCOMES and whole(moves) and moves <= MAX_MOVES
                    and whole(when)):
                kept[day] = {"outcome": entry["outcome"], "moves": moves, "when": when}
        if kept:
            out[game] = dict(sorted(kept.items()))
    return out


def whole(n: Any) -> bool:
    """A count or a time as stored: a whole number, not negative."""
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def entry(stats: dict, game: str, day: str) -> dict | None:
    """The person's result of a game's day, if it was played."""
    return ((stats.get("daily") or {}).get(game) or {}).get(day)


def record(stats: dict, game: str, day: str, outcome: str, moves: int, now: float) -> dict:
    """The statistics with a day's result, if that day has none yet (else the same)."""
    if entry(stats, game, day) is not None or outcome not in OUTCOMES:
        return stats
    days = {**((stats.get("daily") or {}).get(game) or {}),
            day: {"outcome": outcome, "moves": min(moves, MAX_MOVES), "when": int(now)}}
    return {**stats, "daily": {**(stats.get("daily") or {}), game: dict(sorted(days.items()))}}


def on_its_day(day: str, found: dict | None) -> bool:
    return found is not None and today(found["when"]) == day


def streaks(stats: dict, game: str, now: float) -> tuple[int, int]:
    """The days played in a row and the days won in a row, up to today (or, while today is
    not played yet, yesterday)."""
    days = (stats.get("daily") or {}).get(game) or {}
    day = today(now)
    if day not in days:
        day = days_before(day, 1)
    played = won = 0
    winning = True
    while on_its_day(day, days.get(day)):
        played += 1
        winning = winning and days[day]["outcome"] == "won"
        won += winning
        day = days_before(day, 1)
    return played, won


def totals(stats: dict, game: str) -> dict[str, int]:
    """A game's days played and won, and its longest run of days won."""
    days = (stats.get("daily") or {}).get(game) or {}
    best = run = 0
    last = None
    for day in sorted(days):
        won = days[day]["outcome"] == "won" and on_its_day(day, days[day])
        run = run + 1 if won and last == days_before(day, 1) else int(won)
        last = day if won else None
        best = max(best, run)
    return {"played": len(days), "won": sum(e["outcome"] == "won" for e in days.values()),
            "best": best}
