"""The parts of the page's Python loaded when first used (ui/packs.py), through `update`: which
pack a message needs, the Need effect and the message going on once the pack is here, the
model's packs, and the words when a pack cannot be had (offline, never fetched); a pack's zip
mounted and imported from in place; the build's packs are the ones the UI asks for."""
from __future__ import annotations

import importlib
import random
import sys
import zipfile

import pytest
from headless import Page

import build  # scripts/build.py
from ui import messages as m
from ui import packs
from ui.model import PREFS_KEY, Model
from ui.packs import Need, ReplayLink, Speak
from ui.packs.update import EVERY, needed
from ui.play import recent as rc
from ui.replay import messages as rm

NONE = frozenset()


def test_which_pack_a_message_needs():
    model = Model(games=())
    assert needed(model, m.Language("ru")) == ("ru",)
    assert needed(model, m.Language("en")) == ()
    assert needed(model, m.OpenSheet("rules")) == ("rules",)  # the English rules pages
    assert needed(model, m.OpenSheet("keys")) == ()
    assert needed(model, rm.OpenReplay("over")) == needed(model, ReplayLink("x")) == ("replay",)
    assert needed(model, m.Home()) == ()
    # with the rules sheet open, a language brings its rules pages (in its own pack)
    rules_open = Model(games=(), sheet="rules", lang="fi", packs=frozenset({"fi"}))
    assert needed(rules_open, m.Language("en")) == ("rules",)
    assert needed(rules_open, m.Language("ru")) == ("ru",)
    assert needed(rules_open, m.OpenSheet("rules")) == ()  # here already
    assert needed(Model(games=(), packs=EVERY), m.Language("ro")) == ()


def test_a_message_waits_for_its_pack_then_goes_on():
    page = Page("?game=durak&seed=3&speed=instant", packs=NONE)
    assert page.model.packs == NONE and page.model.lang == "en"
    effects = page.send(m.Language("ru"))
    assert effects[0] == Need(("ru",), m.Language("ru"))  # the page answered it: Loaded
    assert page.model.packs == {"ru"} and page.model.lang == "ru"
    assert page.picture.lang == "ru" and "карточный стол" in page.picture.title
    page.send(m.Language("en"))
    assert [e for e in page.send(m.Language("ru")) if isinstance(e, Need)] == []  # here now
    page.send(m.OpenSheet("rules"))  # in Russian: its rules are in the language's pack
    assert page.model.sheet == "rules" and page.model.packs == {"ru"}


def test_the_language_the_page_opens_in_is_spoken_once_its_words_are_here():
    page = Page("?lang=fi&game=durak&seed=3", packs=NONE)
    assert Need(("fi",), Speak("fi")) in page.effects
    assert page.model.lang == "fi" and page.model.packs == {"fi"}
    assert PREFS_KEY not in page.stored  # the address's choice, not the player's
    opened = Page("?lang=fi&game=durak&seed=3", packs=frozenset({"fi"}))  # fetched beside it
    assert not [e for e in opened.effects if isinstance(e, Need)] and opened.model.lang == "fi"


def test_offline_a_language_never_fetched_says_so_and_the_page_stays():
    page = Page("?game=durak&seed=3&speed=instant", packs=NONE)
    page.offline = {"fr"}
    page.send(m.Language("fr"))
    assert page.model.lang == "en" and "fr" not in page.model.packs
    assert "Français is downloaded the first time it is chosen" in page.in_play.hint
    assert "connect to the internet once" in page.picture.html
    page.send(m.OpenSheet("settings"))  # the switch in the settings: the words in its notice
    page.send(m.Language("fr"))
    assert "Français is downloaded" in page.model.notice
    # the page opening in it, offline: English, and why
    opened = Page("?lang=fr", packs=NONE, offline={"fr"})
    assert opened.model.lang == "en" and "Français is downloaded" in opened.model.notice


def test_offline_the_replay_says_so_and_the_rules_sheet_opens_anyway():
    page = Page("?game=durak&players=2&seed=4&speed=instant", packs=NONE)
    page.play_out(random.Random(4))
    page.offline = {"replay", "rules"}
    assert page.send(rm.OpenReplay("over"))[0] == Need(("replay",), rm.OpenReplay("over"))
    assert page.model.screen == "table" and "The replay is downloaded" in page.in_play.hint
    assert any(e.level == "warn" for e in page.effects if isinstance(e, m.Console))
    page.send(m.OpenSheet("rules"))  # it goes on without its pack: the sheet says what it can
    assert page.model.sheet == "rules" and "rules" not in page.model.packs
    page.offline = set()
    page.send(m.CloseSheet())
    page.send(rm.OpenReplay("over"))
    assert page.model.screen == "replay" and "replay" in page.model.packs


def test_a_replay_link_waits_for_the_replays_pack():
    done = Page("?game=durak&players=2&seed=4&speed=instant")
    done.play_out(random.Random(4))
    link = rc.encode(rc.deal_of(done.in_play.session))
    page = Page(f"?replay={link}", packs=NONE)
    assert Need(("replay",), ReplayLink(link)) in page.effects
    assert page.model.screen == "replay" and page.model.packs == {"replay"}
    offline = Page(f"?replay={link}", packs=NONE, offline={"replay"})
    assert offline.model.screen == "home" and "The replay is downloaded" in offline.model.notice


def test_a_pack_is_mounted_and_imported_from_in_place(tmp_path, monkeypatch):
    zipped = tmp_path / "served.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        z.writestr("ui/zz_packed.py", "WHERE = 'a pack'\n")
        z.writestr("ui/locale/zz/LC_MESSAGES/kozyr.mo", b"words")
    monkeypatch.setattr(packs, "MOUNTED_AT", str(tmp_path))
    monkeypatch.setattr(packs, "_manifest", {"zz": {"file": "py/zz.0.zip", "extends": ["ui"]}})
    monkeypatch.setattr(packs, "_mounted", {})
    ui = importlib.import_module("ui")
    monkeypatch.setattr(ui, "__path__", list(ui.__path__))
    with pytest.raises(ImportError):
        importlib.import_module("ui.zz_packed")
    assert packs.url("zz") == "py/zz.0.zip"
    packs.mount("zz", zipped.read_bytes())
    try:
        assert packs.mounted() == {"zz"}
        assert importlib.import_module("ui.zz_packed").WHERE == "a pack"
        assert packs.shipped(packs.HOME / "locale/zz/LC_MESSAGES/kozyr.mo") == b"words"
        with pytest.raises(OSError):
            packs.shipped(packs.HOME / "locale/yy/LC_MESSAGES/kozyr.mo")
    finally:
        sys.modules.pop("ui.zz_packed", None)


def test_the_builds_packs_are_those_the_ui_asks_for():
    files = build.python_files({"kozyr": build.ROOT / "py" / "kozyr",
                                "ui": build.ROOT / "py" / "ui"})
    made = {build.pack_of(name) for name in files} - {None}
    assert made == EVERY
    # what a first deal imports stays in the zip the page opens with
    for name in ("ui/main.py", "ui/packs.py", "kozyr/durak.py", "kozyr/ai/durak.py",
                 "kozyr/ai/memory.py", "ui/tables/stump/table.py"):
        assert build.pack_of(name) is None, name
    assert build.pack_of("ui/replay/view.py") == build.pack_of("kozyr/analysis.py") == "replay"
    assert build.pack_of("ui/locale/ru/LC_MESSAGES/kozyr.mo") == "ru"
    assert build.pack_of("ui/rules/en/durak.html") == "rules"
