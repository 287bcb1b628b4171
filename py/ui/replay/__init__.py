"""Replay and analysis: a finished deal shown face up from its seed and moves, a step at a time,
with the analysis of the person's decisions beside it; played on from any position, shared as a
link.

- `model`: the replay (`Replay`, `Model.replay`), its positions, the analysis run in slices;
- `messages`: what the person does (open, step, play on, analyse, share, whose seat);
- `update`: their handlers, and each judgement kept as it arrives;
- `view`: the replay's screen (in the replay's pack, loaded with the analysis on first use).
"""
