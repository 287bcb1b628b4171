"""The picture of the whole page, drawn from the model alone: which screen, the table of the
game in play, an open sheet, and what the page says about itself (whose turn, its title, the
line for screen readers)."""

from __future__ import annotations

from dataclasses import dataclass

from . import i18n, screens
from .i18n import N_, _, language, p_
from .model import Model
from .opponents import held, speed_word
from .parts.look import Look
from .play import settings_for
from .tables import TABLES, table_of
from .update import save_summary, stats_line

# the page's title (the browser's tab) at the table, by whose turn it is
TITLES = {"you": N_("Your turn · kozyr"), "over": N_("Game over · kozyr")}


@dataclass(frozen=True)
class Page:
    html: str
    screen: str
    turn: str  # "you", "ai", "over", or "" away from the table
    title: str
    four: bool
    still: bool
    lang: str  # <html lang>


def draw(model: Model, now: float = 0.0) -> Page:
    i18n.use(model.lang)
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
    # every screen's header (the picker's, the form's, the table's bar) ends with the switch
    html = html.replace("</header>", screens.language_html(model.lang) + "</header>", 1)
    over = sheet(model)
    if over:  # nothing behind a sheet can be reached while it is open
        html = html.replace("<div ", "<div inert ", 1)
    title = _(TITLES[turn]) if turn in TITLES else _("kozyr – card table")
    return Page(html + over, model.screen, turn, title, model.prefs.four, model.prefs.still,
                model.lang)


def table_view(model: Model, now: float) -> tuple[dict, Look]:
    play = model.play
    view = play.session.view()
    look = Look(
        names=play.names, human=play.session.human, selection=play.selection, hint=play.hint,
        fresh=play.motion.fresh, acted=play.motion.acted, leaving=play.motion.leaving,
        show_log=model.show_log, title=p_("game", play.session.game.title),
        busy=play.session.ai_to_act() and not held(model), four=model.prefs.four,
        still=model.prefs.still,
        ui=play.ui, settings=settings_for(model, play.game), now=now, review=play.review,
        stats=stats_line(model), speed=speed_word(model))
    return view, look


def sheet(model: Model) -> str:
    if model.sheet == "rules":
        name = model.form.game if model.screen == "setup" and model.form else (
            model.play.game if model.play else None)
        if name is None:
            return ""
        title = model.game_info(name)["title"]
        title = p_("game", title)
        return screens.sheet_html(_("How to play {game}", game=title),
                                  screens.rules_html(name, language()))
    if model.sheet == "keys":
        # TRANSLATORS: the title of the sheet that lists the keyboard's keys
        return screens.sheet_html(_("Keys"), screens.keys_html(
            table_of(model.play).key_list() if model.play and model.screen == "table" else ()))
    if model.sheet == "discards" and model.play is not None and model.screen == "table":
        table = table_of(model.play)
        return screens.sheet_html(_(table.discards_title),
                                  table.discards(model.play.session.view()))
    return ""
