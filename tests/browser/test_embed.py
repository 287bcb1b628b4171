"""Installing and embedding in Chromium: the page is installable at a site root and under a
sub-path; a host page on another origin embeds it with <kozyr-table>, plays a whole game in it
and hears ready, deal and over; the frame takes the page's height; a message from a foreign
origin is ignored."""
from __future__ import annotations

import json
import shutil

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, fail_on_problems, site_server, wait_booted, watched
from table_helpers import play_until_over, player, redrawn, wait_my_turn_or_over

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host</title>
<link rel="icon" href="data:,"><script src="{kozyr}embed.js" defer></script></head>
<body style="margin:0;width:{width}px">
<h1>Our games</h1>
<kozyr-table id="table" {attrs}></kozyr-table>
<script>
  window.heard = [];
  const table = document.getElementById("table");
  for (const kind of ["kozyr-ready", "kozyr-deal", "kozyr-over"]) {{
    table.addEventListener(kind, (event) => window.heard.push([kind, event.detail]));
  }}
</script></body></html>"""


@pytest.fixture
def host(tmp_path):
    """host(kozyr_url, attrs, width) -> the URL of a host page on an origin of its own."""
    servers = []

    def make(kozyr: str, attrs: str, width: int = 1000) -> str:
        name = f"host{len(servers)}.html"
        (tmp_path / name).write_text(HOST_PAGE.format(kozyr=kozyr, attrs=attrs, width=width))
        server, url = site_server.start(tmp_path)
        servers.append(server)
        return url + name

    yield make
    for server in servers:
        server.shutdown()


def heard(page, kind: str) -> list[dict]:
    return [detail for k, detail in page.evaluate("window.heard") if k == kind]


def kozyr_frame(page):
    frame = page.wait_for_selector("kozyr-table iframe").content_frame()
    wait_booted(frame)
    return frame


play_one = player("durak")  # on the frame the host page embeds


def test_a_host_on_another_origin_plays_a_whole_game_and_hears_it(page, site, host):
    url = host(site, 'game="durak" deck="24" speed="0" seed="5" lang="en"')
    assert url.split("/")[2] != site.split("/")[2], "the host has an origin of its own"
    page.goto(url)
    frame = kozyr_frame(page)
    page.wait_for_function("window.heard.some(([k]) => k === 'kozyr-deal')")
    assert heard(page, "kozyr-ready") == [{"protocol": 1}]
    (deal,) = heard(page, "kozyr-deal")
    assert (deal["game"], deal["seed"], deal["options"]["deck"]) == ("durak", 5, 24)
    # the host chose the game: no way back to the picker
    assert not frame.locator("#home").is_visible()
    assert frame.evaluate("document.documentElement.classList.contains('fixed-game')")
    # the frame is as tall as the table asks (from its width), not the iframe default
    height = page.evaluate("document.querySelector('kozyr-table iframe').offsetHeight")
    assert height == 625, height
    play_until_over(frame, play_one, 400)
    page.wait_for_function("window.heard.some(([k]) => k === 'kozyr-over')")
    (over,) = heard(page, "kozyr-over")
    session_result = json.loads(frame.evaluate("localStorage.getItem('kozyr.stats')"))
    assert over["seed"] == 5 and len(over["places"]) == 2 and "fool" in over
    assert over["won"] == (0 not in over["losers"])
    # the host heard what the person saw on the game-over panel
    mood = frame.locator("#gameover .panel").get_attribute("class").split()[-1]
    assert mood == ("draw" if over["draw"] else "won" if over["won"] else "lost"), (mood, over)
    assert session_result["records"], "the frame keeps its own statistics"
    # newGame() from the host deals another game in the same frame
    with redrawn(frame):
        page.evaluate("document.getElementById('table').newGame({game: 'stump', players: 3,"
                      " deck: null})")
    page.wait_for_function("window.heard.filter(([k]) => k === 'kozyr-deal').length === 2")
    assert heard(page, "kozyr-deal")[1]["game"] == "stump"
    assert frame.evaluate("document.getElementById('app').dataset.screen") == "table"


FOREIGN_PAGE = """<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script>
  // a third origin, framed by the host: it reaches the kozyr frame through the host's window
  window.parent.frames[0].postMessage(
    {kozyr: 1, type: "new-game", search: "?game=stump&embed=1"}, "*");
  window.parent.postMessage("sent", "*");
</script></body></html>"""


def test_a_message_from_a_foreign_origin_is_ignored(page, site, host, tmp_path):
    url = host(site, 'game="durak" speed="0" seed="7"')
    page.goto(url)
    frame = kozyr_frame(page)
    page.wait_for_function("window.heard.some(([k]) => k === 'kozyr-deal')")
    seed = frame.evaluate("JSON.parse(localStorage.getItem('kozyr.save')).seed")
    search = "?game=stump&embed=1"
    # from a third origin, through the host's window: ignored
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "foreign.html").write_text(FOREIGN_PAGE)
    server, foreign = site_server.start(tmp_path / "foreign")
    try:
        page.evaluate("""(src) => new Promise((done) => {
            addEventListener("message", (e) => { if (e.data === "sent") done(); });
            const w = document.createElement("iframe"); w.src = src; document.body.append(w);
        })""", foreign + "foreign.html")
    finally:
        server.shutdown()
    # from the page's own origin (itself, not its host): ignored
    frame.evaluate(f"window.postMessage({{kozyr: 1, type: 'new-game', search: '{search}'}}, '*')")
    page.wait_for_timeout(400)
    assert frame.evaluate("JSON.parse(localStorage.getItem('kozyr.save')).seed") == seed
    assert len(heard(page, "kozyr-deal")) == 1
    # the host's own request is obeyed, as the control
    page.evaluate(f"document.getElementById('table').send({{type: 'new-game', search: "
                  f"'{search}&host=' + location.origin}})")
    page.wait_for_function("window.heard.filter(([k]) => k === 'kozyr-deal').length === 2")


def test_a_host_ratio_and_theme(page, site, host):
    url = host(site, 'game="durak" speed="0" seed="3" ratio="4/3" felt="#234a7d" compact="1"',
               width=800)
    page.goto(url)
    frame = kozyr_frame(page)
    box = page.locator("kozyr-table iframe").bounding_box()
    assert abs(box["height"] - 600) <= 1, box
    style = frame.evaluate("document.documentElement.getAttribute('style')")
    assert "--felt-2:#234a7d;" in style
    assert frame.evaluate("document.documentElement.classList.contains('compact')")
    wait_my_turn_or_over(frame)


@pytest.mark.parametrize("where", ["root", "sub-path"])
def test_the_page_is_installable(playwright_instance, site, site_subpath, tmp_path, watch, where):
    """Chromium's own verdict (DevTools' Page.getInstallabilityErrors) in a profile of its own
    (a private one never installs)."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        stop = watched(ctx, page, watch)
        page.goto(site if where == "root" else site_subpath)
        wait_booted(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
        icons = page.evaluate("""async () => {
            const m = await (await fetch('manifest.webmanifest')).json();
            return Promise.all(m.icons.map(async (i) => [i.src, (await fetch(i.src)).status]));
        }""")
        assert icons and all(status == 200 for _src, status in icons), icons
        stop()
    finally:
        ctx.close()
    fail_on_problems(watch)


def test_a_new_version_is_announced(page, context, dist, boot, tmp_path):
    """A returning visitor's page, served by the old version's service worker, hears that a
    new version was installed in the background and offers a reload (which then runs it)."""
    site_copy = tmp_path / "dist"
    shutil.copytree(dist, site_copy)
    server, url = site_server.start(site_copy)
    try:
        boot(page, url + "?game=durak&seed=3&speed=0")
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
        boot(page, url + "?game=durak&seed=3&speed=0")  # a return visit, from the cache
        assert not page.locator(".update-bar").count()
        sw = site_copy / "sw.js"  # a new deploy: another version of the site
        sw.write_text(sw.read_text().replace("const VERSION = \"", "const VERSION = \"new-"))
        boot(page, url + "?game=durak&seed=3&speed=0")
        bar = page.locator(".update-bar")
        bar.wait_for(timeout=30_000)
        assert "A new version of kozyr is ready" in bar.inner_text()
        assert page.evaluate("document.getElementById('app').dataset.screen") == "table"
        page.locator("#reload").click()
        wait_booted(page)
        assert not page.locator(".update-bar").count()
        version = page.evaluate("caches.keys()")
        assert any(":new-" in name for name in version), version
    finally:
        server.shutdown()
