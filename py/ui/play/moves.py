"""Reading the engine's list of legal moves for the clicks a person makes.

These helpers only *look things up* in `view["legal"]`; they hold no rule of any game.
"""

from __future__ import annotations

from kozyr.cards import card

from ..i18n import NP_, p_
from ..parts.cards import label


def _same(cards: list[str], sel: list[str]) -> bool:
    return sorted(cards) == sorted(sel)


def uses(legal: list[dict], code: str) -> list[dict]:
    """Legal moves that play or show `code`."""
    return [m for m in legal if code in m["cards"]]


def exact(legal: list[dict], sel: list[str]) -> list[dict]:
    """Legal moves that use exactly the selected cards."""
    return [m for m in legal if m["cards"] and _same(m["cards"], sel)]


def containing(legal: list[dict], sel: list[str]) -> list[dict]:
    want = set(sel)
    return [m for m in legal if want <= set(m["cards"])]


def extenders(legal: list[dict], sel: list[str]) -> set[str]:
    """Cards that can join the selection in some legal move."""
    if not sel:
        return set()
    return {c for m in containing(legal, sel) for c in m["cards"]} - set(sel)


def playable(legal: list[dict]) -> set[str]:
    return {c for m in legal for c in m["cards"]}


def cardless(legal: list[dict]) -> list[dict]:
    return [m for m in legal if not m["cards"]]


def targets(legal: list[dict], sel: list[str]) -> dict[str, dict]:
    """Table cards the selection may be played on (e.g. beat), mapped to the move."""
    return {m["target"]: m for m in exact(legal, sel) if m.get("target")}


def auto_move(legal: list[dict], code: str) -> dict | None:
    """The move a single tap on `code` means, when it has exactly one possible move (a place
    to go included: the one table card it beats, the one pile it matches)."""
    alone = exact(legal, [code])
    bigger = [m for m in uses(legal, code) if len(m["cards"]) > 1]
    if len(alone) == 1 and not bigger:
        return alone[0]
    return None


def on_table(legal: list[dict], sel: list[str], kinds: tuple[str, ...]) -> dict | None:
    """The move a tap on the table itself makes with the selection as it stands: the one
    move of exactly these cards, aimed at no card, of the `kinds` that lay cards on the table
    (Durak's lead, throw-in, transfer)."""
    found = [m for m in exact(legal, sel) if not m.get("target") and m["kind"] in kinds]
    return found[0] if len(found) == 1 else None


def again(legal: list[dict], sel: list[str], kinds: tuple[str, ...]) -> dict | None:
    """The move a tap on the one selected card again makes: its only reading aimed at no
    place, or, when the table takes one of two such readings, the other (Durak's trump shown
    to transfer, beside the transfer that lays it); None: the tap drops the selection."""
    alone = [m for m in exact(legal, sel) if not m.get("target")]
    if len(sel) != 1:
        return None
    table = on_table(legal, sel, kinds)
    rest = [m for m in alone if m is not table]
    readings = alone if len(alone) == 1 else rest if table else []
    return readings[0] if len(readings) == 1 else None


# A move's button; {cards} are the cards it plays ("7♥ 7♦")
VERBS = {
    "attack": NP_("button", "Attack with {cards}"),
    "throw": NP_("button", "Throw in {cards}"),
    "transfer": NP_("button", "Transfer with {cards}"),
    "show": NP_("button", "Show {cards} to transfer"),
    "beat": NP_("button", "Beat with {cards}"),
    "take": NP_("button", "Take"),
    "pass": NP_("button", "Done"),
}


def button_text(move: dict) -> str:
    cards = " ".join(label(c) for c in move["cards"])
    kind = move["kind"]
    if kind not in VERBS:  # a move no game makes a button of yet: its own words
        return f"{kind.title()} {cards}".strip()
    return p_("button", VERBS[kind], cards=cards).strip()


# A move in words, for the hint line ("Hint: beat 7♥ with 9♥ – …"); {cards} are the cards it
# plays, {target} the card or place it goes on
MOVE_WORDS = {
    "attack": NP_("move", "attack with {cards}"),
    "throw": NP_("move", "throw in {cards}"),
    "transfer": NP_("move", "transfer with {cards}"),
    "show": NP_("move", "show {cards} to transfer"),
    "beat": NP_("move", "beat with {cards}"),
    "beat on": NP_("move", "beat {target} with {cards}"),
    "take": NP_("move", "take the cards"),
    "take cards": NP_("move", "take {cards}"),
    "pass": NP_("move", "press Done"),
    "lead": NP_("move", "lead {cards}"),
    "draw": NP_("move", "draw from the stock"),
    "place on": NP_("move", "place it at position {target}"),
    "higher": NP_("move", "call higher"),
    "lower": NP_("move", "call lower"),
    "same": NP_("move", "call the same rank"),
    "drop on": NP_("move", "drop {cards} on pile {target}"),
    "exchange on": NP_("move", "exchange {cards} for pile {target}"),
    "keep": NP_("move", "keep {cards}"),
}


def move_words(move: dict) -> str:
    """What a move does, in a few words of the language in use."""
    cards = " ".join(label(c) for c in move["cards"])
    target = move.get("target") or ""
    kind = move["kind"]
    key = next((k for k in (f"{kind} on" if target else "", f"{kind} cards" if cards else "",
                            kind) if k in MOVE_WORDS), None)
    if key is None:
        return move["text"]
    shown = label(target) if _is_card(target) else target
    return p_("move", MOVE_WORDS[key], cards=cards, target=shown)


def _is_card(text: str) -> bool:
    try:
        card(text)
        return True
    except ValueError:
        return False
