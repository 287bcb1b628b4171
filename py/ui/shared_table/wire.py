"""What the pages of a shared table say to each other over their data channel.

Every message is one JSON object `{"v": VERSION, "kind": …, …}` of at most MAX_CHARS
characters. Each side reads only the kinds the other may send, each with the fields of the
types it must have; anything else (junk, another version, too long, a kind or field that does
not belong) is a WireError saying why, and is dropped by whoever reads it.

The host sends a guest only what that guest's seat may know: its seat's view (the engine's
view leaves out every other seat's hidden cards, the seed and the stock's order), the seats'
names, refusals with their reasons, and, once the game is over, the whole deal for the
replay. A view travels without its log, whose new events come with it (`log_from`: where
they go in the log the guest has), a long log in "log" messages before it: a view stays
far below the size limit however long the game. A guest sends moves as text, the state of its own table (Memory's look) and goodbye.
Either side sends reactions as ids of a fixed list (ui/reactions), never free text.
"""

from __future__ import annotations

import json
from typing import Any

from kozyr.cards import Card, card
from kozyr.protocol import KozyrError, Reason

VERSION = 2  # 2: "seat" says which deal of the host's it is for
MAX_CHARS = 64_000

# kind -> {field: type}; every field is required
FROM_GUEST: dict[str, dict[str, type]] = {
    "hello": {"lang": str},
    "move": {"text": str, "version": int},
    "ui": {"ui": dict},
    "react": {"reaction": str},  # an id of reactions.model.IDS, never free text
    "bye": {},
}
FROM_HOST: dict[str, dict[str, type]] = {
    "seat": {"seat": int, "game": str, "names": list, "deal": int},
    "view": {"version": int, "view": dict, "away": list, "log_from": int, "log": list},
    "log": {"log_from": int, "log": list},
    "refused": {"reason": dict, "version": int},
    "deal": {"deal": dict},
    "react": {"seat": int, "reaction": str},  # another seat's, passed on
    "bye": {},
}


class WireError(KozyrError):
    """A message that is not one the reader takes, and why (for the console, in English)."""


def encode(kind: str, **fields: Any) -> str:
    text = json.dumps({"v": VERSION, "kind": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False)
    if len(text) > MAX_CHARS:  # the engine's views are a few KB: this is a bug, say so
        raise WireError(f"the message is too long ({len(text)} characters)")
    return text


def decode(text: Any, kinds: dict[str, dict[str, type]]) -> dict[str, Any]:
    """The message `text` is, if it is one of `kinds` with its fields; WireError otherwise."""
    if not isinstance(text, str):
        raise WireError("the message is not text")
    if len(text) > MAX_CHARS:
        raise WireError(f"the message is too long ({len(text)} characters)")
    try:
        msg = json.loads(text)
    except ValueError:
        raise WireError("the message is not JSON") from None
    if not isinstance(msg, dict):
        raise WireError("the message is not JSON")
    if type(msg.get("v")) is not int or msg["v"] != VERSION:  # (True and 1.0 equal 1)
        raise WireError(f"the message is of version {msg.get('v')!r}, not {VERSION}")
    fields = kinds.get(msg.get("kind"))
    if fields is None:
        raise WireError(f"the message is of an unknown kind {msg.get('kind')!r}")
    for name, typ in fields.items():
        value = msg.get(name)
        if not isinstance(value, typ) or typ is int and type(value) is not int:
            raise WireError(f"the message's {name} is missing or wrong")
    extra = set(msg) - set(fields) - {"v", "kind"}
    if extra:
        raise WireError(f"the message has fields it should not: {', '.join(sorted(extra))}")
    return msg


# --- a reason, carried to the other page to be worded in its own language ----------------------

def reason_json(reason: Any) -> dict[str, Any]:
    """A Reason (or plain text) as JSON: its message id and its parameters, cards as codes."""
    message = getattr(reason, "message", None)
    if message is None:
        return {"text": str(reason)}
    return {"message": message, "params": {k: _param(v) for k, v in reason.params.items()}}


def _param(value: Any) -> Any:
    if getattr(value, "message", None) is not None:
        return {"reason": reason_json(value)}
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, (list, tuple)):
        return [_param(v) for v in value]
    return value if isinstance(value, (str, int, float)) else str(value)


def reason_of(data: dict[str, Any]) -> Any:
    """The Reason a reason_json() carried (plain text for anything else)."""
    template = data.get("message")  # a message id of the engine's or the page's
    if not isinstance(template, str):
        return str(data.get("text", ""))
    params = data.get("params") if isinstance(data.get("params"), dict) else {}
    try:
        return Reason(template, **{str(k): _value(v) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):  # a message and parameters that do not match
        return template


def _value(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("card"), str):
        try:
            return card(value["card"])
        except ValueError:
            return value["card"]
    if isinstance(value, dict) and isinstance(value.get("reason"), dict):
        return reason_of(value["reason"])
    if isinstance(value, list):
        return [_value(v) for v in value]
    return value
