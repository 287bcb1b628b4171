"""The games' rules pages, Markdown to HTML at build time (markdown-it-py, CommonMark + tables).

Sources: py/kozyr/rules/<game>.md (English) and py/kozyr/rules/<lang>/<game>.md (the other
languages). The page ships the HTML (ui/rules/<lang>/<game>.html in the Python zip) and shows
it in its rules sheet, whose own title is an <h2>: a page's `#` becomes <h3>, `##` <h4>.

    python3 scripts/rules_pages.py OUT_DIR     writes OUT_DIR/<lang>/<game>.html
"""
from __future__ import annotations

import sys
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "py" / "kozyr" / "rules"
ENGLISH = "en"
HEADING_SHIFT = 2  # `#` is the sheet's first heading under its <h2> title


def sources() -> dict[tuple[str, str], Path]:
    """(language, game) -> its Markdown file, for every page there is."""
    pages = {(ENGLISH, p.stem): p for p in sorted(SOURCES.glob("*.md"))}
    for folder in sorted(d for d in SOURCES.iterdir() if d.is_dir()):
        pages.update({(folder.name, p.stem): p for p in sorted(folder.glob("*.md"))})
    return pages


def to_html(markdown: str) -> str:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    tokens = md.parse(markdown)
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1]) + HEADING_SHIFT)}"
    return md.renderer.render(tokens, md.options, {})


def write_all(out: Path) -> list[Path]:
    """Render every page into out/<lang>/<game>.html; the files written."""
    written = []
    for (lang, game), src in sources().items():
        target = out / lang / f"{game}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(to_html(src.read_text("utf-8")), "utf-8")
        written.append(target)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    for path in write_all(Path(sys.argv[1])):
        print(path)
