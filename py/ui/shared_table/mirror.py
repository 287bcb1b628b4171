"""The guest's side of a shared table: the latest view of its seat the host sent, answering
what the page asks a game in play, so that every game's table draws it and takes its clicks
as it does at home. It decides nothing and holds nothing but that view: a move the view calls
legal goes to the host (the only authority), who answers with the next view or a refusal."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kozyr import registry
from kozyr.cards import card
from kozyr.protocol import IllegalMove, Move, Reason


class Mirror:
    """Quacks like kozyr.session.Session for the table screens; never changes in place."""

    ais: dict = {}
    levels: dict = {}
    level = ""
    seed = None  # the host's only: seed and moves would show every card

    def __init__(self, game: str, seat: int, view: dict[str, Any], version: int):
        self.game = registry.get(game)
        self.seat = self.human = seat
        self.people = (seat,)
        self.options = view["options"]
        self._view, self.version = view, version
        self.state = SimpleNamespace(log=view["log"], history=())  # what a record reads

    @property
    def to_act(self) -> int | None:
        return self._view["to_act"]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self._view

    def over(self) -> bool:
        return self._view["phase"] == "over"

    def result(self) -> dict[str, Any] | None:
        return self._view.get("result")

    def ai_to_act(self) -> bool:
        return False  # the host's computers play on the host's page

    def person_to_act(self) -> bool:
        return self.to_act == self.seat

    def fork(self) -> "Mirror":
        return self

    def legal_move(self, move: Move | str) -> Move | None:
        """The view's legal move that `move` means (its cards in any order), if any."""
        try:
            move = Move.parse(move) if isinstance(move, str) else move
        except IllegalMove:
            return None
        for legal in self._view["legal"]:
            candidate = Move.parse(legal["text"])
            if (candidate.kind, sorted(map(str, candidate.cards)), candidate.target) == (
                    move.kind, sorted(map(str, move.cards)), move.target):
                return candidate
        return None

    def why_not_move(self, text: str) -> str:
        """Why the view says no to this move ("" if it is among its legal moves); the host
        has the last word."""
        if not self.person_to_act():
            return Reason("it is not your turn")
        if self.legal_move(text) is not None:
            return ""
        return f"{text} is not a legal move now"

    def why_not(self, code: str) -> str:
        if not self.person_to_act():
            return Reason("it is not your turn")
        try:
            c = card(code)
        except ValueError as exc:
            return str(exc)
        if code not in self._view.get("hand", ()):
            return Reason("you do not hold {cards}", cards=[c])
        return ""  # the table words "it cannot be played that way now"

    def why_no_undo(self, person: int | None = None) -> str:
        # TRANSLATORS: why Undo cannot be used by a guest of a table shared between browsers
        return Reason("undo is for the host's table: a guest cannot take a move back")

    def forced_rest(self) -> int:
        return 0

    def last_move(self) -> Move | None:
        return None
