"""Seeded AI-against-AI matches: how strong is a player, measured, with confidence intervals."""

from __future__ import annotations

import math
import time
from typing import Any

from . import ai, registry


def play_one(game_name: str, styles: list[str], options: dict[str, Any], seed: int,
             clock: dict[str, list[float]] | None = None) -> list[float]:
    """One game (a whole match of hands where the game has them); seat i is played by
    styles[i]. Returns each seat's score (1 win, ½ draw). `clock` (style → [seconds, moves])
    adds up the time each style took to choose its moves."""
    game = registry.get(game_name)
    players = [ai.make(style, game_name, seed * 101 + seat) for seat, style in enumerate(styles)]
    clock = {} if clock is None else clock
    match, hand = None, 0
    while True:
        state = game.new_game(options, seed + 7919 * hand, match)  # hand 0: the seed itself
        while not game.is_over(state):
            seat = state.to_act
            start = time.perf_counter()
            move = players[seat].choose(game.view(state, seat))
            spent = clock.setdefault(styles[seat], [0.0, 0])
            spent[0] += time.perf_counter() - start
            spent[1] += 1
            game.apply(state, move)
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


def seating(styles: list[str], g: int) -> list[str]:
    """Game g's seats: the styles rotated so that no style keeps a seat's advantage."""
    shift = g % len(styles)
    return styles[shift:] + styles[:shift]


def _play_numbered(job: tuple) -> tuple[list[float], dict[str, list[float]]]:
    game_name, styles, options, seed, g = job
    clock: dict[str, list[float]] = {}
    return play_one(game_name, seating(styles, g), options, seed + g, clock), clock


def run(game_name: str, styles: list[str], games: int, seed: int,
        options: dict[str, Any] | None = None, workers: int = 1) -> dict[str, Any]:
    """Play `games` games, rotating seats; `workers` processes share them (the results are the
    same for any number: each game has its own seed). Per style: its mean score, the games
    it played, the score's 95% interval and its mean time per move."""
    game = registry.get(game_name)
    options = game.check_options({**(options or {}), "players": len(styles)})
    totals = {style: 0.0 for style in styles}
    counts = {style: 0 for style in styles}
    spent = {style: [0.0, 0] for style in styles}
    jobs = [(game_name, styles, options, seed, g) for g in range(games)]
    if workers > 1:
        import multiprocessing  # CPython only: the page never plays matches

        with multiprocessing.Pool(workers) as pool:
            outcomes = pool.map(_play_numbered, jobs, chunksize=max(1, games // (8 * workers)))
    else:
        outcomes = list(map(_play_numbered, jobs))
    for g, (scores, clock) in enumerate(outcomes):
        for seat, score in enumerate(scores):
            style = seating(styles, g)[seat]
            totals[style] += score
            counts[style] += 1
        for style, (seconds, moves) in clock.items():
            spent[style][0] += seconds
            spent[style][1] += moves
    return {style: {"score": totals[style] / counts[style], "games": counts[style],
                    "ci95": wilson(totals[style], counts[style]),
                    "move_seconds": spent[style][0] / max(1, spent[style][1])}
            for style in totals}


def report(game_name: str, styles: list[str], games: int, seed: int,
           options: dict[str, Any] | None = None, workers: int = 1) -> str:
    stats = run(game_name, styles, games, seed, options, workers)
    lines = [f"{game_name}: {games} games, seed {seed}, players {','.join(styles)}"
             + (f", options {options}" if options else "")]
    for style, s in stats.items():
        lo, hi = s["ci95"]
        lines.append(f"  {style:<10} score {s['score']:.3f}  (95% CI {lo:.3f}–{hi:.3f}, "
                     f"{s['games']} seat-games, {1000 * s['move_seconds']:.1f} ms a move)")
    lines.append("  score: a win counts 1, a draw ½ (Durak, Stump: everyone but the loser wins; "
                 "Garbage: the winner of the whole match; Memory: the first to empty the pile; "
                 "Advantage: the most pairs)")
    return "\n".join(lines)
