"""Every game's table, by the engine's name of the game."""

from __future__ import annotations

from .advantage import AdvantageTable
from .base import Table
from .durak import DurakTable
from .garbage import GarbageTable
from .memory import MemoryTable
from .stump import StumpTable

TABLES: dict[str, Table] = {t.game: t for t in (
    DurakTable(), StumpTable(), GarbageTable(), MemoryTable(), AdvantageTable())}


def table_of(play) -> Table:
    """The table of the game in play (a model's `Play`)."""
    return TABLES[play.session.game.name]
