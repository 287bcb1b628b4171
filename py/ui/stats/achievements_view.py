"""Achievements drawn: the badge the game-over panel shows for each one a game earned first,
and the statistics sheet's list of every game's, earned (the day, a link to the deal's
replay) or not yet."""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..setup.screens import game_title
from . import achieved

MEDAL = '<span class="medal" aria-hidden="true">★</span>'


def badges_html(ids: tuple[str, ...]) -> str:
    """The game-over panel's line for each achievement the game earned first."""
    if not ids:
        return ""
    # TRANSLATORS: on the game-over panel, over the title of an achievement earned for the
    # first time in this game
    unlocked = escape(_("Achievement unlocked:"))
    items = []
    for i in ids:
        title, description = achieved.WORDS[i]
        items.append(f'<li class="badge">{MEDAL}<span><span class="badge-kicker">{unlocked}'
                     f'</span> <strong>{escape(_(title))}</strong> '
                     f'<span class="badge-desc">{escape(_(description))}</span></span></li>')
    # TRANSLATORS: the name, for screen readers, of the game-over panel's list of achievements
    # earned in this game
    label = _("Achievements unlocked")
    return (f'<ul class="go-achievements" aria-label="{escape(label)}">{"".join(items)}'
            f'</ul>')


def spoken(ids: tuple[str, ...]) -> list[str]:
    """What screen readers hear of them at the game's end: a sentence each."""
    # TRANSLATORS: said to screen readers at the game's end: an achievement earned for the
    # first time; {title} is its title
    return [_("Achievement unlocked: {title}", title=_(achieved.WORDS[i][0]))
            + " " + _(achieved.WORDS[i][1]) for i in ids]


def stats_block(stats: dict, games: list[dict]) -> str:
    """The statistics sheet's achievements: per game, each with its day and replay link once
    earned, or "not yet"."""
    earned = achieved.of_stats(stats)
    sections, total, got = [], 0, 0
    for g in games:
        ids = achieved.of_game(g["name"])
        if not ids:
            continue
        total += len(ids)
        got += sum(i in earned for i in ids)
        items = "".join(item_html(i, earned.get(i)) for i in ids)
        name = escape(g["name"])
        sections.append(f'<section class="ach-game" aria-labelledby="ach-{name}"><h4 '
                        f'id="ach-{name}">{escape(game_title(g))}</h4>'
                        f'<ul class="ach-list">{items}</ul></section>')
    if not sections:
        return ""
    # TRANSLATORS: the statistics page's heading over the achievements
    heading = _("Achievements")
    # TRANSLATORS: the statistics page: how many achievements are earned, of all of them
    count = _("{n} of {total} earned", n=got, total=total)
    # TRANSLATORS: the statistics page, under "Achievements": how they are earned
    how = _("Each is earned once, in a game you finish yourself at this device without Undo "
            "or Hint; practice and games played together do not count.")
    return (f'<section class="stats-achievements" aria-labelledby="ach-h"><h3 id="ach-h">'
            f'{escape(heading)} <span class="ach-count">{escape(count)}</span></h3>'
            f'<p class="help">{escape(how)}</p><div class="ach-games">{"".join(sections)}'
            f'</div></section>')


def item_html(i: str, entry: dict | None) -> str:
    title, description = (_(w) for w in achieved.WORDS[i])
    head = f'<strong class="ach-title">{escape(title)}</strong>'
    desc = f'<span class="ach-desc">{escape(description)}</span>'
    if entry is None:
        # TRANSLATORS: the statistics page: an achievement not earned yet
        not_yet = _("Not yet")
        return (f'<li class="ach"><span class="medal" aria-hidden="true">☆</span>'
                f'<div>{head} {desc} <span class="ach-state">{escape(not_yet)}</span></div></li>')
    # TRANSLATORS: the statistics page: an achievement earned; {day} is the date, YYYY-MM-DD
    when = escape(_("Earned {day}", day=entry["when"]))
    # TRANSLATORS: the statistics page: the link that replays the deal an achievement was
    # earned in
    replay = _("Replay the deal")
    # TRANSLATORS: the same link named for screen readers: {title} is the achievement's title
    named = _("Replay the deal: {title}", title=title)
    link = (f'<a class="ach-link" href="{escape(entry["link"])}" aria-label="{escape(named)}">'
            f'{escape(replay)}</a>')
    return (f'<li class="ach earned">{MEDAL}<div>{head} {desc} '
            f'<span class="ach-state">{when} · {link}</span></div></li>')
