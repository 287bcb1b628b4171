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

from dataclasses import dataclass, replace
from html import escape
from typing import Any

from ..i18n import N_, NP_, _, n_, p_
from ..parts.cards import name
from ..parts.hand import hand_html
from ..parts.look import Look, my_turn
from ..parts.seats import my_nameplate, seats_from_left
from ..parts.words import Speaker, lines_html, spoken
from ..play import moves as mv
from .picked import picked_hint

# Keys every table answers; a table adds its own (`keys`). Buttons name theirs with
# aria-keyshortcuts, which the page presses. What a key does is a message id (N_), worded by
# `key_list`; so are the tables' own.
COMMON_KEYS = (
    # TRANSLATORS: the keys sheet: what a key does
    ("Tab", N_("move between the hand, the table, the buttons and the log")),
    # TRANSLATORS: the keys sheet: what the arrow keys do
    ("← →", N_("move between the cards of your hand (or the places on the table)")),
    # TRANSLATORS: the keys sheet: what the arrow keys do
    ("↑ ↓", N_("move between your hand and the table")),
    # TRANSLATORS: the keys sheet: what a key does
    ("Enter or Space", N_("play or select the card, press the button")),
    # TRANSLATORS: the keys sheet: what a key does
    ("Esc", N_("drop the selection, close a sheet")),
    # TRANSLATORS: the keys sheet: what a key does
    ("I", N_("read the whole table aloud")),
    # TRANSLATORS: the keys sheet: what a key does
    ("?", N_("this list of keys")),
    # TRANSLATORS: the keys sheet: what a key does
    ("N", N_("next deal, when the game is over")),
    # TRANSLATORS: the keys sheet: what a key does
    ("U", N_("undo: take back your last move")),
    # TRANSLATORS: the keys sheet: what a key does
    ("P", N_("hint: a good move and why")),
    # TRANSLATORS: the keys sheet: what a key does
    ("O", N_("play out the rest of the deal, when every move left is forced")),
    # TRANSLATORS: the keys sheet: what a key does
    ("A", N_("replay and analysis, when the game is over")),
    # TRANSLATORS: the keys sheet: what the keys do in the replay of a deal
    ("← → Home End", N_("in a replay: a move back or on, to the start or the end")),
)
# The keys named in words, which keyboards of other languages may name otherwise ("Échap");
# the letters, arrows and "?" are what the page presses and stay as they are.
KEY_NAMES = {
    # TRANSLATORS: a key's name on the keys sheet
    "Tab": NP_("key", "Tab"),
    # TRANSLATORS: two keys' names on the keys sheet: either of them
    "Enter or Space": NP_("key", "Enter or Space"),
    # TRANSLATORS: a key's name on the keys sheet (the Escape key)
    "Esc": NP_("key", "Esc"),
}


@dataclass(frozen=True)
class Outcome:
    """The game-over panel's words: a mood (won, lost, draw), a title, a line, standings, worded
    by the table in the language in use; only `again` is a message id (N_), worded where shown."""

    mood: str
    title: str
    line: str
    standings: list[str]
    again: str = N_("Play again")  # the button that deals the next game (a message id)
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
    # The words a table keeps as attributes are message ids (N_), worded where they are shown.
    discards_title = N_("Discarded cards")  # the sheet a click on the discard (or pile) opens
    lays: tuple[str, ...] = ()  # moves a tap on the table itself makes with the selection
    settings: tuple[dict, ...] = ()  # the player's settings for this table (options form)
    opponents_label = N_("Opponents")  # the opponents' part of the table, for screen readers
    log_limit = 150  # log lines drawn
    keys: tuple[tuple[str, str], ...] = ()  # the table's own keys, (key, what it does: N_)
    confirm_kinds: tuple[str, ...] = ()  # moves that take cards: asked about first, if wished
    sounds: dict[str, str] = {}  # the sound of each log event a move writes (sounds.py)
    # where the keyboard focus goes when it has nowhere better to be: the first that exists
    focus_order: tuple[str, ...] = (
        "#hand .card.selected", "#bout [data-act='target']", "#hand .card.legal",
        "#actions button:not([disabled])", "#hand .card", "#prompt")
    # --- the record: statistics and the game-over notice --------------------------------------
    # the options that make a different game to keep a statistics record of (the rest are
    # house rules)
    variant_options: tuple[str, ...] = ("players",)
    # the game's own statistics figures, in the order the statistics page shows them, and what
    # each is called there (a message id, N_)
    figures: tuple[str, ...] = ()
    figure_words: dict[str, str] = {}
    # the fields of the engine's result an embedding page hears in the game-over notice
    result_fields: tuple[str, ...] = ("places", "scores", "losers")

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        """A finished game's own figures (`figures`) for the person in `seat`, from the
        engine's result and the deal's log."""
        return {}

    # --- the screen --------------------------------------------------------------------------
    def render(self, v: dict, look: Look) -> str:
        over = self.gameover(v, look) if v["phase"] == "over" and not look.reviewing else ""
        inert = " inert" if over else ""  # behind the panel nothing can be reached
        classes = " ".join(["screen", "table", *filter(None, [self.kind]),
                            *(["log-open"] if look.show_log else []),
                            *self.screen_classes(v, look)])
        sp = Speaker(look.names, look.human)
        log = lines_html(self.log_lines(v, sp)[-self.log_limit:])
        opponents = escape(_(self.opponents_label))
        # TRANSLATORS: the log's name for screen readers (the list of what happened in the game)
        happened = escape(_("What happened"))
        # TRANSLATORS: the heading of the log (the list of what happened in the game)
        heading = escape(_("Log"))
        lines = escape(_("The log, oldest first"))
        dealing = " data-dealing" if look.dealing else ""
        return (f'<div class="{classes}" data-phase="{v["phase"]}"{self.screen_data(v, look)} '
                f'data-table="{look.table_id}"{dealing}>'
                f'{topbar_html(look, self.facts(v, look), inert)}'
                f'<div class="felt"{inert}><section class="opponents n{v["players"] - 1}" '
                f'aria-label="{opponents}">{self.opponents(v, look)}</section>'
                f'<section class="middle">{self.middle(v, look)}</section>'
                f'{self.status(v, look)}{self.mine(v, look)}</div>'
                f'<aside class="log" id="log" aria-label="{happened}"{inert}><h2>{heading}</h2>'
                f'<ol class="log-lines" id="log-lines" tabindex="0" '
                f'aria-label="{lines}">{log}'
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
        if v["phase"] == "over" and look.reviewing:
            outcome = self.ending(v, look)
            label_ = _(outcome.again) if outcome else _("Play again")
            again = (f'<button type="button" class="btn primary" data-act="again" '
                     f'aria-keyshortcuts="N">{escape(label_)}</button><button type="button" '
                     f'class="btn" data-act="watch" id="watch" aria-keyshortcuts="A">'
                     f'{escape(replay_words())}</button>')
        prompt = escape(look.waiting) if look.waiting else self.prompt(v, look)
        return (f'<section class="status"><p class="prompt" id="prompt" tabindex="-1">{prompt}'
                f'</p><p class="hint" id="hint" role="status">{escape(look.hint)}</p>'
                f'<div class="actions" id="actions">{self.actions(v, look)}{again}</div>'
                f'{(look.exercise or aids_html(look)) if v["phase"] != "over" else ""}</section>')

    def mine(self, v: dict, look: Look) -> str:
        """The person's place: name plate and hand."""
        me = look.human
        classes = ("me" + (" to-act" if my_turn(v, look) else "")
                   + (" is-out" if me in v.get("out", ()) else ""))
        mine = escape(_("Your hand"))
        return (f'<section class="{classes}" aria-label="{mine}">{self.plate(v, look)}'
                f'{hand_html(v, look)}</section>')

    def plate(self, v: dict, look: Look) -> str:
        return my_nameplate(v, look, "")

    def gameover(self, v: dict, look: Look) -> str:
        outcome = self.ending(v, look)
        return gameover_html(outcome, look.record, look.earned) if outcome else ""

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        raise NotImplementedError

    def ending(self, v: dict, look: Look) -> Outcome | None:
        """The game-over panel's words: the person's outcome; with several people at the
        device, the winners by name over the table's standings, where everyone is named."""
        if not look.together:
            return self.outcome(v, look, Speaker(look.names, look.human))
        sp = Speaker(look.names, None)
        outcome, r = self.outcome(v, look, sp), v.get("result") or {}
        if outcome is None:
            return None
        places = r.get("places") or []
        best = [s for s, place in enumerate(places) if place == 1]
        if r.get("draw") or not best or len(best) == len(places):
            return replace(outcome, mood="draw", title=_("A draw"), line="")
        # TRANSLATORS: the game-over title with several people at one device: {names} are the
        # winners' names ("Ann, Olga")
        title = n_("{names} wins!", "{names} win!", len(best),
                   names=_(", ").join(sp.who(s) for s in best))
        mood = "won" if set(best) & set(look.people) else "lost"
        return replace(outcome, mood=mood, title=title, line="")

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
        if not held:
            return sp.who(seat)
        # TRANSLATORS: a seat read aloud: its name and how many cards it holds
        return n_("{who}: {n} card.", "{who}: {n} cards.", held[seat], who=sp.who(seat))

    def my_words(self, v: dict, look: Look) -> list[str]:
        hand = v.get("hand")
        if hand is None:
            return []
        if not hand:
            return [_("Your hand is empty.")]
        can = mv.playable(v["legal"]) if my_turn(v, look) else set()
        # TRANSLATORS: a card of your hand read aloud ({card}: "king of spades"), playable now
        cards = [_("{card} (playable)", card=name(c)) if c in can else name(c) for c in hand]
        # TRANSLATORS: your hand read aloud; {cards} is the list of the cards in words
        return [n_("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.", len(hand),
                   cards=_(", ").join(cards))]

    def key_list(self) -> tuple[tuple[str, str], ...]:
        """The keys sheet's rows, worded: (the key, what it does)."""
        return tuple((p_("key", KEY_NAMES[key]) if key in KEY_NAMES else key, _(what))
                     for key, what in COMMON_KEYS + self.keys)

    def discards(self, v: dict) -> str:
        """The sheet's body: what the discard (or pile) holds, all of it public."""
        raise NotImplementedError

    def selection_hint(self, legal: list[dict], sel: tuple[str, ...], touch: bool = False) -> str:
        """The line under the prompt once cards are picked (`touch`: said to a touch screen,
        where a card is tapped, not clicked)."""
        return picked_hint(legal, sel, touch, self.lays)

    # --- time and motion ---------------------------------------------------------------------
    def arrivals(self, v: dict) -> set[str]:
        """What the table shows arriving when it is new since the last picture: by default the
        log's events by index (a table that replays the latest events)."""
        return {f"ev:{i}" for i in range(len(v["log"]))}

    def round_of(self, v: dict) -> Any:
        """Which deal of a game of several this is (the cards are dealt anew for each), or
        None for a game of one deal."""
        return None

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

    def looking(self, v: dict, ui: dict) -> bool:
        """True while the person has a private look to finish before passing the device on
        (several people at one device)."""
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
    """The bar over the table: home, the game's title and options, the deal's number, the
    tools. `look.title` and the facts come worded."""
    # TRANSLATORS: the home button's tooltip: back to the list of games
    games = escape(_("Games"))
    # TRANSLATORS: the home button's name for screen readers; kozyr is the product's name
    home = escape(_("kozyr: back to the games"))
    # TRANSLATORS: the keys sheet's button: the keyboard keys the table answers
    keys = escape(p_("button", "Keys"))
    # TRANSLATORS: the rules button's tooltip
    how = escape(_("How to play"))
    # TRANSLATORS: the button that opens the game's rules
    rules = escape(p_("button", "Rules"))
    # TRANSLATORS: the button that opens the settings (speed, colours, card size…)
    settings = escape(p_("button", "Settings"))
    # TRANSLATORS: the button that shows or hides the log (what happened in the game)
    log = escape(p_("button", "Log"))
    # TRANSLATORS: the deal's number on the table's bar ("Deal 12345"): it opens the deal sheet
    deal = escape(_("Deal {n}", n=look.deal))
    # TRANSLATORS: the deal number button's tooltip
    deal_help = escape(_("This deal's number and link, and Replay"))
    # TRANSLATORS: the statistics button on the table's bar
    stats = escape(p_("button", "Statistics"))
    # the keys sheet where there is a keyboard (a touch screen's keyboard still opens it with ?)
    keys_button = "" if look.touch else (
        f'<button type="button" class="btn small ghost" data-act="keys" '
        f'id="keys" title="{keys}" aria-keyshortcuts="?">{keys}</button>')
    number = "" if look.deal is None else (  # a shared table's guest is never told the deal
        f'<button type="button" class="btn small ghost deal-number" data-act="deal-sheet" '
        f'id="deal-number" title="{deal_help}">{deal}</button>')
    # TRANSLATORS: the table bar's menu button on a narrow screen (it holds the bar's tools)
    menu = escape(p_("button", "Menu"))
    open_ = " menu-open" if look.bar_menu else ""
    return (f'<header class="topbar{open_}"{inert}><button type="button" class="brand" id="home" '
            f'data-act="home" title="{games}" aria-label="{home}">'
            f'k<span>o</span>zyr</button>'
            f'<div class="game-title"><h1>{escape(look.title)}</h1>'
            f'<span>{escape(" · ".join(facts))}</span></div>'
            f'<button type="button" class="btn small ghost bar-menu" id="bar-menu" '
            f'data-act="bar-menu" aria-expanded="{str(look.bar_menu).lower()}" '
            f'aria-controls="bar-tools">{menu}</button>'
            f'<div class="tools" id="bar-tools">{number}{keys_button}'
            f'<button type="button" class="btn small ghost" data-act="rules" '
            f'id="rules" title="{how}">{rules}</button>'
            f'<button type="button" class="btn small ghost" data-act="stats" id="stats-open">'
            f'{stats}</button>'
            f'<button type="button" class="btn small ghost" data-act="settings" '
            f'id="settings-open">{settings}</button><button type="button" '
            f'class="btn small ghost" data-act="log" id="log-toggle" '
            f'aria-expanded="{str(look.show_log).lower()}">{log}</button>{look.language}</div>'
            f'</header>')


def aids_html(look: Look) -> str:
    """Undo and Hint, under the table's buttons. Undo stays in reach when it cannot be used:
    pressing it says why not (its tooltip too)."""
    # TRANSLATORS: the button that takes back your last move
    undo = escape(p_("button", "Undo"))
    # TRANSLATORS: the button that shows the move the computer would make in your place
    hint = escape(p_("button", "Hint"))
    # TRANSLATORS: the tooltip of the Hint button
    hint_help = escape(_("Show a good move and why (counted in your statistics)"))
    # TRANSLATORS: the tooltip of the Undo button when it can be used
    undo_help = escape(look.no_undo or _("Take back your last move (counted in your "
                                         "statistics)"))
    off = ' aria-disabled="true"' if look.no_undo else ""
    play_out = ""
    if look.forced:
        # TRANSLATORS: the button shown when every move left is forced: play them all at once
        out = escape(p_("button", "Play it out"))
        # TRANSLATORS: the tooltip of the "Play it out" button
        why = escape(_("Every move left is forced: play the rest of the deal at once"))
        play_out = (f'<button type="button" class="btn small primary" data-act="play-out" '
                    f'id="play-out" aria-keyshortcuts="O" title="{why}">{out}</button>')
    # TRANSLATORS: the name of the group of the Undo and Hint buttons, for screen readers
    group = escape(_("Help with your move"))
    return (f'<div class="aids" role="group" aria-label="{group}">'
            f'<button type="button" class="btn small ghost" data-act="undo" id="undo" '
            f'aria-keyshortcuts="U" title="{undo_help}"{off}><span aria-hidden="true">↶ </span>{undo}</button>'
            f'<button type="button" class="btn small ghost" data-act="hint" id="hint-button" '
            f'aria-keyshortcuts="P" title="{hint_help}">{hint}</button>{play_out}</div>')


def gameover_html(o: Outcome, stats: str, earned: str = "") -> str:
    """The game-over panel. The outcome comes worded but for `again` (a message id); `stats`
    comes worded, and the achievements `earned` drawn."""
    cls = f" {o.cls}" if o.cls else ""
    style = f' style="{o.style}"' if o.style else ""
    again = escape(_(o.again))
    # TRANSLATORS: a button on the game-over panel: back to the list of games
    change = escape(_("Change game"))
    # TRANSLATORS: a button on the game-over panel: close it and look at the table as it ended
    see = escape(_("See the table"))
    watch = escape(replay_words())
    return (f'<div class="overlay{cls}" id="gameover" role="dialog" aria-modal="true" '
            f'aria-labelledby="go-title"{style}><div class="panel {o.mood}">'
            f'<h2 id="go-title">{escape(o.title)}</h2><p class="go-line">{escape(o.line)}</p>'
            f'<ol class="standings">{"".join(o.standings)}</ol>'
            f'{f"<p class=go-stats>{escape(stats)}</p>" if stats else ""}{earned}'
            f'<div class="panel-actions"><button type="button" class="btn primary big" '
            f'data-act="again" id="{o.again_id}" aria-keyshortcuts="N">{again}</button>'
            f'<button type="button" class="btn" data-act="home" id="change-game" '
            f'aria-keyshortcuts="G">{change}</button><button type="button" class="btn ghost" '
            f'data-act="review" aria-keyshortcuts="V">{see}</button><button type="button" '
            f'class="btn ghost" data-act="watch" id="watch" aria-keyshortcuts="A">{watch}'
            f'</button></div></div></div>')


def replay_words() -> str:
    # TRANSLATORS: the button that opens the replay of the finished deal, face up, with its
    # analysis
    return p_("button", "Replay and analysis")
