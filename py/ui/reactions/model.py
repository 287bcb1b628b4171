"""The fixed list of reactions, and what a page keeps of them (`Model.reactions`)."""

from __future__ import annotations

from dataclasses import dataclass, field

# the emoji, by id (their names for screen readers and their words: view.py)
EMOJI = {"thumbs-up": "👍", "smile": "😄", "wow": "😮", "phew": "😅", "party": "🎉",
         "clap": "👏"}
PHRASES = ("good-game", "well-played", "oops", "hurry-up", "thanks")
IDS = (*EMOJI, *PHRASES)  # everything a reaction may be: anything else is dropped
LASTS_MS = 4000  # a bubble's time by the name plate (css/kozyr.css: its fading ends first)
FLOOD_MS = 1000  # the host takes one reaction a second from each seat, drops the rest
# a page sends its own no quicker than this, so that the host, hearing them a little closer
# together than they were sent, still takes every one the sender's page shows
GAP_MS = 1250


@dataclass(frozen=True)
class Shown:
    """A reaction by a seat's name plate."""

    seat: int
    reaction: str  # one of IDS
    at: float  # when this page showed it (epoch ms)
    n: int  # which reaction of this page it is: a new one pops up, one redrawn carries on


@dataclass(frozen=True)
class Reactions:
    """The page's reactions: the menu, the bubbles showing, when each seat last reacted."""

    # the menu: the seat whose person opened it, and whether the game was over then (None:
    # closed); one opened before the game ended stays closed behind and after its panel
    menu: tuple[int, bool] | None = None
    shown: tuple[Shown, ...] = ()  # each seat's latest, while it lasts
    last: dict[int, float] = field(default_factory=dict)  # seat -> when its last was taken
    count: int = 0  # reactions shown on this page so far (numbers each Shown)


def sender(in_play) -> int | None:
    """The seat whose person may react from this page's table: the one holding the device
    (a guest: its own seat); nobody during an exercise, which is the person's alone."""
    if in_play is None or in_play.exercise is not None:
        return None
    return in_play.seat


def menu_in_reach(model) -> bool:
    """The menu is open at the table, for the person holding the device, and not behind the
    game-over panel."""
    in_play = model.in_play
    seat = sender(in_play)
    if model.reactions.menu is None or seat is None or model.screen != "table":
        return False
    over = in_play.session.over()
    return model.reactions.menu == (seat, over) and not (over and not in_play.reviewing)
