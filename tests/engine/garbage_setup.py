"""Helpers for the Garbage tests: build a position from text, and count cards.

    state = arrange({0: "? ? 7C ? ? ? QD ? ? ?"}, stock="3H", to_act=0)

`layouts` gives the named seats' layouts, position 1 first: one word per position, so the
number of words is the seat's layout size.  A card is face down ("7C"), or face up with a
"+" ("+7C"); "?" is a face-down card nobody cares about, taken from the free cards.  Every
other seat gets `sizes[seat]` (default 10) free face-down cards.

`stock` lists the stock from the top down, `discard` the discard pile from the bottom to the
top, `holding` a wild waiting for its position.  The cards nobody was given (the "rest") go
under the named stock (`rest="stock"`, the default) or under the named discard
(`rest="discard"`), so that the packs are always all somewhere: layouts + stock + discard +
holding is every card of the packs, as in a real hand.

The free cards are handed out dead ranks first (queens and kings; queens and jacks when
kings are wild), then 10s, 9s… down to aces, and the wild cards last, so that a "?" turned up
by a chain usually ends it.

`to_act` is the seat to play; the dealer defaults to the seat on his right and the hand's
first player to him.

`ADAPTER` tells the contract (test_contract.py) what is Garbage's own: how the cards of the
packs are conserved, what a hand's result must say, what a seat may see (counted: with
several packs a face-down card may have a face-up twin), how the seats play.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import protocol_checks as checks
from kozyr import ai
from kozyr.cards import card, cards, deck
from kozyr.garbage import GARBAGE, LAYOUT, PIPS, GarbageState, packs_for
from kozyr.protocol import Move
from protocol_checks import CARD_TOKEN, events, texts  # noqa: F401  (used by the tests)


def packs(players: int) -> Counter:
    """Every card of the packs for that many players, as a multiset."""
    return Counter(deck(52, packs_for(players)))


def arrange(layouts: dict[int, str], stock: str = "", discard: str = "", to_act: int = 0,
            holding: str | None = None, players: int | None = None,
            sizes: dict[int, int] | None = None, dealer: int | None = None,
            first: int | None = None, rest: str = "stock", finishers: tuple[int, ...] = (),
            last_turns: tuple[int, ...] = (), hand: int = 1, **options) -> GarbageState:
    n = players if players is not None else max(2, max({*layouts, to_act}) + 1)
    state = GARBAGE.new_game({"players": n, **options}, seed=0,
                             match={"hand": hand} if hand != 1 else None)
    free = packs(n)
    words = {seat: text.split() for seat, text in layouts.items()}
    named = [card(w.lstrip("+")) for ws in words.values() for w in ws if w != "?"]
    named += cards(stock) + cards(discard) + ([card(holding)] if holding else [])
    free.subtract(named)
    assert min(free.values(), default=0) >= 0, \
        f"more copies than the packs hold: {sorted(str(c) for c, k in free.items() if k < 0)}"
    wild = "K" if options.get("wild") == "kings" else "J"
    order = [r for r in ("Q", "K", "J") if r != wild] + \
        ["10", "9", "8", "7", "6", "5", "4", "3", "2", "A", wild]
    spare = [c for r in reversed(order) for c in reversed(deck(52)) if c.rank == r
             for _ in range(free[c])]

    def take_free() -> object:
        assert spare, "no free card left"
        return spare.pop()  # the dead ranks first, then 10s, 9s… and the wild cards last

    state.sizes = [len(words[s]) if s in words else (sizes or {}).get(s, 10) for s in range(n)]
    state.layouts, state.up = [], []
    for seat in range(n):
        row, ups = [], []
        for w in words.get(seat, ["?"] * state.sizes[seat]):
            if w == "?":
                row.append(take_free())
                ups.append(False)
            else:
                row.append(card(w.lstrip("+")))
                ups.append(w.startswith("+"))
        state.layouts.append(row)
        state.up.append(ups)
    if rest == "stock":
        state.stock = list(reversed(cards(stock) + spare))  # the engine keeps the top last
        state.discard = cards(discard)
    else:
        assert rest == "discard"
        state.stock = list(reversed(cards(stock)))
        state.discard = spare + cards(discard)
    state.holding = card(holding) if holding else None
    state.to_act = to_act
    state.first = to_act if first is None else first
    state.dealer = (state.first - 1) % n if dealer is None else dealer
    state.finishers, state.last_turns = list(finishers), list(last_turns)
    state.finished = False
    state.history, state.log = [], []
    assert all_cards(state) == packs(n), "arrange lost or doubled a card"
    return state


play, legal, refused, snapshot = checks.bound(GARBAGE)


def all_cards(state: GarbageState) -> Counter:
    """Every card: layouts, stock, discard and the card in hand."""
    every = [c for row in state.layouts for c in row] + state.stock + state.discard
    return Counter(every + ([state.holding] if state.holding is not None else []))


def conserved(state: GarbageState) -> bool:
    return all_cards(state) == packs(state.players)


def public_cards(state: GarbageState) -> Counter:
    """The card texts everyone may see: face-up layout cards, the discard, the card in hand."""
    up = [str(c) for row, ups in zip(state.layouts, state.up) for c, u in zip(row, ups) if u]
    held = [str(state.holding)] if state.holding is not None else []
    return Counter(up + [str(c) for c in state.discard] + held)


def row(state: GarbageState, seat: int) -> list[str | None]:
    """A seat's layout as a view shows it: face-up cards by text, face-down ones None."""
    return [str(c) if u else None for c, u in zip(state.layouts[seat], state.up[seat])]


def visible(view: dict) -> list[str]:
    """The card texts a view shows, but for its log and its legal moves (which name only
    the top of the discard and the card in hand), sorted."""
    shown = {k: v for k, v in view.items() if k not in ("log", "legal")}
    return sorted(CARD_TOKEN.findall(json.dumps(shown)))


# --- the contract's adapter -----------------------------------------------------------------

HAND_LIMIT = 3000  # moves in one hand: far above what any hand here takes
ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["draw", "take", "place", "pass", "beat"]
STYLES = ("first", "first", "random", "heuristic", "lowest", "careless")


def check_conserved(state):
    if all_cards(state) != packs(state.players):
        diff = all_cards(state)
        diff.subtract(packs(state.players))
        raise AssertionError(f"cards appeared or vanished: {sorted(+diff)} {sorted(-diff)}")
    wild = "J" if state.options["wild"] == "jacks" else "K"
    for seat in range(state.players):
        assert len(state.layouts[seat]) == len(state.up[seat]) == state.sizes[seat]
        for p, (c, up) in enumerate(zip(state.layouts[seat], state.up[seat])):
            assert not up or c.rank == wild or PIPS.get(c.rank) == p + 1, \
                f"seat {seat} has {c} face up at {p + 1}"
        assert all(state.up[seat]) == (seat in state.finishers), \
            f"seat {seat}: a complete layout and the finishers disagree"
    if state.holding is not None:
        assert state.holding.rank == wild and state.to_act is not None
        assert not all(state.up[state.to_act])
    if state.to_act is not None:
        assert not state.finished
        assert state.stock or state.holding is not None, "a turn starts with no stock"
        assert state.to_act not in state.finishers
        if state.finishers:
            assert state.options["last_turn"] and state.to_act not in state.last_turns
    else:
        assert state.finished and state.holding is None


def check_result(state, match):
    result = GARBAGE.result(state)
    assert result is not None and GARBAGE.legal_moves(state) == [] and GARBAGE.is_over(state)
    assert json.loads(json.dumps(result)) == result
    n, winners = state.players, result["winners"]
    assert winners == state.finishers and winners and len(set(winners)) == len(winners)
    if not state.options["last_turn"]:
        assert len(winners) == 1
    assert state.last_turns == []
    assert result["losers"] == [s for s in range(n) if s not in winners]
    assert result["places"] == [1 if s in winners else 2 for s in range(n)]
    assert result["sizes"] == [state.sizes[s] - (s in winners) for s in range(n)]
    assert result["draw"] is False and sum(result["scores"]) == 1.0
    ones = [s for s in winners if state.sizes[s] == 1]
    if ones:
        assert result["match_over"] and result["champion"] == ones[0]
        assert result["next"] is None and result["scores"][ones[0]] == 1.0
    else:
        assert not result["match_over"] and result["champion"] is None
        assert result["scores"][winners[0]] == 1.0
        hand_ = (match or {}).get("hand", 1)
        assert result["next"] == {"sizes": result["sizes"], "first": winners[0],
                                  "hand": hand_ + 1}
    return result


class GarbageViews:
    """Every seat's view: plain JSON, layouts as the state has them face up, the public
    cards exactly (as a multiset), nothing else."""

    def __init__(self, players):
        self.players = players

    def check(self, state):
        public = sorted(public_cards(state).elements())
        for seat in range(state.players):
            view = GARBAGE.view(state, seat)
            assert view.pop("log") == state.log
            text = json.dumps(view)
            assert json.loads(text) == view, "the view is not plain JSON"
            assert view["layouts"] == [row(state, s) for s in range(state.players)]
            assert view["stock"] == len(state.stock) and view["sizes"] == state.sizes
            assert view["discard"] == [str(c) for c in state.discard]
            assert view["holding"] == (None if state.holding is None else str(state.holding))
            checks.check_legal_shown(GARBAGE, state, seat, view)
            assert visible(view) == public, f"seat {seat} sees {visible(view)}, not {public}"
            shown_by_moves = Counter(c for m in view["legal"] for c in m["cards"])
            assert set(shown_by_moves) <= set(public)

    def check_end(self, state):
        self.check(state)
        for seat in range(state.players):
            log = GARBAGE.view(state, seat)["log"]
            assert json.loads(json.dumps(log)) == log, "the log is not plain JSON"


def random_move(state, rng):
    """A move that is often near-legal: the top of the discard, the card in hand, a position."""
    pool = ALL_CARDS + [str(c) for c in state.discard[-1:]] * 5
    if state.holding is not None:
        pool += [str(state.holding)] * 10
    kind = rng.choice(KINDS)
    count = rng.choice((0, 1, 1, 1, 2))
    target = rng.choice((None, None, *map(str, range(0, 12))))
    return Move(kind, tuple(card(rng.choice(pool)) for _ in range(count)), target)


class Mover:
    """Each seat plays the first move the engine lists, or a random one, or an AI style,
    from its own view."""

    def __init__(self, state, moves_seed):
        rng = random.Random(moves_seed)
        self.styles = [rng.choice(STYLES) for _ in range(state.players)]
        if set(self.styles) == {"lowest"}:  # lowest players alone never end a hand: see
            self.styles[0] = "first"        # test_garbage_rules.test_lowest_players_end_a_hand
        self.players = [None if style == "first" else ai.make(style, "garbage", moves_seed + s)
                        for s, style in enumerate(self.styles)]

    def __call__(self, state):
        seat = state.to_act
        if self.players[seat] is None:
            return GARBAGE.legal_moves(state)[0]
        return self.players[seat].choose(GARBAGE.view(state, seat))


class GarbageAdapter(checks.Adapter):
    """A game is a hand (whole matches are test_garbage_properties' own); the match drawn
    gives layout sizes, who starts and the hand's number."""

    game = GARBAGE
    configs = checks.configs_of(GARBAGE)
    bound = HAND_LIMIT
    checks = {"games": {"examples": 1200},
              "refused": {"examples": 150, "refuse": 3, "offered": 2, "every": 3},
              "views": {"examples": 150, "every": 2},
              "determinize": {"examples": 120, "every": 4},
              "replay": {"examples": 100},
              "ai": {"examples": 150}}

    def random_match(self, rng, options):
        n = options["players"]
        return rng.choice((None, {"sizes": [rng.randint(1, LAYOUT) for _ in range(n)],
                                  "first": rng.randrange(n), "hand": rng.randint(1, 40)}))

    # the game's own checks, as the adapter's (module functions: no adapter state needed)
    check_conserved = staticmethod(check_conserved)
    check_result = staticmethod(check_result)
    random_move = staticmethod(random_move)

    def check_start(self, state, match):
        n = state.players
        if match:
            assert state.sizes == match["sizes"] and state.first == match["first"] % n
            assert state.dealer == (state.first - 1) % n
        assert state.to_act == state.first == (state.dealer + 1) % n

    def after_move(self, state, before, views):
        made = [e for e in state.log[before:] if e["event"] == "reshuffle"]
        if made:  # the next turn began with an empty stock: all of the discard but its top
            assert len(state.discard) == 1 and made[-1]["count"] == len(state.stock) >= 31
        if views:  # the cards the move's log entries name were all public after the move
            named = set(checks.CARD_TOKEN.findall(json.dumps(state.log[before:])))
            public = set(public_cards(state))
            assert named <= public, f"the log names cards nobody saw: {sorted(named - public)}"

    def watcher(self, state, rng):
        return GarbageViews(state.players)

    def mover(self, state, moves_seed):
        return Mover(state, moves_seed)

    def fix_styles(self, styles):
        """Lowest players alone never end a hand."""
        return styles if set(styles) != {"lowest"} else ["heuristic", *styles[1:]]


ADAPTER = GarbageAdapter()
