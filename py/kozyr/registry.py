"""The games kozyr knows, as data: the picker and the options form are built from it."""

from __future__ import annotations

from .protocol import Game, OptionsError

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    GAMES[game.name] = game
    return game


def get(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise OptionsError(f"no game called {name!r}; the games are {known}") from None


def catalogue() -> list[dict]:
    return [game.describe() for game in GAMES.values()]
