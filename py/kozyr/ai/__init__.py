"""AI players. An AI sees only its seat's view (which lists its legal moves), never the state.

    player = ai.make("normal", "durak", seed=1)
    move = player.choose(view)

Levels: "easy" plays the heuristic but half the time any legal move ("careless"), "normal"
plays the game's heuristic, "hard" searches (many imagined deals of the cards it has not
seen, played out fast, see search.py). A game whose AI module says `OWN_LEVELS = True` says what
its levels mean instead (in Memory, how much the AI remembers). Named styles for matches:
"random", "careless", "lowest" (always the lowest legal card), "heuristic", "search".

Each game's AI module is registered by the engine's name of the game (`PATHS`, one line a
game; `register` adds one), and imported when first asked for.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Container, Mapping
from typing import Any, Callable

from ..protocol import KozyrError, Move, Reason
from .. import registry
from .basic import Careless, LowestCard, RandomPlayer, moves_of
from .search import DEALS, Search

Player = Any  # anything with choose(view) -> Move

# each game's AI module, by the engine's name of the game: imported when first asked for
PATHS: dict[str, str] = {
    "durak": "kozyr.ai.durak",
    "stump": "kozyr.ai.stump",
    "garbage": "kozyr.ai.garbage",
    "memory": "kozyr.ai.memory",
    "advantage": "kozyr.ai.advantage",
}


def register(game: str, module_path: str) -> None:
    """A game's AI module, by its dotted path (imported when the game is first played)."""
    PATHS[game] = module_path


class ByGame(Mapping):
    """Each game's AI module, or a name it defines (`pick`), imported when first asked for:
    a page that deals one game loads one game's AI."""

    def __init__(self, pick: Callable[[Any], Any] = lambda module: module):
        self.pick = pick

    def __getitem__(self, game: str) -> Any:
        if game not in PATHS:
            raise KeyError(game)
        return self.pick(importlib.import_module(PATHS[game]))

    def __iter__(self):
        return iter(PATHS)

    def __len__(self) -> int:
        return len(PATHS)


class OwnLevels(Container):
    """The games whose levels are not the generic ones: their AI module says
    `OWN_LEVELS = True` (in Memory the level is how much the AI remembers)."""

    def __contains__(self, game: object) -> bool:
        return game in PATHS and bool(getattr(MODULES[game], "OWN_LEVELS", False))


# each game's AI module: its HEURISTIC (the normal level's player, or, for a game of OWN_LEVELS,
# the player of every level), and optionally `OWN_LEVELS = True`, `playout_move` (search's fast
# playouts), `SEARCH_DEALS` (deals per decision in matches, where the default is not what the
# page reaches in its time), `hint(view)`, `Normal` / `Hard` classes where a level is more than
# its heuristic or the generic search, and `exact_values(game, state, seat, moves)` (each
# move's value searched to the end of the deal, where the game can: analysis.py)
MODULES = ByGame()
HEURISTICS: Mapping[str, Callable[..., Player]] = ByGame(lambda module: module.HEURISTIC)
OWN_LEVELS = OwnLevels()
STYLES = ("random", "careless", "lowest", "heuristic", "normal", "search")
LEVELS = {"easy": "careless", "normal": "normal", "hard": "search"}


def make(style: str, game: str, seed: int = 0, budget: float | None = None) -> Player:
    """An AI of a level ("easy", "normal", "hard") or style ("random", "lowest", "heuristic")."""
    rng = random.Random(seed)
    if game in OWN_LEVELS and style in LEVELS:
        return HEURISTICS[game](rng, style)
    style = LEVELS.get(style, style)
    if style == "random":
        return RandomPlayer(rng)
    if style == "lowest":
        return LowestCard(rng)
    if style == "heuristic" and game in HEURISTICS:
        return HEURISTICS[game](rng)
    if style == "normal" and hasattr(MODULES.get(game), "Normal"):  # more than its heuristic
        return MODULES[game].Normal(rng, budget)
    if style == "normal" and game in HEURISTICS:
        return HEURISTICS[game](rng)
    if style == "careless" and game in HEURISTICS:
        return Careless(rng, HEURISTICS[game](random.Random(rng.random())))
    if style == "search" and hasattr(MODULES.get(game), "Hard"):  # its own way of searching
        return MODULES[game].Hard(rng, budget)
    if style == "search" and game in HEURISTICS:
        module = MODULES[game]
        return Search(registry.get(game), HEURISTICS[game], rng, budget=budget,
                      deals=getattr(module, "SEARCH_DEALS", DEALS),
                      playout=getattr(module, "playout_move", None))
    known = ", ".join([*LEVELS, *STYLES])
    raise KozyrError(f"no AI {style!r} for {game}; choose one of {known}")



def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """What the normal level would play in this seat's place, with one line of why: the
    table's Hint. The reason is a Reason (an English message with parameters, see protocol),
    so a UI words it in its language."""
    if not view["legal"]:
        raise KozyrError(Reason("it is not your turn"))
    module = MODULES[view["game"]]
    return module.hint(view)
