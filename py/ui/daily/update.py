"""The daily deal: a game's deal of a day opened (from the home screen, the address, a shared
result), chosen first where that takes a search (the shell runs it in slices), and the
person's result shared."""

from __future__ import annotations

from dataclasses import replace

from kozyr import daily as engine
from kozyr.session import Session

from .. import messages as m
from ..i18n import _
from ..model import Model, Result
from ..play import results
from ..play.table_life import resume, saved_game, seat_instead, staying
from ..setup.options import sentence
from ..storage import read_json
from ..tables import TABLES
from . import model as dd
from . import messages as dm


def open_daily(model: Model, msg: dm.OpenDaily, now: float) -> Result:
    if model.game_info(msg.game) is None or msg.game not in TABLES:
        return model, []
    day, why = dd.the_day(msg.day, now)
    if day is None:
        return replace(model, screen="home", sheet=None, notice=sentence(why)), []
    return play_day(model, msg.game, day, now)


def play_day(model: Model, game: str, day: str, now: float) -> Result:
    """A game's deal of `day` at the table: its unfinished play continued, else dealt (a day
    played before is practice), once its number is known."""
    data = read_json(model.saved) or {}
    if data.get("daily") == day and data.get("game") == game:
        session = saved_game(model)
        if session is not None and not session.over():
            return resume(replace(model, replay=None, sheet=None), now)
    seed = dd.known_seed(model.daily, game, day)
    if seed is None:  # a search: the shell runs it, the home screen says so meanwhile
        daily = replace(model.daily, choosing=(game, day), shared=None)
        return (replace(model, daily=daily, screen="home", sheet=None, notice=""),
                [dm.ChooseDaily(game, day)])
    return deal_day(model, game, day, seed, now)


def deal_day(model: Model, game: str, day: str, seed: int, now: float) -> Result:
    """The day's deal at the table; the guests of a shared table stay in their seats, and
    then it is practice (the day's record is one person's against the computer)."""
    options = engine.options(game)
    guests, names = staying(model, options["players"], engine.HUMAN)
    session = Session(game, options, seed, human=engine.HUMAN, level=engine.LEVEL,
                      people=(engine.HUMAN, *guests) if guests else None)
    practice = bool(guests) or results.entry(model.stats, game, day) is not None
    model = replace(model, daily=replace(model.daily, choosing=None, shared=None), replay=None,
                    sheet=None)
    return seat_instead(model, session, now, practice=practice, daily=day, people=names,
                        guests=guests)


def chosen(model: Model, msg: dm.DailyChosen, now: float) -> Result:
    """A day's deal is chosen: kept, and dealt if the home screen still waits for it (none,
    0: the choice failed, the wait ends)."""
    if msg.seed <= 0:
        done = model.daily.choosing == (msg.game, msg.day)
        return (replace(model, daily=replace(model.daily, choosing=None)) if done else model), []
    seeds = dd.keep_seed(model.daily.seeds, msg.game, msg.day, msg.seed)
    waiting = model.daily.choosing == (msg.game, msg.day)
    daily = replace(model.daily, seeds=seeds, choosing=None if waiting else model.daily.choosing)
    model = replace(model, daily=daily)
    effects: list = [m.Store(dd.DAILY_SEEDS_KEY, dd.dumps_seeds(seeds))]
    if not waiting or model.screen != "home":
        return model, effects
    model, more = deal_day(model, msg.game, msg.day, msg.seed, now)
    return model, effects + more


def from_address(model: Model, intent, now: float) -> Result:
    """daily= (and result=) in the address: the day's deal, someone's result, or, on the first
    screen, what is wrong with the address."""
    model = replace(model, address_settings=intent.settings, screen="home")
    day, why = dd.the_day(intent.daily, now)
    problems = list(intent.problems) + ([why] if why else [])
    if problems:
        # TRANSLATORS: {problems} lists what is wrong with the address, separated by "; "
        notice = _("Check the game's address: {problems}.", problems=_("; ").join(problems))
        return replace(model, notice=notice), []
    if intent.result is not None:  # someone's result: shown, the deal offered
        outcome, moves = intent.result
        return replace(model, daily=replace(model.daily, shared=(intent.game, day, outcome,
                                                                 moves))), []
    return play_day(model, intent.game, day, now)


def share(model: Model, msg: dm.ShareDaily, now: float) -> Result:
    """The sheet that shares a day's result: its words and link, no card of it."""
    if results.entry(model.stats, msg.game, msg.day) is None or model.game_info(msg.game) is None:
        return model, []
    daily = replace(model.daily, share=(msg.game, msg.day, msg.base), copied=False)
    return replace(model, daily=daily, sheet="daily", confirm=""), []


def copy(model: Model, msg, now: float) -> Result:
    if model.daily.share is None or model.sheet != "daily":
        return model, []
    # TRANSLATORS: after Copy on the sheet that shares a daily deal's result
    done = _("Copied: your result and its link, without the cards.")
    return (replace(model, daily=replace(model.daily, copied=True)),
            [m.Copy(dd.share_text(model), "daily-share-text"), m.Say((done,))])


HANDLERS = {dm.OpenDaily: open_daily, dm.DailyChosen: chosen, dm.ShareDaily: share,
            dm.CopyDaily: copy}
