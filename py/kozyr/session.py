"""A table: one game in progress, which seats are people and which are AIs, and saving.

The UI and the CLI drive games through this; it knows nothing about pages or terminals.
A saved game is seed + options + moves: loading replays it, so a save can never hold a
state the rules could not reach.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from . import ai, registry
from .cards import card
from .protocol import IllegalMove, KozyrError, Move, Reason
from .thinking import finish

SAVE_FORMAT = "kozyr-save"
SAVE_VERSION = 1
AI_BUDGET = 1.0  # seconds a searching AI may think at the table
FORCED_LOOKAHEAD = 400  # moves: more than any deal has left


class SaveError(KozyrError):
    """A saved game that cannot be read or replayed."""


def _reason(exc: Exception) -> str:
    """An error's reason as it was raised: the Reason itself, not its English."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Reason) else str(exc)


class Session:
    """A table of seats, each a person or an AI. `people` are the seats of the people at this
    device (one, `human`, by default; several pass the device round); every other seat is an
    AI of `level`, or of its own level in `levels` (seat -> level)."""

    def __init__(self, game: str, options: dict[str, Any] | None = None, seed: int = 0,
                 human: int | None = 0, level: str = "normal",
                 match: dict[str, Any] | None = None, people: tuple[int, ...] | None = None,
                 levels: dict[int, str] | None = None):
        self.game = registry.get(game)
        self.state = self.game.new_game(options, seed, match)
        self.match = match  # what the deal carried over from the last one
        self.options = self.state.options
        seats = range(self.options["players"])
        people = (() if human is None else (human,)) if people is None else tuple(people)
        for seat in people:
            if type(seat) is not int or seat not in seats:
                raise KozyrError(f"there is no seat {seat!r} at a table of {len(seats)}")
        if len(set(people)) != len(people):
            raise KozyrError(f"a seat is taken twice: {list(people)}")
        self.seed, self.level, self.people = seed, level, people
        self.human = people[0] if people else None  # the first person (the only one, mostly)
        self.levels = {s: (levels or {}).get(s, level) for s in seats if s not in people}
        self.ais = {s: ai.make(lv, self.game.name, seed * 31 + s, AI_BUDGET)
                    for s, lv in self.levels.items()}
        self.steps: list[tuple[int, bool]] = []  # per move: who made it, and if it showed a card

    def _apply(self, move: Move | str) -> Move:
        """Play a move for the seat to act and note who made it and whether it turned a card up."""
        seat, before = self.state.to_act, self.state.revealed
        self.game.apply(self.state, move)
        self.steps.append((seat, self.state.revealed > before))
        return Move.parse(move) if isinstance(move, str) else move

    def fork(self) -> "Session":
        """An independent copy to play on, the AIs shared: a page keeps the session it had
        untouched until the new one is whole, so a failure half-way loses nothing."""
        twin = object.__new__(Session)
        twin.__dict__.update(self.__dict__)
        twin.state, twin.steps = self.game.copy(self.state), list(self.steps)
        return twin

    # --- playing ---------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def over(self) -> bool:
        return self.game.is_over(self.state)

    def ai_to_act(self) -> bool:
        return self.to_act is not None and self.to_act in self.ais

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.game.view(self.state, self.human if seat is None else seat)

    def person_to_act(self) -> bool:
        return self.to_act is not None and self.to_act in self.people

    def play_human(self, move: Move | str) -> Move:
        """The move of the person to act; IllegalMove (state unchanged) if no person is to act
        or it is not legal."""
        if not self.person_to_act():
            raise IllegalMove(Reason("it is not your turn"))
        return self._apply(move)

    def why_not(self, card_text: str) -> str:
        """Why the person to act cannot play this card now, in the rules' words ("" if they
        can): a Reason (see Game.explain)."""
        if not self.person_to_act():
            return Reason("it is not your turn")
        try:
            c = card(card_text)
        except ValueError as exc:
            return _reason(exc)
        if str(c) not in self.view(self.to_act)["hand"]:
            return Reason("you do not hold {cards}", cards=[c])
        return self.game.why_not_card(self.state, c)

    def why_not_move(self, text: str) -> str:
        """Why the person to act cannot make this move now, in the rules' words ("" if they
        can): a Reason (see Game.explain)."""
        if not self.person_to_act():
            return Reason("it is not your turn")
        try:
            move = Move.parse(text)
        except IllegalMove as exc:
            return _reason(exc)
        if self.game.find_legal(self.state, move) is not None:
            return ""
        return self.game.explain(self.state, move)

    def legal_move(self, move: Move | str) -> Move | None:
        """The legal move of the seat to act that `move` means (its cards in any order), as
        the rules write it; None if it is not legal now."""
        try:
            move = Move.parse(move) if isinstance(move, str) else move
        except IllegalMove:
            return None
        return self.game.find_legal(self.state, move)

    def last_move(self) -> Move | None:
        """The move made last, if any."""
        history = self.state.history
        return Move.parse(history[-1]) if history else None

    def step_ai(self) -> Move:
        """Let the AI whose turn it is make one move, seeing only its own view."""
        return self.play_ai(finish(self.ai_choose()))

    def ai_choose(self) -> Iterator[None]:
        """The move of the AI whose turn it is, as a generator that yields while it thinks (a
        page hands the browser back in between); the move is not made: see play_ai."""
        seat = self.to_act
        if seat not in self.ais:
            raise IllegalMove("no AI is to act")
        player, view = self.ais[seat], self.game.view(self.state, seat)
        if hasattr(player, "think"):
            return (yield from player.think(view))
        return player.choose(view)

    def play_ai(self, move: Move | str) -> Move:
        """The move the AI whose turn it is chose; IllegalMove (state unchanged) otherwise."""
        if not self.ai_to_act():
            raise IllegalMove("no AI is to act")
        return self._apply(move)

    # --- a forced ending --------------------------------------------------------------------------
    def forced_rest(self) -> int:
        """How many moves are left if every one of them is the only legal move (0 if some seat
        still has a choice): the deal can then be played out at once."""
        game, state = self.game, self.game.copy(self.state)
        for n in range(FORCED_LOOKAHEAD):
            if game.is_over(state):
                return n
            moves = game.legal_moves(state)
            if len(moves) != 1:
                return 0
            game.play_legal(state, moves[0])
        return 0

    def play_forced(self) -> int:
        """Play the rest of the deal when it is forced (see forced_rest); how many moves."""
        count = self.forced_rest()
        for _ in range(count):
            self._apply(self.game.legal_moves(self.state)[0])
        return count

    # --- taking a move back -----------------------------------------------------------------
    def why_no_undo(self, person: int | None = None) -> str:
        """Why a person (the first, by default) cannot take their last move back now ("" if
        they can): a Reason. Undo goes back to the person's previous decision, with the AIs'
        replies since, but never past another person's move (nobody takes back someone
        else's) nor a card turned up (a draw, a card turned), so it can never peek."""
        person = self.human if person is None else person
        if person not in self.people:
            return Reason("nobody plays at this table")
        if self.over():
            return Reason("the game is over")
        mine = [i for i, (seat, _) in enumerate(self.steps) if seat == person]
        if not mine:
            return Reason("you have not made a move yet")
        since = self.steps[mine[-1]:]
        if any(seat != person and seat in self.people for seat, _ in since):
            return Reason("someone else has played since your last move: it cannot be taken "
                          "back")
        if any(shown for _, shown in since):
            return Reason("a card was turned up since your last move: it cannot be taken back")
        return ""

    def undo(self, person: int | None = None) -> int:
        """Take back a person's (the first's, by default) last move and every move since; how
        many moves that was. IllegalMove (nothing changed) says why not."""
        person = self.human if person is None else person
        reason = self.why_no_undo(person)
        if reason:
            raise IllegalMove(reason)
        keep = max(i for i, (seat, _) in enumerate(self.steps) if seat == person)
        moves = self.state.history[:keep]
        taken = len(self.state.history) - keep
        self.state = self.game.replay(self.options, self.seed, moves, self.match)
        self.steps = self.steps[:keep]
        return taken

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def next_deal(self, seed: int) -> "Session":
        """The next game at the same table: dealer and first attacker follow the result."""
        result = self.result() or {}
        return Session(self.game.name, self.options, seed, self.human, self.level,
                       result.get("next"), self.people, self.levels)

    def seating(self) -> dict[str, Any]:
        """Who sits where, as saves and deal records keep it: the people's seats when there
        are several, the AIs' levels where they differ from `level` (a table of one person
        and AIs of one level keeps neither, as before there were more)."""
        out: dict[str, Any] = {}
        if len(self.people) > 1:
            out["people"] = list(self.people)
        own = {str(s): lv for s, lv in self.levels.items() if lv != self.level}
        if own:
            out["levels"] = own
        return out

    @staticmethod
    def seating_of(data: dict[str, Any]) -> dict[str, Any]:
        """Session's `people` and `levels` arguments from seating() as stored (KozyrError if
        they are not what seating() writes)."""
        people, levels = data.get("people"), data.get("levels") or {}
        if people is not None and (not isinstance(people, list)
                                   or not all(type(s) is int for s in people)):
            raise KozyrError(f"the people's seats are not a list of seats: {people!r}")
        if not isinstance(levels, dict) or not all(
                isinstance(k, str) and k.isdigit() and isinstance(v, str)
                for k, v in levels.items()):
            raise KozyrError(f"the levels are not seats and levels: {levels!r}")
        return {"people": None if people is None else tuple(people),
                "levels": {int(k): v for k, v in levels.items()}}

    # --- saving ----------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
                "options": self.options, "seed": self.seed, "match": self.state.match,
                "human": self.human, "level": self.level, **self.seating(),
                "moves": list(self.state.history)}

    def dumps(self) -> str:
        return json.dumps(self.save(), separators=(",", ":"))

    @classmethod
    def load(cls, data: dict[str, Any] | str) -> "Session":
        """Rebuild a session from save(); SaveError says what is wrong with a bad save."""
        try:
            if isinstance(data, str):
                data = json.loads(data)
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise SaveError(Reason("this is not a kozyr saved game"))
            if data.get("version") != SAVE_VERSION:
                # TRANSLATORS: {version} is the saved game's format version, as it was saved
                raise SaveError(Reason("saved game version {version} is not supported",
                                       version=repr(data.get("version"))))
            moves, seed, human = data["moves"], data["seed"], data.get("human", 0)
            if not isinstance(moves, list):
                raise SaveError(Reason("the saved moves are not a list"))
            if not isinstance(seed, int) or isinstance(seed, bool):
                # TRANSLATORS: {seed} is the saved shuffle's number, as it was saved
                raise SaveError(Reason("the saved seed {seed} is not a whole number",
                                       seed=repr(seed)))
            session = cls(data["game"], data["options"], seed, human,
                          data.get("level", "normal"), data.get("match"),
                          **cls.seating_of(data))
            for i, text in enumerate(moves):
                try:
                    session._apply(str(text))
                except IllegalMove as exc:
                    # TRANSLATORS: {move} is the move as saved ("attack 7S"), {reason} why the
                    # rules refuse it
                    raise SaveError(Reason("saved move {number} ({move}) cannot be replayed: "
                                           "{reason}", number=i + 1, move=str(text),
                                           reason=exc.args[0] if exc.args else str(exc)))
            return session
        except SaveError:
            raise
        except (KozyrError, ValueError, KeyError, TypeError) as exc:
            # TRANSLATORS: {error} is the technical error found in the saved game
            raise SaveError(Reason("the saved game is damaged: {error}", error=str(exc))) from None
