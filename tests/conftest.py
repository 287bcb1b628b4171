"""What the whole suite shares: the order in which tests are handed out."""
from __future__ import annotations


def pytest_collection_modifyitems(items):
    # The engine's tests on Pyodide are one long test: first, so that with two workers
    # (scripts/test runs `pytest -n 2`) it runs beside the others instead of after them.
    items.sort(key=lambda item: item.get_closest_marker("pyodide") is None)
