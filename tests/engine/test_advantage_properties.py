"""Advantage properties over many seeded games (hypothesis draws the seeds).

With both matching relations and any dealer: the 52 cards are conserved after every move,
only legal moves are offered and every offered move applies, other moves are refused without
a trace, every rally goes drop, exchange, pairs (non-dealer first), games end within a bound
and exactly when R0.11/R0.12 say, the result adds up, seed + moves replay the game, views
leak neither the stock's order nor the other seat's drawn cards yet show every public card,
a determinized view looks the same from that seat, and the AI levels choose legal moves.

Seats play randomly or as an AI level (easy, normal).
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ai
from kozyr.advantage import ADVANTAGE
from kozyr.cards import card, deck
from kozyr.protocol import Move
from advantage_setup import DECK, all_cards, check_order_of_play, texts
from protocol_checks import (CARD_TOKEN, Referee, check_legal_shown,
                             check_players_choose_legal_moves, check_replay, clone)

CONFIGS = [{"pagat_matching": False}, {"pagat_matching": True}]
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


@st.composite
def games(draw):
    options = draw(st.sampled_from(CONFIGS))
    seed = draw(st.integers(0, 2**31 - 1))
    moves_seed = draw(st.integers(0, 2**31 - 1))
    match = draw(st.one_of(st.none(), st.builds(lambda d, n: {"dealer": d, "deal": n},
                                                st.integers(0, 1), st.integers(1, 30))))
    return options, seed, moves_seed, match


# --- checks --------------------------------------------------------------------------------

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
    twin = clone(state)
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
    card the other drew, now or ever in its log; and the same view if those were other cards."""

    def __init__(self, rng):
        self.rng, self.read, self.log_cards = rng, [0, 0], [set(), set()]

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
            check_legal_shown(ADVANTAGE, state, seat, view)
            secret = set(texts(state.stock)) | set(texts(state.private[other]))
            seen = set(CARD_TOKEN.findall(text)) | self.log_cards[seat]
            assert not secret & seen, f"seat {seat} sees hidden cards {sorted(secret & seen)}"

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
    cards = tuple(rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 1, 2))))
    kind = rng.choice(("drop", "exchange", "keep", "pass", "take"))
    return Move(kind, cards, rng.choice((None, "1", "2", "3", "4", "centre")))


class Mover:
    """Each seat plays at random or as an AI level, from its own view."""

    def __init__(self, moves_seed):
        self.rng = random.Random(moves_seed)
        self.styles = [self.rng.choice(STYLES) for _ in (0, 1)]
        self.players = [ai.make(style, "advantage", moves_seed + s) if style in LEVELS else None
                        for s, style in enumerate(self.styles)]

    def move(self, state):
        seat = state.to_act
        if self.players[seat] is None:
            return self.rng.choice(ADVANTAGE.legal_moves(state))
        return self.players[seat].choose(ADVANTAGE.view(state, seat))


def run_game(options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1):
    """Play a game; check after every move (or every `every` moves); return the final state."""
    state = ADVANTAGE.new_game(options, seed, match)
    if match:
        assert state.dealer == match["dealer"]
    rng = random.Random(moves_seed)
    mover = Mover(moves_seed + 1)
    watcher = AdvantageViews(rng) if views else None
    referee = Referee(ADVANTAGE, rng, check_conserved, random_move, watcher, refuse, offered,
                      determinize)
    check_conserved(state)
    steps = 0
    while not ADVANTAGE.is_over(state):
        assert steps < MOVE_BOUND and state.rally <= RALLY_BOUND, "the game does not end"
        check_position(state)
        if steps % every == 0:
            referee.check(state)
            if watcher and steps % (3 * every) == 0:
                watcher.check_swapped(state)
        move = mover.move(state)
        assert move in ADVANTAGE.legal_moves(state), f"{move} was chosen but not offered"
        ADVANTAGE.apply(state, move)
        check_conserved(state)
        steps += 1
    assert steps == len(state.history)
    check_result(state, match)
    referee.check_end(state)
    return state


# --- the properties ---------------------------------------------------------------------------

@settings(max_examples=1500)
@given(games())
def test_games_conserve_cards_end_by_the_rules_and_add_up(game):
    run_game(*game)


@settings(max_examples=200)
@given(games())
def test_offered_moves_apply_and_others_are_refused(game):
    run_game(*game, refuse=3, offered=3, every=2)


@settings(max_examples=200)
@given(games())
def test_views_leak_nothing_and_show_every_public_card(game):
    run_game(*game, views=True)


@settings(max_examples=150)
@given(games())
def test_determinized_views_look_the_same_from_that_seat(game):
    run_game(*game, determinize=True, every=3)


@settings(max_examples=100)
@given(games())
def test_a_determinized_world_gives_the_seat_to_act_a_move(game):
    """What a seat sees includes who is to choose: a world dealt from its view must let that
    seat choose (a drop or exchange, or three of a kind to keep), whichever seat dealt it."""
    options, seed, moves_seed, match = game
    state, rng = ADVANTAGE.new_game(options, seed, match), random.Random(moves_seed)
    while not ADVANTAGE.is_over(state):
        for seat in (0, 1):
            world = ADVANTAGE.determinize(ADVANTAGE.view(state, seat), rng)
            assert ADVANTAGE.legal_moves(world), \
                f"seed {seed}, move {len(state.history)}: seat {state.to_act} has no move " \
                f"in the world dealt from seat {seat}'s view"
        ADVANTAGE.apply(state, rng.choice(ADVANTAGE.legal_moves(state)))


@settings(max_examples=150)
@given(games())
def test_replay_from_seed_and_moves_reproduces_the_game(game):
    options, seed, moves_seed, match = game
    state = run_game(options, seed, moves_seed, match)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(ADVANTAGE, state, options, seed, match, cut)
    assert [str(Move.parse(m)) for m in state.history] == state.history


@settings(max_examples=300)
@given(games(), st.sampled_from(LEVELS), st.sampled_from(LEVELS))
def test_ai_levels_choose_legal_moves_from_their_view(game, first, second):
    options, seed, moves_seed, match = game
    state = ADVANTAGE.new_game(options, seed, match)
    players = [ai.make(level, "advantage", moves_seed + s)
               for s, level in enumerate((first, second))]
    check_players_choose_legal_moves(ADVANTAGE, state, players, (first, second), MOVE_BOUND,
                                     check_conserved)
    check_result(state, match)


def test_the_safeguard_ends_some_random_games():
    """Random play sometimes cycles with the stock out: R0.12 ends those games."""
    ended = 0
    for seed in range(300):
        state, rng = ADVANTAGE.new_game(CONFIGS[seed % 2], seed), random.Random(seed)
        while not ADVANTAGE.is_over(state):
            ADVANTAGE.apply(state, rng.choice(ADVANTAGE.legal_moves(state)))
        check_end_rules(state)
        ended += state.pairless == SAFEGUARD and state.progress
    assert ended > 0
