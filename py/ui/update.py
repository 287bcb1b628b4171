"""update(model, message, now) -> (model, effects): what every message does to the page.

Plain functions with no page access: the shell runs them and then the effects they return
(storing, console lines). This module holds the first screens and the page's own controls;
what happens at the table is in `play`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Callable

import kozyr
from kozyr.session import SaveError, Session

from . import address, i18n, play
from . import recent as rc
from . import replay as rp
from . import stats as st
from . import messages as m
from .i18n import _, n_, p_
from .model import (ANALYSES_KEY, OPTIONS_KEY, PREFS_KEY, RECENT_KEY, SAVE_KEY, STATS_KEY, Form,
                    Model, Prefs)
from .opponents import SPEED_ORDER

SIZES = ("small", "medium", "large")  # the cards' sizes of the settings sheet
from .options import ParamError, defaults, effective, parse_value, reason_of
from .parts.words import reason_text
from .storage import read_json
from .tables import TABLES

Result = tuple[Model, list]


def update(model: Model, msg, now: float = 0.0) -> Result:
    handler = HANDLERS.get(type(msg))
    if handler is None:
        return model, []
    i18n.use(model.lang)  # the words of the notices, hints and announcements it makes
    return handler(model, msg, now)


# --- start: the address and what this browser stored ----------------------------------------

def stored_prefs(text: str | None) -> Prefs:
    """The preferences as stored; anything damaged falls back to the default."""
    prefs = read_json(text) or {}
    settings = prefs.get("settings")
    lang = prefs.get("lang")
    size = prefs.get("size")
    return Prefs(speed=str(prefs.get("speed", "normal")),
                 lang=lang if lang in i18n.LANGUAGES else "", four=bool(prefs.get("four")),
                 still=bool(prefs.get("still")),
                 settings=settings if isinstance(settings, dict) else {},
                 size=size if size in SIZES else "medium", confirm=bool(prefs.get("confirm")),
                 left=bool(prefs.get("left")))


def start(model: Model, msg: m.Start, now: float) -> Result:
    stored = msg.stored
    prefs = stored_prefs(stored.get(PREFS_KEY))
    asked = address.language(msg.search)
    # lang= in the address (for this visit), else the player's choice, else the browser's
    lang = asked if asked in i18n.LANGUAGES else prefs.lang or i18n.pick(list(msg.languages))
    i18n.use(lang)
    model = replace(
        model, lang=lang, saved=stored.get(SAVE_KEY),
        stats=st.read(stored.get(STATS_KEY)), prefs=prefs,
        recent=rc.read_recent(stored.get(RECENT_KEY)),
        analyses=rc.read_analyses(stored.get(ANALYSES_KEY)),
        remembered={g["name"]: read_json(stored.get(OPTIONS_KEY + g["name"])) or {}
                    for g in model.games})
    model, effects = start_from_address(model, msg, now)
    if asked is not None and asked not in i18n.LANGUAGES:
        # TRANSLATORS: a bad lang= in the address; {lang} is what it says, {languages} the
        # codes it may say
        unknown = _("The page does not speak “{lang}”: it is shown in English (lang= takes "
                    "{languages}).", lang=asked, languages=_(", ").join(i18n.LANGUAGES))
        model = replace(model, notice=f"{unknown} {model.notice}".strip())
    return model, effects


def language(model: Model, msg: m.Language, now: float) -> Result:
    """The switch: speak `msg.lang` from now on, on this page and the next visits."""
    if msg.lang not in i18n.LANGUAGES:
        return model, []
    i18n.use(msg.lang)
    model = replace(model, lang=msg.lang, prefs=replace(model.prefs, lang=msg.lang),
                    notice="")  # a notice stays in the language it was written in
    return model, [store_prefs(model)]


def start_from_address(model: Model, msg: m.Start, now: float) -> Result:
    """The screen the address asks for (a game dealt, its form), else the saved game."""
    games = {g["name"]: g for g in model.games if g["name"] in TABLES}
    intent = address.parse(msg.search, games,
                           {name: table.settings for name, table in TABLES.items()})
    if intent.four is not None:
        model = replace(model, prefs=replace(model.prefs, four=intent.four))
    model = replace(model, speed_ms=intent.speed_ms, notice=intent.notice, embed=intent.embed,
                    host=intent.host, theme=intent.theme, compact=intent.compact,
                    fixed=intent.embed and intent.game is not None)
    if intent.replay is not None:
        return rp.from_link(model, intent.replay)
    if not intent.decides:
        return resume(model, now) if model.saved else (model, [])
    if intent.game is None:
        return model, []
    # a link means the same game for everyone: its defaults, not this browser's last options
    model = open_form(model, intent.game, remember=intent.setup)
    form = model.form
    values = {**form.values, **intent.values}
    model = replace(model, address_settings=intent.settings,
                    form=validated(replace(form, values=values, level=intent.level or form.level)))
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
    return bool(data and data.get("game") == form.game and data.get("level") == form.level
                and data.get("options") == effective(model.game_info(form.game), form.values)
                and (seed is None or data.get("seed") == seed))


def resume(model: Model, now: float) -> Result:
    """Continue the saved game; a save that cannot be restored is reported and removed."""
    try:
        session = Session.load(model.saved)
        if session.game.name not in TABLES:
            # TRANSLATORS: why a saved game cannot be restored (in the brackets of "Your saved
            # game could not be restored (…)"); {game} is the game's title
            raise SaveError(_("this version cannot show {game} yet",
                              game=p_("game", session.game.title)))
    except Exception as exc:  # a save from a newer or broken version: never crash
        reason = reason_text(reason_of(exc))
        if isinstance(exc, SaveError):
            # TRANSLATORS: {reason} says what is wrong with the saved game
            notice = _("Your saved game could not be restored ({reason}); it was removed. Start "
                       "a new one below.", reason=reason)
        else:
            # TRANSLATORS: {reason} is the error (technical) that stopped the saved game
            notice = _("Your saved game could not be restored ({reason}); it was removed.",
                       reason=reason)
        return (replace(model, saved=None, screen="home", play=None, notice=notice),
                [m.Store(SAVE_KEY, None)])
    data = read_json(model.saved) or {}
    ui, aids = data.get("ui"), data.get("aids")
    return play.to_table(model, session, ui if isinstance(ui, dict) else {}, now,
                         aids if isinstance(aids, dict) else None, data.get("practice") is True)


# --- the options form -------------------------------------------------------------------------

def open_form(model: Model, name: str, remember: bool = True) -> Model:
    """The options form of a game, filled with the options last dealt (or the defaults)."""
    game = model.game_info(name)
    values = defaults(game)
    remembered = model.remembered.get(name, {}) if remember else {}
    for o in game["options"]:
        if o["key"] in remembered:
            try:
                values[o["key"]] = parse_value(o, str(remembered[o["key"]]))
            except ParamError:
                pass
    levels = game.get("ai_levels") or ["normal"]
    level = remembered.get("@level") if remembered.get("@level") in levels else (
        "normal" if "normal" in levels else levels[0])
    return replace(model, screen="setup", sheet=None,
                   form=validated(Form(game=name, values=values, level=level)))


def validated(form: Form) -> Form:
    game = kozyr.get(form.game)
    try:
        game.check_options(effective(game.describe(), form.values))
        return replace(form, error="")
    except kozyr.OptionsError as exc:
        return replace(form, error=reason_of(exc))  # worded where it is shown


def pick(model: Model, msg: m.Pick, now: float) -> Result:
    if model.game_info(msg.game) is None or msg.game not in TABLES:
        return model, []
    return open_form(replace(model, notice=""), msg.game), []


def set_option(model: Model, msg: m.SetOption, now: float) -> Result:
    form = model.form
    if form is None or model.screen != "setup":
        return model, []
    effects: list = []
    if msg.key == "@level":
        form = replace(form, level=str(msg.value))
    elif msg.key == "@seed":
        form = replace(form, seed=str(msg.value).strip())
    elif msg.key.startswith("ui:"):
        model, effects = choose_setting(model, msg.key[3:], str(msg.value))
    else:
        option = next(o for o in model.game_info(form.game)["options"] if o["key"] == msg.key)
        value = (bool(msg.value) if option["kind"] == "flag"
                 else parse_value(option, str(msg.value)))
        form = replace(form, values={**form.values, msg.key: value})
    return replace(model, form=validated(form), notice=""), effects


def choose_setting(model: Model, key: str, text: str) -> Result:
    """A table setting chosen in the form: this browser's choice from now on."""
    name = model.form.game
    option = next(o for o in TABLES[name].settings if o["key"] == key)
    mine = {**model.prefs.settings.get(name, {}), key: parse_value(option, text)}
    prefs = replace(model.prefs, settings={**model.prefs.settings, name: mine})
    rest = {k: v for k, v in model.address_settings.items() if k != key}
    model = replace(model, prefs=prefs, address_settings=rest)
    return model, [store_prefs(model)]


def reset_options(model: Model, msg, now: float) -> Result:
    if model.form is None:
        return model, []
    game = model.game_info(model.form.game)
    return replace(model, form=validated(replace(model.form, values=defaults(game)))), []


def deal_pressed(model: Model, msg: m.Deal, now: float) -> Result:
    if model.form is None:
        return model, []
    model = replace(model, form=validated(model.form))
    if model.form.error:
        return model, []
    typed = (msg.number if msg.number is not None else model.form.seed).strip()
    if typed:
        number = deal_number(typed)
        if number is None:
            return replace(model, form=replace(model.form, seed=typed),
                           notice=bad_number(typed)), []
        return deal(model, number, now)
    return deal(model, msg.seed, now)


def deal(model: Model, seed: int, now: float, match: dict | None = None) -> Result:
    form = model.form
    opts = effective(model.game_info(form.game), form.values)
    try:
        session = Session(form.game, opts, seed, human=0, level=form.level, match=match)
    except kozyr.OptionsError as exc:
        return replace(model, screen="setup", form=replace(form, error=reason_of(exc))), []
    except (kozyr.KozyrError, ValueError, TypeError, KeyError, AttributeError) as exc:
        # TRANSLATORS: the address's match= made no deal; {error} is the technical reason
        notice = _("The deal's carry-over in the address cannot be used ({error}).",
                   error=str(exc))
        return replace(model, screen="setup", notice=notice), []
    remembered = {**opts, "@level": form.level}
    model = replace(model, remembered={**model.remembered, form.game: remembered},
                    form=replace(form, seed=""))
    model, effects = instead(model, session, now)
    return model, [m.Store(OPTIONS_KEY + form.game, json.dumps(remembered)), *effects]


def instead(model: Model, session: Session, now: float, leave: bool = True,
            practice: bool = False) -> Result:
    """`session` at the table in place of the game in progress, if any (with `leave`), which
    counts as lost: the new table says so."""
    model, effects = abandon(model) if leave else (model, [])
    model, more = play.to_table(model, session, {}, now, practice=practice)
    if effects:
        model = replace(model, play=replace(model.play, hint=left_unfinished()))
    return model, effects + more


def left_unfinished() -> str:
    # TRANSLATORS: at the table of a new deal, when an unfinished game was left for it
    return _("Your unfinished game was counted as a loss.")


def in_progress(model: Model) -> Session | None:
    """The saved game, if one is still being played (a match between its deals included)."""
    if not model.saved:
        return None
    try:
        session = Session.load(model.saved)
    except Exception:  # a damaged save is reported where it is resumed
        return None
    return session


def abandon(model: Model) -> Result:
    """A game left unfinished for a new one counts as a loss (the form says so first)."""
    session = in_progress(model)
    if session is None or session.human is None or (read_json(model.saved) or {}).get("practice"):
        return model, []
    stats = st.add(model.stats, session.game.name, session.options, "lost", abandoned=True)
    return replace(model, stats=stats, saved=None), [m.Store(STATS_KEY, st.dumps(stats))]


MAX_DEAL = 2**31 - 1


def deal_number(text: str) -> int | None:
    """A deal number as typed ("12345", "#12 345"), or None if it is none."""
    digits = str(text).strip().lstrip("#").replace(" ", "").replace("\u00a0", "")
    if not digits.isdigit() or not 0 <= int(digits) <= MAX_DEAL:
        return None
    return int(digits)


def bad_number(text: str) -> str:
    # TRANSLATORS: a deal number that is not one; {text} is what was typed, {most} the largest
    return _("A deal number is a whole number from 0 to {most}, not “{text}”.", text=text,
             most=MAX_DEAL)


def continue_saved(model: Model, msg, now: float) -> Result:
    if model.play is not None and not model.play.session.over():
        return replace(model, screen="table"), []
    return resume(model, now) if model.saved else (model, [])


# --- the page's own controls ----------------------------------------------------------------

def home(model: Model, msg, now: float) -> Result:
    if model.fixed:  # the host chose the game: there is no picker to go back to
        return model, []
    done = model.play is not None and model.play.review
    return replace(model, screen="home", notice="", sheet=None, watch=None,
                   play=replace(model.play, review=False) if done else model.play), []


def open_sheet(model: Model, msg: m.OpenSheet, now: float) -> Result:
    at_table = model.play is not None and model.screen == "table"
    if msg.sheet == "deal" and not at_table or msg.sheet == "discards" and not (
            at_table or model.screen == "replay" and model.watch is not None):
        return model, []
    return replace(model, sheet=msg.sheet, confirm="",
                   notice="" if msg.sheet in SHEET_NOTICES else model.notice), []


# sheets that show the page's notice (what their own buttons did): it goes when they close
SHEET_NOTICES = ("stats", "deal")


def close_sheet(model: Model, msg, now: float) -> Result:
    notice = "" if model.sheet in SHEET_NOTICES else model.notice
    return replace(model, sheet=None, confirm="", notice=notice), []


# --- deal numbers ------------------------------------------------------------------------------

def deal_number_box(model: Model, msg: m.DealNumber, now: float) -> Result:
    """The home screen's box: the game's options form, ready to deal that number."""
    if model.game_info(msg.game) is None or msg.game not in TABLES:
        return model, []
    if deal_number(msg.number) is None:
        return replace(model, notice=bad_number(msg.number)), []
    model = open_form(replace(model, notice=""), msg.game)
    return replace(model, form=replace(model.form, seed=str(deal_number(msg.number)))), []


def replay(model: Model, msg, now: float) -> Result:
    """This deal again from its start: same number, options, opponents and carry-over. A game
    still being played is left for it, and counts as a loss."""
    if model.play is None or model.screen != "table":
        return model, []
    old = model.play.session
    session = Session(old.game.name, old.options, old.seed, old.human, old.level, old.match)
    return instead(replace(model, sheet=None, notice=""), session, now, leave=not old.over())


def copy_link(model: Model, msg: m.CopyLink, now: float) -> Result:
    if model.play is None:
        return model, []
    s = model.play.session
    url = msg.base + address.link(s.game.name, s.options, s.level, s.seed, s.match)
    # TRANSLATORS: shown after Copy link; the link deals the same cards in any browser
    done = _("Link copied: it deals these very cards in any browser.")
    return replace(model, notice=done), [m.Copy(url), m.Say((done,))]


# --- the settings sheet ------------------------------------------------------------------------

def setting(model: Model, msg: m.Setting, now: float) -> Result:
    prefs, value = model.prefs, msg.value
    if msg.key == "speed" and value in SPEED_ORDER:
        model = replace(model, speed_ms=None)
        prefs = replace(prefs, speed=value)
    elif msg.key == "size" and value in SIZES:
        prefs = replace(prefs, size=value)
    elif msg.key in ("four", "still", "confirm", "left"):
        prefs = replace(prefs, **{msg.key: bool(value)})
    else:
        return model, []
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model)]


# --- statistics ----------------------------------------------------------------------------------

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
    games = len(stats["records"])
    # TRANSLATORS: after importing statistics; {n} is how many records (game and variant)
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


def escape_key(model: Model, msg, now: float) -> Result:
    play = model.play
    if model.sheet:
        return replace(model, sheet=None), []
    if model.screen == "replay":
        return rp.close_replay(model, msg, now)
    if model.screen != "table" or play is None:
        return model, []
    if play.confirming:  # "take the cards?" answered no
        return replace(model, play=replace(play, confirming="")), []
    if play.selection or play.hint:
        return replace(model, play=replace(play, selection=(), hint="")), []
    if play.session.over() and not play.review:
        return replace(model, play=replace(play, review=True)), []
    return model, []


def host_game(model: Model, msg: m.HostGame, now: float) -> Result:
    """The embedding page deals a new game (embed.js's newGame): as if the page had opened at
    that address, the host's theme and origin kept."""
    if not model.embed:
        return model, []
    keep = (model.host, model.theme, model.compact)
    search = msg.search if "seed=" in msg.search else f"{msg.search}&seed={msg.seed}"
    model, effects = start_from_address(replace(model, sheet=None), m.Start(search, {}, msg.seed),
                                        now)
    host, theme, compact = keep
    return replace(model, embed=True, host=host, theme=theme, compact=compact), effects


def update_ready(model: Model, msg, now: float) -> Result:
    return replace(model, update_ready=True), []


def failed(model: Model, msg: m.Failed, now: float) -> Result:
    effects = [m.Console("error", f"kozyr: {msg.error}")]
    if model.screen == "replay" and model.watch is not None:
        # TRANSLATORS: the replay's analysis (or a step of it) failed
        notice = _("Something went wrong; the analysis stopped.")
        return replace(model, notice=notice,
                       watch=replace(model.watch, analysing=False)), effects
    if model.play is None:
        return model, effects
    hint = _("Something went wrong; the game is unchanged.")
    return replace(model, play=replace(model.play, hint=hint)), effects


def store_prefs(model: Model) -> m.Store:
    return m.Store(PREFS_KEY, json.dumps(model.prefs.to_json()))


# --- what the pages show about the stored game and the record ----------------------------------

def save_summary(model: Model) -> str | None:
    """The saved game in a few words, for the first screen's Continue button."""
    if not model.saved:
        return None
    data = read_json(model.saved)
    if data is None:
        return _("a game in progress")
    opts, game = data.get("options") or {}, model.game_info(data.get("game")) or {}
    if not isinstance(opts, dict):
        return _("a game in progress")
    title = game.get("title")
    title = p_("game", title) if title is not None else str(data.get("game"))
    seats = opts.get("players")
    # (a value no number, from a damaged save, is shown as it was saved)
    players = n_("{n} player", "{n} players", seats) if _whole(seats) else f"{seats} players"
    # TRANSLATORS: how far the saved game went, beside the Continue button
    moves = n_("{n} move played", "{n} moves played", len(data.get("moves") or []))
    if "deck" in opts:
        size = opts["deck"]
        deck = n_("{n} card", "{n} cards", size) if _whole(size) else f"{size} cards"
        # TRANSLATORS: the saved game beside the Continue button: "Durak, 3 players, 36 cards ·
        # 12 moves played"
        return _("{game}, {players}, {deck} · {moves}", game=title, players=players,
                 deck=deck, moves=moves)
    # TRANSLATORS: the saved game beside the Continue button: "Memory, 4 players · 12 moves played"
    return _("{game}, {players} · {moves}", game=title, players=players, moves=moves)


def _whole(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def stats_line(model: Model) -> str:
    play_ = model.play
    mine = st.totals(model.stats, play_.game) if play_ else None
    if not mine:
        return ""
    won, lost, draw = mine["won"], mine["lost"], mine["draw"]
    # TRANSLATORS: games won, lost and drawn, in the record under the game-over panel
    parts = [n_("{n} won", "{n} won", won), n_("{n} lost", "{n} lost", lost)]
    if draw:
        parts.append(n_("{n} drawn", "{n} drawn", draw))
    return _("Your {game} record in this browser: {record}",
             game=p_("game", play_.session.game.title), record=_(", ").join(parts))


HANDLERS: dict[type, Callable] = {
    m.Start: start, m.Pick: pick, m.SetOption: set_option, m.ResetOptions: reset_options,
    m.Deal: deal_pressed, m.Continue: continue_saved, m.Home: home,
    m.OpenSheet: open_sheet, m.CloseSheet: close_sheet, m.ToggleLog: toggle_log,
    m.CloseLog: close_log, m.Escape: escape_key,
    m.Failed: failed, m.Language: language, m.DealNumber: deal_number_box, m.Replay: replay,
    m.CopyLink: copy_link, m.Setting: setting, m.StatsExport: stats_export,
    m.StatsImport: stats_import, m.StatsReset: stats_reset, m.HostGame: host_game,
    m.UpdateReady: update_ready,
    **play.HANDLERS, **rp.HANDLERS,
}
