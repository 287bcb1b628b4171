"""kozyr: card games as pure rules, for people and AIs to play.

Importing the package registers every game in `kozyr.registry`.
"""

from . import durak  # noqa: F401  (registers the game)
from .protocol import Game, IllegalMove, KozyrError, Move, Option, OptionsError, State
from .registry import GAMES, catalogue, get

__all__ = ["GAMES", "Game", "IllegalMove", "KozyrError", "Move", "Option", "OptionsError",
           "State", "catalogue", "get"]
