"""Finished deals kept for replay: the recent ones in this browser, their analyses, and the
link that carries one deal to another browser.

A deal is what a save holds, as plain JSON: {"game", "options", "seed", "match", "human",
"level", "moves"}, with, when several people played it at one device, "people" (their seats),
"names" (theirs, in that order) and "levels" (computer seats of their own level), plus, in the
recent list, "outcome" ("won", "lost", "draw") and "when" (epoch ms). "human" is the seat
whose view and decisions the replay shows: with several people, any of them. Nothing here trusts what it reads: a damaged entry is left out, a damaged link is
a DealLinkError that says what is wrong.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from kozyr import registry
from kozyr.protocol import KozyrError, Reason

from ..storage import read_json

KEEP = 20  # recent deals kept (the oldest goes)
KEEP_ANALYSES = 20  # analyses kept, the latest first
DEAL_KEYS = ("game", "options", "seed", "match", "human", "level", "moves")
LINK_FIELDS = {"g": "game", "o": "options", "s": "seed", "m": "match", "h": "human",
               "l": "level", "v": "moves"}
SEATING_FIELDS = {"p": "people", "n": "names", "e": "levels"}  # only in a deal that has them
LINK_VERSION = 1
MAX_LINK = 64_000  # characters of a replay= parameter read at most


class DealLinkError(KozyrError):
    """A replay link that cannot be read: its reason, in words (a Reason)."""


def deal_of(session, outcome: str = "", when: float = 0.0,
            names: tuple[str, ...] = ()) -> dict[str, Any]:
    """A session's deal as the recent list keeps it (with the people's names, if several)."""
    save = session.save()
    deal = {k: save[k] for k in DEAL_KEYS}
    deal["match"] = deal["match"] or None
    deal.update(session.seating())
    if len(session.people) > 1:
        deal["names"] = list(names)
    if outcome:
        deal.update(outcome=outcome, when=int(when))
    return deal


def deal_id(deal: dict[str, Any]) -> str:
    """A short name for a deal: the same cards and moves, the same name."""
    text = json.dumps([deal.get(k) for k in DEAL_KEYS], sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}{len(deal.get('moves') or ()):03x}"


def checked(deal: Any) -> dict[str, Any] | None:
    """The deal if it can be replayed to its last move, else None."""
    if not isinstance(deal, dict) or not all(k in deal for k in DEAL_KEYS):
        return None
    try:
        game = registry.get(deal["game"])
        moves, seed, human = deal["moves"], deal["seed"], deal["human"]
        if (not isinstance(moves, list) or not isinstance(seed, int) or isinstance(seed, bool)
                or not isinstance(human, int) or isinstance(human, bool)):
            return None
        if deal["match"] is not None and not isinstance(deal["match"], dict):
            return None
        state = game.replay(deal["options"], seed, [str(t) for t in moves], deal["match"])
        if not 0 <= human < state.players:
            return None
    except (KozyrError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None
    return deal if seated(deal, state.players) else {
        k: v for k, v in deal.items() if k not in SEATING_FIELDS.values()}


def seated(deal: dict[str, Any], players: int) -> bool:
    """The deal's people, names and levels make sense together (or it has none)."""
    people, names, levels = deal.get("people"), deal.get("names"), deal.get("levels")
    if people is None:
        return names is None
    return (isinstance(people, list) and len(people) > 1 and deal["human"] in people
            and len(set(people)) == len(people)
            and all(type(s) is int and 0 <= s < players for s in people)
            and isinstance(names, list) and len(names) == len(people)
            and all(isinstance(n, str) and n.strip() for n in names)
            and (levels is None or isinstance(levels, dict)))


def people_of(deal: dict[str, Any]) -> dict[int, str]:
    """The people who played the deal together, seat -> name (none for one person)."""
    return dict(zip(deal.get("people") or (), deal.get("names") or ()))

def read_recent(text: str | None) -> tuple[dict, ...]:
    """The recent deals as stored, newest first; damaged entries left out (checked when one
    is opened, not here: reading the list must stay cheap)."""
    try:
        data = json.loads(text or "[]")
    except ValueError:
        return ()
    if not isinstance(data, list):
        return ()
    return tuple(d for d in data if isinstance(d, dict) and all(k in d for k in DEAL_KEYS)
                 and isinstance(d.get("game"), str))[:KEEP]


def add_recent(recent: tuple[dict, ...], deal: dict) -> tuple[dict, ...]:
    return (deal, *(d for d in recent if deal_id(d) != deal_id(deal)))[:KEEP]


def read_analyses(text: str | None) -> dict[str, list]:
    data = read_json(text)
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, list)}


def keep_analysis(analyses: dict[str, list], key: str, judged: list) -> dict[str, list]:
    """The analyses with this deal's first (or again, grown), the oldest dropped past KEEP."""
    kept = {key: judged, **{k: v for k, v in analyses.items() if k != key}}
    return dict(list(kept.items())[:KEEP_ANALYSES])


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


# --- the link ------------------------------------------------------------------------------------

def encode(deal: dict[str, Any]) -> str:
    """The deal as a replay= value: its JSON, compressed, in URL-safe base64."""
    short = {"k": LINK_VERSION, **{k: deal[v] for k, v in LINK_FIELDS.items()},
             **{k: deal[v] for k, v in SEATING_FIELDS.items() if v in deal}}
    packed = zlib.compress(dumps(short).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> dict[str, Any]:
    """The deal a replay= value carries; DealLinkError says why not."""
    text = text.strip()
    if not text or len(text) > MAX_LINK:
        raise DealLinkError(Reason("the link holds no deal"))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        short = json.loads(zlib.decompressobj().decompress(packed, 1_000_000).decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise DealLinkError(Reason("the link is cut short or changed")) from None
    if not isinstance(short, dict) or short.get("k") != LINK_VERSION:
        raise DealLinkError(Reason("the link was made by another version of kozyr"))
    deal = checked({v: short.get(k) for k, v in LINK_FIELDS.items()}
                   | {v: short[k] for k, v in SEATING_FIELDS.items() if k in short})
    if deal is None:
        raise DealLinkError(Reason("its moves cannot be played from its deal"))
    return deal


def own(deal: dict[str, Any]) -> bool:
    """A deal that makes exercises: one person played it (not several at one device)."""
    return not deal.get("people")


def mine(recent: tuple[dict, ...], deal: dict[str, Any]) -> bool:
    """A deal of the person's own, alone at this device: one of their recent deals."""
    return own(deal) and deal_id(deal) in {deal_id(d) for d in recent}
