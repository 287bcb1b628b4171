"""The replay screen: a finished deal face up at one of its steps, the controls to move through
it, the log so far, and the analysis with its graph of the person's winning chance."""

from __future__ import annotations

from html import escape

from kozyr import analysis, registry
from kozyr.protocol import Move

from ..i18n import _, n_, p_
from ..model import Model
from ..parts.cards import card_html, chip_html
from ..parts.look import Look
from ..parts.words import Speaker, lines_html, percent, verdict_word
from ..play import moves as mv
from ..play.recent import deal_id, mine, people_of
from ..tables import TABLES
from .model import Replay, played_move, position

# where the keyboard focus goes when its control is gone (Analyse became Stop, Stop went when
# the analysis ended, ▶ went off at the end): the first that exists
FOCUS_ORDER = ("#analyse-stop", ".marks [aria-current]", ".marks button",
               "#replay-next:not([disabled])", "#replay-back:not([disabled])", "#replay-slider")
# the graph's drawing box (SVG units): the chance runs from the bottom (0) to the top (1)
GRAPH_W, GRAPH_H, GRAPH_PAD = 320, 120, 8


# the step buttons' icons (SVG paths in a 16×16 box): drawn, since fonts lack ⏮ and ⏭
ICONS = {"first": "M3 3h2v10H3zM13 3v10L6 8z", "back": "M12 3v10L4 8z",
         "next": "M4 3v10l8-5z", "last": "M11 3h2v10h-2zM3 3v10l7-5z"}


def replay_html(model: Model) -> str:
    replay = model.replay
    deal, step = replay.deal, replay.step
    table, engine = TABLES[deal["game"]], registry.get(deal["game"])
    state = position(deal, step)
    view = replayed_view(replay, state)
    name = p_("game", title_of(model.game_info(deal["game"])))
    look = Look(names=replay.names, human=deal["human"], reviewing=True, title=name)
    sp = Speaker(replay.names, deal["human"])
    # TRANSLATORS: the replayed table's name for screen readers
    table_words = escape(_("The table at this move"))
    notice = (f'<p class="notice" role="status" id="replay-notice">{escape(model.notice)}</p>'
              if model.notice else "")
    kind = f" {table.kind}" if table.kind else ""  # the game's own sizes
    return (f'<div class="screen replay{kind}" data-step="{step}" '
            f'data-moves="{len(deal["moves"])}" data-judged="{len(replay.judged)}" '
            f'data-decisions="{len(replay.decisions)}">{bar_html(replay, name)}{notice}'
            f'{link_html(replay)}<div class="replay-body"><section class="replay-felt felt" '
            f'aria-label="{table_words}">'
            f'{hands_html(engine.open_hands(state), view, sp, deal["human"])}'
            f'<div class="replay-middle middle">{table.middle(view, look)}</div>'
            f'{now_html(replay, table, view, sp)}{controls_html(replay)}</section>'
            f'<aside class="replay-side">{analysis_html(replay, mine(model.recent, deal))}'
            f'{log_html(table, view, sp)}</aside></div></div>')


def replayed_view(replay: Replay, state=None) -> dict:
    """The person's view at the replay's step, with nothing in it to play."""
    game = registry.get(replay.deal["game"])
    state = state if state is not None else position(replay.deal, replay.step)
    return {**game.view(state, replay.deal["human"]), "legal": []}


def bar_html(replay: Replay, name: str) -> str:
    """The replay's top bar: home, its title, Copy link and Close."""
    total = len(replay.deal["moves"])
    # TRANSLATORS: the replay's title; {game} is the game's name
    title = _("Replay: {game}", game=name)
    # TRANSLATORS: under the replay's title: the deal's number and how many moves it had
    sub = n_("Deal {deal} · {n} move", "Deal {deal} · {n} moves", total, deal=replay.deal["seed"])
    # TRANSLATORS: the replay's button that makes and copies a link to it
    share = p_("button", "Copy link")
    # TRANSLATORS: the replay's button that leaves it
    close = p_("button", "Close")
    home = escape(_("kozyr: back to the games"))
    return (f'<header class="topbar"><button type="button" class="brand" id="home" '
            f'data-act="home" aria-label="{home}">k<span>o</span>zyr</button>'
            f'<div class="game-title"><h1>{escape(title)}</h1><span>{escape(sub)}</span></div>'
            f'<div class="tools"><button type="button" class="btn small ghost" '
            f'data-act="replay-share" id="replay-share">{escape(share)}</button>'
            f'<button type="button" class="btn small" data-act="replay-close" id="replay-close">'
            f'{escape(close)}</button></div></header>')


def link_html(replay: Replay) -> str:
    """The copied link, in a field (the shell puts the page's address before the query)."""
    if not replay.link:
        return ""
    # TRANSLATORS: the field that holds the replay's link, once copied
    words = escape(_("Link to this replay"))
    return (f'<div class="replay-share"><label for="replay-link" class="field-label">{words}'
            f'</label><input id="replay-link" class="deal-link" readonly '
            f'value="{escape(replay.link)}"></div>')


def title_of(game: dict) -> str:
    return game["title"]


def hands_html(hands: list[list[str]], view: dict, sp: Speaker, human: int) -> str:
    """Every seat's hidden cards face up, the person's last, the seat to act marked."""
    seats = [*(s for s in range(len(hands)) if s != human), human]
    rows = []
    for seat in seats:
        cards = "".join(card_html(c, "small") for c in hands[seat])
        to_act = " to-act" if view["to_act"] == seat else ""
        who = sp.who(seat)
        # TRANSLATORS: a seat's cards in the replay, for screen readers; {who} is the seat
        named = escape(_("{who}'s cards", who=who) if seat != human else _("Your cards"))
        # TRANSLATORS: a replayed seat with no cards left
        none = escape(_("no cards"))
        empty = f'<span class="none">{none}</span>' if not cards else ""
        rows.append(f'<div class="open-seat{to_act}" data-seat="{seat}" role="group" '
                    f'aria-label="{named}"><span class="who">{escape(who)}</span>'
                    f'<div class="open-hand">{cards}{empty}</div>{laid_html(view, seat)}</div>')
    return f'<div class="open-hands">{"".join(rows)}</div>'


def laid_html(view: dict, seat: int) -> str:
    """The pairs a seat has laid (Advantage: public, kept beside its hand)."""
    pairs = view.get("pairs")
    if not isinstance(pairs, list) or not pairs[seat]:
        return ""
    n = len(pairs[seat]) // 2
    # TRANSLATORS: under a seat's score pile, the word after the number of pairs ("3 pairs")
    unit = n_("pair", "pairs", n)
    chips = " ".join(chip_html(c) for c in pairs[seat])
    return f'<div class="open-pairs"><b>{n}</b> {escape(unit)}: {chips}</div>'


def now_html(replay: Replay, table, view: dict, sp: Speaker) -> str:
    """The move just shown: what the log says it did."""
    step, total = replay.step, len(replay.deal["moves"])
    if step == 0:
        # TRANSLATORS: the replay at its start, before the first move
        line = n_("The deal as dealt: {n} move follows.", "The deal as dealt: {n} moves follow.",
                  total)
    else:
        game = registry.get(replay.deal["game"])
        before = game.view(position(replay.deal, step - 1), replay.deal["human"])
        said = table.log_lines(view, sp)[len(table.log_lines(before, sp)):]
        what = " ".join(text for _css, text in said) or mv.move_words(
            played_move(replay.deal, step - 1).to_json())
        # TRANSLATORS: the replay's current move: its number of all, and what it did
        line = _("Move {n} of {total}: {what}", n=step, total=total, what=what)
    return f'<p class="replay-now" id="replay-now" aria-live="polite">{escape(line)}</p>'


def controls_html(replay: Replay) -> str:
    step, total = replay.step, len(replay.deal["moves"])
    buttons = [
        # TRANSLATORS: the replay's buttons: to the start, one move back, one on, to the end
        ("replay-first", 0, ICONS["first"], _("To the start"), "Home"),
        ("replay-back", step - 1, ICONS["back"], _("One move back"), "ArrowLeft"),
        ("replay-next", step + 1, ICONS["next"], _("One move on"), "ArrowRight"),
        ("replay-last", total, ICONS["last"], _("To the end"), "End"),
    ]
    html = []
    for ident, to, icon, words, key in buttons:
        off = " disabled" if not 0 <= to <= total or to == step else ""
        html.append(f'<button type="button" class="btn small" data-act="replay-to" '
                    f'data-arg="{max(0, min(total, to))}" id="{ident}" aria-label="{escape(words)}" '
                    f'title="{escape(words)}" aria-keyshortcuts="{key}"{off}>'
                    f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" '
                    f'focusable="false"><path d="{icon}"/></svg></button>')
    # TRANSLATORS: the replay's slider over the whole deal, for screen readers
    slider = escape(_("Move in the deal"))
    play_on = ""
    if step < total:
        # TRANSLATORS: the replay's button: a new game from this position (not counted)
        words = p_("button", "Play on from here")
        why = _("A practice game from this position against the same opponents: not in your "
                "statistics")
        play_on = (f'<button type="button" class="btn primary" data-act="play-on" id="play-on" '
                   f'title="{escape(why)}">{escape(words)}</button>')
    # TRANSLATORS: the group of the replay's buttons and slider, for screen readers
    group = escape(_("Replay controls"))
    return (f'<div class="replay-controls" role="group" '
            f'aria-label="{group}">{"".join(html)}'
            f'<input type="range" id="replay-slider" min="0" max="{total}" value="{step}" '
            f'step="1" aria-label="{slider}" aria-valuetext="{escape(str(step))} / {total}">'
            f'{play_on}</div>')


def whose_html(replay: Replay) -> str:
    """With several people at one device, whose seat the replay shows and analyses: a button
    per person, the chosen one pressed."""
    people = people_of(replay.deal)
    if not people:
        return ""
    chosen = replay.deal["human"]
    buttons = "".join(
        f'<button type="button" class="btn small{" primary" if seat == chosen else " ghost"}" '
        f'data-act="replay-whose" data-arg="{seat}" '
        f'aria-pressed="{str(seat == chosen).lower()}">{escape(name)}</button>'
        for seat, name in people.items())
    # TRANSLATORS: the replay of a game several people played at one device: the buttons
    # that choose whose cards are shown at the bottom and whose decisions are analysed
    label = escape(_("Whose decisions"))
    return (f'<div class="whose" role="group" aria-labelledby="whose-label">'
            f'<span id="whose-label">{label}</span>{buttons}</div>')


def analysis_html(replay: Replay, own: bool = False) -> str:
    """The analysis panel; `own`: the person's own deal, whose marked moves can be tried
    again as exercises."""
    judged, decisions = replay.judged, replay.decisions
    # TRANSLATORS: the heading of the replay's analysis
    heading = escape(_("Analysis"))
    parts = [f'<h2>{heading}</h2>', whose_html(replay)]
    # TRANSLATORS: how the analysis judges; {mistake} and {blunder} are percentages ("10%")
    how = _("Each of your decisions against the move the hard opponent prefers with every card "
            "known. A mistake gives away at least {mistake} of your chance to win, a blunder at "
            "least {blunder}.", mistake=percent(analysis.MISTAKE),
            blunder=percent(analysis.BLUNDER))
    parts.append(f'<p class="help">{escape(how)}</p>')
    if not decisions:
        # TRANSLATORS: the analysis of a deal where every move of the person was forced
        forced = escape(_("You had no choice to make in this deal."))
        parts.append(f'<p>{forced}</p>')
        return f'<section class="replay-analysis" id="analysis">{"".join(parts)}</section>'
    if replay.analysing:
        # TRANSLATORS: the analysis is running: decisions judged so far, out of all
        done = _("Analysing: {n} of {total} decisions", n=len(judged), total=len(decisions))
        # TRANSLATORS: the button that stops the running analysis
        stop = escape(p_("button", "Stop"))
        parts.append(f'<p class="progress-line"><label for="analysis-progress">{escape(done)}'
                     f'</label> <progress id="analysis-progress" max="{len(decisions)}" '
                     f'value="{len(judged)}">{escape(done)}</progress></p>'
                     f'<button type="button" class="btn small" data-act="analyse-stop" '
                     f'id="analyse-stop">{stop}</button>')
    elif not replay.done:
        words = p_("button", "Analyse") if not judged else p_("button", "Go on analysing")
        parts.append(f'<button type="button" class="btn primary" data-act="analyse" '
                     f'id="analyse">{escape(words)}</button>')
        if judged:
            # TRANSLATORS: a stopped analysis: decisions judged so far, out of all
            stopped = _("Stopped: {n} of {total} decisions judged.", n=len(judged),
                        total=len(decisions))
            parts.append(f'<p>{escape(stopped)}</p>')
    if judged:
        parts.append(summary_html(judged))
        parts.append(graph_html(replay))
        parts.append(verdict_html(replay, own))
    return (f'<section class="replay-analysis" id="analysis" aria-label="{heading}">'
            f'{"".join(parts)}</section>')


def summary_html(judged: tuple[dict, ...]) -> str:
    found = [analysis.Judgement.from_json(j).verdict for j in judged]
    # TRANSLATORS: the analysis so far: how many mistakes and blunders it found
    line = _("{mistakes}, {blunders}",
             mistakes=n_("{n} mistake", "{n} mistakes", found.count("mistake")),
             blunders=n_("{n} blunder", "{n} blunders", found.count("blunder")))
    return f'<p class="summary" id="analysis-summary">{escape(line)}</p>'


def graph_x(step: int, total: int) -> float:
    return GRAPH_PAD + (GRAPH_W - 2 * GRAPH_PAD) * step / max(1, total)


def graph_y(chance: float) -> float:
    return GRAPH_PAD + (GRAPH_H - 2 * GRAPH_PAD) * (1 - chance)


def graph_html(replay: Replay) -> str:
    """The person's winning chance after each decision, as SVG: a click jumps to the nearest
    decision (the shell finds it). The keyboard has the marked moves as buttons, the slider
    and the keys."""
    total = len(replay.deal["moves"])
    points = [(j["step"] + 1, j["chance_played"], analysis.Judgement.from_json(j).verdict)
              for j in replay.judged]
    line = " ".join(f"{graph_x(s, total):.1f},{graph_y(c):.1f}" for s, c, _v in points)
    half = graph_y(0.5)
    now = graph_x(replay.step, total)
    dots = "".join(f'<circle cx="{graph_x(s, total):.1f}" cy="{graph_y(c):.1f}" r="4" '
                   f'class="dot {v or "good"}{" here" if s == replay.step else ""}" '
                   f'data-step="{s}"/>' for s, c, v in points)
    # TRANSLATORS: the analysis graph's name for screen readers
    named = escape(_("Your chance to win over the deal"))
    svg = (f'<svg class="graph" viewBox="0 0 {GRAPH_W} {GRAPH_H}" role="img" '
           f'aria-label="{named}" preserveAspectRatio="none" data-act="graph">'
           f'<rect x="0" y="0" width="{GRAPH_W}" height="{GRAPH_H}" class="bg"/>'
           f'<line x1="{GRAPH_PAD}" x2="{GRAPH_W - GRAPH_PAD}" y1="{half:.1f}" y2="{half:.1f}" '
           f'class="even"/><line x1="{now:.1f}" x2="{now:.1f}" y1="0" y2="{GRAPH_H}" '
           f'class="now"/><polyline points="{line}" class="chance"/>{dots}</svg>')
    # TRANSLATORS: the graph's axis words: the top is a sure win, the bottom a sure loss
    top, bottom = escape(_("win")), escape(_("loss"))
    return (f'<div class="graph-box" id="graph"><span class="axis top">{top}</span>'
            f'<span class="axis bottom">{bottom}</span>{svg}</div>{marks_html(points, replay)}')


def marks_html(points: list[tuple[int, float, str]], replay: Replay) -> str:
    """The mistakes and blunders as buttons that jump to them."""
    buttons = []
    for s, c, v in points:
        if not v:
            continue
        # TRANSLATORS: a marked move of the analysis: its number and its verdict, as a button
        label = _("Move {n}: {what}", n=s, what=verdict_word(v))
        here = ' aria-current="step"' if s == replay.step else ""
        buttons.append(f'<li><button type="button" class="btn small mark-{v}" id="mark-{s}" '
                       f'data-act="replay-to" data-arg="{s}"{here}>{escape(label)}</button></li>')
    if not buttons:
        return ""
    # TRANSLATORS: the list of the analysis's marked moves (mistakes and blunders)
    named = escape(_("Mistakes and blunders"))
    return f'<ul class="marks" aria-label="{named}">{"".join(buttons)}</ul>'


def verdict_html(replay: Replay, own: bool = False) -> str:
    """The analysis of the move just shown, if it was one of the person's decisions; at a
    mistake or a blunder of the person's own deal, "Try this again" (an exercise)."""
    j = next((j for j in replay.judged if j["step"] == replay.step - 1), None)
    if j is None:
        return ""
    judged = analysis.Judgement.from_json(j)
    played = mv.move_words(_move_json(judged.played))
    how = _("exactly") if judged.exact else _("over many deals")
    if judged.played == judged.best or judged.loss == 0:
        # TRANSLATORS: the analysis of your move: it was the best; {chance} "70%", {how} how
        # it was reckoned ("exactly", "over many deals")
        line = _("You played “{move}”: the best move, {chance} to win ({how}).", move=played,
                 chance=percent(judged.chance_played), how=how)
    else:
        # TRANSLATORS: the analysis of your move against the best one, with their chances
        line = _("You played “{move}”: {chance} to win. Best was “{best}”: {best_chance} "
                 "({how}).",
                 move=played, chance=percent(judged.chance_played),
                 best=mv.move_words(_move_json(judged.best)),
                 best_chance=percent(judged.chance_best), how=how)
    mark = (f'<strong class="mark {judged.verdict}">{escape(verdict_word(judged.verdict))}'
            f'</strong> ') if judged.verdict else ""
    again = ""
    if judged.verdict and own:
        # TRANSLATORS: at a mistake or blunder of the replay: try that position as an
        # exercise, from your seat
        words = p_("button", "Try this again")
        again = (f' <button type="button" class="btn small" data-act="exercise" '
                 f'data-arg="{deal_id(replay.deal)}:{judged.step}" id="try-again">'
                 f'{escape(words)}</button>')
    return f'<p class="judgement" id="verdict">{mark}{escape(line)}{again}</p>'


def _move_json(text: str) -> dict:
    return Move.parse(text).to_json()


def log_html(table, view: dict, sp: Speaker) -> str:
    rows = table.log_lines(view, sp)
    heading = escape(_("Log"))
    lines = escape(_("The log, oldest first"))
    return (f'<section class="log replay-log"><h2>{heading}</h2><ol class="log-lines" '
            f'tabindex="0" aria-label="{lines}">{lines_html(rows[-150:])}</ol></section>')
