"""Helpers for the Advantage tests: build a position from text, count cards, read the log.

    state = arranged(hands={A: "QD 2S 9H AS"}, piles=("KH", "7C", "10D"), stock="4D 9C")

Seat A (0) is the non-dealer and acts first in every phase; B (1) deals, unless `dealer` says
otherwise.  `piles` gives the three piles, each from the bottom to the top; `stock` lists
the stock from the top down; `private` names the hand cards that were drawn (hidden from the
other seat); `pairs` gives each seat's score pile (a score pile of n cards is n // 2 pairs,
as the engine counts it).

The cards nobody was given (the "rest") go, in deck order, to one place that `rest` names:
"stock" (the default: under the named stock, so that the named cards are drawn first),
"pile1", "pile2" or "pile3" (under that pile's bottom card, where only an exchange for that
pile reaches them) or a seat number (that seat's score pile).  So every card of the 52 is
somewhere, as in a real game.

The position is then settled as play would settle it: `ADVANTAGE._advance` makes the
help-draws, passes and pairs that involve no choice, until a seat must choose or the game
ends.  A position starts a fresh turn (no help-draw made yet) with a log holding just the
deal.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import protocol_checks as checks
from kozyr.advantage import ADVANTAGE, AdvantageState
from kozyr.cards import cards, deck
from protocol_checks import CARD_TOKEN, texts  # noqa: F401  (used by the tests)

A, B = 0, 1
DECK = Counter(deck(52))
REST = ("stock", "pile1", "pile2", "pile3", A, B)


def arranged(hands: dict[int, str] | None = None, piles: tuple[str, str, str] = ("", "", ""),
             stock: str = "", phase: str = "drop", step: int = 0, dealer: int = B,
             private: dict[int, str] | None = None, pairs: dict[int, str] | None = None,
             rest: str | int = "stock", rally: int = 1, progress: bool = False,
             paired: bool = False, pairless: int = 0, settle: bool = True,
             **options) -> AdvantageState:
    assert rest in REST, f"rest goes to one of {REST}"
    state = ADVANTAGE.new_game(options, seed=0, match={"dealer": dealer})
    held = [cards((hands or {}).get(s, "")) for s in (A, B)]
    laid = [cards((pairs or {}).get(s, "")) for s in (A, B)]
    centre = [cards(text) for text in piles]
    named = cards(stock)
    given = [c for part in (*held, *laid, *centre, named) for c in part]
    assert len(set(given)) == len(given), "a card is named twice"
    spare = [c for c in deck(52) if c not in set(given)]
    state.hands, state.pairs = held, laid
    state.private = [cards((private or {}).get(s, "")) for s in (A, B)]
    assert all(set(p) <= set(h) for p, h in zip(state.private, held)), "private cards not held"
    state.piles = [(spare if rest == f"pile{i + 1}" else []) + pile
                   for i, pile in enumerate(centre)]
    assert all(state.piles), "every pile has a card"
    state.stock = (spare if rest == "stock" else []) + named[::-1]  # the top is last
    if rest in (A, B):
        state.pairs[rest] = laid[rest] + spare
    state.phase, state.step, state.rally = phase, step, rally
    state.progress, state.paired, state.pairless = progress, paired, pairless
    state.helped, state.finished, state.to_act = False, False, None
    state.history, state.log = [], [{"event": "deal", "seat": dealer}]
    assert conserved(state), "arranged lost or doubled a card"
    if settle:
        ADVANTAGE._advance(state)
    return state


play = partial(checks.play, ADVANTAGE)
legal = partial(checks.legal, ADVANTAGE)
refused = partial(checks.refused, ADVANTAGE)
snapshot = partial(checks.snapshot, ADVANTAGE)


def all_cards(state: AdvantageState) -> Counter:
    """Every card: hands, piles, stock and score piles."""
    return Counter([c for h in state.hands for c in h] + [c for p in state.piles for c in p]
                   + state.stock + [c for p in state.pairs for c in p])


def conserved(state: AdvantageState) -> bool:
    return all_cards(state) == DECK


def hand(state: AdvantageState, seat: int) -> list[str]:
    return texts(state.hands[seat])


def tops(state: AdvantageState) -> list[str]:
    return [str(p[-1]) for p in state.piles]


def pair_count(state: AdvantageState, seat: int) -> int:
    return len(state.pairs[seat]) // 2


def events(state: AdvantageState, event: str) -> list[dict]:
    return [e for e in state.log if e["event"] == event]


def since(state: AdvantageState, start: int) -> list[tuple]:
    """The log from `start` on, shortly: (event, seat, cards or phase)."""
    return [(e["event"], e.get("seat"), e.get("cards", e.get("phase"))) for e in state.log[start:]]


# --- the order of play, read from the log -------------------------------------------------------

TURN_ENDS = {"drop": "drop", "exchange": "exchange"}  # a pass names its phase itself


def rally_turns(log: list[dict], dealer: int) -> list[list[tuple[str, int]]]:
    """Each rally as its turns in order: (phase, seat) for every drop, exchange or pass (which
    ends a turn) and for every pair laid.  Checks on the way that each draw is where the
    rules put it: a help-draw before the same seat's move or pass in that turn, a replacement
    right after a drop, two cards right after a pair."""
    rallies, turns, last = [], [], None
    for i, e in enumerate(log):
        kind = e["event"]
        if kind in ("deal", "rally"):
            if kind == "rally":
                rallies.append(turns)
            turns = []
        elif kind in ("drop", "exchange", "pass"):
            turns.append((e.get("phase", kind), e["seat"]))
        elif kind == "pair":
            turns.append(("pairs", e["seat"]))
        elif kind == "draw":
            why, seat = e["why"], e["seat"]
            if why == "help":
                after = log[i + 1] if i + 1 < len(log) else None
                assert after is None or (after["event"] in ("drop", "exchange", "pass")
                                         and after["seat"] == seat), f"help-draw then {after}"
                assert len(e["cards"]) == 1
            else:
                wanted = {"replace": ("drop", 1), "pair": ("pair", 2)}[why]
                assert (last["event"], last["seat"]) == (wanted[0], seat), f"{why} after {last}"
                assert 1 <= len(e["cards"]) <= wanted[1]
        last = e
    return rallies + [turns]


def order_of_play(dealer: int) -> list[tuple[str, int]]:
    """The turns of a rally: in each phase the non-dealer, then the dealer."""
    return [(phase, seat) for phase in ("drop", "exchange") for seat in (1 - dealer, dealer)]


def check_order_of_play(state: AdvantageState) -> None:
    """Every rally: drop, then exchange, each by the non-dealer then the dealer, then the
    non-dealer's pairs, then the dealer's; a rally cut short only by where play stands."""
    rallies = rally_turns(state.log, state.dealer)
    for n, turns in enumerate(rallies, start=1):
        moves = [t for t in turns if t[0] != "pairs"]
        paired = [seat for phase, seat in turns if phase == "pairs"]
        complete = n < len(rallies) or state.finished
        expected = order_of_play(state.dealer)
        assert moves == (expected if complete else expected[:len(moves)]), f"rally {n}: {turns}"
        assert turns == moves + [("pairs", s) for s in paired], f"rally {n}: pairs too early"
        assert paired == sorted(paired, key=lambda s: s == state.dealer), f"rally {n}: {paired}"
    assert len(rallies) == state.rally
