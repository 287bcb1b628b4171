"""What the person does with the exercises from their mistakes, and an answer judged."""

from __future__ import annotations

from ..messages import Message


class OpenExercises(Message):
    """Open the list of exercises (a sheet), made first from every analysed recent deal."""


class TryExercise(Message):
    """Open the exercise `id` at the table."""

    id: str


class NextExercise(Message):
    """The next exercise left after the one at the table (of the same game first)."""


class Checked(Message):
    """An answer judged (the shell runs kozyr.exercises.checking): the chances of the move
    played and of the answer, on the same imagined deals. `run` tells a late answer apart."""

    run: int
    answer: str
    chance_played: float
    chance_answer: float
