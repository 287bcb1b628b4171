"""Seeded AI-against-AI matches: how strong is a player, measured, with confidence intervals."""

from __future__ import annotations

import math
from typing import Any

from . import ai, registry


def play_one(game_name: str, styles: list[str], options: dict[str, Any], seed: int) -> list[float]:
    """One game (a whole match of hands where the game has them); seat i is played by
    styles[i]. Returns each seat's score (1 win, ½ draw)."""
    game = registry.get(game_name)
    players = [ai.make(style, game_name, seed * 101 + seat) for seat, style in enumerate(styles)]
    match, hand = None, 0
    while True:
        state = game.new_game(options, seed + 7919 * hand, match)  # hand 0: the seed itself
        while not game.is_over(state):
            seat = state.to_act
            game.apply(state, players[seat].choose(game.view(state, seat)))
        result = game.result(state)
        if result.get("match_over", True):
            return result["scores"]
        match, hand = result["next"], hand + 1


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(game_name: str, styles: list[str], games: int, seed: int,
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games, rotating seats so no style keeps a seat's advantage."""
    game = registry.get(game_name)
    options = game.check_options({**(options or {}), "players": len(styles)})
    n = len(styles)
    totals = {style: 0.0 for style in styles}
    counts = {style: 0 for style in styles}
    for g in range(games):
        shift = g % n
        seating = styles[shift:] + styles[:shift]
        for seat, score in enumerate(play_one(game_name, seating, options, seed + g)):
            totals[seating[seat]] += score
            counts[seating[seat]] += 1
    return {style: {"score": totals[style] / counts[style], "games": counts[style],
                    "ci95": wilson(totals[style], counts[style])} for style in totals}


def report(game_name: str, styles: list[str], games: int, seed: int,
           options: dict[str, Any] | None = None) -> str:
    stats = run(game_name, styles, games, seed, options)
    lines = [f"{game_name}: {games} games, seed {seed}, players {','.join(styles)}"
             + (f", options {options}" if options else "")]
    for style, s in stats.items():
        lo, hi = s["ci95"]
        lines.append(f"  {style:<10} score {s['score']:.3f}  (95% CI {lo:.3f}–{hi:.3f}, "
                     f"{s['games']} seat-games)")
    lines.append("  score: a win counts 1, a draw ½ (Durak, Stump: everyone but the loser wins; "
                 "Garbage: the winner of the whole match; Memory: the first to empty the pile; "
                 "Advantage: the most pairs)")
    return "\n".join(lines)
