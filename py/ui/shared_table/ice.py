"""The servers a shared table may contact to connect across networks, and what the page says
when a connection cannot be made.

A server is written as the settings, the address (`ice=`) and an invite carry it:
`stun:HOST[:PORT]`, or for a relay `turn:USER:CREDENTIAL@HOST[:PORT][?transport=udp|tcp]`
(also `turns:`), the user and credential percent-encoded. A TURN server always takes a
username and a credential; RTCPeerConnection takes them beside the address (`rtc`).

No server is contacted unless the person agreed (`Prefs.across`: ask, allow, never): STUN
servers learn this device's public address and nothing of the game; a relay carries the
game's messages, encrypted end to end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

from ..i18n import N_

# two independent public STUN operators, so that one being down leaves the other, and so
# that a router that maps each destination anew (a symmetric NAT) shows itself
DEFAULTS = ("stun:stun.cloudflare.com:3478", "stun:stun.l.google.com:19302")
CONSENTS = ("ask", "allow", "never")
MOST = 4  # servers an invite may carry
# TRANSLATORS: a server that is not one (Settings, the address's ice=); keep stun: and turn:
NOT_A_SERVER = N_("{text} is not a server: each starts with stun: or turn:.")
# TRANSLATORS: a TURN server written without its username and credential; keep the example
NO_CREDENTIAL = N_("{text}: a TURN server needs a username and a credential: "
                   "turn:USER:CREDENTIAL@HOST:PORT.")
# TRANSLATORS: a STUN server written with a username (only TURN servers take one)
NO_USER = N_("{text}: only a TURN server takes a username and a credential.")
HOST = re.compile(r"^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)$")


@dataclass(frozen=True)
class Server:
    url: str  # as RTCPeerConnection takes it: scheme:host[:port][?transport=…]
    username: str = ""
    credential: str = ""

    @property
    def relay(self) -> bool:
        return self.url.startswith("turn")

    @property
    def host(self) -> str:
        """The server's host name, as a person is told whom the page contacts."""
        rest = self.url.split(":", 1)[1].split("?", 1)[0]
        return rest if rest.endswith("]") or ":" not in rest else rest.rsplit(":", 1)[0]

    def text(self) -> str:
        """Its written form (the user and credential percent-encoded)."""
        if not self.relay:
            return self.url
        scheme, rest = self.url.split(":", 1)
        return (f"{scheme}:{quote(self.username, safe='')}:{quote(self.credential, safe='')}"
                f"@{rest}")

    def rtc(self) -> dict:
        """As RTCPeerConnection's iceServers take it."""
        if not self.relay:
            return {"urls": self.url}
        return {"urls": self.url, "username": self.username, "credential": self.credential}


class BadServer(ValueError):
    """A server's written form that is not one; its message is a message id (i18n)."""


def parse(text: str) -> Server:
    """The server `text` writes, or BadServer saying what is wrong with it."""
    text = str(text).strip()
    scheme, colon, rest = text.partition(":")
    if not colon or scheme.lower() not in ("stun", "stuns", "turn", "turns") or len(text) > 300:
        raise BadServer(NOT_A_SERVER)
    scheme = scheme.lower()
    user = credential = ""
    if "@" in rest:
        if not scheme.startswith("turn"):
            raise BadServer(NO_USER)
        who, rest = rest.rsplit("@", 1)
        user, _, credential = who.partition(":")
        user, credential = unquote(user), unquote(credential)
    elif scheme.startswith("turn"):
        raise BadServer(NO_CREDENTIAL)
    if scheme.startswith("turn") and not (user and credential):
        raise BadServer(NO_CREDENTIAL)
    address, _, query = rest.partition("?")
    if query and not (scheme.startswith("turn") and query in ("transport=udp", "transport=tcp")):
        raise BadServer(NOT_A_SERVER)
    host, port = address, ""
    if address.startswith("[") and "]:" in address:  # [IPv6]:port
        host, port = address.rsplit(":", 1)
    elif not address.startswith("[") and address.count(":") == 1:
        host, port = address.split(":")
    if not HOST.match(host) or port and not (port.isdigit() and 0 < int(port) < 65536):
        raise BadServer(NOT_A_SERVER)
    return Server(f"{scheme}:{address}{'?' + query if query else ''}", user, credential)


def valid(text: str) -> bool:
    try:
        parse(text)
    except BadServer:
        return False
    return True


def servers(texts) -> tuple[Server, ...]:
    """The servers of the written forms that are servers, each once, at most MOST."""
    out: list[Server] = []
    for text in texts:
        try:
            server = parse(text)
        except BadServer:
            continue
        if server not in out:
            out.append(server)
    return tuple(out[:MOST])


# --- in an invite's fragment: #join=CODE&ice=SERVER,SERVER -----------------------------------

def fragment(code: str, texts) -> str:
    """An invite's fragment: the offer's code, and the servers it was made with."""
    carried = ",".join(s.text() for s in servers(texts))  # (written forms are url-safe)
    return f"#join={code}" + (f"&ice={carried}" if carried else "")


def read_fragment(text: str) -> tuple[str, tuple[str, ...]] | None:
    """An invite's code and the written forms of its servers (None: not an invite)."""
    if not text.startswith("#join="):
        return None
    code, _, rest = text[len("#join="):].partition("&")
    carried: tuple[str, ...] = ()
    for part in rest.split("&"):
        if part.startswith("ice="):
            carried = tuple(s.text() for s in servers(part[len("ice="):].split(",")))
    return code, carried


# --- why a connection was not made ------------------------------------------------------------

def diagnosis(reason: str, mine=(), theirs=(), nat: str = "") -> str:
    """rtc.js's word for a failed connection, made precise by what each side's code held
    (`mine`, `theirs`: candidate types) and this network's NAT: the word the page explains.

    "no-servers": neither side contacted a server, so only one network could connect;
    "their-network": the other side offered only addresses on its own network (it contacted
    no server); "our-network": this side did; "needs-relay": both sides had public addresses
    but the routers would not let them meet (a symmetric NAT); "relay-failed": even the
    relay did not connect."""
    if reason not in ("ice-failed", "timeout") or not theirs:
        return reason  # no answer yet, or a word that says it all
    public = {"srflx", "prflx", "relay"}
    if "relay" in mine or "relay" in theirs:
        return "relay-failed"
    if not public & set(theirs) and not public & set(mine):
        return "no-servers"
    if not public & set(theirs):
        return "their-network"
    if not public & set(mine):
        return "our-network"
    return "needs-relay" if nat == "symmetric" or reason == "ice-failed" else reason


def route_of(word: str, mine=(), theirs=()) -> str:
    """rtc.js's word for how an open connection goes, if it is one. A pair it calls
    "internet" between codes that held no public address is on this network: a peer-reflexive
    candidate, learnt from a check that came before the other's mDNS name was found."""
    public = {"srflx", "relay"}
    if word == "internet" and not public & (set(mine) | set(theirs)):
        return "local"
    return word if word in ("local", "internet", "relay") else ""
