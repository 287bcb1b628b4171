"""The picture of the whole page, drawn from the model alone: which screen, the table of the
game in play, an open sheet, and what the page says about itself (whose turn, its title, the
line for screen readers)."""

from __future__ import annotations

from dataclasses import dataclass

from . import screens
from .model import Model
from .opponents import held, speed_name
from .parts.look import Look
from .play import settings_for
from .tables import TABLES, table_of
from .update import save_summary, stats_line

TITLES = {"you": "Your turn · kozyr", "over": "Game over · kozyr"}


@dataclass(frozen=True)
class Page:
    html: str
    screen: str
    turn: str  # "you", "ai", "over", or "" away from the table
    title: str
    four: bool
    still: bool


def draw(model: Model, now: float = 0.0) -> Page:
    turn = ""
    if model.screen == "home":
        html = screens.home_html(list(model.games), set(TABLES), save_summary(model),
                                 model.notice)
    elif model.screen == "setup":
        form = model.form
        html = screens.form_html(model.game_info(form.game), form.values, form.level,
                                 form.error, model.notice, TABLES[form.game].settings,
                                 settings_for(model, form.game))
    else:
        view, look = table_view(model, now)
        table = table_of(model.play)
        html = table.render(view, look)
        if view["phase"] == "over":
            turn = "over"
        elif view["to_act"] == model.play.session.human or held(model):
            turn = "you"
        else:
            turn = "ai"
    over = sheet(model)
    if over:  # nothing behind a sheet can be reached while it is open
        html = html.replace("<div ", "<div inert ", 1)
    return Page(html + over, model.screen, turn, TITLES.get(turn, "kozyr – card table"),
                model.prefs.four, model.prefs.still)


def table_view(model: Model, now: float) -> tuple[dict, Look]:
    play = model.play
    view = play.session.view()
    look = Look(
        names=play.names, human=play.session.human, selection=play.selection, hint=play.hint,
        fresh=play.motion.fresh, acted=play.motion.acted, leaving=play.motion.leaving,
        show_log=model.show_log, title=play.session.game.title,
        busy=play.session.ai_to_act() and not held(model), four=model.prefs.four,
        still=model.prefs.still,
        ui=play.ui, settings=settings_for(model, play.game), now=now, review=play.review,
        stats=stats_line(model), speed=speed_name(model))
    return view, look


def sheet(model: Model) -> str:
    if model.sheet == "rules":
        name = model.form.game if model.screen == "setup" and model.form else (
            model.play.game if model.play else None)
        if name is None:
            return ""
        title = model.game_info(name)["title"]
        return screens.sheet_html(f"How to play {title}", screens.rules_html(name))
    if model.sheet == "keys":
        return screens.sheet_html("Keys", screens.keys_html(
            table_of(model.play).key_list() if model.play and model.screen == "table" else ()))
    if model.sheet == "discards" and model.play is not None and model.screen == "table":
        table = table_of(model.play)
        return screens.sheet_html(table.discards_title, table.discards(model.play.session.view()))
    return ""
