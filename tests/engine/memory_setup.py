"""Helpers for the Memory tests: build a position from text, and count cards.

    state = arranged(piles={0: "8H KS"}, centre="9D JC", to_act=0)

`piles` gives the named seats' piles from the top down.  The cards nobody was given (the
"rest") go under the pile of seat `rest` (default: the last seat), in deck order, so that
piles + centre is always the whole deck, as in a real deal.  `centre` lists the centre from
the bottom to the top.

Every seat has been shown its arranged pile once (a "deal" showing), so `recall` works from
the start.  With an empty centre the turn of `to_act` begins as the engine begins every
turn: his top card is turned as a start card (and with `pagat_start` the turn passes on).
With cards in the centre, they lie there from earlier turns and `to_act` is to call.

The dealer defaults to `to_act`; `calls` and `looking` set the call count and the seats whose
black-ace look is lasting (R1.7).

`ADAPTER` tells the contract (test_contract.py) what is Memory's own: how the cards are
conserved, what a result must say, which cards a seat may never see, how the seats play
(at random, always HIGHER, which often runs into the call limit, or as an AI level).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import protocol_checks as checks
from kozyr import ai
from kozyr.cards import card, cards, deck
from kozyr.memory import CALL_LIMIT, MEMORY, MemoryState, recall
from kozyr.protocol import Move
from protocol_checks import CARD_TOKEN, events, texts  # noqa: F401  (used by the tests)


def arranged(piles: dict[int, str], centre: str = "", to_act: int = 0,
             players: int | None = None, dealer: int | None = None, rest: int | None = None,
             calls: int = 0, looking: list[int] = (), **options) -> MemoryState:
    n = players if players is not None else max(2, max({*piles, to_act}) + 1)
    state = MEMORY.new_game({"players": n, **options}, seed=0)
    named = {s: cards(text) for s, text in piles.items()}
    middle = cards(centre)
    given = [c for pile in named.values() for c in pile] + middle
    assert len(set(given)) == len(given), "a card is named twice"
    full = deck(state.options["deck"])
    assert set(given) <= set(full), "a named card is not in this deck"
    spare = [c for c in full if c not in set(given)]
    rest = n - 1 if rest is None else rest
    state.piles = [named.get(s, []) + (spare if s == rest else []) for s in range(n)]
    state.centre = middle
    state.dealer = to_act if dealer is None else dealer
    state.calls, state.looking, state.winners = calls, list(looking), []
    state.history = []
    state.log = [{"event": "deal", "seat": state.dealer,
                  "sizes": [len(p) for p in state.piles]}]
    state.showings = [[{"at": 1, "why": "deal", "until": "ready", "cards": texts(pile)}]
                      for pile in state.piles]
    assert all_cards(state) == Counter(full), "arranged lost or doubled a card"
    state.to_act = to_act
    if not middle:
        MEMORY._start_turn(state, to_act)  # the engine's own turn start: the start card
    return state


play, legal, refused, snapshot = checks.bound(MEMORY)


def all_cards(state: MemoryState) -> Counter:
    """Every card: the piles and the centre."""
    return Counter([c for pile in state.piles for c in pile] + state.centre)


def conserved(state: MemoryState) -> bool:
    return all_cards(state) == Counter(deck(state.options["deck"]))


def pile(state: MemoryState, seat: int) -> list[str]:
    return texts(state.piles[seat])


def public_cards(log: list[dict], centre) -> set[str]:
    """The card texts everyone has seen: turned face up (in the log) or open in the centre."""
    return set(CARD_TOKEN.findall(json.dumps(log))) | set(texts(centre))


def secrets(state: MemoryState, seat: int) -> set[str]:
    """The cards of the other seats' piles that were never face up: no view of `seat` may
    name them."""
    public = public_cards(state.log, state.centre)
    return {str(c) for s, p in enumerate(state.piles) if s != seat for c in p} - public


# --- the contract's adapter -----------------------------------------------------------------

DECKS = {size: Counter(deck(size)) for size in (36, 52)}
ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["higher", "lower", "same", "pass", "take", "start", "look"]
LEVELS = ("easy", "normal", "hard")
STYLES = ("random", "random", "higher", "hard", "normal")


def check_conserved(state):
    if all_cards(state) != DECKS[state.options["deck"]]:
        diff = all_cards(state)
        diff.subtract(DECKS[state.options["deck"]])
        raise AssertionError(f"cards appeared or vanished: {sorted(+diff)} {sorted(-diff)}")
    assert state.calls <= CALL_LIMIT
    if state.to_act is not None:  # a turn waits for a call: on a centre card, with a pile
        assert not state.winners and state.centre and state.piles[state.to_act]
        assert all(state.piles), "a pile is empty but nobody has won"
    else:
        assert state.winners and state.looking == []
    if not state.options["black_ace_self_only"]:
        assert state.looking == []


def check_result(state, match):
    result = MEMORY.result(state)
    assert result is not None and MEMORY.legal_moves(state) == [] and MEMORY.is_over(state)
    assert json.loads(json.dumps(result)) == result
    n, winners = state.players, result["winners"]
    sizes = [len(p) for p in state.piles]
    if state.log[-1]["event"] == "limit":  # the safeguard: the fewest cards win, ties share
        assert state.calls == CALL_LIMIT and result["limit"] is True
        assert winners == [s for s in range(n) if sizes[s] == min(sizes)]
    else:  # R1.8: the first empty pile wins at once
        assert state.log[-1] == {"event": "win", "seat": winners[0]} and len(winners) == 1
        assert sizes[winners[0]] == 0 and state.calls <= CALL_LIMIT
        assert sorted(sizes)[1] > 0
    assert result["draw"] == (len(winners) > 1)
    assert result["scores"] == [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    assert abs(sum(result["scores"]) - 1.0) < 1e-9
    assert result["places"] == [1 if s in winners else 2 for s in range(n)]
    assert result["losers"] == [s for s in range(n) if s not in winners]
    assert result["next"] == {"dealer": (state.dealer + 1) % n,
                              "deal": (match or {}).get("deal", 1) + 1}
    return result


class MemoryViews:
    """Every seat's view: plain JSON, pile sizes only, its own showings only, `recall` equal
    to its pile, and no card of another pile that was never face up (the public cards are
    those named by the log, which the adapter's after_move holds to turned cards, and the
    centre)."""

    def __init__(self):
        self.read, self.public = 0, set()

    def check(self, state):
        new = state.log[self.read:]
        self.read = len(state.log)
        self.public |= set(CARD_TOKEN.findall(json.dumps(new)))
        public = self.public | set(texts(state.centre))
        for seat in range(state.players):
            view = MEMORY.view(state, seat)
            assert [c for c, _ in recall(view)] == state.piles[seat], f"seat {seat} recalls wrong"
            assert view.pop("log") == state.log
            text = json.dumps(view)
            assert json.loads(text) == view, "the view is not plain JSON"
            assert view["piles"] == [len(p) for p in state.piles]
            assert view["centre"] == texts(state.centre)
            assert view["shown"] == state.showings[seat], "a view shows another seat's showings"
            assert view["looking"] == (seat in state.looking)
            checks.check_legal_shown(MEMORY, state, seat, view)
            hidden = {str(c) for s, p in enumerate(state.piles) if s != seat for c in p} - public
            seen = set(CARD_TOKEN.findall(text))
            assert not hidden & seen, f"seat {seat} sees pile cards {sorted(hidden & seen)}"

    def check_end(self, state):
        self.check(state)
        for seat in range(state.players):  # and the whole view once, log and all
            text = json.dumps(MEMORY.view(state, seat))
            hidden = {str(c) for s, p in enumerate(state.piles) if s != seat for c in p} \
                - self.public - set(texts(state.centre))
            assert not hidden & set(CARD_TOKEN.findall(text))


def random_move(state, rng):
    """A move that is often near-legal: a call, maybe with a card or a target."""
    kind = rng.choice(KINDS)
    cards_ = tuple(card(rng.choice(ALL_CARDS)) for _ in range(rng.choice((0, 0, 1, 2))))
    target = rng.choice((None, None, "1", "centre"))
    return Move(kind, cards_, target)


class Mover:
    """Each seat plays at random, always HIGHER, or as an AI level, from its own view."""

    def __init__(self, state, moves_seed):
        self.rng = random.Random(moves_seed)
        self.styles = [self.rng.choice(STYLES) for _ in range(state.players)]
        self.players = [ai.make(style, "memory", moves_seed + s) if style in LEVELS else None
                        for s, style in enumerate(self.styles)]

    def __call__(self, state):
        seat = state.to_act
        style = self.styles[seat]
        if style == "random":
            return self.rng.choice(MEMORY.legal_moves(state))
        if style == "higher":
            return Move("higher")
        return self.players[seat].choose(MEMORY.view(state, seat))


class MemoryAdapter(checks.Adapter):
    game = MEMORY
    configs = checks.configs_of(MEMORY)
    bound = CALL_LIMIT + 1  # every move is a call
    checks = {"games": {"examples": 1500},
              "refused": {"examples": 150, "refuse": 3, "offered": 3, "every": 3},
              "views": {"examples": 150, "every": 3},
              "determinize": {"examples": 120, "every": 5},
              "replay": {"examples": 100},
              "ai": {"examples": 150}}

    def random_match(self, rng, options):
        return rng.choice((None, {"dealer": rng.randrange(options["players"]),
                                  "deal": rng.randint(1, 30)}))

    # the game's own checks, as the adapter's (module functions: no adapter state needed)
    check_conserved = staticmethod(check_conserved)
    check_result = staticmethod(check_result)
    random_move = staticmethod(random_move)

    def check_start(self, state, match):
        if match:
            assert state.dealer == match["dealer"]
        # after the start card (passed on with pagat_start)
        assert state.to_act == (state.dealer + state.options["pagat_start"]) % state.players

    def before_move(self, state):
        return (len(state.log), state.calls, list(state.centre), [list(p) for p in state.piles],
                state.to_act)

    def after_move(self, state, before, views):
        """Every move is one call. The new log entries name only cards face up: the centre
        before or after the move, the top card the actor turned (which a wrong call puts
        under his pile) and the next seat's start card."""
        read, calls, centre, piles, actor = before
        assert state.calls == calls + 1
        turned = set(texts(centre)) | set(texts(state.centre)) \
            | {str(piles[actor][0]), str(piles[(actor + 1) % len(piles)][0])}
        named = set(CARD_TOKEN.findall(json.dumps(state.log[read:])))
        assert named <= turned, f"the log names cards never face up: {sorted(named - turned)}"

    def watcher(self, state, rng):
        return MemoryViews()

    def mover(self, state, moves_seed):
        return Mover(state, moves_seed)


ADAPTER = MemoryAdapter()
