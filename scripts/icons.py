"""The app's icons and web app manifest, made at build time from one SVG (assets/icons/kozyr.svg).

The site keeps the source's layout: the icons go to assets/icons/ in the built site, beside
the SVG they are drawn from, and the manifest to its top level (the page links it there).

    assets/icons/kozyr.svg            the favicon itself (browsers that take SVG icons)
    assets/icons/icon-32.png          the favicon for the others
    assets/icons/apple-touch-icon.png 180 px, opaque (iOS adds its own corners)
    assets/icons/icon-192.png         the manifest's icons ("any")
    assets/icons/icon-512.png         also the manifest's "maskable" icon: the SVG is full-bleed
                                      felt and keeps what matters inside the central 80% circle,
                                      so the same file serves (listed twice, once per purpose)
    manifest.webmanifest              start_url and scope "./": right at a site root and under
                                      a sub-path; the icons' paths are relative to it
"""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = "assets/icons"  # in the source and in the built site alike
SOURCE = ROOT / ICONS / "kozyr.svg"
SIZES = {"icon-32.png": 32, "apple-touch-icon.png": 180, "icon-192.png": 192,
         "icon-512.png": 512}
THEME, BACKGROUND = "#0d5130", "#0a3f25"  # the felt (index.html's theme-color) and its edge


def manifest() -> dict:
    return {
        "name": "kozyr – card table",
        "short_name": "kozyr",
        "description": "Durak and other card games against computer opponents, in your browser. "
                       "Works offline.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "categories": ["games"],
        "icons": [
            {"src": f"{ICONS}/icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": f"{ICONS}/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": f"{ICONS}/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
            {"src": f"{ICONS}/kozyr.svg", "sizes": "any", "type": "image/svg+xml",
             "purpose": "any"},
        ],
    }


def render(size: int) -> bytes:
    """The SVG as a PNG of size × size (resvg: no browser, no system library)."""
    import resvg_py  # a build-time tool only: scripts/setup installs it

    return bytes(resvg_py.svg_to_bytes(svg_path=str(SOURCE), width=size, height=size,
                                       skip_system_fonts=True))


def write(out: Path) -> list[Path]:
    """Write the icons and the manifest into the site `out`; the files written."""
    icons = out / ICONS
    icons.mkdir(parents=True, exist_ok=True)
    written = [icons / "kozyr.svg"]
    written[0].write_bytes(SOURCE.read_bytes())
    for name, size in SIZES.items():
        (icons / name).write_bytes(render(size))
        written.append(icons / name)
    path = out / "manifest.webmanifest"
    path.write_text(json.dumps(manifest(), ensure_ascii=False, indent=2) + "\n", "utf-8")
    written.append(path)
    return written
