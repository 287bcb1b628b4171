"""What a key or a click means on the screen showing: the page sends the raw facts (`Key`,
`Click`), and these decide, per screen, the message they stand for (and what the page
itself does with the key: move the focus, keep Tab in a dialog, press a button)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .. import messages as m
from ..daily import model as daily_deal
from ..exercises import messages as em
from ..model import Model, Result
from ..reactions import messages as reacts
from ..reactions.model import menu_in_reach
from ..reactions.update import close_menu
from ..replay import messages as rm
from ..replay.update import close_replay
from ..seats import messages as sem
from ..shared_table import talk
from ..stats import messages as stm

Meaning = tuple[tuple, list]  # the messages an input stands for, in order, and page effects

# what a click on an element with data-act="…" (and data-arg) means
CLICKS: dict[str, Callable[[m.Click], object]] = {
    "home": lambda c: m.Home(), "pick": lambda c: m.Pick(c.arg or ""),
    "reset-options": lambda c: m.ResetOptions(),
    "deal": lambda c: m.Deal(c.seed, c.fields.get("opt-seed"),
                             tuple(c.fields[n] for n in m.Click.NAMES if n in c.fields) or None),
    "continue": lambda c: m.Continue(), "again": lambda c: m.Again(c.seed),
    "finish": lambda c: m.Finish(), "review": lambda c: m.Review(),
    "log": lambda c: m.ToggleLog(),
    "bar-menu": lambda c: m.ToggleBarMenu(),
    "rules": lambda c: m.OpenSheet("rules"), "discards": lambda c: m.OpenSheet("discards"),
    "close-sheet": lambda c: m.CloseSheet(), "card": lambda c: m.CardClicked(c.arg or ""),
    "move": lambda c: m.MoveChosen(c.arg or ""), "target": lambda c: m.MoveChosen(c.arg or ""),
    "clear": lambda c: m.Clear(), "ui": lambda c: m.TableAction(c.arg),
    "keys": lambda c: m.OpenSheet("keys"),
    "undo": lambda c: m.Undo(), "hint": lambda c: m.Hint(),
    "deal-sheet": lambda c: m.OpenSheet("deal"), "stats": lambda c: m.OpenSheet("stats"),
    "settings": lambda c: m.OpenSheet("settings"), "replay": lambda c: m.DealAgain(),
    "stats-export": lambda c: stm.StatsExport(), "stats-reset": lambda c: stm.StatsReset(),
    "stats-reset-yes": lambda c: stm.StatsReset(confirm=True),
    "stats-reset-no": lambda c: m.OpenSheet("stats"),
    "confirm-yes": lambda c: m.Confirmed(True), "confirm-no": lambda c: m.Confirmed(False),
    "play-out": lambda c: m.PlayOut(), "take-seat": lambda c: sem.TakeSeat(_whole(c.arg)),
    "connect": lambda c: talk.Connect(_whole(c.arg), c.fields.get("answer-input", "")),
    "reinvite": lambda c: talk.Reinvite(_whole(c.arg)),
    "give-seat": lambda c: talk.GiveSeat(_whole(c.arg)),
    "ice-allow": lambda c: talk.Across(True), "ice-deny": lambda c: talk.Across(False),
    "watch": lambda c: rm.OpenReplay("over"),
    "watch-recent": lambda c: rm.OpenReplay("recent", _whole(c.arg)),
    "replay-to": lambda c: rm.ReplayTo(_whole(c.arg)), "replay-close": lambda c: rm.CloseReplay(),
    "replay-whose": lambda c: rm.ReplayWhose(_whole(c.arg)),
    "play-on": lambda c: rm.PlayOn(), "analyse": lambda c: rm.Analyse(True),
    "analyse-stop": lambda c: rm.Analyse(False),
    "exercises": lambda c: em.OpenExercises(), "exercise": lambda c: em.TryExercise(c.arg or ""),
    "exercise-next": lambda c: em.NextExercise(),
    "copy-link": lambda c: m.CopyLink(c.base), "replay-share": lambda c: rm.ShareReplay(c.base),
    "graph": lambda c: rm.ReplayTo(min(c.dots, key=lambda d: abs(d[0] - c.x))[1])
    if c.dots else None,
    "deal-number": lambda c: m.DealNumber(c.fields["deal-game"], c.fields["deal-seed"])
    if "deal-game" in c.fields and "deal-seed" in c.fields else None,
    **daily_deal.CLICKS, **reacts.CLICKS, **talk.CLICKS,
}
# clicks that ask the page itself to do something
PAGE_CLICKS = {"stats-import": m.ChooseFile("stats-file"), "reload": m.Reload()}


def _whole(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0


def click_meaning(model: Model, click: m.Click) -> Meaning:
    messages: tuple = ()
    if model.show_log and not click.in_log and click.act != "log":
        messages = (m.CloseLog(),)  # a click outside the drawer closes it
    if model.reactions.menu is not None and click.act not in reacts.OWN_CLICKS:
        messages += (reacts.CloseMenu(refocus=False),)  # and one outside the reactions' menu
    if model.bar_menu and click.act not in ("bar-menu", "lang"):
        messages += (m.ToggleBarMenu(),)  # the bar's menu closes as a tool in it is used
    if click.act is None:
        in_play = model.in_play
        if not messages and in_play is not None and in_play.selection and model.screen == "table":
            messages = (m.Clear(),)  # a click on the felt drops the selection
        return messages, []
    if click.act in PAGE_CLICKS:
        return messages, [PAGE_CLICKS[click.act]]
    if click.act == "copy-field" and click.arg:  # a code's Copy: the field's own text
        return messages, [m.Copy("", click.arg)]
    make = CLICKS.get(click.act)
    meant = make(click) if make is not None and not click.disabled else None
    return messages + ((meant,) if meant is not None else ()), []


def key_meaning(model: Model, key: m.Key) -> Meaning:
    k, screen = key.key, model.screen
    if key.target == "SELECT" and k not in ("Tab", "Escape"):
        return (), []  # a list's own keys (the language switch: letters and arrows pick)
    if k == "Tab" and key.dialog:
        return (), [m.TrapTab()]
    step = replay_step(model, key)
    if step is not None:
        return (rm.ReplayTo(step),), [m.KeyUsed()]
    if k.startswith("Arrow") or k in ("Home", "End"):
        return (), [m.Rove(k)]
    plain = not (key.ctrl or key.alt)
    at_table = screen == "table" and model.sheet is None
    if at_table and plain and len(k) == 1 and key.shortcut:
        return (), [m.PressShortcut(k)]
    if k == "Escape":
        return (m.Escape(),), []
    if k in ("z", "Z") and key.ctrl and not key.shift and at_table:
        return (m.Undo(),), [m.KeyUsed()]  # the usual undo key takes the move back
    if screen == "table" and plain:
        if k == "?" and model.sheet is None:
            return (m.OpenSheet("keys"),), [m.KeyUsed()]
        if k in ("i", "I") and not key.dialog:
            return (m.ReadTable(),), [m.KeyUsed()]
    return (), []


def replay_step(model: Model, key: m.Key) -> int | None:
    """← → Home End step through a replay (the slider, when focused, moves itself)."""
    replay = model.replay
    if (model.screen != "replay" or replay is None or model.sheet or key.ctrl or key.alt
            or key.target in ("INPUT", "SELECT")):
        return None
    return {"ArrowLeft": replay.step - 1, "ArrowRight": replay.step + 1, "Home": 0,
            "End": len(replay.deal["moves"])}.get(key.key)


def escape(model: Model, msg, now: float) -> Result:
    """Esc: close the sheet or the reactions' menu, else leave the replay, else answer no to
    "take the cards?", else drop the selection or the hint, else look at the table behind
    the game-over panel."""
    in_play = model.in_play
    if model.sheet:
        return replace(model, sheet=None), []
    if menu_in_reach(model):  # the reactions' menu, the focus back on its button
        return close_menu(model, reacts.CloseMenu(), now)
    if model.bar_menu:  # the bar's menu, the focus back on its button
        return replace(model, bar_menu=False), [m.FocusOn("#bar-menu")]
    if model.screen == "replay":
        return close_replay(model, msg, now)
    if model.screen != "table" or in_play is None:
        return model, []
    if in_play.confirming:
        return replace(model, in_play=replace(in_play, confirming="")), []
    if in_play.selection or in_play.hint:
        return replace(model, in_play=replace(in_play, selection=(), hint="")), []
    if in_play.session.over() and not in_play.reviewing:
        return replace(model, in_play=replace(in_play, reviewing=True)), []
    return model, []


MEANINGS = {m.Click: click_meaning, m.Key: key_meaning}
HANDLERS = {m.Escape: escape}
