"""Exercises from the person's mistakes: the analysis's mistakes and blunders in their own deals,
asked again from their seat until they find the best move.

- `model`: the stored exercises and the one being tried (`Trying`, `InPlay.exercise`);
- `messages`: what the person does (open the list, try one, the next) and an answer judged;
- `update`: their handlers, and how a judged decision of a replay becomes one (`judged`);
- `view`: the list and the panel at the table while an exercise is tried.
"""
