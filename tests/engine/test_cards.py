"""Cards: the text form, parsing (and refusing junk), decks and packs."""

from collections import Counter

from kozyr.cards import (ACE_HIGH, RANKS, SUITS, Card, CardError, card, cards, deck,
                         shuffled, sort_hand)


def raises_card_error(text):
    try:
        card(text)
    except CardError as exc:
        assert str(exc), "the error says nothing"
        return str(exc)
    raise AssertionError(f"{text!r} was read as a card")


def test_text_form():
    assert str(Card("7", "H")) == "7H"
    assert str(Card("10", "D")) == "10D"
    assert str(Card("Q", "S")) == "QS"
    assert Card("10", "D").label == "10♦"
    assert Card("A", "C").label == "A♣"
    assert Card("10", "D").spoken == "10 of diamonds"
    assert Card("Q", "S").spoken == "queen of spades"


def test_parse_every_card_round_trips():
    for rank in RANKS:
        for suit in SUITS:
            c = Card(rank, suit)
            assert card(str(c)) == c


def test_parse_is_case_insensitive_and_knows_t_for_ten():
    assert card("7h") == Card("7", "H")
    assert card("qs") == Card("Q", "S")
    assert card("TD") == Card("10", "D")
    assert card("td") == Card("10", "D")
    assert card("10c") == Card("10", "C")


def test_colours():
    assert card("7H").red and card("2D").red
    assert not card("7C").red and not card("AS").red


def test_junk_is_refused_with_the_text_in_the_message():
    for junk in ["", "7", "H", "1H", "0H", "11H", "110H", "7X", "ZZ", "7HH", " 7H", "7H ",
                 "10", "AA", "joker", "♥7", "7♥", "1 0H", "-7H"]:
        reason = raises_card_error(junk)
        assert repr(junk) in reason


def test_non_text_is_refused():
    for junk in [None, 7, 7.0, ["7H"], b"7H", ("7", "H")]:
        raises_card_error(junk)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_cards_reads_a_text_or_a_list():
    assert cards("7H 8D  10S") == [Card("7", "H"), Card("8", "D"), Card("10", "S")]
    assert cards(["7H", "8D"]) == [Card("7", "H"), Card("8", "D")]
    assert cards("") == []
    try:
        cards("7H 8X")
    except CardError as exc:
        assert "8X" in str(exc)
    else:
        raise AssertionError("8X was read as a card")


def test_deck_sizes_and_lowest_ranks():
    for size, low in [(24, "9"), (32, "7"), (36, "6"), (52, "2")]:
        d = deck(size)
        assert len(d) == size == len(set(d))
        assert min(ACE_HIGH[c.rank] for c in d) == ACE_HIGH[low]
        assert {c.suit for c in d} == set(SUITS)
        assert Counter(c.suit for c in d) == {s: size // 4 for s in SUITS}
        assert max(d, key=lambda c: ACE_HIGH[c.rank]).rank == "A"


def test_default_deck_is_52():
    assert sorted(deck()) == sorted(deck(52))


def test_deck_of_36_is_six_to_ace():
    assert {c.rank for c in deck(36)} == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert {c.rank for c in deck(24)} == {"9", "10", "J", "Q", "K", "A"}


def test_several_packs():
    two = deck(52, packs=2)
    assert len(two) == 104
    assert Counter(two) == Counter({c: 2 for c in deck(52)})
    assert len(deck(36, packs=3)) == 108


def test_unknown_deck_size_is_refused():
    for size in (0, 20, 40, 53, 54):
        try:
            deck(size)
        except CardError as exc:
            assert str(size) in str(exc)
        else:
            raise AssertionError(f"a {size}-card deck was made")


def test_deck_is_fresh_each_time():
    a = deck(36)
    a.pop()
    assert len(deck(36)) == 36


def test_shuffle_is_seeded_and_keeps_the_cards():
    import random
    a = shuffled(deck(36), random.Random(5))
    b = shuffled(deck(36), random.Random(5))
    c = shuffled(deck(36), random.Random(6))
    assert a == b
    assert a != c
    assert sorted(a) == sorted(deck(36))


def test_sort_hand_puts_trumps_last_and_orders_ranks():
    hand = cards("AD 7H 6D 10S 9H QS")
    ordered = [str(c) for c in sort_hand(hand, ACE_HIGH, trump="D")]
    assert ordered[-2:] == ["6D", "AD"]
    assert ordered.index("7H") < ordered.index("9H")
    assert ordered.index("10S") < ordered.index("QS")
    assert sorted(ordered) == sorted(str(c) for c in hand)
