"""Accessibility of every screen, measured in the built page (issue 11, "Seeing" and the checks):

- text contrast: every visible text against what is painted behind it, the felt's gradient
  counted by its lightest stop (a11y_checks.CONTRAST_JS), on the picker, every options form,
  every table mid-game (desktop and phone), the rules and discard sheets and the game-over panel;
- axe-core (WCAG 2.0/2.1 A and AA) on the same screens: no violation;
- motion: with prefers-reduced-motion, or the page's Still setting (`<html class=
  "reduce-motion">`), no animation or transition lasts longer than 10 ms and none runs
  forever, at the table and right after a move;
- forced colours (Windows high contrast): cards keep a frame, and playable, selected and target
  cards are told apart by rings in system colours (screenshots: screenshots/a11y-forced-*.png);
- targets: everything clickable shows at least 24 × 24 CSS pixels of itself, on a desktop,
  a phone, and at 200% zoom (550 × 380 CSS pixels at device scale 2), where it must also lie
  inside the window (screenshots: screenshots/a11y-zoom-*.png).

Run with `-s` to see the figures each test prints (worst contrast per screen, animations).
"""
from __future__ import annotations

import json

import pytest

from a11y_checks import (animations, axe, card_inks, contrast_failures, contrast_scrolled,
                         describe_axe, describe_contrast, describe_targets, small_targets, worst)
from table_helpers import (SAVE_KEY, advantage_choice, bar_tool, choose_setting, click_card,
                           near_the_end, play_until, player, redrawn, settle,
                           wait_my_turn_or_over)

GAMES = ["durak", "stump", "garbage", "memory", "advantage"]
TABLES = {game: f"game={game}&seed=3&speed=0" for game in GAMES}
DEVICES = {  # each device is a warm tab of its own (conftest.open_page)
    "desktop": {"viewport": {"width": 1100, "height": 760}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
              "is_mobile": True, "has_touch": True},
    # 200% zoom of a 1100 × 760 window: half the CSS pixels, each drawn twice as large
    "zoom": {"viewport": {"width": 550, "height": 380}, "device_scale_factor": 2},
}


# --- pages ------------------------------------------------------------------------------------

def to_table(page, site, boot, game: str, extra: str = "") -> None:
    """The game's table with the person to move (Memory: the pile memorised and hidden)."""
    boot(page, f"{site}?{TABLES[game]}{extra}")
    page.wait_for_selector("#app[data-screen='table']")
    for _ in range(6):
        wait_my_turn_or_over(page)
        if not page.locator("#ready").count():
            break
        with redrawn(page):
            page.locator("#ready").click()
    assert wait_my_turn_or_over(page) == "you"
    settle(page)


play_one = player("any")


def open_sheet(page, selector: str) -> None:
    tool = bar_tool(page, selector)
    with redrawn(page):
        tool.click()
    page.wait_for_selector("#sheet")
    settle(page)


def close_sheet(page) -> None:
    with redrawn(page):
        page.locator("#sheet [data-act='close-sheet']").click()
    page.wait_for_selector("#sheet", state="detached")


BUBBLES_SAID = ("() => document.getAnimations().filter(a => a.effect?.target?.closest?.('.bubble'))"
                ".every(a => a.playState !== 'running')")


class Findings:
    """What one screen got wrong, collected over several checks and reported together."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def contrast(self, page, where: str, scroll: bool = False) -> float:
        results = contrast_scrolled(page, scroll)
        low, text = worst(results)
        print(f"contrast {where}: {len(results)} texts, worst {low:.2f} ({text})")
        bad = contrast_failures(results)
        if bad:
            self.problems.append(f"{where}: {len(bad)} texts below their contrast minimum\n"
                                 + describe_contrast(bad))
        return low

    def axe(self, page, where: str) -> None:
        # a speech bubble fading out (2.8 s after it is said) is a moment of its animation,
        # not the page's contrast: axe looks once the bubbles have said their word
        page.wait_for_function(BUBBLES_SAID, timeout=10_000)
        violations = axe(page)
        print(f"axe {where}: {sum(len(v['nodes']) for v in violations)} failing elements")
        if violations:
            self.problems.append(f"{where}: axe-core\n" + describe_axe(violations))

    def targets(self, page, where: str, in_window: bool = False) -> None:
        bad = small_targets(page, in_window)
        if bad:
            self.problems.append(f"{where}: targets under 24 × 24 CSS px"
                                 f"{' or outside the window' if in_window else ''}\n"
                                 + describe_targets(bad))

    def screen(self, page, where: str, scroll: bool = False) -> None:
        """Contrast, axe-core and target sizes of the screen as it is now."""
        self.contrast(page, where, scroll)
        self.axe(page, where)
        self.targets(page, where)

    def check(self) -> None:
        assert not self.problems, "\n\n".join(self.problems)


# --- the screens: contrast, axe-core, target sizes ----------------------------------------------

@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_picker(open_page, site, boot, device):
    page = open_page(**DEVICES[device])
    boot(page, site)
    page.wait_for_selector(".tile")
    settle(page)
    found = Findings()
    found.screen(page, f"picker ({device})", scroll=True)
    found.check()


@pytest.mark.parametrize("game", GAMES)
def test_the_options_form_and_rules(open_page, site, boot, game):
    found = Findings()
    for device in ("desktop", "phone"):
        page = open_page(**DEVICES[device])
        boot(page, f"{site}?game={game}&setup=1")
        page.wait_for_selector("#options")
        settle(page)
        found.screen(page, f"{game} options ({device})", scroll=True)
        open_sheet(page, "#rules")
        found.screen(page, f"{game} rules ({device})")
        close_sheet(page)
    found.check()


SEATS = {  # the options form with its Seats open: names, levels, Durak's partners, a bad name
    "stump for 4, 2 people": "game=stump&players=4&people=2&level=easy,hard",
    "durak 2 v 2, partners": "game=durak&players=4&teams=1&people=2&partners=1",
    "stump for 4, 1 person and 2 guests": "game=stump&players=4&guests=2&level=hard",
}


@pytest.mark.parametrize("where", SEATS)
def test_the_options_form_with_its_seats(open_page, site, boot, where):
    found = Findings()
    for device in ("desktop", "phone"):
        page = open_page(**DEVICES[device])
        boot(page, f"{site}?{SEATS[where]}&setup=1")
        page.wait_for_selector("#person-1")
        settle(page)
        found.screen(page, f"{where} options ({device})", scroll=True)
    page.locator("#person-1").fill("")  # a name missing: the field and the error say so
    with redrawn(page):
        page.locator("#deal").click()
    page.wait_for_selector("#person-1[aria-invalid='true']")
    found.screen(page, f"{where} options, a name missing (phone)", scroll=True)
    found.check()


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_the_table_mid_game(open_page, site, boot, screenshot, game, device):
    """Contrast, axe-core and target sizes at the table, its discard and rules sheets; on the
    desktop the same table then in forced colours (check_forced_colours)."""
    page = open_page(**DEVICES[device])
    to_table(page, site, boot, game)
    if game == "durak":  # until a bout is beaten off: the discard pile can be opened
        play_until(page, play_one, "[data-act='discards']", 80)
        settle(page)
    found = Findings()
    found.screen(page, f"{game} table ({device})")
    if page.locator("[data-act='discards']").count():
        open_sheet(page, "[data-act='discards']")
        found.screen(page, f"{game} discard sheet ({device})")
        close_sheet(page)
    open_sheet(page, "#rules")
    found.axe(page, f"{game} rules at the table ({device})")
    found.check()
    if device == "desktop":
        close_sheet(page)
        check_forced_colours(page, screenshot, game)


STATS = {"format": "kozyr-stats", "version": 2, "records": {
    'durak {"deck": 36, "players": 2, "teams": false, "transfer": false}': {
        "game": "durak", "variant": {"players": 2, "deck": 36, "transfer": False, "teams": False},
        "played": 7, "won": 4, "lost": 2, "draw": 1, "streak": 2, "best": 3, "helped": 1,
        "abandoned": 1, "fool": 2},
    'memory {"players": 3}': {
        "game": "memory", "variant": {"players": 3}, "played": 2, "won": 1, "lost": 1, "draw": 0,
        "streak": 0, "best": 1, "helped": 0, "abandoned": 0, "calls": 30, "right": 21}}}


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_statistics_settings_and_deal_sheets(open_page, site, boot, device):
    """The sheets of the player's aids, and the question before a take: contrast, axe-core,
    target sizes, each control named and reachable."""
    page = open_page(**DEVICES[device])
    boot(page, site)
    page.evaluate(f"localStorage.setItem('kozyr.stats', {json.dumps(json.dumps(STATS))})")
    page.evaluate("localStorage.setItem('kozyr.prefs', JSON.stringify({confirm: true}))")
    to_table(page, site, boot, "durak", "&seed=6")
    found = Findings()
    for opener, where in (("#deal-number", "deal sheet"), ("#stats-open", "statistics"),
                          ("#settings-open", "settings")):
        open_sheet(page, opener)
        found.screen(page, f"{where} ({device})")
        close_sheet(page)
    if page.locator("[data-act='move'][data-arg='take']").count():
        with redrawn(page):
            page.locator("[data-act='move'][data-arg='take']").click()
        page.wait_for_selector("#confirm-move")
        settle(page)
        assert page.evaluate("document.activeElement.id") == "confirm-yes"
        found.screen(page, f"the take question ({device})")
    else:
        found.problems.append("deal 6 should let the person take at once (the take question)")
    found.check()


@pytest.mark.parametrize("four", [False, True])
def test_card_faces_and_four_colours(open_page, site, boot, four):
    """The faces' ink on their paper (two and four colours), and the table's text with four."""
    page = open_page()
    to_table(page, site, boot, "durak", "&players=3" + ("&four=1" if four else ""))
    inks = card_inks(page)
    assert inks
    weak = [ink for ink in inks if ink["paper"] < 4.5 or ink["panel"] < 3]
    assert not weak, f"card inks too light on their paper: {weak}"
    print("card inks:", sorted({(i["ink"], i["paper"], i["panel"]) for i in inks}))
    found = Findings()
    found.contrast(page, f"durak table{', four colours' if four else ''}")
    found.check()


def test_the_game_over_panel(open_page, site, boot):
    """The panel as a game ends, and the replay's analysis (the game itself is reached from
    its save a move before the end: playing one by clicking is the game's own tests')."""
    page = open_page()
    boot(page, site)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [SAVE_KEY, near_the_end("durak", {"players": 2, "deck": 24}, 5)])
    boot(page, f"{site}?speed=0")
    page.wait_for_selector("#app[data-screen='table']")
    for _ in range(300):
        if wait_my_turn_or_over(page) == "over":
            break
        play_one(page)
    page.locator("#gameover").wait_for()
    settle(page)
    found = Findings()
    found.screen(page, "game over")
    page.locator("#watch").click()  # the replay, analysed, at a judged move
    page.locator("#analyse").click()
    page.wait_for_function("() => { const d = document.querySelector('.screen.replay').dataset; "
                           "return d.judged === d.decisions; }", timeout=120_000)
    page.locator("#graph circle.dot").first.click()
    page.locator("#verdict").wait_for()
    found.screen(page, "replay", scroll=True)
    found.check()


# --- motion -------------------------------------------------------------------------------------

def assert_still(page, where: str, with_class: bool = False) -> None:
    if with_class:
        assert page.evaluate("document.documentElement.classList.contains('reduce-motion')"), \
            f"{where}: <html> lost its reduce-motion class"
    moving = [a for a in animations(page) if a["endless"] or a["end"] > 10]
    assert not moving, f"{where}: animations still run:\n" + "\n".join(
        f"  {a['name']} on {a['target']}: {a['end']:.0f} ms, iterations {a['iterations']}"
        for a in moving)


@pytest.mark.parametrize("game", GAMES)
def test_reduced_motion(open_page, site, boot, game):
    """prefers-reduced-motion (the system's setting), then on the same table with the system
    asking for motion again, Still (the page's: html.reduce-motion): at the table, and right
    after moves (cards arriving, bouts leaving, Garbage's chain)."""
    page = open_page(reduced_motion="reduce")
    boot(page, f"{site}?{TABLES[game]}")
    page.wait_for_selector("#app[data-screen='table']")
    for how in ("media", "class"):
        if how == "class":  # the page's setting: Reduced motion, in the settings sheet
            page.emulate_media(reduced_motion="no-preference")
            choose_setting(page, "set-reduce-motion")
            assert "reduce-motion" in page.evaluate("document.documentElement.className")

        def still(where: str, how: str = how) -> None:
            assert_still(page, f"{game} ({how}), {where}", with_class=how == "class")

        still("the deal" if how == "media" else "Still chosen")
        for _ in range(3):
            if wait_my_turn_or_over(page) == "you":
                play_one(page)
            still("after a move")
        wait_my_turn_or_over(page)
        still("the person to move")


# --- forced colours -----------------------------------------------------------------------------

FRAME_JS = r"""(sel) => [...document.querySelectorAll(sel)].map(el => {
  // the widest line drawn round the element: outline, border or a box-shadow ring
  const cs = getComputedStyle(el);
  const outline = cs.outlineStyle !== 'none' ? parseFloat(cs.outlineWidth) : 0;
  const border = Math.max(...['Top', 'Right', 'Bottom', 'Left'].map(
    s => cs['border' + s + 'Style'] !== 'none' ? parseFloat(cs['border' + s + 'Width']) : 0));
  const rings = [...(cs.boxShadow || '').matchAll(/0px 0px 0px (\d+(?:\.\d+)?)px/g)]
    .map(m => parseFloat(m[1]));
  return {card: el.dataset.card || el.className, outline, border, ring: Math.max(0, ...rings),
          shadow: cs.boxShadow, outlineColor: cs.outlineColor};
})"""


def frames(page, selector: str) -> list[dict]:
    return page.evaluate(FRAME_JS, selector)


def widest(frame: dict) -> float:
    return max(frame["outline"], frame["border"], frame["ring"])


def check_forced_colours(page, screenshot, game: str) -> None:
    """Windows high contrast (emulated: light, then dark, on the table as it is): the hand's
    cards keep a frame, the playable ones a thicker one, and a selected card and the places it
    can go are ringed."""
    for scheme in ("light", "dark"):
        page.emulate_media(forced_colors="active", color_scheme=scheme)
        settle(page)
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        screenshot(page, f"a11y-forced-{scheme}-{game}")
        hand = frames(page, "#hand .card")
        for card in hand:
            assert widest(card) >= 1, f"a card of the hand has no frame: {card}"
        legal = frames(page, "#hand .card.legal")
        idle = frames(page, "#hand .card.idle")
        if legal and idle:
            assert min(map(widest, legal)) > max(map(widest, idle)), (legal, idle)
        if game == "advantage":  # a click selects a card and lights the piles it fits
            choice = advantage_choice(page)
            assert choice, "seed 3 should give a card that fits several piles"
            click_card(page.locator(f"#hand .card[data-card='{choice}']"))
            page.wait_for_selector("#hand .card.selected")
            settle(page)
            chosen = frames(page, "#hand .card.selected")
            assert chosen and widest(chosen[0]) > max(map(widest, legal)), chosen
            targets = frames(page, ".apile.target .card.top")
            assert targets and min(map(widest, targets)) > max(map(widest, legal)), targets
            screenshot(page, f"a11y-forced-{scheme}-{game}-selected")
        # badges and buttons keep a border
        for sel in ("#actions .btn", ".tools .btn", ".nameplate .role", ".nameplate .count"):
            for f in frames(page, sel):
                assert f["border"] >= 1, f"{sel} has no border in forced colours: {f}"
        if game == "advantage":  # the next scheme starts from the table as it was
            page.keyboard.press("Escape")
            page.wait_for_selector("#hand .card.selected", state="detached")


# --- 200% zoom ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_table_at_200_percent_zoom(open_page, site, boot, screenshot, game):
    """550 × 380 CSS px drawn at scale 2 (a 1100 × 760 window zoomed to 200%): everything
    clickable shows 24 × 24 px of itself inside the window (the table does not scroll), and a
    move can be made."""
    page = open_page(**DEVICES["zoom"])
    to_table(page, site, boot, game)
    screenshot(page, f"a11y-zoom-{game}")
    found = Findings()
    found.targets(page, f"{game} at 200%", in_window=True)
    found.check()
    play_one(page)
    wait_my_turn_or_over(page)
    settle(page)
    found.targets(page, f"{game} at 200%, after a move", in_window=True)
    found.check()
    open_sheet(page, "#rules")
    found.targets(page, f"{game} rules at 200%")
    found.check()


# --- the boot screen ----------------------------------------------------------------------------

def test_the_boot_screen(open_page, site, watch):
    """The inline boot screen, while it loads (the runtime held back) and when it fails."""
    found = Findings()
    page = open_page()
    page.route("**/vendor/pyodide/pyodide.mjs", lambda route: None)  # never answered
    # the page's load event waits for the interpreter's module (boot.mjs imports the loader)
    page.goto(site, wait_until="commit")
    page.wait_for_function("(document.getElementById('boot-status')?.textContent || '').length > 0")
    found.contrast(page, "boot screen, loading")
    found.axe(page, "boot screen, loading")
    watch.allow_errors()
    page = open_page()
    page.route("**/vendor/pyodide/pyodide.mjs",
               lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site)
    page.wait_for_function("document.documentElement.dataset.kozyr === 'failed'", timeout=95_000)
    found.contrast(page, "boot screen, failed")
    found.axe(page, "boot screen, failed")
    found.targets(page, "boot screen, failed")
    found.check()
