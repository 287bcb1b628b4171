"""Undo, hints, statistics, deal numbers, settings and the forced finish, through `update`:
the page's logic on CPython, message by message (the browser flows are in
tests/browser/test_player_aids.py)."""
from __future__ import annotations

import json
import random

import pytest
from conftest import Page

from ui import messages as m
from ui.model import PREFS_KEY, SAVE_KEY, STATS_KEY
from ui.setup import address
from ui.stats import messages as stm
from ui.stats import model as st


def my_turn(page: Page) -> None:
    page.opponents()
    assert page.view["to_act"] == page.in_play.session.human


def hand(page: Page) -> list[str]:
    return list(page.view["hand"])


# --- undo -------------------------------------------------------------------------------------

def test_undo_takes_the_move_and_the_replies_back_and_is_counted():
    page = Page("?game=durak&seed=6&speed=0")
    my_turn(page)
    before, history = hand(page), list(page.in_play.session.state.history)
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.opponents()
    page.send(m.Undo())
    assert hand(page) == before and page.in_play.session.state.history == history
    assert "taken back: it is your turn again." in page.in_play.hint
    assert page.in_play.undos == 1
    assert json.loads(page.stored[SAVE_KEY])["aids"] == {"undos": 1, "hints": 0}
    said = [e for e in page.effects if isinstance(e, m.Say)][-1]
    assert "taken back" in said.lines[-1]


def test_undo_is_refused_with_the_reason_and_changes_nothing():
    page = Page("?game=durak&seed=6&speed=0")
    my_turn(page)
    page.send(m.Undo())  # nothing to take back yet
    assert page.in_play.hint == "No undo: You have not made a move yet."
    assert 'aria-disabled="true"' in page.picture.html.split('id="undo"')[1].split(">")[0]
    rng = random.Random(3)
    while "turned up" not in page.in_play.session.why_no_undo():  # until a bout ends in a draw
        my_turn(page)
        page.send(m.MoveChosen(rng.choice(page.view["legal"])["text"]))
        page.opponents()
    state = page.in_play.session.state.history[:]
    page.send(m.Undo())
    assert page.in_play.session.state.history == state and page.in_play.undos == 0
    assert page.in_play.hint.startswith("No undo: A card was turned up since your last move")


def test_the_undo_count_survives_a_reload():
    page = Page("?game=durak&seed=6&speed=0")
    my_turn(page)
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.send(m.Undo())
    page.send(m.Hint())
    again = Page("", stored=page.stored)
    assert (again.in_play.undos, again.in_play.hints) == (1, 1)


# --- hints ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["durak", "stump", "garbage", "memory", "advantage"])
def test_a_hint_names_a_legal_move_lights_it_and_is_counted(game):
    page = Page(f"?game={game}&seed=4&speed=0")
    for _ in range(20):
        page.opponents()
        if page.view["to_act"] == page.in_play.session.human:
            break
        page.send(m.TableAction("ready"))  # Memory's look
    page.send(m.Hint())
    legal = [mo["text"] for mo in page.view["legal"]]
    assert page.in_play.hinted in legal and page.in_play.hints == 1
    assert page.in_play.hint.startswith("Hint: ") and " – " in page.in_play.hint
    assert page.picture.lit, "the hinted move is lit on the table"
    page.send(m.MoveChosen(page.in_play.hinted))  # playing it puts the light out
    assert page.in_play.hinted == ""


def test_a_hint_off_turn_says_when_it_comes():
    page = Page("?game=durak&seed=1&speed=0&players=3")
    while not page.in_play.session.ai_to_act():
        page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.send(m.Hint())
    assert page.in_play.hint == "A hint is given on your turn." and page.in_play.hints == 0


# --- statistics -------------------------------------------------------------------------------

def test_a_won_game_with_help_is_counted_as_such_per_variant():
    page = Page("?game=durak&seed=5&speed=0&deck=24")
    my_turn(page)
    page.send(m.Hint())
    page.play_out(random.Random(2))
    stats = st.read(page.stored[STATS_KEY])
    (rec,) = stats["records"].values()
    assert rec["variant"] == {"players": 2, "deck": 24, "transfer": False, "teams": False}
    assert rec["played"] == 1 and rec["won"] + rec["lost"] + rec["draw"] == 1
    assert rec["helped"] == rec["won"] and rec["fool"] == rec["lost"]
    page.send(m.OpenSheet("stats"))
    assert "2 players, 24 cards" in page.picture.html and "Won with help" in page.picture.html


def test_old_records_are_kept_as_earlier_games():
    old = json.dumps({"durak": {"played": 3, "won": 2, "lost": 1}, "junk": 5})
    page = Page("", stored={STATS_KEY: old})
    assert st.totals(page.model.stats, "durak") == {"played": 3, "won": 2, "lost": 1, "draw": 0}
    page.send(m.OpenSheet("stats"))
    assert "earlier games (all variants)" in page.picture.html


def test_a_garbage_match_counts_once_when_it_is_over():
    page = Page("?game=garbage&seed=3&speed=0")
    rng, hands = random.Random(1), 0
    while True:
        page.play_out(rng)
        hands += 1
        if (page.in_play.session.result() or {}).get("match_over"):
            break
        assert STATS_KEY not in page.stored, "a hand is not a match"
        page.send(m.Again(seed=100 + hands))
    assert hands > 1
    assert st.totals(st.read(page.stored[STATS_KEY]), "garbage")["played"] == 1


def test_dealing_a_new_game_counts_the_one_in_progress_as_lost():
    page = Page("?game=durak&seed=5&speed=0")
    my_turn(page)
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.send(m.Home())
    page.send(m.Pick("stump"))
    assert "Your game in progress (Durak, 2 players, 36 cards" in page.picture.html
    page.send(m.Deal(seed=9))
    (rec,) = st.read(page.stored[STATS_KEY])["records"].values()
    assert (rec["game"], rec["lost"], rec["abandoned"], rec["streak"]) == ("durak", 1, 1, 0)
    page.send(m.OpenSheet("stats"))
    assert "(1 left unfinished)" in page.picture.html


def test_export_import_and_reset():
    page = Page("?game=durak&seed=5&speed=0&deck=24")
    page.play_out(random.Random(2))
    page.send(stm.StatsExport())
    (download,) = [e for e in page.effects if isinstance(e, m.Download)]
    assert download.name == "kozyr-statistics.json"
    page.send(stm.StatsReset())
    assert page.model.confirm == "reset" and "Reset all statistics?" in page.picture.html
    page.send(stm.StatsReset(confirm=True))
    assert st.totals(st.read(page.stored[STATS_KEY]), "durak") is None
    assert "No games finished in this browser yet." in page.picture.html
    page.send(stm.StatsImport(download.text))
    assert st.totals(st.read(page.stored[STATS_KEY]), "durak")["played"] == 1
    assert "Statistics imported: 1 record." in page.picture.html


@pytest.mark.parametrize("text, says", [
    ("not json", "not a kozyr statistics file"),
    (json.dumps({"format": "kozyr-stats", "version": 99, "records": {}}), "newer version"),
    (None, "not a kozyr statistics file"),
])
def test_a_bad_statistics_file_changes_nothing(text, says):
    page = Page("?game=durak&seed=5&speed=0&deck=24")
    page.play_out(random.Random(2))
    kept = page.stored[STATS_KEY]
    page.send(m.OpenSheet("stats"))
    page.send(stm.StatsImport(text))
    assert says in page.model.notice and page.stored[STATS_KEY] == kept


# --- deal numbers -----------------------------------------------------------------------------

def test_the_deal_number_is_shown_and_its_link_deals_the_same_cards():
    page = Page("?game=durak&seed=77&speed=0&players=3&transfer=1")
    assert ">Deal 77</button>" in page.picture.html
    page.send(m.OpenSheet("deal"))
    page.send(m.CopyLink("https://example.test/kozyr/"))
    (copy,) = [e for e in page.effects if isinstance(e, m.Copy)]
    assert copy.text.startswith("https://example.test/kozyr/?game=durak&")
    friend = Page(copy.text.split("/kozyr/")[1])
    assert friend.view["hand"] == page.view["hand"] and friend.in_play.session.options == \
        page.in_play.session.options


def test_a_later_deal_of_a_match_links_with_its_carry_over():
    page = Page("?game=durak&seed=5&speed=0")
    page.play_out(random.Random(2))
    page.send(m.Again(seed=42))
    session = page.in_play.session
    assert session.match  # who deals follows the last game
    query = address.link("durak", session.options, session.level, 42, session.match)
    friend = Page(query)
    assert friend.view["hand"] == page.view["hand"]
    assert friend.in_play.session.state.dealer == session.state.dealer


def test_a_bad_carry_over_in_the_address_is_a_notice():
    page = Page('?game=durak&seed=5&match={"fool":"x"}')
    assert page.model.screen == "setup" and "carry-over" in page.model.notice
    page = Page("?game=durak&seed=5&match=[1")
    assert "Match: not a deal's carry-over" in page.model.notice


def test_replay_deals_the_same_deal_again():
    page = Page("?game=durak&seed=12&speed=0")
    start = hand(page)  # as dealt: no one has moved yet
    my_turn(page)
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.send(m.DealAgain())
    assert page.in_play.session.seed == 12 and page.in_play.session.state.history == []
    assert hand(page) == start
    rec = next(iter(st.read(page.stored[STATS_KEY])["records"].values()))
    assert rec["abandoned"] == 1  # the game left for the replay


def test_the_home_box_opens_the_form_with_the_number():
    page = Page("")
    page.send(m.DealNumber("stump", " #4 321 "))
    assert page.model.screen == "setup" and page.model.form.seed == "4321"
    assert 'value="4321"' in page.picture.html
    page.send(m.Deal(seed=1))
    assert page.in_play.session.seed == 4321 and ">Deal 4321</button>" in page.picture.html


@pytest.mark.parametrize("typed", ["abc", "-3", "99999999999", ""])
def test_a_bad_deal_number_is_a_notice(typed):
    page = Page("")
    page.send(m.DealNumber("durak", typed))
    assert page.model.screen == "home" and "A deal number is a whole number" in page.model.notice
    page.send(m.Pick("durak"))
    page.send(m.SetOption("@seed", "x1"))
    page.send(m.Deal(seed=1))
    assert page.model.screen == "setup" and "A deal number" in page.picture.html


# --- settings and the question before taking --------------------------------------------------

def test_taking_asks_first_when_the_setting_is_on():
    page = Page("?game=durak&seed=6&speed=0")
    page.send(m.Setting("confirm", True))
    my_turn(page)
    assert any(mo["text"] == "take" for mo in page.view["legal"])
    turn = page.in_play.version
    page.send(m.MoveChosen("take"))
    assert page.in_play.confirming == "take" and page.in_play.version == turn
    assert 'id="confirm-move"' in page.picture.html and "take the cards?" in page.picture.html
    page.send(m.Confirmed(False))
    assert page.in_play.confirming == "" and page.in_play.version == turn
    page.send(m.MoveChosen("take"))
    page.send(m.Confirmed(True))
    assert page.in_play.version == turn + 1 and page.in_play.session.state.history[-1] == "take"


def test_sizes_and_the_left_hand_reach_the_page():
    page = Page("?game=durak&seed=6&speed=0")
    page.send(m.Setting("size", "small"))
    page.send(m.Setting("left_handed", True))
    assert page.picture.size == "small" and page.picture.left_handed
    stored = json.loads(page.stored[PREFS_KEY])
    assert stored["size"] == "small" and stored["left"] is True


# --- the forced finish --------------------------------------------------------------------------

def test_a_forced_rest_is_offered_and_played_out_at_once():
    found = None
    for seed in range(40):
        page = Page(f"?game=durak&seed={seed}&speed=0&deck=24")
        rng = random.Random(seed)
        for _ in range(200):
            page.opponents()
            if page.view["phase"] == "over":
                break
            if page.in_play.session.forced_rest():
                found = page
                break
            page.send(m.MoveChosen(rng.choice(page.view["legal"])["text"]))
        if found:
            break
    assert found, "no deal with a forced ending among 40"
    assert 'id="play-out"' in found.picture.html
    found.send(m.PlayOut())
    assert found.view["phase"] == "over" and STATS_KEY in found.stored


def test_no_play_out_while_a_choice_is_left():
    page = Page("?game=durak&seed=6&speed=0")
    my_turn(page)
    assert page.in_play.session.forced_rest() == 0 and 'id="play-out"' not in page.picture.html
    turn = page.in_play.version
    page.send(m.PlayOut())
    assert page.in_play.version == turn
