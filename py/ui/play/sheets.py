"""The page's own controls around the games: the way home, the sheets (rules, keys, discards,
deal, statistics, settings: what their controls do is their feature's), the language switch,
the log drawer and a new version; and how the preferences are stored, which several features
change."""

from __future__ import annotations

import json
from dataclasses import replace

from .. import i18n
from .. import messages as m
from ..model import PREFS_KEY, Model, Result
from .handoff import step_away, together

# sheets that show the page's notice (what their own buttons did): it goes when they close
SHEET_NOTICES = ("stats", "deal", "settings")


def store_prefs(model: Model) -> m.Store:
    return m.Store(PREFS_KEY, json.dumps(model.prefs.to_json()))


def home(model: Model, msg, now: float) -> Result:
    if model.fixed:  # the host chose the game: there is no picker to go back to
        return model, []
    done = model.in_play is not None and model.in_play.reviewing
    in_play = replace(model.in_play, reviewing=False) if done else model.in_play
    effects: list = []
    if in_play is not None and together(in_play) and not in_play.session.over():
        in_play = step_away(in_play)  # who comes back passes through the handoff
        effects.append(m.Say((), fresh=True))  # nothing said at the table stays in the page
    return replace(model, screen="home", notice="", sheet=None, replay=None, bar_menu=False,
                   in_play=in_play), effects


def open_sheet(model: Model, msg: m.OpenSheet, now: float) -> Result:
    at_table = model.in_play is not None and model.screen == "table"
    replaying = model.screen == "replay" and model.replay is not None
    if msg.sheet == "deal" and not at_table or msg.sheet == "discards" and not (
            at_table or replaying):
        return model, []
    return replace(model, sheet=msg.sheet, confirm="",
                   notice="" if msg.sheet in SHEET_NOTICES else model.notice), []


def close_sheet(model: Model, msg, now: float) -> Result:
    notice = "" if model.sheet in SHEET_NOTICES else model.notice
    return replace(model, sheet=None, confirm="", notice=notice), []


def language(model: Model, msg: m.Language, now: float) -> Result:
    """The switch: speak `msg.lang` from now on, on this page and the next visits."""
    if msg.lang not in i18n.LANGUAGES:
        return model, []
    i18n.use(msg.lang)
    model = replace(model, lang=msg.lang, prefs=replace(model.prefs, lang=msg.lang),
                    notice="")  # a notice stays in the language it was written in
    return model, [store_prefs(model)]


def toggle_log(model: Model, msg, now: float) -> Result:
    return replace(model, show_log=not model.show_log, bar_menu=False), []


def toggle_bar_menu(model: Model, msg, now: float) -> Result:
    return replace(model, bar_menu=not model.bar_menu and model.screen == "table"), []


def close_log(model: Model, msg, now: float) -> Result:
    return replace(model, show_log=False), []


def update_ready(model: Model, msg, now: float) -> Result:
    return replace(model, update_ready=True), []


HANDLERS = {
    m.Home: home, m.OpenSheet: open_sheet, m.CloseSheet: close_sheet, m.Language: language,
    m.ToggleLog: toggle_log, m.CloseLog: close_log, m.ToggleBarMenu: toggle_bar_menu,
    m.UpdateReady: update_ready,
}
