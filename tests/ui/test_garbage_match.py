"""A whole Garbage match on the page's own code (the headless page): hand after hand, each
closed by its Next hand, until someone fills a one-card layout; the match-over panel offers
a new match, which deals hand 1 with ten-card layouts again. The browser's test clicks
through the last hand of such a match and its New match button (tests/browser/test_garbage_ui.py)."""
from __future__ import annotations

import random
import re

from ui import messages as m

from conftest import Page


def panel(page: Page) -> str:
    html = page.picture.html
    start = html.index('id="gameover"')
    return html[start:html.index("</div></div></div>", start)]


def test_a_whole_match_hand_after_hand_then_a_new_match():
    page = Page("?game=garbage&players=2&level=easy&speed=0&seed=3")
    rng, hands = random.Random(3), 0
    while True:
        assert f'data-hand="{hands + 1}"' in page.picture.html
        page.play_out(rng)
        hands += 1
        result = page.in_play.session.result()
        assert 'id="gameover"' in page.picture.html
        if result["match_over"]:
            break
        # a hand, not the match: the panel offers the next hand, not a new match
        assert 'id="next-hand"' in panel(page) and 'id="new-match"' not in panel(page)
        assert "wins the hand" in panel(page) or "You won the hand" in panel(page)
        page.send(m.Again(seed=100 + hands))
        assert page.view["hand_number"] == hands + 1
        assert hands < 80, "the match does not end"
    assert hands > 1
    text = re.sub(r"<[^>]+>", " ", panel(page))
    assert "the match" in text
    assert 'id="new-match"' in panel(page) and 'id="change-game"' in panel(page)
    assert 'id="next-hand"' not in panel(page)
    champion = result["champion"]
    assert page.view["sizes"][champion] == 1  # a one-card layout, filled
    page.send(m.Again(seed=999))
    view = page.view
    assert view["hand_number"] == 1 and view["result"] is None
    assert set(view["sizes"]) == {10}
    assert 'data-hand="1"' in page.picture.html and 'id="gameover"' not in page.picture.html
