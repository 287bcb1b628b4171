"""The replay of a finished deal, as data: its positions rebuilt from the deal's seed and
moves (`position`, never kept), the steps where the person decided, and the analysis, which
the shell runs a slice at a time (`analyse_in_slices`) and the replay's handlers keep.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Callable

from kozyr import registry
from kozyr.protocol import Move, State
from kozyr.thinking import drive

from ..play.recent import deal_id

SLICE = 0.04  # seconds the analysis works before the browser gets the page back


@dataclass(frozen=True)
class Replay:
    """A finished deal replayed face up from its seed and moves, and its analysis."""

    deal: dict  # as recent.deal_of: game, options, seed, match, human, level, moves
    names: tuple[str | None, ...]
    step: int = 0  # moves shown: 0 is the deal as dealt, len(moves) its end
    decisions: tuple[int, ...] = ()  # the steps where the person chose between moves
    judged: tuple[dict, ...] = ()  # the analysis so far (Judgement.to_json), in step order
    analysing: bool = False  # the analysis runs (a slice at a time)
    run: int = 0  # which run of the analysis: a stopped run's late results are dropped
    back: str = "home"  # the screen Close goes back to: "table" (the game-over panel) …
    sheet: str | None = None  # … and the sheet it opens there ("stats": its recent deals)
    link: str = ""  # the sharing link's query, once asked for

    @property
    def key(self) -> str:
        return deal_id(self.deal)

    @property
    def done(self) -> bool:
        return len(self.judged) == len(self.decisions)


def position(deal: dict[str, Any], step: int) -> State:
    """The deal after its first `step` moves, replayed from its seed."""
    game = registry.get(deal["game"])
    return game.replay(deal["options"], deal["seed"], deal["moves"][:step], deal["match"])


def decision_steps(deal: dict[str, Any]) -> tuple[int, ...]:
    from kozyr import analysis  # the analysis: imported when a replay first opens

    return tuple(step for step, *_ in analysis.decisions(
        deal["game"], deal["options"], deal["seed"], deal["moves"], deal["human"],
        deal["match"]))


async def analyse_in_slices(replay: Replay, current: Callable[[], bool],
                            report: Callable[[dict], None]) -> None:
    """Run the analysis of `replay`'s deal from its first decision not yet judged, SLICE
    seconds at a time with the browser given back in between, reporting each judgement;
    it ends when `current()` turns false (stopped, or the replay closed) or all are judged."""
    from kozyr import analysis  # the analysis: imported when a replay first opens

    deal = replay.deal
    after = replay.judged[-1]["step"] if replay.judged else -1
    work = analysis.analysing(deal["game"], deal["options"], deal["seed"], deal["moves"],
                              deal["human"], deal["match"], after=after)
    while current():
        stop, made = time.perf_counter() + SLICE, None
        while made is None and time.perf_counter() < stop:
            made = next(work, StopIteration)
        if made is StopIteration:
            return
        if made is not None:
            report(made.to_json())
        await asyncio.sleep(0)


async def check_in_slices(deal: dict[str, Any], judgement: dict, answer: str,
                          current: Callable[[], bool]) -> tuple[float, float] | None:
    """An exercise's answer judged against the move played (kozyr.exercises.checking), SLICE
    seconds at a time with the browser given back in between: (the chance of the move played,
    the answer's), or None once `current()` turns false (the exercise left)."""
    from kozyr import analysis, exercises  # the judging: in the replay's pack, loaded by now

    work = exercises.checking(deal, analysis.Judgement.from_json(judgement), answer)
    while current():
        done, value = drive(work, SLICE)
        if done:
            return value
        await asyncio.sleep(0)
    return None


def played_move(deal: dict[str, Any], step: int) -> Move | None:
    """The move made at `step` (None at the deal's end)."""
    moves = deal["moves"]
    return Move.parse(moves[step]) if step < len(moves) else None
