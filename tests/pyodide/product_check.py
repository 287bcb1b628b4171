"""The product's Python run on the site's own runtime (see product_check.mjs): every module
of the engine and the UI imported, every game played to its end at every level, and in every
language, through the headless page, with every sheet drawn. A standard-library module they
need and the shipped library lacks fails here. Prints the library files that were loaded, as
JSON."""
from __future__ import annotations

import importlib
import json
import pkgutil
import random
import sys

import kozyr
import ui
from headless import Page
from ui import messages as m
from ui.i18n import LANGUAGES

# the entry module needs PyScript's page (imported by the browser tests)
SKIP = {"ui.main"}
AT = "/lib/python314.zip/"

for package in (kozyr, ui):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name not in SKIP:
            importlib.import_module(info.name)

games = [g["name"] for g in kozyr.catalogue()]
# every game at every level in English, and each other language on one of the games
rounds = [(game, "en", level) for game in games for level in ("easy", "normal", "hard")]
rounds += [(games[i % len(games)], lang, "normal") for i, lang in enumerate(LANGUAGES)
           if lang != "en"]
played = 0
for game, lang, level in rounds:
    page = Page(f"?game={game}&lang={lang}&level={level}&seed={played + 1}&speed=instant")
    assert page.in_play is not None, (game, lang, level)
    for sheet in ("rules", "keys", "stats", "settings", "deal"):
        page.send(m.OpenSheet(sheet))
        page.send(m.CloseSheet())
    page.play_out(random.Random(played))
    assert page.view["phase"] == "over"
    played += 1

loaded = sorted({mod.__file__[len(AT):].removesuffix("c")  # a .pyc: its source's name
                 for mod in list(sys.modules.values())
                 if (getattr(mod, "__file__", None) or "").startswith(AT)})
print("product_check:", json.dumps({"played": played, "loaded": loaded,
                                    "ai": sys.modules["kozyr.ai.durak"].__file__}))
