"""Messages that need a part of the page's Python it has not loaded yet (a pack, ui/packs/):
which packs a message needs, and what happens when they arrive or cannot be had (offline, a
pack never fetched): a language or the replay says so in words; the rules sheet opens saying
it. (The shared table's "share" pack comes with its rtc.js: shared_table/channel.py.)"""

from __future__ import annotations

from dataclasses import replace

from .. import i18n
from .. import messages as m
from ..exercises.messages import NextExercise, OpenExercises, TryExercise
from ..i18n import _
from ..model import Model
from ..replay import messages as rm
from . import Loaded, Missing, ReplayLink, Speak

# the messages that need the replay's pack: its screen and the analysis (which the exercises
# judge with)
EXERCISES = (OpenExercises, TryExercise, NextExercise)
NEED_REPLAY = (rm.OpenReplay, ReplayLink, *EXERCISES)
# every pack the UI asks for by name: one per language but English, and these
NAMED = ("rules", "replay", "share")
EVERY = frozenset((*NAMED, *(lang for lang in i18n.LANGUAGES if lang != i18n.ENGLISH)))


def language_pack(lang: str) -> str | None:
    """The pack of a language's words and rules pages (English needs none)."""
    return lang if lang in i18n.LANGUAGES and lang != i18n.ENGLISH else None


def rules_pack(lang: str) -> str:
    """The pack of the rules pages in `lang`: its language's, or the English "rules"."""
    return language_pack(lang) or "rules"


def wanted(model: Model, msg) -> tuple[str | None, ...]:
    kind = type(msg)
    if kind is m.Language or kind is Speak:
        rules = (rules_pack(msg.lang),) if model.sheet == "rules" else ()
        return (language_pack(msg.lang), *rules)
    if kind is m.OpenSheet and msg.sheet == "rules":
        return (rules_pack(model.lang),)
    if kind in NEED_REPLAY:
        return ("replay",)
    return ()


def needed(model: Model, msg) -> tuple[str, ...]:
    """The packs `msg` needs that the page has not loaded yet (none: it is handled now)."""
    return tuple(dict.fromkeys(p for p in wanted(model, msg) if p and p not in model.packs))


def required(msg) -> set[str | None]:
    """The packs without which `msg` cannot go on (the others it goes on without)."""
    if type(msg) is m.Language or type(msg) is Speak:
        return {language_pack(msg.lang)}
    return {"replay"} if type(msg) in NEED_REPLAY else set()


def arrived(model: Model, msg: Loaded | Missing) -> tuple[Model, object, list]:
    """The packs are here (the message that waited goes on), or cannot be had: the message goes
    on without them, or the page says in words why it cannot. (model, the message to handle now
    or None, effects)"""
    if type(msg) is Loaded:
        return replace(model, packs=model.packs | set(msg.packs)), msg.then, []
    effects = [m.Console("warn", f"kozyr: could not fetch {', '.join(msg.packs)}")]
    if not set(msg.packs) & required(msg.then):
        return model, msg.then, effects
    return say(model, missing_words(msg.then)), None, effects


def missing_words(then) -> str:
    if type(then) in EXERCISES:
        # TRANSLATORS: offline, and neither a replay nor an exercise was ever opened online
        return _("The exercises are downloaded the first time they open: connect to the "
                 "internet once to open them.")
    if type(then) is rm.OpenReplay or type(then) is ReplayLink:
        # TRANSLATORS: offline, and the replay was never opened with a connection
        return _("The replay is downloaded the first time it opens: connect to the internet "
                 "once to open it.")
    # TRANSLATORS: offline, and a language never chosen with a connection; {language} is
    # its own name (Русский, Suomi)
    return _("{language} is downloaded the first time it is chosen: connect to the internet "
             "once to use it.", language=i18n.LANGUAGES.get(then.lang, then.lang))


def say(model: Model, words: str) -> Model:
    """`words` where the screen shows them: at the table its hint line, else the notice (the
    first screens', and the open sheet's)."""
    if model.screen == "table" and model.in_play is not None and model.sheet is None:
        return replace(model, in_play=replace(model.in_play, hint=words))
    return replace(model, notice=words)


def speak(model: Model, msg: Speak, now: float):
    """The language the page opened in, now that its words are here (not stored as a choice)."""
    if msg.lang not in i18n.LANGUAGES:
        return model, []
    i18n.use(msg.lang)
    return replace(model, lang=msg.lang), []


HANDLERS = {Speak: speak}
