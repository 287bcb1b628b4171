"""The one part of the UI that touches the page: it runs `update` for every message, paints
the picture (painter.py), runs the effects (fetching the parts of its Python loaded when first
used: `Loader`, packs/), and keeps the subscriptions the model asks for:
an opponent thinking when one is due, a replay's analysis, a clock while a countdown runs.
Raw events become messages in events.py; the embedding page is met in embedding.py.

    event → message → update(model, message, now) → (model, effects) → paint(draw(model)), effects
"""

from __future__ import annotations

import asyncio
import random

from pyodide.ffi import to_js  # the page's bridge: this module runs only in the page

import kozyr

from . import messages as m
from . import packs
from .daily import model as daily_deal
from .daily import messages as dm
from .dom import nothing
from .embedding import Host
from .events import Events
from .exercises import messages as em
from .focus import Focus
from .model import (ANALYSES_KEY, EXERCISES_KEY, OPTIONS_KEY, PEOPLE_KEY, PREFS_KEY, RECENT_KEY,
                    SAVE_KEY, STATS_KEY, Model)
from .page import draw
from .painter import Painter
from .parts.cards import DEFS
from .play import opponents
from .play.handoff import pass_to
from .play.queries import deadline, exercise_checking
from .play.sounds import Sound
from .reactions import messages as reacts
from .replay.model import analyse_in_slices, check_in_slices
from .shared_table import ice, talk
from .shared_table.channel import EFFECTS, Links
from .storage import Storage
from .tables import table_of
from .update import update

TICK_MS = 250  # how often a running countdown is redrawn
HANDOFF_FOCUS = ("#take-seat",)  # the device passes to another person: their button
LIVE_LINES = 40  # lines kept in the live region


def by_touch(win) -> bool:
    """A touch screen with no mouse (a phone, a tablet): its words say "tap", not "click"."""
    try:
        return bool(win.matchMedia("(hover: none) and (pointer: coarse)").matches)
    except Exception:
        return False


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


class Shell:
    def __init__(self, document, window, proxy):
        self.doc, self.win, self.proxy = document, window, proxy
        self.root = document.getElementById("app")
        self.storage = Storage(window)
        self.model = Model(games=tuple(kozyr.catalogue()), packs=Loader(self).mount_opening())
        self.thinking: tuple | None = None  # the position an opponent is thinking about
        self.analysing: tuple | None = None  # the replayed deal's analysis running (key, run)
        self.checking: tuple | None = None  # an exercise's answer being judged (id, run)
        self.timer = None  # the interval of a running countdown
        self.handlers: list = []  # the event proxies, kept alive as long as the page
        self.key_event = None  # the key being handled: its effects act on it
        self.focus = Focus(document, self.root)
        self.painter = Painter(document, self.root, self.focus, self.address)
        self.events = Events(self)
        self.host = Host(window, self.root, lambda: self.model, self.dispatch, new_seed)
        self.tick_proxy = self.keep(self.on_tick)
        self.new_seed = new_seed
        self.links = Links(self)
        self.sounds = None  # sound.js's module (the sounds waiting while it is imported)
        self.touched = False  # the person has clicked or pressed a key: sounds may start

    # --- start -----------------------------------------------------------------------------
    def start(self) -> None:
        if nothing(self.doc.getElementById("kz-defs")):
            self.doc.body.insertAdjacentHTML("afterbegin", DEFS)
        if nothing(self.doc.getElementById("kz-live")):  # outlives the redrawing of #app
            self.doc.body.insertAdjacentHTML(
                "beforeend", '<div id="kz-live" class="sr-only" aria-live="polite" '
                             'aria-relevant="additions"></div>')
        ev = self.events
        for name in ("click", "change", "dragstart", "dragover", "drop", "dragend",
                     "pointerdown"):
            self.root.addEventListener(name, self.keep(getattr(ev, "on_" + name)))
        for name in ("pointermove", "pointerup", "pointercancel", "keydown"):
            self.doc.addEventListener(name, self.keep(
                ev.on_key if name == "keydown" else getattr(ev, "on_" + name)))
        for name in ("pointerdown", "keydown"):  # (first, before anything else hears them)
            self.doc.addEventListener(name, self.keep(self.on_touch), True)
        keys = [SAVE_KEY, PREFS_KEY, STATS_KEY, RECENT_KEY, ANALYSES_KEY, PEOPLE_KEY,
                EXERCISES_KEY, daily_deal.DAILY_SEEDS_KEY] + [
            OPTIONS_KEY + g["name"] for g in self.model.games]
        stored = {k: v for k in keys if (v := self.storage.get(k)) is not None}
        try:
            search = str(self.win.location.search or "")
        except Exception:
            search = ""
        try:
            languages = tuple(str(x) for x in self.win.navigator.languages)
        except Exception:
            languages = ()
        touch = by_touch(self.win)
        self.focus.quiet(touch)
        self.dispatch(m.Start(search, stored, new_seed(), languages, touch=touch), redraw=True)
        self.join_from_address()
        self.doc.documentElement.dataset.kozyr = "ready"
        self.watch_updates()
        if self.model.embed:
            self.win.addEventListener("message", self.keep(self.host.on_message))
            self.win.addEventListener("resize", self.keep(lambda *_: self.host.report_size()))
            self.host.post("ready", {"protocol": 1})
            self.host.report_size()

    def join_from_address(self) -> None:
        """An invite opened (#join=…&ice=…): this page answers it. The fragment goes from the
        address at once: an offer answers once, and a reload should not try it again."""
        try:
            fragment = str(self.win.location.hash or "")
        except Exception:
            return
        invite = ice.read_fragment(fragment)
        if invite is not None:
            self.win.history.replaceState(None, "", self.address() + str(self.win.location.search))
            self.dispatch(talk.Join(*invite))

    def keep(self, handler):
        """`handler` as a function the page can call, kept alive as long as the page."""
        proxy = self.proxy(handler)
        self.handlers.append(proxy)
        return proxy

    def now(self) -> float:
        return float(self.win.Date.now())

    def address(self) -> str:
        """The page's address without its query: links are made from it."""
        loc = self.win.location
        return str(loc.origin) + str(loc.pathname)

    # --- the loop: message → update → paint → effects → subscriptions ---------------------------
    def dispatch(self, msg, redraw: bool = False) -> None:
        before = self.model
        self.model, effects = update(before, msg, self.now())
        if redraw or self.model != before:
            self.paint()
        for effect in effects:
            self.run(effect)
        self.subscribe()

    def paint(self) -> None:
        self.painter.paint(draw(self.model, self.now()), self.focus_order())
        self.painter.show_clock(self.now())
        self.host.report_size()

    def focus_order(self) -> tuple[str, ...] | None:
        """Where lost focus goes on this screen (the table's, or the replay's), if anywhere."""
        if self.model.screen == "table" and self.model.in_play is not None:
            if pass_to(self.model.in_play) is not None:
                return HANDOFF_FOCUS
            return table_of(self.model.in_play).focus_order
        if self.model.screen == "replay":
            from .replay.view import FOCUS_ORDER  # the replay's screen: loaded when first shown
            return FOCUS_ORDER
        return None

    def run(self, effect) -> asyncio.Future | None:
        kind = type(effect)
        if kind is m.Store:
            self.storage.put(effect.key, effect.value)
        elif kind is m.Console:
            try:
                log = getattr(self.win.console, effect.level if effect.level in (
                    "error", "warn") else "debug")
                log(effect.text)
            except Exception:
                pass
        elif kind is m.MarkDrop:
            self.painter.mark_drop(effect.places, effect.zone)
        elif kind is m.Say:
            self.painter.say(effect.lines, LIVE_LINES, effect.fresh)
        elif kind is m.Notify:
            self.host.post(effect.kind, effect.detail)
        elif kind is Sound:
            self.sound(effect)
        elif kind is m.Copy:
            self.copy(effect.text, effect.field)
        elif kind is m.Download:
            self.download(effect.name, effect.text)
        elif kind in EFFECTS:
            self.links.run(effect)
        elif kind is m.FocusBest and self.model.in_play is not None:
            self.focus.turn_began(self.focus_order())
        elif kind is m.ChooseFile:
            field = self.doc.getElementById(effect.field)
            if not nothing(field):
                field.click()
        elif kind is m.Reload:
            self.win.location.reload()
        elif kind is packs.Need:
            return asyncio.ensure_future(Loader(self).load(effect))  # (channel.py awaits it)
        elif kind is dm.ChooseDaily:
            asyncio.ensure_future(daily_deal.choose_for(self, effect))
        elif kind is m.FocusOn:
            self.focus.on(effect.selector)
        elif kind is reacts.Later:
            asyncio.ensure_future(later(self, effect))
        else:
            self.run_key(effect)

    def run_key(self, effect) -> None:
        """What the key being handled does on the page itself."""
        event, kind = self.key_event, type(effect)
        if event is None:
            return
        if kind is m.KeyUsed:
            event.preventDefault()
        elif kind is m.Rove:
            self.focus.rove(event, effect.key)
        elif kind is m.TrapTab:
            self.focus.trap_tab(event)
        elif kind is m.PressShortcut:
            button = self.events.shortcut(self.focus.dialog() or self.root, effect.key)
            if button is not None:
                event.preventDefault()
                button.click()

    def on_touch(self, event) -> None:
        if not self.touched and event.isTrusted:
            self.touched = True
        self.focus.quiet(str(event.type) != "keydown"
                         and str(getattr(event, "pointerType", "")) in ("touch", "pen"))

    def sound(self, effect: Sound) -> None:
        """Make a sound with sound.js, imported with the first one after the person's first
        click or key on the page (the browsers' autoplay rules): none before it."""
        try:
            if not self.touched or self.doc.hidden or self.sounds is False:
                return
            if self.sounds is None:  # the first: sound.js is imported, the next ones wait
                self.sounds = [effect]
                asyncio.ensure_future(self.load_sounds())
            elif isinstance(self.sounds, list):
                self.sounds.append(effect)
            else:
                self.sounds.play(effect.name, effect.volume)
        except Exception:
            pass  # a page without sound plays on

    async def load_sounds(self) -> None:
        """sound.js imported, then the sounds asked for meanwhile made, in order (none ever
        again if it cannot be)."""
        try:
            module = await self.win.eval("import(new URL('./sound.js', document.baseURI).href)")
            waiting, self.sounds = self.sounds, module
            for effect in waiting:
                module.play(effect.name, effect.volume)
        except Exception:
            self.sounds = False

    def copy(self, text: str, field_id: str) -> None:
        """`text` (or, when empty, what the field holds) to the clipboard, the field selected."""
        field = self.doc.getElementById(field_id)
        if not nothing(field):
            if text:
                field.value = text
            text = str(field.value)
            field.select()
        try:
            self.win.navigator.clipboard.writeText(text)
        except Exception:
            pass  # the field is selected: Ctrl+C copies it

    def download(self, name: str, text: str) -> None:
        kind = to_js({"type": "application/json"}, dict_converter=self.win.Object.fromEntries)
        url = self.win.URL.createObjectURL(self.win.Blob.new(to_js([text]), kind))
        a = self.doc.createElement("a")
        a.href, a.download = url, name
        self.doc.body.appendChild(a)
        a.click()
        a.remove()
        self.win.setTimeout(self.keep(lambda *_: self.win.URL.revokeObjectURL(url)), 1000)

    # --- subscriptions: an opponent to move, an analysis to run, a countdown --------------------
    def subscribe(self) -> None:
        self.links.subscribe(self.model)
        replay = self.model.replay
        if replay is not None and replay.analysing and self.analysing != (replay.key, replay.run):
            self.analysing = (replay.key, replay.run)
            asyncio.ensure_future(analysed(self, replay))
        checking = exercise_checking(self.model)
        if checking is not None and checking[:2] != self.checking:
            self.checking = checking[:2]
            asyncio.ensure_future(answer_checked(self, *checking))
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
            thought = await opponents.think(self.model.in_play.session,
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
            self.painter.show_clock(self.now())

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


async def later(shell: Shell, effect: reacts.Later) -> None:
    """Its message, so many milliseconds from now (a reaction's bubble leaves the page then)."""
    await asyncio.sleep(effect.ms / 1000)
    shell.dispatch(effect.then)


async def analysed(shell: Shell, replay) -> None:
    """The replayed deal's analysis, a slice at a time, while it is the one asked for."""
    run = (replay.key, replay.run)

    def current() -> bool:
        r = shell.model.replay
        return r is not None and r.analysing and (r.key, r.run) == run

    try:
        await analyse_in_slices(replay, current,
                                lambda j: shell.dispatch(m.Judged(replay.run, j)))
    except Exception as exc:  # a failing analysis is reported once, the page goes on
        shell.dispatch(m.Failed(f"{type(exc).__name__}: {exc}"))
    finally:
        if shell.analysing == run:
            shell.analysing = None


async def answer_checked(shell: Shell, key: str, run: int, deal: dict, trying) -> None:
    """An exercise's answer judged, a slice at a time, while it is the one asked for."""
    def current() -> bool:
        now = exercise_checking(shell.model)
        return now is not None and now[:2] == (key, run)

    try:
        chances = await check_in_slices(deal, trying.judgement, trying.checking, current)
        if chances is not None:
            shell.dispatch(em.Checked(run, trying.checking, *chances))
    except Exception as exc:  # a failing judgement is reported once, the page goes on
        shell.dispatch(m.Failed(f"{type(exc).__name__}: {exc}"))
    finally:
        if shell.checking == (key, run):
            shell.checking = None


class Loader:
    """The parts of the page's Python loaded when first used (packs/), for the shell."""

    def __init__(self, shell: Shell):
        self.shell, self.win = shell, shell.win

    def mount_opening(self) -> frozenset[str]:
        """The packs index.html fetched beside kozyr's zip (the language the page opens in),
        mounted if they have arrived; one still on its way is awaited when needed."""
        try:
            for name, data in self.win.Object.entries(self.win.kozyrPackBytes):
                packs.mount(str(name), data.to_bytes())
        except Exception:
            pass  # none fetched: they come when first needed
        return packs.mounted()

    async def load(self, need: packs.Need) -> None:
        """The packs a message waits for, fetched and mounted; then it goes on (Loaded), or the
        page says they cannot be had (Missing: offline, and never fetched)."""
        try:
            for pack in need.packs:
                if pack not in packs.mounted() and pack in packs.manifest():
                    packs.mount(pack, await self.fetch(packs.url(pack), pack))
        except Exception:
            self.shell.dispatch(packs.Missing(need.packs, need.then))
            return
        self.shell.dispatch(packs.Loaded(need.packs, need.then))

    async def fetch(self, url: str, pack: str) -> bytes:
        """A pack's zip: the one index.html is fetching already, else fetched now; then the
        service worker is asked to keep it (a page it did not control yet fetched it alone)."""
        opening = getattr(getattr(self.win, "kozyrPacks", None), pack, None)
        data = await opening if opening is not None else None
        if data is None:
            response = await self.win.fetch(url)
            if not response.ok:
                raise OSError(f"{url}: {response.status}")
            data = await response.arrayBuffer()
        keep = getattr(self.win, "kozyrKeep", None)
        if keep is not None:
            keep(url)
        return data.to_bytes()
