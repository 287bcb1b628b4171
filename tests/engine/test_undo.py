"""Taking a move back at the table: Session.undo, Session.why_no_undo and State.revealed.

Undo takes back the person's last move with the opponents' replies since, and never past a
card turned up from where nobody sees (a draw from the stock, a face-down card turned), so it
can never be used to peek. After an undo the game must be exactly where it was just before the
person's move: every seat's view, the history, the seat to act and the `revealed` counter.

The random games here play seat 0 by a seeded rng and the AIs by their own; one rng decides
when to undo, with a cap per game, so every game ends. On Pyodide (tests/pyodide), where pure
Python is several times slower, the loops over seeded games play the first two seeds only: they
check the runtime there, and CPython plays them all.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

from kozyr import registry
from kozyr.protocol import IllegalMove, Reason
from kozyr.session import Session
from protocol_checks import snapshot

HUMAN = 0
NOBODY = "nobody plays at this table"
OVER = "the game is over"
NO_MOVE = "you have not made a move yet"
TURNED = "a card was turned up since your last move: it cannot be taken back"
MOVE_BOUND = 3000  # moves per game, undone ones included: none may run away
UNDO_CAP = 25  # undos per random game
PYODIDE = sys.platform == "emscripten"  # fewer seeded games there (see above)


# --- helpers ----------------------------------------------------------------------------------

def picture(session) -> dict:
    """What an undo must give back: every seat's view, the history, who acts, the reveal
    counter, and (stricter still) every field of the state."""
    state, game = session.state, session.game
    return {"views": [json.dumps(game.view(state, s), sort_keys=True)
                      for s in range(state.players)],
            "history": list(state.history), "to_act": state.to_act,
            "revealed": state.revealed, "fields": snapshot(game, state)}


def assert_same(now: dict, then: dict, what: str):
    for key in ("history", "to_act", "revealed", "views", "fields"):
        assert now[key] == then[key], f"{what}: {key} differs"


def refused(session, reason: str) -> None:
    """why_no_undo gives `reason`, and undo raises IllegalMove with it, changing nothing."""
    why = session.why_no_undo()
    assert why == reason
    assert isinstance(why, Reason), "why_no_undo must give a Reason, not a plain string"
    before, steps = picture(session), list(session.steps)
    with pytest.raises(IllegalMove) as exc:
        session.undo()
    assert str(exc.value) == reason
    assert isinstance(exc.value.args[0], Reason)
    assert_same(picture(session), before, f"a refused undo ({reason}) changed the state")
    assert session.steps == steps


def person_move(session, rng) -> str:
    move = rng.choice(session.game.legal_moves(session.state))
    session.play_human(move)
    return str(move)


def new_events(session, since: int) -> list[dict]:
    return session.state.log[since:]


# --- 1. random games of every game ----------------------------------------------------------

# every game's default table, and one other size where the game has one
CONFIGS = [(name, {}) for name in registry.GAMES] + [
    ("durak", {"players": 3}), ("stump", {"players": 2}), ("garbage", {"players": 3}),
    ("memory", {"players": 2}),
]
SEEDS = range(2 if PYODIDE else 6)


def play_with_undos(name: str, options: dict, seed: int) -> dict:
    """A game where seat 0 moves at random and undoes at random; checks every undo and every
    refusal against a record kept here (not Session.steps). Returns counts."""
    session = Session(name, options, seed, human=HUMAN, level="easy")
    rng = random.Random(seed * 1009 + len(options))
    # the record: per move, (seat, revealed before, revealed after), and a picture of the state
    # before each of the person's moves, by the move's index in the history
    record: list[tuple[int, int, int]] = []
    before_mine: dict[int, dict] = {}
    counts = {"undos": 0, "undone": 0, "turned": 0, "moves": 0}
    for _ in range(MOVE_BOUND):
        assert len(record) == len(session.state.history) == len(session.steps)
        assert session.steps == [(seat, after > before) for seat, before, after in record]
        mine = [i for i, (seat, _, _) in enumerate(record) if seat == HUMAN]
        if session.over():
            break
        why = session.why_no_undo()
        if not mine:
            assert why == NO_MOVE
        elif session.state.revealed > record[mine[-1]][1]:
            assert why == TURNED
        else:
            assert why == ""
        if why == TURNED:  # some move since the person's last one showed a card
            assert any(after > before for _, before, after in record[mine[-1]:])
            counts["turned"] += 1
        if why and rng.random() < 0.2:
            refused(session, why)
        if not why and counts["undos"] < UNDO_CAP and rng.random() < 0.35:
            if rng.random() < 0.2:  # sometimes through a save first: it must not matter
                loaded = Session.load(session.dumps())
                assert loaded.steps == session.steps
                assert loaded.why_no_undo() == ""
                assert loaded.undo() == len(record) - mine[-1]
                assert_same(picture(loaded), before_mine[mine[-1]], "undo after loading")
            undone = record[mine[-1]:]
            assert all(after == before for _, before, after in undone), \
                "an undo took back a move that turned a card up"
            assert session.undo() == len(undone)
            assert_same(picture(session), before_mine[mine[-1]], f"{name} seed {seed}: undo")
            assert session.to_act == HUMAN
            del record[mine[-1]:]
            for index in [i for i in before_mine if i >= mine[-1]]:
                del before_mine[index]
            counts["undos"] += 1
            counts["undone"] += len(undone)
            continue
        seat, revealed = session.to_act, session.state.revealed
        if session.ai_to_act():
            session.step_ai()
        else:
            assert seat == HUMAN
            before_mine[len(record)] = picture(session)
            person_move(session, rng)
        record.append((seat, revealed, session.state.revealed))
        assert session.state.revealed >= revealed, "the reveal counter went down"
        counts["moves"] += 1
    else:
        raise AssertionError(f"{name} seed {seed}: no end after {MOVE_BOUND} moves")
    refused(session, OVER)
    assert session.result() is not None
    return counts


@pytest.mark.parametrize("name,options", CONFIGS,
                         ids=[f"{n}-{o.get('players', 'default')}" for n, o in CONFIGS])
def test_random_undos_give_back_the_state_before_the_persons_move(name, options):
    total = {"undos": 0, "undone": 0, "turned": 0, "moves": 0}
    for seed in SEEDS:
        for key, value in play_with_undos(name, options, seed).items():
            total[key] += value
    assert total["turned"] > 0, f"{name}: no move ever turned a card up"
    if name != "memory":  # in Memory every call turns a card: nothing can be taken back
        assert total["undos"] > 0, f"{name}: undo was never allowed in {len(SEEDS)} games"
    else:
        assert total["undos"] == 0


def hidden(game: str, view: dict) -> int:
    """Cards in places nobody sees, as the public part of a view counts them (Memory's piles
    are not counted: its calls and start cards are counted from the log instead)."""
    if game in ("durak", "advantage"):
        return view["stock"]
    if game == "stump":
        return view["stock"] + sum(view["stumps"])
    if game == "garbage":
        return sum(row.count(None) for row in view["layouts"])
    return 0


def turned_by(game: str, before: dict, after: dict, events: list[dict]) -> int:
    """How many cards a move turned up, from the views before and after it and its log."""
    if game == "memory":
        return sum(e["event"] in ("start", "call") for e in events)
    if game == "garbage":  # a draw shows the stock's top; a reshuffle makes a new stock
        return sum(e["event"] == "draw" for e in events) + hidden(game, before) - \
            hidden(game, after)
    return hidden(game, before) - hidden(game, after)


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_each_game_counts_exactly_the_cards_it_turns_up(name):
    """Every move raises `revealed` by the cards it took from the stock or turned face up,
    no more (a move that shows nothing new can be taken back) and no fewer."""
    game = registry.get(name)
    moves = 0
    for seed in range(4):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        session = Session(name, {"players": min(players, 4)}, seed, human=None, level="easy")
        while not session.over():
            before, logged = session.view(0), len(session.state.log)
            revealed = session.state.revealed
            session.step_ai()
            moves += 1
            events = new_events(session, logged)
            assert session.state.revealed - revealed == \
                turned_by(name, before, session.view(0), events), (seed, events)
            assert session.steps[-1][1] == (session.state.revealed > revealed)
    assert moves > 50


# --- 2. each game's own moves that turn a card ------------------------------------------------

def until_human(session) -> None:
    while not session.over() and session.ai_to_act():
        session.step_ai()


def test_durak_draw_after_a_bout_cannot_be_undone():
    found = 0
    for seed in range(30):
        session = Session("durak", {}, seed, human=HUMAN, level="easy")
        rng = random.Random(seed)
        until_human(session)
        while not session.over() and found < 10:
            stock, logged = session.view()["stock"], len(session.state.log)
            bout = session.state.bout
            revealed = session.state.revealed
            person_move(session, rng)
            draws = [e for e in new_events(session, logged) if e["event"] == "draw"]
            if draws:
                assert stock and session.state.bout != bout  # the move ended the bout
                assert session.view()["stock"] < stock
                assert session.state.revealed == revealed + stock - session.view()["stock"]
                assert session.steps[-1] == (HUMAN, True)
                refused(session, TURNED)
                found += 1
            else:
                assert session.state.revealed == revealed and session.steps[-1] == (HUMAN, False)
                if not session.over():
                    assert session.why_no_undo() == ""
            until_human(session)
        if found >= 10:
            break
    assert found >= 10, "no bout of the person's ended with a draw"


def test_durak_undo_inside_a_bout_takes_back_the_attack_and_the_beat():
    found = 0
    for seed in range(60):
        session = Session("durak", {}, seed, human=HUMAN, level="easy")
        until_human(session)
        view = session.view()
        if view["phase"] != "attack" or session.to_act != HUMAN:
            continue
        bout, before = session.state.bout, picture(session)
        attack = next(m for m in session.game.legal_moves(session.state) if m.kind == "attack")
        session.play_human(attack)
        assert session.why_no_undo() == ""  # nothing turned yet: the AI has not answered
        reply = session.step_ai()
        if reply.kind != "beat" or session.to_act != HUMAN or session.state.bout != bout:
            continue  # the AI took, or the bout ended
        assert session.state.revealed == before["revealed"]
        assert session.view()["table"]  # still inside the bout
        assert session.why_no_undo() == ""
        assert session.undo() == 2
        assert_same(picture(session), before, f"seed {seed}: undo of attack and beat")
        assert session.steps == []
        refused(session, NO_MOVE)
        # and the person can play on from there, as if nothing had happened
        session.play_human(attack)
        assert session.state.history == [str(attack)]
        found += 1
        if found == 3:
            break
    assert found == 3, "no attack answered by a beat inside the first bout"


def test_memory_every_call_turns_a_card_so_nothing_is_taken_back():
    calls = 0
    for players in (2, 3, 4):
        for seed in range(3):
            session = Session("memory", {"players": players}, seed, human=HUMAN, level="easy")
            rng = random.Random(seed)
            until_human(session)
            if not session.over():
                refused(session, NO_MOVE)
            while not session.over():
                revealed, logged = session.state.revealed, len(session.state.log)
                move = person_move(session, rng)
                calls += 1
                assert session.state.revealed > revealed
                assert any(e["event"] == "call" and e["seat"] == HUMAN
                           for e in new_events(session, logged))
                assert session.steps[-1] == (HUMAN, True), move
                refused(session, OVER if session.over() else TURNED)
                until_human(session)
                if not session.over():
                    refused(session, TURNED)
    assert calls > 20


def test_memory_start_card_counts_as_turned():
    """The start card on an empty centre comes off a face-down pile."""
    found = 0
    for seed in range(10):
        session = Session("memory", {"players": 2}, seed, human=None, level="easy")
        assert any(e["event"] == "start" for e in session.state.log)
        assert session.state.revealed == 1  # the first start card, before any move
        while not session.over():
            revealed, logged = session.state.revealed, len(session.state.log)
            session.step_ai()
            events = new_events(session, logged)
            turned = sum(e["event"] in ("start", "call") for e in events)
            assert session.state.revealed - revealed == turned
            found += any(e["event"] == "start" for e in events)
    assert found > 0


def test_garbage_draw_cannot_be_undone():
    found = 0
    for seed in range(10):
        session = Session("garbage", {}, seed, human=HUMAN, level="easy")
        until_human(session)
        while not session.over():
            moves = session.game.legal_moves(session.state)
            draw = next((m for m in moves if m.kind == "draw"), None)
            if draw is None:
                break
            revealed = session.state.revealed
            session.play_human(draw)
            assert session.state.revealed > revealed
            assert session.steps[-1] == (HUMAN, True)
            refused(session, OVER if session.over() else TURNED)
            found += 1
            until_human(session)
            if not session.over():
                refused(session, TURNED)  # the replies drew too, or the draw still blocks
    assert found > 5


def test_garbage_take_that_turns_nothing_can_be_undone_and_one_that_turns_cannot():
    plain, turning = 0, 0
    for seed in range(60):
        session = Session("garbage", {}, seed, human=HUMAN, level="easy")
        rng = random.Random(seed)
        until_human(session)
        while not session.over():
            moves = session.game.legal_moves(session.state)
            take = next((m for m in moves if m.kind == "take"), None)
            if take is None:
                session.play_human(rng.choice(moves))
                until_human(session)
                continue
            before = picture(session)
            layout = session.view()["layouts"][HUMAN]
            session.play_human(take)
            if session.state.revealed == before["revealed"]:
                # the taken card went nowhere face down (it did not place, or it displaced a
                # face-up card): nothing new was seen, so the take can be taken back
                assert session.steps[-1] == (HUMAN, False)
                assert session.view()["layouts"][HUMAN].count(None) == layout.count(None)
                if session.over():
                    refused(session, OVER)
                    break
                assert session.why_no_undo() == ""
                assert session.undo() == 1
                assert_same(picture(session), before, f"seed {seed}: undo of a take")
                plain += 1
                break
            turning += 1
            assert session.view()["layouts"][HUMAN].count(None) < layout.count(None)
            refused(session, OVER if session.over() else TURNED)
            until_human(session)
        if plain >= 3 and turning >= 3:
            break
    assert plain >= 3, "no take of the person's that turned nothing up"
    assert turning >= 3, "no take of the person's that turned a face-down card"


def test_advantage_help_draws_after_a_move_refuse_undo():
    """A help-draw (a seat that cannot match draws one) follows a move inside its step: after
    the person's move, or after an AI's reply, it blocks taking the person's move back."""
    helped, replies, plain = 0, 0, 0
    for seed in range(80):
        session = Session("advantage", {}, seed, human=HUMAN, level="easy")
        rng = random.Random(seed)
        until_human(session)
        while not session.over():
            revealed, logged = session.state.revealed, len(session.state.log)
            move = person_move(session, rng)
            draws = [e for e in new_events(session, logged) if e["event"] == "draw"]
            assert session.state.revealed - revealed == sum(len(e["cards"]) for e in draws)
            if any(e["why"] == "help" for e in draws):
                assert session.steps[-1] == (HUMAN, True)
                refused(session, OVER if session.over() else TURNED)
                helped += 1
            elif not draws and not session.over():
                assert session.steps[-1] == (HUMAN, False)
                assert session.why_no_undo() == "", move
                plain += 1
            mine = len(session.state.log)
            until_human(session)
            if session.over():
                continue
            later = [e for e in new_events(session, mine) if e["event"] == "draw"]
            if any(e["why"] == "help" for e in later):
                refused(session, TURNED)  # an AI's reply ended in a help-draw
                replies += 1
            elif not draws and not later:
                assert session.why_no_undo() == ""
        if helped >= 2 and replies >= 2 and plain >= 3:
            break
    assert helped >= 2, "no move of the person's was followed by a help-draw"
    assert replies >= 2, "no AI reply to a move of the person's was followed by a help-draw"
    assert plain >= 3, "no move of the person's drew nothing"


def test_stump_draw_and_stump_pickup_refuse_undo():
    drew, stump = 0, 0
    for seed in range(40):
        for players in (2, 3):
            session = Session("stump", {"players": players}, seed, human=HUMAN, level="easy")
            rng = random.Random(seed)
            until_human(session)
            while not session.over():
                revealed, logged = session.state.revealed, len(session.state.log)
                person_move(session, rng)
                events = new_events(session, logged)
                mine = [e for e in events if e["event"] in ("draw", "stump")]
                if mine:
                    assert session.state.revealed > revealed
                    refused(session, OVER if session.over() else TURNED)
                    drew += any(e["event"] == "draw" for e in mine)
                    stump += any(e["event"] == "stump" for e in mine)
                else:
                    assert session.state.revealed == revealed
                until_human(session)
        if drew >= 10 and stump >= 2:
            break
    assert drew >= 10, "no draw after a move of the person's"
    assert stump >= 2, "nobody picked up their stump after a move of the person's"


# --- 3. when there is nothing to take back ----------------------------------------------------

@pytest.mark.parametrize("name", list(registry.GAMES))
def test_no_move_yet_game_over_and_nobody(name):
    session = Session(name, {}, 3, human=HUMAN, level="easy")
    refused(session, NO_MOVE)
    until_human(session)  # the AIs' moves are not the person's
    if not session.over():
        refused(session, NO_MOVE)
    rng = random.Random(3)
    for _ in range(MOVE_BOUND):
        if session.over():
            break
        if session.ai_to_act():
            session.step_ai()
        else:
            person_move(session, rng)
    refused(session, OVER)

    watched = Session(name, {}, 3, human=None, level="easy")
    refused(watched, NOBODY)
    watched.step_ai()
    refused(watched, NOBODY)


def test_reasons_are_messages_for_a_ui():
    session = Session("durak", {}, 0, human=HUMAN, level="easy")
    why = session.why_no_undo()
    assert isinstance(why, Reason) and why.message == NO_MOVE and why.params == {}


# --- 4. saving keeps what can be taken back ----------------------------------------------------

def test_undo_after_loading_is_the_same_as_before_saving():
    """At each of the person's turns: save, load, and the loaded table refuses or allows undo
    as the original does, and an undo gives both the same state."""
    checked = {"allowed": 0, "refused": 0}
    for seed in range(2 if PYODIDE else 8):
        session = Session("durak", {"players": 3}, seed, human=HUMAN, level="easy")
        rng = random.Random(seed)
        pictures = {}
        undos = 0
        for _ in range(MOVE_BOUND):
            if session.over():
                break
            if session.ai_to_act():
                session.step_ai()
                continue
            why = session.why_no_undo()
            loaded = Session.load(session.dumps())
            assert loaded.steps == session.steps
            assert loaded.why_no_undo() == why
            assert_same(picture(loaded), picture(session), "loading")
            if why:
                refused(loaded, why)
                checked["refused"] += why == TURNED
            elif undos < 4 and rng.random() < 0.5:
                keep = max(i for i, (seat, _) in enumerate(session.steps) if seat == HUMAN)
                taken = len(session.steps) - keep
                assert session.undo() == taken
                assert loaded.undo() == taken
                assert_same(picture(loaded), pictures[keep], "undo after loading")
                assert_same(picture(session), pictures[keep], "undo before saving")
                assert loaded.steps == session.steps
                assert loaded.dumps() == session.dumps()
                checked["allowed"] += 1
                undos += 1
            pictures[len(session.state.history)] = picture(session)
            person_move(session, rng)
    assert checked["allowed"] >= 5 and checked["refused"] >= 5, checked


def test_loading_a_game_whose_last_move_drew_refuses_undo():
    for seed in range(20):
        session = Session("durak", {}, seed, human=HUMAN, level="easy")
        rng = random.Random(seed)
        until_human(session)
        while not session.over():
            person_move(session, rng)
            if session.steps[-1] == (HUMAN, True) and not session.over():
                loaded = Session.load(session.dumps())
                assert loaded.steps == session.steps
                refused(loaded, TURNED)
                return
            until_human(session)
    raise AssertionError("no move of the person's drew in 20 games")


# --- a forced ending (the page's "Play it out") -------------------------------------------------

def test_a_forced_rest_is_played_out_and_a_choice_is_not():
    found = 0
    for seed in range(30):
        session = Session("durak", {"deck": 24}, seed, human=0, level="easy")
        rng = random.Random(seed)
        while not session.over():
            left = session.forced_rest()
            if left:
                copy = session.game.copy(session.state)
                for _ in range(left):  # every move left really is the only one
                    moves = session.game.legal_moves(copy)
                    assert len(moves) == 1
                    session.game.play_legal(copy, moves[0])
                assert session.game.is_over(copy)
                assert session.play_forced() == left and session.over()
                assert len(session.steps) == len(session.state.history)
                found += 1
                break
            if len(session.game.legal_moves(session.state)) > 1:
                assert session.play_forced() == 0  # a choice is left: nothing is played
            if session.ai_to_act():
                session.step_ai()
            else:
                session.play_human(rng.choice(session.game.legal_moves(session.state)))
    assert found >= 3, found
