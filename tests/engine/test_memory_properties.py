"""Memory properties over many seeded games (hypothesis draws the seeds).

For 2–4 players, both decks and every flag: the cards of the deck are conserved after every
move, only legal moves are offered and other moves are refused without a trace, games end
within the call limit with a result that adds up, seed + moves replay the game, views leak
no card of another pile that was never face up and carry only the seat's own showings,
`recall` rebuilds each seat's pile, a determinized view looks the same from that seat, and
the AI players of every level only ever choose legal moves from their own view.

Seats play randomly, always HIGHER (which often runs into the call limit), or as an AI.
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ai
from kozyr.cards import card, deck
from kozyr.memory import CALL_LIMIT, MEMORY, recall
from kozyr.protocol import Move
from memory_setup import all_cards, texts
from protocol_checks import (CARD_TOKEN, Referee, check_legal_shown,
                             check_players_choose_legal_moves, check_replay)

CONFIGS = [{"players": n, "deck": d, "black_ace_self_only": self_only,
            "no_same_call": no_same, "pagat_start": pagat}
           for n in (2, 3, 4) for d in (36, 52) for self_only in (False, True)
           for no_same in (False, True) for pagat in (False, True)]
DECKS = {size: Counter(deck(size)) for size in (36, 52)}
ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["higher", "lower", "same", "pass", "take", "start", "look"]
LEVELS = ("easy", "normal", "hard")
STYLES = ("random", "random", "higher", "hard", "normal")


@st.composite
def games(draw, configs=CONFIGS):
    options = draw(st.sampled_from(configs))
    seed = draw(st.integers(0, 2**31 - 1))
    moves_seed = draw(st.integers(0, 2**31 - 1))
    match = draw(st.one_of(
        st.none(),
        st.builds(lambda dealer, deal: {"dealer": dealer, "deal": deal},
                  st.integers(0, options["players"] - 1), st.integers(1, 30))))
    return options, seed, moves_seed, match


# --- checks --------------------------------------------------------------------------------

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


def check_new_log(state, before, read):
    """The new log entries name only cards face up: the centre before or after the move, the
    top card the actor turned (which a wrong call puts under his pile) and the next seat's
    start card."""
    centre, piles, actor = before
    turned = set(texts(centre)) | set(texts(state.centre)) \
        | {str(piles[actor][0]), str(piles[(actor + 1) % len(piles)][0])}
    named = set(CARD_TOKEN.findall(json.dumps(state.log[read:])))
    assert named <= turned, f"the log names cards never face up: {sorted(named - turned)}"
    return len(state.log)


class MemoryViews:
    """Every seat's view: plain JSON, pile sizes only, its own showings only, `recall` equal
    to its pile, and no card of another pile that was never face up (the public cards are
    those named by the log, which check_new_log holds to turned cards, and the centre)."""

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
            check_legal_shown(MEMORY, state, seat, view)
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
    cards = tuple(card(rng.choice(ALL_CARDS)) for _ in range(rng.choice((0, 0, 1, 2))))
    target = rng.choice((None, None, "1", "centre"))
    return Move(kind, cards, target)


class Mover:
    """Each seat plays at random, always HIGHER, or as an AI level, from its own view."""

    def __init__(self, state, moves_seed):
        self.rng = random.Random(moves_seed)
        self.styles = [self.rng.choice(STYLES) for _ in range(state.players)]
        self.players = [ai.make(style, "memory", moves_seed + s) if style in LEVELS else None
                        for s, style in enumerate(self.styles)]

    def move(self, state):
        seat = state.to_act
        style = self.styles[seat]
        if style == "random":
            return self.rng.choice(MEMORY.legal_moves(state))
        if style == "higher":
            return Move("higher")
        return self.players[seat].choose(MEMORY.view(state, seat))


def run_game(options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1, calls_left=None):
    """Play a game; check after every move (or every `every` moves); return the final state.

    With `calls_left`, the game starts as if all but that many calls had been made: games
    among these players end long before the safeguard, so it is reached this way."""
    state = MEMORY.new_game(options, seed, match)
    n = state.players
    if calls_left is not None:
        state.calls = CALL_LIMIT - calls_left
    if match:
        assert state.dealer == match["dealer"]
    assert state.to_act == (state.dealer + options["pagat_start"]) % n  # after the start card
    rng = random.Random(moves_seed)
    mover = Mover(state, moves_seed + 1)
    check_conserved(state)
    referee = Referee(MEMORY, rng, check_conserved, random_move,
                      MemoryViews() if views else None, refuse, offered, determinize)
    steps, read = 0, len(state.log)
    while not MEMORY.is_over(state):
        assert steps < CALL_LIMIT, f"the game did not end within {CALL_LIMIT} calls"
        if steps % every == 0:
            referee.check(state)
        move = mover.move(state)
        assert move in MEMORY.legal_moves(state), f"{move} was chosen but not offered"
        before = (list(state.centre), [list(p) for p in state.piles], state.to_act)
        MEMORY.apply(state, move)
        check_conserved(state)
        read = check_new_log(state, before, read)
        steps += 1
    assert state.calls - (CALL_LIMIT - (calls_left or CALL_LIMIT)) == steps == len(state.history)
    check_result(state, match)
    referee.check_end(state)
    return state


# --- the properties ---------------------------------------------------------------------------

@settings(max_examples=1500)
@given(games())
def test_games_conserve_cards_end_and_add_up(game):
    run_game(*game)


@settings(max_examples=300)
@given(games(), st.integers(1, 40))
def test_games_near_the_call_limit_stop_there_and_the_fewest_cards_win(game, calls_left):
    state = run_game(*game, calls_left=calls_left, refuse=1, every=4)
    if all(state.piles):  # nobody emptied his pile: the safeguard stopped the game
        assert state.calls == CALL_LIMIT and state.log[-1]["event"] == "limit"
    else:
        assert state.log[-1]["event"] == "win"


@settings(max_examples=150)
@given(games())
def test_offered_moves_apply_and_others_are_refused(game):
    run_game(*game, refuse=3, offered=3, every=3)


@settings(max_examples=150)
@given(games())
def test_views_leak_nothing_recall_the_pile_and_are_json(game):
    run_game(*game, views=True, every=3)


@settings(max_examples=120)
@given(games())
def test_determinized_views_look_the_same_from_that_seat(game):
    run_game(*game, determinize=True, every=5)


@settings(max_examples=100)
@given(games())
def test_replay_from_seed_and_moves_reproduces_the_game(game):
    options, seed, moves_seed, match = game
    state = run_game(options, seed, moves_seed, match)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(MEMORY, state, options, seed, match, cut)


@settings(max_examples=150)
@given(games(), st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_ai_players_of_every_level_choose_legal_moves_from_their_view(game, levels):
    options, seed, moves_seed, match = game
    state = MEMORY.new_game(options, seed, match)
    levels = levels[:state.players]
    players = [ai.make(level, "memory", moves_seed + s) for s, level in enumerate(levels)]
    check_players_choose_legal_moves(MEMORY, state, players, levels, CALL_LIMIT + 1,
                                     check_conserved)
    check_result(state, match)


@settings(max_examples=40)
@given(games(), st.sampled_from(LEVELS))
def test_every_level_plays_every_seat_to_the_end(game, level):
    """A whole table of one level: the hard one, remembering all, calls wrong only when no
    call can be right."""
    options, seed, moves_seed, match = game
    state = MEMORY.new_game(options, seed, match)
    players = [ai.make(level, "memory", moves_seed + s) for s in range(state.players)]
    check_players_choose_legal_moves(MEMORY, state, players, [level] * state.players,
                                     CALL_LIMIT + 1, check_conserved)
    check_result(state, match)
    if level == "hard":
        for e in state.log:
            if e["event"] == "call" and not e["right"]:
                old, new = card(e["over"]), card(e["cards"][0])
                assert not any(MEMORY.right(call, old, new)
                               for call in MEMORY.calls_allowed(state))
