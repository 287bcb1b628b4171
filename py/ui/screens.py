"""The screens around the tables: the game picker, a game's options form, and the sheets
(rules, discards) that open over any screen. Built from the engine's catalogue: nothing here
knows a particular game."""

from __future__ import annotations

from html import escape
from pathlib import Path

import kozyr

from .i18n import LANGUAGES, N_, NP_, _, n_, p_
from .options import choice_label, option_help, option_label, sentence, worded
from .parts.cards import face
from .parts.words import reason_text

# the opponents' levels, as the options form names them
LEVEL_WORDS = {"easy": NP_("level", "Easy"), "normal": NP_("level", "Normal"),
               "hard": NP_("level", "Hard")}
LEVEL_HELP = {"easy": N_("Often plays carelessly."), "normal": N_("Plays like a careful player."),
              "hard": N_("Thinks ahead.")}


def home_html(catalogue: list[dict], playable: set[str], save_summary: str | None,
              notice: str = "") -> str:
    tiles = []
    for g in catalogue:
        if g["name"] not in playable:  # only games with a table are offered
            continue
        if g["max_players"] != g["min_players"]:
            # TRANSLATORS: how many play a game, on its tile in the picker: "2–6 players"
            players = n_("{low}–{n} player", "{low}–{n} players", g["max_players"],
                         low=g["min_players"])
        else:
            players = n_("{n} player", "{n} players", g["min_players"])
        attrs = f'data-act="pick" data-arg="{escape(g["name"])}"'
        title, blurb = g["title"], g["blurb"]
        tiles.append(
            f'<li><button type="button" class="tile" {attrs} data-game="{escape(g["name"])}">'
            f'<span class="tile-title">{escape(p_("game", title))}</span>'
            f'<span class="tile-meta">{escape(players)}</span>'
            f'<span class="tile-blurb">{escape(_(blurb))}</span></button></li>')
    cont = ""
    if save_summary:
        button = _("Continue saved game")
        cont = (f'<div class="continue"><button type="button" class="btn primary" '
                f'data-act="continue" id="continue">{escape(button)}</button>'
                f'<span class="continue-meta">{escape(save_summary)}</span></div>')
    note = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    fan = "".join(
        f'<div class="card face deco {"red" if s in "DH" else "black"}" style="--i:{i}" '
        f'aria-hidden="true">{face("A" + s)}</div>' for i, s in enumerate("SHCD"))
    tagline = _("Card games against the computer. No sign-up, works offline.")
    choose = _("Choose a game")
    return (f'<div class="screen home"><header class="hero"><div class="hero-fan">{fan}</div>'
            f'<h1>k<span>o</span>zyr</h1>'
            f'<p class="tagline">{escape(tagline)}</p></header>{note}{cont}'
            f'<h2 class="section-title">{escape(choose)}</h2>'
            f'<ul class="tiles">{"".join(tiles)}</ul></div>')


def language_html(lang: str) -> str:
    """The language switch, in every screen's header: each language by its own name."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>'
        f'{escape(own)}</option>' for code, own in LANGUAGES.items())
    # TRANSLATORS: the name of the language switch, for screen readers and as its tooltip
    name = escape(_("Language"))
    return (f'<select id="lang" class="lang-switch" data-act="lang" aria-label="{name}" '
            f'title="{name}">{options}</select>')


def settings_rows(settings, chosen: dict) -> list[str]:
    """The table's player settings (not rules: they change nothing in the game's options)."""
    rows = []
    for o in settings:
        key, choices = o["key"], []
        for c in o["choices"]:
            on = " checked" if c == chosen.get(key, o["default"]) else ""
            cid = f"set-{key}-{c}".replace(" ", "-")
            choices.append(
                f'<input type="radio" id="{escape(cid)}" name="ui-{key}" data-opt="ui:{key}" '
                f'value="{escape(str(c))}"{on}><label for="{escape(cid)}">'
                f'{escape(choice_label(o, c))}</label>')
        help_ = f'<span class="help">{escape(option_help(o))}</span>' if o.get("help") else ""
        rows.append(
            f'<div class="field choice setting" data-key="{key}" role="radiogroup" '
            f'aria-labelledby="lbl-{key}"><span class="field-label" id="lbl-{key}">'
            f'{escape(option_label(o))}</span><div class="segmented">{"".join(choices)}</div>'
            f'{help_}</div>')
    return rows


def form_html(game: dict, values: dict, level: str, error: str = "", notice: str = "",
              settings=(), chosen: dict | None = None) -> str:
    rows = []
    for o in game["options"]:
        key = o["key"]
        parent = o.get("requires")
        if parent and not values.get(parent):
            continue  # only matters when its flag is on
        help_ = f'<span class="help">{escape(option_help(o))}</span>' if o.get("help") else ""
        sub = " sub" if parent else ""
        if o["kind"] == "flag":
            checked = " checked" if values.get(key) else ""
            rows.append(
                f'<div class="field flag{sub}" data-key="{key}"><label class="switch">'
                f'<input type="checkbox" id="opt-{key}" name="{key}" data-opt="{key}"{checked}>'
                f'<span class="slider" aria-hidden="true"></span>'
                f'<span class="field-label">{escape(option_label(o))}</span></label>{help_}</div>')
        else:
            choices = []
            for c in o["choices"]:
                on = " checked" if c == values.get(key) else ""
                cid = f"opt-{key}-{c}".replace(" ", "-")  # an id holds no spaces
                choices.append(
                    f'<input type="radio" id="{escape(cid)}" name="{key}" data-opt="{key}" '
                    f'value="{escape(str(c))}"{on}><label for="{escape(cid)}">'
                    f'{escape(choice_label(o, c))}</label>')
            rows.append(
                f'<div class="field choice{sub}" data-key="{key}" role="radiogroup" '
                f'aria-labelledby="lbl-{key}"><span class="field-label" id="lbl-{key}">'
                f'{escape(option_label(o))}</span><div class="segmented">{"".join(choices)}</div>'
                f'{help_}</div>')
    rows += settings_rows(settings, chosen or {})
    levels, helps = [], {**LEVEL_HELP, **(game.get("level_help") or {})}
    for lv in game.get("ai_levels") or ["normal"]:
        on = " checked" if lv == level else ""
        levels.append(f'<input type="radio" id="lvl-{lv}" name="level" data-opt="@level" '
                      f'value="{lv}"{on}><label for="lvl-{lv}" title="{escape(_help(helps, lv))}">'
                      f'{escape(level_word(lv))}</label>')
    # TRANSLATORS: the options form's field for how well the opponents play
    opponents = _("Opponents")
    rows.append(f'<div class="field choice" data-key="level" role="radiogroup" '
                f'aria-labelledby="lbl-level"><span class="field-label" id="lbl-level">'
                f'{escape(opponents)}</span><div class="segmented">{"".join(levels)}</div>'
                f'<span class="help">{escape(_help(helps, level))}</span></div>')
    err = (f'<p class="form-error" id="form-error" role="alert">'
           f'{escape(sentence(reason_text(error)))}</p>'
           if error else '<p class="form-error" id="form-error" role="alert" hidden></p>')
    note = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    disabled = " disabled" if error else ""
    back, games, rules = _("Back to the games"), _("← Games"), _("Rules")
    # TRANSLATORS: the button that sets every option back to its default
    defaults = _("Defaults")
    deal = p_("button", "Deal")
    title, blurb = game["title"], game["blurb"]
    return (f'<div class="screen setup" data-game="{escape(game["name"])}">'
            f'<header class="setup-head"><button type="button" class="btn ghost back" '
            f'data-act="home" aria-label="{escape(back)}">{escape(games)}</button>'
            f'<h1>{escape(p_("game", title))}</h1><button type="button" class="btn ghost '
            f'small rules-link" data-act="rules" id="rules">{escape(rules)}</button></header>'
            f'{note}<p class="blurb">{escape(_(blurb))}</p>'
            f'<form class="options" id="options" onsubmit="return false">{"".join(rows)}'
            f'<div class="form-foot">{err}<div class="form-actions"><button type="button" class="btn ghost" '
            f'data-act="reset-options">{escape(defaults)}</button><button type="button" '
            f'class="btn primary big" id="deal" data-act="deal"{disabled}>{escape(deal)}</button>'
            f'</div></div></form></div>')


def level_word(level: str) -> str:
    """An opponents' level as the form names it ("Easy")."""
    return p_("level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level.title()


def _help(helps: dict, level: str) -> str:
    """What a level means (the game's words, else the usual ones)."""
    text = helps.get(level, "")
    return _(text) if text else ""


def sheet_html(title: str, body: str) -> str:
    """A panel over the screen (rules, discards), closed by its button, Esc or a click beside."""
    close = p_("button", "Close")
    return (f'<div class="overlay sheet-overlay" data-act="close-sheet">'
            f'<div class="panel sheet" role="dialog" aria-modal="true" '
            f'aria-labelledby="sheet-title" data-act="noop" id="sheet">'
            f'<div class="sheet-head"><h2 id="sheet-title">{escape(title)}</h2>'
            f'<button type="button" class="btn small" data-act="close-sheet" '
            f'aria-label="{escape(close)}">{escape(close)}</button></div>'
            # it scrolls: a tab stop, so that the keys scroll it (named by the title)
            f'<div class="sheet-body" tabindex="0" role="region" '
            f'aria-labelledby="sheet-title">{body}</div>'
            f'</div></div>')


# The rules pages, rendered from the engine's Markdown at build time (scripts/rules_pages.py)
# and shipped in the page's Python zip beside this package: rules/<lang>/<game>.html.
RULES_DIR = Path(__file__).parent / "rules"
_RULES: dict[tuple[str, str], str] = {}


def rules_html(name: str, lang: str = "en") -> str:
    """A game's rules page as HTML (read once per game and language)."""
    if (lang, name) not in _RULES:
        try:
            _RULES[lang, name] = (RULES_DIR / lang / f"{name}.html").read_text("utf-8")
        except OSError:
            missing = _("The rules page of this game is not available.")
            return f"<p>{escape(missing)}</p>"
    return _RULES[lang, name]


def keys_html(keys) -> str:
    """The keys sheet: every key the table answers, and what it does."""
    rows = "".join(f"<tr><th scope=\"row\"><kbd>{escape(worded('key', k))}</kbd></th>"
                   f"<td>{escape(_(what))}</td></tr>" for k, what in keys)
    intro = _("Every action has a key. Buttons show theirs in their name for screen readers.")
    return f'<p>{escape(intro)}</p><table class="keys"><tbody>{rows}</tbody></table>'
