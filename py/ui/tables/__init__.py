"""Every game's table, by the engine's name of the game.

A game's table is a package of its own (`tables/<game>/`: the Table subclass, its pieces, its
log's sentences) behind the contract of `base.py`; adding a game adds its table here, one line
(or `register(table)` from elsewhere).
"""

from __future__ import annotations

from .advantage import AdvantageTable
from .base import Table
from .durak import DurakTable
from .garbage import GarbageTable
from .memory import MemoryTable
from .stump import StumpTable

TABLES: dict[str, Table] = {}


def register(table: Table) -> Table:
    """A game's table, found by the engine's name of its game (`table.game`)."""
    TABLES[table.game] = table
    return table


# the tables, in the picker's order
for _table in (DurakTable(), StumpTable(), GarbageTable(), MemoryTable(), AdvantageTable()):
    register(_table)


def table_of(in_play) -> Table:
    """The table of the game in play (a model's `InPlay`)."""
    return TABLES[in_play.session.game.name]
