"""Card faces and the card back, drawn as SVG in code.

Every face is built from a handful of shared symbols (the four suit shapes, the court
crowns, the back) that live once in the page (`DEFS`), so one face is a few hundred bytes
of markup and the whole deck costs no download at all. Faces are cached per card code.

Coordinates: a card is 200 × 280 units; suit symbols are drawn in a 100 × 100 box.
"""

from __future__ import annotations

from html import escape

# The card facts are the engine's; they are re-exported here for the tables.
from kozyr.cards import RANK_NAMES, RANKS, RED, SUIT_NAMES, SUIT_SYMBOLS, card

from ..i18n import NP_, _, p_

__all__ = ["RANK_NAMES", "RED", "SUIT_NAMES", "SUIT_SYMBOLS", "face", "label", "name", "suit_class",
           "rank_label", "suit_word",
           "card_html", "back_html", "chip_html", "DEFS", "BACK_SVG", "rank_defs"]

W, H = 200, 280

# Shared shapes, put into the page once (see DEFS). Colours come from CSS `currentColor`
# so the four-colour deck is a stylesheet switch.
_SUIT_SHAPES = {
    "H": '<path d="M50 93C38 80 4 56 4 30 4 14 16 4 29 4c10 0 17 6 21 15 4-9 11-15 21-15 13 0 '
         '25 10 25 26 0 26-34 50-46 63z"/>',
    "D": '<path d="M50 2C60 20 74 36 90 50 74 64 60 80 50 98 40 80 26 64 10 50 26 36 40 20 50 2z"/>',
    "S": '<path d="M50 3C60 22 95 40 95 64c0 14-10 23-22 23-9 0-15-4-19-11 1 10 5 17 13 24H33c8-7 '
         '12-14 13-24-4 7-10 11-19 11C8 87 5 78 5 64 5 40 40 22 50 3z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/>'
         '<circle cx="74" cy="59" r="21"/><path d="M42 44h16v14H42z"/>'
         '<path d="M47 58c0 17-4 29-15 40h36C57 87 53 75 53 58z"/>',
}

_CROWNS = {
    # king: a tall five-point crown
    "K": '<path d="M8 62 2 14l22 22L50 2l26 34 22-22-6 48z"/><rect x="8" y="66" width="84" '
         'height="12" rx="3"/><circle cx="2" cy="12" r="5"/><circle cx="50" cy="3" r="6"/>'
         '<circle cx="98" cy="12" r="5"/>',
    # queen: a rounded coronet
    "Q": '<path d="M8 66C6 44 14 30 22 26c2 14 10 22 16 22 0-16 6-32 12-40 6 8 12 24 12 40 6 0 '
         '14-8 16-22 8 4 16 18 14 40z"/><rect x="8" y="68" width="84" height="11" rx="3"/>'
         '<circle cx="50" cy="6" r="6"/>',
    # jack: a cap with a feather
    "J": '<path d="M10 74c0-26 18-44 40-44s40 18 40 44z"/><path d="M60 34C66 16 80 6 96 2 90 '
         '14 80 26 66 38z"/><rect x="6" y="70" width="88" height="10" rx="3"/>',
}


def _symbol(sid: str, body: str, box: str = "0 0 100 100") -> str:
    return f'<symbol id="{sid}" viewBox="{box}">{body}</symbol>'


# The rank letters are symbols too, so that a card has no text of its own: what a card button
# shows is a picture, and its accessible name ("9 of spades, playable") is all there is to read
# (as text, the corner indices read "99" and axe-core's label-content-name-mismatch fails).
_RANK_BOX = 48  # the glyph's box: the corner index is drawn 1:1, baseline at (24, 40)


def _rank_symbol(rank: str) -> str:
    """A corner index, in the letters of the language's decks (a Russian queen shows Д)."""
    size = 34 if rank != "10" else 30
    spacing = ' letter-spacing="-3"' if rank == "10" else ""
    return (f'<symbol id="kz-r-{rank}" viewBox="0 0 {_RANK_BOX} {_RANK_BOX}" overflow="visible">'
            f'<text x="24" y="40" text-anchor="middle" font-size="{size}"{spacing} '
            f'font-family="Georgia,serif" font-weight="700">{escape(rank_label(rank))}</text>'
            f'</symbol>')


def rank_defs() -> str:
    """The corner indices in the language in use, put into the page beside DEFS (and put again
    when the language changes: every face on the page follows)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
            'style="position:absolute;width:0;height:0;overflow:hidden" id="kz-ranks"><defs>'
            + "".join(_rank_symbol(r) for r in RANKS) + '</defs></svg>')


def _rank(rank: str, cls: str, x: float = 0, y: float = 0, scale: float = 1) -> str:
    """The rank's glyph with its baseline centre at (x + 24·scale, y + 40·scale)."""
    size = _RANK_BOX * scale
    return (f'<use href="#kz-r-{rank}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
            f'class="{cls}"/>')


DEFS = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
    'style="position:absolute;width:0;height:0;overflow:hidden" id="kz-defs"><defs>'
    + "".join(_symbol(f"kz-{s}", body) for s, body in _SUIT_SHAPES.items())
    + "".join(_symbol(f"kz-crown-{r}", body) for r, body in _CROWNS.items())
    + '<pattern id="kz-lattice" width="14" height="14" patternUnits="userSpaceOnUse" '
      'patternTransform="rotate(45)"><rect width="14" height="14" fill="var(--back-a,#8e1b2a)"/>'
      '<path d="M0 7h14M7 0v14" stroke="var(--back-line,#c9515f)" stroke-width="1.6"/>'
      '<circle cx="7" cy="7" r="2.2" fill="var(--back-dot,#f1d9a8)"/></pattern>'
    + _symbol(
        "kz-back",
        '<rect x="1" y="1" width="198" height="278" rx="14" fill="#fbf7ee" stroke="#b9ad95" '
        'stroke-width="2"/><rect x="12" y="12" width="176" height="256" rx="8" '
        'fill="url(#kz-lattice)"/><rect x="18" y="18" width="164" height="244" rx="6" '
        'fill="none" stroke="var(--back-dot,#f1d9a8)" stroke-width="2.5"/>'
        '<ellipse cx="100" cy="140" rx="42" ry="52" fill="var(--back-a,#8e1b2a)" '
        'stroke="var(--back-dot,#f1d9a8)" stroke-width="3"/>'
        '<text x="100" y="163" text-anchor="middle" font-family="Georgia,serif" '
        'font-weight="700" font-size="66" fill="var(--back-dot,#f1d9a8)">k</text>',
        f"0 0 {W} {H}")
    + "</defs></svg>"
)

# Pip positions (x, y) for number cards, in card units; the lower half is drawn upside down.
_L, _C, _R = 66, 100, 134
_T, _B = 60, 220
def _y(row: float) -> float:
    return _T + (_B - _T) * row / 6


def _pips(n: int) -> list[tuple[float, float]]:
    spec = {
        2: [(_C, 0), (_C, 6)],
        3: [(_C, 0), (_C, 3), (_C, 6)],
        4: [(_L, 0), (_R, 0), (_L, 6), (_R, 6)],
        5: [(_L, 0), (_R, 0), (_C, 3), (_L, 6), (_R, 6)],
        6: [(_L, 0), (_R, 0), (_L, 3), (_R, 3), (_L, 6), (_R, 6)],
        7: [(_L, 0), (_R, 0), (_C, 1.5), (_L, 3), (_R, 3), (_L, 6), (_R, 6)],
        8: [(_L, 0), (_R, 0), (_C, 1.5), (_L, 3), (_R, 3), (_C, 4.5), (_L, 6), (_R, 6)],
        9: [(_L, 0), (_R, 0), (_L, 2), (_R, 2), (_C, 3), (_L, 4), (_R, 4), (_L, 6), (_R, 6)],
        10: [(_L, 0), (_R, 0), (_C, 1), (_L, 2), (_R, 2), (_L, 4), (_R, 4), (_C, 5),
             (_L, 6), (_R, 6)],
    }[n]
    return [(x, _y(r)) for x, r in spec]


def _use(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    x, y = cx - size / 2, cy - size / 2
    use = f'<use href="#kz-{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'
    if flip:
        return f'<g transform="rotate(180 {cx:g} {cy:g})">{use}</g>'
    return use


def _index(rank: str, suit: str) -> str:
    """The corner index (rank over a small suit), drawn top left and bottom right."""
    one = _rank(rank, "kz-rank") + _use(suit, 24, 60, 24)
    return one + f'<g transform="rotate(180 100 140)">{one}</g>'


def _court(rank: str, suit: str) -> str:
    """A court card: a framed panel with crown, letter and suit, mirrored like real courts."""
    half = (f'<use href="#kz-crown-{rank}" x="70" y="52" width="60" height="50" '
            f'class="kz-crown"/>'
            # the letter at 44 units: the index glyph scaled, its baseline centre at (100, 134)
            + _rank(rank, "kz-court", round(100 - 24 * 44 / 34, 2), round(134 - 40 * 44 / 34, 2),
                    round(44 / 34, 4))
            + _use(suit, 64, 114, 26) + _use(suit, 136, 114, 26))
    return ('<rect x="46" y="42" width="108" height="196" rx="6" class="kz-panel"/>'
            '<rect x="52" y="48" width="96" height="184" rx="4" fill="none" class="kz-frame"/>'
            '<path d="M52 140h96" class="kz-frame"/>'
            + half + f'<g transform="rotate(180 100 140)">{half}</g>')


def _ace(suit: str) -> str:
    if suit == "S":
        return ('<circle cx="100" cy="140" r="50" fill="none" class="kz-frame" '
                'stroke-width="2"/>' + _use(suit, 100, 140, 78))
    return _use(suit, 100, 140, 70)


def face_svg(code: str) -> str:
    """The SVG of one face, e.g. face_svg("10H")."""
    rank, suit = card(code)
    if rank == "A":
        middle = _ace(suit)
    elif rank in ("J", "Q", "K"):
        middle = _court(rank, suit)
    else:
        n = int(rank)
        size = 36 if n <= 6 else 33 if n <= 8 else 30
        middle = "".join(_use(suit, x, y, size, flip=y > 140.5) for x, y in _pips(n))
    return (f'<svg viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false">'
            f'<rect x="1" y="1" width="198" height="278" rx="14" class="kz-paper"/>'
            f'{_index(rank, suit)}{middle}</svg>')


BACK_SVG = (f'<svg viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false">'
            f'<use href="#kz-back" width="{W}" height="{H}"/></svg>')

_FACES: dict[str, str] = {}


def face(code: str) -> str:
    svg = _FACES.get(code)
    if svg is None:
        svg = _FACES[code] = face_svg(code)
    return svg


# Card words, each language's own: the court letters of its decks (Russian К Д В Т), rank and
# suit names, and how they join ("queen of spades", «дама пик», « dame de pique »).
RANK_LETTERS = {"J": NP_("rank letter", "J"), "Q": NP_("rank letter", "Q"),
                "K": NP_("rank letter", "K"), "A": NP_("rank letter", "A")}
RANK_WORDS = {"J": NP_("rank", "jack"), "Q": NP_("rank", "queen"), "K": NP_("rank", "king"),
              "A": NP_("rank", "ace")}
# TRANSLATORS: a suit as it follows a rank in a card's name ("queen of spades": spades)
SUITS_OF = {"C": NP_("of suit", "clubs"), "D": NP_("of suit", "diamonds"),
            "H": NP_("of suit", "hearts"), "S": NP_("of suit", "spades")}
SUIT_WORDS = {"C": NP_("suit", "clubs"), "D": NP_("suit", "diamonds"),
              "H": NP_("suit", "hearts"), "S": NP_("suit", "spades")}


def rank_label(rank: str) -> str:
    """A rank as a card's corner shows it in the language: "10", "K" (Russian "К")."""
    return p_("rank letter", RANK_LETTERS[rank]) if rank in RANK_LETTERS else rank


def label(code: str) -> str:
    """Short text for a card: "10♥", "K♠"."""
    c = card(code)
    return rank_label(c.rank) + SUIT_SYMBOLS[c.suit]


def name(code: str) -> str:
    """Spoken name: "10 of hearts", "queen of spades"."""
    c = card(code)
    rank = p_("rank", RANK_WORDS[c.rank]) if c.rank in RANK_WORDS else c.rank
    return _("{rank} of {suit}", rank=rank, suit=p_("of suit", SUITS_OF[c.suit]))


def suit_word(suit: str) -> str:
    """A suit on its own: "spades" (a trump suit, a Garbage wild)."""
    return p_("suit", SUIT_WORDS[suit])


def suit_class(code: str) -> str:
    c = card(code)
    return f"s-{c.suit} {'red' if c.red else 'black'}"


# --- cards in the page's markup -------------------------------------------------------------------

def card_html(code: str, cls: str = "", attrs: str = "", tag: str = "div") -> str:
    """A face-up card, named for screen readers (a button when it can be clicked)."""
    extra = f" {cls}" if cls else ""
    aria = "" if "aria-label=" in attrs else f'aria-label="{escape(name(code))}"'
    role = "" if tag == "button" else ' role="img"'
    typ = ' type="button"' if tag == "button" else ""
    return (f'<{tag}{typ} class="card face {suit_class(code)}{extra}" data-card="{code}" '
            f'{aria}{role} {attrs}>{face(code)}</{tag}>')


def back_html(cls: str = "", style: str = "") -> str:
    """A face-down card: no identity in the markup, silent for screen readers."""
    extra = f" {cls}" if cls else ""
    st = f' style="{style}"' if style else ""
    return f'<div class="card back{extra}"{st} aria-hidden="true">{BACK_SVG}</div>'


def chip_html(code: str) -> str:
    """A card as a small text chip ("10♥"), for lists of cards."""
    c = card(code)
    colour = "red" if c.red else "black"
    return f'<span class="chip-card {colour} s-{c.suit}">{escape(label(code))}</span>'
