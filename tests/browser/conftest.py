"""Browser test harness: headless Debian Chromium driven by Playwright (sync API).

Fixtures (use them from any test module in tests/browser/):

    site            base URL of a freshly built dist/ served at http://127.0.0.1:PORT/
    site_subpath    the same build served under http://127.0.0.1:PORT/games/kozyr/
    dist            the pathlib.Path of that build
    browser         one Chromium for the whole session
    context         a fresh browser context per test (own cache, storage, service workers)
    page            a page in that context, watched: the test FAILS if any request leaves
                    127.0.0.1 (data: and blob: are fine), or on any console error or page error
    watch           the page's log: .requests, .console, .errors; call
                    watch.allow_errors() in a test that expects errors (e.g. a failing boot)
    boot            boot(page, url) -> seconds: loads url, waits for <html data-kozyr="ready">,
                    fails with the boot screen's message if the page reports a failed boot
    screenshot      screenshot(page, "name") saves screenshots/name.png (gitignored)

A new UI test is a function in tests/browser/test_*.py, e.g.

    def test_picker_lists_durak(page, site, boot):
        boot(page, site + "?game=durak")
        assert page.locator("#app").inner_text()

KOZYR_UI_DIR=DIR builds the page with another ui package (default py/ui).
Set KOZYR_HEADED=1 to watch the browser (needs a display), KOZYR_CHROMIUM to use another binary.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import build as site_build  # noqa: E402  (scripts/build.py)
import server as site_server  # noqa: E402  (scripts/server.py)

CHROMIUM = os.environ.get("KOZYR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SUBPATH = "/games/kozyr/"
BOOT_TIMEOUT_MS = 60_000
ALLOWED_HOSTS = {"127.0.0.1"}
ALLOWED_SCHEMES = {"data", "blob"}


# Chromium's renderer now and then dies while Pyodide boots ("Target crashed": once in several
# whole runs of the suite here, at a different test each time). Such a test runs once more, in a
# fresh page; any other failure is never run again.
RENDERER_CRASH = r"Target crashed"


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[RENDERER_CRASH]))


# --- the site -------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """A fresh build of the site (the same as dist/, built from the working tree)."""
    ui = Path(os.environ.get("KOZYR_UI_DIR") or ROOT / "py" / "ui")
    if not (ui / "main.py").is_file():
        pytest.skip(f"{ui / 'main.py'} does not exist yet: no page to boot")
    out = tmp_path_factory.mktemp("site") / "dist"
    site_build.build(out, summary=False, quiet=True)
    return out


@pytest.fixture(scope="session")
def site(dist):
    server, url = site_server.start(dist)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def site_subpath(dist):
    server, url = site_server.start(dist, prefix=SUBPATH)
    yield url
    server.shutdown()


# --- the browser ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    headed = os.environ.get("KOZYR_HEADED") == "1"
    args = [a for a in CHROMIUM_ARGS if not (headed and a == "--headless")]
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=args, headless=not headed)
    yield b
    b.close()


class Watch:
    """What a page did: every request URL, console messages and uncaught errors."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.console: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.errors_allowed = False

    def allow_errors(self) -> None:
        """Call in a test that expects console/page errors (off-origin requests still fail)."""
        self.errors_allowed = True

    def off_origin(self) -> list[str]:
        bad = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ALLOWED_SCHEMES:
                continue
            if parts.hostname not in ALLOWED_HOSTS:
                bad.append(url)
        return bad

    def console_errors(self) -> list[str]:
        return [text for kind, text in self.console if kind == "error"]

    def problems(self) -> list[str]:
        out = [f"off-origin request: {u}" for u in self.off_origin()]
        if not self.errors_allowed:
            out += [f"console error: {t}" for t in self.console_errors()]
            out += [f"page error: {e}" for e in self.errors]
        return out


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def context(browser, watch):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    # context-level: also sees requests made by service workers and iframes
    ctx.on("request", lambda req: watch.requests.append(req.url))
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, watch):
    pg = context.new_page()
    pg.on("console", lambda msg: watch.console.append((msg.type, msg.text)))
    pg.on("pageerror", lambda err: watch.errors.append(str(err)))
    yield pg
    problems = watch.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(p[:500] for p in problems), pytrace=False)


# --- helpers --------------------------------------------------------------------------------

def boot_page(page, url: str, timeout_ms: int = BOOT_TIMEOUT_MS) -> float:
    """Load `url`, wait until the UI reports ready; returns the seconds it took."""
    t0 = time.perf_counter()
    page.goto(url)
    wait_booted(page, timeout_ms)
    return time.perf_counter() - t0


def wait_booted(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function(
        "() => ['ready', 'failed'].includes(document.documentElement.dataset.kozyr)",
        timeout=timeout_ms,
    )
    state = page.evaluate("document.documentElement.dataset.kozyr")
    if state != "ready":
        msg = page.locator("#boot-error").inner_text()
        detail = page.locator("#boot-error-detail").text_content() or ""
        raise AssertionError(f"boot failed: {msg}\n{detail[:2000]}")


def save_screenshot(page, name: str) -> Path:
    path = ROOT / "screenshots" / f"{name}.png"
    path.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def boot():
    return boot_page


@pytest.fixture
def screenshot():
    return save_screenshot
