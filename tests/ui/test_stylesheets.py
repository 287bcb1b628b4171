"""The stylesheets' endless animations (a target's glow, the acting seat's pulse) change only
what the browser composes without painting: opacity and the transforms. One that changed a
shadow or a colour would have the page paint again every frame for as long as a person
thinks: a core of a phone kept busy at a table where nothing happens."""
from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "css"
COMPOSED = {"opacity", "transform", "translate", "scale", "rotate"}


def keyframes(text: str) -> dict[str, set[str]]:
    """Each @keyframes block's name and the properties its frames set."""
    found = {}
    for m in re.finditer(r"@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}", text):
        found[m.group(1)] = set(re.findall(r"([\w-]+)\s*:", re.sub(r"[^{}]*\{", "", m.group(2))))
    return found


def endless(text: str, names: set[str]) -> set[str]:
    """The animations some rule runs for ever (`infinite` in its animation shorthand)."""
    runs = set()
    for value in re.findall(r"animation\s*:\s*([^;}]+)", text):
        if "infinite" in value:
            runs |= set(re.findall(r"[\w-]+", value)) & names
    return runs


def test_endless_animations_change_only_what_is_composed():
    texts = {path.name: path.read_text(encoding="utf-8") for path in sorted(CSS.glob("*.css"))}
    frames = {}
    for text in texts.values():
        frames.update(keyframes(text))
    forever = set().union(*(endless(text, set(frames)) for text in texts.values()))
    assert {"glow", "think"} <= forever, f"the endless animations were not found: {forever}"
    painted = {name: sorted(frames[name] - COMPOSED) for name in forever
               if frames[name] - COMPOSED}
    assert not painted, f"endless animations that paint every frame: {painted}"


def test_the_reader_sees_what_an_animation_sets():
    text = ("@keyframes a { 50% { box-shadow: 0 0 1px red; } }\n"
            "@keyframes b { from { opacity: 0; transform: none; } to { opacity: 1 } }\n"
            ".x { animation: a 1s ease-in-out infinite; } .y { animation: b .3s both; }")
    assert keyframes(text) == {"a": {"box-shadow"}, "b": {"opacity", "transform"}}
    assert endless(text, {"a", "b"}) == {"a"}
