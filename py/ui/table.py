"""What every game's table shares: the person's look at it, card markup, the stock, the hand,
the seats round the table, the game-over panel and the screen around a game's own parts.

Only cards the view shows face up ever get a face; every other card is a back with no
identity in the markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from . import moves as mv
from .cards import BACK_SVG, SUIT_NAMES, SUIT_SYMBOLS, face, name, suit_class


@dataclass
class Look:
    """What the table needs besides the view: names and the person's current gesture."""

    names: list[str]
    human: int = 0
    selection: list[str] = field(default_factory=list)
    hint: str = ""
    fresh: set[str] = field(default_factory=set)  # cards that just arrived (animate)
    acted: int | None = None  # seat that just moved
    show_log: bool = False
    title: str = "Durak"
    busy: bool = False  # an AI is about to move
    gone: tuple | None = None  # (how, pairs, seat) of a bout that just ended, to show it leave
    four: bool = False  # four-colour suits
    ui: dict = field(default_factory=dict)  # the table's own state, kept with the saved game
    settings: dict = field(default_factory=dict)  # the player's settings for this table
    now: float = 0.0  # the page's clock (epoch ms), for countdowns


def card_html(code: str, cls: str = "", attrs: str = "", tag: str = "div") -> str:
    extra = f" {cls}" if cls else ""
    aria = f'aria-label="{escape(name(code))}"'
    role = "" if tag == "button" else ' role="img"'
    typ = ' type="button"' if tag == "button" else ""
    return (f'<{tag}{typ} class="card face {suit_class(code)}{extra}" data-card="{code}" '
            f'{aria}{role} {attrs}>{face(code)}</{tag}>')


def back_html(cls: str = "", style: str = "") -> str:
    extra = f" {cls}" if cls else ""
    st = f' style="{style}"' if style else ""
    return f'<div class="card back{extra}"{st} aria-hidden="true">{BACK_SVG}</div>'


def stock_html(v: dict) -> str:
    trump, suit = v["trump"], v["trump_suit"]
    red = "red" if suit in "DH" else "black"
    n = v["stock"]
    badge = (f'<span class="trump-badge {red}" title="Trump: {SUIT_NAMES[suit]}">'
             f'<span class="suit s-{suit}">{SUIT_SYMBOLS[suit]}</span> trump</span>')
    if n > 0:
        layers = "".join(back_html("stack", f"--i:{i}") for i in range(min(3, max(1, n - 1))))
        under = card_html(trump, "trump-card", 'title="The trump card, drawn last"')
        pile = (f'<div class="stock-pile">{under if n >= 1 else ""}'
                f'{layers if n > 1 else ""}</div>')
        count = f'<span class="pile-count" id="stock-count" data-count="{n}">{n}</span>'
        return (f'<div class="stock" aria-label="Stock: {n} cards, trump {SUIT_NAMES[suit]}">'
                f'{pile}{count}{badge}</div>')
    return (f'<div class="stock empty" aria-label="The stock is empty; trump '
            f'{SUIT_NAMES[suit]}"><div class="stock-pile"><span class="big-suit s-{suit} {red}">'
            f'{SUIT_SYMBOLS[suit]}</span></div>'
            f'<span class="pile-count" id="stock-count" data-count="0">0</span>{badge}</div>')


def hand_html(v: dict, look: Look, marks: dict[str, tuple[str, str]] | None = None,
              stagger_from: int = 4) -> str:
    """The person's hand: playable cards lit, the others dimmed. `marks` gives some cards a
    class and a title (Advantage's privately drawn cards); when `stagger_from` or more cards
    are new they arrive one after another (a deal)."""
    mine = my_turn(v, look)
    legal = v["legal"] if mine else []
    can = mv.playable(legal)
    ext = mv.extenders(legal, look.selection)
    marks = marks or {}
    cards = []
    dealt = sum(1 for c in v["hand"] if c in look.fresh) >= stagger_from
    k = 0
    for code in v["hand"]:
        cls, title = [], ""
        if code in marks:
            cls.append(marks[code][0])
            title = f' title="{escape(marks[code][1])}"'
        if mine:
            cls.append("legal" if code in can else "idle")
        if code in look.selection:
            cls.append("selected")
        elif code in ext:
            cls.append("extend")
        if code in look.fresh:
            cls.append("fresh")
        drag = ' draggable="true"' if mine and code in can else ""
        order = ""
        if dealt and code in look.fresh:
            order, k = f' style="--d:{k}"', k + 1
        cards.append(card_html(code, " ".join(cls),
                               f'data-act="card" data-arg="{code}"{drag}{order}{title}',
                               tag="button"))
    n = len(cards)
    return (f'<div class="hand{" my-turn" if mine else ""}" id="hand" style="--n:{max(n, 1)}" '
            f'data-count="{n}">{"".join(cards)}</div>')


def my_turn(v: dict, look: Look) -> bool:
    return v["to_act"] == look.human and v["phase"] != "over"


# --- seats ------------------------------------------------------------------------------------

DEALER_CHIP = '<span class="chip dealer" title="Dealer">D</span>'
FINISH_BUTTON = ('<button type="button" class="btn" data-act="finish" id="btn-finish">'
                 'Play out the rest quickly</button>')


def dealer_chip(v: dict, seat: int) -> str:
    return DEALER_CHIP if v["dealer"] == seat else ""


def seats_from_left(v: dict, look: Look) -> list[int]:
    """The other seats, clockwise from the person's left."""
    n = v["players"]
    return [(look.human + k) % n for k in range(1, n)]


def seat_classes(v: dict, seat: int, look: Look, base: str = "seat",
                 turn: str = "to_act") -> list[str]:
    """A seat's CSS classes; `turn` names the view's key for whose turn it is."""
    classes = base.split()
    if v[turn] == seat:
        classes.append("to-act")
    if seat in v.get("out", ()):
        classes.append("is-out")
    if look.acted == seat:
        classes.append("acted")
    return classes


def hidden_backs(v: dict, seat: int) -> list[str]:
    """Backs for the cards of a seat's hand nobody has seen (fewer at a crowded table)."""
    hidden = max(0, v["hand_sizes"][seat] - len(v["known"][seat]))
    return [back_html() for _ in range(min(hidden, 9 if len(v["hand_sizes"]) <= 3 else 6))]


def nameplate(v: dict, seat: int, look: Look, chips: str) -> str:
    name = look.names[seat]
    return (f'<div class="nameplate"><span class="avatar">{escape(name[:1])}</span>'
            f'<span class="who">{escape(name)}</span>'
            f'<span class="count" title="Cards in hand">{v["hand_sizes"][seat]}</span>'
            f'{chips}</div>')


def my_nameplate(v: dict, look: Look, role: str) -> str:
    return (f'<div class="nameplate mine"><span class="who">You</span>'
            f'<span class="count">{len(v["hand"])}</span>'
            f'{dealer_chip(v, look.human)}{role}</div>')


# --- the game-over panel ----------------------------------------------------------------------

def cards_left(held: int) -> str:
    return f'<span class="held">{held} card{"s" if held != 1 else ""} left</span>'


def gameover_panel(mood: str, title: str, line: str, standings: list[str], stats: str) -> str:
    return (f'<div class="overlay" id="gameover" role="dialog" aria-modal="true" '
            f'aria-labelledby="go-title"><div class="panel {mood}">'
            f'<h2 id="go-title">{escape(title)}</h2><p class="go-line">{escape(line)}</p>'
            f'<ol class="standings">{"".join(standings)}</ol>'
            f'{f"<p class=go-stats>{escape(stats)}</p>" if stats else ""}'
            f'<div class="panel-actions"><button type="button" class="btn primary big" '
            f'data-act="again" id="play-again">Play again</button>'
            f'<button type="button" class="btn" data-act="home" id="change-game">'
            f'Change game</button><button type="button" class="btn ghost" data-act="review">'
            f'See the table</button></div></div></div>')


# --- the screen -------------------------------------------------------------------------------

@dataclass
class Table:
    """A game's own parts of the screen, as HTML; the screen around them is the same for all."""

    facts: list[str]  # the options in a few words, under the title
    opponents: str
    middle: str
    prompt: str
    actions: str
    mine: str  # the person's nameplate (and whatever sits beside it)
    log: str
    gameover: str
    kind: str = ""  # an extra class on the screen


def topbar_html(look: Look, facts: list[str]) -> str:
    return (f'<header class="topbar"><button type="button" class="brand" data-act="home" '
            f'title="Games">k<span>o</span>zyr</button><div class="game-title">'
            f'<b>{escape(look.title)}</b><span>{escape(" · ".join(facts))}</span></div>'
            f'<div class="tools"><button type="button" class="btn small ghost" data-act="rules" '
            f'id="rules" title="How to play">Rules</button>'
            f'<button type="button" class="btn small ghost" data-act="speed" '
            f'id="speed" title="How fast the opponents play">Speed</button>'
            f'<button type="button" class="btn small ghost" data-act="four" title="Four-colour '
            f'suits" aria-pressed="{str(look.four).lower()}">♣♦</button><button type="button" '
            f'class="btn small ghost" data-act="log" id="log-toggle" '
            f'aria-expanded="{str(look.show_log).lower()}">Log</button></div></header>')


def status_html(v: dict, look: Look, t: Table, review: bool) -> str:
    again = ('<button type="button" class="btn primary" data-act="again">Play again</button>'
             if v["phase"] == "over" and review else "")
    return (f'<section class="status"><p class="prompt" id="prompt">{t.prompt}</p>'
            f'<p class="hint" id="hint" role="status">{escape(look.hint)}</p>'
            f'<div class="actions" id="actions">{t.actions}{again}</div></section>')


def my_seat_html(v: dict, look: Look, mine: str) -> str:
    me = look.human
    classes = "me" + (" to-act" if my_turn(v, look) else "") + (" is-out" if me in v["out"] else "")
    return f'<section class="{classes}" aria-label="Your hand">{mine}{hand_html(v, look)}</section>'


def screen_html(v: dict, look: Look, t: Table, review: bool = False) -> str:
    over = t.gameover if v["phase"] == "over" and not review else ""
    kind = f" {t.kind}" if t.kind else ""
    return (
        f'<div class="screen table{kind}{" log-open" if look.show_log else ""}" '
        f'data-phase="{v["phase"]}">{topbar_html(look, t.facts)}'
        f'<div class="felt"><section class="opponents n{v["players"] - 1}" '
        f'aria-label="Opponents">{t.opponents}</section>'
        f'<section class="middle">{t.middle}</section>{status_html(v, look, t, review)}'
        f'{my_seat_html(v, look, t.mine)}</div>'
        f'<aside class="log" id="log" aria-label="What happened"><h2>Log</h2>'
        f'<ol class="log-lines">{t.log}</ol></aside>{over}</div>')
