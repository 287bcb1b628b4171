"""Stump properties over many seeded games (hypothesis draws the seeds).

For 2–6 players and both options: cards are conserved, only legal moves are offered and
other moves are refused without a trace, games end, seed + moves replay the game, views
leak no hidden card, results add up, the AI players only ever choose legal moves from
their own view, and a determinized view looks, from that seat, like the real game.

Purely random play passes cards round the pile for a long time (the engine stops a game
at 3,000 moves), so most games mix random moves into lowest-card and heuristic play,
which ends a game in 50–300 moves; a few purely random games remain.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ai
from kozyr.cards import deck
from kozyr.protocol import Move
from kozyr.stump import MOVE_LIMIT, STUMP
from protocol_checks import (Referee, ViewWatcher, ask_search_player,
                             check_players_choose_legal_moves, check_replay)
from stump_setup import all_cards, secrets

TABLES = ("classic", "ace eleven")
CONFIGS = [{"players": n, "voluntary_take": vt, "take_table": table}
           for n in range(2, 7) for vt in (False, True) for table in TABLES]
DECK_SET = frozenset(deck(36))
ALL_CARDS = [str(c) for c in deck(36)] + ["2C", "5H"]  # and two cards no Stump deck has
KINDS = ["lead", "beat", "take", "pass", "attack"]
MIXES = (0.0, 0.1, 0.2, 0.3)  # the share of random moves among the players' own


@st.composite
def games(draw, configs=CONFIGS):
    options = draw(st.sampled_from(configs))
    seed = draw(st.integers(0, 2**31 - 1))
    moves_seed = draw(st.integers(0, 2**31 - 1))
    match = draw(st.one_of(st.none(), st.builds(lambda s: {"stump": s},
                                                st.integers(0, options["players"] - 1))))
    return options, seed, moves_seed, match


# --- checks --------------------------------------------------------------------------------

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


def check_result(state):
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


class StumpViews(ViewWatcher):
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
    hand = [str(c) for c in state.hands[state.to_act]]
    pool = hand * 3 + ALL_CARDS
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

    def move(self, state):
        seat = state.to_act
        if self.rng.random() < self.mix:
            return self.rng.choice(STUMP.legal_moves(state))
        if self.players[seat] is None:
            return STUMP.legal_moves(state)[0]
        return self.players[seat].choose(STUMP.view(state, seat))


def run_game(options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1, pure_random=False):
    """Play a game; check after every move (or every `every` moves); return the final state."""
    state = STUMP.new_game(options, seed, match)
    if match:
        assert state.dealer == match["stump"]
    assert state.to_act == (state.dealer + 1) % state.players
    rng = random.Random(moves_seed)
    mover = None if pure_random else Mover(state, moves_seed + 1)
    check_conserved(state)
    referee = Referee(STUMP, rng, check_conserved, random_move,
                      StumpViews(state.players) if views else None, refuse, offered, determinize)
    steps = 0
    while not STUMP.is_over(state):
        assert steps < MOVE_LIMIT, f"the game did not end within {MOVE_LIMIT} moves"
        if steps % every == 0:
            referee.check(state)
        moves = STUMP.legal_moves(state)
        move = rng.choice(moves) if pure_random else mover.move(state)
        assert move in moves, f"{move} was chosen but not offered"
        STUMP.apply(state, move)
        check_conserved(state)
        steps += 1
    check_result(state)
    referee.check_end(state)
    return state


# --- the properties ---------------------------------------------------------------------------

@settings(max_examples=1500)
@given(games())
def test_games_conserve_cards_end_and_add_up(game):
    run_game(*game)


@settings(max_examples=10)
@given(games())
def test_purely_random_games_end_within_the_safeguard(game):
    run_game(*game, pure_random=True, every=50)


@settings(max_examples=120)
@given(games())
def test_offered_moves_apply_and_others_are_refused(game):
    run_game(*game, refuse=3, offered=2, every=2)


@settings(max_examples=100)
@given(games())
def test_views_leak_nothing_and_are_json(game):
    run_game(*game, views=True, every=2)


@settings(max_examples=100)
@given(games())
def test_determinized_views_look_the_same_from_that_seat(game):
    run_game(*game, determinize=True, every=3)


@settings(max_examples=100)
@given(games())
def test_replay_from_seed_and_moves_reproduces_the_game(game):
    options, seed, moves_seed, match = game
    state = run_game(options, seed, moves_seed, match)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(STUMP, state, options, seed, match, cut)


FAST_STYLES = ["random", "careless", "lowest", "heuristic", "easy", "normal"]


@settings(max_examples=100)
@given(games(), st.lists(st.sampled_from(FAST_STYLES), min_size=6, max_size=6))
def test_ai_players_choose_legal_moves_from_their_view(game, styles):
    """Random players make long games: at most one random seat, the rest play to end it."""
    options, seed, moves_seed, match = game
    state = STUMP.new_game(options, seed, match)
    n = state.players
    randoms = [s for s in range(n) if styles[s] == "random"]
    styles = [st_ if s in randoms[:1] or st_ != "random" else "lowest"
              for s, st_ in enumerate(styles[:n])]
    players = [ai.make(styles[s], "stump", moves_seed + s) for s in range(n)]
    check_players_choose_legal_moves(STUMP, state, players, styles, MOVE_LIMIT, check_conserved)
    check_result(state)


@settings(max_examples=3)
@given(games())
def test_search_player_chooses_legal_moves(game):
    """The searching player thinks for a while: check it at a few positions of a game."""
    options, seed, moves_seed, match = game
    state = STUMP.new_game(options, seed, match)
    rng = random.Random(moves_seed)
    player = ai.make("search", "stump", moves_seed, budget=0.02)
    hard = ai.make("hard", "stump", moves_seed + 1, budget=0.02)
    asked = 0
    while not STUMP.is_over(state) and asked < 4:
        if rng.random() < 0.15:
            ask_search_player(STUMP, state, player if asked % 2 else hard)
            asked += 1
        else:
            STUMP.apply(state, rng.choice(STUMP.legal_moves(state)))
        check_conserved(state)


def test_matches_play_stump_by_name():
    from kozyr import match
    stats = match.run("stump", ["lowest", "heuristic", "random"], games=3, seed=5)
    assert set(stats) == {"lowest", "heuristic", "random"}
    for s in stats.values():
        assert 0.0 <= s["score"] <= 1.0 and s["games"] == 3
    scores = match.play_one("stump", ["heuristic", "lowest"], {"players": 2}, seed=9)
    assert sorted(scores) == [0.0, 1.0]
