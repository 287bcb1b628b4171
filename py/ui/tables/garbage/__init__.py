"""Garbage's table."""

from .table import GarbageTable

__all__ = ["GarbageTable"]
