"""Everything that can happen to the page, as messages, and the effects an update asks for.

The shell turns each event (a click, a key, a drop, a timer, an opponent's move) into one
message; `update` answers with a new model and a list of effects, which the shell runs.
Randomness and the clock come in with the messages, so `update` stays a plain function.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


# --- the first screens --------------------------------------------------------------------
@dataclass(frozen=True)
class Start:
    """The page opens: its address and what this browser has stored."""

    search: str
    stored: dict[str, Any] = field(default_factory=dict)  # storage key -> text
    seed: int = 1  # for a deal the address asks for without a seed
    languages: tuple[str, ...] = ()  # the browser's, most wanted first ("ru-RU", "en")


@dataclass(frozen=True)
class Language:
    """The player chose a language with the switch."""

    lang: str


@dataclass(frozen=True)
class Home:
    """The home screen: the games to choose from."""


@dataclass(frozen=True)
class Pick:
    """A game chosen on the home screen: its options form."""

    game: str


@dataclass(frozen=True)
class SetOption:
    """A field of the options form changed: `key` is an option, "@level" or "ui:SETTING"."""

    key: str
    value: Any  # a flag's bool, or a choice's text


@dataclass(frozen=True)
class ResetOptions:
    """The options form back to the game's defaults."""


@dataclass(frozen=True)
class Deal:
    """Deal pressed on the options form: a new game."""

    seed: int  # a new shuffle's, used when no deal number is typed
    number: str | None = None  # the form's deal number field, as typed (read on Deal)


@dataclass(frozen=True)
class Continue:
    """Continue the game this browser saved."""


# --- around the table -----------------------------------------------------------------------
@dataclass(frozen=True)
class OpenSheet:
    """A sheet over the table opens: rules, keys, discards, statistics, settings or the deal."""

    sheet: str  # "rules", "discards" or "keys"


@dataclass(frozen=True)
class CloseSheet:
    """The open sheet closes."""


@dataclass(frozen=True)
class ToggleLog:
    """The game's log opens, or closes."""


@dataclass(frozen=True)
class CloseLog:
    """The game's log closes."""


@dataclass(frozen=True)
class Escape:
    """Esc: close the sheet, else drop the selection, else look at the table behind the
    game-over panel."""


@dataclass(frozen=True)
class ReadTable:
    """Read the whole table aloud (screen readers)."""


# --- playing ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardClicked:
    """A card of the person's hand clicked (or tapped): select it, or play it."""

    code: str


@dataclass(frozen=True)
class MoveChosen:
    """A button or a table place that names a whole move."""

    text: str


@dataclass(frozen=True)
class Clear:
    """Drop the selection (Cancel, a click on the felt)."""


@dataclass(frozen=True)
class TableAction:
    """A button of the table's own: Memory's Ready, Durak's Transfer…"""

    arg: str | None


@dataclass(frozen=True)
class Undo:
    """Take back the person's last move (and the opponents' replies since)."""


@dataclass(frozen=True)
class Hint:
    """Show the move the normal opponent would make in the person's place, and why."""


@dataclass(frozen=True)
class Confirmed:
    """The person confirmed the move waiting for it (one that takes cards), or not."""

    yes: bool


@dataclass(frozen=True)
class PlayOut:
    """The rest of the deal is forced: play it all at once."""


@dataclass(frozen=True)
class Replay:
    """Deal this deal again, from its start (its number, options and opponents)."""


@dataclass(frozen=True)
class CopyLink:
    """Copy the address that deals this deal in any browser."""

    base: str  # the page's address without its query


@dataclass(frozen=True)
class DealNumber:
    """The home screen's box: a game and a deal number, as typed."""

    game: str
    number: str


@dataclass(frozen=True)
class Setting:
    """A setting of the settings sheet changed."""

    key: str  # speed | four | still | size | confirm | left
    value: Any


@dataclass(frozen=True)
class StatsExport:
    """Save the statistics as a file."""


@dataclass(frozen=True)
class StatsImport:
    """A statistics file chosen to import, as text (None: it could not be read)."""

    text: str | None


@dataclass(frozen=True)
class StatsReset:
    """Reset pressed (confirm=False asks first), or the question answered (confirm=True)."""

    confirm: bool = False


@dataclass(frozen=True)
class DragStart:
    """A card of the hand picked up to drag."""

    code: str


@dataclass(frozen=True)
class Dropped:
    """A dragged card let go."""

    code: str
    spot: str | None  # the table place it fell on (a card or a target), if any
    on_table: bool  # it fell inside the table's middle


@dataclass(frozen=True)
class DragEnd:
    """A drag ended without a drop."""


@dataclass(frozen=True)
class Finish:
    """The person is out: let the others finish without pauses."""


@dataclass(frozen=True)
class Review:
    """Close the game-over panel and look at the table."""


@dataclass(frozen=True)
class Again:
    """Play again: a new deal of the same game and options."""

    seed: int


@dataclass(frozen=True)
class OpponentMoved:
    """An opponent's move, thought in its turn."""

    key: tuple[int, int]  # the position the move was thought for (deal number, moves made)
    seat: int
    move: str
    busy_ms: float = 0.0  # time spent thinking
    wall_ms: float = 0.0  # from the first thought to the move, the page's turns included


@dataclass(frozen=True)
class Tick:
    """The clock moved on (a countdown is running)."""


@dataclass(frozen=True)
class HostGame:
    """The embedding page asks for a new game: an address's query, as the page would take it."""

    search: str
    seed: int


@dataclass(frozen=True)
class UpdateReady:
    """A new version of the page was installed in the background (its service worker took
    over): the next visit, or a reload, uses it."""


@dataclass(frozen=True)
class Failed:
    """Something raised while handling an event; the game is unchanged."""

    error: str


# --- effects ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Store:
    """Write `value` under `key` in this browser's storage (None removes it)."""

    key: str
    value: str | None


@dataclass(frozen=True)
class Console:
    """A line for the browser's console."""

    level: str  # "error" | "debug"
    text: str


@dataclass(frozen=True)
class Say:
    """Lines for screen readers, in order (the page's live region)."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class FocusBest:
    """The person's turn came: the keyboard focus goes to the most useful control."""


@dataclass(frozen=True)
class Notify:
    """Tell the embedding page (if any) what happened: "deal" or "over", with its data."""

    kind: str
    detail: dict


@dataclass(frozen=True)
class Copy:
    """Put `text` on the clipboard."""

    text: str


@dataclass(frozen=True)
class Download:
    """Offer `text` as a file to save."""

    name: str
    text: str


@dataclass(frozen=True)
class MarkDrop:
    """Show where a dragged card may go, in place: drawing anew would cancel the drag."""

    places: tuple[str, ...]
    zone: bool  # the whole table takes it too
