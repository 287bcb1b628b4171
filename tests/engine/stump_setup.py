"""Helpers for the Stump tests: build a position from text, and compare states.

    state = arrange(hands={0: "9H JH", 1: "7C 8C"}, pile="7D 8D", stock="KS QS 6S",
                    to_act=0)

`hands` gives the named seats' cards.  `pile` is the table pile from the bottom to the
top.  `stock` lists the stock from the top down; its last card is the face-up trump card
under it (so `stock="KS QS 6S"` has 6S as the trump card); a number instead takes that
many free cards with `trump` (default 6S) at the bottom.  With an empty stock, `trump`
names the card that fixed the trump suit; if a hand holds it, everyone knows it (it was
face up when it was drawn or dealt).

`stumps` gives a seat's two face-down cards, or None for a stump already picked up;
every other seat that is not `out` gets an unused stump of two free cards.  The cards
nobody was given (the "rest") go to `rest`: a seat's hand, "stock" (under the named
stock cards, above the trump card) or "pile" (under the named pile).  By default they
go to the last seat whose hand is not named, so that all 36 cards are always somewhere:
hands + stumps + stock + pile is the whole pack, as in a real game.

`to_act` is the seat to play; `leading` says whether he must lead (default: when the
pile is empty); the dealer defaults to the seat on his right.

`ADAPTER` tells the contract (test_contract.py) what is Stump's own: how the cards are
conserved, what a result must say, what a seat may not see, how the seats play.
"""

from __future__ import annotations

from collections import Counter

import json
import random

import protocol_checks as checks
from kozyr import ai
from kozyr.cards import card, cards, deck
from kozyr.protocol import Move
from kozyr.stump import MOVE_LIMIT, STUMP, StumpState
from protocol_checks import CARD_TOKEN, hand, texts  # noqa: F401  (used by the tests)

DECK = deck(36)
DECK_COUNT = Counter(DECK)


def arrange(hands: dict[int, str], pile: str = "", stock: str | int = "", trump: str | None = None,
            to_act: int = 0, leading: bool | None = None, stumps: dict[int, str | None] | None = None,
            out: tuple[int, ...] = (), known: dict[int, str] | None = None,
            players: int | None = None, dealer: int | None = None, rest: int | str | None = None,
            **options) -> StumpState:
    stumps = dict(stumps or {})
    named = set(hands) | set(stumps) | set(out) | {to_act}
    n = players if players is not None else max(2, max(named) + 1)
    state = STUMP.new_game({"players": n, **options}, seed=0)
    held = [cards(hands.get(seat, "")) for seat in range(n)]
    table = cards(pile)
    trump_card = card(trump) if trump else None
    if isinstance(stock, int):
        top = []
        trump_card = trump_card or card("6S")
    else:
        top = cards(stock)
        if top:
            trump_card = trump_card or top[-1]
            assert top[-1] == trump_card, "the trump card lies at the bottom of the stock"
        trump_card = trump_card or card("6S")
    given_stumps = {s: cards(c) for s, c in stumps.items() if c is not None}
    for s, c in given_stumps.items():
        assert len(c) == 2, f"a stump has two cards, not {len(c)}"
    used = [c for h in held for c in h] + table + top + [c for s in given_stumps.values() for c in s]
    assert len(set(used)) == len(used), f"a card is used twice: {sorted(map(str, used))}"
    free = [c for c in reversed(DECK) if c not in used]

    def take_free(count, keep=None):
        picked = [c for c in free if c != keep][:count]
        for c in picked:
            free.remove(c)
        return picked

    if isinstance(stock, int) and stock:
        assert trump_card in free, f"the trump card {trump_card} is not free"
        free.remove(trump_card)
        top = take_free(stock - 1) + [trump_card]
    keep = trump_card  # the trump card is never in a stump: stumps are dealt first
    state.stumps = [[] for _ in range(n)]
    state.stump_used = [False] * n
    for seat in range(n):
        if seat in out or (seat in stumps and stumps[seat] is None):
            state.stump_used[seat] = True
        elif seat in given_stumps:
            state.stumps[seat] = given_stumps[seat]
        else:
            state.stumps[seat] = take_free(2, keep)
    if free:
        if rest is None:
            unnamed = [s for s in range(n) if s not in hands and s not in out]
            assert unnamed, (f"say where the other {len(free)} cards are: "
                             "rest=<seat>, 'stock' or 'pile'")
            rest = unnamed[-1]
        if rest == "stock":
            if top:
                top = top[:-1] + free + top[-1:]
            else:
                assert trump_card in free, "the trump card must be free to lie under the stock"
                top = [c for c in free if c != trump_card] + [trump_card]
        elif rest == "pile":
            table = free + table
        else:
            assert rest not in out, "a seat that is out holds no cards"
            held[rest] += free
    for seat in out:
        assert not held[seat], f"seat {seat} is out but holds cards"
    state.hands = held
    state.pile = table
    state.stock = list(reversed(top))  # the engine keeps the top at the end
    state.trump = trump_card
    state.known = [set(cards((known or {}).get(seat, ""))) for seat in range(n)]
    if not top:  # the trump card was seen by all: whoever holds it, everyone knows
        for seat in range(n):
            if trump_card in held[seat]:
                state.known[seat].add(trump_card)
    state.out = list(out)
    state.to_act = to_act
    state.leading = (not table) if leading is None else leading
    state.dealer = (to_act - 1) % n if dealer is None else dealer
    state.moves_made, state.stump_seat, state.finished = 0, None, False
    state.history, state.log = [], []
    assert all_cards(state) == DECK_COUNT, "arrange lost or doubled a card"
    return state


play, legal, refused, snapshot = checks.bound(STUMP)


def all_cards(state: StumpState) -> Counter:
    """Every card: hands, stumps, stock and the table pile."""
    every = [c for h in state.hands for c in h] + [c for s in state.stumps for c in s]
    return Counter(every + state.stock + state.pile)


def conserved(state: StumpState) -> bool:
    return all_cards(state) == DECK_COUNT


def secrets(state: StumpState, seat: int, view: dict | None = None) -> set[str]:
    """Card texts `seat` may not know: others' hand cards not in its `known`, every stump
    card (its own too), every stock card but the face-up trump card."""
    view = STUMP.view(state, seat) if view is None else view
    return checks.unseen(state, seat, view) | {str(c) for s in state.stumps for c in s}


def leaks(state: StumpState, seat: int, view: dict | None = None) -> list[str]:
    """Card texts in `seat`'s view (log included) that it may not know."""
    view = STUMP.view(state, seat) if view is None else view
    return checks.shown(secrets(state, seat, view), view)


# --- the contract's adapter -----------------------------------------------------------------

DECK_SET = frozenset(DECK)
ALL_CARDS = [str(c) for c in DECK] + ["2C", "5H"]  # and two cards no Stump deck has
KINDS = ["lead", "beat", "take", "pass", "attack"]
MIXES = (0.0, 0.1, 0.2, 0.3)  # the share of random moves among the players' own


def check_conserved(state):
    every = [c for h in state.hands for c in h] + [c for s in state.stumps for c in s] \
        + state.stock + state.pile
    if not (len(every) == 36 and set(every) == DECK_SET):
        raise AssertionError(f"cards appeared or vanished: {sorted(all_cards(state).items())}")
    if state.stock:
        assert state.stock[0] == state.trump, "the trump card is not under the stock"
    for seat in range(state.players):
        assert len(state.stumps[seat]) == (0 if state.stump_used[seat] else 2)
        assert state.known[seat] <= set(state.hands[seat]), "a 'known' card is not in the hand"
        assert (seat in state.out) == (not state.hands[seat]), \
            "a player is out with cards, or in without a card in hand"
    for seat in state.out:
        assert not state.hands[seat] and state.stump_used[seat], "a player out holds cards"
    if state.to_act is not None:
        assert state.to_act not in state.out and state.hands[state.to_act], \
            "the seat to act has no card"


def check_result(state, match=None):
    result = STUMP.result(state)
    assert result is not None and STUMP.legal_moves(state) == [] and STUMP.is_over(state)
    assert json.loads(json.dumps(result)) == result
    n, loser = state.players, result["stump"]
    counts = [len(state.hands[s]) + len(state.stumps[s]) for s in range(n)]
    left = [s for s in range(n) if s not in state.out]
    assert result["out"] == state.out and len(set(state.out)) == len(state.out)
    if state.moves_made < MOVE_LIMIT:
        assert left == [loser], "the game ended with more than one player holding cards"
        assert counts[loser] > 0
    else:  # the safeguard: the most cards is the stump
        assert state.moves_made == MOVE_LIMIT and len(state.history) == MOVE_LIMIT
        assert loser in left and counts[loser] == max(counts)
    assert sorted(result["places"]) == list(range(1, n + 1))
    assert result["places"][loser] == n
    for place, seat in enumerate(state.out, 1):
        assert result["places"][seat] == place, "places are not the order of going out"
    for seat in range(n):
        assert result["scores"][seat] == (0.0 if seat == loser else 1.0)
    assert result["losers"] == [loser] and result["draw"] is False
    assert result["next"] == {"stump": loser}
    assert STUMP.new_game(state.options, state.seed + 1, result["next"]).dealer == loser
    return result


class StumpViews(checks.ViewWatcher):
    game = STUMP

    def secrets(self, state, seat, view):
        return secrets(state, seat, view)

    def check_seat(self, state, seat, view):
        assert view["stumps"] == [len(s) for s in state.stumps]
        assert view["stock"] == len(state.stock) and view["trump"] == str(state.trump)
        assert view["pile"] == [str(c) for c in state.pile]
        assert view["known"][seat] == []
        for other, known in enumerate(view["known"]):
            if other != seat:
                assert set(known) == {str(c) for c in state.known[other]}


def random_move(state, rng):
    """A move that is often near-legal: the actor's cards, the top of the pile."""
    hand_ = [str(c) for c in state.hands[state.to_act]]
    pool = hand_ * 3 + ALL_CARDS
    kind = rng.choice(KINDS)
    # "beat" with no card is left to test_stump_rules.test_beat_without_a_card_is_refused
    count = rng.choice((1, 1, 2) if kind == "beat" else (0, 1, 1, 2))
    move = Move.parse(" ".join([kind, *(rng.choice(pool) for _ in range(count))]))
    if rng.random() < 0.2 and state.pile:
        move = Move(move.kind, move.cards, str(state.pile[-1]))
    return move


class Mover:
    """Each seat plays "lowest" or "heuristic" from its view, or (cheaper, for the many
    games) the first move the engine lists, the lowest beat before the take; with a share
    of random moves mixed in."""

    def __init__(self, state, moves_seed):
        self.rng = random.Random(moves_seed)
        self.mix = self.rng.choice(MIXES)
        styles = [self.rng.choice(("first", "first", "lowest", "heuristic"))
                  for _ in range(state.players)]
        self.players = [None if style == "first" else ai.make(style, "stump", moves_seed + seat)
                        for seat, style in enumerate(styles)]

    def __call__(self, state):
        seat = state.to_act
        if self.rng.random() < self.mix:
            return self.rng.choice(STUMP.legal_moves(state))
        if self.players[seat] is None:
            return STUMP.legal_moves(state)[0]
        return self.players[seat].choose(STUMP.view(state, seat))


class StumpAdapter(checks.Adapter):
    """Purely random play passes cards round the pile for a long time (the engine stops a
    game at 3,000 moves), so the seats mix random moves into lowest-card and heuristic play,
    which ends a game in 50–300 moves (test_stump_properties plays purely random games)."""

    game = STUMP
    configs = checks.configs_of(STUMP)
    bound = MOVE_LIMIT
    checks = {"games": {"examples": 1500},
              "refused": {"examples": 120, "refuse": 3, "offered": 2, "every": 2},
              "views": {"examples": 100, "every": 2},
              "determinize": {"examples": 100, "every": 3},
              "replay": {"examples": 100},
              "ai": {"examples": 100}}

    def random_match(self, rng, options):
        return rng.choice((None, {"stump": rng.randrange(options["players"])}))

    # the game's own checks, as the adapter's (module functions: no adapter state needed)
    check_conserved = staticmethod(check_conserved)
    check_result = staticmethod(check_result)
    random_move = staticmethod(random_move)

    def check_start(self, state, match):
        if match:
            assert state.dealer == match["stump"]
        assert state.to_act == (state.dealer + 1) % state.players

    def watcher(self, state, rng):
        return StumpViews(state.players)

    def mover(self, state, moves_seed):
        return Mover(state, moves_seed)

    def fix_styles(self, styles):
        """Random players make long games: at most one random seat, the rest play to end it."""
        first_random = styles.index("random") if "random" in styles else None
        return [style if style != "random" or seat == first_random else "lowest"
                for seat, style in enumerate(styles)]


ADAPTER = StumpAdapter()
