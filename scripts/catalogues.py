"""The message catalogues: extract the English ids, merge them into each language, compile, check.

    locale/kozyr.pot       every message the product shows, its English text as the id
                           (extracted from py/ui and from the engine's catalogue of games)
    locale/<lang>.po       one language's translations (ru, fr, fi, ro), written by people

    python3 scripts/catalogues.py extract    rewrite kozyr.pot from the code and merge it into
                                             every .po (new ids come in untranslated)
    python3 scripts/catalogues.py check      list every missing or wrong translation; exit 1 if any

The build compiles each .po to ui/locale/<lang>/LC_MESSAGES/kozyr.mo (`compiled`), which
py/ui/i18n/ reads with the standard library's gettext.
"""
from __future__ import annotations

import io
import re
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "kozyr.pot"
SOURCES = [ROOT / "py" / "ui", ROOT / "py" / "kozyr"]
LANGUAGES = ("ru", "fr", "fi", "ro")
# i18n.py's functions: _(message), n_(singular, plural, n), p_(context, message) and the
# markers N_(message), NP_(context, message); the engine's Reason(message, **params)
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None, "NP_": ((1, "c"), 2),
            "Reason": None}
COMMENT_TAG = "TRANSLATORS:"


def engine_messages() -> list[tuple[str | None, str, str]]:
    """(context, message, where) for the words the engine's catalogue gives the UI: each game's
    title and blurb, its options' labels, help and worded choices, and its levels' help."""
    sys.path.insert(0, str(ROOT / "py"))
    import kozyr

    out = []
    for game in kozyr.catalogue():
        where = f"kozyr.{game['name']}"
        out += [("game", game["title"], where), (None, game["blurb"], where)]
        for option in game["options"]:
            out.append(("option", option["label"], where))
            if option.get("help"):
                out.append((None, option["help"], where))
            out += [("choice", c, where) for c in option["choices"] if isinstance(c, str)]
        out += [(None, text, where) for text in (game.get("level_help") or {}).values()]
    return [m for m in out if m[1]]


def template() -> Catalog:
    cat = new_catalogue()
    for src in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                src, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=(COMMENT_TAG,), strip_comment_tags=True):
            where = (src.relative_to(ROOT) / filename).as_posix()
            cat.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for context, message, where in engine_messages():
        cat.add(message, None, [(where, 0)], context=context)
    return cat


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def write(cat: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=False, omit_header=False)
    path.write_bytes(buf.getvalue())


def extract() -> None:
    LOCALE.mkdir(exist_ok=True)
    pot = template()
    write(pot, TEMPLATE)
    for lang in LANGUAGES:
        path = LOCALE / f"{lang}.po"
        cat = read(path, lang) if path.exists() else new_catalogue(lang)
        cat.update(pot, no_fuzzy_matching=True)
        keep_plurals(cat)
        cat.obsolete.clear()
        cat.fuzzy = False  # the header: its Plural-Forms must reach the compiled catalogue
        write(cat, path)


def keep_plurals(cat: Catalog) -> None:
    """A plural message whose English singular changed keeps its translation (matched by its
    English plural and context): the forms of the language do not depend on the English one."""
    old = {(m.context, m.id[1]): m.string for m in cat.obsolete.values()
           if m.pluralizable and m.string and all(m.string)}
    for msg in cat:
        if msg.pluralizable and not any(msg.string or ()):
            msg.string = old.get((msg.context, msg.id[1]), msg.string)


def new_catalogue(lang: str | None = None) -> Catalog:
    return Catalog(locale=lang, project="kozyr", version="1", copyright_holder="kozyr",
                   msgid_bugs_address="", last_translator="kozyr",
                   language_team=f"kozyr {lang}" if lang else None, fuzzy=False)


def fields(text: str) -> set[str]:
    """The placeholders of a message: {who}, {n}, ..."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


CYRILLIC = re.compile("[\u0400-\u04ff]")  # only Russian is written in it


def problems(lang: str) -> list[str]:
    """What is wrong with a language's catalogue against the template: an id missing or left
    untranslated (or fuzzy), a translation in another language's script, placeholders that
    differ from the English, plural forms short."""
    pot = read(TEMPLATE)
    path = LOCALE / f"{lang}.po"
    if not path.exists():
        return [f"{lang}: locale/{lang}.po is missing"]
    cat = read(path, lang)
    out = []
    for msg in pot:
        if not msg.id:
            continue
        own = cat.get(msg.id, context=msg.context)
        key = f"{lang}: {msg.id if isinstance(msg.id, str) else msg.id[0]!r}"
        if own is None:
            out.append(f"{key} is not in the catalogue (run scripts/catalogues.py extract)")
            continue
        if own.fuzzy:
            out.append(f"{key} is marked fuzzy")
        texts = own.string if isinstance(own.string, (tuple, list)) else [own.string]
        if lang != "ru" and any(CYRILLIC.search(t or "") for t in texts):
            out.append(f"{key} is translated in Russian, not in {lang}")
        if msg.pluralizable:
            forms = list(own.string) if isinstance(own.string, (tuple, list)) else [own.string]
            if len(forms) != cat.num_plurals or not all(forms):
                out.append(f"{key} needs {cat.num_plurals} plural forms")
                continue
            english = fields(msg.id[0]) | fields(msg.id[1])
            for form in forms:
                if fields(form) - english or (english - {"n"}) - fields(form):
                    out.append(f"{key}: placeholders {sorted(fields(form))} differ from the "
                               f"English {sorted(english)}")
        else:
            if not own.string:
                out.append(f"{key} is not translated")
            elif fields(own.string) != fields(msg.id):
                out.append(f"{key}: placeholders {sorted(fields(own.string))} differ from the "
                           f"English {sorted(fields(msg.id))}")
    return out


def compiled() -> dict[str, bytes]:
    """Each language's .mo file, by its path in the page's Python working directory."""
    out = {}
    for lang in LANGUAGES:
        path = LOCALE / f"{lang}.po"
        if path.exists():
            buf = io.BytesIO()
            write_mo(buf, read(path, lang), use_fuzzy=False)
            out[f"ui/locale/{lang}/LC_MESSAGES/kozyr.mo"] = buf.getvalue()
    return out


def boot_words() -> dict[str, dict[str, str]]:
    """The boot screen's words (py/ui/i18n/boot.py) in every language, for index.html:
    {lang: {key: text}}; a language's missing translation is left to the English."""
    sys.path.insert(0, str(ROOT / "py"))
    from ui.i18n.boot import BOOT_WORDS

    out = {"en": dict(BOOT_WORDS)}
    for lang in LANGUAGES:
        path = LOCALE / f"{lang}.po"
        cat = read(path, lang) if path.exists() else Catalog(locale=lang)
        own = {key: cat.get(text) for key, text in BOOT_WORDS.items()}
        out[lang] = {key: m.string for key, m in own.items()
                     if m is not None and m.string and not m.fuzzy}
    return out


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        extract()
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(read(TEMPLATE))} messages")
        return 0
    if argv == ["check"]:
        found = [p for lang in LANGUAGES for p in problems(lang)]
        print("\n".join(found) or "every message is translated in every language")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
