"""Garbage, RULES.md §003: every test scenario (1–6) and the rules R3.1–R3.10, with the
variants and the decisions of rules/garbage.md.

Positions are built with `arrange` (garbage_setup.py): layouts by seat, position 1 first,
"+" for a face-up card, "?" for a face-down card that does not matter; the stock from the
top, the discard from the bottom to the top.
"""

import json

import kozyr.garbage as garbage_module
from kozyr.cards import card, deck
from kozyr.garbage import GARBAGE, LAYOUT, is_wild, packs_for, position_name, wild_rank
from kozyr.protocol import OptionsError
from garbage_setup import (CARD_TOKEN, all_cards, arrange, conserved, events, legal, packs,
                           play, public_cards, refused, row, snapshot, texts, visible)
from protocol_checks import played_by_value_and_by_text, random_game

A, B, C, D, E, F = range(6)
DOWN = "?"


def layout(n=10, **at):
    """A layout text of n positions: `at` maps "p3" to the word at position 3, else "?"."""
    words = [DOWN] * n
    for key, word in at.items():
        words[int(key[1:]) - 1] = word
    return " ".join(words)


def full(n=10, suit="C", **at):
    """A layout with every position face up and correct (in `suit`), but for `at`."""
    ranks = ["A", *map(str, range(2, 11))]
    words = [f"+{ranks[p]}{suit}" for p in range(n)]
    for key, word in at.items():
        words[int(key[1:]) - 1] = word
    return " ".join(words)


def unshuffled_game(players, match=None, **options):
    """A new hand dealt from the unshuffled packs (deck order), the top card being the last."""
    saved = garbage_module.shuffled
    garbage_module.shuffled = lambda pack, rng: list(pack)
    try:
        return GARBAGE.new_game({"players": players, **options}, seed=0, match=match)
    finally:
        garbage_module.shuffled = saved


def options_error(options=None, match=None) -> str:
    try:
        GARBAGE.new_game(options, seed=1, match=match)
    except OptionsError as exc:
        assert str(exc)
        return str(exc)
    raise AssertionError(f"{options} {match} made a hand")


# === Scenario 1: the chain ======================================================================

def test_scenario_1_chain_ends_with_a_dead_queen():
    state = arrange({A: layout(p3="7C", p7="QD")}, stock="3H")
    assert legal(state) == {"draw"}
    play(state, "draw")
    assert row(state, A)[2] == "3H" and row(state, A)[6] == "7C"
    assert sum(state.up[A]) == 2
    assert texts(state.discard) == ["QD"]
    assert [(e["cards"], e.get("position")) for e in state.log[1:]] == \
        [(["3H"], 3), (["7C"], 7), (["QD"], None)]
    assert events(state, "place")[0]["displaced"] == "7C"
    assert state.to_act == B and state.holding is None
    assert conserved(state)


# === Scenario 2: displacing a jack ==============================================================

def scenario_2():
    return arrange({A: layout(p2="9D", p5="+JS", p9="5C")}, stock="5H")


def test_scenario_2_the_displaced_jack_goes_where_the_player_chooses():
    state = scenario_2()
    play(state, "draw")
    assert row(state, A)[4] == "5H"
    assert state.holding == card("JS") and state.to_act == A
    view = GARBAGE.view(state, A)
    assert view["phase"] == "place" and view["holding"] == "JS"
    down = [p + 1 for p in range(10) if not state.up[A][p]]
    assert legal(state) == {f"place JS on {p}" for p in down}
    assert 5 not in down and len(down) == 9
    play(state, "place JS on 2")
    assert row(state, A)[1] == "JS"
    assert row(state, A)[8] == "9D"  # 9D went to 9 and turned up 5C
    assert texts(state.discard) == ["5C"]  # 5 already holds 5H: dead
    assert state.to_act == B and state.holding is None
    assert conserved(state)


def test_scenario_2_the_jack_never_covers_a_face_up_card():
    state = scenario_2()
    play(state, "draw")
    for text in ("place JS on 5", "place JS on 11", "place JS on 0", "draw", "take 5C",
                 "place JH on 2", "place JS"):
        assert refused(state, text)
    assert "face-down" in refused(state, "place JS on 5")
    assert "first" in refused(state, "draw")


# === Scenario 3: reduced layouts ===============================================================

def test_scenario_3_at_nine_a_ten_is_dead():
    state = arrange({A: layout(9)}, stock="10H")
    assert state.sizes[A] == 9
    play(state, "draw")
    assert texts(state.discard) == ["10H"] and not any(state.up[A]) and state.to_act == B
    state = arrange({A: layout(9, p9="10D")}, stock="9H")
    play(state, "draw")
    assert row(state, A)[8] == "9H" and texts(state.discard) == ["10D"]


def test_scenario_3_at_one_only_an_ace_or_a_jack_places():
    for dead in ("2H", "10S", "QD", "KC", "5C"):
        state = arrange({A: "QS"}, stock=dead)
        play(state, "draw")
        assert texts(state.discard) == [dead] and state.to_act == B, dead
        assert not GARBAGE.is_over(state)
    for winner in ("AH", "JD"):
        state = arrange({A: "QS"}, stock=winner, sizes={B: 4}, players=3)
        play(state, "draw")
        if winner == "JD":  # the wild waits for its position: the only one is the ace's
            assert legal(state) == {"place JD on 1"} and not GARBAGE.is_over(state)
            play(state, "place JD on 1")
        assert GARBAGE.is_over(state) and row(state, A) == [winner]
        assert texts(state.discard) == ["QS"]
        result = GARBAGE.result(state)
        assert result["winners"] == [A] and result["match_over"] is True
        assert result["champion"] == A and result["next"] is None
        assert result["scores"] == [1.0, 0.0, 0.0]
        assert result["sizes"] == [0, 4, 10]


def test_scenario_3_at_one_the_ace_taken_from_the_discard_wins_the_match():
    state = arrange({B: "QS"}, discard="AD", to_act=B, sizes={A: 3})
    play(state, "take AD")
    result = GARBAGE.result(state)
    assert result["champion"] == B and result["scores"] == [0.0, 1.0]


def test_scenario_3_a_win_above_one_does_not_end_the_match():
    state = arrange({A: "+AC 8H"}, stock="2S")
    play(state, "draw")
    result = GARBAGE.result(state)
    assert result["winners"] == [A] and result["match_over"] is False
    assert result["champion"] is None
    assert result["sizes"] == [1, 10]
    assert result["next"] == {"sizes": [1, 10], "first": A, "hand": 2}


# === Scenario 4: completion mid-chain ===========================================================

def test_scenario_4_completion_ends_the_hand_at_once():
    state = arrange({A: full(p4="+JH", p6="4S")}, stock="6C", players=3)
    play(state, "draw")
    assert GARBAGE.is_over(state) and state.to_act is None
    assert row(state, A)[5] == "6C" and row(state, A)[3] == "JH"  # 4S did not displace the J
    assert texts(state.discard) == ["4S"] and state.holding is None
    assert GARBAGE.legal_moves(state) == []
    assert "over" in refused(state, "draw")
    result = GARBAGE.result(state)
    assert result["winners"] == [A] and result["losers"] == [B, C]
    assert result["places"] == [1, 2, 2] and result["scores"] == [1.0, 0.0, 0.0]
    assert result["sizes"] == [9, 10, 10] and result["next"]["first"] == A
    assert [e["event"] for e in state.log[-3:]] == ["place", "complete", "hand"]
    assert conserved(state)


def test_scenario_4_completion_by_placing_a_wild():
    state = arrange({A: full(p3="9H")}, holding="JC")
    assert legal(state) == {"place JC on 3"}
    play(state, "place JC on 3")
    assert GARBAGE.is_over(state) and texts(state.discard) == ["9H"]


# === Scenario 5: reshuffle ======================================================================

def test_scenario_5_reshuffle_keeps_the_top_of_the_discard():
    state = arrange({B: layout(p2="+2D")}, stock="QH", discard="8D", rest="discard", to_act=A)
    under = sorted(state.discard[:-1])
    play(state, "draw")  # QH is dead: discarded on 8D; B's turn starts with an empty stock
    assert state.to_act == B
    assert texts(state.discard) == ["QH"]
    assert sorted(state.stock) == sorted(under + [card("8D")])
    assert events(state, "reshuffle")[-1]["count"] == len(state.stock)
    assert conserved(state)
    assert legal(state) == {"draw", "take QH"}


def test_scenario_5_he_may_take_the_top_or_draw_from_the_new_stock():
    # A draws the last stock card, 8D, dead on his correct 8: it tops the discard pile
    for choice in ("take 8D", "draw"):
        state = arrange({A: layout(p8="+8C"), B: layout(p8="QC")}, stock="8D", discard="5S",
                        rest="discard")
        play(state, "draw")
        assert state.to_act == B and texts(state.discard) == ["8D"]
        assert len(state.stock) == 52 - 20 - 1 and card("5S") in state.stock
        assert legal(state) == {"draw", "take 8D"}
        top = state.stock[-1]
        play(state, choice)
        if choice == "take 8D":
            assert row(state, B)[7] == "8D" and texts(state.discard) == ["QC"]
        else:  # he drew the top of the new stock; 8D stays where it was, under his discard
            assert len(state.stock) == 52 - 20 - 2
            assert str(top) in row(state, B) + texts(state.discard) + [str(state.holding)]
            assert state.discard[0] == card("8D")
        assert conserved(state)


# === Scenario 6: duplicates with two packs ======================================================

def test_scenario_6_a_second_copy_is_dead():
    state = arrange({A: layout(p5="+5H", p6="5D")}, stock="5H", players=3)
    assert packs_for(3) == 2
    play(state, "draw")
    assert texts(state.discard) == ["5H"] and row(state, A)[4] == "5H"
    assert sum(state.up[A]) == 1 and state.to_act == B
    assert all_cards(state)[card("5H")] == 2 and conserved(state)


def test_scenario_6_any_five_is_dead_on_a_correct_five():
    state = arrange({A: layout(p5="+5S")}, stock="5C", players=4)
    play(state, "draw")
    assert texts(state.discard) == ["5C"]


# === R3.1 packs ================================================================================

def test_r3_1_packs_per_player_count():
    assert [packs_for(n) for n in range(2, 7)] == [1, 2, 2, 3, 3]
    for n in range(2, 7):
        state = GARBAGE.new_game({"players": n}, seed=n)
        assert all_cards(state) == packs(n) and sum(packs(n).values()) == 52 * packs_for(n)
        assert len(state.stock) == 52 * packs_for(n) - 10 * n
        assert state.discard == [] and state.holding is None
    for bad in (1, 7):
        options_error({"players": bad})


# === R3.2 card roles ============================================================================

def test_r3_2_pips_go_to_their_own_position_queens_and_kings_are_dead():
    for rank, position in (("A", 1), ("2", 2), ("7", 7), ("10", 10)):
        state = arrange({A: layout()}, stock=rank + "H")
        play(state, "draw")
        assert row(state, A)[position - 1] == rank + "H", rank
    for rank in ("Q", "K"):
        state = arrange({A: layout()}, stock=rank + "S")
        play(state, "draw")
        assert texts(state.discard) == [rank + "S"] and not any(state.up[A])


def test_r3_2_a_drawn_jack_goes_on_a_face_down_position_of_his_choice():
    state = arrange({A: layout(p1="+AS", p3="3H", p4="3C")}, stock="JD")
    play(state, "draw")
    assert state.holding == card("JD") and state.to_act == A
    assert legal(state) == {f"place JD on {p}" for p in range(2, 11)}
    play(state, "place JD on 3")  # 3H was under it: 3H goes to 3 and takes the jack back up
    assert row(state, A)[2] == "3H" and state.holding == card("JD") and state.to_act == A
    assert legal(state) == {f"place JD on {p}" for p in (2, *range(4, 11))}
    play(state, "place JD on 4")  # 3C: position 3 is correct already
    assert row(state, A)[3] == "JD" and texts(state.discard) == ["3C"]
    assert state.to_act == B


# === R3.3 / R3.4 the deal ======================================================================

def test_r3_4_deal_one_card_at_a_time_clockwise_from_the_dealers_left():
    for n in range(2, 7):
        pack = deck(52, packs_for(n))
        for first in range(n):
            sizes = [LAYOUT - (s % 3) for s in range(n)]
            state = unshuffled_game(n, match={"sizes": sizes, "first": first})
            dealer = (first - 1) % n
            assert state.dealer == dealer and state.to_act == first
            dealt = iter(reversed(pack))  # the top of the pack is its last card
            rows = {s: [] for s in range(n)}
            for _ in range(LAYOUT):
                for step in range(1, n + 1):
                    seat = (dealer + step) % n
                    if len(rows[seat]) < sizes[seat]:
                        rows[seat].append(next(dealt))
            for seat in range(n):
                assert state.layouts[seat] == rows[seat], (n, first, seat)
                assert state.up[seat] == [False] * sizes[seat]
            assert state.stock == list(reversed(list(dealt)))
            assert state.discard == []


def test_r3_4_starter_discard_turns_up_one_stock_card():
    for seed in range(5):
        plain = GARBAGE.new_game({"players": 3}, seed=seed)
        state = GARBAGE.new_game({"players": 3, "starter_discard": True}, seed=seed)
        assert state.layouts == plain.layouts
        assert state.discard == [plain.stock[-1]] and state.stock == plain.stock[:-1]
        assert legal(state) == {"draw", f"take {state.discard[0]}"}
        assert conserved(state)
    assert legal(GARBAGE.new_game({"players": 3}, seed=1)) == {"draw"}


# === R3.5 first player ==========================================================================

def test_r3_5_first_hand_the_player_on_the_dealers_left_starts():
    for n in range(2, 7):
        dealers = set()
        for seed in range(40):
            state = GARBAGE.new_game({"players": n}, seed=seed)
            dealers.add(state.dealer)
            assert state.first == state.to_act == (state.dealer + 1) % n
            assert state.sizes == [10] * n
            again = GARBAGE.new_game({"players": n}, seed=seed)
            assert again.dealer == state.dealer and again.layouts == state.layouts
        assert dealers == set(range(n))


def test_r3_5_later_hands_the_previous_winner_starts_and_play_is_clockwise():
    state = arrange({A: full(p10="10H"), B: layout(), C: layout()}, stock="KS 10S 2D",
                    to_act=C)
    play(state, "draw")  # C: KS dead
    assert state.to_act == A
    play(state, "draw")  # A completes with 10S
    result = GARBAGE.result(state)
    assert result["next"] == {"sizes": [9, 10, 10], "first": A, "hand": 2}
    for seed in range(3):
        nxt = GARBAGE.new_game({"players": 3}, seed=seed, match=result["next"])
        assert nxt.to_act == nxt.first == A and nxt.dealer == C
        assert nxt.sizes == [9, 10, 10] and [len(r) for r in nxt.layouts] == [9, 10, 10]
        assert GARBAGE.view(nxt, B)["hand_number"] == 2
        play(nxt, "draw")
        assert nxt.to_act == (B if nxt.holding is None else A)  # then clockwise


# === R3.6 draw or take ==========================================================================

def test_r3_6_draw_the_top_of_the_stock_or_take_the_top_of_the_discard():
    state = arrange({A: layout(p4="QH")}, stock="7S", discard="9C 4D")
    assert legal(state) == {"draw", "take 4D"}
    assert "top of the discard" in refused(state, "take 9C")
    assert refused(state, "take")
    assert refused(state, "draw 7S")
    play(state, "take 4D")
    assert row(state, A)[3] == "4D" and texts(state.discard) == ["9C", "QH"]
    assert state.stock[-1] == card("7S")
    assert events(state, "take")[-1] == {"event": "take", "seat": A, "cards": ["4D"]}


def test_r3_6_a_dead_discard_may_be_taken_by_default():
    state = arrange({A: layout()}, discard="KD")
    assert legal(state) == {"draw", "take KD"}
    play(state, "take KD")
    assert texts(state.discard) == ["KD"] and state.to_act == B and conserved(state)


def test_r3_6_discard_only_if_playable():
    state = arrange({A: layout(p1="+AS")}, discard="AD", discard_only_if_playable=True)
    assert legal(state) == {"draw"}
    assert "does not place" in refused(state, "take AD")
    for playable in ("7D", "JD"):
        state = arrange({A: layout(p1="+AS")}, discard=playable, discard_only_if_playable=True)
        assert legal(state) == {"draw", f"take {playable}"}
    state = arrange({A: layout(p1="+AS")}, discard="KD", discard_only_if_playable=True,
                    wild="kings")
    assert legal(state) == {"draw", "take KD"}
    state = arrange({A: layout(9)}, discard="10D", discard_only_if_playable=True)
    assert legal(state) == {"draw"}


# === R3.7 the placement loop ====================================================================

def test_r3_7_every_placeable_card_must_be_placed():
    state = arrange({A: layout(p2="3C", p3="+JH", p4="2S")}, stock="4H")
    play(state, "draw")  # 4H at 4 → 2S at 2 → 3C displaces the jack at 3 → the jack waits
    assert row(state, A)[:4] == [None, "2S", "3C", "4H"]
    assert state.holding == card("JH") and state.to_act == A
    assert {m.split()[-1] for m in legal(state)} == {"1", "5", "6", "7", "8", "9", "10"}


def test_r3_7_a_pip_above_n_is_dead_and_a_pip_on_a_wild_displaces_it():
    state = arrange({A: layout(4, p4="+JC")}, stock="5H")
    play(state, "draw")
    assert texts(state.discard) == ["5H"]
    state = arrange({A: layout(4, p4="+JC", p2="9S")}, stock="4H")
    play(state, "draw")
    assert row(state, A)[3] == "4H" and state.holding == card("JC")
    play(state, "place JC on 2")
    assert texts(state.discard) == ["9S"] and state.to_act == B


def test_r3_7_a_jack_displaced_from_a_face_down_spot_is_a_new_wild():
    state = arrange({A: layout(p6="JS")}, holding="JH")
    play(state, "place JH on 6")
    assert row(state, A)[5] == "JH" and state.holding == card("JS") and state.to_act == A
    assert "place JS on 6" not in legal(state)


def test_r3_7_wild_kings_make_jacks_and_queens_dead():
    state = arrange({A: layout(p2="JD")}, stock="JH", wild="kings")
    play(state, "draw")
    assert texts(state.discard) == ["JH"] and state.holding is None and state.to_act == B
    state = arrange({A: layout(p2="JD")}, stock="QH", wild="kings")
    play(state, "draw")
    assert texts(state.discard) == ["QH"]
    state = arrange({A: layout(p2="JD")}, stock="KH", wild="kings")
    play(state, "draw")
    assert state.holding == card("KH")
    play(state, "place KH on 2")
    assert texts(state.discard) == ["JD"] and state.to_act == B
    state = arrange({A: layout(p7="+KS", p3="7H")}, stock="3D", wild="kings")
    play(state, "draw")  # 3D → 7H displaces the wild king at 7
    assert state.holding == card("KS") and row(state, A)[6] == "7H"
    state = arrange({A: layout(p7="+JS", p3="7H")}, stock="3D")
    play(state, "draw")  # the same with jacks wild
    assert state.holding == card("JS")


# === R3.8 completion ===========================================================================

def test_r3_8_the_card_in_hand_is_discarded_and_nobody_else_plays():
    state = arrange({B: full(p1="QC")}, stock="AH", to_act=B, players=4)
    play(state, "draw")
    assert GARBAGE.is_over(state) and texts(state.discard) == ["QC"]
    assert GARBAGE.result(state)["winners"] == [B]
    assert [e for e in events(state, "complete")] == [{"event": "complete", "seat": B, "size": 10}]
    assert events(state, "hand")[-1]["winners"] == [B]


# === R3.9 the next hand ========================================================================

def test_r3_9_the_winner_shrinks_the_others_keep_their_size():
    state = arrange({A: layout(7), B: full(6, p6="+JD", p2="2H")}, sizes={C: 3}, stock="2C",
                    to_act=B, players=3, hand=5)
    play(state, "draw")
    result = GARBAGE.result(state)
    assert result["sizes"] == [7, 5, 3] and result["next"] == {"sizes": [7, 5, 3], "first": B,
                                                                "hand": 6}
    json.dumps(result)
    nxt = GARBAGE.new_game({"players": 3}, seed=4, match=result["next"])
    assert nxt.sizes == [7, 5, 3] and nxt.first == B and nxt.dealer == A
    assert conserved(nxt) and len(nxt.stock) == 104 - 15


def test_r3_9_a_dead_pip_above_a_shrunk_layout_is_dead_for_that_player_only():
    state = arrange({A: layout(6), B: layout(10)}, stock="8S 8H")
    play(state, "draw")
    assert texts(state.discard) == ["8S"] and not any(state.up[A])
    play(state, "draw")
    assert row(state, B)[7] == "8H"


def test_r3_9_match_sizes_are_checked():
    for bad in ([10], [10, 10, 10], [0, 10], [11, 10], [10, "9"], [9.0, 10], [True, 10],
                "10 10", {"0": 10}):
        options_error({"players": 2}, {"sizes": bad})
    state = GARBAGE.new_game({"players": 2}, seed=1, match={"sizes": [1, 10]})
    assert state.sizes == [1, 10] and [len(r) for r in state.layouts] == [1, 10]


def test_options_are_checked():
    assert "jacks" in options_error({"wild": "jokers"})
    options_error({"last_turn": "yes"})
    options_error({"trumps": True})
    opts = GARBAGE.check_options({})
    assert opts == {"players": 2, "wild": "jacks", "last_turn": False,
                    "starter_discard": False, "discard_only_if_playable": False}


# === R3.10 the match ===========================================================================

def test_r3_10_whole_match_sizes_shrink_to_the_champion():
    match, hands = None, 0
    while True:
        state = GARBAGE.new_game({"players": 2}, seed=hands, match=match)
        rng_moves = 0
        while not GARBAGE.is_over(state):
            moves = GARBAGE.legal_moves(state)
            GARBAGE.apply(state, moves[0])
            rng_moves += 1
            assert rng_moves < 3000
        result = GARBAGE.result(state)
        hands += 1
        assert sum(result["sizes"]) == sum(state.sizes) - len(result["winners"])
        if result["match_over"]:
            assert result["next"] is None and state.sizes[result["champion"]] == 1
            break
        match = result["next"]
        assert match["hand"] == hands + 1
    assert 10 <= hands <= 19


# === variant: last turn =========================================================================

def last_turn_table(last_turn=True):
    """Four players: B completes; C and D then A each have one more turn."""
    return arrange({A: full(p3="3S"), B: full(suit="D", p2="QS"),
                    C: full(suit="H", p9="+9D", p7="JC"), D: layout()},
                   stock="2H AC 7D 3H 5C", to_act=B, players=4, last_turn=last_turn)


def test_last_turn_every_other_player_has_one_more_turn():
    state = last_turn_table()
    play(state, "draw")  # B completes with 2H
    assert state.finishers == [B] and not GARBAGE.is_over(state)
    assert state.to_act == C and state.last_turns == [D, A]
    view = GARBAGE.view(state, A)
    assert view["finishers"] == [B] and view["last_turns"] == [D, A]
    play(state, "draw")  # C: AC is dead on his correct ace
    assert state.to_act == D and state.finishers == [B]
    play(state, "draw")  # D: 7D places
    assert state.to_act == A
    play(state, "draw")  # A completes with 3H
    assert GARBAGE.is_over(state)
    result = GARBAGE.result(state)
    assert result["winners"] == [B, A] and result["sizes"] == [9, 9, 10, 10]
    assert result["next"]["first"] == B and result["places"] == [1, 1, 2, 2]
    assert result["scores"] == [0.0, 1.0, 0.0, 0.0]


def test_last_turn_the_first_finisher_does_not_play_again():
    state = arrange({A: full(p5="5S"), B: full(suit="D", p6="6H")}, stock="5H 6S",
                    players=2, last_turn=True)
    play(state, "draw")
    assert state.to_act == B and state.last_turns == []
    play(state, "draw")
    assert GARBAGE.is_over(state) and GARBAGE.result(state)["winners"] == [A, B]
    state = arrange({A: full(p5="5S"), B: full(suit="D", p6="6H")}, stock="5H KS",
                    players=2, last_turn=True)
    play(state, "draw", "draw")
    assert GARBAGE.is_over(state) and GARBAGE.result(state)["winners"] == [A]


def test_last_turn_everyone_who_completes_is_reduced_and_the_first_size_one_is_champion():
    state = arrange({A: "9S", B: "+AH 2C", C: "QD"}, stock="2S AS JH", players=3, to_act=B,
                    last_turn=True)
    play(state, "draw")  # B completes a layout of 2
    assert state.last_turns == [A] and state.to_act == C
    play(state, "draw")  # C: AS, size 1 done
    assert state.to_act == A
    play(state, "draw")  # A: JH
    assert state.holding == card("JH")
    play(state, "place JH on 1")
    result = GARBAGE.result(state)
    assert result["winners"] == [B, C, A] and result["sizes"] == [0, 1, 0]
    assert result["match_over"] and result["champion"] == C
    assert result["scores"] == [0.0, 0.0, 1.0]


def test_last_turn_off_nobody_else_plays():
    state = last_turn_table(last_turn=False)
    play(state, "draw")
    assert GARBAGE.is_over(state) and GARBAGE.result(state)["winners"] == [B]


# === views =====================================================================================

def test_views_face_down_positions_are_blank_for_everyone_the_owner_too():
    for n in range(2, 7):
        state = GARBAGE.new_game({"players": n, "starter_discard": True}, seed=n)
        hidden = [str(c) for r in state.layouts for c in r] + [str(c) for c in state.stock]
        for seat in range(n):
            view = GARBAGE.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            assert view["layouts"] == [[None] * 10] * n
            assert view["stock"] == len(state.stock)
            assert view["discard"] == texts(state.discard) and view["holding"] is None
            assert visible(view) == texts(state.discard)
            assert len(hidden) == 52 * packs_for(n) - 1
            assert not set(CARD_TOKEN.findall(json.dumps(view))) - set(texts(state.discard))


def test_views_face_up_cards_discard_and_holding_are_public():
    state = scenario_2()
    play(state, "draw")
    for seat in (A, B):
        view = GARBAGE.view(state, seat)
        assert view["layouts"][A] == row(state, A)
        assert view["holding"] == "JS" and view["phase"] == "place"
        if seat == B:
            assert view["legal"] == []
        else:
            assert {m["text"] for m in view["legal"]} == legal(state)
        assert view["to_act"] == A and view["result"] is None
        assert visible(view) == sorted(public_cards(state).elements())
        assert "JS" in visible(view) and "5H" in visible(view)


def test_views_at_the_end_show_the_result():
    state = arrange({A: full(p4="+JH", p6="4S")}, stock="6C")
    play(state, "draw")
    view = GARBAGE.view(state, B)
    assert view["phase"] == "over" and view["to_act"] is None and view["legal"] == []
    assert view["result"] == GARBAGE.result(state) and view["result"]["winners"] == [A]


# === illegal moves ==============================================================================

ILLEGAL_EVERYWHERE = ["pass", "take 2C", "place 5H on 5", "place on 3", "beat 7C", "draw 2C",
                      "take on 1", "draw on 3", "dance", "place JC JD on 2"]


def test_illegal_moves_raise_with_a_reason_and_change_nothing():
    state = arrange({A: layout(p5="+JS", p2="9D")}, stock="5H", discard="KC")
    for text in ILLEGAL_EVERYWHERE + ["place JS on 2"]:
        refused(state, text)
    assert "first" in refused(state, "place JS on 2")
    play(state, "draw")
    before = snapshot(state)
    for text in ILLEGAL_EVERYWHERE + ["take KC", "draw", "place JS on 5", "place JS on 11"]:
        refused(state, text)
    assert snapshot(state) == before


def test_taking_from_an_empty_discard_is_refused():
    state = arrange({A: layout()})
    assert legal(state) == {"draw"}
    assert "empty" in refused(state, "take 5H")
    assert "empty" in refused(state, "take")


def test_moves_that_cannot_be_read_are_refused():
    state = arrange({A: layout()}, holding="JS")
    for text in ("", "place ZZ on 2", "place on", "take 11H", "place JS on"):
        refused(state, text)  # with a reason, the state unchanged
    assert state.history == []


def test_moves_by_text_or_value_are_the_same():
    a, b = played_by_value_and_by_text(GARBAGE, {"players": 3, "starter_discard": True},
                                       seed=8, moves=60)
    assert snapshot(a) == snapshot(b)


def test_replay_reproduces_the_hand():
    for options in ({"players": 4, "last_turn": True}, {"players": 2, "wild": "kings"}):
        state = random_game(GARBAGE, options, seed=99, moves=400, moves_seed=1)
        again = GARBAGE.replay(state.options, 99, state.history)
        assert snapshot(again) == snapshot(state)


def test_why_not_card_and_rules_page():
    state = arrange({A: layout(p1="+AS")}, discard="AD", discard_only_if_playable=True)
    assert "does not place" in GARBAGE.why_not_card(state, card("AD"))
    assert GARBAGE.why_not_card(arrange({A: layout()}, discard="AD"), card("AD")) == ""
    page = GARBAGE.rules()
    assert page.startswith("# Garbage") and "Last turn" in page


# === players that only take the discard =========================================================

def test_lowest_players_end_a_hand():
    """The "lowest" style takes the top of the discard whenever it may: two of them pass a dead
    card back and forth. A hand (and so a match of kozyr.match) must still end."""
    from kozyr import ai
    state = GARBAGE.new_game({"players": 2}, seed=5)
    players = [ai.make("lowest", "garbage", seat) for seat in range(2)]
    for _ in range(3000):
        if GARBAGE.is_over(state):
            break
        GARBAGE.apply(state, players[state.to_act].choose(GARBAGE.view(state, state.to_act)))
    assert GARBAGE.is_over(state), f"no end after {len(state.history)} moves: " \
        f"{' / '.join(state.history[:4])} … {' / '.join(state.history[-3:])}"


# === the heuristic and determinized worlds ======================================================

def test_heuristic_takes_a_discard_that_places_and_draws_otherwise():
    from kozyr import ai
    player = ai.make("heuristic", "garbage", 1)
    state = arrange({A: layout(p4="QH")}, discard="4D")
    assert str(player.choose(GARBAGE.view(state, A))) == "take 4D"
    state = arrange({A: layout(p4="+4H")}, discard="4D")
    assert str(player.choose(GARBAGE.view(state, A))) == "draw"
    state = arrange({A: layout(p1="+AS")}, discard="KD", wild="kings")
    assert str(player.choose(GARBAGE.view(state, A))) == "take KD"


def test_heuristic_puts_a_wild_where_the_proper_card_is_least_likely_to_come():
    from kozyr import ai
    player = ai.make("heuristic", "garbage", 1)
    # every 7 but one is in sight: the jack goes on 7
    state = arrange({A: layout(p1="+AS", p7="QC"), B: layout(p7="+7S")}, discard="7D 7H",
                    holding="JD")
    move = player.choose(GARBAGE.view(state, A))
    assert str(move) == "place JD on 7"
    play(state, str(move))
    assert texts(state.discard) == ["7D", "7H", "QC"]


def test_determinize_deals_the_unseen_cards_and_keeps_the_view():
    import random
    state = scenario_2()
    play(state, "draw")
    view = GARBAGE.view(state, B)
    world = GARBAGE.determinize(view, random.Random(3))
    assert conserved(world)
    again = GARBAGE.view(world, B)
    view.pop("log"), again.pop("log")
    assert again == view
    assert world.holding == card("JS") and world.up == state.up
    play(world, "place JS on 2")
    assert conserved(world) and world.to_act in (A, B)


def test_positions_and_wild_cards_are_named_by_the_engine():
    """The table names positions and marks wild cards with these, not a copy of the rules."""
    assert [position_name(p) for p in range(1, LAYOUT + 1)] == \
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    jacks, kings = GARBAGE.check_options({}), GARBAGE.check_options({"wild": "kings"})
    assert wild_rank(jacks) == "J" and wild_rank(kings) == "K"
    assert is_wild(jacks, "JH") and is_wild(jacks, card("JS")) and not is_wild(jacks, "KH")
    assert is_wild(kings, "KD") and not is_wild(kings, "JD")
    assert not is_wild(jacks, None) and not is_wild(jacks, "")
    state = GARBAGE.new_game({"players": 2, "wild": "kings"}, seed=1)
    assert all(GARBAGE.wild(state, c) == is_wild(state.options, str(c)) for c in deck(52))
