"""The options form: a game picked, its options and level set, and Deal."""

from __future__ import annotations

import json
from dataclasses import replace

import kozyr
from kozyr.session import Session

from .. import messages as m
from ..i18n import _
from ..model import OPTIONS_KEY, PEOPLE_KEY, Form, Model, Result
from ..play.sheets import store_prefs
from ..play.table_life import seat_instead
from ..seats import model as seats
from ..shared_table import host
from ..tables import TABLES
from .options import ParamError, defaults, effective, parse_value, reason_of

MAX_DEAL = 2**31 - 1
KNOWN = 8  # names remembered at this device (the latest first)


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
    people, guests = host.seats_kept(model) or (remembered.get("@people"),
                                                remembered.get("@guests"))
    own = remembered.get("@levels") if isinstance(remembered.get("@levels"), dict) else {}
    form = Form(game=name, values=values, level=level, names=model.people_names,
                people=people if type(people) is int and people > 0 else 1,
                guests=guests if type(guests) is int and guests > 0 else 0,
                partners=remembered.get("@partners") is True,
                levels={int(k): v for k, v in own.items()
                        if isinstance(k, str) and k.isdigit() and v in levels})
    return replace(model, screen="setup", sheet=None, form=validated(form))


def validated(form: Form) -> Form:
    """The form with what is wrong with its options, if anything, and its seats fitting its
    number of players (people at most that many, guests at most the seats left, partners only
    in a game of two teams)."""
    game = kozyr.get(form.game)
    players = int(form.values.get("players") or 1)
    people = max(1, min(form.people, players))
    form = replace(form, people=people, guests=max(0, min(form.guests, players - people)),
                   partners=form.partners and seats.teams(form.values))
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
    if msg.key == "@level":  # every computer seat at that level
        form = replace(form, level=str(msg.value), levels={})
    elif msg.key.startswith("@seat:") and msg.key[6:].isdigit():  # one computer seat's level
        form = replace(form, levels={**form.levels, int(msg.key[6:]): str(msg.value)})
    elif msg.key in ("@people", "@guests", "@partners"):
        form = replace(form, seats_error="", bad_name=-1, **{
            "people": _whole(msg.value, form.people) if msg.key == "@people" else form.people,
            "guests": _whole(msg.value, form.guests) if msg.key == "@guests" else form.guests,
            "partners": str(msg.value) == "1" if msg.key == "@partners" else form.partners})
    elif msg.key == "@seed":
        form = replace(form, seed=str(msg.value).strip())
    elif msg.key.startswith("ui:"):
        model, effects = choose_setting(model, msg.key[3:], str(msg.value))
    else:
        option = next(o for o in model.game_info(form.game)["options"] if o["key"] == msg.key)
        value = (bool(msg.value) if option["kind"] == "flag"
                 else parse_value(option, str(msg.value)))
        # a flag turned on takes the options it needs with it (2 v 2 teams: four players)
        follows = (option.get("sets") or {}) if value is True else {}
        form = replace(form, values={**form.values, msg.key: value, **follows})
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


def _whole(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def deal_pressed(model: Model, msg: m.Deal, now: float) -> Result:
    if model.form is None:
        return model, []
    form = validated(model.form)
    if msg.names is not None:  # the names as typed: read on Deal, as the deal number is
        typed = tuple(n.strip() for n in msg.names)
        form = replace(form, names=typed + form.names[len(typed):])
    model = replace(model, form=form)
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
    """The form's game dealt: its options, its people and guests in their seats, the computers
    at their levels (the options, people, guests and levels remembered for the game, the names
    for this device)."""
    form = model.form
    opts = effective(model.game_info(form.game), form.values)
    sitting = seats.seating(form, opts, model.people_names)
    wrong = seats.name_problem(sitting.names)
    if wrong:  # nothing is dealt: the form says whose name and why
        return replace(model, screen="setup", form=replace(
            form, seats_error=wrong[1], bad_name=wrong[0])), []
    own = sitting.own_levels(form.level)
    try:
        session = Session(form.game, opts, seed, human=sitting.people[0], level=form.level,
                          match=match, people=sitting.everyone, levels=own)
    except kozyr.OptionsError as exc:
        return replace(model, screen="setup", form=replace(form, error=reason_of(exc))), []
    except (kozyr.KozyrError, ValueError, TypeError, KeyError, AttributeError) as exc:
        # TRANSLATORS: the address's match= made no deal; {error} is the technical reason
        notice = _("The deal's carry-over in the address cannot be used ({error}).",
                   error=str(exc))
        return replace(model, screen="setup", notice=notice), []
    remembered = {**opts, "@level": form.level}
    if len(sitting.everyone) > 1 or own:  # one person against one level: kept as before
        remembered.update({"@people": len(sitting.people), "@partners": sitting.partners,
                           "@levels": {str(s): lv for s, lv in own.items()}})
        if sitting.guests:
            remembered["@guests"] = len(sitting.guests)
    stores = [m.Store(OPTIONS_KEY + form.game, json.dumps(remembered))]
    known = model.people_names
    if sitting.names:  # these names first, then the others remembered here
        folded = {n.casefold() for n in sitting.names}
        known = (sitting.names + tuple(n for n in known if n.casefold() not in folded))[:KNOWN]
        stores.append(m.Store(PEOPLE_KEY, json.dumps(list(known), ensure_ascii=False)))
    form = replace(form, seed="", names=sitting.names or form.names, seats_error="", bad_name=-1)
    model = replace(model, remembered={**model.remembered, form.game: remembered},
                    people_names=known, form=form)
    model, effects = seat_instead(model, session, now, people=sitting.names,
                                  guests=sitting.guests)
    return model, [*stores, *effects]


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


def deal_number_box(model: Model, msg: m.DealNumber, now: float) -> Result:
    """The home screen's box: the game's options form, ready to deal that number."""
    if model.game_info(msg.game) is None or msg.game not in TABLES:
        return model, []
    if deal_number(msg.number) is None:
        return replace(model, notice=bad_number(msg.number)), []
    model = open_form(replace(model, notice=""), msg.game)
    return replace(model, form=replace(model.form, seed=str(deal_number(msg.number)))), []


HANDLERS = {
    m.Pick: pick, m.SetOption: set_option, m.ResetOptions: reset_options, m.Deal: deal_pressed,
    m.DealNumber: deal_number_box,
}
