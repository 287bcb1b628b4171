"""Settings and colours: the settings sheet (the opponents' speed, the cards' size, four colours,
reduced motion, confirm taking, left-handed, sound and volume, muting reactions, the servers of
a shared table), the felts and card backs, all remembered in this browser (`Prefs`).

- `colours`: the felts and backs, by name, and the style they give the page;
- `update`: what a setting does (the shared table's own settings are handed to it);
- `view`: the sheet; `colours_view`: its rows of felts and backs.
"""
