"""The screens of a shared table's introductions: the host's invite for a guest who is not at
the table (a link and its QR code, a field for the guest's answer, Connect; for a guest who
went away, a new invite or a computer in their place), and a guest's page answering an invite.

The ids are stable, for host sites and tests: `#invite-link` (the invite's URL, read only),
`#answer-input` (the host pastes the answer), `#connect`, `#answer-code` (the guest's answer,
read only), `#ice-allow` and `#ice-deny` (the answer to "Friend on another network?"),
`#link-why` (why a connection cannot be made, in words)."""

from __future__ import annotations

from html import escape

from ..i18n import _, p_
from ..model import Model
from . import ice
from .codes_view import answer_words, back_words, code_buttons, scan_html
from .model import Guesting



def qr_svg(text: str, label: str) -> str:
    """The QR code of `text`, or, offline when the codes were never fetched, a line saying so."""
    try:
        from . import qr  # in the "share" pack: loaded when a table is first shared
    except ImportError:
        # TRANSLATORS: in place of a QR code, offline, when none was ever shown online
        words = _("The QR code needs a connection once; copy the text instead.")
        return f'<p>{escape(words)}</p>'
    return qr.svg(text, label=label)


def waiting_guest(model: Model) -> int | None:
    """The first guest not at the table, whose invite the host's page shows."""
    if model.in_play is None:
        return None
    links = model.sharing.links
    return next((g for g in model.in_play.guests if links.get(g) != "here"), None)


def invite_html(model: Model) -> str:
    """The host's dialog for the first guest not at the table."""
    in_play = model.in_play
    seat = waiting_guest(model)
    name = str(in_play.names[seat])
    state = model.sharing.links.get(seat)
    # TRANSLATORS: the host's invite dialog's title; {name} is the guest's name
    title = _("Invite {name}", name=name)
    first = ' tabindex="-1" data-first' if state == "inviting" else ""  # (not a way out)
    parts = [f'<h2 id="invite-title"{first}>{escape(title)}</h2>']
    scanning = model.sharing.reading() == seat
    if scanning:
        parts.append(scan_html(name))
    elif state in ("away", "failed"):
        parts.append(f'<p class="invite-why" id="link-why" role="status">'
                     f'{escape(away_words(model, seat))}'
                     f'</p>{away_buttons(seat, name)}')
    elif state == "inviting":
        # TRANSLATORS: the host's invite dialog while the connection offer is being made
        preparing = _("Preparing the invite…")
        parts.append(f'<p role="status">{escape(preparing)}</p>')
    else:
        parts.append(offer_html(model, seat, name))
        parts.append(across_html(model))
        if model.notice:
            parts.append(f'<p class="invite-why" role="alert">{escape(model.notice)}</p>')
    if state not in ("away", "failed") and not scanning:
        parts.append(ways_out(seat))
    return (f'<div class="overlay invite" id="invite" role="dialog" aria-modal="true" '
            f'aria-labelledby="invite-title"><div class="panel invite-panel">'
            f'{"".join(parts)}</div></div>')


def ways_out(seat: int) -> str:
    """While an invite waits: a computer in the guest's seat, the settings (a STUN server),
    or the games."""
    # TRANSLATORS: the host's invite dialog: the button that gives the guest's seat to a computer
    computer = escape(p_("button", "A computer plays instead"))
    return (f'<div class="panel-actions invite-out"><button type="button" class="btn ghost" '
            f'id="give-seat" data-act="give-seat" data-arg="{seat}">{computer}</button>'
            f'<button type="button" class="btn ghost" data-act="settings">'
            f'{escape(p_("button", "Settings"))}</button><button type="button" '
            f'class="btn ghost" data-act="home">{escape(_("Games"))}</button></div>')


def offer_html(model: Model, seat: int, name: str) -> str:
    sharing = model.sharing
    url = sharing.invites.get(seat, "")  # the invite link: the offer in the fragment
    connecting = sharing.links.get(seat) == "connecting"
    if sharing.servers:
        # TRANSLATORS: the host's invite dialog, when the invite carries servers to connect
        # across networks
        how = _("{name} opens this link on their own phone or computer (or scans the code), "
                "on this network or another; their page then shows an answer to paste below.",
                name=name)
    else:
        # TRANSLATORS: the host's invite dialog: what the guest does with the link or QR code
        how = _("{name} opens this link on their own phone or computer (or scans the code), on "
                "the same network as this one; their page then shows an answer to paste below.",
                name=name)
    # TRANSLATORS: the label of the invite link's field
    link = _("Invite link")
    # TRANSLATORS: the label of the field where the host pastes the guest's answer
    answer = _("{name}'s answer", name=name)
    # TRANSLATORS: the text alternative of the invite's QR code
    code_label = _("QR code of the invite link: {url}", url=url)
    go = escape(p_("button", "Connect"))
    busy = ' disabled aria-busy="true"' if connecting else ""
    status = ""
    if connecting:
        # TRANSLATORS: the host's invite dialog after Connect, until the guest's page answers
        connecting_words = _("Connecting…")
        status = f'<p role="status">{escape(connecting_words)}</p>'
    can = sharing.can
    # TRANSLATORS: the name of the Share button beside the invite link, for screen readers
    shared = code_buttons("invite-link", _("Share the invite link"), can)
    # the first step has the focus: sending the link (where it can be shared: a phone), else
    # Connect (a computer's invite is scanned by the guest's phone; the answer comes back)
    first = "" if "share" in can else " data-first"
    scan = ""
    if "scan" in can:
        # TRANSLATORS: the host's invite dialog: the button that opens the camera to read the
        # QR code on the guest's page
        scan_words = escape(p_("button", "Scan the answer"))
        scan = (f'<button type="button" class="btn" id="scan" data-act="scan" '
                f'data-arg="{seat}"{" disabled" if connecting else ""}>{scan_words}</button>')
    return (f'<p>{escape(how)}</p>{relay_warning(sharing.nat, sharing.servers)}'
            f'<div class="invite-body"><div class="qr">'
            f'{qr_svg(url, code_label)}</div><div class="invite-fields">'
            f'<label for="invite-link">{escape(link)}</label>'
            f'<input id="invite-link" type="text" readonly value="{escape(url)}">{shared}'
            f'<p class="invite-step">{escape(back_words(name, can))}</p>'
            f'<label for="answer-input">{escape(answer)}</label>'
            f'<textarea id="answer-input" rows="3" spellcheck="false" autocomplete="off">'
            f'{escape(sharing.answers.get(seat, ""))}</textarea><div class="code-actions">'
            f'<button type="button" class="btn primary" id="connect" data-act="connect" '
            f'data-arg="{seat}"{busy}{first}>{go}</button>{scan}</div>{status}</div></div>')


def waiting_words(model: Model) -> str:
    """The table's prompt behind an open invite: what it waits for (not whose turn it is:
    nobody plays until the guest is here); "" when no invite waits."""
    seat = waiting_guest(model)
    if seat is None or model.in_play.session.over():
        return ""
    # TRANSLATORS: the table's prompt behind the host's invite; {name} is the guest's name
    return _("Waiting for {name} to join…", name=str(model.in_play.names[seat]))


def away_words(model: Model, seat: int) -> str:
    name, reason = str(model.in_play.names[seat]), model.sharing.reasons.get(seat, "")
    if model.sharing.links.get(seat) == "away":
        # TRANSLATORS: the host's dialog when a guest's page closed or lost the network; the
        # game waits for them
        return _("{name} has left the table. The game waits: send a new invite, or let a "
                 "computer opponent play in their place.", name=name)
    if reason in ("bad-code", "wrong-version", "used"):
        # TRANSLATORS: the host's dialog: the pasted answer could not be read
        return _("That answer cannot be read: paste all of it, from {name}'s page for this "
                 "invite.", name=name)
    return why_words(reason, name)


def routes(model: Model) -> dict[int, str]:
    """How each linked seat's connection goes, in words: on the host's page its guests',
    on a guest's page its own."""
    if model.guesting is not None:
        route = model.guesting.route
        return {model.guesting.seat: route_words(route)} if route else {}
    return {s: route_words(r) for s, r in model.sharing.routes.items()
            if model.sharing.links.get(s) == "here"}


def route_words(route: str) -> str:
    if route == "local":
        # TRANSLATORS: under a shared table's seat: its connection stays on this network
        return _("on this network")
    if route == "relay":
        # TRANSLATORS: under a shared table's seat: its connection goes through a TURN relay
        return _("through a relay")
    # TRANSLATORS: under a shared table's seat: its connection crosses the internet directly
    return _("across the internet")


def why_words(reason: str, who: str) -> str:
    """Why a connection with `who` was not made (ice.diagnosis's word), and what to do."""
    if reason == "no-webrtc":
        # TRANSLATORS: a shared table in a browser without WebRTC (turned off, or an app's
        # built-in browser)
        return _("This browser cannot make direct connections (WebRTC is missing or turned "
                 "off), so it cannot share a table. Open kozyr in Chrome, Firefox or Safari.")
    if reason == "no-candidates":
        # TRANSLATORS: a shared table: this device found no network at all
        return _("This device is on no network: connect it to Wi-Fi or mobile data, then "
                 "try again.")
    if reason == "no-servers":
        # TRANSLATORS: a shared table: neither page used a server, and they are on different
        # networks; {who} is the other person ("the host" on a guest's page)
        return _("Could not reach {who}: you are not on the same network, and neither page "
                 "used a server to cross between networks. Allow the servers (Friend on "
                 "another network?) and try again.", who=who)
    if reason == "their-network":
        # TRANSLATORS: a shared table: the other page used no server; {who} is the other person
        return _("{who}'s page offered only addresses on its own network: on another "
                 "network, {who} must allow the servers when the page asks (or in Settings), "
                 "then try again.", who=who)
    if reason == "our-network":
        # TRANSLATORS: a shared table: this page used no server; {who} is the other person
        return _("This page offered only addresses on this network, and {who} is on another: "
                 "allow the servers (Friend on another network?) and try again.", who=who)
    if reason == "needs-relay":
        # TRANSLATORS: a shared table: both pages used STUN, yet the routers kept them apart
        # (a symmetric NAT, as on most mobile networks)
        return _("The networks would not let the two pages meet directly: one of them gives "
                 "every server a new port (as most mobile networks do). Use the same Wi-Fi, "
                 "a phone's hotspot, or add a TURN relay in Settings.")
    if reason == "relay-failed":
        # TRANSLATORS: a shared table: even the TURN relay did not connect
        return _("Even the relay did not connect: check the TURN server's address, username "
                 "and credential in Settings, then try again.")
    # TRANSLATORS: a shared table: the connection could not be made or timed out; {who} is
    # the other person
    return _("Could not connect to {who}. Try again; on different networks, allow the servers "
             "(Friend on another network?).", who=who)


def relay_warning(nat: str, texts) -> str:
    """Said before a guest even answers: this network needs a relay, and none is set."""
    used = ice.servers(texts)  # (a page that contacted no server cannot have seen it)
    if nat != "symmetric" or not used or any(s.relay for s in used):
        return ""
    # TRANSLATORS: a shared table: two STUN servers saw this device on different public ports
    # (a symmetric NAT: only a relay crosses it)
    words = _("This network gives every server a new port (as most mobile networks do): a "
              "friend on another network can connect only through a relay. Use the same "
              "Wi-Fi, a phone's hotspot, or add a TURN relay in Settings.")
    return f'<p class="invite-why" id="link-why" role="status">{escape(words)}</p>'


def servers_html(texts, chosen_by_host: bool = False) -> str:
    """The servers a person is asked about, each named with what it learns."""
    items = []
    for server in ice.servers(texts):
        if server.relay and chosen_by_host:
            # TRANSLATORS: a TURN server the host's invite carries; {host} is its address
            what = _("{host}: a relay the host chose; the game's messages pass through it, "
                     "encrypted", host=server.host)
        elif server.relay:
            # TRANSLATORS: a TURN server of this device's settings; {host} is its address
            what = _("{host}: a relay; the game's messages pass through it, encrypted",
                     host=server.host)
        else:
            # TRANSLATORS: a STUN server; {host} is its address
            what = _("{host}: learns this device's public IP address", host=server.host)
        items.append(f"<li>{escape(what)}</li>")
    return f'<ul class="ice-servers">{"".join(items)}</ul>'


def across_html(model: Model) -> str:
    """The host's invite: "Friend on another network?", while this device's answer is to
    be asked and there are servers to ask about."""
    if model.prefs.across != "ask" or not model.prefs.ice:
        return ""
    # TRANSLATORS: the host's invite dialog: the question about servers across networks
    title = _("Friend on another network?")
    # TRANSLATORS: the host's invite dialog, under "Friend on another network?"
    what = _("To connect across the internet this page contacts these servers. No game data "
             "passes through a STUN server. Your answer is remembered on this device "
             "(Settings).")
    return (f'<section class="ice-ask" aria-labelledby="ice-ask-title"><h3 id="ice-ask-title">'
            f'{escape(title)}</h3><p>{escape(what)}</p>{servers_html(model.prefs.ice)}'
            f'{ice_buttons()}</section>')


def ice_buttons() -> str:
    # TRANSLATORS: the answer "yes" to "Friend on another network?": contact the servers
    allow = escape(p_("button", "Use the servers"))
    # TRANSLATORS: the answer "no" to "Friend on another network?"
    deny = escape(p_("button", "Same network only"))
    return (f'<div class="panel-actions"><button type="button" class="btn primary" '
            f'id="ice-allow" data-act="ice-allow">{allow}</button><button type="button" '
            f'class="btn" id="ice-deny" data-act="ice-deny">{deny}</button></div>')


def away_buttons(seat: int, name: str) -> str:
    # TRANSLATORS: the host's dialog: the button that makes a new invite for the guest
    again = escape(p_("button", "New invite"))
    # TRANSLATORS: the host's dialog: the button that gives the guest's seat to a computer
    computer = escape(p_("button", "A computer plays instead"))
    return (f'<div class="panel-actions"><button type="button" class="btn primary" '
            f'id="reinvite" data-act="reinvite" data-arg="{seat}">{again}</button>'
            f'<button type="button" class="btn" id="give-seat" data-act="give-seat" '
            f'data-arg="{seat}">{computer}</button></div>')


def join_html(model: Model) -> str:
    """A guest's page: its answer to give the host, then the wait for the table."""
    guesting = model.guesting
    # TRANSLATORS: the title of a guest's page before the table opens
    title = _("Joining a table")
    parts = [f'<h1 id="join-title">{escape(title)}</h1>']
    if guesting.status == "lost":
        parts.append(f'<p role="alert" id="link-why">{escape(lost_words(guesting))}</p>')
    elif guesting.status == "asking":
        # TRANSLATORS: a guest's page: the invite carries servers to connect across networks
        ask = _("Friend on another network?")
        # TRANSLATORS: a guest's page, under "Friend on another network?"
        what = _("The host's invite connects across the internet through these servers. No "
                 "game data passes through a STUN server. Your answer is remembered on this "
                 "device (Settings).")
        parts.append(f'<section class="ice-ask" aria-labelledby="ice-ask-title">'
                     f'<h2 id="ice-ask-title">{escape(ask)}</h2><p>{escape(what)}</p>'
                     f'{servers_html(guesting.servers, chosen_by_host=True)}{ice_buttons()}'
                     f'</section>')
    elif not guesting.answer:
        # TRANSLATORS: a guest's page while its answer to the invite is being made
        preparing = _("Preparing your answer…")
        parts.append(f'<p role="status">{escape(preparing)}</p>')
    else:
        # TRANSLATORS: the label of the guest's answer field
        label = _("Your answer")
        # TRANSLATORS: the text alternative of the answer's QR code
        alt = _("QR code of your answer: {code}", code=guesting.answer)
        # TRANSLATORS: the name of the Share button beside the guest's answer, for screen
        # readers
        shared = code_buttons("answer-code", _("Share your answer"), model.sharing.can)
        said = (f'<p class="invite-why" role="alert">{escape(model.notice)}</p>'
                if model.notice else "")
        parts.append(f'<p>{escape(answer_words(model.sharing.can))}</p>'
                     f'{relay_warning(guesting.nat, guesting.used)}'
                     f'<div class="invite-body"><div class="qr">'
                     f'{qr_svg(guesting.answer, alt)}</div><div class="invite-fields">'
                     f'<label for="answer-code">{escape(label)}</label>'
                     f'<textarea id="answer-code" rows="3" readonly>'
                     f'{escape(guesting.answer)}</textarea>{shared}{said}</div></div>')
    # TRANSLATORS: the home button's name for screen readers; kozyr is the product's name
    home = escape(_("kozyr: back to the games"))
    return (f'<div class="screen join"><header class="topbar"><button type="button" '
            f'class="brand" id="home" data-act="home" aria-label="{home}">k<span>o</span>zyr'
            f'</button></header><main class="join-card panel" '
            f'aria-labelledby="join-title">{"".join(parts)}</main></div>')


def lost_words(guesting: Guesting) -> str:
    """Why this guest is not at the table, in words."""
    if guesting.reason in ("bad-code", "wrong-version"):
        # TRANSLATORS: a guest's page: the invite link was cut short, changed or is old
        return _("This invite cannot be read: it was cut short, changed, or made by another "
                 "version. Ask the host for a new invite.")
    if guesting.status == "lost" and guesting.seat >= 0:
        # TRANSLATORS: a guest's page: the connection to the host's page broke
        return _("The connection to the host was lost. Ask the host for a new invite to "
                 "return to your seat.")
    # TRANSLATORS: a guest's page: who "the other person" is in the reasons a connection
    # was not made
    why = why_words(guesting.reason, _("the host"))
    if guesting.reason == "no-webrtc":
        return why
    # TRANSLATORS: a guest's page, after why the connection was not made
    ask = _("Ask the host for a new invite.")
    return f"{why} {ask}"
