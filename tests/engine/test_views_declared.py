"""Every game's view is declared: view() is annotated with the game's TypedDict (a subclass
of kozyr.protocol.View), and over seeded random games every seat's view has exactly the
declared keys, each value of its declared type. So the declaration cannot drift from what
the views hold."""

from __future__ import annotations

import random
import sys
import types
import typing

import pytest

import kozyr
from kozyr.protocol import View
from protocol_checks import random_options

GAMES = sorted(kozyr.GAMES)
# Seeded games per game and player count, each seat's view checked at every position of the
# first EARLY moves, then at every LATER_EVERY-th and the last. On Pyodide, where pure Python is
# several times slower, one game checks the runtime; CPython plays all three.
SEEDS = range(1 if sys.platform == "emscripten" else 3)
EARLY = 120
LATER_EVERY = 40
TYPED_EVERY = 5  # and the values' types at every 5th of those positions


def declared(game) -> type:
    return typing.get_type_hints(type(game).view)["return"]


def mismatch(value, hint, path: str) -> str | None:
    """Where `value` is not of type `hint` (a JSON value against a declaration), or None."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any:
        return None
    if hint is type(None):
        return None if value is None else f"{path}: {value!r} is not None"
    if origin is typing.Literal:
        return None if value in args else f"{path}: {value!r} is not one of {args}"
    if origin in (typing.Union, types.UnionType):
        if any(mismatch(value, a, path) is None for a in args):
            return None
        return f"{path}: {value!r} is not {hint}"
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{path}: {value!r} is not a {hint.__name__}"
        keys = set(typing.get_type_hints(hint))
        if set(value) != keys:
            return f"{path}: keys {sorted(set(value) ^ keys)} differ from {hint.__name__}'s"
        for key, h in typing.get_type_hints(hint).items():
            if (wrong := mismatch(value[key], h, f"{path}.{key}")) is not None:
                return wrong
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"{path}: {value!r} is not a list"
        for i, v in enumerate(value):
            if (wrong := mismatch(v, args[0], f"{path}[{i}]")) is not None:
                return wrong
        return None
    if origin is dict:
        if not isinstance(value, dict):
            return f"{path}: {value!r} is not a dict"
        for k, v in value.items():
            wrong = mismatch(k, args[0], f"{path} key") or mismatch(v, args[1], f"{path}[{k!r}]")
            if wrong is not None:
                return wrong
        return None
    if hint in (int, float) and isinstance(value, bool):
        return f"{path}: {value!r} is a bool, not {hint.__name__}"
    if hint is float:
        return None if isinstance(value, (int, float)) else f"{path}: {value!r} is not a number"
    return None if isinstance(value, hint) else f"{path}: {value!r} is not {hint.__name__}"


@pytest.mark.parametrize("name", GAMES)
def test_view_is_annotated_with_the_games_declared_view(name):
    game = kozyr.get(name)
    shape = declared(game)
    assert typing.is_typeddict(shape), f"{name}.view() must be annotated with a TypedDict"
    common = typing.get_type_hints(View)
    assert {k: h for k, h in typing.get_type_hints(shape).items() if k in common} == common, \
        f"{shape.__name__} must derive from kozyr.protocol.View"
    assert shape.__module__ == type(game).__module__, "declare the view beside its game"
    assert not shape.__optional_keys__, "every key is in every view"
    assert shape.__required_keys__ == set(typing.get_type_hints(shape))


def positions(game, players: int, seed: int):
    """Positions of a seeded random game (random options from the catalogue): every one of
    the first EARLY moves, then every LATER_EVERY-th, and the end."""
    rng = random.Random(f"{game.name}:{players}:{seed}")
    state = game.new_game(random_options(game, players, rng), seed=seed)
    step = 0
    yield step, state
    while not game.is_over(state):
        game.apply(state, rng.choice(game.legal_moves(state)))
        step += 1
        if step < EARLY or step % LATER_EVERY == 0 or game.is_over(state):
            yield step, state


@pytest.mark.parametrize("name,players", [
    (g["name"], n) for g in kozyr.catalogue() for n in range(g["min_players"], g["max_players"] + 1)
])
def test_every_view_has_exactly_the_declared_keys_and_types(name, players):
    game = kozyr.get(name)
    shape = declared(game)
    keys = shape.__required_keys__ | shape.__optional_keys__
    hints = typing.get_type_hints(shape)
    for seed in SEEDS:
        for n, (step, state) in enumerate(positions(game, players, seed)):
            for seat in range(state.players):
                view = game.view(state, seat)
                assert set(view) == keys, (
                    f"{name} view at move {step}, seat {seat}: undeclared keys "
                    f"{sorted(set(view) - keys)}, missing {sorted(keys - set(view))}")
                if n % TYPED_EVERY and not game.is_over(state):
                    continue
                for key, hint in hints.items():
                    wrong = mismatch(view[key], hint, key)
                    assert wrong is None, f"{name} view at move {step}, seat {seat}: {wrong}"
