"""update for the replay of a finished deal: open it (from the game-over panel, the statistics'
recent deals or a link), step through it, play on from a position, share it, and its analysis,
which the shell runs a slice at a time (`analyse_in_slices`) and this keeps with the deal.

Every position is rebuilt from the deal's seed and moves (`position`), never kept.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, Callable

from kozyr import registry
from kozyr.protocol import Move, State
from kozyr.session import SAVE_FORMAT, SAVE_VERSION, Session

from . import messages as m
from . import recent as rc
from .i18n import _
from .model import ANALYSES_KEY, RECENT_KEY, Model, Watch
from .parts.words import seat_names, reason_text

Result = tuple[Model, list]
SLICE = 0.04  # seconds the analysis works before the browser gets the page back


def position(deal: dict[str, Any], step: int) -> State:
    """The deal after its first `step` moves, replayed from its seed."""
    game = registry.get(deal["game"])
    return game.replay(deal["options"], deal["seed"], deal["moves"][:step], deal["match"])


def decision_steps(deal: dict[str, Any]) -> tuple[int, ...]:
    from kozyr import analysis  # the analysis: imported when a replay first opens

    return tuple(step for step, *_ in analysis.decisions(
        deal["game"], deal["options"], deal["seed"], deal["moves"], deal["human"],
        deal["match"]))


def watching(model: Model, deal: dict[str, Any], back: str, sheet: str | None = None) -> Result:
    """The replay of `deal` at its start, with its analysis if one was kept."""
    from kozyr import analysis

    judged = tuple(model.analyses.get(rc.deal_id(deal), ()))
    decisions = decision_steps(deal)
    try:
        judged = tuple(analysis.Judgement.from_json(j).to_json() for j in judged)
    except ValueError:
        judged = ()  # a damaged analysis is made again
    if [j["step"] for j in judged] != list(decisions[:len(judged)]):
        judged = ()
    names = tuple(seat_names(deal["options"]["players"], deal["human"]))
    watch = Watch(deal=deal, names=names, decisions=decisions, judged=judged, back=back,
                  sheet=sheet)
    return replace(model, screen="replay", watch=watch, sheet=None, notice=""), []


def open_replay(model: Model, msg: m.OpenReplay, now: float) -> Result:
    if msg.source == "over":
        play = model.play
        if play is None or not play.session.over():
            return model, []
        return watching(model, rc.deal_of(play.session), "table")
    if msg.source == "recent" and 0 <= msg.index < len(model.recent):
        deal = rc.checked(model.recent[msg.index])
        if deal is None:
            # TRANSLATORS: on the statistics page, when a recent deal cannot be replayed
            notice = _("That deal cannot be replayed: it was saved by another version.")
            return replace(model, notice=notice), []
        return watching(model, deal, model.screen, "stats")
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
    return watching(model, deal, "home")


def replay_to(model: Model, msg: m.ReplayTo, now: float) -> Result:
    watch = model.watch
    if watch is None or model.screen != "replay":
        return model, []
    step = max(0, min(len(watch.deal["moves"]), msg.step))
    return (model, []) if step == watch.step else (
        replace(model, watch=replace(watch, step=step)), [])


def close_replay(model: Model, msg, now: float) -> Result:
    watch = model.watch
    if watch is None:
        return model, []
    back = watch.back
    if back == "table" and model.play is None or back == "setup" and model.form is None:
        back = "home"
    return replace(model, screen=back, sheet=watch.sheet, watch=None, notice=""), []


def play_on(model: Model, msg, now: float) -> Result:
    """A new game at the replayed position, the person in their seat against the deal's
    opponents: practice, never in the statistics. A game still in progress is left for it
    and counts as a loss, as it would for a new deal."""
    from .update import instead

    watch = model.watch
    if watch is None or watch.step >= len(watch.deal["moves"]):
        return model, []
    # the deal is a save without its header: loaded as one, cut at this step
    session = Session.load({**watch.deal, "format": SAVE_FORMAT, "version": SAVE_VERSION,
                            "moves": watch.deal["moves"][:watch.step]})
    return instead(replace(model, watch=None), session, now, practice=True)


def analyse(model: Model, msg: m.Analyse, now: float) -> Result:
    watch = model.watch
    if watch is None or msg.on == watch.analysing or (msg.on and watch.done):
        return model, []
    return replace(model, watch=replace(watch, analysing=msg.on, run=watch.run + 1)), []


def judged(model: Model, msg: m.Judged, now: float) -> Result:
    """One more decision judged: kept with the deal as soon as it is made."""
    watch = model.watch
    if watch is None or msg.run != watch.run or not watch.analysing:
        return model, []  # stopped, or another deal: a late slice
    expected = watch.decisions[len(watch.judged)] if not watch.done else None
    if msg.judgement.get("step") != expected:
        return model, []
    watch = replace(watch, judged=watch.judged + (msg.judgement,))
    watch = replace(watch, analysing=not watch.done)
    analyses = rc.keep_analysis(model.analyses, watch.key, list(watch.judged))
    effects: list = [m.Store(ANALYSES_KEY, rc.dumps(analyses))]
    if watch.done:
        # TRANSLATORS: said when the analysis of a replayed deal has finished
        effects.append(m.Say((_("The analysis is done."),)))
    return replace(model, watch=watch, analyses=analyses), effects


def share(model: Model, msg: m.ShareReplay, now: float) -> Result:
    watch = model.watch
    if watch is None:
        return model, []
    query = "?replay=" + rc.encode(watch.deal)
    # TRANSLATORS: shown after the replay's Copy link; the link opens this replay anywhere
    done = _("Link copied: it opens this replay in any browser.")
    return (replace(model, watch=replace(watch, link=query), notice=done),
            [m.Copy(msg.base + query, "replay-link"), m.Say((done,))])


def remember(model: Model, session: Session, outcome: str, now: float) -> Result:
    """A finished deal goes first in the recent list."""
    recent = rc.add_recent(model.recent, rc.deal_of(session, outcome, now))
    return replace(model, recent=recent), [m.Store(RECENT_KEY, rc.dumps(list(recent)))]


async def analyse_in_slices(watch: Watch, current: Callable[[], bool],
                            report: Callable[[dict], None]) -> None:
    """Run the analysis of `watch`'s deal from its first decision not yet judged, SLICE
    seconds at a time with the browser given back in between, reporting each judgement;
    it ends when `current()` turns false (stopped, or the replay closed) or all are judged."""
    from kozyr import analysis

    deal = watch.deal
    after = watch.judged[-1]["step"] if watch.judged else -1
    work = analysis.analysing(deal["game"], deal["options"], deal["seed"], deal["moves"],
                              deal["human"], deal["match"], after=after)
    while current():
        stop, made = time.perf_counter() + SLICE, None
        while made is None and time.perf_counter() < stop:
            made = next(work, StopIteration)
        if made is StopIteration:
            return
        if made is not None:
            report(made.to_json())
        await asyncio.sleep(0)


def played_move(deal: dict[str, Any], step: int) -> Move | None:
    """The move made at `step` (None at the deal's end)."""
    moves = deal["moves"]
    return Move.parse(moves[step]) if step < len(moves) else None


HANDLERS = {
    m.OpenReplay: open_replay, m.ReplayTo: replay_to, m.CloseReplay: close_replay,
    m.PlayOn: play_on, m.Analyse: analyse, m.Judged: judged, m.ShareReplay: share,
}
