"""Advantage (Vigoda), RULES.md §000: every test scenario (1–6) and the rules R0.1–R0.13, with
the decisions of rules/advantage.md (automatic help-draw and pass, private draws, pairing
repeats, `keep` for three of a kind, the previous non-dealer deals after a draw).

Positions are built with `arranged` (advantage_setup.py): A (seat 0) is the non-dealer and
acts first, B (seat 1) deals; piles from the bottom to the top, the stock from the top down.
"""

import json
import random

import kozyr.advantage as advantage_module
from kozyr.advantage import ADVANTAGE, PAIRLESS_RALLIES, matches
from kozyr.cards import card, deck
from kozyr.protocol import OptionsError
from advantage_setup import (A, B, CARD_TOKEN, arranged, check_order_of_play,
                             conserved, events, hand, legal, pair_count, play, refused, since,
                             snapshot, texts, tops)

BOTH = ({"pagat_matching": False}, {"pagat_matching": True})
SAFEGUARD = 10  # R0.12: pairless rallies with the stock out
SUIT_RULE = "cards match by suit, by rank, an ace with its colour, and a 10 with anything"


def view(state, seat):
    return ADVANTAGE.view(state, seat)


def unshuffled_game(match=None):
    """A deal from the unshuffled pack (deck order): the last card, A♠, is dealt first."""
    saved = advantage_module.shuffled
    advantage_module.shuffled = lambda pack, rng: list(pack)
    try:
        return ADVANTAGE.new_game(None, seed=0, match=match)
    finally:
        advantage_module.shuffled = saved


def options_error(options=None, match=None) -> str:
    try:
        ADVANTAGE.new_game(options, seed=1, match=match)
    except OptionsError as exc:
        assert str(exc)
        return str(exc)
    raise AssertionError(f"{options} {match} made a deal")


def first_legal_to_the_end(state, limit=400):
    """Play the first offered move until the game ends; the moves played."""
    played = 0
    while not ADVANTAGE.is_over(state):
        assert played < limit, "the game did not end"
        ADVANTAGE.apply(state, ADVANTAGE.legal_moves(state)[0])
        played += 1
    return played


# === Scenario 1: matching =====================================================================

def scenario_1():
    return arranged(hands={A: "QD 2S 9H AS"}, piles=("KH", "7C", "10D"))


def test_scenario_1_the_legal_drops_are_exactly_the_matching_ones():
    state = scenario_1()
    assert state.to_act == A and state.phase == "drop"
    assert legal(state) == {"drop QD on 3", "drop 2S on 3", "drop 9H on 1", "drop 9H on 3",
                            "drop AS on 2", "drop AS on 3"}


def test_scenario_1_the_illegal_drops_are_refused_naming_the_matching_rule():
    state = scenario_1()
    for move, label, top in (("drop QD on 1", "Q♦", "K♥"), ("drop QD on 2", "Q♦", "7♣"),
                             ("drop 2S on 1", "2♠", "K♥"), ("drop 2S on 2", "2♠", "7♣"),
                             ("drop 9H on 2", "9♥", "7♣"), ("drop AS on 1", "A♠", "K♥")):
        pile = move[-1]
        assert refused(state, move) == \
            f"{label} does not match {top}, the top of pile {pile}: {SUIT_RULE}"
    assert state.to_act == A and hand(state, A) == ["QD", "2S", "9H", "AS"]


# === Scenario 2: the help-draw ================================================================

def test_scenario_2_the_help_draw_forces_a_drop_on_the_same_suit_then_a_replacement():
    state = arranged(hands={A: "2C 3S QC", B: "10H"}, piles=("5H", "8H", "JD"), stock="4D 9C")
    assert since(state, 1) == [("draw", A, ["4D"])]  # no drop was legal: the help-draw
    assert state.log[1]["why"] == "help"
    # J♦ by suit; 5♥ and 8♥ are red, but 4♦ is no ace
    assert legal(state) == {"drop 4D on 3"}
    play(state, "drop 4D on 3")
    assert tops(state) == ["5H", "8H", "4D"]
    assert since(state, 2) == [("drop", A, ["4D"]), ("draw", A, ["9C"])]
    assert state.log[-1]["why"] == "replace"
    assert hand(state, A) == ["2C", "3S", "QC", "9C"]
    assert (state.to_act, state.phase) == (B, "drop")


def test_scenario_2_a_help_draw_that_matches_nothing_passes_holding_four_cards():
    state = arranged(hands={A: "2C 3S QC", B: "10H"}, piles=("5H", "8H", "JD"), stock="6S 9C")
    assert since(state, 1) == [("draw", A, ["6S"]), ("pass", A, "drop")]  # one help-draw only
    assert hand(state, A) == ["2C", "3S", "QC", "6S"]
    assert state.stock[-1] == card("9C")
    assert (state.to_act, state.phase) == (B, "drop")


# === Scenario 3: the exchange =================================================================

def scenario_3():
    return arranged(hands={A: "5C 6D", B: "10H"}, piles=("9H", "3C 8S JC", "2S"),
                    phase="exchange")


def test_scenario_3_the_exchange_takes_the_whole_pile_and_draws_nothing():
    state = scenario_3()
    stock = len(state.stock)
    assert state.to_act == A and legal(state) == {"exchange 5C on 2"}
    play(state, "exchange 5C on 2")
    assert hand(state, A) == ["6D", "3C", "8S", "JC"]
    assert texts(state.piles[1]) == ["5C"]  # a new one-card pile where P2 was
    assert len(state.stock) == stock and events(state, "draw") == []
    assert events(state, "exchange")[-1] == {"event": "exchange", "seat": A, "cards": ["5C"],
                                            "pile": "2", "taken": ["3C", "8S", "JC"]}
    assert (state.to_act, state.phase) == (B, "exchange")


def test_scenario_3_a_card_that_does_not_match_cannot_be_exchanged():
    reason = refused(scenario_3(), "exchange 6D on 2")
    assert reason == f"6♦ does not match J♣, the top of pile 2: {SUIT_RULE}"


# === Scenario 4: the pairing loop =============================================================

def scenario_4(hand_a="7H 7C 7D QS", stock="QH 2D 5C 8S"):
    return arranged(hands={A: hand_a, B: "3C"}, piles=("KH", "9C", "10D"), stock=stock,
                    phase="pairs")


def test_scenario_4_three_of_a_kind_asks_which_card_to_keep():
    state = scenario_4()
    assert (state.to_act, state.phase) == (A, "pairs")
    assert legal(state) == {"keep 7H", "keep 7C", "keep 7D"}
    assert events(state, "pair") == [] and state.pairs == [[], []]


def test_scenario_4_pairing_repeats_after_the_draws_and_7D_stays():
    state = scenario_4()
    play(state, "keep 7D")
    assert since(state, 1)[:4] == [("pair", A, ["7H", "7C"]), ("draw", A, ["QH", "2D"]),
                                   ("pair", A, ["QS", "QH"]), ("draw", A, ["5C", "8S"])]
    assert pair_count(state, A) == 2 and texts(state.pairs[A]) == ["7H", "7C", "QS", "QH"]
    assert hand(state, A) == ["7D", "2D", "5C", "8S"]
    # B holds no pair, so the rally is over and the next begins with A's drop
    assert (state.rally, state.phase, state.to_act) == (2, "drop", A)


def test_scenario_4_the_player_may_keep_another_of_the_three():
    state = scenario_4()
    play(state, "keep 7H")
    assert texts(state.pairs[A])[:2] == ["7C", "7D"] and "7H" in hand(state, A)


def test_four_of_a_kind_makes_two_pairs_without_a_question():
    state = scenario_4(hand_a="7H 7C 7D 7S", stock="2D 3D 4D 5D")
    assert since(state, 1)[:4] == [("pair", A, ["7H", "7C"]), ("draw", A, ["2D", "3D"]),
                                   ("pair", A, ["7D", "7S"]), ("draw", A, ["4D", "5D"])]
    assert hand(state, A) == ["2D", "3D", "4D", "5D"] and pair_count(state, A) == 2


def test_pairs_draw_what_is_left_of_the_stock():
    state = arranged(hands={A: "7H 7C 2S"}, piles=("KH", "9C", "10D"), stock="9D",
                     phase="pairs", rest=B)
    assert since(state, 1)[:2] == [("pair", A, ["7H", "7C"]), ("draw", A, ["9D"])]
    assert hand(state, A) == ["2S", "9D"] and state.stock == []


# === Scenario 5: wild 10s =====================================================================

def test_scenario_5_a_10_drops_on_any_top():
    for options in BOTH:
        state = arranged(hands={A: "10C"}, piles=("2H", "5D", "KH"), **options)
        assert legal(state) == {"drop 10C on 1", "drop 10C on 2", "drop 10C on 3"}
        assert all(matches(card("10C"), t, options["pagat_matching"]) for t in deck(52))


def test_scenario_5_any_card_can_be_exchanged_for_a_pile_topped_by_a_10():
    held = "2C 5S KS AC JD 9H 3D QH"
    for options in BOTH:
        state = arranged(hands={A: held}, piles=("4C 10H", "6C", "6S"), phase="exchange",
                         **options)
        on_pile_1 = {m[len("exchange "):-len(" on 1")] for m in legal(state) if m[-1] == "1"}
        assert on_pile_1 == set(held.split())
        assert all(matches(c, card("10H"), options["pagat_matching"]) for c in deck(52))


# === Scenario 6: the end ======================================================================

def scenario_6(pairs_a="2C 2D", pairs_b="2H 2S", dealer=B):
    """The stock is out; the cards nobody holds lie under pile 1, which nobody can take."""
    return arranged(hands={A: "3H"}, piles=("5C", "9S", "KC"), rest="pile1", dealer=dealer,
                    pairs={A: pairs_a, B: pairs_b})


def test_scenario_6_with_the_stock_out_and_no_progress_the_rally_ends_the_game():
    state = scenario_6()
    assert since(state, 1) == [("pass", A, "drop"), ("pass", B, "drop"),
                               ("pass", A, "exchange"), ("pass", B, "exchange"),
                               ("end", None, None)]
    assert state.finished and state.to_act is None and ADVANTAGE.is_over(state)
    assert state.rally == 1 and hand(state, A) == ["3H"] and legal(state) == set()
    assert state.log[-1] == {"event": "end", "pairs": [1, 1]}
    assert "over" in refused(state, "drop 3H on 1")


def test_scenario_6_equal_pairs_is_a_draw_and_the_previous_non_dealer_deals_next():
    result = ADVANTAGE.result(scenario_6())
    assert result == {"pairs": [1, 1], "places": [1, 1], "scores": [0.5, 0.5], "draw": True,
                      "winners": [A, B], "losers": [], "next": {"dealer": A, "deal": 2}}
    assert ADVANTAGE.result(scenario_6(dealer=A))["next"] == {"dealer": B, "deal": 2}


# === R0.1–R0.3: the pack, the dealer and the deal =============================================

def test_r0_3_three_face_up_cards_each_one_at_a_time_non_dealer_first_then_three_piles():
    state = unshuffled_game(match={"dealer": B})  # dealt A♠, K♠, Q♠... from the top
    assert hand(state, A) == ["AS", "QS", "10S"] and hand(state, B) == ["KS", "JS", "9S"]
    assert [texts(p) for p in state.piles] == [["8S"], ["7S"], ["6S"]]
    assert len(state.stock) == 43 and state.stock[-1] == card("5S")  # 52 - 6 - 3
    assert state.log == [{"event": "deal", "seat": B}]  # A can drop: nothing was drawn
    assert view(state, B)["hands"][A] == ["AS", "QS", "10S"]  # face up: public
    assert state.private == [[], []] and conserved(state)
    other = unshuffled_game(match={"dealer": A})
    assert hand(other, B) == ["AS", "QS", "10S"] and hand(other, A) == ["KS", "JS", "9S"]


def test_r0_3_every_deal_is_three_each_three_piles_and_the_rest_in_the_stock():
    for seed in range(40):
        state = ADVANTAGE.new_game(None, seed=seed)
        drawn = [sum(len(e["cards"]) for e in events(state, "draw") if e["seat"] == s)
                 for s in (A, B)]  # help-draws, made before anyone is asked
        assert len(state.stock) + sum(drawn) == 43
        assert [len(h) for h in state.hands] == [3 + n for n in drawn]
        assert all(len(p) == 1 for p in state.piles) and state.pairs == [[], []]
        assert state.log[0] == {"event": "deal", "seat": state.dealer} and conserved(state)


def test_r0_2_the_first_dealer_is_chosen_by_lot():
    dealers = [ADVANTAGE.new_game(None, seed=s).dealer for s in range(60)]
    assert set(dealers) == {A, B}
    assert dealers == [ADVANTAGE.new_game(None, seed=s).dealer for s in range(60)]


def test_r0_2_the_match_names_the_dealer():
    for seed in range(10):
        for dealer in (A, B):
            state = ADVANTAGE.new_game(None, seed=seed, match={"dealer": dealer, "deal": 3})
            assert state.dealer == dealer and view(state, A)["deal_number"] == 3


def test_a_dealer_that_is_no_seat_is_refused():
    for bad in (2, -1, "0", True, 1.0, [0]):
        assert "dealer" in options_error(match={"dealer": bad})


def test_unknown_or_bad_options_are_refused():
    assert "pagat_matching" in options_error({"pagat": True})
    assert "on or off" in options_error({"pagat_matching": "yes"})
    assert "players" in options_error({"players": 3})


# === The matching relation ====================================================================

def rule_match(c, t, pagat):
    """§000's four clauses, as written (pagat's relation replaces the suit clause)."""
    if c.rank == t.rank or "10" in (c.rank, t.rank):
        return True
    if c.red != t.red:
        return False
    if "A" in (c.rank, t.rank):
        return True
    if pagat:
        return (c.rank in "JQK") == (t.rank in "JQK")
    return c.suit == t.suit


MATCH_TABLE = [  # card, top, default, pagat_matching
    ("5H", "9H", True, True),     # same suit; numbers of one colour
    ("5H", "9D", False, True),    # same colour only: pagat's numbers with numbers
    ("5H", "JH", True, False),    # same suit, but a number and a face
    ("JH", "QD", False, True),    # faces of one colour
    ("QD", "KH", False, True),    # scenario 1: same colour, neither an ace
    ("JH", "QS", False, False),   # faces of two colours
    ("7C", "7H", True, True),     # same rank
    ("AH", "AS", True, True),     # same rank, two colours
    ("AS", "7C", True, True),     # an ace with its colour
    ("AS", "KC", True, True),     # an ace with a face of its colour
    ("AS", "KH", False, False),   # an ace of the other colour
    ("10C", "KH", True, True),    # a 10 on anything
    ("2S", "10D", True, True),    # anything on a 10
    ("9H", "7C", False, False),   # nothing in common
]


def test_the_matching_relation_table():
    for c, t, default, pagat in MATCH_TABLE:
        for a, b in ((c, t), (t, c)):
            assert matches(card(a), card(b)) is default, (a, b)
            assert matches(card(a), card(b), pagat=True) is pagat, (a, b, "pagat")


def test_the_matching_relation_over_all_pairs_is_the_rules_and_symmetric():
    full = deck(52)
    for pagat in (False, True):
        for c in full:
            for t in full:
                assert matches(c, t, pagat) == rule_match(c, t, pagat), (c, t, pagat)
                assert matches(c, t, pagat) == matches(t, c, pagat), (c, t, pagat)


def test_the_pagat_option_changes_which_drops_are_legal():
    state = arranged(hands={A: "QD 2S 9H AS"}, piles=("KH", "7C", "10D"), pagat_matching=True)
    assert legal(state) == {"drop QD on 1", "drop QD on 3", "drop 2S on 2", "drop 2S on 3",
                            "drop 9H on 3", "drop AS on 2", "drop AS on 3"}
    assert "faces go with faces" in refused(state, "drop 9H on 1")


# === The rally: turn order and phases =========================================================

def test_the_non_dealer_acts_first():
    for dealer in (A, B):
        state = arranged(hands={A: "3C", B: "4C"}, piles=("2C", "5H", "8H"), dealer=dealer)
        assert state.to_act == 1 - dealer and state.step == 0


def test_a_rally_is_drop_exchange_pairs_each_non_dealer_first_then_the_next_rally():
    state = arranged(hands={A: "3C 4C", B: "6D 7D"}, piles=("2C", "5D", "KS"),
                     stock="8H JH")
    seen = []
    for move in ("drop 3C on 1", "drop 6D on 2", "exchange 4C on 1", "exchange 7D on 2"):
        seen.append((state.rally, state.phase, state.to_act))
        play(state, move)
    assert seen == [(1, "drop", A), (1, "drop", B), (1, "exchange", A), (1, "exchange", B)]
    assert hand(state, A) == ["8H", "2C", "3C"] and hand(state, B) == ["JH", "5D", "6D"]
    assert [texts(p) for p in state.piles] == [["4C"], ["7D"], ["KS"]]
    assert events(state, "rally") == [{"event": "rally", "rally": 2}]  # no pairs to lay
    assert (state.rally, state.phase, state.step) == (2, "drop", 0)
    check_order_of_play(state)


def test_in_random_games_every_phase_goes_non_dealer_then_dealer():
    for seed in range(20):
        state, rng = ADVANTAGE.new_game(BOTH[seed % 2], seed=seed), random.Random(seed)
        while not ADVANTAGE.is_over(state):
            assert state.to_act == ADVANTAGE.order(state)[state.step]
            ADVANTAGE.apply(state, rng.choice(ADVANTAGE.legal_moves(state)))
        check_order_of_play(state)


# === R0.5–R0.7: the drop ======================================================================

def test_r0_5_a_drop_is_one_card_then_one_replacement_and_the_turn_ends():
    state = arranged(hands={A: "3C 4C", B: "6D"}, piles=("2C", "5D", "KS"), stock="8H")
    play(state, "drop 3C on 1")
    assert hand(state, A) == ["4C", "8H"] and texts(state.piles[0]) == ["2C", "3C"]
    assert (state.to_act, state.phase) == (B, "drop")  # 4C still matches: one drop only


def test_r0_5_no_replacement_when_the_stock_is_out():
    state = arranged(hands={A: "3C 4C", B: "6D"}, piles=("2C", "5D", "KS"), rest=B)
    play(state, "drop 3C on 1")
    assert hand(state, A) == ["4C"] and events(state, "draw") == []
    assert (state.to_act, state.phase) == (B, "drop")


def test_r0_7_with_an_empty_hand_the_help_draw_can_still_make_a_drop():
    state = arranged(hands={B: "10H"}, piles=("5H", "8H", "JD"), stock="4D 9C")
    assert since(state, 1) == [("draw", A, ["4D"])] and legal(state) == {"drop 4D on 3"}


def test_r0_7_with_nothing_to_drop_and_the_stock_out_he_passes():
    state = arranged(hands={A: "2C", B: "10H"}, piles=("5H", "8H", "JD"), rest=B)
    assert since(state, 1) == [("pass", A, "drop")] and (state.to_act, state.phase) == (B, "drop")


# === R0.8–R0.9: the exchange ==================================================================

def test_r0_9_the_help_draw_in_the_exchange_phase_forces_an_exchange():
    state = arranged(hands={A: "2C", B: "10H"}, piles=("5H", "8H", "JD"), stock="4D 9C",
                     phase="exchange")
    assert since(state, 1) == [("draw", A, ["4D"])] and legal(state) == {"exchange 4D on 3"}
    play(state, "exchange 4D on 3")
    assert hand(state, A) == ["2C", "JD"] and texts(state.piles[2]) == ["4D"]
    assert state.stock[-1] == card("9C")  # no replacement after an exchange
    assert (state.to_act, state.phase) == (B, "exchange")


def test_r0_9_a_help_draw_in_the_exchange_phase_that_matches_nothing_passes():
    state = arranged(hands={A: "2C", B: "10H"}, piles=("5H", "8H", "JD"), stock="6S 9C",
                     phase="exchange")
    assert since(state, 1) == [("draw", A, ["6S"]), ("pass", A, "exchange")]
    assert hand(state, A) == ["2C", "6S"] and (state.to_act, state.phase) == (B, "exchange")


# === R0.11–R0.12: the end =====================================================================

def test_r0_11_a_rally_with_a_drop_goes_on_and_the_next_one_without_progress_ends():
    state = arranged(hands={A: "6C"}, piles=("5C", "9S", "KC"), rest="pile2")
    start = len(state.log)
    play(state, "drop 6C on 1")
    passes = [("pass", A, "drop"), ("pass", B, "drop"), ("pass", A, "exchange"),
              ("pass", B, "exchange")]
    assert since(state, start) == [("drop", A, ["6C"]), *passes[1:], ("rally", None, None),
                                   *passes, ("end", None, None)]
    assert state.finished and state.rally == 2 and state.pairless == 2


def test_r0_11_a_rally_without_progress_goes_on_while_the_stock_lasts():
    state = arranged(hands={A: "2C", B: "3S"}, piles=("5H", "8H", "JD"), stock="6S 7S 9S QS")
    assert since(state, 1)[:8] == [
        ("draw", A, ["6S"]), ("pass", A, "drop"), ("draw", B, ["7S"]), ("pass", B, "drop"),
        ("draw", A, ["9S"]), ("pass", A, "exchange"), ("draw", B, ["QS"]),
        ("pass", B, "exchange")]
    assert state.log[9] == {"event": "rally", "rally": 2}
    assert not state.finished and events(state, "end") == []


def heart_cycle(**kw):
    """Stock out; A's two hearts and pile 1's heart go round for ever: each rally A drops one on
    pile 1 and exchanges the other for it, and nobody can pair.  The rest is B's score pile."""
    return arranged(hands={A: "2H 4H"}, piles=("3H", "5C", "6S"), rest=B, **kw)


def test_r0_12_ten_pairless_rallies_with_the_stock_out_end_the_game():
    state = heart_cycle()
    for rally in range(1, SAFEGUARD + 1):
        assert (state.rally, state.pairless, state.finished) == (rally, rally - 1, False)
        assert [m.kind for m in ADVANTAGE.legal_moves(state)] == ["drop", "drop"]
        ADVANTAGE.apply(state, ADVANTAGE.legal_moves(state)[0])
        assert state.progress and len(hand(state, A)) == 1
        ADVANTAGE.apply(state, ADVANTAGE.legal_moves(state)[0])
    assert state.finished and state.rally == state.pairless == SAFEGUARD == PAIRLESS_RALLIES
    assert state.progress  # R0.11 did not end it: the safeguard did
    assert events(state, "pair") == [] and len(events(state, "rally")) == 9


def test_r0_12_a_pair_starts_the_count_again():
    state = arranged(hands={A: "2H 4H 7C 7S"}, piles=("3H", "5C", "6S"), rest=B,
                     phase="pairs", pairless=9)  # the heart cycle, after a pair of 7s
    assert events(state, "pair")[0]["cards"] == ["7C", "7S"]
    assert (state.rally, state.pairless, state.finished) == (2, 0, False)
    assert first_legal_to_the_end(state) == 2 * SAFEGUARD
    assert state.rally == 11 and state.pairless == SAFEGUARD


# === R0.13: the result ========================================================================

def test_r0_13_most_pairs_wins_and_the_loser_deals_next():
    a_wins = ADVANTAGE.result(scenario_6(pairs_a="2C 2D 4C 4D"))
    assert a_wins == {"pairs": [2, 1], "places": [1, 2], "scores": [1.0, 0.0], "draw": False,
                      "winners": [A], "losers": [B], "next": {"dealer": B, "deal": 2}}
    b_wins = ADVANTAGE.result(scenario_6(pairs_a="", dealer=A))
    assert b_wins["winners"] == [B] and b_wins["next"] == {"dealer": A, "deal": 2}
    assert b_wins["pairs"] == [0, 1] and b_wins["scores"] == [0.0, 1.0]


def test_r0_13_unpaired_cards_score_nothing_and_there_is_no_result_before_the_end():
    state = scenario_1()
    assert ADVANTAGE.result(state) is None and view(state, A)["result"] is None
    assert ADVANTAGE.result(scenario_6())["pairs"] == [1, 1]  # A's 3♥ counts nothing


# === R0.4: what each seat sees ================================================================

def test_r0_4_a_drawn_card_is_hidden_from_the_other_seat_until_it_is_dropped():
    state = arranged(hands={A: "2C 3S QC", B: "10H"}, piles=("5H", "8H", "JD"), stock="4D 9C")
    assert view(state, B)["hands"][A] == ["2C", "3S", "QC", None]
    assert view(state, A)["hand"] == ["2C", "3S", "QC", "4D"]
    assert view(state, A)["private"] == ["4D"] and view(state, B)["private"] == []
    assert view(state, B)["log"][-1] == {"event": "draw", "seat": A, "why": "help",
                                         "private": True, "count": 1}
    assert view(state, A)["log"][-1]["cards"] == ["4D"]
    play(state, "drop 4D on 3")
    theirs = view(state, B)
    assert theirs["piles"][2] == ["JD", "4D"] and theirs["hands"][A] == ["2C", "3S", "QC", None]
    assert "9C" not in json.dumps(theirs) and "9C" in json.dumps(view(state, A))


def test_r0_4_a_drawn_card_shows_when_exchanged_and_the_pile_taken_stays_public():
    state = arranged(hands={A: "2C", B: "10H"}, piles=("5H", "8H", "3C JD"), stock="4D 9C",
                     phase="exchange")
    assert view(state, B)["hands"][A] == ["2C", None]
    play(state, "exchange 4D on 3")
    assert view(state, B)["hands"][A] == ["2C", "3C", "JD"]  # taken from a public pile
    assert view(state, B)["piles"][2] == ["4D"] and state.private[A] == []


def test_r0_4_a_drawn_card_shows_when_paired():
    state = arranged(hands={A: "QS QH 3C", B: "4D"}, piles=("KH", "9C", "10D"), stock="2D 5C",
                     private={A: "QH"}, phase="pairs", settle=False)
    assert view(state, B)["hands"][A] == ["QS", None, "3C"]
    ADVANTAGE._advance(state)
    theirs = view(state, B)
    assert theirs["pairs"][A] == ["QS", "QH"] and theirs["hands"][A] == ["3C", None, None]
    assert sorted(view(state, A)["private"]) == ["2D", "5C"]


def test_r0_4_the_log_never_names_a_private_card_to_the_other_seat():
    state = scenario_4()
    play(state, "keep 7D")  # A drew Q♥ 2♦ 5♣ 8♠ privately; Q♥ was paired at once
    assert texts(state.private[A]) == ["2D", "5C", "8S"]
    theirs = json.dumps(view(state, B))
    assert not {"2D", "5C", "8S"} & set(CARD_TOKEN.findall(theirs))
    assert "QH" in CARD_TOKEN.findall(theirs)
    assert [e.get("count") for e in view(state, B)["log"] if e["event"] == "draw"] == [2, 2]
    mine = view(state, A)["log"]
    assert [e["cards"] for e in mine if e["event"] == "draw"] == [["QH", "2D"], ["5C", "8S"]]


def test_r0_4_the_view_hides_the_stock_order():
    state = scenario_1()
    seen = [json.dumps(view(state, s), sort_keys=True) for s in (A, B)]
    random.Random(5).shuffle(state.stock)
    assert [json.dumps(view(state, s), sort_keys=True) for s in (A, B)] == seen
    assert view(state, A)["stock"] == len(state.stock)


# === Illegal moves and their reasons ==========================================================

def test_a_move_of_another_phase_is_refused():
    state = scenario_1()
    assert refused(state, "exchange 9H on 1") == \
        "this is the drop phase: drop a card on a pile"
    assert refused(state, "keep 9H").startswith("this is the drop phase")
    assert refused(state, "pass").startswith("this is the drop phase")
    assert refused(scenario_4(), "drop QS on 1").startswith("this is the pairs phase")


def test_a_card_not_held_is_refused():
    assert refused(scenario_1(), "drop 5C on 3") == "you do not hold 5♣"
    assert refused(scenario_4(), "keep 7S") == "you do not hold 7♠"


def test_a_pile_that_is_not_there_is_refused():
    state = scenario_1()
    for move in ("drop 9H on 4", "drop 9H on centre", "drop 9H on 0", "drop 9H"):
        assert refused(state, move) == "drop names a pile: 1, 2 or 3", move


def test_keep_is_refused_for_a_card_not_of_three_of_a_kind():
    assert refused(scenario_4(), "keep QS") == "Q♠ is not one of three of a kind"


def test_one_card_per_move_and_unreadable_moves_are_refused():
    state = scenario_1()
    assert refused(state, "drop 9H 2S on 3") == "drop takes exactly one card from your hand"
    assert refused(state, "drop on 3") == "drop takes exactly one card from your hand"
    assert "cannot read" in refused(state, "drop XX on 3")
    assert snapshot(state) == snapshot(scenario_1())


def test_why_not_card_says_why_a_card_cannot_be_played():
    state = arranged(hands={A: "2C 3S QC", B: "10H"}, piles=("5H", "8H", "JD"), stock="4D 9C")
    assert ADVANTAGE.why_not_card(state, card("4D")) == ""
    assert ADVANTAGE.why_not_card(state, card("2C")) == "2♣ matches none of the pile tops"
    assert ADVANTAGE.why_not_card(state, card("7H")) == "you do not hold 7♥"
    pairs = scenario_4()
    assert ADVANTAGE.why_not_card(pairs, card("7D")) == ""
    assert ADVANTAGE.why_not_card(pairs, card("QS")) == "Q♠ is not one of three of a kind"
    exchange = scenario_3()
    assert ADVANTAGE.why_not_card(exchange, card("6D")) == "6♦ matches none of the pile tops"
