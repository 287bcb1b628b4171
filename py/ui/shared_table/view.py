"""The screens of a shared table's introductions: the host's invite for a guest who is not at
the table (a link and its QR code, a field for the guest's answer, Connect; for a guest who
went away, a new invite or a computer in their place), and a guest's page answering an invite.

The ids are stable, for host sites and tests: `#invite-link` (the invite's URL, read only),
`#answer-input` (the host pastes the answer), `#connect`, `#answer-code` (the guest's answer,
read only)."""

from __future__ import annotations

from html import escape

from ..i18n import _, p_
from ..model import Guesting, InPlay, Model


def qr_svg(text: str, label: str) -> str:
    """The QR code of `text`, or, offline when the codes were never fetched, a line saying so."""
    try:
        from .. import qr  # in the "share" pack: loaded when a table is first shared
    except ImportError:
        # TRANSLATORS: in place of a QR code, offline, when none was ever shown online
        words = _("The QR code needs a connection once; copy the text instead.")
        return f'<p>{escape(words)}</p>'
    return qr.svg(text, label=label)


def waiting_guest(in_play: InPlay) -> int | None:
    """The first guest not at the table, whose invite the host's page shows."""
    return next((g for g in in_play.guests if in_play.links.get(g) != "here"), None)


def invite_html(model: Model) -> str:
    """The host's dialog for the first guest not at the table."""
    in_play = model.in_play
    seat = waiting_guest(in_play)
    name = str(in_play.names[seat])
    state = in_play.links.get(seat)
    # TRANSLATORS: the host's invite dialog's title; {name} is the guest's name
    title = _("Invite {name}", name=name)
    parts = [f'<h2 id="invite-title">{escape(title)}</h2>']
    if state in ("away", "failed"):
        parts.append(f'<p class="invite-why" role="status">{escape(away_words(in_play, seat))}'
                     f'</p>{away_buttons(seat, name)}')
    elif state == "inviting":
        # TRANSLATORS: the host's invite dialog while the connection offer is being made
        preparing = _("Preparing the invite…")
        parts.append(f'<p role="status">{escape(preparing)}</p>')
    else:
        parts.append(offer_html(in_play, seat, name))
        if model.notice:
            parts.append(f'<p class="invite-why" role="alert">{escape(model.notice)}</p>')
    if state not in ("away", "failed"):
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


def offer_html(in_play: InPlay, seat: int, name: str) -> str:
    url = in_play.invites.get(seat, "")  # the invite link: the offer in the fragment
    connecting = in_play.links.get(seat) == "connecting"
    # TRANSLATORS: the host's invite dialog: what the guest does with the link or QR code
    how = _("{name} opens this link on their own phone or computer (or scans the code), on the "
            "same network as this one; their page then shows an answer to paste below.",
            name=name)
    # TRANSLATORS: the label of the invite link's field
    link = _("Invite link")
    # TRANSLATORS: the label of the field where the host pastes the guest's answer
    answer = _("{name}'s answer", name=name)
    # TRANSLATORS: the text alternative of the invite's QR code
    code_label = _("QR code of the invite link: {url}", url=url)
    copy, go = escape(p_("button", "Copy")), escape(p_("button", "Connect"))
    busy = ' disabled aria-busy="true"' if connecting else ""
    status = ""
    if connecting:
        # TRANSLATORS: the host's invite dialog after Connect, until the guest's page answers
        connecting_words = _("Connecting…")
        status = f'<p role="status">{escape(connecting_words)}</p>'
    return (f'<p>{escape(how)}</p><div class="invite-body"><div class="qr">'
            f'{qr_svg(url, code_label)}</div><div class="invite-fields">'
            f'<label for="invite-link">{escape(link)}</label><div class="copy-row">'
            f'<input id="invite-link" type="text" readonly value="{escape(url)}">'
            f'<button type="button" class="btn small" data-act="copy-field" '
            f'data-arg="invite-link">{copy}</button></div>'
            f'<label for="answer-input">{escape(answer)}</label>'
            f'<textarea id="answer-input" rows="3" spellcheck="false" autocomplete="off">'
            f'</textarea><button type="button" class="btn primary" id="connect" '
            f'data-act="connect" data-arg="{seat}"{busy}>{go}</button>{status}</div></div>')


def away_words(in_play: InPlay, seat: int) -> str:
    name, reason = str(in_play.names[seat]), in_play.reasons.get(seat, "")
    if in_play.links.get(seat) == "away":
        # TRANSLATORS: the host's dialog when a guest's page closed or lost the network; the
        # game waits for them
        return _("{name} has left the table. The game waits: send a new invite, or let a "
                 "computer opponent play in their place.", name=name)
    if reason == "no-candidates":
        # TRANSLATORS: the host's dialog: this device found no network to connect on
        return _("This device is on no network {name} can reach. Join the same Wi-Fi and "
                 "send a new invite.", name=name)
    if reason in ("bad-code", "wrong-version", "used"):
        # TRANSLATORS: the host's dialog: the pasted answer could not be read
        return _("That answer cannot be read: paste all of it, from {name}'s page for this "
                 "invite.", name=name)
    # TRANSLATORS: the host's dialog: the connection could not be made
    return _("Could not connect to {name}. On different networks a STUN server is needed "
             "(Settings); or send a new invite.", name=name)


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
        parts.append(f'<p role="alert">{escape(lost_words(guesting))}</p>')
    elif not guesting.answer:
        # TRANSLATORS: a guest's page while its answer to the invite is being made
        preparing = _("Preparing your answer…")
        parts.append(f'<p role="status">{escape(preparing)}</p>')
    else:
        # TRANSLATORS: a guest's page: what to do with the answer code
        how = _("Give this answer to the host: they paste it on their page (copy it and send "
                "it, or let them scan the code). The table opens here when they connect.")
        # TRANSLATORS: the label of the guest's answer field
        label = _("Your answer")
        # TRANSLATORS: the text alternative of the answer's QR code
        alt = _("QR code of your answer: {code}", code=guesting.answer)
        copy = escape(p_("button", "Copy"))
        parts.append(f'<p>{escape(how)}</p><div class="invite-body"><div class="qr">'
                     f'{qr_svg(guesting.answer, alt)}</div><div class="invite-fields">'
                     f'<label for="answer-code">{escape(label)}</label><div class="copy-row">'
                     f'<textarea id="answer-code" rows="3" readonly>'
                     f'{escape(guesting.answer)}</textarea><button type="button" '
                     f'class="btn small" data-act="copy-field" data-arg="answer-code">{copy}'
                     f'</button></div></div></div>')
    # TRANSLATORS: the home button's name for screen readers; kozyr is the product's name
    home = escape(_("kozyr: back to the games"))
    return (f'<div class="screen join"><header class="topbar"><button type="button" '
            f'class="brand" id="home" data-act="home" aria-label="{home}">k<span>o</span>zyr'
            f'</button></header><main class="join-card panel" '
            f'aria-labelledby="join-title">{"".join(parts)}</main></div>')


def lost_words(guesting: Guesting) -> str:
    """Why this guest is not at the table, in words."""
    if guesting.reason == "no-candidates":
        # TRANSLATORS: a guest's page: the browser found no network to reach the host on
        return _("This device is on no network the host can reach. Join the same Wi-Fi as the "
                 "host and ask for a new invite.")
    if guesting.reason in ("bad-code", "wrong-version"):
        # TRANSLATORS: a guest's page: the invite link was cut short, changed or is old
        return _("This invite cannot be read: it was cut short, changed, or made by another "
                 "version. Ask the host for a new invite.")
    if guesting.status == "lost" and guesting.seat >= 0:
        # TRANSLATORS: a guest's page: the connection to the host's page broke
        return _("The connection to the host was lost. Ask the host for a new invite to "
                 "return to your seat.")
    # TRANSLATORS: a guest's page: the connection to the host could not be made
    return _("Could not connect to the host. On different networks a STUN server is needed "
             "(the host's Settings); otherwise ask the host for a new invite.")
