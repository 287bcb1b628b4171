"""The settings sheet's felts and card backs: each a radio with a sample of its colour and its
name; and, while the page's address sets the colours (a host's theme, a link's), a note that
says the player's choice waits."""

from __future__ import annotations

from html import escape

from ..i18n import _, p_
from .colours import BACK_DOT, BACKS, FELTS, set_by_address, swatch


def colours_html(prefs, address: dict[str, str], embedded: bool) -> str:
    """The two rows of the settings sheet (felt, backs), and the note when they wait."""
    felt_fixed, back_fixed = set_by_address(address)
    note = ""
    if felt_fixed or back_fixed:
        if embedded:
            # TRANSLATORS: the settings sheet, under the felts and card backs, in a game shown
            # on another site that chose its own colours
            said = _("The site showing this game chooses the table's colours: your choice is "
                     "kept for where it chooses none.")
        else:
            # TRANSLATORS: the settings sheet, under the felts and card backs, when the page's
            # address names colours; keep felt= and back= as they are
            said = _("This page's address sets the table's colours (felt=, back=): your "
                     "choice is kept for pages opened without them.")
        note = f'<p class="help colours-note" id="set-colours-note">{escape(said)}</p>'
    # TRANSLATORS: the settings sheet: the colour of the table's cloth
    felt = _group("felt", _("Felt"), FELTS, prefs.felt, felt_fixed, _felt_sample)
    # TRANSLATORS: the settings sheet: the colour of the cards' backs
    back = _group("back", _("Card backs"), BACKS, prefs.back, back_fixed, _back_sample)
    return felt + back + note


def _group(key: str, label: str, choices: dict, current: str, waits: bool, sample) -> str:
    inputs = "".join(
        f'<input type="radio" id="set-{key}-{name}" name="set-{key}" data-set="{key}" '
        f'value="{name}"{" checked" if name == current else ""}>'
        f'<label for="set-{key}-{name}">{sample(name)}'
        f'<span class="swatch-name">{escape(p_(_CONTEXT[key], word))}</span></label>'
        for name, (word, _colour) in choices.items())
    described = ' aria-describedby="set-colours-note"' if waits else ""
    return (f'<div class="field choice colours" role="radiogroup" '
            f'aria-labelledby="lbl-set-{key}"{described}>'
            f'<span class="field-label" id="lbl-set-{key}">{escape(label)}</span>'
            f'<div class="swatches" data-kind="{key}">{inputs}</div></div>')


_CONTEXT = {"felt": "felt", "back": "card back"}  # the words' contexts (colours.FELTS, BACKS)


def _felt_sample(name: str) -> str:
    """A patch of the felt, its gradient as the page paints it."""
    style = "".join(f"{k}:{v};" for k, v in swatch("felt", name).items())
    return f'<span class="swatch felt-swatch" style="{style}" aria-hidden="true"></span>'


def _back_sample(name: str) -> str:
    """A small card back: its paper's edge, the lattice and its dots, in the back's colours
    (a pattern of its own: the page's card backs take the page's colours)."""
    colours = swatch("back", name)
    colour, line, pid = colours["--back-a"], colours["--back-line"], f"sw-back-{name}"
    return (f'<span class="swatch back-swatch" aria-hidden="true"><svg viewBox="0 0 40 56" '
            f'focusable="false"><defs><pattern id="{pid}" width="8" height="8" '
            f'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            f'<rect width="8" height="8" fill="{colour}"/><path d="M0 4h8M4 0v8" '
            f'stroke="{line}" stroke-width="1"/><circle cx="4" cy="4" r="1.2" '
            f'fill="{BACK_DOT}"/></pattern></defs><rect x=".75" y=".75" width="38.5" '
            f'height="54.5" rx="4" fill="#fbf7ee" stroke="#b9ad95" stroke-width="1.5"/>'
            f'<rect x="4" y="4" width="32" height="48" rx="2.5" fill="url(#{pid})"/></svg></span>')
