"""The statistics sheet: the person's record per game and variant, then each name's of the
games played together at this device, the achievements (achievements_view.py), the recent
deals with their Replay buttons, and export, import and reset."""

from __future__ import annotations

from html import escape

from ..i18n import NP_, _, n_, p_
from ..parts.words import figure_cells
from ..setup.options import choice_label, option_label
from ..setup.screens import game_title
from . import model as st
from .achievements_view import stats_block as achievements_html


def variant_words(game: dict, variant: dict | None) -> str:
    """A record's variant in a few words ("2 players, 36 cards, transfer")."""
    if variant is None:
        # TRANSLATORS: statistics kept before variants were told apart
        return _("earlier games (all variants)")
    words = []
    for o in game["options"]:
        key = o["key"]
        if key not in variant:
            continue
        if key == "players":
            words.append(n_("{n} player", "{n} players", variant[key]))
        elif o["kind"] == "flag":
            if variant[key]:
                words.append(option_label(o))
        elif key == "deck":
            words.append(n_("{n} card", "{n} cards", variant[key]))
        else:
            words.append(f"{option_label(o)}: {choice_label(o, variant[key])}")
    return _(", ").join(words)


def stats_html(stats: dict, catalogue: list[dict], playable: set[str], confirm: str,
               notice: str, recent: tuple[dict, ...] = (), daily: str = "") -> str:
    """The sheet's body (`daily`: the daily deals' table, daily/view's)."""
    parts = [f'<p class="notice" role="status">{escape(notice)}</p>' if notice else ""]
    parts.append(recent_html(recent, {g["name"]: g for g in catalogue}))
    games = [g for g in catalogue if g["name"] in playable]
    own, people = games_html(stats, games, None, "stats", 3), people_html(stats, games)
    parts += own
    parts.append(daily)
    if not own and not people and not daily:
        nothing = _("No games finished in this browser yet.")
        parts.append(f'<p class="empty">{escape(nothing)}</p>')
    parts.append(people)
    parts.append(achievements_html(stats, games))
    # TRANSLATORS: the statistics page: how abandoning and help are counted
    how = _("A game left unfinished for a new one counts as a loss. A game won after an undo or "
            "a hint counts as won with help. The statistics are kept in this browser; export "
            "them to carry them to another.")
    parts.append(f'<p class="help">{escape(how)}</p>')
    export, import_, reset = (p_("button", "Export"), p_("button", "Import…"),
                              p_("button", "Reset…"))
    if confirm == "reset":
        ask = _("Reset all statistics? This cannot be undone.")
        yes, no = p_("button", "Reset statistics"), p_("button", "Cancel")
        parts.append(f'<div class="confirm" role="group" aria-labelledby="confirm-q">'
                     f'<p id="confirm-q">{escape(ask)}</p><div class="sheet-actions">'
                     f'<button type="button" class="btn danger" data-act="stats-reset-yes" '
                     f'id="stats-reset-yes">{escape(yes)}</button><button type="button" '
                     f'class="btn" data-act="stats-reset-no" id="stats-reset-no">{escape(no)}'
                     f'</button></div></div>')
    parts.append(f'<div class="sheet-actions"><button type="button" class="btn" '
                 f'data-act="stats-export" id="stats-export">{escape(export)}</button>'
                 # the button opens the (hidden) file field's chooser
                 f'<button type="button" class="btn" data-act="stats-import" '
                 f'id="stats-import">{escape(import_)}</button><input type="file" '
                 f'id="stats-file" hidden accept=".json,application/json">'
                 f'<button type="button" class="btn ghost" data-act="stats-reset" '
                 f'id="stats-reset">{escape(reset)}</button></div>')
    return "".join(parts)


def people_html(stats: dict, games: list[dict]) -> str:
    """Each name's tables (pass and play: several people at this device), after the person's
    own; nothing when no one has played so."""
    people = []
    for i, name in enumerate(st.people_of(stats)):
        tables = games_html(stats, games, name, f"stats-p{i}", 5)
        if tables:  # a name whose games are all of games no longer offered shows nothing
            people.append(f'<section class="stats-person" aria-labelledby="stats-p{i}">'
                          f'<h4 id="stats-p{i}">{escape(name)}</h4>{"".join(tables)}</section>')
    if not people:
        return ""
    # TRANSLATORS: the statistics page: the heading over the games several people played at
    # this device (passing it between them), each under the name they gave
    heading = _("Played together at this device")
    # TRANSLATORS: the statistics page, under "Played together at this device"
    how = _("Each person's games under the name they gave, kept apart from your own.")
    return (f'<section class="stats-people" aria-labelledby="stats-people-h"><h3 '
            f'id="stats-people-h">{escape(heading)}</h3><p class="help">{escape(how)}</p>'
            f'{"".join(people)}</section>')


def games_html(stats: dict, games: list[dict], person: str | None, ids: str,
               level: int) -> list[str]:
    """A table per game played (the person's own, or with `person` that name's): a row per
    variant; `ids` starts the headings' ids, `level` is their heading level."""
    heads = [_("Variant"), _("Played"), _("Won"), _("Lost"), _("Drawn"), _("Win rate"),
             _("Streak"), _("Best streak"), _("Won with help")]
    parts = []
    for g in games:
        recs = st.for_game(stats, g["name"], person)
        if not recs:
            continue
        figures = st.figure_words(g["name"])  # the game's own, named by its table
        cols = heads + [_(words) for _f, words in figures]
        rows = "".join(record_row(g, r, figures, cols[1:]) for r in recs)
        head = "".join(f'<th scope="col" role="columnheader">{escape(c)}</th>' for c in cols)
        name = escape(g["name"])
        # a person's table is named by the name and the game ("Ann Durak")
        label = f"{ids} {ids}-{name}" if person is not None else f"{ids}-{name}"
        parts.append(f'<section class="stats-game" data-game="{name}">'
                     f'<h{level} id="{ids}-{name}">{escape(game_title(g))}</h{level}>'
                     # it may scroll: a tab stop, named by the game. On a phone each row is
                     # a block of its own, each number under its column's name (css), so the
                     # table's roles are written out: a table laid out so keeps them
                     f'<div class="table-scroll" tabindex="0" role="region" '
                     f'aria-labelledby="{label}"><table class="stats" role="table">'
                     f'<thead role="rowgroup"><tr role="row">{head}</tr></thead>'
                     f'<tbody role="rowgroup">{rows}</tbody></table></div></section>')
    return parts


def record_row(game: dict, r: dict, figures: list[tuple[str, str]], heads: list[str]) -> str:
    """A variant's line: its words, then its numbers, each with its column's name (`heads`),
    shown on a phone only and hidden from screen readers, which name a cell by its column."""
    rate = f'{100 * r["won"] / r["played"]:.0f}%' if r["played"] else "–"
    cells = [r["played"], r["won"], r["lost"], r["draw"], rate, r["streak"], r["best"],
             r["helped"]] + [r.get(f, 0) for f, _words in figures]
    abandoned = ""
    if r["abandoned"]:
        # TRANSLATORS: under a variant's line: games left for a new one (each a loss)
        abandoned = (' <span class="abandoned">' + escape(n_(
            "({n} left unfinished)", "({n} left unfinished)", r["abandoned"])) + '</span>')
    return (f'<tr role="row"><th scope="row" role="rowheader">'
            f'{escape(variant_words(game, r["variant"]))}{abandoned}</th>'
            + figure_cells(heads, cells) + "</tr>")


OUTCOME_WORDS = {
    # TRANSLATORS: a recent deal's outcome for the person, in the statistics' list
    "won": NP_("outcome", "won"), "lost": NP_("outcome", "lost"), "draw": NP_("outcome", "drawn"),
}


def recent_html(recent: tuple[dict, ...], games: dict[str, dict]) -> str:
    """The last finished deals, newest first, each with its Replay button."""
    if not recent:
        return ""
    rows = []
    for i, deal in enumerate(recent):
        game = games.get(deal.get("game"))
        if game is None:
            continue
        moves = deal.get("moves") if isinstance(deal.get("moves"), list) else []
        outcome = OUTCOME_WORDS.get(deal.get("outcome"))
        # TRANSLATORS: a recent deal in the statistics' list: the game, its number, its moves
        what = n_("{game}, deal {deal}, {n} move", "{game}, deal {deal}, {n} moves", len(moves),
                  game=game_title(game), deal=deal.get("seed"))
        said = f"{what} – {p_('outcome', outcome)}" if outcome else what
        # TRANSLATORS: the button that replays a recent deal (the statistics' list)
        button = p_("button", "Replay")
        rows.append(f'<li><span>{escape(said)}</span><button type="button" class="btn small" '
                    f'data-act="watch-recent" data-arg="{i}" id="watch-recent-{i}" '
                    f'aria-label="{escape(button + ": " + said)}">{escape(button)}</button></li>')
    # TRANSLATORS: the heading of the statistics' list of the last finished deals
    heading = _("Recent deals")
    return (f'<section class="recent-deals" aria-labelledby="recent-h"><h3 id="recent-h">'
            f'{escape(heading)}</h3><ol class="recent-list">{"".join(rows)}</ol></section>')
