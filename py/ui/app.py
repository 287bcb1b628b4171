"""kozyr's page, wired together. Where things are, by folder:

    the shared core, in this folder
      shell.py      the only code that touches the page: runs update, paints, runs effects,
                    keeps the opponents', the analysis' and the countdown's timers;
                    events.py  raw events → messages;  painter.py  the picture onto the page;
                    focus.py  the keyboard focus;  embedding.py  the embedding page (embed.js);
                    dom.py  the page's elements;  storage.py  localStorage
      model.py      the state, declared: Model, Prefs, the options Form, InPlay (one deal)
      messages.py   the core's messages and effects, and those between features
      update.py     the entry point: input read per screen, the handler table, the wiring
                    where one feature hands on to another
      page.py       the picture of the page from the model, each feature's view in its place
    i18n/           the words: the catalogues, the boot screen's words
    packs/          the parts of the page's Python loaded when first used, and who needs them
    setup/          the first screens: the address, what is stored, the picker, the options form
    play/           a deal at the table: its life (arrive, kept, leave), keys and clicks, the
                    aids, the opponents' turns, whose view it shows, the sheets, finished deals
    tables/ parts/  one table per game behind one contract; the pieces tables are drawn from
    the features, each a package with its model, messages, update and view:
      daily/ exercises/ replay/ seats/ shared_table/ settings/ stats/ reactions/
"""

from __future__ import annotations

from .shell import Shell


def start(document, window, proxy) -> Shell:
    """Start kozyr in the page's #app."""
    shell = Shell(document, window, proxy)
    shell.start()
    return shell
