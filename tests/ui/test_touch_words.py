"""A touch screen is told to tap, never to click: every picture and every line said while
whole games are played by tapping (each card the person may play tapped before the move is
made, so that every selection's hint shows), in every game, in English; with a mouse the same
hints say "click"."""
from __future__ import annotations

import random

import pytest

from headless import Page
from ui import messages as m
from ui.play import moves

DEALS = {"durak": "game=durak&players=3&transfer=1&seed={seed}",
         "stump": "game=stump&players=3&seed={seed}",
         "garbage": "game=garbage&players=2&wild=kings&seed={seed}",
         "memory": "game=memory&players=3&seed={seed}",
         "advantage": "game=advantage&seed={seed}"}


def said(effects: list) -> list[str]:
    return [line for e in effects if isinstance(e, m.Say) for line in e.lines]


def tapped_through(page: Page, rng: random.Random, limit: int = 3_000) -> tuple[str, set[str]]:
    """Play to the end, tapping a playable card (and what it lights) before each move; every
    picture's markup and every line said, joined, and the hints seen."""
    seen, hints = [page.picture.html], set()
    for _ in range(limit):
        page.opponents()
        view = page.view
        if view["phase"] == "over":
            return "\n".join(seen), hints
        if view["to_act"] != page.in_play.session.human:  # the table holds it (Memory's look)
            seen += said(page.send(m.TableAction("ready")))
            continue
        playable = sorted(moves.playable(view["legal"]))
        if playable:
            seen += said(page.send(m.CardClicked(rng.choice(playable))))
            hints.add(page.in_play.hint)
            seen.append(page.picture.html)
            if page.view is view or page.in_play.selection:
                page.send(m.Clear())
        if page.view["phase"] != "over" and page.view["to_act"] == page.in_play.session.human:
            seen += said(page.send(m.MoveChosen(rng.choice(page.view["legal"])["text"])))
        seen.append(page.picture.html)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(DEALS))
def test_a_touch_screen_is_never_told_to_click(game):
    for seed in (1, 2, 3):
        page = Page(DEALS[game].format(seed=seed) + "&speed=0", touch=True)
        text, hints = tapped_through(page, random.Random(seed))
        assert "click" not in text.lower(), (game, seed, [
            line for line in text.splitlines() if "click" in line.lower()][:3])


def test_the_hints_say_tap_to_a_touch_screen_and_click_to_a_mouse():
    """The same taps, by touch and by mouse: a Durak defence (the card to beat chosen on the
    table), a Garbage wild, an Advantage pile."""
    both = {}
    for touch in (True, False):
        hints = set()
        for game in ("durak", "garbage", "advantage"):
            for seed in (1, 2, 3):
                page = Page(DEALS[game].format(seed=seed) + "&speed=0", touch=touch)
                hints |= tapped_through(page, random.Random(seed))[1]
        both[touch] = " ".join(hints).lower()
    assert " tap " in both[True] and "click" not in both[True]
    assert " click " in both[False] and " tap " not in both[False]


def test_the_keys_sheet_is_offered_where_there_is_a_keyboard():
    """A touch screen's bar has no Keys button; a keyboard plugged into it still opens the
    sheet with ?."""
    touch = Page("?game=durak&seed=3&speed=0", touch=True)
    assert 'id="keys"' not in touch.picture.html
    touch.send(m.Key("?", shift=True))
    assert touch.model.sheet == "keys"
    mouse = Page("?game=durak&seed=3&speed=0")
    assert 'id="keys"' in mouse.picture.html
