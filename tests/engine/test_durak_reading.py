"""Reading the other hands in Durak: the clues a player's moves give, and the imagined deals
that follow them. Trump is ♦."""

import random

import pytest

from durak_setup import arrange
from kozyr import ai
from kozyr.ai.durak_reading import Reader, imagine
from kozyr.cards import card
from kozyr.durak import DURAK


def heuristic_game(players, seed, every=4):
    """Views of a game the heuristic plays at every seat, with the real state: one in `every`."""
    options = {"players": players, "transfer": seed % 2 == 1}
    state = DURAK.new_game(options, seed)
    seats = [ai.make("heuristic", "durak", seed * 10 + s) for s in range(players)]
    step = 0
    while state.to_act is not None:
        view = DURAK.view(state, state.to_act)
        if step % every == 0:
            yield DURAK.copy(state), view
        DURAK.apply(state, seats[state.to_act].choose(view))
        step += 1


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_clues_agree_with_the_real_hands_of_players_who_follow_the_advice(players):
    """Every clue read from a heuristic player's moves holds of its real hand: no more of the
    clue's cards among its unseen cards than it has drawn since (the check would catch a clue
    read from the wrong table, stock or moment)."""
    binding = 0
    for seed in range(6):
        for state, view in heuristic_game(players, seed):
            for clue in Reader(view).clues:
                unseen = {c for c in state.hands[clue.seat] if c not in state.known[clue.seat]}
                assert len(unseen & clue.cards) <= clue.allowance, (seed, clue.seat, clue.cards)
                binding += clue.allowance == 0
    assert binding > 50, "the games gave few clues that bind: the check checked little"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_imagined_deals_look_to_the_seat_as_its_view_does(players):
    """A deal that follows the clues is still a deal of this game the seat cannot tell from
    the real one: its view is the same, every card is somewhere once, and every card the
    seat knows to be in a hand (picked up, shown) is there."""
    for state, view in list(heuristic_game(players, 7, every=9))[:8]:
        reader = Reader(view)
        for n in range(3):
            world = imagine(view, random.Random(n), reader)
            world.log = list(state.log)
            assert DURAK.view(world, view["seat"]) == view
            placed = [*world.stock, *world.discard, *(c for h in world.hands for c in h),
                      *(c for pair in world.table for c in pair if c is not None)]
            assert sorted(map(str, placed)) == sorted(map(str, state.stock + state.discard + [
                c for h in state.hands for c in h] + [c for p in state.table for c in p if c]))
            for s, known in enumerate(view["known"]):
                assert set(known) <= {str(c) for c in world.hands[s]}


def led_nine():
    """Seat 0 leads 9♠, its cheapest card, with the stock deep: every plain 6, 7 and 8 unseen
    by seat 1 lies in the stock."""
    state = arrange(hands={0: "9S KH AC QS JC 10C", 1: "10S JS 6D 7D AH KC"},
                    stock="6S 7H 8C 6C 7S 8H QD", attacker=0)
    DURAK.apply(state, "attack 9S")
    return state, DURAK.view(state, 1)


def test_a_lead_says_the_leader_held_nothing_cheaper():
    state, view = led_nine()
    clue = next(c for c in Reader(view).clues if c.seat == 0)
    assert {str(c) for c in clue.cards} >= {"6S", "7H", "8C", "6C", "7S", "8H"}
    assert clue.allowance == 0
    real = sorted(map(str, state.hands[0]))
    for n in range(10):
        world = imagine(view, random.Random(n))
        assert sorted(map(str, world.hands[0])) == real  # the only hand the clue allows
        assert world.stock[0] == card("QD") and len(world.stock) == len(state.stock)
    uniform = [sorted(map(str, DURAK.determinize(view, random.Random(n)).hands[0]))
               for n in range(10)]
    assert any(hand != real for hand in uniform), "uniform deals would have found it anyway"


def test_a_pass_on_throwing_in_says_the_passer_held_no_plain_card_of_the_table_ranks():
    state = arrange(hands={0: "9S KH AC QS JC 10D", 1: "10S JS 6D 7D AH KC"},
                    stock="6S 7H 9C 9H 6C 7S 8H 8C QD", attacker=0)
    DURAK.apply(state, "attack 9S")
    DURAK.apply(state, "beat 10S on 9S")
    DURAK.apply(state, "pass")  # it keeps its trump 10: the bout is over; both draw
    clue = next(c for c in Reader(DURAK.view(state, 1)).clues if card("9C") in c.cards)
    assert clue.seat == 0
    assert {card(c) for c in ("9H", "10C", "10H")} <= clue.cards
    assert card("10D") not in clue.cards  # a trump is kept while the stock is deep
    assert clue.allowance == 1  # it has drawn one card since: that one may be a 9 or a 10


def test_a_player_passed_over_in_the_throw_in_held_no_card_of_the_table_ranks():
    """A seat that cannot throw in is not asked: the bout just ends. So it held no 9 or 10,
    trumps included, while there was room for one more card."""
    state = arrange(hands={0: "9S KH AC QS JC KS", 1: "10S JS 6D 7D AH KC"},
                    stock="6S 7H 9C 9H 6C 7S 8H 8C QD", attacker=0)
    DURAK.apply(state, "attack 9S")
    DURAK.apply(state, "beat 10S on 9S")
    assert state.bout == 3, "seat 0 was not asked: the bout ended"
    clue = next(c for c in Reader(DURAK.view(state, 1)).clues if card("10D") in c.cards)
    assert clue.seat == 0 and {card(c) for c in ("9C", "9H", "9D", "10C", "10H")} <= clue.cards


def test_a_clue_its_player_has_contradicted_is_dropped():
    """A player who passed holding a card of the table's ranks, then played it without
    drawing in between, did not follow the advice: the clue is dropped, not held against the
    deals imagined for it."""
    state = arrange(hands={0: "9S 10C KH", 1: "10S JS 7C 7D AH KC"}, stock="", trump="QD",
                    attacker=0)
    DURAK.apply(state, "attack 9S")
    DURAK.apply(state, "beat 10S on 9S")
    DURAK.apply(state, "pass")  # 10C was worth throwing in: the clue says it was not held
    assert Reader(DURAK.view(state, 1)).clues[-1].cards >= {card("10C")}
    DURAK.apply(state, "attack 7C")
    DURAK.apply(state, "beat 10C on 7C")
    assert not [c for c in Reader(DURAK.view(state, 1)).clues if card("10C") in c.cards]


@pytest.mark.parametrize("seed", (3, 11))
def test_the_hard_levels_move_is_the_same_in_a_world_dealt_anew(seed):
    """The reading uses the seat's view only: a world dealt anew that looks the same to the
    seat gets the same move, late in a two-player deal where the hard level searches."""
    for state, view in heuristic_game(2, seed, every=1):
        if 0 < view["stock"] <= 8 and len(view["legal"]) > 1:
            break
    other = DURAK.determinize(view, random.Random(99))
    other.log = list(state.log)
    assert DURAK.view(other, view["seat"]) == view
    assert ai.make("hard", "durak", 8).choose(DURAK.view(other, view["seat"])) == \
        ai.make("hard", "durak", 8).choose(view)
