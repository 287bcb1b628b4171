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
from .model import OPTIONS_KEY, PREFS_KEY, SAVE_KEY, STATS_KEY, Model
from .page import draw
from .parts.cards import DEFS
from .play import deadline
from .storage import Storage
from .tables import table_of
from .update import update

TICK_MS = 250  # how often a running countdown is redrawn


def nothing(x) -> bool:
    """True for None and for JavaScript's null (which Pyodide hands over as `jsnull`)."""
    return x is None or type(x).__name__ == "JsNull"


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def same(a, b) -> bool:
    """The same DOM node (two proxies of one element are never `is` each other)."""
    return not nothing(a) and not nothing(b) and bool(a.isSameNode(b))


def text_of(x) -> str | None:
    return x if isinstance(x, str) else None


# what a click on an element with data-act="…" (and data-arg) means
CLICKS = {
    "home": lambda a: m.Home(), "pick": lambda a: m.Pick(a or ""),
    "reset-options": lambda a: m.ResetOptions(), "deal": lambda a: m.Deal(new_seed()),
    "continue": lambda a: m.Continue(), "again": lambda a: m.Again(new_seed()),
    "finish": lambda a: m.Finish(), "review": lambda a: m.Review(),
    "speed": lambda a: m.Speed(), "four": lambda a: m.Four(), "log": lambda a: m.ToggleLog(),
    "rules": lambda a: m.OpenSheet("rules"), "discards": lambda a: m.OpenSheet("discards"),
    "close-sheet": lambda a: m.CloseSheet(), "card": lambda a: m.CardClicked(a or ""),
    "move": lambda a: m.MoveChosen(a or ""), "target": lambda a: m.MoveChosen(a or ""),
    "clear": lambda a: m.Clear(), "ui": lambda a: m.TableAction(a),
    "keys": lambda a: m.OpenSheet("keys"), "still": lambda a: m.Still(),
}
FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, a[href]"
LIVE_LINES = 40  # lines kept in the live region


class Shell:
    def __init__(self, document, window, proxy):
        self.doc, self.win, self.proxy = document, window, proxy
        self.root = document.getElementById("app")
        self.storage = Storage(window)
        self.model = Model(games=tuple(kozyr.catalogue()))
        self.rev = 0
        self.thinking: tuple | None = None  # the position an opponent is thinking about
        self.timer = None  # the interval of a running countdown
        self.handlers: list = []  # the event proxies, kept alive as long as the page
        self.opener = None  # what had the focus when a dialog opened (it gets it back)
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
                  "drop": self.on_drop, "dragend": self.on_dragend}
        for name, handler in events.items():
            self.root.addEventListener(name, self.keep(handler))
        self.doc.addEventListener("keydown", self.keep(self.on_key))
        keys = [SAVE_KEY, PREFS_KEY, STATS_KEY] + [OPTIONS_KEY + g["name"]
                                                   for g in self.model.games]
        stored = {k: v for k in keys if (v := self.storage.get(k)) is not None}
        try:
            search = str(self.win.location.search or "")
        except Exception:
            search = ""
        self.dispatch(m.Start(search, stored, new_seed()), redraw=True)
        self.doc.documentElement.dataset.kozyr = "ready"

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
        elif isinstance(effect, m.FocusBest):
            el = self.doc.activeElement
            if nothing(el) or same(el, self.doc.body) or not nothing(
                    el.closest("#hand, #bout, #actions, .middle, #prompt")):
                self.focus_best()

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
        focus = self.focus_key()
        had_dialog = self.dialog() is not None
        self.root.innerHTML = page.html
        self.place_focus(focus, had_dialog)
        self.rev += 1
        ds = self.root.dataset
        ds.rev, ds.screen, ds.turn = str(self.rev), page.screen, page.turn
        self.doc.title = page.title
        classes = self.doc.documentElement.classList
        for name, on in (("four-colour", page.four), ("reduce-motion", page.still)):
            if on:
                classes.add(name)
            else:
                classes.remove(name)
        log = self.doc.querySelector(".log-lines")
        if not nothing(log):
            log.scrollTop = log.scrollHeight
        self.show_clock()

    # --- subscriptions: an opponent to move, a countdown to run ----------------------------------
    def subscribe(self) -> None:
        due = opponents.due(self.model)
        if due is not None and due.key != self.thinking:
            self.thinking = due.key
            asyncio.ensure_future(self.opponent(due))
        if deadline(self.model) is None:
            self.stop_clock()
        elif self.timer is None:
            self.timer = self.win.setInterval(self.tick_proxy, TICK_MS)

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
            move, busy, _wall = thought
            moved = True
            self.dispatch(m.OpponentMoved(due.key, due.seat, str(move), busy * 1000))
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
        make = CLICKS.get(act)
        if make is not None and not el.disabled:
            self.dispatch(make(text_of(el.getAttribute("data-arg"))))

    def on_change(self, event) -> None:
        el = event.target
        key = text_of(el.getAttribute("data-opt"))
        if key is None:
            return
        value = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        self.dispatch(m.SetOption(key, value))

    def on_key(self, event) -> None:
        key = str(event.key or "")
        if key == "Tab" and self.dialog() is not None:
            self.trap_tab(event)
        elif key.startswith("Arrow") or key in ("Home", "End"):
            self.rove(event, key)
        elif self.shortcut(event):
            return
        elif key == "Escape":
            self.dispatch(m.Escape())
        elif self.model.screen == "table" and not (event.ctrlKey or event.metaKey or event.altKey):
            if key == "?" and self.model.sheet is None:
                event.preventDefault()
                self.dispatch(m.OpenSheet("keys"))
            elif key in ("i", "I") and self.dialog() is None:
                event.preventDefault()
                self.dispatch(m.ReadTable())

    def shortcut(self, event) -> bool:
        """A key named by a table button's aria-keyshortcuts presses that button (only the
        open dialog's buttons while one is open)."""
        key = str(event.key or "")
        if (self.model.screen != "table" or self.model.sheet or len(key) != 1 or event.ctrlKey
                or event.metaKey or event.altKey):
            return False
        scope = self.dialog() or self.root
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
        place = event.target.closest("#bout [data-target]")
        card = event.target.closest("#bout [data-card]")
        spot = (text_of(place.getAttribute("data-target")) if not nothing(place) else
                text_of(card.getAttribute("data-card")) if not nothing(card) else None)
        self.dispatch(m.Dropped(play.drag, spot, not nothing(event.target.closest("#bout"))))

    def on_dragend(self, _event) -> None:
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

    # --- the keyboard: moving within groups, dialogs that keep the focus --------------------------
    def rove(self, event, key: str) -> None:
        """Arrow keys within a group marked data-roving (the hand, the table's places): ← →
        (Home, End) move along it, ↑ ↓ to the group before or after; the group is one tab stop."""
        el = self.doc.activeElement
        group = None if nothing(el) or not hasattr(el, "closest") else el.closest("[data-roving]")
        if nothing(group) or self.dialog() is not None:
            return
        if key in ("ArrowUp", "ArrowDown"):
            groups = [g for g in self.root.querySelectorAll("[data-roving]")
                      if not nothing(g.querySelector("button"))]
            i = next((k for k, g in enumerate(groups) if same(g, group)), 0)
            target = groups[(i + (1 if key == "ArrowDown" else -1)) % len(groups)]
            items = list(target.querySelectorAll("button"))
            nxt = next((b for b in items if b.getAttribute("tabindex") == "0"), items[0])
        else:
            items = list(group.querySelectorAll("button"))
            i = next((k for k, b in enumerate(items) if same(b, el)), 0)
            step = {"ArrowLeft": -1, "ArrowRight": 1}.get(key)
            nxt = (items[0] if key == "Home" else items[-1] if key == "End"
                   else items[(i + step) % len(items)])
            for b in items:
                b.setAttribute("tabindex", "0" if b is nxt else "-1")
        event.preventDefault()
        nxt.focus()

    def dialog(self):
        """The open dialog (the game-over panel or a sheet), if any."""
        el = self.root.querySelector("[role='dialog']")
        return None if nothing(el) else el

    def trap_tab(self, event) -> None:
        """Tab and Shift+Tab go round the open dialog's controls."""
        items = [el for el in self.dialog().querySelectorAll(FOCUSABLE)]
        if not items:
            return
        i = next((k for k, el in enumerate(items) if same(el, self.doc.activeElement)), -1)
        step = -1 if event.shiftKey else 1
        event.preventDefault()
        items[(i + step) % len(items)].focus()

    def place_focus(self, before, had_dialog: bool) -> None:
        """After a picture: a dialog that just opened takes the focus (and gives it back when it
        closes); otherwise what had it keeps it; lost focus goes to the most useful control."""
        dialog = self.dialog()
        if dialog is not None and not had_dialog:
            self.opener = before
            first = dialog.querySelector("[data-act='again'], .sheet-body, button")
            if not nothing(first):
                first.focus()
            return
        if dialog is None and had_dialog and self.opener is not None:
            before, self.opener = self.opener, None
        if not self.restore_focus(before) and self.model.screen == "table":
            el = self.doc.activeElement
            if before is not None or nothing(el) or same(el, self.doc.body):
                self.focus_best()

    def focus_best(self) -> None:
        """The focus to where the game goes on: the first of the table's focus order there is."""
        play = self.model.play
        if play is None or self.model.screen != "table":
            return
        for selector in table_of(play).focus_order:
            el = self.root.querySelector(selector)
            if not nothing(el):
                el.focus()
                if el.matches(":focus"):  # a div the order names may not take the focus
                    return

    # --- focus kept across pictures --------------------------------------------------------------
    def focus_key(self):
        """What had the keyboard focus inside #app, to give it back after a redraw."""
        try:
            el = self.doc.activeElement
            if nothing(el) or not self.root.contains(el) or same(el, self.root):
                return None
            card = text_of(el.getAttribute("data-card"))
            if card is not None:
                return ("card", card, text_of(el.getAttribute("data-act")) or "card")
            if isinstance(el.id, str) and el.id:
                return ("id", el.id, None)
        except Exception:
            return None
        return None

    def restore_focus(self, key) -> bool:
        """Give the focus back to the element `key` names, if it is still there."""
        if not key:
            return False
        kind, value, act = key
        try:
            if kind == "id":
                el = self.doc.getElementById(value)
            else:
                el = self.doc.querySelector(f'#app [data-card="{value}"][data-act="{act}"]')
            if nothing(el) or not nothing(el.closest("[inert]")):
                return False
            el.focus()
            return bool(el.matches(":focus"))  # the same id may now be a div that cannot
        except Exception:
            return False
