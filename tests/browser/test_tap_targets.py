"""Tap targets on a phone: on a 390 × 844 touch screen (`pointer: coarse`) every
visible, enabled control answers a tap over at least 44 × 44 CSS px, and no screen is wider than
the phone, in English and in Russian, on the home screen (with its daily deals), the statistics,
settings and daily-share sheets, a replay, Durak's options form, a Durak table and a Garbage
table of three with its reaction menu and the bar's menu (screenshots:
screenshots/tap-<lang>-<screen>.png); and that the bar over a table is one row, at most 64 px.

How a control is measured: by where a finger lands, not by the box the control draws. The page
itself is asked, with `document.elementFromPoint`, which element a tap at a point reaches, every
half pixel along the two lines through the middle of the control, across and down: a control
passes when a tap reaches it (or something inside it) over at least 44 px along each. So an
invisible hit area a small drawing is given counts (a `::before` with a negative inset: a
pseudo-element is hit as its element), and a part that something else covers (the neighbour
over a fanned card, a sticky bar, a control laid over another) does not. Lines rather than a
square, because Chromium hit-tests rounded corners: a 44 px round button does not answer at the
corners of its box, and is still a 44 px target. When the middle of a control is covered, the
lines go through the middle of the part a tap does reach (found on a 2 px grid over its box,
widened to 44 × 44). A failure lists each control with its drawn box and how far a tap reaches
it each way (the reach is probed up to 44 px, so "44" there means "enough").

Controls: buttons, links (not a link inside running text), inputs, selects, text areas,
summaries, the labels of radio buttons and check boxes, [role=button], [data-act] and anything
with a tab stop; not what is disabled, hidden, inert, behind an open dialog, or "tap beside the
panel" (an overlay). A page that scrolls is scrolled to each control first (the table does not),
and never sideways: a control off the side of a row wider than the phone is not there to tap.
A button of words squeezed narrower than its words fails too (a min-width lets a flex item
shrink below them).
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from headless import Page  # tests/headless.py: a deal played to its end on CPython
from table_helpers import redrawn, settle, wait_my_turn_or_over
from ui.play import recent

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
MINIMUM = 44  # CSS px each way (Apple's 44 pt; WCAG 2.5.5)

TAPS_JS = r"""([minimum, scroll, within]) => {
  const sel = 'button, a[href], input, select, textarea, summary, label, [role="button"], ' +
              '[data-act], [tabindex]:not([tabindex="-1"])';
  const half = minimum / 2, fine = 0.5;
  const out = [];
  let counted = 0;
  const modal = within ? document.querySelector(within)
                       : [...document.querySelectorAll('[aria-modal="true"]')].pop();
  const reaches = (el, x, y) => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  };
  // how far a tap reaches el along a line through (x, y) in the direction (dx, dy), probed
  // every half pixel both ways; the probing stops once the minimum is reached
  const run = (el, x, y, dx, dy) => {
    let n = 0;
    for (let k = 0; n * fine < minimum && reaches(el, x - k * dx, y - k * dy); k += fine) n++;
    for (let k = fine; n * fine < minimum && reaches(el, x + k * dx, y + k * dy); k += fine) n++;
    return n * fine;
  };
  for (const el of document.querySelectorAll(sel)) {
    if (el.matches('.overlay, [data-act="noop"]')) continue;    // "tap beside the panel"
    if (modal && !modal.contains(el)) continue;          // behind an open dialog (or not asked)
    if (el.matches('label') && !el.control) continue;            // a label of no control
    if (el.matches('label') && !['radio', 'checkbox'].includes(el.control.type)) continue;
    if (el.matches('a') && el.closest('p, li')) continue;     // a link in running text
    if (el.closest('[inert], [aria-hidden="true"]')) continue;
    if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (getComputedStyle(el).pointerEvents === 'none') continue;
    if (scroll) {  // down a page (or a sheet) that scrolls; never sideways: on a phone a
      // control off to the side, in a row wider than the screen, is not there to tap
      el.scrollIntoView({block: 'center', inline: 'nearest'});
      for (let up = el.parentElement; up; up = up.parentElement) up.scrollLeft = 0;
      window.scrollTo(0, window.scrollY);
    }
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;                  // a visually hidden input
    counted++;
    // the region probed: the box, widened to the minimum (and a little) about its middle
    let cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const left = Math.min(r.left, cx - half - 4), right = Math.max(r.right, cx + half + 4);
    const top = Math.min(r.top, cy - half - 4), bottom = Math.max(r.bottom, cy + half + 4);
    if (!reaches(el, cx, cy)) {  // its middle covered: the middle of the part a tap reaches
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (let x = left + 1; x < right; x += 2) {
        for (let y = top + 1; y < bottom; y += 2) {
          if (reaches(el, x, y)) {
            x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
          }
        }
      }
      cx = (x0 + x1) / 2; cy = (y0 + y1) / 2;
    }
    let w = 0, h = 0;
    if (Number.isFinite(cx) && reaches(el, cx, cy)) {
      w = run(el, cx, cy, 1, 0);
      h = run(el, cx, cy, 0, 1);
    }
    // a button of words squeezed narrower than them (a min-width lets a flex item shrink so)
    const spills = el.matches('.btn') && el.scrollWidth > el.clientWidth + 1;
    if (w < minimum - fine || h < minimum - fine || spills) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim()
        .replace(/\s+/g, ' ');
      out.push({what: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                      [...el.classList].map(c => '.' + c).join('') +
                      (el.dataset.act ? `[data-act=${el.dataset.act}]` : ''),
                name: name.slice(0, 40), box: [r.width, r.height].map(Math.round),
                reached: [w, h], spills});
    }
  }
  window.scrollTo(0, 0);
  return {counted, small: out};
}"""


def replay_link() -> str:
    """A finished three-player Durak deal as a replay= value (played out on CPython)."""
    page = Page("?game=durak&players=3&level=easy&speed=0&seed=7")
    page.play_out(random.Random(3))
    return recent.encode(recent.deal_of(page.in_play.session))


def shoot(page, name: str, whole: bool = True) -> None:
    """screenshots/<name>.png at the phone's width, one CSS px a pixel: with `whole` the whole
    page, else the window (a sheet: its top). Not Playwright's full_page: in Chromium that draws
    the page without the touch screen's emulation (`pointer: coarse` no longer matches), so the
    window is made as tall as the page instead."""
    phone = PHONE["viewport"]
    page.evaluate("document.querySelector('.sheet-body')?.scrollTo(0, 0)")
    height = page.evaluate("document.documentElement.scrollHeight")
    if whole and height > phone["height"]:
        page.set_viewport_size({"width": phone["width"], "height": height})
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), scale="css")
    page.set_viewport_size(phone)


class Screens:
    """The screens one language shows, measured in turn on one page."""

    def __init__(self, page, lang: str) -> None:
        self.page, self.lang = page, lang
        self.small: list[str] = []
        self.wide: list[str] = []
        self.counted = 0

    def measure(self, name: str, scroll: bool = True, whole: bool = True,
                within: str | None = None) -> None:
        """Measure the screen's controls (those in `within` only, if given), check its width
        and take its screenshot."""
        page = self.page
        settle(page)
        found = page.evaluate(TAPS_JS, [MINIMUM, scroll, within])
        self.counted += found["counted"]
        for row in found["small"]:
            self.small.append(f"  {name}: {row['what']} {row['name']!r}: box "
                              f"{row['box'][0]}×{row['box'][1]}, a tap reaches "
                              f"{row['reached'][0]}×{row['reached'][1]}"
                              + (", its words wider than it" if row["spills"] else ""))
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["viewport"]["width"]:
            self.wide.append(f"  {name}: {width} px wide")
        shoot(page, f"tap-{self.lang}-{name}", whole)

    def sheet(self, name: str, opener: str) -> None:
        page = self.page
        with redrawn(page):
            page.locator(opener).first.click()
        page.wait_for_selector("#sheet")
        self.measure(name, whole=False)
        with redrawn(page):
            page.locator("#sheet [data-act='close-sheet']").first.click()
        page.wait_for_selector("#sheet", state="detached")


BAR = 64  # px: the bar over a table on a phone is one row at most this tall


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_control_is_a_thumb_wide_on_a_phone(open_page, site, boot, lang):
    started = time.perf_counter()
    page = open_page(**PHONE)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "not a touch screen"
    screens = Screens(page, lang)
    q = f"lang={lang}"

    # a replay (its pack fetched when first opened)
    boot(page, f"{site}?replay={replay_link()}&{q}")
    page.wait_for_selector(".screen.replay")
    screens.measure("replay")

    # home, with today's Durak deal played (Play again, Share) and the others not (Play)
    today = page.evaluate("new Date().toISOString().slice(0, 10)")
    stats = {"format": "kozyr-stats", "version": 2, "records": {},
             "daily": {"durak": {today: {"outcome": "won", "moves": 57,
                                         "when": int(time.time() * 1000)}}}}
    page.evaluate("s => localStorage.setItem('kozyr.stats', s)", json.dumps(stats))
    boot(page, f"{site}?{q}")
    page.wait_for_selector("#daily-durak")
    screens.measure("home")
    screens.sheet("statistics", "#stats-open")
    screens.sheet("settings", "#settings-open")
    screens.sheet("daily-share", "#daily-share-durak")

    # Durak's options form
    boot(page, f"{site}?game=durak&setup=1&{q}")
    page.wait_for_selector("#options")
    screens.measure("setup")

    # the tables: they do not scroll
    for name, query in (("durak", "game=durak&players=3&seed=7&speed=0"),
                        ("garbage", "game=garbage&players=3&seed=7&speed=0")):
        boot(page, f"{site}?{query}&{q}")
        page.wait_for_selector("#app[data-screen='table']")
        wait_my_turn_or_over(page)
        screens.measure(name, scroll=False)
        bar = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
        if bar > BAR:
            screens.small.append(f"  {name}: the bar over the table is {bar:.0f} px tall")
    # the bar's menu: its tools and the language switch
    with redrawn(page):
        page.locator("#bar-menu").click()
    page.wait_for_selector(".topbar.menu-open #bar-tools")
    screens.measure("garbage-menu", scroll=False, within="#bar-tools")
    with redrawn(page):
        page.keyboard.press("Escape")
    assert page.locator(".topbar.menu-open").count() == 0
    # Garbage's reaction menu: its faces and phrases
    page.locator("#react").click()
    page.wait_for_selector("#react-menu")
    screens.measure("garbage-reactions", scroll=False, within="#react-menu")
    page.keyboard.press("Escape")
    page.wait_for_selector("#react-menu", state="detached")

    print(f"\n{lang}: {screens.counted} controls measured, {len(screens.small)} under "
          f"{MINIMUM}×{MINIMUM}, in {time.perf_counter() - started:.1f} s")
    problems = []
    if screens.small:
        problems.append(f"{len(screens.small)} controls a tap reaches over less than "
                        f"{MINIMUM}×{MINIMUM} CSS px (or squeezed):\n" + "\n".join(screens.small))
    if screens.wide:
        problems.append("wider than the phone:\n" + "\n".join(screens.wide))
    assert not problems, "\n".join(problems)


# --- the screens around the table, laid out on a phone ----------------------------------------

SIDEWAYS = {"width": 844, "height": 390}
# a box of each match of a selector: [left, top, right, bottom], and whether its content spills
BOXES_JS = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return {box: [r.left, r.top, r.right, r.bottom], spills: e.scrollWidth > e.clientWidth + 1,
          widths: [e.scrollWidth, e.clientWidth],
          text: e.textContent.trim().slice(0, 30)};
})"""
ALPHA_JS = """sel => getComputedStyle(document.querySelector(sel)).backgroundColor"""
RECORDS = {"format": "kozyr-stats", "version": 2, "records": {
    'durak {"deck": 36, "players": 2, "teams": false, "transfer": false}': {
        "game": "durak", "variant": {"players": 2, "deck": 36, "transfer": False, "teams": False},
        "played": 117, "won": 64, "lost": 52, "draw": 1, "streak": 2, "best": 13, "helped": 1,
        "abandoned": 1, "fool": 52},
    'memory {"players": 3}': {
        "game": "memory", "variant": {"players": 3}, "played": 2, "won": 1, "lost": 1, "draw": 0,
        "streak": 0, "best": 1, "helped": 0, "abandoned": 0, "calls": 30, "right": 21}},
    "daily": {"durak": {"2026-12-01": {"outcome": "won", "moves": 57, "when": 1764590000000}}}}


def boxes(page, selector: str) -> list[dict]:
    return page.evaluate(BOXES_JS, selector)


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - .5 and b[0] < a[2] - .5 and a[1] < b[3] - .5 and b[1] < a[3] - .5


def inside(a: list[float], b: list[float]) -> bool:
    return a[0] >= b[0] - .5 and a[1] >= b[1] - .5 and a[2] <= b[2] + .5 and a[3] <= b[3] + .5


def opaque(page, selector: str) -> bool:
    colour = page.evaluate(ALPHA_JS, selector)
    return colour.startswith("rgb(") or colour.endswith(", 1)")


def test_the_screens_around_the_table_lay_out_on_a_phone(open_page, site, boot):
    """Home: the language switch covers none of the hero's cards (on a phone and a desktop).
    Settings, in all five languages: the felts' and backs' names overlap nothing and spill out
    of nothing. Statistics: the daily deals' and the records' tables fit, upright and
    sideways, nothing scrolls sideways. The options form: its Deal bar and its error are opaque, and at the end the bar
    covers no option. Durak's and Stump's tables in Russian, upright and sideways: the trump
    badge is on the screen, Stump's take legend spills nothing."""
    page = open_page(**PHONE)
    problems: list[str] = []
    boot(page, f"{site}?lang=ru")
    page.evaluate("s => localStorage.setItem('kozyr.stats', s)", json.dumps(RECORDS))
    boot(page, f"{site}?lang=ru")  # the records read as the page opens
    for size in (PHONE["viewport"], {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        settle(page)
        switch = boxes(page, "#lang")[0]["box"]
        fan = [c["box"] for c in boxes(page, ".hero-fan .card")]
        if any(overlap(switch, card) for card in fan) or switch[0] < 0 or switch[2] > size["width"]:
            problems.append(f"home {size['width']}: the language switch {switch} over the fan {fan}")
    page.set_viewport_size(PHONE["viewport"])
    for lang in ("ru", "fi", "fr", "ro", "en"):
        with redrawn(page):
            page.locator("#lang").select_option(lang)
        with redrawn(page):
            page.locator("#settings-open").click()
        page.wait_for_selector("#sheet .swatches")
        settle(page)
        labels = boxes(page, ".swatches label")
        names = boxes(page, ".swatch-name")
        for i, (label, name) in enumerate(zip(labels, names)):
            if name["spills"] or not inside(name["box"], label["box"]):
                problems.append(f"settings {lang}: {name['text']!r} spills out of its choice "
                                f"({name['box']}, {name['widths']} in {label['box']})")
            if any(overlap(label["box"], other["box"]) for other in labels[i + 1:]):
                problems.append(f"settings {lang}: {label['text']!r} overlaps another choice")
        with redrawn(page):
            page.keyboard.press("Escape")
        page.wait_for_selector("#sheet", state="detached")
    for size in (PHONE["viewport"], SIDEWAYS):
        page.set_viewport_size(size)
        with redrawn(page):
            page.locator("#stats-open").click()
        page.wait_for_selector("#sheet .table-scroll")
        settle(page)
        tables = boxes(page, ".stats-daily .table-scroll, .stats-game .table-scroll")
        if len(tables) != 3 or any(t["spills"] for t in tables):
            problems.append(f"statistics {size['width']}: a table scrolls sideways: {tables}")
        with redrawn(page):
            page.keyboard.press("Escape")
        page.wait_for_selector("#sheet", state="detached")
    page.set_viewport_size(PHONE["viewport"])

    # the options form with an error (six players cannot share 24 cards)
    boot(page, f"{site}?game=durak&setup=1&players=6&deck=24&lang=ru")
    page.wait_for_selector("#form-error:not([hidden])")
    for part in (".form-foot", "#form-error"):
        if not opaque(page, part):
            problems.append(f"options form: {part} is see-through")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    settle(page)
    last, foot = boxes(page, "#options .field")[-1]["box"], boxes(page, ".form-foot")[0]["box"]
    if last[3] > foot[1] + .5:
        problems.append(f"options form: the Deal bar {foot} covers the last option {last}")

    for query in ("game=durak&players=2&seed=7", "game=stump&players=4&seed=3"):
        boot(page, f"{site}?{query}&lang=ru&speed=0")
        wait_my_turn_or_over(page)
        for size in (PHONE["viewport"], SIDEWAYS):
            page.set_viewport_size(size)
            settle(page)
            badge = boxes(page, ".trump-badge")[0]["box"]
            if badge[0] < 0 or badge[2] > size["width"]:
                problems.append(f"{query} {size['width']}: the trump badge is cut: {badge}")
            for legend in boxes(page, ".take-legend, .take-legend li"):
                if legend["spills"]:
                    problems.append(f"{query} {size['width']}: {legend['text']!r} spills")
        page.set_viewport_size(PHONE["viewport"])
    assert not problems, "\n".join(problems)
