"""Statistics and achievements: each game's record (yours and each person's at this device),
its figures, the achievements earned, saved as a file and imported.

- `model`: the statistics as stored, cleaned, and added to as a game ends;
- `achieved`: the achievements, earned from a finished deal's history;
- `messages` and `update`: the sheet's buttons (save as a file, import, reset);
- `view`: the statistics sheet; `achievements_view`: the badges; `summaries`: the saved game
  and a record in words.
"""
