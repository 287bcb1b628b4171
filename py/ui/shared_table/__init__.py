"""A table shared between browsers, in one place: the host's page holds the game; each guest's
page shows its own seat from the views the host sends and sends its moves back as text.

- `talk`: its messages (what the channels say to the page, and effects asking them to send);
- `wire`: what the pages say to each other (versioned JSON, a size limit, checked kinds);
- `host`: what the host sends each guest, and how it takes what a guest says;
- `mirror`: the guest's side of the table, drawn by the same tables as any game;
- `update`: the handlers of its messages; `view`: the invite's and the joining page's screens;
- `channel`: the shell's side of the data channels (rtc.js), run only in the page.
"""
