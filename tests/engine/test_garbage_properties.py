"""Garbage properties over many seeded hands and whole matches (hypothesis draws the seeds).

For 2–6 players and every option: the cards of the packs are conserved after every move,
only legal moves are offered and other moves are refused without a trace, hands and matches
end within a bound, seed + moves replay a hand, views leak no face-down or stock card (by
counting: with several packs a face-down card may have a face-up twin), results add up, a
determinized view looks the same from that seat, and the AI players only ever choose legal
moves from their own view.
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr import ai, registry
from kozyr.cards import card, deck
from kozyr.garbage import GARBAGE, LAYOUT, PIPS
from kozyr.protocol import Move
from garbage_setup import all_cards, packs, public_cards, row, visible
from protocol_checks import (CARD_TOKEN, Referee, ask_search_player,
                             check_players_choose_legal_moves, check_legal_shown, check_replay)

if "garbage" not in registry.GAMES:
    registry.register(GARBAGE)

CONFIGS = [{"players": n, "wild": wild, "last_turn": last, "starter_discard": starter,
            "discard_only_if_playable": only}
           for n in range(2, 7) for wild in ("jacks", "kings") for last in (False, True)
           for starter in (False, True) for only in (False, True)]
HAND_LIMIT = 3000  # moves in one hand: far above what any hand here takes
ALL_CARDS = [str(c) for c in deck(52)]
KINDS = ["draw", "take", "place", "pass", "beat"]
STYLES = ("first", "first", "random", "heuristic", "lowest", "careless")


def hands_bound(players: int) -> int:
    """Every hand shrinks someone's layout; a seat wins at most 9 hands before its last."""
    return players * (LAYOUT - 1) + 1


@st.composite
def games(draw, configs=CONFIGS):
    options = draw(st.sampled_from(configs))
    n = options["players"]
    seed = draw(st.integers(0, 2**31 - 1))
    moves_seed = draw(st.integers(0, 2**31 - 1))
    match = draw(st.one_of(
        st.none(),
        st.builds(lambda sizes, first, hand: {"sizes": sizes, "first": first, "hand": hand},
                  st.lists(st.integers(1, LAYOUT), min_size=n, max_size=n),
                  st.integers(0, n - 1), st.integers(1, 40))))
    return options, seed, moves_seed, match


# --- checks --------------------------------------------------------------------------------

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
        hand = (match or {}).get("hand", 1)
        assert result["next"] == {"sizes": result["sizes"], "first": winners[0],
                                  "hand": hand + 1}
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
            check_legal_shown(GARBAGE, state, seat, view)
            assert visible(view) == public, f"seat {seat} sees {visible(view)}, not {public}"
            shown_by_moves = Counter(c for m in view["legal"] for c in m["cards"])
            assert set(shown_by_moves) <= set(public)

    def check_end(self, state):
        self.check(state)
        for seat in range(state.players):
            log = GARBAGE.view(state, seat)["log"]
            assert json.loads(json.dumps(log)) == log, "the log is not plain JSON"


def check_new_log(state, read):
    """The cards the moves' log entries name were all public after the move."""
    new = state.log[read:]
    named = set(CARD_TOKEN.findall(json.dumps(new)))
    public = set(public_cards(state))
    assert named <= public, f"the log names cards nobody saw: {sorted(named - public)}"
    return len(state.log)


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

    def move(self, state):
        seat = state.to_act
        if self.players[seat] is None:
            return GARBAGE.legal_moves(state)[0]
        return self.players[seat].choose(GARBAGE.view(state, seat))


def run_hand(options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1, mover=None, stock_left=None):
    """Play a hand; check after every move (or every `every` moves); return the final state.

    With `stock_left`, all of the stock but that many cards is first put under the discard,
    as if the hand had gone on for a while: the stock runs out and is made anew often."""
    state = GARBAGE.new_game(options, seed, match)
    n = state.players
    if stock_left is not None:
        state.discard = state.stock[:-stock_left] + state.discard
        state.stock = state.stock[-stock_left:]
    if match:
        assert state.sizes == match["sizes"] and state.first == match["first"] % n
        assert state.dealer == (state.first - 1) % n
    assert state.to_act == state.first == (state.dealer + 1) % n
    rng = random.Random(moves_seed)
    mover = mover or Mover(state, moves_seed + 1)
    check_conserved(state)
    referee = Referee(GARBAGE, rng, check_conserved, random_move,
                      GarbageViews(n) if views else None, refuse, offered, determinize)
    steps, read = 0, 0
    while not GARBAGE.is_over(state):
        assert steps < HAND_LIMIT, f"the hand did not end within {HAND_LIMIT} moves"
        if steps % every == 0:
            referee.check(state)
        moves = GARBAGE.legal_moves(state)
        move = mover.move(state)
        assert move in moves, f"{move} was chosen but not offered"
        logged = len(state.log)
        GARBAGE.apply(state, move)
        check_conserved(state)
        made = [e for e in state.log[logged:] if e["event"] == "reshuffle"]
        if made:  # the next turn began with an empty stock: all of the discard but its top
            assert len(state.discard) == 1 and made[-1]["count"] == len(state.stock) >= 31
        if views:
            read = check_new_log(state, read)
        steps += 1
    check_result(state, match)
    referee.check_end(state)
    return state


# --- the properties ---------------------------------------------------------------------------

@settings(max_examples=1200)
@given(games())
def test_hands_conserve_cards_end_and_add_up(game):
    run_hand(*game)


@settings(max_examples=100)
@given(games(), st.integers(1, 4))
def test_the_stock_is_made_anew_from_the_discard_but_its_top(game, stock_left):
    """Hands that run out of stock again and again: the checks of views, refusals and
    determinized worlds hold there too, and each new stock is the old discard but its top."""
    options, seed, moves_seed, match = game
    state = run_hand(options, seed, moves_seed, match, views=True, refuse=2, determinize=True,
                     every=2, stock_left=stock_left)
    assert state.history


@settings(max_examples=150)
@given(games())
def test_offered_moves_apply_and_others_are_refused(game):
    run_hand(*game, refuse=3, offered=2, every=3)


@settings(max_examples=150)
@given(games())
def test_views_leak_nothing_and_are_json(game):
    run_hand(*game, views=True, every=2)


@settings(max_examples=120)
@given(games())
def test_determinized_views_look_the_same_from_that_seat(game):
    run_hand(*game, determinize=True, every=4)


@settings(max_examples=100)
@given(games())
def test_replay_from_seed_and_moves_reproduces_the_hand(game):
    options, seed, moves_seed, match = game
    state = run_hand(options, seed, moves_seed, match)
    cut = random.Random(moves_seed).randrange(len(state.history) + 1)
    check_replay(GARBAGE, state, options, seed, match, cut)


@settings(max_examples=200)
@given(games())
def test_whole_matches_end_with_a_champion(game):
    """Hand after hand, carried by result["next"], until a one-card layout is filled."""
    options, seed, moves_seed, _ = game
    n = options["players"]
    match, hands, sizes = None, 0, [LAYOUT] * n
    mover = None
    while True:
        assert hands < hands_bound(n), f"the match did not end within {hands_bound(n)} hands"
        state = GARBAGE.new_game(options, seed + 7919 * hands, match)
        assert state.sizes == sizes
        mover = mover or Mover(state, moves_seed)
        steps = 0
        while not GARBAGE.is_over(state):  # cards are checked move by move in the hand tests
            assert steps < HAND_LIMIT, f"hand {hands + 1} did not end within {HAND_LIMIT} moves"
            GARBAGE.apply(state, mover.move(state))
            steps += 1
        check_conserved(state)
        result = check_result(state, match)
        hands += 1
        assert sum(result["sizes"]) == sum(sizes) - len(result["winners"])
        if result["match_over"]:
            champion = result["champion"]
            assert sizes[champion] == 1 and champion in result["winners"]
            assert result["scores"] == [float(s == champion) for s in range(n)]
            break
        assert min(result["sizes"]) >= 1
        match, sizes = result["next"], result["sizes"]
        assert match["hand"] == hands + 1
    assert hands >= LAYOUT


FAST_STYLES = ["random", "careless", "lowest", "heuristic", "easy", "normal"]


@settings(max_examples=150)
@given(games(), st.lists(st.sampled_from(FAST_STYLES), min_size=6, max_size=6))
def test_ai_players_choose_legal_moves_from_their_view(game, styles):
    options, seed, moves_seed, match = game
    state = GARBAGE.new_game(options, seed, match)
    n = state.players
    styles = styles[:n] if set(styles[:n]) != {"lowest"} else ["heuristic", *styles[1:n]]
    players = [ai.make(styles[s], "garbage", moves_seed + s) for s in range(n)]
    check_players_choose_legal_moves(GARBAGE, state, players, styles, HAND_LIMIT,
                                     check_conserved)
    check_result(state, match)


@settings(max_examples=3)
@given(games())
def test_search_player_chooses_legal_moves(game):
    """The searching player thinks for a while: check it at a few positions of a hand."""
    options, seed, moves_seed, match = game
    state = GARBAGE.new_game(options, seed, match)
    rng = random.Random(moves_seed)
    player = ai.make("search", "garbage", moves_seed, budget=0.02)
    hard = ai.make("hard", "garbage", moves_seed + 1, budget=0.02)
    asked = 0
    while not GARBAGE.is_over(state) and asked < 4:
        if rng.random() < 0.2 or state.holding is not None:
            ask_search_player(GARBAGE, state, player if asked % 2 else hard)
            asked += 1
        else:
            GARBAGE.apply(state, rng.choice(GARBAGE.legal_moves(state)))
        check_conserved(state)


def test_matches_play_garbage_by_name():
    from kozyr import match
    stats = match.run("garbage", ["lowest", "heuristic", "random"], games=2, seed=5)
    assert set(stats) == {"lowest", "heuristic", "random"}
    for s in stats.values():
        assert 0.0 <= s["score"] <= 1.0 and s["games"] == 2
    scores = match.play_one("garbage", ["heuristic", "lowest"], {"players": 2}, seed=9)
    assert sorted(scores) == [0.0, 1.0]
