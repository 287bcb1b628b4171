#!/usr/bin/env python3
"""Compare two built sites: cold boots to the first playable Durak deal, interleaved, in fresh
headless Chromium contexts, optionally on a throttled network (DevTools' network emulation).

    .venv/bin/python scripts/bench_ab.py SITE_A SITE_B [--runs 7] [--latency 150 --mbps 20]

e.g. dist/ against a copy of it with one change. Prints each site's median and every boot.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM, DEAL_QUERY, PLAYABLE, cold_boot  # noqa: E402


def conditions(latency: float, mbps: float) -> dict | None:
    """DevTools' network emulation for an added round trip (ms) and a download rate."""
    if not latency and not mbps:
        return None
    return {"offline": False, "latency": latency, "uploadThroughput": -1,
            "downloadThroughput": mbps * 125_000 if mbps else -1}  # bytes per second


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site_a", type=Path)
    ap.add_argument("site_b", type=Path)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--latency", type=float, default=0, help="added round trip, ms")
    ap.add_argument("--mbps", type=float, default=0, help="download rate, Mbit/s (0: unlimited)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = {"A": site_server.start(a.site_a), "B": site_server.start(a.site_b)}
    times: dict[str, list[float]] = {"A": [], "B": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold_boot(browser, servers["A"][1])  # warm up the browser process
        network = conditions(a.latency, a.mbps)
        for i in range(a.runs):
            for name in ("A", "B") if i % 2 == 0 else ("B", "A"):
                url = servers[name][1] + DEAL_QUERY
                times[name].append(cold_boot(browser, url, PLAYABLE, network)[0])
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    network = (f"{a.latency:.0f} ms added round trip, {a.mbps or 'unlimited'} Mbit/s"
               if a.latency or a.mbps else "no throttling")
    print(f"cold boot to the first playable deal, median of {a.runs} ({network}):")
    for name, site in (("A", a.site_a), ("B", a.site_b)):
        runs = " ".join(f"{t:.2f}" for t in times[name])
        print(f"  {name} {site}: {statistics.median(times[name]):.2f} s   ({runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
