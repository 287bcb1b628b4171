"""The rules protocol: moves as text, options, the registry, sessions and saved games."""

import json

import kozyr
from kozyr import registry
from kozyr.cards import cards
from kozyr.durak import DURAK
from kozyr.protocol import IllegalMove, KozyrError, Move, Option, OptionsError
from kozyr.session import SaveError, Session


def error_of(kind, fn, *args, **kwargs):
    """Call fn; it must raise exactly `kind` (or a subclass) with a message."""
    try:
        fn(*args, **kwargs)
    except kind as exc:
        assert str(exc), f"{kind.__name__} without a message"
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - the point is to name the wrong exception
        raise AssertionError(f"expected {kind.__name__}, got {type(exc).__name__}: {exc}")
    raise AssertionError(f"expected {kind.__name__}, nothing was raised")


# --- moves ---------------------------------------------------------------------------------

EVERY_KIND = [
    Move("attack", tuple(cards("7H"))),
    Move("attack", tuple(cards("7S 7H 7C"))),
    Move("throw", tuple(cards("10D"))),
    Move("throw", tuple(cards("9S 9D"))),
    Move("beat", tuple(cards("AH")), "10H"),
    Move("beat", tuple(cards("6D")), "KS"),
    Move("take"),
    Move("pass"),
    Move("transfer", tuple(cards("7D"))),
    Move("transfer", tuple(cards("QS QH"))),
    Move("show", tuple(cards("8D"))),
]


def test_move_text_round_trips_for_every_kind():
    for move in EVERY_KIND:
        text = str(move)
        assert Move.parse(text) == move, text
        assert str(Move.parse(text)) == text


def test_move_texts():
    assert str(Move("beat", tuple(cards("9H")), "7H")) == "beat 9H on 7H"
    assert str(Move("take")) == "take"
    assert str(Move("attack", tuple(cards("10S 10C")))) == "attack 10S 10C"


def test_move_json_carries_the_text():
    move = Move("beat", tuple(cards("9H")), "7H")
    data = move.to_json()
    assert data == {"kind": "beat", "cards": ["9H"], "target": "7H", "text": "beat 9H on 7H"}
    json.dumps(data)
    assert Move.parse(data["text"]) == move


def test_every_legal_move_of_a_game_round_trips():
    for players in (2, 3, 4):
        state = DURAK.new_game({"players": players, "transfer": True,
                                "show_trump_transfer": True}, seed=players)
        for _ in range(60):
            if DURAK.is_over(state):
                break
            moves = DURAK.legal_moves(state)
            for move in moves:
                assert Move.parse(str(move)) == move
            DURAK.apply(state, str(moves[len(moves) // 2]))


def test_move_parse_refuses_junk_with_illegal_move():
    for junk in ["", "   ", "beat 9H on", "beat on", "beat 9H on 7H extra", "attack 7X",
                 "attack 7H 1C", "on", "beat 9H on 7H on 8H"]:
        error_of(IllegalMove, Move.parse, junk)


def test_move_parse_refuses_a_target_without_a_verb():
    # "on 7H" has a target but no verb: IllegalMove, not a crash
    error_of(IllegalMove, Move.parse, "on 7H")


def test_illegal_move_is_a_kozyr_error():
    assert issubclass(IllegalMove, KozyrError)
    assert issubclass(OptionsError, KozyrError)
    assert issubclass(SaveError, KozyrError)


# --- options -------------------------------------------------------------------------------

def test_option_flag_checks_booleans():
    flag = Option("fast", "Fast", False)
    assert flag.check(True) is True
    assert flag.check(False) is False
    for wrong in (1, 0, "true", None, "yes"):
        reason = error_of(OptionsError, flag.check, wrong)
        assert "fast" in reason


def test_option_choice_checks_values():
    choice = Option("deck", "Deck", 36, (24, 36, 52))
    assert choice.check(24) == 24
    for wrong in (30, "36", None, True, [36]):
        reason = error_of(OptionsError, choice.check, wrong)
        assert "deck" in reason and "24, 36, 52" in reason


def test_option_choice_refuses_a_float_for_a_whole_number():
    # 2.0 == 2 in Python, but an option of seats or deck sizes takes whole numbers only
    choice = Option("players", "Players", 2, (2, 3, 4))
    error_of(OptionsError, choice.check, 2.0)


def test_new_game_refuses_float_players_with_options_error():
    reason = error_of(OptionsError, DURAK.new_game, {"players": 2.0}, 1)
    assert "players" in reason


def test_option_json():
    data = Option("deck", "Deck", 36, (24, 36, 52), "help").to_json()
    assert data["kind"] == "choice" and data["choices"] == [24, 36, 52]
    assert Option("teams", "Teams", False).to_json()["kind"] == "flag"
    json.dumps(DURAK.describe())


def test_unknown_option_is_named():
    reason = error_of(OptionsError, DURAK.new_game, {"jokers": True}, 1)
    assert "jokers" in reason
    assert "deck" in reason  # it lists the options there are


def test_wrong_type_and_bad_choice():
    reason = error_of(OptionsError, DURAK.new_game, {"teams": "yes"}, 1)
    assert "teams" in reason
    reason = error_of(OptionsError, DURAK.new_game, {"deck": 40}, 1)
    assert "deck" in reason and "40" in reason
    reason = error_of(OptionsError, DURAK.new_game, {"deck": "36"}, 1)
    assert "deck" in reason
    reason = error_of(OptionsError, DURAK.new_game, {"players": 1}, 1)
    assert "players" in reason
    reason = error_of(OptionsError, DURAK.new_game, {"players": 7}, 1)
    assert "players" in reason


def test_options_that_are_not_a_mapping_give_options_error():
    for junk in (5, "deck=36", ["deck", 36], [("deck", 36)], 3.5):
        error_of(OptionsError, DURAK.new_game, junk, 1)


def test_defaults_are_filled_in():
    state = DURAK.new_game(None, seed=3)
    assert state.options["players"] == 2
    assert state.options["deck"] == 36
    assert state.options["first_bout_limit"] == 5
    assert state.options["transfer"] is False
    assert DURAK.check_options({}) == DURAK.new_game({}, 3).options


# --- registry --------------------------------------------------------------------------------

def test_registry_knows_durak():
    assert registry.get("durak") is DURAK
    assert kozyr.get("durak") is DURAK
    names = [entry["name"] for entry in kozyr.catalogue()]
    assert "durak" in names
    json.dumps(kozyr.catalogue())


def test_unknown_game_is_an_error_naming_the_games():
    reason = error_of(OptionsError, registry.get, "poker")
    assert "poker" in reason and "durak" in reason


def test_session_for_an_unknown_game_is_an_error():
    error_of(KozyrError, Session, "poker")


# --- sessions ----------------------------------------------------------------------------------

def run(session, moves=40):
    """Play: the person always makes the first legal move, the AIs their own."""
    for _ in range(moves):
        if session.over():
            break
        if session.ai_to_act():
            session.step_ai()
        else:
            session.play_human(session.game.legal_moves(session.state)[0])
    return session


def views(session):
    return [json.dumps(session.game.view(session.state, s), sort_keys=True)
            for s in range(session.options["players"])]


def test_session_plays_and_views():
    session = Session("durak", {"players": 3}, seed=11, human=0, level="easy")
    view = session.view()
    assert view["seat"] == 0
    json.dumps(view)
    run(session, 30)
    assert len(session.state.history) > 0


def test_save_load_round_trip():
    for level in ("easy", "normal"):
        session = run(Session("durak", {"players": 3, "transfer": True}, seed=21, level=level), 50)
        data = session.save()
        json.dumps(data)
        again = Session.load(data)
        assert again.state.history == session.state.history
        assert views(again) == views(session)
        again = Session.load(session.dumps())
        assert views(again) == views(session)
        assert again.save() == session.save()


def test_save_load_after_the_game_is_over():
    session = run(Session("durak", {"players": 2}, seed=5, level="easy"), 5000)
    assert session.over()
    again = Session.load(session.dumps())
    assert again.over() and again.result() == session.result()


def test_loaded_session_plays_on_like_the_original():
    session = run(Session("durak", {"players": 2}, seed=8, level="normal"), 20)
    again = Session.load(session.dumps())
    run(session, 30)
    run(again, 30)
    assert views(again) == views(session)


def test_save_keeps_the_match():
    session = Session("durak", {"players": 3}, seed=4, match={"fool": 2})
    again = Session.load(session.dumps())
    assert again.state.dealer == 2 == session.state.dealer
    assert again.state.match == {"fool": 2}


def test_next_deal_follows_the_result():
    session = run(Session("durak", {"players": 3}, seed=9, level="easy"), 5000)
    result = session.result()
    nxt = session.next_deal(10)
    if result["draw"]:
        assert nxt.state.dealer == session.state.dealer
    else:
        assert nxt.state.dealer == result["fool"]


def bad_load(data):
    return error_of(SaveError, Session.load, data)


def good_save():
    return run(Session("durak", {"players": 2}, seed=3, level="easy"), 12).save()


def test_corrupt_saves_not_json():
    for junk in ["", "not json", "{", "[1, 2", "\x00", "null", "42", "[]", '"text"', "{}"]:
        bad_load(junk)
    for junk in [None, 42, [], ["format"], b"{}", 3.5]:
        bad_load(junk)


def test_corrupt_saves_wrong_format_or_version():
    for key, value in [("format", "other"), ("format", None), ("version", 2),
                       ("version", "1"), ("version", None)]:
        data = good_save()
        data[key] = value
        reason = bad_load(data)
        assert reason
    data = good_save()
    del data["format"]
    bad_load(data)


def test_corrupt_saves_missing_fields():
    for key in ("moves", "game", "options", "seed"):
        data = good_save()
        del data[key]
        bad_load(data)


def test_tampered_move_names_the_move():
    data = good_save()
    data["moves"][3] = "attack AS AH AD AC"
    reason = bad_load(data)
    assert "4" in reason  # the move number, counted from 1
    data = good_save()
    data["moves"].insert(0, "take")
    bad_load(data)
    data = good_save()
    data["moves"][0] = "beat"
    bad_load(data)
    data = good_save()
    data["moves"][1] = "dance 7H"
    bad_load(data)


def test_moves_after_the_end_are_refused():
    session = run(Session("durak", {"players": 2}, seed=5, level="easy"), 5000)
    data = session.save()
    data["moves"].append("take")
    bad_load(data)


def test_corrupt_saves_wrong_types():
    cases = [
        ("moves", "take"), ("moves", None), ("moves", {"1": "take"}), ("moves", 5),
        ("moves", [None]), ("moves", [["attack", "7H"]]), ("moves", [{"kind": "take"}]),
        ("game", None), ("game", 5), ("game", ["durak"]), ("game", "poker"),
        ("options", "players=2"), ("options", 5), ("options", [1, 2]),
        ("options", {"players": "2"}), ("options", {"players": 9}),
        ("options", {"deck": 40}), ("options", {"teams": True}),
        ("seed", "abc"), ("seed", None), ("seed", [1]), ("seed", {}),
        ("level", "genius"), ("level", 5), ("level", []), ("level", None),
        ("match", "fool"), ("match", 5), ("match", {"fool": "x"}),
        ("match", {"fool": 1.5}), ("match", {"fool": []}), ("match", {"dealer": "x"}),
    ]
    for key, value in cases:
        data = good_save()
        data[key] = value
        try:
            Session.load(data)
        except SaveError as exc:
            assert str(exc)
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"{key}={value!r}: {type(exc).__name__}: {exc}")
        else:
            raise AssertionError(f"a save with {key}={value!r} was loaded")


def test_corrupt_save_infinite_seed_is_a_save_error():
    # JSON allows 1e400, which Python reads as infinity
    text = good_save()
    raw = json.dumps(text).replace(f'"seed": {text["seed"]}', '"seed": 1e400')
    assert "1e400" in raw
    bad_load(raw)


def test_corrupt_save_human_seat_is_checked():
    for human in ("zero", 7, 1.5, [0]):
        data = good_save()
        data["human"] = human
        bad_load(data)


def test_play_refuses_when_it_is_not_the_humans_turn():
    session = Session("durak", {"players": 3}, seed=2, human=0, level="easy")
    for _ in range(200):
        if session.ai_to_act():
            break
        session.play_human(session.game.legal_moves(session.state)[0])
    assert session.ai_to_act()
    seat = session.to_act
    before = views(session), list(session.state.history)
    for move in session.game.legal_moves(session.state):
        reason = error_of(IllegalMove, session.play_human, move)
        assert "turn" in reason
        assert (views(session), list(session.state.history)) == before
    assert session.to_act == seat


def test_play_refuses_an_illegal_move_and_keeps_the_state():
    session = Session("durak", {"players": 2}, seed=2, human=0, level="easy")
    while session.ai_to_act():
        session.step_ai()
    before = views(session), list(session.state.history)
    error_of(IllegalMove, session.play_human, "attack AS AH AD AC")
    error_of(IllegalMove, session.play_human, "nonsense")
    error_of(IllegalMove, session.play_human, "")
    assert (views(session), list(session.state.history)) == before


def test_step_ai_refuses_on_the_humans_turn():
    session = Session("durak", {"players": 2}, seed=2, human=0, level="easy")
    while session.ai_to_act():
        session.step_ai()
    error_of(IllegalMove, session.step_ai)


def test_play_after_the_end_is_refused():
    session = run(Session("durak", {"players": 2}, seed=5, level="easy"), 5000)
    error_of(IllegalMove, session.play_human, "take")


def test_a_fork_plays_on_and_the_session_it_came_from_stays_as_it_was():
    """A page plays a move on a fork and keeps the session it had until the fork is whole."""
    session = Session("durak", {"players": 2}, seed=4)
    while session.to_act != session.human:
        session.step_ai()
    before, steps = session.dumps(), list(session.steps)
    fork = session.fork()
    move = fork.view()["legal"][0]["text"]
    fork.play_human(move)
    assert session.dumps() == before and session.steps == steps
    assert fork.state.history == session.state.history + [move]
    assert fork.last_move() == Move.parse(move) and fork.steps[:-1] == steps


def test_legal_move_reads_a_move_as_the_rules_write_it():
    session = Session("durak", {"players": 2}, seed=4)
    while session.to_act != session.human:
        session.step_ai()
    pair = next(m for m in session.view()["legal"] if len(m["cards"]) == 2)
    backwards = " ".join([pair["kind"], *reversed(pair["cards"])])
    assert str(session.legal_move(backwards)) == pair["text"]
    assert session.legal_move("attack XX") is None and session.legal_move("") is None
    assert Move.parse("pass").passes and not Move.parse(pair["text"]).passes
