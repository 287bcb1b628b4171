"""The page's raw events turned into messages, with the facts update needs to read them
(which control, which key, what was typed, where a card was let go). What they mean is
update's to say (play/inputs.py); only what needs the page itself stays here: a touch
drag's ghost card, and reading a chosen file."""

from __future__ import annotations

import asyncio
import math

from . import messages as m
from .dom import nothing, text_of
from .replay import messages as rm
from .stats import messages as stm

TOUCH_SLOP = 10  # px a finger moves before a touch on a card is a drag, not a tap


class Events:
    def __init__(self, shell):
        self.shell = shell
        self.doc, self.root = shell.doc, shell.root
        self.touch: dict | None = None  # a card a finger is dragging (phones, tablets)
        self.after_touch_drag = False  # the click a touch drag may leave behind is no tap

    def dragging(self) -> str | None:
        in_play = self.shell.model.in_play
        return in_play.drag if in_play is not None else None

    def send(self, msg) -> None:
        self.shell.dispatch(msg)

    # --- clicks, fields and keys -----------------------------------------------------------
    def on_click(self, event) -> None:
        if self.after_touch_drag:
            self.after_touch_drag = False
            return
        target = event.target
        el = target.closest("[data-act]") if hasattr(target, "closest") else None
        act = None if nothing(el) else text_of(el.getAttribute("data-act"))
        fields = {}
        for name in m.Click.FIELDS:
            field = self.doc.getElementById(name)
            if not nothing(field):
                fields[name] = str(field.value)
        dots = ()
        if act == "graph":  # the analysis graph's decisions, where they are across the page
            dots = tuple((float(d.getBoundingClientRect().x)
                          + float(d.getBoundingClientRect().width) / 2,
                          int(d.getAttribute("data-step")))
                         for d in el.querySelectorAll("circle[data-step]"))
        self.send(m.Click(act, None if nothing(el) else text_of(el.getAttribute("data-arg")),
                          disabled=not nothing(el) and bool(getattr(el, "disabled", False)),
                          in_log=not nothing(target.closest("#log")),
                          seed=self.shell.new_seed(), base=self.shell.address(), fields=fields,
                          x=float(event.clientX), dots=dots))

    def on_change(self, event) -> None:
        el = event.target
        if str(el.id) == "lang":
            self.send(m.Language(str(el.value)))
            return
        if str(el.id) == "stats-file":
            asyncio.ensure_future(self.read_stats(el))
            return
        if str(el.id) == "replay-slider":
            self.send(rm.ReplayTo(int(float(el.value))))
            return
        value = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        setting = text_of(el.getAttribute("data-set"))
        if setting is not None:
            self.send(m.Setting(setting, value))
            return
        key = text_of(el.getAttribute("data-opt"))
        if key is not None and key != "@seed":  # the deal number is read when Deal is pressed
            self.send(m.SetOption(key, value))

    async def read_stats(self, field) -> None:
        """The chosen statistics file, read and handed to update (None if unreadable)."""
        try:
            text = str(await field.files.item(0).text())
        except Exception:
            text = None
        field.value = ""  # the same file may be chosen again
        self.send(stm.StatsImport(text))

    def on_key(self, event) -> None:
        key = str(event.key or "")
        dialog = self.shell.focus.dialog()
        scope = dialog or self.root
        self.shell.key_event = event  # the effects of this key act on it
        try:
            self.send(m.Key(key, bool(event.ctrlKey or event.metaKey), bool(event.altKey),
                            bool(event.shiftKey), str(getattr(event.target, "tagName", "")),
                            dialog is not None, self.shortcut(scope, key) is not None))
        finally:
            self.shell.key_event = None

    @staticmethod
    def shortcut(scope, key: str):
        """The button within `scope` that names `key` in its aria-keyshortcuts, if any."""
        if len(key) != 1:
            return None
        for el in scope.querySelectorAll("[aria-keyshortcuts]"):
            if key.upper() in str(el.getAttribute("aria-keyshortcuts")).split() and not el.disabled:
                return el
        return None

    # --- dragging a card from the hand onto the table (desktop); clicks do the same ----------
    def on_dragstart(self, event) -> None:
        el = event.target.closest("[data-act='card']") if hasattr(event.target, "closest") else None
        code = None if nothing(el) else text_of(el.getAttribute("data-arg"))
        if code is None:
            return
        self.send(m.DragStart(code))
        if self.dragging() != code:
            event.preventDefault()  # not a card that can be played now
            return
        try:
            event.dataTransfer.setData("text/plain", code)
            event.dataTransfer.effectAllowed = "move"
        except Exception:
            pass

    def on_dragover(self, event) -> None:
        if self.dragging():
            event.preventDefault()

    def on_drop(self, event) -> None:
        code = self.dragging()
        if not code:
            return
        event.preventDefault()
        self.send(m.Dropped(code, *self.drop_place(event.target)))

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
        self.send(m.DragEnd())

    # --- dragging by touch (pointer events): the same drag, the same places; a tap stays a click
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
            ghost = self.ghost(t)  # made before the drag redraws the hand it is copied from
            self.send(m.DragStart(t["code"]))
            if self.dragging() != t["code"]:
                self.touch = None  # not a card that can be played now
                return
            self.doc.body.appendChild(ghost)
            t["ghost"] = ghost
        event.preventDefault()
        t["ghost"].style.left = f"{x - t['w'] / 2}px"
        t["ghost"].style.top = f"{y - t['h'] * 0.8}px"

    def ghost(self, t: dict):
        """The card under the finger: a copy of it that follows, hidden from screen readers."""
        box = t["el"].getBoundingClientRect()
        t["w"], t["h"] = float(box.width), float(box.height)
        ghost = t["el"].cloneNode(True)
        ghost.classList.add("touch-ghost")
        ghost.removeAttribute("id")
        ghost.setAttribute("aria-hidden", "true")
        ghost.style.width = f"{t['w']}px"
        return ghost

    def on_pointerup(self, event) -> None:
        t, self.touch = self.touch, None
        if t is None or t["ghost"] is None or event.pointerId != t["id"]:
            return
        t["ghost"].remove()
        self.after_touch_drag = True
        under = self.doc.elementFromPoint(float(event.clientX), float(event.clientY))
        self.send(m.Dropped(t["code"], *self.drop_place(under)))
        self.send(m.DragEnd())

    def on_pointercancel(self, event) -> None:
        t, self.touch = self.touch, None
        if t is not None and t["ghost"] is not None:
            t["ghost"].remove()
            self.send(m.DragEnd())
