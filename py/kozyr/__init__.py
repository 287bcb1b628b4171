"""kozyr: card games as pure rules, for people and AIs to play.

Importing the package registers every game in `kozyr.registry`, in the picker's order.
"""

from .advantage import ADVANTAGE
from .durak import DURAK
from .garbage import GARBAGE
from .memory import MEMORY
from .stump import STUMP
from .protocol import Game, IllegalMove, KozyrError, Move, Option, OptionsError, State
from .registry import GAMES, catalogue, get, register

# the games at the table, in the picker's order
for _game in (DURAK, STUMP, GARBAGE, MEMORY, ADVANTAGE):
    register(_game)

__all__ = ["GAMES", "Game", "IllegalMove", "KozyrError", "Move", "Option", "OptionsError",
           "State", "catalogue", "get"]
