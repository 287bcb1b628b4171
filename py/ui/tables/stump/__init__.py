"""Stump's table."""

from .table import StumpTable

__all__ = ["StumpTable"]
