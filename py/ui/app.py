"""kozyr's page, wired together. Where things happen, by file:

    shell.py      the only code that touches the page: events → messages, drawing, effects,
                  the opponents' and the countdown's timers;  focus.py  the keyboard focus
    messages.py   every message and effect;  model.py  the state, declared
    update.py     what each message does (first screens, page controls);  play.py  at the table
    page.py       the picture of the page from the model;  screens.py  picker, form, sheets
    tables/       one table per game behind one contract (tables/base.py)
    parts/        cards, hand, seats, words: the pieces tables are drawn from
    address.py    the query string;  storage.py  localStorage;  opponents.py  their turns
    options.py    a game's option values
"""

from __future__ import annotations

from .shell import Shell


def start(document, window, proxy) -> Shell:
    """Start kozyr in the page's #app."""
    shell = Shell(document, window, proxy)
    shell.start()
    return shell
