"""The screens around the tables: the game picker, a game's options form, and the sheets
(rules, discards) that open over any screen. Built from the engine's catalogue: nothing here
knows a particular game."""

from __future__ import annotations

from html import escape

import kozyr

from . import markdown
from .options import choice_label, sentence
from .parts.cards import face

LEVEL_WORDS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
LEVEL_HELP = {"easy": "Often plays carelessly.", "normal": "Plays like a careful player.",
              "hard": "Thinks ahead."}


def home_html(catalogue: list[dict], playable: set[str], save_summary: str | None,
              notice: str = "") -> str:
    tiles = []
    for g in catalogue:
        if g["name"] not in playable:  # only games with a table are offered
            continue
        players = (f'{g["min_players"]}–{g["max_players"]} players'
                   if g["max_players"] != g["min_players"] else f'{g["min_players"]} players')
        attrs = f'data-act="pick" data-arg="{escape(g["name"])}"'
        tiles.append(
            f'<li><button type="button" class="tile" {attrs} data-game="{escape(g["name"])}">'
            f'<span class="tile-title">{escape(g["title"])}</span>'
            f'<span class="tile-meta">{escape(players)}</span>'
            f'<span class="tile-blurb">{escape(g["blurb"])}</span></button></li>')
    cont = ""
    if save_summary:
        cont = (f'<div class="continue"><button type="button" class="btn primary" '
                f'data-act="continue" id="continue">Continue saved game</button>'
                f'<span class="continue-meta">{escape(save_summary)}</span></div>')
    note = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    fan = "".join(
        f'<div class="card face deco {"red" if s in "DH" else "black"}" style="--i:{i}" '
        f'aria-hidden="true">{face("A" + s)}</div>' for i, s in enumerate("SHCD"))
    return (f'<div class="screen home"><header class="hero"><div class="hero-fan">{fan}</div>'
            f'<h1>k<span>o</span>zyr</h1>'
            f'<p class="tagline">Card games against the computer. No sign-up, '
            f'works offline.</p></header>{note}{cont}'
            f'<h2 class="section-title">Choose a game</h2>'
            f'<ul class="tiles">{"".join(tiles)}</ul></div>')


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
        help_ = f'<span class="help">{escape(o["help"])}</span>' if o.get("help") else ""
        rows.append(
            f'<div class="field choice setting" data-key="{key}" role="radiogroup" '
            f'aria-labelledby="lbl-{key}"><span class="field-label" id="lbl-{key}">'
            f'{escape(o["label"])}</span><div class="segmented">{"".join(choices)}</div>'
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
        help_ = f'<span class="help">{escape(o["help"])}</span>' if o.get("help") else ""
        sub = " sub" if parent else ""
        if o["kind"] == "flag":
            checked = " checked" if values.get(key) else ""
            rows.append(
                f'<div class="field flag{sub}" data-key="{key}"><label class="switch">'
                f'<input type="checkbox" id="opt-{key}" name="{key}" data-opt="{key}"{checked}>'
                f'<span class="slider" aria-hidden="true"></span>'
                f'<span class="field-label">{escape(o["label"])}</span></label>{help_}</div>')
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
                f'{escape(o["label"])}</span><div class="segmented">{"".join(choices)}</div>'
                f'{help_}</div>')
    rows += settings_rows(settings, chosen or {})
    levels, helps = [], {**LEVEL_HELP, **(game.get("level_help") or {})}
    for lv in game.get("ai_levels") or ["normal"]:
        on = " checked" if lv == level else ""
        levels.append(f'<input type="radio" id="lvl-{lv}" name="level" data-opt="@level" '
                      f'value="{lv}"{on}><label for="lvl-{lv}" title="{escape(helps.get(lv, ""))}">'
                      f'{escape(LEVEL_WORDS.get(lv, lv.title()))}</label>')
    rows.append(f'<div class="field choice" data-key="level" role="radiogroup" '
                f'aria-labelledby="lbl-level"><span class="field-label" id="lbl-level">'
                f'Opponents</span><div class="segmented">{"".join(levels)}</div>'
                f'<span class="help">{escape(helps.get(level, ""))}</span></div>')
    err = (f'<p class="form-error" id="form-error" role="alert">{escape(sentence(error))}</p>'
           if error else '<p class="form-error" id="form-error" role="alert" hidden></p>')
    note = f'<p class="notice" role="alert">{escape(notice)}</p>' if notice else ""
    disabled = " disabled" if error else ""
    return (f'<div class="screen setup" data-game="{escape(game["name"])}">'
            f'<header class="setup-head"><button type="button" class="btn ghost back" '
            f'data-act="home" aria-label="Back to the games">← Games</button>'
            f'<h1>{escape(game["title"])}</h1><button type="button" class="btn ghost small '
            f'rules-link" data-act="rules" id="rules">Rules</button></header>{note}'
            f'<p class="blurb">{escape(game["blurb"])}</p>'
            f'<form class="options" id="options" onsubmit="return false">{"".join(rows)}'
            f'<div class="form-foot">{err}<div class="form-actions"><button type="button" class="btn ghost" '
            f'data-act="reset-options">Defaults</button><button type="button" '
            f'class="btn primary big" id="deal" data-act="deal"{disabled}>Deal</button></div></div>'
            f'</form></div>')


def sheet_html(title: str, body: str) -> str:
    """A panel over the screen (rules, discards), closed by its button, Esc or a click beside."""
    return (f'<div class="overlay sheet-overlay" data-act="close-sheet">'
            f'<div class="panel sheet" role="dialog" aria-modal="true" '
            f'aria-labelledby="sheet-title" data-act="noop" id="sheet">'
            f'<div class="sheet-head"><h2 id="sheet-title">{escape(title)}</h2>'
            f'<button type="button" class="btn small" data-act="close-sheet" '
            f'aria-label="Close">Close</button></div>'
            # it scrolls: a tab stop, so that the keys scroll it (named by the title)
            f'<div class="sheet-body" tabindex="0" role="region" '
            f'aria-labelledby="sheet-title">{body}</div>'
            f'</div></div>')


_RULES: dict[str, str] = {}


def rules_html(name: str) -> str:
    """A game's rules page as HTML (made once per game)."""
    if name not in _RULES:
        try:
            _RULES[name] = markdown.to_html(kozyr.get(name).rules(), top=3)
        except Exception:
            _RULES[name] = "<p>The rules page of this game is not available.</p>"
    return _RULES[name]


def keys_html(keys) -> str:
    """The keys sheet: every key the table answers, and what it does."""
    rows = "".join(f"<tr><th scope=\"row\"><kbd>{escape(k)}</kbd></th><td>{escape(what)}</td></tr>"
                   for k, what in keys)
    return (f'<p>Every action has a key. Buttons show theirs in their name for screen readers.'
            f'</p><table class="keys"><tbody>{rows}</tbody></table>')
