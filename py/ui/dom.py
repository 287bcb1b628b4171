"""Small facts about page objects as Pyodide hands them over."""

from __future__ import annotations


def nothing(x) -> bool:
    """True for None and for JavaScript's null (which Pyodide hands over as `jsnull`)."""
    return x is None or type(x).__name__ == "JsNull"


def same(a, b) -> bool:
    """The same DOM node (two proxies of one element are never `is` each other)."""
    return not nothing(a) and not nothing(b) and bool(a.isSameNode(b))


def text_of(x) -> str | None:
    """An attribute's text, or None where the page has none."""
    return x if isinstance(x, str) else None
