"""Memory's table."""

from .table import MemoryTable, pending

__all__ = ["MemoryTable", "pending"]
