"""Local web servers for the browser tests, each on a free port of 127.0.0.1."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator


def serving(server: http.server.HTTPServer) -> Iterator[str]:
    """Serves in a background thread while the generator is open; yields the server's origin."""
    threading.Thread(target=server.serve_forever, name="test-server", daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def other_site() -> Iterator[tuple[str, dict[str, str]]]:
    """Another origin: (its origin, its pages by path as HTML, for the test to fill in)."""
    pages: dict[str, str] = {}

    class Pages(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write((body or "").encode())

        def log_message(self, *args: object) -> None:
            pass

    for origin in serving(http.server.ThreadingHTTPServer(("127.0.0.1", 0), Pages)):
        yield origin, pages
