"""The page opens: the address and what this browser stored decide the first screen (a game
dealt, its form, a replay, the saved game, the picker); an embedding page deals anew."""

from __future__ import annotations

import json
from dataclasses import replace

from .. import i18n
from .. import messages as m
from ..daily import model as daily_deal
from ..daily.update import from_address as daily_from_address
from ..exercises import model as ex
from ..i18n import _
from ..model import (ANALYSES_KEY, EXERCISES_KEY, OPTIONS_KEY, PEOPLE_KEY, PREFS_KEY, RECENT_KEY,
                     SAVE_KEY, SIZES, STATS_KEY, Model, Prefs, Result)
from ..packs import Need, ReplayLink, Speak
from ..packs.update import needed
from ..play import recent as rc
from ..play.handoff import together
from ..play.table_life import announce, resume
from ..replay.update import from_link
from ..seats import model as seats
from ..stats import model as st
from ..storage import read_json
from ..tables import TABLES
from . import address
from .form import deal, open_form, validated
from .options import effective


def start(model: Model, msg: m.Start, now: float) -> Result:
    stored = msg.stored
    prefs = Prefs.from_json(read_json(stored.get(PREFS_KEY)) or {}, i18n.LANGUAGES, SIZES)
    asked = address.language(msg.search)
    # lang= in the address (for this visit), else the player's choice, else the browser's
    chosen = asked if asked in i18n.LANGUAGES else prefs.lang or i18n.pick(list(msg.languages))
    # its words: here as the page opens (fetched beside kozyr's zip), else English until they are
    later = needed(model, Speak(chosen))
    lang = i18n.ENGLISH if later else chosen
    i18n.use(lang)
    model = replace(
        model, lang=lang, saved=stored.get(SAVE_KEY), touch=msg.touch,
        stats=st.read(stored.get(STATS_KEY)), prefs=prefs,
        recent=rc.read_recent(stored.get(RECENT_KEY)),
        analyses=rc.read_analyses(stored.get(ANALYSES_KEY)),
        daily=replace(model.daily, seeds=daily_deal.read_seeds(
            stored.get(daily_deal.DAILY_SEEDS_KEY))),
        exercises=ex.read(stored.get(EXERCISES_KEY)),
        people_names=seats.read_names(_json(stored.get(PEOPLE_KEY))),
        remembered={g["name"]: read_json(stored.get(OPTIONS_KEY + g["name"])) or {}
                    for g in model.games})
    model, effects = start_from_address(model, msg, now)
    effects = ([Need(later, Speak(chosen))] if later else []) + effects
    if asked is not None and asked not in i18n.LANGUAGES:
        # TRANSLATORS: a bad lang= in the address; {lang} is what it says, {languages} the
        # codes it may say
        unknown = _("The page does not speak “{lang}”: it is shown in English (lang= takes "
                    "{languages}).", lang=asked, languages=_(", ").join(i18n.LANGUAGES))
        model = replace(model, notice=f"{unknown} {model.notice}".strip())
    return model, effects


def start_from_address(model: Model, msg: m.Start, now: float) -> Result:
    """The screen the address asks for (a game dealt, its form), else the saved game."""
    games = {g["name"]: g for g in model.games if g["name"] in TABLES}
    intent = address.parse(msg.search, games,
                           {name: table.settings for name, table in TABLES.items()})
    if intent.four_colour is not None:
        model = replace(model, prefs=replace(model.prefs, four_colour=intent.four_colour))
    if intent.ice is not None:  # the embedding page's servers, for this visit
        model = replace(model, prefs=replace(model.prefs, ice=intent.ice))
    if intent.sound is not None or intent.embed and model.sound is None:
        # sounds as the address says, for this visit; a frame is silent unless its host asks
        model = replace(model, sound=bool(intent.sound))
    model = replace(model, speed_ms=intent.speed_ms, notice=intent.notice, embed=intent.embed,
                    host=intent.host, theme=intent.theme, compact=intent.compact,
                    fixed=intent.embed and intent.game is not None)
    if intent.replay is not None:
        link = ReplayLink(intent.replay)
        later = needed(model, link)  # the replay's screen, loaded when first used
        return (model, [Need(later, link)]) if later else from_link(model, intent.replay)
    if not intent.decides:
        return resume(model, now) if model.saved else (model, [])
    if intent.game is None:
        return model, []
    if intent.daily is not None:  # a game's deal of a day, or someone's result of it
        return daily_from_address(model, intent, now)
    # a link means the same game for everyone: its defaults, not this browser's last options
    model = open_form(model, intent.game, remember=intent.setup)
    form = model.form
    values = {**form.values, **intent.values}
    form = replace(form, values=values, level=intent.level or form.level)
    if intent.people is not None:
        form = replace(form, people=intent.people)
    if intent.guests is not None:
        form = replace(form, guests=intent.guests)
    if intent.partners is not None:
        form = replace(form, partners=intent.partners)
    if form.people + form.guests > 1:  # the names given, then this browser's, then "Player 2"…
        form = replace(form, names=seats.filled(intent.names, form.people + form.guests,
                                                model.people_names))
    if intent.level or intent.levels:  # one level for all, or one per computer seat in order
        computers = seats.seating(form, values).computers
        form = replace(form, levels=dict(zip(computers, intent.levels)))
    model = replace(model, address_settings=intent.settings, form=validated(form))
    if intent.problems:
        # TRANSLATORS: {problems} lists what is wrong with the address, separated by "; "
        notice = _("Check the game's address: {problems}.", problems=_("; ").join(intent.problems))
        return replace(model, notice=notice), []
    if intent.setup or model.form.error:
        return model, []
    if same_game_saved(model, intent.seed):
        return resume(model, now)  # a reload of the same link continues the game in progress
    return deal(model, msg.seed if intent.seed is None else intent.seed, now, intent.match)


def same_game_saved(model: Model, seed: int | None) -> bool:
    """The saved game is the one the address asks for (the same deal, if it names one)."""
    data = read_json(model.saved)
    form = model.form
    if not (data and data.get("game") == form.game and data.get("level") == form.level
            and data.get("options") == effective(model.game_info(form.game), form.values)
            and (seed is None or data.get("seed") == seed)):
        return False
    sitting = seats.seating(form, form.values, model.people_names)  # the same people and levels
    people = list(sitting.everyone) if len(sitting.everyone) > 1 else None
    own = {str(s): lv for s, lv in sitting.own_levels(form.level).items()}
    return (data.get("people") == people and (data.get("levels") or {}) == own
            and (data.get("names") or []) == list(sitting.names)
            and (data.get("guests") or []) == list(sitting.guests))


def _json(text: str | None):
    """A stored JSON value of any kind, or None."""
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def continue_saved(model: Model, msg, now: float) -> Result:
    in_play = model.in_play
    if in_play is not None and not in_play.session.over() and in_play.exercise is None:
        model = replace(model, screen="table")
        # several people: the table opens on the handoff, which takes the focus
        return announce(model, turn_began=True) if together(model.in_play) else (model, [])
    return resume(model, now) if model.saved else (model, [])


def host_game(model: Model, msg: m.HostGame, now: float) -> Result:
    """The embedding page deals a new game (embed.js's newGame): as if the page had opened at
    that address, the host's theme and origin kept."""
    if not model.embed:
        return model, []
    keep = (model.host, model.theme, model.compact)
    # a new shuffle's number, unless the host names the deal (a number, or a daily deal)
    named = "seed=" in msg.search or "daily=" in msg.search
    search = msg.search if named else f"{msg.search}&seed={msg.seed}"
    model, effects = start_from_address(replace(model, sheet=None), m.Start(search, {}, msg.seed),
                                        now)
    host, theme, compact = keep
    return replace(model, embed=True, host=host, theme=theme, compact=compact), effects


HANDLERS = {m.Start: start, m.Continue: continue_saved, m.HostGame: host_game}
