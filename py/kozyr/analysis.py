"""After the deal: each of a seat's decisions judged with every card known.

A finished deal is its seed and its moves, so every position of it can be rebuilt, with every
card face up. At each decision of the seat (a turn with more than one legal move) every legal
move (at most MAX_MOVES of them, the one played always among them) is given the seat's chance
of winning the deal after it:

- exactly, where the position is small enough to search to the end: a two-player Durak
  endgame (empty stock) is solved by the hard level's alpha-beta (1 won, ½ drawn, 0 lost);
- otherwise as the hard level estimates it at the table: over many deals of the cards the seat
  had not seen (consistent with everything its view showed), each finished by the game's fast
  playout policy, every move on the same deals, so that their chances are compared on equal
  luck.

The move with the best chance is what the hard level prefers with everything known. A move
that gives away at least MISTAKE of the chance is a mistake, at least BLUNDER a blunder.
`analyse` yields one Judgement per decision, so a page can run it a decision at a time and
stop it; `python -m kozyr analyse SAVEFILE` prints the same verdicts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generator, Iterator

from . import ai, registry
from .protocol import Game, Move, State
from .thinking import finish

MAX_MOVES = 12  # moves judged at one decision; a Garbage or Advantage turn can have more
PLAYOUTS = 24  # deals per move where the position is not solved exactly (the same deals for
# every move: their luck cancels out when two moves are compared)
MISTAKE = 0.10  # winning chance given away by a mistake
BLUNDER = 0.25  # ... and by a blunder


@dataclass(frozen=True)
class Judgement:
    """One decision of the seat: the move played, the best move and their chances."""

    step: int  # the move's index in the deal's moves
    played: str
    best: str
    chance_played: float  # the seat's chance of winning the deal after the move played
    chance_best: float  # ... after the best move
    moves: int  # legal moves at this decision
    exact: bool  # solved to the end, not estimated by playouts

    @property
    def loss(self) -> float:
        return max(0.0, self.chance_best - self.chance_played)

    @property
    def verdict(self) -> str:
        """"blunder", "mistake" or "" (a good move, or one within the noise)."""
        if self.loss >= BLUNDER:
            return "blunder"
        return "mistake" if self.loss >= MISTAKE else ""

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played, "best": self.best,
                "chance_played": round(self.chance_played, 4),
                "chance_best": round(self.chance_best, 4), "moves": self.moves,
                "exact": self.exact}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Judgement":
        """A judgement as to_json wrote it; ValueError if it is not one."""
        try:
            j = cls(int(data["step"]), str(data["played"]), str(data["best"]),
                    float(data["chance_played"]), float(data["chance_best"]),
                    int(data["moves"]), bool(data["exact"]))
        except (KeyError, TypeError, ValueError):
            raise ValueError("not a judgement") from None
        if j.step < 0 or not (0 <= j.chance_played <= 1 and 0 <= j.chance_best <= 1):
            raise ValueError("not a judgement")
        return j


def decisions(game_name: str, options: dict[str, Any] | None, seed: int, moves: list[str],
              seat: int, match: dict[str, Any] | None = None
              ) -> Iterator[tuple[int, Game, State, Move]]:
    """(step, game, state, move played) at each decision of `seat`: a turn of the seat with
    more than one legal move. The state is the deal's own, replayed from its seed: read it
    before asking for the next decision."""
    game = registry.get(game_name)
    state = game.new_game(options, seed, match)
    for step, text in enumerate(moves):
        played = Move.parse(text)
        if state.to_act == seat and len(game.legal_moves(state)) > 1:
            yield step, game, state, played
        game.apply(state, played)


def analysing(game_name: str, options: dict[str, Any] | None, seed: int, moves: list[str],
              seat: int, match: dict[str, Any] | None = None, playouts: int = PLAYOUTS,
              rng_seed: int = 0, after: int = -1) -> Iterator[Judgement | None]:
    """`analyse` a slice at a time: yields None while it works (a page hands the browser back
    then) and each Judgement when it is made. Decisions at steps up to `after` are skipped, so
    a stopped analysis goes on where it stopped, with the same judgements."""
    for step, game, state, played in decisions(game_name, options, seed, moves, seat, match):
        if step > after:
            rng = random.Random(f"{rng_seed}:{step}")  # per decision: the same, resumed or not
            yield (yield from judging(game, state, seat, played, step, playouts, rng))


def analyse(game_name: str, options: dict[str, Any] | None, seed: int, moves: list[str],
            seat: int, match: dict[str, Any] | None = None, playouts: int = PLAYOUTS,
            rng_seed: int = 0) -> Iterator[Judgement]:
    """Each decision of `seat` in the deal dealt from `seed` and played as `moves`, judged
    (see the module's docstring); the same arguments give the same judgements."""
    return (j for j in analysing(game_name, options, seed, moves, seat, match, playouts,
                                 rng_seed) if j is not None)


def judge(game: Game, state: State, seat: int, played: Move, step: int = 0,
          playouts: int = PLAYOUTS, rng: random.Random | None = None) -> Judgement:
    """`played` (a legal move of `seat`, who is to act in `state`) against the other legal
    moves, with every card known; `state` is left as it was."""
    return finish(judging(game, state, seat, played, step, playouts, rng or random.Random(0)))


def judging(game: Game, state: State, seat: int, played: Move, step: int, playouts: int,
            rng: random.Random) -> Generator[None, None, Judgement]:
    """judge, yielding between imagined deals."""
    legal = game.legal_moves(state)
    chosen = game.find_legal(state, played)
    if chosen is None:
        raise ValueError(f"{played} is not a legal move here")
    candidates = [chosen, *(m for m in legal if m is not chosen)][:MAX_MOVES]
    values = exact_values(game, state, seat, candidates)
    exact = values is not None
    if values is None:
        values = yield from estimating(game, state, seat, candidates, playouts, rng)
    best = max(range(len(candidates)), key=lambda i: (values[i], i == 0))
    return Judgement(step, str(chosen), str(candidates[best]), values[0], values[best],
                     len(legal), exact)


def exact_values(game: Game, state: State, seat: int, moves: list[Move]) -> list[float] | None:
    """Each move's value searched to the end of the deal, where the game can (its AI module's
    `exact_values`: a two-player Durak endgame small enough for the solver); else None."""
    hook = getattr(ai.MODULES.get(game.name), "exact_values", None)
    return None if hook is None else hook(game, state, seat, moves)


def estimating(game: Game, state: State, seat: int, moves: list[Move], deals: int,
               rng: random.Random) -> Generator[None, None, list[float]]:
    """Each move's mean score for `seat` over the same `deals` imagined deals of the cards
    the seat had not seen, each finished as the hard level's search finishes its deals;
    yields after each deal."""
    from .ai.search import Search  # imported when first needed: the page starts without it

    search = Search(game, ai.HEURISTICS[game.name], rng,
                    playout=getattr(ai.MODULES[game.name], "playout_move", None))
    view = game.view(state, seat)
    totals = [0.0] * len(moves)
    for _ in range(deals):
        world, seed = game.determinize(view, rng), rng.random()
        for i, move in enumerate(moves):
            totals[i] += search.play_out(world, move, seat, random.Random(seed))
        yield
    return [total / deals for total in totals]
