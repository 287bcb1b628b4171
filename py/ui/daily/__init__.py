"""The daily deal: each game's one deal of the day, the same in every browser, its result kept
and its streaks counted, and a result shared without its cards.

- `model`: the day's deal and its address (daily=, result=), the shared words and link, the
  chosen numbers (`Model.daily`); its results in the statistics are play/results.py's;
- `messages`: what the person does (open a day, share a result) and the search that chooses
  Garbage's and Memory's deal of a day;
- `update`: their handlers (a day's deal at the table; practice when it was played);
- `view`: the daily deals' sheet and the day's line on the game-over panel.
"""
