"""The page controller: screens, clicks, the AI's turns, saving.

The DOM is rebuilt from data on every change (the engine's view of the human seat plus a
little UI state), and every click is read through one delegated listener on #app, so
the page never holds state the Python side does not know about.

Address parameters (for links and embedding), e.g. ``?game=durak&players=3&deck=24``:
  game=NAME       start that game directly (with `setup=1`: open its options form instead)
  <option>=VALUE  any option of the game: choices by value, flags as 1/0
  level=easy|normal   the opponents' level
  seed=N          deal a given shuffle (repeatable games)
  speed=slow|normal|fast|instant|MS   pause before each opponent move (0 = no pause)
  four=1          four-colour suits
  <setting>=VALUE a setting of the game's table (its SETTINGS), e.g. look=10 in Memory
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from urllib.parse import parse_qsl

import kozyr
from kozyr.session import SaveError, Session

from html import escape

from . import (advantage_table, cards, durak_table, garbage_table, markdown, memory_table, setup,
               stump_table)
from . import moves as mv

SAVE_KEY = "kozyr.save"
PREFS_KEY = "kozyr.prefs"
STATS_KEY = "kozyr.stats"
OPTIONS_KEY = "kozyr.options."
SPEEDS = {"slow": 1300, "normal": 750, "fast": 320, "instant": 0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
# the table of each game: a module with Look, render(view, look, review, stats),
# card_codes_on_table(view) and discards_html(view); optionally DISCARDS_TITLE and
# settle(view), the seconds the last move takes to replay (the opponents wait that much longer).
# A table with state of its own (kept with the saved game, so a reload cannot undo it) may add
# SETTINGS (player settings shown in the options form and read from the address),
# prepare(view, ui, settings, now_ms) -> ui, waits(view, ui) (the opponents hold while True)
# and act(view, ui, arg, now_ms) -> ui for its buttons (data-act="ui" data-arg=...). A button
# with data-deadline (epoch ms) presses itself then; its [data-countdown] shows the seconds left.
# A table whose moves go to a place it draws (Advantage's piles) may set CHOOSE_TARGET (a click
# on a card only selects it, even with one place to go), mark its places data-target="TARGET"
# inside #bout (for dragging) and give selection_hint(legal, selection) -> str.
RENDERERS = {"durak": durak_table, "stump": stump_table, "garbage": garbage_table,
             "memory": memory_table, "advantage": advantage_table}
SLICE = 0.03  # seconds of AI thinking between two turns of the browser's event loop
RESERVED = {"game", "level", "seed", "speed", "four", "setup"}


def nothing(x) -> bool:
    """True for None and for JavaScript's null (which Pyodide hands over as `jsnull`)."""
    return x is None or type(x).__name__ == "JsNull"


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


class App:
    def __init__(self, document, window, proxy):
        self.doc, self.win, self._proxy = document, window, proxy
        self.root = document.getElementById("app")
        self.catalogue = kozyr.catalogue()
        self.games = {g["name"]: g for g in self.catalogue}
        self.screen = "home"
        self.game: dict | None = None
        self.values: dict = {}
        self.level = "normal"
        self.form_error = ""
        self.notice = ""
        self.session: Session | None = None
        self.names: list[str] = []
        self.selection: list[str] = []
        self.hint = ""
        self.acted: int | None = None
        self.review = False
        self.seen: set[str] = set()
        self.ai_ms: list[float] = []
        self.ai_running = False
        self.rev = 0
        self.prefs = {"speed": "normal", "four": False}
        self.prefs.update(self._load_json(PREFS_KEY) or {})
        self.speed_ms: int | None = None  # from the address; overrides the preference
        self._handlers = []
        self.drag: str | None = None
        self.show_log = False  # the log drawer on narrow screens
        self.sheet: str | None = None  # an open panel over the screen: "rules" or "discards"
        self.ui: dict = {}  # the table's own state for this game (saved with it)
        self.address_settings: dict = {}  # table settings given in the address
        self.timer = None  # the interval that counts a data-deadline down

    # --- storage (never fatal: private modes and sandboxed frames may refuse it) ------
    def _get(self, key: str) -> str | None:
        try:
            value = self.win.localStorage.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str | None) -> None:
        try:
            if value is None:
                self.win.localStorage.removeItem(key)
            else:
                self.win.localStorage.setItem(key, value)
        except Exception:
            pass

    def _load_json(self, key: str):
        text = self._get(key)
        if not text:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def save_prefs(self) -> None:
        self._set(PREFS_KEY, json.dumps(self.prefs))

    # --- start -----------------------------------------------------------------------
    def start(self) -> None:
        if nothing(self.doc.getElementById("kz-defs")):
            self.doc.body.insertAdjacentHTML("afterbegin", cards.DEFS)
        if nothing(self.doc.getElementById("kz-live")):  # outlives the re-rendering of #app
            self.doc.body.insertAdjacentHTML(
                "beforeend", '<div id="kz-live" class="sr-only" aria-live="polite"></div>')
        self._apply_prefs()
        click = self._proxy(self.on_click)
        change = self._proxy(self.on_change)
        key = self._proxy(self.on_key)
        drag = {name: self._proxy(getattr(self, "on_" + name))
                for name in ("dragstart", "dragover", "drop", "dragend")}
        self._tick = self._proxy(self.on_tick)
        self._handlers = [click, change, key, self._tick, *drag.values()]
        self.root.addEventListener("click", click)
        self.root.addEventListener("change", change)
        self.doc.addEventListener("keydown", key)
        for name, handler in drag.items():
            self.root.addEventListener(name, handler)
        try:
            search = str(self.win.location.search or "")
        except Exception:
            search = ""
        if not self.from_address(search):
            saved = self._get(SAVE_KEY)
            if saved:
                self.resume(saved)
        self.render()
        self.doc.documentElement.dataset.kozyr = "ready"
        self.kick()

    def _apply_prefs(self) -> None:
        cl = self.doc.documentElement.classList
        if self.prefs.get("four"):
            cl.add("four-colour")
        else:
            cl.remove("four-colour")

    def from_address(self, search: str) -> bool:
        """Preselect or start a game from the query string; True if it decided the screen."""
        pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)
        if not pairs:
            return False
        query = {k.strip().lower(): v.strip() for k, v in pairs}
        problems = []
        if "speed" in query:
            text = query["speed"].lower()
            if text in SPEEDS:
                self.speed_ms = SPEEDS[text]
            else:
                try:
                    self.speed_ms = max(0, min(10000, int(float(text))))
                except ValueError:
                    problems.append(f"Speed: use slow, normal, fast, instant or milliseconds, "
                                    f"not {query['speed']!r}")
        if "four" in query:
            self.prefs["four"] = query["four"].lower() not in setup.FALSE_WORDS
            self._apply_prefs()
        name = query.get("game", "").lower()
        if not name:
            rest = sorted(set(query) - {"speed", "four"})
            if rest:
                self.notice = ("The address names options but no game; add game=… "
                               f"(one of {', '.join(self.games)}).")
                self.screen = "home"
                return True
            if problems:
                self.notice = " ".join(setup.sentence(p) for p in problems)
            return False
        game = self.games.get(name)
        if game is None or name not in RENDERERS:
            self.notice = (f"There is no game called {query['game']!r} here; "
                           f"choose one below.")
            self.screen = "home"
            return True
        # a link means the same game for everyone: its defaults, not this browser's last options
        self.open_setup(name, remember="setup" in query)
        options = {o["key"]: o for o in game["options"]}
        settings = {o["key"]: o for o in self.table_settings(name)}
        for key, text in query.items():
            if key in RESERVED:
                continue
            if key in settings:
                try:
                    self.address_settings[key] = setup.parse_value(settings[key], text)
                except setup.ParamError as exc:
                    problems.append(str(exc))
                continue
            if key not in options:
                problems.append(f"{game['title']} has no option {key!r}")
                continue
            try:
                self.values[key] = setup.parse_value(options[key], text)
            except setup.ParamError as exc:
                problems.append(str(exc))
        if "level" in query:
            levels = game.get("ai_levels") or ["normal"]
            if query["level"].lower() in levels:
                self.level = query["level"].lower()
            else:
                problems.append(f"Opponents: choose one of {', '.join(levels)}, "
                                f"not {query['level']!r}")
        seed = None
        if "seed" in query:
            try:
                seed = int(query["seed"])
            except ValueError:
                problems.append(f"Seed: a whole number, not {query['seed']!r}")
        self.validate()
        if problems:
            self.notice = "Check the game's address: " + "; ".join(problems) + "."
            return True
        if "setup" in query or self.form_error:
            return True
        if seed is None and self.resume_same_game():
            return True  # a reload of the same link continues the game in progress
        self.deal(seed)
        return True

    def resume_same_game(self) -> bool:
        text = self._get(SAVE_KEY)
        if not text:
            return False
        try:
            data = json.loads(text)
            same = (data.get("game") == self.game["name"] and data.get("level") == self.level
                    and data.get("options") == setup.effective(self.game, self.values))
        except Exception:
            return False
        return bool(same) and self.resume(text)

    # --- screens -------------------------------------------------------------------------
    def open_setup(self, name: str, remember: bool = True) -> None:
        """The options form of a game, filled with the options last dealt (or the defaults)."""
        self.game = self.games[name]
        values = setup.defaults(self.game)
        remembered = (self._load_json(OPTIONS_KEY + name) or {}) if remember else {}
        for o in self.game["options"]:
            if o["key"] in remembered:
                try:
                    values[o["key"]] = setup.parse_value(o, str(remembered[o["key"]]))
                except setup.ParamError:
                    pass
        levels = self.game.get("ai_levels") or ["normal"]
        self.level = remembered.get("@level") if remembered.get("@level") in levels else (
            "normal" if "normal" in levels else levels[0])
        self.values = values
        self.form_error = ""
        self.screen = "setup"
        self.validate()

    def validate(self) -> None:
        try:
            kozyr.get(self.game["name"]).check_options(setup.effective(self.game, self.values))
            self.form_error = ""
        except kozyr.OptionsError as exc:
            self.form_error = str(exc)

    def deal(self, seed: int | None = None) -> None:
        opts = setup.effective(self.game, self.values)
        try:
            session = Session(self.game["name"], opts, new_seed() if seed is None else seed,
                              human=0, level=self.level)
        except kozyr.OptionsError as exc:
            self.form_error = str(exc)
            self.screen = "setup"
            return
        remembered = {k: v for k, v in opts.items()}
        remembered["@level"] = self.level
        self._set(OPTIONS_KEY + self.game["name"], json.dumps(remembered))
        self.use_session(session)

    def use_session(self, session: Session, ui: dict | None = None) -> None:
        self.session = session
        self.ui = dict(ui) if isinstance(ui, dict) else {}
        self.game = self.games.get(session.game.name, self.game)
        self.names = seat_names_of(session)
        self.selection, self.hint, self.acted, self.review = [], "", None, False
        self.seen = set()
        self.notice = ""
        self.screen = "table"
        self.save()

    def resume(self, text: str) -> bool:
        try:
            session = Session.load(text)
            if session.game.name not in RENDERERS:
                raise SaveError(f"this version cannot show {session.game.title} yet")
        except SaveError as exc:
            self._set(SAVE_KEY, None)
            self.notice = (f"Your saved game could not be restored ({exc}); it was removed. "
                           "Start a new one below.")
            self.screen = "home"
            return False
        except Exception as exc:  # a save from a newer or broken version: never crash
            self._set(SAVE_KEY, None)
            self.notice = f"Your saved game could not be restored ({exc}); it was removed."
            self.screen = "home"
            return False
        try:
            ui = json.loads(text).get("ui")
        except Exception:
            ui = None
        self.use_session(session, ui)
        return True

    def save(self) -> None:
        if self.session is None:
            return
        result = self.session.result() or {}
        if self.session.over() and result.get("match_over") is not False:  # a match goes on
            self._set(SAVE_KEY, None)
        else:
            data = self.session.save()
            if self.ui:
                data["ui"] = self.ui
            self._set(SAVE_KEY, json.dumps(data, separators=(",", ":")))

    # --- a table's settings and its own state ------------------------------------------------
    def table_settings(self, name: str) -> tuple:
        return tuple(getattr(RENDERERS.get(name), "SETTINGS", ()))

    def settings_for(self, name: str) -> dict:
        """The table settings of a game: the address's, else this browser's, else the default."""
        chosen = (self.prefs.get("settings") or {}).get(name) or {}
        out = {}
        for o in self.table_settings(name):
            value = chosen.get(o["key"], o["default"])
            out[o["key"]] = value if value in o["choices"] else o["default"]
            if o["key"] in self.address_settings:
                out[o["key"]] = self.address_settings[o["key"]]
        return out

    def table_hook(self, name: str):
        return getattr(RENDERERS.get(self.session.game.name), name, None)

    def held(self) -> bool:
        """The table holds the opponents (the person is doing something they must wait for)."""
        waits = self.table_hook("waits")
        return bool(waits and waits(self.session.view(), self.ui))

    def now_ms(self) -> float:
        try:
            return float(self.win.Date.now())
        except Exception:
            return time.time() * 1000

    def save_summary(self) -> str | None:
        text = self._get(SAVE_KEY)
        if not text:
            return None
        try:
            data = json.loads(text)
            opts, game = data.get("options") or {}, self.games.get(data.get("game"), {})
            moves = len(data.get("moves") or [])
            bits = [game.get("title", str(data.get("game"))), f'{opts.get("players")} players']
            if "deck" in opts:
                bits.append(f'{opts["deck"]} cards')
            return ", ".join(bits) + f" · {moves} moves played"
        except Exception:
            return "a game in progress"

    # --- rendering -------------------------------------------------------------------------
    def render(self) -> None:
        turn = ""
        if self.screen == "home":
            html = setup.home_html(self.catalogue, set(RENDERERS), self.save_summary(),
                                   self.notice)
        elif self.screen == "setup":
            html = setup.form_html(self.game, self.values, self.level, self.form_error,
                                   self.notice, self.table_settings(self.game["name"]),
                                   self.settings_for(self.game["name"]))
        else:
            view = self.session.view()
            table = RENDERERS[self.session.game.name]  # each game brings its own table
            now = table.card_codes_on_table(view) | set(view.get("hand", ()))
            fresh = now - self.seen
            self.seen = now
            gone = self.bout_gone(view)
            self.gone_shown = gone is not None
            now, settings = self.now_ms(), self.settings_for(self.session.game.name)
            prepare = getattr(table, "prepare", None)
            if prepare is not None:
                ui = prepare(view, self.ui, settings, now)
                if ui != self.ui:
                    self.ui = ui
                    self.save()
            look = table.Look(
                names=self.names, human=self.session.human, selection=self.selection,
                hint=self.hint, fresh=fresh, acted=self.acted,
                show_log=self.show_log, title=self.session.game.title,
                busy=self.ai_running, four=bool(self.prefs.get("four")), gone=gone,
                ui=self.ui, settings=settings, now=now)
            if view["phase"] == "over":
                self.count_result(view)
            html = table.render(view, look, self.review, self.stats_line())
            self.announce(table.announce(view, look))
            if view["phase"] == "over":
                turn = "over"
            elif view["to_act"] == self.session.human or self.held():
                turn = "you"
            else:
                turn = "ai"
        html += self.sheet_html()
        focus = self._focus_key()
        self.root.innerHTML = html
        self._restore_focus(focus)
        self.rev += 1
        ds = self.root.dataset
        ds.rev = str(self.rev)
        ds.screen = self.screen
        ds.turn = turn
        if self.screen == "table":
            self._after_table()
        titles = {"you": "Your turn · kozyr", "over": "Game over · kozyr"}
        self.doc.title = titles.get(turn, "kozyr – card table")

    # --- a tally of finished games, per game, in this browser -------------------------------
    def count_result(self, view: dict) -> None:
        session = self.session
        if getattr(self, "_counted", None) is session:
            return
        self._counted = session
        r = view.get("result") or {}
        stats = self._load_json(STATS_KEY) or {}
        mine = stats.get(session.game.name)
        mine = mine if isinstance(mine, dict) else {}
        me = session.human
        key = "draw" if r.get("draw") else ("lost" if me in (r.get("losers") or []) else "won")
        for k in ("played", key):
            mine[k] = int(mine.get(k, 0) or 0) + 1
        stats[session.game.name] = mine
        self._set(STATS_KEY, json.dumps(stats))

    def stats_line(self) -> str:
        if self.session is None:
            return ""
        mine = (self._load_json(STATS_KEY) or {}).get(self.session.game.name)
        if not isinstance(mine, dict) or not mine.get("played"):
            return ""
        won = int(mine.get("won", 0))
        lost, draw = int(mine.get("lost", 0)), int(mine.get("draw", 0))
        parts = [f"{won} won", f"{lost} lost"] + ([f"{draw} drawn"] if draw else [])
        return f"Your {session_title(self.session)} record in this browser: " + ", ".join(parts)

    def announce(self, text: str) -> None:
        live = self.doc.getElementById("kz-live")
        if not nothing(live) and live.textContent != text:
            live.textContent = text

    def bout_gone(self, view: dict):
        """When a bout has just ended, what it held and how it ended (shown leaving)."""
        if "bout" not in view:  # a game without bouts (Stump)
            return None
        prev, self.last_table = getattr(self, "last_table", None), (
            view["bout"], [list(p) for p in view["table"]], id(self.session))
        if (not prev or prev[2] != id(self.session) or not prev[1] or self.delay() <= 0
                or (prev[0] == view["bout"] and view["phase"] != "over")):
            return None
        for ev in reversed(view["log"]):
            if ev.get("event") in ("beaten", "took"):
                return ev["event"], prev[1], ev.get("seat")
            if ev.get("event") == "attack":
                break
        return None

    def _focus_key(self):
        """What had the keyboard focus inside #app, to give it back after a re-render."""
        try:
            el = self.doc.activeElement
            if nothing(el) or not self.root.contains(el) or el is self.root:
                return None
            card = el.getAttribute("data-card")
            if isinstance(card, str):
                act = el.getAttribute("data-act")
                return ("card", card, act if isinstance(act, str) else "card")
            if isinstance(el.id, str) and el.id:
                return ("id", el.id, None)
        except Exception:
            return None
        return None

    def _restore_focus(self, key) -> None:
        if not key:
            return
        kind, value, act = key
        try:
            if kind == "id":
                el = self.doc.getElementById(value)
            else:
                el = self.doc.querySelector(f'#app [data-card="{value}"][data-act="{act}"]')
                if nothing(el):  # the card was played: the next card that can be
                    el = self.doc.querySelector("#hand .card.legal, #actions button")
            if not nothing(el):
                el.focus()
        except Exception:
            pass

    def sheet_html(self) -> str:
        if self.sheet == "rules" and self.game is not None:
            title, body = f"How to play {self.game['title']}", self.rules_html(self.game["name"])
        elif self.sheet == "discards" and self.session is not None and self.screen == "table":
            table = RENDERERS[self.session.game.name]
            title = getattr(table, "DISCARDS_TITLE", "Discarded cards")
            body = table.discards_html(self.session.view())
        else:
            self.sheet = None
            return ""
        return (f'<div class="overlay sheet-overlay" data-act="close-sheet">'
                f'<div class="panel sheet" role="dialog" aria-modal="true" '
                f'aria-labelledby="sheet-title" data-act="noop" id="sheet">'
                f'<div class="sheet-head"><h2 id="sheet-title">{escape(title)}</h2>'
                f'<button type="button" class="btn small" data-act="close-sheet" '
                f'aria-label="Close">Close</button></div><div class="sheet-body">{body}</div>'
                f'</div></div>')

    def rules_html(self, name: str) -> str:
        cache = getattr(self, "_rules", None)
        if cache is None:
            cache = self._rules = {}
        if name not in cache:
            try:
                cache[name] = markdown.to_html(kozyr.get(name).rules(), top=3)
            except Exception:
                cache[name] = "<p>The rules page of this game is not available.</p>"
        return cache[name]

    def act_rules(self, _arg) -> None:
        self.sheet = "rules"
        self.render()

    def act_discards(self, _arg) -> None:
        self.sheet = "discards"
        self.render()

    def act_close_sheet(self, _arg) -> None:
        self.sheet = None
        self.render()

    def act_noop(self, _arg) -> None:
        pass

    def act_ui(self, arg) -> None:
        """A button of the table's own (Memory's Ready): the table updates its state."""
        act = self.table_hook("act") if self.session is not None else None
        if act is None or self.screen != "table":
            return
        self.ui = act(self.session.view(), self.ui, arg, self.now_ms())
        self.save()
        self.render()
        self.kick()

    # --- a button that presses itself at its deadline (a JS timer calls back) ----------------
    def keep_time(self) -> None:
        el = self.root.querySelector("[data-deadline]")
        if nothing(el):
            self.stop_timer()
        elif self.timer is None:
            self.timer = self.win.setInterval(self._tick, 250)
            self.on_tick()

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.win.clearInterval(self.timer)
            self.timer = None

    def on_tick(self, *_args) -> None:
        try:
            el = self.root.querySelector("[data-deadline]")
            if nothing(el):
                self.stop_timer()
                return
            left = float(el.getAttribute("data-deadline")) - self.now_ms()
            span = float(el.getAttribute("data-span") or 0)
            shown = el.querySelector("[data-countdown]")
            if not nothing(shown):
                shown.textContent = str(max(0, math.ceil(left / 1000)))
            if span > 0:
                el.style.setProperty("--left", f"{max(0.0, min(1.0, left / span)):.3f}")
            if left <= 0:
                self.stop_timer()
                el.click()
        except Exception as exc:
            self.stop_timer()
            self.oops(exc)

    def _after_table(self) -> None:
        log = self.doc.querySelector(".log-lines")
        if not nothing(log):
            log.scrollTop = log.scrollHeight
        speed = self.doc.getElementById("speed")
        if not nothing(speed):
            speed.innerHTML = '<span class="speed-word">Speed: </span>' + self.speed_name()
        self.keep_time()

    def speed_name(self) -> str:
        if self.speed_ms is not None:
            for word, ms in SPEEDS.items():
                if ms == self.speed_ms:
                    return word
            return f"{self.speed_ms} ms"
        return self.prefs.get("speed", "normal")

    def delay(self) -> float:
        if self.session is not None and getattr(self, "fast", None) is self.session:
            return 0.0
        if self.speed_ms is not None:
            return self.speed_ms / 1000
        return SPEEDS.get(self.prefs.get("speed"), SPEEDS["normal"]) / 1000

    # --- events -----------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = event.target
        el = target.closest("[data-act]") if hasattr(target, "closest") else None
        if self.show_log and nothing(target.closest("#log")) and (
                nothing(el) or el.getAttribute("data-act") != "log"):
            self.show_log = False  # a click outside the drawer closes it
            if nothing(el):
                self.render()
                return
        if nothing(el):
            if self.selection and self.screen == "table":
                self.selection, self.hint = [], ""
                self.render()
            return
        if el.disabled:
            return
        act, arg = el.getAttribute("data-act"), el.getAttribute("data-arg")
        handler = getattr(self, "act_" + str(act).replace("-", "_"), None)
        if handler is None:
            return
        try:
            handler(arg if isinstance(arg, str) else None)
        except Exception as exc:
            self.oops(exc)

    def on_change(self, event) -> None:
        el = event.target
        key = el.getAttribute("data-opt")
        if not isinstance(key, str) or self.screen != "setup":
            return
        try:
            if key == "@level":
                self.level = str(el.value)
            elif key.startswith("ui:"):
                self.choose_setting(key[3:], str(el.value))
            else:
                option = next(o for o in self.game["options"] if o["key"] == key)
                if option["kind"] == "flag":
                    self.values[key] = bool(el.checked)
                else:
                    self.values[key] = setup.parse_value(option, str(el.value))
            self.notice = ""
            self.validate()
            focus = el.id
            self.render()
            again = self.doc.getElementById(focus) if focus else None
            if not nothing(again):
                again.focus()
        except Exception as exc:
            self.oops(exc)

    def choose_setting(self, key: str, text: str) -> None:
        name = self.game["name"]
        option = next(o for o in self.table_settings(name) if o["key"] == key)
        mine = self.prefs.setdefault("settings", {}).setdefault(name, {})
        mine[key] = setup.parse_value(option, text)
        self.address_settings.pop(key, None)
        self.save_prefs()

    def on_key(self, event) -> None:
        if self.shortcut(event):
            return
        if event.key == "Escape" and self.sheet:
            self.sheet = None
            self.render()
            return
        if self.screen != "table" or event.key != "Escape":
            return
        if self.selection or self.hint:
            self.selection, self.hint = [], ""
            self.render()

    def shortcut(self, event) -> bool:
        """A key named by a table button's aria-keyshortcuts presses that button."""
        key = str(event.key or "")
        if (self.screen != "table" or self.sheet or len(key) != 1 or event.ctrlKey
                or event.metaKey or event.altKey):
            return False
        for el in self.root.querySelectorAll("[aria-keyshortcuts]"):
            if key.upper() in str(el.getAttribute("aria-keyshortcuts")).split() and not el.disabled:
                event.preventDefault()
                el.click()
                return True
        return False

    # dragging a card from the hand onto the table (desktop); clicks do the same everywhere
    def on_dragstart(self, event) -> None:
        el = event.target.closest("[data-act='card']") if hasattr(event.target, "closest") else None
        view = self.my_view()
        if nothing(el) or view is None or view["to_act"] != self.session.human:
            return
        code = el.getAttribute("data-arg")
        legal = view["legal"]
        if not isinstance(code, str) or not mv.uses(legal, code):
            event.preventDefault()
            return
        self.drag = code
        try:
            event.dataTransfer.setData("text/plain", code)
            event.dataTransfer.effectAllowed = "move"
        except Exception:
            pass
        # mark the drop spots in place: re-rendering now would cancel the drag
        for target in mv.targets(legal, [code]):
            spot = self.doc.querySelector(
                f'#bout [data-target="{target}"], #bout [data-card="{target}"]')
            if not nothing(spot):
                spot.classList.add("drop-target")
        if any(not m.get("target") for m in mv.exact(legal, [code])):
            bout = self.doc.getElementById("bout")
            if not nothing(bout):
                bout.classList.add("drop-zone")

    def on_dragover(self, event) -> None:
        if getattr(self, "drag", None):
            event.preventDefault()

    def on_drop(self, event) -> None:
        code, self.drag = getattr(self, "drag", None), None
        if not code:
            return
        event.preventDefault()
        view = self.my_view()
        if view is None or view["to_act"] != self.session.human:
            return
        legal = view["legal"]
        try:
            place = event.target.closest("#bout [data-target]")
            spot = place if not nothing(place) else event.target.closest("#bout [data-card]")
            if not nothing(spot):
                attr = "data-target" if not nothing(place) else "data-card"
                move = mv.targets(legal, [code]).get(spot.getAttribute(attr))
                if move:
                    self.play(move["text"])
                    return
            if nothing(event.target.closest("#bout")):
                return
            plain = [m for m in mv.exact(legal, [code]) if not m.get("target")]
            aimed = mv.targets(legal, [code])
            if len(plain) == 1:
                self.play(plain[0]["text"])
            elif not plain and len(aimed) == 1:
                self.play(next(iter(aimed.values()))["text"])
            else:
                self.selection = [code]
                self.hint = self.selection_hint(legal)
                self.render()
        except Exception as exc:
            self.oops(exc)

    def on_dragend(self, _event) -> None:
        if getattr(self, "drag", None) is not None or self.doc.querySelector(".drop-zone, .drop-target"):
            self.drag = None
            if self.screen == "table":
                self.render()

    def oops(self, exc: Exception) -> None:
        try:
            self.win.console.error(f"kozyr: {type(exc).__name__}: {exc}")
        except Exception:
            pass
        self.hint = "Something went wrong; the game is unchanged."
        self.render()

    # --- actions: screens -------------------------------------------------------------------
    def act_home(self, _arg) -> None:
        self.screen, self.notice, self.review, self.sheet = "home", "", False, None
        self.render()

    def act_pick(self, name) -> None:
        if name in self.games and name in RENDERERS:
            self.notice = ""
            self.open_setup(name)
            self.render()

    def act_reset_options(self, _arg) -> None:
        self.values = setup.defaults(self.game)
        self.validate()
        self.render()

    def act_deal(self, _arg) -> None:
        self.validate()
        if not self.form_error:
            self.deal()
        self.render()
        self.kick()

    def act_continue(self, _arg) -> None:
        if self.session is not None and not self.session.over():
            self.screen = "table"
        else:
            text = self._get(SAVE_KEY)
            if text:
                self.resume(text)
        self.render()
        self.kick()

    def act_again(self, _arg) -> None:
        if self.session is None:
            return
        self.use_session(self.session.next_deal(new_seed()))
        self.render()
        self.kick()

    def act_finish(self, _arg) -> None:
        """The person is out: let the others finish without pauses."""
        self.fast = self.session
        self.hint = ""
        self.render()
        self.kick()

    def act_review(self, _arg) -> None:
        self.review = True
        self.render()

    def act_speed(self, _arg) -> None:
        current = self.speed_name()
        self.speed_ms = None
        i = SPEED_ORDER.index(current) if current in SPEED_ORDER else 0
        self.prefs["speed"] = SPEED_ORDER[(i + 1) % len(SPEED_ORDER)]
        self.save_prefs()
        self._after_table()

    def act_four(self, _arg) -> None:
        self.prefs["four"] = not self.prefs.get("four")
        self.save_prefs()
        self._apply_prefs()
        self.render()

    def act_log(self, _arg) -> None:
        self.show_log = not self.show_log
        self.render()

    # --- actions: play ------------------------------------------------------------------------
    def my_view(self) -> dict | None:
        if self.session is None or self.screen != "table":
            return None
        return self.session.view()

    def act_card(self, code) -> None:
        view = self.my_view()
        if view is None or code not in view["hand"]:
            return
        if view["phase"] == "over":
            return
        if view["to_act"] != self.session.human:
            self.hint = f"Wait: it is {self.names[view['to_act']]}'s turn."
            self.render()
            return
        legal = view["legal"]
        if not mv.uses(legal, code):
            self.hint = self.why_not(view, code)
            self.selection = []
            self.render()
            return
        if code in self.selection:
            alone = [m for m in mv.exact(legal, self.selection) if not m.get("target")]
            if len(alone) == 1 and self.selection == [code]:
                self.play(alone[0]["text"])
                return
            self.selection = [c for c in self.selection if c != code]
            self.hint = ""
            self.render()
            return
        grown = self.selection + [code]
        if self.selection and mv.containing(legal, grown):
            self.selection = grown
        else:
            self.selection = [code]
            move = mv.auto_move(legal, code)
            if move is not None and not (move.get("target") and self.table_hook("CHOOSE_TARGET")):
                self.play(move["text"])
                return
        self.hint = self.selection_hint(legal)
        self.render()

    def selection_hint(self, legal: list[dict]) -> str:
        sel = self.selection
        own = self.table_hook("selection_hint")
        if own is not None:
            return own(legal, sel)
        shown = " ".join(cards.label(c) for c in sel)
        if mv.targets(legal, sel):
            return f"Now click the card on the table to beat with {shown}."
        if mv.extenders(legal, sel):
            return f"{shown} selected: add more cards, or press the button to play."
        return f"{shown} selected: press a button to play, or click it again."

    def why_not(self, view: dict, code: str) -> str:
        """The engine's reason a card cannot be played now (asked, never guessed)."""
        reason = self.session.why_not(code) or "it cannot be played that way now"
        if cards.label(code) in reason:
            return setup.sentence(reason)
        return f"{cards.label(code)}: {setup.sentence(reason)}"

    def refusal(self, text: str) -> str:
        """Why a move the table offered to try (a pile that does not match) is refused."""
        reason = self.session.why_not_move(text)
        return setup.sentence(reason) if reason else "That move is not possible now."

    def act_clear(self, _arg) -> None:
        self.selection, self.hint = [], ""
        self.render()

    def act_move(self, text) -> None:
        if text:
            self.play(text)

    def act_target(self, text) -> None:
        if text:
            self.play(text)

    def act_transfer(self, _arg) -> None:
        view = self.my_view()
        if view is None or view["to_act"] != self.session.human:
            return
        transfers = [m for m in view["legal"] if m["kind"] in ("transfer", "show")]
        if not transfers:
            return
        if len(transfers) == 1:
            self.play(transfers[0]["text"])
            return
        chosen = [m for m in mv.exact(view["legal"], self.selection)
                  if m["kind"] in ("transfer", "show")]
        if len(chosen) == 1:
            self.play(chosen[0]["text"])
            return
        # several ways to transfer: start with the first single card, the others can join it
        first = min(transfers, key=lambda m: (len(m["cards"]), m["kind"] != "transfer"))
        self.selection = list(first["cards"])
        self.hint = self.selection_hint(view["legal"])
        self.render()

    def play(self, text: str) -> None:
        view = self.my_view()
        if view is None:
            return
        if not any(m["text"] == text for m in view["legal"]):
            self.hint = self.refusal(text)
            self.render()
            return
        try:
            self.session.play(text)
        except kozyr.IllegalMove as exc:
            self.hint = setup.sentence(str(exc))
            self.render()
            return
        self.selection, self.hint, self.acted = [], "", self.session.human
        self.save()
        self.render()
        self.kick()

    # --- the opponents ----------------------------------------------------------------------
    def kick(self) -> None:
        if (self.session is not None and self.screen == "table" and not self.ai_running
                and self.session.ai_to_act() and not self.held()):
            asyncio.ensure_future(self.ai_loop())

    async def ai_loop(self) -> None:
        if self.ai_running:
            return
        self.ai_running = True
        session = self.session
        last = None
        try:
            while self.session is session and session.ai_to_act() and not self.held():
                delay = self.delay()
                if delay and getattr(self, "gone_shown", False):
                    delay += 0.45  # let the finished bout leave the table first
                elif last == "pass":
                    delay *= 0.5  # "done" after "done" needs no long look
                settle = getattr(RENDERERS.get(session.game.name), "settle", None)
                if delay and settle:
                    delay += settle(session.view())  # a table that replays the last move
                await asyncio.sleep(delay)
                if self.session is not session or not session.ai_to_act() or self.held():
                    break
                seat = session.to_act
                move, busy, wall = await self.think(session)
                if move is None:
                    break  # the table changed while the AI was thinking
                ms = busy * 1000
                self.ai_ms.append(ms)
                try:
                    self.win.console.debug(f"kozyr: ai-move {ms:.2f} ms (wall {wall * 1000:.0f} ms)"
                                           f" seat {seat}: {move}")
                except Exception:
                    pass
                self.acted = seat
                last = move.kind
                self.save()
                if self.screen == "table":
                    self.render()
        except Exception as exc:
            self.oops(exc)
        finally:
            self.ai_running = False
        if self.session is not session:
            self.kick()  # a new deal started while this one was waiting


    async def think(self, session: Session):
        """One AI move. A searching AI thinks in steps; between them the page gets the browser
        back every SLICE seconds, so it never freezes. Returns (move, busy s, wall s)."""
        start = slice_start = time.perf_counter()
        busy = 0.0
        thinking = session.ai_think() if hasattr(session, "ai_think") else None
        if thinking is None:
            move = session.step_ai()
            spent = time.perf_counter() - start
            return move, spent, spent
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                move = done.value
                break
            now = time.perf_counter()
            if now - slice_start > SLICE:
                busy += now - slice_start
                await asyncio.sleep(0)
                if self.session is not session:
                    return None, busy, time.perf_counter() - start
                slice_start = time.perf_counter()
        end = time.perf_counter()
        return move, busy + end - slice_start, end - start


def session_title(session: Session) -> str:
    return session.game.title


def seat_names_of(session: Session) -> list[str]:
    from .words import seat_names
    return seat_names(session.options["players"], session.human or 0)
