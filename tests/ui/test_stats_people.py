"""Statistics per person (pass and play: several people at one device): kept by name apart
from the person's own, carried through storage, export and import, cleared by reset, shown on
the statistics sheet after the person's own tables."""
from __future__ import annotations

import json
import random
import re

from conftest import Page

from kozyr.session import Session
from ui import messages as m
from ui.model import STATS_KEY
from ui.page import draw
from ui.play import results
from ui.play.handoff import pass_to
from ui.play.table_life import seat_instead
from ui.seats import messages as sem
from ui.stats import messages as stm
from ui.stats import model as st
from ui.stats.view import stats_html

DURAK = {"players": 2, "deck": 36}


def own() -> dict:
    """The person's own statistics: one Durak game won."""
    return st.add(st.empty(), "durak", DURAK, "won", {"fool": 0})


def with_people() -> dict:
    stats = st.add(own(), "durak", DURAK, "won", person="Ann")
    stats = st.add(stats, "durak", DURAK, "lost", {"fool": 1}, person="Boris")
    stats = st.add(stats, "durak", DURAK, "won", person="Boris")
    return st.add(stats, "stump", {"players": 3}, "lost", abandoned=True, person="Boris")


def sheet(stats: dict) -> str:
    games = list(Page().model.games)
    return stats_html(stats, games, {g["name"] for g in games}, "", "")


def cells(html: str) -> list[str]:
    """The numbers of the records' rows, in order (without the column names a phone shows over
    each)."""
    return re.findall(r'<td role="cell"><span class="cell-head"[^>]*>[^<]*</span>([^<]*)</td>',
                      html)


def test_a_persons_game_leaves_the_own_records_as_they_were():
    stats = with_people()
    assert stats["records"] == own()["records"]
    assert st.people_of(stats) == ["Boris", "Ann"]  # the most games played first
    (ann,) = st.for_game(stats, "durak", "Ann")
    assert (ann["played"], ann["won"], ann["streak"]) == (1, 1, 1)
    (boris,) = st.for_game(stats, "durak", "Boris")
    assert (boris["played"], boris["won"], boris["lost"], boris["fool"]) == (2, 1, 1, 1)
    assert st.for_game(stats, "durak", "Olga") == []


def test_the_own_statistics_are_written_as_before():
    assert "people" not in st.read(st.dumps(own()))
    assert st.dumps(st.read(st.dumps(own()))) == st.dumps(own())


def test_people_go_through_storage_export_and_import():
    stats = with_people()
    assert st.read(st.dumps(stats)) == stats
    assert st.parse_import(st.dumps(stats)) == stats


def test_a_damaged_person_entry_is_left_out():
    good = with_people()
    data = json.loads(st.dumps(good))
    boris = data["people"]["Boris"]
    data["people"] = {**data["people"], "": boris, "   ": boris, "x" * 41: boris, "Olga": 5,
                      "Petr": {"k": {"game": "durak", "played": 0}}, "Ivan": ["no"]}
    assert st.read(json.dumps(data)) == good
    data["people"] = "nobody"
    assert st.read(json.dumps(data)) == own()
    assert st.parse_import(json.dumps({**data, "people": [1, 2]})) == own()


def test_reset_clears_the_people_too():
    page = Page("", stored={STATS_KEY: st.dumps(with_people())})
    assert st.people_of(page.model.stats) == ["Boris", "Ann"]
    page.send(stm.StatsReset(confirm=True))
    assert "people" not in st.read(page.stored[STATS_KEY])
    assert st.people_of(page.model.stats) == []


def test_the_sheet_shows_a_section_per_person_with_their_numbers():
    html = sheet(st.add(own(), "durak", DURAK, "won", person="<b>Ann</b>"))
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html
    assert "Played together at this device" in html
    html = sheet(with_people())
    people = html[html.index('class="stats-people"'):]
    boris, ann = people.index(">Boris</h4>"), people.index(">Ann</h4>")
    assert boris < ann
    # Boris: 2 played, 1 won, 1 lost, 0 drawn, 50 %, streak 1, best 1, with help 0, fool 1
    assert cells(people[boris:ann])[:9] == ["2", "1", "1", "0", "50%", "1", "1", "0", "1"]
    assert "(1 left unfinished)" in people[boris:ann] and 'data-game="stump"' in people[:ann]
    assert cells(people[ann:])[:5] == ["1", "1", "0", "0", "100%"]
    assert 'aria-labelledby="stats-p1 stats-p1-durak"' in people[ann:]


def test_without_people_the_sheet_is_as_before():
    html = sheet(own())
    assert "stats-people" not in html and "stats-person" not in html
    assert "No games finished" in sheet(st.empty())
    only_people = st.add(st.empty(), "durak", DURAK, "won", person="Ann")
    assert "No games finished" not in sheet(only_people) and ">Ann</h4>" in sheet(only_people)


def test_a_two_person_durak_game_is_counted_for_each_by_name():
    before = own()
    page = Page("", stored={STATS_KEY: st.dumps(before)})
    session = Session("durak", DURAK, 3, people=(0, 1))
    page.model, _effects = seat_instead(page.model, session, 0, people=("Ann", "Boris"))
    rng = random.Random(3)
    for _step in range(5_000):
        page.picture = draw(page.model, page.now)
        in_play = page.in_play
        if in_play.session.over():
            break
        if (to := pass_to(in_play)) is not None:
            page.send(sem.TakeSeat(to))
            continue
        view = in_play.session.view(in_play.seat)
        if view["to_act"] != in_play.seat:
            page.send(m.TableAction("ready"))
            continue
        page.send(m.MoveChosen(rng.choice(view["legal"])["text"]))
    else:
        raise AssertionError("the game did not end")
    result = page.in_play.session.result()
    assert not result.get("draw")
    stats = st.read(page.stored[STATS_KEY])
    assert stats["records"] == before["records"]
    won = {}
    for seat, name in ((0, "Ann"), (1, "Boris")):
        (rec,) = st.of_person(stats, name).values()
        assert rec["played"] == 1 and rec["variant"]["players"] == 2
        won[name] = rec["won"]
        assert rec["won"] == (results.outcome(result, seat) == "won")
    assert sorted(won.values()) == [0, 1]


def test_each_number_carries_its_columns_name_for_a_phone():
    """On a phone a variant's numbers stand in a grid under its words, each under its column's
    name (css): the name is in each cell, hidden from screen readers (they name a cell by its
    column), and the table keeps its roles whatever the layout."""
    html = sheet(with_people())
    table = html[html.index('<table class="stats"'):]
    table = table[:table.index("</table>")]
    heads = re.findall(r'<th scope="col" role="columnheader">([^<]*)</th>', table)
    row = table[table.index("<tbody"):]
    row = row[:row.index("</tr>")]
    named = re.findall(r'<td role="cell"><span class="cell-head" aria-hidden="true">([^<]*)'
                       r'</span>[^<]*</td>', row)
    assert heads[0] == "Variant" and named == heads[1:] and len(named) >= 9
    assert 'role="table"' in table and 'role="rowheader"' in row
