"""The tables' HTML on CPython, without a browser: every game's table over many AI-vs-AI games,
the card faces, reading clicks against the legal moves, the options and the rules pages.

The main test plays seeded games of every game in `kozyr.GAMES` (random legal moves; Memory's
callers mostly call right, so a game ends in a few dozen calls) and after every move draws
seat 0's view the way the page does (what arrived, who acted, what leaves the table, the
table's own state and clock). Each picture must show a face only for a card that seat may see,
must show the cards it is meant to show, and must not name a card the state hides from seat 0
in any way: by `data-card`, by its face's SVG, by its label ("10♥") or its spoken name.
"""
from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field, replace
from html import escape
from html.parser import HTMLParser

import pytest

import kozyr
from kozyr.memory import Memory
from kozyr.session import Session
from ui.model import Motion
from ui.parts.cards import BACK_SVG, face, label, name
from ui.parts.look import Look
from ui.parts.words import Speaker, seat_names, spoken
from ui.play import moves
from ui.setup import options, screens
from ui.tables import TABLES
from ui.tables import memory as memory_table
from ui.tables.base import Reply, Table

CARD_ATTR = re.compile(r'data-card="([^"]*)"')
SUIT_SYMBOL = re.compile("[♣♦♥♠]")
FACE_SVG = re.compile(r'<svg viewBox="0 0 200 280" aria-hidden="true" focusable="false">'
                      r'<rect x="1" y="1" width="198" height="278" rx="14" class="kz-paper"/>'
                      r'.*?</svg>')
BACK_TAG = re.compile(r'<div class="card back[^"]*"[^>]*>')
CODES = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                         "J", "Q", "K", "A")]
FACES = {face(c): c for c in CODES}


# --- what a picture shows ---------------------------------------------------------------------

def faces_in(html: str) -> set[str]:
    """Every card the markup shows face up: by data-card, and by its face's SVG (a face drawn
    without a data-card, as a leaving bout is, counts too)."""
    codes = set(CARD_ATTR.findall(html))
    assert codes <= set(CODES), f"data-card values that are no card: {codes - set(CODES)}"
    svgs = FACE_SVG.findall(html)
    assert all(s in FACES for s in svgs), "a face that is no card's face"
    return codes | {FACES[s] for s in svgs}


def check_private(html: str, allowed: set[str], hidden: set[str], must: set[str] = frozenset(),
                  where: str = "") -> None:
    """Faces only for `allowed` cards, every card of `must` shown, nothing of `hidden` named,
    and every back a plain back with no identity."""
    shown = faces_in(html)
    assert shown <= allowed, (where, "faces that seat 0 may not see", shown - allowed)
    assert must <= shown, (where, "cards the table should show", must - shown)
    assert hidden.isdisjoint(allowed), (where, "the test's own sets overlap")
    for c in hidden:
        for telltale in (f'data-card="{c}"', face(c), label(c), name(c)):
            assert telltale not in html, (where, c, telltale[:40])
    backs = BACK_TAG.findall(html)
    assert html.count('class="card back') == len(backs), (where, "a back that is not a plain div")
    for m in BACK_TAG.finditer(html):
        tag = m.group()
        assert not any(a in tag for a in ("data-card", "aria-label", "title=")), (where, tag)
        assert html.startswith(BACK_SVG + "</div>", m.end()), (where, "a back holds more")


# What the cards' motion (motion.js) reads: places named by seat and kind, never by a card.
PILE_NAME = re.compile(r"(hand|stump|pile|pairs)-\d+|lay-\d+-\d+|stock|bout|discard|centre")


class Piles(HTMLParser):
    """Each data-pile of a picture: its name, its data-count, the cards drawn inside it."""

    def __init__(self):
        super().__init__()
        self.piles: list[dict] = []
        self.open: list[tuple[str, dict | None]] = []  # (tag, the pile it opens)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if "card" in classes and ("face" in classes or "back" in classes):
            for _, pile in self.open:
                if pile is not None:
                    pile["shown"] += 1
        pile = None
        if "data-pile" in a:
            pile = {"name": a["data-pile"], "count": a.get("data-count"), "shown": 0}
            self.piles.append(pile)
        if tag not in ("input", "img", "br", "use", "path", "rect", "circle"):
            self.open.append((tag, pile))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break


def check_piles(v: dict, html: str, where: str) -> None:
    """The places cards travel between: named without a card, each once, their sizes true
    to the view (a hand's, the stock's) and never fewer than the cards they show."""
    parser = Piles()
    parser.feed(html)
    names = [p["name"] for p in parser.piles]
    assert len(names) >= 2, f"{where}: the cards have no places to travel between"
    assert len(names) == len(set(names)), f"{where}: a place named twice: {names}"
    for p in parser.piles:
        assert PILE_NAME.fullmatch(p["name"]), f"{where}: a place named {p['name']!r}"
        if p["count"] is not None:
            assert int(p["count"]) >= p["shown"], f"{where}: {p}"
    counts = {p["name"]: p["count"] for p in parser.piles}
    if isinstance(v.get("stock"), int) and "stock" in counts:
        assert counts["stock"] == str(v["stock"]), where
    for seat, size in enumerate(v.get("hand_sizes") or ()):
        if f"hand-{seat}" in counts and counts[f"hand-{seat}"] is not None:
            assert counts[f"hand-{seat}"] == str(size), where


def log_cards(view: dict) -> set[str]:
    """Every card the public log names (seen face up by all at some time)."""
    seen = set()
    for ev in view["log"]:
        for key in ("cards", "taken"):
            seen |= set(ev.get(key) or [])
        for key in ("over", "displaced", "trump"):
            if ev.get(key):
                seen.add(ev[key])
    return seen


def log_items(html: str) -> list[str]:
    log = html.split('<ol class="log-lines"', 1)[1].split(">", 1)[1].split("</ol>", 1)[0]
    return re.findall(r'<li class="ev-[^"]*">([^<]*)</li>', log)


def check_announce(table: Table, view: dict, look: Look, html: str) -> None:
    """The log as drawn is the table's log lines; said aloud, a line names its cards in words;
    reading the table says what to do first."""
    lines = table.log_lines(view, Speaker(list(look.names), look.human))
    drawn = log_items(html)
    assert len(drawn) == min(len(lines), table.log_limit)
    assert (drawn[-1] if drawn else "") == (escape(lines[-1][1]) if lines else "")
    for _, text in lines[-3:]:
        assert not SUIT_SYMBOL.search(spoken(text)), spoken(text)
    described = table.describe(view, look)
    assert described[0] == spoken(table.prompt(view, look))
    assert not any(SUIT_SYMBOL.search(line) for line in described), described


def texts(cards) -> set[str]:
    return {str(c) for c in cards}


# --- each game: what seat 0 may see, what it must see, what is hidden from it -----------------

class Rules:
    """What one game's picture may show seat 0, must show, and must never name; how its
    seats choose their moves in these games."""

    def allowed(self, v: dict, look: Look) -> set[str]:
        raise NotImplementedError

    def must(self, v: dict, look: Look) -> set[str]:
        raise NotImplementedError

    def hidden(self, state, v: dict, look: Look) -> set[str]:
        raise NotImplementedError

    def extra(self, state, v: dict, look: Look, html: str) -> None:
        """The game's own checks of one picture."""

    def mover(self, session: Session, v: dict, rng: random.Random) -> str:
        return rng.choice(v["legal"])["text"]


class DurakRules(Rules):
    def allowed(self, v, look):
        out = set(v["hand"]) | {c for p in v["table"] for c in p if c} | {v["trump"]}
        out |= {c for known in v["known"] for c in known} | set(v["discarded"])
        return out

    def must(self, v, look):
        out = set(v["hand"]) | {c for p in v["table"] for c in p if c}
        out |= {c for known in v["known"] for c in known}
        return out | ({v["trump"]} if v["stock"] else set())

    def hidden(self, state, v, look):
        out = texts(state.stock) - {str(state.trump)}
        for seat in range(1, v["players"]):
            out |= texts(state.hands[seat]) - texts(state.known[seat])
        return out

    def extra(self, state, v, look, html):
        assert f'id="stock-count" data-count="{v["stock"]}"' in html
        assert f'data-pairs="{len(v["table"])}"' in html
        if v["discarded"]:
            assert f'id="discard-count">{len(v["discarded"])}<' in html
        assert ('class="gone to-' in html) == bool(look.leaving)
        if look.leaving:  # the finished bout leaves: its cards, face up
            pairs = look.leaving[1]
            assert html.count('<div class="pair">', html.index('class="gone to-')) == len(pairs)


class StumpRules(Rules):
    def allowed(self, v, look):
        return (set(v["hand"]) | set(v["pile"]) | {v["trump"]}
                | {c for known in v["known"] for c in known})

    def must(self, v, look):
        out = set(v["hand"]) | set(v["pile"][-11:]) | {c for known in v["known"] for c in known}
        return out | ({v["trump"]} if v["stock"] else set())

    def hidden(self, state, v, look):
        out = {str(c) for stump in state.stumps for c in stump}  # even seat 0's own
        out |= texts(state.stock) - {str(state.trump)}
        for seat in range(1, v["players"]):
            out |= texts(state.hands[seat]) - texts(state.known[seat])
        return out

    def extra(self, state, v, look, html):
        # the stumps are backs, counted as the view says
        assert html.count('class="card back stump-card"') == sum(v["stumps"])
        assert f'id="stock-count" data-count="{v["stock"]}"' in html
        assert (f'data-takes="{v["takes"]}"' in html) == (v["phase"] == "beat")
        if v["phase"] == "over":
            assert ("(stump)" in html) == (not look.reviewing)
            said = TABLES["stump"].log_lines(v, Speaker(list(look.names), look.human))
            assert said[-1][1].endswith("the stump.")


    def mover(self, session, v, rng):
        """With "take instead of beating", mostly beat: random takes make endless games."""
        beats = [m for m in v["legal"] if m["kind"] != "take"]
        if beats and len(beats) < len(v["legal"]) and rng.random() < 0.85:
            return rng.choice(beats)["text"]
        return rng.choice(v["legal"])["text"]


class GarbageRules(Rules):
    def allowed(self, v, look):
        out = {c for row in v["layouts"] for c in row if c} | set(v["discard"])
        return out | ({v["holding"]} if v["holding"] else set())

    def must(self, v, look):
        out = {c for row, n in zip(v["layouts"], v["sizes"]) for c in row[:n] if c}
        out |= set(v["discard"][-2:])
        return out | ({v["holding"]} if v["holding"] else set())

    def hidden(self, state, v, look):
        out = texts(state.stock)
        for layout, up in zip(state.layouts, state.up):
            out |= {str(c) for c, face_up in zip(layout, up) if not face_up}
        # a card seen on the discard pile may be shuffled into a new stock: the log names it;
        # with several packs a code may be face up in one place and face down in another
        return out - log_cards(v) - self.allowed(v, look)

    def extra(self, state, v, look, html):
        layouts = {}
        for part in html.split('<div class="glayout')[1:]:  # each runs to the next layout
            seat, size = re.match(r'[^"]*" data-seat="(\d+)" data-size="(\d+)"( data-roving)?>', part).groups()[:2]
            layouts[int(seat)] = (int(size), part)
        assert sorted(layouts) == list(range(v["players"]))
        for seat, (size, body) in layouts.items():
            assert size == v["sizes"][seat]
            assert body.count('class="gpos gone"') == 10 - size
            ups = sum(1 for c in v["layouts"][seat][:size] if c)
            assert len(re.findall(r'class="gpos up', body)) == ups, seat
            assert len(re.findall(r'class="gpos down', body)) == size - ups, seat
        assert f'id="stock-count" data-count="{v["stock"]}"' in html
        if v["discard"]:
            assert re.search(rf'class="card face [^"]*\btop\b[^"]*" data-card="{v["discard"][-1]}"',
                             html)
        if v["holding"]:
            assert re.search(rf'data-card="{v["holding"]}"[^>]*id="holding-card"', html)
        else:
            assert 'id="holding-card"' not in html


class MemoryRules(Rules):
    """The centre is public, and while a look lasts the person's own pile; nothing else of any
    pile is ever in the markup (the log and the last call name turned cards as text)."""

    def allowed(self, v, look):
        showing = memory_table.pending(v, look.ui)
        return set(v["centre"]) | (set(showing["cards"]) if showing else set())

    def must(self, v, look):
        showing = memory_table.pending(v, look.ui)
        return set(v["centre"][-2:]) | (set(showing["cards"]) if showing else set())

    def hidden(self, state, v, look):
        showing = memory_table.pending(v, look.ui)
        out = {str(c) for pile in state.piles for c in pile} - log_cards(v)
        return out - (set(showing["cards"]) if showing else set())

    def extra(self, state, v, look, html):
        showing = memory_table.pending(v, look.ui)
        # the person's pile is in the markup while, and only while, a look lasts
        assert ('id="look"' in html) == (showing is not None)
        assert ('data-looking="1"' in html) == (showing is not None)
        assert ('class="me mme' in html) == (showing is None)
        timed = showing is not None and bool(look.ui.get("ends"))
        assert ("data-deadline" in html) == timed
        if timed:
            left = math.ceil(max(0.0, look.ui["ends"] - look.now) / 1000)
            assert f"<span data-countdown>{left}</span>" in html
        if showing is not None:
            listed = re.findall(r'<li class="mlook-card[^"]*"><div class="card face [^"]*" '
                                r'data-card="([^"]+)"', html)
            assert listed == showing["cards"]
        seats = range(v["players"]) if showing is None else range(1, v["players"])
        for seat in seats:
            assert re.search(rf'class="mpile[^"]*" data-seat="{seat}" data-count='
                             rf'"{v["piles"][seat]}"', html), seat

    def mover(self, session, v, rng):
        """Mostly the right call (as someone who remembers would), now and then any call."""
        state = session.state
        if state.centre and rng.random() < 0.8:
            top, mine = state.centre[-1], state.piles[state.to_act][0]
            right = [m["text"] for m in v["legal"] if Memory.right(m["kind"], top, mine)]
            if right:
                return right[0]
        return rng.choice(v["legal"])["text"]


class AdvantageRules(Rules):
    def allowed(self, v, look):
        out = set(v["hand"]) | {c for p in v["piles"] for c in p}
        out |= {c for p in v["pairs"] for c in p}
        return out | {c for c in v["hands"][1] if c}

    def must(self, v, look):
        out = set(v["hand"]) | {c for p in v["piles"] for c in p[-4:]}
        out |= {c for p in v["pairs"] for c in p[-2:]}
        return out | {c for c in v["hands"][1] if c}

    def hidden(self, state, v, look):
        # the opponent's privately drawn cards, and the stock
        return texts(state.private[1]) | texts(state.stock)

    def extra(self, state, v, look, html):
        assert html.count('class="card back hidden') == len(state.private[1])
        assert sum(1 for c in v["hands"][1] if c is None) == len(state.private[1])
        for code in v["private"]:  # the person's own drawn cards carry the "only you" badge
            assert re.search(rf'class="card face [^"]*\bprivate\b[^"]*" data-card="{code}"', html)
        assert f'id="stock-count" data-count="{v["stock"]}"' in html
        shown = re.findall(r'class="score" data-act="discards" data-seat="(\d)" '
                           r'data-pairs="(\d+)"', html)
        assert {int(s): int(n) for s, n in shown} == {
            s: len(p) // 2 for s, p in enumerate(v["pairs"])}


RULES: dict[str, Rules] = {"durak": DurakRules(), "stump": StumpRules(),
                           "garbage": GarbageRules(), "memory": MemoryRules(),
                           "advantage": AdvantageRules()}


# --- the games played ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    settings: dict = field(default_factory=dict)  # the table's settings (Memory's look)
    deals: int = 1  # deals (hands) played in a row at the same table

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in {**self.options, **self.settings}.items())
        return f"{self.game}-{self.players}p-s{self.seed}" + (f"-{extra}" if extra else "") + (
            f"-x{self.deals}" if self.deals > 1 else "")


CASES = [
    Case("durak", 2, 1, {"deck": 36}),
    Case("durak", 3, 2, {"deck": 24}),
    Case("durak", 4, 3, {"deck": 36, "teams": True}),
    Case("durak", 3, 4, {"deck": 36, "transfer": True, "show_trump_transfer": True}, deals=2),
    Case("durak", 6, 5, {"deck": 52}),
    Case("stump", 2, 1),
    Case("stump", 3, 9, {"voluntary_take": True}, deals=2),
    Case("stump", 4, 29, {"take_table": "ace eleven"}),
    Case("stump", 6, 4),
    Case("garbage", 2, 1, deals=3),
    Case("garbage", 3, 2, {"wild": "kings"}),
    Case("garbage", 4, 3, {"last_turn": True}),
    Case("garbage", 6, 4, {"starter_discard": True, "discard_only_if_playable": True}),
    Case("memory", 2, 1),
    Case("memory", 2, 3, settings={"look": 10}, deals=2),
    Case("memory", 3, 2, {"black_ace_self_only": True}, {"look": 20}),
    Case("memory", 4, 3, {"no_same_call": True}),
    Case("memory", 4, 4, {"deck": 52, "pagat_start": True}, {"look": 10}),
    Case("advantage", 2, 1),
    Case("advantage", 2, 2, deals=2),
    Case("advantage", 2, 3, {"pagat_matching": True}),
]


def test_the_cases_cover_every_game():
    assert {c.game for c in CASES} == set(kozyr.GAMES) == set(TABLES)
    for key, game in kozyr.GAMES.items():
        players = {c.players for c in CASES if c.game == key}
        assert {game.min_players, game.max_players} <= players, key


STEP_MS = 1500.0  # the page's clock between two moves


def picture(table: Table, rules: Rules, state, v: dict, look: Look, where: str) -> str:
    """Draw one picture and check it: only what seat 0 may see, the game's own facts, the
    announce line, the discard sheet."""
    html = table.render(v, look)
    check_private(html, rules.allowed(v, look), rules.hidden(state, v, look),
                  rules.must(v, look), where)
    check_piles(v, html, where)
    rules.extra(state, v, look, html)
    check_announce(table, v, look, html)
    assert html.startswith('<div class="screen table') and f'data-phase="{v["phase"]}"' in html
    assert ("log-open" in html.split(">", 1)[0]) == look.show_log
    assert f"<h1>{escape(look.title)}</h1>" in html and html.count("<h1") == 1 and 'id="deal-number"' in html
    assert f'id="log-toggle" aria-expanded="{str(look.show_log).lower()}"' in html
    if 'id="look"' not in html:  # (Memory's look takes the place of prompt, hint, buttons)
        assert f'<p class="hint" id="hint" role="status">{escape(look.hint)}</p>' in html
    over = v["phase"] == "over"
    assert ('id="gameover"' in html) == (over and not look.reviewing), where
    assert ('data-act="again"' in html) == over, where
    if over and not look.reviewing:
        panel = html[html.index('id="gameover"'):]
        assert panel.count("<li") >= v["players"] and escape(look.record) in panel
    # the sheet a click on the discard (or pile, or centre) opens: public cards only
    check_private(table.discards(v), rules.allowed(v, look) | log_cards(v),
                  rules.hidden(state, v, look), where=where + " (sheet)")
    return html


def clickable(table: Table, v: dict) -> list[tuple[str, ...]]:
    """The selections a person can leave on the table by clicking cards of the hand: a card
    whose click does not make a move at once, or the cards of a move, clicked one by one.
    A table without a hand (Garbage, Memory) gets a legal move's cards: never selected in
    play, but the table must still draw."""
    out = []
    for m in v["legal"]:
        sel = tuple(m["cards"])
        if not sel:
            continue
        if "hand" in v and len(sel) == 1:
            auto = moves.auto_move(v["legal"], sel[0])
            if auto is not None:
                continue  # the tap makes the move
        out.append(sel)
    return out


def choosing(table: Table, rules: Rules, state, v: dict, base: Look, rng: random.Random,
             where: str) -> None:
    """Seat 0 to act: the table with a card selected (as a click leaves it), its hint, the
    log open, four-colour suits and an opponent due."""
    options_ = clickable(table, v)
    if not options_:
        return
    sel = rng.choice(options_)
    hint = table.selection_hint(v["legal"], sel) if "hand" in v else "A hint."
    look = replace(base, selection=sel, hint=hint, show_log=True, busy=True,
                   deal="4242", forced=True, no_undo="A card was turned up.")
    html = picture(table, rules, state, v, look, where + " (selected)")
    assert '>Deal 4242</button>' in html and 'id="play-out"' in html
    assert 'id="undo" aria-keyshortcuts="U" title="A card was turned up." aria-disabled="true"' \
        in html
    if 'id="hand"' in html:  # a table with a hand marks the selected cards
        for code in sel:
            assert re.search(rf'class="card face [^"]*\bselected\b[^"]*" data-card="{code}"',
                             html), code
    aims = moves.targets(v["legal"], list(sel))
    if table.game == "durak":
        for target, move in aims.items():
            assert f'data-act="target" data-arg="{escape(move["text"])}"' in html
    if table.game == "advantage":  # every pile is a button: lit where the card goes
        for pile in "123":
            state_ = "target" if pile in aims else "nomatch"
            assert re.search(rf'<button type="button" class="apile[^"]*\b{state_}\b[^"]*" '
                             rf'data-target="{pile}"', html), (pile, state_)


def memory_looks(table: Table, rules: Rules, state, v: dict, look: Look, rng: random.Random,
                 where: str, seen: dict) -> tuple[dict, float]:
    """Memory's look: Ready (or the countdown running out) ends it; a look that holds the
    opponents must end before anyone moves. The pile is gone from the markup at once."""
    ui, now = look.ui, look.now
    showing = memory_table.pending(v, ui)
    if showing is None:
        return ui, now
    seen["looks"] += 1
    seen["lasting"] += showing["until"] == "next_turn"
    if not table.waits(v, ui) and rng.random() < 0.6:
        return ui, now  # a look that lasts to the person's turn: the others play on
    if ui.get("ends") and rng.random() < 0.5:
        now = float(ui["ends"])  # the countdown ran out
        seen["timed out"] += 1
        ui = table.prepare(v, ui, look.settings, now)
    else:
        reply = table.act(v, ui, (), "ready", now)
        assert reply == Reply(ui={"dismissed": showing["at"]})
        seen["ready"] += 1
        ui = table.prepare(v, reply.ui, look.settings, now)
    assert memory_table.pending(v, ui) is None and not table.waits(v, ui)
    assert table.deadline(v, ui) is None
    after = replace(look, ui=ui, now=now, fresh=frozenset())
    html = picture(table, rules, state, v, after, where + " (looked)")
    assert 'id="look"' not in html and not set(showing["cards"]) & (
        faces_in(html) - set(v["centre"]))
    return ui, now


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_table_shows_only_what_seat_0_may_see(case: Case):
    table, rules = TABLES[case.game], RULES[case.game]
    names = tuple(seat_names(case.players))
    session = Session(case.game, {"players": case.players, **case.options}, seed=case.seed,
                      human=None, level="easy")
    rng = random.Random(case.seed)
    now, seen = 1_700_000_000_000.0, {"looks": 0, "ready": 0, "timed out": 0, "moves": 0,
                                       "leaving": 0, "chosen": 0, "lasting": 0}
    for deal in range(1, case.deals + 1):
        before, acted, ui = None, None, {}
        while True:
            state = session.state
            v = session.game.view(state, 0)
            arrived = table.arrivals(v) - (table.arrivals(before) if before else set())
            leaving = table.leaving(before, v) if before else None
            seen["leaving"] += leaving is not None
            ui = table.prepare(v, ui, case.settings, now)
            look = Look(names=names, fresh=frozenset(arrived), acted=acted, leaving=leaving,
                        title=session.game.title, ui=ui, settings=case.settings, now=now,
                        record="Played 3, won 1")
            where = f"{case} deal {deal} move {len(state.history)}"
            picture(table, rules, state, v, look, where)
            secs = table.settle(v, Motion(look.fresh, acted, leaving))
            assert 0 <= secs <= 10
            if v["to_act"] == 0 and v["legal"]:
                seen["chosen"] += 1
                choosing(table, rules, state, v, look, rng, where)
            if case.game == "memory":
                ui, now = memory_looks(table, rules, state, v, look, rng, where, seen)
            if session.over():
                assert v["phase"] == "over" and v["result"]
                review = replace(look, reviewing=True, fresh=frozenset())
                picture(table, rules, state, v, review, where + " (review)")
                break
            assert session.to_act is not None, "a game that stopped before it was over"
            mover = session.to_act
            move = rules.mover(session, session.game.view(state, mover), rng)
            session.game.apply(state, move)
            seen["moves"] += 1
            before, acted, now = v, mover, now + STEP_MS
        result = session.result() or {}
        if deal == case.deals or result.get("match_over"):
            break
        session = session.next_deal(case.seed * 100 + deal)
        assert not session.over()
    assert seen["moves"] > 10 and seen["chosen"] > 0
    if case.game == "durak" and case.players <= 3:
        assert seen["leaving"] > 0  # bouts left the table, face up, to their place
    if case.game == "memory":
        assert seen["looks"] > 0 and seen["ready"] + seen["timed out"] > 0, seen
        if case.options.get("black_ace_self_only"):
            assert seen["lasting"] > 0, seen  # a look the others played on through


# --- a few positions looked at closely ---------------------------------------------------------

def test_memory_a_timed_look_counts_down_then_hides_the_pile():
    table = TABLES["memory"]
    session = Session("memory", {"players": 3}, seed=5, human=None)
    v, names, t0 = session.view(0), tuple(seat_names(3)), 5_000_000.0
    ui = table.prepare(v, {}, {"look": 20}, t0)
    assert ui["ends"] == t0 + 20_000 and table.waits(v, ui) and table.deadline(v, ui) == ui["ends"]
    html = table.render(v, Look(names=names, ui=ui, settings={"look": 20}, now=t0 + 4_500))
    assert "<span data-countdown>16</span>" in html and "20 s to memorise" in html
    pile = [str(c) for c in session.state.piles[0]]
    assert all(f'data-card="{c}"' in html for c in pile)
    later = table.prepare(v, ui, {"look": 20}, t0 + 20_000)
    assert memory_table.pending(v, later) is None and not table.waits(v, later)
    html = table.render(v, Look(names=names, ui=later, now=t0 + 20_000))
    assert 'id="look"' not in html and not any(f'data-card="{c}"' in html for c in pile)
    # a reload after the look: the table's state says it is over, the pile stays hidden
    assert table.prepare(v, later, {"look": 20}, t0) == later
    # a button the table does not know does nothing
    assert table.act(v, ui, (), "nonsense", t0) == Reply()


def test_durak_transfer_button():
    """Transfer…: one way to transfer is a move; several start a selection, which the page
    gives the selection's hint (worded for a mouse or a touch screen)."""
    table = TABLES["durak"]
    for seed in range(1, 400):
        s = Session("durak", {"players": 3, "transfer": True}, seed=seed, human=None)
        rng = random.Random(seed)
        while not s.over():
            v = s.view(s.to_act)
            transfers = [m for m in v["legal"] if m["kind"] in ("transfer", "show")]
            if len(transfers) > 1:
                reply = table.act(v, {}, (), "transfer", 0.0)
                assert reply.move is None and reply.selection
                assert table.selection_hint(v["legal"], reply.selection)
                assert any(set(reply.selection) <= set(m["cards"]) for m in transfers)
                one = table.act(v, {}, tuple(transfers[0]["cards"]), "transfer", 0.0)
                assert one.move == transfers[0]["text"]
                return
            if len(transfers) == 1:
                assert table.act(v, {}, (), "transfer", 0.0) == Reply(move=transfers[0]["text"])
            s.game.apply(s.state, rng.choice(v["legal"])["text"])
    raise AssertionError("no position with several transfers")


# --- card faces, clicks, options, rules ---------------------------------------------------------

def test_every_face_is_drawn():
    for suit in "CDHS":
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            svg = face(rank + suit)
            assert svg.startswith("<svg") and f"#kz-{suit}" in svg and f'href="#kz-r-{rank}"' in svg
            assert FACE_SVG.fullmatch(svg)
    assert len(FACES) == 52  # every face differs from every other


def test_a_click_means_one_move_or_a_selection():
    legal = [{"kind": "attack", "cards": ["7H"], "target": None, "text": "attack 7H"},
             {"kind": "attack", "cards": ["7D"], "target": None, "text": "attack 7D"},
             {"kind": "attack", "cards": ["7H", "7D"], "target": None, "text": "attack 7H 7D"},
             {"kind": "attack", "cards": ["9S"], "target": None, "text": "attack 9S"}]
    assert moves.auto_move(legal, "9S")["text"] == "attack 9S"
    assert moves.auto_move(legal, "7H") is None  # it could go with 7D
    assert moves.extenders(legal, ["7H"]) == {"7D"}
    assert moves.playable(legal) == {"7H", "7D", "9S"}
    assert moves.button_text(legal[2]) == "Attack with 7♥ 7♦"
    beats = [{"kind": "beat", "cards": ["QS"], "target": "9S", "text": "beat QS on 9S"},
             {"kind": "beat", "cards": ["QS"], "target": "10S", "text": "beat QS on 10S"},
             {"kind": "take", "cards": [], "target": None, "text": "take"}]
    assert moves.auto_move(beats, "QS") is None
    assert set(moves.targets(beats, ["QS"])) == {"9S", "10S"}
    assert [m["text"] for m in moves.cardless(beats)] == ["take"]
    assert moves.button_text(beats[2]) == "Take"


def test_options_from_the_address():
    durak = next(g for g in kozyr.catalogue() if g["name"] == "durak")
    opts = {o["key"]: o for o in durak["options"]}
    assert options.parse_value(opts["players"], "3") == 3
    assert options.parse_value(opts["transfer"], "1") is True
    assert options.parse_value(opts["transfer"], "off") is False
    assert options.parse_value(opts["deck"], " 52 ") == 52
    with pytest.raises(options.ParamError):
        options.parse_value(opts["deck"], "40")
    with pytest.raises(options.ParamError):
        options.parse_value(opts["transfer"], "maybe")
    # sub-options fall back to their default while their flag is off
    values = {**options.defaults(durak), "show_trump_transfer": True}
    assert options.effective(durak, values)["show_trump_transfer"] is False
    assert options.effective(durak, {**values, "transfer": True})["show_trump_transfer"] is True
    html = screens.form_html(durak, options.defaults(durak), "normal")
    assert 'data-key="show_trump_transfer"' not in html
    assert all(f'data-key="{k}"' in html for k in ("players", "deck", "teams", "transfer"))
    # a setting with words reads them; a bad one lists them
    look = TABLES["memory"].settings[0]
    assert options.parse_value(look, "10 s") == 10 and options.parse_value(look, "off") == 0
    with pytest.raises(options.ParamError, match="Off, 10 s, 20 s, 30 s, 60 s"):
        options.parse_value(look, "5")
    assert options.sentence("a bad value") == "A bad value."


def test_every_registered_game_has_a_table_and_rules():
    assert list(TABLES) == list(kozyr.GAMES)  # a game in the picker can be played
    for game in kozyr.catalogue():
        table = TABLES[game["name"]]
        assert isinstance(table, Table) and table.game == game["name"]
        for own in ("facts", "prompt", "outcome", "log_lines", "discards"):
            assert getattr(type(table), own) is not getattr(Table, own), (game["name"], own)
        html = screens.rules_html(game["name"])
        assert f"<h3>{game['title']}" in html
        form = screens.form_html(game, options.defaults(game), "normal", settings=table.settings)
        assert all(f'data-key="{o["key"]}"' in form for o in game["options"]
                   if not o.get("requires"))
        assert all(f'data-key="{o["key"]}"' in form for o in table.settings)
        assert not re.search(r'id="[^"]* [^"]*"', form), "an id with a space"


def test_a_game_says_what_its_levels_mean():
    """Memory's levels are how much the opponents remember, not how far they think."""
    memory = next(g for g in kozyr.catalogue() if g["name"] == "memory")
    form = screens.form_html(memory, options.defaults(memory), "hard")
    assert "Remembers the next seven cards of its pile" in form and "Thinks ahead." not in form
    durak = next(g for g in kozyr.catalogue() if g["name"] == "durak")
    assert "Thinks ahead." in screens.form_html(durak, options.defaults(durak), "hard")
