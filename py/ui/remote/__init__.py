"""A table shared between browsers: the host's page holds the game; each guest's page shows
its own seat from the views the host sends and sends its moves back as text.

- `wire`: what the pages say to each other (versioned JSON, a size limit, checked kinds);
- `host`: what the host sends each guest, and how it takes what a guest says;
- `mirror`: the guest's side of the table, drawn by the same tables as any game.
"""
