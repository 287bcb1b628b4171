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
            session.play(rng.choice(view["legal"])["text"])


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
        session.play(session.view()["legal"][0]["text"])
    assert session.why_not(session.view()["hand"][0]) == "it is not your turn"
    session = Session("durak", {"players": 2}, 3, human=session.to_act)
    mine = set(session.view()["hand"])
    other = next(c for c in ("6C", "7C", "8C", "9C", "10C") if c not in mine)
    assert session.why_not(other).startswith("you do not hold")
    assert "not a card" in session.why_not("ZZ")
