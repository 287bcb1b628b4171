"""Durak's table."""

from .table import DurakTable

__all__ = ["DurakTable"]
