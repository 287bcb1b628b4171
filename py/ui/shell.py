"""The one part of the UI that touches the page.

It turns events (clicks, keys, form changes, drags, timers, opponents' moves) into messages,
runs `update`, draws the page once per message that changed the model, runs the effects, and
keeps the subscriptions the model asks for: an opponent thinking when one is due, a clock
while a countdown runs.

    event → message → update(model, message, now) → (model, effects) → draw(model), effects
"""

from __future__ import annotations

import asyncio
import math
import random

import kozyr

from . import messages as m
from . import opponents
from .dom import nothing, text_of
from .focus import Focus
from .model import (ANALYSES_KEY, OPTIONS_KEY, PREFS_KEY, RECENT_KEY, SAVE_KEY, STATS_KEY,
                    Model)
from .page import draw
from .parts.cards import DEFS, rank_defs
from .play import deadline
from .replay import analyse_in_slices
from .storage import Storage
from .tables import table_of
from .update import update

TICK_MS = 250  # how often a running countdown is redrawn
TOUCH_SLOP = 10  # px a finger moves before a touch on a card is a drag, not a tap
# an embedded table's height: from the frame's width, within bounds (px)
TABLE_RATIO, TABLE_MIN_HEIGHT, TABLE_MAX_HEIGHT = 0.625, 560, 900


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


# what a click on an element with data-act="…" (and data-arg) means
CLICKS = {
    "home": lambda a: m.Home(), "pick": lambda a: m.Pick(a or ""),
    "reset-options": lambda a: m.ResetOptions(), "deal": lambda a: m.Deal(new_seed()),
    "continue": lambda a: m.Continue(), "again": lambda a: m.Again(new_seed()),
    "finish": lambda a: m.Finish(), "review": lambda a: m.Review(),
    "log": lambda a: m.ToggleLog(),
    "rules": lambda a: m.OpenSheet("rules"), "discards": lambda a: m.OpenSheet("discards"),
    "close-sheet": lambda a: m.CloseSheet(), "card": lambda a: m.CardClicked(a or ""),
    "move": lambda a: m.MoveChosen(a or ""), "target": lambda a: m.MoveChosen(a or ""),
    "clear": lambda a: m.Clear(), "ui": lambda a: m.TableAction(a),
    "keys": lambda a: m.OpenSheet("keys"),
    "undo": lambda a: m.Undo(), "hint": lambda a: m.Hint(),
    "deal-sheet": lambda a: m.OpenSheet("deal"), "stats": lambda a: m.OpenSheet("stats"),
    "settings": lambda a: m.OpenSheet("settings"), "replay": lambda a: m.Replay(),
    "stats-export": lambda a: m.StatsExport(), "stats-reset": lambda a: m.StatsReset(),
    "stats-reset-yes": lambda a: m.StatsReset(confirm=True),
    "stats-reset-no": lambda a: m.OpenSheet("stats"),
    "confirm-yes": lambda a: m.Confirmed(True), "confirm-no": lambda a: m.Confirmed(False),
    "play-out": lambda a: m.PlayOut(),
    "watch": lambda a: m.OpenReplay("over"),
    "watch-recent": lambda a: m.OpenReplay("recent", int(a or 0)),
    "replay-to": lambda a: m.ReplayTo(int(a or 0)), "replay-close": lambda a: m.CloseReplay(),
    "play-on": lambda a: m.PlayOn(), "analyse": lambda a: m.Analyse(True),
    "analyse-stop": lambda a: m.Analyse(False),
}
LIVE_LINES = 40  # lines kept in the live region


class Shell:
    def __init__(self, document, window, proxy):
        self.doc, self.win, self.proxy = document, window, proxy
        self.root = document.getElementById("app")
        self.storage = Storage(window)
        self.model = Model(games=tuple(kozyr.catalogue()))
        self.rev = 0
        self.thinking: tuple | None = None  # the position an opponent is thinking about
        self.analysing: tuple | None = None  # the replayed deal's analysis running (key, run)
        self.timer = None  # the interval of a running countdown
        self.handlers: list = []  # the event proxies, kept alive as long as the page
        self.focus = Focus(document, self.root)
        self.touch: dict | None = None  # a card a finger is dragging (phones, tablets)
        self.after_touch_drag = False  # the click a touch drag may leave behind is no tap
        self.reported = 0.0  # the height last reported to an embedding page
        self.tick_proxy = self.keep(self.on_tick)

    # --- start -----------------------------------------------------------------------------
    def start(self) -> None:
        if nothing(self.doc.getElementById("kz-defs")):
            self.doc.body.insertAdjacentHTML("afterbegin", DEFS)
        if nothing(self.doc.getElementById("kz-live")):  # outlives the redrawing of #app
            self.doc.body.insertAdjacentHTML(
                "beforeend", '<div id="kz-live" class="sr-only" aria-live="polite" '
                             'aria-relevant="additions"></div>')
        events = {"click": self.on_click, "change": self.on_change,
                  "dragstart": self.on_dragstart, "dragover": self.on_dragover,
                  "drop": self.on_drop, "dragend": self.on_dragend,
                  "pointerdown": self.on_pointerdown}
        for name, handler in events.items():
            self.root.addEventListener(name, self.keep(handler))
        for name, handler in {"pointermove": self.on_pointermove, "pointerup": self.on_pointerup,
                              "pointercancel": self.on_pointercancel}.items():
            self.doc.addEventListener(name, self.keep(handler))
        self.doc.addEventListener("keydown", self.keep(self.on_key))
        keys = [SAVE_KEY, PREFS_KEY, STATS_KEY, RECENT_KEY, ANALYSES_KEY] + [OPTIONS_KEY + g["name"]
                                                   for g in self.model.games]
        stored = {k: v for k in keys if (v := self.storage.get(k)) is not None}
        try:
            search = str(self.win.location.search or "")
        except Exception:
            search = ""
        try:
            languages = tuple(str(x) for x in self.win.navigator.languages)
        except Exception:
            languages = ()
        self.dispatch(m.Start(search, stored, new_seed(), languages), redraw=True)
        self.doc.documentElement.dataset.kozyr = "ready"
        self.watch_updates()
        if self.model.embed:
            self.win.addEventListener("message", self.keep(self.on_message))
            self.win.addEventListener("resize", self.keep(lambda *_: self.report_size()))
            self.post("ready", {"protocol": 1})
            self.report_size()

    def keep(self, handler):
        """`handler` as a function the page can call, kept alive as long as the page."""
        proxy = self.proxy(handler)
        self.handlers.append(proxy)
        return proxy

    def now(self) -> float:
        return float(self.win.Date.now())

    # --- the loop: message → update → draw → effects → subscriptions ------------------------------
    def dispatch(self, msg, redraw: bool = False) -> None:
        before = self.model
        try:
            self.model, effects = update(before, msg, self.now())
        except Exception as exc:  # a bug must never take the page down
            self.model, effects = update(before, m.Failed(f"{type(exc).__name__}: {exc}"))
        if redraw or self.model != before:
            self.draw()
        for effect in effects:
            self.run(effect)
        self.subscribe()

    def run(self, effect) -> None:
        if isinstance(effect, m.Store):
            self.storage.put(effect.key, effect.value)
        elif isinstance(effect, m.Console):
            try:
                log = self.win.console.error if effect.level == "error" else self.win.console.debug
                log(effect.text)
            except Exception:
                pass
        elif isinstance(effect, m.MarkDrop):
            self.mark_drop(effect)
        elif isinstance(effect, m.Say):
            self.say(effect.lines)
        elif isinstance(effect, m.Notify):
            self.post(effect.kind, effect.detail)
        elif isinstance(effect, m.Copy):
            field = self.doc.getElementById(effect.field)
            if not nothing(field):
                field.value = effect.text
                field.select()
            try:
                self.win.navigator.clipboard.writeText(effect.text)
            except Exception:
                pass  # the field is selected: Ctrl+C copies it
        elif isinstance(effect, m.Download):
            from pyodide.ffi import to_js  # the page's own bridge: only here, in the browser
            kind = to_js({"type": "application/json"}, dict_converter=self.win.Object.fromEntries)
            blob = self.win.Blob.new(to_js([effect.text]), kind)
            url = self.win.URL.createObjectURL(blob)
            a = self.doc.createElement("a")
            a.href, a.download = url, effect.name
            self.doc.body.appendChild(a)
            a.click()
            a.remove()
            self.win.setTimeout(self.keep(lambda *_: self.win.URL.revokeObjectURL(url)), 1000)
        elif isinstance(effect, m.FocusBest) and self.model.play is not None:
            self.focus.turn_began(table_of(self.model.play).focus_order)

    def say(self, lines) -> None:
        """Add lines to the live region, each once, in order; only the last few are kept."""
        live = self.doc.getElementById("kz-live")
        if nothing(live):
            return
        for line in lines:
            p = self.doc.createElement("p")
            p.textContent = line
            live.appendChild(p)
        while live.childElementCount > LIVE_LINES:
            live.removeChild(live.firstElementChild)

    def draw(self) -> None:
        page = draw(self.model, self.now())
        focus = self.focus.key()
        had_dialog = self.focus.dialog() is not None
        typed = self.doc.getElementById("opt-seed")  # a deal number being typed (read on Deal)
        typed = None if nothing(typed) else str(typed.value)
        self.root.innerHTML = page.html
        field = self.doc.getElementById("opt-seed")
        if typed and not nothing(field) and not str(field.value):
            field.value = typed  # a redraw for another field does not lose it
        self.focus.place(focus, had_dialog, self.focus_order())
        self.rev += 1
        ds = self.root.dataset
        ds.rev, ds.screen, ds.turn = str(self.rev), page.screen, page.turn
        self.doc.title = page.title
        if str(self.doc.documentElement.lang) != page.lang or nothing(
                self.doc.getElementById("kz-ranks")):
            self.doc.documentElement.lang = page.lang
            ranks = self.doc.getElementById("kz-ranks")  # the faces' letters follow
            if nothing(ranks):
                self.doc.body.insertAdjacentHTML("afterbegin", rank_defs())
            else:
                ranks.outerHTML = rank_defs()
        classes = self.doc.documentElement.classList
        if str(self.doc.documentElement.getAttribute("style") or "") != page.theme:
            self.doc.documentElement.setAttribute("style", page.theme)
        for name, on in page.classes().items():
            if on:
                classes.add(name)
            else:
                classes.remove(name)
        for place in page.lit:  # a hint's move, lit where it shows
            for el in self.root.querySelectorAll(place):
                el.classList.add("hinted")
        for field in ("deal-link", "replay-link"):  # a link's query, made whole
            link = self.doc.getElementById(field)
            if not nothing(link) and str(link.value).startswith("?"):
                link.value = self.page_address() + str(link.value)
        log = self.doc.querySelector(".log-lines")
        if not nothing(log):
            log.scrollTop = log.scrollHeight
        self.show_clock()
        self.report_size()

    def focus_order(self) -> tuple[str, ...] | None:
        """Where lost focus goes on this screen (the table's, or the replay's), if anywhere."""
        if self.model.screen == "table" and self.model.play is not None:
            return table_of(self.model.play).focus_order
        if self.model.screen == "replay":
            from .replay_view import FOCUS_ORDER
            return FOCUS_ORDER
        return None

    # --- subscriptions: an opponent to move, a countdown to run ----------------------------------
    def subscribe(self) -> None:
        watch = self.model.watch
        if watch is not None and watch.analysing and self.analysing != (watch.key, watch.run):
            self.analysing = (watch.key, watch.run)
            asyncio.ensure_future(self.analyse(watch))
        due = opponents.due(self.model)
        if due is not None and due.key != self.thinking:
            self.thinking = due.key
            asyncio.ensure_future(self.opponent(due))
        if deadline(self.model) is None:
            self.stop_clock()
        elif self.timer is None:
            self.timer = self.win.setInterval(self.tick_proxy, TICK_MS)

    async def analyse(self, watch) -> None:
        """The replayed deal's analysis, a slice at a time, while it is the one asked for."""
        run = (watch.key, watch.run)

        def current() -> bool:
            w = self.model.watch
            return w is not None and w.analysing and (w.key, w.run) == run

        try:
            await analyse_in_slices(watch, current,
                                    lambda j: self.dispatch(m.Judged(watch.run, j)))
        except Exception as exc:  # a failing analysis is reported once, the page goes on
            self.dispatch(m.Failed(f"{type(exc).__name__}: {exc}"))
        finally:
            if self.analysing == run:
                self.analysing = None

    def due_key(self):
        due = opponents.due(self.model)
        return due.key if due is not None else None

    async def opponent(self, due: opponents.Due) -> None:
        moved = False
        try:
            await asyncio.sleep(due.delay)
            if self.due_key() != due.key:
                return
            thought = await opponents.think(self.model.play.session,
                                            lambda: self.due_key() == due.key)
            if thought is None:
                return
            move, busy, wall = thought
            moved = True
            self.dispatch(m.OpponentMoved(due.key, due.seat, str(move), busy * 1000, wall * 1000))
        except Exception as exc:
            moved = True  # a failing opponent is reported once, not retried forever
            self.dispatch(m.Failed(f"{type(exc).__name__}: {exc}"))
        finally:
            if not moved and self.thinking == due.key:
                self.thinking = None  # left the table meanwhile: think again on return
                self.subscribe()

    def stop_clock(self) -> None:
        if self.timer is not None:
            self.win.clearInterval(self.timer)
            self.timer = None

    def on_tick(self, *_args) -> None:
        ends = deadline(self.model)
        if ends is not None and self.now() >= ends:
            self.dispatch(m.Tick())
        else:
            self.show_clock()

    def show_clock(self) -> None:
        """Redraw the seconds left on a button that presses itself at its deadline."""
        el = self.root.querySelector("[data-deadline]")
        if nothing(el):
            return
        left = float(el.getAttribute("data-deadline")) - self.now()
        span = float(el.getAttribute("data-span") or 0)
        shown = el.querySelector("[data-countdown]")
        if not nothing(shown):
            shown.textContent = str(max(0, math.ceil(left / 1000)))
        if span > 0:
            el.style.setProperty("--left", f"{max(0.0, min(1.0, left / span)):.3f}")

    # --- events ----------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        if self.after_touch_drag:
            self.after_touch_drag = False
            return
        target = event.target
        el = target.closest("[data-act]") if hasattr(target, "closest") else None
        act = None if nothing(el) else text_of(el.getAttribute("data-act"))
        if self.model.show_log and nothing(target.closest("#log")) and act != "log":
            self.dispatch(m.CloseLog())  # a click outside the drawer closes it
            if act is None:
                return
        if act is None:
            play = self.model.play
            if play is not None and play.selection and self.model.screen == "table":
                self.dispatch(m.Clear())
            return
        if act == "deal":  # with the deal number as typed (read now: no redraw under the click)
            field = self.doc.getElementById("opt-seed")
            self.dispatch(m.Deal(new_seed(), None if nothing(field) else str(field.value)))
            return
        if act == "stats-import":  # the hidden file field's chooser
            field = self.doc.getElementById("stats-file")
            if not nothing(field):
                field.click()
            return
        if act == "reload":
            self.win.location.reload()
            return
        if act == "copy-link":  # the link is made whole with the page's own address
            self.dispatch(m.CopyLink(self.page_address()))
            return
        if act == "graph":  # the decision nearest the click, across the graph
            dots = [(abs(float(d.getBoundingClientRect().x) + float(d.getBoundingClientRect()
                                                                    .width) / 2
                         - float(event.clientX)), int(d.getAttribute("data-step")))
                    for d in el.querySelectorAll("circle[data-step]")]
            if dots:
                self.dispatch(m.ReplayTo(min(dots)[1]))
            return
        if act == "replay-share":
            self.dispatch(m.ShareReplay(self.page_address()))
            return
        if act == "deal-number":
            game, number = self.doc.getElementById("deal-game"), self.doc.getElementById("deal-seed")
            if not nothing(game) and not nothing(number):
                self.dispatch(m.DealNumber(str(game.value), str(number.value)))
            return
        make = CLICKS.get(act)
        if make is not None and not el.disabled:
            self.dispatch(make(text_of(el.getAttribute("data-arg"))))

    def on_change(self, event) -> None:
        el = event.target
        if str(el.id) == "lang":
            self.dispatch(m.Language(str(el.value)))
            return
        if str(el.id) == "stats-file":
            asyncio.ensure_future(self.read_stats(el))
            return
        if str(el.id) == "replay-slider":
            self.dispatch(m.ReplayTo(int(float(el.value))))
            return
        setting = text_of(el.getAttribute("data-set"))
        if setting is not None:
            value = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
            self.dispatch(m.Setting(setting, value))
            return
        key = text_of(el.getAttribute("data-opt"))
        if key is None or key == "@seed":  # the deal number is read when Deal is pressed
            return
        value = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        self.dispatch(m.SetOption(key, value))

    def watch_updates(self) -> None:
        """A new service worker taking over a page that already had one is a new version,
        installed in the background: the page says so (the first install is not)."""
        try:
            workers = self.win.navigator.serviceWorker
            had = not nothing(workers.controller) and workers.controller is not None
        except Exception:
            return
        if had:
            workers.addEventListener("controllerchange",
                                     self.keep(lambda *_: self.dispatch(m.UpdateReady())))

    # --- embedded in another site's page (embed.js) --------------------------------------------
    def post(self, kind: str, detail: dict) -> None:
        """Tell the embedding page, at its origin only, what happened (embed.js relays it as the
        element's kozyr-<kind> event)."""
        if not self.model.embed or not self.model.host:
            return
        from pyodide.ffi import to_js  # the page's own bridge: only here, in the browser
        message = to_js({"kozyr": 1, "type": kind, "detail": detail},
                        dict_converter=self.win.Object.fromEntries)
        try:
            self.win.parent.postMessage(message, self.model.host)
        except Exception:  # a host origin the browser refuses: nothing to tell
            pass

    def on_message(self, event) -> None:
        """What the embedding page asks: only from the parent window at the host's origin, in
        the documented form; anything else is ignored."""
        try:
            same = getattr(self.win.Object, "is")  # JavaScript's Object.is: the very window
            if str(event.origin) != self.model.host or not same(event.source, self.win.parent):
                return
        except Exception:
            return
        data = event.data
        try:
            kind, version = str(data.type), int(data.kozyr)
        except Exception:
            return
        if version != 1 or kind != "new-game":
            return
        search = str(getattr(data, "search", "") or "")
        if search.startswith("?"):
            self.dispatch(m.HostGame(search, new_seed()))

    def report_size(self) -> None:
        """The height the frame should have: the table's (from the frame's width), or the
        content's on the other screens."""
        if not self.model.embed:
            return
        if self.model.screen == "table":
            width = float(self.win.innerWidth)
            height = max(TABLE_MIN_HEIGHT, min(TABLE_MAX_HEIGHT, width * TABLE_RATIO))
        else:
            height = float(self.root.scrollHeight)
        if height != self.reported:
            self.reported = height
            self.post("size", {"height": height})

    async def read_stats(self, field) -> None:
        """The chosen statistics file, read and handed to update (None if unreadable)."""
        try:
            text = str(await field.files.item(0).text())
        except Exception:
            text = None
        field.value = ""  # the same file may be chosen again
        self.dispatch(m.StatsImport(text))

    def page_address(self) -> str:
        loc = self.win.location
        return str(loc.origin) + str(loc.pathname)

    def on_key(self, event) -> None:
        key = str(event.key or "")
        if str(getattr(event.target, "tagName", "")) == "SELECT" and key not in ("Tab", "Escape"):
            return  # a list's own keys (the language switch: letters and arrows pick)
        if key == "Tab" and self.focus.dialog() is not None:
            self.focus.trap_tab(event)
        elif self.model.screen == "replay" and self.replay_key(event, key):
            return
        elif key.startswith("Arrow") or key in ("Home", "End"):
            self.focus.rove(event, key)
        elif self.shortcut(event):
            return
        elif key == "Escape":
            self.dispatch(m.Escape())
        elif (key in ("z", "Z") and (event.ctrlKey or event.metaKey) and not event.shiftKey
              and self.model.screen == "table" and self.model.sheet is None):
            event.preventDefault()  # the usual undo key takes the move back
            self.dispatch(m.Undo())
        elif self.model.screen == "table" and not (event.ctrlKey or event.metaKey or event.altKey):
            if key == "?" and self.model.sheet is None:
                event.preventDefault()
                self.dispatch(m.OpenSheet("keys"))
            elif key in ("i", "I") and self.focus.dialog() is None:
                event.preventDefault()
                self.dispatch(m.ReadTable())

    def replay_key(self, event, key: str) -> bool:
        """← → Home End step through a replay (the slider, when focused, moves itself)."""
        watch = self.model.watch
        if (watch is None or self.model.sheet or event.ctrlKey or event.metaKey or event.altKey
                or str(getattr(event.target, "tagName", "")) in ("INPUT", "SELECT")):
            return False
        to = {"ArrowLeft": watch.step - 1, "ArrowRight": watch.step + 1, "Home": 0,
              "End": len(watch.deal["moves"])}.get(key)
        if to is None:
            return False
        event.preventDefault()
        self.dispatch(m.ReplayTo(to))
        return True

    def shortcut(self, event) -> bool:
        """A key named by a table button's aria-keyshortcuts presses that button (only the
        open dialog's buttons while one is open)."""
        key = str(event.key or "")
        if (self.model.screen != "table" or self.model.sheet or len(key) != 1 or event.ctrlKey
                or event.metaKey or event.altKey):
            return False
        scope = self.focus.dialog() or self.root
        for el in scope.querySelectorAll("[aria-keyshortcuts]"):
            if key.upper() in str(el.getAttribute("aria-keyshortcuts")).split() and not el.disabled:
                event.preventDefault()
                el.click()
                return True
        return False

    # dragging a card from the hand onto the table (desktop); clicks do the same everywhere
    def on_dragstart(self, event) -> None:
        el = event.target.closest("[data-act='card']") if hasattr(event.target, "closest") else None
        code = None if nothing(el) else text_of(el.getAttribute("data-arg"))
        if code is None:
            return
        self.dispatch(m.DragStart(code))
        if self.model.play is None or self.model.play.drag != code:
            event.preventDefault()  # not a card that can be played now
            return
        try:
            event.dataTransfer.setData("text/plain", code)
            event.dataTransfer.effectAllowed = "move"
        except Exception:
            pass

    def on_dragover(self, event) -> None:
        if self.model.play is not None and self.model.play.drag:
            event.preventDefault()

    def on_drop(self, event) -> None:
        play = self.model.play
        if play is None or not play.drag:
            return
        event.preventDefault()
        self.dispatch(m.Dropped(play.drag, *self.drop_place(event.target)))

    @staticmethod
    def drop_place(target) -> tuple[str | None, bool]:
        """Where a card let go over `target` lands: the table place (a target or a card) it
        fell on, if any, and whether it fell inside the table's middle."""
        if nothing(target) or not hasattr(target, "closest"):
            return None, False
        place = target.closest("#bout [data-target]")
        card = target.closest("#bout [data-card]")
        spot = (text_of(place.getAttribute("data-target")) if not nothing(place) else
                text_of(card.getAttribute("data-card")) if not nothing(card) else None)
        return spot, not nothing(target.closest("#bout"))

    def on_dragend(self, _event) -> None:
        self.dispatch(m.DragEnd())

    # dragging by touch (pointer events): the same drag, the same places; a tap stays a click
    def on_pointerdown(self, event) -> None:
        self.after_touch_drag = False
        if str(event.pointerType) not in ("touch", "pen"):
            return
        el = event.target.closest("#hand [data-act='card']") \
            if hasattr(event.target, "closest") else None
        code = None if nothing(el) else text_of(el.getAttribute("data-arg"))
        if code is not None:
            self.touch = {"code": code, "el": el, "id": event.pointerId, "ghost": None,
                          "x": float(event.clientX), "y": float(event.clientY)}

    def on_pointermove(self, event) -> None:
        t = self.touch
        if t is None or event.pointerId != t["id"]:
            return
        x, y = float(event.clientX), float(event.clientY)
        if t["ghost"] is None:
            if math.hypot(x - t["x"], y - t["y"]) < TOUCH_SLOP:
                return  # still a tap
            box = t["el"].getBoundingClientRect()
            t["w"], t["h"] = float(box.width), float(box.height)
            ghost = t["el"].cloneNode(True)
            self.dispatch(m.DragStart(t["code"]))
            if self.model.play is None or self.model.play.drag != t["code"]:
                self.touch = None  # not a card that can be played now
                return
            ghost.classList.add("touch-ghost")
            ghost.removeAttribute("id")
            ghost.setAttribute("aria-hidden", "true")
            ghost.style.width = f"{t['w']}px"
            self.doc.body.appendChild(ghost)
            t["ghost"] = ghost
        event.preventDefault()
        t["ghost"].style.left = f"{x - t['w'] / 2}px"
        t["ghost"].style.top = f"{y - t['h'] * 0.8}px"

    def on_pointerup(self, event) -> None:
        t, self.touch = self.touch, None
        if t is None or t["ghost"] is None or event.pointerId != t["id"]:
            return
        t["ghost"].remove()
        self.after_touch_drag = True
        under = self.doc.elementFromPoint(float(event.clientX), float(event.clientY))
        self.dispatch(m.Dropped(t["code"], *self.drop_place(under)))
        self.dispatch(m.DragEnd())

    def on_pointercancel(self, event) -> None:
        t, self.touch = self.touch, None
        if t is not None and t["ghost"] is not None:
            t["ghost"].remove()
            self.dispatch(m.DragEnd())

    def mark_drop(self, effect: m.MarkDrop) -> None:
        """Light the drop places in place: drawing the page anew would cancel the drag."""
        for place in effect.places:
            spot = self.doc.querySelector(
                f'#bout [data-target="{place}"], #bout [data-card="{place}"]')
            if not nothing(spot):
                spot.classList.add("drop-target")
        bout = self.doc.getElementById("bout")
        if effect.zone and not nothing(bout):
            bout.classList.add("drop-zone")
