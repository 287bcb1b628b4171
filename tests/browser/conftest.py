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


# Chromium's renderer now and then dies while Pyodide boots ("Target crashed": once or twice in a
# whole run of the suite here, at a different test each time, now and then twice in one test).
# Such a test runs again, in a fresh page, up to twice; any other failure is never run again.
RENDERER_CRASH = r"Target crashed"


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[RENDERER_CRASH]))


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


def watched(ctx, pg, watch: Watch):
    """Record the context's requests and the page's console into `watch`; returns a function
    that stops recording."""
    on_request = lambda req: watch.requests.append(req.url)  # noqa: E731
    on_console = lambda msg: watch.console.append((msg.type, msg.text))  # noqa: E731
    on_error = lambda err: watch.errors.append(str(err))  # noqa: E731
    # context-level: also sees requests made by service workers and iframes
    ctx.on("request", on_request)
    pg.on("console", on_console)
    pg.on("pageerror", on_error)

    def stop():
        ctx.remove_listener("request", on_request)
        pg.remove_listener("console", on_console)
        pg.remove_listener("pageerror", on_error)
    return stop


def fail_on_problems(watch: Watch) -> None:
    problems = watch.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(p[:500] for p in problems), pytrace=False)


@pytest.fixture
def context(browser, watch):
    """A fresh context of its own (storage, cache, service workers), for a test that needs one."""
    ctx = browser.new_context(viewport=DESKTOP["viewport"])
    yield ctx
    ctx.close()


# --- warm pages ------------------------------------------------------------------------------
# Booting the page in a brand-new browser context costs about 2.6 s here; in a tab that has
# booted it before (its renderer process warm), about 1 s. So a test's page is by default such
# a tab, one per worker and device, handed to one test at a time: it first leaves for
# about:blank, its routes, viewport and emulated media are reset and its origins' localStorage
# is wiped, so each test still starts from a fresh load with nothing saved.
# Its context blocks service workers (a test of offline play takes a context of its own). A
# test that changes the page in ways that cannot be undone (page.clock, add_init_script), or
# wants the `context` fixture, is marked own_context and gets a fresh context as before. After
# a failed test the tab is closed, never reused.

DESKTOP = {"viewport": {"width": 1100, "height": 760}}
MEDIA_OPTIONS = ("reduced_motion", "forced_colors", "color_scheme")
NO_MEDIA = {"media": "null", **{k: "null" for k in MEDIA_OPTIONS}}


class WarmPages:
    def __init__(self, browser) -> None:
        self.browser = browser
        self.tabs: dict[str, tuple] = {}  # device key -> (context, page, cdp, origins)

    def take(self, device: dict):
        key = repr(sorted(device.items()))
        tab = self.tabs.get(key)
        if tab is None or tab[1].is_closed():
            ctx = self.browser.new_context(**device, service_workers="block")
            pg = ctx.new_page()
            tab = self.tabs[key] = (ctx, pg, ctx.new_cdp_session(pg), set())
        ctx, pg, cdp, origins = tab
        pg.goto("about:blank")
        pg.unroute_all(behavior="ignoreErrors")
        pg.emulate_media(**NO_MEDIA)
        pg.set_viewport_size(device["viewport"])
        for origin in origins:
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": origin, "storageTypes": "local_storage"})
        return tab

    def give_back(self, tab, watch: Watch, healthy: bool) -> None:
        """The tab after its test: reused unless the test failed (it may be in any state)."""
        origins = tab[3]
        origins.update(f"{u.scheme}://{u.netloc}" for u in map(urlsplit, watch.requests)
                       if u.hostname in ALLOWED_HOSTS)
        if not healthy or tab[1].is_closed():
            self.drop(tab)

    def drop(self, tab) -> None:
        for key, other in list(self.tabs.items()):
            if other is tab:
                del self.tabs[key]
                tab[0].close()

    def close(self) -> None:
        for tab in list(self.tabs.values()):
            tab[0].close()


@pytest.fixture(scope="session")
def warm_pages(browser):
    pages = WarmPages(browser)
    yield pages
    pages.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def open_page(request, warm_pages, watch):
    """open_page(**options) -> a watched page: a warm tab for the device the options give
    (viewport, device_scale_factor, is_mobile, has_touch; the rest of DESKTOP by default), with
    reduced_motion, forced_colors and color_scheme emulated on it. The test FAILS if any
    request leaves 127.0.0.1, or on any console or page error (see Watch)."""
    taken = []

    def open_(**options):
        media = {k: options.pop(k) for k in MEDIA_OPTIONS if k in options}
        device = {**DESKTOP, **options}
        tab = warm_pages.take(device)
        taken.append((tab, watched(tab[0], tab[1], watch)))
        if media:
            tab[1].emulate_media(**media)
        return tab[1]

    yield open_
    for tab, stop in taken:
        stop()
        warm_pages.give_back(tab, watch, healthy=not request.node.stash.get(FAILED, False))
    fail_on_problems(watch)


@pytest.fixture
def page(request, watch):
    """The test's page: a warm tab (see above), or a fresh context's page for a test marked
    own_context. Watched: the test FAILS on any off-origin request or console/page error."""
    if request.node.get_closest_marker("own_context") or "context" in request.fixturenames:
        ctx = request.getfixturevalue("context")
        pg = ctx.new_page()
        stop = watched(ctx, pg, watch)
        yield pg
        stop()
        fail_on_problems(watch)
    else:
        yield request.getfixturevalue("open_page")()


# --- helpers --------------------------------------------------------------------------------

def boot_page(page, url: str, timeout_ms: int = BOOT_TIMEOUT_MS) -> float:
    """Load `url`, wait until the UI reports ready; returns the seconds it took."""
    t0 = time.perf_counter()
    page.goto(url)
    wait_booted(page, timeout_ms)
    return time.perf_counter() - t0


def wait_booted(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function(
        # (a frame's document may be between two documents when first asked: none yet)
        "() => ['ready', 'failed'].includes(document.documentElement?.dataset.kozyr)",
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
