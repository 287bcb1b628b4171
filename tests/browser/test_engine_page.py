"""The engine's example page (engine.html): PyScript installs the kozyr wheel with micropip from
the site alone, and the page plays seeded deals whose result is CPython's for the same seed."""
from __future__ import annotations

import runpy
from pathlib import Path

import pytest

import wheel  # scripts/wheel.py

ROOT = Path(__file__).resolve().parents[2]
# a first visit, as a developer's browser opens it: a fresh context
pytestmark = pytest.mark.own_context


def cpython_play(game: str, levels: list[str], seed: int) -> dict:
    """The example page's own `play`, run here on CPython with the repository's engine."""
    example = runpy.run_path(str(ROOT / "example" / "engine.py"), run_name="example")
    return example["play"](game, levels, seed)


def test_example_page_installs_the_wheel_and_plays_as_cpython_does(page, site, watch, screenshot):
    page.goto(site + "engine.html")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=90_000)
    assert "installed from its wheel" in page.locator("#status").inner_text()
    # the engine came from the wheel micropip installed, not from the table's own zip
    requested = [r.split("/")[-1] for r in watch.requests]
    assert wheel.name() in requested and "micropip-0.11.1-py3-none-any.whl" in requested
    assert "kozyr.zip.gz" not in requested
    titles = page.locator("#game option").all_inner_texts()
    assert titles == ["Durak", "Stump", "Garbage", "Memory", "Advantage"]

    for game, levels, seed in [("durak", ["normal", "easy"], 7), ("memory", ["hard", "easy"], 3),
                               ("advantage", ["easy", "normal"], 11)]:
        page.select_option("#game", game)
        page.select_option("#first", levels[0])
        page.select_option("#second", levels[1])
        page.fill("#seed", str(seed))
        page.get_by_role("button", name="Play the deal").click()
        page.wait_for_function(f"document.documentElement.dataset.played === '{game}:{seed}'",
                               timeout=60_000)
        expected = cpython_play(game, levels, seed)
        shown = page.locator("#log li").all_inner_texts()
        assert shown == [f"Seat {seat + 1}: {move}" for seat, move in expected["moves"]]
        assert page.locator("#result").inner_text() == repr(expected["result"])
        winner = max(range(2), key=lambda seat: expected["result"]["scores"][seat])
        assert page.locator("#verdict").inner_text().startswith(f"Seat {winner + 1}")
    screenshot(page, "engine-example")

    # a bad seed is refused in words and changes nothing
    page.fill("#seed", "")
    page.get_by_role("button", name="Play the deal").click()
    assert "whole number" in page.locator("#verdict").inner_text()
    assert page.locator("#log li").count() == len(expected["moves"])
    assert not watch.off_origin()
