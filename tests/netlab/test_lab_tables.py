"""A table shared between browsers through the whole app, across the lab's home routers: each
person's page in a Chromium of its own inside its host's namespace, each driven by clicking as
people do (the host deals with a guest seat and shows an invite; the guest opens the link,
answers; the host pastes the answer and connects).

- One network, no server: the pages meet; the seat says "on this network", also when one
  page finds the other only by its connectivity checks (its mDNS name not found in time).
- Two port-restricted routers, no server: the host's dialog says in words that neither page
  used a server, and no packet went to a STUN port (nobody agreed to one).
- Two port-restricted routers, STUN allowed on both pages (the invite carries the host's
  servers): "across the internet", and a whole game of each of the five games at that one
  table, each next game chosen on the host's page through the games and the options form,
  the guest kept without a new invite; what the guest's page heard holds no card hidden from
  its seat, and both pages agree on each result.
- Two symmetric routers, two STUN servers allowed: the invite itself says only a relay
  crosses this network, and the connection fails with words saying why.
- Two symmetric routers, the host's TURN server (with its username and credential) carried
  by the invite: "through a relay".
- Three seats, two guests behind two other routers: both meet the host and play.

Every page fails its test on a request off 127.0.0.1 or a console error (`lab_page`).
"""
from __future__ import annotations

import time
from urllib.parse import quote

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from netlab.two_pages import (APP, GUEST, HEAR, agree_on_the_result, check_heard, codes,
                              guest_plays, host_session, invite_link, play_turns, player,
                              redrawn, wait_booted)

NAMES = "names=Ann,Boris"
CONNECT_MS = 20_000  # a link that can open does within a second or two here
# A connection that cannot be made ends when rtc.js stops waiting for the channel to open
# (acceptAnswer's 10 s): before Chromium gives up on two symmetric NATs (about 15 s), and the
# only end when there is no pair of candidates to try (no servers, two networks).
FAIL_MS = 25_000
ROUTE = {"local": "on this network", "internet": "across the internet",
         "relay": "through a relay"}


@pytest.fixture(scope="module")
def homes(lab):
    """Two hosts on one home network, one behind each of four other routers: two typical
    (port-restricted) and two that map every destination anew (symmetric)."""
    lab.home("a", nat="port-restricted")
    lab.home("b", nat="port-restricted")
    lab.home("c", nat="symmetric")
    lab.home("d", nat="symmetric")
    lab.home("e", nat="port-restricted")
    return {name: lab.host(name, name[0]) for name in ("a1", "a2", "b1", "c1", "d1", "e1")}


# --- the pages --------------------------------------------------------------------------------

def person(lab_page, host, guest: bool = False):
    """A person's page in `host`'s browser (motion reduced: whole games take hundreds of
    clicks); a guest's records what its data channel hears (HEAR)."""
    page = lab_page(host, reduced_motion="reduce")
    if guest:
        page.context.add_init_script(HEAR)
    return page


def turn_text(lab) -> str:
    """The lab's TURN server as a person writes it: turn:USER:CREDENTIAL@HOST:PORT."""
    entry = lab.turn()
    scheme, address = entry["urls"].split(":", 1)
    return (f"{scheme}:{quote(entry['username'], safe='')}:"
            f"{quote(entry['credential'], safe='')}@{address}")


def deals(page, lab, at, query: str, servers=()) -> str:
    """The host's page opened on a deal with guest seats, the servers (`ice=`) for the visit:
    its first invite link."""
    ice = f"&ice={','.join(servers)}" if servers else ""
    page.goto(f"{lab.origin(at)}?{query}&speed=0{ice}")
    wait_booted(page)
    page.wait_for_selector("#app[data-screen='table']")
    return invite_link(page)


def allows_servers(host) -> str:
    """The host answers "Friend on another network?" with Use the servers: the invite made
    again, carrying them."""
    old = invite_link(host)
    assert "&ice=" not in old, "an invite carries servers nobody allowed"
    assert "Friend on another network?" in host.inner_text("#invite")
    host.click("#ice-allow")
    host.wait_for_function("old => document.getElementById('reinvite') || "
                           "![old, undefined].includes(document.getElementById('invite-link')"
                           "?.value)", arg=old)
    assert not host.locator("#reinvite").count(), (
        f"allowing the servers ended the invite: the host's page says {said(host)!r}")
    url = invite_link(host, old)
    assert "&ice=" in url
    host.wait_for_selector("#ice-allow", state="detached")
    return url


def answers(guest, url: str, allow: bool = True, told: str = "") -> str:
    """The guest opens the invite; asked about the host's servers (an invite that carries
    them: the list of them says `told`), Use the servers; its answer."""
    guest.goto(url)
    wait_booted(guest)
    if "&ice=" in url:
        guest.wait_for_selector("#ice-allow")
        assert "Friend on another network?" in guest.inner_text("#app")
        assert told in guest.inner_text(".ice-servers")
        guest.click("#ice-allow" if allow else "#ice-deny")
    guest.wait_for_function("document.getElementById('answer-code')?.value",
                            timeout=CONNECT_MS)
    return guest.input_value("#answer-code")


def pastes(host, answer: str) -> None:
    host.fill("#answer-input", answer)
    host.click("#connect")


def connects(host, guest, answer: str, more: bool = False) -> float:
    """The host pastes the answer and connects: the guest's page shows its table, the host's
    the table (or, `more` guests to come, the next one's invite). The seconds it took."""
    old = host.input_value("#invite-link")
    t0 = time.perf_counter()
    pastes(host, answer)
    try:
        guest.wait_for_selector(".screen.table", timeout=CONNECT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"not connected: the host's page says {said(host)!r}, the "
                             f"guest's {said(guest)!r}") from None
    if more:
        invite_link(host, old)
    else:
        host.wait_for_selector("#invite", state="detached", timeout=CONNECT_MS)
    return time.perf_counter() - t0


def said(page) -> str:
    """What a page says of the connection: its dialog's words, else the page's (the first
    400 characters)."""
    where = "#invite" if page.locator("#invite").count() else "#app"
    return " ".join(page.inner_text(where).split())[:400]


def fails(host, answer: str) -> str:
    """The host pastes the answer and connects, and the connection is not made: the dialog's
    words why, with a new invite and a computer in the guest's place offered."""
    t0 = time.perf_counter()
    pastes(host, answer)
    host.wait_for_selector("#reinvite", timeout=FAIL_MS)
    assert host.locator("#give-seat").count() == 1
    why = host.inner_text("#link-why")
    print(f"failed after {time.perf_counter() - t0:.1f} s: {why}")
    return why


def routes(page, n: int = 1) -> list[str]:
    """The words under the name plates saying how a seat's link goes, once there are `n`."""
    page.wait_for_function("n => document.querySelectorAll('.nameplate .route').length >= n",
                           arg=n, timeout=CONNECT_MS)
    return page.locator(".nameplate .route").all_inner_texts()


# --- one network, or none ---------------------------------------------------------------------

def test_one_network_without_servers(lab, lab_page, homes):
    before = lab.stun_packets()
    host, guest = person(lab_page, homes["a1"]), person(lab_page, homes["a2"], guest=True)
    url = deals(host, lab, homes["a1"],
                f"game=durak&players=2&people=1&guests=1&{NAMES}&seed=20511")
    assert "&ice=" not in url
    took = connects(host, guest, answers(guest, url))
    print(f"\nconnected {took:.2f} s after Connect")
    assert routes(host) == [ROUTE["local"]]
    assert routes(guest) == [ROUTE["local"]]
    assert guest.locator(".nameplate.mine .route").inner_text() == ROUTE["local"]
    assert codes(guest, "#hand [data-card]") == host_session(host).view(GUEST)["hand"]
    play_turns(host, guest, player("durak"), player("durak"), turns=4)
    check_heard(host, guest)
    assert lab.stun_packets() == before, "a page contacted a STUN server nobody allowed"


# No mDNS answer reaches f1 (a response: the header's QR bit set); others' questions do, and
# its answers go out.
NO_MDNS_ANSWERS = """table inet mdns {
  chain in {
    type filter hook input priority filter; policy accept;
    udp sport 5353 @th,80,1 1 drop
  }
}
"""


@pytest.fixture
def unanswered(lab):
    """Two hosts on one network of their own, f1 never finding f2's mDNS name (as when f2's
    first connectivity check comes before the answer to f1's question): f1 learns f2's
    address from f2's checks alone (a peer-reflexive candidate)."""
    lab.home("f", nat="port-restricted")
    f1, f2 = lab.host("f1", "f"), lab.host("f2", "f")
    lab.run(f1, "nft", "-f", "-", input=NO_MDNS_ANSWERS)
    yield f1, f2
    lab.run(f1, "nft", "delete", "table", "inet", "mdns")


def test_one_network_a_guest_found_by_its_checks_alone(lab, lab_page, unanswered):
    f1, f2 = unanswered
    host, guest = person(lab_page, f1), person(lab_page, f2, guest=True)
    url = deals(host, lab, f1, f"game=durak&players=2&people=1&guests=1&{NAMES}&seed=20513")
    connects(host, guest, answers(guest, url))
    assert routes(guest) == [ROUTE["local"]]
    assert routes(host) == [ROUTE["local"]], "the seat of a guest on this very network"
    play_turns(host, guest, player("durak"), player("durak"), turns=2)


def test_two_routers_without_servers_say_why(lab, lab_page, homes):
    """The host's page knows the lab's STUN server (ice= in its address) but nobody allowed
    it: the invite carries no server, nothing reaches a STUN port, and the host is told why
    the pages did not meet."""
    before = lab.stun_packets()
    host, guest = person(lab_page, homes["a1"]), person(lab_page, homes["b1"], guest=True)
    url = deals(host, lab, homes["a1"],
                f"game=durak&players=2&people=1&guests=1&{NAMES}&seed=20512", lab.stun_urls)
    assert "&ice=" not in url
    assert "Friend on another network?" in host.inner_text("#invite")
    answer = answers(guest, url)
    assert not guest.locator("#ice-allow").count()
    why = fails(host, answer)
    assert "neither page used a server" in why
    assert lab.stun_packets() == before, "a page contacted a STUN server nobody allowed"


# --- across the internet: the five games at one table -----------------------------------------

# each game after the first: its tile, the form's choices (labels to click), the deal number
NEXT_GAMES = (
    ("stump", ("opt-players-2",), 30015),
    ("garbage", ("opt-players-2",), 30412),
    ("memory", ("opt-players-2",), 30413),
    ("advantage", (), 30197),
)
# the moves each page makes, by clicking: the host's person, the guest
PLAYERS = {"durak": ("durak", "durak"), "stump": ("stump", "stump"),
           "garbage": ("garbage", "garbage"), "memory": ("memory", "any"),
           "advantage": ("advantage", "advantage")}


def game_title(page) -> str:
    return page.inner_text(".game-title h1")


def next_game(host, guest, game: str, choices, seed: int) -> None:
    """From the game-over panel, as the host's person would: Change game, the game's tile,
    its options (the guest's seat kept by the form), a deal number, Deal. The guest's page
    switches to the new game with no new invite."""
    with redrawn(host):
        host.click("#change-game")
    host.wait_for_selector("#app[data-screen='home']")
    with redrawn(host):
        host.click(f".tile[data-game='{game}']")
    host.wait_for_selector(f".screen.setup[data-game='{game}']")
    for label in choices:
        host.click(f"label[for='{label}']")
    assert host.is_checked("#people-1"), "the form seats more than one person here"
    assert host.is_checked("#guests-1"), "the form keeps no seat for the guest"
    host.fill("#opt-seed", str(seed))
    with redrawn(host):
        host.click("#deal")
    host.wait_for_selector("#app[data-screen='table']")
    assert not host.locator("#invite").count(), "the guest is invited again"
    title = game_title(host)
    guest.wait_for_function(
        "t => document.querySelector('.game-title h1')?.textContent === t "
        "&& !document.getElementById('gameover')", arg=title, timeout=CONNECT_MS)


def forget_heard(guest) -> None:
    """What the guest heard of the last game, forgotten once it has it all (the finished
    deal, sent after the game is over): check_heard reads the next game's alone."""
    guest.wait_for_function(
        "() => __heard.some(t => t.startsWith('{\"v\":2,\"kind\":\"deal\"'))")
    guest.evaluate("() => { __heard.length = 0; __revs.length = 0; }")


def whole_game(host, guest, game: str) -> str:
    """The people's turns to the end, each on their own page, what the guest heard checked as
    it goes and at the end; both pages agree on the result. A line of what it took."""
    seed = host_session(host).seed
    host_move, guest_move = (player(p) for p in PLAYERS[game])
    t0 = time.perf_counter()
    turns = play_turns(host, guest, host_move, guest_move,
                       check=lambda: check_heard(host, guest))
    views = check_heard(host, guest)
    session = host_session(host)
    assert session.game.name == game and session.seed == seed
    assert session.over()
    assert views >= 1
    agree_on_the_result(host, guest, session.result())
    return (f"{game}: {turns} turns by the people, {len(session.state.history)} moves, "
            f"{views} views heard, {time.perf_counter() - t0:.1f} s")


def test_two_routers_through_stun_five_games_at_one_table(lab, lab_page, homes):
    t0 = time.perf_counter()
    before = {home: lab.stun_packets(home) for home in "ab"}
    host, guest = person(lab_page, homes["a1"]), person(lab_page, homes["b1"], guest=True)
    url = deals(host, lab, homes["a1"],
                f"game=durak&players=2&deck=24&people=1&guests=1&{NAMES}&seed=30410",
                (lab.stun_url,))
    assert lab.stun_packets("a") == before["a"], "the STUN server asked before it was allowed"
    url = allows_servers(host)
    assert lab.stun_url in url
    answer = answers(guest, url)
    asked = {home: lab.stun_packets(home) - before[home] for home in "ab"}
    assert all(asked.values()), f"STUN packets from each home once allowed: {asked}"
    took = connects(host, guest, answer)
    print(f"\nconnected {took:.2f} s after Connect")
    assert routes(host) == [ROUTE["internet"]]
    assert routes(guest) == [ROUTE["internet"]]
    lines = [f"boot and connect: {time.perf_counter() - t0:.1f} s"]
    lines.append(whole_game(host, guest, "durak"))
    for game, choices, seed in NEXT_GAMES:
        forget_heard(guest)
        t1 = time.perf_counter()
        next_game(host, guest, game, choices, seed)
        lines.append(f"to {game}: {time.perf_counter() - t1:.1f} s")
        lines.append(whole_game(host, guest, game))
    assert routes(guest) == [ROUTE["internet"]]
    print("\n".join(lines))


# --- symmetric routers ------------------------------------------------------------------------

def test_symmetric_routers_through_stun_say_a_relay_is_needed(lab, lab_page, homes):
    host, guest = person(lab_page, homes["c1"]), person(lab_page, homes["d1"], guest=True)
    deals(host, lab, homes["c1"],
          f"game=durak&players=2&people=1&guests=1&{NAMES}&seed=40511", lab.stun_urls)
    url = allows_servers(host)
    # said on the invite itself: two servers saw this page on two ports
    host.wait_for_selector("#link-why")
    assert "gives every server a new port" in host.inner_text("#link-why")
    assert "only through a relay" in host.inner_text("#link-why")
    answer = answers(guest, url)
    assert "gives every server a new port" in guest.inner_text("#link-why")
    why = fails(host, answer)
    assert "would not let the two pages meet directly" in why
    assert "TURN relay" in why


def test_symmetric_routers_through_the_hosts_relay(lab, lab_page, homes):
    host, guest = person(lab_page, homes["c1"]), person(lab_page, homes["d1"], guest=True)
    relay = turn_text(lab)
    deals(host, lab, homes["c1"],
          f"game=durak&players=2&people=1&guests=1&{NAMES}&seed=40512", (relay,))
    url = allows_servers(host)
    assert relay in url
    assert not host.locator("#link-why").count(), "a relay is set: nothing to warn of"
    answer = answers(guest, url, told="a relay the host chose")
    took = connects(host, guest, answer)
    print(f"\nconnected {took:.2f} s after Connect")
    assert routes(host) == [ROUTE["relay"]]
    assert routes(guest) == [ROUTE["relay"]]
    play_turns(host, guest, player("durak"), player("durak"), turns=4)
    check_heard(host, guest)


# --- three seats, two guests on two networks --------------------------------------------------

def test_two_guests_on_two_other_networks(lab, lab_page, homes):
    host = person(lab_page, homes["a1"])
    boris = person(lab_page, homes["b1"], guest=True)
    vera = person(lab_page, homes["e1"], guest=True)
    deals(host, lab, homes["a1"],
          "game=durak&players=3&people=1&guests=2&names=Ann,Boris,Vera&seed=60511",
          (lab.stun_url,))
    assert "Boris" in host.inner_text("#invite-title")
    url = allows_servers(host)
    connects(host, boris, answers(boris, url), more=True)
    assert "Vera" in host.inner_text("#invite-title")
    url = invite_link(host)
    assert "&ice=" in url, "the next invite carries the servers allowed"
    connects(host, vera, answers(vera, url))
    assert routes(host, 2) == [ROUTE["internet"]] * 2
    assert routes(boris) == routes(vera) == [ROUTE["internet"]]
    pages = {0: host, 1: boris, 2: vera}
    for seat, page in pages.items():
        assert codes(page, "#hand [data-card]") == host_session(host).view(seat)["hand"]
    played = {0: 0, 1: 0, 2: 0}
    move = player("durak")
    for _ in range(40):
        if min(played.values()) >= 2:
            break
        seat = to_act(pages)
        if seat == 0:
            move(host)
        else:
            guest_plays(pages[seat], move)
        played[seat] += 1
    assert min(played.values()) >= 2, f"turns played by each seat: {played}"
    for seat in (1, 2):
        check_heard(host, pages[seat], seat=seat)


def to_act(pages: dict, timeout: float = 30) -> int:
    """The seat whose page is to act."""
    deadline = time.monotonic() + timeout
    while True:
        for seat, page in pages.items():
            if page.evaluate(f"{APP}.dataset.turn") == "you":
                return seat
        assert time.monotonic() < deadline, "nobody is to act"
        pages[0].wait_for_timeout(20)
