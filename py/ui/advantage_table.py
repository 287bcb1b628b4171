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

from . import moves as mv
from .cards import RANK_NAMES, label
from .table import Look, back_html, card_html, my_turn, seat_classes, topbar_html
from .table import hand_html as table_hand_html
from .words import Speaker, cards_text, lines_html, plural

CHOOSE_TARGET = True  # a click on a card selects it; the pile is always the person's click
DISCARDS_TITLE = "Piles and pairs"
PHASES = ("drop", "exchange", "pairs")
PHASE_WORDS = {"drop": "Drop", "exchange": "Exchange", "pairs": "Pairs"}
CASCADE = 3  # cards under a pile's top shown peeking out; more are counted
RECENT = 6  # lines in the "just now" box
AUTO_PAUSE, MAX_PAUSE = 0.3, 1.5  # extra seconds for the opponent per automatic event


# --- the log in words -------------------------------------------------------------------------

def _draw_words(ev: dict, sp: Speaker) -> str:
    """What a draw brought: the cards for the drawer, a count for the other seat."""
    cards = ev.get("cards")
    if cards:
        return cards_text(cards)
    return "a card" if ev.get("count", 0) == 1 else f"{ev.get('count', 0)} cards"


def _line(ev: dict, nxt: dict | None, sp: Speaker) -> tuple[str, str, bool] | None:
    """One event as (css class, sentence, whether it also told the next event: a draw)."""
    kind, seat = ev.get("event"), ev.get("seat")
    follows = (nxt is not None and nxt.get("event") == "draw" and nxt.get("seat") == seat
               and nxt.get("why") in ("replace", "pair"))
    tail = f" and {'draw' if seat == sp.human else 'draws'} {_draw_words(nxt, sp)}" if follows else ""
    cards = cards_text(ev.get("cards"))
    if kind == "deal":
        first = 1 - seat if seat in (0, 1) else None
        goes = "go" if first == sp.human else "goes"
        return "deal", f"{sp.says(seat, 'deal')}; {sp.obj(first)} {goes} first.", False
    if kind == "rally":
        return "bout", f"Rally {ev.get('rally')}.", False
    if kind == "drop":
        return "drop", f"{sp.says(seat, 'drop')} {cards} on pile {ev.get('pile')}{tail}.", follows
    if kind == "exchange":
        taken = cards_text(ev.get("taken"))
        return "exchange", (f"{sp.says(seat, 'exchange')} {cards} for pile {ev.get('pile')} "
                            f"and {'take' if seat == sp.human else 'takes'} {taken}."), False
    if kind == "pair":
        return "pair", f"{sp.says(seat, 'lay')} a pair, {cards}{',' if follows else ''}{tail}.", follows
    if kind == "draw" and ev.get("why") == "help":
        return "help", f"{sp.says(seat, 'help-draw')} {_draw_words(ev, sp)}.", False
    if kind == "draw":
        return "draw", f"{sp.says(seat, 'draw')} {_draw_words(ev, sp)}.", False
    if kind == "pass":
        what = "to drop" if ev.get("phase") == "drop" else "to exchange"
        return "pass", f"{sp.says(seat, 'pass', 'passes')}: nothing {what}.", False
    if kind == "end":
        pairs = ev.get("pairs") or [0, 0]
        each = ", ".join(f"{sp.who(s)} {plural(n, 'pair')}" for s, n in enumerate(pairs))
        return "end", f"Game over: {each}.", False
    return None


def advantage_lines(log: list[dict], sp: Speaker) -> list[tuple[int, str, str]]:
    """The deal's events as (event index, css class, sentence); a drop or a pair takes the draw
    that follows it into its sentence."""
    rows, skip = [], False
    for i, ev in enumerate(log):
        if skip:
            skip = False
            continue
        line = _line(ev, log[i + 1] if i + 1 < len(log) else None, sp)
        if line is not None:
            rows.append((i, line[0], line[1]))
            skip = line[2]
    return rows


def log_html(log: list[dict], sp: Speaker, limit: int = 150) -> str:
    return lines_html([(css, text) for _, css, text in advantage_lines(log, sp)[-limit:]])


def announce(v: dict, look: Look) -> str:
    rows = advantage_lines(v["log"], Speaker(look.names, look.human))
    return rows[-1][2] if rows else ""


def _since_choice(log: list[dict], seat: int) -> int:
    """Where the events since the seat's last drop or exchange begin (that move included)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("event") in ("drop", "exchange") and log[i].get("seat") == seat:
            return i
    return 0


def settle(v: dict) -> float:
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
    return table_hand_html(v, look, {code: ("private", PRIVATE) for code in v["private"]},
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
    if not n:
        body = '<span class="score-empty"></span>'
    else:
        cls = "pair-card fresh" if fresh_pair else "pair-card"
        body = "".join(card_html(c, cls, f'style="--i:{i}"') for i, c in enumerate(pairs[-2:]))
    return (f'<button type="button" class="score" data-act="discards" data-seat="{seat}" '
            f'data-pairs="{n}" title="{escape(words)}. Click to see every pair." '
            f'aria-label="{escape(words)}, show them"><span class="score-cards">{body}</span>'
            f'<span class="score-count"><b>{n}</b> {"pair" if n == 1 else "pairs"}</span>'
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
                f'{escape(words)}" title="{escape(words)}">{inner}</button>')
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
    me = seat == look.human
    who = "You" if me else look.names[seat]
    avatar = "" if me else f'<span class="avatar">{escape(who[:1])}</span>'
    dealer = '<span class="chip dealer" title="Dealer">D</span>' if v["dealer"] == seat else ""
    n = len(v["hands"][seat])
    return (f'<div class="nameplate{" mine" if me else ""}">{avatar}<span class="who">'
            f'{escape(who)}</span><span class="count" title="Cards in hand">{n}</span>'
            f'{dealer}{_role(v, seat)}</div>')


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
    """What to do with the selected card (the app shows it under the prompt)."""
    if not sel:
        return ""
    piles = sorted(mv.targets(legal, sel))
    shown = label(sel[0])
    where = piles[0] if len(piles) == 1 else ", ".join(piles[:-1]) + " or " + piles[-1]
    kind = next((m["kind"] for m in mv.exact(legal, sel)), "drop")
    if kind == "exchange":
        return f"{shown}: now click pile {where} to take it and leave {shown} in its place."
    return f"{shown}: now click pile {where} to drop it there."


def _actions(v: dict, look: Look, review: bool) -> str:
    if v["phase"] == "over":
        return ('<button type="button" class="btn primary" data-act="again" id="next-deal">'
                'Next deal</button>' if review else "")
    if look.selection and my_turn(v, look):
        return '<button type="button" class="btn ghost" data-act="clear">Cancel</button>'
    return ""


# --- the game-over panel --------------------------------------------------------------------------------

def _over_panel(v: dict, look: Look, stats: str) -> str:
    r = v.get("result")
    if not r:
        return ""
    sp = Speaker(look.names, look.human)
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
    stats_html = f'<p class="go-stats">{escape(stats)}</p>' if stats else ""
    return (f'<div class="overlay" id="gameover" role="dialog" aria-modal="true" '
            f'aria-labelledby="go-title"><div class="panel {mood}">'
            f'<h2 id="go-title">{escape(title)}</h2><p class="go-line">{escape(why + deals)}</p>'
            f'<ol class="standings">{"".join(rows)}</ol>{stats_html}'
            f'<div class="panel-actions"><button type="button" class="btn primary big" '
            f'data-act="again" id="play-again">Next deal</button>'
            f'<button type="button" class="btn" data-act="home" id="change-game">'
            f'Change game</button><button type="button" class="btn ghost" data-act="review">'
            f'See the table</button></div></div></div>')


def discards_html(v: dict) -> str:
    """The sheet: every pile, bottom to top, and every pair laid (all of it public)."""
    def chips(codes: list[str]) -> str:
        return "".join(f'<span class="chip-card {"red" if c[-1] in "DH" else "black"} '
                       f's-{c[-1]}">{escape(label(c))}</span>' for c in codes)
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
            f'<div class="piles{aiming}" id="bout">{piles}</div>{recent_html(v, look, sp)}</div>')


def render(v: dict, look: Look, review: bool = False, stats: str = "") -> str:
    sp = Speaker(look.names, look.human)
    me = look.human
    opponents = _opponent(v, 1 - me, look)
    status = (f'<section class="status"><p class="prompt" id="prompt">{_prompt(v, look, sp)}'
              f'</p><p class="hint" id="hint" role="status">{escape(look.hint)}</p>'
              f'<div class="actions" id="actions">{_actions(v, look, review)}</div></section>')
    classes = " ".join(seat_classes(v, me, look, "me ame", "acting"))
    mine = (f'<section class="{classes}" aria-label="Your hand">'
            f'<div class="mine-row">{_plate(v, me, look)}{_bubble(v, me, look)}</div>'
            f'<div class="hand-row">{hand_html(v, look)}'
            f'{score_html(v, me, look, _fresh_pair(v, me, look))}</div></section>')
    over = _over_panel(v, look, stats) if v["phase"] == "over" and not review else ""
    return (f'<div class="screen table advantage-table{" log-open" if look.show_log else ""}'
            f'{" selecting" if look.selection else ""}" data-phase="{v["phase"]}" '
            f'data-deal="{v["deal_number"]}">{topbar_html(look, _facts(v))}'
            f'<div class="felt"><section class="opponents n1" aria-label="Your opponent">'
            f'{opponents}</section><section class="middle">{middle_html(v, look, sp)}</section>'
            f'{status}{mine}</div><aside class="log" id="log" aria-label="What happened">'
            f'<h2>Log</h2><ol class="log-lines">{log_html(v["log"], sp)}</ol></aside>'
            f'{over}</div>')


def card_codes_on_table(v: dict) -> set[str]:
    """The log's events by index: the app's `fresh` then names the new ones (shown arriving)."""
    return {f"ev:{i}" for i in range(len(v["log"]))}


__all__ = ["Look", "render", "discards_html", "card_codes_on_table", "announce", "settle",
           "selection_hint", "CHOOSE_TARGET", "DISCARDS_TITLE"]
