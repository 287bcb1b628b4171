"""The statistics sheet's buttons: save the statistics as a file, import one (checked: a file
that is not one, or from a newer version, changes nothing), reset them (asked first)."""

from __future__ import annotations

from dataclasses import replace

from .. import messages as m
from ..i18n import _, n_
from ..model import STATS_KEY, Model, Result
from . import model as st
from .messages import StatsExport, StatsImport, StatsReset


def stats_export(model: Model, msg, now: float) -> Result:
    return model, [m.Download("kozyr-statistics.json", st.dumps(model.stats))]


def stats_import(model: Model, msg: StatsImport, now: float) -> Result:
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


def stats_reset(model: Model, msg: StatsReset, now: float) -> Result:
    if not msg.confirm:
        return replace(model, sheet="stats", confirm="reset"), []
    stats = st.empty()
    # TRANSLATORS: after the statistics were reset
    notice = _("Statistics reset.")
    return (replace(model, stats=stats, confirm="", notice=notice),
            [m.Store(STATS_KEY, st.dumps(stats))])


HANDLERS = {StatsExport: stats_export, StatsImport: stats_import, StatsReset: stats_reset}
