"""The message catalogues (scripts/catalogues.py, locale/): complete, faithful to the English
placeholders, with every language's plural forms, and in step with the code."""
from __future__ import annotations

import ast
import gettext
import io
from pathlib import Path

import pytest

import catalogues  # scripts/catalogues.py
from ui import i18n


def ids(cat) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}


def test_the_template_holds_every_message_of_the_code():
    """locale/kozyr.pot is what `scripts/catalogues.py extract` makes of the code today."""
    assert ids(catalogues.template()) == ids(catalogues.read(catalogues.TEMPLATE)), \
        "the code's messages changed: run scripts/catalogues.py extract, then translate"


WORDING = {"_": None, "N_": None, "n_": None, "p_": 0, "NP_": 0}  # the id's argument after a context


def worded_in_code(root: Path) -> set[tuple[str | None, str]]:
    """Every message the UI's code words with a literal, wherever the call stands: inside an
    f-string too, where the extraction does not look."""
    found = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in WORDING and node.args):
                context = WORDING[node.func.id]
                args = node.args[context + 1:] if context is not None else node.args
                first = node.args[0] if context is not None else None
                if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                    ctx = first.value if isinstance(first, ast.Constant) else None
                    found.add((ctx, args[0].value))
    return found


def test_every_literal_the_code_words_is_in_the_template():
    """A message worded inside an f-string is not extracted, so it would show in English in
    every language: each literal the code words must be in the template."""
    missing = worded_in_code(Path(i18n.__file__).parents[1]) - ids(
        catalogues.read(catalogues.TEMPLATE))
    assert not missing, f"worded but never extracted (move it out of the f-string): {missing}"


def test_the_check_sees_a_message_worded_inside_an_f_string(tmp_path):
    (tmp_path / "view.py").write_text("def f():\n    return f\"<b>{_('Lost')}</b>{p_('c', 'Too')}\"\n")
    assert worded_in_code(tmp_path) == {(None, "Lost"), ("c", "Too")}


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_message_is_translated_with_the_english_placeholders(lang):
    problems = catalogues.problems(lang)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("lang,forms", [("ru", 3), ("ro", 3), ("fr", 2), ("fi", 2)])
def test_plural_forms_follow_the_language(lang, forms):
    cat = catalogues.read(catalogues.LOCALE / f"{lang}.po", lang)
    assert cat.num_plurals == forms
    mo = gettext.GNUTranslations(io.BytesIO(
        catalogues.compiled()[f"ui/locale/{lang}/LC_MESSAGES/kozyr.mo"]))
    # a message whose forms differ in this language (some say both alike: Finnish "siirrolla")
    plural = next(m for m in cat if m.pluralizable and m.string and all(m.string)
                  and len(set(m.string)) == forms)
    seen = {mo.ngettext(plural.id[0], plural.id[1], n) for n in (1, 2, 5, 21, 22, 25, 101, 111)}
    assert len(seen) == forms, (plural.id, seen)


def test_the_checks_catch_a_wrong_translation(tmp_path, monkeypatch):
    """A missing translation, a lost placeholder and a short plural are all reported."""
    pot = catalogues.Catalog(project="kozyr")
    pot.add("{who} takes.")
    pot.add("Ready")
    pot.add(("{n} card", "{n} cards"))
    pot.add("Done")
    (tmp_path / "ru.po").write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : '
        'n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        'msgid "{who} takes."\nmsgstr "{кто} берёт."\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} карта"\n'
        'msgstr[1] "{n} карты"\nmsgstr[2] ""\n\n'
        'msgid "Done"\nmsgstr "Готово"\n', "utf-8")
    catalogues.write(pot, tmp_path / "kozyr.pot")
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogues, "TEMPLATE", tmp_path / "kozyr.pot")
    found = "\n".join(catalogues.problems("ru"))
    assert "'{who} takes.': placeholders ['кто'] differ from the English ['who']" in found
    assert "'Ready' is not in the catalogue" in found
    assert "'{n} card' needs 3 plural forms" in found
    assert "Done" not in found


def test_the_language_in_use_words_every_message():
    i18n.use("ru")
    try:
        assert i18n.language() == "ru"
        assert i18n._("Reload") != "Reload"
        assert i18n.n_("{n} card", "{n} cards", 3) .startswith("3 ")
    finally:
        i18n.use("en")
    assert i18n._("Reload") == "Reload"
    i18n.use("xx")  # not ours: English
    assert i18n.language() == "en"


@pytest.mark.parametrize("browser,lang", [(["ru-RU", "en"], "ru"), (["de", "fi-FI"], "fi"),
                                          (["fr-CA"], "fr"), (["ro"], "ro"), (["de"], "en"),
                                          ([], "en")])
def test_the_first_visit_speaks_the_browsers_language(browser, lang):
    assert i18n.pick(browser) == lang


def test_the_boot_screen_has_its_words_in_every_language():
    words = catalogues.boot_words()
    assert set(words) == {"en", *catalogues.LANGUAGES}
    for lang in catalogues.LANGUAGES:
        assert set(words[lang]) == set(words["en"]), f"{lang}: boot words missing"
        assert words[lang]["reload"] != words["en"]["reload"]
        assert "{seconds}" in words[lang]["timeout"]
