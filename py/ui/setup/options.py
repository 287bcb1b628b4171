"""A game's options as values: defaults, what is sent to the engine, and reading a text (from
the address or the form) as an option's value. Nothing here knows a particular game."""

from __future__ import annotations

from ..i18n import _, n_, p_

TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}


class ParamError(ValueError):
    """A bad setting in the page address."""


def defaults(game: dict) -> dict:
    return {o["key"]: o["default"] for o in game["options"]}


def effective(game: dict, values: dict) -> dict:
    """The options to send: sub-options whose flag is off fall back to their default."""
    out = {}
    for o in game["options"]:
        value = values.get(o["key"], o["default"])
        if o.get("requires") and not values.get(o["requires"]):
            value = o["default"]
        out[o["key"]] = value
    return out


def parse_value(option: dict, text: str):
    """A text from the address (or a form) as the option's value; ParamError if it is none."""
    text = str(text).strip()
    if option["kind"] == "flag":
        low = text.lower()
        if low in TRUE_WORDS or low == "":
            return True
        if low in FALSE_WORDS:
            return False
        # TRANSLATORS: a bad flag in the page's address; {option} is the option's label,
        # {text} what the address says (quoted)
        raise ParamError(_("{option}: use 1 or 0, not {text}", option=option_label(option),
                           text=repr(text)))
    for choice in option["choices"]:
        # a link reads the same in every language: the value, its English word or the word shown
        names = (str(choice), _english_label(option, choice), choice_label(option, choice))
        if any(_same(text, t) for t in names):
            return choice
    shown = _(", ").join(choice_label(option, c) if option.get("words") else str(c)
                         for c in option["choices"])
    # TRANSLATORS: a bad choice in the page's address; {option} is the option's label,
    # {choices} the values it takes, {text} what the address says (quoted)
    raise ParamError(_("{option}: choose one of {choices}, not {text}",
                       option=option_label(option), choices=shown, text=repr(text)))


def _same(a: str, b: str) -> bool:
    return a.lower().replace(" ", "") == b.lower().replace(" ", "")


def sentence(text: str) -> str:
    text = str(text).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def reason_of(exc: Exception):
    """What an engine error says: its Reason (worded by `reason_text`), else its text."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if getattr(said, "message", None) is not None else str(exc)


def worded(context: str, text: str) -> str:
    """A text kept as data (the engine's catalogue, a table's settings and keys) in the language
    in use: as marked with its context (NP_), else as marked without one (N_)."""
    said = p_(context, text)
    return said if said != text else _(text)


def option_label(option: dict) -> str:
    return worded("option", option["label"])


def option_help(option: dict) -> str:
    text = option.get("help")
    return _(text) if text else ""


def choice_label(option: dict, choice) -> str:
    """A choice as the form shows it."""
    if option.get("words"):
        word = option["words"].get(choice, choice)
        return worded("choice", word) if isinstance(word, str) else str(word)
    if option["key"] == "deck" and isinstance(choice, int):
        return n_("{n} card", "{n} cards", choice)
    if isinstance(choice, str):
        return p_("choice", choice)
    return str(choice)


def _english_label(option: dict, choice) -> str:
    if option.get("words"):
        return str(option["words"].get(choice, choice))
    if option["key"] == "deck":
        return f"{choice} cards"
    return str(choice)
