"""The small rules protocol that every game implements.

UI, AI, saving, the CLI and the tests are written once against it:

    game = registry.get("durak")
    state = game.new_game({"players": 3}, seed=7)
    while not game.is_over(state):
        seat = state.to_act
        move = pick(game.view(state, seat), game.legal_moves(state))
        game.apply(state, move)          # IllegalMove (state unchanged) if not legal
    game.result(state)

A move is a small frozen value with a stable text form ("beat 9H on 7H",
"take") that round-trips through `Move.parse`; seed + move texts replay a game.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

from .cards import Card, card


class KozyrError(ValueError):
    """Base of every error a player or a caller can cause."""


class IllegalMove(KozyrError):
    """The move is not allowed now; the state was not changed."""


class Rank(str):
    """A rank as a reason names it ("7", "K"): its code, like a card's. A UI words it with its
    language's rank letters; in English it is the code itself."""


class Reason(str):
    """Why a move is refused, as a message id with its parameters: the engine speaks no
    language of its own. As a string it is the English sentence (for the CLI, logs and tests);
    a UI words it from `message` (an English template, the id of its translations) and
    `params` (numbers, Cards or lists of Cards, seat numbers, Ranks or lists of Ranks), e.g.

        Reason("{card} does not beat {target}", card=c, target=t)

    A reason that changes with a word (a phase, a kind of move) is one message per word.
    """

    message: str
    params: dict[str, Any]

    def __new__(cls, message: str, **params: Any) -> "Reason":
        text = super().__new__(cls, message.format(**{k: _english(v) for k, v in params.items()}))
        text.message, text.params = message, params
        return text


def _english(value: Any) -> Any:
    if isinstance(value, Card):
        return value.label
    if isinstance(value, (list, tuple)):
        return ", ".join(_english(v) for v in value)
    return value


class OptionsError(KozyrError):
    """The options make no game (unknown key, bad value, impossible mix)."""


@dataclass(frozen=True, init=False)
class Move:
    """One action of the seat to act.

    kind   -- verb in the players' words: "attack", "beat", "take", "pass"...
    cards  -- cards the move plays or shows, from the actor's hand
    target -- what it acts on: a card on the table, a pile or position name
    """

    kind: str
    cards: tuple[Card, ...] = ()
    target: str | None = None

    def __init__(self, kind: str, cards: tuple[Card, ...] = (), target: str | None = None):
        # the fields written straight into the instance: a frozen dataclass's own __init__ goes
        # through object.__setattr__ for each, and legal moves are built by the million in search
        fields = self.__dict__
        fields["kind"], fields["cards"], fields["target"] = kind, cards, target

    def __str__(self) -> str:
        words = [self.kind, *map(str, self.cards)]
        if self.target is not None:
            words += ["on", self.target]
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> "Move":
        words = str(text).split()
        if not words:
            raise IllegalMove(Reason("empty move"))
        target = None
        if "on" in words:
            at = words.index("on")
            if at == 0 or at != len(words) - 2:
                raise IllegalMove(f"cannot read move {text!r}")
            target = words[-1]
            words = words[:at]
        kind, rest = words[0], words[1:]
        try:
            return cls(kind, tuple(card(w) for w in rest), target)
        except ValueError as exc:
            raise IllegalMove(f"cannot read move {text!r}: {exc}") from None

    @property
    def passes(self) -> bool:
        """The protocol's "pass": a seat that may act says it is done (a Durak throw-in
        declined)."""
        return self.kind == "pass"

    def to_json(self) -> MoveJSON:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards],
                "target": self.target, "text": str(self)}


class MoveJSON(TypedDict):
    """A move as a view lists it."""

    kind: str
    cards: list[str]
    target: str | None
    text: str  # what apply takes; Move.parse(text) gives the move back


class View(TypedDict):
    """What every game's view holds. Each game declares its whole view as a subclass
    (DurakView, …), with its own keys and its `phase` names ("over" at the end)."""

    game: str  # the game's registry name
    seat: int  # whose view this is
    players: int
    options: dict[str, Any]  # every option, defaults filled in
    dealer: int
    to_act: int | None  # None once the game is over
    log: list[dict[str, Any]]  # the public events, oldest first, each named by "event"
    legal: list[MoveJSON]  # this seat's moves: empty unless it is to act
    result: dict[str, Any] | None  # as Game.result: None while the game runs


@dataclass(frozen=True)
class Option:
    """One game option, described as data so forms and validation are generic."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: a boolean flag
    help: str = ""
    requires: str | None = None  # another flag that must be on for this one to matter
    # what turning this flag on sets among the other options, for a form to follow (Durak's
    # teams: four players), as (key, value) pairs
    sets: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        kind = "choice" if self.choices else "flag"
        return {"key": self.key, "label": self.label, "default": self.default, "kind": kind,
                "choices": list(self.choices), "help": self.help, "requires": self.requires,
                "sets": dict(self.sets)}

    def check(self, value: Any) -> Any:
        if not self.choices:
            if not isinstance(value, bool):
                raise OptionsError(f"option {self.key!r} is on or off (true/false), not {value!r}")
            return value
        if not any(value == c and type(value) is type(c) for c in self.choices):
            shown = ", ".join(map(str, self.choices))
            raise OptionsError(f"option {self.key!r} must be one of {shown}, not {value!r}")
        return value


@dataclass
class State:
    """What every game's state has; games subclass it with their own zones."""

    options: dict[str, Any]
    seed: int
    match: dict[str, Any] = field(default_factory=dict)  # carried over from the previous deal
    history: list[str] = field(default_factory=list)  # applied move texts, for replay
    log: list[dict[str, Any]] = field(default_factory=list)  # public events, for people
    to_act: int | None = None
    # cards turned up from places nobody sees (a draw from the stock, a face-down card turned):
    # a move that raises it showed something new, so it can never be taken back
    revealed: int = 0
    rng: random.Random = field(default_factory=random.Random, repr=False)

    @property
    def players(self) -> int:
        return self.options["players"]


class Game:
    """Base of every game: the protocol plus the generic parts (options, apply)."""

    name: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    ai_levels: ClassVar[tuple[str, ...]] = ("easy", "normal")
    level_help: ClassVar[dict[str, str]] = {}  # what a level means, where the game says

    # --- options -------------------------------------------------------
    def players_option(self) -> Option:
        seats = tuple(range(self.min_players, self.max_players + 1))
        return Option("players", "Players", self.default_players, seats,
                      "Seats at the table, you included.")

    def all_options(self) -> tuple[Option, ...]:
        return (self.players_option(), *self.options)

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raises OptionsError saying what is wrong."""
        if not isinstance(options or {}, dict):
            raise OptionsError("options must be a mapping of option names to values")
        given = dict(options or {})
        known = {o.key: o for o in self.all_options()}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionsError(f"{self.title} has no option {', '.join(map(repr, unknown))}; "
                               f"its options are {', '.join(known)}")
        checked = {k: o.check(given.get(k, o.default)) for k, o in known.items()}
        self.check_combination(checked)
        return checked

    def check_combination(self, options: dict[str, Any]) -> None:
        """Games refuse impossible mixes of valid values here."""

    # --- the protocol --------------------------------------------------
    def new_game(self, options: dict[str, Any] | None = None, seed: int = 0,
                 match: dict[str, Any] | None = None) -> State:
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        raise NotImplementedError

    def view(self, state: State, seat: int) -> View:
        """What `seat` may know, as plain JSON; each game declares its own View subclass."""
        raise NotImplementedError

    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs; else places (1 = best) and scores per seat."""
        raise NotImplementedError

    def open_hands(self, state: State) -> list[list[str]]:
        """Every seat's cards that the table hides from somebody, face up, in the order the
        seat holds them: what a replay of a finished deal shows. Games without `hands` say."""
        return [[str(c) for c in hand] for hand in state.hands]

    def is_over(self, state: State) -> bool:
        return state.to_act is None

    def explain(self, state: State, move: Move) -> str:
        """Why `move` is illegal now (games give the rule it breaks), as a Reason; a reason
        that repeats the move as written (its protocol text) is a plain string."""
        return f"{move} is not a legal move now"

    def why_not_card(self, state: State, c: Card) -> str:
        """Why the seat to act cannot play card `c` now ("" if some legal move plays it): a
        Reason (see explain)."""
        if any(c in m.cards for m in self.legal_moves(state)):
            return ""
        attempt = self.card_move(state, c)
        return self.explain(state, attempt) if attempt else \
            Reason("{card} cannot be played now", card=c)

    def card_move(self, state: State, c: Card) -> Move | None:
        """The move a player most likely means by playing `c` alone now (games say)."""
        return None

    def _say(self, state: State, event: str, **data: Any) -> None:
        """Write a public event to the log (cards as their texts)."""
        if "cards" in data:
            data["cards"] = [str(c) for c in data["cards"]]
        state.log.append({"event": event, **data})

    def _play(self, state: State, move: Move) -> None:
        """Carry out a move already known to be legal."""
        raise NotImplementedError

    def apply(self, state: State, move: Move | str) -> None:
        """Play `move` for the seat to act, or raise IllegalMove leaving state as it was."""
        if isinstance(move, str):
            move = Move.parse(move)
        if state.to_act is None:
            raise IllegalMove(Reason("the game is over"))
        legal = self.find_legal(state, move)
        if legal is None:
            raise IllegalMove(self.explain(state, move))
        state.history.append(str(legal))
        self._play(state, legal)

    def play_legal(self, state: State, move: Move) -> None:
        """Play a move taken from `legal_moves(state)` as it is, without checking it again: the
        fast path of AI search, which plays many thousands of moves in imagined deals."""
        state.history.append(str(move))
        self._play(state, move)

    def find_legal(self, state: State, move: Move) -> Move | None:
        """The legal move that `move` means: the order of its cards does not matter."""
        cards = sorted(move.cards)
        for legal in self.legal_moves(state):
            if (legal.kind, legal.target) == (move.kind, move.target) \
                    and sorted(legal.cards) == cards:
                return legal
        return None

    def replay(self, options: dict[str, Any] | None, seed: int, moves: list[str],
               match: dict[str, Any] | None = None) -> State:
        state = self.new_game(options, seed, match)
        for text in moves:
            self.apply(state, text)
        return state

    def copy(self, state: State) -> State:
        """An independent copy, for AI search."""
        return copy.deepcopy(state)

    def rules(self) -> str:
        """The game's rules page (Markdown), shipped beside the engine."""
        from importlib.resources import files
        return files(__package__).joinpath("rules", f"{self.name}.md").read_text("utf-8")

    def describe(self) -> dict[str, Any]:
        """The registry entry as data: what the picker and options form are built from."""
        return {"name": self.name, "title": self.title, "blurb": self.blurb,
                "min_players": self.min_players, "max_players": self.max_players,
                "options": [o.to_json() for o in self.all_options()],
                "ai_levels": list(self.ai_levels), "level_help": dict(self.level_help)}
