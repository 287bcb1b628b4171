"""The page's address: the query string read into what it asks for, and what is wrong with it.

Pure parsing, no page: e.g. ``?game=durak&players=3&deck=24&level=easy``
  game=NAME       start that game directly (with `setup=1`: open its options form instead)
  <option>=VALUE  any option of the game: choices by value, flags as 1/0
  level=LEVEL     the opponents' level (one the game offers); or a list, one level per computer
                  seat in seat order: level=easy,hard
  people=N        how many people play at this device (pass and play): the first N seats, in
                  seat order (1, the default: one person against the computer)
  guests=N        how many people play from their own browsers (a table shared over the
                  network): the N seats after the people's (0, the default: the rest are the
                  computer's); at most the players less the people
  partners=1      in a game of two teams (Durak's teams=1): the people fill seats 0 and 2 first,
                  then 1 and 3, so that the first two play together
  names=Ann,Boris the people's names, then the guests', in the order they fill the seats
                  (fewer than people= and guests=: the rest are this browser's names, else
                  "Player 2"…)
  seed=N          deal a given shuffle: the deal's number (repeatable games)
  match=JSON      what the deal carries over from the one before it (who deals, Garbage's
                  layout sizes): with seed=, the very deal a "Copy link" copied
  speed=slow|normal|fast|instant|MS   pause before each opponent move (0 = no pause)
  ice=stun:…,turn:USER:CREDENTIAL@…  servers a shared table may contact across networks,
                  with the person's consent (percent-encode the user and credential)
  four=1          four-colour suits
  sound=0|1       short sounds at the table for this visit (off in an embedding frame unless 1)
  lang=ru         the page's language for this visit (en, ru, fr, fi, ro; see `language`)
  felt=#RRGGBB    the felt's colour (a host's theme; refused if the text would be unreadable)
  back=#RRGGBB    the card backs' colour (refused if their pattern would not show)
  compact=1       smaller cards and spacing, for a small frame
  embed=1         the page is embedded (embed.js sets it, with host=ORIGIN, the host's origin)
  replay=DATA     open the replay of a finished deal: its seed, options and moves, compressed
                  (recent.encode); the replay's Copy link makes it
  daily=DAY       the game's deal of a day (YYYY-MM-DD in UTC, or today): the standard game
                  against the normal level (daily/); with result=won-57 (or lost-N,
                  draw-N): someone's result of that day shown, the deal offered
  <setting>=VALUE a setting of the game's table (its `settings`), e.g. look=10 in Memory
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from ..daily import model as daily_deal
from ..i18n import _, n_, p_
from ..play.opponents import SPEEDS
from ..seats import model as seats
from ..settings.colours import (PATTERN_CONTRAST, TEXT_CONTRAST, back_contrast, back_vars,
                                felt_contrast, felt_vars)
from ..shared_table import ice as servers
from .options import FALSE_WORDS, TRUE_WORDS, ParamError, defaults, parse_value, sentence

RESERVED = {"game", "level", "seed", "speed", "four", "setup", "lang", "match", "felt", "back",
            "compact", "embed", "host", "replay", "people", "names", "partners",
            "guests", "ice", "sound", "daily", "result"}
# parameters that need no game
PAGE_WIDE = {"speed", "four", "lang", "felt", "back", "compact", "embed", "host", "replay",
             "ice", "sound"}


@dataclass(frozen=True)
class Intent:
    """What an address asks for. `game` is set only for a game that exists."""

    decides: bool = False  # the address chooses the screen (else: as the page would open)
    game: str | None = None
    values: dict[str, Any] = field(default_factory=dict)  # the game's options named
    settings: dict[str, Any] = field(default_factory=dict)  # its table's settings named
    level: str | None = None
    levels: tuple[str, ...] = ()  # level= as a list: one level per computer seat, in seat order
    people: int | None = None  # people=: how many people at this device
    guests: int | None = None  # guests=: how many play from their own browsers
    partners: bool | None = None  # partners=: in a game of two teams, the people play together
    names: tuple[str, ...] = ()  # names=: the people's then the guests' names, as many as given
    seed: int | None = None
    match: dict[str, Any] | None = None  # carried over from the deal before (see match=)
    speed_ms: int | None = None
    ice: tuple[str, ...] | None = None  # ice=: STUN/TURN servers for this visit's shared tables
    four_colour: bool | None = None
    sound: bool | None = None  # sound=: sounds on or off for this visit
    theme: dict[str, str] = field(default_factory=dict)  # CSS variables of felt= and back=
    compact: bool = False
    embed: bool = False
    host: str = ""  # the embedding page's origin (embed.js passes it)
    setup: bool = False  # open the options form instead of dealing
    replay: str | None = None  # replay=: a finished deal to replay (read by recent.decode)
    daily: str | None = None  # daily=: the game's deal of a day, as written (daily/)
    result: tuple[str, int] | None = None  # result=: someone's result of that day
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
    embed = "embed" in query and query["embed"].lower() not in FALSE_WORDS
    common = dict(speed_ms=speed_ms, four_colour=four, theme=_theme(query, problems),
                  sound=_sound(query, problems),
                  ice=_ice(query, problems),
                  compact="compact" in query and query["compact"].lower() not in FALSE_WORDS,
                  embed=embed, host=query.get("host", "") if embed else "")
    name = query.get("game", "").lower()
    if "replay" in query:  # the deal carries its own game and options
        return Intent(**common, decides=True, replay=query["replay"])
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
    seated = _seats(query, game, values, problems)
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
    daily = daily_deal.from_address(query, game, values, seated, problems)
    return Intent(**common, decides=True, game=name, values=values, settings=settings,
                  seed=seed, match=match, setup="setup" in query, problems=tuple(problems),
                  **seated, **daily)


def _seats(query: dict, game: dict, values: dict, problems: list[str]) -> dict[str, Any]:
    """people=, guests=, partners=, names= and level= read against the game and the options
    named (the game's default number of players if they name none, or a bad one)."""
    players = values.get("players", defaults(game).get("players", 2))
    out: dict[str, Any] = {}
    if "people" in query:
        text = query["people"]
        if text.isdigit() and 1 <= int(text) <= players:
            out["people"] = int(text)
        else:
            # TRANSLATORS: a bad people= in the address (how many people play at this
            # device); {most} is the number of players, {text} what it says (quoted)
            problems.append(_("People: a whole number from 1 to {most}, not {text}",
                              most=players, text=repr(text)))
    people = out.get("people", 1)
    if "guests" in query:
        text = query["guests"]
        if text.isdigit() and int(text) <= players - people:
            out["guests"] = int(text)
        else:
            # TRANSLATORS: a bad guests= in the address (how many people play from their own
            # browsers); {most} is the players less the people at this device, {text} what it
            # says (quoted)
            problems.append(_("Guests: a whole number from 0 to {most}, not {text}",
                              most=players - people, text=repr(text)))
    everyone = people + out.get("guests", 0)
    if "partners" in query:
        partners = query["partners"].lower()
        if partners not in TRUE_WORDS | FALSE_WORDS:
            # TRANSLATORS: a bad partners= in the address; keep 1 and 0 as they are, {text}
            # is what it says (quoted)
            problems.append(_("Partners: use 1 or 0, not {text}", text=repr(query["partners"])))
        elif partners in TRUE_WORDS and not seats.teams({**defaults(game), **values}):
            # TRANSLATORS: partners=1 in the address of a game without teams of two; keep
            # teams=1 and players=4 as they are
            problems.append(_("Partners: only a game of two teams has partners (teams=1, "
                              "players=4)"))
        else:
            out["partners"] = partners in TRUE_WORDS
    if "names" in query:
        names = tuple(n.strip() for n in query["names"].split(","))
        wrong = seats.name_problem(names)
        if len(names) > everyone:
            problems.append(seats.too_many_names(len(names), everyone))
        elif wrong:
            problems.append(wrong[1])
        else:
            out["names"] = names
    if "level" in query:
        offered = game.get("ai_levels") or ["normal"]
        levels = tuple(lv.strip().lower() for lv in query["level"].split(","))
        computers = players - everyone
        bad = [lv for lv in levels if lv not in offered]
        if bad:
            # TRANSLATORS: a bad level= in the address; {levels} are the levels as the address
            # writes them (easy, normal, hard), {text} what it says (quoted)
            problems.append(_("Opponents: choose one of {levels}, not {text}",
                              levels=_(", ").join(offered), text=repr(query["level"])))
        elif len(levels) > 1 and len(levels) != computers:
            # TRANSLATORS: level= in the address lists levels, but not one per computer seat;
            # {n} is the number of computer seats, {text} what it says (quoted)
            problems.append(n_("Opponents: one level for each of {n} computer seat, not {text}",
                               "Opponents: one level for each of {n} computer seats, not {text}",
                               computers, text=repr(query["level"])))
        elif len(set(levels)) == 1:
            out["level"] = levels[0]
        else:
            out["levels"] = levels
    return out


def link(game: str, options: dict, level: str, seed: int, match: dict | None,
         people: tuple[int, ...] = (0,), names: tuple[str, ...] = (),
         levels: dict[int, str] | None = None, guests: tuple[int, ...] = ()) -> str:
    """The query that deals this very deal in any browser (the options in full: a link means
    the same game for everyone), with its people (`people`: every person's seat, `guests`
    those of them at their own browsers), their names and the computers' levels when there
    are several people or levels (a link of one person against one level is as it was)."""
    params = [("game", game)]
    params += [(k, ("1" if v else "0") if isinstance(v, bool) else str(v))
               for k, v in options.items()]
    if len(people) > 1:
        here = [p for p in people if p not in guests]
        if len(here) > 1 or not guests:
            params.append(("people", str(len(here))))
        if guests:
            params.append(("guests", str(len(people) - len(here))))
        if seats.partnered(options, tuple(people)):
            params.append(("partners", "1"))
        if names:
            params.append(("names", ",".join(names)))
    levels = dict(sorted((levels or {}).items()))
    if len(set(levels.values())) > 1:
        params.append(("level", ",".join(levels.values())))
    else:
        params.append(("level", next(iter(levels.values()), level)))
    params.append(("seed", str(seed)))
    if match:
        params.append(("match", json.dumps(match, separators=(",", ":"), sort_keys=True)))
    return "?" + urlencode(params)


def _theme(query: dict, problems: list[str]) -> dict[str, str]:
    """The CSS variables a host's felt= and back= ask for, if they keep the page readable
    (settings/colours.py's checks: the same as the settings sheet's named colours pass)."""
    theme: dict[str, str] = {}
    if "felt" in query:
        felt = _colour(query["felt"])
        if felt is None:
            # TRANSLATORS: a bad felt= in the address; {text} is what it says (quoted)
            problems.append(_("Felt: a colour as #RRGGBB, not {text}", text=repr(query["felt"])))
        elif (worst := felt_contrast(felt_vars(felt))) < TEXT_CONTRAST:
            # TRANSLATORS: felt= in the address makes the text unreadable; {ratio} is the
            # contrast it would have, {needed} the least allowed (both like 4.5)
            problems.append(_("Felt: {colour} would leave the text unreadable (contrast "
                              "{ratio}:1, at least {needed}:1 is needed)", colour=felt,
                              ratio=f"{worst:.1f}", needed=TEXT_CONTRAST))
        else:
            theme.update(felt_vars(felt))
    if "back" in query:
        back = _colour(query["back"])
        if back is None:
            # TRANSLATORS: a bad back= in the address; {text} is what it says (quoted)
            problems.append(_("Card backs: a colour as #RRGGBB, not {text}",
                              text=repr(query["back"])))
        elif back_contrast(back) < PATTERN_CONTRAST:
            # TRANSLATORS: back= in the address hides the backs' pattern; {ratio} is the
            # contrast it would have, {needed} the least allowed
            problems.append(_("Card backs: {colour} would hide their pattern (contrast "
                              "{ratio}:1, at least {needed}:1 is needed)", colour=back,
                              ratio=f"{back_contrast(back):.1f}", needed=PATTERN_CONTRAST))
        else:
            theme.update(back_vars(back))
    return theme


def _colour(text: str) -> str | None:
    text = text.strip().lower()
    text = text if text.startswith("#") else "#" + text
    if len(text) == 4:
        text = "#" + "".join(ch * 2 for ch in text[1:])
    if len(text) != 7 or any(ch not in "0123456789abcdef" for ch in text[1:]):
        return None
    return text


def _sound(query: dict, problems: list[str]) -> bool | None:
    """sound=1 or sound=0 (an embedding page's `sound` attribute), if the address says."""
    if "sound" not in query:
        return None
    text = query["sound"].lower()
    if text not in TRUE_WORDS | FALSE_WORDS:
        # TRANSLATORS: a bad sound= in the address; keep 1 and 0 as they are, {text} is what it
        # says (quoted)
        problems.append(_("Sound: use 1 or 0, not {text}", text=repr(query["sound"])))
        return None
    return text in TRUE_WORDS


def _ice(query: dict, problems: list[str]) -> tuple[str, ...] | None:
    """ice=stun:…,turn:USER:CREDENTIAL@… (an embedding page's `ice` attribute): servers a
    shared table may contact, with the person's consent, to connect across networks."""
    if "ice" not in query:
        return None
    urls = tuple(u.strip() for u in query["ice"].split(",") if u.strip())
    for url in urls:
        try:
            servers.parse(url)
        except servers.BadServer as exc:
            problems.append(_(str(exc), text=repr(url)))
            return None
    return tuple(servers.parse(u).text() for u in urls)


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
