"""Achievements at the page: their words, what a finished deal earned, and how the
statistics keep them.

The engine says which achievements a finished deal earned (kozyr.achievements, read from its
moves); here they are worded (each id's title and description, message ids) and kept in the
statistics once, the first time, with the day (UTC, YYYY-MM-DD) and the deal's replay link:

    {"achievements": {"durak.no_take": {"when": "2026-12-01", "link": "?replay=…"}}}

Only a game one person finished at this device, unaided, earns them: not practice played on
from a replay or an exercise, not a game of several people at one device or a shared table's
guest, and not a game where Undo or Hint was used.
"""

from __future__ import annotations

import re
from typing import Any

from kozyr import achievements as engine

from ..i18n import N_
from ..play import recent as rc
from ..play.results import today

# Each achievement's title and one-line description, by id: message ids (N_), worded where
# they are shown. The English is the engine's own.
WORDS: dict[str, tuple[str, str]] = {
    # TRANSLATORS: an achievement's title (Durak): a deal won without taking once
    "durak.no_take": (N_("Clean hands"),
                      # TRANSLATORS: an achievement's description (Durak)
                      N_("Win a deal without taking once.")),
    # TRANSLATORS: an achievement's title (Durak): a deal won after passing an attack on
    "durak.transfer": (N_("Pass it on"),
                       # TRANSLATORS: an achievement's description (Durak)
                       N_("Win a deal in which you passed an attack on (transfer variant).")),
    # TRANSLATORS: an achievement's title (Durak): a bout of six attack cards beaten off
    "durak.beat_six": (N_("Six beaten"),
                       # TRANSLATORS: an achievement's description (Durak)
                       N_("Beat off a bout of six attack cards.")),
    # TRANSLATORS: an achievement's title (Durak): a bout two opponents attacked in, beaten
    # off, and out with it
    "durak.two_at_once": (N_("Beat off two"),
                          # TRANSLATORS: an achievement's description (Durak)
                          N_("With three players or more, beat off a bout two opponents "
                             "attacked in, and go out with it.")),
    # TRANSLATORS: an achievement's title (Stump): out without taking once
    "stump.no_take": (N_("Never took"),
                      # TRANSLATORS: an achievement's description (Stump)
                      N_("Go out without taking once.")),
    # TRANSLATORS: an achievement's title (Stump): out by playing both stump cards in one turn
    "stump.from_the_stump": (N_("Out from the stump"),
                             # TRANSLATORS: an achievement's description (Stump)
                             N_("Go out by playing both cards of your stump in one turn.")),
    # TRANSLATORS: an achievement's title (Stump): ten cards or more taken at once
    "stump.heavy_lift": (N_("Heavy lift"),
                         # TRANSLATORS: an achievement's description (Stump)
                         N_("Take ten cards or more at once, and still go out.")),
    # TRANSLATORS: an achievement's title (Garbage): a match won (the layout shrunk to one)
    "garbage.champion": (N_("Down to one"),
                         # TRANSLATORS: an achievement's description (Garbage)
                         N_("Win a match: fill your one-card layout first.")),
    # TRANSLATORS: an achievement's title (Garbage): a match won, every hand of it
    "garbage.sweep": (N_("Clean sweep"),
                      # TRANSLATORS: an achievement's description (Garbage)
                      N_("Win a match without anyone else winning a hand.")),
    # TRANSLATORS: an achievement's title (Garbage): a match won against a one-card layout
    "garbage.photo_finish": (N_("Photo finish"),
                             # TRANSLATORS: an achievement's description (Garbage)
                             N_("Win a match against an opponent down to one card too.")),
    # TRANSLATORS: an achievement's title (Memory): every call of a deal right
    "memory.whole_pile": (N_("Whole pile right"),
                          # TRANSLATORS: an achievement's description (Memory)
                          N_("Win a deal without one wrong call.")),
    # TRANSLATORS: an achievement's title (Memory): the SAME call right three times
    "memory.same_thrice": (N_("Same, same, same"),
                           # TRANSLATORS: an achievement's description (Memory); keep SAME
                           # as the call is named in your language
                           N_("Call SAME right three times in one deal.")),
    # TRANSLATORS: an achievement's title (Memory): a deal won after taking a big centre
    "memory.comeback": (N_("Comeback"),
                        # TRANSLATORS: an achievement's description (Memory)
                        N_("Win a deal after taking a centre of eight cards or more.")),
    # TRANSLATORS: an achievement's title (Advantage): won by eight pairs or more
    "advantage.by_eight": (N_("By eight"),
                           # TRANSLATORS: an achievement's description (Advantage)
                           N_("Win by eight pairs or more.")),
    # TRANSLATORS: an achievement's title (Advantage): four cards of a rank laid at once
    "advantage.four": (N_("Four of a kind"),
                       # TRANSLATORS: an achievement's description (Advantage)
                       N_("Lay both pairs of a rank at once.")),
    # TRANSLATORS: an achievement's title (Advantage): a pile of five cards or more taken
    "advantage.big_pile": (N_("Big pile"),
                           # TRANSLATORS: an achievement's description (Advantage)
                           N_("Take a pile of five cards or more in one exchange.")),
}

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
ID = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")


def of_game(game: str) -> list[str]:
    """A game's achievements the page can word, in the engine's order."""
    return [a.id for a in engine.of_game(game) if a.id in WORDS]


# --- a finished game ---------------------------------------------------------------------------

def eligible(in_play) -> bool:
    """A game that can earn achievements: one person's, finished by them at this device, not
    practice, unaided, and with its deal known (a shared table's guest is never told it)."""
    session = in_play.session
    return (not in_play.practice and not in_play.people and not in_play.guests
            and len(session.people) == 1 and session.seed is not None
            and not in_play.undos and not in_play.hints)


def earned_now(in_play) -> tuple[str, ...]:
    """The achievements the finished game in play earned (none if it cannot earn them)."""
    if not eligible(in_play):
        return ()
    s = in_play.session
    ids = engine.earned(s.game.name, s.options, s.seed, list(s.state.history), s.human,
                        s.state.match or None)
    return tuple(i for i in ids if i in WORDS)


def earn(stats: dict, ids: tuple[str, ...], session, now: float) -> tuple[dict, tuple[str, ...]]:
    """The statistics with each of `ids` not earned before, dated and linked to the deal's
    replay; and those new ones (the others were earned once already)."""
    kept = stats.get("achievements") or {}
    new = tuple(i for i in ids if i not in kept)
    if not new:
        return stats, ()
    link = "?replay=" + rc.encode(rc.deal_of(session))
    entry = {"when": today(now), "link": link}
    return {**stats, "achievements": {**kept, **{i: dict(entry) for i in new}}}, new


# --- the statistics ------------------------------------------------------------------------------

def clean(raw: Any) -> dict:
    """The statistics' "achievements" as stored: an entry that is not one is left out."""
    if not isinstance(raw, dict):
        return {}
    return {k: {"when": v["when"], "link": v["link"]} for k, v in raw.items()
            if isinstance(k, str) and ID.fullmatch(k) and isinstance(v, dict)
            and isinstance(v.get("when"), str) and DAY.fullmatch(v["when"])
            and isinstance(v.get("link"), str) and v["link"].startswith("?replay=")
            and len(v["link"]) <= rc.MAX_LINK + 8}


def of_stats(stats: dict) -> dict[str, dict]:
    """The achievements earned, by id: {"when", "link"}."""
    return stats.get("achievements") or {}
