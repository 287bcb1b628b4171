"""A deal at the table, the core every feature builds on: a game's life at the table
(`table_life`: it arrives, is kept, leaves), what clicks and keys mean (`inputs`, `at_table`),
the player's aids (`aids`: undo, hint, the deal again; `hint_line`), the legal moves as the
table offers them (`moves`), the opponents' turns (`opponents`), whose view the table shows
(`handoff`), the questions views and handlers ask (`queries`), the sheets and the preferences
(`sheets`), the sounds (`sounds`), and what is kept of finished deals (`recent`, `results`).
"""
