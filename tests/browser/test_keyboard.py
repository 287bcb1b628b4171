"""Every game played by keyboard alone, and every log line told to screen readers (issue 11).

- For each game a small keyboard player reads the page (which cards are `.legal`, which
  buttons exist, where the focus is) and acts only through `page.keyboard.press`: arrows along
  the hand and the table's places, ↑ ↓ between them, Enter on cards and places, the letters
  the buttons name in aria-keyshortcuts. After every key, and again once the opponents have
  moved, the focus must be on a visible element inside #app: never <body>, never in an
  [inert] or aria-hidden subtree, never hidden; whenever it is the person's turn, on a button
  that can be pressed. At the game-over panel: the focus is in it, Tab goes round its buttons
  and stays in it, Esc reveals the table, N deals the next game. The keys each game took are
  printed at the end of the run (`-s`), for the README.
- Every log line reaches the live region #kz-live once, in order, in words ("7♠" → "7 of
  spades"): a MutationObserver installed before the page starts collects every line added to
  it (the region itself keeps only the last 40), at speed 0 and at the normal speed.
- `?` opens the keys sheet, which takes the focus, keeps it and gives it back; `I` reads the
  whole table (the hand, the trump suit) into the live region.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from table_helpers import APP, rev, wait_my_turn_or_over, wait_rev_change

# Seeds chosen (by playing the same strategy in CPython) for games that need every kind of key
# the game has: Durak's selection aimed at a table card (↑ ↓), Take and Done; Garbage's wild
# placed (Enter on a place), the stock and the discard; Memory's black-ace looks (Ready again),
# both calls; Advantage's three of a kind, both ways to a pile. Among those, short games:
# Stump's seed 14 takes 20 keys with two takes (seed 5 took 32), Memory's seed 11 15 keys (seed
# 5 took 65), Advantage's seed 48 ten moves (seed 5 30).
GAMES = {
    "durak": "game=durak&level=normal&players=2&deck=24&seed=6",
    "stump": "game=stump&level=normal&players=2&seed=14",
    "garbage": "game=garbage&level=normal&players=2&seed=25",
    "memory": "game=memory&level=normal&players=2&seed=11",
    "advantage": "game=advantage&level=normal&seed=48",
}
# keys each game's player must have needed (a seed that no longer needs them is a weaker test)
NEEDED = {
    "durak": {"Enter", "t", "d", "ArrowUp|ArrowDown"},
    "stump": {"Enter", "t"},
    "garbage": {"Enter", "s", "t"},
    "memory": {"r", "h|l"},
    "advantage": {"Enter", "1|2|3", "ArrowUp|ArrowDown"},
}
MAX_KEYS = 1500  # a game that needs more is stuck
KEYS_TAKEN: dict[str, int] = {}  # game -> keys to the game-over panel, printed at the end (-s)


@pytest.fixture(scope="module", autouse=True)
def keys_summary():
    yield
    if KEYS_TAKEN:
        print("\nkeys pressed to play a whole game by keyboard alone: "
              + ", ".join(f"{game} {n}" for game, n in KEYS_TAKEN.items()))


# --- where the focus is -------------------------------------------------------------------------

# '' when the focus is fine, else what is wrong with it
FOCUS_PROBLEM_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return 'the focus is on <body>';
  if (!e.isConnected) return 'the focus is on an element no longer in the page';
  const app = document.getElementById('app');
  if (!app.contains(e) || e === app) return 'the focus is outside #app';
  const r = e.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return 'the focused element has an empty box';
  if (e.closest('[inert]')) return 'the focused element is inside an [inert] subtree';
  if (e.closest('[aria-hidden="true"]')) return 'the focused element is inside aria-hidden';
  if (e.closest('[hidden]')) return 'the focused element is inside [hidden]';
  if (!e.checkVisibility({visibilityProperty: true})) return 'the focused element is not visible';
  return '';
}"""

DESCRIBE_FOCUS_JS = """() => {
  const e = document.activeElement;
  if (!e) return 'nothing';
  const cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
  const id = e.id ? '#' + e.id : '';
  const label = e.getAttribute && e.getAttribute('aria-label');
  const text = (e.innerText || '').trim().slice(0, 40).replace(/\\s+/g, ' ');
  return `<${e.tagName.toLowerCase()}${id}${cls}>` + (label ? ` "${label}"` : text ? ` "${text}"` : '');
}"""

# the focus in a few words: which part of the table it is on
WHERE_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  if (e.closest('#hand')) return 'hand' + (e.classList.contains('selected') ? ' (selected)' : '');
  const place = e.closest('#bout, .glayout');
  if (place) return 'table';
  return e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + e.classList[0];
}"""

# the next key that brings the focus nearer to the first element matching `selector`:
# along its group (← →), between groups (↑ ↓), or Tab / Shift+Tab from outside the groups
NEXT_KEY_JS = """(selector) => {
  const t = document.querySelector(selector);
  if (!t) return 'missing';
  const e = document.activeElement;
  if (e === t) return 'here';
  const tg = t.closest('[data-roving]');
  const eg = e && e.closest ? e.closest('[data-roving]') : null;
  if (tg && eg === tg) {
    const items = [...tg.querySelectorAll('button')];
    return items.indexOf(t) > items.indexOf(e) ? 'ArrowRight' : 'ArrowLeft';
  }
  if (tg && eg) {
    const groups = [...document.querySelectorAll('#app [data-roving]')]
      .filter(g => g.querySelector('button'));
    return groups.indexOf(tg) > groups.indexOf(eg) ? 'ArrowDown' : 'ArrowUp';
  }
  if (!e || e === document.body) return 'Tab';
  return (e.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""


def focus_problem(page) -> str:
    return page.evaluate(FOCUS_PROBLEM_JS)


def focused(page) -> str:
    return page.evaluate(DESCRIBE_FOCUS_JS)


def exists(page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def screen_state(page) -> str:
    return page.evaluate(f"""() => {{
      const s = document.querySelector('.screen.table');
      const prompt = document.getElementById('prompt');
      return `turn=${{{APP}.dataset.turn}} phase=${{s ? s.dataset.phase : '-'}} `
        + `prompt="${{prompt ? prompt.innerText.trim() : ''}}"`;
    }}""")


class Keyboard:
    """Presses keys for one game, counting them, and checks the focus after every one."""

    def __init__(self, page, game: str):
        self.page, self.game, self.count = page, game, 0
        self.history: list[str] = []
        self.used: Counter = Counter()
        self.starts: Counter = Counter()  # where the focus was when the person's turn began
        self.turns = 0

    def fail(self, what: str) -> None:
        raise AssertionError(
            f"{self.game}: {what}\n  focus: {focused(self.page)}\n  {screen_state(self.page)}"
            f"\n  last keys: {' '.join(self.history[-12:])}")

    def check(self, when: str) -> None:
        problem = focus_problem(self.page)
        if problem:
            self.fail(f"{problem} {when}")

    def press(self, key: str, redraw: bool = False) -> None:
        """Press `key`; with `redraw`, it must change the page (a move, a selection...)."""
        before = rev(self.page)
        self.page.keyboard.press(key)
        self.count += 1
        self.history.append(key)
        self.used[key] += 1
        if self.count > MAX_KEYS:
            self.fail(f"still not over after {MAX_KEYS} keys")
        self.check(f"after {key} (key {self.count})")
        if redraw:  # waited for, not read once (no wait when the key's picture is drawn already)
            try:
                wait_rev_change(self.page, before, timeout=5_000)
            except PlaywrightTimeoutError:
                self.fail(f"{key} (key {self.count}) changed nothing on the page")

    def settle(self) -> str:
        """Wait until it is the person's turn or the game is over, then check the focus."""
        turn = wait_my_turn_or_over(self.page)
        self.check(f"once the opponents had moved (after key {self.count})")
        if turn == "you":  # the focus waits on something to press, not on the prompt
            self.starts[self.page.evaluate(WHERE_JS)] += 1
            if not self.page.evaluate("() => document.activeElement.matches("
                                      "'button:not([disabled])')"):
                self.fail(f"the person's turn (after key {self.count}) finds the focus on "
                          f"something that cannot be pressed")
        return turn

    def focus_on(self, selector: str) -> None:
        """Bring the focus to the first match of `selector` by arrows, ↑ ↓ and Tab."""
        for _ in range(60):
            key = self.page.evaluate(NEXT_KEY_JS, selector)
            if key == "here":
                return
            if key == "missing":
                self.fail(f"nothing matches {selector}")
            self.press(key)
        self.fail(f"60 keys did not bring the focus to {selector}")

    def activate(self, selector: str) -> None:
        """Focus the first match of `selector` and press Enter on it."""
        self.focus_on(selector)
        self.press("Enter", redraw=True)


# --- the players: one decision each, by keys -------------------------------------------------------

def durak_turn(kb: Keyboard) -> None:
    """Done as soon as it may be said (no throwing in); else beat or lead with the first card
    that can be played (a selected card aimed at a table card, or pressed again to play it
    alone); else take."""
    page = kb.page
    if exists(page, "#btn-pass"):
        kb.press("d", redraw=True)
    elif exists(page, "#bout [data-act='target']"):  # a selected card: beat this one with it
        kb.activate("#bout [data-act='target']")
    else:
        stump_turn(kb)


def stump_turn(kb: Keyboard) -> None:
    """A card of the hand (the selected one pressed again plays it alone), else take, else
    play the rest out."""
    page = kb.page
    if exists(page, "#hand .card.selected"):
        kb.activate("#hand .card.selected")
    elif exists(page, "#hand .card.legal"):
        kb.activate("#hand .card.legal")
    elif exists(page, "#btn-take"):
        kb.press("t", redraw=True)
    elif exists(page, "#btn-finish"):
        kb.press("f", redraw=True)
    else:
        kb.fail("nothing to press on the person's turn")


def garbage_turn(kb: Keyboard) -> None:
    page = kb.page
    if exists(page, ".glayout.placing .gpos.target"):  # a wild: the first face-down place
        kb.activate(".glayout.placing .gpos.target")
    elif exists(page, "#discard.legal"):
        kb.press("t", redraw=True)
    elif exists(page, "#stock.legal"):
        kb.press("s", redraw=True)
    else:
        kb.fail("nothing to press on the person's turn")


def memory_turn(kb: Keyboard) -> None:
    """Ready when the pile is shown; else a call by the centre's top card alone (higher on a
    low card, lower on a high one)."""
    page = kb.page
    if exists(page, "#ready"):
        kb.press("r", redraw=True)
        return
    top = page.locator("#centre-top").get_attribute("data-card")
    rank = top[:-1]
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    call = "h" if order.index(rank) <= order.index("10") else "l"
    if not exists(page, f"#call-{'higher' if call == 'h' else 'lower'}:not([disabled])"):
        kb.fail(f"the call {call} cannot be pressed")
    kb.press(call, redraw=True)


def advantage_turn(kb: Keyboard) -> None:
    """A card, then its pile: by its number key on even turns, by ↑ and the arrows on odd
    ones; of three of a kind, Enter on a card keeps it."""
    page = kb.page
    if exists(page, ".apile.target"):
        number = page.locator(".apile.target").first.get_attribute("data-target")
        kb.turns += 1
        if kb.turns % 2:
            kb.activate(".apile.target")
        else:
            kb.press(number, redraw=True)
    elif exists(page, "#hand .card.legal"):
        kb.activate("#hand .card.legal")
    else:
        kb.fail("nothing to press on the person's turn")


PLAYERS = {"durak": durak_turn, "stump": stump_turn, "garbage": garbage_turn,
           "memory": memory_turn, "advantage": advantage_turn}


# every picture the page draws from now on (#app's data-rev changes with each): its screen,
# the table's phase and whether the game-over panel is open, as window.__pictures
WATCH_PICTURES_JS = f"""() => {{
  const app = {APP};
  window.__pictures = [];
  new MutationObserver(() => {{
    const table = document.querySelector('.screen.table');
    window.__pictures.push({{rev: app.dataset.rev, screen: app.dataset.screen,
                             phase: table ? table.dataset.phase : null,
                             panel: !!document.getElementById('gameover')}});
  }}).observe(app, {{attributes: true, attributeFilter: ['data-rev']}});
}}"""


def gameover_focus(page) -> bool:
    return page.evaluate("() => !!document.activeElement.closest('#gameover')")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_keyboard_alone(page, site, boot, screenshot, record_property, game):
    boot(page, f"{site}?{GAMES[game]}&speed=0")
    page.wait_for_selector("#app[data-screen='table']")
    kb = Keyboard(page, game)
    play = PLAYERS[game]
    turn = wait_my_turn_or_over(page)
    if focus_problem(page):  # into the page first, as a person would
        kb.press("Tab")
    while turn == "you":
        play(kb)
        turn = kb.settle()
    KEYS_TAKEN[game] = kb.count
    record_property("keys", kb.count)  # in the report (and --junitxml), also under xdist
    print(f"{game}: {kb.count} keys to the game-over panel ({dict(kb.used)}); the focus on the "
          f"person's turns: {dict(kb.starts)}")
    for need in NEEDED[game]:
        assert any(kb.used[k] for k in need.split("|")), f"{game}: the game needed {need}"

    # the panel has the focus and keeps it
    page.locator("#gameover").wait_for()
    if not gameover_focus(page):
        kb.fail("the game-over panel opened without the focus")
    again = page.locator("#gameover [aria-keyshortcuts~='N']")
    assert again.count() == 1, "the panel's next-deal button has the key N"
    buttons = page.locator("#gameover button").count()
    seen = {focused(page)}
    for _ in range(buttons + 1):
        kb.press("Tab")
        if not gameover_focus(page):
            kb.fail("Tab left the game-over panel")
        seen.add(focused(page))
    assert len(seen) == buttons, f"Tab goes round the panel's {buttons} buttons: {seen}"
    kb.press("Shift+Tab")
    if not gameover_focus(page):
        kb.fail("Shift+Tab left the game-over panel")
    screenshot(page, f"keyboard-{game}-over")

    # Esc: the panel closes and the table is seen, the focus still on something visible
    kb.press("Escape", redraw=True)
    assert page.locator("#gameover").count() == 0, "Esc closed the game-over panel"
    assert page.locator(".screen.table").get_attribute("data-phase") == "over"
    assert page.locator("[inert]").count() == 0, "nothing is inert once the panel is closed"

    # N: the next deal, a new shuffle each time. An opponent who opens it may end it in its first
    # turn (Garbage's winner of the first hand, going out on nine places: about one new deal in
    # 230), so the table looked at once after N, at whatever moment, may show the new deal over
    # already. Every picture drawn from the key on is noted, and one of a deal in play without
    # the panel is waited for.
    page.evaluate(WATCH_PICTURES_JS)
    kb.press("n", redraw=True)
    try:
        page.wait_for_function("() => window.__pictures.some(p => p.screen === 'table' && "
                               "p.phase && p.phase !== 'over' && !p.panel)", timeout=15_000)
    except PlaywrightTimeoutError:
        kb.fail(f"N dealt no new game: the pictures since were "
                f"{page.evaluate('window.__pictures')}")
    turn = kb.settle()
    # the panel is gone, unless the new deal has already ended (then it is the new deal's)
    assert page.locator("#gameover").count() == (turn == "over"), turn


# --- the live region ------------------------------------------------------------------------------

# every line added to #kz-live, collected from before the page starts
COLLECT_SAID = """
window.__said = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (!(r.target.id === 'kz-live')) continue;
    for (const n of r.addedNodes) if (n.nodeName === 'P') window.__said.push(n.textContent);
  }
}).observe(document, {childList: true, subtree: true});
"""

RANKS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
LABEL = re.compile(r"\b(10|[2-9JQKA])([♣♦♥♠])")


def in_words(text: str) -> str:
    """ "7♠" → "7 of spades", "K♠" → "king of spades"."""
    return LABEL.sub(lambda m: f"{RANKS.get(m.group(1), m.group(1))} of {SUITS[m.group(2)]}",
                     text)


def log_in_words(page) -> list[str]:
    return [in_words(t.strip()) for t in page.locator(".log-lines li").all_inner_texts()]


def said(page) -> list[str]:
    return page.evaluate("window.__said")


def check_said(page, where: str) -> list[str]:
    """Every line of the log was said once, in order, in words; besides them only the turn
    starts, the outcome and the achievements it earned. Returns all that was said."""
    lines, spoken = log_in_words(page), said(page)
    told = [s for s in spoken if not s.startswith(("Your turn. ", "Achievement unlocked: "))]
    over = page.locator(".screen.table").get_attribute("data-phase") == "over"
    if over and told and told[-1] not in lines:
        told = told[:-1]  # the outcome, said after the last line
    assert told == lines, (
        f"{where}: the live region did not say the log, once and in order.\n"
        f"  missing: {[x for x in lines if x not in told][:5]}\n"
        f"  not in the log: {[x for x in told if x not in lines][:5]}\n"
        f"  log ({len(lines)}): {lines[-6:]}\n  said ({len(told)}): {told[-6:]}")
    assert all(not re.search("[♣♦♥♠]", s) for s in spoken), "suits are said in words"
    return spoken


def click_move(page) -> None:
    """One move of the person by clicking (any means will do here)."""
    before = rev(page)
    for selector in ("#bout [data-act='target']", "#hand .card.selected", "#hand .card.legal",
                     "#btn-pass", "#btn-take", "#btn-finish"):
        found = page.locator(selector)
        if found.count():
            if selector.startswith("#hand"):
                found.first.click(position={"x": 6, "y": 24})
            else:
                found.first.click()
            break
    else:
        raise AssertionError("nothing to click on the person's turn")
    page.wait_for_function(f"r => {APP}.dataset.rev !== r", arg=before, timeout=15_000)


@pytest.mark.own_context  # an init script stays with its page
@pytest.mark.parametrize("speed", ["speed=0&", ""], ids=["speed-0", "normal-speed"])
def test_every_log_line_reaches_the_live_region(page, site, boot, speed):
    page.add_init_script(COLLECT_SAID)
    boot(page, f"{site}?game=durak&level=normal&players=2&deck=24&seed=7&{speed}")
    page.wait_for_selector("#app[data-screen='table']")
    moves = 0
    while wait_my_turn_or_over(page, timeout=60_000) == "you":
        check_said(page, f"before move {moves + 1}")
        click_move(page)
        moves += 1
        assert moves < 300, "the game does not end"
    page.locator("#gameover").wait_for()
    spoken = check_said(page, "at the end")
    lines = log_in_words(page)
    assert len(lines) > 20 and len(spoken) > 40, "more lines than the region keeps were checked"
    starts = [s for s in spoken if s.startswith("Your turn. ")]
    assert len(starts) >= 3, "the start of the person's turn is said"
    assert any("Your turn. Your lead" in s or "Your turn. Defend" in s for s in starts)
    title = page.locator("#go-title").inner_text()
    feats = [s for s in spoken if s.startswith("Achievement unlocked: ")]
    assert spoken[len(spoken) - len(feats) - 1].startswith(title), \
        "the outcome is said last, then only the achievements the game earned"
    assert spoken[len(spoken) - len(feats):] == feats
    assert page.locator("#kz-live p").count() <= 40
    assert page.locator("#kz-live").get_attribute("aria-live") == "polite"


# --- the keys sheet and reading the table ----------------------------------------------------------

@pytest.mark.own_context  # an init script stays with its page
def test_keys_sheet_and_reading_the_table(page, site, boot):
    page.add_init_script(COLLECT_SAID)
    boot(page, f"{site}?{GAMES['durak']}&speed=0")
    page.wait_for_selector("#app[data-screen='table']")
    assert wait_my_turn_or_over(page) == "you"
    kb = Keyboard(page, "durak")
    if focus_problem(page):
        kb.press("Tab")
    kb.focus_on("#hand .card.legal")
    first = focused(page)
    kb.press("ArrowRight")
    where = focused(page)
    assert where != first and "card" in where, (first, where)

    kb.press("?", redraw=True)
    sheet = page.locator("#sheet")
    assert sheet.count() == 1 and sheet.is_visible()
    keys = sheet.locator("kbd").all_inner_texts()
    assert "T" in keys and "D" in keys and "?" in keys and "I" in keys, keys
    inside = "() => !!document.activeElement.closest('#sheet')"
    assert page.evaluate(inside), f"the keys sheet took the focus: {focused(page)}"
    seen = {focused(page)}
    for key in ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]:
        kb.press(key)
        assert page.evaluate(inside), f"{key} left the keys sheet: {focused(page)}"
        seen.add(focused(page))
    assert len(seen) == 2, f"Tab goes round the sheet's Close button and its text: {seen}"
    # behind the sheet nothing can be reached, and I does not read the table over it
    assert page.evaluate("() => !!document.getElementById('hand').closest('[inert]')")
    before = len(said(page))
    kb.press("i")
    assert page.locator("#sheet").count() == 1 and len(said(page)) == before
    kb.press("Escape", redraw=True)
    assert page.locator("#sheet").count() == 0
    assert focused(page) == where, "the focus went back where it was before the sheet"

    # I: the whole table, read into the live region
    before = len(said(page))
    kb.press("i")
    page.wait_for_function("n => window.__said.length > n", arg=before)
    text = " ".join(said(page)[before:])
    suit = page.locator(".trump-badge").get_attribute("title").split(": ")[1]
    assert "Your hand" in text, text
    assert f"trumps are {suit}" in text, text
    assert not re.search("[♣♦♥♠]", text)
    hand = page.locator("#hand .card").first.get_attribute("aria-label").split(",")[0]
    assert hand in text, (hand, text)
    assert focused(page) == where, "I leaves the focus where it was"
