"""Memory, RULES.md §001: every test scenario (1–6) and the rules R1.1–R1.8, with the
variants and the decisions of rules/memory.md.

Positions are built with `arranged` (memory_setup.py): piles by seat from the top down, the
centre from the bottom to the top; an empty centre makes `to_act` turn a start card.
"""

import json
import random

import kozyr.memory as memory_module
from kozyr import ai
from kozyr.cards import card, deck
from kozyr.memory import BLACK_ACES, CALL_LIMIT, MEMORY, recall
from kozyr.protocol import Move, OptionsError
from memory_setup import (all_cards, arranged, conserved, events, legal, pile, play,
                          public_cards, refused, secrets, texts)
from protocol_checks import CARD_TOKEN, random_game

A, B, C, D = range(4)
CONFIGS = [{"players": n, "deck": d, "black_ace_self_only": self_only,
            "no_same_call": no_same, "pagat_start": pagat}
           for n in (2, 3, 4) for d in (36, 52) for self_only in (False, True)
           for no_same in (False, True) for pagat in (False, True)]


def unshuffled_game(players, match=None, **options):
    """A new deal from the unshuffled deck (deck order): the last card is dealt first."""
    saved = memory_module.shuffled
    memory_module.shuffled = lambda pack, rng: list(pack)
    try:
        return MEMORY.new_game({"players": players, **options}, seed=0, match=match)
    finally:
        memory_module.shuffled = saved


def options_error(options=None, match=None) -> str:
    try:
        MEMORY.new_game(options, seed=1, match=match)
    except OptionsError as exc:
        assert str(exc)
        return str(exc)
    raise AssertionError(f"{options} {match} made a deal")


def shown(state, seat) -> list[list[str]]:
    """The piles `seat` has been shown so far, oldest first."""
    return [s["cards"] for s in state.showings[seat]]


def recalled(state, seat) -> list[str]:
    return [str(c) for c, _ in recall(MEMORY.view(state, seat))]


# === Scenario 1: a wrong call and the card order ===============================================

def test_scenario_1_wrong_call_puts_the_centre_under_the_pile_bottom_card_first():
    state = arranged(piles={A: "8H KS", B: "10C 6D"}, centre="9D JC")
    play(state, "higher")  # 8H is not higher than JC
    assert pile(state, A) == ["KS", "9D", "JC", "8H"]
    assert events(state, "call")[-1] == {"event": "call", "seat": A, "call": "higher",
                                         "cards": ["8H"], "over": "JC", "right": False}
    assert events(state, "take")[-1]["cards"] == ["9D", "JC", "8H"]
    # the centre was emptied: the next player lays a start card and then calls
    assert texts(state.centre) == ["10C"] and pile(state, B)[0] == "6D"
    assert events(state, "start")[-1] == {"event": "start", "seat": B, "cards": ["10C"]}
    assert state.to_act == B and legal(state) == {"higher", "lower", "same"}
    assert recalled(state, A) == pile(state, A) and conserved(state)


# === Scenario 2: SAME ==========================================================================

def test_scenario_2_same_on_an_equal_rank_is_right_and_the_card_stays():
    state = arranged(piles={A: "QC 7D"}, centre="QH")
    play(state, "same")
    assert texts(state.centre) == ["QH", "QC"] and pile(state, A) == ["7D"]
    assert events(state, "call")[-1]["right"] is True
    assert state.to_act == B and not MEMORY.is_over(state)


def test_scenario_2_higher_on_an_equal_rank_is_wrong():
    state = arranged(piles={A: "QC 7D"}, centre="QH")
    play(state, "higher")
    assert pile(state, A) == ["7D", "QH", "QC"] and events(state, "call")[-1]["right"] is False
    assert state.to_act == B and len(state.centre) == 1  # B's start card


# === Scenario 3: the last card ==================================================================

def test_scenario_3_a_right_call_on_the_last_card_wins_at_once():
    state = arranged(piles={A: "7S"}, centre="6H")
    play(state, "higher")
    assert MEMORY.is_over(state) and state.to_act is None and state.winners == [A]
    assert pile(state, A) == [] and texts(state.centre) == ["6H", "7S"]
    result = MEMORY.result(state)
    assert result["winners"] == [A] and result["losers"] == [B]
    assert result["places"] == [1, 2] and result["scores"] == [1.0, 0.0]
    assert result["draw"] is False and result["limit"] is False
    assert state.log[-1] == {"event": "win", "seat": A}
    assert MEMORY.legal_moves(state) == [] and "over" in refused(state, "higher")


def test_scenario_3_a_wrong_call_on_the_last_card_picks_up_and_does_not_win():
    state = arranged(piles={A: "7S"}, centre="6H")
    play(state, "lower")
    assert pile(state, A) == ["6H", "7S"] and not MEMORY.is_over(state)
    assert state.winners == [] and MEMORY.result(state) is None and state.to_act == B


# === Scenario 4: the start card empties the pile ================================================

def test_scenario_4_a_start_card_that_empties_the_pile_wins_without_a_call():
    state = arranged(piles={A: "9C 10H", B: "10D"}, centre="8S", rest=A)
    play(state, "lower")  # A is wrong: B's turn begins with an empty centre
    assert texts(state.centre) == ["10D"] and pile(state, B) == []
    assert state.winners == [B] and MEMORY.is_over(state) and state.calls == 1
    assert [e["event"] for e in state.log[-3:]] == ["take", "start", "win"]
    assert MEMORY.result(state)["scores"] == [0.0, 1.0]


def test_scenario_4_a_start_card_on_an_empty_centre_wins_at_once():
    state = arranged(piles={A: "10D"}, rest=B)
    assert state.winners == [A] and texts(state.centre) == ["10D"] and state.calls == 0


# === Scenario 5: a black ace on a wrong call ====================================================

def test_scenario_5_black_ace_on_a_wrong_call_pick_up_then_everyone_looks():
    state = arranged(piles={A: "AC 7H", B: "8D 10S", C: "9S 10C"}, centre="KD", rest=A)
    before = [len(state.showings[s]) for s in range(3)]
    play(state, "lower")  # AC is not lower than KD
    assert pile(state, A)[0] == "7H" and pile(state, A)[-2:] == ["KD", "AC"]
    for seat in (A, B, C):  # after the pick-up each looks at his own pile as it now is
        assert len(state.showings[seat]) == before[seat] + 1
        look = state.showings[seat][-1]
        assert look["why"] == "black ace" and look["until"] == "ready"
        assert look["cards"] == (pile(state, seat) if seat != B else ["8D"] + pile(state, B))
        assert look["at"] > state.log.index(events(state, "take")[-1])
    assert events(state, "look")[-1] == {"event": "look", "seat": A, "seats": [A, B, C]}
    assert state.to_act == B and texts(state.centre) == ["8D"]  # B's start card
    assert state.looking == []


def test_scenario_5_with_black_ace_self_only_only_the_turner_looks():
    state = arranged(piles={A: "AC 7H", B: "8D 10S"}, centre="KD", players=3,
                     black_ace_self_only=True)
    play(state, "lower")
    assert [len(state.showings[s]) for s in range(3)] == [2, 1, 1]
    assert state.showings[A][-1]["cards"] == pile(state, A)
    assert state.showings[A][-1]["until"] == "next_turn"
    assert events(state, "look")[-1]["seats"] == [A]
    assert state.looking == [A] and state.to_act == B and texts(state.centre) == ["8D"]


# === Scenario 6: the deal =======================================================================

def test_scenario_6_three_players_52_cards_18_17_17_and_the_dealer_moves_first():
    for dealer in range(3):
        state = MEMORY.new_game({"players": 3, "deck": 52}, seed=dealer, match={"dealer": dealer})
        sizes = [17, 17, 17]
        sizes[(dealer + 1) % 3] = 18
        assert state.log[0] == {"event": "deal", "seat": dealer, "sizes": sizes}
        assert [len(s[0]["cards"]) for s in state.showings] == sizes
        # the dealer begins: his start card is already turned
        assert state.dealer == dealer and state.to_act == dealer
        assert state.log[-1] == {"event": "start", "seat": dealer,
                                 "cards": [state.showings[dealer][0]["cards"][0]]}
        assert len(state.centre) == 1 and len(state.piles[dealer]) == 16
        assert conserved(state)


# === R1.1–R1.4: cards and the deal ==============================================================

def test_r1_1_deal_sizes_for_each_deck_and_table():
    expected = {(2, 36): [18, 18], (3, 36): [12, 12, 12], (4, 36): [9, 9, 9, 9],
                (2, 52): [26, 26], (3, 52): [17, 18, 17], (4, 52): [13, 13, 13, 13]}
    for (n, size), sizes in expected.items():
        state = MEMORY.new_game({"players": n, "deck": size}, seed=3, match={"dealer": 0})
        assert state.log[0]["sizes"] == sizes, (n, size)
        assert conserved(state) and sum(sizes) == size


def test_r1_1_the_36_card_deck_is_six_to_ace_and_aces_are_high():
    assert {c.rank for c in deck(36)} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert MEMORY.right("higher", card("KD"), card("AH"))
    assert MEMORY.right("lower", card("AH"), card("2C"))
    assert not MEMORY.right("higher", card("AH"), card("AD"))
    assert BLACK_ACES == {card("AS"), card("AC")}


def test_r1_2_first_dealer_by_lot():
    dealers = {MEMORY.new_game({"players": 4}, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_r1_3_r1_4_dealt_one_at_a_time_from_the_dealers_left_first_card_on_top():
    state = unshuffled_game(3, match={"dealer": 0}, deck=52)  # dealt AS, KS, QS, JS...
    assert state.showings[B][0]["cards"][:3] == ["AS", "JS", "8S"]
    assert state.showings[C][0]["cards"][:3] == ["KS", "10S", "7S"]
    assert state.showings[A][0]["cards"][:3] == ["QS", "9S", "6S"]
    assert texts(state.centre) == ["QS"]  # the dealer's top card is his start card
    for seat in range(3):  # each is shown his own whole pile once, at the deal
        assert len(state.showings[seat]) == 1 and state.showings[seat][0]["why"] == "deal"
        assert state.showings[seat][0]["cards"] == \
            (["QS"] if seat == A else []) + pile(state, seat)


def test_r1_4_a_view_shows_only_its_own_pile_and_the_other_pile_sizes():
    state = MEMORY.new_game({"players": 3}, seed=11)
    for seat in range(3):
        view = MEMORY.view(state, seat)
        assert view["piles"] == [len(p) for p in state.piles]
        assert view["shown"] == state.showings[seat]
        assert not secrets(state, seat) & set(CARD_TOKEN.findall(json.dumps(view)))
        assert recalled(state, seat) == pile(state, seat)


# === R1.5: a turn ===============================================================================

def test_r1_5_a_right_call_keeps_the_card_and_passes_the_turn_clockwise():
    state = arranged(piles={A: "9C 6H", B: "KS 7D", C: "6S"}, centre="7C", players=3)
    play(state, "higher")
    assert texts(state.centre) == ["7C", "9C"] and pile(state, A) == ["6H"]
    assert state.to_act == B and state.calls == 1
    play(state, "higher")
    assert texts(state.centre) == ["7C", "9C", "KS"] and state.to_act == C


def test_r1_5_impossible_calls_are_legal_and_simply_wrong():
    state = arranged(piles={A: "AH 7C"}, centre="AD")
    assert legal(state) == {"higher", "lower", "same"}
    play(state, "higher")
    assert pile(state, A) == ["7C", "AD", "AH"] and state.to_act == B


def test_r1_5_the_turn_after_the_last_seat_is_the_first():
    state = arranged(piles={D: "9C 6H"}, centre="7C", to_act=D, players=4)
    play(state, "higher")
    assert state.to_act == A


# === R1.6: black aces ===========================================================================

def test_r1_6_black_ace_on_a_right_call_the_card_stays_and_everyone_looks():
    state = arranged(piles={A: "AS 7H", B: "8D"}, centre="KD", rest=A)
    play(state, "higher")
    assert texts(state.centre) == ["KD", "AS"] and state.to_act == B
    assert [len(state.showings[s]) for s in (A, B)] == [2, 2]
    assert state.showings[A][-1]["cards"] == pile(state, A)
    assert state.showings[B][-1]["cards"] == pile(state, B)
    assert events(state, "look")[-1]["seats"] == [A, B]


def test_r1_6_a_red_ace_gives_no_look():
    state = arranged(piles={A: "AH 7H", B: "8D"}, centre="KD", rest=A)
    play(state, "higher")
    assert events(state, "look") == [] and len(state.showings[A]) == 1


def test_r1_6_black_ace_as_a_start_card_the_look_comes_after_the_call_is_settled():
    state = arranged(piles={A: "AC 9C 6H"}, rest=B)  # A's turn begins: AC is his start card
    assert texts(state.centre) == ["AC"] and state.to_act == A
    assert events(state, "look") == [] and len(state.showings[A]) == 1
    play(state, "lower")
    assert texts(state.centre) == ["AC", "9C"]
    look = events(state, "look")[-1]
    assert state.log.index(look) > state.log.index(events(state, "call")[-1])
    assert state.showings[A][-1]["cards"] == ["6H"] and state.showings[B][-1]["why"] == "black ace"
    assert state.to_act == B


def test_r1_6_black_ace_start_card_then_a_wrong_call_look_after_the_pick_up():
    state = arranged(piles={A: "AS 9C 6H"}, rest=B)
    play(state, "higher")
    assert pile(state, A) == ["6H", "AS", "9C"]
    assert state.showings[A][-1]["cards"] == ["6H", "AS", "9C"]
    assert len(events(state, "look")) == 1


def test_r1_6_black_ace_start_card_with_pagat_start_look_before_the_next_player():
    state = arranged(piles={A: "AS 9C"}, rest=B, pagat_start=True)
    assert texts(state.centre) == ["AS"] and state.to_act == B and state.calls == 0
    assert events(state, "look")[-1]["seats"] == [A, B]
    assert state.showings[A][-1]["cards"] == ["9C"]


# === R1.7: black ace, only its turner looks =====================================================

def test_r1_7_the_look_lasts_until_the_turners_next_turn_begins_and_no_longer():
    state = arranged(piles={A: "AS 7C 8C", B: "10D 9H", C: "JD 9D"}, centre="KD",
                     black_ace_self_only=True)
    play(state, "higher")  # right: AS stays; only A looks
    assert state.looking == [A] and MEMORY.view(state, A)["looking"] is True
    assert MEMORY.view(state, B)["looking"] is False
    play(state, "lower")  # B, right
    assert MEMORY.view(state, A)["looking"] is True
    play(state, "higher")  # C, right
    assert state.to_act == A  # A's turn has begun: his look is over
    assert MEMORY.view(state, A)["looking"] is False and state.looking == []


def test_r1_7_a_second_black_ace_does_not_end_the_first_turners_look():
    """A turns A♠ and may look until his next turn; B then turns A♣: A's look goes on."""
    state = arranged(piles={A: "AS 7C 8C", B: "AC 9C", C: "6D 7D"}, centre="KD",
                     black_ace_self_only=True)
    play(state, "higher")  # A turns AS: only A looks
    play(state, "higher")  # B turns AC on AS (wrong): only B looks
    assert state.showings[B][-1]["until"] == "next_turn"
    assert MEMORY.view(state, B)["looking"] is True
    assert state.to_act == C
    assert MEMORY.view(state, A)["looking"] is True, \
        "A's look ended before his next turn began"


def test_r1_7_without_the_variant_nobody_keeps_looking():
    state = arranged(piles={A: "AS 7C"}, centre="KD", rest=A)
    play(state, "higher")
    assert state.looking == [] and MEMORY.view(state, A)["looking"] is False


# === R1.8: the end and the next deal ============================================================

def test_r1_8_the_next_deal_passes_to_the_dealers_left():
    state = arranged(piles={A: "7S"}, centre="6H", players=3, dealer=C)
    play(state, "higher")
    result = MEMORY.result(state)
    assert result["next"] == {"dealer": A, "deal": 2}
    again = MEMORY.new_game(state.options, seed=5, match=result["next"])
    assert again.dealer == A and again.to_act == A
    assert MEMORY.view(again, B)["deal_number"] == 2


def test_r1_8_new_game_honours_the_match_dealer():
    for n in (2, 3, 4):
        for dealer in range(n):
            state = MEMORY.new_game({"players": n}, seed=dealer, match={"dealer": dealer})
            assert state.dealer == dealer == state.to_act
            assert state.log[0]["seat"] == dealer and state.log[1]["seat"] == dealer


def test_r1_8_a_played_out_deal_names_the_left_neighbour_as_next_dealer():
    for n in (2, 3, 4):
        state = random_game(MEMORY, {"players": n}, seed=n, moves=10**5, moves_seed=7)
        result = MEMORY.result(state)
        assert result is not None and len(result["winners"]) >= 1
        assert result["next"]["dealer"] == (state.dealer + 1) % n


def test_bad_match_dealer_is_refused():
    for bad in (-1, 3, "1", True, 1.0):
        assert "dealer" in options_error({"players": 3}, match={"dealer": bad})
    assert MEMORY.new_game({"players": 3}, seed=1, match={"dealer": None}).dealer in range(3)


# === options ====================================================================================

def test_bad_options_are_refused_with_clear_messages():
    assert "players" in options_error({"players": 1})
    assert "players" in options_error({"players": 5})
    message = options_error({"deck": 40})
    assert "deck" in message and "36" in message and "52" in message
    assert "deck" in options_error({"deck": "52"})
    assert "no_same_call" in options_error({"no_same_call": "yes"})
    assert "pagat_start" in options_error({"pagat_start": 1})
    message = options_error({"jokers": True})
    assert "jokers" in message and "black_ace_self_only" in message
    assert "mapping" in options_error(["deck"])


def test_option_defaults():
    state = MEMORY.new_game(seed=2)
    assert state.options == {"players": 4, "deck": 36, "no_same_call": False,
                             "pagat_start": False, "black_ace_self_only": False}


def test_no_same_call_refuses_same_with_a_reason():
    state = arranged(piles={A: "QC 7D"}, centre="QH", no_same_call=True)
    assert legal(state) == {"higher", "lower"}
    reason = refused(state, "same")
    assert "SAME" in reason and "higher" in reason and "lower" in reason


def test_no_same_call_an_equal_rank_makes_higher_and_lower_wrong():
    for call in ("higher", "lower"):
        state = arranged(piles={A: "QC 7D"}, centre="QH", no_same_call=True)
        play(state, call)
        assert pile(state, A) == ["7D", "QH", "QC"], call
        assert events(state, "call")[-1]["right"] is False


def test_pagat_start_the_start_card_ends_the_turn():
    state = arranged(piles={A: "9C 6H", B: "KS 7D"}, centre="10S", rest=A, pagat_start=True)
    play(state, "higher")  # A is wrong: B's turn is only his start card
    assert texts(state.centre) == ["KS"] and pile(state, B) == ["7D"]
    assert state.to_act == A and state.calls == 1
    play(state, "lower")  # A calls on B's start card
    assert texts(state.centre) == ["KS", "6H"] and state.to_act == B


def test_without_pagat_start_the_start_card_player_calls_next():
    state = arranged(piles={A: "9C 6H", B: "KS 7D 8H"}, centre="10S", rest=A)
    play(state, "higher")
    assert texts(state.centre) == ["KS"] and state.to_act == B
    play(state, "lower")
    assert texts(state.centre) == ["KS", "7D"] and state.to_act == A


def test_the_52_card_deck_has_the_low_cards():
    state = arranged(piles={A: "2C 3D"}, centre="5H", deck=52)
    play(state, "lower")
    assert texts(state.centre) == ["5H", "2C"] and conserved(state)


# === the safeguard ==============================================================================

def test_call_limit_a_wrong_call_stops_the_game_fewest_cards_win_ties_share():
    state = arranged(piles={A: "9C 6H", B: "7D 8D 10D"}, centre="KS", players=3,
                     calls=CALL_LIMIT - 1)
    play(state, "higher")  # wrong: A holds 6H KS 9C, as many as B
    assert state.calls == CALL_LIMIT and MEMORY.is_over(state)
    assert state.winners == [A, B]
    result = MEMORY.result(state)
    assert result["limit"] is True and result["draw"] is True
    assert result["scores"] == [0.5, 0.5, 0.0] and result["places"] == [1, 1, 2]
    assert result["losers"] == [C]
    assert state.log[-1] == {"event": "limit", "calls": CALL_LIMIT, "winners": [A, B]}
    assert "over" in refused(state, "lower")


def test_call_limit_a_right_call_stops_the_game_the_single_fewest_wins():
    state = arranged(piles={A: "KS 6H", B: "7D 8D"}, centre="9C", players=3,
                     calls=CALL_LIMIT - 1)
    play(state, "higher")
    result = MEMORY.result(state)
    assert state.winners == [A] and result["limit"] is True and result["draw"] is False
    assert result["scores"] == [1.0, 0.0, 0.0]


def test_before_the_call_limit_play_goes_on():
    state = arranged(piles={A: "9C 6H"}, centre="KS", calls=CALL_LIMIT - 2)
    play(state, "higher")
    assert not MEMORY.is_over(state) and state.calls == CALL_LIMIT - 1


# === illegal moves ==============================================================================

def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = arranged(piles={A: "9C 6H"}, centre="KS")
    for text in ("pass", "take", "higher 9C", "higher on 1", "same KS", "HIGHER", "up",
                 Move("lower", (card("9C"),))):
        assert refused(state, text)
    assert "no card" in refused(state, "higher 9C")
    assert "higher, lower, same" in refused(state, "pass")


def test_moves_that_cannot_be_read_are_refused():
    state = arranged(piles={A: "9C 6H"}, centre="KS")
    for text in ("", "higher XX", "on", "higher on"):
        reason = refused(state, text)
        assert reason


def test_no_move_after_the_game_is_over():
    state = arranged(piles={A: "10D"}, rest=B)
    for text in ("higher", "lower", "same"):
        assert "over" in refused(state, text)


def test_moves_by_text_or_value_are_the_same():
    one = arranged(piles={A: "9C 6H"}, centre="KS")
    two = arranged(piles={A: "9C 6H"}, centre="KS")
    MEMORY.apply(one, Move("lower"))
    MEMORY.apply(two, "lower")
    assert one.history == two.history == ["lower"] and one.piles == two.piles


# === views, recall and the AI ===================================================================

MOVES = 150  # per random game: views carry the whole log, so longer games cost quadratically


def test_recall_is_the_real_pile_for_every_seat_in_random_games():
    for i, options in enumerate(CONFIGS[::3]):
        state, rng = MEMORY.new_game(options, seed=i), random.Random(i)
        while not MEMORY.is_over(state) and len(state.history) < MOVES:
            for seat in range(state.players):
                assert recalled(state, seat) == pile(state, seat), (options, i, seat)
            MEMORY.apply(state, rng.choice(MEMORY.legal_moves(state)))
        assert events(state, "take"), "no pile grew: recall was not tested on a pick-up"


def test_views_show_no_unturned_card_of_another_pile_nor_another_seats_showings():
    """The log is public by definition (test_the_log_names_only_cards_turned_face_up and the
    properties check it names only turned cards): the rest of each view is searched."""
    for i, options in enumerate(CONFIGS[1::4]):
        state, rng = MEMORY.new_game(options, seed=100 + i), random.Random(i)
        while True:
            public = public_cards(state.log, state.centre)
            for seat in range(state.players):
                view = MEMORY.view(state, seat)
                assert view.pop("log") == state.log
                others = {str(c) for s, p in enumerate(state.piles) if s != seat for c in p}
                named = set(CARD_TOKEN.findall(json.dumps(view)))
                assert not (others - public) & named, (options, seat)
                assert view["shown"] == state.showings[seat]
            if MEMORY.is_over(state) or len(state.history) >= MOVES:
                break
            MEMORY.apply(state, rng.choice(MEMORY.legal_moves(state)))


def test_the_log_names_only_cards_turned_face_up():
    state = arranged(piles={A: "9C 6H", B: "KS 7D"}, centre="10S", rest=A)
    play(state, "higher")
    assert set(CARD_TOKEN.findall(json.dumps(state.log))) == {"10S", "9C", "KS"}


def test_a_hard_player_calls_its_remembered_top_card_right():
    for top, mine, call in (("9C", "KD 7C", "higher"), ("9C", "7H 8C", "lower"),
                            ("9C", "9H 8C", "same")):
        state = arranged(piles={A: mine}, centre=top)
        player = ai.make("hard", "memory", seed=1)
        assert player.choose(MEMORY.view(state, A)) == Move(call)


def test_cards_are_conserved_in_arranged_positions():
    state = arranged(piles={A: "9C 6H", B: "KS"}, centre="8S 10H", players=4, deck=52)
    assert sum(all_cards(state).values()) == 52 and conserved(state)
    assert pile(state, A) == ["9C", "6H"] and pile(state, B) == ["KS"]
    assert len(state.piles[D]) == 52 - 5 and state.piles[C] == []


def test_determinize_keeps_the_seats_own_pile_and_view_and_deals_the_rest():
    state = arranged(piles={A: "9C 6H", B: "KS 7D 8H"}, centre="10S", rest=A)
    play(state, "higher")  # A picks up: his pile is known to him down to the last card
    view = MEMORY.view(state, A)
    world = MEMORY.determinize(view, random.Random(3))
    assert conserved(world) and world.piles[A] == state.piles[A]
    assert [len(p) for p in world.piles] == [len(p) for p in state.piles]
    again = MEMORY.view(world, A)
    view.pop("log"), again.pop("log")
    assert again == view, "the determinized world looks different from that seat"
    play(world, "lower")
    assert conserved(world)
