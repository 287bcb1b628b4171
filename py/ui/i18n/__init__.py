"""The product's words in five languages, from gettext catalogues.

Every word the page shows goes through one of these, with its English text as the message id
and named placeholders in braces:

    _("Your turn.")                              a sentence
    _("{who} takes.", who=name)                  with its parameters
    n_("{n} card", "{n} cards", n)               plural forms, as many as the language has
    p_("button", "Take")                         one English word that other languages tell apart
    N_("Olga"), NP_("rank", "king")              marks a text kept as data, worded later by
                                                 _() or p_() (with the same context)

The English texts are the catalogue's ids, so English needs no catalogue. The others are
locale/<lang>.po, compiled at build time to ui/locale/<lang>/LC_MESSAGES/kozyr.mo beside this
package (in the page, in the language's pack: packs/), read here by the standard library's
gettext. scripts/catalogues.py extracts the ids
from the code (and the engine's option and refusal texts) and checks every translation.

The language in use is the model's (`use(lang)`, called where the page is drawn and where the
model is updated), so that every function below reads it without being handed it.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from ..packs import shipped

ENGLISH = "en"
# Each language by its own name, as a language switch shows it.
LANGUAGES = {"en": "English", "ru": "Русский", "fr": "Français", "fi": "Suomi", "ro": "Română"}
DOMAIN = "kozyr"
LOCALE_DIR = Path(__file__).parent.parent / "locale"

_catalogues: dict[str, gettext.NullTranslations] = {}
_active: gettext.NullTranslations = gettext.NullTranslations()
_lang = ENGLISH


def catalogue(lang: str) -> gettext.NullTranslations:
    """The language's compiled catalogue (English, or a missing one: the English ids)."""
    if lang not in _catalogues:
        try:
            mo = shipped(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo")
        except OSError:  # not here (yet: its pack comes when the language is first chosen)
            return gettext.NullTranslations()
        _catalogues[lang] = gettext.GNUTranslations(io.BytesIO(mo))
    return _catalogues[lang]


def use(lang: str) -> None:
    """Speak `lang` from now on (an unknown one speaks English)."""
    global _active, _lang
    _lang = lang if lang in LANGUAGES else ENGLISH
    _active = catalogue(_lang)


def language() -> str:
    return _lang


def _(message: str, **params) -> str:
    text = _active.gettext(message)
    return text.format(**params) if params else text


def n_(singular: str, plural: str, n: int, **params) -> str:
    """The form of the language's plural rule for `n`; `{n}` is the number."""
    return _active.ngettext(singular, plural, n).format(n=n, **params)


def p_(context: str, message: str, **params) -> str:
    """A message whose English is ambiguous without its context ("button", "name", ...)."""
    text = _active.pgettext(context, message)
    return text.format(**params) if params else text


def N_(message: str) -> str:
    return message


def NP_(context: str, message: str) -> str:
    return message


def pick(languages: list[str]) -> str:
    """The first of the browser's languages ("ru-RU", "fr", ...) that we speak, else English."""
    for tag in languages:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return ENGLISH
