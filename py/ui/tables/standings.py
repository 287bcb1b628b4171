"""The game-over panel's standings: a player's place, shown in its circle and said to screen
readers."""

from __future__ import annotations

from html import escape

from ..i18n import _


def place_html(place: int) -> str:
    """A player's place (1, 2, 3…): its number in the circle, which a screen reader hears as a
    place, before the name."""
    # TRANSLATORS: the game-over standings, read by screen readers before a player's name (the
    # circle beside the name shows the number alone)
    said = _("Place {n}:", n=place)
    return (f'<span class="place" aria-hidden="true">{place}</span>'
            f'<span class="sr-only">{escape(said)} </span>')
