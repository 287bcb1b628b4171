#!/usr/bin/env python3
"""Boot pages again and again and count the boots whose renderer crashed ("Target crashed").

Alternates the real page with a bare PyScript page on the same runtime, each in a fresh browser
context (empty cache, as a first visit), and prints how many boots of each crashed. A page that
crashes no more often than the bare page is not what makes the renderer crash.

    .venv/bin/python scripts/boot_loop.py [--boots 300] [--site DIR]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_boot  # noqa: E402
import build as site_build  # noqa: E402
import server as site_server  # noqa: E402


def boot(browser, url: str) -> str:
    """'ok', 'crashed' or 'failed: ...' for one cold boot."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function(bench_boot.READY, timeout=120_000)
        return "ok"
    except Exception as exc:
        return "crashed" if "crashed" in str(exc).lower() else f"failed: {str(exc)[:200]}"
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boots", type=int, default=300, help="boots in all, half of each page")
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one)")
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kozyr-loop-") as tmp:
        site = a.site or Path(tmp) / "site"
        if a.site is None:
            site_build.build(site, quiet=True, summary=False)
        bench_boot.make_bare(site, Path(tmp) / "bare")
        servers = {"kozyr": site_server.start(site), "bare": site_server.start(Path(tmp) / "bare")}
        counts = {name: {"ok": 0, "crashed": 0, "failed": 0} for name in servers}
        t0 = time.perf_counter()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=bench_boot.CHROMIUM, args=bench_boot.ARGS)
            for i in range(a.boots):
                name = ("kozyr", "bare")[i % 2]
                result = boot(browser, servers[name][1])
                counts[name][result.split(":")[0]] += 1
                if result != "ok":
                    print(f"boot {i + 1} ({name}): {result}", file=sys.stderr)
                if not browser.is_connected():  # the whole browser went: start another
                    browser = p.chromium.launch(executable_path=bench_boot.CHROMIUM,
                                                args=bench_boot.ARGS)
            browser.close()
        for server, _ in servers.values():
            server.shutdown()
    print(f"{a.boots} cold boots in {time.perf_counter() - t0:.0f} s, fresh context each, "
          f"flags {' '.join(bench_boot.ARGS)}")
    for name, c in counts.items():
        n = sum(c.values())
        print(f"{name:<6} {n} boots: {c['crashed']} renderer crashes ({c['crashed'] / n:.1%}), "
              f"{c['failed']} other failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
