"""A headless page for the UI's update functions: the shell's loop without a browser.

`Page` sends messages through `update`, keeps what the effects store, draws the page after
every message (so a drawing error fails the test), and runs the opponents the model says are
due, the way the shell does, but at once. It opens with every pack (ui/packs.py) loaded, as
the page has them once fetched; one opened with `packs=frozenset()` loads each when a message
needs it, at once, or answers that it is missing (`offline`). Standard library, kozyr and ui
only: it also runs on the page's own runtime (tests/pyodide/product_check.py).
"""
from __future__ import annotations

import random

import kozyr
from kozyr.thinking import finish
from ui import messages as m
from ui.daily import model as daily_deal
from ui.daily import messages as dm
from ui.model import Model
from ui.packs import Loaded, Missing, Need
from ui.packs.update import EVERY
from ui.page import draw
from ui.play import opponents
from ui.update import update


class Page:
    def __init__(self, search: str = "", stored: dict | None = None, seed: int = 1,
                 now: float = 1_000_000.0, packs: frozenset[str] = EVERY, offline=(),
                 touch: bool = False):
        self.model = Model(games=tuple(kozyr.catalogue()), packs=packs)
        self.offline = set(offline)  # packs a Need cannot have (never fetched, offline)
        self.stored: dict[str, str] = dict(stored or {})
        self.now = now
        self.effects: list = []
        self.picture = None
        self.send(m.Start(search, dict(self.stored), seed, touch=touch))

    def send(self, msg) -> list:
        self.model, effects = update(self.model, msg, self.now)
        for effect in effects:
            if isinstance(effect, Need):  # every pack's files are here: loaded at once
                gone = set(effect.packs) & self.offline
                self.send((Missing if gone else Loaded)(effect.packs, effect.then))
            if isinstance(effect, dm.ChooseDaily):  # the shell's slices, run at once
                day = daily_deal.engine.parse_day(effect.day)
                self.send(dm.DailyChosen(effect.game, effect.day,
                                                 daily_deal.engine.seed(effect.game, day)))
            if isinstance(effect, m.Store):
                if effect.value is None:
                    self.stored.pop(effect.key, None)
                else:
                    self.stored[effect.key] = effect.value
        self.effects += effects
        self.picture = draw(self.model, self.now)
        return effects

    @property
    def in_play(self):
        return self.model.in_play

    @property
    def view(self) -> dict:
        return self.model.in_play.session.view()

    def opponents(self, limit: int = 10_000) -> int:
        """Let every opponent that is due move, until the person is to act (or the game is
        over, or the table holds them); how many moved."""
        for n in range(limit):
            due = opponents.due(self.model)
            if due is None:
                return n
            move = finish(self.model.in_play.session.ai_choose())
            self.send(m.OpponentMoved(due.key, due.seat, str(move)))
        raise AssertionError("the opponents never stopped")

    def play_out(self, rng: random.Random, limit: int = 5_000) -> int:
        """Play the person's moves (a random legal one each) and the opponents' to the end;
        how many moves the person made."""
        made = 0
        for _ in range(limit):
            self.opponents()
            view = self.view
            if view["phase"] == "over":
                return made
            if view["to_act"] != self.in_play.session.human:  # held by the table (Memory's look)
                self.send(m.TableAction("ready"))
                continue
            self.send(m.MoveChosen(rng.choice(view["legal"])["text"]))
            made += 1
        raise AssertionError("the game did not end")
