"""The replay of a finished deal: open it (from the game-over panel, the statistics' recent
deals or a link), step through it, play on from a position, share it, and keep its analysis
as each judgement arrives."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kozyr.session import SAVE_FORMAT, SAVE_VERSION, Session

from .. import messages as m
from ..i18n import _
from ..model import ANALYSES_KEY, Model, Result
from ..packs import ReplayLink
from ..parts.words import reason_text, seat_names
from ..play import recent as rc
from ..play.table_life import seat_instead
from . import messages as rm
from .model import Replay, decision_steps


def opened(model: Model, deal: dict[str, Any], back: str, sheet: str | None = None) -> Result:
    """The replay of `deal` at its start, with its analysis if one was kept."""
    from kozyr import analysis  # the analysis: imported when a replay first opens

    judged = tuple(model.analyses.get(rc.deal_id(deal), ()))
    decisions = decision_steps(deal)
    try:
        judged = tuple(analysis.Judgement.from_json(j).to_json() for j in judged)
    except ValueError:
        judged = ()  # a damaged analysis is made again
    if [j["step"] for j in judged] != list(decisions[:len(judged)]):
        judged = ()
    names = tuple(seat_names(deal["options"]["players"], deal["human"], rc.people_of(deal)))
    replay = Replay(deal=deal, names=names, decisions=decisions, judged=judged, back=back,
                    sheet=sheet)
    return replace(model, screen="replay", replay=replay, sheet=None, notice=""), []


def open_replay(model: Model, msg: rm.OpenReplay, now: float) -> Result:
    if msg.source == "over":
        in_play = model.in_play
        if in_play is None or not in_play.session.over():
            return model, []
        if in_play.session.seed is None:  # a guest: the deal the host sent once it was over
            deal = model.guesting.deal if model.guesting is not None else None
            return opened(model, deal, "table") if deal else (model, [])
        return opened(model, rc.deal_of(in_play.session, names=in_play.people), "table")
    if msg.source == "recent" and 0 <= msg.index < len(model.recent):
        deal = rc.checked(model.recent[msg.index])
        if deal is None:
            # TRANSLATORS: on the statistics page, when a recent deal cannot be replayed
            notice = _("That deal cannot be replayed: it was saved by another version.")
            return replace(model, notice=notice), []
        return opened(model, deal, model.screen, "stats")
    return model, []


def from_link(model: Model, text: str) -> Result:
    """The replay a link asks for (replay=), or the home screen saying why not."""
    try:
        deal = rc.decode(text)
    except rc.DealLinkError as exc:
        # TRANSLATORS: a replay link that cannot be read; {reason} says what is wrong with it
        notice = _("This replay link cannot be read: {reason}.",
                   reason=reason_text(exc.args[0]))
        return replace(model, screen="home", notice=notice), []
    return opened(model, deal, "home")


def replay_to(model: Model, msg: rm.ReplayTo, now: float) -> Result:
    replay = model.replay
    if replay is None or model.screen != "replay":
        return model, []
    step = max(0, min(len(replay.deal["moves"]), msg.step))
    return (model, []) if step == replay.step else (
        replace(model, replay=replace(replay, step=step)), [])


def close_replay(model: Model, msg, now: float) -> Result:
    replay = model.replay
    if replay is None:
        return model, []
    back = replay.back
    if back == "table" and model.in_play is None or back == "setup" and model.form is None:
        back = "home"
    return replace(model, screen=back, sheet=replay.sheet, replay=None, notice=""), []


def play_on(model: Model, msg, now: float) -> Result:
    """A new game at the replayed position, the person in their seat against the deal's
    opponents: practice, never in the statistics. A game still in progress is left for it
    and counts as a loss, as it would for a new deal."""
    replay = model.replay
    if replay is None or replay.step >= len(replay.deal["moves"]):
        return model, []
    # the deal is a save without its header: loaded as one, cut at this step
    session = Session.load({**replay.deal, "format": SAVE_FORMAT, "version": SAVE_VERSION,
                            "moves": replay.deal["moves"][:replay.step]})
    return seat_instead(replace(model, replay=None), session, now, practice=True,
                        people=tuple(rc.people_of(replay.deal).values()))


def whose(model: Model, msg: rm.ReplayWhose, now: float) -> Result:
    """The replay of a deal several people played, seen from another person's seat: their
    cards at the bottom, their decisions analysed (each person's analysis is kept apart)."""
    replay = model.replay
    if (replay is None or msg.seat not in rc.people_of(replay.deal)
            or msg.seat == replay.deal["human"]):
        return model, []
    model, effects = opened(model, {**replay.deal, "human": msg.seat}, replay.back, replay.sheet)
    return replace(model, replay=replace(model.replay, step=replay.step)), effects


def analyse(model: Model, msg: rm.Analyse, now: float) -> Result:
    replay = model.replay
    if replay is None or msg.on == replay.analysing or (msg.on and replay.done):
        return model, []
    return replace(model, replay=replace(replay, analysing=msg.on, run=replay.run + 1)), []


def judged(model: Model, msg: m.Judged, now: float) -> Result:
    """One more decision judged: kept with the deal as soon as it is made."""
    replay = model.replay
    if replay is None or msg.run != replay.run or not replay.analysing:
        return model, []  # stopped, or another deal: a late slice
    expected = replay.decisions[len(replay.judged)] if not replay.done else None
    if msg.judgement.get("step") != expected:
        return model, []
    replay = replace(replay, judged=replay.judged + (msg.judgement,))
    replay = replace(replay, analysing=not replay.done)
    analyses = rc.keep_analysis(model.analyses, replay.key, list(replay.judged))
    effects: list = [m.Store(ANALYSES_KEY, rc.dumps(analyses))]
    if replay.done:
        # TRANSLATORS: said when the analysis of a replayed deal has finished
        effects.append(m.Say((_("The analysis is done."),)))
    return replace(model, replay=replay, analyses=analyses), effects


def share(model: Model, msg: rm.ShareReplay, now: float) -> Result:
    replay = model.replay
    if replay is None:
        return model, []
    query = "?replay=" + rc.encode(replay.deal)
    # TRANSLATORS: shown after the replay's Copy link; the link opens this replay anywhere
    done = _("Link copied: it opens this replay in any browser.")
    return (replace(model, replay=replace(replay, link=query), notice=done),
            [m.Copy(msg.base + query, "replay-link"), m.Say((done,))])


HANDLERS = {
    rm.OpenReplay: open_replay, rm.ReplayTo: replay_to, rm.CloseReplay: close_replay,
    rm.PlayOn: play_on, rm.Analyse: analyse, rm.ShareReplay: share,
    rm.ReplayWhose: whose, ReplayLink: lambda model, msg, now: from_link(model, msg.text),
}
