"""The screens around the tables: the game picker, a game's options form, and the sheets
(rules, discards) that open over any screen. Built from the engine's catalogue: nothing here
knows a particular game."""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..i18n import LANGUAGES, N_, _, n_, p_, shipped
from ..parts.cards import face
from ..parts.words import reason_text
from ..seats.model import Seating
from ..seats.view import level_word, seats_html
from .options import choice_label, option_help, option_label, sentence, worded

LEVEL_HELP = {"easy": N_("Often plays carelessly."), "normal": N_("Plays like a careful player."),
              "hard": N_("Thinks ahead.")}


def home_html(catalogue: list[dict], playable: set[str], save_summary: str | None,
              notice: str = "", exercises: int = 0, daily: str = "", shared: str = "") -> str:
    """The first screen: a result someone shared (`shared`), the games, the daily deals
    (`daily`: daily/view's block), a deal by its number and the tools."""
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
            f'<p class="tagline">{escape(tagline)}</p></header>{note}{shared}{cont}'
            f'<h2 class="section-title">{escape(choose)}</h2>'
            f'<ul class="tiles">{"".join(tiles)}</ul>{daily}{deal_box_html(catalogue, playable)}'
            f'{home_tools_html(exercises)}</div>')


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
              settings=(), chosen: dict | None = None, seed: str = "",
              leaving: str | None = None, seating: Seating | None = None, people: int = 1,
              seats_error: str = "", bad_name: int = -1) -> str:
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
    shown = set(seating.levels.values()) if seating is not None and seating.levels else {level}
    for lv in game.get("ai_levels") or ["normal"]:
        on = " checked" if {lv} == shown else ""  # none: the computers differ (see Seats)
        levels.append(f'<input type="radio" id="lvl-{lv}" name="level" data-opt="@level" '
                      f'value="{lv}"{on}><label for="lvl-{lv}" title="{escape(_help(helps, lv))}">'
                      f'{escape(level_word(lv))}</label>')
    # TRANSLATORS: the options form's field for how well the opponents play
    opponents = _("Opponents")
    # TRANSLATORS: under the options form's Opponents when the computer seats' levels differ
    level_help = _help(helps, min(shown)) if len(shown) == 1 else _(
        "Each computer seat plays at its own level (see Seats).")
    if seating is None or seating.computers:  # every seat a person's: nobody to set
        rows.append(f'<div class="field choice" data-key="level" role="radiogroup" '
                    f'aria-labelledby="lbl-level"><span class="field-label" id="lbl-level">'
                    f'{escape(opponents)}</span><div class="segmented">{"".join(levels)}</div>'
                    f'<span class="help">{escape(level_help)}</span></div>')
    if seating is not None:
        rows.append(seats_html(seating, people, game.get("ai_levels") or ["normal"],
                               bad_name if seats_error else -1))
    rows.append(seed_field_html(seed, leaving))
    said = sentence(reason_text(error)) if error else sentence(seats_error)
    err = (f'<p class="form-error" id="form-error" role="alert">{escape(said)}</p>'
           if said else '<p class="form-error" id="form-error" role="alert" hidden></p>')
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


def _help(helps: dict, level: str) -> str:
    """What a level means (the game's words, else the usual ones)."""
    text = helps.get(level, "")
    return _(text) if text else ""


def sheet_html(title: str, body: str, wide: bool = False) -> str:
    """A panel over the screen (rules, discards), closed by its button, Esc or a click beside;
    a wide one for tables (statistics)."""
    close = p_("button", "Close")
    return (f'<div class="overlay sheet-overlay" data-act="close-sheet">'
            f'<div class="panel sheet{" wide" if wide else ""}" role="dialog" aria-modal="true" '
            f'aria-labelledby="sheet-title" data-act="noop" id="sheet">'
            f'<div class="sheet-head"><h2 id="sheet-title">{escape(title)}</h2>'
            f'<button type="button" class="btn small" data-act="close-sheet" '
            f'aria-label="{escape(close)}">{escape(close)}</button></div>'
            # it scrolls: a tab stop, so that the keys scroll it (named by the title)
            f'<div class="sheet-body" tabindex="0" role="region" '
            f'aria-labelledby="sheet-title">{body}</div>'
            f'</div></div>')


# The rules pages, rendered from the engine's Markdown at build time (scripts/rules_pages.py)
# and shipped beside this package in the runtime's zip: rules/<lang>/<game>.html.
RULES_DIR = Path(__file__).parent.parent / "rules"
_RULES: dict[tuple[str, str], str] = {}


def rules_html(name: str, lang: str = "en") -> str:
    """A game's rules page as HTML (read once per game and language)."""
    if (lang, name) not in _RULES:
        try:
            _RULES[lang, name] = shipped(RULES_DIR / lang / f"{name}.html").decode("utf-8")
        except OSError:  # its pack is fetched when first opened: offline, never fetched
            # TRANSLATORS: the rules sheet, offline, when the rules were never opened online
            missing = _("The rules are downloaded the first time they are read: connect to the "
                        "internet once to read them here.")
            return f"<p>{escape(missing)}</p>"
    return _RULES[lang, name]


def keys_html(keys) -> str:
    """The keys sheet: every key the table answers, and what it does."""
    rows = "".join(f"<tr><th scope=\"row\"><kbd>{escape(worded('key', k))}</kbd></th>"
                   f"<td>{escape(_(what))}</td></tr>" for k, what in keys)
    intro = _("Every action has a key. Buttons show theirs in their name for screen readers.")
    return f'<p>{escape(intro)}</p><table class="keys"><tbody>{rows}</tbody></table>'


# --- deal numbers, statistics, settings ----------------------------------------------------------

def deal_box_html(catalogue: list[dict], playable: set[str]) -> str:
    """The home screen's box: a game and a deal number (a friend's deal, or one to try again)."""
    games = "".join(f'<option value="{escape(g["name"])}">{escape(game_title(g))}</option>'
                    for g in catalogue if g["name"] in playable)
    # TRANSLATORS: the home screen's box that deals a game by its number
    title = _("Play a deal by its number")
    number, game = _("Deal number"), _("Game")
    go = p_("button", "Open")
    # TRANSLATORS: under the deal number box
    help_ = _("Every deal shows its number: the same number and options deal the same cards.")
    return (f'<form class="deal-box" id="deal-box" onsubmit="return false" '
            f'aria-labelledby="deal-box-title"><h2 class="section-title" id="deal-box-title">'
            f'{escape(title)}</h2><div class="deal-box-row"><label for="deal-seed">'
            f'{escape(number)}</label><input id="deal-seed" name="seed" inputmode="numeric" '
            f'autocomplete="off" size="10"><select id="deal-game" name="game" '
            f'aria-label="{escape(game)}">{games}</select>'
            f'<button type="button" class="btn" data-act="deal-number" id="deal-number-go">'
            f'{escape(go)}</button></div><p class="help">{escape(help_)}</p></form>')


def game_title(game: dict) -> str:
    title = game["title"]
    return p_("game", title)


def home_tools_html(exercises: int = 0) -> str:
    """Statistics, Exercises (with how many are left) and Settings."""
    stats, settings = p_("button", "Statistics"), p_("button", "Settings")
    # TRANSLATORS: the button that opens the exercises made from the person's mistakes; {n}
    # how many are left to solve
    drills = n_("Exercises ({n})", "Exercises ({n})", exercises) if exercises else p_(
        "button", "Exercises")
    return (f'<div class="home-tools"><button type="button" class="btn ghost" data-act="stats" '
            f'id="stats-open">{escape(stats)}</button><button type="button" class="btn ghost" '
            f'data-act="exercises" id="exercises-open">{escape(drills)}</button>'
            f'<button type="button" class="btn ghost" '
            f'data-act="settings" id="settings-open">{escape(settings)}</button></div>')


def seed_field_html(seed: str, leaving: str | None) -> str:
    """The options form's deal number (empty: a new shuffle), and what dealing leaves behind."""
    number = _("Deal number")
    # TRANSLATORS: the help under the options form's deal number field
    help_ = _("Empty for a new shuffle; a number deals that very deal.")
    warn = ""
    if leaving:
        # TRANSLATORS: on the options form when a game is still being played; {game} says
        # which ("Durak, 2 players, 36 cards · 12 moves played")
        said = _("Your game in progress ({game}) counts as a loss if you deal a new one.",
                 game=leaving)
        warn = f'<p class="leave-warning" role="note">{escape(said)}</p>'
    return (f'<div class="field text" data-key="seed"><label class="field-label" '
            f'for="opt-seed">{escape(number)}</label><input id="opt-seed" data-opt="@seed" '
            f'inputmode="numeric" autocomplete="off" size="12" value="{escape(seed)}" data-typed>'
            f'<span class="help">{escape(help_)}</span></div>{warn}')


def deal_sheet_html(seed: int, query: str, over: bool, notice: str = "") -> str:
    """The deal's number, its link, and Replay (and what Copy link did)."""
    # TRANSLATORS: the deal sheet; {n} is the deal's number
    said = _("This is deal {n}. Its number, or its link, deals the same cards (with the same "
             "options) here or in any other browser.", n=seed)
    copy, again = p_("button", "Copy link"), p_("button", "Play this deal again")
    link = _("Link to this deal")
    leave = _("Playing it again leaves the game in progress: it counts as a loss.")
    note = "" if over else f'<p class="leave-warning">{escape(leave)}</p>'
    return (f'<p>{escape(said)}</p><p class="deal-no" aria-hidden="true">#{seed}</p>'
            f'<label for="deal-link" class="field-label">{escape(link)}</label>'
            f'<input id="deal-link" class="deal-link" readonly value="{escape(query)}">'
            f'{note}<div class="sheet-actions"><button type="button" class="btn primary" '
            f'data-act="copy-link" id="copy-link">{escape(copy)}</button><button type="button" '
            f'class="btn" data-act="replay" id="replay">{escape(again)}</button></div>'
            f'<p class="notice" role="status" id="deal-notice"'
            f'{"" if notice else " hidden"}>{escape(notice)}</p>')


def update_html() -> str:
    """The bar that says a new version is ready (the game in progress is saved: a reload
    continues it)."""
    # TRANSLATORS: shown when a new version of the page was downloaded in the background
    ready = _("A new version of kozyr is ready: it is used from your next visit, or now if you "
              "reload (your game is saved).")
    reload_ = p_("button", "Reload")
    return (f'<div class="update-bar" role="status"><span>{escape(ready)}</span>'
            f'<button type="button" class="btn small" data-act="reload" id="reload">'
            f'{escape(reload_)}</button></div>')


def confirm_move_html(words: str) -> str:
    """The question before a move that takes cards."""
    # TRANSLATORS: the question before a move that picks cards up; {move} is the move in words
    ask = _("Do you want to {move}?", move=words)
    yes, no = p_("button", "Yes"), p_("button", "No, go back")
    return (f'<div class="overlay sheet-overlay"><div class="panel sheet confirm-move" '
            f'role="dialog" aria-modal="true" aria-labelledby="confirm-move-q" '
            f'id="confirm-move"><p id="confirm-move-q">{escape(ask)}</p><div class="sheet-actions">'
            f'<button type="button" class="btn primary" data-act="confirm-yes" id="confirm-yes">'
            f'{escape(yes)}</button><button type="button" class="btn" data-act="confirm-no" '
            f'id="confirm-no">{escape(no)}</button></div></div></div>')
