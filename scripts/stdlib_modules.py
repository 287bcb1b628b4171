#!/usr/bin/env python3
"""Record which standard-library files the page uses, for scripts/build.py:

- scripts/stdlib-boot.txt: the modules the page has imported when it is ready (measured in
  Chromium on the site built with the whole library). The build ships them as bytecode.
- scripts/stdlib-keep.txt: those, every module the engine and the UI import when every game is
  played to its end at every level, in every language, with every sheet drawn (measured on
  Pyodide under Node.js by tests/pyodide/product_check.py), and those the engine example page
  imports to install the engine's wheel with micropip and play a deal (in Chromium). The build
  ships only these files; the rest of the library is left out, and the test suite runs that
  check on the shipped zip and the example page in Chromium.

Rerun after the UI or the engine imports another standard module, or after a Pyodide update.

    .venv/bin/python scripts/stdlib_modules.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import build as site_build  # noqa: E402
import server as site_server  # noqa: E402
from bench_boot import ARGS, CHROMIUM, READY  # noqa: E402

BOOT = HERE / "stdlib-boot.txt"
KEEP = HERE / "stdlib-keep.txt"
CHECK = HERE.parent / "tests" / "pyodide" / "product_check.mjs"
AT = "/lib/python314.zip/"  # where Pyodide mounts its library's zip
# a script added to a page: once `done` (a JS condition) holds, the library files loaded
PROBE = """
<script type="py">
import asyncio, sys
import js
async def _kozyr_dump():
    while not js.eval("%s"):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    names = sorted({m.__file__[len("%s"):] for m in list(sys.modules.values())
                    if (getattr(m, "__file__", None) or "").startswith("%s")})
    js.window.kozyrStdlib = "\\n".join(names)
asyncio.ensure_future(_kozyr_dump())
</script>
</body>"""


def in_browser() -> tuple[list[str], list[str]]:
    """The library files the page has imported when it is ready, and those the engine example
    page has when it has installed the wheel (micropip) and played a deal, in Chromium, on a
    site built with the whole library."""
    from playwright.sync_api import sync_playwright

    def loaded(browser, url: str, page_file: Path, done: str, act=None) -> list[str]:
        page_file.write_text(page_file.read_text().replace("</body>", PROBE % (done, AT, AT), 1))
        page = browser.new_page()
        page.goto(url)
        if act:
            act(page)
        page.wait_for_function("typeof window.kozyrStdlib === 'string'", timeout=120_000)
        names = page.evaluate("window.kozyrStdlib").split("\n")
        page.close()
        return [n.removesuffix("c") for n in names]  # a module read as bytecode: its source's

    def play(page) -> None:
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'",
                               timeout=120_000)
        page.click("#play")

    with tempfile.TemporaryDirectory(prefix="kozyr-stdlib-") as tmp:
        site = Path(tmp) / "site"
        site_build.build(site, quiet=True, summary=False, trim=False)
        server, url = site_server.start(site)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            boot = loaded(browser, url, site / "index.html", READY)
            example = loaded(browser, url + "engine.html", site / "engine.html",
                             "document.documentElement.dataset.played", play)
            browser.close()
        server.shutdown()
    return boot, example


def played() -> list[str]:
    """The library files the engine and the UI load over every game, level and language."""
    packages = {"kozyr": site_build.ROOT / "py" / "kozyr", "ui": site_build.ROOT / "py" / "ui"}
    proc = subprocess.run(["node", str(CHECK), str(site_build.runtime_zip("source", trim=False)),
                           str(site_build.app_zip(site_build.python_files(packages)))],
                          capture_output=True, text=True, cwd=site_build.ROOT, check=True)
    line = next(li for li in proc.stdout.splitlines() if li.startswith("product_check: "))
    return json.loads(line.split(" ", 1)[1])["loaded"]


def main() -> int:
    boot, example = in_browser()
    keep = sorted(set(boot) | set(example) | set(played()))
    BOOT.write_text("# Standard-library files the page has imported when it is ready (measured by\n"
                    "# scripts/stdlib_modules.py); scripts/build.py ships them as bytecode.\n"
                    + "\n".join(sorted(boot)) + "\n")
    KEEP.write_text("# Standard-library files the site uses: the page at start and over every\n"
                    "# game, level and language, and the engine example page (micropip); measured\n"
                    "# by scripts/stdlib_modules.py. scripts/build.py ships only these.\n"
                    + "\n".join(keep) + "\n")
    print(f"{len(boot)} modules at start -> {BOOT}\n{len(keep)} modules in all -> {KEEP}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
