"""A table of one's own, in Chromium: the settings sheet's felts and card backs chosen by
keyboard and by click colour the page at once, every felt and back keeps the table readable
(the page's own contrast measure and axe-core), a reload remembers the choice, and a link's
felt= wins over it while the sheet says so (the rules and precedence: tests/ui/
test_table_colours.py). Screenshots: screenshots/look-*.png."""
from __future__ import annotations

import json

from a11y_checks import axe, contrast, contrast_failures, describe_axe, describe_contrast
from table_helpers import redrawn, settle, wait_my_turn_or_over

DURAK = "?game=durak&seed=3&speed=0"
FELTS = {"green": "#136639", "blue": "#1c4a78", "wine": "#6e1e2e", "slate": "#34404a",
         "walnut": "#5b3a24"}  # py/ui/colours.py's
BACKS = {"red": "#8e1b2a", "blue": "#1f3f7a", "green": "#1d5a3a", "black": "#23252b",
         "purple": "#4e2a6e"}


def style(page) -> str:
    return page.evaluate("document.documentElement.getAttribute('style') || ''")


def body_background(page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundImage")


def rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def open_settings(page) -> None:
    with redrawn(page):
        page.locator("#settings-open").click()
    page.wait_for_selector("#sheet")
    settle(page)


def close_settings(page) -> None:
    with redrawn(page):
        page.keyboard.press("Escape")
    page.wait_for_selector("#sheet", state="detached")
    settle(page)


def choose(page, key: str, name: str) -> None:
    with redrawn(page):
        page.locator(f"label[for='set-{key}-{name}']").click()
    assert page.locator(f"#set-{key}-{name}").is_checked()


def problems(page, where: str) -> list[str]:
    import time; t0 = time.perf_counter()
    """What the page's contrast measure and axe-core find wrong on the screen as it is now."""
    out = []
    bad = contrast_failures(contrast(page))
    if bad:
        out.append(f"{where}: text below its contrast minimum\n" + describe_contrast(bad))
    t1 = time.perf_counter()
    violations = axe(page)
    if violations:
        out.append(f"{where}: axe-core\n" + describe_axe(violations))
    print(where, "contrast+axe", round(time.perf_counter() - t0, 2), round(t1 - t0, 2))
    return out


def test_felts_and_backs_chosen_shown_checked_and_remembered(page, site, boot, screenshot):
    boot(page, site + DURAK)
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_my_turn_or_over(page) == "you"
    assert style(page) == ""  # the classic table: the stylesheet's own colours
    open_settings(page)
    found = problems(page, "the settings sheet")

    # by keyboard: the arrows move through a group, as with every radio group
    page.focus("#set-felt-green")
    with redrawn(page):
        page.keyboard.press("ArrowRight")
    assert page.locator("#set-felt-blue").is_checked()
    assert page.evaluate("document.activeElement.id") == "set-felt-blue"
    assert f"--felt-2:{FELTS['blue']};" in style(page)
    assert rgb("#376088") in body_background(page)  # the felt's lightest, painted at once
    page.focus("#set-back-red")
    with redrawn(page):
        page.keyboard.press("ArrowLeft")  # round to the last
    assert page.locator("#set-back-purple").is_checked()
    assert f"--back-a:{BACKS['purple']};" in style(page)
    settle(page)
    screenshot(page, "look-settings")

    # by click: every felt, each with a back, and the table measured under each
    pairs = list(zip(FELTS, ["blue", "green", "black", "purple", "red"]))
    for n, (felt, back) in enumerate(pairs):
        if n:
            open_settings(page)
        choose(page, "felt", felt)
        choose(page, "back", back)
        close_settings(page)
        if felt == "green":
            assert "--felt-" not in style(page)  # the classic felt sets nothing
        else:
            assert f"--felt-2:{FELTS[felt]};" in style(page)
        found += problems(page, f"the table on {felt} with {back} backs")
        if felt in ("wine", "walnut"):
            screenshot(page, f"look-table-{felt}-{back}")
    assert not found, "\n\n".join(found)
    prefs = json.loads(page.evaluate("localStorage.getItem('kozyr.prefs')"))
    assert (prefs["felt"], prefs["back"]) == ("walnut", "red")

    # a reload remembers it; a link's felt= wins for its page, and the sheet says so
    open_settings(page)
    choose(page, "back", "blue")
    boot(page, site + DURAK + "&felt=%23234a7d")
    page.wait_for_selector("#app[data-screen='table']")
    assert "--felt-2:#234a7d;" in style(page) and f"--back-a:{BACKS['blue']};" in style(page)
    open_settings(page)
    assert page.locator("#set-felt-walnut").is_checked()
    assert page.locator("#set-back-blue").is_checked()
    note = page.locator("#set-colours-note")
    assert "address sets the table's colours" in note.inner_text()
    assert page.locator("[aria-labelledby='lbl-set-felt']").get_attribute(
        "aria-describedby") == "set-colours-note"
    found = problems(page, "the settings sheet under a link's felt")
    assert not found, "\n\n".join(found)
