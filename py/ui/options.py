"""A game's options as values: defaults, what is sent to the engine, and reading a text (from
the address or the form) as an option's value. Nothing here knows a particular game."""

from __future__ import annotations

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
        raise ParamError(f"{option['label']}: use 1 or 0, not {text!r}")
    for choice in option["choices"]:
        if any(_same(text, t) for t in (str(choice), choice_label(option, choice))):
            return choice
    shown = ", ".join(choice_label(option, c) if option.get("words") else str(c)
                      for c in option["choices"])
    raise ParamError(f"{option['label']}: choose one of {shown}, not {text!r}")


def _same(a: str, b: str) -> bool:
    return a.lower().replace(" ", "") == b.lower().replace(" ", "")


def sentence(text: str) -> str:
    text = str(text).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def choice_label(option: dict, choice) -> str:
    if option.get("words"):
        return str(option["words"].get(choice, choice))
    if option["key"] == "deck":
        return f"{choice} cards"
    return str(choice)
