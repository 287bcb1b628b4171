"""The words and controls that move a code between the two pages: how the guest's answer
comes back to the host (by a message, or the host's camera), a code's Share (where the
browser has a share sheet) and Copy, and the host's camera view (`#scan-video`,
`#scan-cancel`; the button that opens it is `#scan`)."""

from __future__ import annotations

from html import escape

from ..i18n import _, p_


def back_words(name: str, can) -> str:
    """How the guest's answer comes back to the host's page."""
    if "scan" in can:
        # TRANSLATORS: the host's invite dialog, above the answer field; "Scan the answer" is
        # the button's name
        return _("Then ask {name} to send you the answer their page shows, through a message "
                 "app: paste it below and press Connect. Or, beside you, press Scan the "
                 "answer and point this device's camera at the QR code on their page.",
                 name=name)
    # TRANSLATORS: the host's invite dialog, above the answer field
    return _("Then ask {name} to send you the answer their page shows, through a message "
             "app: paste it below and press Connect.", name=name)


def code_buttons(field: str, share_name: str, can) -> str:
    """A code's Share (where the browser has a share sheet) and Copy."""
    copy = escape(p_("button", "Copy"))
    share = ""
    if "share" in can:
        # TRANSLATORS: the button that hands a code (the invite link, the guest's answer) to
        # the system's share menu
        words = p_("share a code", "Share")
        share = (f'<button type="button" class="btn primary" id="share-{field}" data-first '
                 f'data-act="share-field" data-arg="{field}" aria-label="{escape(share_name)}">'
                 f'{escape(words)}</button>')
    return (f'<div class="code-actions">{share}<button type="button" class="btn small" '
            f'data-act="copy-field" data-arg="{field}">{copy}</button></div>')


def scan_html(name: str) -> str:
    """The camera view over the invite: what it shows, what to do, Cancel."""
    # TRANSLATORS: the heading of the host's camera view; {name} is the guest's name
    title = _("Scan {name}'s answer", name=name)
    # TRANSLATORS: the host's camera view: what to do
    how = _("Point this device's camera at the QR code on {name}'s page. It connects as soon "
            "as the code is read.", name=name)
    # TRANSLATORS: the name of the host's camera view, for screen readers
    picture = _("The camera's picture")
    cancel = escape(p_("button", "Cancel"))
    return (f'<section class="scan" aria-labelledby="scan-title"><h3 id="scan-title">'
            f'{escape(title)}</h3><p id="scan-how" role="status">{escape(how)}</p>'
            f'<video id="scan-video" muted playsinline autoplay aria-label="{escape(picture)}">'
            f'</video><div class="code-actions"><button type="button" class="btn" '
            f'id="scan-cancel" data-act="scan-cancel" data-first>{cancel}</button></div>'
            f'</section>')


def answer_words(can) -> str:
    """A guest's page: how its answer gets back to the host."""
    if "share" in can:
        # TRANSLATORS: a guest's page: what to do with the answer code; Share and "Scan the
        # answer" are buttons' names
        return _("Send this answer back to the host: press Share and choose a message app "
                 "(or copy it into a message). Or, if the host is beside you and their page "
                 "offers Scan the answer, hold this QR code up to their camera. The table "
                 "opens here as soon as they connect.")
    # TRANSLATORS: a guest's page: what to do with the answer code; "Scan the answer" is a
    # button's name
    return _("Send this answer back to the host: copy it and paste it into a message, in any "
             "message app. Or, if the host is beside you and their page offers Scan the "
             "answer, hold this QR code up to their camera. The table opens here as soon as "
             "they connect.")
