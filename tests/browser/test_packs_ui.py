"""The parts of the page's Python loaded when first used (py/ui/packs.py), on a first visit
with its service worker: none is fetched before the table is playable; a language's is fetched
once, when chosen; the replay's when a replay opens; offline, a pack never fetched says so in
words and one fetched works."""
from __future__ import annotations

import random
import re

import pytest

from headless import Page  # tests/headless.py: a deal played to its end on CPython
from ui.play import recent

pytestmark = pytest.mark.own_context

PACK = re.compile(r"/py/([a-z]+)\.[0-9a-f]+\.zip$")  # a pack's file (kozyr.zip is not one)
PLAYABLE = "!!document.querySelector('#hand .card.legal')"
REPLAY = ".screen.replay"


def replay_link() -> str:
    """A finished Durak deal as a replay= value."""
    page = Page("?game=durak&players=2&deck=24&level=easy&speed=0&seed=11")
    page.play_out(random.Random(3))
    return recent.encode(recent.deal_of(page.in_play.session))


def test_packs_come_when_first_used_and_offline_say_so(page, context, site, boot, watch,
                                                       screenshot):
    asked: list[str] = []  # the packs the page asked for (served by the network or its worker)
    page.on("request", lambda r: asked.append(m.group(1)) if (
        m := PACK.search(r.url.split("?")[0])) else None)
    page.goto(site + "?game=durak&level=normal&speed=instant&seed=1")
    page.wait_for_function(PLAYABLE, timeout=60_000)
    assert asked == [], "a first deal in English needs no pack"
    assert "py/kozyr.zip" in " ".join(watch.requests)
    page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)", timeout=60_000)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)

    # the language switch fetches the language's pack, once
    page.locator("#lang").select_option("ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.locator("#lang").input_value() == "ru"
    page.locator("#lang").select_option("en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.locator("#lang").select_option("ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert asked == ["ru"]

    # offline: a language never fetched says so in words, and the page stays in Russian
    context.set_offline(True)
    watch.allow_errors()  # the browser reports the failed fetch
    try:
        page.locator("#lang").select_option("fi")
        page.wait_for_function("document.getElementById('hint').textContent.includes('Suomi')")
        assert "интернет" in page.locator("#hint").inner_text()  # (in Russian: "connect to …")
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.locator("#lang").input_value() == "ru"
        assert asked == ["ru", "fi"]  # asked, the worker could not have it
        screenshot(page, "packs-offline-language")
        # English needs no pack; its rules pages, never fetched, are missing: the sheet says so
        page.locator("#lang").select_option("en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.locator("#rules").click()
        page.wait_for_selector(".sheet-body")
        assert "connect to the internet once" in page.locator(".sheet-body").inner_text()
        assert asked == ["ru", "fi", "rules"]
        screenshot(page, "packs-offline-rules")
        page.keyboard.press("Escape")
        page.locator("#lang").select_option("ru")
        page.wait_for_function("document.documentElement.lang === 'ru'")
        # a replay link, offline: the page opens in Russian (its pack kept), the replay, never
        # fetched, says why it cannot open
        link = site + "?replay=" + replay_link()
        boot(page, link)
        assert page.evaluate("document.documentElement.lang") == "ru"
        notice = page.locator(".notice")
        notice.wait_for()
        assert "интернет" in notice.inner_text()
    finally:
        context.set_offline(False)
    assert asked[3:] == ["ru", "replay"]  # the language, from the worker's cache

    # online again: the replay's pack is fetched and the replay opens
    boot(page, link)
    page.wait_for_selector(REPLAY)
    assert asked[5:] == ["ru", "replay"]
