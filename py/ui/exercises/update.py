"""Exercises from the person's own mistakes: the list (made from every analysed deal of the
recent list), one exercise at the table, its answers judged, the next one.

An exercise is the deal replayed to the decision, at the table from the person's seat: the
table's own clicks and keys choose a move, which is judged instead of played (`answer`, from
at_table's make_move). Nothing of it is stored as a game: the saved game, if any, stays as it
was and Continue goes back to it."""

from __future__ import annotations

from dataclasses import replace

from kozyr.protocol import Move
from kozyr.session import SAVE_FORMAT, SAVE_VERSION, Session

from .. import messages as m
from ..i18n import _
from ..model import EXERCISES_KEY, Model, Result
from ..parts.words import percent
from ..play import moves as mv
from ..play import recent as rc
from ..play.hint_line import with_hint
from ..play.sounds import sounds
from ..play.table_life import arrive
from . import messages as em
from . import model as ex


def collected(model: Model, now: float) -> tuple[dict, ...]:
    """The exercises with every mistake and blunder of the analysed recent deals added."""
    from kozyr import analysis  # the verdicts: in the replay's pack, here once it is loaded

    items = model.exercises
    for deal in model.recent:
        judged = model.analyses.get(rc.deal_id(deal)) or []
        try:
            verdicts = [(j, analysis.Judgement.from_json(j).verdict) for j in judged]
        except ValueError:
            continue  # a damaged analysis makes none
        marked = [(j, verdict) for j, verdict in verdicts if verdict]
        items = ex.added(items, deal, marked, now)
    return items


def judged(model: Model, msg: m.Judged, now: float) -> Result:
    """A decision of a replayed deal judged (after the replay kept it): a mistake of the
    person's own, alone at this device, is an exercise from now on."""
    from kozyr import analysis  # the verdict: in the replay's pack, here since it opened

    replay = model.replay
    verdict = analysis.Judgement.from_json(msg.judgement).verdict
    if not verdict or replay is None or not rc.mine(model.recent, replay.deal):
        return model, []
    return stored(model, ex.added(model.exercises, replay.deal, [(msg.judgement, verdict)], now))


def stored(model: Model, items: tuple[dict, ...]) -> Result:
    if items == model.exercises:
        return model, []
    return replace(model, exercises=items), [m.Store(EXERCISES_KEY, ex.dumps(items))]


def open_list(model: Model, msg, now: float) -> Result:
    model, effects = stored(model, collected(model, now))
    return replace(model, sheet="exercises", notice=""), effects


def try_exercise(model: Model, msg: em.TryExercise, now: float) -> Result:
    """The exercise at the table: its deal at that decision, the person to move."""
    model, effects = stored(model, collected(model, now))
    item = ex.find(model.exercises, msg.id)
    session = item and position(item)
    if session is None:
        # TRANSLATORS: an exercise whose deal cannot be played again (another version's)
        notice = _("That exercise cannot be opened: its deal was saved by another version.")
        return replace(model, notice=notice), effects
    trying = ex.Trying(msg.id, item["judgement"], tries=item["tries"], solved=item["solved"])
    model, more = arrive(replace(model, replay=None), session, {}, now, practice=True,
                         exercise=trying)
    in_play = model.in_play
    if trying.tries >= ex.TRIES and not trying.solved:
        in_play = replace(in_play, hinted=trying.judgement["best"])
    return replace(model, in_play=in_play), effects + more


def position(item: dict) -> Session | None:
    """The exercise's deal at its decision, if it can be played to it and it is the person's
    decision there, with the move played among the legal moves."""
    deal, step = item["deal"], item["judgement"]["step"]
    try:
        session = Session.load({**deal, "format": SAVE_FORMAT, "version": SAVE_VERSION,
                                "moves": deal["moves"][:step]})
        played = session.game.find_legal(session.state, Move.parse(item["judgement"]["played"]))
    except Exception:  # a deal from another version: never a crash
        return None
    ours = session.state.to_act == deal["human"] and session.human == deal["human"]
    return session if ours and played is not None else None


def answer(model: Model, text: str) -> Result:
    """A move chosen at an exercise's table: judged, never played."""
    in_play = model.in_play
    trying = in_play.exercise
    if trying.checking:
        # TRANSLATORS: a move chosen while the exercise's previous answer is being judged
        return with_hint(model, _("Wait: your answer is being judged."))
    if trying.solved:
        # TRANSLATORS: a move chosen at an exercise already solved
        return with_hint(model, _("Solved. Go on to the next exercise, or pick another."))
    j = trying.judgement
    if text == j["played"]:
        # TRANSLATORS: the exercise's answer is the very move played in the deal
        return missed(model, text, j["chance_played"], j["chance_played"],
                      _("That is the move you played. Find a better one."))
    if text == j["best"]:
        return settled(model, text, j["chance_played"], j["chance_best"])
    trying = replace(trying, checking=text, run=trying.run + 1)
    # TRANSLATORS: said while the exercise's answer is judged (it takes a moment)
    judging = _("Judging your answer…")
    in_play = replace(in_play, exercise=trying, selection=(), drag=None, hint=judging)
    return replace(model, in_play=in_play), [m.Say((judging,))]


def checked(model: Model, msg: em.Checked, now: float) -> Result:
    """An answer's chance is known: the exercise is solved, or it is another try."""
    from kozyr import exercises as engine  # the judging: in the replay's pack, loaded by now

    trying = model.in_play.exercise if model.in_play is not None else None
    if trying is None or msg.run != trying.run or msg.answer != trying.checking:
        return model, []  # another exercise, or an answer since: a late judgement
    model = replace(model, in_play=replace(model.in_play,
                                           exercise=replace(trying, checking="")))
    if engine.solved(msg.chance_played, msg.chance_answer):
        return settled(model, msg.answer, msg.chance_played, msg.chance_answer)
    return missed(model, msg.answer, msg.chance_played, msg.chance_answer, "")


def settled(model: Model, text: str, played: float, chance: float) -> Result:
    trying = replace(model.in_play.exercise, solved=True, answer=text, chance_answer=chance,
                     chance_played=played, checking="")
    # TRANSLATORS: the exercise is solved; {move} is the answer, {chance} its chance to win
    # ("70%"), {played} the chance of the move played in the deal
    line = _("Solved: “{move}” gives {chance} to win, against {played} for the move you "
             "played.", move=words(text), chance=percent(chance), played=percent(played))
    return progress(model, trying, line)


def missed(model: Model, text: str, played: float, chance: float, line: str) -> Result:
    trying = replace(model.in_play.exercise, tries=model.in_play.exercise.tries + 1,
                     answer=text, chance_answer=chance, chance_played=played, checking="")
    if not line:
        # TRANSLATORS: an exercise's answer that is not better enough; {move} is the answer,
        # {chance} its chance to win, {played} the chance of the move played in the deal
        line = _("“{move}” gives {chance} to win, no better than the {played} of the move you "
                 "played.", move=words(text), chance=percent(chance), played=percent(played))
    if trying.tries >= ex.TRIES:
        j = trying.judgement
        # TRANSLATORS: after the exercise's second miss: the best move and its chance
        line += " " + _("The best move was “{best}”: {chance} to win. It is lit on the table.",
                        best=words(j["best"]), chance=percent(j["chance_best"]))
    else:
        # TRANSLATORS: after an exercise's answer that missed: another try is allowed
        line += " " + _("Try again.")
    model, effects = progress(model, trying, line)
    if trying.tries >= ex.TRIES:
        model = replace(model, in_play=replace(model.in_play, hinted=trying.judgement["best"]))
    return model, effects + sounds(model, "refused")


def progress(model: Model, trying: ex.Trying, line: str) -> Result:
    """The exercise as it now stands, at the table and in the stored list."""
    in_play = replace(model.in_play, exercise=trying, hint=line, selection=(), drag=None)
    items = ex.updated(model.exercises, trying.id, tries=trying.tries, solved=trying.solved)
    model, effects = stored(replace(model, in_play=in_play), items)
    return model, effects + [m.Say((line,))]


def next_exercise(model: Model, msg, now: float) -> Result:
    current = model.in_play.exercise if model.in_play is not None else None
    item = ex.next_after(model.exercises, current.id if current else "")
    if item is None:
        return open_list(model, msg, now)
    return try_exercise(model, em.TryExercise(ex.item_id(item)), now)


def words(text: str) -> str:
    return mv.move_words(Move.parse(text).to_json())


HANDLERS = {em.OpenExercises: open_list, em.TryExercise: try_exercise,
            em.NextExercise: next_exercise, em.Checked: checked}
