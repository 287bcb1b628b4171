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
  felt=#RRGGBB    the felt's colour (a host's theme; refused if the text would be unreadable)
  back=#RRGGBB    the card backs' colour (refused if their pattern would not show)
  compact=1       smaller cards and spacing, for a small frame
  embed=1         the page is embedded (embed.js sets it, with host=ORIGIN, the host's origin)
  replay=DATA     open the replay of a finished deal: its seed, options and moves, compressed
                  (recent.encode); the replay's Copy link makes it
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

RESERVED = {"game", "level", "seed", "speed", "four", "setup", "lang", "match", "felt", "back",
            "compact", "embed", "host", "replay"}
# parameters that need no game
PAGE_WIDE = {"speed", "four", "lang", "felt", "back", "compact", "embed", "host", "replay"}
INK, BACK_DOT = "#f4efe1", "#f1d9a8"  # the text on the felt; the pattern on the card backs
TEXT_CONTRAST, PATTERN_CONTRAST = 4.5, 3.0  # WCAG's for text, and for graphics


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
    four_colour: bool | None = None
    theme: dict[str, str] = field(default_factory=dict)  # CSS variables of felt= and back=
    compact: bool = False
    embed: bool = False
    host: str = ""  # the embedding page's origin (embed.js passes it)
    setup: bool = False  # open the options form instead of dealing
    replay: str | None = None  # replay=: a finished deal to replay (read by recent.decode)
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


def _theme(query: dict, problems: list[str]) -> dict[str, str]:
    """The CSS variables a host's felt= and back= ask for, if they keep the page readable."""
    theme: dict[str, str] = {}
    if "felt" in query:
        felt = _colour(query["felt"])
        if felt is None:
            # TRANSLATORS: a bad felt= in the address; {text} is what it says (quoted)
            problems.append(_("Felt: a colour as #RRGGBB, not {text}", text=repr(query["felt"])))
        elif contrast(felt, INK) < TEXT_CONTRAST:
            # TRANSLATORS: felt= in the address makes the text unreadable; {ratio} is the
            # contrast it would have, {needed} the least allowed (both like 4.5)
            problems.append(_("Felt: {colour} would leave the text unreadable (contrast "
                              "{ratio}:1, at least {needed}:1 is needed)", colour=felt,
                              ratio=f"{contrast(felt, INK):.1f}", needed=TEXT_CONTRAST))
        else:
            theme.update({"--felt-1": _mix(felt, "#ffffff", .12), "--felt-2": felt,
                          "--felt-3": _mix(felt, "#000000", .45)})
    if "back" in query:
        back = _colour(query["back"])
        if back is None:
            # TRANSLATORS: a bad back= in the address; {text} is what it says (quoted)
            problems.append(_("Card backs: a colour as #RRGGBB, not {text}",
                              text=repr(query["back"])))
        elif contrast(back, BACK_DOT) < PATTERN_CONTRAST:
            # TRANSLATORS: back= in the address hides the backs' pattern; {ratio} is the
            # contrast it would have, {needed} the least allowed
            problems.append(_("Card backs: {colour} would hide their pattern (contrast "
                              "{ratio}:1, at least {needed}:1 is needed)", colour=back,
                              ratio=f"{contrast(back, BACK_DOT):.1f}", needed=PATTERN_CONTRAST))
        else:
            theme.update({"--back-a": back, "--back-line": _mix(back, "#ffffff", .3)})
    return theme


def _colour(text: str) -> str | None:
    text = text.strip().lower()
    text = text if text.startswith("#") else "#" + text
    if len(text) == 4:
        text = "#" + "".join(ch * 2 for ch in text[1:])
    if len(text) != 7 or any(ch not in "0123456789abcdef" for ch in text[1:]):
        return None
    return text


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mix(colour: str, other: str, share: float) -> str:
    a, b = _rgb(colour), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def luminance(colour: str) -> float:
    """WCAG's relative luminance."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


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
