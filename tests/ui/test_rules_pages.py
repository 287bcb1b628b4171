"""The rules pages: one per game and language, rendered at build time (scripts/rules_pages.py),
each translation keeping the English page's shape (headings, lists and their items)."""
from __future__ import annotations

import re
from collections import Counter

import pytest
import rules_pages

import kozyr
from ui.setup import screens

LANGUAGES = ("en", "ru", "fr", "fi", "ro")
PAGES = rules_pages.sources()


def shape(html: str) -> Counter:
    """How many of each structural element a page has."""
    return Counter(re.findall(r"<(h[1-6]|ul|ol|li|table|tr)>", html))


def test_every_game_has_a_rules_page_in_every_language():
    assert {(lang, game) for lang in LANGUAGES for game in kozyr.GAMES} <= set(PAGES)
    assert {lang for lang, _ in PAGES} == set(LANGUAGES), "a page in a language we do not offer"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("game", sorted(kozyr.GAMES))
def test_a_translation_has_the_english_pages_shape(game, lang):
    english = rules_pages.to_html(PAGES["en", game].read_text("utf-8"))
    page = rules_pages.to_html(PAGES[lang, game].read_text("utf-8"))
    assert shape(page) == shape(english)


def test_markdown_becomes_the_sheets_html():
    html = rules_pages.to_html("# T\n\nA **b** *c* `d`.\n\n## S\n- one\n  two\n- three\n\n"
                               "1. first\n2. second\n\n<b>raw</b>\n")
    assert html.startswith("<h3>T</h3>\n<p>A <strong>b</strong> <em>c</em> <code>d</code>.</p>")
    assert "<h4>S</h4>" in html and "<ul>\n<li>one\ntwo</li>\n<li>three</li>\n</ul>" in html
    assert "<ol>\n<li>first</li>\n<li>second</li>\n</ol>" in html, "numbered lists are lists"
    assert "<b>" not in html and "&lt;b&gt;raw&lt;/b&gt;" in html, "no raw HTML from a page"


def test_the_sheet_shows_the_built_page_and_says_so_when_one_is_missing():
    assert screens.rules_html("durak").startswith("<h3>Durak")
    assert screens.rules_html("durak", "ru").startswith("<h3>Дурак")
    assert "connect to the internet once" in screens.rules_html("durak", "xx")
