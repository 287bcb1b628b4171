"""High card: two players are dealt three cards each; the one who does not deal plays a card,
then the dealer; the higher rank wins (aces high), equal ranks draw."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from kozyr.cards import ACE_HIGH, Card, deck, shuffled, sort_hand
from kozyr.protocol import Game, Move, Reason, State, View

HAND = 3


@dataclass
class HighCardState(State):
    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    played: list[Card | None] = field(default_factory=list)


class HighCardView(View):
    phase: str  # "play", then "over"
    hand: list[str]  # this seat's cards
    hand_sizes: list[int]
    played: list[str | None]  # each seat's card on the table, once played (face up)


class HighCard(Game):
    name = "highcard"
    title = "High card"
    blurb = "Play one card: the higher rank wins."

    def new_game(self, options=None, seed=0, match=None) -> HighCardState:
        options = self.check_options(options)
        state = HighCardState(options=options, seed=seed, match=dict(match or {}),
                              rng=random.Random(seed))
        pack = shuffled(deck(52), state.rng)
        state.dealer = state.match.get("dealer", 0)
        state.hands = [sort_hand(pack[s * HAND:(s + 1) * HAND], ACE_HIGH) for s in (0, 1)]
        state.played = [None, None]
        state.to_act = 1 - state.dealer
        self._say(state, "deal", seat=state.dealer)
        return state

    def legal_moves(self, state: HighCardState) -> list[Move]:
        if state.to_act is None:
            return []
        return [Move("play", (c,)) for c in state.hands[state.to_act]]

    def _play(self, state: HighCardState, move: Move) -> None:
        seat, c = state.to_act, move.cards[0]
        state.hands[seat].remove(c)
        state.played[seat] = c
        self._say(state, "play", seat=seat, cards=[c])
        if None in state.played:
            state.to_act = 1 - seat
            return
        state.to_act = None
        self._say(state, "end", winners=self.result(state)["winners"])

    def result(self, state: HighCardState) -> dict[str, Any] | None:
        if None in state.played:
            return None
        ranks = [ACE_HIGH[c.rank] for c in state.played]
        nxt = {"dealer": 1 - state.dealer}
        if ranks[0] == ranks[1]:
            return {"winners": [0, 1], "losers": [], "places": [1, 1], "scores": [0.5, 0.5],
                    "draw": True, "next": nxt}
        winner = 0 if ranks[0] > ranks[1] else 1
        return {"winners": [winner], "losers": [1 - winner],
                "places": [1 if s == winner else 2 for s in (0, 1)],
                "scores": [1.0 if s == winner else 0.0 for s in (0, 1)], "draw": False,
                "next": nxt}

    def view(self, state: HighCardState, seat: int) -> HighCardView:
        legal = self.legal_moves(state) if seat == state.to_act else []
        return {"game": self.name, "seat": seat, "players": state.players,
                "options": dict(state.options), "dealer": state.dealer, "to_act": state.to_act,
                "phase": "over" if state.to_act is None else "play",
                "hand": [str(c) for c in state.hands[seat]],
                "hand_sizes": [len(h) for h in state.hands],
                "played": [str(c) if c else None for c in state.played],
                "log": list(state.log), "legal": [m.to_json() for m in legal],
                "result": self.result(state)}

    def explain(self, state: HighCardState, move: Move) -> str:
        return Reason("play one card of your hand")

    def card_move(self, state: HighCardState, c: Card) -> Move | None:
        return Move("play", (c,))


HIGH_CARD = HighCard()
