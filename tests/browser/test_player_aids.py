"""The player's aids, played through the page the way a person uses them: Undo and Hint at the
table, the statistics sheet (export, reset, import, a game left unfinished), deal numbers and
links, the settings sheet (remembered across a reload; the question before Take), dragging a
card by touch, and "Play it out" when the rest of the deal is forced.

Every game is started from its address (``?game=durak&...&seed=N&speed=0``): a fixed deal, and
opponents that answer at once. What a test knows about the game it learns from the page itself
or by replaying the page's own saved game in CPython; the page is never reached into.

Seeds (found by replaying the tests' clicks in CPython): Durak, 2 players, 36 cards, seed 16 —
the person leads first and the hint is a lead of two 6s (a move of several cards); seed 4 — the
person leads first with single cards; seed 1 — the opponent leads, so the person can Take at
once. 24 cards, seed 1 — the person's clicks reach a forced end of the deal, which the person
wins; seeds 150 and 104 — two of the shortest games to click through (a win, a draw).
"""
from __future__ import annotations

import json
import re

import pytest

from kozyr.ai import hint as ai_hint
from kozyr.protocol import Move
from kozyr.session import Session
from table_helpers import (APP, SAVE_KEY, click_card, codes, play_until_over, player,
                           redrawn, rev, saved_session, settle, start, wait_my_turn_or_over)
from ui.parts.cards import label

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

STATS_KEY = "kozyr.stats"
PREFS_KEY = "kozyr.prefs"
DURAK = "game=durak&players=2&deck=36&level=easy&speed=0"
SHORT = "game=durak&players=2&deck=24&level=easy&speed=0"
SHORT_GAMES = (150, 104)  # two of the quickest games to click through
TAKEN_BACK = re.compile(r"^(\d+) moves? taken back: it is your turn again\.$")
HTML_CLASSES = "document.documentElement.className"


# --- helpers ----------------------------------------------------------------------------------

play_one = player("durak")


def hand(page) -> list[str]:
    return codes(page, "#hand [data-card]")


def turn(page) -> str:
    return page.evaluate(f"{APP}.dataset.turn")


def history(page) -> list[str]:
    return list(saved_session(page).state.history)


def hint_line(page) -> str:
    return page.locator("#hint").inner_text().strip()


def stored(page, key: str):
    text = page.evaluate(f"localStorage.getItem('{key}')")
    return None if text is None else json.loads(text)


def aids(page) -> dict:
    return (stored(page, SAVE_KEY) or {}).get("aids") or {}


def stock(page) -> int:
    return int(page.locator("#stock-count").get_attribute("data-count"))


def wait_hint(page, pattern: str) -> str:
    """Wait until the hint line matches the regular expression `pattern`; the line."""
    page.wait_for_function(
        "p => new RegExp(p).test((document.getElementById('hint') || {}).innerText || '')",
        arg=pattern, timeout=10_000)
    return hint_line(page)


def play_to_the_end(page) -> str:
    """Click through the rest of the game; the game-over panel's title."""
    play_until_over(page, play_one, 600)
    panel = page.locator("#gameover")
    panel.wait_for()
    return panel.locator("h2").inner_text()


def open_stats(page):
    page.locator("#stats-open").click()
    sheet = page.locator("#sheet")
    sheet.wait_for()
    assert sheet.locator("#sheet-title").inner_text() == "Your statistics"
    return sheet


def stats_rows(page, game: str = "durak") -> list[dict]:
    """The statistics sheet's lines of a game, each as {column heading: cell text} (the row
    heading, the variant, under "Variant")."""
    return page.evaluate("""game => {
      const t = document.querySelector(`.stats-game[data-game="${game}"] table.stats`);
      if (!t) return [];
      const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
      return [...t.querySelectorAll('tbody tr')].map(tr => {
        // a cell's own text: not the column's name a phone shows over it
        const cells = [...tr.children].map(c => [...c.childNodes]
          .filter(n => !n.classList?.contains('cell-head')).map(n => n.textContent).join('').trim());
        return Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
      });
    }""", game)


def counts(row: dict) -> dict:
    return {k: int(row[k]) for k in ("Played", "Won", "Lost", "Drawn", "Won with help")}


def click_switch(page, input_id: str) -> None:
    """A checkbox of a sheet: the input is hidden in its label, which a person clicks."""
    with redrawn(page):
        page.locator("label.switch", has=page.locator(f"#{input_id}")).click()


def click_label(page, input_id: str) -> None:
    """A radio of a sheet: its label (the input itself is hidden)."""
    with redrawn(page):
        page.locator(f"label[for='{input_id}']").click()


def same_move(a: str, b: str) -> bool:
    ma, mb = Move.parse(a), Move.parse(b)
    return (ma.kind, ma.target, sorted(map(str, ma.cards))) == \
        (mb.kind, mb.target, sorted(map(str, mb.cards)))


def watch_tab(ctx, tab, watch) -> None:
    """Record another context's requests and its tab's console into the test's `watch`, as the
    `page` fixture does: the test fails on any of them leaving 127.0.0.1 or on any error."""
    ctx.on("request", lambda req: watch.requests.append(req.url))
    tab.on("console", lambda msg: watch.console.append((msg.type, msg.text)))
    tab.on("pageerror", lambda err: watch.errors.append(str(err)))


def touch_point(page, selector: str) -> dict:
    """A point of the first match of `selector` that is on top there (hand cards overlap: the
    left strip of a card is always its own)."""
    point = page.evaluate("""sel => {
      const el = document.querySelector(sel);
      const r = el.getBoundingClientRect();
      for (const fx of [0.5, 0.3, 0.15, 0.06]) {
        const x = r.left + r.width * fx, y = r.top + r.height * 0.5;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) return {x, y};
      }
      return null;
    }""", selector)
    assert point, f"no visible point of {selector}"
    return point


# --- 1. Undo and Hint ---------------------------------------------------------------------------

def test_hint_lights_a_move_which_is_played_and_undone(page, site, boot, screenshot):
    start(page, site, boot, f"{DURAK}&seed=16")
    assert wait_my_turn_or_over(page) == "you"
    before_hand, before_moves = hand(page), history(page)
    assert not page.locator(".hinted").count()
    # the hint: the normal opponent's move in the person's place (asked of the engine here
    # from the page's own saved game), in words, and lit on the table
    expected, _why = ai_hint(saved_session(page).view())
    with redrawn(page):
        page.locator("#hint-button").click()
    line = wait_hint(page, "^Hint: ")
    assert re.match(r"^Hint: .+ – \S.+$", line), line
    cards = sorted(map(str, expected.cards))
    assert len(cards) == 2, "seed 16 should hint a lead of two cards"
    for code in cards:
        assert label(code) in line.split(" – ")[0], (code, line)
    assert sorted(codes(page, "#hand .card.hinted")) == cards
    assert aids(page) == {"undos": 0, "hints": 1}
    settle(page)
    screenshot(page, "aids-hint-lit")

    # play exactly the hinted move, by clicking what is lit: its cards, then its button
    for _ in range(len(cards) + 2):
        if len(history(page)) > len(before_moves):
            break
        button = page.locator("[data-act='move'].hinted, [data-act='target'].hinted")
        with redrawn(page):
            if button.count():
                button.first.click()
            else:
                click_card(page.locator("#hand .card.hinted:not(.selected)").first)
    moves = history(page)
    assert len(moves) > len(before_moves), "clicking the lit cards made no move"
    assert same_move(moves[len(before_moves)], str(expected)), (moves, str(expected))
    assert wait_my_turn_or_over(page) == "you"
    after_moves = history(page)
    assert not set(cards) & set(hand(page))
    assert not page.locator(".hinted").count(), "the hint stays lit after its move"
    assert page.locator("#undo").get_attribute("aria-disabled") is None

    # Undo: the move and the opponent's answers are taken back, the table is as before
    before_rev = rev(page)
    page.locator("#undo").click()
    line = wait_hint(page, TAKEN_BACK.pattern)
    assert int(TAKEN_BACK.match(line).group(1)) == len(after_moves) - len(before_moves)
    assert rev(page) != before_rev
    assert turn(page) == "you"
    assert hand(page) == before_hand
    assert history(page) == before_moves
    assert aids(page) == {"undos": 1, "hints": 1}
    # with nothing of the person's left to take back, Undo says so
    assert page.locator("#undo").get_attribute("aria-disabled") == "true"
    page.keyboard.press("u")
    assert wait_hint(page, "^No undo: ") == "No undo: You have not made a move yet."
    assert history(page) == before_moves

    # the counts are kept with the game across a reload, and still saved after the next move
    boot(page, site)
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_my_turn_or_over(page) == "you"
    assert hand(page) == before_hand
    while len(history(page)) == len(before_moves):  # a move (a click or two): a new save
        play_one(page)
    wait_my_turn_or_over(page)
    assert aids(page) == {"undos": 1, "hints": 1}


def test_undo_is_refused_once_cards_were_drawn(page, site, boot):
    start(page, site, boot, f"{DURAK}&seed=4")
    assert wait_my_turn_or_over(page) == "you"
    undone = False
    for _ in range(80):
        assert wait_my_turn_or_over(page) == "you", "the game ended too soon"
        stock_before, moves_before = stock(page), history(page)
        play_one(page)
        if len(history(page)) == len(moves_before):
            continue  # a card selected, no move yet
        assert wait_my_turn_or_over(page) == "you", "the game ended too soon"
        drawn = stock(page) < stock_before  # a bout ended and cards were drawn from the stock
        off = page.locator("#undo").get_attribute("aria-disabled")
        assert off == ("true" if drawn else None), (drawn, off, history(page))
        if drawn and undone:
            break
        if not drawn and not undone:  # no card turned up since: Ctrl+Z takes it back, once
            page.keyboard.press("Control+z")
            wait_hint(page, TAKEN_BACK.pattern)
            assert history(page) == moves_before and stock(page) == stock_before
            undone = True
    else:
        pytest.fail("no Undo, then a draw from the stock, came up")
    undo = page.locator("#undo")
    assert undo.get_attribute("aria-disabled") == "true"
    assert "turned up" in (undo.get_attribute("title") or "")
    moves, cards = history(page), hand(page)
    refused = "^No undo: A card was turned up since your last move"
    for press in (lambda: page.keyboard.press("u"), lambda: page.keyboard.press("Control+z"),
                  # (Playwright holds aria-disabled buttons unclickable; a mouse does not)
                  lambda: undo.click(force=True)):
        if hint_line(page):
            with redrawn(page):
                page.keyboard.press("Escape")  # Esc clears the hint line
        assert hint_line(page) == ""
        press()
        line = wait_hint(page, refused)
        assert line.endswith("it cannot be taken back."), line
        assert history(page) == moves and hand(page) == cards
        assert turn(page) == "you"
    assert aids(page).get("undos") == 1


# --- 2. Statistics ------------------------------------------------------------------------------

def test_statistics_count_export_reset_and_import(page, site, boot, screenshot, tmp_path):
    titles = []
    for seed in SHORT_GAMES:
        start(page, site, boot, f"{SHORT}&seed={seed}")
        titles.append(play_to_the_end(page))
    moods = {"You won!": "Won", "You are the fool": "Lost", "A draw": "Drawn"}
    assert all(t in moods for t in titles), titles

    page.locator("#change-game").click()
    page.wait_for_selector("#app[data-screen='home']")
    sheet = open_stats(page)
    rows = stats_rows(page)
    assert len(rows) == 1, rows
    row = rows[0]
    assert row["Variant"].startswith("2 players, 24 cards"), row
    got = counts(row)
    assert got["Played"] == 2
    assert got["Won"] + got["Lost"] + got["Drawn"] == 2
    for mood in ("Won", "Lost", "Drawn"):
        assert got[mood] == sum(moods[t] == mood for t in titles), (row, titles)
    assert got["Won with help"] == 0
    assert int(row["times the fool"]) == titles.count("You are the fool")
    heads = page.eval_on_selector_all(".stats-game[data-game='durak'] thead th",
                                      "els => els.map(e => e.textContent.trim())")
    assert heads == ["Variant", "Played", "Won", "Lost", "Drawn", "Win rate", "Streak",
                     "Best streak", "Won with help", "times the fool"]
    settle(page)
    screenshot(page, "aids-statistics")

    # Export: a download of what this browser keeps
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    assert download.value.suggested_filename == "kozyr-statistics.json"
    exported = tmp_path / "kozyr-statistics.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text("utf-8"))
    assert data["format"] == "kozyr-stats" and data["version"] == 2
    assert data == stored(page, STATS_KEY)
    (record,) = data["records"].values()
    assert record["played"] == 2 and record["game"] == "durak"

    # Reset asks first: Cancel keeps everything
    with redrawn(page):
        page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").wait_for()
    with redrawn(page):
        page.locator("#stats-reset-no").click()
    assert not page.locator("#stats-reset-yes").count()
    assert counts(stats_rows(page)[0]) == got
    # ... and Reset statistics empties them
    with redrawn(page):
        page.locator("#stats-reset").click()
    with redrawn(page):
        page.locator("#stats-reset-yes").click()
    assert "No games finished in this browser yet." in sheet.inner_text()
    assert not stats_rows(page)
    assert stored(page, STATS_KEY)["records"] == {}

    # a file that is no statistics export changes nothing
    with redrawn(page):
        page.locator("#stats-file").set_input_files(
            files=[{"name": "other.json", "mimeType": "application/json",
                    "buffer": b'{"format": "kozyr-save", "moves": []}'}])
    assert "not a kozyr statistics file" in sheet.inner_text()
    assert stored(page, STATS_KEY)["records"] == {}

    # Import the exported file: the counts are back
    with redrawn(page):
        page.locator("#stats-file").set_input_files(str(exported))
    assert "Statistics imported: 1 record." in sheet.inner_text()
    assert counts(stats_rows(page)[0]) == got
    assert stored(page, STATS_KEY) == data  # what the next visit reads


def test_leaving_a_game_for_a_new_deal_counts_as_a_loss(page, site, boot):
    # nothing in progress: the form warns of nothing
    boot(page, site + "?game=durak&setup=1&speed=0")
    page.wait_for_selector("#app[data-screen='setup']")
    assert not page.locator(".leave-warning").count()
    page.locator("label[for='opt-players-2']").click()
    page.locator("label[for='opt-deck-36']").click()
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_my_turn_or_over(page) == "you"
    play_one(page)
    assert wait_my_turn_or_over(page) == "you"

    # back to the games, the same game's tile: the form says what dealing does
    page.locator("#home").click()
    page.wait_for_selector("#app[data-screen='home']")
    page.locator(".tile[data-game='durak']").click()
    page.wait_for_selector("#app[data-screen='setup']")
    warning = page.locator(".leave-warning")
    assert "counts as a loss" in warning.inner_text()
    assert "Durak, 2 players, 36 cards" in warning.inner_text()
    assert stored(page, STATS_KEY) is None
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    wait_my_turn_or_over(page)

    open_stats(page)
    (row,) = stats_rows(page)
    assert counts(row) == {"Played": 1, "Won": 0, "Lost": 1, "Drawn": 0, "Won with help": 0}
    assert "(1 left unfinished)" in row["Variant"]
    (record,) = stored(page, STATS_KEY)["records"].values()
    assert record["abandoned"] == 1 and record["lost"] == 1


# --- 3. Deal numbers ------------------------------------------------------------------------------

def test_deal_link_copies_opens_elsewhere_and_replays(page, browser, site, boot, watch):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    try:
        deal_link_copies_opens_elsewhere_and_replays(page, browser, site, boot, watch)
    finally:
        page.context.clear_permissions()  # the tab is used again by other tests


def deal_link_copies_opens_elsewhere_and_replays(page, browser, site, boot, watch):
    start(page, site, boot, "game=durak&players=3&deck=36&level=easy&speed=0&seed=4242")
    assert wait_my_turn_or_over(page) == "you"
    first_hand, first_moves = hand(page), history(page)
    number = page.locator("#deal-number")
    assert number.inner_text().strip() == "Deal 4242"
    while len(history(page)) == len(first_moves):  # a move of the person's (a click or two)
        play_one(page)
    assert wait_my_turn_or_over(page) == "you"

    number.click()
    sheet = page.locator("#sheet")
    sheet.wait_for()
    assert sheet.locator("#sheet-title").inner_text() == "Deal 4242"
    assert sheet.locator(".leave-warning").count() == 1  # replaying leaves this game
    link = page.locator("#deal-link").input_value()
    assert link.startswith(site + "?"), link
    for part in ("game=durak", "players=3", "deck=36", "level=easy", "seed=4242"):
        assert part in link.split("?", 1)[1].split("&"), (part, link)
    assert page.locator("#deal-link").get_attribute("readonly") is not None
    page.locator("#copy-link").click()
    page.wait_for_function(  # said in the sheet itself, where the person looks
        "() => /^Link copied/.test(document.getElementById('deal-notice').innerText)")
    assert page.evaluate("navigator.clipboard.readText()") == link

    # the link in another browser (a fresh context: own storage): the same deal
    other = browser.new_context(viewport={"width": 1100, "height": 760})
    try:
        tab = other.new_page()
        watch_tab(other, tab, watch)
        boot(tab, link)
        tab.wait_for_selector("#app[data-screen='table']")
        assert wait_my_turn_or_over(tab) == "you"
        assert hand(tab) == first_hand
        assert tab.locator("#deal-number").inner_text().strip() == "Deal 4242"
        assert history(tab) == first_moves
    finally:
        other.close()

    # Replay: this deal again from its start, here; the game left counts as a loss
    with redrawn(page):
        page.locator("#replay").click()
    sheet.wait_for(state="detached")
    assert wait_my_turn_or_over(page) == "you"
    assert hand(page) == first_hand
    assert history(page) == first_moves
    assert number.inner_text().strip() == "Deal 4242"
    (record,) = stored(page, STATS_KEY)["records"].values()
    assert (record["played"], record["lost"], record["abandoned"]) == (1, 1, 1)


def test_deal_number_box_on_the_home_screen(page, site, boot):
    boot(page, site)
    page.wait_for_selector("#app[data-screen='home']")
    page.locator("#deal-seed").fill("abc")
    page.locator("#deal-game").select_option("durak")
    with redrawn(page):
        page.locator("#deal-number-go").click()
    notice = page.locator(".notice")
    assert "not “abc”" in notice.inner_text() and "whole number" in notice.inner_text()
    assert page.evaluate(f"{APP}.dataset.screen") == "home"

    page.locator("#deal-seed").fill("777")
    page.locator("#deal-game").select_option("durak")
    page.locator("#deal-number-go").click()
    page.wait_for_selector("#app[data-screen='setup']")
    assert page.locator(".screen.setup").get_attribute("data-game") == "durak"
    assert page.locator("#opt-seed").input_value() == "777"
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator("#deal-number").inner_text().strip() == "Deal 777"
    session = saved_session(page)
    assert session.seed == 777
    # the very deal 777 of these options: the same hand as a fresh deal of it
    fresh = Session("durak", session.options, 777, 0, session.level)
    assert hand(page) == fresh.view()["hand"]


def test_deal_number_field_of_the_options_form(page, site, boot):
    boot(page, site + "?game=durak&setup=1&speed=0")
    page.wait_for_selector("#app[data-screen='setup']")
    field = page.locator("#opt-seed")
    assert field.input_value() == ""  # empty: a new shuffle
    field.fill("abc")
    with redrawn(page):  # the field is read when Deal is pressed
        page.locator("#deal").click()
    assert "not “abc”" in page.locator(".notice").inner_text()
    assert page.evaluate(f"{APP}.dataset.screen") == "setup"
    assert field.input_value() == "abc"  # kept, to be corrected
    field.fill("#12 345")  # as a deal number may be written
    field.press("Tab")
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']")
    assert page.locator("#deal-number").inner_text().strip() == "Deal 12345"
    assert saved_session(page).seed == 12345


def test_a_typed_deal_number_is_dealt_by_one_click(page, site, boot):
    boot(page, site + "?game=durak&setup=1&speed=0")
    page.wait_for_selector("#app[data-screen='setup']")
    page.locator("#opt-seed").fill("4242")
    with redrawn(page):  # another option changed after the number was typed: it stays
        page.locator("label:has(#opt-transfer)").click()
    assert page.locator("#opt-seed").input_value() == "4242"
    page.locator("#deal").click()
    page.wait_for_selector("#app[data-screen='table']", timeout=2_000)
    assert page.locator("#deal-number").inner_text().strip() == "Deal 4242"
    assert saved_session(page).options["transfer"] is True


# --- 4. Settings --------------------------------------------------------------------------------

def test_settings_take_effect_and_are_remembered(page, site, boot, screenshot):
    boot(page, site)
    page.wait_for_selector("#app[data-screen='home']")
    page.locator("#settings-open").click()
    sheet = page.locator("#sheet")
    sheet.wait_for()
    assert sheet.locator("#sheet-title").inner_text() == "Settings"
    classes = lambda: set(page.evaluate(HTML_CLASSES).split())  # noqa: E731
    assert not classes() & {"four-colour", "reduce-motion", "cards-small", "cards-large",
                            "left-handed"}
    click_switch(page, "set-four-colour")
    assert "four-colour" in classes()
    click_switch(page, "set-reduce-motion")
    assert "reduce-motion" in classes()
    click_label(page, "set-size-large")
    assert "cards-large" in classes() and "cards-small" not in classes()
    click_switch(page, "set-left-handed")
    assert "left-handed" in classes()
    click_label(page, "set-speed-fast")
    assert page.locator("#set-speed-fast").is_checked()
    settle(page)
    screenshot(page, "aids-settings")
    prefs = stored(page, PREFS_KEY)
    assert {k: prefs[k] for k in ("speed", "four", "still", "size", "left", "confirm")} == {
        "speed": "fast", "four": True, "still": True, "size": "large", "left": True,
        "confirm": False}

    # a reload keeps them all
    boot(page, site)
    page.wait_for_selector("#app[data-screen='home']")
    assert {"four-colour", "reduce-motion", "cards-large", "left-handed"} <= classes()
    page.locator("#settings-open").click()
    sheet.wait_for()
    for box in ("#set-four-colour", "#set-reduce-motion", "#set-left-handed", "#set-size-large",
                "#set-speed-fast"):
        assert page.locator(box).is_checked(), box
    assert not page.locator("#set-confirm").is_checked()
    # and they go off again
    click_switch(page, "set-four-colour")
    click_label(page, "set-size-small")
    assert "four-colour" not in classes()
    assert "cards-small" in classes() and "cards-large" not in classes()
    assert stored(page, PREFS_KEY)["size"] == "small"


def test_confirm_before_take(page, site, boot):
    start(page, site, boot, f"{DURAK}&seed=1")  # the opponent leads: the person defends
    assert wait_my_turn_or_over(page) == "you"
    take = page.locator("[data-act='move'][data-arg='take']")
    assert take.count() == 1
    # the setting, from the table's own bar
    page.locator("#settings-open").click()
    page.locator("#sheet").wait_for()
    click_switch(page, "set-confirm")
    assert stored(page, PREFS_KEY)["confirm"] is True
    page.keyboard.press("Escape")
    page.locator("#sheet").wait_for(state="detached")

    cards, table, moves = hand(page), codes(page, "#bout [data-card]"), history(page)
    with redrawn(page):
        take.click()
    dialog = page.locator("#confirm-move")
    dialog.wait_for()
    assert "take the cards" in dialog.inner_text()
    with redrawn(page):
        page.locator("#confirm-no").click()
    dialog.wait_for(state="detached")
    assert history(page) == moves
    assert hand(page) == cards and codes(page, "#bout [data-card]") == table
    assert turn(page) == "you"

    with redrawn(page):
        take.click()
    dialog.wait_for()
    with redrawn(page):
        page.locator("#confirm-yes").click()
    dialog.wait_for(state="detached")
    assert history(page)[len(moves)] == "take"
    wait_my_turn_or_over(page)
    assert set(table) <= set(hand(page))  # the bout's cards came to the hand


# --- 5. Touch -------------------------------------------------------------------------------------

def test_touch_tap_plays_and_drag_plays(open_page, site, boot):
    page = open_page(has_touch=True)
    start(page, site, boot, f"{DURAK}&seed=4")  # the person leads
    assert wait_my_turn_or_over(page) == "you"
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, point: dict | None = None) -> None:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [point] if point else []})

    # a tap on a card is a click: the lone card leads
    moves = history(page)
    first = page.locator("#hand .card.legal").first.get_attribute("data-card")
    at = touch_point(page, f"#hand [data-card='{first}']")
    with redrawn(page):
        touch("touchStart", at)
        touch("touchEnd")
    assert history(page)[len(moves)] == f"attack {first}"
    assert first not in hand(page)

    # play on until the person leads again, then drag a card onto the table with a finger
    for _ in range(80):
        assert wait_my_turn_or_over(page) == "you", "the game ended before another lead"
        if page.locator(".screen.table[data-phase='attack']").count():
            break
        play_one(page)
    else:
        pytest.fail("the person never led again")
    moves, cards = history(page), hand(page)
    code = page.locator("#hand .card.legal").first.get_attribute("data-card")
    start_at = touch_point(page, f"#hand [data-card='{code}']")
    box = page.locator("#bout").bounding_box()
    end = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch("touchStart", start_at)
    steps = 8
    for i in range(1, steps + 1):
        touch("touchMove", {"x": start_at["x"] + (end["x"] - start_at["x"]) * i / steps,
                            "y": start_at["y"] + (end["y"] - start_at["y"]) * i / steps})
        if i == steps // 2:  # on the way: the card follows the finger, the table waits for it
            assert page.locator(".touch-ghost").count() == 1
            assert "drop-zone" in (page.locator("#bout").get_attribute("class") or "")
            assert history(page) == moves
    with redrawn(page):
        touch("touchEnd")
    page.wait_for_function("() => !document.querySelector('.touch-ghost')")
    assert history(page)[len(moves)] == f"attack {code}"
    assert code not in hand(page) and len(hand(page)) < len(cards)
    assert code in codes(page, "#bout [data-card]") or turn(page) != "you"


# --- 6. Play it out -------------------------------------------------------------------------------

def test_play_it_out_when_the_rest_is_forced(page, site, boot):
    start(page, site, boot, f"{SHORT}&seed=1")
    assert wait_my_turn_or_over(page) == "you"
    page.keyboard.press("p")  # a hint: the game counts as won with help
    wait_hint(page, "^Hint: ")
    for _ in range(200):
        assert wait_my_turn_or_over(page) == "you", "the game ended with no forced rest"
        forced = saved_session(page).forced_rest()  # the rule "Play it out" follows
        shown = page.locator("#play-out").count()
        assert bool(shown) == bool(forced), f"#play-out shown {shown}, {forced} moves forced"
        if forced:
            break
        play_one(page)
    else:
        pytest.fail("no forced rest came up")
    with redrawn(page):
        page.keyboard.press("o")
    page.locator("#gameover").wait_for()
    assert page.locator("#gameover h2").inner_text() == "You won!"
    # the saved game is gone: it is over
    assert stored(page, SAVE_KEY) is None
    page.locator("#gameover [data-act='review']").click()
    page.locator("#gameover").wait_for(state="detached")
    open_stats(page)
    (row,) = stats_rows(page)
    assert counts(row) == {"Played": 1, "Won": 1, "Lost": 0, "Drawn": 0, "Won with help": 1}
