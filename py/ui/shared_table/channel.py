"""The data channels of a table shared between browsers, for the shell: rtc.js (imported the
first time a shared table needs it, with the "share" pack of QR codes: packs/) does the
WebRTC; this turns its events into messages and the model's wishes into its calls.

On the host's page, what happens is derived from the model after every message, like the
opponents' turns: a guest's seat marked "inviting" gets an offer made; every guest "here" is
sent `remote.host.outgoing` when it differs from what it was sent last. The effects of
`remote.talk` (ToGuest, ToHost, AcceptAnswer, AnswerInvite; ShareOut, by devices.py) are
carried out here.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import to_js  # the page's bridge: this module runs only in the page

from ..model import Model
from ..packs import Need
from . import host, ice, talk, wire
from .devices import Devices
from .mirror import Mirror

EFFECTS = (talk.ToGuest, talk.ToHost, talk.AcceptAnswer, talk.AnswerInvite, talk.ShareOut)
WORDS = ("no-webrtc", "bad-code", "wrong-version", "no-candidates", "used", "closed",
         "timeout", "ice-failed", "too-big")


def word_of(exc: Exception) -> str:
    """rtc.js's machine word in a rejection (or "failed")."""
    text = str(exc)
    return next((w for w in WORDS if w in text), "failed")


class Links:
    def __init__(self, shell):
        self.shell = shell
        self.rtc = None  # the rtc.js module, once imported
        self.peers: dict[int, object] = {}  # the host's peer of each guest seat
        self.making: set[int] = set()  # seats whose offer is being made
        self.sent: dict[int, str] = {}  # what each guest was sent last
        self.known: dict[int, list] = {}  # the log each guest has
        self.to_host = None  # a guest's peer
        self.devices = Devices(shell, self)  # the share sheet and the camera

    async def module(self):
        if self.rtc is None:
            # (an import is resolved against the running script's address, the runtime's,
            # so the page's own address makes it absolute)
            self.rtc = await self.shell.win.eval(
                "import(new URL('./rtc.js', document.baseURI).href)")
            # the invite's and the answer's QR codes: their pack, fetched with it (offline
            # and never fetched, they show their text alone)
            await self.shell.run(Need(("share",)))
        return self.rtc

    def options(self, texts):
        """rtc.js's options: the servers of these written forms (none: one network only)."""
        servers = [s.rtc() for s in ice.servers(texts)]
        return to_js({"iceServers": servers}, dict_converter=self.shell.win.Object.fromEntries)

    async def route(self, peer, said, mine) -> None:
        """How the open connection goes, once its pair is chosen: said(route)."""
        word = ice.route_of(str(await peer.route()), mine, [str(k) for k in peer.remoteKinds])
        if word:
            said(word)

    # --- the host ---------------------------------------------------------------------------
    def subscribe(self, model: Model) -> None:
        self.devices.watch(model)
        for seat in [s for s in self.peers if s not in model.sharing.links]:
            self.send(self.peers[seat], wire.encode("bye"))  # a seat the new deal has not
            self.peers.pop(seat).close()
        in_play = model.in_play
        if in_play is None or not in_play.guests or isinstance(in_play.session, Mirror):
            return
        for seat in in_play.guests:
            state = model.sharing.links.get(seat)
            if state == "inviting" and seat not in self.making:
                self.making.add(seat)
                asyncio.ensure_future(self.invite(seat, model))
            elif state == "here":
                self.bring(model, seat)

    def bring(self, model: Model, seat: int) -> None:
        """Send the guest in `seat` what it lacks of the table now, if anything: the table as
        it would be sent to a guest that has the whole log tells whether it changed."""
        log = model.in_play.session.view(seat)["log"]
        steady = host.outgoing(model, seat, log)
        if steady is None or steady == self.sent.get(seat):
            return
        for text in host.outgoing(model, seat, self.known.get(seat, ())):
            self.send(self.peers.get(seat), text)
        self.sent[seat], self.known[seat] = steady, log

    async def invite(self, seat: int, model: Model) -> None:
        texts = host.servers_for(model)
        try:
            rtc = await self.module()
            made = await rtc.createInvite(self.options(texts))
        except Exception as exc:
            self.shell.dispatch(talk.LinkFailed(seat, word_of(exc)))
            return
        finally:
            self.making.discard(seat)
        old = self.peers.get(seat)
        self.peers[seat] = peer = made.peer  # first: the old one's "closed" is then an old peer's
        if old is not None:
            old.close()
        self.sent.pop(seat, None)
        mine, nat = [str(k) for k in made.kinds], str(made.nat or "")
        peer.onmessage = self.shell.keep(lambda text: self.shell.dispatch(
            talk.GuestSaid(seat, text if isinstance(text, str) else None)))
        peer.onstate = self.shell.keep(
            lambda state: self.guest_state(seat, peer, str(state), mine, nat))
        url = self.shell.address() + ice.fragment(str(made.code), texts)
        self.shell.dispatch(talk.InviteMade(seat, url, nat, tuple(texts)))

    def guest_state(self, seat: int, peer, state: str, mine: list, nat: str) -> None:
        if self.peers.get(seat) is not peer:
            return  # an older invite's peer
        if state == "open":  # a new page: it has nothing yet
            self.sent.pop(seat, None)
            self.known.pop(seat, None)
            self.shell.dispatch(talk.GuestJoined(seat))
            asyncio.ensure_future(self.route(peer, lambda word: self.shell.dispatch(
                talk.LinkRoute(seat, word)), mine))
        elif state in ("closed", "failed"):
            theirs = [str(k) for k in peer.remoteKinds]
            self.shell.dispatch(talk.LinkFailed(seat, ice.diagnosis(
                str(peer.reason or state), mine, theirs, nat)))

    async def accept(self, seat: int, answer: str) -> None:
        try:
            await (await self.module()).acceptAnswer(self.peers[seat], answer)
        except Exception as exc:
            self.shell.dispatch(talk.LinkFailed(seat, word_of(exc)))

    # --- a guest ----------------------------------------------------------------------------
    async def join(self, code: str, texts) -> None:
        try:
            made = await (await self.module()).acceptInvite(code, self.options(texts))
        except Exception as exc:
            self.shell.dispatch(talk.HostLost(word_of(exc)))
            return
        self.to_host = peer = made.peer
        mine, nat = [str(k) for k in made.kinds], str(made.nat or "")
        peer.onmessage = self.shell.keep(lambda text: self.shell.dispatch(talk.HostSaid(text)))
        peer.onstate = self.shell.keep(lambda state: self.host_state(peer, str(state), mine, nat))
        self.shell.dispatch(talk.AnswerMade(str(made.code), nat))

    def host_state(self, peer, state: str, mine: list, nat: str) -> None:
        if state == "open":
            self.send(peer, wire.encode("hello", lang=self.shell.model.lang))
            asyncio.ensure_future(self.route(peer, lambda word: self.shell.dispatch(
                talk.HostRoute(word)), mine))
        elif state in ("closed", "failed"):
            theirs = [str(k) for k in peer.remoteKinds]
            self.shell.dispatch(talk.HostLost(ice.diagnosis(str(peer.reason or state), mine,
                                                            theirs, nat)))

    # --- effects ----------------------------------------------------------------------------
    def run(self, effect) -> None:
        """Carry out one of remote.talk's effects (EFFECTS)."""
        kind, model = type(effect), self.shell.model
        if kind is talk.ToGuest:
            self.send(self.peers.get(effect.seat), effect.text)
        elif kind is talk.ToHost:
            self.send(self.to_host, effect.text)
        elif kind is talk.AcceptAnswer:
            asyncio.ensure_future(self.accept(effect.seat, effect.answer))
        elif kind is talk.AnswerInvite:
            asyncio.ensure_future(self.join(effect.code, effect.servers))
        elif kind is talk.ShareOut:
            self.devices.share(effect.field)

    @staticmethod
    def send(peer, text: str) -> None:
        if peer is None:
            return
        try:
            peer.send(text)
        except Exception:
            pass  # a channel closing: its state change says so
