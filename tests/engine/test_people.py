"""Several people at one table (pass and play): Session's `people` and per-seat `levels`.

Several person seats act exactly when the engine says they are to act, and only through
play_human (an AI's turn refuses a person's move, a person's turn refuses an AI's, and a
refusal changes nothing). A person may take back their own last move with the AIs' replies
since, but never across another person's move (nobody takes back someone else's) nor a card
turned up: why_no_undo is checked after every move of whole random games against a record
kept here, and random undos must give back exactly the position before the person's move.
Saves carry who sits where (`people`, `levels`), and a save whose seating is not what
`seating()` writes is a SaveError with a reason, never a crash.
On Pyodide (tests/pyodide), where pure Python is several times slower, the loop over seeded
games plays the first two seeds only (the property's examples are capped there too).
"""

from __future__ import annotations

import json
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import registry
from kozyr.protocol import IllegalMove, Reason
from kozyr.session import SaveError, Session
from test_undo import assert_same, picture

NOT_YOURS = "it is not your turn"
NO_AI = "no AI is to act"
NOBODY = "nobody plays at this table"
OVER = "the game is over"
NO_MOVE = "you have not made a move yet"
OTHER = "someone else has played since your last move: it cannot be taken back"
TURNED = "a card was turned up since your last move: it cannot be taken back"
MOVE_BOUND = 3000
UNDO_CAP = 6  # undos per random game

# tables with room for two or three people and at least one AI (Advantage: two people)
CONFIGS = [
    ("durak", {"players": 3}), ("durak", {"players": 4, "teams": True}),
    ("durak", {"players": 5, "deck": 36}), ("stump", {"players": 3}), ("stump", {"players": 4}),
    ("garbage", {"players": 3}), ("memory", {"players": 3}), ("memory", {"players": 4}),
    ("advantage", {}),
]


def refuses(session, call, move, reason: str) -> None:
    """`call(move)` raises IllegalMove with `reason` and changes nothing."""
    before, steps = picture(session), list(session.steps)
    with pytest.raises(IllegalMove) as exc:
        call(move)
    assert str(exc.value) == reason
    assert_same(picture(session), before, f"a refused {call.__name__} changed the state")
    assert session.steps == steps


def expected_undo(session, record: list[tuple[int, bool]], person: int) -> str:
    """Why `person` may not undo now, from the record kept here (seat, turned a card up)."""
    if session.over():
        return OVER
    mine = [i for i, (seat, _) in enumerate(record) if seat == person]
    if not mine:
        return NO_MOVE
    since = record[mine[-1]:]
    if any(seat != person and seat in session.people for seat, _ in since):
        return OTHER
    if any(shown for _, shown in since):
        return TURNED
    return ""


# --- 1. whole random games: who acts, who may take back what -------------------------------------

@st.composite
def tables(draw):
    name, options = draw(st.sampled_from(CONFIGS))
    players = registry.get(name).new_game(options, 0).options["players"]
    count = draw(st.integers(2, min(3, players)))
    people = tuple(draw(st.permutations(range(players)))[:count])
    return name, options, people, draw(st.integers(0, 10_000)), draw(st.integers(0, 2**31))


def play_checked(name: str, options: dict, people: tuple[int, ...], seed: int,
                 moves_seed: int) -> dict:
    session = Session(name, options, seed, people=people, level="easy")
    players = session.options["players"]
    rng = random.Random(moves_seed)
    assert session.people == people and session.human == people[0]
    assert set(session.ais) == set(session.levels) == set(range(players)) - set(people)
    record: list[tuple[int, bool]] = []
    before_move: dict[int, Session] = {}  # the position before each person's move, by index
    counts = {"undos": 0, "refused": 0, "person": 0, "ai": 0}
    for _ in range(MOVE_BOUND):
        assert session.steps == record
        for p in people:
            why = session.why_no_undo(p)
            assert why == expected_undo(session, record, p), (p, record[-6:])
            assert isinstance(why, Reason) or why == ""
        for ai_seat in session.ais:
            assert session.why_no_undo(ai_seat) == NOBODY
        if session.over():
            break
        seat = session.to_act
        assert session.person_to_act() == (seat in people)
        assert session.ai_to_act() == (seat not in people)
        legal = session.game.legal_moves(session.state)
        move = rng.choice(legal)
        # now and then a random undo by a person who may take their move back
        free = [p for p in people if session.why_no_undo(p) == ""]
        if free and counts["undos"] < UNDO_CAP and rng.random() < 0.1:
            p = rng.choice(free)
            mine = max(i for i, (s, _) in enumerate(record) if s == p)
            undone = record[mine:]
            assert all(s == p or s not in people for s, _ in undone), "took back another's move"
            assert session.undo(p) == len(undone)
            assert_same(picture(session), picture(before_move[mine]), f"undo by seat {p}")
            assert session.to_act == p
            del record[mine:]
            before_move = {i: pic for i, pic in before_move.items() if i < mine}
            counts["undos"] += 1
            continue
        if rng.random() < 0.05:  # the wrong kind of seat is refused, and nothing changes
            counts["refused"] += 1
            if seat in people:
                refuses(session, session.play_ai, move, NO_AI)
            else:
                refuses(session, session.play_human, move, NOT_YOURS)
                assert session.why_not_move(str(move)) == NOT_YOURS
        revealed = session.state.revealed
        if seat in people:
            before_move[len(record)] = session.fork()
            session.play_human(move)
            counts["person"] += 1
        else:
            session.play_ai(move)
            counts["ai"] += 1
        record.append((seat, session.state.revealed > revealed))
    else:
        raise AssertionError(f"{name} seed {seed}: no end after {MOVE_BOUND} moves")
    for p in people:  # a finished game is taken back by nobody
        with pytest.raises(IllegalMove, match=OVER):
            session.undo(p)
    return counts


@settings(max_examples=30)
@given(tables())
def test_people_act_in_the_engines_order_and_take_back_only_their_own(table):
    name, options, people, seed, moves_seed = table
    counts = play_checked(name, options, people, seed, moves_seed)
    assert counts["person"] > 0


def test_the_random_games_reach_every_case():
    """The property's games are not vacuous: undos, refusals and moves of both kinds of seat
    happen in a few plain games of each kind of table."""
    total = {"undos": 0, "refused": 0, "person": 0, "ai": 0}
    for i, (name, options) in enumerate(CONFIGS[:4]):
        for key, n in play_checked(name, options, (0, 1), i, i).items():
            total[key] += n
    assert all(total.values()), total


# --- 2. positions built on purpose ---------------------------------------------------------------

ANN, BORIS, AI = 0, 1, 2  # Durak for three: two people and an AI


def reach(predicate, seed: int = 1, games: int = 40) -> tuple[Session, dict[int, Session]]:
    """A Durak position for Ann, Boris and an AI where `predicate(steps)` holds, reached by
    random moves; with the position before each of the moves."""
    for g in range(games):
        session = Session("durak", {"players": 3}, seed + g, people=(ANN, BORIS))
        rng = random.Random(g)
        before: dict[int, Session] = {}
        while not session.over():
            if predicate(session.steps):
                return session, before
            before[len(session.steps)] = session.fork()
            move = rng.choice(session.game.legal_moves(session.state))
            (session.play_human if session.person_to_act() else session.play_ai)(move)
    raise AssertionError("no such position in the games tried")


def test_ann_cannot_take_back_her_move_once_boris_has_moved():
    """Ann moves, the AI replies, Boris moves (no card turned up): Ann's move is Boris's past."""
    def pattern(steps):
        return (len(steps) >= 3 and [s for s, _ in steps[-3:]] == [ANN, AI, BORIS]
                and not any(shown for _, shown in steps[-3:]))

    session, before = reach(pattern)
    assert session.why_no_undo(ANN) == OTHER
    before_all, steps = picture(session), list(session.steps)
    with pytest.raises(IllegalMove) as exc:
        session.undo(ANN)
    assert str(exc.value) == OTHER and isinstance(exc.value.args[0], Reason)
    assert_same(picture(session), before_all, "a refused undo changed the game")
    assert session.steps == steps
    # Boris may take back his own move, and only it: Ann's and the AI's stay
    n = len(steps)
    assert session.why_no_undo(BORIS) == ""
    assert session.undo(BORIS) == 1
    assert_same(picture(session), picture(before[n - 1]), "Boris's undo")
    assert [s for s, _ in session.steps[-2:]] == [ANN, AI]
    assert session.to_act == BORIS


def test_ann_takes_back_her_move_with_the_ais_replies():
    """Ann moves, the AI replies (Boris has not moved since, nothing turned up): Ann's undo
    takes back exactly her move and the AI's replies; Boris cannot take back her move."""
    def pattern(steps):
        if len(steps) < 2 or steps[-1][0] != AI or any(shown for _, shown in steps[-2:]):
            return False
        anns = [i for i, (s, _) in enumerate(steps) if s == ANN]
        if not anns:
            return False
        since = steps[anns[-1]:]
        return (not any(shown for _, shown in since)
                and all(s != BORIS for s, _ in since)
                and all(s != BORIS for s, _ in steps))  # Boris has not moved yet

    session, before = reach(pattern)
    anns = [i for i, (s, _) in enumerate(session.steps) if s == ANN]
    replies = len(session.steps) - anns[-1] - 1
    assert replies >= 1
    assert session.why_no_undo(BORIS) == NO_MOVE  # Boris has no move of his own to take back
    with pytest.raises(IllegalMove, match=NO_MOVE):
        session.undo(BORIS)
    assert session.why_no_undo(ANN) == ""
    assert session.undo(ANN) == 1 + replies
    assert_same(picture(session), picture(before[anns[-1]]), "Ann's undo")
    assert session.to_act == ANN and len(session.steps) == anns[-1]


def test_boris_never_takes_back_anns_move():
    """Whenever Boris may undo, everything his undo takes back is his own move and the AIs'."""
    seen = 0
    for seed in range(2 if sys.platform == "emscripten" else 6):
        session = Session("durak", {"players": 3}, seed, people=(ANN, BORIS))
        rng = random.Random(seed)
        while not session.over():
            if session.why_no_undo(BORIS) == "":
                last = max(i for i, (s, _) in enumerate(session.steps) if s == BORIS)
                assert ANN not in [s for s, _ in session.steps[last:]]
                twin = session.fork()
                history = list(twin.state.history)
                twin.undo(BORIS)
                assert twin.state.history == history[:last]
                seen += 1
            move = rng.choice(session.game.legal_moves(session.state))
            (session.play_human if session.person_to_act() else session.play_ai)(move)
    assert seen > 0


def test_a_seat_is_a_person_or_an_ai_never_both():
    for people in [(0, 1), (2, 0), (1, 2, 3)]:
        session = Session("stump", {"players": 4}, 3, people=people, levels={0: "hard"})
        assert session.people == people and session.human == people[0]
        assert set(session.ais).isdisjoint(people)
        assert set(session.ais) | set(people) == set(range(4))
    for bad in [(0, 4), (0, 0), (-1,), ("0",), (True, 1)]:
        with pytest.raises(Exception) as exc:
            Session("stump", {"players": 4}, 3, people=bad)
        assert str(exc.value)


# --- 3. saves ---------------------------------------------------------------------------------

def played(session: Session, moves: int, seed: int = 0) -> Session:
    rng = random.Random(seed)
    for _ in range(moves):
        if session.over():
            break
        move = rng.choice(session.game.legal_moves(session.state))
        (session.play_human if session.person_to_act() else session.play_ai)(move)
    return session


@pytest.mark.parametrize("name,options,people,levels", [
    ("durak", {"players": 4}, (0, 3), {1: "easy", 2: "hard"}),
    ("durak", {"players": 3}, (0, 1), None),
    ("stump", {"players": 3}, (2, 0), {1: "hard"}),
    ("memory", {"players": 3}, (0, 1, 2), None),
    ("garbage", {"players": 4}, (1, 3), {0: "easy", 2: "normal"}),
    ("advantage", {}, (1, 0), None),
    ("durak", {"players": 4}, (0,), {1: "easy", 2: "hard"}),  # one person, AIs of own levels
])
def test_a_save_keeps_who_sits_where(name, options, people, levels):
    session = played(Session(name, options, 7, people=people, level="normal", levels=levels),
                     30)
    data = json.loads(session.dumps())
    own = {str(s): lv for s, lv in (levels or {}).items() if lv != "normal"}
    assert data.get("people") == (list(people) if len(people) > 1 else None)
    assert data.get("levels") == (own or None)
    loaded = Session.load(session.dumps())
    assert loaded.people == session.people and loaded.human == session.human
    assert loaded.levels == session.levels
    assert loaded.levels == {s: (levels or {}).get(s, "normal")
                             for s in range(session.options["players"]) if s not in people}
    assert {s: type(p) for s, p in loaded.ais.items()} == \
        {s: type(p) for s, p in session.ais.items()}
    assert loaded.steps == session.steps
    assert loaded.state.history == session.state.history and loaded.to_act == session.to_act
    for p in people:
        assert loaded.why_no_undo(p) == session.why_no_undo(p)
    assert Session.load(loaded.dumps()).seating() == session.seating()
    # the next deal at the same table keeps the seating too
    if not session.over():
        played(session, MOVE_BOUND)
    following = session.next_deal(8)
    assert (following.people, following.levels) == (session.people, session.levels)


def test_a_table_of_one_person_writes_no_seating():
    """A save of one person against AIs of one level is written as before there were more."""
    data = Session("durak", {"players": 3}, 1, human=0).save()
    assert "people" not in data and "levels" not in data
    loaded = Session.load(data)
    assert loaded.people == (0,) and loaded.levels == {1: "normal", 2: "normal"}


def test_levels_may_differ_per_seat():
    session = Session("durak", {"players": 4}, 2, people=(0, 3), levels={1: "easy", 2: "hard"})
    assert session.levels == {1: "easy", 2: "hard"}
    assert session.seating() == {"people": [0, 3], "levels": {"1": "easy", "2": "hard"}}
    assert type(session.ais[1]) is not type(session.ais[2])


def good_save() -> dict:
    return played(Session("durak", {"players": 3}, 4, people=(0, 1)), 12).save()


BAD_SEATING = [
    ("people not a list", {"people": "0,1"}),
    ("people a mapping", {"people": {"0": 0, "1": 1}}),
    ("people a number", {"people": 2}),
    ("a seat not a number", {"people": [0, "1"]}),
    ("a seat a flag", {"people": [True, 1]}),
    ("a seat out of range", {"people": [0, 3]}),
    ("a negative seat", {"people": [-1, 0]}),
    ("a seat twice", {"people": [0, 0]}),
    ("levels not a mapping", {"levels": ["easy"]}),
    ("a level's seat not a number", {"levels": {"two": "easy"}}),
    ("a level not a word", {"levels": {"2": 3}}),
    ("an unknown level", {"levels": {"2": "godlike"}}),
]


@pytest.mark.parametrize("what,change", BAD_SEATING, ids=[w for w, _ in BAD_SEATING])
def test_bad_seating_in_a_save_is_a_save_error(what, change):
    data = {**good_save(), **change}
    for saved in (data, json.dumps(data)):
        with pytest.raises(SaveError) as exc:
            Session.load(saved)
        reason = str(exc.value)
        assert reason.startswith("the saved game is damaged: ") and len(reason) > 30, reason
