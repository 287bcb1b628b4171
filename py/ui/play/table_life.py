"""A game's life at the table, in one place: it arrives (a new deal, a saved game resumed, a
deal played again or played on from a replay), it is kept after every change (saved,
counted once when it ends, remembered among the recent deals), and it leaves (for another,
when an unfinished one counts as lost).

Every function here returns the new model and the effects that go with it (storing, telling
the embedding page, what screen readers hear); the handlers call them and never store,
count or remember a game themselves.
"""

from __future__ import annotations

import json
from dataclasses import replace

from kozyr.protocol import Reason
from kozyr.session import SaveError, Session

from .. import messages as m
from ..daily import model as dd
from ..exercises.model import Trying
from ..i18n import _, p_
from ..model import RECENT_KEY, SAVE_KEY, STATS_KEY, InPlay, Model, Motion, Result
from ..parts.look import Look
from ..parts.words import Speaker, reason_text, seat_names, spoken
from ..setup.options import reason_of
from ..shared_table import host, talk, wire
from ..shared_table.mirror import Mirror
from ..stats import achieved
from ..stats import model as st
from ..stats.achievements_view import spoken as achievements_said
from ..storage import read_json
from ..tables import TABLES, table_of
from . import recent as rc
from . import results
from .handoff import pass_to, uis
from .opponents import pause
from .queries import settings_for
from .sounds import ending_sound, move_sound, sounds

# --- arriving --------------------------------------------------------------------------------

def arrive(model: Model, session: Session, ui: dict, now: float, aids: dict | None = None,
           daily: str = "", practice: bool = False, people: tuple[str, ...] = (),
           guests: tuple[int, ...] = (), exercise: Trying | None = None) -> Result:
    """`session` at the table (a new deal, or one restored with its table state and the undos
    and hints used so far; practice: played on from a replay, not counted; an exercise: a
    position asked, never stored). With several
    people (`people`: their names, in the order of the session's), `ui` is each one's table
    state by seat, and nobody holds the device yet when several are at it: the table opens on
    the handoff. `guests`: the people's seats that are guests at a table shared between
    browsers (each to be invited: none is here yet). `daily`: the day whose deal this is, a
    game's daily deal (daily/)."""
    table = TABLES[session.game.name]
    several = len(session.people) > 1
    here = [p for p in session.people if p not in guests]
    first = here[0] if len(here) == 1 else None
    names = tuple(seat_names(session.options["players"], session.human,
                             dict(zip(session.people, people)) if several else None))
    resumed = bool(session.state.history)  # a restored game is not read again from its start
    view = session.view(session.people[0])  # what every view shares: the log, the arrivals
    said = len(table.log_lines(view, Speaker(names, first))) if resumed else 0
    # several people: `ui` is each one's, by seat; the one holding the device has theirs out
    mine, away = (ui.get(first, {}), {s: u for s, u in ui.items() if s != first}) if several \
        else (ui, {})
    in_play = InPlay(session=session, deal_index=model.deals + 1,
                     version=len(session.state.history), names=names,
                     ui=dict(mine), away={s: dict(u) for s, u in away.items()},
                     guests=tuple(guests),
                     people=tuple(people) if several else (), seat=first,
                     motion=Motion(fresh=frozenset(table.arrivals(view)), dealt=not resumed),
                     lines_said=said, undos=_count(aids, "undos"), hints=_count(aids, "hints"),
                     daily=daily,
                     practice=practice, exercise=exercise)
    model = replace(model, in_play=in_play, deals=model.deals + 1, screen="table", notice="",
                    sheet=None)
    sharing, told = host.seated(model, tuple(guests))  # the guests here stay for this deal
    model, effects = store_game(refresh(replace(model, sharing=sharing), now))
    effects = told + effects
    dealt = sounds(model, None if resumed else "deal")
    model, heard = announce(model, turn_began=True)
    deal = {**deal_detail(session), "resumed": resumed}  # a saved game continued, or a new deal
    if several:
        deal["people"] = list(people)
    if daily:
        deal["daily"] = daily
    return model, effects + dealt + heard + [m.Notify("deal", deal)]


def _count(aids: dict | None, key: str) -> int:
    n = (aids or {}).get(key, 0)
    return n if isinstance(n, int) and n >= 0 else 0


def deal_detail(session: Session) -> dict:
    """What the embedding page hears of a deal."""
    return {"game": session.game.name, "options": dict(session.options),
            "level": session.level, "seed": session.seed}


def resume(model: Model, now: float) -> Result:
    """Continue the saved game; a save that cannot be restored is reported and removed."""
    try:
        session = Session.load(model.saved)
        if not session.people:  # a table with nobody to show it to
            raise SaveError(Reason("nobody plays at this table"))
        if session.game.name not in TABLES:
            # TRANSLATORS: why a saved game cannot be restored (in the brackets of "Your saved
            # game could not be restored (…)"); {game} is the game's title
            raise SaveError(_("this version cannot show {game} yet",
                              game=p_("game", session.game.title)))
    except Exception as exc:  # a save from a newer or broken version: never crash
        return unreadable_save(model, exc)
    data = read_json(model.saved) or {}
    aids = data.get("aids")
    if len(session.people) > 1:  # several people: each one's table state, and their names
        people = people_names(data.get("names"), len(session.people))
        if people is None:
            return unreadable_save(model, SaveError(_("the people's names are missing")))
        uis = data.get("uis") if isinstance(data.get("uis"), dict) else {}
        ui = {int(k): u for k, u in uis.items()
              if k.isdigit() and int(k) in session.people and isinstance(u, dict)}
    else:
        people, ui = (), data.get("ui") if isinstance(data.get("ui"), dict) else {}
    guests = data.get("guests") if isinstance(data.get("guests"), list) else []
    guests = tuple(g for g in guests if g in session.people)
    daily = data.get("daily") if dd.engine.parse_day(data.get("daily")) else ""
    return arrive(model, session, ui, now, aids if isinstance(aids, dict) else None,
                  daily=daily, practice=data.get("practice") is True, people=people,
                  guests=guests)


def people_names(names, count: int) -> tuple[str, ...] | None:
    """The people's names as a save or deal record keeps them, if they are whole."""
    if (not isinstance(names, list) or len(names) != count
            or not all(isinstance(n, str) and n.strip() for n in names)):
        return None
    return tuple(names)


def unreadable_save(model: Model, exc: Exception) -> Result:
    reason = reason_text(reason_of(exc))
    if isinstance(exc, SaveError):
        # TRANSLATORS: {reason} says what is wrong with the saved game
        notice = _("Your saved game could not be restored ({reason}); it was removed. Start "
                   "a new one below.", reason=reason)
    else:
        # TRANSLATORS: {reason} is the error (technical) that stopped the saved game
        notice = _("Your saved game could not be restored ({reason}); it was removed.",
                   reason=reason)
    return (replace(model, saved=None, screen="home", in_play=None, notice=notice),
            [m.Store(SAVE_KEY, None)])


def staying(model: Model, players: int, human: int = 0) -> tuple[tuple[int, ...], tuple]:
    """The guests here who have a seat at a deal of `players` beside the person in `human`
    (a deal that seats nobody by name, as a daily deal), and everyone's names in seat order,
    for a deal that keeps them: ((), ()) when there is nobody to keep."""
    in_play = model.in_play
    if in_play is None or isinstance(in_play.session, Mirror) or not in_play.people:
        return (), ()
    kept = tuple(g for g in model.sharing.here() if g in in_play.guests and g < players
                 and g != human)
    named = dict(zip(in_play.session.people, in_play.people))
    if not kept or human not in named:
        return (), ()
    return kept, tuple(named[s] for s in sorted((human, *kept)))


def seat_instead(model: Model, session: Session, now: float, leave: bool = True,
                 practice: bool = False, people: tuple[str, ...] = (),
                 guests: tuple[int, ...] = (), daily: str = "") -> Result:
    """`session` (with the people's names, if several; `guests`: those of its people who are
    guests, as `arrive` takes them; `daily`: the day, for a daily deal) at the table in place
    of the game in progress, if any (with `leave`), which counts as lost: the new table says
    so."""
    model, effects = leave_unfinished(model, now) if leave else (model, [])
    model, more = arrive(model, session, {}, now, practice=practice, people=people,
                         guests=guests, daily=daily)
    if effects:
        # TRANSLATORS: at the table of a new deal, when an unfinished game was left for it
        left = _("Your unfinished game was counted as a loss.")
        model = replace(model, in_play=replace(model.in_play, hint=left))
    return model, effects + more


# --- being kept ----------------------------------------------------------------------------------

def refresh(model: Model, now: float) -> Model:
    """Let the table bring its own state up to date with the game and the clock."""
    in_play = model.in_play
    if in_play.seat is None:  # nobody holds the device yet: nobody's look has begun
        return model
    ui = table_of(in_play).prepare(in_play.session.view(in_play.seat), in_play.ui,
                                   settings_for(model, in_play.game), now)
    return model if ui == in_play.ui else replace(model, in_play=replace(in_play, ui=ui))


def store_game(model: Model) -> Result:
    """Store the game (seed, moves and the table's state) if it changed; a finished game is
    removed, a match that goes on is kept."""
    in_play = model.in_play
    session = in_play.session
    if isinstance(session, Mirror):  # a guest keeps nothing: it tells the host its look
        return tell_host(model)
    if in_play.exercise is not None:  # an exercise: the saved game, if any, stays as it was
        return model, []
    result = session.result() or {}
    text = None
    if not (session.over() and result.get("match_over") is not False):
        data = session.save()
        if in_play.guests:
            data["guests"] = list(in_play.guests)
        if in_play.people:
            data["names"], data["uis"] = list(in_play.people), {
                str(s): ui for s, ui in uis(in_play).items()}
        elif in_play.ui:
            data["ui"] = in_play.ui
        if in_play.undos or in_play.hints:
            data["aids"] = {"undos": in_play.undos, "hints": in_play.hints}
        if in_play.practice:
            data["practice"] = True
        if in_play.daily:
            data["daily"] = in_play.daily
        text = json.dumps(data, separators=(",", ":"))
    if text == model.saved:
        return model, []
    return replace(model, saved=text), [m.Store(SAVE_KEY, text)]


def tell_host(model: Model) -> Result:
    """A guest's own table state (its look at its pile), told to the host when it changes:
    the host's computers wait for a look that lasts until Ready."""
    in_play, guesting = model.in_play, model.guesting
    told = (in_play.deal_index, wire.encode("ui", ui=in_play.ui))
    if guesting is None or told == guesting.told:
        return model, []
    return replace(model, guesting=replace(guesting, told=told)), [talk.ToHost(told[1])]


def after_move(model: Model, session: Session, before: dict, mover: int, now: float) -> Result:
    """`session` (a fork that made one more move, by `mover`; the view before it, of the
    seat the page showed, in `before`) at the table: what moves on the next picture, the
    table's state, the record of a finished game, the save, and what screen readers hear."""
    in_play, table = model.in_play, table_of(model.in_play)
    after = session.view(before["seat"])
    leaving = table.leaving(before, after) if pause(model) > 0 else None
    in_play = replace(in_play, session=session, version=in_play.version + 1, selection=(),
                      drag=None, hint="", hinted="",
                      motion=Motion(frozenset(table.arrivals(after) - table.arrivals(before)),
                                    mover, leaving,
                                    dealt=table.round_of(after) != table.round_of(before)))
    model, effects = record_result(replace(model, in_play=in_play), now)
    model, day = record_daily(model, now)
    effects += day
    if before["phase"] != "over" and session.over() and not in_play.practice:
        model, kept = remember_deal(model, session, now)
        effects += kept
    model, more = store_game(refresh(model, now))
    moved = sounds(model, move_sound(table.sounds, before, after))
    model, heard = announce(model, turn_began=before["to_act"] != in_play.seat)
    return model, effects + more + moved + heard


def record_result(model: Model, now: float = 0.0) -> Result:
    """A finished game goes into this browser's record, once (a match of several deals, as
    Garbage's, when the match is over): the person's, or each person's by name; with the
    achievements it earned first (stats/achieved.py: one person's game, unaided, not practice)."""
    in_play = model.in_play
    session, table = in_play.session, table_of(in_play)
    r = session.result() or {}
    if in_play.counted or not session.over() or r.get("match_over") is False:
        return model, []
    me = session.human
    outcome = results.outcome(r, me)
    over = {**deal_detail(session), "won": outcome == "won", "draw": outcome == "draw",
            **{k: r[k] for k in table.result_fields if k in r}}
    if in_play.people:  # several people: who won, by name, and no single "won"
        over = {**over, "won": None, "winners": winners(in_play)}
    if in_play.daily:
        over["daily"] = in_play.daily
    model = replace(model, in_play=replace(in_play, counted=True))
    if in_play.practice:  # played on from a replay: the host hears of it, the statistics do not
        return model, [m.Notify("over", {**over, "practice": True})]
    helped = bool(in_play.undos or in_play.hints)
    stats = model.stats
    for seat, person in zip(session.people, in_play.people or (None,)):
        stats = st.add(stats, in_play.game, session.options, results.outcome(r, seat),
                       st.figures(in_play.game, r, session.state.log, seat), helped,
                       person=person)
    stats, earned = achieved.earn(stats, achieved.earned_now(in_play), session, now)
    model = replace(model, stats=stats, in_play=replace(model.in_play, earned=earned))
    if earned:  # the host hears which, by their ids (kozyr.achievements)
        over["achievements"] = list(earned)
    return model, [m.Store(STATS_KEY, st.dumps(stats)), m.Notify("over", over)]


def record_daily(model: Model, now: float) -> Result:
    """A daily deal, once over (Garbage's: its first hand), goes into the days' record the
    first time it is played; played again, it is practice."""
    in_play = model.in_play
    session = in_play.session
    if not in_play.daily or in_play.practice or not session.over():
        return model, []
    stats = results.record(model.stats, in_play.game, in_play.daily,
                      results.outcome(session.result() or {}, session.human),
                      len(session.state.history), now)
    if stats is model.stats:
        return model, []
    return replace(model, stats=stats), [m.Store(STATS_KEY, st.dumps(stats))]


def winners(in_play: InPlay) -> list[str]:
    """The names of the people who won a finished game (none in a draw)."""
    r = in_play.session.result() or {}
    return [name for seat, name in zip(in_play.session.people, in_play.people)
            if results.outcome(r, seat) == "won"]


def remember_deal(model: Model, session: Session, now: float) -> Result:
    """A finished deal goes first in the recent list (with the people's names, if several)."""
    outcome = results.outcome(session.result() or {}, session.human)
    deal = rc.deal_of(session, outcome, now, model.in_play.people)
    recent = rc.add_recent(model.recent, deal)
    return replace(model, recent=recent), [m.Store(RECENT_KEY, rc.dumps(list(recent)))]


def announce(model: Model, turn_began: bool) -> Result:
    """What screen readers hear after a change: every log line not yet said, in order, then
    the start of the person's turn with what to do, or the end of the game. While the device
    passes to another person, only that: what was said before leaves the page, and the
    lines since are said to the person who takes it."""
    in_play, table = model.in_play, table_of(model.in_play)
    handing = pass_to(in_play)
    if handing is not None:
        # TRANSLATORS: said to screen readers when the device must go to another person;
        # {name} is their name as they typed it
        line = _("Pass the device to {name}. Nothing of anyone's cards is shown until they "
                 "press I am {name}.", name=in_play.names[handing])
        return model, [m.Say((line,), fresh=True), m.FocusBest()]
    seat = in_play.seat
    view = in_play.session.view(seat)
    look = Look(names=in_play.names, human=seat, ui=in_play.ui, people=in_play.session.people,
                touch=model.touch)
    sp = Speaker(in_play.names, seat)
    rows = table.log_lines(view, sp)
    lines = [spoken(text) for _css, text in rows[in_play.lines_said:]]
    effects: list = []
    if view["phase"] == "over":
        outcome = table.ending(view, look)
        if outcome is not None and rows[in_play.lines_said:]:
            lines.append(f"{outcome.title} {outcome.line}".strip())
            lines += achievements_said(in_play.earned)
            effects += sounds(model, ending_sound(outcome.mood))
    elif turn_began and (view["to_act"] == seat or table.waits(view, in_play.ui)):
        # TRANSLATORS: said to screen readers when the person's turn begins; {prompt} is what
        # to do (the table's prompt)
        lines.append(_("Your turn. {prompt}", prompt=spoken(table.prompt(view, look))))
        effects += [m.FocusBest(), *sounds(model, "turn")]
    if lines:
        effects.insert(0, m.Say(tuple(lines)))
    return replace(model, in_play=replace(in_play, lines_said=len(rows))), effects


# --- leaving -------------------------------------------------------------------------------------

def saved_game(model: Model) -> Session | None:
    """The saved game, if one is still being played (a match between its deals included)."""
    if not model.saved:
        return None
    try:
        return Session.load(model.saved)
    except Exception:  # a damaged save is reported where it is resumed
        return None


def leave_unfinished(model: Model, now: float = 0.0) -> Result:
    """A game left unfinished for a new one counts as a loss (the form says so first); a
    daily deal's day too, if it was not played before."""
    session, data = saved_game(model), read_json(model.saved) or {}
    if session is None or session.human is None or data.get("practice"):
        return model, []
    people = people_names(data.get("names"), len(session.people)) or (None,)
    stats = model.stats
    for person in people if len(session.people) > 1 else (None,):  # each person's loss
        stats = st.add(stats, session.game.name, session.options, "lost", abandoned=True,
                       person=person)
    if dd.engine.parse_day(data.get("daily")):
        stats = results.record(stats, session.game.name, data["daily"], "lost",
                          len(session.state.history), now)
    return replace(model, stats=stats, saved=None), [m.Store(STATS_KEY, st.dumps(stats))]
