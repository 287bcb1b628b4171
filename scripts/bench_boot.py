#!/usr/bin/env python3
"""Measure the page's boot: cold boot to ready (median of N fresh browser contexts), repeat visit
(served by the service worker), bytes transferred, and the gzipped size of the site.

Compares, in one run and interleaved:
  kozyr-deal   the real page opened on a Durak deal, until the first card you may play lights up;
               its repeat visit restores the memory snapshot the first visit made (boot.mjs)
  plain-deal   the same without the snapshot (pyscript.toml's interpreter Pyodide's own loader,
               as before boot.mjs): the first visit and the repeat visit without it
  kozyr        the real page as built, until its home screen is ready (kozyr's packages in the
               runtime's zip; they and the library's start-up modules as bytecode)
  kozyr-source the same built with every module as source (compiled as it is imported)
  bare         the same vendored runtime (the same zip) with a <script type="py"> that only
               sets the ready flag
  stock        that bare page on Pyodide's own python_stdlib.zip (the whole library, as source)

A first visit of kozyr-deal and of the bare page, in a fresh browser profile, counts the bytes it
transfers (each file gzipped, as a compressing server sends it): up to the first playable deal,
and in all once kozyr's service worker has installed (its precache).

After each repeat visit of kozyr-deal and plain-deal, the memory the tab holds: the JavaScript
heap and the array buffers' backing stores (DevTools' Runtime.getHeapUsage, after a garbage
collection) and the wasm memory's size.

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


def make_plain(kozyr_dist: Path, out: Path) -> None:
    """kozyr's built page without its snapshot: PyScript loads Pyodide's own loader (no boot.mjs)
    and the page looks for no snapshot: the boot before boot.mjs."""
    shutil.copytree(kozyr_dist, out)
    toml = (out / "pyscript.toml").read_text()
    (out / "pyscript.toml").write_text(
        toml.replace('interpreter = "./boot.mjs"', 'interpreter = "./vendor/pyodide/pyodide.mjs"'))
    page = (out / "index.html").read_text("utf-8")
    tag = '<script type="module" src="./boot.mjs"></script>'
    slot = re.search(r'var build = (\{[^}]*\});', page)
    assert tag in page and slot and "./boot.mjs" in toml, "index.html or pyscript.toml changed"
    (out / "index.html").write_text(page.replace(tag, "").replace(slot.group(1), "{}"), "utf-8")


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
        if req.service_worker:  # its precache (registered once the table is up): not the page's
            return
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


# every wasm instance's memory, kept where the page can be asked for its size
KEEP_MEMORIES = """(() => {
  const keep = (result) => {
    const memory = (result.instance || result).exports.memory;
    if (memory instanceof WebAssembly.Memory) (window.__wasmMemories ||= []).push(memory);
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(keep); };
  }
})()"""


def repeat_visit(browser, url: str, service_worker: bool, ready: str = READY,
                 snapshot: bool = False) -> tuple[float, dict, dict]:
    """Boot once, (wait for the service worker, and for the memory snapshot,) boot again: seconds
    of the second boot, the memory the tab holds then (MB: js heap, buffers, wasm), and the
    snapshot's bytes and restore (ms: boot.mjs's start after the page's, restore from there)."""
    ctx = browser.new_context()
    ctx.add_init_script(KEEP_MEMORIES)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(ready, timeout=120_000)
    if service_worker:
        page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)",
                               timeout=120_000)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    if snapshot:
        page.wait_for_function("!!(window.kozyrSnapshot && kozyrSnapshot.made)", timeout=120_000,
                               polling=100)
        made = page.evaluate("kozyrSnapshot.made")
        assert made.get("stored"), f"no snapshot made: {made}"
    t0 = time.perf_counter()
    page.reload()
    page.wait_for_function(ready, timeout=120_000)
    seconds = time.perf_counter() - t0
    info = {}
    if snapshot:
        assert page.evaluate("kozyrSnapshot.restored === true"), "the snapshot was not restored"
        t = page.evaluate("kozyrSnapshot.timings")
        info = {"bytes": made["bytes"], "start": t["started"],
                "restore": t["restored"] - t["started"]}
    cdp = ctx.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    wasm = page.evaluate(
        "(window.__wasmMemories || []).reduce((n, m) => n + m.buffer.byteLength, 0)")
    memory = {"js": heap["usedSize"] / 1e6, "buffers": heap.get("backingStorageSize", 0) / 1e6,
              "wasm": wasm / 1e6}
    ctx.close()
    return seconds, memory, info


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


def rotated(names: list[str], i: int) -> list[str]:
    """The run's order: each run starts one further along, so none is always first."""
    return names[i % len(names):] + names[:i % len(names)]


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
            "plain": tmp / "plain",
            "kozyr-source": tmp / "source",
            "bare": tmp / "bare",
            "stock": tmp / "stock",
        }
        site_build.build(sites["kozyr"], a.ui, quiet=True, summary=False)
        site_build.build(sites["kozyr-source"], a.ui, quiet=True, summary=False, python="source")
        make_plain(sites["kozyr"], sites["plain"])
        make_bare(sites["kozyr"], sites["bare"])
        make_bare(sites["kozyr"], sites["stock"], stock=True)
        servers = {name: site_server.start(root) for name, root in sites.items()}
        url = {name: server[1] for name, server in servers.items()}

        # cold boots: (site, query, until); repeat visits: (site, query, until, snapshot)
        cold = {"kozyr": ("kozyr", "", READY), "kozyr-source": ("kozyr-source", "", READY),
                "bare": ("bare", "", READY), "stock": ("stock", "", READY),
                "kozyr-deal": ("kozyr", DEAL_QUERY, PLAYABLE),
                "plain-deal": ("plain", DEAL_QUERY, PLAYABLE)}
        repeat = {"kozyr": ("kozyr", "", READY, True),
                  "kozyr-deal": ("kozyr", DEAL_QUERY, PLAYABLE, True),
                  "plain-deal": ("plain", DEAL_QUERY, PLAYABLE, False),
                  "bare": ("bare", "", READY, False), "stock": ("stock", "", READY, False)}
        results: dict[str, dict[str, list]] = {
            n: {"cold": [], "bytes": [], "reqs": [], "repeat": [], "memory": [], "snapshot": [],
                "first": []}
            for n in ["kozyr", "kozyr-deal", "plain-deal", "kozyr-source", "bare", "stock"]}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold_boot(browser, url["bare"])  # warm up the browser process
            for i in range(a.runs):
                for name in rotated(list(cold), i):
                    site, query, until = cold[name]
                    s, b, r = cold_boot(browser, url[site] + query, until)
                    for key, value in (("cold", s), ("bytes", b), ("reqs", r)):
                        results[name][key].append(value)
                for name in rotated(list(repeat), i):
                    # kozyr's pages: from their service worker; the bare pages: the HTTP cache
                    site, query, until, snapshot = repeat[name]
                    s, memory, made = repeat_visit(browser, url[site] + query, site not in (
                        "bare", "stock"), until, snapshot)
                    results[name]["repeat"].append(s)
                    results[name]["memory"].append(memory)
                    if made:
                        results[name]["snapshot"].append(made)
                for name, (site, query, until) in FIRST.items():  # a first visit's transfer
                    results[name]["first"].append(first_visit(
                        p, sites[site], url[site] + query, until, site != "bare"))
                print(f"run {i + 1}/{a.runs} done", file=sys.stderr)
            browser.close()

        print(f"boot to ready, headless Chromium, median of {a.runs} "
              f"(min-max); bytes = response bodies received up to ready on a cold load;")
        print("repeat visit: kozyr pages from their service worker (kozyr and kozyr-deal "
              "restoring the memory snapshot their first visit made), bare from the HTTP cache")
        print(f"-deal: the page opened at {DEAL_QUERY}, until your first playable card "
              "lights up (deal dealt, opponents' first moves made); plain: without the snapshot")
        print(f"{'page':<12} {'cold boot s':>18} {'repeat visit s':>18} {'requests':>9} {'MB received':>12}")
        spread = lambda v: f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})"  # noqa: E731
        for name, r in results.items():
            rep = spread(r["repeat"]) if r["repeat"] else "-"
            print(f"{name:<12} {spread(r['cold']):>18} {rep:>18} "
                  f"{statistics.median(r['reqs']):>9.0f} {statistics.median(r['bytes']) / 1e6:>12.2f}")
        print()
        med = {name: statistics.median(r["cold"]) for name, r in results.items()}
        rep = {name: statistics.median(r["repeat"]) for name, r in results.items() if r["repeat"]}
        byt = {name: statistics.median(r["bytes"]) for name, r in results.items()}
        print(f"ratios: first playable deal / bare {med['kozyr-deal'] / med['bare']:.2f}, "
              f"/ stock {med['kozyr-deal'] / med['stock']:.2f}; ready / bare "
              f"{med['kozyr'] / med['bare']:.2f}; repeat visit (ready) / bare's "
              f"{rep['kozyr'] / rep['bare']:.2f}")
        print(f"returning to the first playable deal: with the snapshot {rep['kozyr-deal']:.2f} s, "
              f"without {rep['plain-deal']:.2f} s, the bare page's {rep['bare']:.2f} s; "
              f"with / bare's {rep['kozyr-deal'] / rep['bare']:.2f}, without / bare's "
              f"{rep['plain-deal'] / rep['bare']:.2f}, with / without "
              f"{rep['kozyr-deal'] / rep['plain-deal']:.2f}")
        print(f"first visit to the first playable deal: with the snapshot's code / without "
              f"{med['kozyr-deal'] / med['plain-deal']:.2f}; received "
              f"{(byt['kozyr-deal'] - byt['plain-deal']) / 1e3:+.1f} kB, requests "
              f"{statistics.median(results['kozyr-deal']['reqs']):.0f} against "
              f"{statistics.median(results['plain-deal']['reqs']):.0f}")
        # the same ratios run by run (the runs' two boots side by side), their median: steadier
        # than the ratio of medians when the machine's load drifts during the run
        paired = lambda a, b, key: statistics.median(  # noqa: E731
            x / y for x, y in zip(results[a][key], results[b][key]))
        print(f"run by run, median: returning with / bare's "
              f"{paired('kozyr-deal', 'bare', 'repeat'):.2f}, without / bare's "
              f"{paired('plain-deal', 'bare', 'repeat'):.2f}, with / without "
              f"{paired('kozyr-deal', 'plain-deal', 'repeat'):.2f}; first visit with / without "
              f"{paired('kozyr-deal', 'plain-deal', 'cold'):.2f}")
        for name in ("kozyr-deal", "plain-deal"):
            m = {k: statistics.median(x[k] for x in results[name]["memory"])
                 for k in ("js", "buffers", "wasm")}
            print(f"memory after the repeat visit, {name}: JS heap {m['js']:.1f} MB, array "
                  f"buffers {m['buffers']:.1f} MB, wasm memory {m['wasm']:.1f} MB; total "
                  f"{sum(m.values()):.1f} MB")
        made = [x for x in results["kozyr-deal"]["snapshot"]]
        print(f"the snapshot: {statistics.median(x['bytes'] for x in made) / 1e6:.2f} MB; its "
              f"restore (read, checked, the runtime up with it, kozyr's zip written): "
              f"{statistics.median(x['restore'] for x in made):.0f} ms from boot.mjs's start, "
              f"which is {statistics.median(x['start'] for x in made):.0f} ms after the page's")
        first = {name: [statistics.median(x[k] for x in results[name]["first"]) / 1e6
                        for k in (0, 1)] for name in FIRST}
        print(f"a first visit's transfer (a fresh browser profile; each file counted gzipped, as "
              f"a compressing server sends it): kozyr up to the first playable deal "
              f"{first['kozyr-deal'][0]:.3f} MB, in all with its service worker installed "
              f"{first['kozyr-deal'][1]:.3f} MB; the bare page {first['bare'][1]:.3f} MB; "
              f"kozyr / bare {first['kozyr-deal'][1] / first['bare'][1]:.3f}")
        for name, root in sites.items():
            if name == "plain":
                continue  # kozyr's, but for two lines
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
