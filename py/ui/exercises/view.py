"""The exercises drawn: the panel at an exercise's table (in place of Undo and Hint), and the
list of exercises by game (a sheet). Words only from the model; the move played and the best
move are the person's own deal's, and the best move is named only once it is solved or after
the tries allowed."""

from __future__ import annotations

from html import escape

from kozyr.protocol import Move

from ..i18n import _, n_, p_
from ..model import Model
from ..parts.words import percent, verdict_word
from ..play import moves as mv
from ..play.results import today
from ..setup.screens import game_title
from . import model as ex

SOLVED_SHOWN = 5  # solved exercises listed per game (the latest), to try again


def move_words(text: str) -> str:
    return mv.move_words(Move.parse(text).to_json())


def panel_html(model: Model, trying: ex.Trying) -> str:
    """At the table: what is asked, how it stands, the way on."""
    j = trying.judgement
    # TRANSLATORS: the heading of the exercise panel at the table
    heading = _("Exercise")
    item = ex.find(model.exercises, trying.id)
    mark = item["verdict"] if item else "mistake"
    # TRANSLATORS: the exercise's question; {move} is the move played in the deal here,
    # {chance} its chance to win ("35%")
    ask = _("In this deal you played “{move}” here: {chance} to win. Find a better move.",
            move=move_words(j["played"]), chance=percent(j["chance_played"]))
    if trying.solved:
        # TRANSLATORS: the exercise panel's state once solved
        state = _("Solved")
        cls = "solved"
    elif trying.tries:
        # TRANSLATORS: the exercise panel's state: answers given that missed so far
        state = n_("{n} try missed", "{n} tries missed", trying.tries)
        cls = "missed"
    else:
        state, cls = "", ""
    left = len(ex.left(model.exercises))
    # TRANSLATORS: the button to the next exercise; {n} how many are left unsolved
    following = n_("Next exercise ({n} left)", "Next exercise ({n} left)", left)
    again = ("primary" if trying.solved or trying.tries >= ex.TRIES else "")
    # TRANSLATORS: the button that opens the list of exercises
    every = p_("button", "All exercises")
    next_button = (f'<button type="button" class="btn small {again}" data-act="exercise-next" '
                   f'id="exercise-next">{escape(following)}</button>') if left else ""
    state_html = (f' <span class="ex-state {cls}">{escape(state)}</span>' if state else "")
    return (f'<div class="exercise-panel" role="group" aria-labelledby="exercise-h">'
            f'<p class="ex-head"><strong id="exercise-h">{escape(heading)}</strong> '
            f'<span class="mark {mark}">{escape(verdict_word(mark))}</span>{state_html}</p>'
            f'<p class="ex-ask" id="exercise-ask">{escape(ask)}</p>'
            f'<div class="ex-actions">{next_button}<button type="button" class="btn small ghost" '
            f'data-act="exercises" id="exercises-open">{escape(every)}</button></div></div>')


def list_html(items: tuple[dict, ...], games: dict[str, dict]) -> str:
    """Every game's exercises: those left, oldest first, and the last solved."""
    if not items:
        # TRANSLATORS: the exercises list when there is none yet: how they are made
        none = _("No exercises yet. When a deal is over, open Replay and analysis and press "
                 "Analyse: each mistake or blunder it finds in your moves becomes an exercise "
                 "here, to be found again from your seat.")
        return f'<p class="ex-none">{escape(none)}</p>'
    # TRANSLATORS: the help at the top of the exercises list
    intro = _("Positions from your own deals where the analysis found a mistake or a blunder. "
              "You see the table from your seat, as you saw it then: find a move better than "
              "the one you played.")
    parts = [f'<p class="help">{escape(intro)}</p>']
    for name, game in games.items():
        mine = [i for i in items if i["deal"]["game"] == name]
        if mine:
            parts.append(game_html(name, game, items, mine))
    return "".join(parts)


def game_html(name: str, game: dict, items: tuple[dict, ...], mine: list[dict]) -> str:
    todo = ex.left(items, name)
    solved = [i for i in mine if i["solved"]][:SOLVED_SHOWN]
    title = game_title(game)
    # TRANSLATORS: a game's line in the exercises list: how many are left and solved
    count = _("{left}, {solved}",
              left=n_("{n} left", "{n} left", len(todo)),
              solved=n_("{n} solved", "{n} solved", sum(i["solved"] for i in mine)))
    rows = [row_html(i, title) for i in todo + solved]
    return (f'<section class="ex-game" aria-labelledby="ex-{name}"><h3 id="ex-{name}">'
            f'{escape(title)} <span class="ex-count">{escape(count)}</span></h3>'
            f'<ol class="recent-list ex-list">{"".join(rows)}</ol></section>')


def row_html(item: dict, title: str) -> str:
    j, deal = item["judgement"], item["deal"]
    id_ = ex.item_id(item)
    day = today(item["when"])  # the day it was found (UTC), as the daily deals write days
    # TRANSLATORS: an exercise in the list: its deal's number, the move's number in the deal,
    # the verdict (mistake, blunder) and the day it was found ("2026-12-01")
    what = _("Deal {deal}, move {n}: a {verdict}, {day}", deal=deal["seed"], n=j["step"] + 1,
             verdict=verdict_word(item["verdict"]), day=day)
    if item["solved"]:
        # TRANSLATORS: the button of a solved exercise in the list: try it once more
        button, cls = p_("button", "Again"), "ghost"
        # TRANSLATORS: after a solved exercise in the list
        what += " · " + _("solved")
    else:
        # TRANSLATORS: the button of an exercise left in the list: open it at the table
        button, cls = p_("button", "Try"), "primary"
    name = f"{button}: {title}, {what}"
    return (f'<li class="{"solved" if item["solved"] else "left"}"><span>{escape(what)}</span>'
            f'<button type="button" class="btn small {cls}" data-act="exercise" '
            f'data-arg="{escape(id_)}" aria-label="{escape(name)}">{escape(button)}</button>'
            f'</li>')
