"""The site boots: from its own origin only, under a sub-path, offline, in an iframe, and it says
so in words when it cannot."""
from __future__ import annotations

import gzip
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

import build  # scripts/build.py
import wheel  # scripts/wheel.py

# a first visit, as a visitor's browser makes it: a fresh context each, not a warm tab
pytestmark = pytest.mark.own_context

READY = "document.documentElement.dataset.kozyr"
WATCHDOG_MS = 100_000  # index.html gives up on a boot after 90 s and says so


def test_dist_holds_the_site_and_nothing_else(dist: Path):
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    for needed in ["index.html", "pyscript.toml", "sw.js", "py/kozyr.zip.gz",
                   "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
                   "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip",
                   "vendor/pyodide/pyodide-lock.json", "vendor/pyscript/core.js",
                   "vendor/pyscript/core.css"]:
        assert needed in files
    assert not [f for f in files if f.endswith((".map", ".pyc")) or "test" in f.split("/")[0]]
    assert not [f for f in files if "node_modules" in f or "__pycache__" in f]
    # kozyr's Python: what a first deal needs in one zip, as bytecode; the rest in packs
    # beside it (py/ui/packs.py), as its packs.json names them
    unpacked = io.BytesIO(gzip.decompress((dist / "py/kozyr.zip.gz").read_bytes()))
    with zipfile.ZipFile(unpacked) as app:
        assert {"ui/main.pyc", "ui/app.pyc", "kozyr/durak.pyc", "kozyr/ai/durak.pyc",
                "ui/packs.json"} <= set(app.namelist())
        assert not [n for n in app.namelist() if n.endswith(".py") or "/locale/" in n
                    or "/rules/" in n or n.endswith(("replay/view.pyc", "analysis.pyc"))]
        packs = json.loads(app.read("ui/packs.json"))
        assert {i.compress_type for i in app.infolist()} == {zipfile.ZIP_STORED}  # gzipped whole
    assert set(packs) == {"ru", "fr", "fi", "ro", "rules", "replay", "share"}
    for pack, holds in {"ru": {"ui/locale/ru/LC_MESSAGES/kozyr.mo", "ui/rules/ru/durak.html"},
                        "fi": {"ui/rules/fi/stump.html"}, "rules": {"ui/rules/en/durak.html"},
                        "replay": {"ui/replay/view.pyc", "kozyr/analysis.pyc"}}.items():
        with zipfile.ZipFile(dist / packs[pack]["file"]) as zipped:
            assert holds <= set(zipped.namelist()), pack
    # the standard library: start-up modules as bytecode, without what the site never imports
    with zipfile.ZipFile(dist / "vendor/pyodide/python_stdlib.zip") as runtime:
        inside = set(runtime.namelist())
    assert {"json/__init__.pyc", "dataclasses.pyc", "gettext.pyc"} <= inside
    assert not inside & {"pdb.py", "pdb.pyc", "doctest.py", "smtplib.py", "kozyr/__init__.pyc"}
    # every file of the table is precached by the service worker but those it keeps when first
    # used (the packs, the sounds, ...), and nothing else: not the engine's example page and the
    # wheels it installs, which a player never needs
    sw = (dist / "sw.js").read_text()
    listed = set(re.findall(r'"\./([^"]*)"', sw))
    example = {"engine.html", "engine.py", "engine.toml", wheel.name(),
               "vendor/pyodide/micropip-0.11.1-py3-none-any.whl"}
    assert example <= files
    on_use = {f for f in files if f.startswith(build.ON_USE) and f not in build.ON_USE_KEPT}
    on_use |= build.pyscript_on_use(dist / "vendor" / "pyscript")
    assert {packs[p]["file"] for p in packs} | {"sound.js", "rtc.js"} <= on_use
    assert listed - {""} == files - {"sw.js"} - example - on_use
    # no absolute URL anywhere in the page or the config
    for name in ["index.html", "pyscript.toml"]:
        text = (dist / name).read_text()
        assert not re.search(r'(src|href|interpreter)\s*=\s*"(https?:)?//', text), name


def test_boots_from_its_own_origin_only(page, site, boot, watch, screenshot):
    seconds = boot(page, site)
    screenshot(page, "boot-ready")
    assert watch.requests, "no requests recorded"
    assert not watch.off_origin()
    assert page.locator("#boot").is_hidden()
    # kozyr's Python comes as its one zip (the service worker fetches it again to precache):
    # no wheel, no micropip, no unzipper
    names = [url.split("?")[0].rsplit("/", 1)[-1] for url in watch.requests]
    assert "kozyr.zip.gz" in names
    assert not [n for n in names if n.endswith(".whl") or n.startswith(("zip-", "micropip"))]
    print(f"booted in {seconds:.2f} s")


def test_boots_under_a_sub_path(page, site_subpath, boot, watch):
    assert site_subpath.endswith("/games/kozyr/")
    boot(page, site_subpath + "?game=durak&players=3")
    assert all("/games/kozyr/" in u for u in watch.requests if u.startswith("http"))


def test_shows_progress_while_booting(page, site):
    # the runtime is held back while the boot screen is looked at: on a busy machine the page
    # could otherwise be up before Playwright's goto returns
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site, wait_until="domcontentloaded")
    # the felt, the title and a status line, not a blank page
    assert page.locator("#boot h1").inner_text().lower() == "kozyr"
    assert page.locator("#boot-status").inner_text().strip()
    assert page.locator("#boot-bar").is_visible()
    assert page.get_attribute("html", "data-kozyr") == "booting"
    page.wait_for_function("true")  # let the held request be routed
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_function(f"{READY} === 'ready'", timeout=60_000)


def test_works_offline_after_first_visit(page, context, site, boot):
    boot(page, site)
    # the service worker registers once the table is up, then precaches the whole site
    page.wait_for_function(
        "navigator.serviceWorker.ready.then(r => !!r.active)", timeout=60_000
    )
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    context.set_offline(True)
    try:
        boot(page, site + "?game=durak")  # a new query string: still the cached page
        page.reload()
        page.wait_for_function(f"{READY} === 'ready'", timeout=60_000)
    finally:
        context.set_offline(False)


def test_boot_failure_is_shown_in_words(page, site, watch, screenshot):
    watch.allow_errors()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site)
    # the failure is shown at once (the preload's failed request), not by the 90 s watchdog
    page.wait_for_function(f"{READY} === 'failed'", timeout=20_000)
    assert page.locator("#boot-error").is_visible()
    text = page.locator("#boot-error").inner_text()
    assert "could not start" in text
    assert page.get_by_role("button", name="Reload").is_visible()
    screenshot(page, "boot-failed")


def test_missing_interpreter_is_shown_in_words(page, site, watch):
    watch.allow_errors()
    page.route("**/vendor/pyodide/pyodide.mjs", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site)
    page.wait_for_function(f"{READY} === 'failed'", timeout=WATCHDOG_MS)
    assert page.locator("#boot-error").is_visible()


def test_runs_inside_an_iframe(page, site, watch):
    host = site + "embed-host.html"  # not a real file: the test serves it
    page.route(host, lambda route: route.fulfill(
        content_type="text/html",
        body='<!doctype html><title>host</title><h1>a host page</h1>'
             '<iframe id="k" src="./?game=durak&players=3" width="900" height="600"'
             ' style="border:0"></iframe>',
    ))
    page.goto(host)
    frame = page.frame_locator("#k")
    frame.locator("html[data-kozyr='ready']").wait_for(state="attached", timeout=60_000)
    inner = next(f for f in page.frames if f.parent_frame is not None)
    assert "game=durak" in inner.url


CSP = "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; " \
      "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " \
      "worker-src 'self'"


def test_boots_under_the_documented_content_security_policy(page, site):
    """The CSP the README documents for the page is enough (and a page with it stays local)."""
    def with_csp(route):
        response = route.fetch()
        route.fulfill(response=response,
                      headers={**response.headers, "content-security-policy": CSP})

    page.route(site, with_csp)
    page.goto(site)
    # no wait_for_function: Playwright's own evaluation would need 'unsafe-eval' too
    page.wait_for_selector("html[data-kozyr=ready], html[data-kozyr=failed]",
                           state="attached", timeout=60_000)
    assert page.get_attribute("html", "data-kozyr") == "ready", \
        page.locator("#boot-error").inner_text()


def test_python_error_at_start_is_shown_in_words(page, site, watch):
    watch.allow_errors()

    def broken_start(route):  # the page's one Python line raises instead of starting
        response = route.fetch()
        body = response.text().replace("\nimport ui.main\n", '\nraise RuntimeError("the table fell over")\n')
        assert "the table fell over" in body
        route.fulfill(response=response, body=body)

    page.route(re.compile(r".*/(index\.html)?(\?.*)?$"), broken_start)
    page.goto(site)
    page.wait_for_function(f"{READY} === 'failed'", timeout=60_000)
    assert "error while starting" in page.locator("#boot-error-message").inner_text()
    assert "the table fell over" in page.locator("#boot-error-detail").text_content()
