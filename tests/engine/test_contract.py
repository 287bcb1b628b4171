"""The contract every registered game keeps, checked over many seeded games of each
(hypothesis draws the seeds), for every player count the catalogue lists:

cards are conserved after every move; only legal moves are offered, each reads back from its
text and applies, and other moves are refused with a reason and without a trace; every game
ends within its bound with a result that adds up; seed + moves replay the game; views are
plain JSON and leak no card their seat may not know; a world dealt from a seat's view looks
the same from that seat and lets the seat to act move; every AI style and level chooses
legal moves from its own view; the searching player too; saved games load as they were;
matches are played by name.

What differs between the games comes from each game's adapter (<game>_setup.ADAPTER, a
protocol_checks.Adapter): how its cards are counted, what its results say, what its seats
may not see, how its seats play, and how many examples each property gets for it. Those
counts are per game: a property's examples for a game are split evenly over its player
counts (and a runner that caps max_examples, like tests/pyodide, caps a game's total).
Each game's own properties are in test_<game>_properties.py.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import advantage_setup
import durak_setup
import garbage_setup
import kozyr
import memory_setup
import stump_setup
from kozyr import ai, match
from kozyr.protocol import Move
from kozyr.session import Session
from protocol_checks import (ask_search_player, check_players_choose_legal_moves, check_replay,
                             check_worlds, run_game)
from strategies import games

ADAPTERS = {a.game.name: a for a in (durak_setup.ADAPTER, stump_setup.ADAPTER,
                                     garbage_setup.ADAPTER, memory_setup.ADAPTER,
                                     advantage_setup.ADAPTER)}
COUNTS = {g["name"]: list(range(g["min_players"], g["max_players"] + 1))
          for g in kozyr.catalogue()}
CASES = [pytest.param(name, n, id=f"{name}-{n}")
         for name in kozyr.GAMES if name in ADAPTERS for n in COUNTS[name]]
BY_ADAPTER = 10**6  # max_examples: the adapter's count for the game decides (see below)


def contract(key: str):
    """A property whose examples per game are the adapter's `checks[key]["examples"]`."""
    def mark(test):
        test._contract_key = key
        return settings(max_examples=BY_ADAPTER)(test)
    return mark


@pytest.fixture(autouse=True)
def examples_per_game(request):
    """Give this case (a game and a player count) its share of the game's examples. A cap
    already put on the property (tests/pyodide caps max_examples) caps the game's total."""
    test = request.function
    key = getattr(test, "_contract_key", None)
    if key is None:
        return
    name = request.node.callspec.params["name"]
    cap = test.__dict__.setdefault("_contract_cap",
                                   test._hypothesis_internal_use_settings.max_examples)
    total = min(ADAPTERS[name].check(key)["examples"], cap)
    test._hypothesis_internal_use_settings = settings(
        test._hypothesis_internal_use_settings,
        max_examples=max(1, math.ceil(total / len(COUNTS[name]))))


def draw_game(data, name, players):
    return data.draw(games(ADAPTERS[name], players), label="game")


def checked(name: str, key: str) -> dict:
    """How often the property `key` checks a game of `name` (its examples aside)."""
    return {k: v for k, v in ADAPTERS[name].check(key).items() if k != "examples"}


# --- the adapters cover the registry ------------------------------------------------------------

def test_every_registered_game_has_an_adapter():
    assert sorted(ADAPTERS) == sorted(kozyr.GAMES), "add the game's ADAPTER to ADAPTERS"


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_the_adapters_configs_play_every_player_count_and_option(name):
    adapter, game = ADAPTERS[name], kozyr.get(name)
    for options in adapter.configs:
        game.check_options(options)  # OptionsError for a mix the game refuses
    assert sorted({c["players"] for c in adapter.configs}) == COUNTS[name]
    for option in game.options:
        played = {game.check_options(c)[option.key] for c in adapter.configs}
        assert played == set(option.choices or (False, True)), \
            f"{name}'s configs never play {option.key} = {set(option.choices or (False, True)) - played}"


# --- the properties -------------------------------------------------------------------------------

@pytest.mark.parametrize("name,players", CASES)
@contract("games")
@given(data=st.data())
def test_games_conserve_cards_end_and_add_up(name, players, data):
    run_game(ADAPTERS[name], *draw_game(data, name, players))


@pytest.mark.parametrize("name,players", CASES)
@contract("refused")
@given(data=st.data())
def test_offered_moves_apply_and_others_are_refused(name, players, data):
    run_game(ADAPTERS[name], *draw_game(data, name, players), **checked(name, "refused"))


@pytest.mark.parametrize("name,players", CASES)
@contract("views")
@given(data=st.data())
def test_views_leak_nothing_and_are_json(name, players, data):
    run_game(ADAPTERS[name], *draw_game(data, name, players), views=True,
             **checked(name, "views"))


@pytest.mark.parametrize("name,players", CASES)
@contract("determinize")
@given(data=st.data())
def test_determinized_views_look_the_same_from_that_seat(name, players, data):
    run_game(ADAPTERS[name], *draw_game(data, name, players), determinize=True,
             **checked(name, "determinize"))


@pytest.mark.parametrize("name,players", CASES)
@contract("worlds")
@given(data=st.data())
def test_a_world_dealt_from_any_seats_view_lets_the_seat_to_act_move(name, players, data):
    """What a seat sees includes who is to choose: a world dealt from its view must have that
    seat to act, with a move, whichever seat's view dealt it."""
    adapter = ADAPTERS[name]
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    game, every = adapter.game, checked(name, "worlds").get("every", 1)
    state, rng = game.new_game(options, seed, match_), random.Random(moves_seed)
    choose = adapter.mover(state, moves_seed + 1)
    while not game.is_over(state):
        assert len(state.history) < adapter.bound
        if len(state.history) % every == 0:
            check_worlds(game, state, rng)
        game.apply(state, choose(state))


@pytest.mark.parametrize("name,players", CASES)
@contract("replay")
@given(data=st.data())
def test_replay_from_seed_and_moves_reproduces_the_game(name, players, data):
    adapter = ADAPTERS[name]
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    state = run_game(adapter, options, seed, moves_seed, match_)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(adapter.game, state, options, seed, match_, cut)
    assert [str(Move.parse(m)) for m in state.history] == state.history


def fast_levels(name: str) -> list[str]:
    """The game's levels but a searching one (seconds a move)."""
    return [level for level in kozyr.get(name).ai_levels
            if ai.LEVELS.get(level) != "search" or name in ai.OWN_LEVELS]


def fast_styles(name: str) -> list[str]:
    return fast_levels(name) + [style for style in ai.STYLES if style != "search"]


@pytest.mark.parametrize("name,players", CASES)
@contract("ai")
@given(data=st.data())
def test_ai_players_choose_legal_moves_from_their_view(name, players, data):
    """Each seat an AI style or level, drawn."""
    adapter = ADAPTERS[name]
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    state = adapter.game.new_game(options, seed, match_)
    styles = data.draw(st.lists(st.sampled_from(fast_styles(name)), min_size=players,
                                max_size=players), label="styles")
    styles = adapter.fix_styles(styles)
    seats = [ai.make(styles[s], name, moves_seed + s) for s in range(players)]
    check_players_choose_legal_moves(adapter.game, state, seats, styles, adapter.bound,
                                     adapter.check_conserved)
    adapter.check_result(state, match_)


@pytest.mark.parametrize("name,players", CASES)
@contract("levels")
@given(data=st.data())
def test_every_level_plays_a_whole_table_to_the_end(name, players, data):
    adapter = ADAPTERS[name]
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    level = data.draw(st.sampled_from(fast_levels(name)), label="level")
    state = adapter.game.new_game(options, seed, match_)
    seats = [ai.make(level, name, moves_seed + s) for s in range(players)]
    check_players_choose_legal_moves(adapter.game, state, seats, [level] * players,
                                     adapter.bound, adapter.check_conserved)
    adapter.check_result(state, match_)


@pytest.mark.parametrize("name,players", CASES)
@contract("search")
@given(data=st.data())
def test_search_player_chooses_legal_moves(name, players, data):
    """The searching player thinks for seconds a move: ask it (with a small time budget) at
    a few positions of a random game, the first of each phase and some others."""
    adapter = ADAPTERS[name]
    game = adapter.game
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    state, rng = game.new_game(options, seed, match_), random.Random(moves_seed)
    searchers = [ai.make("search", name, moves_seed, budget=0.02),
                 ai.make("hard", name, moves_seed + 1, budget=0.02)]
    asked, phases = 0, set()
    while not game.is_over(state) and asked < 4:
        phase = game.view(state, state.to_act)["phase"]
        if phase not in phases or rng.random() < 0.15:
            phases.add(phase)
            ask_search_player(game, state, searchers[asked % 2])
            asked += 1
        else:
            game.apply(state, rng.choice(game.legal_moves(state)))
        adapter.check_conserved(state)


def session_views(session):
    return [json.dumps(session.game.view(session.state, s), sort_keys=True)
            for s in range(session.options["players"])]


@pytest.mark.parametrize("name,players", CASES)
@contract("saves")
@given(data=st.data())
def test_saved_games_load_as_they_were_and_play_on_alike(name, players, data):
    """Saved at a random move and at the end, a game loads with the same views; loaded
    mid-game, it plays on like the original."""
    adapter = ADAPTERS[name]
    options, seed, moves_seed, match_ = draw_game(data, name, players)
    level = data.draw(st.sampled_from(fast_levels(name)), label="level")
    session = Session(name, options, seed, human=0, level=level, match=match_)
    rng = random.Random(moves_seed)
    choose = adapter.mover(session.state, moves_seed + 1)
    cut, loaded = rng.randrange(60), None
    while not session.over():
        assert len(session.state.history) < adapter.bound
        if len(session.state.history) == cut:
            data_ = session.save()
            assert json.loads(session.dumps()) == data_
            loaded = Session.load(session.dumps())
            assert loaded.save() == data_ and session_views(loaded) == session_views(session)
        move = choose(session.state)
        session.game.apply(session.state, move)
        if loaded is not None:
            loaded.game.apply(loaded.state, str(move))
    if loaded is not None:
        assert session_views(loaded) == session_views(session)
    again = Session.load(session.dumps())
    assert again.over() and again.result() == session.result()
    assert session_views(again) == session_views(session)


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_matches_play_every_game_by_name(name):
    game = kozyr.get(name)
    styles = ["lowest", "heuristic", "random"][:game.max_players]
    stats = match.run(name, styles, games=3, seed=5)
    assert set(stats) == set(styles)
    for s in stats.values():
        assert 0.0 <= s["score"] <= 1.0 and s["games"] == 3
    scores = match.play_one(name, ["heuristic", "lowest"], {"players": 2}, seed=9)
    assert sorted(scores) in ([0.0, 1.0], [0.5, 0.5])
