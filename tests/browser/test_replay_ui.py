"""The replay of a finished deal in the browser: opened from the game-over panel, stepped
through move by move against the engine, analysed to the end in slices, its graph clicked,
shared by link, played on from a position; opened from the statistics and by a bad link.

What a test knows of the deal it learns from the page's own record of it (localStorage's
recent deals), replayed in CPython.
"""
from __future__ import annotations

import json
import time

from a11y_checks import axe, describe_axe
from kozyr import registry
from table_helpers import SAVE_KEY, near_the_end, play_until_over, player, redrawn, settle

RECENT_KEY = "kozyr.recent"
REPLAY = ".screen.replay"


play_one = player("durak")


def replay_data(page) -> dict:
    return page.eval_on_selector(REPLAY, "el => ({...el.dataset})")


def open_hands(page) -> dict[int, list[str]]:
    return page.eval_on_selector_all(
        ".open-seat", "els => Object.fromEntries(els.map(e => [e.dataset.seat, "
                      "[...e.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))")


def last_deal(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{RECENT_KEY}')"))[0]


def finish_a_deal(page, site, boot) -> dict:
    """A deal finished on the page by clicking, from its save a move before the person's last
    (a whole game by clicking is test_durak_ui's): its record among the recent deals."""
    boot(page, site)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [SAVE_KEY, near_the_end("durak", {"players": 2, "deck": 24}, 11)])
    boot(page, f"{site}?speed=0")
    page.wait_for_selector("#app[data-screen='table']")
    play_until_over(page, play_one, 400)
    page.locator("#gameover").wait_for()
    return last_deal(page)


def test_replay_from_the_game_over_panel_stepped_analysed_and_its_graph_clicked(
        page, site, boot, screenshot):
    deal = finish_a_deal(page, site, boot)
    with redrawn(page):
        page.locator("#watch").click()
    page.wait_for_selector(REPLAY)
    game = registry.get(deal["game"])
    state = game.new_game(deal["options"], deal["seed"], deal["match"])
    total = len(deal["moves"])
    assert replay_data(page)["moves"] == str(total) and total > 10
    for step in range(total + 1):  # every move, by the ▶ button, checked against the engine
        data = replay_data(page)
        assert data["step"] == str(step)
        shown = open_hands(page)
        assert shown == {str(s): hand for s, hand in enumerate(game.open_hands(state))}, step
        assert page.locator("#replay-slider").input_value() == str(step)
        if step < total:
            with redrawn(page):
                page.locator("#replay-next").click()
            game.apply(state, deal["moves"][step])
    assert page.locator("#replay-next").is_disabled()
    page.keyboard.press("Home")  # the keys: to the start, one on, one back, to the end
    page.wait_for_function(f"() => document.querySelector('{REPLAY}').dataset.step === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('{REPLAY}').dataset.step === '1'")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('{REPLAY}').dataset.step === '{total}'")

    began = time.perf_counter()
    with redrawn(page):
        page.locator("#analyse").click()
    page.locator("#analysis-progress").wait_for()  # it shows its progress while it runs
    assert page.locator("#analyse-stop").is_visible()
    page.wait_for_function(
        f"() => {{ const d = document.querySelector('{REPLAY}').dataset; "
        f"return d.judged === d.decisions; }}", timeout=240_000)
    # the focus went from Analyse to Stop and, at the end, on to the analysis' results
    assert page.evaluate("document.activeElement.closest('#analysis') !== null")
    decisions = int(replay_data(page)["decisions"])
    print(f"analysis of {decisions} decisions: {time.perf_counter() - began:.1f} s")
    assert decisions > 0 and page.locator("#graph circle.dot").count() == decisions
    assert page.locator("#analysis-summary").inner_text()
    kept = json.loads(page.evaluate("localStorage.getItem('kozyr.analyses')"))
    assert len(next(iter(kept.values()))) == decisions  # kept with the deal
    dot = page.locator("#graph circle.dot").nth(decisions // 2)  # a click on the graph there
    to, box = dot.get_attribute("data-step"), dot.bounding_box()
    with redrawn(page):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert replay_data(page)["step"] == to
    assert "You played “" in page.locator("#verdict").inner_text()
    screenshot(page, "replay-analysis")
    with redrawn(page):
        page.locator("#replay-close").click()
    page.locator("#gameover").wait_for()  # back at the game-over panel
    with redrawn(page):
        page.locator("#watch").click()
    marks = page.locator("#analysis .marks button")  # the analysis is kept with the deal
    marked = marks.count()
    assert marked, "this deal's analysis marks no move: pick a seed whose deal has one"
    with redrawn(page):  # a marked move of this deal of yours: tried again as an exercise
        marks.first.click()
    with redrawn(page):
        page.locator("#try-again").click()
    page.locator(".exercise-panel").wait_for()
    assert "Find a better move" in page.locator("#exercise-ask").inner_text()
    assert page.locator("#undo").count() == 0
    no_violations(page, "the exercise at the table")
    screenshot(page, "exercise")
    with redrawn(page):
        page.locator("#exercises-open").click()
    page.locator("#sheet [data-act=exercise]").first.wait_for()
    assert page.locator("#sheet [data-act=exercise]").count() == marked
    no_violations(page, "the list of exercises")


def no_violations(page, where: str) -> None:
    settle(page)  # a sheet fading in is not yet its colours
    violations = axe(page)
    assert not violations, f"{where}: {describe_axe(violations)}"


def test_a_shared_link_a_bad_link_and_play_on_from_the_statistics(page, site, boot, context):
    deal = finish_a_deal(page, site, boot)
    with redrawn(page):
        page.locator("#change-game").click()
    with redrawn(page):
        page.locator("[data-act='stats']").first.click()
    with redrawn(page):
        page.locator("#watch-recent-0").click()
    page.wait_for_selector(REPLAY)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    with redrawn(page):
        page.locator("#replay-share").click()
    link = page.locator("#replay-link").input_value()
    assert link.startswith(site + "?replay=")

    other = context.new_page()  # the link, opened elsewhere, shows the same deal
    other.goto(link)
    other.wait_for_selector(REPLAY)
    assert replay_data(other)["moves"] == str(len(deal["moves"]))
    game = registry.get(deal["game"])
    state = game.new_game(deal["options"], deal["seed"], deal["match"])
    assert open_hands(other) == {str(s): h for s, h in enumerate(game.open_hands(state))}
    other.goto(link[:-12] + "@@@")
    other.wait_for_selector("#app[data-screen='home']")
    assert "This replay link cannot be read" in other.locator(".notice").inner_text()
    other.close()

    with redrawn(page):
        page.locator("#replay-slider").fill("6")  # the slider: to move 6
    assert replay_data(page)["step"] == "6"
    with redrawn(page):
        page.locator("#play-on").click()
    page.wait_for_selector("#app[data-screen='table']")
    saved = json.loads(page.evaluate("localStorage.getItem('kozyr.save')"))
    assert saved["practice"] is True and saved["moves"][:6] == deal["moves"][:6]
    stats = page.evaluate("localStorage.getItem('kozyr.stats')")
    play_until_over(page, play_one, 400)
    page.locator("#gameover").wait_for()
    assert page.evaluate("localStorage.getItem('kozyr.stats')") == stats  # practice: uncounted
    assert last_deal(page) == deal  # nor in the recent deals
