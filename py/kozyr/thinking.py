"""The one loop that drives an AI's thinking.

An AI that thinks for a while (a search) is a generator: it yields between steps and returns
its move. A match or a test runs it to the end at once; a page runs it a slice at a time and
hands the browser back in between, so the page never freezes.
"""

from __future__ import annotations

import time
from typing import Any, Generator

Thinking = Generator[None, None, Any]


def drive(thinking: Thinking, seconds: float | None = None) -> tuple[bool, Any]:
    """Run `thinking` until it returns, (True, its value), or until `seconds` have passed
    (False, None): call again with the same generator to go on."""
    stop = None if seconds is None else time.perf_counter() + seconds
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return True, done.value
        if stop is not None and time.perf_counter() >= stop:
            return False, None


def finish(thinking: Thinking) -> Any:
    """Run `thinking` to its end: its value."""
    return drive(thinking)[1]
