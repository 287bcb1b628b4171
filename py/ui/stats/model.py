"""The player's statistics in this browser: a record per game and per variant that matters.

Stored under STATS_KEY as {"format", "version", "records": {key: record}}; the same text is
the export file, so a player can carry it to another browser. A record:

    {"game": "durak", "variant": {"players": 2, "deck": 36, "transfer": False, "teams": False},
     "played": 3, "won": 2, "lost": 1, "draw": 0, "streak": 2, "best": 2,
     "helped": 1, "abandoned": 0, "fool": 1}

`streak` is the current run of wins, `best` the longest; `helped` counts games won with an undo
or a hint; `abandoned` the games left unfinished for a new one (each also a loss). Each game
adds its own figures (Durak: times the fool; Stump: times the stump; Memory: calls and calls
right; Advantage: pairs). What is a game's own comes from its table (`tables/base.py`):
`variant_options`, `figures`, `figure_words` and `figures_of`; a game without a table (an old
record) has no figures of its own.

Games played by several people at one device (pass and play) are kept by name, apart from the
person's own: {"people": {name: {key: record}}}, the same records. The key is there only once
someone has played so, so a file without it reads as before, in the same version.

The daily deals' results are kept by game and day, {"daily": {game: {"YYYY-MM-DD": {"outcome",
"moves", "when"}}}} (play/results.py), there too only once a day was played; and the achievements
earned, once each, {"achievements": {id: {"when": "YYYY-MM-DD", "link": "?replay=…"}}}
(stats/achieved.py), only once one was earned.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from ..play.results import clean_daily
from ..storage import read_json
from ..tables import TABLES, Table
from .achieved import clean as clean_achievements

FORMAT, VERSION = "kozyr-stats", 2
COUNTS = ("played", "won", "lost", "draw", "streak", "best", "helped", "abandoned")
NAME_MAX = 40  # a longer "name" is not one a person typed: a damaged or made-up file


class Figures(Mapping):
    """Each game's own figures, in the order the page shows them: its table's `figures`."""

    def __getitem__(self, game: str) -> tuple[str, ...]:
        return TABLES[game].figures

    def __iter__(self) -> Iterator[str]:
        return iter(TABLES)

    def __len__(self) -> int:
        return len(TABLES)


FIGURES = Figures()


class StatsError(ValueError):
    """A statistics file that cannot be read: "format" (not one) or "version" (a newer one)."""


def variant(game: str, options: dict) -> dict:
    """The options that make a different game to keep a record of (the rest are house rules)."""
    keys = TABLES[game].variant_options if game in TABLES else Table.variant_options
    return {k: options[k] for k in keys if k in options}


def figure_words(game: str) -> list[tuple[str, str]]:
    """A game's own figures with what the statistics page calls them (message ids)."""
    table = TABLES.get(game)
    return [(f, table.figure_words.get(f, f)) for f in table.figures] if table else []


def key_of(game: str, options: dict) -> str:
    return game + " " + json.dumps(variant(game, options), sort_keys=True)


def empty() -> dict:
    return {"format": FORMAT, "version": VERSION, "records": {}}


def read(text: str | None) -> dict:
    """The statistics as stored; an old record (one line per game, before variants) is kept
    as that game's earlier games; anything damaged is left out, never a crash."""
    data = read_json(text)
    if not isinstance(data, dict):
        return empty()
    if data.get("format") == FORMAT:
        return _kept(data)
    records = {}  # version 1: {game: {played, won, lost, draw}}
    for game, old in data.items():
        if isinstance(old, dict) and isinstance(game, str):
            rec = _clean({**old, "game": game, "variant": None})
            if rec:
                records[f"{game} earlier"] = rec
    return {**empty(), "records": records}


def parse_import(text: str) -> dict:
    """An exported file's statistics; StatsError says what is wrong."""
    try:
        data = json.loads(text)
    except ValueError:
        raise StatsError("format") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("format")
    if data.get("version") != VERSION:
        raise StatsError("version")
    return _kept(data)


def _kept(data: dict) -> dict:
    """A file's statistics, cleaned; "people" only when someone is in it, so that the person's
    own statistics are written exactly as before pass and play."""
    people, daily = _people(data.get("people")), clean_daily(data.get("daily"))
    earned = clean_achievements(data.get("achievements"))
    return {**empty(), "records": _records(data.get("records")),
            **({"people": people} if people else {}), **({"daily": daily} if daily else {}),
            **({"achievements": earned} if earned else {})}


def _people(raw: Any) -> dict:
    """Each name's records; a name that is not one, or with no record left, is left out."""
    if not isinstance(raw, dict):
        return {}
    return {name: recs for name, v in raw.items()
            if isinstance(name, str) and name.strip() and len(name) <= NAME_MAX
            and (recs := _records(v))}


def _records(raw: Any) -> dict:
    if not isinstance(raw, dict):
        return {}
    return {k: rec for k, v in raw.items() if isinstance(k, str) and (rec := _clean(v))}


def _clean(rec: Any) -> dict | None:
    if not isinstance(rec, dict) or not isinstance(rec.get("game"), str):
        return None
    out: dict[str, Any] = {"game": rec["game"], "variant": rec.get("variant")
                           if isinstance(rec.get("variant"), dict) else None}
    for k in COUNTS + FIGURES.get(rec["game"], ()):
        v = rec.get(k, 0)
        out[k] = v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0
    return out if out["played"] else None


def dumps(stats: dict) -> str:
    return json.dumps(stats, separators=(",", ":"))


def add(stats: dict, game: str, options: dict, outcome: str, figures: dict | None = None,
        helped: bool = False, abandoned: bool = False, person: str | None = None) -> dict:
    """The statistics with one more game: outcome "won", "lost" or "draw"; the person's own
    records, or with `person` (several people at one device) that name's."""
    if person is not None:
        mine = add({**empty(), "records": of_person(stats, person)}, game, options, outcome,
                   figures, helped, abandoned)
        return {**stats, "people": {**(stats.get("people") or {}), person: mine["records"]}}
    key = key_of(game, options)
    rec = dict(stats["records"].get(key) or {"game": game, "variant": variant(game, options)})
    for k in COUNTS + FIGURES.get(game, ()):
        rec.setdefault(k, 0)
    rec["played"] += 1
    rec[outcome] += 1
    rec["streak"] = rec["streak"] + 1 if outcome == "won" else 0
    rec["best"] = max(rec["best"], rec["streak"])
    rec["helped"] += outcome == "won" and helped
    rec["abandoned"] += abandoned
    for k, v in (figures or {}).items():
        rec[k] = rec.get(k, 0) + v
    return {**stats, "records": {**stats["records"], key: rec}}


def figures(game: str, result: dict, log: list[dict], me: int) -> dict:
    """A finished game's own figures for the person in seat `me`."""
    return TABLES[game].figures_of(result, log, me) if game in TABLES else {}


def for_game(stats: dict, game: str, person: str | None = None) -> list[dict]:
    """A game's records (the person's own, or with `person` that name's), the most played
    first."""
    records = stats["records"] if person is None else of_person(stats, person)
    recs = [r for r in records.values() if r["game"] == game]
    return sorted(recs, key=lambda r: (-r["played"], json.dumps(r["variant"], sort_keys=True)))


def totals(stats: dict, game: str) -> dict | None:
    """A game's records added up (its line under the game-over panel)."""
    recs = for_game(stats, game)
    if not recs:
        return None
    return {k: sum(r.get(k, 0) for r in recs) for k in ("played", "won", "lost", "draw")}


def of_person(stats: dict, name: str) -> dict:
    """A name's records ({key: record}), none if that name never played at this device."""
    return (stats.get("people") or {}).get(name) or {}


def people_of(stats: dict) -> list[str]:
    """The names with records, the most games played first (then by name, for a steady
    order)."""
    people = stats.get("people") or {}
    return sorted(people, key=lambda name: (
        -sum(r["played"] for r in people[name].values()), name))
