"""The table on a phone, upright (390 × 844) and held sideways (844 × 390), as a touch screen:
the bar is one row with the game's name whole; everything is on the screen and no wider than
it; an opponent's speech bubble covers no card; the cards grow into an upright phone's felt;
cards everyone has seen in a crowded seat are chips to read, not slivers; and the focus the page
gives a card for the keyboard draws no ring until a key is pressed.

Screenshots: screenshots/phone-<portrait|landscape>-<game>.png.
"""
from __future__ import annotations

import pytest

from table_helpers import SAVE_KEY, seen_cards, settle, wait_my_turn_or_over

PORTRAIT = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
            "is_mobile": True, "has_touch": True}
LANDSCAPE = {**PORTRAIT, "viewport": {"width": 844, "height": 390}}
BAR = 64  # px
HANDS = ("durak4", "stump", "advantage", "durak")  # a fanned hand (Garbage lays out, Memory piles)

# Where each game's table is the person's to play, with an opponent's word on the table:
# Durak of four (Misha's "Done"), Garbage of three (Misha's "Garbage!")
TABLES = {"durak4": "game=durak&players=4&seed=11", "garbage": "game=garbage&players=3&seed=7",
          "stump": "game=stump&players=4&seed=3", "memory": "game=memory&players=2&seed=5",
          "advantage": "game=advantage&players=2&seed=4", "durak": "game=durak&players=2&seed=7"}

LAYOUT_JS = r"""() => {
  const box = el => el.getBoundingClientRect();
  const seen = el => { const r = box(el); const s = getComputedStyle(el);
                       return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 &&
                          a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const cards = [...document.querySelectorAll('.screen.table .card')].filter(seen);
  const covered = [];
  for (const b of [...document.querySelectorAll('.opponents .bubble')].filter(seen)) {
    for (const c of cards) if (meets(box(b), box(c)))
      covered.push(`${b.textContent.trim()} over ${c.getAttribute('aria-label') || 'a card back'}`);
  }
  const off = [...document.querySelectorAll('.screen.table .card, .screen.table button')]
    .filter(seen).filter(el => { const r = box(el);
      return r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1; })
    .map(el => el.getAttribute('aria-label') || el.textContent.trim() || el.className);
  const bar = document.querySelector('.topbar'), h1 = bar.querySelector('h1');
  const hand = [...document.querySelectorAll('#hand .card')].map(c => box(c).width);
  return {covered, off, bar: box(bar).height, bubbles: document.querySelectorAll('.opponents .bubble').length,
          title: h1 && seen(h1) && h1.scrollWidth <= h1.clientWidth + 1 ? h1.textContent : null,
          wide: document.documentElement.scrollWidth, hand: hand.length ? Math.min(...hand) : 0};
}"""


def table(page, site, boot, query: str) -> None:
    boot(page, f"{site}?{query}&speed=0&lang=en")
    page.wait_for_selector("#app[data-screen='table']")
    wait_my_turn_or_over(page)
    settle(page)
    page.wait_for_timeout(350)  # a bubble has popped up to its size


@pytest.mark.parametrize("size", ["portrait", "landscape"])
def test_every_table_fits_a_phone(open_page, site, boot, screenshot, size):
    device = PORTRAIT if size == "portrait" else LANDSCAPE
    width = device["viewport"]["width"]
    page = open_page(**device)
    problems, bubbles = [], 0
    for game, query in TABLES.items():
        table(page, site, boot, query)
        found = page.evaluate(LAYOUT_JS)
        screenshot(page, f"phone-{size}-{game}")
        bubbles += found["bubbles"]
        if found["covered"]:
            problems.append(f"{game}: a bubble covers cards: {found['covered']}")
        if found["off"]:
            problems.append(f"{game}: off the screen: {found['off']}")
        if found["wide"] > width:
            problems.append(f"{game}: the page is {found['wide']} px wide")
        if found["bar"] > BAR:
            problems.append(f"{game}: the bar is {found['bar']:.0f} px tall")
        if not found["title"]:
            problems.append(f"{game}: the game's name is not shown whole in the bar")
        if size == "portrait" and game in HANDS and found["hand"] < 64:
            problems.append(f"{game}: the hand's cards are {found['hand']:.0f} px wide")
    assert bubbles, "no opponent said anything: the bubbles were not measured"
    assert not problems, "\n".join(problems)


SEEN_JS = """() => [...document.querySelectorAll('.opponents .seat')].map(s => {
  const chips = [...s.querySelectorAll('.seen-chips .chip-card')], box = c => c.getBoundingClientRect();
  const known = [...s.querySelectorAll('.fan .card.known')];
  return {known: known.map(c => c.getAttribute('aria-label')),
          shown: known.filter(c => box(c).width > 0).length,
          chips: chips.map(c => c.textContent),
          chip: Math.min(...chips.map(c => box(c).width)),
          inside: chips.every(c => box(c).left >= 0 && box(c).right <= innerWidth && box(c).bottom <= innerHeight)};
})"""


def test_cards_everyone_has_seen_are_chips_on_a_phone(open_page, site, boot):
    page = open_page(**PORTRAIT)
    boot(page, f"{site}?lang=en")
    saved, seen = seen_cards()
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [SAVE_KEY, saved])
    boot(page, f"{site}?speed=0&lang=en")
    page.wait_for_selector("#app[data-screen='table']")
    wait_my_turn_or_over(page)
    for size in (PORTRAIT, LANDSCAPE):  # upright, then sideways
        page.set_viewport_size(size["viewport"])
        seats = page.evaluate(SEEN_JS)
        assert [s["chips"] for s in seats] == seen
        for seat in seats:
            assert seat["shown"] == 0, "face-up slivers are still drawn in a phone's seat"
            assert len(seat["known"]) == len(seat["chips"])  # the fan's cards still name them
            if seat["chips"]:
                assert seat["chip"] >= 18, f"a chip is {seat['chip']:.0f} px wide"
                assert seat["inside"], "the chips spill out of the screen"
    # with a mouse and a wide screen they stay cards in the fan
    page.set_viewport_size({"width": 1200, "height": 800})
    assert page.locator(".opponents .seen-chips").first.is_hidden()
    assert page.locator(".opponents .fan .card.known").first.is_visible()


def test_no_focus_ring_before_a_key_on_a_touch_screen(open_page, site, boot):
    page = open_page(**PORTRAIT)
    table(page, site, boot, TABLES["durak"])
    ring = """() => { const el = document.activeElement;
                      return el && el.classList.contains('card')
                             ? getComputedStyle(el).outlineColor : null; }"""
    assert page.evaluate(ring) == "rgba(0, 0, 0, 0)", "the card the page focused is ringed"
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"({ring})() && ({ring})() !== 'rgba(0, 0, 0, 0)'")
