"""Patching the page to the picture: #app's markup, what stays around it (<html>'s classes,
language, title, theme, the faces' letters), the focus kept across the redraw, and the few
things set in place (a hint's lit places, a link made whole, the log scrolled, a countdown)."""

from __future__ import annotations

import math
import time

from .dom import nothing, text_of
from .focus import Focus
from .page import Page
from .parts.cards import rank_defs


class Painter:
    def __init__(self, document, root, focus: Focus, address):
        self.doc, self.root, self.focus = document, root, focus
        self.address = address  # () -> the page's address without its query
        self.rev = 0
        self.said: dict[str, float] = {}  # a speech bubble -> when it shows (s)

    def paint(self, page: Page, focus_order: tuple[str, ...] | None) -> None:
        focus = self.focus.key()
        had_dialog = self.focus.dialog() is not None
        # what is typed in the fields read on Deal (the deal number, the people's names): a
        # redraw for another field keeps it, unless the redraw changes that field itself
        typed = [(str(el.id), str(el.defaultValue), str(el.value))
                 for el in self.root.querySelectorAll("input[data-typed]")]
        motion = getattr(self.doc.defaultView, "kozyrMotion", None)  # motion.js, once loaded
        was = motion.before(self.root) if page.motion_ms and not nothing(motion) else None
        self.root.innerHTML = page.html
        for key, drawn, value in typed:
            field = self.doc.getElementById(key)
            if value != drawn and not nothing(field) and str(field.value) == drawn:
                field.value = value
        if had_dialog:  # a sheet redrawn open (a setting changed) does not open again
            for el in self.root.querySelectorAll(".sheet-overlay, .sheet-overlay > .panel"):
                el.style.animation = "none"
        self.focus.place(focus, had_dialog, focus_order)
        if not nothing(motion):  # the cards travel from the old picture (after the focus:
            motion.after(self.root, was, page.motion_ms)  # it never moves for them)
        self.rev += 1
        ds = self.root.dataset
        ds.rev, ds.screen, ds.turn = str(self.rev), page.screen, page.turn
        self.doc.title = page.title
        self.around(page)
        self.age_bubbles()
        for place in page.lit:  # a hint's move, lit where it shows
            for el in self.root.querySelectorAll(place):
                el.classList.add("hinted")
        for name in ("deal-link", "replay-link"):  # a link's query, made whole
            link = self.doc.getElementById(name)
            if not nothing(link) and str(link.value).startswith("?"):
                link.value = self.address() + str(link.value)
        log = self.doc.querySelector(".log-lines")
        if not nothing(log):
            log.scrollTop = log.scrollHeight

    def age_bubbles(self) -> None:
        """A speech bubble drawn again goes on from where it was (its --age; .shown: with less
        motion it is then gone), instead of popping up again; one drawn for the first time
        shows now, or after its data-wait."""
        now, shown = time.monotonic(), {}
        for el in self.root.querySelectorAll(".bubble[data-said]"):
            key, wait = str(el.getAttribute("data-said")), text_of(el.getAttribute("data-wait"))
            start = shown[key] = self.said.get(key, now + float(wait or 0))
            if start != now:
                el.style.setProperty("--age", f"{now - start:.3f}s")
            if key in self.said:
                el.classList.add("shown")
        self.said = shown

    def around(self, page: Page) -> None:
        """What the picture asks of the page around #app."""
        html = self.doc.documentElement
        if str(html.lang) != page.lang or nothing(self.doc.getElementById("kz-ranks")):
            html.lang = page.lang
            ranks = self.doc.getElementById("kz-ranks")  # the faces' letters follow
            if nothing(ranks):
                self.doc.body.insertAdjacentHTML("afterbegin", rank_defs())
            else:
                ranks.outerHTML = rank_defs()
        if str(html.getAttribute("style") or "") != page.theme:
            html.setAttribute("style", page.theme)
        for name, on in page.classes().items():
            if on:
                html.classList.add(name)
            else:
                html.classList.remove(name)

    def show_clock(self, now: float) -> None:
        """Redraw the seconds left on a button that presses itself at its deadline."""
        el = self.root.querySelector("[data-deadline]")
        if nothing(el):
            return
        left = float(el.getAttribute("data-deadline")) - now
        span = float(el.getAttribute("data-span") or 0)
        shown = el.querySelector("[data-countdown]")
        if not nothing(shown):
            shown.textContent = str(max(0, math.ceil(left / 1000)))
        if span > 0:
            el.style.setProperty("--left", f"{max(0.0, min(1.0, left / span)):.3f}")

    def mark_drop(self, places: tuple[str, ...], zone: bool) -> None:
        """Light the drop places in place: drawing the page anew would cancel the drag."""
        for place in places:
            spot = self.doc.querySelector(
                f'#bout [data-target="{place}"], #bout [data-card="{place}"]')
            if not nothing(spot):
                spot.classList.add("drop-target")
        bout = self.doc.getElementById("bout")
        if zone and not nothing(bout):
            bout.classList.add("drop-zone")

    def say(self, lines, keep: int, fresh: bool = False) -> None:
        """Add lines to the live region, each once, in order; only the last `keep` stay
        (none of the earlier ones if `fresh`)."""
        live = self.doc.getElementById("kz-live")
        if nothing(live):
            return
        if fresh:
            live.replaceChildren()
        for line in lines:
            p = self.doc.createElement("p")
            p.textContent = line
            live.appendChild(p)
        while live.childElementCount > keep:
            live.removeChild(live.firstElementChild)
