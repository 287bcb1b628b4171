"""Advantage's normal level: its heuristic, the same rules' fast playout twin (for the hard
level's search, advantage_search.py) and the hint.

The deal favours the non-dealer heavily: he exchanges first and lays his pairs first, and
every pair laid draws two cards, so a big hand of different ranks can lay pair after pair and
eat the stock before the dealer's turn comes (between two equal players the non-dealer wins
about nine games in ten). Cards in hand are chances of pairs, so:
- exchange for the pile that gives the most pairs and cards (three points a pair, one a card),
  without breaking a pair held, and without giving the other seat a card of a rank it openly
  holds;
- drop so as to leave ourselves the best exchange and the other seat, as far as its open cards
  show, the worst, minding who exchanges first: the non-dealer takes his pick and the dealer
  the best of what is left; part with a card whose rank has few copies left unseen;
- of three of a kind, keep the card that matches the most pile tops.

The same rules (`decide`) play the normal level from a view and the search's playouts from an
imagined state (`playout_move`): no view, no move text, only the actor's own cards and the
public ones.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..advantage import PILES, AdvantageState, matches
from ..cards import RANKS, Card, card, deck
from ..protocol import Move, Reason
from .basic import moves_of

PAIR = 3.0  # a pair in hand after an exchange, in cards' worth
GIFT = 2.0  # giving the other seat a card of a rank it holds openly
LIVE = 0.5  # each unseen copy of a dropped card's rank: its chance of a pair given up
SECOND = 0.5  # the non-dealer's drop: how much the dealer's best exchange after his counts


# which cards match which, as bit masks over the pack: MATCHING[pagat][card] has bit i set
# when the card matches BIT order's card i (the playouts ask this thousands of times a second)
ORDER = deck(52)
BIT = {c: 1 << i for i, c in enumerate(ORDER)}
MATCHING = {pagat: {c: sum(BIT[x] for x in ORDER if matches(c, x, pagat)) for c in ORDER}
            for pagat in (False, True)}


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


def _counts(cards: Iterable[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return counts


def _pairs(counts: dict[str, int]) -> int:
    return sum(n >> 1 for n in counts.values())


def _with(counts: dict[str, int], cards: list[Card]) -> dict[str, int]:
    total = dict(counts)
    for c in cards:
        total[c.rank] = total.get(c.rank, 0) + 1
    return total


class Decision:
    """The best move and what it was judged on, for the reason: `pairs` (made in hand by an
    exchange), `pile` (a pile index), `count` (cards in it), `mine` / `theirs` (the piles the
    seat and the other could take after a drop, -1 if none), `blocked` (a drop that leaves the
    other seat no pile its open cards match)."""

    __slots__ = ("move", "pairs", "pile", "count", "mine", "theirs", "blocked", "matched")

    def __init__(self, move: Move):
        self.move = move
        self.pairs = self.pile = self.count = self.matched = 0
        self.mine = self.theirs = -1
        self.blocked = False


def decide(moves: list[Move], hand: list[Card], theirs: list[Card], piles: list[list[Card]],
           unseen: dict[str, int], pagat: bool, first: bool) -> Decision:
    """The normal level's choice among `moves` (all of one kind). `theirs`: the other seat's
    open cards; `unseen`: per rank, the copies this seat has not seen; `first`: this seat
    exchanges first in the rally (it is the non-dealer). Ties go to the first move listed."""
    kind = moves[0].kind
    if kind == "keep":
        return _keep(moves, piles, pagat)
    counts = _counts(hand)
    totals = [_with(counts, pile) for pile in piles]
    bases = [_pairs(t) for t in totals]
    if kind == "exchange":
        return _exchange(moves, counts, totals, bases, piles, theirs)
    return _drop(moves, hand, theirs, piles, unseen, pagat, first, totals, bases)


def _keep(moves: list[Move], piles: list[list[Card]], pagat: bool) -> Decision:
    tops = [pile[-1] for pile in piles]
    best, best_value = None, -1
    for m in moves:
        value = sum(matches(m.cards[0], top, pagat) for top in tops)
        if value > best_value:
            best, best_value = m, value
    decision = Decision(best)
    decision.matched = best_value
    return decision


def _exchange(moves: list[Move], counts: dict[str, int], totals: list[dict[str, int]],
              bases: list[int], piles: list[list[Card]], theirs: list[Card]) -> Decision:
    their_ranks = {c.rank for c in theirs}
    best, best_value, best_pairs = moves[0], -1e9, 0
    for m in moves:
        c, q = m.cards[0], PILES.index(m.target)
        pairs = bases[q] - (totals[q][c.rank] % 2 == 0)  # giving c breaks a pair if even
        value = PAIR * pairs + len(piles[q]) - GIFT * (c.rank in their_ranks)
        if value > best_value:
            best, best_value, best_pairs = m, value, pairs
    decision = Decision(best)
    q = PILES.index(best.target)
    decision.pile, decision.count = q, len(piles[q])
    decision.pairs = best_pairs - _pairs(counts)  # made by the pile, not held already
    return decision


def _drop(moves: list[Move], hand: list[Card], theirs: list[Card], piles: list[list[Card]],
          unseen: dict[str, int], pagat: bool, first: bool, totals: list[dict[str, int]],
          bases: list[int]) -> Decision:
    match = MATCHING[pagat]
    tops = [pile[-1] for pile in piles]
    sizes = [len(pile) for pile in piles]
    their_totals = [_with(_counts(theirs), pile) for pile in piles]
    their_bases = [_pairs(t) for t in their_totals]
    # who can match what now: hand cards per top, and the other's open cards per top
    ours_mask, theirs_mask = _mask(hand), _mask(theirs)
    reach = [(ours_mask & match[top]).bit_count() for top in tops]
    their_reach = [bool(theirs_mask & match[top]) for top in tops]
    top_bits = [BIT[top] for top in tops]
    # each pile's worth to us and to them as it is now (a drop changes one pile and our hand)
    our_worth = [PAIR * bases[q] + sizes[q] for q in range(3)]
    their_worth = [PAIR * their_bases[q] + sizes[q] for q in range(3)]
    their_ok = [their_reach[q] for q in range(3)]
    by_card: dict[Card, tuple] = {}
    best, best_value, best_info = moves[0], -1e9, (-1, -1, False)
    for m in moves:
        c, p = m.cards[0], PILES.index(m.target)
        known = by_card.get(c)
        if known is None:
            fits = match[c]
            rank = c.rank
            # the piles we could take after parting with c (a pair broken if its count is even)
            worth = [our_worth[q] - PAIR * (totals[q][rank] % 2 == 0) for q in range(3)]
            ok = [reach[q] - bool(fits & top_bits[q]) > 0 for q in range(3)]
            covered = (ours_mask & fits).bit_count() > 1  # another card of ours matches c
            known = by_card[c] = (worth, ok, covered, bool(theirs_mask & fits), rank)
        worth, ok, covered, they_cover, rank = known
        # pile p gets c: all of it comes back to us if we take it, and c is on top
        ours = worth[:]
        ours[p], our_ok = our_worth[p] + 1, ok[:]
        our_ok[p] = covered
        others, other_ok = their_worth[:], their_ok[:]
        others[p] += 1 + PAIR * (their_totals[p].get(rank, 0) % 2)
        other_ok[p] = they_cover
        if first:  # we take our pick, the dealer the best of the rest
            mine, mine_at = _best(ours, our_ok, -1)
            them, them_at = _best(others, other_ok, mine_at)
            value = mine - SECOND * them
        else:  # the non-dealer takes his pick first
            them, them_at = _best(others, other_ok, -1)
            mine, mine_at = _best(ours, our_ok, them_at)
            value = mine - them
        value -= LIVE * unseen.get(rank, 0)
        if value > best_value:
            best, best_value = m, value
            best_info = (mine_at, them_at, bool(theirs) and not any(other_ok))
    decision = Decision(best)
    decision.pile = PILES.index(best.target)
    decision.mine, decision.theirs, decision.blocked = best_info
    return decision


def _best(worth: list[float], ok: list[bool], skip: int) -> tuple[float, int]:
    """The best worth among the piles one can take (skipping one), and which; (0, -1) if none."""
    value, at = 0.0, -1
    for q in range(3):
        if ok[q] and q != skip and (at < 0 or worth[q] > value):
            value, at = worth[q], q
    return value, at


def unseen_ranks(seen: Iterable[Card]) -> dict[str, int]:
    """Per rank, how many copies are not among `seen`."""
    left = dict.fromkeys(RANKS, 4)
    for c in seen:
        left[c.rank] -= 1
    return left


# --- the normal level, from a view -----------------------------------------------------------
class AdvantageHeuristic:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.why: Reason | None = None  # why the last move was chosen, for the hint

    def choose(self, view: dict[str, Any]) -> Move:
        moves = moves_of(view)
        seen = sight(view)
        decision = decide(moves, *seen)
        self.why = explain(decision, seen[2], seen[0], len(moves) == 1)
        return decision.move


def sight(view: dict[str, Any]) -> tuple:
    """What `decide` reads from a view, after the moves: the seat's hand, the other's open
    cards, the piles, the unseen cards of each rank, the matching rule, whether it is the
    non-dealer."""
    me = view["seat"]
    hand = [card(c) for c in view["hand"]]
    theirs = [card(c) for c in view["hands"][1 - me] if c]
    piles = [[card(c) for c in pile] for pile in view["piles"]]
    seen = hand + theirs + [c for pile in piles for c in pile] + \
        [card(c) for p in view["pairs"] for c in p]
    return (hand, theirs, piles, unseen_ranks(seen), view["options"]["pagat_matching"],
            view["dealer"] != me)


def explain(d: Decision, piles: list[list[Card]], hand: list[Card], only: bool) -> Reason:
    """One line of why, for the hint; `only`: the move was the only one."""
    c = d.move.cards[0]
    if d.move.kind == "keep":
        if d.matched == 0:
            return Reason("{card} stays in hand: no card of the three matches a pile top",
                          card=c)
        # TRANSLATORS: {count} is how many of the three pile tops the card matches (1 to 3)
        return Reason("{card} stays in hand: it matches {count} of the pile tops",
                      card=c, count=d.matched)
    pile = d.pile + 1
    if d.move.kind == "exchange":
        total = _with(_counts(x for x in hand if x != c), piles[d.pile])
        pairing = [x for x in piles[d.pile] if total[x.rank] >= 2]  # the pile's cards that pair
        if d.pairs == 1 and pairing:
            # TRANSLATORS: {pile} is a centre pile's number (1, 2 or 3); {cards} the cards in
            # it that pair with cards in your hand (or with each other)
            return Reason("pile {pile} makes you a pair ({cards})", pile=pile, cards=pairing)
        if d.pairs > 1 and pairing:
            # TRANSLATORS: {count} pairs, 2 or more; {pile} is a centre pile's number; {cards}
            # the cards in it that pair
            return Reason("pile {pile} makes you {count} pairs ({cards})",
                          pile=pile, count=d.pairs, cards=pairing)
        if only:
            # TRANSLATORS: {pile} is a centre pile's number (1, 2 or 3)
            return Reason("{card} for pile {pile} is the only exchange that fits",
                          card=c, pile=pile)
        if d.count > 1:
            # TRANSLATORS: {pile} is a centre pile's number, {count} the cards in it
            return Reason("pile {pile} is the most cards you can take ({count}): every card "
                          "held is a chance of a pair", pile=pile, count=d.count)
        return Reason("{card} is the card you can best spare for pile {pile}", card=c, pile=pile)
    if only:
        # TRANSLATORS: {pile} is a centre pile's number (1, 2 or 3)
        return Reason("{card} on pile {pile} is the only drop that fits", card=c, pile=pile)
    if d.blocked:
        # TRANSLATORS: {pile} is a centre pile's number (1, 2 or 3)
        return Reason("{card} on pile {pile} leaves your opponent's open cards no pile to take",
                      card=c, pile=pile)
    if d.mine == d.pile:
        return Reason("{card} on pile {pile} builds the pile you can take back in the exchange",
                      card=c, pile=pile)
    if d.mine >= 0:
        # TRANSLATORS: {pile} and {other} are centre piles' numbers (1, 2 or 3)
        return Reason("{card} on pile {pile} leaves pile {other} for you to take in the exchange",
                      card=c, pile=pile, other=d.mine + 1)
    return Reason("{card} is the card you can best spare", card=c)


def hint(view: dict[str, Any]) -> tuple[Move, Reason]:
    """The normal level's move, with its reason."""
    player = AdvantageHeuristic(random.Random(0))
    move = player.choose(view)
    return move, player.why


# --- fast playouts --------------------------------------------------------------------------
def playout_move(game: Any, state: AdvantageState, rng: random.Random) -> Move:
    """The normal level's rules on the imagined state itself, for search: from what the actor
    can see (its hand, the other's cards but those drawn privately, the piles and pairs)."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    me = state.to_act
    hand = state.hands[me]
    hidden = state.private[1 - me]
    theirs = [c for c in state.hands[1 - me] if c not in hidden] if hidden else \
        state.hands[1 - me]
    unseen: dict[str, int] = {}
    if moves[0].kind == "drop":
        seen = [*hand, *theirs]
        for pile in state.piles:
            seen += pile
        for laid in state.pairs:
            seen += laid
        unseen = unseen_ranks(seen)
    return decide(moves, hand, theirs, state.piles, unseen, state.options["pagat_matching"],
                  state.dealer != me).move
