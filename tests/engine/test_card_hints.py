"""The engine says why a card in your hand cannot be played now, so the UI never guesses."""

import random

import kozyr
import kozyr.cards
from kozyr.session import Session

from durak_setup import arrange


def _walk(game, options, seeds):
    """Every hand card at every turn of the person: a reason exactly when it is unplayable."""
    for seed in seeds:
        session = Session(game, options, seed, level="easy")
        rng = random.Random(seed)
        while not session.over():
            if session.ai_to_act():
                session.step_ai()
                continue
            view = session.view()
            for code in view["hand"]:
                playable = any(code in m["cards"] for m in view["legal"])
                why = session.why_not(code)
                assert (why == "") == playable, (game, code, why, view["phase"])
            session.play_human(rng.choice(view["legal"])["text"])


def test_durak_reason_exactly_when_a_card_is_unplayable():
    _walk("durak", {"players": 3, "transfer": True}, range(12))


def test_stump_reason_exactly_when_a_card_is_unplayable():
    _walk("stump", {"players": 3}, range(8))


def test_durak_reasons_name_the_rule():
    state = arrange(hands={0: "8C", 1: "9H 7C"}, stock=10, trump="6D", attacker=0)
    DURAK = kozyr.get("durak")
    DURAK.apply(state, "attack 8C")
    assert DURAK.why_not_card(state, kozyr.cards.card("7C")) == "7♣ does not beat 8♣"
    assert DURAK.why_not_card(state, kozyr.cards.card("9H")) == "9♥ does not beat 8♣"


def test_not_your_turn_and_not_your_card():
    session = Session("durak", {"players": 2}, 3, human=0)
    while session.to_act == 0:
        session.play_human(session.view()["legal"][0]["text"])
    assert session.why_not(session.view()["hand"][0]) == "it is not your turn"
    session = Session("durak", {"players": 2}, 3, human=session.to_act)
    mine = set(session.view()["hand"])
    other = next(c for c in ("6C", "7C", "8C", "9C", "10C") if c not in mine)
    assert session.why_not(other).startswith("you do not hold")
    assert "not a card" in session.why_not("ZZ")


def test_advantage_reason_exactly_when_a_card_is_unplayable():
    _walk("advantage", {}, range(6))


def test_a_pile_a_card_does_not_match_is_refused_with_the_matching_rule():
    """Advantage: the table offers every pile once a card is selected; the wrong one is
    refused in the rules' words, and a right one is no refusal at all."""
    for seed in range(40):
        session = Session("advantage", {}, seed)
        while not session.over() and session.ai_to_act():
            session.step_ai()
        legal = session.view()["legal"]
        if session.over() or legal[0]["kind"] != "drop":
            continue
        code = legal[0]["cards"][0]
        fits = {m["target"] for m in legal if m["cards"] == [code]}
        misfit = next((p for p in "123" if p not in fits), None)
        if misfit is None:
            continue
        assert session.why_not_move(legal[0]["text"]) == ""
        why = session.why_not_move(f"drop {code} on {misfit}")
        assert "does not match" in why and "ace with its colour" in why
        assert "cannot read" in session.why_not_move("drop on")
        return
    raise AssertionError("no seed gave a drop with a pile the card does not match")
