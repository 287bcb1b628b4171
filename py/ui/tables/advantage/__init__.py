"""Advantage's table."""

from .table import AdvantageTable

__all__ = ["AdvantageTable"]
