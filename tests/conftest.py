"""What the whole suite shares: the order in which tests are handed out."""
from __future__ import annotations

from pathlib import Path

BROWSER = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items):
    # The engine's tests on Pyodide are one long test: first, so that with two workers
    # (scripts/test runs `pytest -n 2`) it runs beside the others instead of after them.
    # Then the browser tests spread evenly among the rest: a browser test waits on its page
    # now and then, and an engine test beside it keeps both cores busy meanwhile; two
    # browser tests side by side (as in plain file order) leave a core idle.
    first = [item for item in items if item.get_closest_marker("pyodide")]
    others = [item for item in items if not item.get_closest_marker("pyodide")]
    browser = [item for item in others if Path(str(item.fspath)).is_relative_to(BROWSER)]
    rest = [item for item in others if not Path(str(item.fspath)).is_relative_to(BROWSER)]
    items[:] = first + spread(browser, rest)


def spread(a: list, b: list) -> list:
    """`a` and `b` merged, each in its own order, each spread evenly over the whole."""
    out, i, j = [], 0, 0
    while i < len(a) or j < len(b):
        if j == len(b) or (i < len(a) and i * len(b) <= j * len(a)):
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    return out
