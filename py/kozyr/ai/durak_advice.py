"""The usual advice in Durak, as a rule for every move (`policy`): the heuristic that plays the
normal level's views and the hard level's imagined deals alike (durak.py), and against which
durak_reading.py reads what a player's moves say of its hand.

The advice values a card by rank, trumps far above the rest: lead low cards (pairs together),
beat as cheaply as possible, keep trumps while the stock is deep and take instead of spending
one, throw in every plain card (trumps too once the stock is nearly out), give a taker only
small cards, transfer with a cheap card of the rank. Once the stock is empty every card shed
is a step towards going out, so it plays freely.
"""

from __future__ import annotations

from ..cards import ACE_HIGH, Card
from ..protocol import Move

TRUMP_BONUS = 13
HIGH = ACE_HIGH["J"]  # from here up a plain card is not led while the stock lasts
PAIR = 3  # leading several cards of a rank is worth this much a card more
DEEP = 8  # cards in the stock above which a trump is kept rather than spent …
TAKE_AT_MOST = 4  # … on a table of at most this many cards: taking them costs less
THROW_TRUMPS = 4  # cards in the stock from which trumps are thrown in too
TO_TAKER = ACE_HIGH["Q"]  # a taker is given plain cards below this (the rest would come back)

Table = list[list[Card | None]]  # [[attack card, defence card or None], …]


def card_value(c: Card, trump: str) -> int:
    """What a card is worth to keep: its rank, and TRUMP_BONUS more for a trump."""
    return ACE_HIGH[c.rank] + (TRUMP_BONUS if c.suit == trump else 0)


def policy(moves: list[Move], trump: str, stock: int, table: Table, defending: bool,
           taking: bool) -> tuple[Move, str]:
    """The heuristic's move among the legal `moves`, and why (a word `DurakHeuristic` puts
    into a sentence). It reads only what the whole table sees and the moves the seat's own
    hand allows, so the same code plays a view (the normal level) and an imagined deal (the
    search's playouts, where it runs millions of times: no views, no texts, no objects).

    The rules were tuned against the lowest-card player, whose weakness is any player's: it
    spends its trumps on whatever comes, and a defender who runs out of trumps loses the
    endgame. So: keep trumps while the stock is deep (take instead), throw in every plain
    card (each one makes the defender spend or take), and trumps too once the stock is
    nearly out."""
    if len(moves) == 1:
        return moves[0], "only"
    endgame = not stock
    if not table:
        def cost(m: Move) -> int:
            worst = max(card_value(c, trump) for c in m.cards)
            return worst - PAIR * (len(m.cards) - 1) if worst < HIGH or endgame else worst + 20
        best = min(moves, key=cost)
        return best, "pair" if len(best.cards) > 1 else "lead"
    if defending:
        return _defend(moves, trump, stock, table)
    throws = [m for m in moves if m.kind == "throw" and len(m.cards) == 1
              and (endgame or worth_throwing(m.cards[0], trump, stock, taking))]
    if not throws:
        keep = "keep-from-taker" if taking else "keep"
        return next(m for m in moves if m.kind == "pass"), keep
    return min(throws, key=lambda m: card_value(m.cards[0], trump)), "throw"


def worth_throwing(c: Card, trump: str, stock: int, taking: bool) -> bool:
    """Before the endgame: a plain card makes the defender spend or take, a trump only once
    the stock is nearly out; a taker gets only cards below the queen."""
    if taking and ACE_HIGH[c.rank] >= TO_TAKER:
        return False
    return c.suit != trump or stock <= THROW_TRUMPS


def _defend(moves: list[Move], trump: str, stock: int, table: Table) -> tuple[Move, str]:
    take = next(m for m in moves if m.kind == "take")
    best: dict[str, Move] = {}  # the cheapest beater of each attack card
    for m in moves:
        if m.kind == "beat":
            if m.target not in best or \
                    card_value(m.cards[0], trump) < card_value(best[m.target].cards[0], trump):
                best[m.target] = m
        elif m.kind == "show":
            return m, "show"  # costs nothing
        elif m.kind == "transfer" and len(m.cards) == 1 and (not stock or m.cards[0].suit != trump):
            return m, "transfer"
    unbeaten = [a for a, d in table if d is None]
    if len(best) < len(unbeaten):
        return take, "cannot"
    pick = best[str(max(unbeaten, key=lambda c: card_value(c, trump)))]
    if stock > DEEP and pick.cards[0].suit == trump and len(table) <= TAKE_AT_MOST:
        return take, "keep-trumps"
    return pick, "beat"
