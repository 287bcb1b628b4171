"""Fixtures for tests across emulated home routers (see lab.py for the network itself).

    lab             the session's Lab: lab.home("a", nat="port-restricted"), lab.host("a1", "a"),
                    lab.origin(host), lab.stun_url, lab.turn(), lab.stun_packets(), ...
    lab_browser     lab_browser(host) -> a Playwright Browser: Chromium running inside that
                    host's namespace (one per host for the session, launched on first use)
    lab_page        lab_page(host, **context_options) -> a Page in a fresh context of that
                    host's browser (a person of their own), watched like the browser tests'
                    pages: the test FAILS on a request off 127.0.0.1 or a console or page error
    watch           what those pages did (see tests/browser/conftest.py's Watch)

A test that shares a table between two homes:

    def test_two_homes(lab, lab_page):
        lab.home("a"); lab.home("b", nat="symmetric")
        host, guest = lab_page(lab.host("a1", "a")), lab_page(lab.host("b1", "b"))
        host.goto(lab.origin("a1")); guest.goto(lab.origin("b1"))
        ...

Homes and hosts live for the whole session (made on first asking, the same when asked again):
a test that needs a fresh network state takes homes and hosts of its own. The lab is skipped
only where it cannot be built: not root, no network namespaces, no `nft` or `turnserver`.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from netlab.lab import Lab, unavailable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BROWSER = ROOT / "tests" / "browser"


def _browser_harness():
    """tests/browser/conftest.py as a module: its Chromium flags and request rule are ours."""
    spec = importlib.util.spec_from_file_location(
        "kozyr_browser_harness", BROWSER / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


harness = _browser_harness()


def pytest_configure(config):
    config.addinivalue_line("markers", "netlab: runs in the network lab of tests/netlab")
    # pytest-xdist's own marker, declared too for runs without it (-p no:xdist)
    config.addinivalue_line("markers", "xdist_group(name): tests that share one worker")


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(HERE):
            item.add_marker(pytest.mark.netlab)
            item.add_marker(pytest.mark.browser)
            # one lab per worker; with --dist loadgroup all lab tests share one
            item.add_marker(pytest.mark.xdist_group("netlab"))
            # as in the browser tests: a renderer that died while Pyodide booted, once more
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[harness.RENDERER_CRASH]))


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """The session's lab, serving a fresh build of the site (from the working tree, as the
    browser tests' is); torn down at the end of the session, failed or not."""
    why = unavailable()
    if why:
        pytest.skip(why)
    work = tmp_path_factory.mktemp("netlab")
    site = work / "dist"
    harness.site_build.build(site, summary=False, quiet=True)
    with Lab(site, work) as the_lab:
        yield the_lab


class SharedPlaywright:
    """Playwright's sync API runs one instance per thread, and the browser tests hold theirs
    for the whole session: in this process every `with sync_playwright()` shares one instance,
    started by the first and stopped by the last to leave."""

    def __init__(self, real) -> None:
        self.real = real
        self.users = 0
        self.manager = self.playwright = None

    def __call__(self):
        return self

    def __enter__(self):
        if not self.users:
            self.manager = self.real()
            self.playwright = self.manager.__enter__()
        self.users += 1
        return self.playwright

    def __exit__(self, *exc) -> None:
        self.users -= 1
        if not self.users:
            self.manager.__exit__(*exc)
            self.manager = self.playwright = None


try:
    from playwright import sync_api
except ImportError:
    sync_api = None
# before any test runs, so that the browser tests' instance is the shared one too
if sync_api and not isinstance(sync_api.sync_playwright, SharedPlaywright):
    sync_api.sync_playwright = SharedPlaywright(sync_api.sync_playwright)


@pytest.fixture(scope="session")
def lab_playwright():
    if sync_api is None:
        pytest.fail("playwright is not installed: run scripts/setup")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def lab_browser(lab, lab_playwright):
    if not Path(harness.CHROMIUM).exists():
        pytest.fail(f"{harness.CHROMIUM} is missing: run scripts/setup (apt-get install chromium)")
    browsers = {}

    def browser_in(host):
        host = lab.hosts[host] if isinstance(host, str) else host
        if host.name not in browsers:
            browsers[host.name] = lab_playwright.chromium.launch(
                executable_path=str(lab.chromium(host)), args=harness.CHROMIUM_ARGS,
                headless=True)
        return browsers[host.name]

    yield browser_in
    for browser in browsers.values():
        browser.close()


@pytest.fixture
def watch():
    return harness.Watch()


@pytest.fixture
def lab_page(lab_browser, watch):
    opened = []

    def page_in(host, **options):
        ctx = lab_browser(host).new_context(**{**harness.DESKTOP, **options},
                                            service_workers="block")
        page = ctx.new_page()
        opened.append((ctx, harness.watched(ctx, page, watch)))
        return page

    yield page_in
    for ctx, stop in opened:
        stop()
        ctx.close()
    harness.fail_on_problems(watch)
