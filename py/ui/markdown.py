"""Just enough Markdown for the games' rules pages: headings, paragraphs, lists, emphasis."""

from __future__ import annotations

import re
from html import escape

_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_CODE = re.compile(r"`([^`]+)`")


def inline(text: str) -> str:
    out = escape(text, quote=False)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    return _EM.sub(r"<em>\1</em>", out)


def to_html(md: str, top: int = 2) -> str:
    """Markdown to HTML; `# ` becomes <h{top}>, `## ` <h{top+1}> and so on."""
    html: list[str] = []
    para: list[str] = []
    items: list[str] = []

    def flush_para() -> None:
        if para:
            html.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()

    def flush_list() -> None:
        if items:
            html.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush_para()
            flush_list()
            continue
        heading = re.match(r"(#{1,4})\s+(.*)", stripped)
        if heading and not raw.startswith(" "):
            flush_para()
            flush_list()
            level = min(6, top + len(heading.group(1)) - 1)
            html.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif re.match(r"[-*]\s+", stripped) and not (items and raw.startswith("    ")):
            flush_para()
            items.append(re.sub(r"^[-*]\s+", "", stripped))
        elif items and raw.startswith(" "):
            items[-1] += " " + stripped  # a list item's continuation line
        else:
            flush_list()
            para.append(stripped)
    flush_para()
    flush_list()
    return "".join(html)
