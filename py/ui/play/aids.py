"""The person's aids at the table: undo, a hint, the same deal again, its link."""

from __future__ import annotations

from dataclasses import replace

from kozyr.ai import hint as ai_hint
from kozyr.session import Session

from .. import messages as m
from ..i18n import _, n_
from ..model import Model, Motion, Result
from ..parts.words import Speaker, reason_text
from ..setup import address
from ..setup.options import sentence
from ..tables import table_of
from . import moves as mv
from .hint_line import with_hint
from .queries import view_at_table
from .table_life import refresh, seat_instead, store_game


def undo(model: Model, msg, now: float) -> Result:
    """Take back the person's last move and the opponents' replies since, unless a card was
    turned up meanwhile (the engine says why not)."""
    if view_at_table(model) is None or model.in_play.session.over():
        return model, []
    in_play = model.in_play
    if in_play.exercise is not None:
        return with_hint(model, alone())
    reason = in_play.session.why_no_undo(in_play.seat)
    if reason:
        # TRANSLATORS: Undo was pressed but cannot be used; {reason} is why (a rule)
        return with_hint(model, _("No undo: {reason}", reason=sentence(reason_text(reason))))
    session = in_play.session.fork()
    taken = session.undo(in_play.seat)
    # TRANSLATORS: said after Undo; {n} is how many moves were taken back (yours and the
    # opponents' replies)
    line = n_("{n} move taken back: it is your turn again.",
              "{n} moves taken back: it is your turn again.", taken)
    sp = Speaker(in_play.names, in_play.seat)
    said = len(table_of(in_play).log_lines(session.view(in_play.seat), sp))  # shorter now
    in_play = replace(in_play, session=session, version=in_play.version + 1,
                      undos=in_play.undos + 1, selection=(), drag=None, hinted="", hint=line,
                      motion=Motion(), lines_said=said)
    model, effects = store_game(refresh(replace(model, in_play=in_play), now))
    return model, effects + [m.Say((line,)), m.FocusBest()]


def hint(model: Model, msg, now: float) -> Result:
    """The normal opponent's move in the person's place, lit on the table, with why."""
    view = view_at_table(model)
    if view is None or view["phase"] == "over":
        return model, []
    in_play = model.in_play
    if in_play.exercise is not None:
        return with_hint(model, alone())
    if view["to_act"] != in_play.seat or not view["legal"]:
        return with_hint(model, _("A hint is given on your turn."))
    move, why = ai_hint(view)
    text = str(in_play.session.legal_move(move))  # as the view's legal moves write it
    chosen = next(mo for mo in view["legal"] if mo["text"] == text)
    # TRANSLATORS: the hint line: {move} is what to do ("beat 7♥ with 9♥"), {why} the reason
    line = _("Hint: {move} – {why}", move=mv.move_words(chosen), why=sentence(reason_text(why)))
    in_play = replace(in_play, hints=in_play.hints + 1, hinted=text, hint=line, selection=(),
                      motion=Motion(acted=in_play.motion.acted))
    model, effects = store_game(replace(model, in_play=in_play))
    return model, effects + [m.Say((line,))]


def alone() -> str:
    # TRANSLATORS: Undo or Hint pressed during an exercise (a position from the person's own
    # deal, asked again)
    return _("In an exercise the move is yours to find: no undo, no hint.")


def deal_again(model: Model, msg, now: float) -> Result:
    """This deal again from its start: same number, options, opponents and carry-over. A game
    still being played is left for it, and counts as a loss."""
    if view_at_table(model) is None or model.in_play.session.seed is None:  # a guest: never
        return model, []
    if model.in_play.guests:  # each guest was sent the finished deal: they know its cards
        # TRANSLATORS: Play this deal again at a table shared between browsers
        said = _("At a table shared between browsers each deal is new: the guests have seen "
                 "this one's cards.")
        return replace(model, notice=said), [m.Say((said,))]
    in_play, old = model.in_play, model.in_play.session
    session = Session(old.game.name, old.options, old.seed, old.human, old.level, old.match,
                      old.people, old.levels)
    model, effects = seat_instead(replace(model, sheet=None, notice=""), session, now,
                                  leave=not old.over(), people=in_play.people,
                                  guests=in_play.guests, daily=in_play.daily,
                                  practice=in_play.practice or bool(in_play.daily))
    return model, effects


def copy_link(model: Model, msg: m.CopyLink, now: float) -> Result:
    if model.in_play is None or model.in_play.session.seed is None:  # none for a guest
        return model, []
    s = model.in_play.session
    url = msg.base + address.link(s.game.name, s.options, s.level, s.seed, s.match, s.people,
                                  model.in_play.people, s.levels, model.in_play.guests)
    # TRANSLATORS: shown after Copy link; the link deals the same cards in any browser
    done = _("Link copied: it deals these very cards in any browser.")
    return replace(model, notice=done), [m.Copy(url), m.Say((done,))]


HANDLERS = {m.Undo: undo, m.Hint: hint, m.DealAgain: deal_again, m.CopyLink: copy_link}
