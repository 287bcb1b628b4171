"""kozyr's page, wired together. Where things happen, by file:

    shell.py       the only code that touches the page: runs update, paints, runs effects,
                   keeps the opponents', the analysis' and the countdown's timers
    events.py      raw events → messages;  painter.py  the picture onto the page;
    focus.py       the keyboard focus;  embedding.py  the embedding page (embed.js)
    messages.py    every message and effect;  model.py  the state, declared
    update.py      the entry point: raw input read per screen, then the handler table
    handlers/      the handlers, by what they handle: start, form, at_table, aids, replay,
                   sheets, inputs (what a key or click means on each screen)
    table_life.py  a game's life at the table: arrive, kept (saved, counted, remembered), leave
    queries.py     questions about the model that views, handlers and the shell ask
    page.py        the picture of the page from the model;  screens.py  picker, form, sheets;
                   stats_sheet.py  the statistics;  replay_view.py  the replay;
                   summaries.py  the saved game and the record in words
    tables/        one table per game behind one contract (tables/base.py)
    parts/         cards, hand, seats, words: the pieces tables are drawn from
    address.py     the query string;  storage.py  localStorage;  opponents.py  their turns
    options.py     a game's option values;  recent.py  finished deals;  replay.py  their replay
    packs.py       the parts of the page's Python loaded when first used (languages, rules,
                   replay, QR codes); handlers/packs.py  which message needs which, offline
"""

from __future__ import annotations

from .shell import Shell


def start(document, window, proxy) -> Shell:
    """Start kozyr in the page's #app."""
    shell = Shell(document, window, proxy)
    shell.start()
    return shell
