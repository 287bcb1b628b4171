"""The README and docs/ hold together: every relative link in README.md and docs/*.md (markdown
`[text](target)`, reference definitions `[ref]: target`, and `<a href>` / `<img src>`) leads to
a file of the repository that a clone has (not a git-ignored one such as dist/), a fragment into
a markdown file names one of its headings, every page of docs/ is linked from somewhere, and the
README stays short enough to read in five minutes."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 250

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'(][^)]*)?\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$")
HTML = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']*)[\"']", re.I)
HTML_ID = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose_lines(text: str, spans: bool = False) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, with inline code spans blanked (kept with
    `spans`)."""
    out, fenced = [], None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if fence:
            if fenced is None:
                fenced = fence.group(1)
            elif fence.group(1) == fenced:
                fenced = None
            continue
        if fenced is None:
            out.append((number, line if spans else CODE_SPAN.sub("code", line)))
    return out


def links(path: Path) -> list[tuple[int, str]]:
    """(line number, target) of every link in a markdown file."""
    found = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for pattern in (INLINE, REFERENCE, HTML):
            found += [(number, m.group(1)) for m in pattern.finditer(line)]
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without markup, lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"<[^>]+>", "", text) if "`" not in heading else text
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every fragment a link may name in a markdown file: its headings' slugs (repeated ones
    numbered as GitHub numbers them) and the ids of its HTML elements."""
    text = path.read_text(encoding="utf-8")
    seen: dict[str, int] = {}
    out = set()
    for _, line in prose_lines(text, spans=True):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
        out.update(HTML_ID.findall(line))
    return out


def ignored(root: Path, paths: list[Path]) -> set[Path]:
    """The paths git ignores (a clone does not have them); none where root is not a checkout."""
    if not paths or not (root / ".git").exists() or not shutil.which("git"):
        return set()
    names = "\n".join(str(p.relative_to(root)) for p in paths)
    done = subprocess.run(["git", "-C", str(root), "check-ignore", "--stdin"], input=names,
                          capture_output=True, text=True)
    return {root / line for line in done.stdout.splitlines() if line}


def broken(path: Path, root: Path) -> list[str]:
    """What is wrong with the links of one markdown file, one line each:
    "file:line: target: why"."""
    problems, targets = [], []
    for number, target in links(path):
        where = f"{path.relative_to(root)}:{number}: {target or '(empty)'}"
        if SCHEME.match(target) or target.startswith("//"):
            continue  # http:, https:, mailto:: not a file of the repository
        if not target:
            problems.append(f"{where}: empty link")
            continue
        file_part, _, fragment = target.partition("#")
        file_part = unquote(file_part)
        if not file_part:
            dest = path.resolve()
        elif file_part.startswith("/"):
            dest = (root / file_part.lstrip("/")).resolve()
        else:
            dest = (path.parent / file_part).resolve()
        if not dest.is_relative_to(root.resolve()):
            problems.append(f"{where}: outside the repository")
            continue
        if not dest.exists():
            problems.append(f"{where}: no such file")
            continue
        targets.append((where, dest))
        if fragment and dest.suffix == ".md" and unquote(fragment).lower() not in anchors(dest):
            page = dest.relative_to(root.resolve())
            problems.append(f"{where}: no heading #{fragment} in {page}")
    gone = ignored(root.resolve(), [dest for _, dest in targets])
    problems += [f"{where}: git-ignored, not in a clone" for where, dest in targets if dest in gone]
    return problems


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    assert not broken(path, ROOT), "\n".join(broken(path, ROOT))


def test_every_page_of_the_docs_is_linked_from_somewhere():
    linked = set()
    for path in documents():
        for _, target in links(path):
            file_part = unquote(target.partition("#")[0])
            if file_part and not SCHEME.match(target):
                linked.add((path.parent / file_part).resolve())
    orphans = [p.name for p in documents()[1:] if p.resolve() not in linked]
    assert not orphans, f"pages of docs/ no page links to: {orphans}"


def test_the_readme_is_short():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; at most {README_MAX_LINES}"


def test_the_check_reports_broken_links_and_only_those(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text(
        "# Other page\n\n## The engine's `protocol`\n\n<a id=\"kept\"></a>\n\n"
        "## Again\n\n## Again\n")
    (tmp_path / "pic.png").write_bytes(b"\x89PNG")
    page = tmp_path / "docs" / "page.md"
    page.write_text("\n".join([
        "# Page",
        "",
        "## Set up",
        "",
        "Good: [other](other.md), [a heading](other.md#the-engines-protocol),",
        "[an id](other.md#kept), [the second Again](other.md#again-1), [here](#set-up),",
        "[up](../pic.png), ![picture](../pic.png \"title\"), <img src=\"../pic.png\">,",
        "[web](https://example.org/missing.md), <mailto:someone@example.org>.",
        "Bad: [gone](missing.md), [no heading](other.md#no-such-heading),",
        "<a href=\"../nowhere.html\">nowhere</a>, [self](#nothing-here),",
        "[out](../../../etc/passwd).",
        "",
        "[ref]: lost.md",
        "",
        "In code it does not count: `[x](not-a-file.md)`",
        "",
        "```md",
        "[y](not-a-file-either.md)",
        "## Not a heading",
        "```",
    ]) + "\n")
    problems = broken(page, tmp_path)
    reported = sorted(p.split(": ")[1] for p in problems)
    assert reported == sorted(["missing.md", "other.md#no-such-heading", "../nowhere.html",
                               "#nothing-here", "../../../etc/passwd", "lost.md"]), problems
    assert all(p.startswith("docs/page.md:") for p in problems)
    assert "not-a-heading" not in anchors(page)


def test_slugs_follow_githubs_rules():
    assert slug("The engine's protocol") == "the-engines-protocol"
    assert slug("Undo, hints, statistics, deal numbers, settings") == \
        "undo-hints-statistics-deal-numbers-settings"
    assert slug("`<kozyr-table>`") == "kozyr-table"
    assert slug("`kozyr analyse`") == "kozyr-analyse"
    assert slug("Play it — **now**") == "play-it--now"
