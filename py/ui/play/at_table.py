"""At the table: clicks on cards and places, drags, the table's own buttons, the opponents'
moves, the clock and the end of a deal. Every rule question goes to the engine (the view's
legal moves, the session's reasons); every game's own behaviour to its table. A move is made
on a fork of the session, which takes the old one's place only when all went well."""

from __future__ import annotations

from dataclasses import replace

import kozyr

from .. import messages as m
from ..exercises.update import answer
from ..i18n import _
from ..model import Model, Result
from ..parts.cards import label
from ..parts.look import Look
from ..parts.words import Speaker, reason_text
from ..setup.options import reason_of, sentence
from ..shared_table import talk, wire
from ..shared_table.mirror import Mirror
from ..tables import table_of
from . import moves as mv
from .handoff import look_elsewhere
from .hint_line import with_hint
from .queries import view_at_table
from .sounds import sounds
from .table_life import after_move, announce, arrive, refresh, store_game


def refused(model: Model, hint: str, selection: tuple[str, ...] | None = None) -> Result:
    """A move refused: the line under the prompt says why, and the refusal is heard."""
    model, effects = with_hint(model, hint, selection)
    return model, effects + sounds(model, "refused")


def make_move(model: Model, text: str, now: float, confirmed: bool = False) -> Result:
    view = view_at_table(model)
    if view is None:
        return model, []
    in_play = model.in_play
    looking = look_elsewhere(in_play, in_play.seat) if in_play.guests else None
    if looking is not None:
        sp = Speaker(in_play.names, in_play.seat)
        # TRANSLATORS: a move tried while another player (a guest) memorises their pile
        return refused(model, _("Wait: {who} is looking at their pile.", who=sp.who(looking)))
    reason = in_play.session.why_not_move(text)
    if reason:
        return refused(model, sentence(reason_text(reason)))
    if in_play.exercise is not None:  # judged, not played
        return answer(model, str(in_play.session.legal_move(kozyr.Move.parse(text))))
    if model.prefs.confirm and not confirmed and (
            kozyr.Move.parse(text).kind in table_of(in_play).confirm_kinds):
        return replace(model, in_play=replace(in_play, confirming=text)), []
    if isinstance(in_play.session, Mirror):  # a guest: the host makes the move, or says no
        move = wire.encode("move", text=text, version=in_play.session.version)
        return replace(model, in_play=replace(in_play, selection=(), drag=None)), [
            talk.ToHost(move)]
    session = in_play.session.fork()
    try:
        session.play_human(text)
    except kozyr.IllegalMove as exc:
        return refused(model, sentence(reason_text(reason_of(exc))))
    return after_move(model, session, view, view["seat"], now)


def move_chosen(model: Model, msg: m.MoveChosen, now: float) -> Result:
    return make_move(model, msg.text, now) if msg.text else (model, [])


def confirmed(model: Model, msg: m.Confirmed, now: float) -> Result:
    """The answer to "take the cards?": the move is made, or nothing is."""
    if model.in_play is None or not model.in_play.confirming:
        return model, []
    text = model.in_play.confirming
    model = replace(model, in_play=replace(model.in_play, confirming=""))
    return make_move(model, text, now, confirmed=True) if msg.yes else (model, [])


def play_out(model: Model, msg, now: float) -> Result:
    """Play the forced rest of the deal at once."""
    view = view_at_table(model)
    if view is None or model.in_play.exercise is not None:  # an exercise is never played on
        return model, []
    session = model.in_play.session.fork()
    if not session.play_forced():
        return model, []
    return after_move(model, session, view, view["seat"], now)


def why_not(session, code: str) -> str:
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
    view, code = view_at_table(model), msg.code
    if view is None or code not in view.get("hand", ()) or view["phase"] == "over":
        return model, []
    in_play = model.in_play
    if view["to_act"] != in_play.seat:
        sp = Speaker(in_play.names, in_play.seat)
        # TRANSLATORS: the person clicked a card while an opponent ({who}) is to play
        return refused(model, _("Wait: it is {who}'s turn.", who=sp.who(view["to_act"])))
    legal, sel, table = view["legal"], list(in_play.selection), table_of(in_play)
    if not mv.uses(legal, code):
        return refused(model, why_not(in_play.session, code), ())
    if code in sel:  # tapped again: its one remaining reading, else it is dropped
        move = mv.again(legal, sel, table.lays) if sel == [code] else None
        if move is not None:
            return make_move(model, move["text"], now)
        return with_hint(model, "", tuple(c for c in sel if c != code))
    grown = sel + [code]
    if sel and mv.containing(legal, grown):
        chosen = tuple(grown)
    else:  # one possible move: made on the first tap; several: the places to go light up
        chosen = (code,)
        move = mv.auto_move(legal, code)
        if move is not None:
            return make_move(model, move["text"], now)
    return with_hint(model, table.selection_hint(legal, chosen, model.touch), chosen)


def clear(model: Model, msg, now: float) -> Result:
    if model.in_play is None or model.screen != "table":
        return model, []
    return with_hint(model, "", ())


def table_action(model: Model, msg: m.TableAction, now: float) -> Result:
    """A button of the table's own: its answer is a move, a selection or new table state."""
    view = view_at_table(model)
    if view is None:
        return model, []
    in_play = model.in_play
    table = table_of(in_play)
    reply = table.act(view, in_play.ui, in_play.selection, msg.arg, now)
    if reply.move:
        return make_move(model, reply.move, now)
    if reply.selection:  # cards picked: what to do next with them
        hint = reply.hint or table.selection_hint(view["legal"], reply.selection, model.touch)
        return with_hint(model, hint, reply.selection)
    if reply.selection is not None:
        return with_hint(model, reply.hint, reply.selection)
    if reply.ui is not None and reply.ui != in_play.ui:
        model = refresh(replace(model, in_play=replace(in_play, ui=reply.ui)), now)
        model, effects = store_game(model)
        model, heard = announce(model, turn_began=not table.waits(view, reply.ui))
        return model, effects + heard
    return model, []


def read_table(model: Model, msg, now: float) -> Result:
    """The whole table, read aloud."""
    view = view_at_table(model)
    if view is None:
        return model, []
    in_play = model.in_play
    look = Look(names=in_play.names, human=in_play.seat, selection=in_play.selection,
                ui=in_play.ui, people=in_play.session.people, touch=model.touch)
    return model, [m.Say(tuple(table_of(in_play).describe(view, look)))]


# --- dragging a card from the hand onto the table (desktop and touch) -----------------------------

def drag_start(model: Model, msg: m.DragStart, now: float) -> Result:
    view = view_at_table(model)
    if view is None or view["to_act"] != model.in_play.seat:
        return model, []
    legal = view["legal"]
    if not mv.uses(legal, msg.code):
        return model, []
    zone = any(not mo.get("target") for mo in mv.exact(legal, [msg.code]))
    return (replace(model, in_play=replace(model.in_play, drag=msg.code)),
            [m.MarkDrop(tuple(mv.targets(legal, [msg.code])), zone)])


def dropped(model: Model, msg: m.Dropped, now: float) -> Result:
    view = view_at_table(model)
    if view is None or model.in_play.drag != msg.code:
        return model, []
    model = replace(model, in_play=replace(model.in_play, drag=None))
    if view["to_act"] != model.in_play.seat:
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
    hint = table_of(model.in_play).selection_hint(legal, (code,), model.touch)
    return with_hint(model, hint, (code,))


def drag_end(model: Model, msg, now: float) -> Result:
    if model.in_play is None or model.in_play.drag is None:
        return model, []
    return replace(model, in_play=replace(model.in_play, drag=None)), []


# --- the opponents, the clock, the end of a deal ---------------------------------------------------

def opponent_moved(model: Model, msg: m.OpponentMoved, now: float) -> Result:
    in_play = model.in_play
    if (in_play is None or (in_play.deal_index, in_play.version) != msg.key
            or in_play.session.to_act != msg.seat or not in_play.session.ai_to_act()):
        return model, []  # the table moved on while the opponent thought
    before = in_play.session.view(in_play.seat)
    session = in_play.session.fork()
    session.play_ai(msg.move)
    model, effects = after_move(model, session, before, msg.seat, now)
    return model, [m.Console("debug", f"kozyr: ai-move {msg.busy_ms:.2f} ms (wall "
                                      f"{msg.wall_ms:.0f} ms) seat {msg.seat}: {msg.move}"),
                   *effects]


def tick(model: Model, msg, now: float) -> Result:
    if model.in_play is None:
        return model, []
    fresh = refresh(model, now)
    if fresh is model:
        return model, []
    model, effects = store_game(fresh)
    model, heard = announce(model, turn_began=True)  # a countdown ran out: the look is over
    return model, effects + heard


def finish(model: Model, msg, now: float) -> Result:
    if model.in_play is None:
        return model, []
    return replace(model, in_play=replace(model.in_play, hurry=True, hint="")), []


def review(model: Model, msg, now: float) -> Result:
    if model.in_play is None:
        return model, []
    return replace(model, in_play=replace(model.in_play, reviewing=True)), []


def again(model: Model, msg: m.Again, now: float) -> Result:
    if model.in_play is None:
        return model, []
    in_play = model.in_play
    if isinstance(in_play.session, Mirror):
        # TRANSLATORS: a guest pressed Play again: the host's page deals
        return with_hint(model, _("The host deals the next game: it opens here by itself."))
    going_on = (in_play.session.result() or {}).get("match_over") is False
    aids = {"undos": in_play.undos, "hints": in_play.hints} if going_on else None  # one match
    model, effects = arrive(model, in_play.session.next_deal(msg.seed), {}, now, aids,
                            people=in_play.people, guests=in_play.guests,
                            practice=in_play.practice and going_on)  # a practice match goes on
    return model, effects


HANDLERS = {
    m.CardClicked: card_clicked, m.MoveChosen: move_chosen, m.Clear: clear,
    m.TableAction: table_action, m.DragStart: drag_start, m.Dropped: dropped,
    m.DragEnd: drag_end, m.Finish: finish, m.Review: review, m.Again: again,
    m.OpponentMoved: opponent_moved, m.Tick: tick, m.ReadTable: read_table,
    m.Confirmed: confirmed, m.PlayOut: play_out,
}
