"""Embedded in another site's page (embed.js): what the table tells its host, and the one
thing a host may ask (a new game), only from the parent window at the host's origin."""

from __future__ import annotations

from pyodide.ffi import to_js  # the page's bridge: this module runs only in the page

from . import messages as m

# an embedded table's height: from the frame's width, within bounds (px)
TABLE_RATIO, TABLE_MIN_HEIGHT, TABLE_MAX_HEIGHT = 0.625, 560, 900


class Host:
    def __init__(self, window, root, model, dispatch, new_seed):
        self.win, self.root = window, root
        self.model, self.dispatch, self.new_seed = model, dispatch, new_seed  # model: () -> Model
        self.reported = 0.0  # the height last reported

    def post(self, kind: str, detail: dict) -> None:
        """Tell the embedding page, at its origin only, what happened (embed.js relays it as the
        element's kozyr-<kind> event)."""
        model = self.model()
        if not model.embed or not model.host:
            return
        message = to_js({"kozyr": 1, "type": kind, "detail": detail},
                        dict_converter=self.win.Object.fromEntries)
        try:
            self.win.parent.postMessage(message, model.host)
        except Exception:  # a host origin the browser refuses: nothing to tell
            pass

    def on_message(self, event) -> None:
        """What the embedding page asks, in the documented form; anything else is ignored."""
        try:
            same = getattr(self.win.Object, "is")  # JavaScript's Object.is: the very window
            if str(event.origin) != self.model().host or not same(event.source, self.win.parent):
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
            self.dispatch(m.HostGame(search, self.new_seed()))

    def report_size(self) -> None:
        """The height the frame should have: the table's (from the frame's width), or the
        content's on the other screens."""
        model = self.model()
        if not model.embed:
            return
        if model.screen == "table":
            width = float(self.win.innerWidth)
            height = max(TABLE_MIN_HEIGHT, min(TABLE_MAX_HEIGHT, width * TABLE_RATIO))
        else:
            height = float(self.root.scrollHeight)
        if height != self.reported:
            self.reported = height
            self.post("size", {"height": height})
