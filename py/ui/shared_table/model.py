"""The state of a table shared between browsers: the host's guests and their connections
(`Sharing`, which outlives a deal: the same people stay for the next game), and a guest's
page (`Guesting`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sharing:
    """On the host's page: each guest seat's connection, by seat (and, on every page, what
    the browser can do with the codes: `can`). A link is "inviting" (its
    offer being made), "invited" (the invite shown), "connecting", "here", "away" (it was
    here and went), or "failed". The seats that are guests in the deal at the table are the
    deal's own (`InPlay.guests`); a connection outlives the deal it began in."""

    links: dict[int, str] = field(default_factory=dict)
    invites: dict[int, str] = field(default_factory=dict)  # each open invite's link
    reasons: dict[int, str] = field(default_factory=dict)  # why a link failed (ice.diagnosis)
    routes: dict[int, str] = field(default_factory=dict)  # how each open link goes
    nat: str = ""  # "symmetric": the last invite saw that this network needs a relay
    servers: tuple[str, ...] = ()  # the servers the open invites were made with
    # what this browser can do with the codes (on a guest's page too): "share" (the system's
    # share sheet, navigator.share), "scan" (the camera reads a QR code: BarcodeDetector)
    can: frozenset[str] = frozenset()
    scanning: int = -1  # the seat whose answer the camera is reading (-1: the camera is off)
    answers: dict[int, str] = field(default_factory=dict)  # answers the camera read, by seat

    def here(self) -> tuple[int, ...]:
        return tuple(s for s, state in self.links.items() if state == "here")

    def reading(self) -> int:
        """The seat whose answer the camera reads now (-1: none): its invite still waits."""
        waits = "scan" in self.can and self.links.get(self.scanning) == "invited"
        return self.scanning if waits else -1


@dataclass(frozen=True)
class Guesting:
    """This page is a guest at a table another browser holds."""

    seat: int = -1  # its seat, once the host said (-1 before)
    game: str = ""
    names: tuple = ()  # every seat's name as this page words it (Look.names)
    # asking (the invite's servers wait for the person's consent) | joining (the answer is
    # shown) | here | lost
    status: str = "joining"
    reason: str = ""  # why the connection could not be made or broke (ice.diagnosis)
    answer: str = ""  # the answer code to give the host
    deal: dict | None = None  # the whole deal, once the game is over and the host sent it
    log: tuple = ()  # the game's log as the host sent it so far (views come without it)
    code: str = ""  # the invite's code, kept while the person is asked about its servers
    servers: tuple[str, ...] = ()  # the servers the host's invite carries (written forms)
    used: tuple[str, ...] = ()  # those this page answered with (none without consent)
    nat: str = ""  # "symmetric": this network needs a relay
    route: str = ""  # how the open link to the host goes (local | internet | relay)
    dealt: int = 0  # the host's number of the deal at the table, as its last "seat" said
    shown: int = 0  # the host's number of the deal this page shows
    # the table state last told to the host (its own look, in Memory), with the number of the
    # deal at this page it was told in (a new deal tells it again)
    told: tuple[int, str] = (0, "")
