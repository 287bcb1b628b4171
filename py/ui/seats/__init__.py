"""Seats at one device: who plays (people at this device, guests from their own browsers,
the computer at each level, teams) and the handoff of pass and play, where the device goes from
one person to the next and the table is hidden between them.

- `model`: the options form's seats (how many people and guests, names, partners, levels);
- `messages` and `update`: the person the device was passed to takes it ("I am Boris");
- `view`: the form's seats; `handoff_view`: the screen that hides the table between people.

Whose view the table shows, and who holds the device, is the core's (play/handoff.py): the
table, a shared table and reactions ask it too.
"""
