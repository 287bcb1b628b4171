"""update at the table: clicks on cards and places, drags, the table's own buttons, the
opponents' moves and the clock. Every rule question goes to the engine (the view's legal
moves, the session's reasons); every game's own behaviour to its table."""

from __future__ import annotations

import json
from dataclasses import replace

import kozyr
from kozyr.ai import hint as ai_hint
from kozyr.session import Session

from . import messages as m
from . import moves as mv
from . import stats as st
from .i18n import _, n_
from .model import SAVE_KEY, STATS_KEY, Model, Motion, Play
from .opponents import pause
from .options import reason_of, sentence
from .parts.cards import label
from .parts.look import Look
from .parts.words import Speaker, reason_text, seat_names, spoken
from .replay import remember
from .tables import TABLES, table_of

Result = tuple[Model, list]


# --- a game comes to the table ---------------------------------------------------------------

def to_table(model: Model, session: Session, ui: dict, now: float,
             aids: dict | None = None, practice: bool = False) -> Result:
    """Show `session` at the table (a new deal, or one restored with its table state and the
    undos and hints used so far; practice: played on from a replay, not counted)."""
    table = TABLES[session.game.name]
    view = session.view()
    names = tuple(seat_names(session.options["players"], session.human or 0))
    resumed = bool(session.state.history)  # a restored game is not read again from its start
    play = Play(session=session, number=model.deals + 1, turn=len(session.state.history),
                names=names, ui=dict(ui), motion=Motion(fresh=frozenset(table.arrivals(view))),
                heard=len(table.log_lines(view, Speaker(names, session.human))) if resumed else 0,
                undos=_count(aids, "undos"), hints=_count(aids, "hints"), practice=practice)
    model = replace(model, play=play, deals=model.deals + 1, screen="table", notice="",
                    sheet=None)
    model, effects = saved(refresh(model, now))
    model, said = told(model, turn_began=True)
    deal = {**deal_detail(session), "resumed": resumed}  # a saved game continued, or a new deal
    return model, effects + said + [m.Notify("deal", deal)]


def deal_detail(session: Session) -> dict:
    """What the embedding page hears of a deal."""
    return {"game": session.game.name, "options": dict(session.options),
            "level": session.level, "seed": session.seed}


def _count(aids: dict | None, key: str) -> int:
    n = (aids or {}).get(key, 0)
    return n if isinstance(n, int) and n >= 0 else 0


def told(model: Model, turn_began: bool) -> Result:
    """What screen readers hear after a change: every log line not yet said, in order, then
    the start of the person's turn with what to do, or the end of the game."""
    play, table = model.play, table_of(model.play)
    view = play.session.view()
    look = Look(names=play.names, human=play.session.human, ui=play.ui)
    sp = Speaker(play.names, play.session.human)
    rows = table.log_lines(view, sp)
    lines = [spoken(text) for _css, text in rows[play.heard:]]
    effects: list = []
    if view["phase"] == "over":
        outcome = table.outcome(view, look, sp)
        if outcome is not None and rows[play.heard:]:
            lines.append(f"{outcome.title} {outcome.line}".strip())
    elif turn_began and (view["to_act"] == play.session.human or table.waits(view, play.ui)):
        # TRANSLATORS: said to screen readers when the person's turn begins; {prompt} is what
        # to do (the table's prompt)
        lines.append(_("Your turn. {prompt}", prompt=spoken(table.prompt(view, look))))
        effects.append(m.FocusBest())
    if lines:
        effects.insert(0, m.Say(tuple(lines)))
    return replace(model, play=replace(play, heard=len(rows))), effects


def settings_for(model: Model, name: str) -> dict:
    """A table's settings: the address's, else this browser's, else the default."""
    chosen = model.prefs.settings.get(name) or {}
    out = {}
    for o in TABLES[name].settings:
        value = chosen.get(o["key"], o["default"])
        out[o["key"]] = value if value in o["choices"] else o["default"]
        if o["key"] in model.address_settings:
            out[o["key"]] = model.address_settings[o["key"]]
    return out


def refresh(model: Model, now: float) -> Model:
    """Let the table bring its own state up to date with the game and the clock."""
    play = model.play
    ui = table_of(play).prepare(play.session.view(), play.ui, settings_for(model, play.game), now)
    return model if ui == play.ui else replace(model, play=replace(play, ui=ui))


def saved(model: Model) -> Result:
    """Store the game (seed, moves and the table's state) if it changed; a finished game is
    removed, a match that goes on is kept."""
    session = model.play.session
    result = session.result() or {}
    text = None
    if not (session.over() and result.get("match_over") is not False):
        data = session.save()
        if model.play.ui:
            data["ui"] = model.play.ui
        if model.play.undos or model.play.hints:
            data["aids"] = {"undos": model.play.undos, "hints": model.play.hints}
        if model.play.practice:
            data["practice"] = True
        text = json.dumps(data, separators=(",", ":"))
    if text == model.saved:
        return model, []
    return replace(model, saved=text), [m.Store(SAVE_KEY, text)]


def moved(model: Model, before: dict, mover: int, now: float) -> Result:
    """After a move by `mover` (the view before it in `before`): what moves on the next
    picture, the table's state, the record of a finished game, the save."""
    play, table = model.play, table_of(model.play)
    after = play.session.view()
    leaving = table.leaving(before, after) if pause(model) > 0 else None
    play = replace(play, turn=play.turn + 1, selection=(), drag=None, hint="", lit="",
                   motion=Motion(frozenset(table.arrivals(after) - table.arrivals(before)),
                                 mover, leaving))
    model, effects = counted(replace(model, play=play))
    if before["phase"] != "over" and play.session.over() and not play.practice:
        model, kept = remember(model, play.session,
                               st.outcome(play.session.result() or {}, play.session.human), now)
        effects += kept
    model, more = saved(refresh(model, now))
    mine_before = before["to_act"] == play.session.human
    model, said = told(model, turn_began=not mine_before)
    return model, effects + more + said


def counted(model: Model) -> Result:
    """A finished game goes into this browser's record, once (a match of several deals, as
    Garbage's, when the match is over)."""
    play = model.play
    session = play.session
    r = session.result() or {}
    if play.counted or not session.over() or r.get("match_over") is False:
        return model, []
    me = session.human
    outcome = st.outcome(r, me)
    over = {**deal_detail(session), "won": outcome == "won", "draw": outcome == "draw",
            **{k: r[k] for k in ("places", "scores", "losers", "fool", "pairs", "winners",
                                 "champion") if k in r}}
    if play.practice:  # played on from a replay: the host hears of it, the statistics do not
        return (replace(model, play=replace(play, counted=True)),
                [m.Notify("over", {**over, "practice": True})])
    helped = bool(play.undos or play.hints)
    stats = st.add(model.stats, play.game, session.options, outcome,
                   st.figures(play.game, r, session.state.log, me), helped)
    return (replace(model, stats=stats, play=replace(play, counted=True)),
            [m.Store(STATS_KEY, st.dumps(stats)), m.Notify("over", over)])


# --- the person's moves -------------------------------------------------------------------------

def my_view(model: Model) -> dict | None:
    if model.play is None or model.screen != "table":
        return None
    return model.play.session.view()


def with_hint(model: Model, hint: str, selection: tuple[str, ...] | None = None) -> Result:
    play = replace(model.play, hint=hint, motion=Motion(acted=model.play.motion.acted))
    if selection is not None:
        play = replace(play, selection=selection)
    return replace(model, play=play), []


def make_move(model: Model, text: str, now: float, confirmed: bool = False) -> Result:
    view = my_view(model)
    if view is None:
        return model, []
    play = model.play
    if not any(mo["text"] == text for mo in view["legal"]):
        reason = play.session.why_not_move(text)
        return with_hint(model, sentence(reason_text(reason)) if reason
                         else _("That move is not possible now."))
    kind = text.split()[0]
    if model.prefs.confirm and not confirmed and kind in table_of(play).confirm_kinds:
        return replace(model, play=replace(play, confirming=text)), []
    try:
        play.session.play(text)
    except kozyr.IllegalMove as exc:
        return with_hint(model, sentence(reason_text(reason_of(exc))))
    return moved(model, view, play.session.human, now)


def move_chosen(model: Model, msg: m.MoveChosen, now: float) -> Result:
    return make_move(model, msg.text, now) if msg.text else (model, [])


def confirmed(model: Model, msg: m.Confirmed, now: float) -> Result:
    """The answer to "take the cards?": the move is made, or nothing is."""
    if model.play is None or not model.play.confirming:
        return model, []
    text = model.play.confirming
    model = replace(model, play=replace(model.play, confirming=""))
    return make_move(model, text, now, confirmed=True) if msg.yes else (model, [])


def play_out(model: Model, msg, now: float) -> Result:
    """Play the forced rest of the deal at once."""
    view = my_view(model)
    if view is None or not model.play.session.play_forced():
        return model, []
    return moved(model, view, model.play.session.human, now)


def why_not(session: Session, code: str) -> str:
    """The engine's reason a card cannot be played now (asked, never guessed)."""
    reason = session.why_not(code)
    # TRANSLATORS: why a card cannot be played, when the rules say no more; shown as a sentence
    # after the card: "K♠: It cannot be played that way now."
    said = reason_text(reason) if reason else _("it cannot be played that way now")
    if label(code) in said:
        return sentence(said)
    # TRANSLATORS: why a card cannot be played: {card} is the card ("K♠"), {reason} the rule
    return _("{card}: {reason}", card=label(code), reason=sentence(said))


def card_clicked(model: Model, msg: m.CardClicked, now: float) -> Result:
    view, code = my_view(model), msg.code
    if view is None or code not in view.get("hand", ()) or view["phase"] == "over":
        return model, []
    play = model.play
    if view["to_act"] != play.session.human:
        sp = Speaker(play.names, play.session.human)
        # TRANSLATORS: the person clicked a card while an opponent ({who}) is to play
        return with_hint(model, _("Wait: it is {who}'s turn.", who=sp.who(view["to_act"])))
    legal, sel = view["legal"], list(play.selection)
    if not mv.uses(legal, code):
        return with_hint(model, why_not(play.session, code), ())
    if code in sel:
        alone = [mo for mo in mv.exact(legal, sel) if not mo.get("target")]
        if len(alone) == 1 and sel == [code]:
            return make_move(model, alone[0]["text"], now)
        return with_hint(model, "", tuple(c for c in sel if c != code))
    grown = sel + [code]
    if sel and mv.containing(legal, grown):
        chosen = tuple(grown)
    else:
        chosen = (code,)
        move = mv.auto_move(legal, code)
        if move is not None and not (move.get("target") and table_of(play).choose_target):
            return make_move(model, move["text"], now)
    return with_hint(model, table_of(play).selection_hint(legal, chosen), chosen)


def clear(model: Model, msg, now: float) -> Result:
    if model.play is None or model.screen != "table":
        return model, []
    return with_hint(model, "", ())


def table_action(model: Model, msg: m.TableAction, now: float) -> Result:
    """A button of the table's own: its answer is a move, a selection or new table state."""
    view = my_view(model)
    if view is None:
        return model, []
    play = model.play
    reply = table_of(play).act(view, play.ui, play.selection, msg.arg, now)
    if reply.move:
        return make_move(model, reply.move, now)
    if reply.selection is not None:
        return with_hint(model, reply.hint, reply.selection)
    if reply.ui is not None and reply.ui != play.ui:
        model, effects = saved(refresh(replace(model, play=replace(play, ui=reply.ui)), now))
        model, said = told(model, turn_began=not table_of(play).waits(view, reply.ui))
        return model, effects + said
    return model, []


def read_table(model: Model, msg, now: float) -> Result:
    """The whole table, read aloud."""
    if model.play is None or model.screen != "table":
        return model, []
    play = model.play
    look = Look(names=play.names, human=play.session.human, selection=play.selection,
                ui=play.ui)
    return model, [m.Say(tuple(table_of(play).describe(play.session.view(), look)))]


# --- undo and hints -------------------------------------------------------------------------------

def undo(model: Model, msg, now: float) -> Result:
    """Take back the person's last move and the opponents' replies since, unless a card was
    turned up meanwhile (the engine says why not)."""
    if model.play is None or model.screen != "table" or model.play.session.over():
        return model, []
    play = model.play
    reason = play.session.why_no_undo()
    if reason:
        # TRANSLATORS: Undo was pressed but cannot be used; {reason} is why (a rule)
        return with_hint(model, _("No undo: {reason}", reason=sentence(reason_text(reason))))
    taken = play.session.undo()
    # TRANSLATORS: said after Undo; {n} is how many moves were taken back (yours and the
    # opponents' replies)
    line = n_("{n} move taken back: it is your turn again.",
              "{n} moves taken back: it is your turn again.", taken)
    play = replace(play, turn=play.turn + 1, undos=play.undos + 1, selection=(), drag=None,
                   lit="", hint=line, motion=Motion())
    model, effects = saved(refresh(replace(model, play=play), now))
    table, sp = table_of(play), Speaker(play.names, play.session.human)
    heard = len(table.log_lines(play.session.view(), sp))  # the log is shorter now
    model = replace(model, play=replace(model.play, heard=heard))
    return model, effects + [m.Say((line,)), m.FocusBest()]


def hint(model: Model, msg, now: float) -> Result:
    """The normal opponent's move in the person's place, lit on the table, with why."""
    view = my_view(model)
    if view is None or view["phase"] == "over":
        return model, []
    play = model.play
    if view["to_act"] != play.session.human or not view["legal"]:
        return with_hint(model, _("A hint is given on your turn."))
    move, why = ai_hint(view)
    chosen = next(mo for mo in view["legal"]
                  if mo["kind"] == move.kind and mo.get("target") == move.target
                  and sorted(mo["cards"]) == sorted(map(str, move.cards)))
    # TRANSLATORS: the hint line: {move} is what to do ("beat 7♥ with 9♥"), {why} the reason
    line = _("Hint: {move} – {why}", move=mv.move_words(chosen), why=sentence(reason_text(why)))
    play = replace(play, hints=play.hints + 1, lit=chosen["text"], hint=line, selection=(),
                   motion=Motion(acted=play.motion.acted))
    model, effects = saved(replace(model, play=play))
    return model, effects + [m.Say((line,))]


# --- dragging a card from the hand onto the table (desktop) ---------------------------------------

def drag_start(model: Model, msg: m.DragStart, now: float) -> Result:
    view = my_view(model)
    if view is None or view["to_act"] != model.play.session.human:
        return model, []
    legal = view["legal"]
    if not mv.uses(legal, msg.code):
        return model, []
    zone = any(not mo.get("target") for mo in mv.exact(legal, [msg.code]))
    return (replace(model, play=replace(model.play, drag=msg.code)),
            [m.MarkDrop(tuple(mv.targets(legal, [msg.code])), zone)])


def dropped(model: Model, msg: m.Dropped, now: float) -> Result:
    view = my_view(model)
    if view is None or model.play.drag != msg.code:
        return model, []
    model = replace(model, play=replace(model.play, drag=None))
    if view["to_act"] != model.play.session.human:
        return model, []
    legal, code = view["legal"], msg.code
    aimed = mv.targets(legal, [code])
    if msg.spot and msg.spot in aimed:
        return make_move(model, aimed[msg.spot]["text"], now)
    if not msg.on_table:
        return model, []
    plain = [mo for mo in mv.exact(legal, [code]) if not mo.get("target")]
    if len(plain) == 1:
        return make_move(model, plain[0]["text"], now)
    if not plain and len(aimed) == 1:
        return make_move(model, next(iter(aimed.values()))["text"], now)
    return with_hint(model, table_of(model.play).selection_hint(legal, (code,)), (code,))


def drag_end(model: Model, msg, now: float) -> Result:
    if model.play is None or model.play.drag is None:
        return model, []
    return replace(model, play=replace(model.play, drag=None)), []


# --- the end of a game, the opponents, the clock --------------------------------------------------

def finish(model: Model, msg, now: float) -> Result:
    if model.play is None:
        return model, []
    return replace(model, play=replace(model.play, hurry=True, hint="")), []


def review(model: Model, msg, now: float) -> Result:
    if model.play is None:
        return model, []
    return replace(model, play=replace(model.play, review=True)), []


def again(model: Model, msg: m.Again, now: float) -> Result:
    if model.play is None:
        return model, []
    play = model.play
    going_on = (play.session.result() or {}).get("match_over") is False
    aids = {"undos": play.undos, "hints": play.hints} if going_on else None  # one match
    return to_table(model, play.session.next_deal(msg.seed), {}, now, aids)


def opponent_moved(model: Model, msg: m.OpponentMoved, now: float) -> Result:
    play = model.play
    if (play is None or (play.number, play.turn) != msg.key
            or play.session.to_act != msg.seat or not play.session.ai_to_act()):
        return model, []  # the table moved on while the opponent thought
    before = play.session.view()
    play.session.play_ai(msg.move)
    model, effects = moved(model, before, msg.seat, now)
    return model, [m.Console("debug", f"kozyr: ai-move {msg.busy_ms:.2f} ms (wall "
                                      f"{msg.wall_ms:.0f} ms) seat {msg.seat}: {msg.move}"),
                   *effects]


def tick(model: Model, msg, now: float) -> Result:
    if model.play is None:
        return model, []
    fresh = refresh(model, now)
    if fresh is model:
        return model, []
    model, effects = saved(fresh)
    model, said = told(model, turn_began=True)  # a countdown ran out: the look is over
    return model, effects + said


def deadline(model: Model) -> float | None:
    """When (epoch ms) the table's state changes by itself, if it will: a countdown runs."""
    play = model.play
    if play is None or model.screen != "table":
        return None
    return table_of(play).deadline(play.session.view(), play.ui)


HANDLERS = {
    m.CardClicked: card_clicked, m.MoveChosen: move_chosen, m.Clear: clear,
    m.TableAction: table_action, m.DragStart: drag_start, m.Dropped: dropped,
    m.DragEnd: drag_end, m.Finish: finish, m.Review: review, m.Again: again,
    m.OpponentMoved: opponent_moved, m.Tick: tick, m.ReadTable: read_table,
    m.Undo: undo, m.Hint: hint, m.Confirmed: confirmed, m.PlayOut: play_out,
}

