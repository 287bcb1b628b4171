"""Durak, RULES.md §004: every test scenario (1–9) and the rules R4.1–R4.19.

Positions are built with `arrange` (durak_setup.py): hands by seat, the stock from
the top (its last card is the face-up trump card), the bout about to start.
Trump is ♦ unless a test says otherwise, as in the rules' scenarios.
"""

import json
import random

from durak_setup import (all_cards, arrange, deck_of, hand, legal, play, refused, snapshot,
                         texts)
from kozyr.cards import ACE_HIGH, card, deck, shuffled
from kozyr.durak import DURAK
from kozyr.protocol import IllegalMove, OptionsError
from protocol_checks import played_by_value_and_by_text, random_game

A, B, C, D = 0, 1, 2, 3
FULL_STOCK = 12  # twelve cards nobody holds, a trump card (♦) at the bottom


def options_error(options):
    try:
        DURAK.new_game(options, seed=1)
    except OptionsError as exc:
        assert str(exc)
        return str(exc)
    raise AssertionError(f"{options} made a game")


def singles(state, kind):
    return {m.split()[1] for m in legal(state) if m.startswith(kind + " ") and len(m.split()) == 2}


def log_events(state, event):
    return [e for e in state.log if e["event"] == event]


def conserved(state):
    return all_cards(state) == deck_of(state)


# === Scenario 1: capacity by hand ===============================================================

def test_scenario_1_capacity_by_hand_two_players():
    state = arrange({A: "8C 8H 8S 8D 9C", B: "6C 7C 10S"})
    assert state.capacity == 3
    play(state, "attack 8C", "take")
    assert state.to_act == A  # attackers may add cards to the taken bout
    throws = {m for m in legal(state) if m.startswith("throw")}
    assert max(len(m.split()) - 1 for m in throws) == 2
    assert "throw 8S 8H" in throws
    refused(state, "throw 8S 8H 8D")
    play(state, "throw 8S 8H")
    # the bout is full: it ends at once, B takes 3 cards
    assert state.bout == 3 and not state.table
    assert hand(state, B) == {"6C", "7C", "10S", "8C", "8H", "8S"}
    assert conserved(state)


def test_scenario_1_capacity_by_hand_three_players():
    state = arrange({A: "8C 8H 9C", B: "6C 7C 10S", C: "8S 8D 9H"})
    play(state, "attack 8C", "take")
    play(state, "throw 8H")  # A has no 8 left: C is asked
    assert state.to_act == C
    assert "throw 8S 8D" not in legal(state)  # a third extra 8 would be a 4th card
    reason = refused(state, "throw 8S 8D")
    assert "3" in reason
    play(state, "throw 8S")
    assert hand(state, B) == {"6C", "7C", "10S", "8C", "8H", "8S"}
    assert "8D" in hand(state, C)


def test_scenario_1_lead_is_capped_by_the_defenders_hand():
    state = arrange({A: "8C 8H 8S 8D", B: "6C 7C 10S"})
    assert "attack 8S 8H 8C" in legal(state)
    assert not any(len(m.split()) > 4 for m in legal(state))
    reason = refused(state, "attack 8S 8H 8C 8D")
    assert "3" in reason


# === Scenario 2: first bout limit ===============================================================

def first_bout(limit):
    return arrange({A: "6C 6H 6S 7C 7H 7S", B: "7D KH KS AC AH AS"}, stock=FULL_STOCK,
                   bout=1, first_bout_limit=limit)


def test_scenario_2_first_bout_takes_five_attack_cards():
    state = first_bout(5)
    assert state.capacity == 5
    play(state, "attack 6S 6H 6C", "beat 7D on 6C", "beat KH on 6H", "beat KS on 6S")
    assert state.to_act == A
    assert "throw 7S 7H" in legal(state)
    refused(state, "throw 7S 7H 7C")
    play(state, "throw 7H 7C", "beat AC on 7C", "beat AH on 7H")
    # five cards, all beaten: A still holds 7S but may not add a 6th
    assert state.bout == 2 and not state.table
    assert "7S" in hand(state, A)
    assert log_events(state, "beaten")[-1]["cards"] and len(state.discard) > 0
    # the next bout: B attacks A, the cap is 6
    assert (state.attacker, state.defender) == (B, A)
    assert len(state.hands[A]) == 6 and state.capacity == 6


def test_scenario_2_first_bout_limit_six():
    state = first_bout(6)
    assert state.capacity == 6
    play(state, "attack 6S 6H 6C", "beat 7D on 6C", "beat KH on 6H", "beat KS on 6S")
    assert "throw 7S 7H 7C" in legal(state)


def test_scenario_2_default_first_bout_limit_is_five():
    state = arrange({A: "6C 6H 6S 7C 7H 7S", B: "KC KH KS AC AH AS"}, stock=FULL_STOCK, bout=1)
    assert state.capacity == 5
    assert DURAK.new_game({}, seed=4).capacity == 5


# === Scenario 3: throw-in ranks =================================================================

def test_scenario_3_throw_in_ranks_are_the_ranks_on_the_table():
    state = arrange({A: "9H 9S 9C 7C JC QC", B: "JH 7D 6C 6H 6S 8C"}, stock=FULL_STOCK)
    play(state, "attack 9S 9H", "beat JH on 9H", "beat 7D on 9S")
    assert state.to_act == A
    assert singles(state, "throw") == {"9C", "7C", "JC"}
    reason = refused(state, "throw QC")
    assert "Q♣" in reason or "QC" in reason
    assert "pass" in legal(state)


# === Scenario 4: beating ========================================================================

def test_scenario_4_beating():
    state = arrange({A: "10H", B: "7H"}, trump="6D")
    whole = deck(36)
    assert {str(c) for c in whole if DURAK.beats(state, c, card("10H"))} == \
        {"JH", "QH", "KH", "AH", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"}
    assert {str(c) for c in whole if DURAK.beats(state, c, card("8D"))} == \
        {"9D", "10D", "JD", "QD", "KD", "AD"}


def test_scenario_4_beating_as_offered_moves():
    state = arrange({A: "10H 8D", B: "9H JH AH 7D AD 9C AC"}, stock=FULL_STOCK, trump="6D")
    play(state, "attack 10H")
    beats = {m for m in legal(state) if m.startswith("beat")}
    assert beats == {"beat JH on 10H", "beat AH on 10H", "beat 7D on 10H", "beat AD on 10H"}
    refused(state, "beat 9H on 10H")
    refused(state, "beat AC on 10H")
    state = arrange({A: "10H 8D", B: "9H JH AH 7D AD 9C AC"}, stock=FULL_STOCK, trump="6D")
    play(state, "attack 8D")
    assert {m for m in legal(state) if m.startswith("beat")} == {"beat AD on 8D"}
    reason = refused(state, "beat 7D on 8D")
    assert "7♦" in reason and "8♦" in reason
    refused(state, "beat AH on 8D")


# === Scenario 5: transfer legality ==============================================================

def test_scenario_5_transfer_needs_cards_in_the_next_hand():
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S 9S"}, transfer=True)
    play(state, "attack 7S")
    assert "transfer 7H" in legal(state)
    play(state, "transfer 7H")
    assert (state.attacker, state.defender, state.to_act) == (B, C, C)
    assert texts(pair[0] for pair in state.table) == ["7H", "7S"]
    # C holds one card: not enough to face two 7s
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S"}, transfer=True)
    play(state, "attack 7S")
    assert "transfer 7H" not in legal(state)
    reason = refused(state, "transfer 7H")
    assert "enough" in reason


def test_scenario_5_no_transfer_after_a_beat():
    state = arrange({A: "7S 7C 9C", B: "7H 8S 8C", C: "8H 9S 10S"}, transfer=True)
    play(state, "attack 7S 7C", "beat 8S on 7S")
    assert not any(m.startswith("transfer") for m in legal(state))
    reason = refused(state, "transfer 7H")
    assert "beaten" in reason


def test_scenario_5_two_players_transfer_back_to_the_attacker():
    state = arrange({A: "7S 9C 10C", B: "7H JD"}, transfer=True)
    play(state, "attack 7S", "transfer 7H")
    assert (state.attacker, state.defender, state.to_act) == (B, A, A)
    moves = legal(state)
    assert "take" in moves and "pass" not in moves
    assert texts(pair[0] for pair in state.table) == ["7H", "7S"]
    assert all(pair[1] is None for pair in state.table)  # he faces both 7s
    play(state, "take")
    assert hand(state, A) == {"9C", "10C", "7S", "7H"}


# === Scenario 6: ends of a 2-player game ========================================================

def test_scenario_6_draw():
    state = arrange({A: "QH", B: "KH"})
    play(state, "attack QH", "beat KH on QH")
    assert DURAK.is_over(state) and state.to_act is None
    result = DURAK.result(state)
    assert result["draw"] is True and result["fool"] is None and result["losers"] == []
    assert result["scores"] == [0.5, 0.5]
    assert result["next"] == {"dealer": state.dealer}
    assert DURAK.legal_moves(state) == []
    refused(state, "take")


def test_scenario_6_fool():
    state = arrange({A: "QH", B: "KH 6C"})
    play(state, "attack QH", "beat KH on QH")
    assert DURAK.is_over(state)
    result = DURAK.result(state)
    assert result["draw"] is False and result["fool"] == B and result["losers"] == [B]
    assert result["places"] == [1, 2] and result["scores"] == [1.0, 0.0]
    assert result["next"] == {"fool": B}
    assert hand(state, B) == {"6C"}


# === Scenario 7: draw order =====================================================================

def test_scenario_7_draw_order():
    state = arrange({A: "9C 9S 6C 6H 6S 7C", B: "JC JS QH 8H 8S 10H 10S",
                     C: "9H 7H 7S 8C 8D 10D", D: "KC KH KD AC AH AS"}, stock="KS QS 6D")
    play(state, "attack 9S 9C", "beat JC on 9C", "beat JS on 9S")
    assert state.to_act == C  # A has nothing to add, C has a 9
    play(state, "throw 9H", "beat QH on 9H")
    assert state.bout == 3 and not state.stock
    assert hand(state, A) == {"6C", "6H", "6S", "7C", "KS", "QS"}  # A draws 2
    assert hand(state, C) == {"7H", "7S", "8C", "8D", "10D", "6D"}  # C draws 1
    assert hand(state, B) == {"8H", "8S", "10H", "10S"}  # B draws 0
    assert [(e["seat"], e["count"]) for e in log_events(state, "draw")] == [(A, 2), (C, 1)]
    # the face-up trump card was seen by everyone
    assert "6D" in DURAK.view(state, A)["known"][C]


def test_draw_up_order_main_attacker_then_clockwise_then_defender():
    state = arrange({A: "9C 6H", B: "9S", C: "JC JS QH 8H", D: "9H 7H 6S 7S 8S"},
                    stock=20, attacker=C)
    assert (state.attacker, state.defender) == (C, D)
    play(state, "attack 8H", "take")
    while state.bout == 2:
        play(state, "pass")
    assert [e["seat"] for e in log_events(state, "draw")] == [C, A, B]  # D took: he has 6
    state = arrange({A: "9C 6H", B: "9S", C: "JC JS QH 8H", D: "9H 7H AH"},
                    stock=20, attacker=C)
    play(state, "attack 8H", "beat AH on 8H")
    while state.bout == 2:
        play(state, "pass")
    assert [e["seat"] for e in log_events(state, "draw")] == [C, A, B, D]


def test_draw_up_stops_at_six_and_keeps_bigger_hands():
    state = arrange({A: "9C 6H", B: "8S 10C JC QC KC AC 7C"}, stock=FULL_STOCK)
    play(state, "attack 9C", "beat 10C on 9C")
    assert len(state.hands[A]) == 6 and len(state.hands[B]) == 6
    state = arrange({A: "9C 6H", B: "8S 10C JC QC KC AC 7C 8C"}, stock=FULL_STOCK)
    play(state, "attack 9C", "take")
    assert len(state.hands[B]) == 9  # no draw above six
    assert len(state.hands[A]) == 6


# === Scenario 8: teams skip =====================================================================

def test_scenario_8_teams_skip_partner():
    state = arrange({A: "9C 10C", B: "", C: "9H 6C", D: "JC QH"}, teams=True, out=(B,))
    assert state.attacker == A and state.defender == D  # A2 (seat 2) is A1's partner
    play(state, "attack 9C", "beat JC on 9C")
    assert state.to_act == C  # A has no 9/J; his partner may throw in
    play(state, "throw 9H", "beat QH on 9H")
    # D is out of cards with the stock empty: B1 and B2 are both out, their team won
    assert DURAK.is_over(state)
    result = DURAK.result(state)
    assert sorted(result["losers"]) == [A, C]
    assert result["places"] == [2, 1, 2, 1]


# === Scenario 9: 24 cards, 4 players ============================================================

def test_scenario_9_whole_pack_dealt():
    for seed in range(30):
        state = DURAK.new_game({"players": 4, "deck": 24}, seed=seed)
        assert state.stock == []
        assert all(len(h) == 6 for h in state.hands)
        assert state.trump == state.hands[state.dealer][-1]  # the dealer's last card
        for seat in range(4):
            if seat != state.dealer:
                assert str(state.trump) in DURAK.view(state, seat)["known"][state.dealer]
        trumps = [(ACE_HIGH[c.rank], s) for s, h in enumerate(state.hands)
                  for c in h if c.suit == state.trump.suit]
        assert state.attacker == min(trumps)[1]


# === R4.1 / R4.2: players, teams and decks ======================================================

def test_r4_1_player_counts_and_decks():
    for players in range(2, 7):
        for size in (36, 52):
            state = DURAK.new_game({"players": players, "deck": size}, seed=players)
            assert len(state.hands) == players and conserved(state)
    for players in (2, 3, 4):
        DURAK.new_game({"players": players, "deck": 24}, seed=1)


def test_r4_1_options_refused():
    assert "players" in options_error({"players": 7, "deck": 24})
    assert "24" in options_error({"players": 5, "deck": 24})
    assert "24" in options_error({"players": 6, "deck": 24})
    assert "players" in options_error({"players": 1})
    assert "4" in options_error({"players": 3, "teams": True})
    assert "4" in options_error({"players": 2, "teams": True})
    assert "transfer" in options_error({"no_transfer_first_bout": True})
    assert "transfer" in options_error({"show_trump_transfer": True})
    assert "first_bout_limit" in options_error({"first_bout_limit": 4})
    assert "deck" in options_error({"deck": 32})


def test_r4_1_options_accepted():
    DURAK.new_game({"players": 4, "teams": True, "deck": 24}, seed=1)
    DURAK.new_game({"players": 6, "deck": 36}, seed=1)
    DURAK.new_game({"transfer": True, "no_transfer_first_bout": True,
                    "show_trump_transfer": True, "first_bout_limit": 6,
                    "attack_the_fool": True}, seed=1)


def test_r4_2_deck_ranks():
    for size, low in ((24, "9"), (36, "6"), (52, "2")):
        state = DURAK.new_game({"deck": size}, seed=2)
        assert all_cards(state) == deck_of(state)
        assert min(ACE_HIGH[c.rank] for c in all_cards(state)) == ACE_HIGH[low]
        assert len(state.stock) == size - 12


# === R4.3: the deal =============================================================================

def test_r4_3_deal_one_at_a_time_from_the_dealers_left():
    for players, size in ((2, 36), (3, 36), (4, 52), (5, 36), (6, 52), (4, 24)):
        for dealer in range(players):
            seed = 100 + dealer
            state = DURAK.new_game({"players": players, "deck": size}, seed=seed,
                                   match={"dealer": dealer})
            assert state.dealer == dealer
            pack = shuffled(deck(size), random.Random(seed))
            expected = [[] for _ in range(players)]
            for i in range(6 * players):
                expected[(dealer + 1 + i) % players].append(pack.pop())
            assert state.hands == expected
            if pack:
                assert state.trump == pack[-1]  # the next card turned up
                assert state.stock[0] == state.trump  # under the stock: drawn last
                assert state.stock[-1] == pack[-2] if len(pack) > 1 else True
                assert sorted(state.stock) == sorted(pack)


def test_r4_3_trump_card_is_public_and_under_the_stock():
    state = DURAK.new_game({"players": 3}, seed=5)
    assert state.stock[0] == state.trump and len(state.stock) == 36 - 18
    for seat in range(3):
        view = DURAK.view(state, seat)
        assert view["trump"] == str(state.trump) and view["trump_suit"] == state.trump.suit
        assert view["stock"] == 18


def test_r4_3_trump_card_is_drawn_last():
    state = arrange({A: "9C 6H", B: "9S 10C JC QC KC AC"}, stock="KS 6D")
    play(state, "attack 9C", "beat 10C on 9C")
    assert hand(state, A) == {"6H", "KS", "6D"}
    assert state.stock == []
    assert "6D" in DURAK.view(state, B)["known"][A]


def test_r4_4_first_dealer_by_lot():
    dealers = {DURAK.new_game({"players": 4}, seed=s).dealer for s in range(40)}
    assert len(dealers) > 1 and dealers <= {0, 1, 2, 3}
    assert DURAK.new_game({"players": 4}, seed=7).dealer == \
        DURAK.new_game({"players": 4}, seed=7).dealer


# === R4.5: the first attacker ===================================================================

def lowest_trump_holder(state):
    trumps = [(ACE_HIGH[c.rank], s) for s, h in enumerate(state.hands)
              for c in h if c.suit == state.trump.suit]
    return min(trumps)[1] if trumps else None


def test_r4_5_lowest_trump_attacks_first():
    for players in (2, 3, 4, 6):
        for seed in range(25):
            state = DURAK.new_game({"players": players}, seed=seed)
            holder = lowest_trump_holder(state)
            if holder is not None:
                assert state.attacker == holder and state.to_act == holder
                assert state.defender == (holder + 1) % players
                assert state.bout == 1


def test_r4_5_dealers_left_attacks_when_nobody_holds_a_trump():
    found = 0
    for seed in range(3000):
        state = DURAK.new_game({"players": 2, "deck": 52}, seed=seed)
        if lowest_trump_holder(state) is None:
            assert state.attacker == (state.dealer + 1) % 2
            found += 1
    assert found >= 3


def test_r4_5_later_deal_the_fool_deals_and_his_left_attacks():
    for players in (2, 3, 4, 5):
        for fool in range(players):
            state = DURAK.new_game({"players": players}, seed=fool, match={"fool": fool})
            assert state.dealer == fool
            assert state.attacker == (fool + 1) % players
            assert state.defender == (fool + 2) % players


def test_r4_5_attack_the_fool():
    for players in (2, 3, 4, 5):
        for fool in range(players):
            state = DURAK.new_game({"players": players, "attack_the_fool": True}, seed=fool,
                                   match={"fool": fool})
            assert state.dealer == fool
            assert state.attacker == (fool - 1) % players
            assert state.defender == fool


def test_r4_5_attack_the_fool_matters_only_after_a_lost_game():
    for seed in range(10):
        state = DURAK.new_game({"players": 3, "attack_the_fool": True}, seed=seed)
        holder = lowest_trump_holder(state)
        if holder is not None:
            assert state.attacker == holder


def test_r4_4_after_a_draw_same_dealer_and_lowest_trump():
    for dealer in range(3):
        for seed in range(10):
            state = DURAK.new_game({"players": 3}, seed=seed, match={"dealer": dealer})
            assert state.dealer == dealer
            holder = lowest_trump_holder(state)
            assert state.attacker == (holder if holder is not None else (dealer + 1) % 3)


def test_r4_5_teams_later_deal():
    state = DURAK.new_game({"players": 4, "teams": True}, seed=3, match={"fool": 2})
    assert (state.dealer, state.attacker, state.defender) == (2, 3, 0)


# === R4.6: the defender =========================================================================

def test_r4_6_defender_is_the_next_active_player():
    state = arrange({A: "9C", B: "", C: "10C", D: "JC"}, out=(B,))
    assert (state.attacker, state.defender) == (A, C)
    state = arrange({A: "9C", B: "", C: "", D: "JC"}, out=(B, C))
    assert (state.attacker, state.defender) == (A, D)
    state = arrange({A: "", B: "9C", C: "10C", D: "JC"}, out=(A,), attacker=D)
    assert (state.attacker, state.defender) == (D, B)


def test_r4_6_designated_attacker_out_next_active_attacks():
    state = arrange({A: "", B: "9C", C: "10C"}, out=(A,), attacker=A)
    assert (state.attacker, state.defender) == (B, C)


def test_r4_6_teams_defender_is_the_next_opponent():
    state = arrange({A: "9C", B: "10C", C: "JC", D: "QC"}, teams=True)
    assert state.defender == B
    state = arrange({A: "9C", B: "", C: "JC", D: "QC"}, teams=True, out=(B,), attacker=C)
    assert (state.attacker, state.defender) == (C, D)
    state = arrange({A: "9C", B: "10C", C: "JC", D: ""}, teams=True, out=(D,), attacker=C)
    assert (state.attacker, state.defender) == (C, B)  # not A, his partner


# === R4.8 / R4.9: capacity and the lead =========================================================

def test_r4_8_capacity_is_the_defenders_hand_or_the_limit():
    state = arrange({A: "9C", B: "6C 7C 8C 10C"})
    assert state.capacity == 4
    state = arrange({A: "9C", B: "6C 7C 8C 10C JC QC KC AC"})
    assert state.capacity == 6
    state = arrange({A: "9C", B: "6C 7C 8C 10C JC QC KC AC"}, bout=1)
    assert state.capacity == 5
    state = arrange({A: "9C", B: "6C 7C"}, bout=1)
    assert state.capacity == 2


def test_r4_9_lead_one_or_several_cards_of_one_rank():
    state = arrange({A: "9C 9H 9S JC 6D", B: "6C 7C 8C 10C JH QC"})
    leads = legal(state)
    assert all(m.startswith("attack ") for m in leads)
    for m in leads:
        assert len({c[:-1] for c in m.split()[1:]}) == 1
    assert "attack 9S 9H 9C" in leads and "attack JC" in leads and "attack 6D" in leads
    assert len(leads) == 7 + 1 + 1  # three 9s: 7 combinations
    reason = refused(state, "attack 9C JC")
    assert "rank" in reason
    play(state, "attack 9S 9H 9C")
    assert texts(pair[0] for pair in state.table) == ["9C", "9H", "9S"]
    assert state.to_act == B


def test_card_order_in_a_multi_card_move_does_not_matter():
    state = arrange({A: "9C 9H 9S", B: "6C 7C 8C 10C JH QC"})
    play(state, "attack 9C 9S")  # the same lead as "attack 9S 9C"
    assert texts(pair[0] for pair in state.table) == ["9C", "9S"]


# === R4.10: the defender ========================================================================

def test_r4_10_take_at_any_time():
    state = arrange({A: "8C 8H 9S", B: "10C 6S 7S QH"}, stock=FULL_STOCK)
    play(state, "attack 8C")
    assert "take" in legal(state)
    play(state, "take")
    assert state.taking and state.to_act == A
    state = arrange({A: "8C 8H 9S", B: "10C 6S 7S QH"}, stock=FULL_STOCK)
    play(state, "attack 8H 8C", "beat 10C on 8C")
    assert state.to_act == B and "take" in legal(state)
    play(state, "take")
    while state.bout == 2:
        play(state, "pass")
    assert {"8C", "8H", "10C"} <= hand(state, B)  # his beating card comes back too
    assert (state.attacker, state.defender) == (A, B)  # 2 players: A attacks again


def test_r4_10_defender_cannot_pass_or_throw():
    state = arrange({A: "8C 8H", B: "10C 8S"}, stock=FULL_STOCK)
    play(state, "attack 8C")
    assert "pass" not in legal(state)
    refused(state, "pass")
    refused(state, "throw 8S")
    refused(state, "beat 10C on 8H")  # 8H is not on the table
    refused(state, "beat 10C")


# === R4.11: throw-ins and polling ===============================================================

def test_r4_11_polling_order():
    state = arrange({A: "9C JH 6H", B: "JC QS KC AC 7S 8S", C: "9S 6C", D: "JS 7C"},
                    stock=FULL_STOCK)
    play(state, "attack 9C", "beat JC on 9C")
    assert state.to_act == A  # the main attacker first
    play(state, "pass")
    assert state.to_act == C  # then clockwise from the defender's left
    play(state, "pass")
    assert state.to_act == D
    play(state, "throw JS")
    assert state.to_act == B
    play(state, "beat QS on JS")
    assert state.to_act == A  # after the defender answers, from the main attacker again
    play(state, "pass", "pass")
    # D holds nothing of 9, J, Q: not asked; everyone passed, the bout is beaten off
    assert state.bout == 3
    assert texts(state.discard[-4:]) == ["9C", "JC", "JS", "QS"]
    assert (state.attacker, state.defender) == (B, C)


def test_r4_11_polling_order_from_another_attacker():
    state = arrange({A: "9H", B: "9S", C: "9C JH", D: "JC QC KC AC"}, stock=FULL_STOCK,
                    attacker=C)
    play(state, "attack 9C", "beat JC on 9C")
    order = []
    while state.bout == 2:
        order.append(state.to_act)
        play(state, "pass")
    assert order == [C, A, B]


def test_r4_11_throw_in_after_take_thrower_asked_again():
    state = arrange({A: "8C 8H 8S", B: "10C 6S 7S QH KH AH", C: "8D 9D"}, stock=FULL_STOCK)
    play(state, "attack 8C", "take")
    assert state.to_act == A
    play(state, "throw 8H")
    assert state.to_act == A and state.taking  # he may add more
    play(state, "throw 8S")
    # A has no 8 left: C is asked
    assert state.to_act == C
    play(state, "throw 8D")
    assert hand(state, B) >= {"8C", "8H", "8S", "8D"}
    assert (state.attacker, state.defender) == (C, A)  # the defender's left attacks


def test_r4_11_everyone_passing_ends_the_bout():
    state = arrange({A: "8C 8H", B: "10C 6S", C: "8D"}, stock=FULL_STOCK)
    play(state, "attack 8C", "beat 10C on 8C", "pass")
    assert state.to_act == C
    play(state, "pass")
    assert state.bout == 3 and (state.attacker, state.defender) == (B, C)


def test_r4_11_teams_partner_never_throws_in():
    state = arrange({A: "9C 9H", B: "JC QC KC AC", C: "9S", D: "9D"}, stock=FULL_STOCK,
                    teams=True)
    play(state, "attack 9C", "beat JC on 9C")
    asked = []
    while state.bout == 2:
        asked.append(state.to_act)
        play(state, "pass")
    assert asked == [A, C]  # D is B's partner


def test_r4_11_throw_in_needs_room():
    state = arrange({A: "9C 9H", B: "JC", C: "9S"}, stock="")
    play(state, "attack 9C", "beat JC on 9C")
    # B has no cards left: capacity 1 is used, nobody is asked
    assert state.bout == 3 or DURAK.is_over(state)


# === R4.12: outcome =============================================================================

def test_r4_12_beaten_off_discard_and_defender_attacks():
    state = arrange({A: "9C", B: "JC 6S", C: "8D"}, stock=FULL_STOCK)
    before = len(state.discard)
    play(state, "attack 9C", "beat JC on 9C")
    assert len(state.discard) == before + 2 and texts(state.discard[-2:]) == ["9C", "JC"]
    assert (state.attacker, state.defender) == (B, C)
    assert conserved(state)


def test_r4_12_taken_defenders_left_attacks():
    state = arrange({A: "9C", B: "JC 6S", C: "8D"}, stock=FULL_STOCK)
    play(state, "attack 9C", "take")
    assert (state.attacker, state.defender) == (C, A)
    assert "9C" in hand(state, B)
    assert "9C" in DURAK.view(state, A)["known"][B]  # everyone saw what he took


def test_r4_12_taken_defenders_left_out_next_active_attacks():
    state = arrange({A: "9C 6C", B: "JC 6S", C: "", D: "8D 7D"}, out=(C,))
    play(state, "attack 9C", "take")
    assert (state.attacker, state.defender) == (D, A)


def test_r4_12_beaten_off_defender_out_next_active_attacks():
    state = arrange({A: "9C 6C", B: "JC", C: "8D 7D"})
    play(state, "attack 9C", "beat JC on 9C")
    assert B in state.out
    assert (state.attacker, state.defender) == (C, A)


# === R4.14 / R4.15: going out and the end =======================================================

def test_r4_14_empty_hand_draws_while_the_stock_lasts():
    state = arrange({A: "9C", B: "JC 6S 7S 8S 10S AS"}, stock=FULL_STOCK)
    play(state, "attack 9C", "beat JC on 9C")
    assert state.out == [] and len(state.hands[A]) == 6


def test_r4_14_empty_hand_goes_out_once_the_stock_is_empty():
    state = arrange({A: "9C", B: "JC 7H", C: "8S"})
    play(state, "attack 9C", "beat JC on 9C")
    assert state.out == [A] and not DURAK.is_over(state)
    assert (state.attacker, state.defender) == (B, C)


def test_r4_14_out_when_the_stock_runs_out_in_this_draw_up():
    state = arrange({A: "9C", B: "JC 6S 7S 8S 10S AS QS"}, stock="KH 6D")
    play(state, "attack 9C", "beat JC on 9C")
    # A draws the last two cards; B has 6 and needs none; nobody is out
    assert state.out == [] and hand(state, A) == {"KH", "6D"}


def test_r4_15_fool_with_three_players():
    state = arrange({A: "9C", B: "JC", C: "8S 8H"})
    play(state, "attack 9C", "beat JC on 9C")
    result = DURAK.result(state)
    assert result["fool"] == C and result["losers"] == [C] and not result["draw"]
    assert result["places"] == [1, 1, 2] and result["scores"] == [1.0, 1.0, 0.0]
    assert sorted(result["out"]) == [A, B]


def test_r4_15_game_goes_on_while_two_hold_cards():
    state = arrange({A: "9C", B: "JC 7H", C: "8S"})
    play(state, "attack 9C", "beat JC on 9C")
    assert DURAK.result(state) is None and not DURAK.is_over(state)


def test_r4_15_result_is_none_while_playing():
    state = DURAK.new_game({"players": 3}, seed=1)
    assert DURAK.result(state) is None and DURAK.view(state, 0)["result"] is None


# === R4.16: teams endings =======================================================================

def test_r4_16_team_with_a_player_left_loses():
    state = arrange({A: "QH", B: "KH 6C", C: "", D: "7C"}, teams=True, out=(C,))
    play(state, "attack QH", "beat KH on QH")
    result = DURAK.result(state)
    assert sorted(result["losers"]) == [B, D] and not result["draw"]
    assert result["places"] == [1, 2, 1, 2] and result["scores"] == [1.0, 0.0, 1.0, 0.0]
    assert result["fool"] in (B, D)


def test_r4_16_whole_team_loses_even_if_a_member_went_out():
    # C went out earlier; when B1 and B2 are both out, A1 *and* A2 lose
    state = arrange({A: "QH 6C", B: "KH", C: "", D: ""}, teams=True, out=(C, D))
    play(state, "attack QH", "beat KH on QH")
    assert DURAK.is_over(state)
    result = DURAK.result(state)
    assert sorted(result["losers"]) == [A, C]
    assert result["places"] == [2, 1, 2, 1] and result["scores"] == [0.0, 1.0, 0.0, 1.0]
    assert result["fool"] == A


def test_r4_16_teams_both_empty_is_a_draw():
    state = arrange({A: "QH", B: "KH", C: "", D: ""}, teams=True, out=(C, D))
    play(state, "attack QH", "beat KH on QH")
    result = DURAK.result(state)
    assert result["draw"] and result["losers"] == [] and result["scores"] == [0.5] * 4


def test_r4_16_teams_game_goes_on_while_both_teams_hold_cards():
    state = arrange({A: "QH", B: "KH 6C", C: "7S", D: ""}, teams=True, out=(D,))
    play(state, "attack QH", "beat KH on QH")
    assert not DURAK.is_over(state)
    assert state.out == [D, A]
    assert (state.attacker, state.defender) == (B, C)


# === R4.17 – R4.19: the transfer variant ========================================================

def test_r4_17_no_transfer_without_the_option():
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S 9S"})
    play(state, "attack 7S")
    assert not any(m.startswith(("transfer", "show")) for m in legal(state))
    reason = refused(state, "transfer 7H")
    assert "transfer" in reason


def test_r4_17_transfer_with_several_cards_and_capacity():
    state = arrange({A: "7S 9C", B: "7H 7C 10C", C: "8S 9S 10S"}, transfer=True)
    play(state, "attack 7S")
    assert {"transfer 7H", "transfer 7C", "transfer 7H 7C"} <= legal(state)
    play(state, "transfer 7H 7C")
    assert state.defender == C and state.capacity == 3 and len(state.table) == 3
    state = arrange({A: "7S 9C", B: "7H 7C 10C", C: "8S 9S"}, transfer=True)
    play(state, "attack 7S")
    assert "transfer 7H" in legal(state) and "transfer 7H 7C" not in legal(state)
    refused(state, "transfer 7H 7C")


def test_r4_17_transfer_only_with_the_attack_rank():
    state = arrange({A: "7S 9C", B: "7H 8H 10C", C: "8S 9S 10S"}, transfer=True)
    play(state, "attack 7S")
    reason = refused(state, "transfer 8H")
    assert "7" in reason


def test_r4_17_transfer_skips_players_who_are_out():
    state = arrange({A: "7S 9C 10C", B: "7H JD", C: "", D: "6C 6H"}, out=(C,), transfer=True,
                    players=4)
    play(state, "attack 7S", "transfer 7H")
    assert state.defender == D


def test_r4_17_transfer_goes_back_when_the_next_is_out():
    state = arrange({A: "7S 9C 10C", B: "7H JD", C: ""}, out=(C,), transfer=True)
    play(state, "attack 7S", "transfer 7H")
    assert (state.attacker, state.defender) == (B, A)


def test_r4_17_teams_transfer_to_the_next_opponent():
    state = arrange({A: "7S 9C", B: "7H 7D 10C", C: "8S 9S JC", D: "7C QC"}, teams=True,
                    transfer=True, stock=FULL_STOCK)
    play(state, "attack 7S", "transfer 7H")
    assert (state.attacker, state.defender) == (B, C)
    play(state, "take")
    asked = []
    while state.bout == 2:
        asked.append(state.to_act)
        play(state, "pass")
    assert asked == [B, D]  # C's opponents; A is his partner


def test_r4_18_transfer_effects_and_throw_ins():
    state = arrange({A: "7S 7D 9C", B: "7H 10C", C: "8S 8H 9S JC"}, transfer=True,
                    stock=FULL_STOCK)
    play(state, "attack 7S", "transfer 7H")
    assert (state.attacker, state.defender) == (B, C) and state.capacity == 4
    play(state, "beat 8S on 7S", "beat 8H on 7H")
    assert state.to_act == A  # B, the main attacker, has no 7 or 8; A may still throw in
    play(state, "throw 7D")
    assert state.to_act == C
    assert not any(m.startswith("transfer") for m in legal(state))
    play(state, "take")
    assert hand(state, C) >= {"7S", "7H", "8S", "8H", "7D"}
    assert (state.attacker, state.defender) == (A, B)


def test_r4_18_transfer_again_and_back():
    state = arrange({A: "7S 7C 9C JC QC", B: "7H 10C 6S 8H 9H", C: "7D 8S 9S 10S"}, transfer=True,
                    stock=FULL_STOCK)
    play(state, "attack 7S", "transfer 7H", "transfer 7D")
    assert (state.attacker, state.defender) == (C, A)
    assert len(state.table) == 3
    play(state, "transfer 7C")
    assert (state.attacker, state.defender) == (A, B) and len(state.table) == 4
    assert state.capacity == 4
    assert DURAK.room(state) == 0  # B holds four cards: nobody may add
    assert "take" in legal(state)


def test_r4_19_no_transfer_first_bout():
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S 9S"}, bout=1, transfer=True,
                    no_transfer_first_bout=True)
    play(state, "attack 7S")
    assert "transfer 7H" not in legal(state)
    reason = refused(state, "transfer 7H")
    assert "first bout" in reason
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S 9S"}, bout=2, transfer=True,
                    no_transfer_first_bout=True)
    play(state, "attack 7S")
    assert "transfer 7H" in legal(state)
    state = arrange({A: "7S 9C", B: "7H 10C", C: "8S 9S"}, bout=1, transfer=True)
    play(state, "attack 7S")
    assert "transfer 7H" in legal(state)


def test_r4_19_first_bout_limit_applies_to_transfers():
    state = arrange({A: "7S 7C 9C", B: "7H 7D 10C", C: "8S 9S 10S JS QS KS"}, bout=1,
                    transfer=True)
    play(state, "attack 7S 7C")
    assert "transfer 7H 7D" in legal(state)  # 4 of at most 5
    state = arrange({A: "7S 7C 9C", B: "7H 7D 10C", C: "8S 9S 10S JS QS KS"}, bout=1,
                    transfer=True, first_bout_limit=5)
    play(state, "attack 7S 7C", "transfer 7H 7D")
    assert state.capacity == 5


def test_r4_19_show_trump_transfer():
    state = arrange({A: "7S 7C 9C 10C JC QC", B: "7D JS"}, transfer=True, show_trump_transfer=True,
                    stock=FULL_STOCK)
    play(state, "attack 7S")
    assert "show 7D" in legal(state)
    play(state, "show 7D")
    assert (state.attacker, state.defender) == (B, A)
    assert "7D" in hand(state, B)  # he keeps it
    assert texts(pair[0] for pair in state.table) == ["7S"]  # the attack is unchanged
    assert "7D" in DURAK.view(state, A)["known"][B] and "7D" in DURAK.view(state, A)["shown"]
    play(state, "transfer 7C")
    assert state.defender == B
    assert "show 7D" not in legal(state)  # once per trump per bout
    reason = refused(state, "show 7D")
    assert "already" in reason
    assert "transfer 7D" in legal(state)  # playing it is still a transfer


def test_r4_19_show_needs_the_trump_of_the_attack_rank():
    state = arrange({A: "7S 9C", B: "7H 8D JS", C: "8S 9S"}, transfer=True,
                    show_trump_transfer=True)
    play(state, "attack 7S")
    assert not any(m.startswith("show") for m in legal(state))
    refused(state, "show 8D")
    refused(state, "show 7H")


def test_r4_19_show_needs_room_in_the_next_hand():
    state = arrange({A: "7S 7C 9C", B: "7D JS", C: "8S"}, transfer=True,
                    show_trump_transfer=True)
    play(state, "attack 7S 7C")
    assert "show 7D" not in legal(state)
    state = arrange({A: "7S 7C 9C", B: "7D JS", C: "8S 9S"}, transfer=True,
                    show_trump_transfer=True)
    play(state, "attack 7S 7C")
    assert "show 7D" in legal(state)


def test_r4_19_show_off_without_the_option():
    state = arrange({A: "7S 9C", B: "7D JS", C: "8S 9S"}, transfer=True)
    play(state, "attack 7S")
    assert "show 7D" not in legal(state)
    refused(state, "show 7D")


# === illegal moves leave the state exactly as it was ============================================

ILLEGAL_EVERYWHERE = ["attack AS AH AD AC", "throw 2C", "beat 2C on 3C", "dance", "take 7H",
                      "pass 9C", "transfer", "show", "attack", "beat", "beat 9C on 9C 9H"]


def test_illegal_moves_raise_with_a_reason_and_change_nothing():
    state = arrange({A: "9C 9H 6H 8S", B: "JC 6S 7S QH", C: "8D 9S"}, stock=FULL_STOCK,
                    transfer=True)
    positions = [snapshot(state)]
    for text in ILLEGAL_EVERYWHERE + ["pass", "take", "beat JC on 9C", "throw 9C",
                                      "attack 9C 6H", "attack 9C 9C", "attack 9C 9H 9S"]:
        refused(state, text)
    play(state, "attack 9C")
    positions.append(snapshot(state))
    for text in ILLEGAL_EVERYWHERE + ["pass", "attack 9H", "throw 9H", "beat 6S on 9C",
                                      "beat JC on 9H", "transfer 6S", "show JC", "beat JC 6S on 9C"]:
        refused(state, text)
    play(state, "beat JC on 9C")
    for text in ILLEGAL_EVERYWHERE + ["take", "attack 9H", "throw 6H", "throw 9H 6H",
                                      "beat QH on 9C", "transfer 9H", "throw 8D"]:
        refused(state, text)
    play(state, "throw 9H")
    for text in ["transfer 9S", "throw 9S", "pass"]:
        refused(state, text)
    assert snapshot(state) != positions[-1]


def test_illegal_move_leaves_history_and_log_untouched():
    state = DURAK.new_game({"players": 3}, seed=12)
    history, log = list(state.history), json.dumps(state.log)
    try:
        DURAK.apply(state, "take")
    except IllegalMove as exc:
        assert "attack" in str(exc)
    else:
        raise AssertionError("take was accepted as a lead")
    assert state.history == history and json.dumps(state.log) == log


def test_moves_by_text_or_value_are_the_same():
    a, b = played_by_value_and_by_text(DURAK, {"players": 2}, seed=3, moves=30)
    assert snapshot(a) == snapshot(b)


# === views ======================================================================================

def test_view_shows_own_hand_and_only_counts_of_others():
    state = arrange({A: "9C 9H", B: "JC 6S 7S", C: "8D"}, stock=FULL_STOCK)
    view = DURAK.view(state, A)
    assert sorted(view["hand"]) == ["9C", "9H"]
    assert view["hand_sizes"] == [2, 3, 1]
    assert view["known"] == [[], [], []]
    assert view["stock"] == 12 and view["trump"] == "6D"
    assert {m["text"] for m in view["legal"]} == legal(state)
    assert DURAK.view(state, B)["legal"] == []
    text = json.dumps(view)
    for secret in ("JC", "6S", "7S", "8D", "KS", "QS"):
        assert f'"{secret}"' not in text


def test_view_phases():
    state = arrange({A: "9C 9H", B: "JC 6S 7S", C: "8D"}, stock=FULL_STOCK)
    assert DURAK.view(state, A)["phase"] == "attack"
    play(state, "attack 9C")
    assert DURAK.view(state, A)["phase"] == "defend"
    play(state, "beat JC on 9C")
    assert DURAK.view(state, A)["phase"] == "throw-in"
    state = arrange({A: "QH", B: "KH"})
    play(state, "attack QH", "beat KH on QH")
    assert DURAK.view(state, A)["phase"] == "over"
    assert DURAK.view(state, A)["result"]["draw"] is True


def test_replay_reproduces_the_game():
    state = random_game(DURAK, {"players": 4, "transfer": True}, seed=99, moves=120,
                        moves_seed=1)
    again = DURAK.replay(state.options, 99, state.history)
    assert snapshot(again) == snapshot(state)
