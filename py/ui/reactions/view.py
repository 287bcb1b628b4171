"""Reactions drawn: the React button by the person's name plate and its menu, each seat's
bubble, and the words of each reaction in the language in use.

The ids are stable, for tests: `#react` (the button; aria-expanded says whether the menu is
open), `#react-menu`, `#react-<id>` (a reaction's button, `data-arg` its id)."""

from __future__ import annotations

from html import escape

from ..i18n import NP_, _, p_
from ..model import Model
from .model import EMOJI, IDS, LASTS_MS, PHRASES, Shown, menu_in_reach, sender

WORDS = {
    # TRANSLATORS: a reaction (the emoji 👍) as screen readers say it: "Boris: Thumbs up"
    "thumbs-up": NP_("reaction", "Thumbs up"),
    # TRANSLATORS: a reaction (the emoji 😄, a big laugh) as screen readers say it:
    # "Boris: Ha ha"
    "smile": NP_("reaction", "Ha ha"),
    # TRANSLATORS: a reaction (the emoji 😮, surprise) as screen readers say it: "Boris: Wow"
    "wow": NP_("reaction", "Wow"),
    # TRANSLATORS: a reaction (the emoji 😅, a narrow escape) as screen readers say it:
    # "Boris: Phew"
    "phew": NP_("reaction", "Phew"),
    # TRANSLATORS: a reaction (the emoji 🎉) as screen readers say it: "Boris: Hooray"
    "party": NP_("reaction", "Hooray"),
    # TRANSLATORS: a reaction (the emoji 👏) as screen readers say it: "Boris: Applause"
    "clap": NP_("reaction", "Applause"),
    # TRANSLATORS: a reaction a player sends the table, shown by their name in a bubble
    "good-game": NP_("reaction", "Good game"),
    # TRANSLATORS: a reaction a player sends the table, shown by their name in a bubble
    "well-played": NP_("reaction", "Well played"),
    # TRANSLATORS: a reaction a player sends the table (after a slip of their own)
    "oops": NP_("reaction", "Oops"),
    # TRANSLATORS: a reaction a player sends the table, to a player who takes long to move
    "hurry-up": NP_("reaction", "Hurry up"),
    # TRANSLATORS: a reaction a player sends the table, shown by their name in a bubble
    "thanks": NP_("reaction", "Thanks"),
}
# a smiling face, drawn in the text's colour like the table's other marks
FACE = ('<svg class="react-face" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.9"/>'
        '<path d="M8.3 13.9c.9 1.5 2.2 2.3 3.7 2.3s2.8-.8 3.7-2.3" fill="none" '
        'stroke="currentColor" stroke-width="1.9" stroke-linecap="round"/>'
        '<circle cx="9" cy="9.8" r="1.25" fill="currentColor"/>'
        '<circle cx="15" cy="9.8" r="1.25" fill="currentColor"/></svg>')


def words(reaction: str) -> str:
    """A reaction in the language in use (an emoji by its name)."""
    return p_("reaction", WORDS[reaction])


def said(who: str, reaction: str) -> str:
    """A reaction as the live region says it."""
    # TRANSLATORS: a player's reaction as screen readers hear it: "Boris: Well played"
    return _("{who}: {reaction}", who=who, reaction=words(reaction))


def bubbles(model: Model, now: float) -> dict[int, str]:
    """Each seat's reaction bubble while it lasts, by seat: others' none while muted."""
    in_play = model.in_play
    me = sender(in_play)
    muted = model.prefs.mute_reactions
    return {s.seat: bubble_html(s) for s in model.reactions.shown
            if now - s.at < LASTS_MS and s.reaction in IDS and not (muted and s.seat != me)}


def bubble_html(shown: Shown) -> str:
    """A reaction by a name plate: the emoji, or the phrase as this page words it. The live
    region has said it: screen readers skip the bubble."""
    emoji = EMOJI.get(shown.reaction)
    kind, text = ("emoji", emoji) if emoji else ("words", words(shown.reaction))
    return (f'<span class="bubble reaction r-{kind}" data-said="react:{shown.n}" '
            f'aria-hidden="true">{escape(text, quote=False)}</span>')


def control_html(model: Model) -> str:
    """The React button beside the person's name plate, and its menu when open."""
    seat = sender(model.in_play)
    if seat is None:
        return ""
    opened = menu_in_reach(model)
    # TRANSLATORS: the name of the button that opens the menu of reactions (emoji and short
    # phrases a player sends the table)
    react = escape(p_("button", "React"))
    # TRANSLATORS: the tooltip of the React button
    tip = escape(_("Send the table a reaction"))
    controls = ' aria-controls="react-menu"' if opened else ""
    return (f'<span class="react-box"><button type="button" class="react-open" id="react" '
            f'data-act="react-menu" aria-expanded="{str(opened).lower()}"{controls} '
            f'aria-label="{react}" title="{tip}">{FACE}</button>'
            f'{menu_html() if opened else ""}</span>')


def menu_html() -> str:
    """The reactions, each a button: the emoji named for screen readers, then the phrases.
    Arrow keys move along them (focus.py, data-roving="list"), Tab too; Escape closes."""
    # TRANSLATORS: the name of the menu of reactions, for screen readers
    name = escape(_("Reactions"))
    faces = "".join(
        f'<button type="button" class="react-pick emoji" id="react-{r}" data-act="react" '
        f'data-arg="{r}" aria-label="{escape(words(r))}" title="{escape(words(r))}">'
        f'<span aria-hidden="true">{EMOJI[r]}</span></button>' for r in EMOJI)
    phrases = "".join(
        f'<button type="button" class="react-pick phrase" id="react-{r}" data-act="react" '
        f'data-arg="{r}">{escape(words(r))}</button>' for r in PHRASES)
    return (f'<div class="react-menu" id="react-menu" role="group" aria-label="{name}" '
            f'data-roving="list" data-act="react-panel"><div class="react-faces">{faces}</div>'
            f'<div class="react-phrases">{phrases}</div></div>')
