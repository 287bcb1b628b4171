"""A returning visit restores the memory snapshot a first visit made (boot.mjs, snapshot.mjs),
deals different cards each time, and falls back to the usual start, quietly, whenever the
snapshot is altered, stale or another version's."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import server as site_server  # scripts/server.py

pytestmark = pytest.mark.own_context  # service workers and caches of its own

DEAL = "?game=durak&level=normal&speed=instant"  # no seed=: the deal is the browser's choice
HAND = "[...document.querySelectorAll('#hand .card')].map(c => c.getAttribute('aria-label'))"
MADE = "window.kozyrSnapshot && kozyrSnapshot.made"

# the snapshot entry, rewritten in the page: {cache, key, to, bytes, headers} (to: another key;
# bytes: "flip" some in the middle, or another Pyodide "build" in its header; headers: replaced)
REWRITE = """async ({cache, key, to, bytes, headers}) => {
  const store = await caches.open(cache);
  const entry = await store.match(key);
  const body = new Uint8Array(await entry.arrayBuffer());
  if (bytes === "flip") for (let i = 0; i < 64; i++) body[(body.length >> 1) + i] ^= 0x5a;
  if (bytes === "build") for (let i = 16; i < 48; i++) body[i] ^= 0x5a; // the header's build id
  const kept = Object.fromEntries(entry.headers.entries());
  await store.put(to || key, new Response(body, { headers: { ...kept, ...(headers || {}) } }));
}"""


def visit(page, boot, url: str) -> dict:
    """A new deal (nothing saved to resume): whether the snapshot was restored, and the hand."""
    if page.url.startswith("http"):
        page.evaluate("localStorage.clear()")
    boot(page, url)
    page.wait_for_function(f"({HAND}).length > 0", timeout=30_000)
    return page.evaluate(f"({{restored: !!kozyrSnapshot.restored, hand: {HAND}, "
                         f"cache: kozyrSnapshot.cache, key: kozyrSnapshot.key}})")


def has(page, cache: str, key: str) -> bool:
    return page.evaluate("([c, k]) => caches.match(k, {cacheName: c}).then(r => !!r)", [cache, key])


def test_returning_visits_restore_deal_afresh_and_fall_back(page, boot, dist, tmp_path, watch):
    root = tmp_path / "site"  # a copy of its own: its version is changed below
    shutil.copytree(dist, root)
    server, site = site_server.start(root)
    try:
        # a first visit starts afresh, and once the table is up makes the snapshot
        first = visit(page, boot, site + DEAL)
        assert not first["restored"]
        version = re.search(r'const VERSION = "([^"]+)"', (root / "sw.js").read_text()).group(1)
        assert first["cache"].endswith(":" + version) and first["key"].endswith("-" + version)
        page.wait_for_function(MADE, timeout=60_000, polling=200)
        made = page.evaluate(MADE)
        assert made["stored"] and made["bytes"] > 10_000_000, made
        cache, key = first["cache"], first["key"]

        # returning visits restore it, and the browser's entropy deals the cards
        one, two = visit(page, boot, site + DEAL), visit(page, boot, site + DEAL)
        assert one["restored"] and two["restored"]
        assert one["hand"] != two["hand"]

        # altered bytes, or a snapshot made from another kozyr zip: the usual start, and the
        # snapshot deleted (the visit makes another)
        page.evaluate(REWRITE, {"cache": cache, "key": key, "to": key + "-kept"})
        page.evaluate(REWRITE, {"cache": cache, "key": key, "bytes": "flip"})
        assert not visit(page, boot, site + DEAL)["restored"]
        assert not has(page, cache, key)
        page.evaluate(REWRITE, {"cache": cache, "key": key + "-kept", "to": key,
                                "headers": {"x-kozyr-zip-sha256": "0" * 64}})
        assert not visit(page, boot, site + DEAL)["restored"]
        assert not has(page, cache, key)

        # a snapshot another Pyodide build made (its header says so): the same
        page.evaluate(REWRITE, {"cache": cache, "key": key + "-kept", "to": key,
                                "bytes": "build"})
        assert not visit(page, boot, site + DEAL)["restored"]
        assert not has(page, cache, key)

        # an updated site (another version) never restores the old version's snapshot: it looks
        # in the new version's cache, and the old cache goes, snapshot and all
        page.evaluate(REWRITE, {"cache": cache, "key": key + "-kept", "to": key})
        assert has(page, cache, key)
        for name in ("sw.js", "index.html"):
            path = root / name
            path.write_text(path.read_text().replace(version, version + "-2"))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        replaced = "async ([old, now]) => !(await caches.has(old)) && await caches.has(now)"
        for _ in range(300):  # the new version's worker installed, the old cache deleted
            if page.evaluate(replaced, [cache, cache + "-2"]):
                break
            page.wait_for_timeout(200)
        updated = visit(page, boot, site + DEAL)
        assert updated["key"].endswith(version + "-2") and not updated["restored"]
        assert not page.evaluate("k => caches.match(k).then(r => !!r)", key)

        # a browser without the Cache API (here taken away): the usual start, and the table
        page.add_init_script("Object.defineProperty(window, 'caches', {value: undefined})")
        assert not visit(page, boot, site + DEAL)["restored"]
        # quietly: warnings at most (the page's console errors fail the test)
        assert not watch.console_errors()
    finally:
        server.shutdown()
