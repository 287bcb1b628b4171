"""Every word on every screen comes from a catalogue.

The screens are drawn in a pseudo-language whose every message is its English wrapped in
⟦ ⟧. Then no text the page shows or names (text nodes, aria-label, title, placeholder, alt)
may keep a letter outside those brackets: such a letter was written into the code, not
through the catalogues, and a Russian or Finnish player would see English there.
"""
from __future__ import annotations

import gettext
import random
import re
from html.parser import HTMLParser

import pytest

import kozyr
from ui import i18n
from ui import messages as m

ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-roledescription",
              "aria-valuetext")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
LETTER = re.compile(r"[^\W\d_]")
# The brand's letters, drawn one span each in the top bar's logo ("k", "o", "zyr").
BRAND = {"k", "o", "zyr", "kozyr"}


class Pseudo(gettext.NullTranslations):
    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"

    def npgettext(self, context, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


class Texts(HTMLParser):
    """The texts a page shows and names, each with where it is."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("br", "img", "input", "meta", "link", "use", "path", "circle", "rect"):
            # a text marked with a language of its own (the switch's "Русский") is not in
            # the page's language: it is the same in every one
            self.stack.append("lang" if any(n == "lang" for n, _ in attrs) else tag)
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self.found.append((f"<{tag} {name}>", value))

    def handle_endtag(self, tag):
        if tag in self.stack or "lang" in self.stack:
            while self.stack and self.stack.pop() not in (tag, "lang"):
                pass

    def handle_data(self, data):
        if data.strip() and not {"script", "style", "svg", "lang"} & set(self.stack):
            self.found.append((f"<{self.stack[-1] if self.stack else '?'}>", data.strip()))


def untranslated(html: str) -> list[str]:
    parser = Texts()
    parser.feed(html)
    bad = []
    for where, text in parser.found:
        rest = text
        while MARKED.search(rest):
            rest = MARKED.sub("", rest)
        if LETTER.search(rest) and rest.strip() not in BRAND:
            bad.append(f"{where} {text!r}")
    return bad


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language stands in for English, the language the pages are drawn in."""
    monkeypatch.setitem(i18n._catalogues, "en", Pseudo())
    i18n.use("en")


def check(page, where: str) -> None:
    bad = untranslated(page.picture.html)
    assert not bad, f"{where}: texts not from a catalogue:\n  " + "\n  ".join(bad[:30])


def test_the_picker(pseudo, page_at):
    check(page_at(""), "the picker")


@pytest.mark.parametrize("game", sorted(kozyr.GAMES))
def test_the_options_form_and_its_sheets(pseudo, page_at, game):
    page = page_at(f"?game={game}&setup=1")
    check(page, f"{game} options")
    for sheet in ("keys", "settings", "stats"):
        page.send(m.OpenSheet(sheet))
        check(page, f"{game} options, {sheet} sheet")
        page.send(m.CloseSheet())


@pytest.mark.parametrize("game", sorted(kozyr.GAMES))
def test_a_whole_game_at_the_table(pseudo, page_at, game):
    """The table at every move of a seeded game, its sheets, the log, and the game-over panel."""
    page = page_at(f"?game={game}&seed=4&speed=0")
    rng = random.Random(4)
    page.send(m.ToggleLog())
    page.send(m.Setting("confirm", True))
    for moves in range(400):
        page.opponents()
        check(page, f"{game} at move {moves}")
        view = page.view
        if view["phase"] == "over":
            break
        if view["to_act"] != page.in_play.session.human:
            page.send(m.TableAction("ready"))
            continue
        if moves % 5 == 1:  # a hint, and an undo (taken, or refused with its reason)
            page.send(m.Hint())
            check(page, f"{game} with a hint at move {moves}")
            page.send(m.Undo())
            check(page, f"{game} after Undo at move {moves}")
            continue
        legal = page.view["legal"]
        if page.view["to_act"] != page.in_play.session.human:
            continue
        page.send(m.CardClicked(rng.choice(view["hand"])) if view.get("hand") and moves % 3 == 0
                  else m.MoveChosen(rng.choice(legal)["text"]))
        if page.in_play.confirming:  # "take the cards?"
            check(page, f"{game} asking before a take at move {moves}")
            page.send(m.Confirmed(True))
        check(page, f"{game} after a click at move {moves}")
    else:
        pytest.fail("the game did not end")
    for sheet in ("keys", "discards", "deal", "stats", "settings"):
        page.send(m.OpenSheet(sheet))
        check(page, f"{game} {sheet} sheet")
        page.send(m.CloseSheet())
