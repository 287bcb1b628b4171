"""Memory's opponents: each level remembers what its help says and no more, calls a card it
remembers right, plays the odds of the cards it cannot place, and the hint says why.

Positions are built with `arranged` (memory_setup.py), then `walk` plays right calls for
both seats until seat A has turned a given number of cards since it was shown its pile, so
that its next card lies that far down what it saw.
"""

import random

import pytest

from kozyr import ai
from kozyr.ai import memory as memory_ai
from kozyr.cards import card
from kozyr.memory import MEMORY, recall
from kozyr.protocol import Move, Reason
from memory_setup import arranged

A, B = 0, 1
SEEDS = (1, 2, 3)
SPAN = {"easy": 2, "normal": 4, "hard": 7}  # what level_help promises


def choose(level, state, seed=1):
    return str(ai.make(level, "memory", seed).choose(MEMORY.view(state, state.to_act)))


def walk(state, turns):
    """Every seat calls right (from its true cards) until A has called `turns` times and is
    to call again."""
    while True:
        seat = state.to_act
        if seat == A:
            if turns == 0:
                break
            turns -= 1
        top, following = state.centre[-1], state.piles[seat][0]
        assert following not in (card("AS"), card("AC")), "a black ace would show the piles"
        call = next(c for c in MEMORY.calls_allowed(state) if MEMORY.right(c, top, following))
        MEMORY.apply(state, call)
        assert not MEMORY.is_over(state)
    return state


def at_place(place, target, top, centre="KH", a_fill="10D JD QD KD 10S JS QS 8H",
             b_fill="7D 8D 9D 7S 8S 9S 10H 7C", rest=B):
    """A to call with `target` the `place`-th card of its last look and `top` on the centre
    (turned by B just before); the cards nobody was given go under `rest`'s pile."""
    a = a_fill.split()[:place - 1] + [target] + ["6S"]
    b = (b_fill.split()[:place - 2] + [top] if place > 1 else []) + ["6D"]
    state = arranged(piles={A: " ".join(a), B: " ".join(b)}, centre=centre if place > 1 else top,
                     to_act=A, players=2, rest=rest)
    walk(state, place - 1)
    assert state.piles[A][0] == card(target) and state.centre[-1] == card(top)
    return state


# --- what it remembers ---------------------------------------------------------------------------

def test_the_level_help_says_how_far_each_level_remembers():
    words = {2: "two", 4: "four", 7: "seven"}
    for level, span in SPAN.items():
        assert memory_ai.SPANS[level][0] == span
        assert f"next {words[span]} cards of its pile" in MEMORY.level_help[level]


# --- it calls what it remembers right ---------------------------------------------------------

@pytest.mark.parametrize("level", ("normal", "hard"))
@pytest.mark.parametrize("top, mine, call", [
    ("9C", "KD 7C", "higher"), ("9C", "7H KC", "lower"), ("9C", "9H 8C", "same"),
    ("7C", "6D 8C", "lower"),  # against the odds: most cards are higher than a 7
    ("KC", "AD 8C", "higher"),  # against the odds: most cards are lower than a king
])
def test_it_calls_its_remembered_next_card_right(level, top, mine, call):
    for seed in SEEDS:
        state = arranged(piles={A: mine}, centre=top, players=2)
        assert choose(level, state, seed) == call


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_it_remembers_its_span_of_each_look_and_no_further(level):
    """The next card is a 6 on a 9, which the odds call wrong (more cards are higher): within
    the level's span of its last look it calls it right, one card further it does not know
    it and calls HIGHER, as it would with any card there."""
    span = SPAN[level]
    for seed in SEEDS:
        assert choose(level, at_place(span, "6H", "9C"), seed) == "lower"
        assert choose(level, at_place(span + 1, "6H", "9C"), seed) == "higher"
        assert choose(level, at_place(span + 1, "QH", "9C"), seed) == "higher"


def test_the_hard_level_does_not_remember_a_long_pile():
    """Shown 18 cards, it knows the first seven and not the eighth: a person's memory."""
    state = at_place(8, "6H", "9C", rest=A)
    assert len(MEMORY.view(state, A)["shown"][-1]["cards"]) >= 18
    assert choose("hard", state) == "higher"


def test_a_wrong_call_puts_the_centre_under_the_pile_and_the_first_cards_are_remembered():
    state = arranged(piles={A: "9S 6H 7H", B: "QS"}, centre="7D 8D", to_act=A, players=2, rest=B)
    MEMORY.apply(state, "lower")  # 9S on 8D: wrong, A takes 7D 8D 9S under 6H 7H
    assert [str(c) for c in state.piles[A]] == ["6H", "7H", "7D", "8D", "9S"]
    walk(state, 2)  # A turns 6H and 7H, B its cards: A's next is the first card it picked up
    assert state.piles[A][0] == card("7D")
    view = MEMORY.view(state, A)
    assert [c for c, _ in recall(view)] == state.piles[A]
    top = state.centre[-1]
    want = next(c for c in ("higher", "lower", "same") if MEMORY.right(c, top, card("7D")))
    for level in ("normal", "hard"):
        assert ai.make(level, "memory", 1).memory(view)[0] == card("7D")
        assert choose(level, state) == want
    assert ai.make("easy", "memory", 1).memory(view)[0] is None
    # the second card of that centre: the hard level remembers it, normal does not
    assert ai.make("hard", "memory", 1).memory(view)[1] == card("8D")
    assert ai.make("normal", "memory", 1).memory(view)[1] is None


# --- it plays the odds of what it cannot place ------------------------------------------------

# nine of the sixteen cards above a 10 lie open in the centre; A turns three 10s on the way
CROWDED = {"centre": "JH QH KH AH JD QD KD AD JS", "a_fill": "10D 10H 10S 6C",
           "b_fill": "7D 8D 9D"}


def test_beyond_its_memory_it_counts_the_open_centre():
    """A 10 on top: as many ranks above as below, but the centre holds nine of the higher
    cards, so LOWER is the better call; the easy level, which does not count, calls HIGHER on
    the low half of the ranks."""
    state = at_place(5, "7S", "10C", **CROWDED)
    for seed in SEEDS:
        assert choose("normal", state, seed) == "lower"
    assert choose("easy", at_place(3, "7S", "10C", **CROWDED)) == "higher"


def test_with_no_same_call_a_remembered_equal_rank_still_gets_a_legal_call():
    state = arranged(piles={A: "9H 8C"}, centre="9C", players=2, no_same_call=True)
    view = MEMORY.view(state, A)
    player = ai.make("normal", "memory", 1)
    move = player.choose(view)
    assert move in (Move("higher"), Move("lower"))
    assert "no call can be right" in str(player.why)


# --- the hint -----------------------------------------------------------------------------------

def random_positions(count, seed=5):
    rng, found = random.Random(seed), []
    while len(found) < count:
        players = rng.choice((2, 3, 4))
        options = {"players": players, "deck": rng.choice((36, 52)),
                   "no_same_call": rng.random() < 0.3}
        state = MEMORY.new_game(options, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 60)):
            if MEMORY.is_over(state):
                break
            MEMORY.apply(state, rng.choice(MEMORY.legal_moves(state)))
        if not MEMORY.is_over(state):
            found.append(state)
    return found


def test_the_hint_is_the_normal_levels_call_with_a_reason():
    for state in random_positions(30):
        view = MEMORY.view(state, state.to_act)
        move, why = ai.hint(view)
        assert move in [Move.parse(m["text"]) for m in view["legal"]]
        assert move == ai.make("normal", "memory", 0).choose(view)
        assert isinstance(why, Reason) and str(why).strip()
        assert move.kind in why.message or "no call" in why.message or \
            "rank of" in why.message  # the call it names: higher, lower or the same rank


def test_the_hint_names_the_remembered_card_or_the_odds():
    state = arranged(piles={A: "KD 7C"}, centre="9C", players=2)
    move, why = memory_ai.hint(MEMORY.view(state, A))
    assert move == Move("higher")
    assert why.params == {"card": card("KD"), "top": card("9C")}
    assert str(why) == "you remember your next card, K♦: higher than 9♣"
    state = at_place(5, "7S", "10C", **CROWDED)
    move, why = memory_ai.hint(MEMORY.view(state, A))
    assert move == Move("lower")
    assert why.params["top"] == card("10C") and why.params["count"] > 0
    assert why.params["total"] > why.params["count"]
    assert "cannot place are lower than 10♣" in str(why)
