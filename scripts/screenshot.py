#!/usr/bin/env python3
"""Take the README's picture of the table: a three-player Durak deal where the person
defends against three cards, in headless Chromium at a desktop size.

    .venv/bin/python scripts/screenshot.py [--out docs/table.jpg]

Serves the built dist/ (run scripts/serve or build.py first); writes a JPEG.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM  # noqa: E402

ROOT = HERE.parent
DEAL = "?game=durak&players=3&seed=7&level=normal&speed=0&lang=en"
SIZE = {"width": 1200, "height": 760}


def built() -> Path | None:
    """The built dist/ to serve, or None (and why, on stderr) when it is not built."""
    dist = ROOT / "dist"
    if (dist / "index.html").is_file():
        return dist
    print("dist/ is not built: run scripts/serve or .venv/bin/python scripts/build.py",
          file=sys.stderr)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "table.jpg")
    a = ap.parse_args(argv)
    dist = built()
    if dist is None:
        return 1
    from playwright.sync_api import sync_playwright

    server, url = site_server.start(dist)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport=SIZE, device_scale_factor=1)
            page.goto(url + DEAL)
            page.wait_for_function("document.documentElement.dataset.kozyr === 'ready'",
                                   timeout=120_000)
            # the opponents lead and throw in; the person's cards that beat one are lifted
            page.wait_for_function("document.querySelectorAll('#bout .card').length >= 3",
                                   timeout=30_000)
            page.wait_for_selector("#hand .card.legal")
            page.wait_for_timeout(1500)  # the last card settles where it lands
            a.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(a.out), type="jpeg", quality=85)
            browser.close()
    finally:
        server.shutdown()
    print(f"wrote {a.out} ({a.out.stat().st_size // 1024} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
