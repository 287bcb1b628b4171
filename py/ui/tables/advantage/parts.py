"""Advantage's table in pieces: the hands (privately drawn cards marked), the score piles, the
stock, the three numbered piles drawn as cascades, the phase bar, the "just now" box and the
seats.

Every card of a pile is public, so a pile's cards under the top peek out above it with their
corner index showing, and the whole pile is listed in its label. Only cards the view shows
face up get a face: the hand, the opponent's open cards, the piles and the pairs laid. The
opponent's privately drawn cards are backs with no identity.
"""

from __future__ import annotations

from html import escape

from kozyr.cards import card
from kozyr.protocol import Move

from ...i18n import N_, NP_, _, n_, p_
from ...parts.cards import back_html, card_html, label
from ...parts.hand import hand_html as plain_hand_html
from ...parts.bubbles import Said, latest_voiced
from ...parts.look import Look, my_turn
from ...parts.seats import count_badge, plate_html, seat_classes
from ...parts.words import Speaker, tooltip
from .log import advantage_lines

PHASES = ("drop", "exchange", "pairs")
# The phases' names on the phase bar, worded with p_("phase", ...)
PHASE_WORDS = {"drop": NP_("phase", "Drop"), "exchange": NP_("phase", "Exchange"),
               "pairs": NP_("phase", "Pairs")}
# The rank of a three of a kind, in words (p_("three", ...)); a number rank is "Three {rank}s"
THREES = {"J": NP_("three", "Three jacks"), "Q": NP_("three", "Three queens"),
          "K": NP_("three", "Three kings"), "A": NP_("three", "Three aces")}
# A seat's role on its name plate in each phase (p_("badge", ...))
ROLES = {"drop": NP_("badge", "drops"), "exchange": NP_("badge", "exchanges"),
         "pairs": NP_("badge", "keeps one")}
CASCADE = 3  # cards under a pile's top shown peeking out; more are counted
RECENT = 6  # lines in the "just now" box
AUTO_PAUSE, MAX_PAUSE = 0.3, 1.5  # extra seconds for the opponent per automatic event


def _since_choice(log: list[dict], seat: int) -> int:
    """Where the events since the seat's last drop or exchange begin (that move included)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("event") in ("drop", "exchange") and log[i].get("seat") == seat:
            return i
    return 0


def auto_seconds(v: dict) -> float:
    """The opponent waits a little longer after help-draws, passes and pairs, to be seen."""
    log = v["log"]
    start = max((i for i, ev in enumerate(log) if ev.get("event") in ("drop", "exchange")),
                default=0)
    auto = sum(1 for ev in log[start + 1:] if ev.get("event") in ("pair", "pass")
               or ev.get("why") == "help")
    return min(MAX_PAUSE, AUTO_PAUSE * auto)


# --- the hands ----------------------------------------------------------------------------------

# TRANSLATORS: the title of a card of your hand that you drew (the other player does not see it)
PRIVATE = N_("Only you see this card: you drew it. It turns public when you drop, exchange or "
             "pair it.")


def hand_html(v: dict, look: Look) -> str:
    """The person's hand; privately drawn cards carry an "only you" badge."""
    # TRANSLATORS: a card you drew, as a screen reader hears it ("king of spades, only you see
    # this card, playable, 3 of 8")
    mark = ("private", _(PRIVATE), _("only you see this card"))
    return plain_hand_html(v, look, {code: mark for code in v["private"]}, stagger_from=1)


def _arrived(v: dict, seat: int, look: Look) -> tuple[set[str], int]:
    """What just came into a seat's hand: the open cards of a pile it took, and how many
    cards it drew (the app's `fresh` names the new events)."""
    taken, drawn = set(), 0
    for i, ev in enumerate(v["log"]):
        if f"ev:{i}" not in look.fresh or ev.get("seat") != seat:
            continue
        if ev.get("event") == "exchange":
            taken |= set(ev.get("taken") or ())
        elif ev.get("event") == "draw":
            drawn += ev.get("count", len(ev.get("cards") or ()))
    return taken, drawn


def opponent_fan(v: dict, seat: int, look: Look) -> str:
    """The other seat's hand: open cards face up, its drawn cards as plain backs; what just
    arrived comes in with a little motion."""
    taken, drawn = _arrived(v, seat, look)
    backs = sum(1 for c in v["hands"][seat] if c is None)
    cards, k = [], 0
    for c in v["hands"][seat]:
        if c:
            cards.append(card_html(c, "open fresh" if c in taken else "open"))
            continue
        k += 1
        cards.append(back_html("hidden fresh" if k > backs - drawn else "hidden"))
    if not cards:
        return (f'<div class="fan afan empty" style="--n:1" data-pile="hand-{seat}">'
                f'<span class="fan-empty"></span></div>')
    return (f'<div class="fan afan" style="--n:{len(cards)}" data-pile="hand-{seat}">'
            f'{"".join(cards)}</div>')


def score_html(v: dict, seat: int, look: Look, fresh_pair: bool) -> str:
    """A seat's score pile: its latest pair face up and how many pairs it holds."""
    sp = Speaker(look.names, look.human)
    pairs = v["pairs"][seat]
    n = len(pairs) // 2
    if seat == look.human:
        title = _("Your pairs: {n}. Click to see every pair.", n=n)
    else:
        title = _("{who}'s pairs: {n}. Click to see every pair.", who=sp.who(seat), n=n)
    said = n_("{who}: {n} pair, show them", "{who}: {n} pairs, show them", n, who=sp.who(seat))
    # TRANSLATORS: under a seat's score pile, the word after the number of pairs ("3 pairs")
    unit = n_("pair", "pairs", n)
    if not n:
        body = '<span class="score-empty"></span>'
    else:
        cls = "pair-card fresh" if fresh_pair else "pair-card"
        body = "".join(card_html(c, cls, f'style="--i:{i}"') for i, c in enumerate(pairs[-2:]))
    return (f'<button type="button" class="score" data-act="discards" data-seat="{seat}" '
            f'data-pairs="{n}" data-pile="pairs-{seat}" data-count="{len(pairs)}"'
            f'{tooltip(title, look.touch)} aria-label="{escape(said)}"><span class="score-cards">{body}</span>'
            f'<span class="score-count"><b>{n}</b> {escape(unit)}</span>'
            f'</button>')


# --- the middle -----------------------------------------------------------------------------------

def stock_html(v: dict) -> str:
    n = v["stock"]
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n)))
    # TRANSLATORS: in place of the stock when no card is left in it
    out = p_("stock", "out")
    inner = layers or f'<span class="stock-out">{escape(out)}</span>'
    said = n_("Stock: {n} card", "Stock: {n} cards", n)
    # TRANSLATORS: the caption under the stock (the cards left to draw)
    cap = _("Stock")
    return (f'<div class="astock{" empty" if not n else ""}" id="stock" data-pile="stock" '
            f'data-count="{n}" '
            f'aria-label="{escape(said)}"><div class="stock-pile">{inner}</div>'
            f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
            f'<span class="a-cap">{escape(cap)}</span></div>')


def last_played(v: dict, sp: Speaker) -> tuple[str, str, int] | None:
    """The pile of the latest drop or exchange this rally, a caption, and its event index."""
    log = v["log"]
    for i in range(len(log) - 1, -1, -1):
        kind = log[i].get("event")
        if kind in ("drop", "exchange"):
            seat = log[i].get("seat")
            # TRANSLATORS: a tag on the pile the latest card was dropped on (or exchanged for)
            said = (sp.says(seat, N_("You dropped"), N_("{who} dropped")) if kind == "drop"
                    else sp.says(seat, N_("You exchanged"), N_("{who} exchanged")))
            return log[i].get("pile"), said, i
        if kind in ("rally", "deal"):
            return None
    return None


def _pile_words(pile: list[str], number: str) -> str:
    n, top = len(pile), label(pile[-1])
    if n > 1:
        under = _(", ").join(label(c) for c in pile[:-1])
        # TRANSLATORS: a pile's label: {top} its top card ("K♠"), {under} the cards under it
        return n_("Pile {number}: {n} card, {top} on top; under it {under}",
                  "Pile {number}: {n} cards, {top} on top; under it {under}", n,
                  number=number, top=top, under=under)
    # TRANSLATORS: a pile's label: {top} its top card ("K♠")
    return n_("Pile {number}: {n} card, {top} on top", "Pile {number}: {n} cards, {top} on top",
              n, number=number, top=top)


def pile_html(v: dict, i: int, look: Look, aims: dict[str, dict], sp: Speaker,
              last: tuple[str, str, int] | None) -> str:
    """Pile i+1: the cards under the top peek out above it; a lit button while the selected
    card matches it, else (with a selection) a button the engine will explain."""
    number, pile = str(i + 1), v["piles"][i]
    shown = pile[-CASCADE - 1:]
    more = len(pile) - len(shown)
    fresh = bool(last) and last[0] == number and f"ev:{last[2]}" in look.fresh
    cards = []
    for k, code in enumerate(shown):
        top = k == len(shown) - 1
        cls = "top" + (" fresh" if top and fresh else "") if top else "under"
        cards.append(card_html(code, cls, f'style="--k:{k}"'))
    # TRANSLATORS: the title of "+3" above a pile: cards under those shown
    hidden = n_("{n} more under these", "{n} more under these", more)
    more_html = (f'<span class="pile-more" title="{escape(hidden)}">+{more}</span>'
                 if more else "")
    words = _pile_words(pile, number)
    size = n_("{n} card", "{n} cards", len(pile))
    tag = (f'<span class="pile-tag">{escape(last[1])}</span>' if last and last[0] == number
           else "")
    inner = (f'<span class="pile-no" aria-hidden="true">{number}</span>'
             f'<span class="pile-cards" style="--n:{len(shown)}">{"".join(cards)}</span>'
             f'{more_html}{tag}<span class="a-cap"><span class="pile-size">'
             f'{escape(size)}</span></span>')
    cls = ["apile"]
    if last and last[0] == number:
        cls.append("last")
    if look.selection and my_turn(v, look):
        move = aims.get(number)
        cls.append("target" if move else "nomatch")
        kind = "exchange" if v["phase"] == "exchange" else "drop"
        # not a legal move: played all the same, for the engine to say why not
        text = move["text"] if move else str(Move(kind, (card(look.selection[0]),), number))
        held = label(look.selection[0])
        if kind == "drop":
            what = _("Drop {card} on pile {number}.", card=held, number=number)
        else:
            what = _("Exchange {card} for pile {number}.", card=held, number=number)
        return (f'<button type="button" class="{" ".join(cls)}" data-target="{number}" '
                f'data-pile="pile-{number}" data-count="{len(pile)}" '
                f'data-act="target" data-arg="{escape(text)}" aria-label="{escape(what)} '
                f'{escape(words)}" title="{escape(words)}" aria-keyshortcuts="{number}" '
                f'tabindex="{0 if number == "1" else -1}">{inner}</button>')
    return (f'<div class="{" ".join(cls)}" data-target="{number}" data-pile="pile-{number}" '
            f'data-count="{len(pile)}" role="group" '
            f'aria-label="{escape(words)}" title="{escape(words)}">{inner}</div>')


def phase_bar(v: dict, look: Look, sp: Speaker) -> str:
    """The rally, the three phases with the current one lit, and whose turn it is."""
    now = v["phase"]
    steps = []
    for k, phase in enumerate(PHASES):
        state = "on" if phase == now else ("done" if now in PHASES and
                                            PHASES.index(now) > k else "")
        word = p_("phase", PHASE_WORDS[phase])
        steps.append(f'<li class="{state}" data-phase="{phase}">{escape(word)}</li>')
    if now == "over":
        who = _("Game over")
    elif v["acting"] == look.human:
        who = _("Your turn")
    else:
        who = _("{who}'s turn", who=sp.who(v["acting"]))
    # TRANSLATORS: the phase bar: the word before the rally's number ("Rally 3")
    rally = escape(_("Rally"))
    return (f'<div class="phasebar" id="phasebar" data-phase="{now}" data-rally="{v["rally"]}">'
            f'<span class="rally">{rally} <b>{v["rally"]}</b></span>'
            f'<ol class="phases">{"".join(steps)}</ol>'
            f'<span class="turn">{escape(who, quote=False)}</span></div>')


def recent_html(v: dict, look: Look, sp: Speaker) -> str:
    start = _since_choice(v["log"], look.human)
    rows = [r for r in advantage_lines(v["log"], sp) if r[0] >= start][-RECENT:]
    items = "".join(f'<li class="ev-{css}{" fresh" if f"ev:{i}" in look.fresh else ""}" '
                    f'style="--d:{k}">{escape(text)}</li>' for k, (i, css, text) in enumerate(rows))
    # TRANSLATORS: the box that tells what happened since your last drop or exchange
    said = _("Just now")
    return (f'<div class="recent" id="recent" aria-label="{escape(said)}">'
            f'<ol class="recent-lines">{items}</ol></div>')


PHASE_ACTS = ("exchange", "pair", "pass")  # what a seat does in a phase, besides a drop


def seat_word(v: dict, seat: int) -> Said | None:
    """The seat's word on its latest turn: the pairs it laid, its exchange or its pass."""
    log = v["log"]
    i = latest_voiced(log, seat, PHASE_ACTS, ("drop", *PHASE_ACTS))
    if i is None:
        return None
    kind = log[i]["event"]
    if kind == "pair":
        n = 0  # the pairs it laid in a row, up to this one
        for ev in reversed(log[:i + 1]):
            if ev.get("event") == "rally" or (
                    ev.get("seat") == seat and ev.get("event") in ("drop", "exchange", "pass")):
                break
            n += ev.get("event") == "pair" and ev.get("seat") == seat
        # TRANSLATORS: a player's speech bubble: the pairs they just laid
        return Said(seat, i, kind, n_("+{n} pair", "+{n} pairs", n))
    if kind == "exchange":
        # TRANSLATORS: a player's speech bubble: they exchange a card of their hand for a whole
        # pile (they take the pile, the card goes in its place)
        return Said(seat, i, kind, p_("bubble", "Swap!"))
    # TRANSLATORS: a player's speech bubble: they pass (they had nothing to do)
    return Said(seat, i, kind, p_("badge", "Pass"))


# --- seats ------------------------------------------------------------------------------------------

def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over" or v["acting"] != seat:
        return ""
    phase = v["phase"]
    word = p_("badge", ROLES[phase])
    return f'<span class="role attack">{escape(word)}</span>'


def seat_plate(v: dict, seat: int, look: Look, word: Said | None = None) -> str:
    return plate_html(v, seat, look, count_badge(len(v["hands"][seat])), _role(v, seat), word)


def fresh_pair(v: dict, seat: int, look: Look) -> bool:
    return any(f"ev:{i}" in look.fresh for i, ev in enumerate(v["log"])
               if ev.get("event") == "pair" and ev.get("seat") == seat)


def opponent_html(v: dict, seat: int, look: Look) -> str:
    classes = " ".join(seat_classes(v, seat, look, "seat aseat", "acting"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'<div class="aseat-row">{opponent_fan(v, seat, look)}'
            f'{score_html(v, seat, look, fresh_pair(v, seat, look))}</div>'
            f'{seat_plate(v, seat, look, seat_word(v, seat))}</div>')
