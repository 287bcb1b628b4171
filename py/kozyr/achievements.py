"""Achievements: feats of a finished deal that players of each game recognise, read from the
deal's moves.

A deal is what a save holds: the game, its options, the seed, the moves (their texts) and
the match it belongs to (`match`, the carry-over from the deal before). `earned` plays it
again from its seed and reads the states and the public log of the deal; nothing else, so
an achievement can only be earned by the moves themselves. A deal that is not finished earns
nothing, nor does a deal of a match that goes on (a Garbage hand that does not end the
match: its achievements are read when the match is won, from its last hand and the match's
carry-over).

Each achievement has an id ("durak.no_take"), a title and a one-line description: plain
English, the data a UI words in its own languages by the id. The definitions, exactly:

Durak
- durak.no_take "Clean hands": win a deal (not a loser, not a draw) without taking once.
- durak.transfer "Pass it on": win a deal in which you passed an attack on (by a transfer
  or by showing the trump; the transfer variant).
- durak.beat_six "Six beaten": beat off a bout of six attack cards (all six beaten, none
  taken).
- durak.two_at_once "Beat off two": in a game of three or more, beat off a bout in which two
  opponents or more laid attack cards, and go out with it (your hand empty, the stock out).
Stump
- stump.no_take "Never took": go out without taking once.
- stump.from_the_stump "Out from the stump": go out by playing both cards of your stump in
  one turn (beat with one, lead the other) — Stump's way of emptying a hand in one throw.
- stump.heavy_lift "Heavy lift": take ten cards or more at once, and still go out.
Garbage (read at the end of a match)
- garbage.champion "Down to one": win a match: fill your one-card layout first.
- garbage.sweep "Clean sweep": win a match without anyone else winning a hand.
- garbage.photo_finish "Photo finish": win a match against an opponent down to one card too.
Memory
- memory.whole_pile "Whole pile right": win a deal without one wrong call.
- memory.same_thrice "Same, same, same": call SAME right three times in one deal.
- memory.comeback "Comeback": win a deal after taking a centre of eight cards or more.
Advantage
- advantage.by_eight "By eight": win by eight pairs or more.
- advantage.four "Four of a kind": lay both pairs of a rank at once.
- advantage.big_pile "Big pile": take a pile of five cards or more in one exchange.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import registry
from .protocol import State


@dataclass(frozen=True)
class Deal:
    """A finished deal as one seat played it: the deal as dealt, as it ended, its result."""

    seat: int
    first: State  # the deal as dealt, before the first move
    last: State  # the deal at its end
    result: dict[str, Any]

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.last.log

    @property
    def won(self) -> bool:
        """The seat won outright: not a draw, its whole score (a shared win is not one)."""
        r = self.result
        return not r.get("draw") and r["scores"][self.seat] == 1.0

    def mine(self, *events: str) -> list[dict[str, Any]]:
        """The seat's own events of these kinds, in order."""
        return [e for e in self.log if e["event"] in events and e.get("seat") == self.seat]


@dataclass(frozen=True)
class Achievement:
    id: str  # "game.name": the UI's key for its words and the statistics' key
    title: str  # plain English (the UI words it by the id)
    description: str
    check: Callable[[Deal], bool]

    @property
    def game(self) -> str:
        return self.id.split(".")[0]


# --- Durak ---------------------------------------------------------------------------------

def _durak_two_at_once(d: Deal) -> bool:
    """A bout the seat defended last and beat off, with attack cards from two opponents or
    more, then the seat out before the next bout."""
    if d.last.players < 3:
        return False
    defender, attackers, beaten = None, set(), False
    for e in d.log:
        kind, seat = e["event"], e.get("seat")
        if kind == "bout":
            defender, attackers, beaten = e["defender"], set(), False
        elif kind in ("attack", "throw", "transfer"):
            attackers.add(seat)
        if kind in ("transfer", "show"):
            defender = e["defender"]
        elif kind == "beaten":
            beaten = seat == d.seat and defender == d.seat and len(attackers - {d.seat}) >= 2
        elif kind == "out" and seat == d.seat and beaten:
            return d.seat not in d.result["losers"] and not d.result["draw"]
    return False


DURAK = (
    Achievement("durak.no_take", "Clean hands", "Win a deal without taking once.",
                lambda d: d.won and not d.mine("take")),
    Achievement("durak.transfer", "Pass it on",
                "Win a deal in which you passed an attack on (transfer variant).",
                lambda d: d.won and bool(d.mine("transfer", "show"))),
    Achievement("durak.beat_six", "Six beaten", "Beat off a bout of six attack cards.",
                lambda d: any(len(e["cards"]) == 12 for e in d.mine("beaten"))),
    Achievement("durak.two_at_once", "Beat off two",
                "With three players or more, beat off a bout two opponents attacked in, and "
                "go out with it.", _durak_two_at_once),
)


# --- Stump ---------------------------------------------------------------------------------

def _stump_out(d: Deal) -> bool:
    return d.seat in d.last.out


def _from_the_stump(d: Deal) -> bool:
    """The seat's last three events: a beat and a lead with its two stump cards, then out."""
    stump = {str(c) for c in d.first.stumps[d.seat]}
    mine = [e for e in d.log if e.get("seat") == d.seat]
    if not _stump_out(d) or len(mine) < 3:
        return False
    beat, lead, out = mine[-3:]
    return ((beat["event"], lead["event"], out["event"]) == ("beat", "lead", "out")
            and d.log.index(out) - d.log.index(beat) == 2  # one turn: nothing between
            and {*beat["cards"], *lead["cards"]} == stump)


STUMP = (
    Achievement("stump.no_take", "Never took", "Go out without taking once.",
                lambda d: _stump_out(d) and not d.mine("take")),
    Achievement("stump.from_the_stump", "Out from the stump",
                "Go out by playing both cards of your stump in one turn.", _from_the_stump),
    Achievement("stump.heavy_lift", "Heavy lift",
                "Take ten cards or more at once, and still go out.",
                lambda d: _stump_out(d) and any(e["count"] >= 10 for e in d.mine("take"))),
)


# --- Garbage -------------------------------------------------------------------------------

def _champion(d: Deal) -> bool:
    return d.result.get("champion") == d.seat


GARBAGE = (
    Achievement("garbage.champion", "Down to one",
                "Win a match: fill your one-card layout first.", _champion),
    Achievement("garbage.sweep", "Clean sweep",
                "Win a match without anyone else winning a hand.",
                lambda d: _champion(d) and d.result["winners"] == [d.seat] and all(
                    n == 10 for s, n in enumerate(d.last.sizes) if s != d.seat)),
    Achievement("garbage.photo_finish", "Photo finish",
                "Win a match against an opponent down to one card too.",
                lambda d: _champion(d) and any(
                    n == 1 for s, n in enumerate(d.last.sizes) if s != d.seat)),
)


# --- Memory ----------------------------------------------------------------------------------

def _memory_comeback(d: Deal) -> bool:
    return d.won and any(len(e["cards"]) >= 8 for e in d.mine("take"))


MEMORY = (
    Achievement("memory.whole_pile", "Whole pile right", "Win a deal without one wrong call.",
                lambda d: d.won and not d.result.get("limit")
                and all(e["right"] for e in d.mine("call"))),
    Achievement("memory.same_thrice", "Same, same, same",
                "Call SAME right three times in one deal.",
                lambda d: sum(e["call"] == "same" and e["right"] for e in d.mine("call")) >= 3),
    Achievement("memory.comeback", "Comeback",
                "Win a deal after taking a centre of eight cards or more.", _memory_comeback),
)


# --- Advantage -------------------------------------------------------------------------------

def _four_of_a_kind(d: Deal) -> bool:
    """Two pairs of one rank laid one after the other from the hand that held all four: only
    the first pair's draw between them, and it brought neither card of the second."""
    log = d.log
    for i, e in enumerate(log[:-1]):
        if e["event"] != "pair" or e["seat"] != d.seat:
            continue
        between = log[i + 1:i + 2] if log[i + 1]["event"] == "draw" else []
        nxt = log[i + 1 + len(between)] if i + 1 + len(between) < len(log) else {}
        drawn = set(between[0]["cards"]) if between else set()
        if (nxt.get("event") == "pair" and nxt["seat"] == d.seat
                and nxt["cards"][0][:-1] == e["cards"][0][:-1] and not drawn & set(nxt["cards"])):
            return True
    return False


ADVANTAGE = (
    Achievement("advantage.by_eight", "By eight", "Win by eight pairs or more.",
                lambda d: d.won and d.result["pairs"][d.seat] - d.result["pairs"][1 - d.seat] >= 8),
    Achievement("advantage.four", "Four of a kind", "Lay both pairs of a rank at once.",
                _four_of_a_kind),
    Achievement("advantage.big_pile", "Big pile",
                "Take a pile of five cards or more in one exchange.",
                lambda d: any(len(e["taken"]) >= 5 for e in d.mine("exchange"))),
)

ACHIEVEMENTS: dict[str, tuple[Achievement, ...]] = {
    "durak": DURAK, "stump": STUMP, "garbage": GARBAGE, "memory": MEMORY, "advantage": ADVANTAGE}
BY_ID: dict[str, Achievement] = {a.id: a for group in ACHIEVEMENTS.values() for a in group}


def of_game(game: str) -> tuple[Achievement, ...]:
    """A game's achievements in the order they are shown (none for a game without any)."""
    return ACHIEVEMENTS.get(game, ())


def earned(game: str, options: dict[str, Any] | None, seed: int, moves: list[str], seat: int,
           match: dict[str, Any] | None = None) -> list[str]:
    """The ids of the achievements `seat` earned in this deal, in the game's order: none if
    the deal is not finished, or ends a hand of a match that goes on. The deal is played
    again from its seed (an IllegalMove if its moves are not its own)."""
    group = of_game(game)
    if not group:
        return []
    rules = registry.get(game)
    first = rules.new_game(options, seed, match)
    last = rules.replay(options, seed, [str(m) for m in moves], match)
    result = rules.result(last)
    if result is None or result.get("match_over") is False:
        return []
    deal = Deal(seat, first, last, result)
    return [a.id for a in group if a.check(deal)]
