"""The daily deal at the page, as data: each game's deal of the day (kozyr.daily), the address
that opens a day (daily=) or shows someone's result (result=), and the link that shares a
result without its cards. Its record in the statistics and the streaks are kept with the other
results (play/results.py): the statistics read them too. A day played again is practice.

In Garbage and Memory choosing the day's deal takes a search (kozyr.daily): the shell runs it
a slice at a time (`choose_in_slices`, after the effect `ChooseDaily`), and the page keeps the
day's number once chosen (DAILY_SEEDS_KEY).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable
from urllib.parse import urlencode

from kozyr import daily as engine

from ..i18n import NP_, _, n_, p_
from ..messages import Failed
from ..play.results import entry, today, whole
from ..setup.options import FALSE_WORDS, TRUE_WORDS, defaults
from ..storage import read_json
from .messages import ChooseDaily, CopyDaily, DailyChosen, OpenDaily, ShareDaily

DAILY_SEEDS_KEY = "kozyr.daily-seeds"  # each game's chosen deal numbers, by day
KEEP_SEEDS = 8  # days of chosen numbers kept per game (the latest)
RESULT = re.compile(r"(won|lost|draw)-(\d{1,5})")
SLICE = 0.04  # seconds the choice works before the browser gets the page back
SLICE_STEPS = 5000  # ... and at most this many of its steps
# what a daily deal cannot be asked for with: it is the standard game, for one person
NOT_WITH = ("seed", "match", "setup", "people", "guests", "partners", "names")


# --- messages ------------------------------------------------------------------------------


def _pair(arg: str | None) -> tuple[str, str]:
    game, _sep, day = (arg or "").partition(" ")
    return game, day or "today"


# what a click on data-act="…" means (data-arg: "GAME DAY")
CLICKS: dict[str, Callable[[Any], object]] = {
    "daily": lambda c: OpenDaily(*_pair(c.arg)),
    "daily-share": lambda c: ShareDaily(*_pair(c.arg), c.base),
    "daily-copy": lambda c: CopyDaily(),
}


@dataclass(frozen=True)
class Daily:
    """The page's daily deals: the one being chosen, the numbers chosen so far (game -> {day:
    number}), a result someone shared (game, day, outcome, moves) and the person's result
    being shared (game, day, the page's address), with whether it was copied."""

    choosing: tuple[str, str] | None = None
    seeds: dict[str, dict[str, int]] = field(default_factory=dict)
    shared: tuple[str, str, str, int] | None = None
    share: tuple[str, str, str] | None = None
    copied: bool = False


# --- days ----------------------------------------------------------------------------------

def the_day(text: str, now: float) -> tuple[str | None, str]:
    """The day an address or a button names ("today" or YYYY-MM-DD), and "" — or None and
    why not, in words (a malformed date, a day still to come)."""
    if text.strip().lower() == "today":
        return today(now), ""
    day = engine.parse_day(text.strip())
    if day is None:
        # TRANSLATORS: a bad daily= in the address; keep YYYY-MM-DD and today as they are;
        # {text} is what it says (quoted)
        return None, _("Daily deal: a date as YYYY-MM-DD, or today, not {text}",
                       text=repr(text))
    if day.isoformat() > today(now):
        # TRANSLATORS: daily= in the address names a day still to come; {day} is that date
        # (YYYY-MM-DD), {today} today's (in UTC)
        return None, _("Daily deal: {day} has not come yet (today is {today}, UTC)",
                       day=day.isoformat(), today=today(now))
    return day.isoformat(), ""


WEEKDAYS = (NP_("weekday", "Mon"), NP_("weekday", "Tue"), NP_("weekday", "Wed"),
            NP_("weekday", "Thu"), NP_("weekday", "Fri"), NP_("weekday", "Sat"),
            NP_("weekday", "Sun"))
MONTHS = (NP_("month", "Jan"), NP_("month", "Feb"), NP_("month", "Mar"), NP_("month", "Apr"),
          NP_("month", "May"), NP_("month", "Jun"), NP_("month", "Jul"), NP_("month", "Aug"),
          NP_("month", "Sep"), NP_("month", "Oct"), NP_("month", "Nov"), NP_("month", "Dec"))


def day_words(iso: str) -> str:
    """A day as the page writes it: "Tue 1 Dec 2026"."""
    d = date.fromisoformat(iso)
    # TRANSLATORS: a day's date, as the daily deal shows it ("Tue 1 Dec 2026"): {weekday} and
    # {month} are short names, {day} the day of the month, {year} the year
    return _("{weekday} {day} {month} {year}", weekday=p_("weekday", WEEKDAYS[d.weekday()]),
             day=d.day, month=p_("month", MONTHS[d.month - 1]), year=d.year)


# --- the address ---------------------------------------------------------------------------

def from_address(query: dict[str, str], game: dict, values: dict, seated: dict,
                 problems: list[str]) -> dict[str, Any]:
    """daily= and result= read against what else the address asks (Intent's fields): a daily
    deal is the game's standard options at the normal level, for one person; what
    contradicts it goes to `problems`."""
    if "daily" not in query:
        if "result" in query:
            # TRANSLATORS: result= in the address without daily=; keep both as they are
            problems.append(_("Result: only with daily= (a shared daily deal's result)"))
        return {}
    out: dict[str, Any] = {"daily": query["daily"]}
    standard = defaults(game)
    named = [k for k in NOT_WITH if k in query and not (k == "people" and query[k] == "1"
                                                        or k == "guests" and query[k] == "0")]
    named += [k for k, v in values.items() if v != standard.get(k)]
    level = seated.get("level") or "normal"
    if level != engine.LEVEL or seated.get("levels"):
        named.append("level")
    if "partners" in named and query["partners"].lower() in FALSE_WORDS - TRUE_WORDS:
        named.remove("partners")
    if named:
        # TRANSLATORS: daily= in the address with options it cannot have; {names} lists them
        # as the address writes them (seed, players, level, ...)
        problems.append(_("Daily deal: the day's deal is the standard game against the normal "
                          "level, without {names}", names=_(", ").join(dict.fromkeys(named))))
    if "result" in query:
        found = RESULT.fullmatch(query["result"].strip().lower())
        if found is None:
            # TRANSLATORS: a bad result= in the address; keep won-57 as it is; {text} is what
            # it says (quoted)
            problems.append(_("Result: won, lost or draw and the moves, as won-57, not {text}",
                              text=repr(query["result"])))
        else:
            out["result"] = (found[1], int(found[2]))
    return out


def share_text(model) -> str:
    """The words and link of the result being shared (the model's `daily.share`)."""
    game, day, base = model.daily.share
    found = entry(model.stats, game, day)
    title = model.game_info(game)["title"]  # (a name the catalogue has from the engine)
    words = share_words(p_("game", title), day, found["outcome"], found["moves"])
    return f"{words} {base}{share_query(game, day, found)}"


def share_query(game: str, day: str, found: dict) -> str:
    """The address that shows a day's result (won or lost, its moves): never its deal's
    number, nor a card."""
    return "?" + urlencode([("game", game), ("daily", day),
                            ("result", f"{found['outcome']}-{found['moves']}")])


def someone_words(game: str, day: str, outcome: str, moves: int) -> str:
    """A result someone shared, in words (`game`: the game's title, worded)."""
    day = day_words(day)
    if outcome == "won":
        # TRANSLATORS: a shared daily deal's result; {game} is the game's title, {day} the
        # date ("Tue 1 Dec 2026"), {n} the deal's moves
        return n_("Someone won the {game} deal of {day} in {n} move.",
                  "Someone won the {game} deal of {day} in {n} moves.", moves, game=game,
                  day=day)
    if outcome == "draw":
        # TRANSLATORS: a shared daily deal's result (a draw); as above
        return n_("Someone drew the {game} deal of {day} in {n} move.",
                  "Someone drew the {game} deal of {day} in {n} moves.", moves, game=game,
                  day=day)
    # TRANSLATORS: a shared daily deal's result (a loss); as above
    return n_("Someone lost the {game} deal of {day} after {n} move.",
              "Someone lost the {game} deal of {day} after {n} moves.", moves, game=game,
              day=day)


def my_words(outcome: str, moves: int) -> str:
    """The person's own result of a day, in words ("You won it in 48 moves.")."""
    if outcome == "won":
        # TRANSLATORS: the person's result of a daily deal; {n} is the deal's moves
        return n_("You won it in {n} move.", "You won it in {n} moves.", moves)
    if outcome == "draw":
        # TRANSLATORS: the person's result of a daily deal (a draw)
        return n_("You drew it in {n} move.", "You drew it in {n} moves.", moves)
    # TRANSLATORS: the person's result of a daily deal (a loss)
    return n_("You lost it after {n} move.", "You lost it after {n} moves.", moves)


def share_words(game: str, day: str, outcome: str, moves: int) -> str:
    """What the person shares: their result of a day, no card of it (`game`: its title)."""
    day = day_words(day)
    if outcome == "won":
        # TRANSLATORS: the text the person shares with their daily deal's link; {game} is the
        # game's title, {day} the date, {n} the deal's moves; kozyr is the product's name
        return n_("I won the {game} deal of {day} on kozyr in {n} move. Your turn:",
                  "I won the {game} deal of {day} on kozyr in {n} moves. Your turn:", moves,
                  game=game, day=day)
    if outcome == "draw":
        # TRANSLATORS: as above, a draw
        return n_("I drew the {game} deal of {day} on kozyr in {n} move. Your turn:",
                  "I drew the {game} deal of {day} on kozyr in {n} moves. Your turn:", moves,
                  game=game, day=day)
    # TRANSLATORS: as above, a loss
    return n_("I lost the {game} deal of {day} on kozyr after {n} move. Can you win it?",
              "I lost the {game} deal of {day} on kozyr after {n} moves. Can you win it?",
              moves, game=game, day=day)


# --- the chosen numbers ----------------------------------------------------------------------

def read_seeds(text: str | None) -> dict[str, dict[str, int]]:
    data = read_json(text)
    if not isinstance(data, dict):
        return {}
    return {game: {d: s for d, s in days.items() if engine.parse_day(d) is not None
                   and whole(s) and 1 <= s <= engine.SEEDS}
            for game, days in data.items() if isinstance(game, str) and isinstance(days, dict)}


def keep_seed(seeds: dict, game: str, day: str, seed: int) -> dict:
    days = dict(sorted({**seeds.get(game, {}), day: seed}.items())[-KEEP_SEEDS:])
    return {**seeds, game: days}


def known_seed(daily: Daily, game: str, day: str) -> int | None:
    """The day's number when it needs no search, or was chosen already."""
    if not engine.checked(game):
        return engine.candidate(game, date.fromisoformat(day))
    return daily.seeds.get(game, {}).get(day)


def dumps_seeds(seeds: dict) -> str:
    return json.dumps(seeds, separators=(",", ":"), sort_keys=True)


async def choose_for(shell, effect: ChooseDaily) -> None:
    """The shell's part: the day's deal chosen while the page still waits for it, then sent
    as DailyChosen (a failure is reported once, and the wait ends)."""
    key = (effect.game, effect.day)
    try:
        await choose_in_slices(effect, lambda: shell.model.daily.choosing == key,
                               lambda seed: shell.dispatch(DailyChosen(*key, seed)))
    except Exception as exc:
        shell.dispatch(Failed(f"{type(exc).__name__}: {exc}"))
        shell.dispatch(DailyChosen(*key, 0))


async def choose_in_slices(effect: ChooseDaily, current: Callable[[], bool],
                           report: Callable[[int], None]) -> None:
    """Choose the day's deal SLICE seconds at a time, the browser given back in between,
    while `current()` says it is still wanted; `report` gets its number."""
    work = engine.choosing(effect.game, date.fromisoformat(effect.day))
    while current():
        stop = time.perf_counter() + SLICE
        for _step in range(SLICE_STEPS):  # (bounded too: a clock that stands still ends it)
            if time.perf_counter() >= stop:
                break
            try:
                next(work)
            except StopIteration as done:
                report(done.value)
                return
        await asyncio.sleep(0)
