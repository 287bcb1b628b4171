"""The page's address: the query string read into what it asks for, and what is wrong with it.

Pure parsing, no page: e.g. ``?game=durak&players=3&deck=24&level=easy``
  game=NAME       start that game directly (with `setup=1`: open its options form instead)
  <option>=VALUE  any option of the game: choices by value, flags as 1/0
  level=LEVEL     the opponents' level (one the game offers)
  seed=N          deal a given shuffle: the deal's number (repeatable games)
  match=JSON      what the deal carries over from the one before it (who deals, Garbage's
                  layout sizes): with seed=, the very deal a "Copy link" copied
  speed=slow|normal|fast|instant|MS   pause before each opponent move (0 = no pause)
  four=1          four-colour suits
  lang=ru         the page's language for this visit (en, ru, fr, fi, ro; see `language`)
  <setting>=VALUE a setting of the game's table (its `settings`), e.g. look=10 in Memory
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from .i18n import _, p_
from .opponents import SPEEDS
from .options import FALSE_WORDS, ParamError, parse_value, sentence

RESERVED = {"game", "level", "seed", "speed", "four", "setup", "lang", "match"}
PAGE_WIDE = {"speed", "four", "lang"}  # parameters that need no game


@dataclass(frozen=True)
class Intent:
    """What an address asks for. `game` is set only for a game that exists."""

    decides: bool = False  # the address chooses the screen (else: as the page would open)
    game: str | None = None
    values: dict[str, Any] = field(default_factory=dict)  # the game's options named
    settings: dict[str, Any] = field(default_factory=dict)  # its table's settings named
    level: str | None = None
    seed: int | None = None
    match: dict[str, Any] | None = None  # carried over from the deal before (see match=)
    speed_ms: int | None = None
    four: bool | None = None
    setup: bool = False  # open the options form instead of dealing
    problems: tuple[str, ...] = ()  # each bad parameter, in words
    notice: str = ""  # the address names no game, or one that does not exist


def language(search: str) -> str | None:
    """The language lang= asks for (lower case, as written), or None."""
    for key, value in parse_qsl(search.lstrip("?"), keep_blank_values=True):
        if key.strip().lower() == "lang":
            return value.strip().lower()
    return None


def parse(search: str, games: dict[str, dict], table_settings: dict[str, tuple]) -> Intent:
    """Read `search` (``?a=1&b=2``) against the games' catalogue entries and table settings."""
    pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)
    if not pairs:
        return Intent()
    query = {k.strip().lower(): v.strip() for k, v in pairs}
    problems: list[str] = []
    speed_ms = _speed(query, problems)
    four = (query["four"].lower() not in FALSE_WORDS) if "four" in query else None
    common = dict(speed_ms=speed_ms, four=four)
    name = query.get("game", "").lower()
    if not name:
        if set(query) - PAGE_WIDE:
            # TRANSLATORS: {games} lists the games' names as the address writes them (durak,
            # stump, ...); keep "game=…" as it is
            notice = _("The address names options but no game; add game=… (one of {games}).",
                       games=_(", ").join(games))
            return Intent(**common, decides=True, notice=notice)
        return Intent(**common, problems=tuple(problems),
                      notice=" ".join(sentence(p) for p in problems))
    game = games.get(name)
    if game is None:
        # TRANSLATORS: {name} is the name the address gives (quoted)
        notice = _("There is no game called {name} here; choose one below.",
                   name=repr(query["game"]))
        return Intent(**common, decides=True, notice=notice)
    values, settings = _options(query, game, table_settings.get(name, ()), problems)
    level = None
    if "level" in query:
        levels = game.get("ai_levels") or ["normal"]
        if query["level"].lower() in levels:
            level = query["level"].lower()
        else:
            # TRANSLATORS: a bad level= in the address; {levels} are the levels as the address
            # writes them (easy, normal, hard), {text} what it says (quoted)
            problems.append(_("Opponents: choose one of {levels}, not {text}",
                              levels=_(", ").join(levels), text=repr(query["level"])))
    seed = None
    if "seed" in query:
        try:
            seed = int(query["seed"])
        except ValueError:
            # TRANSLATORS: a bad seed= in the address; {text} is what it says (quoted)
            problems.append(_("Seed: a whole number, not {text}", text=repr(query["seed"])))
    match = None
    if "match" in query:
        try:
            match = json.loads(query["match"])
        except ValueError:
            match = None
        if not isinstance(match, dict):
            match = None
            # TRANSLATORS: a bad match= in the address (what a deal carries over from the one
            # before it); {text} is what it says (quoted)
            problems.append(_("Match: not a deal's carry-over, {text}", text=repr(query["match"])))
    return Intent(**common, decides=True, game=name, values=values, settings=settings, level=level,
                  seed=seed, match=match, setup="setup" in query, problems=tuple(problems))


def link(game: str, options: dict, level: str, seed: int, match: dict | None) -> str:
    """The query that deals this very deal in any browser (the options in full: a link means
    the same game for everyone)."""
    params = [("game", game)]
    params += [(k, ("1" if v else "0") if isinstance(v, bool) else str(v))
               for k, v in options.items()]
    params += [("level", level), ("seed", str(seed))]
    if match:
        params.append(("match", json.dumps(match, separators=(",", ":"), sort_keys=True)))
    return "?" + urlencode(params)


def _speed(query: dict, problems: list[str]) -> int | None:
    if "speed" not in query:
        return None
    text = query["speed"].lower()
    if text in SPEEDS:
        return SPEEDS[text]
    try:
        return max(0, min(10000, int(float(text))))
    except ValueError:
        # TRANSLATORS: a bad speed= in the address: keep slow, normal, fast and instant as they
        # are (the address takes them in English); {text} is what it says (quoted)
        problems.append(_("Speed: use slow, normal, fast, instant or milliseconds, not {text}",
                          text=repr(query["speed"])))
        return None


def _options(query: dict, game: dict, settings: tuple, problems: list[str]):
    """The game's options and table settings the address names (bad ones go to problems)."""
    options = {o["key"]: o for o in game["options"]}
    known = {o["key"]: o for o in settings}
    values: dict[str, Any] = {}
    chosen: dict[str, Any] = {}
    for key, text in query.items():
        if key in RESERVED:
            continue
        option = known.get(key) or options.get(key)
        if option is None:
            title = game["title"]
            # TRANSLATORS: {game} is a game's title, {key} the option the address names (quoted)
            problems.append(_("{game} has no option {key}", game=p_("game", title),
                              key=repr(key)))
            continue
        try:
            (chosen if key in known else values)[key] = parse_value(option, text)
        except ParamError as exc:
            problems.append(str(exc))
    return values, chosen
