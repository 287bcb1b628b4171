"""The Advantage table, rendered as HTML from the human seat's view (and nothing else).

The middle holds the stock and the three numbered piles. Every card of a pile is public, so a
pile is drawn as a cascade: the cards under the top peek out above it with their corner index
showing, and the whole pile is listed in its label and in the "Piles and pairs" sheet. Above
the piles a bar names the rally and the phase (Drop, Exchange, Pairs) and whose turn it is;
below them a box tells what happened since the person last chose, since help-draws, passes
and pairs happen by themselves.

Playing: click a card of the hand (it is selected and the piles it matches light up), then
click a lit pile; a card can also be dragged onto a pile on a desktop. A pile that does not
match can be clicked too, and the engine's reason is shown. Of three of a kind, the card the
person clicks is the one kept.

Only cards the view shows face up get a face: the hand, the opponent's open cards, the piles
and the pairs laid. The opponent's privately drawn cards are backs with no identity.
"""

from __future__ import annotations

from html import escape

from .. import moves as mv
from ..parts.cards import RANK_NAMES, back_html, card_html, chip_html, label, name
from ..parts.hand import hand_html as plain_hand_html
from ..parts.look import Look, my_turn
from ..parts.seats import count_badge, plate_html, seat_classes
from ..parts.words import Speaker, plural
from .base import Outcome, Table
from .logs import advantage_lines

PHASES = ("drop", "exchange", "pairs")
PHASE_WORDS = {"drop": "Drop", "exchange": "Exchange", "pairs": "Pairs"}
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

PRIVATE = ("Only you see this card: you drew it. It turns public when you drop, exchange or "
           "pair it.")


def hand_html(v: dict, look: Look) -> str:
    """The person's hand; privately drawn cards carry an "only you" badge."""
    return plain_hand_html(v, look, {code: ("private", PRIVATE) for code in v["private"]},
                           stagger_from=1)


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
        return '<div class="fan afan empty" style="--n:1"><span class="fan-empty"></span></div>'
    return f'<div class="fan afan" style="--n:{len(cards)}">{"".join(cards)}</div>'


def score_html(v: dict, seat: int, look: Look, fresh_pair: bool) -> str:
    """A seat's score pile: its latest pair face up and how many pairs it holds."""
    pairs = v["pairs"][seat]
    n = len(pairs) // 2
    whose = "Your" if seat == look.human else f"{look.names[seat]}'s"
    words = f"{whose} pairs: {n}"
    who, unit = ("You" if seat == look.human else look.names[seat]), ("pair" if n == 1 else "pairs")
    if not n:
        body = '<span class="score-empty"></span>'
    else:
        cls = "pair-card fresh" if fresh_pair else "pair-card"
        body = "".join(card_html(c, cls, f'style="--i:{i}"') for i, c in enumerate(pairs[-2:]))
    return (f'<button type="button" class="score" data-act="discards" data-seat="{seat}" '
            f'data-pairs="{n}" title="{escape(words)}. Click to see every pair." '
            f'aria-label="{escape(who)}: {n} {unit}, show them"><span class="score-cards">{body}</span>'
            f'<span class="score-count"><b>{n}</b> {unit}</span>'
            f'</button>')


# --- the middle -----------------------------------------------------------------------------------

def stock_html(v: dict) -> str:
    n = v["stock"]
    layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, n)))
    inner = layers or '<span class="stock-out">out</span>'
    return (f'<div class="astock{" empty" if not n else ""}" id="stock" '
            f'aria-label="Stock: {plural(n, "card")}"><div class="stock-pile">{inner}</div>'
            f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
            f'<span class="a-cap">Stock</span></div>')


def _last_played(v: dict, sp: Speaker) -> tuple[str, str, int] | None:
    """The pile of the latest drop or exchange this rally, a caption, and its event index."""
    log = v["log"]
    for i in range(len(log) - 1, -1, -1):
        kind = log[i].get("event")
        if kind in ("drop", "exchange"):
            verb = {"drop": "dropped", "exchange": "exchanged"}[kind]
            return log[i].get("pile"), f"{sp.who(log[i].get('seat'))} {verb}", i
        if kind in ("rally", "deal"):
            return None
    return None


def _pile_words(pile: list[str], number: str) -> str:
    under = ", ".join(label(c) for c in pile[:-1])
    text = f"Pile {number}: {plural(len(pile), 'card')}, {label(pile[-1])} on top"
    return text + (f"; under it {under}" if under else "")


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
    more_html = (f'<span class="pile-more" title="{more} more under these">+{more}</span>'
                 if more else "")
    words = _pile_words(pile, number)
    tag = (f'<span class="pile-tag">{escape(last[1])}</span>' if last and last[0] == number
           else "")
    inner = (f'<span class="pile-no" aria-hidden="true">{number}</span>'
             f'<span class="pile-cards" style="--n:{len(shown)}">{"".join(cards)}</span>'
             f'{more_html}{tag}<span class="a-cap"><span class="pile-size">'
             f'{plural(len(pile), "card")}</span></span>')
    cls = ["apile"]
    if last and last[0] == number:
        cls.append("last")
    if look.selection and my_turn(v, look):
        move = aims.get(number)
        cls.append("target" if move else "nomatch")
        kind = "exchange" if v["phase"] == "exchange" else "drop"
        text = move["text"] if move else f"{kind} {look.selection[0]} on {number}"
        what = (f"{'Drop' if kind == 'drop' else 'Exchange'} {label(look.selection[0])} "
                f"{'on' if kind == 'drop' else 'for'} pile {number}")
        return (f'<button type="button" class="{" ".join(cls)}" data-target="{number}" '
                f'data-act="target" data-arg="{escape(text)}" aria-label="{escape(what)}. '
                f'{escape(words)}" title="{escape(words)}" aria-keyshortcuts="{number}" '
                f'tabindex="{0 if number == "1" else -1}">{inner}</button>')
    return (f'<div class="{" ".join(cls)}" data-target="{number}" role="group" '
            f'aria-label="{escape(words)}" title="{escape(words)}">{inner}</div>')


def phase_bar(v: dict, look: Look, sp: Speaker) -> str:
    """The rally, the three phases with the current one lit, and whose turn it is."""
    now = v["phase"]
    steps = []
    for k, phase in enumerate(PHASES):
        state = "on" if phase == now else ("done" if now in PHASES and
                                            PHASES.index(now) > k else "")
        steps.append(f'<li class="{state}" data-phase="{phase}">{PHASE_WORDS[phase]}</li>')
    if now == "over":
        who = "Game over"
    elif v["acting"] == look.human:
        who = "Your turn"
    else:
        who = f"{escape(sp.who(v['acting']))}'s turn"
    return (f'<div class="phasebar" id="phasebar" data-phase="{now}" data-rally="{v["rally"]}">'
            f'<span class="rally">Rally <b>{v["rally"]}</b></span>'
            f'<ol class="phases">{"".join(steps)}</ol><span class="turn">{who}</span></div>')


def _recent(v: dict) -> range:
    """The events the "just now" box tells: since the person's last drop or exchange."""
    return range(_since_choice(v["log"], v["seat"]), len(v["log"]))


def recent_html(v: dict, look: Look, sp: Speaker) -> str:
    start = _since_choice(v["log"], look.human)
    rows = [r for r in advantage_lines(v["log"], sp) if r[0] >= start][-RECENT:]
    items = "".join(f'<li class="ev-{css}{" fresh" if f"ev:{i}" in look.fresh else ""}" '
                    f'style="--d:{k}">{escape(text)}</li>' for k, (i, css, text) in enumerate(rows))
    return (f'<div class="recent" id="recent" aria-label="Just now">'
            f'<ol class="recent-lines">{items}</ol></div>')


def _bubble(v: dict, seat: int, look: Look) -> str:
    """Pairs a seat laid, or its pass, since the person last chose."""
    log = v["log"]
    events = [log[i] for i in _recent(v) if log[i].get("seat") == seat]
    n = sum(1 for ev in events if ev.get("event") == "pair")
    if n:
        return f'<span class="bubble b-pair">+{plural(n, "pair")}</span>'
    if events and events[-1].get("event") == "pass":
        return '<span class="bubble b-pass">Pass</span>'
    return ""


# --- seats ------------------------------------------------------------------------------------------

def _role(v: dict, seat: int) -> str:
    if v["phase"] == "over" or v["acting"] != seat:
        return ""
    word = {"drop": "drops", "exchange": "exchanges", "pairs": "keeps one"}[v["phase"]]
    return f'<span class="role attack">{word}</span>'


def _plate(v: dict, seat: int, look: Look) -> str:
    return plate_html(v, seat, look, count_badge(len(v["hands"][seat])), _role(v, seat))


def _fresh_pair(v: dict, seat: int, look: Look) -> bool:
    return any(f"ev:{i}" in look.fresh for i, ev in enumerate(v["log"])
               if ev.get("event") == "pair" and ev.get("seat") == seat)


def _opponent(v: dict, seat: int, look: Look) -> str:
    classes = " ".join(seat_classes(v, seat, look, "seat aseat", "acting"))
    return (f'<div class="{classes}" data-seat="{seat}">'
            f'<div class="aseat-row">{opponent_fan(v, seat, look)}'
            f'{score_html(v, seat, look, _fresh_pair(v, seat, look))}</div>'
            f'{_plate(v, seat, look)}{_bubble(v, seat, look)}</div>')


# --- prompt, hints, actions ---------------------------------------------------------------------------

def _keep_rank(v: dict) -> str:
    """The rank of the three of a kind, in words: "7s", "queens"."""
    keeps = [m["cards"][0] for m in v["legal"] if m["kind"] == "keep"]
    rank = keeps[0][:-1] if keeps else ""
    return RANK_NAMES.get(rank, rank) + "s"


def _prompt(v: dict, look: Look, sp: Speaker) -> str:
    phase, actor = v["phase"], v["acting"]
    if phase == "over":
        return "Game over."
    if actor != look.human:
        doing = {"drop": "drops a card", "exchange": "exchanges",
                 "pairs": "chooses which card of three to keep"}[phase]
        return f"{escape(sp.who(actor))} {doing}…"
    if phase == "drop":
        return "<b>Drop</b> a card on a pile it matches."
    if phase == "exchange":
        return "<b>Exchange</b> a card for a pile: you take the whole pile."
    return (f"<b>Three {escape(_keep_rank(v))}</b>: choose which card of three to keep; "
            f"the other two make a pair.")


def selection_hint(legal: list[dict], sel: list[str]) -> str:
    """What to do with the selected card (shown under the prompt)."""
    if not sel:
        return ""
    piles = sorted(mv.targets(legal, sel))
    if not piles:  # a card of three of a kind: a click keeps it, there is no pile to aim at
        return f"{label(sel[0])} selected."
    shown = label(sel[0])
    where = piles[0] if len(piles) == 1 else ", ".join(piles[:-1]) + " or " + piles[-1]
    kind = next((m["kind"] for m in mv.exact(legal, sel)), "drop")
    if kind == "exchange":
        return f"{shown}: now click pile {where} to take it and leave {shown} in its place."
    return f"{shown}: now click pile {where} to drop it there."


def _actions(v: dict, look: Look) -> str:
    if look.selection and my_turn(v, look):
        return '<button type="button" class="btn ghost" data-act="clear">Cancel</button>'
    return ""


# --- the game-over panel --------------------------------------------------------------------------------

def _outcome(v: dict, look: Look, sp: Speaker) -> Outcome | None:
    r = v.get("result")
    if not r:
        return None
    me, pairs = look.human, r["pairs"]
    if r["draw"]:
        mood, title = "draw", "A draw"
    elif r["winners"] == [me]:
        mood, title = "won", "You won!"
    else:
        mood, title = "lost", f"{sp.who(r['winners'][0])} wins"
    why = ("Ten rallies passed without a pair once the stock was out." if v["pairless"] >= 10
           else "The stock is out and a whole rally went by without a drop, an exchange or "
                "a pair.")
    nxt = (r.get("next") or {}).get("dealer")
    deals = f" Next deal: {sp.who(nxt)} {'deal' if nxt == me else 'deals'}." if nxt is not None else ""
    rows = []
    for seat in sorted((0, 1), key=lambda s: -pairs[s]):
        won = seat in r["winners"] and not r["draw"]
        rows.append(f'<li class="{"winner" if won or r["draw"] else "loser"}" data-seat="{seat}">'
                    f'<span class="place">{"★" if won else "·"}</span>{escape(sp.who(seat))}'
                    f'<span class="held" data-pairs="{pairs[seat]}">'
                    f'{plural(pairs[seat], "pair")}</span></li>')
    return Outcome(mood, title, why + deals, rows, again="Next deal")


def discards_html(v: dict) -> str:
    """The sheet: every pile, bottom to top, and every pair laid (all of it public)."""
    def chips(codes: list[str]) -> str:
        return "".join(chip_html(c) for c in codes)
    rows = [f'<li><b>Pile {i + 1}</b>, bottom to top: {chips(p)}</li>'
            for i, p in enumerate(v["piles"])]
    you = v["seat"]
    for seat in (you, 1 - you):
        pairs = v["pairs"][seat]
        who = "Your pairs" if seat == you else "Your opponent's pairs"
        rows.append(f'<li><b>{who}</b> ({len(pairs) // 2}): '
                    f'{chips(pairs) or "<span class=none>none yet</span>"}</li>')
    return f'<ul class="apiles-list">{"".join(rows)}</ul>'


# --- the screen --------------------------------------------------------------------------------------------

def _facts(v: dict) -> list[str]:
    facts = [f"deal {v['deal_number']}", f"{plural(v['stock'], 'card')} in the stock"]
    if v["options"].get("pagat_matching"):
        facts.append("Pagat's matching")
    return facts


def middle_html(v: dict, look: Look, sp: Speaker) -> str:
    aims = mv.targets(v["legal"], look.selection) if look.selection and my_turn(v, look) else {}
    last = _last_played(v, sp)
    piles = "".join(pile_html(v, i, look, aims, sp, last) for i in range(3))
    aiming = " aiming" if aims or (look.selection and my_turn(v, look)) else ""
    return (f'{phase_bar(v, look, sp)}<div class="amiddle">{stock_html(v)}'
            f'<div class="piles{aiming}" id="bout" role="group" aria-label="The piles" '
            f'data-roving>{piles}</div>{recent_html(v, look, sp)}</div>')


class AdvantageTable(Table):
    game = "advantage"
    kind = "advantage-table"
    discards_title = "Piles and pairs"
    choose_target = True  # a click on a card selects it; the pile is always the person's click
    opponents_label = "Your opponent"
    keys = (("1 2 3", "drop or exchange the selected card on that pile"),)

    def screen_classes(self, v: dict, look: Look) -> list[str]:
        return ["selecting"] if look.selection else []

    def screen_data(self, v: dict, look: Look) -> str:
        return f' data-deal="{v["deal_number"]}"'

    def facts(self, v: dict, look: Look) -> list[str]:
        return _facts(v)

    def opponents(self, v: dict, look: Look) -> str:
        return _opponent(v, 1 - look.human, look)

    def middle(self, v: dict, look: Look) -> str:
        return middle_html(v, look, Speaker(look.names, look.human))

    def prompt(self, v: dict, look: Look) -> str:
        return _prompt(v, look, Speaker(look.names, look.human))

    def middle_words(self, v: dict, look: Look) -> list[str]:
        piles = [f"pile {i}: {name(p[-1])} on top of {len(p) - 1} more" if p else f"pile {i}: empty"
                 for i, p in enumerate(v["piles"], 1)]
        return [f"The stock: {plural(v['stock'], 'card')}.", "; ".join(piles).capitalize() + "."]

    def seat_words(self, v: dict, seat: int, look: Look, sp: Speaker) -> str:
        open_ = [name(c) for c in v["hands"][seat] if c]
        hidden = sum(1 for c in v["hands"][seat] if c is None)
        held = ", ".join(open_ + ([plural(hidden, "drawn card")] if hidden else [])) or "no cards"
        return (f"{sp.who(seat)}: {held}; {plural(len(v['pairs'][seat]) // 2, 'pair')} laid.")

    def my_words(self, v: dict, look: Look) -> list[str]:
        pairs = plural(len(v["pairs"][look.human]) // 2, "pair")
        return [*super().my_words(v, look), f"You have laid {pairs}."]

    def actions(self, v: dict, look: Look) -> str:
        return _actions(v, look)

    def mine(self, v: dict, look: Look) -> str:
        me = look.human
        classes = " ".join(seat_classes(v, me, look, "me ame", "acting"))
        return (f'<section class="{classes}" aria-label="Your hand">'
                f'<div class="mine-row">{_plate(v, me, look)}{_bubble(v, me, look)}</div>'
                f'<div class="hand-row">{hand_html(v, look)}'
                f'{score_html(v, me, look, _fresh_pair(v, me, look))}</div></section>')

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        return _outcome(v, look, sp)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        return [(css, text) for _, css, text in advantage_lines(v["log"], sp)]

    def discards(self, v: dict) -> str:
        return discards_html(v)

    def selection_hint(self, legal: list[dict], sel: tuple[str, ...]) -> str:
        return selection_hint(legal, list(sel))

    def settle(self, v: dict, motion) -> float:
        return auto_seconds(v)
