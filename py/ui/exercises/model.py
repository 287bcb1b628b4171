"""Exercises from the person's own mistakes, as data: the positions of their finished deals
where the analysis found a mistake or a blunder (kozyr.exercises judges the answers), kept in
this browser with how each went, and the messages that open and answer them.

Stored under EXERCISES_KEY as {"format", "version", "items": [item, ...]}, newest first. An
item: {"deal": the deal as play/recent.py keeps it (without outcome), "judgement": the analysis's
judgement of the decision (analysis.Judgement.to_json), "verdict": "mistake" or "blunder",
"tries": answers given that did not solve it, "solved": bool, "when": epoch ms it was made}. Its id is the deal's id and the
decision's step. Only deals one person played alone make exercises: "your own mistakes".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..play.recent import DEAL_KEYS, deal_id, own
from ..storage import read_json

FORMAT, VERSION = "kozyr-exercises", 1
KEEP = 100  # exercises kept; past it the oldest solved ones go first
TRIES = 2  # answers that miss before the best move is shown
VERDICTS = ("mistake", "blunder")


@dataclass(frozen=True)
class Trying:
    """An exercise at the table: a decision of the person's where they made a mistake,
    asked again from their seat (exercises/). Nothing is stored while it is tried."""

    id: str
    judgement: dict  # the analysis's judgement of that decision (Judgement.to_json)
    tries: int = 0  # answers that did not solve it (the best move is shown after TRIES)
    solved: bool = False
    checking: str = ""  # the answer being judged, a slice at a time (the shell runs it)
    run: int = 0  # which answer: a late judgement of an earlier one is dropped
    answer: str = ""  # the last answer judged, and its chance against the move played
    chance_answer: float = 0.0
    chance_played: float = 0.0


def item_id(item: dict[str, Any]) -> str:
    return f"{deal_id(item['deal'])}:{item['judgement']['step']}"


def read(text: str | None) -> tuple[dict, ...]:
    """The stored exercises; a damaged one is left out, never a crash."""
    data = read_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return ()
    items = data.get("items")
    return tuple(i for i in items if _whole(i))[:KEEP] if isinstance(items, list) else ()


def _whole(item: Any) -> bool:
    if not isinstance(item, dict) or not isinstance(item.get("deal"), dict):
        return False
    deal, j = item["deal"], item.get("judgement")
    if not all(k in deal for k in DEAL_KEYS) or not isinstance(deal.get("moves"), list):
        return False
    if not isinstance(j, dict) or not isinstance(j.get("step"), int) or j["step"] < 0:
        return False
    if not all(isinstance(j.get(k), str) for k in ("played", "best")):
        return False
    if not all(isinstance(j.get(k), (int, float)) and 0 <= j[k] <= 1
               for k in ("chance_played", "chance_best")):
        return False
    return (item.get("verdict") in VERDICTS
            and isinstance(item.get("tries"), int) and item["tries"] >= 0
            and isinstance(item.get("solved"), bool) and isinstance(item.get("when"), int))


def dumps(items: tuple[dict, ...]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "items": list(items)},
                      separators=(",", ":"))


def added(items: tuple[dict, ...], deal: dict[str, Any], judgements: list[tuple[dict, str]],
          now: float) -> tuple[dict, ...]:
    """The exercises with those of `deal`'s `judgements` (each with its verdict, a mistake or
    a blunder) that are not there yet, newest first; KEEP at most."""
    if not own(deal):
        return items
    plain = {k: deal[k] for k in DEAL_KEYS}
    known = {item_id(i) for i in items}
    new = [{"deal": plain, "judgement": j, "verdict": verdict, "tries": 0, "solved": False,
            "when": int(now)}
           for j, verdict in judgements if f"{deal_id(plain)}:{j['step']}" not in known]
    return trimmed((*reversed(new), *items)) if new else items


def trimmed(items: tuple[dict, ...]) -> tuple[dict, ...]:
    """At most KEEP, the oldest solved ones dropped first, then the oldest."""
    items = tuple(items)
    while len(items) > KEEP:
        solved = [n for n, i in enumerate(items) if i["solved"]]
        drop = solved[-1] if solved else len(items) - 1
        items = items[:drop] + items[drop + 1:]
    return items


def find(items: tuple[dict, ...], id_: str) -> dict | None:
    return next((i for i in items if item_id(i) == id_), None)


def updated(items: tuple[dict, ...], id_: str, **changes: Any) -> tuple[dict, ...]:
    return tuple({**i, **changes} if item_id(i) == id_ else i for i in items)


def left(items: tuple[dict, ...], game: str | None = None) -> list[dict]:
    """The exercises not solved yet (of one game), oldest first: the order to work them in."""
    return [i for i in reversed(items)
            if not i["solved"] and (game is None or i["deal"]["game"] == game)]


def next_after(items: tuple[dict, ...], id_: str) -> dict | None:
    """The exercise to take after `id_`: the next left of its game, else of any game."""
    current = find(items, id_)
    game = current["deal"]["game"] if current else None
    rest = [i for i in left(items, game) if item_id(i) != id_]
    rest = rest or [i for i in left(items) if item_id(i) != id_]
    return rest[0] if rest else None
