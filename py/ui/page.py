"""The picture of the whole page, drawn from the model alone: which screen, the table of the
game in play, an open sheet, and what the page says about itself (whose turn, its title, the
line for screen readers)."""

from __future__ import annotations

from dataclasses import dataclass

import kozyr

from . import i18n
from .daily import view as daily_view
from .daily.model import day_words
from .exercises import model as ex
from .exercises.view import list_html, panel_html
from .i18n import N_, _, language, p_
from .model import Model
from .parts.look import Look
from .parts.words import reason_text
from .play import moves as mv
from .play.handoff import look_elsewhere, pass_to
from .play.opponents import flight_ms, held, speed_name
from .play.queries import settings_for
from .play.sounds import sound_on
from .reactions.view import bubbles, control_html
from .seats.handoff_view import handoff_html
from .seats.model import seating
from .settings import colours
from .settings import view as settings_view
from .settings.colours_view import colours_html
from .setup import address, screens
from .setup.options import sentence
from .shared_table.view import invite_html, join_html, routes, waiting_words
from .stats import view as stats_sheet
from .stats.achievements_view import badges_html
from .stats.summaries import record_line, save_summary
from .tables import TABLES, table_of

# the page's title (the browser's tab) at the table, by whose turn it is
TITLES = {"you": N_("Your turn · kozyr"), "over": N_("Game over · kozyr")}


@dataclass(frozen=True)
class Page:
    """The page drawn from a model: its HTML and what the shell sets around it."""

    html: str
    screen: str
    turn: str  # "you", "ai", "over", or "" away from the table
    title: str
    four_colour: bool
    reduce_motion: bool
    lang: str  # <html lang>
    lit: tuple[str, ...] = ()  # selectors of what a hint lights on the table
    size: str = "medium"  # the cards' size
    left_handed: bool = False
    embedded: str = ""  # "" | "embedded" | "fixed" (the host chose the game: no way home)
    compact: bool = False
    theme: str = ""  # the felt's and backs' colours, as CSS variables for <html style>
    motion_ms: int = 0  # how long a card's flight takes (0: cards appear at once)

    def classes(self) -> dict[str, bool]:
        """<html>'s classes the picture asks for, on and off."""
        return {"four-colour": self.four_colour, "reduce-motion": self.reduce_motion,
                "cards-small": self.size == "small", "cards-large": self.size == "large",
                "left-handed": self.left_handed, "embedded": bool(self.embedded),
                "fixed-game": self.embedded == "fixed", "compact": self.compact}


def draw(model: Model, now: float = 0.0) -> Page:
    i18n.use(model.lang)
    turn, bar = "", False  # bar: a table's bar is drawn, the language switch among its tools
    if model.screen == "home":
        html = screens.home_html(list(model.games), set(TABLES), save_summary(model),
                                 model.notice, exercises=len(ex.left(model.exercises)),
                                 daily=daily_view.home_block(model, now),
                                 shared=daily_view.shared_card(model))
    elif model.screen == "replay" and model.replay is not None:
        from .replay.view import replay_html  # the replay's screen: imported when first shown

        html = replay_html(model)
    elif model.screen == "setup":
        form = model.form
        html = screens.form_html(model.game_info(form.game), form.values, form.level,
                                 form.error, model.notice, TABLES[form.game].settings,
                                 settings_for(model, form.game), form.seed, save_summary(model),
                                 seating(form, form.values, model.people_names), form.people,
                                 form.seats_error, form.bad_name)
    elif model.screen == "join" and model.guesting is not None:
        html = join_html(model)
    elif pass_to(model.in_play) is not None:
        html, turn = handoff_html(model), "pass"
    else:
        view, look = table_view(model, now)
        table = table_of(model.in_play)
        html, bar = table.render(view, look), True
        if model.in_play.daily and view["phase"] == "over":  # a daily deal's panel says so
            html = daily_view.on_panel(html, model, now)
        if look.waiting:  # the table waits for the guest, out of reach: nobody's turn yet
            html, turn = html.replace("<div ", "<div inert ", 1) + invite_html(model), ""
        elif view["phase"] == "over":
            turn = "over"
        elif model.in_play.guests and look_elsewhere(model.in_play,
                                                     model.in_play.seat) is not None:
            turn = "ai"  # a guest memorises their pile: everyone waits
        elif view["to_act"] == model.in_play.seat or held(model):
            turn = "you"
        else:
            turn = "ai"
    # every screen's header (the picker's, the form's) ends with the switch; the table's bar
    # holds it among its tools (Look.language)
    if not bar:
        html = html.replace("</header>", screens.language_html(model.lang) + "</header>", 1)
    if model.update_ready:
        html += screens.update_html()
    over = sheet(model, now)
    if over:  # nothing behind a sheet can be reached while it is open
        html = html.replace("<div ", "<div inert ", 1)
    title = _(TITLES[turn]) if turn in TITLES else _("kozyr – card table")
    if turn == "pass":
        # TRANSLATORS: the page's title (the browser's tab) while the device is passed to
        # another person; {name} is their name
        title = _("Pass to {name} · kozyr", name=model.in_play.names[pass_to(model.in_play)])
    if model.screen == "replay":
        # TRANSLATORS: the page's title (the browser's tab) on the replay of a deal
        title = _("Replay · kozyr")
    lit = lit_places(model.in_play.hinted) if model.screen == "table" and model.in_play else ()
    return Page(html + over, model.screen, turn, title, model.prefs.four_colour,
                model.prefs.reduce_motion,
                model.lang, lit, model.prefs.size, model.prefs.left_handed,
                ("fixed" if model.fixed else "embedded") if model.embed else "", model.compact,
                "".join(f"{k}:{v};" for k, v in colours.theme(model.prefs.felt, model.prefs.back,
                                                              model.theme).items()),
                flight_ms(model) if model.screen == "table" else 0)


def lit_places(text: str) -> tuple[str, ...]:
    """Where the hinted move shows: its cards in the hand, the card or place it goes on, its
    button."""
    if not text:
        return ()
    move = kozyr.Move.parse(text)
    quoted = text.replace('"', "")
    places = [f'[data-act="move"][data-arg="{quoted}"]',
              f'[data-act="target"][data-arg="{quoted}"]']
    places += [f'#hand [data-card="{c}"]' for c in move.cards]
    if move.target:
        places += [f'.middle [data-card="{move.target}"]', f'.middle [data-target="{move.target}"]']
    return tuple(places)


def bar_title(in_play) -> str:
    """The game's name on the table's bar, and a daily deal's day after it."""
    name = p_("game", in_play.session.game.title)
    return f"{name} · {day_words(in_play.daily)}" if in_play.daily else name


def table_view(model: Model, now: float) -> tuple[dict, Look]:
    in_play = model.in_play
    session, seat = in_play.session, in_play.seat
    view = session.view(seat)
    if in_play.guests and look_elsewhere(in_play, seat) is not None:
        view = {**view, "legal": []}  # someone memorises their pile: nothing to play yet
    why = session.why_no_undo(seat)
    look = Look(
        names=in_play.names, human=seat, selection=in_play.selection, people=session.people,
        hint=in_play.hint, fresh=in_play.motion.fresh, acted=in_play.motion.acted,
        leaving=in_play.motion.leaving, show_log=model.show_log,
        title=bar_title(in_play), busy=session.ai_to_act() and not held(model),
        ui=in_play.ui, settings=settings_for(model, in_play.game), now=now,
        reviewing=in_play.reviewing, record="" if in_play.people else record_line(model),
        earned=badges_html(in_play.earned),
        no_undo=sentence(reason_text(why)) if why else "",
        deal=None if session.seed is None else str(session.seed),  # a guest is never told it
        forced=bool(session.forced_rest()),
        table_id=f"{in_play.deal_index}.{table_of(in_play).round_of(view)}.{seat}",
        dealing=in_play.motion.dealt,
        exercise=panel_html(model, in_play.exercise) if in_play.exercise else "",
        routes=routes(model), reactions=bubbles(model, now), reacting=control_html(model),
        touch=model.touch, language=screens.language_html(model.lang), bar_menu=model.bar_menu,
        waiting=waiting_words(model))
    return view, look


def sheet(model: Model, now: float = 0.0) -> str:
    if model.sheet == "rules":
        name = model.form.game if model.screen == "setup" and model.form else (
            model.in_play.game if model.in_play else None)
        if name is None:
            return ""
        title = model.game_info(name)["title"]
        title = p_("game", title)
        return screens.sheet_html(_("How to play {game}", game=title),
                                  screens.rules_html(name, language()))
    if model.sheet == "keys":
        # TRANSLATORS: the title of the sheet that lists the keyboard's keys
        return screens.sheet_html(_("Keys"), screens.keys_html(
            table_of(model.in_play).key_list() if model.in_play and model.screen == "table" else ()))
    if model.sheet == "stats":
        # TRANSLATORS: the statistics page's title
        return screens.sheet_html(_("Your statistics"), stats_sheet.stats_html(
            model.stats, list(model.games), set(TABLES), model.confirm, model.notice,
            model.recent, daily_view.stats_block(model, now)), wide=True)
    if model.sheet == "daily" and model.daily.share is not None:
        return screens.sheet_html(*daily_view.share_sheet(model))
    if model.sheet == "exercises":
        # TRANSLATORS: the title of the list of exercises made from the person's mistakes
        return screens.sheet_html(_("Exercises"), list_html(
            model.exercises, {g["name"]: g for g in model.games if g["name"] in TABLES}),
            wide=True)
    if model.sheet == "settings":
        return screens.sheet_html(_("Settings"),
                                  settings_view.settings_html(model.prefs, speed_name(model),
                                                        model.notice, colours_html(
                                                            model.prefs, model.theme,
                                                            model.embed), sound=sound_on(model)))
    if (model.sheet == "deal" and model.in_play is not None and model.screen == "table"
            and model.in_play.session.seed is not None):  # (a guest is never told the deal)
        s = model.in_play.session
        query = address.link(s.game.name, s.options, s.level, s.seed, s.match, s.people,
                             model.in_play.people, s.levels, model.in_play.guests)
        # TRANSLATORS: the deal sheet's title; {n} is the deal's number
        return screens.sheet_html(_("Deal {n}", n=s.seed),
                                  screens.deal_sheet_html(s.seed, query, s.over(),
                                                          model.notice))
    if model.in_play is not None and model.in_play.confirming and model.screen == "table":
        move = kozyr.Move.parse(model.in_play.confirming)
        return screens.confirm_move_html(mv.move_words(move.to_json()))
    if model.sheet == "discards" and model.screen == "replay" and model.replay is not None:
        from .replay.view import replayed_view  # the replayed table's pile, at its step

        table = TABLES[model.replay.deal["game"]]
        return screens.sheet_html(_(table.discards_title), table.discards(replayed_view(model.replay)))
    if model.sheet == "discards" and model.in_play is not None and model.screen == "table":
        table = table_of(model.in_play)
        seat = model.in_play.seat if model.in_play.seat is not None else model.in_play.session.people[0]
        return screens.sheet_html(_(table.discards_title),
                                  table.discards(model.in_play.session.view(seat)))
    return ""
