"""What messages do to the model, on CPython: the address, resuming, selecting and playing,
refusals, the opponents' scheduling, the countdown, the record, saving. The browser tests keep
only what needs a browser."""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
from conftest import Page

import kozyr
from kozyr.session import Session
from ui import messages as m
from ui.model import OPTIONS_KEY, PREFS_KEY, SAVE_KEY, STATS_KEY
from ui.page import draw
from ui.parts.words import Speaker, spoken
from ui.play import opponents, table_life
from ui.play.queries import deadline
from ui.stats import model as st
from ui.tables import TABLES

GAMES = ("durak", "stump", "garbage", "memory", "advantage")


def history(page: Page) -> list[str]:
    return list(page.in_play.session.state.history)


# --- the address ----------------------------------------------------------------------------

def test_a_link_deals_the_game_it_names_with_its_options():
    page = Page("?game=durak&players=3&deck=24&transfer=1&level=easy&seed=7")
    assert page.model.screen == "table"
    session = page.in_play.session
    assert (session.options["players"], session.options["deck"], session.options["transfer"],
            session.level, session.seed) == (3, 24, True, "easy", 7)
    assert page.stored[OPTIONS_KEY + "durak"]  # remembered for the form


@pytest.mark.parametrize("search,screen,words", [
    ("?game=chess", "home", "no game called 'chess'"),
    ("?players=3", "home", "names options but no game"),
    ("?game=durak&players=9", "setup", "Check the game's address"),
    ("?game=durak&colour=red", "setup", "Durak has no option 'colour'"),
    ("?game=durak&level=genius", "setup", "Opponents: choose one of"),
    ("?game=durak&seed=abc", "setup", "Seed: a whole number"),
    ("?game=durak&speed=warp", "setup", "Speed: use slow"),
    ("?game=memory&look=7", "setup", "Time to memorise"),
    ("?game=memory&look=5", "setup", "Time to memorise: choose one of Off, 10 s, 20 s, 30 s, 60 s"),
    ("?game=memory&look=abc", "setup", "Time to memorise: choose one of Off, 10 s, 20 s, 30 s, 60 s"),
    ("?game=memory&look=-10", "setup", "Time to memorise: choose one of Off, 10 s, 20 s, 30 s, 60 s"),
])
def test_a_bad_address_says_what_is_wrong_and_deals_nothing(search, screen, words):
    page = Page(search)
    assert page.model.screen == screen
    assert words in page.model.notice
    assert page.in_play is None and SAVE_KEY not in page.stored
    assert words.split("'")[0] in page.picture.html  # the message is on the page


def test_an_impossible_combination_in_a_link_opens_the_form_saying_why():
    page = Page("?game=durak&players=5&deck=24")
    assert page.model.screen == "setup" and page.in_play is None
    assert "24-card deck" in page.model.form.error and "24-card deck" in page.picture.html
    assert " disabled" in deal_button(page)


def deal_button(page: Page) -> str:
    html = page.picture.html
    start = html.index('id="deal"')
    return html[html.rindex("<button", 0, start):html.index(">", start)]


@pytest.mark.parametrize("lang", ["xx", "de"])
def test_a_language_we_do_not_speak_falls_back_to_english_with_a_notice(lang):
    page = Page(f"?lang={lang}")
    assert page.model.lang == "en" and page.model.screen == "home"
    assert f"The page does not speak “{lang}”: it is shown in English" in page.picture.html
    assert page.picture.lang == "en"


def test_the_picker_offers_the_registrys_games_in_its_order_and_opens_their_forms():
    page = Page("")
    tiles = re.findall(r'class="tile[^"]*"[^>]*data-game="([a-z]+)"', page.picture.html)
    assert tiles == [g["name"] for g in kozyr.catalogue()]
    page.send(m.Pick("durak"))
    assert page.model.screen == "setup" and page.model.form.game == "durak"


def test_a_links_options_shape_the_table():
    """Stump for 4: three opponents, 36 - 4 × (2 + 4) = 12 cards in the stock, every seat's
    stump of 2; for 6: five opponents and no stock."""
    html = Page("?game=stump&players=4&speed=10000&seed=3").picture.html
    assert re.findall(r'class="seat[ "][^>]*data-seat="(\d)"', html) == ["1", "2", "3"]
    assert 'id="stock-count" data-count="12"' in html
    assert "<h1>Stump</h1><span>4 players</span>" in html
    assert html.count('class="stump" data-stump="2"') == 4
    html = Page("?game=stump&players=6&speed=10000&seed=3").picture.html
    assert len(re.findall(r'class="seat[ "]', html)) == 5 and 'class="stock empty"' in html


def test_setup_in_the_address_opens_the_form_and_an_impossible_combination_blocks_deal():
    page = Page("?game=durak&setup=1&players=6&deck=24")
    assert page.model.screen == "setup" and page.model.form.error
    assert 'id="deal" data-act="deal" disabled' in page.picture.html
    page.send(m.Deal(seed=3))
    assert page.in_play is None  # refused: the form still says why
    page.send(m.SetOption("deck", "36"))
    assert not page.model.form.error
    page.send(m.Deal(seed=3))
    assert page.model.screen == "table" and page.in_play.session.options["players"] == 6



def test_turning_on_teams_seats_four_players_and_turning_it_off_keeps_them():
    """2 v 2 needs four players: the form follows (a flag's `sets`) instead of an error."""
    page = Page("?game=durak&setup=1&players=2")
    page.send(m.SetOption("teams", True))
    form = page.model.form
    assert form.values["teams"] is True and form.values["players"] == 4 and not form.error
    page.send(m.SetOption("teams", False))
    assert page.model.form.values["players"] == 4 and not page.model.form.error
    page.send(m.Deal(seed=3))
    assert page.in_play.session.options["players"] == 4

def test_speed_and_four_colours_from_the_address():
    page = Page("?game=stump&speed=fast&four=1&seed=2")
    assert page.model.speed_ms == opponents.SPEEDS["fast"] and page.picture.four_colour
    page = Page("?game=stump&speed=120&seed=2")
    assert opponents.speed_name(page.model) == "120 ms"


# --- the saved game -------------------------------------------------------------------------

def test_every_move_is_saved_and_a_reload_resumes_it():
    page = Page("?game=durak&seed=11&speed=0")
    page.opponents()
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    saved = json.loads(page.stored[SAVE_KEY])
    assert saved["moves"] == history(page)
    again = Page("", stored=page.stored)
    assert again.model.screen == "table" and history(again) == history(page)
    # the same link again continues the game, its seed too (a reload of a deal's link); another
    # seed deals anew, and the game left unfinished is counted as lost
    assert history(Page("?game=durak&speed=0", stored=page.stored)) == history(page)
    assert history(Page("?game=durak&seed=11&speed=0", stored=page.stored)) == history(page)
    other = Page("?game=durak&seed=12&speed=0", stored=page.stored)
    assert history(other) == [] and other.in_play.hint == "Your unfinished game was counted as a loss."


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "chess"}),
                                  json.dumps({"format": "kozyr-save", "version": 1,
                                              "game": "durak", "options": {}, "seed": 1,
                                              "moves": ["beat 2H on 2H"]})])
def test_a_damaged_save_is_reported_and_removed(text):
    page = Page("", stored={SAVE_KEY: text})
    assert page.model.screen == "home" and "could not be restored" in page.model.notice
    assert SAVE_KEY not in page.stored and page.model.saved is None
    assert "Continue saved game" not in page.picture.html


def test_continue_from_the_first_screen():
    first = Page("?game=stump&seed=4&speed=0")
    page = Page("?speed=0", stored=first.stored)  # no game named: the saved one goes on
    assert page.model.screen == "table"
    page.send(m.Home())
    assert page.model.screen == "home" and "Continue saved game" in page.picture.html
    page.send(m.Continue())
    assert page.model.screen == "table"


def test_a_finished_game_is_counted_once_and_its_save_removed():
    page = Page("?game=durak&seed=5&speed=0&players=2")
    page.play_out(random.Random(2))
    stats = st.totals(st.read(page.stored[STATS_KEY]), "durak")
    outcomes = sum(stats.get(k, 0) for k in ("won", "lost", "draw"))
    assert stats["played"] == 1 and outcomes == 1
    assert SAVE_KEY not in page.stored
    assert "record in this browser: " in page.picture.html
    page.send(m.Review())
    page.send(m.Setting("speed", "fast"))
    assert st.totals(st.read(page.stored[STATS_KEY]), "durak")["played"] == 1


def test_play_again_deals_the_next_game_at_the_same_table():
    page = Page("?game=durak&seed=5&speed=0&players=3")
    page.play_out(random.Random(4))
    before = page.in_play.session
    page.send(m.Again(seed=99))
    assert page.in_play.session is not before and page.in_play.session.seed == 99
    assert page.in_play.deal_index == 2 and page.model.screen == "table"
    assert page.in_play.session.state.match == (before.result() or {}).get("next")


# --- selecting, playing, refusing ---------------------------------------------------------------

def durak_with_a_pair() -> Page:
    """Seed 4, two players: the person leads and holds QH and QC (attack with one or both)."""
    page = Page("?game=durak&seed=4&speed=0&players=2")
    page.opponents()
    assert {"attack QH", "attack QC", "attack QH QC"} <= {x["text"] for x in page.view["legal"]}
    return page


def test_a_card_with_several_readings_is_selected_then_played():
    page = durak_with_a_pair()
    page.send(m.CardClicked("QH"))
    assert page.in_play.selection == ("QH",) and "selected" in page.in_play.hint and not history(page)
    page.send(m.CardClicked("QC"))  # joins: one move of both
    assert page.in_play.selection == ("QH", "QC")
    assert 'data-arg="attack QH QC"' in page.picture.html  # the button that names it
    page.send(m.MoveChosen("attack QH QC"))
    assert history(page) == ["attack QH QC"] and page.in_play.selection == ()
    assert page.in_play.motion.acted == 0 and {"QH", "QC"} <= page.in_play.motion.fresh


def test_clicking_the_selected_card_again_plays_it_alone_and_escape_drops_a_selection():
    page = durak_with_a_pair()
    page.send(m.CardClicked("QH"))
    page.send(m.Escape())
    assert page.in_play.selection == () and page.in_play.hint == ""
    page.send(m.CardClicked("QH"))
    page.send(m.CardClicked("QH"))
    assert history(page) == ["attack QH"]


def test_a_card_with_one_reading_is_played_at_once():
    page = durak_with_a_pair()
    page.send(m.CardClicked("9S"))
    assert history(page) == ["attack 9S"]


def person_with_an_idle_card() -> tuple[Page, str]:
    """The first seeded Durak deal in which the person, to act, holds a card with no move."""
    for seed in range(1, 200):
        page = Page(f"?game=durak&seed={seed}&speed=0&players=2")
        page.opponents()
        view = page.view
        idle = [c for c in view["hand"] if not any(c in x["cards"] for x in view["legal"])]
        if view["to_act"] == 0 and idle:
            return page, idle[0]
    raise AssertionError("no seed gives the person a card that cannot be played")


def test_a_refused_card_says_the_engines_reason_and_changes_nothing():
    page, idle = person_with_an_idle_card()
    turn, moves, hand = page.in_play.version, history(page), list(page.view["hand"])
    page.send(m.CardClicked(idle))
    assert page.in_play.hint and page.in_play.version == turn and history(page) == moves
    assert page.view["hand"] == hand and page.in_play.selection == ()
    reason = page.in_play.session.why_not(idle)
    assert reason and reason.rstrip(".").lower() in page.in_play.hint.lower()


def test_a_move_that_is_not_legal_is_refused_with_the_reason():
    page = durak_with_a_pair()
    page.send(m.MoveChosen("take"))
    assert page.in_play.hint and not history(page)
    page.send(m.MoveChosen("nonsense words"))
    assert page.in_play.hint and not history(page)


def opponent_to_act(game: str, players: int) -> Page:
    """The first seeded deal of `game` that opens with an opponent to act."""
    for seed in range(1, 100):
        page = Page(f"?game={game}&seed={seed}&speed=slow&players={players}")
        if opponents.due(page.model) is not None:
            return page
    raise AssertionError(f"no seed opens {game} with an opponent to act")


def test_clicks_on_an_opponents_turn_wait():
    page = opponent_to_act("durak", 2)
    page.send(m.CardClicked(page.view["hand"][0]))
    assert page.in_play.hint.startswith("Wait: it is") and not history(page)


def test_dragging_a_card_marks_its_places_and_a_drop_plays_it():
    page = durak_with_a_pair()
    effects = page.send(m.DragStart("9S"))
    assert page.in_play.drag == "9S" and any(isinstance(e, m.MarkDrop) and e.zone for e in effects)
    page.send(m.Dropped("9S", None, on_table=True))
    assert history(page) == ["attack 9S"] and page.in_play.drag is None


def test_a_card_that_cannot_be_played_cannot_be_dragged_and_a_drop_off_the_table_does_nothing():
    page = durak_with_a_pair()
    page.send(m.DragStart("2S"))
    assert page.in_play.drag is None
    page.send(m.DragStart("QH"))
    page.send(m.Dropped("QH", None, on_table=False))
    assert not history(page) and page.in_play.drag is None


def test_durak_transfer_button_transfers_or_starts_a_choice():
    found = set()
    for seed in range(1, 300):
        page = Page(f"?game=durak&seed={seed}&speed=0&players=3&transfer=1")
        page.opponents()
        transfers = [x for x in page.view["legal"] if x["kind"] in ("transfer", "show")]
        if not transfers or page.view["to_act"] != 0:
            continue
        page.send(m.TableAction("transfer"))
        if len(transfers) == 1:
            assert history(page)[-1] == transfers[0]["text"]
            found.add("one")
        else:
            assert page.in_play.selection and "selected" in page.in_play.hint
            assert any(list(page.in_play.selection) == x["cards"] for x in transfers)
            found.add("several")
        if found == {"one", "several"}:
            return
    pytest.fail(f"seeds gave only {found} transfer positions")


# --- the opponents ---------------------------------------------------------------------------------

def test_an_opponent_is_due_only_when_one_is_to_act_at_the_table():
    page = opponent_to_act("stump", 4)
    due = opponents.due(page.model)
    assert due.seat == page.in_play.session.to_act != 0
    assert due.delay >= opponents.SPEEDS["slow"] / 1000
    assert due.key == (page.in_play.deal_index, page.in_play.version)
    page.send(m.Home())
    assert opponents.due(page.model) is None  # away from the table nobody moves
    page.send(m.Continue())
    assert opponents.due(page.model) == due
    page.opponents()
    assert page.view["to_act"] == 0 and opponents.due(page.model) is None


def test_a_move_thought_for_an_old_position_is_ignored():
    page = opponent_to_act("stump", 4)
    due = opponents.due(page.model)
    move = page.in_play.session.view(due.seat)["legal"][0]["text"]
    page.send(m.OpponentMoved((due.key[0], due.key[1] - 1), due.seat, move))
    page.send(m.OpponentMoved((due.key[0] + 1, due.key[1]), due.seat, move))
    assert history(page) == []
    page.send(m.OpponentMoved(due.key, due.seat, move))
    assert history(page) == [move] and page.in_play.motion.acted == due.seat


def test_playing_out_the_rest_quickly_drops_the_pause():
    page = Page("?game=durak&seed=8&speed=slow")
    assert opponents.pause(page.model) > 1
    page.send(m.Finish())
    assert opponents.pause(page.model) == 0


def test_settings_are_remembered():
    page = Page("?game=durak&seed=8")
    page.send(m.OpenSheet("settings"))
    page.send(m.Setting("speed", "fast"))
    assert page.model.prefs.speed == "fast"
    assert json.loads(page.stored[PREFS_KEY])["speed"] == "fast"
    assert 'id="set-speed-fast" name="set-speed" data-set="speed" value="fast" checked' \
        in page.picture.html
    page.send(m.Setting("four_colour", True))
    assert json.loads(page.stored[PREFS_KEY])["four"] is True and page.picture.four_colour
    page.send(m.Setting("reduce_motion", True))
    assert json.loads(page.stored[PREFS_KEY])["still"] is True and page.picture.reduce_motion
    for key, stored, value in (("size", "size", "large"), ("confirm", "confirm", True),
                               ("left_handed", "left", True)):
        page.send(m.Setting(key, value))
        assert json.loads(page.stored[PREFS_KEY])[stored] == value
    page.send(m.Setting("size", "huge"))  # not a size: nothing changes
    assert json.loads(page.stored[PREFS_KEY])["size"] == "large"
    again = Page("?game=durak&seed=8", stored=page.stored)
    assert (again.model.prefs.size, again.model.prefs.confirm, again.model.prefs.left_handed) == \
        ("large", True, True)
    assert Page("", stored=page.stored).model.prefs.reduce_motion  # remembered


# --- Memory: the look, the countdown, the opponents held ---------------------------------------

def test_the_memorise_step_holds_the_opponents_until_ready():
    page = Page("?game=memory&seed=3&speed=0")
    assert opponents.held(page.model) and opponents.due(page.model) is None
    assert page.picture.turn == "you" and 'id="look"' in page.picture.html
    assert deadline(page.model) is None  # no countdown: until Ready
    page.send(m.TableAction("ready"))
    assert not opponents.held(page.model) and 'id="look"' not in page.picture.html
    assert json.loads(page.stored[SAVE_KEY])["ui"]["dismissed"] >= 0  # a reload keeps it hidden
    assert 'id="look"' not in Page("", stored=page.stored).picture.html


def test_the_countdown_presses_ready_when_its_time_is_up():
    page = Page("?game=memory&seed=3&speed=0&look=10")
    ends = deadline(page.model)
    assert ends == page.now + 10_000 and 'data-deadline' in page.picture.html
    page.now += 9_000
    page.send(m.Tick())
    assert opponents.held(page.model)
    page.now += 1_000
    page.send(m.Tick())
    assert not opponents.held(page.model) and deadline(page.model) is None
    assert 'id="look"' not in page.picture.html


# --- sheets, the log drawer, failures -------------------------------------------------------------

def test_sheets_open_over_the_table_and_escape_closes_them():
    page = Page("?game=stump&seed=3")
    page.send(m.OpenSheet("rules"))
    assert 'id="sheet"' in page.picture.html and "How to play Stump" in page.picture.html
    page.send(m.Escape())
    assert page.model.sheet is None
    page.send(m.OpenSheet("discards"))
    assert "The pile" in page.picture.html
    page.send(m.Home())
    page.send(m.OpenSheet("discards"))  # no table, no discards
    assert page.model.sheet is None


def test_a_failure_is_reported_and_changes_nothing():
    page = Page("?game=durak&seed=3")
    turn = page.in_play.version
    effects = page.send(m.Failed("KeyError: 'x'"))
    assert page.in_play.hint.startswith("Something went wrong") and page.in_play.version == turn
    assert any(isinstance(e, m.Console) and e.level == "error" for e in effects)


@pytest.mark.parametrize("breaks", ["announce", "store_game", "record_result"])
def test_a_handler_failing_mid_move_leaves_the_page_as_it_was(monkeypatch, breaks):
    """The session has already moved (on its fork) when the handler breaks: the page keeps the
    game as it was, in the model, the save and the picture, and says so."""
    page = Page("?game=durak&seed=3&speed=0&players=2")
    page.opponents()
    before, picture, saved = page.model, page.picture.html, page.stored[SAVE_KEY]
    moves = history(page)
    move = page.view["legal"][0]["text"]

    def broken(*args, **kwargs):
        raise RuntimeError("the table broke")

    monkeypatch.setattr(table_life, breaks, broken)
    effects = page.send(m.MoveChosen(move))
    assert history(page) == moves and page.in_play.session is before.in_play.session
    assert page.in_play.version == before.in_play.version
    assert page.stored[SAVE_KEY] == saved and not any(isinstance(e, m.Store) for e in effects)
    assert Session.load(saved).state.history == moves
    message = "Something went wrong; the game is unchanged."
    assert page.in_play.hint == message and message in page.picture.html
    assert draw(replace(page.model, in_play=replace(page.in_play, hint=""))).html == picture
    assert [e.text for e in effects if isinstance(e, m.Console)] == [
        "kozyr: RuntimeError: the table broke"]
    monkeypatch.undo()
    page.send(m.MoveChosen(move))  # mended, the same move is made once
    assert history(page) == moves + [move]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_its_end_through_messages(game):
    page = Page(f"?game={game}&seed=21&speed=0")
    made = page.play_out(random.Random(21))
    assert made > 0 and page.picture.turn == "over" and "gameover" in page.picture.html
    replayed = Session.load(json.dumps({**page.in_play.session.save()}))
    assert replayed.state.history == page.in_play.session.state.history


# --- what screen readers hear ----------------------------------------------------------------

def said(effects: list) -> list[str]:
    return [line for e in effects if isinstance(e, m.Say) for line in e.lines]


@pytest.mark.parametrize("game", GAMES)
def test_every_log_line_is_said_once_in_order_in_words(game):
    page = Page(f"?game={game}&seed=8&speed=0")
    page.play_out(random.Random(8))
    play = page.in_play
    rows = TABLES[game].log_lines(play.session.view(), Speaker(play.names, 0))
    heard = said(page.effects)
    lines = [spoken(text) for _, text in rows]
    it = iter(heard)
    assert all(line in it for line in lines), "a log line was not said, or not in order"
    assert not any(ch in line for line in heard for ch in "♣♦♥♠")
    assert sum(1 for line in heard if line.startswith("Your turn.")) >= 1


def test_the_start_of_my_turn_is_said_and_puts_the_focus_to_work():
    page = opponent_to_act("durak", 2)
    page.effects.clear()
    page.opponents()
    assert any(line.startswith("Your turn. ") for line in said(page.effects))
    assert any(isinstance(e, m.FocusBest) for e in page.effects)


def test_reading_the_table_says_the_prompt_the_middle_the_seats_and_my_hand():
    page = durak_with_a_pair()
    lines = said(page.send(m.ReadTable()))
    text = " ".join(lines)
    assert lines[0].startswith("Your lead") and "trumps are" in text
    assert "Olga:" in text and "Your hand, 6 cards: " in text and "(playable)" in text


def test_escape_on_the_game_over_panel_shows_the_table():
    page = Page("?game=durak&seed=5&speed=0&players=2")
    page.play_out(random.Random(2))
    assert 'id="gameover"' in page.picture.html and " inert" in page.picture.html
    page.send(m.Escape())
    assert page.in_play.reviewing and 'id="gameover"' not in page.picture.html
    assert " inert" not in page.picture.html


def test_a_sheet_makes_the_screen_behind_it_inert_and_the_keys_sheet_lists_the_tables_keys():
    page = Page("?game=durak&seed=5")
    page.send(m.OpenSheet("keys"))
    html = page.picture.html
    assert html.startswith("<div inert ") and 'id="sheet"' in html
    assert "<kbd>T</kbd>" in html and "take the cards on the table" in html
    page.send(m.Escape())
    assert not page.picture.html.startswith("<div inert ")


def test_the_bars_menu_opens_and_closes_as_its_tools_are_used():
    """A narrow screen keeps the bar's tools behind Menu: it opens and closes, a tool used
    from it closes it, Esc closes it and gives the focus back to Menu."""
    page = Page("?game=durak&seed=3&speed=0")
    assert 'aria-expanded="false" aria-controls="bar-tools"' in page.picture.html
    page.send(m.Click("bar-menu"))
    assert page.model.bar_menu and 'class="topbar menu-open"' in page.picture.html
    page.send(m.Click("rules"))
    assert page.model.sheet == "rules" and not page.model.bar_menu
    page.send(m.CloseSheet())
    page.send(m.Click("bar-menu"))
    effects = page.send(m.Key("Escape"))
    assert not page.model.bar_menu and m.FocusOn("#bar-menu") in effects
    page.send(m.Click("bar-menu"))
    page.send(m.Click("lang"))  # the language switch in it opens its list: the menu stays
    assert page.model.bar_menu
    page.send(m.Click("bar-menu"))
    assert not page.model.bar_menu
