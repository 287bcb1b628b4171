"""Everything that can happen to the page, as messages, and the effects an update asks for.

The shell turns each event (a click, a key, a drop, a timer, an opponent's move) into one
message; `update` answers with a new model and a list of effects, which the shell runs.
Randomness and the clock come in with the messages, so `update` stays a plain function.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any


class Message:
    """A message or an effect: a frozen value with the fields its class annotates, in their
    order (a field's default is the class attribute of its name), equal to another of its class
    with equal fields. Plain methods rather than @dataclass, which writes and compiles every
    class's methods as the class is made: the page makes these ~50 as it starts."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}

    def __init_subclass__(cls) -> None:
        cls._fields = tuple(cls.__dict__.get("__annotations__", {}))
        cls._defaults = {name: cls.__dict__[name] for name in cls._fields if name in cls.__dict__}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        name = type(self).__name__
        if len(args) > len(self._fields):
            raise TypeError(f"{name}() takes {len(self._fields)} arguments, not {len(args)}")
        values = dict(zip(self._fields, args))
        for key, value in kwargs.items():
            if key not in self._fields or key in values:
                raise TypeError(f"{name}() got an unexpected or repeated argument {key!r}")
            values[key] = value
        for key in self._fields:
            if key not in values and key not in self._defaults:
                raise TypeError(f"{name}() is missing its argument {key!r}")
            object.__setattr__(self, key, values.get(key, self._defaults.get(key)))

    def _values(self) -> tuple:
        return tuple(getattr(self, key) for key in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{key}={getattr(self, key)!r}" for key in self._fields)
        return f"{type(self).__name__}({fields})"

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"a {type(self).__name__} message cannot be changed")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"a {type(self).__name__} message cannot be changed")


# --- the first screens --------------------------------------------------------------------

class Start(Message):
    """The page opens: its address and what this browser has stored."""

    search: str
    stored: dict[str, Any] = MappingProxyType({})  # storage key -> text
    seed: int = 1  # for a deal the address asks for without a seed
    languages: tuple[str, ...] = ()  # the browser's, most wanted first ("ru-RU", "en")
    touch: bool = False  # a touch screen without a mouse: the page says "tap", not "click"


class Language(Message):
    """The player chose a language with the switch."""

    lang: str


class Home(Message):
    """The home screen: the games to choose from."""


class Pick(Message):
    """A game chosen on the home screen: its options form."""

    game: str


class SetOption(Message):
    """A field of the options form changed: `key` is an option, "@level" or "ui:SETTING"."""

    key: str
    value: Any  # a flag's bool, or a choice's text


class ResetOptions(Message):
    """The options form back to the game's defaults."""


class Deal(Message):
    """Deal pressed on the options form: a new game."""

    seed: int  # a new shuffle's, used when no deal number is typed
    number: str | None = None  # the form's deal number field, as typed (read on Deal)
    names: tuple[str, ...] | None = None  # the people's names, as typed (read on Deal)


class Continue(Message):
    """Continue the game this browser saved."""


# --- around the table -----------------------------------------------------------------------

class OpenSheet(Message):
    """A sheet over the table opens: rules, keys, discards, statistics, settings or the deal."""

    sheet: str  # "rules", "discards" or "keys"


class CloseSheet(Message):
    """The open sheet closes."""


class ToggleLog(Message):
    """The game's log opens, or closes."""


class ToggleBarMenu(Message):
    """The table bar's menu (a narrow screen's tools and language) opens, or closes."""


class CloseLog(Message):
    """The game's log closes."""


class Escape(Message):
    """Esc: close the sheet, else drop the selection, else look at the table behind the
    game-over panel."""


class Key(Message):
    """A key pressed, as the page saw it: what it means is decided per screen (update)."""

    key: str  # the KeyboardEvent's key: "a", "Escape", "ArrowLeft"…
    ctrl: bool = False  # Ctrl, or ⌘ on a Mac
    alt: bool = False
    shift: bool = False
    target: str = ""  # the tag of the element the key went to ("INPUT", "SELECT", …)
    dialog: bool = False  # a dialog (a sheet, the game-over panel) is open
    shortcut: bool = False  # a button within reach names this key (aria-keyshortcuts)


class Click(Message):
    """A click (or tap) on the page, as the page saw it: what it means is decided per screen."""

    act: str | None  # the data-act of the control clicked, if any
    arg: str | None = None  # its data-arg
    disabled: bool = False  # the control is disabled
    in_log: bool = False  # the click fell inside the log drawer
    seed: int = 1  # a new shuffle's, for a click that deals
    base: str = ""  # the page's address without its query (links are made from it)
    fields: dict[str, str] = MappingProxyType({})  # the values of FIELDS, as typed
    x: float = 0.0  # where it fell, across the page (px)
    dots: tuple[tuple[float, int], ...] = ()  # the analysis graph's decisions: (x, step)

    NAMES = tuple(f"person-{i}" for i in range(6))  # the options form's people's names
    FIELDS = ("opt-seed", "deal-game", "deal-seed", *NAMES, "answer-input")  # inputs read


class ReadTable(Message):
    """Read the whole table aloud (screen readers)."""


# --- playing ----------------------------------------------------------------------------------

class CardClicked(Message):
    """A card of the person's hand clicked (or tapped): select it, or play it."""

    code: str


class MoveChosen(Message):
    """A button or a table place that names a whole move."""

    text: str


class Clear(Message):
    """Drop the selection (Cancel, a click on the felt)."""


class TableAction(Message):
    """A button of the table's own: Memory's Ready, Durak's Transfer…"""

    arg: str | None


class Undo(Message):
    """Take back the person's last move (and the opponents' replies since)."""


class Hint(Message):
    """Show the move the normal opponent would make in the person's place, and why."""


class Confirmed(Message):
    """The person confirmed the move waiting for it (one that takes cards), or not."""

    yes: bool


class PlayOut(Message):
    """The rest of the deal is forced: play it all at once."""


class DealAgain(Message):
    """Deal this deal again, from its start (its number, options and opponents)."""


class CopyLink(Message):
    """Copy the address that deals this deal in any browser."""

    base: str  # the page's address without its query


class DealNumber(Message):
    """The home screen's box: a game and a deal number, as typed."""

    game: str
    number: str


class DragStart(Message):
    """A card of the hand picked up to drag."""

    code: str


class Dropped(Message):
    """A dragged card let go."""

    code: str
    spot: str | None  # the table place it fell on (a card or a target), if any
    on_table: bool  # it fell inside the table's middle


class DragEnd(Message):
    """A drag ended without a drop."""


class Finish(Message):
    """The person is out: let the others finish without pauses."""


class Review(Message):
    """Close the game-over panel and look at the table."""


class Again(Message):
    """Play again: a new deal of the same game and options."""

    seed: int


class OpponentMoved(Message):
    """An opponent's move, thought in its turn."""

    key: tuple[int, int]  # the position the move was thought for (deal number, moves made)
    seat: int
    move: str
    busy_ms: float = 0.0  # time spent thinking
    wall_ms: float = 0.0  # from the first thought to the move, the page's turns included


class Tick(Message):
    """The clock moved on (a countdown is running)."""


class HostGame(Message):
    """The embedding page asks for a new game: an address's query, as the page would take it."""

    search: str
    seed: int


class UpdateReady(Message):
    """A new version of the page was installed in the background (its service worker took
    over): the next visit, or a reload, uses it."""


# --- between features: one handles it, another answered with it (as `Next`) ---------------

class Setting(Message):
    """A setting of the settings sheet changed (the settings' own, or the shared table's
    servers: `update` gives each key to its feature)."""

    key: str  # speed | size | one of Prefs.FLAGS (four_colour, reduce_motion, …)
    value: Any


class Reacted(Message):
    """A reaction shown at this page by the person in `seat` (this page's own, or one the
    host took from a guest): a shared table sends it on."""

    seat: int
    reaction: str


class ReactionCame(Message):
    """A reaction that came over a shared table: on the host's page from the guest in `seat`
    (`passed` False: checked before it is shown and sent on), on a guest's page passed on by
    the host (`passed`)."""

    seat: int
    reaction: str
    passed: bool = False


class Judged(Message):
    """One decision judged by the running analysis (a kozyr.analysis.Judgement's JSON)."""

    run: int
    judgement: dict


class Failed(Message):
    """Something raised while handling an event; the game is unchanged."""

    error: str


# --- effects ------------------------------------------------------------------------------------

class Store(Message):
    """Write `value` under `key` in this browser's storage (None removes it)."""

    key: str
    value: str | None


class Next(Message):
    """Not for the shell: a message `update` handles right after the one that answered with
    it (how one feature hands on to another without knowing it)."""

    msg: object


class Console(Message):
    """A line for the browser's console."""

    level: str  # "error" | "warn" (what a shared table's host dropped) | "debug"
    text: str


class Say(Message):
    """Lines for screen readers, in order (the page's live region); `fresh`: the lines said
    before are taken out of the page first (the device passes to another person)."""

    lines: tuple[str, ...]
    fresh: bool = False


class FocusBest(Message):
    """The person's turn came: the keyboard focus goes to the most useful control."""


class Notify(Message):
    """Tell the embedding page (if any) what happened: "deal" or "over", with its data."""

    kind: str
    detail: dict


class Copy(Message):
    """Put `text` on the clipboard (and in the page's field of that id, selected)."""

    text: str
    field: str = "deal-link"


class Download(Message):
    """Offer `text` as a file to save."""

    name: str
    text: str


class KeyUsed(Message):
    """The key pressed did something: the browser does not also do its own thing with it."""


class Rove(Message):
    """Move the focus along its group (arrow keys, Home, End: a roving tabindex)."""

    key: str


class TrapTab(Message):
    """Tab goes round the open dialog's controls."""


class PressShortcut(Message):
    """Press the button within reach that names this key (aria-keyshortcuts)."""

    key: str


class ChooseFile(Message):
    """Open the chooser of the file field of this id."""

    field: str


class Reload(Message):
    """Load the page again (a new version is ready)."""


class MarkDrop(Message):
    """Show where a dragged card may go, in place: drawing anew would cancel the drag."""

    places: tuple[str, ...]
    zone: bool  # the whole table takes it too


class FocusOn(Message):
    """An effect: the keyboard focus to the element `selector` names, after the redraw."""

    selector: str
