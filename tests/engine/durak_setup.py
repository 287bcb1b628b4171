"""Helpers for the Durak tests: build a position from text, and compare states.

    state = arrange(hands={0: "8C 9H", 1: "10S JS 7D"}, stock="", trump="6D",
                    attacker=0, bout=2, transfer=True)

`hands` gives every seat's cards; seats not named hold nothing.  `stock` lists
the stock from the top down; its last card is the face-up trump card under the
stock (so `stock="KS QS 6D"` has 6D as the trump card); a number instead takes
that many cards nobody holds, the lowest free ♦ (or `trump`) at the bottom.  With an empty stock,
`trump` names the card that fixed the trump suit.  Every other card of the deck
is put on the discard pile, so the cards are conserved as in a real deal.  The
bout counter is set so that the bout about to start is bout number `bout`, and
the engine's own `_start_bout` starts it with `attacker` leading.

`ADAPTER` tells the contract (test_contract.py) what is Durak's own: the options played,
how the cards are conserved, what a result must say, what a seat may not see.
"""

from __future__ import annotations

from collections import Counter

import json

import protocol_checks as checks
from kozyr.cards import Card, card, cards, deck
from kozyr.durak import DURAK, DurakState
from kozyr.protocol import Move
from protocol_checks import hand  # noqa: F401  (used by the tests)


def arrange(hands: dict[int, str], stock: str | int = "", trump: str | None = None, attacker: int = 0,
            bout: int = 2, players: int | None = None, dealer: int | None = None,
            out: tuple[int, ...] = (), **options) -> DurakState:
    n = players if players is not None else max(hands) + 1
    state = DURAK.new_game({"players": n, **options}, seed=0)
    held = [cards(hands.get(seat, "")) for seat in range(n)]
    if isinstance(stock, int):
        pile = _spare_stock(state.options["deck"], held, stock, trump)
    else:
        pile = cards(stock)  # top first
    if pile:
        trump_card = pile[-1] if trump is None else card(trump)
        assert pile[-1] == trump_card, "the trump card lies at the bottom of the stock"
    else:
        trump_card = card(trump or "6D")
    used = [c for cards_ in held for c in cards_] + pile
    assert len(set(used)) == len(used), f"a card is used twice: {sorted(map(str, used))}"
    full = deck(state.options["deck"])
    assert all(c in full for c in used), "a card is not in this deck"
    state.hands = held
    state.known = [set() for _ in range(n)]
    state.stock = list(reversed(pile))  # the engine keeps the top at the end
    state.trump = trump_card
    state.discard = [c for c in full if c not in used]
    state.out = list(out)
    state.dealer = (attacker - 1) % n if dealer is None else dealer
    state.bout = bout - 1
    state.fool, state.losers, state.finished = None, [], False
    state.history, state.log = [], []
    DURAK._start_bout(state, attacker)
    return state


def _spare_stock(size: int, held: list[list[Card]], count: int, trump: str | None) -> list[Card]:
    """`count` cards nobody holds, from the top of the deck's order, a ♦ (or `trump`) last."""
    if count == 0:
        return []
    free = [c for c in reversed(deck(size)) if all(c not in h for h in held)]
    bottom = card(trump) if trump else next(c for c in reversed(free) if c.suit == "D")
    assert bottom in free, f"the trump card {bottom} is in a hand"
    free.remove(bottom)
    return free[:count - 1] + [bottom]


play, legal, refused, snapshot = checks.bound(DURAK)


def texts(cs) -> list[str]:
    """Card texts, sorted: the order of a Durak hand means nothing."""
    return sorted(checks.texts(cs))


def all_cards(state: DurakState) -> Counter:
    """Every card in play or out of it: hands, stock, discard pile and table."""
    table = [c for pair in state.table for c in pair if c is not None]
    every = [c for h in state.hands for c in h] + state.stock + state.discard + table
    return Counter(every)


_DECKS: dict[int, Counter] = {}


def deck_of(state: DurakState) -> Counter:
    size = state.options["deck"]
    if size not in _DECKS:
        _DECKS[size] = Counter(deck(size))
    return _DECKS[size]


def secrets(state: DurakState, seat: int, view: dict | None = None) -> set[str]:
    """Card texts `seat` may not know: others' hand cards not in its `known`, every
    stock card but the face-up trump card."""
    return checks.unseen(state, seat, DURAK.view(state, seat) if view is None else view)



# --- the contract's adapter -----------------------------------------------------------------

def _configs():
    plain, transfer = [], []
    for size in (24, 36, 52):
        for players in range(2, 7):
            if players * 6 <= size:
                plain.append({"players": players, "deck": size})
                transfer.append({"players": players, "deck": size, "transfer": True})
        plain.append({"players": 4, "deck": size, "teams": True})
    transfer += [
        {"players": 2, "transfer": True, "show_trump_transfer": True},
        {"players": 3, "transfer": True, "show_trump_transfer": True},
        {"players": 4, "transfer": True, "show_trump_transfer": True, "deck": 52},
        {"players": 5, "transfer": True, "show_trump_transfer": True, "deck": 52},
        {"players": 2, "transfer": True, "no_transfer_first_bout": True},
        {"players": 3, "transfer": True, "no_transfer_first_bout": True,
         "show_trump_transfer": True},
        {"players": 6, "transfer": True, "no_transfer_first_bout": True},
        {"players": 4, "teams": True, "transfer": True},
        {"players": 4, "teams": True, "transfer": True, "show_trump_transfer": True},
    ]
    plain += [
        {"players": 2, "first_bout_limit": 6},
        {"players": 3, "first_bout_limit": 6, "attack_the_fool": True},
        {"players": 4, "attack_the_fool": True, "deck": 52},
    ]
    return plain, transfer


PLAIN, TRANSFER = _configs()
CONFIGS = PLAIN + TRANSFER
TEAMS = [c for c in CONFIGS if c.get("teams")]
MOVE_BOUND = 3000  # random games take a few hundred moves; none may run away
DECK_SETS = {size: frozenset(deck(size)) for size in (24, 36, 52)}
ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["attack", "throw", "beat", "take", "pass", "transfer", "show", "dance"]


def check_conserved(state):
    table = [c for pair in state.table for c in pair if c is not None]
    every = [c for h in state.hands for c in h] + state.stock + state.discard + table
    size = state.options["deck"]
    if not (len(every) == size and set(every) == DECK_SETS[size]):  # one pack: all distinct
        assert all_cards(state) == deck_of(state), "cards appeared or vanished"
        raise AssertionError("cards appeared or vanished")
    for seat in state.out:
        assert not state.hands[seat], "a player who is out holds cards"
    if state.stock:
        assert state.stock[0] == state.trump, "the trump card is not under the stock"


def check_result(state, match=None, whole_team=False):
    """The result fits the final hands.  With teams, `whole_team` also asks that both
    members of the losing team lose (R4.16), even one who went out before the end."""
    result = DURAK.result(state)
    assert result is not None and DURAK.legal_moves(state) == []
    json.dumps(result)
    n = state.players
    holding = [s for s in range(n) if state.hands[s]]
    assert not state.stock and not state.table
    assert sorted(result["out"] + holding) == list(range(n)), "a seat neither out nor holding"
    assert len(set(result["out"])) == len(result["out"])
    if state.options["teams"]:
        teams_left = {s % 2 for s in holding}
        assert len(teams_left) <= 1, "both teams still hold cards"
        if teams_left:
            side = teams_left.pop()
            team = [s for s in range(n) if s % 2 == side]
            assert set(holding) <= set(result["losers"]) <= set(team)
            if whole_team:
                assert sorted(result["losers"]) == team, \
                    f"team {team} lost, but the losers are {result['losers']}"
            assert result["fool"] in result["losers"]
            assert not result["draw"]
        else:
            assert result["draw"] and result["losers"] == [] and result["fool"] is None
    else:
        assert len(holding) <= 1, "two players still hold cards"
        if holding:
            assert result["losers"] == holding and result["fool"] == holding[0]
            assert not result["draw"]
        else:
            assert result["draw"] and result["losers"] == [] and result["fool"] is None
    for seat in range(n):
        lost = seat in result["losers"]
        assert result["places"][seat] == (2 if lost else 1)
        expected = 0.5 if result["draw"] else (0.0 if lost else 1.0)
        assert result["scores"][seat] == expected
    if result["draw"]:
        assert result["next"] == {"dealer": state.dealer}
    else:
        assert result["next"] == {"fool": result["fool"]}
        nxt = DURAK.new_game(state.options, state.seed + 1, result["next"])
        assert nxt.dealer == result["fool"]
    return result


class DurakViews(checks.ViewWatcher):
    game = DURAK

    def secrets(self, state, seat, view):
        return secrets(state, seat, view)

    def check_seat(self, state, seat, view):
        for other, known in enumerate(view["known"]):
            held = {str(c) for c in state.hands[other]}
            assert set(known) <= held, "a 'known' card is not in that hand"


def random_move(state, rng):
    """A move text that is often near-legal: the actor's cards, the table's cards."""
    hand_ = [str(c) for c in state.hands[state.to_act]]
    table = [str(c) for pair in state.table for c in pair if c is not None]
    pool = hand_ * 3 + ALL_CARDS if hand_ else ALL_CARDS
    kind = rng.choice(KINDS)
    picked = [rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 1, 2, 3)))]
    move = Move.parse(" ".join([kind, *picked]))
    if rng.random() < 0.6 and (table or kind == "beat"):
        target = rng.choice(table + ALL_CARDS[:3]) if table else rng.choice(ALL_CARDS)
        move = Move(move.kind, move.cards, target)
    return move


class DurakAdapter(checks.Adapter):
    """Random games of hand-picked option mixes (every deck that fits the players, teams,
    the transfer variants); the seats play random legal moves."""

    game = DURAK
    configs = CONFIGS
    bound = MOVE_BOUND
    checks = {"games": {"examples": 1200},
              "refused": {"examples": 120, "refuse": 2, "offered": 2, "every": 3},
              "views": {"examples": 80, "every": 2},
              "determinize": {"examples": 80, "every": 3},
              "replay": {"examples": 120},
              "ai": {"examples": 120},
              "levels": {"examples": 60},
              "search": {"examples": 8}}

    def random_match(self, rng, options):
        seat = rng.randrange(options["players"])
        return rng.choice((None, {"fool": seat}, {"dealer": seat}))

    # the game's own checks, as the adapter's (module functions: no adapter state needed)
    check_conserved = staticmethod(check_conserved)
    check_result = staticmethod(check_result)
    random_move = staticmethod(random_move)

    def check_position(self, state):
        assert DURAK.legal_moves(state) and state.to_act not in state.out

    def watcher(self, state, rng):
        return DurakViews(state.players)


ADAPTER = DurakAdapter()
