#!/usr/bin/env python3
"""Measure the page's boot: cold boot to ready (median of N fresh browser contexts), repeat visit
(served by the service worker), bytes transferred, and the gzipped size of the site.

Compares, in one run and interleaved:
  kozyr-deal   the real page opened on a Durak deal, until the first card you may play lights up
  kozyr        the real page as built, until its home screen is ready (kozyr's packages in the
               runtime's zip; they and the library's start-up modules as bytecode)
  kozyr-source the same built with every module as source (compiled as it is imported)
  bare         the same vendored runtime (the same zip) with a <script type="py"> that only
               sets the ready flag
  stock        that bare page on Pyodide's own python_stdlib.zip (the whole library, as source)

A first visit of kozyr-deal and of the bare page, in a fresh browser profile, counts the bytes it
transfers (each file gzipped, as a compressing server sends it): up to the first playable deal,
and in all once kozyr's service worker has installed (its precache).

    .venv/bin/python scripts/bench_boot.py [--runs 5] [--ui DIR]

Builds into a temporary directory; dist/ is not touched. Needs scripts/setup done.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "document.documentElement.dataset.kozyr === 'ready'"
# the first playable deal: a Durak deal on screen and the first card of yours lit up to play
DEAL_QUERY = "?game=durak&level=normal&speed=instant&seed=1"
PLAYABLE = "!!document.querySelector('#hand .card.legal')"
# a first visit's transfer, measured per run (first_visit): (site, query, until)
FIRST = {"kozyr-deal": ("kozyr", DEAL_QUERY, PLAYABLE), "bare": ("bare", "", READY)}

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./pyscript.toml">
from js import document
document.documentElement.dataset.kozyr = "ready"
</script></body></html>
"""


def make_bare(kozyr_dist: Path, out: Path, stock: bool = False) -> None:
    out.mkdir(parents=True)
    shutil.copytree(kozyr_dist / "vendor", out / "vendor")
    for extra in (out / "vendor" / "pyodide").glob("*.whl"):
        extra.unlink()  # micropip: the engine example page's, not a page's
    if stock:  # Pyodide's own library in place of the page's
        shutil.copy2(site_build.ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
                     out / "vendor" / "pyodide" / "python_stdlib.zip")
    (out / "index.html").write_text(BARE_HTML)
    (out / "pyscript.toml").write_text('interpreter = "./vendor/pyodide/pyodide.mjs"\n')


def gz_size(root: Path) -> tuple[int, int]:
    files = [p for p in root.rglob("*") if p.is_file()]
    return (sum(p.stat().st_size for p in files),
            sum(len(gzip.compress(p.read_bytes(), 6)) for p in files))


def precached_size(root: Path) -> tuple[int, int]:
    """Bytes of the files the site's service worker precaches (the table, without the engine's
    example page and its wheels): on disk and gzipped."""
    listed = re.findall(r'"\./([^"]+)"', (root / "sw.js").read_text())
    files = [root / "sw.js", *(root / rel for rel in listed)]
    return (sum(p.stat().st_size for p in files),
            sum(len(gzip.compress(p.read_bytes(), 6)) for p in files))


CRASHES: list[str] = []  # boots whose renderer died ("Target crashed"), by URL


def cold_boot(browser, url: str, ready: str = READY,
              network: dict | None = None) -> tuple[float, int, int]:
    """Fresh context (empty cache): seconds to ready, bytes received, requests. A boot whose
    renderer crashes is counted (CRASHES) and run again in a fresh context. `network`: DevTools'
    Network.emulateNetworkConditions parameters (a throttled network), if any."""
    for _attempt in range(3):
        try:
            return _cold_boot(browser, url, ready, network)
        except Exception as exc:
            if "Target crashed" not in str(exc):
                raise
            CRASHES.append(url)
    raise RuntimeError(f"the renderer crashed three times booting {url}")


def _cold_boot(browser, url: str, ready: str, network: dict | None) -> tuple[float, int, int]:
    ctx = browser.new_context()
    sizes: list[int] = []

    def finished(req):
        try:
            sizes.append(req.sizes()["responseBodySize"])
        except Exception:
            pass

    ctx.on("requestfinished", finished)
    try:
        page = ctx.new_page()
        if network:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", network)
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function(ready, timeout=120_000)
        seconds = time.perf_counter() - t0
    finally:
        ctx.close()
    received, count = sum(sizes), len(sizes)  # up to ready: not the service worker's precache
    return seconds, received, count


def repeat_visit(browser, url: str, service_worker: bool) -> float:
    """Boot once, (wait for the service worker,) boot again: seconds of the second boot."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    if service_worker:
        page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)",
                               timeout=120_000)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    t0 = time.perf_counter()
    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    seconds = time.perf_counter() - t0
    ctx.close()
    return seconds


def first_visit(playwright, root: Path, url: str, ready: str,
                service_worker: bool) -> tuple[int, int]:
    """A first visit in a fresh browser profile (a disk cache, as a visitor's browser has: a
    context's in-memory cache holds no file as big as the runtime's wasm, which the service
    worker would then download again): the bytes it transfers up to `ready`, and in all once
    the service worker, if any, has installed. Counted as a compressing server sends each file:
    gzipped (each response of a file, not one served from a cache or by the service worker)."""
    with tempfile.TemporaryDirectory(prefix="kozyr-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS)
        got: list[tuple[float, str]] = []

        def finished(req):
            try:
                response = req.response()
                if (response and response.status == 200 and not response.from_service_worker
                        and req.sizes()["responseBodySize"] > 0):
                    got.append((time.perf_counter(), urlsplit(req.url).path))
            except Exception:
                pass

        ctx.on("requestfinished", finished)
        try:
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function(ready, timeout=120_000)
            playable = time.perf_counter()
            if service_worker:
                page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)",
                                       timeout=120_000)
                page.wait_for_timeout(1000)  # its last requests reported
        finally:
            ctx.close()
    sizes = {path: gz_file(root, path) for _, path in got}
    return (sum(sizes[p] for t, p in got if t <= playable), sum(sizes[p] for _, p in got))


@functools.cache
def gz_file(root: Path, path: str) -> int:
    """A served file's gzipped size (the site's page for a directory)."""
    file = root / unquote(urlsplit(path).path).lstrip("/")
    if file.is_dir():
        file = file / "index.html"
    return len(gzip.compress(file.read_bytes(), 6)) if file.is_file() else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ui", type=Path, default=None)
    a = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kozyr-bench-") as tmp:
        tmp = Path(tmp)
        sites = {
            "kozyr": tmp / "kozyr",
            "kozyr-source": tmp / "source",
            "bare": tmp / "bare",
            "stock": tmp / "stock",
        }
        site_build.build(sites["kozyr"], a.ui, quiet=True, summary=False)
        site_build.build(sites["kozyr-source"], a.ui, quiet=True, summary=False, python="source")
        make_bare(sites["kozyr"], sites["bare"])
        make_bare(sites["kozyr"], sites["stock"], stock=True)
        servers = {name: site_server.start(root) for name, root in sites.items()}

        results: dict[str, dict[str, list]] = {
            n: {"cold": [], "bytes": [], "reqs": [], "repeat": [], "first": []}
            for n in [*sites, "kozyr-deal"]}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold_boot(browser, servers["bare"][1])  # warm up the browser process
            names = list(servers)
            for i in range(a.runs):
                for name in names[i % len(names):] + names[:i % len(names)]:  # rotate the order
                    url = servers[name][1]
                    s, b, r = cold_boot(browser, url)
                    results[name]["cold"].append(s)
                    results[name]["bytes"].append(b)
                    results[name]["reqs"].append(r)
                s, b, r = cold_boot(browser, servers["kozyr"][1] + DEAL_QUERY, PLAYABLE)
                for key, value in (("cold", s), ("bytes", b), ("reqs", r)):
                    results["kozyr-deal"][key].append(value)
                for name in ("kozyr", "bare", "stock"):
                    # kozyr: from its service worker; the bare pages: from the HTTP cache
                    results[name]["repeat"].append(
                        repeat_visit(browser, servers[name][1], service_worker=name == "kozyr"))
                for name, (site, query, until) in FIRST.items():  # a first visit's transfer
                    results[name]["first"].append(first_visit(
                        p, sites[site], servers[site][1] + query, until, site != "bare"))
                print(f"run {i + 1}/{a.runs} done", file=sys.stderr)
            browser.close()

        print(f"boot to ready, headless Chromium, median of {a.runs} "
              f"(min-max); bytes = response bodies received up to ready on a cold load;")
        print("repeat visit: kozyr pages from their service worker, bare from the HTTP cache")
        print(f"kozyr-deal: the real page opened at {DEAL_QUERY}, until your first playable card "
              "lights up (deal dealt, opponents' first moves made)")
        print(f"{'page':<12} {'cold boot s':>18} {'repeat visit s':>18} {'requests':>9} {'MB received':>12}")
        for name, r in results.items():
            cold = f"{statistics.median(r['cold']):.2f} ({min(r['cold']):.2f}-{max(r['cold']):.2f})"
            rep = (f"{statistics.median(r['repeat']):.2f} ({min(r['repeat']):.2f}-{max(r['repeat']):.2f})"
                   if r["repeat"] else "-")
            print(f"{name:<12} {cold:>18} {rep:>18} {statistics.median(r['reqs']):>9.0f} "
                  f"{statistics.median(r['bytes']) / 1e6:>12.2f}")
        print()
        med = {name: statistics.median(r["cold"]) for name, r in results.items()}
        rep = {name: statistics.median(r["repeat"]) for name, r in results.items() if r["repeat"]}
        print(f"ratios: first playable deal / bare {med['kozyr-deal'] / med['bare']:.2f}, "
              f"/ stock {med['kozyr-deal'] / med['stock']:.2f}; ready / bare "
              f"{med['kozyr'] / med['bare']:.2f}; repeat visit / bare's "
              f"{rep['kozyr'] / rep['bare']:.2f}")
        first = {name: [statistics.median(x[k] for x in results[name]["first"]) / 1e6
                        for k in (0, 1)] for name in FIRST}
        print(f"a first visit's transfer (a fresh browser profile; each file counted gzipped, as "
              f"a compressing server sends it): kozyr up to the first playable deal "
              f"{first['kozyr-deal'][0]:.3f} MB, in all with its service worker installed "
              f"{first['kozyr-deal'][1]:.3f} MB; the bare page {first['bare'][1]:.3f} MB; "
              f"kozyr / bare {first['kozyr-deal'][1] / first['bare'][1]:.3f}")
        for name, root in sites.items():
            raw, gz = gz_size(root)
            print(f"site {name:<12} {raw / 1e6:6.2f} MB on disk, {gz / 1e6:5.2f} MB gzipped")
        table, table_gz = precached_size(sites["kozyr"])
        print(f"kozyr's table alone (what its service worker precaches on a first visit): "
              f"{table / 1e6:.2f} MB on disk, {table_gz / 1e6:.2f} MB gzipped")
        runtime = sites["kozyr"] / "vendor" / "pyodide" / "python_stdlib.zip"
        app = sites["kozyr"] / site_build.APP_ZIP
        print(f"standard library zip {runtime.stat().st_size / 1e3:.1f} kB, "
              f"kozyr's zip {app.stat().st_size / 1e3:.1f} kB")
        print(f"renderer crashes (run again): {len(CRASHES)} {sorted(set(CRASHES))}")
        for server, _ in servers.values():
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
