"""The parts of the page's Python it loads when first used, not as it opens ("packs").

The page opens with kozyr's zip: what a first deal needs, in English. The rest comes in packs,
each a zip of its own beside it (scripts/build.py splits them off and lists them in
`packs.json`, in the zip): each language's catalogue and rules pages ("ru", "fr", ...), the
English rules pages ("rules"), the replay's screen and its analysis ("replay"), the shared
table's QR codes ("share"). The language the page speaks as it opens comes with the zip
(index.html fetches it beside it); the others are fetched the first time they are needed.

A message that needs a pack not yet here waits for it: `update` answers it with `Need(packs,
then=message)`, the shell fetches and mounts them and sends `Loaded` (or `Missing`, offline,
when a pack was never fetched), and `update` handles the message then. The model knows which
packs are here (`Model.packs`).

Mounting a pack writes its zip to the in-memory file system and puts it where Python finds
it: the directories of its modules join their packages' `__path__` (zipimport imports from a
path inside a zip in place), and its data files (catalogues, rules pages) are read by
`shipped`, from the zip that holds them.
"""

from __future__ import annotations

import importlib
import json
import zipimport
from pathlib import Path

from ..messages import Message

HOME = Path(__file__).parent.parent  # ui/: in the page, /home/pyodide/kozyr.zip/ui
MOUNTED_AT = "/home/pyodide"  # where the page writes each pack's zip (and kozyr's)
_mounted: dict[str, zipimport.zipimporter] = {}  # pack -> the importer of its zip
_manifest: dict[str, dict] | None = None


class Need(Message):
    """An effect: fetch and mount these packs, then send `Loaded(packs, then)` (or
    `Missing(packs, then)` if one cannot be had)."""

    packs: tuple[str, ...]
    then: object = None  # the message that waits for them (None: none)


class Loaded(Message):
    """The packs are mounted: the message that waited for them goes on."""

    packs: tuple[str, ...]
    then: object = None


class Missing(Message):
    """A pack could not be fetched (offline, and never fetched before)."""

    packs: tuple[str, ...]
    then: object = None


class Speak(Message):
    """Speak `lang` for this visit (the language the page opened in, once its words are here);
    unlike the switch, it is not remembered as the player's choice."""

    lang: str


class ReplayLink(Message):
    """Open the replay of a link (replay= in the address), once the replay's pack is here."""

    text: str


def shipped(path: Path) -> bytes:
    """A data file of the package: from the disk, or, in the page, from the runtime's zip that
    holds the package (the file system cannot open a path inside it; its importer can), or
    from a mounted pack that holds it."""
    try:
        return path.read_bytes()
    except OSError:
        loader = __spec__.loader if __spec__ else None
        if loader is None or not hasattr(loader, "get_data"):
            raise
        try:
            return loader.get_data(str(path))
        except OSError:
            return from_packs(path)


def from_packs(path: Path) -> bytes:
    """A data file that lies in a mounted pack (path: as it would lie beside this package)."""
    if not path.is_relative_to(HOME):
        raise FileNotFoundError(path)
    rel = Path(HOME.name, path.relative_to(HOME)).as_posix()  # ui/locale/ru/...
    for importer in _mounted.values():
        try:
            return importer.get_data(rel)
        except OSError:
            continue
    raise FileNotFoundError(path)


def manifest() -> dict[str, dict]:
    """The packs of this build: {pack: {"file": its URL relative to the page, "extends": the
    packages its modules join}}; none outside the page (every file is on the disk)."""
    global _manifest
    if _manifest is None:
        try:
            _manifest = json.loads(shipped(HOME / "packs.json"))
        except OSError:
            _manifest = {}
    return _manifest


def url(pack: str) -> str:
    """Where the page fetches the pack from, relative to the page."""
    return manifest()[pack]["file"]


def mount(pack: str, data: bytes) -> None:
    """The pack's zip written to the file system and put where Python finds its modules and
    `shipped` its data files."""
    if pack in _mounted:
        return
    path = f"{MOUNTED_AT}/{pack}.zip"
    with open(path, "wb") as out:
        out.write(data)
    for package in manifest().get(pack, {}).get("extends", ()):
        module = importlib.import_module(package.replace("/", "."))
        module.__path__.append(f"{path}/{package}")
    importlib.invalidate_caches()
    _mounted[pack] = zipimport.zipimporter(path)


def mounted() -> frozenset[str]:
    """The packs mounted so far."""
    return frozenset(_mounted)
