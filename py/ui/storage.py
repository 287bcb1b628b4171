"""The one wrapper around the browser's localStorage. Never fatal: private modes and
sandboxed frames may refuse it, and then the page simply forgets."""

from __future__ import annotations

import json


class Storage:
    def __init__(self, window):
        self.win = window

    def get(self, key: str) -> str | None:
        try:
            value = self.win.localStorage.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def put(self, key: str, value: str | None) -> None:
        """Store `value` under `key`; None removes it."""
        try:
            if value is None:
                self.win.localStorage.removeItem(key)
            else:
                self.win.localStorage.setItem(key, value)
        except Exception:
            pass

    def get_json(self, key: str) -> dict | None:
        return read_json(self.get(key))


def read_json(text: str | None) -> dict | None:
    """A stored JSON object, or None for nothing, damage, or anything but an object."""
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None
