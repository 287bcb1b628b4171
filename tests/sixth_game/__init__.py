"""High card, a sixth game kept in the test suite: what adding a game takes.

Its engine module (`engine.py`: the rules protocol of kozyr.protocol), its AI module (`ai.py`)
and its table module (`table.py`: a Table of ui.tables.base), each what a real game's module is.
tests/ui/test_sixth_game.py registers them with one line in each registry and plays the game
through the UI; nothing of kozyr or ui names it.
"""
