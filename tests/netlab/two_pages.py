"""The browser tests' way of driving a shared table's two pages by clicking (tests/browser's
table_helpers.py and test_shared_table_ui.py), importable here: tests/browser has no package,
so its modules are top-level ones, found once it is on sys.path.

test_shared_table_ui.py imports `conftest` meaning tests/browser/conftest.py, the module the
browser tests' own run registers under that name. When only the lab's tests run, `conftest`
is another file (tests/conftest.py) or none: for that one import the name is the browser
harness that netlab/conftest.py loaded. When the browser tests run in the same session they
import the same module object (its name is taken), whichever came first.
"""
from __future__ import annotations

import sys
from pathlib import Path

from netlab.conftest import harness

BROWSER = Path(__file__).resolve().parents[1] / "browser"
if str(BROWSER) not in sys.path:
    sys.path.append(str(BROWSER))

if "test_shared_table_ui" not in sys.modules:
    _before = sys.modules.get("conftest")
    sys.modules["conftest"] = harness
    try:
        import test_shared_table_ui  # noqa: F401
    finally:
        if _before is None:
            sys.modules.pop("conftest", None)
        else:
            sys.modules["conftest"] = _before

import table_helpers  # noqa: E402
import test_shared_table_ui as shared  # noqa: E402

APP = table_helpers.APP
player = table_helpers.player
redrawn = table_helpers.redrawn
wait_booted = harness.wait_booted

HEAR = shared.HEAR
GUEST = shared.GUEST
agree_on_the_result = shared.agree_on_the_result
check_heard = shared.check_heard
codes = shared.codes
guest_plays = shared.guest_plays
host_session = shared.host_session
invite_link = shared.invite_link
play_turns = shared.play_turns
