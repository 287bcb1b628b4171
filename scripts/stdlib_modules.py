#!/usr/bin/env python3
"""Record which standard-library modules the page imports by the time it is ready, into
scripts/stdlib-boot.txt. scripts/build.py ships those precompiled (see scripts/stdlib_pyc.mjs);
every other module stays in source form, so a module missing from the list still imports, only
slower. Rerun after the UI or engine start importing other standard modules at start-up.

    .venv/bin/python scripts/stdlib_modules.py
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM, READY  # noqa: E402

OUT = HERE / "stdlib-boot.txt"
PROBE = """
<script type="py">
import asyncio, sys
import js
async def _kozyr_dump():
    while js.document.documentElement.dataset.kozyr != "ready":
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    zip_prefix = "/lib/python314.zip/"
    names = sorted({m.__file__[len(zip_prefix):] for m in list(sys.modules.values())
                    if (getattr(m, "__file__", None) or "").startswith(zip_prefix)})
    js.window.kozyrStdlib = "\\n".join(names)
asyncio.ensure_future(_kozyr_dump())
</script>
</body>"""


def main() -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kozyr-stdlib-") as tmp:
        site = Path(tmp) / "site"
        site_build.build(site, quiet=True, summary=False, stdlib="source")
        index = site / "index.html"
        index.write_text(index.read_text().replace("</body>", PROBE, 1))
        server, url = site_server.start(site)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function(READY, timeout=120_000)
            page.wait_for_function("typeof window.kozyrStdlib === 'string'", timeout=30_000)
            names = page.evaluate("window.kozyrStdlib").split("\n")
            browser.close()
        server.shutdown()
    header = ("# Standard-library files the page has imported when it is ready (measured by\n"
              "# scripts/stdlib_modules.py); scripts/build.py ships them precompiled.\n")
    OUT.write_text(header + "\n".join(names) + "\n")
    print(f"{len(names)} modules -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
