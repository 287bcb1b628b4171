"""The first screens: the page opening from its address and what this browser stored
(`start`, `address`), the game picker and a game's options form (`form`, `options`), and their
views with the sheets over any screen (`screens`).
"""
