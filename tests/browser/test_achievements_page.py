"""Achievements in the built page: a Garbage match won by the person's last draw announces
one on the game-over panel, and the statistics sheet lists every game's, earned with the day
and a link to the deal's replay, or not yet; axe-core finds nothing on either (screenshots:
screenshots/achievement-panel.png, screenshots/achievement-stats.png), nor a text too faint."""
from __future__ import annotations

import json
from urllib.parse import quote

from a11y_checks import axe, contrast_failures, contrast_scrolled, describe_axe, describe_contrast
from table_helpers import redrawn, settle, start, wait_my_turn_or_over

from ui.play import recent

# the engine tests' deal: the person (seat 0, to play first) draws and fills a one-card layout
MATCH = {"sizes": [1, 3], "first": 0, "hand": 10}
EARLIER = {"game": "durak", "options": {"players": 2}, "seed": 288, "match": None, "human": 1,
           "level": "normal", "moves": []}  # a link's deal (replayed only if followed)


def test_the_game_over_panel_announces_it_and_the_statistics_list_them(open_page, site, boot,
                                                                        screenshot):
    page = open_page()
    boot(page, site)
    stats = {"format": "kozyr-stats", "version": 2, "records": {}, "achievements": {
        "durak.no_take": {"when": "2026-05-02", "link": "?replay=" + recent.encode(EARLIER)}}}
    page.evaluate(f"localStorage.setItem('kozyr.stats', {json.dumps(json.dumps(stats))})")
    start(page, site, boot, f"game=garbage&seed=4&speed=0&match={quote(json.dumps(MATCH))}")
    assert wait_my_turn_or_over(page) == "you"
    with redrawn(page):
        page.locator("button#stock").click()
    page.locator("#gameover .go-achievements").wait_for()
    settle(page)
    badge = page.locator("#gameover .go-achievements li")
    assert badge.count() == 1
    assert badge.locator("strong").inner_text() == "Down to one"
    assert "Achievement unlocked:" in (badge.text_content() or "")
    check(page)
    screenshot(page, "achievement-panel")

    with redrawn(page):
        page.locator("#gameover [data-act='review']").click()
    with redrawn(page):
        page.locator("#stats-open").click()
    page.wait_for_selector("#sheet .stats-achievements")
    settle(page)
    block = page.locator("#sheet .stats-achievements")
    assert "2 of 16 earned" in block.locator("h3").inner_text()
    links = block.locator("a.ach-link")
    assert links.count() == 2 and all(
        (links.nth(i).get_attribute("href") or "").startswith("?replay=") for i in range(2))
    assert block.locator("li.ach:not(.earned)").count() == 14
    block.scroll_into_view_if_needed()
    check(page)
    screenshot(page, "achievement-stats")


def check(page) -> None:
    """axe-core finds nothing, and every text of the achievements (the panel's badges, the
    sheet's lists: their classes say "ach") stands out from what is behind it."""
    violations = axe(page)
    assert not violations, describe_axe(violations)
    texts = [r for r in contrast_scrolled(page, False) if "ach" in r["where"]]
    assert texts
    low = contrast_failures(texts)
    assert not low, describe_contrast(low)
