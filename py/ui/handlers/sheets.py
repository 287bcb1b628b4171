"""The page's own controls around the games: the way home, the sheets (rules, keys, discards,
deal, statistics, settings), the language switch, the log drawer and a new version."""

from __future__ import annotations

import json
from dataclasses import replace

from .. import colours, i18n
from .. import messages as m
from .. import stats as st
from ..handoff import step_away, together
from ..i18n import _, n_
from ..model import PREFS_KEY, STATS_KEY, Model, Prefs, Result
from ..opponents import SPEED_ORDER
from ..shared_table import ice as servers
from ..sounds import sounds, volume_of

SIZES = ("small", "medium", "large")  # the cards' sizes of the settings sheet
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
    return replace(model, screen="home", notice="", sheet=None, replay=None,
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


def setting(model: Model, msg: m.Setting, now: float) -> Result:
    prefs, value = model.prefs, msg.value
    if msg.key == "speed" and value in SPEED_ORDER:
        model = replace(model, speed_ms=None)
        prefs = replace(prefs, speed=value)
    elif msg.key == "size" and value in SIZES:
        prefs = replace(prefs, size=value)
    elif msg.key in colours.NAMED and value in colours.NAMED[msg.key]:
        prefs = replace(prefs, **{msg.key: value})
    elif msg.key in Prefs.FLAGS:
        prefs = replace(prefs, **{msg.key: bool(value)})
    elif msg.key in ("sound", "volume"):
        return sound_setting(model, msg.key, value)
    elif msg.key == "ice" and isinstance(value, str):
        urls = tuple(u.strip() for u in value.replace(",", "\n").splitlines() if u.strip())
        try:
            urls = tuple(servers.parse(u).text() for u in urls)
        except servers.BadServer as exc:
            bad = next(u for u in urls if not servers.valid(u))
            return replace(model, notice=_(str(exc), text=bad)), []
        prefs, model = replace(prefs, ice=urls), replace(model, notice="")
    elif msg.key == "across" and value in servers.CONSENTS:
        prefs = replace(prefs, across=value)
    else:
        return model, []
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model)]


def sound_setting(model: Model, key: str, value) -> Result:
    """The Sound switch (for this visit too, whatever the address said) or the volume: a
    sound to hear it by, if there is sound."""
    if key == "sound":
        prefs = replace(model.prefs, sound=bool(value))
        model = replace(model, sound=bool(value))
    else:
        prefs = replace(model.prefs, volume=volume_of(value, model.prefs.volume))
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model), *sounds(model, "turn")]


def stats_export(model: Model, msg, now: float) -> Result:
    return model, [m.Download("kozyr-statistics.json", st.dumps(model.stats))]


def stats_import(model: Model, msg: m.StatsImport, now: float) -> Result:
    try:
        if msg.text is None:
            raise st.StatsError("format")
        stats = st.parse_import(msg.text)
    except st.StatsError as exc:
        if str(exc) == "version":
            # TRANSLATORS: an imported statistics file from a newer version of the page
            notice = _("That statistics file is from a newer version: nothing was changed.")
        else:
            # TRANSLATORS: an imported file that is not a statistics export
            notice = _("That file is not a kozyr statistics file: nothing was changed.")
        return replace(model, notice=notice), []
    games = len(stats["records"]) + sum(len(r) for r in (stats.get("people") or {}).values())
    # TRANSLATORS: after importing statistics; {n} is how many records (game and variant, yours
    # and those of each person who played at this device)
    notice = n_("Statistics imported: {n} record.", "Statistics imported: {n} records.", games)
    return (replace(model, stats=stats, notice=notice),
            [m.Store(STATS_KEY, st.dumps(stats))])


def stats_reset(model: Model, msg: m.StatsReset, now: float) -> Result:
    if not msg.confirm:
        return replace(model, sheet="stats", confirm="reset"), []
    stats = st.empty()
    # TRANSLATORS: after the statistics were reset
    notice = _("Statistics reset.")
    return (replace(model, stats=stats, confirm="", notice=notice),
            [m.Store(STATS_KEY, st.dumps(stats))])


def toggle_log(model: Model, msg, now: float) -> Result:
    return replace(model, show_log=not model.show_log), []


def close_log(model: Model, msg, now: float) -> Result:
    return replace(model, show_log=False), []


def update_ready(model: Model, msg, now: float) -> Result:
    return replace(model, update_ready=True), []


HANDLERS = {
    m.Home: home, m.OpenSheet: open_sheet, m.CloseSheet: close_sheet, m.Language: language,
    m.Setting: setting, m.StatsExport: stats_export, m.StatsImport: stats_import,
    m.StatsReset: stats_reset, m.ToggleLog: toggle_log, m.CloseLog: close_log,
    m.UpdateReady: update_ready,
}
