"""Preview a built site locally (``heroes site serve``): a plain HTTP server bound to
the loopback interface, serving only the site folder."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from builder.errors import UsageError


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files of one folder; logs one short line per request."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib signature)
        print(f"{self.address_string()} {format % args}")


def make_server(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server for ``folder``; port 0 picks a free port."""
    folder = Path(folder)
    if not (folder / "index.html").is_file():
        raise UsageError(f"{folder} holds no site (no index.html); run 'heroes site build -o {folder}' first")
    handler = functools.partial(QuietHandler, directory=str(folder.resolve()))
    try:
        return ThreadingHTTPServer((host, port), handler)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
