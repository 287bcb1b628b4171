"""The lab proves itself with rtc.js alone: a real data channel carries a message, or does not,
between pages on one network and behind two home routers, with the ICE servers a page was
given. Two port-restricted routers connect only when both sides ask a STUN server (srflx), two
symmetric ones only through TURN (relay); with no server given, nothing goes to a STUN port."""
from __future__ import annotations

import time

import pytest

SETUP = """async () => {
  window.rtc = await import("./rtc.js");
  window.peers = {};
  window.heard = {};
  window.track = (name, peer) => {
    peers[name] = peer;
    const log = heard[name] = {states: [], messages: []};
    peer.onstate = (state) => log.states.push(state);
    peer.onmessage = (text) => log.messages.push(text);
  };
}"""
INVITE = """async ([name, options]) => {
  const {code, peer} = await rtc.createInvite(options);
  track(name, peer);
  return code;
}"""
ACCEPT = """async ([name, code, options]) => {
  const {code: answer, peer} = await rtc.acceptInvite(code, options);
  track(name, peer);
  return answer;
}"""
ANSWER = """async ([name, code, options]) => {
  await rtc.acceptAnswer(peers[name], code, options);
}"""
SETTLED = "(name) => ['open', 'closed', 'failed'].includes(peers[name].state)"
# the candidate types of the pair the connection chose
SELECTED = """async (name) => {
  const stats = await peers[name].pc.getStats();
  let pair = null;
  stats.forEach((s) => {
    if (s.type === "transport" && s.selectedCandidatePairId) {
      pair = stats.get(s.selectedCandidatePairId);
    }
  });
  if (!pair) return null;
  return [stats.get(pair.localCandidateId).candidateType,
          stats.get(pair.remoteCandidateId).candidateType];
}"""
# A channel that can open here opens within a fraction of a second: a case that should connect
# gets OPEN_MS (room for a busy machine), one that should not is given up after FAIL_MS.
# Chromium alone gives up on two symmetric NATs after about 15 s, and never when it has no pair
# of candidates to try (no servers across two routers): rtc.js's own timeout ends that wait.
OPEN_MS = 15000
FAIL_MS = 5000


def bare(page, origin: str) -> None:
    """A blank page of the host's origin, rtc.js imported into it from that host's server."""
    page.route(origin + "blank.html", lambda route: route.fulfill(
        content_type="text/html", body="<!doctype html><link rel=icon href='data:,'>"))
    page.goto(origin + "blank.html")
    page.evaluate(SETUP)


def link(lab, lab_page, host_at, guest_at, host_servers=(), guest_servers=(), wait_ms=OPEN_MS):
    """Pages in two hosts meet by hand, each with its own iceServers, both giving up after
    wait_ms. Returns the two pages, each peer's end state ([state, reason]), and the seconds
    from the answer taken to both settled."""
    host, guest = lab_page(host_at), lab_page(guest_at)
    bare(host, lab.origin(host_at))
    bare(guest, lab.origin(guest_at))
    invite = host.evaluate(INVITE, ["host", {"iceServers": list(host_servers)}])
    answer = guest.evaluate(ACCEPT, ["guest", invite, {"iceServers": list(guest_servers),
                                                       "waitMs": wait_ms}])
    t0 = time.perf_counter()
    host.evaluate(ANSWER, ["host", answer, {"timeoutMs": wait_ms}])
    host.wait_for_function(SETTLED, arg="host", timeout=wait_ms + 5000)
    guest.wait_for_function(SETTLED, arg="guest", timeout=wait_ms + 5000)
    took = time.perf_counter() - t0
    states = (host.evaluate("[peers.host.state, peers.host.reason]"),
              guest.evaluate("[peers.guest.state, peers.guest.reason]"))
    print(f"\n{host_at.name} ({host_at.home.nat}) -> {guest_at.name} ({guest_at.home.nat}): "
          f"{states} after {took:.2f} s")
    return host, guest, states, took


def talks(host, guest) -> None:
    """One message each way over the open channel."""
    host.evaluate("peers.host.send('hello guest')")
    guest.evaluate("peers.guest.send('hello host')")
    guest.wait_for_function("heard.guest.messages.length === 1", timeout=5000)
    host.wait_for_function("heard.host.messages.length === 1", timeout=5000)
    assert guest.evaluate("heard.guest.messages") == ["hello guest"]
    assert host.evaluate("heard.host.messages") == ["hello host"]


def selected(page, name: str) -> list[str]:
    pair = page.evaluate(SELECTED, name)
    print(f"{name}'s selected pair: {pair}")
    return pair


def close(*pages) -> None:
    for page, name in zip(pages, ("host", "guest")):
        page.evaluate(f"peers.{name}.close()")


@pytest.fixture(scope="module")
def homes(lab):
    """Two hosts on one home network, one host behind each of three other routers."""
    lab.home("a", nat="port-restricted")
    lab.home("b", nat="port-restricted")
    lab.home("c", nat="symmetric")
    lab.home("d", nat="symmetric")
    return {name: lab.host(name, name[0]) for name in ("a1", "a2", "b1", "c1", "d1")}


def test_same_network_without_servers(lab, lab_page, homes):
    host, guest, states, took = link(lab, lab_page, homes["a1"], homes["a2"])
    assert states == (["open", None], ["open", None])
    talks(host, guest)
    # the other side's mDNS name resolved, or its first check came before it did
    local, remote = selected(host, "host")
    assert local == "host" and remote in ("host", "prflx")
    close(host, guest)


def test_port_restricted_routers_without_servers_do_not_meet(lab, lab_page, homes):
    before = lab.stun_packets()
    host, guest, states, took = link(lab, lab_page, homes["a1"], homes["b1"], wait_ms=FAIL_MS)
    assert states[0][0] == "failed" and states[1][0] == "failed"
    assert lab.stun_packets() == before


def test_port_restricted_routers_meet_through_stun(lab, lab_page, homes):
    stun = [{"urls": lab.stun_url}]
    host, guest, states, took = link(lab, lab_page, homes["a1"], homes["b1"], stun, stun)
    assert states == (["open", None], ["open", None])
    talks(host, guest)
    for page, name in ((host, "host"), (guest, "guest")):
        local, remote = selected(page, name)
        assert local == "srflx" and remote in ("srflx", "prflx")
    close(host, guest)


def test_symmetric_routers_do_not_meet_through_stun(lab, lab_page, homes):
    stun = [{"urls": lab.stun_url}]
    host, guest, states, took = link(lab, lab_page, homes["c1"], homes["d1"], stun, stun, FAIL_MS)
    assert states[0][0] == "failed" and states[1][0] == "failed"


def test_symmetric_routers_meet_through_turn(lab, lab_page, homes):
    servers = [{"urls": lab.stun_url}, lab.turn()]
    host, guest, states, took = link(lab, lab_page, homes["c1"], homes["d1"], servers, servers)
    assert states == (["open", None], ["open", None])
    talks(host, guest)
    assert "relay" in selected(host, "host")
    assert "relay" in selected(guest, "guest")
    close(host, guest)


def test_no_server_given_no_packet_to_a_stun_port(lab, lab_page, homes):
    """Without consent (no iceServers) a page sends nothing to a STUN port; the counter does
    count such packets (the same invite with a STUN server)."""
    page = lab_page(homes["b1"])
    bare(page, lab.origin(homes["b1"]))
    before = lab.stun_packets("b")
    page.evaluate(INVITE, ["plain", {"iceServers": []}])
    page.evaluate("peers.plain.close()")
    assert lab.stun_packets("b") == before
    page.evaluate(INVITE, ["stun", {"iceServers": [{"urls": lab.stun_url}]}])
    page.evaluate("peers.stun.close()")
    assert lab.stun_packets("b") > before
