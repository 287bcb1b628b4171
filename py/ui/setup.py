"""The game picker and the options form, generated from the engine's catalogue.

Nothing here knows a particular game: every game the registry holds gets a tile, and its
options (flags and choices, with `requires` for sub-options) become the form.
"""

from __future__ import annotations

from html import escape

from .cards import face

LEVEL_WORDS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
LEVEL_HELP = {"easy": "Often plays carelessly.", "normal": "Plays like a careful player.",
              "hard": "Thinks ahead."}
TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}


class ParamError(ValueError):
    """A bad setting in the page address."""


def defaults(game: dict) -> dict:
    return {o["key"]: o["default"] for o in game["options"]}


def effective(game: dict, values: dict) -> dict:
    """The options to send: sub-options whose flag is off fall back to their default."""
    out = {}
    for o in game["options"]:
        value = values.get(o["key"], o["default"])
        if o.get("requires") and not values.get(o["requires"]):
            value = o["default"]
        out[o["key"]] = value
    return out


def parse_value(option: dict, text: str):
    """A text from the address (or a form) as the option's value; ParamError if it is none."""
    text = str(text).strip()
    if option["kind"] == "flag":
        low = text.lower()
        if low in TRUE_WORDS or low == "":
            return True
        if low in FALSE_WORDS:
            return False
        raise ParamError(f"{option['label']}: use 1 or 0, not {text!r}")
    for choice in option["choices"]:
        if any(_same(text, t) for t in (str(choice), _choice_label(option, choice))):
            return choice
    shown = ", ".join(_choice_label(option, c) if option.get("words") else str(c)
                      for c in option["choices"])
    raise ParamError(f"{option['label']}: choose one of {shown}, not {text!r}")


def _same(a: str, b: str) -> bool:
    return a.lower().replace(" ", "") == b.lower().replace(" ", "")


def sentence(text: str) -> str:
    text = str(text).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


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


def _choice_label(option: dict, choice) -> str:
    if option.get("words"):
        return str(option["words"].get(choice, choice))
    if option["key"] == "deck":
        return f"{choice} cards"
    return str(choice)


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
                f'{escape(_choice_label(o, c))}</label>')
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
                    f'{escape(_choice_label(o, c))}</label>')
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
