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

`ADAPTER` tells the contract (test_contract.py) what is Advantage's own: how the cards are
conserved, where play stops, when a game must end and what its result says, what a seat may
not see (the stock's order and the other seat's drawn cards), how the seats play.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import protocol_checks as checks
from kozyr import ai
from kozyr.advantage import ADVANTAGE, AdvantageState
from kozyr.cards import card, cards, deck
from kozyr.protocol import Move
from protocol_checks import CARD_TOKEN, events, texts  # noqa: F401  (used by the tests)

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


play, legal, refused, snapshot = checks.bound(ADVANTAGE)


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


# --- the contract's adapter -----------------------------------------------------------------

ALL_CARDS = deck(52)
LEVELS = ("easy", "normal")
STYLES = ("random", "random", "easy", "normal")
STOCK, MOST_PAIRS = 52 - 6 - 3, 26
SAFEGUARD = 10  # R0.12: pairless rallies with the stock out
# A rally that starts with cards in the stock draws at least one (the non-dealer's drop is
# replaced, or he makes a help-draw).  Once the stock is out, ten pairless rallies in a row
# end the game (R0.12) and at most 26 pairs can be laid, so the safeguard bounds the rest.
RALLY_BOUND = STOCK + MOST_PAIRS + (SAFEGUARD - 1) * (MOST_PAIRS + 1) + 1
MOVE_BOUND = 4 * RALLY_BOUND + MOST_PAIRS  # two drops, two exchanges a rally; a keep a pair


def check_conserved(state):
    """The cards and the shape of any state, a determinized world included."""
    if all_cards(state) != DECK:
        diff = all_cards(state)
        diff.subtract(DECK)
        raise AssertionError(f"cards appeared or vanished: {sorted(+diff)} {sorted(-diff)}")
    for seat in (0, 1):
        assert set(state.private[seat]) <= set(state.hands[seat]), "a private card not held"
        laid = state.pairs[seat]
        assert len(laid) % 2 == 0 and all(a.rank == b.rank for a, b in zip(laid[::2], laid[1::2]))
    assert all(state.piles), "a pile is empty"
    assert (state.to_act is None) == state.finished


def check_position(state):
    """Where play stops: the seat whose turn it is, with a real choice."""
    if state.finished:
        return
    assert state.to_act == ADVANTAGE.order(state)[state.step]
    moves = ADVANTAGE.legal_moves(state)
    assert moves, "a seat is asked to choose but has no move"
    assert all(Move.parse(str(m)) == m for m in moves)
    if state.phase == "pairs":  # asked only which of three of a kind to keep
        counts = Counter(c.rank for c in state.hands[state.to_act]).values()
        assert 3 in counts and 2 not in counts and 4 not in counts
        assert {m.kind for m in moves} == {"keep"}
    else:
        assert {m.kind for m in moves} == {state.phase}
    check_no_pair_kept(state)


def check_no_pair_kept(state):
    """R0.10: pairing repeats until no pair is left, so a rally starts with no pair in either
    hand; until an exchange, only the cards drawn since can have made one."""
    start = max((i for i, e in enumerate(state.log) if e["event"] == "rally"), default=None)
    if start is None or any(e["event"] == "exchange" for e in state.log[start:]):
        return
    for seat in (0, 1):
        drawn = {c for e in state.log[start:] if e["event"] == "draw" and e["seat"] == seat
                 for c in e["cards"]}
        kept = [c.rank for c in state.hands[seat] if str(c) not in drawn]
        assert len(kept) == len(set(kept)), f"seat {seat} kept a pair past its pairs turn"


def check_private_cards(state):
    """A seat's private cards are those it drew and has not yet dropped, exchanged or paired."""
    used = {c for e in state.log if e["event"] in ("drop", "exchange", "pair")
            for c in e["cards"]}
    for seat in (0, 1):
        drawn = {c for e in state.log if e["event"] == "draw" and e["seat"] == seat
                 for c in e["cards"]}
        assert set(texts(state.private[seat])) == drawn - used, f"seat {seat}'s private cards"


def check_end_rules(state):
    """Replays R0.11/R0.12 from the log: the game ends at the first rally end with the stock
    out and either no drop, exchange or pair in that rally or the tenth pairless rally."""
    stock, progress, paired, pairless = STOCK, False, False, 0
    for e in state.log:
        kind = e["event"]
        if kind == "draw":
            stock -= len(e["cards"])
        elif kind in ("drop", "exchange", "pair"):
            progress, paired = True, paired or kind == "pair"
        elif kind in ("rally", "end"):
            ends = False
            if stock == 0:
                pairless = 0 if paired else pairless + 1
                ends = not progress or pairless >= SAFEGUARD
            assert ends == (kind == "end"), f"rally {e.get('rally', 'last')}: {ends}, {kind}"
            progress = paired = False
    assert stock == len(state.stock) and pairless == state.pairless


def check_result(state, match):
    result = ADVANTAGE.result(state)
    assert result is not None and ADVANTAGE.legal_moves(state) == [] and ADVANTAGE.is_over(state)
    assert json.loads(json.dumps(result)) == result
    assert state.stock == [] and state.rally <= RALLY_BOUND
    pairs = [len(p) // 2 for p in state.pairs]
    assert result["pairs"] == pairs and state.log[-1] == {"event": "end", "pairs": pairs}
    deal = (match or {}).get("deal", 1) + 1
    if pairs[0] == pairs[1]:  # a draw: the previous non-dealer deals
        assert result["draw"] and result["scores"] == [0.5, 0.5] and result["losers"] == []
        assert result["next"] == {"dealer": 1 - state.dealer, "deal": deal}
    else:  # the most pairs wins; the loser deals
        winner = pairs.index(max(pairs))
        assert not result["draw"] and result["winners"] == [winner]
        assert result["losers"] == [1 - winner] and result["scores"][winner] == 1.0
        assert result["places"] == [1 if s == winner else 2 for s in (0, 1)]
        assert result["next"] == {"dealer": 1 - winner, "deal": deal}
    check_end_rules(state)
    check_order_of_play(state)
    check_private_cards(state)
    return result


def hidden_swapped(state, seat, rng):
    """The same game but for what `seat` cannot know: the stock and the other seat's drawn
    cards dealt among themselves anew (in the hand, the stock and the log)."""
    other = 1 - seat
    hidden = state.stock + state.private[other]
    swap = dict(zip(hidden, rng.sample(hidden, len(hidden))))
    twin = checks.clone(state)
    twin.stock = [swap[c] for c in state.stock]
    twin.hands[other] = [swap.get(c, c) for c in state.hands[other]]
    twin.private[other] = [swap[c] for c in state.private[other]]
    twin.log = [e if e["event"] != "draw" or e["seat"] != other else
                {**e, "cards": [str(swap.get(card(c), card(c))) for c in e["cards"]]}
                for e in state.log]
    return twin


class AdvantageViews:
    """Every seat's view: plain JSON; its own hand and drawn cards; every public card (piles,
    score piles, the other's cards but his drawn ones, which read None); no stock card and no
    card the other drew, now or ever in its log; and (at every third check and at the end)
    the same view if those were other cards."""

    def __init__(self, rng):
        self.rng, self.read, self.log_cards = rng, [0, 0], [set(), set()]
        self.checks = 0

    def check(self, state):
        for seat in (0, 1):
            other = 1 - seat
            view = ADVANTAGE.view(state, seat)
            log = view.pop("log")
            new, self.read[seat] = log[self.read[seat]:], len(log)
            new_text = json.dumps(new)
            assert json.loads(new_text) == new, "the log is not plain JSON"
            self.log_cards[seat] |= set(CARD_TOKEN.findall(new_text))
            for e in new:
                if e["event"] == "draw" and e["seat"] == other:
                    assert "cards" not in e and e["count"] >= 1
            text = json.dumps(view)
            assert json.loads(text) == view, "the view is not plain JSON"
            assert view["hand"] == view["hands"][seat] == texts(state.hands[seat])
            assert view["private"] == texts(state.private[seat])
            assert view["hands"][other] == [None if c in state.private[other] else str(c)
                                            for c in state.hands[other]]
            assert view["piles"] == [texts(p) for p in state.piles]
            assert view["pairs"] == [texts(p) for p in state.pairs]
            assert view["stock"] == len(state.stock)
            checks.check_legal_shown(ADVANTAGE, state, seat, view)
            secret = set(texts(state.stock)) | set(texts(state.private[other]))
            seen = set(CARD_TOKEN.findall(text)) | self.log_cards[seat]
            assert not secret & seen, f"seat {seat} sees hidden cards {sorted(secret & seen)}"
        if self.checks % 3 == 0:
            self.check_swapped(state)
        self.checks += 1

    def check_swapped(self, state):
        for seat in (0, 1):
            twin = hidden_swapped(state, seat, self.rng)
            assert json.dumps(ADVANTAGE.view(twin, seat)) == \
                json.dumps(ADVANTAGE.view(state, seat)), f"seat {seat}'s view tells hidden cards"

    def check_end(self, state):
        self.check(state)
        self.check_swapped(state)


def random_move(state, rng):
    """A move that is often near-legal: a card of the hand or any, a pile or something else."""
    held = state.hands[state.to_act]
    pool = held if held and rng.random() < 0.7 else ALL_CARDS
    cards_ = tuple(rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 1, 2))))
    kind = rng.choice(("drop", "exchange", "keep", "pass", "take"))
    return Move(kind, cards_, rng.choice((None, "1", "2", "3", "4", "centre")))


class Mover:
    """Each seat plays at random or as an AI level, from its own view."""

    def __init__(self, moves_seed):
        self.rng = random.Random(moves_seed)
        self.styles = [self.rng.choice(STYLES) for _ in (0, 1)]
        self.players = [ai.make(style, "advantage", moves_seed + s) if style in LEVELS else None
                        for s, style in enumerate(self.styles)]

    def __call__(self, state):
        seat = state.to_act
        if self.players[seat] is None:
            return self.rng.choice(ADVANTAGE.legal_moves(state))
        return self.players[seat].choose(ADVANTAGE.view(state, seat))


class AdvantageAdapter(checks.Adapter):
    game = ADVANTAGE
    configs = checks.configs_of(ADVANTAGE)
    bound = MOVE_BOUND
    checks = {"games": {"examples": 1500},
              "refused": {"examples": 200, "refuse": 3, "offered": 3, "every": 2},
              "views": {"examples": 200, "every": 1},
              "determinize": {"examples": 150, "every": 3},
              "worlds": {"examples": 100, "every": 1},
              "replay": {"examples": 150},
              "ai": {"examples": 300}}

    def random_match(self, rng, options):
        return rng.choice((None, {"dealer": rng.randrange(2), "deal": rng.randint(1, 30)}))

    # the game's own checks, as the adapter's (module functions: no adapter state needed)
    check_conserved = staticmethod(check_conserved)
    check_result = staticmethod(check_result)
    random_move = staticmethod(random_move)

    def check_start(self, state, match):
        if match:
            assert state.dealer == match["dealer"]

    def check_position(self, state):
        assert state.rally <= RALLY_BOUND, "the game does not end"
        check_position(state)

    def watcher(self, state, rng):
        return AdvantageViews(rng)

    def mover(self, state, moves_seed):
        return Mover(moves_seed)


ADAPTER = AdvantageAdapter()
