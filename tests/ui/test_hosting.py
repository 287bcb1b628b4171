"""Embedding and installing, through `update`: what the page tells its host, what the host
may ask, the host's theme and the new-version notice (the cross-origin flows run in Chromium in
tests/browser/test_embed.py)."""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from conftest import Page

from ui import messages as m
from ui.settings import colours

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import icons  # noqa: E402  (scripts/icons.py)

HOST = "https://host.example"


def notes(page: Page, kind: str) -> list[dict]:
    return [e.detail for e in page.effects if isinstance(e, m.Notify) and e.kind == kind]


def test_a_deal_and_its_end_are_told_to_the_host():
    page = Page(f"?game=durak&seed=5&speed=0&deck=24&embed=1&host={HOST}")
    assert page.model.embed and page.model.fixed and page.model.host == HOST
    (deal,) = notes(page, "deal")
    assert deal == {"game": "durak", "options": page.in_play.session.options, "level": "normal",
                    "seed": 5, "resumed": False}
    page.play_out(random.Random(2))
    (over,) = notes(page, "over")
    result = page.in_play.session.result()
    assert over["places"] == result["places"] and over["fool"] == result["fool"]
    assert over["won"] == (0 not in result["losers"]) and over["seed"] == 5
    json.dumps(over)  # plain data: it crosses to the host as a structured clone


def test_the_host_fixed_game_has_no_way_home():
    page = Page(f"?game=stump&seed=5&speed=0&embed=1&host={HOST}")
    assert 'fixed-game' in [k for k, on in page.picture.classes().items() if on]
    page.send(m.Home())
    assert page.model.screen == "table"
    free = Page(f"?embed=1&host={HOST}")
    assert free.model.embed and not free.model.fixed and free.model.screen == "home"


def test_the_host_deals_a_new_game():
    page = Page(f"?game=durak&seed=5&speed=0&embed=1&host={HOST}")
    page.send(m.HostGame(f"?game=stump&players=4&embed=1&host={HOST}", seed=31))
    assert page.in_play.game == "stump" and page.in_play.session.options["players"] == 4
    assert page.in_play.session.seed == 31 and notes(page, "deal")[-1]["game"] == "stump"
    page.send(m.HostGame(f"?game=durak&seed=8&embed=1&host={HOST}", seed=1))
    assert page.in_play.session.seed == 8
    before = page.model
    page.send(m.HostGame("?game=nope&embed=1", seed=3))  # a bad request: a message, no crash
    assert "There is no game called 'nope'" in page.model.notice
    assert page.model.host == before.host


def test_a_page_not_embedded_ignores_host_requests():
    page = Page("?game=durak&seed=5&speed=0")
    page.send(m.HostGame("?game=stump", seed=3))
    assert page.in_play.game == "durak" and not notes(page, "deal")[1:]


@pytest.mark.parametrize("query, var, value", [
    ("felt=%23234a7d", "--felt-2", "#234a7d"),
    ("felt=333", "--felt-2", "#333333"),
    ("back=%23123456", "--back-a", "#123456"),
])
def test_a_host_theme_reaches_the_page(query, var, value):
    page = Page(f"?game=durak&seed=5&{query}&compact=1")
    assert f"{var}:{value};" in page.picture.theme and page.picture.compact
    assert page.model.screen == "table"


@pytest.mark.parametrize("query, says", [
    ("felt=%23c8e6c9", "would leave the text unreadable (contrast 1.2:1, at least 4.5:1"),
    ("felt=green-ish", "Felt: a colour as #RRGGBB, not 'green-ish'"),
    ("back=%23f0e0b0", "would hide their pattern"),
])
def test_an_unreadable_theme_is_refused_with_a_message(query, says):
    page = Page(f"?game=durak&seed=5&{query}")
    assert says in page.model.notice and page.picture.theme == ""
    assert page.model.screen == "setup"


def test_contrast_is_wcag_s():
    assert colours.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert colours.contrast("#136639", colours.INK) > 4.5  # kozyr's own felt passes


def test_a_new_version_is_announced_with_a_reload():
    page = Page("?game=durak&seed=5")
    page.send(m.UpdateReady())
    assert 'class="update-bar" role="status"' in page.picture.html
    assert 'data-act="reload"' in page.picture.html


def test_the_manifest_works_at_a_root_and_under_a_sub_path():
    data = icons.manifest()
    assert data["start_url"] == data["scope"] == "./" and data["display"] == "standalone"
    purposes = {(i["sizes"], i.get("purpose")) for i in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


def test_the_icons_are_drawn_at_their_sizes(tmp_path):
    for path in icons.write(tmp_path):
        if path.suffix == ".png":
            data = path.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert width == height == icons.SIZES[path.name]


def test_every_icon_the_pages_and_the_manifest_name_is_written_where_they_say(tmp_path):
    """The site keeps the source's layout: the SVG in assets/icons/, the icons drawn beside it,
    the manifest at the top (its icons' paths relative to it, as the pages' links are)."""
    root = Path(icons.__file__).resolve().parents[1]
    assert icons.SOURCE == root / "assets" / "icons" / "kozyr.svg" and icons.SOURCE.is_file()
    written = {p.relative_to(tmp_path).as_posix() for p in icons.write(tmp_path)}
    assert "manifest.webmanifest" in written
    manifest = json.loads((tmp_path / "manifest.webmanifest").read_text("utf-8"))
    named = {i["src"] for i in manifest["icons"]}
    for page in ("index.html", "example/engine.html"):
        html = (root / page).read_text("utf-8")
        links = re.findall(r'<link rel="(?:icon|apple-touch-icon)" href="\./([^"]+)"', html)
        assert links, page
        named |= set(links)
    assert named <= written and all(n.startswith("assets/icons/") for n in named), named
