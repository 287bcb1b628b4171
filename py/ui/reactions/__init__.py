"""Reactions: a few quick words any seated person can send to the table (an emoji or a short
phrase from a fixed list), shown for a moment as a bubble by their name plate on every page
at the table, and said in the live region.

Only a reaction's id ever travels (`model.IDS`): each page words it in its own language, and
no free text goes from one person to another. On a table shared between browsers a guest's
reaction goes to the host, which takes one a second from each seat, shows it and passes it on
to the other guests; the host's person's go to every guest. Others' reactions can be muted
(Settings: `Prefs.mute_reactions`); one's own always show.

- `model`: the fixed list and the page's record of reactions (`Model.reactions`);
- `messages`: what the person does (the React button, a reaction) and the effects it asks for;
- `update`: their handlers, and what the host and a guest do with a reaction that arrives;
- `view`: the React button and its menu by the person's name plate, the bubbles, the words.
"""
