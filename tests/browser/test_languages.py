"""The page in five languages: chosen from the browser's on a first visit, switched from any
screen and remembered, set by lang= in the address, and whole games played in Russian and in
Finnish by clicking, with no English word left on the table."""
from __future__ import annotations

import re

import pytest

from table_helpers import play_until_over, player, redrawn, settle, start, wait_my_turn_or_over

CYRILLIC = re.compile(r"[а-яё]", re.I)
# English words that would show a text the catalogues missed (checked on the page's text)
ENGLISH = re.compile(r"\b(the|your|you|turn|cards?|take|pass|done|trump|stock|game|over|"
                     r"wins?|won|players?|deck)\b", re.I)


def page_text(page) -> str:
    """Everything the page shows or names: its text and its labels."""
    return page.evaluate("""() => document.body.innerText + '\\n' +
        [...document.querySelectorAll('[aria-label],[title]')].map(
          e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''))
        .join('\\n')""")


def no_english(page, where: str) -> None:
    text = page_text(page)
    found = sorted({m.group(0).lower() for m in ENGLISH.finditer(text)})
    assert not found, f"{where}: English words on the page: {found}"


play_one = player("any")  # on Durak's and Stump's tables: the clicks of their own players


def test_a_whole_game_of_durak_in_russian(page, site, boot, screenshot):
    start(page, site, boot, "game=durak&players=2&deck=24&level=easy&speed=0&seed=11&lang=ru")
    assert page.evaluate("document.documentElement.lang") == "ru"
    wait_my_turn_or_over(page)
    assert CYRILLIC.search(page.locator("#prompt").inner_text())
    no_english(page, "the table")
    screenshot(page, "lang-ru-durak-table")
    play_until_over(page, play_one, 600, check=lambda p: no_english(p, "the table"))
    panel = page.locator("#gameover")
    panel.wait_for()
    settle(page)
    assert CYRILLIC.search(panel.locator("h2").inner_text())
    no_english(page, "the game-over panel")
    assert CYRILLIC.search(page.title())
    screenshot(page, "lang-ru-durak-over")
    queen = "document.querySelector('#kz-r-Q text').textContent"
    assert page.evaluate(queen) == "Д", "the faces show the Russian deck's letters"
    # the panel closed (Esc: the table to look over), the switch in the bar changes every
    # word and every face at once
    with redrawn(page):
        page.keyboard.press("Escape")
    with redrawn(page):
        page.locator("#lang").select_option("en")
    assert page.evaluate(queen) == "Q"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not CYRILLIC.search(page.locator("#prompt").inner_text())
    assert not CYRILLIC.search(page.locator("#log").inner_text()), "the log is told again"


def test_a_whole_game_of_stump_in_finnish(page, site, boot, screenshot):
    # seed 19: a short deal (20 clicks) where the person leads, beats, takes, picks up their
    # stump and finishes second
    start(page, site, boot, "game=stump&players=3&level=easy&speed=0&seed=19&lang=fi")
    assert page.evaluate("document.documentElement.lang") == "fi"
    wait_my_turn_or_over(page)
    no_english(page, "the table")
    screenshot(page, "lang-fi-stump-table")
    play_until_over(page, play_one, 600, check=lambda p: no_english(p, "the table"))
    page.locator("#gameover").wait_for()
    no_english(page, "the game-over panel")
    screenshot(page, "lang-fi-stump-over")


def test_the_first_visit_speaks_the_browsers_language(open_page, site, boot):
    page = open_page(locale="fr-FR")
    boot(page, site)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.wait_for_selector(".tile")
    no_english(page, "the picker")
    assert page.locator("#lang").input_value() == "fr"
    # the boot screen spoke French before Python ran (its texts stay in the page, hidden)
    assert page.locator("#boot-error h2").text_content() != "The card table could not start"
    assert page.locator("#boot-error button").text_content() == "Recharger"


def test_a_boot_that_fails_says_so_in_the_language(page, site, watch):
    watch.allow_errors()
    page.route("**/vendor/pyodide/pyodide.mjs",
               lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site}?lang=ru")
    page.wait_for_function("document.documentElement.dataset.kozyr === 'failed'",
                           timeout=95_000)
    assert page.evaluate("document.documentElement.lang") == "ru"
    for selector in ("#boot-error h2", "#boot-error-message", "#boot-error button"):
        text = page.locator(selector).inner_text()
        assert CYRILLIC.search(text) and not ENGLISH.search(text), (selector, text)


def test_the_switch_changes_every_word_and_is_remembered(page, site, boot):
    boot(page, site)
    page.wait_for_selector(".tile")
    assert page.evaluate("document.documentElement.lang") == "en"
    with redrawn(page):
        page.locator("#lang").select_option("fi")
    assert page.evaluate("document.documentElement.lang") == "fi"
    no_english(page, "the picker in Finnish")
    page.reload()
    page.wait_for_selector(".tile")
    assert page.evaluate("document.documentElement.lang") == "fi", "the choice is remembered"
    # the boot screen spoke it too, before Python ran
    assert page.evaluate("window.kozyrBoot.lang") == "fi"
    # reachable from the options form and the table as well
    with redrawn(page):
        page.locator(".tile").first.click()
    assert page.locator("#lang").count() == 1
    with redrawn(page):
        page.locator("#lang").select_option("ro")
    no_english(page, "the options form in Romanian")


def test_the_keyboard_reaches_the_switch(page, site, boot):
    boot(page, site)
    page.wait_for_selector(".tile")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "lang":
            break
    else:
        pytest.fail("Tab never reaches the language switch")
    assert page.locator("#lang").get_attribute("aria-label")
