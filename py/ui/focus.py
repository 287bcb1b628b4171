"""The keyboard focus: kept across pictures, placed where the game goes on, held by dialogs,
moved by arrows within groups (a roving tabindex)."""

from __future__ import annotations

from .dom import nothing, same, text_of

FOCUSABLE = "button:not([disabled]), [tabindex='0'], input, textarea, select, a[href]"
GROUPS = "[data-roving]:not([data-roving='list'])"  # what ↑ ↓ move between (not a menu)


class Focus:
    def __init__(self, document, root):
        self.doc, self.root = document, root
        self.opener = None  # what had the focus when a dialog opened (it gets it back)

    def turn_began(self, order: tuple[str, ...]) -> None:
        """The person's turn came: the focus to work, unless it is somewhere of their own."""
        el = self.doc.activeElement
        if nothing(el) or same(el, self.doc.body) or not nothing(
                el.closest("#hand, #bout, #actions, .middle, #prompt")):
            self.best(order)

    def rove(self, event, key: str) -> None:
        """Arrow keys within a group marked data-roving (the hand, the table's places): ← →
        (Home, End) move along it, ↑ ↓ to the group before or after; the group is one tab stop.
        In a list (data-roving="list": a menu) every arrow moves along it, round and round, and
        each of its buttons keeps its tab stop."""
        el = self.doc.activeElement
        group = None if nothing(el) or not hasattr(el, "closest") else el.closest("[data-roving]")
        if nothing(group) or self.dialog() is not None:
            return
        if group.getAttribute("data-roving") == "list":
            items = list(group.querySelectorAll("button"))
            i = next((k for k, b in enumerate(items) if same(b, el)), 0)
            step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
            nxt = (items[0] if key == "Home" else items[-1] if key == "End"
                   else items[(i + step) % len(items)])
        elif key in ("ArrowUp", "ArrowDown"):
            groups = [g for g in self.root.querySelectorAll(GROUPS)
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

    def on(self, selector: str) -> None:
        """The focus to the element `selector` names, if there is one."""
        el = self.root.querySelector(selector)
        if not nothing(el):
            el.focus()

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

    def quiet(self, quiet: bool) -> None:
        """A finger's page draws no focus ring until a key is pressed: on a card the page
        focuses for the keyboard, a ring no one asked for reads as a recommendation."""
        try:
            self.doc.documentElement.classList.toggle("quiet-focus", quiet)
        except Exception:
            pass

    def place(self, before, had_dialog: bool, order: tuple[str, ...] | None) -> None:
        """After a picture: a dialog that just opened takes the focus (and gives it back when it
        closes); otherwise what had it keeps it; lost focus goes to the most useful control."""
        dialog = self.dialog()
        if dialog is not None and not had_dialog:
            self.opener = before
            # (a dialog may name its first step: data-first)
            first = dialog.querySelector("[data-first], [data-act='again'], .sheet-body, button")
            if not nothing(first):
                first.focus()
            return
        if dialog is None and had_dialog and self.opener is not None:
            before, self.opener = self.opener, None
        if not self.restore(before) and order is not None:
            el = self.doc.activeElement
            if before is not None or nothing(el) or same(el, self.doc.body):
                self.best(order)

    def best(self, order: tuple[str, ...]) -> None:
        """The focus to where the game goes on: the first of the table's focus order there is."""
        for selector in order:
            el = self.root.querySelector(selector)
            if not nothing(el):
                el.focus()
                if el.matches(":focus"):  # a div the order names may not take the focus
                    return

    def key(self):
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

    def restore(self, key) -> bool:
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
