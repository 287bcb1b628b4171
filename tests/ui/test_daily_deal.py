"""The daily deal through the headless page: the address forms (daily=today, a date, a shared
result), what is refused in words, the day's record and both streaks over simulated days,
practice plays that are not counted, the share link (no seed, no card), Garbage's first hand,
the choice kept in the browser, a reload, the embedding page, export and import."""
from __future__ import annotations

import json
import re
from datetime import date

from conftest import Page

from kozyr import ai, daily
from ui import messages as m
from ui.daily import model as dd
from ui.daily import messages as dm
from ui.model import SAVE_KEY, STATS_KEY
from ui.play import results
from ui.stats import messages as stm
from ui.stats import model as st

MIDNIGHT = 1_796_083_200_000  # Tue 1 Dec 2026, 00:00 UTC (ms)
DAY = 86_400_000
HOUR = 3_600_000


def at(day: int, hour: int = 9) -> float:
    """The page's clock on day `day` (0: 1 Dec 2026), at `hour` UTC."""
    return MIDNIGHT + day * DAY + hour * HOUR


def iso(day: int) -> str:
    return date.fromordinal(date(2026, 12, 1).toordinal() + day).isoformat()


def play(page: Page, well: bool, limit: int = 3000) -> None:
    """The person plays the deal to its end (Garbage: its hand): as the hard level (Memory's
    days are won so), or the first legal move each time (lost)."""
    player = ai.make("hard", page.in_play.game, 5)
    for _ in range(limit):
        page.opponents()
        view = page.view
        if view["phase"] == "over":
            return
        if view["to_act"] != page.in_play.session.human:  # Memory's look at the pile
            page.send(m.TableAction("ready"))
            continue
        page.send(m.MoveChosen(str(player.choose(view)) if well else view["legal"][0]["text"]))
    raise AssertionError("the deal did not end")


def visit(search: str, day: int, stored: dict | None = None, hour: int = 9) -> Page:
    return Page(search, stored=stored, now=at(day, hour))


# --- the address ------------------------------------------------------------------------------

def test_daily_today_deals_the_days_deal_at_the_standard_options():
    page = visit("?game=durak&daily=today&speed=0", 1)
    s = page.in_play.session
    assert page.model.screen == "table" and page.in_play.daily == iso(1)
    assert s.seed == daily.seed("durak", date(2026, 12, 2)) == daily.candidate("durak", date(2026, 12, 2))
    assert s.options == daily.options("durak") and s.level == "normal" and s.human == 0
    assert not page.in_play.practice
    assert "Deal " + str(s.seed) in page.picture.html  # the number on the table's bar
    notified = [e for e in page.effects if isinstance(e, m.Notify) and e.kind == "deal"]
    assert notified[-1].detail["daily"] == iso(1)
    # a given day, and TODAY in any case
    assert visit("?game=durak&daily=2026-12-01", 1).in_play.session.seed == daily.seed(
        "durak", date(2026, 12, 1))
    assert visit("?game=durak&daily=TODAY", 1).in_play.daily == iso(1)


def test_the_day_changes_at_midnight_utc():
    late, early = visit("?game=stump&daily=today", 0, hour=23), visit("?game=stump&daily=today", 1, hour=0)
    assert late.in_play.daily == iso(0) and early.in_play.daily == iso(1)
    assert late.in_play.session.seed != early.in_play.session.seed


def refused(search: str, day: int = 1) -> str:
    page = visit(search, day)
    assert page.model.screen == "home" and page.in_play is None, search
    assert page.model.notice.startswith("Check the game's address:"), page.model.notice
    assert 'role="alert"' in page.picture.html and page.model.notice in page.picture.html.replace(
        "&#x27;", "'")
    return page.model.notice


def test_a_future_a_malformed_or_a_contradicted_day_is_refused_in_words():
    assert "2026-12-03 has not come yet (today is 2026-12-02, UTC)" in refused(
        "?game=durak&daily=2026-12-03")
    for bad in ("2026-12-1", "yesterday", "2026-02-30", ""):
        assert "a date as YYYY-MM-DD, or today" in refused(f"?game=durak&daily={bad}")
    said = refused("?game=durak&daily=today&players=3&seed=5&level=hard&people=2")
    assert "without seed, people, players, level" in said
    assert "without setup" in refused("?game=memory&daily=today&setup=1")
    assert "won-57" in refused("?game=durak&daily=2026-12-01&result=won")
    # what does not contradict it: the standard values written out, a table setting
    page = visit("?game=durak&daily=today&players=2&level=normal&people=1", 1)
    assert page.in_play.daily == iso(1)
    assert visit("?game=memory&daily=today&look=10", 1).model.address_settings == {"look": 10}
    # result= without daily=: the form says so
    page = visit("?game=durak&result=won-5", 1)
    assert page.model.screen == "setup" and "only with daily=" in page.model.notice


# --- the record and the streaks -----------------------------------------------------------------

def test_results_and_both_streaks_over_simulated_days():
    """Memory: days 1 and 2 won, day 3 lost, day 4 skipped, day 5 won; the streaks on the home
    screen and in Statistics at each step."""
    stored: dict = {}

    def day_played(day: int, well: bool) -> Page:
        page = visit("?game=memory&daily=today&speed=0", day, stored)
        assert page.in_play.daily == iso(day) and not page.in_play.practice
        play(page, well)
        stored.update(page.stored)
        page.send(m.Home())
        return page

    def home(day: int) -> tuple[tuple[int, int], str]:
        page = visit("", day, stored)
        block = page.picture.html.split('<section class="daily"')[1].split("</section>")[0]
        row = block.split('data-game="memory"')[1].split("</li>")[0]
        return results.streaks(page.model.stats, "memory", at(day)), row

    page = day_played(0, True)
    assert results.entry(page.model.stats, "memory", iso(0))["outcome"] == "won"
    assert home(0)[0] == (1, 1) and "1 day in a row · 1 won in a row" in home(0)[1]
    day_played(1, True)
    assert home(1)[0] == (2, 2)
    assert home(2)[0] == (2, 2) and "Not played yet" in home(2)[1]  # today not yet: yesterday's
    day_played(2, False)
    (streak, row) = home(2)
    assert streak == (3, 0) and "Lost after" in row and "3 days in a row" in row
    assert "won in a row" not in row
    assert home(3)[0] == (3, 0)
    assert home(4)[0] == (0, 0)  # day 4 skipped: no streak left
    page = day_played(4, True)
    assert home(4)[0] == (1, 1)
    assert results.totals(page.model.stats, "memory") == {"played": 4, "won": 3, "best": 2}
    # each day counted once in the game's own record too
    (rec,) = st.for_game(page.model.stats, "memory")
    assert (rec["played"], rec["won"], rec["lost"]) == (4, 3, 1)
    page = visit("", 4, stored)
    page.send(m.OpenSheet("stats"))
    table = page.picture.html.split('class="stats-daily"')[1].split("</table>")[0]
    # the numbers, without the column names a phone shows over them
    numbers = re.sub(r'<span class="cell-head"[^>]*>[^<]*</span>| role="\w+"', "", table)
    assert re.search(r"<th scope=\"row\">Memory</th><td>4</td><td>3</td><td>1</td><td>1</td>"
                     r"<td>2</td>", numbers)
    assert 'aria-hidden="true">Days played</span>4</td>' in table


def test_a_day_played_again_is_practice():
    page = visit("?game=memory&daily=today&speed=0", 0)
    play(page, True)
    first = dict(page.model.stats)
    page.send(m.DealAgain())  # the deal sheet's Play this deal again
    assert page.in_play.daily == iso(0) and page.in_play.practice
    play(page, False)
    assert page.model.stats == first
    assert "played again: practice, not counted" in page.picture.html
    stored = dict(page.stored)
    again = visit("?game=memory&daily=today&speed=0", 0, stored)  # the address again
    assert again.in_play.practice and again.in_play.session.seed == page.in_play.session.seed
    play(again, False)
    assert again.model.stats == first
    # the home screen's button says so
    home = visit("", 0, again.stored)
    assert "Play again: today&#x27;s Memory deal, as practice" in home.picture.html


def test_a_reload_keeps_the_day_and_leaving_it_unfinished_is_a_loss():
    page = visit("?game=durak&daily=today&speed=0", 0)
    page.opponents()
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    assert json.loads(page.stored[SAVE_KEY])["daily"] == iso(0)
    reloaded = visit("?game=durak&daily=today&speed=0", 0, page.stored)  # the same address
    assert reloaded.in_play.daily == iso(0) and reloaded.in_play.session.state.history
    home = visit("", 0, page.stored)  # the saved game opens at the table: home from it
    home.send(m.Home())
    assert "In progress" in home.picture.html and "Continue today&#x27;s Durak deal" in home.picture.html
    home.send(m.Continue())
    assert home.in_play.daily == iso(0) and not home.in_play.practice
    home.send(dm.OpenDaily("stump", "today"))  # another day's deal leaves it: a loss
    found = results.entry(home.model.stats, "durak", iso(0))
    assert found["outcome"] == "lost" and found["moves"] >= 1
    assert home.in_play.game == "stump" and home.in_play.daily == iso(0)


# --- sharing -------------------------------------------------------------------------------------

def test_the_share_link_holds_no_seed_nor_card_and_shows_the_result():
    page = visit("?game=memory&daily=today&speed=0", 0)
    seed = page.in_play.session.seed
    play(page, True)
    found = results.entry(page.model.stats, "memory", iso(0))
    page.send(dm.ShareDaily("memory", iso(0), "https://example.org/kozyr/"))
    assert page.model.sheet == "daily"
    effects = page.send(dm.CopyDaily())
    (copy,) = [e for e in effects if isinstance(e, m.Copy)]
    link = f"https://example.org/kozyr/?game=memory&daily={iso(0)}&result=won-{found['moves']}"
    assert copy.text == (f"I won the Memory deal of Tue 1 Dec 2026 on kozyr in "
                         f"{found['moves']} moves. Your turn: {link}")
    assert str(seed) not in copy.text and "seed" not in copy.text
    assert not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", copy.text)  # no card
    assert copy.field == "daily-share-text" and 'id="daily-notice"' in page.picture.html
    sheet = page.picture.html.split('id="sheet"')[1]
    assert str(seed) not in sheet and link in sheet.replace("&amp;", "&")
    # opened by a friend who has not played that day
    friend = visit(link.split("/kozyr/")[1], 3)
    assert friend.model.screen == "home" and friend.in_play is None
    html = friend.picture.html
    said = f"Someone won the Memory deal of Tue 1 Dec 2026 in {found['moves']} moves."
    assert said in html and "Play that day&#x27;s deal" in html and str(seed) not in html
    friend.send(dm.OpenDaily("memory", iso(0)))
    assert friend.in_play.session.seed == seed and not friend.in_play.practice
    # opened by the person who played it: their own result beside it
    mine = visit(link.split("/kozyr/")[1], 3, page.stored)
    assert f"You won it in {found['moves']} moves." in mine.picture.html
    assert "Play it again (practice)" in mine.picture.html


# --- Garbage and Memory: the chosen deal ---------------------------------------------------------

def test_garbage_chooses_its_day_once_and_the_day_is_its_first_hand():
    page = visit("", 0)
    effects = page.send(dm.OpenDaily("garbage", "today"))
    assert dm.ChooseDaily("garbage", iso(0)) in effects  # the shell's search, run at once here
    seed = daily.seed("garbage", date(2026, 12, 1))
    assert page.in_play.session.seed == seed and page.in_play.daily == iso(0)
    assert json.loads(page.stored[dd.DAILY_SEEDS_KEY]) == {"garbage": {iso(0): seed}}
    again = visit("", 0, page.stored)  # kept: no search the next time
    effects = again.send(dm.OpenDaily("garbage", "today"))
    assert not [e for e in effects if isinstance(e, dm.ChooseDaily)]
    assert again.in_play.session.seed == seed
    play(again, True)  # the first hand
    assert (again.in_play.session.result() or {}).get("match_over") is False
    found = results.entry(again.model.stats, "garbage", iso(0))
    assert found["moves"] == len(again.in_play.session.state.history)
    assert st.for_game(again.model.stats, "garbage") == []  # the match is not over yet
    again.send(m.Again(77))  # the next hand: the match goes on, not the day's any more
    assert again.in_play.daily == "" and not again.in_play.practice


def test_while_the_day_is_chosen_the_home_screen_says_so():
    page = Page("", now=at(0))
    page.model = page.model.__class__(**{**page.model.__dict__,
                                         "daily": dd.Daily(choosing=("memory", iso(0)))})
    page.send(m.CloseSheet())
    html = page.picture.html
    assert re.search(r'<p class="daily-shared-line" role="status">Choosing the Memory deal of '
                     r'Tue 1 Dec 2026: one the computer&#x27;s hard level can win…</p>', html)
    assert re.search(r'id="daily-memory" disabled aria-busy="true">Choosing…<', html)
    page.send(dm.DailyChosen("memory", iso(0), 0))  # a failed choice ends the wait
    assert page.model.daily.choosing is None and page.in_play is None


# --- the statistics file, the embedding page --------------------------------------------------------

def test_export_and_import_carry_the_days():
    page = visit("?game=memory&daily=today&speed=0", 0)
    play(page, True)
    (download,) = [e for e in page.send(stm.StatsExport()) if isinstance(e, m.Download)]
    assert json.loads(download.text)["daily"] == page.model.stats["daily"]
    other = visit("", 0)
    other.send(stm.StatsImport(download.text))
    assert other.model.stats["daily"] == page.model.stats["daily"]
    assert results.streaks(other.model.stats, "memory", at(0)) == (1, 1)
    # a file without days reads as before; damaged days are left out
    plain = st.empty()
    assert "daily" not in st.read(st.dumps(plain))
    damaged = {**plain, "daily": {"memory": {"2026-12-01": {"outcome": "won", "moves": -1,
                                                             "when": 5},
                                             "someday": {"outcome": "won", "moves": 3, "when": 5},
                                             "2026-12-02": {"outcome": "won", "moves": 3,
                                                            "when": 5}},
                                  "durak": "no"}}
    assert st.parse_import(json.dumps(damaged))["daily"] == {
        "memory": {"2026-12-02": {"outcome": "won", "moves": 3, "when": 5}}}
    assert json.loads(other.stored[STATS_KEY])["daily"] == page.model.stats["daily"]


def test_the_embedding_page_opens_the_day():
    page = visit("?game=advantage&daily=today&embed=1&host=https://host.example", 0)
    assert page.model.fixed and page.in_play.daily == iso(0)
    over = [e for e in page.effects if isinstance(e, m.Notify) and e.kind == "deal"]
    assert over[-1].detail["daily"] == iso(0) and over[-1].detail["seed"] == daily.seed(
        "advantage", date(2026, 12, 1))
    # the host's newGame({daily: "2026-11-30"}): that day's deal, not a new shuffle
    page.send(m.HostGame("?game=advantage&daily=2026-11-30&embed=1&host=https://host.example",
                         99))
    assert page.in_play.daily == "2026-11-30" and page.in_play.session.seed == daily.seed(
        "advantage", date(2026, 11, 30))
