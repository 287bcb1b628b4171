"""Stump, RULES.md §002: every test scenario (1–8) and the rules R2.1–R2.10.

Positions are built with `arrange` (stump_setup.py): hands by seat, the pile from the
bottom to the top, the stock from the top (its last card is the face-up trump card).
Trump is ♠ unless a test says otherwise, as in the rules' scenarios.
"""

import json

import kozyr.stump as stump_module
from kozyr.cards import card, cards, deck
from kozyr.protocol import OptionsError
from kozyr.stump import MOVE_LIMIT, STUMP
from protocol_checks import played_by_value_and_by_text, random_game
from stump_setup import (CARD_TOKEN, all_cards, arrange, conserved, hand, leaks, legal, play,
                         refused, snapshot, texts)

A, B, C, D, E, F = range(6)
RANKS_LOW_TO_HIGH = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
CLASSIC = {"A": 6, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6}


def beats_offered(state):
    return {m.split()[1] for m in legal(state) if m.startswith("beat ")}


def leads_offered(state):
    return {m.split()[1] for m in legal(state) if m.startswith("lead ")}


def log_events(state, event):
    return [e for e in state.log if e["event"] == event]


def unshuffled_game(players, dealer, **options):
    """A new game dealt from the unshuffled pack (deck order), the top card being its last."""
    saved = stump_module.shuffled
    stump_module.shuffled = lambda pack, rng: list(pack)
    try:
        return STUMP.new_game({"players": players, **options}, seed=0, match={"stump": dealer})
    finally:
        stump_module.shuffled = saved


# === Scenario 1: beat, then lead ================================================================

def scenario_1():
    return arrange({A: "JH 6S 7C KD", B: "6C 7D 8D 9D"}, pile="9H", stock=10, trump="7S",
                   players=3)


def test_scenario_1_the_legal_beats():
    state = scenario_1()
    assert legal(state) == {"beat JH", "beat 6S"}
    assert "you can beat" in refused(state, "take")
    assert "does not beat" in refused(state, "beat 7C")
    assert "does not beat" in refused(state, "beat KD")


def test_scenario_1_after_beating_lead_one_of_the_remaining_cards_then_refill():
    state = scenario_1()
    stock = len(state.stock)
    play(state, "beat JH")
    assert state.to_act == A and STUMP.view(state, A)["phase"] == "lead"
    # he leads one of the three cards he kept; he draws only when his turn ends
    assert hand(state, A) == {"6S", "7C", "KD"}
    assert len(state.stock) == stock
    assert legal(state) == {"lead 6S", "lead 7C", "lead KD"}
    play(state, "lead 7C")
    assert texts(state.pile) == ["9H", "JH", "7C"]
    assert len(state.hands[A]) == 4 and {"6S", "KD"} <= hand(state, A)
    assert len(state.stock) == stock - 2
    assert state.to_act == B
    assert conserved(state)


def test_scenario_1_with_an_empty_stock_the_hand_stays_short():
    state = arrange({A: "JH 6S 7C KD", B: "6C 7D 8D 9D"}, pile="9H", players=3)
    play(state, "beat 6S")
    assert legal(state) == {"lead JH", "lead 7C", "lead KD"}
    play(state, "lead KD")
    assert hand(state, A) == {"JH", "7C"} and state.to_act == B


# === Scenario 2: the 10 ranks above the king ====================================================

def test_scenario_2_king_is_beaten_by_ten_ace_or_trump_not_queen():
    state = arrange({A: "10C AC QC 6S 9D"}, pile="KC", players=2)
    assert beats_offered(state) == {"10C", "AC", "6S"}
    refused(state, "beat QC")


def test_scenario_2_ten_is_beaten_only_by_ace_or_trump():
    state = arrange({A: "AD KD QD JD 6S 9C"}, pile="10D", players=2)
    assert beats_offered(state) == {"AD", "6S"}
    for text in ("beat KD", "beat QD", "beat JD", "beat 9C"):
        refused(state, text)


# === Scenario 3: partial take ===================================================================

def test_scenario_3_partial_take_passes_the_turn():
    state = arrange({A: "7C 8C 9C JC", B: "6D 9D 8S 6H"}, pile="7D 8D QS 9H KH", players=3,
                    stock=6, trump="6S")
    assert legal(state) == {"take"}
    assert STUMP.view(state, A)["takes"] == 4
    play(state, "take")
    assert hand(state, A) == {"7C", "8C", "9C", "JC", "KH", "9H", "QS", "8D"}
    assert texts(state.pile) == ["7D"]
    assert state.known[A] == set(cards("KH 9H QS 8D"))
    assert log_events(state, "take")[-1]["cards"] == ["8D", "QS", "9H", "KH"]
    # the turn passes: the next player must beat 7D
    assert state.to_act == B
    view = STUMP.view(state, B)
    assert view["phase"] == "beat" and view["takes"] == 1
    assert legal(state) == {"beat 9D", "beat 8S"}
    assert conserved(state)


# === Scenario 4: whole-pile take ================================================================

def test_scenario_4_whole_pile_take_keeps_the_lead():
    state = arrange({A: "7C 8C 9H JH"}, pile="6C AD", players=3, stock=6, trump="6S")
    assert STUMP.take_count(state, card("AD")) == 6
    assert STUMP.view(state, A)["takes"] == 2
    stock = len(state.stock)
    play(state, "take")
    assert state.pile == [] and state.to_act == A
    assert hand(state, A) == {"7C", "8C", "9H", "JH", "6C", "AD"}
    assert legal(state) == {f"lead {c}" for c in ("7C", "8C", "9H", "JH", "6C", "AD")}
    assert len(state.stock) == stock  # no draw in the middle of the turn
    assert "lead a card" in refused(state, "take")
    play(state, "lead AD")
    assert texts(state.pile) == ["AD"] and state.to_act == B
    assert "AD" not in {str(c) for c in state.known[A]} and card("6C") in state.known[A]


# === Scenario 5: a trump on top =================================================================

def test_scenario_5_trump_top_is_beaten_only_by_higher_trumps():
    state = arrange({A: "6S 8S 9S JS QS KS 10S AS AH"}, pile="7S", players=2)
    assert beats_offered(state) == {"8S", "9S", "JS", "QS", "KS", "10S", "AS"}
    assert "does not beat" in refused(state, "beat AH")
    assert "does not beat" in refused(state, "beat 6S")
    state = arrange({A: "AH AD AC 6S"}, pile="7S", players=2)
    assert legal(state) == {"take"}


# === Scenario 6: stump pick-up ==================================================================

def test_scenario_6_beating_with_the_only_card_picks_up_the_stump():
    state = arrange({A: "JH", B: "6C 7C"}, pile="9H", stumps={A: "AS AC"}, players=3)
    assert state.stock == []
    play(state, "beat JH")
    assert hand(state, A) == {"AS", "AC"}
    assert state.stumps[A] == [] and state.stump_used[A]
    assert log_events(state, "stump")[-1]["seat"] == A
    assert state.to_act == A and legal(state) == {"lead AS", "lead AC"}
    play(state, "lead AC")
    assert texts(state.pile) == ["9H", "JH", "AC"] and state.to_act == B
    assert hand(state, A) == {"AS"} and A not in state.out
    assert conserved(state)


def test_scenario_6_with_the_stump_used_he_is_out_and_his_beating_card_waits():
    state = arrange({A: "JH", B: "6C QH 7S"}, pile="9H", stumps={A: None}, players=3)
    play(state, "beat JH")
    assert state.out == [A] and state.hands[A] == []
    assert log_events(state, "out")[-1]["seat"] == A
    assert texts(state.pile) == ["9H", "JH"]
    assert state.to_act == B and STUMP.view(state, B)["phase"] == "beat"
    assert legal(state) == {"beat QH", "beat 7S"}
    assert not STUMP.is_over(state)


# === Scenario 7: six players ====================================================================

def test_scenario_7_six_players_have_no_stock_and_the_dealers_last_card_is_trump():
    for seed in range(6):
        state = STUMP.new_game({"players": 6}, seed=seed)
        dealer = state.dealer
        assert state.stock == []
        assert [len(h) for h in state.hands] == [4] * 6
        assert [len(s) for s in state.stumps] == [2] * 6
        assert state.trump in state.hands[dealer]
        assert state.known[dealer] == {state.trump}
        for seat in range(6):
            view = STUMP.view(state, seat)
            assert view["stock"] == 0 and view["trump"] == str(state.trump)
            if seat != dealer:
                assert view["known"][dealer] == [str(state.trump)]
        assert state.to_act == (dealer + 1) % 6
        assert conserved(state)


def test_scenario_7_the_dealers_last_dealt_card_fixes_trump():
    pack = deck(36)  # dealt from the end
    for dealer in range(6):
        state = unshuffled_game(6, dealer)
        assert state.trump == pack[0]  # the 36th card dealt, the dealer's last
        assert state.hands[dealer][-1] == pack[0]
        assert STUMP.view(state, dealer)["trump_suit"] == pack[0].suit


# === Scenario 8: the end ========================================================================

def scenario_8():
    return arrange({A: "7H", B: "8H", C: "6C 7C 8C"}, pile="6H", stumps={A: None, B: None},
                   players=3, rest=C)


def test_scenario_8_two_go_out_the_third_is_the_stump_and_deals_next():
    state = scenario_8()
    play(state, "beat 7H")
    assert state.out == [A] and state.to_act == B
    play(state, "beat 8H")
    assert STUMP.is_over(state) and state.to_act is None
    result = STUMP.result(state)
    assert result["stump"] == C and result["losers"] == [C]
    assert result["out"] == [A, B]
    assert result["places"] == [1, 2, 3]
    assert result["scores"] == [1.0, 1.0, 0.0]
    assert result["draw"] is False
    assert result["next"] == {"stump": C}
    json.dumps(result)
    assert STUMP.legal_moves(state) == []
    assert "over" in refused(state, "lead 6C")
    nxt = STUMP.new_game({"players": 3}, seed=5, match=result["next"])
    assert nxt.dealer == C and nxt.to_act == A


# === R2.1 rank order ============================================================================

def test_r2_1_rank_order_ten_above_king_in_every_suit_pair():
    for i, top in enumerate(RANKS_LOW_TO_HIGH):
        others = " ".join(r + "H" for r in RANKS_LOW_TO_HIGH if r != top)
        state = arrange({A: others}, pile=top + "H", players=2)
        assert beats_offered(state) == {r + "H" for r in RANKS_LOW_TO_HIGH[i + 1:]}, top
        if i == len(RANKS_LOW_TO_HIGH) - 1:
            assert legal(state) == {"take"}


def test_r2_1_thirty_six_cards_two_to_six_players():
    for n in range(2, 7):
        state = STUMP.new_game({"players": n}, seed=n)
        assert conserved(state)
    for bad in (1, 7):
        try:
            STUMP.new_game({"players": bad}, seed=1)
        except OptionsError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{bad} players made a game")
    try:
        STUMP.new_game({"take_table": "ace twelve"}, seed=1)
    except OptionsError as exc:
        assert "classic" in str(exc)
    else:
        raise AssertionError("an unknown take table made a game")


# === R2.2 the first dealer by lot, then the stump deals ==========================================

def test_r2_2_first_dealer_by_lot_and_the_dealers_left_leads():
    for n in range(2, 7):
        dealers = set()
        for seed in range(40):
            state = STUMP.new_game({"players": n}, seed=seed)
            dealers.add(state.dealer)
            assert state.to_act == (state.dealer + 1) % n
            assert STUMP.view(state, state.to_act)["phase"] == "lead"
            assert state.pile == []
            again = STUMP.new_game({"players": n}, seed=seed)
            assert again.dealer == state.dealer and again.hands == state.hands
        assert dealers == set(range(n))


def test_r2_2_the_stump_deals_next():
    for n in range(2, 7):
        for stump in range(n):
            state = STUMP.new_game({"players": n}, seed=11, match={"stump": stump})
            assert state.dealer == stump
            assert state.to_act == (stump + 1) % n
            assert STUMP.view(state, 0)["dealer"] == stump


# === R2.3 the deal ==============================================================================

def test_r2_3_stumps_in_two_rounds_then_four_hand_cards_one_at_a_time():
    pack = deck(36)
    for n in range(2, 7):
        for dealer in range(n):
            state = unshuffled_game(n, dealer)
            order = [(dealer + 1 + i) % n for i in range(n)]
            dealt = iter(reversed(pack))  # the top of the pack is its last card
            stumps = {seat: [] for seat in range(n)}
            hands = {seat: [] for seat in range(n)}
            for _ in range(2):
                for seat in order:
                    stumps[seat].append(next(dealt))
            for _ in range(4):
                for seat in order:
                    hands[seat].append(next(dealt))
            for seat in range(n):
                assert state.stumps[seat] == stumps[seat], (n, dealer, seat)
                assert state.hands[seat] == hands[seat], (n, dealer, seat)
            rest = list(dealt)
            if n < 6:
                # the next card is turned: trump, face up under the stock
                assert state.trump == rest[0]
                assert state.stock[0] == rest[0]
                assert sorted(state.stock) == sorted(rest)
                assert len(state.stock) == 36 - 6 * n
            else:
                assert rest == [] and state.stock == []
            assert log_events(state, "deal")[0]["trump"] == str(state.trump)


def test_r2_3_the_trump_card_is_drawn_last_and_then_known():
    state = STUMP.new_game({"players": 5}, seed=3)  # 30 cards dealt, a stock of 6
    trump = state.trump
    assert len(state.stock) == 6 and state.stock[0] == trump
    for seat in range(5):
        view = STUMP.view(state, seat)
        assert view["trump"] == str(trump) and view["stock"] == 6
    # A leads his only card and draws the last four cards of the stock, the trump card last
    state = arrange({A: "7C", B: "8C"}, pile="", stock="KH QH JH 6D", trump="6D", players=3)
    play(state, "lead 7C")
    assert state.stock == [] and hand(state, A) == {"KH", "QH", "JH", "6D"}
    assert card("6D") in state.known[A]
    assert STUMP.view(state, B)["known"][A] == ["6D"]


def test_r2_3_short_stock_draws_what_is_left():
    state = arrange({A: "7C 8C 9C 10C", B: "6C JC"}, stock="KH 7D", trump="7D", players=3)
    play(state, "lead 7C")
    assert hand(state, A) == {"8C", "9C", "10C", "KH"}
    assert [str(c) for c in state.stock] == ["7D"]
    assert state.known[A] == set()


# === R2.4 beating ===============================================================================

def test_r2_4_any_trump_beats_any_non_trump():
    state = arrange({A: "6S KD AH"}, pile="AD", players=2)
    assert beats_offered(state) == {"6S"}
    state = arrange({A: "6S 7S"}, pile="AC", players=2)
    assert beats_offered(state) == {"6S", "7S"}


def test_r2_4_a_non_trump_never_beats_a_trump_or_another_suit():
    state = arrange({A: "AH AD AC 10H"}, pile="6S", players=2)
    assert legal(state) == {"take"}
    state = arrange({A: "AD AC"}, pile="6H", players=2)
    assert legal(state) == {"take"}


def test_r2_4_trump_follows_the_trump_card():
    state = arrange({A: "6S AH 7D"}, pile="KD", stock=4, trump="8H", players=2)
    assert state.trump.suit == "H"
    assert beats_offered(state) == {"AH"}


# === R2.5 take counts ===========================================================================

def take_position(top, table="classic"):
    """A pile of 12 cards with `top` on top, and a hand that cannot beat it."""
    under = [c for c in cards("6D 7D 8D 9D JD QD KD 10D AD JC QC KC 10C") if str(c) != top][:11]
    pile = " ".join(map(str, under)) + " " + top
    return arrange({A: "6C 7C 8C 9C"}, pile=pile, players=2, take_table=table)


def test_r2_5_take_counts_classic_and_ace_eleven():
    for table, counts in (("classic", CLASSIC), ("ace eleven", {**CLASSIC, "A": 11})):
        for rank, count in counts.items():
            top = rank + "H"
            state = take_position(top, table)
            pile = list(state.pile)
            assert STUMP.take_count(state, card(top)) == count
            assert STUMP.view(state, A)["takes"] == count
            assert STUMP.view(state, A)["take_table"] == counts
            assert legal(state) == {"take"}
            play(state, "take")
            assert state.pile == pile[:-count]
            assert state.hands[A][4:] == pile[-count:]
            assert state.to_act == B  # 12 cards: never the whole pile
            assert conserved(state)


def test_r2_5_a_small_pile_gives_all_it_has():
    state = arrange({A: "6C 7C"}, pile="9D 10H", players=2)
    assert STUMP.view(state, A)["takes"] == 2
    play(state, "take")
    assert state.pile == [] and state.to_act == A


# === R2.6 empty table: lead =====================================================================

def test_r2_6_empty_table_lead_any_card():
    state = arrange({A: "7C 10H AS 6D", B: "6C"}, players=2, rest="stock")
    assert legal(state) == {"lead 7C", "lead 10H", "lead AS", "lead 6D"}
    assert STUMP.view(state, A)["phase"] == "lead" and STUMP.view(state, A)["takes"] is None
    assert "lead a card" in refused(state, "take")
    assert "lead a card" in refused(state, "beat 7C")
    assert "do not hold" in refused(state, "lead 6C")


# === R2.7 must beat, then lead; voluntary take ===================================================

def test_r2_7_a_must_beat_when_he_can():
    state = arrange({A: "QH 7C"}, pile="JH", players=2)
    assert legal(state) == {"beat QH"}
    reason = refused(state, "take")
    assert "must" in reason
    assert "beat" in refused(state, "lead 7C")


def test_r2_7_a_voluntary_take_lets_him_take_instead():
    state = arrange({A: "QH 7C"}, pile="8D JH", players=2, voluntary_take=True)
    assert legal(state) == {"beat QH", "take"}
    play(state, "take")
    assert hand(state, A) == {"QH", "7C", "JH", "8D"} and state.pile == []
    assert state.to_act == A and STUMP.view(state, A)["phase"] == "lead"
    state = arrange({A: "7C"}, pile="JH", players=2, voluntary_take=True)
    assert legal(state) == {"take"}


def test_r2_7_b_after_beating_he_leads_another_card():
    state = arrange({A: "QH 7C 8D", B: "6D 9C"}, pile="JH", players=2, rest="pile")
    play(state, "beat QH")
    assert state.to_act == A and state.leading
    assert legal(state) == {"lead 7C", "lead 8D"}
    assert "lead another card" in refused(state, "take")
    refused(state, "beat 7C")
    play(state, "lead 8D")
    assert texts(state.pile[-3:]) == ["JH", "QH", "8D"]
    assert state.to_act == B and legal(state) == {"take"}


def test_r2_7_c_an_empty_hand_after_beating_draws_then_leads():
    state = arrange({A: "QH", B: "6D 9C"}, pile="JH", stock="AC KC 10C 9H 6S", players=3)
    play(state, "beat QH")
    assert hand(state, A) == {"AC", "KC", "10C", "9H"}
    assert state.to_act == A and legal(state) == {"lead AC", "lead KC", "lead 10C", "lead 9H"}
    play(state, "lead 9H")
    assert state.stock == []  # the last card, the trump card, drawn at the end of the turn
    assert hand(state, A) == {"AC", "KC", "10C", "6S"} and state.known[A] == {card("6S")}


def test_r2_7_c_the_beating_card_stays_on_top_when_its_player_goes_out():
    state = arrange({A: "KS", B: "AH 10S", C: "7C 8C"}, pile="QD 8S", stumps={A: None},
                    players=3, rest=C)
    play(state, "beat KS")
    assert A in state.out and texts(state.pile) == ["QD", "8S", "KS"]
    assert state.to_act == B and legal(state) == {"beat 10S"}
    play(state, "beat 10S")
    assert state.to_act == B and legal(state) == {"lead AH"}


# === R2.8 cannot beat: take =====================================================================

def test_r2_8_the_next_player_faces_the_exposed_card_whatever_it_is():
    # the exposed card is a trump: the next player must beat it with a higher trump
    state = arrange({A: "6C 7C", B: "AH 9S 7S", C: "8C 9C"}, pile="8S 7D JH", players=3, rest=C)
    play(state, "take")
    assert texts(state.pile) == ["8S"] and state.to_act == B
    assert legal(state) == {"beat 9S"}


def test_r2_8_partial_take_skips_players_who_are_out():
    state = arrange({A: "6C 7C", C: "QD AD"}, pile="8D 9D JH", players=3, out=(B,),
                    rest="stock")
    play(state, "take")
    assert state.to_act == C and legal(state) == {"beat QD", "beat AD"}


# === R2.9 refill, stump, out ====================================================================

def test_r2_9_refill_to_four_at_the_end_of_a_turn_from_the_top_of_the_stock():
    state = arrange({A: "7C 8C 9C 10C", B: "6C JC QC"}, stock="KH QH JH 9H 8H 7D", trump="7D",
                    players=3)
    play(state, "lead 7C")
    assert hand(state, A) == {"8C", "9C", "10C", "KH"}
    assert texts(reversed(state.stock)) == ["QH", "JH", "9H", "8H", "7D"]
    assert len(state.hands[B]) == 3  # only the player who acted refills
    assert log_events(state, "draw")[-1] == {"event": "draw", "seat": A, "count": 1}


def test_r2_9_a_partial_take_also_refills():
    state = arrange({A: "7C"}, pile="8D 9D 10D JH", stock="KS QS AH", trump="AH", players=3)
    play(state, "take")
    assert hand(state, A) == {"7C", "JH", "10D", "KS"}
    assert state.to_act == B


def test_r2_9_leading_the_last_card_picks_up_the_stump():
    state = arrange({A: "7C", B: "6C JC"}, stumps={A: "AS AH"}, players=3)
    play(state, "lead 7C")
    assert hand(state, A) == {"AS", "AH"} and state.stump_used[A] and state.stumps[A] == []
    assert state.to_act == B and A not in state.out


def test_r2_9_no_stump_pick_up_while_the_stock_lasts():
    state = arrange({A: "7C", B: "6C JC"}, stumps={A: "AS AH"}, stock="KD 8H", trump="8H",
                    players=3)
    play(state, "lead 7C")
    assert hand(state, A) == {"KD", "8H"} and not state.stump_used[A]
    assert texts(state.stumps[A]) == ["AS", "AH"]


def test_r2_9_leading_the_last_card_with_the_stump_used_goes_out():
    state = arrange({A: "7C", B: "8C JC", C: "9H"}, stumps={A: None}, players=3, rest=C)
    play(state, "lead 7C")
    assert state.out == [A] and state.to_act == B
    assert texts(state.pile) == ["7C"] and legal(state) == {"beat 8C", "beat JC"}
    play(state, "beat JC", "lead 8C")
    assert state.to_act == C  # A is skipped


# === R2.10 the end ==============================================================================

def test_r2_10_the_game_ends_at_once_mid_cycle():
    # four players: B and C are out; A goes out, D is the stump although B, C sit between
    state = arrange({A: "QH", D: "6C 7C"}, pile="JH", stumps={A: None}, players=4,
                    out=(C, B), rest=D)
    play(state, "beat QH")
    assert STUMP.is_over(state)
    result = STUMP.result(state)
    assert result["stump"] == D and result["out"] == [C, B, A]
    assert result["places"] == [3, 2, 1, 4]
    assert result["next"] == {"stump": D}
    assert log_events(state, "end")[-1]["stump"] == D


def test_r2_10_two_players_the_one_left_with_cards_is_the_stump():
    state = arrange({A: "9D", B: "7C"}, pile="8D", stumps={A: None}, players=2, rest="pile")
    play(state, "beat 9D")
    assert STUMP.result(state)["stump"] == B
    assert STUMP.result(state)["places"] == [1, 2]


def test_r2_10_safeguard_after_3000_moves_the_most_cards_is_the_stump():
    assert MOVE_LIMIT == 3000
    assert "3,000" in STUMP.rules()
    state = arrange({A: "7C 8C", B: "6D 7D 8D", C: "6H"}, pile="9C", stock=0, players=4,
                    rest=D)
    state.moves_made = MOVE_LIMIT - 1
    play(state, "take")  # the 3,000th move: the game ends there, whoever was to lead
    assert STUMP.is_over(state) and state.to_act is None
    result = STUMP.result(state)
    counts = [len(state.hands[s]) + len(state.stumps[s]) for s in range(4)]
    assert counts[:3] == [5, 5, 3] and counts[3] > 5
    assert result["stump"] == D and result["losers"] == [D]
    assert result["out"] == []
    # the others by fewest cards: C (3), then A and B (5 each, the lower seat first)
    assert result["places"] == [2, 3, 1, 4]
    assert result["scores"] == [1.0, 1.0, 1.0, 0.0]
    assert result["next"] == {"stump": D}
    assert conserved(state)


# === views ======================================================================================

def test_view_stumps_are_counts_only_even_for_their_owner():
    state = STUMP.new_game({"players": 4}, seed=21)
    stump_cards = {str(c) for s in state.stumps for c in s}
    assert len(stump_cards) == 8
    for seat in range(4):
        view = STUMP.view(state, seat)
        assert view["stumps"] == [2, 2, 2, 2]
        assert not stump_cards & set(CARD_TOKEN.findall(json.dumps(view)))
        assert sorted(view["hand"]) == sorted(str(c) for c in state.hands[seat])
        assert view["hand_sizes"] == [4, 4, 4, 4]
        assert not leaks(state, seat)


def test_view_cards_taken_from_the_pile_are_public():
    state = arrange({A: "6C 7C", B: "9H AD", C: "8C"}, pile="QC 10D JH", players=3, rest=C)
    play(state, "take")  # J: two cards, 10D and JH
    assert state.known[A] == set(cards("10D JH"))
    for seat in (B, C):
        view = STUMP.view(state, seat)
        assert sorted(view["known"][A]) == ["10D", "JH"]
        assert "6C" not in CARD_TOKEN.findall(json.dumps(view))
        assert not leaks(state, seat)
    assert STUMP.view(state, A)["known"][A] == []
    assert state.to_act == B and legal(state) == {"take"}  # QC: nothing beats it
    play(state, "take", "lead 9H")
    assert STUMP.view(state, C)["known"][B] == ["QC"]
    assert STUMP.view(state, A)["known"][B] == ["QC"]


def test_view_a_played_known_card_is_no_longer_known():
    state = arrange({A: "6C", B: "AH 7D"}, pile="9D QH", players=2, rest=B)
    play(state, "take", "lead 9D")  # whole pile (Q: 3), then he plays one of them
    assert state.known[A] == {card("QH")}


def test_view_legal_moves_only_for_the_seat_to_act_and_json():
    state = arrange({A: "QH 7C", B: "6C"}, pile="JH", players=3)
    for seat in range(3):
        view = STUMP.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        if seat == A:
            assert [m["text"] for m in view["legal"]] == ["beat QH"]
        else:
            assert view["legal"] == []
        assert view["pile"] == ["JH"] and view["phase"] == "beat"
        assert view["result"] is None


# === illegal moves ==============================================================================

ILLEGAL_EVERYWHERE = ["pass", "attack 7C", "lead", "take 7C", "lead 7C 8C", "beat QH 7C",
                      "lead 10D", "beat 10D", "beat QH on JH", "lead 2C", "dance"]


def test_illegal_moves_raise_with_a_reason_and_change_nothing():
    state = arrange({A: "QH 7C 8C", B: "6C 9C"}, pile="JH", stock=6, trump="6S", players=3)
    for text in ILLEGAL_EVERYWHERE + ["take", "lead QH", "beat 7C", "beat 8C"]:
        refused(state, text)
    play(state, "beat QH")
    before = snapshot(state)
    for text in ILLEGAL_EVERYWHERE + ["take", "beat 7C"]:
        refused(state, text)
    assert snapshot(state) == before
    play(state, "lead 7C")
    for text in ILLEGAL_EVERYWHERE + ["lead 9C", "beat 6C"]:
        refused(state, text)
    assert state.to_act == B


def test_beat_without_a_card_is_refused():
    state = arrange({A: "QH 7C"}, pile="JH", players=2)
    reason = refused(state, "beat")
    assert reason


def test_moves_that_cannot_be_read_are_refused():
    state = arrange({A: "QH 7C"}, pile="JH", players=2)
    for text in ("", "beat ZZ", "beat on", "lead 11H"):
        refused(state, text)  # with a reason, the state unchanged
    assert state.history == []


def test_moves_by_text_or_value_are_the_same():
    a, b = played_by_value_and_by_text(STUMP, {"players": 3}, seed=8, moves=40)
    assert snapshot(a) == snapshot(b)


def test_replay_reproduces_the_game():
    state = random_game(STUMP, {"players": 4, "voluntary_take": True}, seed=99, moves=150,
                        moves_seed=1)
    again = STUMP.replay(state.options, 99, state.history)
    assert snapshot(again) == snapshot(state)


def test_cards_are_conserved_in_arranged_positions():
    state = arrange({A: "QH 7C"}, pile="JH", players=5)
    assert sum(all_cards(state).values()) == 36


def test_refusal_reasons_are_true():
    """A refused move is explained by the rule it breaks, never by a false claim."""
    state = arrange({A: "QH 7C"}, pile="JH", players=3)  # QH beats JH
    for text in ("beat QH on JH", "beat QH 7C"):
        reason = refused(state, text)
        assert "does not beat" not in reason, f"{text}: {reason!r}"
    state = arrange({A: "6C 7C"}, pile="JH", players=3)  # nothing beats JH: take is legal
    for text in ("take 7C", "take on JH"):
        reason = refused(state, text)
        assert "you can beat" not in reason, f"{text}: {reason!r}"
