"""What a table needs besides the engine's view to draw itself: the `Look`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Look:
    """Names, the person's gesture in progress, what is moving, and the page's settings.

    `names` are the seats' names as message ids (None for the person's seat): word them with a
    `Speaker(look.names, look.human)` (words.py), never read them directly."""

    names: tuple[str | None, ...]
    human: int = 0
    selection: tuple[str, ...] = ()
    hint: str = ""
    fresh: frozenset[str] = frozenset()  # things that just arrived (animated)
    acted: int | None = None  # the seat that just moved
    leaving: Any = None  # what the table shows leaving (Durak: the bout just ended)
    show_log: bool = False
    title: str = ""
    busy: bool = False  # an opponent is about to move
    ui: dict = field(default_factory=dict)  # the table's own state, kept with the saved game
    settings: dict = field(default_factory=dict)  # the player's settings for this table
    now: float = 0.0  # the page's clock (epoch ms), for countdowns
    reviewing: bool = False  # the game is over and the person looks at the table
    record: str = ""  # the person's record in this game, for the game-over panel
    earned: str = ""  # the achievements this game earned first, drawn for that panel (HTML)
    no_undo: str = ""  # why Undo cannot be used now, worded ("" when it can)
    deal: str | None = ""  # the deal's number, as the table shows it (None: not to be shown)
    forced: bool = False  # the rest of the deal is forced: it can be played out at once
    people: tuple[int, ...] = ()  # the people's seats, when several share the device
    # the picture's identity for the cards' motion (motion.js): one deal (or hand of a match)
    # as one seat sees it; and whether this picture is that deal going out
    table_id: str = ""
    dealing: bool = False
    exercise: str = ""  # an exercise's panel (HTML), in place of Undo and Hint
    touch: bool = False  # played by touch: the words say "tap", not "click"
    language: str = ""  # the language switch (HTML), the bar's last tool
    bar_menu: bool = False  # the bar's menu is open (where a narrow screen keeps its tools)
    waiting: str = ""  # what the table waits for, said in place of its prompt (an invite's guest)
    # a shared table: how each connected seat's link goes, in words ("across the internet")
    routes: dict = field(default_factory=dict)
    # reactions (ui/reactions): each seat's bubble, by seat, and the React button with its
    # menu, by the person's name plate (HTML)
    reactions: dict = field(default_factory=dict)
    reacting: str = ""

    @property
    def together(self) -> bool:
        """Several people play at this device: the game-over panel names them all."""
        return len(self.people) > 1


def my_turn(v: dict, look: Look) -> bool:
    return v["to_act"] == look.human and v["phase"] != "over"
