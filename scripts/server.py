#!/usr/bin/env python3
"""A small static file server for dist/, with the MIME types the page needs
(application/wasm, text/javascript for .mjs), optionally under a sub-path.

    python3 scripts/server.py [--dir dist] [--port 8000] [--prefix /games/kozyr/]

Tests import `start(root, prefix)` to run one on a free port in a thread.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    quiet = False

    def send_head(self):
        # serve the directory under `prefix`; anything outside it is a 404
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.prefix):
            if clean + "/" == self.prefix:
                self.send_response(301)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            self.send_error(404, "outside the served prefix")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def end_headers(self) -> None:
        # a service worker script must always be revalidated
        if self.path.split("?", 1)[0].endswith("/sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        # a browser that closes a connection mid-response (page closed, reload) is normal
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
                quiet: bool = True) -> Server:
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    handler = type("KozyrHandler", (Handler,), {"prefix": prefix, "quiet": quiet})
    server = Server((host, port), functools.partial(handler, directory=str(root)))
    server.prefix = prefix
    return server


def start(root: Path, prefix: str = "/", host: str = "127.0.0.1") -> tuple[Server, str]:
    """Serve `root` in a daemon thread on a free port; returns (server, base URL)."""
    server = make_server(root, host, 0, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{server.prefix}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built site.")
    ap.add_argument("--dir", type=Path, default=ROOT / "dist")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/", help="serve under this sub-path, e.g. /games/kozyr/")
    a = ap.parse_args(argv)
    if not (a.dir / "index.html").is_file():
        print(f"{a.dir} has no index.html: build first (python3 scripts/build.py)", file=sys.stderr)
        return 1
    server = make_server(a.dir.resolve(), a.host, a.port, a.prefix, quiet=False)
    prefix = server.prefix
    print(f"kozyr: serving {a.dir} on http://{a.host}:{a.port}{prefix}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
