"""The page's state, declared in one place: every field the UI keeps, typed, with its default.

The model is plain data (frozen dataclasses, changed with `dataclasses.replace`); `update`
makes a new one for every message, and the shell draws the page from it. The engine's
`Session` inside `InPlay` is never changed in place: a move is made on a fork of it
(`Session.fork`), so a model, once made, stays what it was, and a handler that fails half-way
leaves the page's model whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kozyr.session import Session

from .daily.model import Daily
from .exercises.model import Trying
from .play.sounds import VOLUME, volume_of
from .reactions.model import Reactions
from .replay.model import Replay
from .settings.colours import BACK, BACKS, FELT, FELTS
from .shared_table import ice as servers
from .shared_table.model import Guesting, Sharing

SAVE_KEY = "kozyr.save"
PREFS_KEY = "kozyr.prefs"
STATS_KEY = "kozyr.stats"
OPTIONS_KEY = "kozyr.options."  # + game name: the options last dealt with
RECENT_KEY = "kozyr.recent"  # the last finished deals (play/recent.py)
ANALYSES_KEY = "kozyr.analyses"  # their analyses, by deal (recent.deal_id)
PEOPLE_KEY = "kozyr.people"  # the names of the people who last played at this device
EXERCISES_KEY = "kozyr.exercises"  # exercises from the person's mistakes (exercises/)
SIZES = ("small", "medium", "large")  # the cards' sizes (Prefs.size)


@dataclass(frozen=True)
class Prefs:
    """The player's preferences in this browser (saved under PREFS_KEY)."""

    speed: str = "normal"  # slow | normal | fast | instant
    lang: str = ""  # the language chosen with the switch ("" until then: the browser's)
    four_colour: bool = False  # four-colour suits
    reduce_motion: bool = False  # no animations (as the system's "reduce motion" asks)
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)  # per game: its table's
    size: str = "medium"  # the cards' size: small | medium | large
    confirm: bool = False  # ask before a move that takes cards
    left_handed: bool = False  # the hand's order and the buttons' side mirrored
    mute_reactions: bool = False  # others' reactions neither shown nor said (reactions/)
    # the STUN/TURN servers a shared table may contact across networks (shared_table/ice.py),
    # and whether it may: "ask" each time, "allow", "never" (one network only)
    ice: tuple[str, ...] = servers.DEFAULTS
    across: str = "ask"
    sound: bool = True  # short sounds at the table (play/sounds.py)
    volume: int = VOLUME  # their volume, 0–100
    felt: str = FELT  # the table's felt and the card backs: names of colours.FELTS, BACKS
    back: str = BACK

    # the stored names of the fields whose names grew: a browser's stored choices stay valid
    STORED = {"four_colour": "four", "reduce_motion": "still", "left_handed": "left"}
    FLAGS = ("four_colour", "reduce_motion", "confirm", "left_handed", "mute_reactions")

    def to_json(self) -> dict:
        return {"speed": self.speed, "lang": self.lang, "settings": self.settings,
                "size": self.size, "ice": list(self.ice), "across": self.across,
                "sound": self.sound, "volume": self.volume,
                "felt": self.felt, "back": self.back,
                **{self.STORED.get(k, k): getattr(self, k) for k in self.FLAGS}}

    @classmethod
    def from_json(cls, prefs: dict, languages: tuple[str, ...], sizes: tuple[str, ...]) -> "Prefs":
        """The preferences as stored; anything damaged falls back to the default."""
        settings, lang, size = prefs.get("settings"), prefs.get("lang"), prefs.get("size")
        ice = prefs.get("ice") if isinstance(prefs.get("ice"), list) else servers.DEFAULTS
        return cls(speed=str(prefs.get("speed", "normal")), lang=lang if lang in languages else "",
                   ice=tuple(u for u in ice if isinstance(u, str) and servers.valid(u)),
                   across=_named(prefs.get("across"), servers.CONSENTS, "ask"),
                   settings=settings if isinstance(settings, dict) else {},
                   size=size if size in sizes else "medium",
                   sound=prefs.get("sound") is not False,  # on unless turned off
                   volume=volume_of(prefs.get("volume")),
                   felt=_named(prefs.get("felt"), FELTS, FELT),
                   back=_named(prefs.get("back"), BACKS, BACK),
                   **{k: bool(prefs.get(cls.STORED.get(k, k))) for k in cls.FLAGS})


def _named(value: Any, names: dict, default: str) -> str:
    """A stored name of one of `names`, else the default (an unknown or damaged one)."""
    return value if isinstance(value, str) and value in names else default


@dataclass(frozen=True)
class Form:
    """The options form of one game."""

    game: str
    values: dict[str, Any]
    level: str
    error: str = ""  # why the options cannot be dealt ("" when they can)
    seed: str = ""  # the deal number asked for, as typed ("" for a new shuffle)
    # the seats (seats/): how many people play at this device (1: one person against the
    # computer); how many guests play from their own browsers (a shared table: the seats
    # after the people's); everyone's names as last read (a name typed is read when Deal is
    # pressed); in a game of two teams, whether the people play as partners; the computer
    # seats of a level of their own (seat -> level; the others play at `level`); what is
    # wrong with the names (shown until the next Deal) and whose name it is (their index, -1
    # for none)
    people: int = 1
    guests: int = 0
    names: tuple[str, ...] = ()
    partners: bool = False
    levels: dict[int, str] = field(default_factory=dict)
    seats_error: str = ""
    bad_name: int = -1


@dataclass(frozen=True)
class Motion:
    """What the next picture shows moving: it lasts one picture, the one after a move."""

    fresh: frozenset[str] = frozenset()  # things that just arrived (the table's `arrivals`)
    acted: int | None = None  # the seat that just moved
    leaving: Any = None  # what the table shows leaving (Durak: the bout just ended)
    dealt: bool = False  # the cards were just dealt (they go out card by card)


@dataclass(frozen=True)
class InPlay:
    """One deal at the table, and nothing that outlives it: its session and the table's state
    (what moves, what is picked, dragged, hinted, said), who sits where (the people at this
    device, the guests' seats, whose view the table shows) and how it counts (practice, the
    day's deal, an exercise, the achievements it earned). What a feature keeps across deals is
    its own record in the `Model`: `sharing` and `guesting`, `daily`, `replay`, `reactions`."""

    session: Session
    names: tuple[str, ...]
    deal_index: int = 0  # which deal of this page this is: tells an old deal's late messages apart
    version: int = 0  # changes of the session (moves, undos): a position's identity
    selection: tuple[str, ...] = ()  # cards picked in the hand for a move of several
    drag: str | None = None  # the card being dragged
    hint: str = ""  # the line under the prompt: why a click was refused, what to do next
    motion: Motion = Motion()
    reviewing: bool = False  # the game is over and the person looks at the table
    ui: dict[str, Any] = field(default_factory=dict)  # the table's own state (saved with it)
    hurry: bool = False  # the person is out: the others finish without pauses
    counted: bool = False  # the result is in the statistics
    lines_said: int = 0  # log lines already said to screen readers
    undos: int = 0  # moves taken back in this game (saved with it: a reload keeps the count)
    hints: int = 0  # hints asked for in this game (saved with it)
    hinted: str = ""  # the hinted move's text: its cards and place are lit until the next move
    confirming: str = ""  # a move that takes cards, waiting for the person to confirm it
    practice: bool = False  # played on from a replay: not in the statistics
    daily: str = ""  # a game's deal of this day (YYYY-MM-DD): see daily/
    # several people at this device (pass and play): their names, in the order of the
    # session's `people` ("" for one person alone, who is "you"); the person holding the
    # device (the seat whose view the table shows; None before anyone took it); the table
    # state (`ui`) of each person not holding it
    people: tuple[str, ...] = ()
    seat: int | None = 0
    away: dict[int, dict] = field(default_factory=dict)
    # a table shared between browsers, on the host's page: the guests' seats (people of the
    # session this page never shows; their connections are the model's `sharing`)
    guests: tuple[int, ...] = ()
    exercise: Trying | None = None  # an exercise: the position is asked, never played on
    earned: tuple[str, ...] = ()  # achievements this game earned first (stats/achieved.py): its
    # game-over panel announces them

    @property
    def game(self) -> str:
        return self.session.game.name


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
    bar_menu: bool = False  # the table bar's menu, where a narrow screen keeps its tools
    prefs: Prefs = Prefs()
    speed_ms: int | None = None  # the opponents' pause from the address (overrides prefs)
    address_settings: dict[str, Any] = field(default_factory=dict)  # table settings from it
    remembered: dict[str, dict] = field(default_factory=dict)  # per game: options last dealt
    people_names: tuple[str, ...] = ()  # the names last dealt at this device (PEOPLE_KEY)
    stats: dict = field(default_factory=dict)  # the statistics (stats/: {"records": …})
    saved: str | None = None  # the saved game as stored
    deals: int = 0  # deals started on this page (numbers each InPlay)
    embed: bool = False  # inside another site's page (embed.js): tells the host what happens
    fixed: bool = False  # embedded with the game chosen by the host: no picker, no home
    host: str = ""  # the embedding page's origin: the only one messages go to and come from
    # the address's felt and card backs (a host's theme, a link's): over the player's own
    theme: dict[str, str] = field(default_factory=dict)
    # sounds for this visit, as the address says (sound=; inside an embedding frame off unless
    # it says sound=1), then as the Settings switch last said; None: the person's setting
    sound: bool | None = None
    compact: bool = False  # smaller cards and spacing (a host's small frame)
    touch: bool = False  # played by touch, without a mouse: the words say "tap", not "click"
    update_ready: bool = False  # a new version took over the service worker: used on reload
    form: Form | None = None
    in_play: InPlay | None = None
    replay: Replay | None = None  # the deal being replayed (screen "replay")
    recent: tuple[dict, ...] = ()  # the last finished deals, newest first (play/recent.py)
    analyses: dict[str, list] = field(default_factory=dict)  # their analyses, by deal
    exercises: tuple[dict, ...] = ()  # exercises from the person's mistakes (exercises/)
    guesting: Guesting | None = None  # a guest at another browser's table
    sharing: Sharing = Sharing()  # the host's guests' connections (they outlive a deal)
    daily: Daily = Daily()  # the daily deals: one being chosen, the numbers, a shared result
    reactions: Reactions = Reactions()  # the reactions menu and bubbles (reactions/)
    # the parts of the page's Python loaded so far, beyond what it opened with (packs/)
    packs: frozenset[str] = frozenset()

    def game_info(self, name: str) -> dict | None:
        return next((g for g in self.games if g["name"] == name), None)


Result = tuple[Model, list]  # what every update function returns: the new model, its effects
