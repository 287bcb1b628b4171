"""The table's colours: the felt and the card backs, as the CSS variables of <html style>.

Two ways to colour them, checked alike: a named choice of the settings sheet (FELTS, BACKS)
and an address's felt=#RRGGBB / back=#RRGGBB (a host's theme, or a link's). A felt must keep
every text laid on it readable, a back its pattern visible (`felt_contrast`, `back_contrast`
say how well; setup/address.py refuses a colour below TEXT_CONTRAST / PATTERN_CONTRAST, and
tests/ui/test_table_colours.py holds every named one to the same).

What css/kozyr.css lays on the felt, and so what a felt must carry: the felt is a gradient
from --felt-1 (its lightest, under a faint white glow of .felt) through --felt-2 to --felt-3;
text stands on it in --ink, on a --plate (black at .36) in --ink, --ink-dim or --gold-2, or on
a --panel (tiles, the options form: the felt's --shade, its darkest darker still, at .72; the
other panels on the felt are the same shade, less see-through).

Who wins: for each of the felt and the backs, the address's colour when it gives one (the
host's theme inside a frame, a link's elsewhere), else the player's choice (`theme`).
"""

from __future__ import annotations

from ..i18n import NP_

INK, BACK_DOT = "#f4efe1", "#f1d9a8"  # the text on the felt; the pattern on the card backs
GOLD_2 = "#f3dc92"  # css/kozyr.css's --gold-2: titles and numbers on the felt's plates
TEXT_CONTRAST, PATTERN_CONTRAST = 4.5, 3.0  # WCAG's for text, and for graphics
INK_DIM, PLATE, GLOW = .86, .36, .07  # --ink-dim's and --plate's alpha; .felt's white glow
PANEL_ALPHA = .72  # the lightest of the panels (--panel)

FELT_KEYS = ("--felt-1", "--felt-2", "--felt-3", "--shade")  # what a felt sets, and a back
BACK_KEYS = ("--back-a", "--back-line")

# The classic felt and backs: css/kozyr.css's own values (a page that chose them sets nothing)
CLASSIC_FELT = {"--felt-1": "#1d8550", "--felt-2": "#136639", "--felt-3": "#0a3f25",
                "--shade": "6, 38, 22"}
CLASSIC_BACK = {"--back-a": "#8e1b2a", "--back-line": "#c9515f"}

# The named choices of the settings sheet: name -> (the word for it, its colour); the first
# of each is the classic one (the default)
FELTS = {
    # TRANSLATORS: a colour of the table's felt, in the settings sheet (the classic one)
    "green": (NP_("felt", "Green"), "#136639"),
    # TRANSLATORS: a colour of the table's felt, in the settings sheet
    "blue": (NP_("felt", "Blue"), "#1c4a78"),
    # TRANSLATORS: a colour of the table's felt, in the settings sheet (a dark red)
    "wine": (NP_("felt", "Wine"), "#6e1e2e"),
    # TRANSLATORS: a colour of the table's felt, in the settings sheet (a blue-grey)
    "slate": (NP_("felt", "Slate"), "#34404a"),
    # TRANSLATORS: a colour of the table's felt, in the settings sheet (a warm brown, as wood)
    "walnut": (NP_("felt", "Walnut"), "#5b3a24"),
}
BACKS = {
    # TRANSLATORS: a colour of the card backs, in the settings sheet (the classic one)
    "red": (NP_("card back", "Red"), "#8e1b2a"),
    # TRANSLATORS: a colour of the card backs, in the settings sheet
    "blue": (NP_("card back", "Blue"), "#1f3f7a"),
    # TRANSLATORS: a colour of the card backs, in the settings sheet
    "green": (NP_("card back", "Green"), "#1d5a3a"),
    # TRANSLATORS: a colour of the card backs, in the settings sheet
    "black": (NP_("card back", "Black"), "#23252b"),
    # TRANSLATORS: a colour of the card backs, in the settings sheet
    "purple": (NP_("card back", "Purple"), "#4e2a6e"),
}
FELT, BACK = next(iter(FELTS)), next(iter(BACKS))  # the defaults
NAMED = {"felt": FELTS, "back": BACKS}  # the settings sheet's choices, by setting


def felt_vars(colour: str) -> dict[str, str]:
    """The CSS variables of a felt of `colour` (#rrggbb): its gradient, and the shade of the
    panels laid on it (as channels: the stylesheet gives each panel its alpha)."""
    dark = mix(colour, "#000000", .45)
    return {"--felt-1": mix(colour, "#ffffff", .12), "--felt-2": colour, "--felt-3": dark,
            "--shade": ", ".join(map(str, rgb(mix(dark, "#000000", .4))))}


def back_vars(colour: str) -> dict[str, str]:
    """The CSS variables of card backs of `colour` (#rrggbb)."""
    return {"--back-a": colour, "--back-line": mix(colour, "#ffffff", .3)}


def felt_contrast(felt: dict[str, str]) -> float:
    """The worst contrast of the text css/kozyr.css lays on a felt (its variables, as
    `felt_vars` makes them): --ink on the felt itself, and --ink, --ink-dim and --gold-2 on a
    plate or a panel over the felt's lightest part."""
    lightest = over(rgb("#ffffff"), GLOW, rgb(felt["--felt-1"]))
    shade = tuple(int(v) for v in felt["--shade"].split(","))
    grounds = [over((0, 0, 0), PLATE, lightest), over(shade, PANEL_ALPHA, lightest)]
    inks = [rgb(INK), rgb(GOLD_2)]
    worst = ratio(rgb(INK), rgb(felt["--felt-2"]))
    for ground in grounds:
        for ink in inks + [over(rgb(INK), INK_DIM, ground)]:
            worst = min(worst, ratio(ink, ground))
    return worst


def back_contrast(colour: str) -> float:
    """How well the backs' pattern shows on a back of `colour`."""
    return contrast(colour, BACK_DOT)


def theme(felt: str, back: str, address: dict[str, str]) -> dict[str, str]:
    """<html style>'s variables: the address's felt and backs where it gives them, else the
    player's named ones (the classic ones set nothing: the stylesheet's own)."""
    mine: dict[str, str] = {}
    if felt in FELTS and felt != FELT:
        mine.update(felt_vars(FELTS[felt][1]))
    if back in BACKS and back != BACK:
        mine.update(back_vars(BACKS[back][1]))
    return {**mine, **address}


def swatch(kind: str, name: str) -> dict[str, str]:
    """The variables that paint a choice's sample in the settings sheet (whatever the page's
    own colours are)."""
    if kind == "felt":
        return CLASSIC_FELT if name == FELT else felt_vars(FELTS[name][1])
    return CLASSIC_BACK if name == BACK else back_vars(BACKS[name][1])


def set_by_address(address: dict[str, str]) -> tuple[bool, bool]:
    """Whether the address sets the felt, and the backs (the player's choice waits)."""
    return (any(k in address for k in FELT_KEYS), any(k in address for k in BACK_KEYS))


# --- colour arithmetic (WCAG 2's relative luminance and contrast ratio) ------------------------

def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(colour: str, other: str, share: float) -> str:
    a, b = rgb(colour), rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def over(top, alpha: float, below) -> tuple[float, float, float]:
    """`top` at `alpha` painted over the opaque `below` (channels 0–255)."""
    return tuple(t * alpha + b * (1 - alpha) for t, b in zip(top, below))


def _luminance(channels) -> float:
    def channel(v: float) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    """WCAG's contrast ratio of two colours as channels."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast(a: str, b: str) -> float:
    return ratio(rgb(a), rgb(b))
