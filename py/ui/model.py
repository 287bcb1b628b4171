"""The page's state, declared in one place: every field the UI keeps, typed, with its default.

The model is plain data (frozen dataclasses, changed with `dataclasses.replace`); `update`
makes a new one for every message, and the shell draws the page from it. The one mutable
thing inside is the engine's `Session` of a game in play: the engine applies moves to it in
place (refusing an illegal one untouched), and `Play.turn` counts them, so a new move is a
new model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kozyr.session import Session

from .recent import deal_id

SAVE_KEY = "kozyr.save"
PREFS_KEY = "kozyr.prefs"
STATS_KEY = "kozyr.stats"
OPTIONS_KEY = "kozyr.options."  # + game name: the options last dealt with
RECENT_KEY = "kozyr.recent"  # the last finished deals (recent.py)
ANALYSES_KEY = "kozyr.analyses"  # their analyses, by deal (recent.deal_id)


@dataclass(frozen=True)
class Prefs:
    """The player's preferences in this browser (saved under PREFS_KEY)."""

    speed: str = "normal"  # slow | normal | fast | instant
    lang: str = ""  # the language chosen with the switch ("" until then: the browser's)
    four: bool = False  # four-colour suits
    still: bool = False  # no animations (as the system's "reduce motion" asks)
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)  # per game: its table's
    size: str = "medium"  # the cards' size: small | medium | large
    confirm: bool = False  # ask before a move that takes cards
    left: bool = False  # left-handed: the hand's order and the buttons' side mirrored

    def to_json(self) -> dict:
        return {"speed": self.speed, "lang": self.lang, "four": self.four, "still": self.still,
                "settings": self.settings, "size": self.size, "confirm": self.confirm,
                "left": self.left}


@dataclass(frozen=True)
class Form:
    """The options form of one game."""

    game: str
    values: dict[str, Any]
    level: str
    error: str = ""  # why the options cannot be dealt ("" when they can)
    seed: str = ""  # the deal number asked for, as typed ("" for a new shuffle)


@dataclass(frozen=True)
class Motion:
    """What the next picture shows moving: it lasts one picture, the one after a move."""

    fresh: frozenset[str] = frozenset()  # things that just arrived (the table's `arrivals`)
    acted: int | None = None  # the seat that just moved
    leaving: Any = None  # what the table shows leaving (Durak: the bout just ended)


@dataclass(frozen=True)
class Play:
    """A game in play at the table."""

    session: Session
    names: tuple[str, ...]
    number: int = 0  # which deal of this page this is: tells an old deal's late messages apart
    turn: int = 0  # moves made: the session changes in place, this says it did
    selection: tuple[str, ...] = ()  # cards picked in the hand for a move of several
    drag: str | None = None  # the card being dragged
    hint: str = ""  # the line under the prompt: why a click was refused, what to do next
    motion: Motion = Motion()
    review: bool = False  # the game is over and the person looks at the table
    ui: dict[str, Any] = field(default_factory=dict)  # the table's own state (saved with it)
    hurry: bool = False  # the person is out: the others finish without pauses
    counted: bool = False  # the result is in the statistics
    heard: int = 0  # log lines already said to screen readers
    undos: int = 0  # moves taken back in this game (saved with it: a reload keeps the count)
    hints: int = 0  # hints asked for in this game (saved with it)
    lit: str = ""  # the hinted move's text: its cards and place are lit until the next move
    confirming: str = ""  # a move that takes cards, waiting for the person to confirm it
    practice: bool = False  # played on from a replay: not in the statistics

    @property
    def game(self) -> str:
        return self.session.game.name


@dataclass(frozen=True)
class Watch:
    """A finished deal replayed face up from its seed and moves, and its analysis."""

    deal: dict  # as recent.deal_of: game, options, seed, match, human, level, moves
    names: tuple[str | None, ...]
    step: int = 0  # moves shown: 0 is the deal as dealt, len(moves) its end
    decisions: tuple[int, ...] = ()  # the steps where the person chose between moves
    judged: tuple[dict, ...] = ()  # the analysis so far (Judgement.to_json), in step order
    analysing: bool = False  # the analysis runs (a slice at a time)
    run: int = 0  # which run of the analysis: a stopped run's late results are dropped
    back: str = "home"  # the screen Close goes back to: "table" (the game-over panel) …
    sheet: str | None = None  # … and the sheet it opens there ("stats": its recent deals)
    link: str = ""  # the sharing link's query, once asked for

    @property
    def key(self) -> str:
        return deal_id(self.deal)

    @property
    def done(self) -> bool:
        return len(self.judged) == len(self.decisions)


@dataclass(frozen=True)
class Model:
    """Everything the page shows and remembers: the one value `update` changes."""

    games: tuple[dict, ...]  # the engine's catalogue
    screen: str = "home"  # home | setup | table | replay
    lang: str = "en"  # the language the page speaks (i18n.LANGUAGES)
    # a panel over the screen: "rules", "discards", "keys", "deal", "stats", "settings"
    sheet: str | None = None
    confirm: str = ""  # a question the sheet asks before acting: "reset" (the statistics)
    notice: str = ""  # a message on the first screens (a bad address, a damaged save)
    show_log: bool = False  # the log drawer on narrow screens
    prefs: Prefs = Prefs()
    speed_ms: int | None = None  # the opponents' pause from the address (overrides prefs)
    address_settings: dict[str, Any] = field(default_factory=dict)  # table settings from it
    remembered: dict[str, dict] = field(default_factory=dict)  # per game: options last dealt
    stats: dict = field(default_factory=dict)  # the statistics (stats.py: {"records": …})
    saved: str | None = None  # the saved game as stored
    deals: int = 0  # deals started on this page (numbers each Play)
    embed: bool = False  # inside another site's page (embed.js): tells the host what happens
    fixed: bool = False  # embedded with the game chosen by the host: no picker, no home
    host: str = ""  # the embedding page's origin: the only one messages go to and come from
    theme: dict[str, str] = field(default_factory=dict)  # the host's felt and card backs
    compact: bool = False  # smaller cards and spacing (a host's small frame)
    update_ready: bool = False  # a new version took over the service worker: used on reload
    form: Form | None = None
    play: Play | None = None
    watch: Watch | None = None  # the deal being replayed (screen "replay")
    recent: tuple[dict, ...] = ()  # the last finished deals, newest first (recent.py)
    analyses: dict[str, list] = field(default_factory=dict)  # their analyses, by deal

    def game_info(self, name: str) -> dict | None:
        return next((g for g in self.games if g["name"] == name), None)
