"""A lighthouse-style look at the built site in Chromium: installable, works offline, quiet.

    .venv/bin/python bench/audit.py

Serves dist/ on a free localhost port (build.py's handler, Netlify's headers) and, in a fresh
browser context, for the catalogue and two tables:
  - Chromium's own installability verdict (DevTools' Page.getInstallabilityErrors);
  - how long after the first visit's network goes quiet the service worker controls the page
    (it has cached the whole site, Pyodide too), and whether the page then reloads with the
    network off;
  - console errors and CSP violations;
  - the bytes the page itself transfers on a first visit (Pyodide's runtime counted apart).
Prints figures only; never asserts.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.exit("bench/audit.py needs Playwright: run it with .venv/bin/python")

# The pages that register the service worker; rules pages and embeds are served from its cache
# once a visit to one of these has installed it.
PAGES = ["index.html", "play.html?game=kalah", "play.html?game=lostcities"]


def main() -> None:
    build.build(quiet=True)
    server = build.make_server(build.DIST, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                             args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        print(f"{'page':40} {'installable':>12} {'controlled after':>16} {'offline':>8} {'errors':>6} {'own KB':>7} {'pyodide KB':>10}")
        for path in PAGES:
            context = browser.new_context()
            page = context.new_page()
            errors: list[str] = []
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            page.on("pageerror", lambda error: errors.append(str(error)))
            sizes = {"own": 0, "pyodide": 0}

            def count(response, sizes=sizes) -> None:
                body = int(response.headers.get("content-length", 0)) if response.ok else 0
                sizes["pyodide" if "/pyodide/" in response.url else "own"] += body

            page.on("response", count)
            page.set_default_timeout(90_000)
            page.goto(f"{base}/{path}", wait_until="networkidle")
            session = context.new_cdp_session(page)
            installability = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
            reasons = [error["errorId"] for error in installability if error["errorId"] != "in-incognito"]
            began = time.monotonic()
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            controlled = f"{time.monotonic() - began:.1f} s"
            context.set_offline(True)
            try:
                page.reload(wait_until="load")
                offline = "yes"
            except Exception as error:  # noqa: BLE001  a figure to print, not a failure
                offline = f"no ({type(error).__name__})"
            print(f"{path:40} {'yes' if not reasons else ','.join(reasons):>12} {controlled:>16} {offline:>8} "
                  f"{len(errors):>6} {sizes['own'] / 1024:>7.0f} {sizes['pyodide'] / 1024:>10.0f}")
            for error in errors:
                print(f"    console: {error}")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
