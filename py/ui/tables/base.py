"""The contract every game's table implements, with the defaults most tables share.

A table turns the human seat's view (and the `Look`: names, the gesture in progress, what is
moving) into the table screen, and answers the few questions the update functions ask about
its game: what counts as arriving, how long a move takes to show, whether the person holds
the opponents, what its own buttons do. The screen around a game's parts (the top bar, the
status line, the log, the game-over panel) exists once, here.

Only cards the view shows face up ever get a face; every other card is a back with no
identity in the markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from .. import moves as mv
from ..parts.cards import label, name
from ..parts.hand import hand_html
from ..parts.look import Look, my_turn
from ..parts.seats import my_nameplate, seats_from_left
from ..parts.words import Speaker, lines_html, plural, spoken

# Keys every table answers; a table adds its own (`keys`). Buttons name theirs with
# aria-keyshortcuts, which the page presses.
COMMON_KEYS = (
    ("Tab", "move between the hand, the table, the buttons and the log"),
    ("← →", "move between the cards of your hand (or the places on the table)"),
    ("↑ ↓", "move between your hand and the table"),
    ("Enter or Space", "play or select the card, press the button"),
    ("Esc", "drop the selection, close a sheet"),
    ("I", "read the whole table aloud"),
    ("?", "this list of keys"),
    ("N", "next deal, when the game is over"),
)


@dataclass(frozen=True)
class Outcome:
    """The game-over panel's words: a mood (won, lost, draw), a title, a line, standings."""

    mood: str
    title: str
    line: str
    standings: list[str]
    again: str = "Play again"  # the button that deals the next game
    again_id: str = "play-again"
    cls: str = ""  # an extra class on the overlay
    style: str = ""  # its style attribute (a table that delays the panel)


@dataclass(frozen=True)
class Reply:
    """What a table's own button (data-act="ui", "transfer") does: a move to make, a selection
    to start (with a hint), or new state of the table's own."""

    move: str | None = None
    selection: tuple[str, ...] | None = None
    hint: str = ""
    ui: dict | None = None


class Table:
    """One game's table. Override what is the game's own; the rest is shared."""

    game = ""  # the engine's name of the game
    kind = ""  # an extra class on the screen
    discards_title = "Discarded cards"  # the sheet a click on the discard (or pile) opens
    choose_target = False  # a click on a card only selects it, even with one place to go
    settings: tuple[dict, ...] = ()  # the player's settings for this table (options form)
    opponents_label = "Opponents"
    log_limit = 150  # log lines drawn
    keys: tuple[tuple[str, str], ...] = ()  # the table's own keys, (key, what it does)
    # where the keyboard focus goes when it has nowhere better to be: the first that exists
    focus_order: tuple[str, ...] = (
        "#hand .card.selected", "#bout [data-act='target']", "#hand .card.legal",
        "#actions button:not([disabled])", "#hand .card", "#prompt")

    # --- the screen --------------------------------------------------------------------------
    def render(self, v: dict, look: Look) -> str:
        over = self.gameover(v, look) if v["phase"] == "over" and not look.review else ""
        inert = " inert" if over else ""  # behind the panel nothing can be reached
        classes = " ".join(["screen", "table", *filter(None, [self.kind]),
                            *(["log-open"] if look.show_log else []),
                            *self.screen_classes(v, look)])
        sp = Speaker(look.names, look.human)
        log = lines_html(self.log_lines(v, sp)[-self.log_limit:])
        return (f'<div class="{classes}" data-phase="{v["phase"]}"{self.screen_data(v, look)}>'
                f'{topbar_html(look, self.facts(v, look), inert)}'
                f'<div class="felt"{inert}><section class="opponents n{v["players"] - 1}" '
                f'aria-label="{self.opponents_label}">{self.opponents(v, look)}</section>'
                f'<section class="middle">{self.middle(v, look)}</section>'
                f'{self.status(v, look)}{self.mine(v, look)}</div>'
                f'<aside class="log" id="log" aria-label="What happened"{inert}><h2>Log</h2>'
                f'<ol class="log-lines" id="log-lines" tabindex="0" '
                f'aria-label="The log, oldest first">{log}'
                f'</ol></aside>{over}</div>')

    def screen_classes(self, v: dict, look: Look) -> list[str]:
        return []

    def screen_data(self, v: dict, look: Look) -> str:
        """Extra attributes of the screen (e.g. ` data-deal="3"`)."""
        return ""

    def facts(self, v: dict, look: Look) -> list[str]:
        """The options in a few words, under the title."""
        raise NotImplementedError

    def opponents(self, v: dict, look: Look) -> str:
        return "".join(self.opponent(v, s, look) for s in seats_from_left(v, look))

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        raise NotImplementedError

    def middle(self, v: dict, look: Look) -> str:
        raise NotImplementedError

    def prompt(self, v: dict, look: Look) -> str:
        """What is happening / what to do, as HTML (escaped)."""
        raise NotImplementedError

    def actions(self, v: dict, look: Look) -> str:
        """The buttons under the prompt."""
        return ""

    def status(self, v: dict, look: Look) -> str:
        again = ""
        if v["phase"] == "over" and look.review:
            outcome = self.outcome(v, look, Speaker(look.names, look.human))
            label_ = outcome.again if outcome else "Play again"
            again = (f'<button type="button" class="btn primary" data-act="again" '
                     f'aria-keyshortcuts="N">'
                     f'{escape(label_)}</button>')
        return (f'<section class="status"><p class="prompt" id="prompt" tabindex="-1">'
                f'{self.prompt(v, look)}</p><p class="hint" id="hint" role="status">{escape(look.hint)}</p>'
                f'<div class="actions" id="actions">{self.actions(v, look)}{again}</div>'
                f'</section>')

    def mine(self, v: dict, look: Look) -> str:
        """The person's place: name plate and hand."""
        me = look.human
        classes = ("me" + (" to-act" if my_turn(v, look) else "")
                   + (" is-out" if me in v.get("out", ()) else ""))
        return (f'<section class="{classes}" aria-label="Your hand">{self.plate(v, look)}'
                f'{hand_html(v, look)}</section>')

    def plate(self, v: dict, look: Look) -> str:
        return my_nameplate(v, look, "")

    def gameover(self, v: dict, look: Look) -> str:
        outcome = self.outcome(v, look, Speaker(look.names, look.human))
        return gameover_html(outcome, look.stats) if outcome else ""

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        raise NotImplementedError

    # --- words -------------------------------------------------------------------------------
    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        """The deal's events as (css class, sentence), oldest first."""
        raise NotImplementedError

    def describe(self, v: dict, look: Look) -> list[str]:
        """The whole table in sentences, read aloud on request: what to do, the middle, each
        seat, your own cards."""
        sp = Speaker(look.names, look.human)
        lines = [spoken(self.prompt(v, look))]
        lines += self.middle_words(v, look)
        lines += [self.seat_words(v, seat, look, sp) for seat in seats_from_left(v, look)]
        lines += self.my_words(v, look)
        return [line for line in lines if line]

    def middle_words(self, v: dict, look: Look) -> list[str]:
        """The middle of the table in sentences."""
        return []

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        held = v.get("hand_sizes")
        return f"{sp.who(seat)}: {plural(held[seat], 'card')}." if held else sp.who(seat)

    def my_words(self, v: dict, look: Look) -> list[str]:
        hand = v.get("hand")
        if hand is None:
            return []
        if not hand:
            return ["Your hand is empty."]
        can = mv.playable(v["legal"]) if my_turn(v, look) else set()
        cards = [name(c) + (" (playable)" if c in can else "") for c in hand]
        return [f"Your hand, {plural(len(hand), 'card')}: {', '.join(cards)}."]

    def key_list(self) -> tuple[tuple[str, str], ...]:
        return COMMON_KEYS + self.keys

    def discards(self, v: dict) -> str:
        """The sheet's body: what the discard (or pile) holds, all of it public."""
        raise NotImplementedError

    def selection_hint(self, legal: list[dict], sel: tuple[str, ...]) -> str:
        shown = " ".join(label(c) for c in sel)
        if mv.targets(legal, list(sel)):
            return f"Now click the card on the table to beat with {shown}."
        if mv.extenders(legal, list(sel)):
            return f"{shown} selected: add more cards, or press the button to play."
        return f"{shown} selected: press a button to play, or click it again."

    # --- time and motion ---------------------------------------------------------------------
    def arrivals(self, v: dict) -> set[str]:
        """What the table shows arriving when it is new since the last picture: by default the
        log's events by index (a table that replays the latest events)."""
        return {f"ev:{i}" for i in range(len(v["log"]))}

    def leaving(self, before: dict, after: dict) -> Any:
        """What a move made leave the table, shown leaving in the next picture (or None)."""
        return None

    def settle(self, v: dict, motion: Any) -> float:
        """Seconds the last move takes to show: the next opponent waits that much longer."""
        return 0.0

    # --- the table's own state (kept with the saved game) ------------------------------------
    def prepare(self, v: dict, ui: dict, settings: dict, now: float) -> dict:
        """The table's state after a change of the game or of the clock (epoch ms)."""
        return ui

    def waits(self, v: dict, ui: dict) -> bool:
        """True while the opponents must wait for the person."""
        return False

    def deadline(self, v: dict, ui: dict) -> float | None:
        """When (epoch ms) the table's state changes by itself, if it will."""
        return None

    def act(self, v: dict, ui: dict, selection: tuple[str, ...], arg: str | None,
            now: float) -> Reply:
        """A button of the table's own was pressed (data-act="ui" or "transfer")."""
        return Reply()


# --- the shared screen pieces ---------------------------------------------------------------------

def topbar_html(look: Look, facts: list[str], inert: str = "") -> str:
    speed = f'<span class="speed-word">Speed: </span>{escape(look.speed)}'
    return (f'<header class="topbar"{inert}><button type="button" class="brand" id="home" '
            f'data-act="home" title="Games" aria-label="kozyr: back to the games">'
            f'k<span>o</span>zyr</button>'
            f'<div class="game-title"><h1>{escape(look.title)}</h1>'
            f'<span>{escape(" · ".join(facts))}</span></div>'
            f'<div class="tools"><button type="button" class="btn small ghost" data-act="keys" '
            f'id="keys" title="Keys" aria-keyshortcuts="?">Keys</button>'
            f'<button type="button" class="btn small ghost" data-act="rules" '
            f'id="rules" title="How to play">Rules</button>'
            f'<button type="button" class="btn small ghost" data-act="speed" '
            f'id="speed" title="How fast the opponents play">{speed}</button>'
            f'<button type="button" class="btn small ghost" data-act="four" id="four" title="Four-colour '
            f'suits" aria-label="Four-colour suits" aria-pressed="{str(look.four).lower()}">'
            f'<span aria-hidden="true">♣♦</span></button><button type="button" '
            f'class="btn small ghost" data-act="still" id="still" title="Animations off" '
            f'aria-pressed="{str(look.still).lower()}">Still</button><button type="button" '
            f'class="btn small ghost" data-act="log" id="log-toggle" '
            f'aria-expanded="{str(look.show_log).lower()}">Log</button></div></header>')


def gameover_html(o: Outcome, stats: str) -> str:
    cls = f" {o.cls}" if o.cls else ""
    style = f' style="{o.style}"' if o.style else ""
    return (f'<div class="overlay{cls}" id="gameover" role="dialog" aria-modal="true" '
            f'aria-labelledby="go-title"{style}><div class="panel {o.mood}">'
            f'<h2 id="go-title">{escape(o.title)}</h2><p class="go-line">{escape(o.line)}</p>'
            f'<ol class="standings">{"".join(o.standings)}</ol>'
            f'{f"<p class=go-stats>{escape(stats)}</p>" if stats else ""}'
            f'<div class="panel-actions"><button type="button" class="btn primary big" '
            f'data-act="again" id="{o.again_id}" aria-keyshortcuts="N">{escape(o.again)}</button>'
            f'<button type="button" class="btn" data-act="home" id="change-game" '
            f'aria-keyshortcuts="G">Change game</button><button type="button" class="btn ghost" '
            f'data-act="review" aria-keyshortcuts="V">See the table</button></div></div></div>')
