"""What keys and clicks mean on each screen (handlers/inputs.py), on CPython: the page only
reports them (events.py), so every rule of the keyboard and the mouse is tested here."""
from __future__ import annotations

import random

import pytest
from conftest import Page

from ui import messages as m
from ui.replay import messages as rm


def key(page: Page, name: str, **facts) -> list:
    return page.send(m.Key(name, **facts))


def click(page: Page, act: str | None, arg: str | None = None, **facts) -> list:
    return page.send(m.Click(act, arg, **facts))


def at_my_turn(search: str = "?game=durak&seed=3&speed=0&players=2") -> Page:
    page = Page(search)
    page.opponents()
    assert page.view["to_act"] == page.in_play.session.human
    return page


def with_a_card_selected() -> Page:
    """Seed 4, two players: the person leads with QH or QC or both; QH is selected."""
    page = at_my_turn("?game=durak&seed=4&speed=0&players=2")
    click(page, "card", "QH")
    assert page.in_play.selection == ("QH",)
    return page


def replay_page() -> Page:
    page = Page("?game=durak&seed=5&speed=0&players=2&deck=24")
    page.play_out(random.Random(5))
    page.send(rm.OpenReplay("over"))
    assert page.model.screen == "replay"
    return page


# --- clicks ------------------------------------------------------------------------------------

def test_a_click_on_a_control_sends_its_message():
    page = with_a_card_selected()
    click(page, "move", "attack QH")
    assert page.in_play.session.state.history == ["attack QH"]
    click(page, "keys")
    assert page.model.sheet == "keys"
    click(page, "close-sheet")
    assert page.model.sheet is None


def test_a_click_on_the_felt_drops_the_selection_and_a_disabled_control_does_nothing():
    page = with_a_card_selected()
    assert page.in_play.selection
    hint = page.in_play.hint
    click(page, "undo", disabled=True)
    assert page.in_play.hint == hint and page.in_play.selection
    click(page, None)
    assert page.in_play.selection == ()


def test_a_click_outside_the_open_log_closes_it_and_nothing_else():
    page = with_a_card_selected()
    click(page, "log")
    assert page.model.show_log
    click(page, None)  # outside: it closes, and the selection stays (one thing at a time)
    assert not page.model.show_log and page.in_play.selection
    click(page, "log")
    click(page, None, in_log=True)  # inside the drawer: it stays open
    assert page.model.show_log
    click(page, "log")
    click(page, "hint")  # outside, on a control: it closes and the control works
    assert not page.model.show_log and page.in_play.hints == 1


def test_deal_reads_the_number_typed_and_the_home_box_reads_its_fields():
    page = Page("?game=durak&setup=1")
    click(page, "deal", seed=99, fields={"opt-seed": "#4 321"})
    assert page.in_play.session.seed == 4321
    home = Page("")
    click(home, "deal-number", fields={"deal-game": "stump", "deal-seed": "77"})
    assert home.model.screen == "setup" and home.model.form.seed == "77"
    click(home, "deal-number", fields={"deal-game": "stump"})  # a field missing: nothing
    assert home.model.form.seed == "77"


def test_the_page_itself_opens_the_file_chooser_and_reloads():
    page = Page("")
    assert click(page, "stats-import") == [m.ChooseFile("stats-file")]
    assert click(page, "reload") == [m.Reload()]


def test_copy_link_makes_the_link_from_the_pages_address():
    page = at_my_turn()
    effects = click(page, "copy-link", base="http://127.0.0.1:8000/")
    copied = next(e for e in effects if isinstance(e, m.Copy))
    assert copied.text.startswith("http://127.0.0.1:8000/?game=durak&") and "seed=3" in copied.text


def test_a_click_on_the_analysis_graph_goes_to_the_nearest_decision():
    page = replay_page()
    click(page, "graph", x=104.0, dots=((10.0, 2), (100.0, 7), (110.0, 9)))
    assert page.model.replay.step == 7
    click(page, "graph", x=500.0, dots=())  # no decisions drawn: nothing
    assert page.model.replay.step == 7


# --- keys -----------------------------------------------------------------------------------------

def test_arrows_move_the_focus_tab_stays_in_a_dialog_and_a_list_keeps_its_keys():
    page = at_my_turn()
    assert key(page, "ArrowRight") == [m.Rove("ArrowRight")]
    assert key(page, "Home") == [m.Rove("Home")]
    assert key(page, "Tab", dialog=True) == [m.TrapTab()]
    assert key(page, "Tab") == []
    assert key(page, "i", target="SELECT") == [] and key(page, "ArrowDown", target="SELECT") == []


def test_a_buttons_letter_presses_it_only_at_the_table_with_no_sheet_or_modifier():
    page = at_my_turn()
    assert key(page, "u", shortcut=True) == [m.PressShortcut("u")]
    assert key(page, "u", shortcut=True, ctrl=True) == []
    page.send(m.OpenSheet("rules"))
    assert key(page, "u", shortcut=True) == []
    assert key(Page(""), "u", shortcut=True) == []  # not at a table


def test_ctrl_z_undoes_question_mark_lists_the_keys_and_i_reads_the_table():
    page = at_my_turn()
    page.send(m.MoveChosen(page.view["legal"][0]["text"]))
    page.opponents()
    effects = key(page, "z", ctrl=True)
    assert m.KeyUsed() in effects and page.in_play.undos == 1
    assert key(page, "Z", ctrl=True, shift=True) == []  # redo is not undo
    effects = key(page, "i")
    assert m.KeyUsed() in effects and any(isinstance(e, m.Say) for e in effects)
    assert key(page, "i", dialog=True) == []
    assert key(page, "?") == [m.KeyUsed()] and page.model.sheet == "keys"


def test_escape_closes_the_sheet_then_drops_the_selection_then_shows_the_finished_table():
    page = with_a_card_selected()
    page.send(m.OpenSheet("keys"))
    key(page, "Escape")
    assert page.model.sheet is None and page.in_play.selection
    key(page, "Escape")
    assert page.in_play.selection == ()
    page.play_out(random.Random(1))
    assert not page.in_play.reviewing
    key(page, "Escape")
    assert page.in_play.reviewing


@pytest.mark.parametrize("name,step", [("ArrowRight", 1), ("End", None), ("Home", 0),
                                       ("ArrowLeft", 0)])
def test_arrows_home_and_end_step_through_a_replay(name, step):
    page = replay_page()
    end = len(page.model.replay.deal["moves"])
    assert key(page, name) == [m.KeyUsed()]
    assert page.model.replay.step == (end if step is None else step)


def test_in_a_replay_the_slider_and_the_sheets_keep_their_keys_and_escape_closes_it():
    page = replay_page()
    assert key(page, "ArrowRight", target="INPUT") == [m.Rove("ArrowRight")]
    assert key(page, "ArrowRight", alt=True) == [m.Rove("ArrowRight")]
    assert page.model.replay.step == 0
    key(page, "End")
    key(page, "ArrowRight")  # past the end: it stays there
    assert page.model.replay.step == len(page.model.replay.deal["moves"])
    key(page, "Escape")
    assert page.model.screen == "table" and page.model.replay is None
