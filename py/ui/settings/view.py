"""The settings sheet: every setting of the page, remembered in this browser (the felts' and
card backs' rows are colours_view's)."""

from __future__ import annotations

from html import escape

from ..i18n import NP_, _, p_
from ..play.opponents import SPEED_ORDER, SPEED_WORDS

SIZE_WORDS = {"small": NP_("size", "small"), "medium": NP_("size", "medium"),
              "large": NP_("size", "large")}


ACROSS = ("ask", "allow", "never")
ACROSS_WORDS = {
    # TRANSLATORS: Settings, "Friends on other networks": ask before contacting the servers
    "ask": NP_("across", "Ask"),
    # TRANSLATORS: Settings, "Friends on other networks": contact them without asking
    "allow": NP_("across", "Allow"),
    # TRANSLATORS: Settings, "Friends on other networks": one network only
    "never": NP_("across", "Never"),
}


def settings_html(prefs, speed: str, notice: str = "", colours: str = "",
                  sound: bool = True) -> str:
    """The settings sheet: every setting of the page, remembered in this browser (`colours`:
    the felts' and card backs' rows, colours_view's; `sound`: whether the page makes
    sounds now, which the address may decide for the visit)."""
    rows = []

    def radios(key: str, label: str, choices, words, current, help_: str = "") -> None:
        inputs = "".join(
            f'<input type="radio" id="set-{key}-{c}" name="set-{key}" data-set="{key}" '
            f'value="{c}"{" checked" if c == current else ""}><label for="set-{key}-{c}">'
            f'{escape(words[c])}</label>' for c in choices)
        note = f'<span class="help">{escape(help_)}</span>' if help_ else ""
        rows.append(f'<div class="field choice" role="radiogroup" aria-labelledby="lbl-set-{key}">'
                    f'<span class="field-label" id="lbl-set-{key}">{escape(label)}</span>'
                    f'<div class="segmented">{inputs}</div>{note}</div>')

    def flag(key: str, label: str, on: bool, help_: str) -> None:
        rows.append(f'<div class="field flag"><label class="switch"><input type="checkbox" '
                    f'id="set-{key.replace("_", "-")}" data-set="{key}"{" checked" if on else ""}><span '
                    f'class="slider" aria-hidden="true"></span><span class="field-label">'
                    f'{escape(label)}</span></label><span class="help">{escape(help_)}</span>'
                    f'</div>')

    radios("speed", _("Opponents' speed"), SPEED_ORDER,
           {s: p_("speed", SPEED_WORDS[s]) for s in SPEED_ORDER}, speed)
    flag("four_colour", _("Four-colour suits"), prefs.four_colour,
         _("Clubs green and diamonds blue, so that no two suits share a colour."))
    radios("size", _("Card size"), tuple(SIZE_WORDS),
           {s: p_("size", SIZE_WORDS[s]) for s in SIZE_WORDS}, prefs.size,
           _("Larger cards for low vision, smaller ones for small screens."))
    rows.append(colours)
    flag("reduce_motion", _("Reduced motion"), prefs.reduce_motion,
         _("Cards appear in place instead of moving (on by itself when the system asks for "
           "less motion)."))
    flag("confirm", _("Confirm taking cards"), prefs.confirm,
         _("Ask before a move that picks cards up (Durak's and Stump's Take)."))
    flag("left_handed", _("Left-handed layout"), prefs.left_handed,
         _("The hand ordered from the right, the buttons on the left."))
    # TRANSLATORS: the settings sheet: a switch for the short sounds at the table
    flag("sound", _("Sound"), sound,
         # TRANSLATORS: the settings sheet, under the Sound switch
         _("Short sounds as cards are dealt, played, beaten and taken, when your turn comes "
           "and when the game ends."))
    rows.append(volume_html(prefs.volume, sound))
    # TRANSLATORS: the settings sheet: a switch that hides the other players' reactions
    flag("mute_reactions", _("Mute others' reactions"), prefs.mute_reactions,
         # TRANSLATORS: the settings sheet, under "Mute others' reactions"
         _("The emoji and short phrases other players send are neither shown by their names "
           "nor read aloud. Yours still show."))
    # TRANSLATORS: the settings sheet: whether a shared table may contact servers to connect
    # to a friend on another network (ask each time, allow, never)
    radios("across", _("Friends on other networks"), ACROSS,
           {c: p_("across", ACROSS_WORDS[c]) for c in ACROSS}, prefs.across,
           # TRANSLATORS: the settings sheet, under "Friends on other networks"
           _("To connect across the internet, a shared table contacts the servers below: they "
             "learn this device's public IP address, and no game data passes through them "
             "(a TURN relay carries the game's messages, encrypted)."))
    rows.append(ice_html(prefs.ice))
    said = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    return f'<form class="settings" onsubmit="return false">{"".join(rows)}{said}</form>'


def volume_html(volume: int, on: bool) -> str:
    """The sounds' volume: a slider from 0 to 100, in steps of 5 (arrow keys move it); out
    of use while there is no sound."""
    # TRANSLATORS: the settings sheet: the sounds' loudness (a slider)
    label = _("Volume")
    # TRANSLATORS: the volume slider's value as screen readers say it; {n} is 0–100
    said = _("{n} percent", n=volume)
    return (f'<div class="field volume"><label class="field-label" for="set-volume">'
            f'{escape(label)}</label><input type="range" id="set-volume" data-set="volume" '
            f'min="0" max="100" step="5" value="{volume}" aria-valuetext="{escape(said)}"'
            f' oninput="this.nextElementSibling.value = this.value"{"" if on else " disabled"}>'
            f'<output for="set-volume" aria-hidden="true">{volume}</output></div>')


def ice_html(ice: tuple[str, ...]) -> str:
    """The servers a table shared between browsers may contact across networks."""
    # TRANSLATORS: the settings sheet: the servers that connect shared tables across networks
    label = _("Servers for playing across networks")
    # TRANSLATORS: the settings sheet, under the servers' field; keep stun:, turn: and the
    # example's capitals
    help_ = _("One per line: stun:HOST:PORT, or for a relay turn:USER:CREDENTIAL@HOST:PORT. "
              "Empty: shared tables connect on one network only (the same Wi-Fi).")
    return (f'<div class="field"><label class="field-label" for="set-ice">{escape(label)}'
            f'</label><textarea id="set-ice" data-set="ice" rows="3" spellcheck="false" '
            f'autocomplete="off" lang="zxx" aria-describedby="set-ice-help">'
            f'{escape(chr(10).join(ice))}</textarea>'
            f'<span class="help" id="set-ice-help">{escape(help_)}</span></div>')
