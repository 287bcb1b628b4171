"""The daily deal's pictures: the home screen's block (each game's deal of the day, its result
and streaks), a result someone shared, the sheet that shares the person's own, the line on
the game-over panel and the statistics' table of days. Drawn from the model alone."""

from __future__ import annotations

from html import escape

from ..i18n import _, n_, p_
from ..model import Model
from ..parts.words import figure_cells
from ..play import results
from ..storage import read_json
from ..tables import TABLES
from . import model as dd


def _title(model: Model, game: str) -> str:
    title = model.game_info(game)["title"]  # (a name the catalogue has from the engine)
    return p_("game", title)


def result_words(found: dict) -> str:
    """A day's result as the block says it: "Won in 57 moves"."""
    moves = found["moves"]
    if found["outcome"] == "won":
        # TRANSLATORS: the home screen's daily deal: the person's result today; {n} the moves
        return n_("Won in {n} move", "Won in {n} moves", moves)
    if found["outcome"] == "draw":
        # TRANSLATORS: as above, a draw
        return n_("Drawn in {n} move", "Drawn in {n} moves", moves)
    # TRANSLATORS: as above, a loss
    return n_("Lost after {n} move", "Lost after {n} moves", moves)


def streak_words(played: int, won: int) -> str:
    """The streaks in a few words ("3 days in a row · 2 won in a row"), "" for none."""
    if not played:
        return ""
    # TRANSLATORS: the daily deal's streak: days played one after the other, up to today
    said = n_("{n} day in a row", "{n} days in a row", played)
    if won:
        # TRANSLATORS: the daily deal's streak of days won one after the other
        said += " · " + n_("{n} won in a row", "{n} won in a row", won)
    return said


def home_block(model: Model, now: float) -> str:
    """Each game's deal of today: its state (to play, in progress, being chosen, its result),
    the streaks, and Play (again) and Share."""
    day = results.today(now)
    saved = read_json(model.saved) or {}
    rows = []
    for g in model.games:
        game = g["name"]
        if game not in TABLES:
            continue
        title, arg = _title(model, game), f"{game} {day}"
        found = results.entry(model.stats, game, day)
        choosing = model.daily.choosing == (game, day)
        played, won = results.streaks(model.stats, game, now)
        if found is not None:
            state, cls = result_words(found), f" {found['outcome']}"
            # TRANSLATORS: the home screen's daily deal: play today's deal again (practice)
            # (the name starts with the button's words, as it shows them)
            button, label = p_("button", "Play again"), _(
                "Play again: today's {game} deal, as practice", game=title)
        elif saved.get("daily") == day and saved.get("game") == game:
            # TRANSLATORS: the home screen's daily deal: today's deal started, not finished
            state, cls = _("In progress"), " going"
            button, label = p_("button", "Continue"), _(
                "Continue today's {game} deal", game=title)
        else:
            # TRANSLATORS: the home screen's daily deal: today's deal not played yet
            state, cls = _("Not played yet"), ""
            # TRANSLATORS: the home screen's daily deal: the button that deals it
            button, label = p_("button", "Play"), _("Play today's {game} deal", game=title)
        if choosing:
            # TRANSLATORS: the home screen's daily deal, while the day's deal is being chosen
            button, state, label = _("Choosing…"), _("Choosing the deal…"), ""
        busy = ' disabled aria-busy="true"' if choosing else ""
        named = f' aria-label="{escape(label)}"' if label else ""
        share = ""
        if found is not None:
            # TRANSLATORS: the home screen's daily deal: share the result (no card of it)
            words, name = p_("button", "Share"), _("Share your {game} result", game=title)
            share = (f'<button type="button" class="btn small ghost" data-act="daily-share" '
                     f'data-arg="{escape(arg)}" id="daily-share-{game}" '
                     f'aria-label="{escape(name)}">{escape(words)}</button>')
        streak = streak_words(played, won)
        streak = f'<span class="daily-streak">{escape(streak)}</span>' if streak else ""
        rows.append(
            f'<li class="daily-game{cls}" data-game="{escape(game)}"><div class="daily-what">'
            f'<span class="daily-name">{escape(title)}</span>'
            f'<span class="daily-state">{escape(state)}</span>{streak}</div>'
            f'<div class="daily-actions"><button type="button" class="btn small'
            f'{"" if found else " primary"}" data-act="daily" data-arg="{escape(arg)}" '
            f'id="daily-{game}"{named}{busy}>{escape(button)}</button>'
            f'{share}</div></li>')
    # TRANSLATORS: the heading of the home screen's daily deals; {day} is today's date
    # ("Tue 1 Dec 2026")
    heading = _("Daily deal — {day}", day=dd.day_words(day))
    # TRANSLATORS: under the home screen's daily deals
    help_ = _("One deal a day for each game, the same for everyone, new at midnight UTC. Your "
              "first play of it counts; playing it again is practice.")
    notes = [f'<p class="daily-help">{escape(help_)}</p>']
    if saved and not saved.get("practice") and not saved.get("daily") == day:
        # TRANSLATORS: under the daily deals when a game is still being played
        leave = _("A daily deal leaves your game in progress: it counts as a loss.")
        notes.append(f'<p class="daily-help daily-leave">{escape(leave)}</p>')
    return (f'<section class="daily" aria-labelledby="daily-title">'
            f'<h2 class="section-title" id="daily-title" data-day="{day}">{escape(heading)}</h2>'
            f'<ul class="daily-list">{"".join(rows)}</ul>{"".join(notes)}</section>')


def shared_card(model: Model) -> str:
    """A day's deal being chosen; else a result someone shared: what they did, the person's
    own if they played that day, and the deal to play."""
    if model.daily.choosing is not None:
        game, day = model.daily.choosing
        # TRANSLATORS: shown while a day's deal is chosen (a search for a deal the computer's
        # hard level can win); {game} is the game's title, {day} the date ("Tue 1 Dec 2026")
        wait = _("Choosing the {game} deal of {day}: one the computer's hard level can win…",
                 game=_title(model, game), day=dd.day_words(day))
        return (f'<div class="daily-shared daily-wait"><p class="daily-shared-line" '
                f'role="status">{escape(wait)}</p></div>')
    if model.daily.shared is None:
        return ""
    game, day, outcome, moves = model.daily.shared
    title = _title(model, game)
    found = results.entry(model.stats, game, day)
    mine = ""
    if found is not None:
        mine = f'<p class="daily-mine">{escape(dd.my_words(found["outcome"], found["moves"]))}</p>'
        # TRANSLATORS: under a shared daily deal's result, when the person played it already
        button = p_("button", "Play it again (practice)")
    else:
        # TRANSLATORS: under a shared daily deal's result: the button that deals that day's deal
        button = p_("button", "Play that day's deal")
    return (f'<section class="daily-shared" aria-labelledby="daily-shared-line">'
            f'<p class="daily-shared-line" id="daily-shared-line">'
            f'{escape(dd.someone_words(title, day, outcome, moves))}</p>{mine}'
            f'<button type="button" class="btn primary" data-act="daily" '
            f'data-arg="{escape(game)} {escape(day)}" id="daily-shared-play">{escape(button)}'
            f'</button></section>')


def share_sheet(model: Model) -> tuple[str, str]:
    """The sheet that shares the person's result of a day: its title and body."""
    game, day, _base = model.daily.share
    # TRANSLATORS: the title of the sheet that shares a daily deal's result; {game} is the
    # game's title, {day} the date
    title = _("Share your {game} result of {day}", game=_title(model, game),
              day=dd.day_words(day))
    # TRANSLATORS: on the sheet that shares a daily deal's result
    said = _("Your result and a link to the same day's deal. The link shows no card and no "
             "deal number: whoever opens it can still play the deal fresh.")
    # TRANSLATORS: the label of the text to share (a daily deal's result and link)
    label = _("To share")
    copy = p_("button", "Copy")
    # TRANSLATORS: after Copy on the sheet that shares a daily deal's result
    done = _("Copied: your result and its link, without the cards.")
    text = dd.share_text(model)
    return title, (
        f'<p>{escape(said)}</p><label for="daily-share-text" class="field-label">'
        f'{escape(label)}</label><textarea id="daily-share-text" class="deal-link '
        f'daily-share-text" readonly rows="3">{escape(text)}</textarea>'
        f'<div class="sheet-actions"><button type="button" class="btn primary" '
        f'data-act="daily-copy" id="daily-copy">{escape(copy)}</button></div>'
        f'<p class="notice" role="status" id="daily-notice"'
        f'{"" if model.daily.copied else " hidden"}>{escape(done)}</p>')


def on_panel(html: str, model: Model, now: float) -> str:
    """The game-over panel of a daily deal says so: counted (with the streaks and Share) or
    practice."""
    in_play = model.in_play
    at = html.find('id="gameover"')
    actions = html.find('<div class="panel-actions">', at)
    if at < 0 or actions < 0:
        return html
    day, game = in_play.daily, in_play.game
    found = results.entry(model.stats, game, day)
    when = dd.day_words(day)
    share = ""
    if in_play.practice or found is None:
        # TRANSLATORS: on the game-over panel of a daily deal played again; {day} is its date
        line = _("Daily deal of {day}, played again: practice, not counted.", day=when)
    else:
        # TRANSLATORS: on the game-over panel of a daily deal; {day} is its date
        line = _("Daily deal of {day}: in your daily record.", day=when)
        streak = streak_words(*results.streaks(model.stats, game, now))
        line = f"{line} {streak}." if streak else line
        # TRANSLATORS: the game-over panel's button that shares a daily deal's result
        words = p_("button", "Share result")
        share = (f'<button type="button" class="btn small" data-act="daily-share" '
                 f'data-arg="{escape(game)} {escape(day)}" id="daily-share-over">'
                 f'{escape(words)}</button>')
    block = f'<div class="go-daily"><p>{escape(line)}</p>{share}</div>'
    return html[:actions] + block + html[actions:]


def stats_block(model: Model, now: float) -> str:
    """The statistics' table of daily deals: a line per game played so."""
    # TRANSLATORS: the statistics' columns of the daily deals' table
    heads = [_("Game"), _("Days played"), _("Days won"), _("Days in a row"),
             _("Won in a row"), _("Most won in a row")]
    rows = []
    for g in model.games:
        game = g["name"]
        if not (model.stats.get("daily") or {}).get(game) or game not in TABLES:
            continue
        t = results.totals(model.stats, game)
        played, won = results.streaks(model.stats, game, now)
        cells = [t["played"], t["won"], played, won, t["best"]]
        rows.append(f'<tr role="row"><th scope="row" role="rowheader">'
                    f'{escape(_title(model, game))}</th>{figure_cells(heads[1:], cells)}</tr>')
    if not rows:
        return ""
    head = "".join(f'<th scope="col" role="columnheader">{escape(h)}</th>' for h in heads)
    # TRANSLATORS: the heading of the statistics' table of daily deals
    title = _("Daily deals")
    # TRANSLATORS: under the statistics' table of daily deals
    how = _("A day counts once: your first play of its deal. Days in a row count the deals "
            "played on their own day (UTC).")
    return (f'<section class="stats-daily" aria-labelledby="stats-daily-h"><h3 '
            f'id="stats-daily-h">{escape(title)}</h3><div class="table-scroll" tabindex="0" '
            f'role="region" aria-labelledby="stats-daily-h"><table class="stats" role="table">'
            f'<thead role="rowgroup"><tr role="row">{head}</tr></thead><tbody role="rowgroup">'
            f'{"".join(rows)}</tbody></table></div>'
            f'<p class="help">{escape(how)}</p></section>')
