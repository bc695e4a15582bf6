"""The site as an offline web app (web/sw.js, web/pwa.js, web/manifest.webmanifest).

Offline: one visit to the catalogue, then the server is stopped and the browser set offline;
the catalogue reloads, and every registered game starts and takes a few moves by clicking.
Every answer after that must come from the service worker: nothing else could answer.

Updates: a page in the middle of a game learns of a new build, shows the update bar and goes
on as it was until the player clicks Reload. An install that cannot fetch every file of its
build leaves nothing behind that could be served.

Each test has its own server (for its own changed copy of dist/, or to take it away).
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import socketserver
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from table import START_MS, move_list, new_game, open_table, ply, wait_for_ply, wait_for_turn
from test_browser_games import click_something
from test_browser_start import started, stored_snapshot

import build
from pygames_core import games

MOVES = 3  # clicks that play a move, per game
PYODIDE_BIG_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
PRECACHE_LIMIT = 2 * 1024 * 1024  # Workbox's default maximumFileSizeToCacheInBytes

# Functions, not expressions: the site's CSP has no 'unsafe-eval' for Playwright.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHED = """async () => {
  const found = {};
  for (const name of (await caches.keys()).filter((name) => name.startsWith('pygames-'))) { // sw.js's, not the snapshot's
    const cache = await caches.open(name);
    found[name] = {};
    for (const request of await cache.keys()) {
      found[name][request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
  }
  return found;
}"""
WORKERS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return {active: registration?.active?.state ?? null, waiting: registration?.waiting?.state ?? null};
}"""


class HangUp(socketserver.BaseRequestHandler):
    """Closes every connection unanswered, as a host that is gone."""

    def handle(self) -> None:
        pass


@contextmanager
def serving(directory: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """A server for `directory`: its URL, and a function that makes it answer nothing. It keeps
    its port, so no later test's server can take the port and answer in its place."""
    server = build.make_server(directory, port=0)
    threading.Thread(target=server.serve_forever, name="offline-test-server", daemon=True).start()

    def hang_up() -> None:
        server.RequestHandlerClass = HangUp

    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", hang_up
    finally:
        server.shutdown()
        server.server_close()


def precached_files(site: Path) -> set[str]:
    """Every file of the built site but sw.js itself."""
    return {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()} - {"sw.js"}


def cache_name(site: Path) -> str:
    return "pygames-" + json.loads((site / "manifest.json").read_text())["build"]


# ----------------------------------------------------------------------------------- offline

class Offline:
    """The shared offline browser: one page, the URL of a server that answers nothing, and what
    the page and its worker saw since going offline. The service worker's own requests (the
    browser looking for a new sw.js) are left out: they may fail offline."""

    def __init__(self, page: Page, url: str) -> None:
        self.page, self.url = page, url
        self.cached: dict[str, dict[str, int]] = {}  # cache name -> URL -> bytes, before going offline
        self.errors: list[str] = []
        self.responses: list[tuple[str, bool]] = []  # (URL, from the service worker)
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.context.on("requestfailed", lambda request: None if request.service_worker
                        else self.errors.append(f"failed: {request.url}"))

    def watch_responses(self) -> None:
        self.page.context.on("response", lambda response: None if response.request.service_worker
                             else self.responses.append((response.url, response.from_service_worker)))


@pytest.fixture(scope="module")
def offline(browser: Browser, built_site: Path) -> Iterator[Offline]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(START_MS)
    with serving(built_site) as (url, hang_up):
        offline = Offline(page, url)
        page.goto(f"{url}/index.html")
        page.wait_for_function(CONTROLLED)  # sw.js has cached every file and claimed the page
        offline.cached = page.evaluate(CACHED)
        hang_up()
        context.set_offline(True)
        offline.watch_responses()
        yield offline
        context.close()


@pytest.fixture
def offline_page(offline: Offline) -> Iterator[Page]:
    offline.errors.clear()
    offline.responses.clear()
    yield offline.page
    assert offline.errors == []
    assert offline.responses, "no response was seen"
    assert [url for url, from_service_worker in offline.responses if not from_service_worker] == []


@pytest.mark.browser
def test_every_file_is_precached_pyodide_included(offline: Offline, built_site: Path) -> None:
    cached = offline.cached
    assert list(cached) == [cache_name(built_site)]  # one cache, named by the build's content hash
    files = {url.removeprefix(offline.url + "/"): size for url, size in cached[cache_name(built_site)].items()}
    assert set(files) == precached_files(built_site)
    for name, size in files.items():
        assert size == (built_site / name).stat().st_size, name
    pyodide = json.loads((built_site / "manifest.json").read_text())["pyodide"]
    for name in PYODIDE_BIG_FILES:
        assert files[pyodide + name] > PRECACHE_LIMIT, name  # the files that precache limits leave out


@pytest.mark.browser
def test_the_catalogue_reloads_offline(offline_page: Page, offline: Offline) -> None:
    offline_page.reload()
    expect(offline_page.locator(".catalogue [data-game]")).to_have_count(len(games()))
    offline_page.goto(f"{offline.url}/")  # the site's root is index.html, as on the server
    expect(offline_page.locator(".catalogue [data-game]")).to_have_count(len(games()))


@pytest.mark.browser
def test_chromium_finds_the_site_installable(offline: Offline) -> None:
    session = offline.page.context.new_cdp_session(offline.page)
    assert session.send("Page.getAppManifest")["errors"] == []
    found = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {error["errorId"] for error in found} <= {"in-incognito"}  # Playwright's contexts are private


@pytest.mark.browser
@pytest.mark.parametrize("game", [info.id for info in games()])
def test_every_game_plays_offline(offline_page: Page, offline: Offline, game: str) -> None:
    info = next(info for info in games() if info.id == game)
    open_table(offline_page, offline.url, game)  # play.html?game=ID: the query does not miss the cache
    state = new_game(offline_page, ["human"] * info.min_players)
    chooser = random.Random(game)
    played = 0
    while played < MOVES and state != "over":
        before = str(ply(offline_page))
        if click_something(offline_page, chooser):
            played += 1
            state = wait_for_turn(offline_page, before)
    assert played == MOVES or state == "over"
    assert len(move_list(offline_page)) == ply(offline_page) >= played


@pytest.mark.browser
def test_offline_a_table_boots_python_from_the_snapshot(offline_page: Page, offline: Offline) -> None:
    open_table(offline_page, offline.url, "go")
    stored_snapshot(offline_page)  # made offline, or already by an earlier table
    offline_page.reload()
    assert started(offline_page) == "snapshot"
    state = new_game(offline_page, ["human", "human"])
    chooser = random.Random("snapshot")
    for _ in range(MOVES):
        before = str(ply(offline_page))
        while not click_something(offline_page, chooser):
            pass
        state = wait_for_turn(offline_page, before)
    assert state == "ready" and ply(offline_page) == MOVES


# ------------------------------------------------------------------------------------ update

@pytest.mark.browser_context_args(service_workers="allow")  # conftest blocks them elsewhere
@pytest.mark.browser
def test_a_new_build_waits_for_the_players_reload(page: Page, built_site: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    with serving(site) as (url, _):
        open_table(page, url, "kalah")
        page.wait_for_function(CONTROLLED)
        new_game(page, ["human", "human"])
        before = str(ply(page))
        click_something(page, random.Random("update"))
        wait_for_turn(page, before)
        plies = ply(page)
        old_cache = cache_name(site)

        # The next build: sw.js is all a browser compares, and it names a new cache.
        worker = site / "sw.js"
        old_build = old_cache.removeprefix("pygames-")
        next_build = hashlib.sha256(b"the next build").hexdigest()
        assert worker.read_text().count(old_build) == 1
        worker.write_text(worker.read_text().replace(old_build, next_build))

        # Another tab opens the site: a navigation is when the browser looks for a new sw.js.
        page.evaluate("() => { window.untouched = true; }")
        other = page.context.new_page()
        other.goto(f"{url}/index.html")
        other.evaluate("() => { window.untouched = true; }")
        bar = page.locator(".update-bar")
        expect(bar).to_be_visible()
        expect(bar).to_contain_text("Update available")
        page.wait_for_timeout(1000)  # time enough for a worker that takes over by itself to do so
        assert page.evaluate(WORKERS) == {"active": "activated", "waiting": "installed"}
        assert page.evaluate("() => window.untouched") is True
        assert ply(page) == plies
        assert sorted(page.evaluate(CACHED)) == sorted([old_cache, "pygames-" + next_build])

        with page.expect_navigation():
            bar.get_by_role("button", name="Reload").click()
        wait_for_ply(page, plies)  # the game goes on where it was
        page.wait_for_function(CONTROLLED)
        assert page.evaluate("() => window.untouched") is None
        assert page.evaluate(WORKERS) == {"active": "activated", "waiting": None}
        assert list(page.evaluate(CACHED)) == ["pygames-" + next_build]  # the old cache is gone
        expect(bar).to_have_count(0)
        assert other.evaluate("() => window.untouched") is True  # the tab nobody clicked stays


@pytest.mark.browser_context_args(service_workers="allow")  # conftest blocks them elsewhere
@pytest.mark.browser
@pytest.mark.parametrize("fault", ["missing", "changed"])
def test_an_install_that_misses_a_file_caches_nothing(page: Page, built_site: Path, tmp_path: Path,
                                                      fault: str) -> None:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    broken = site / "games" / "go.js"  # a file the catalogue page does not load itself
    if fault == "missing":
        broken.unlink()
    else:  # a deploy that lands during the install: the file is not the one sw.js expects
        broken.write_text(broken.read_text() + "\n// the next build\n")
    with serving(site) as (url, _):
        # pwa.js says so, as a warning: the site still works online.
        with page.expect_console_message(lambda message: message.type == "warning"
                                         and "could not be saved for offline play" in message.text):
            page.goto(f"{url}/index.html")
        expect(page.locator(".catalogue [data-game]")).to_have_count(len(games()))
        assert page.evaluate(WORKERS) == {"active": None, "waiting": None}
        assert page.evaluate(CONTROLLED) is False
        assert all(not files for files in page.evaluate(CACHED).values())  # addAll put nothing in


# ------------------------------------------------------------------------ manifest and icons

def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGBA bytes of an 8-bit RGBA PNG whose rows use no filter (build.py's)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour_type = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour_type) == (8, 6)
    rows = zlib.decompress(chunks[b"IDAT"])
    stride = width * 4 + 1
    assert len(rows) == stride * height and all(rows[row * stride] == 0 for row in range(height))
    return width, height, b"".join(rows[row * stride + 1:(row + 1) * stride] for row in range(height))


def test_the_web_app_manifest_names_icons_drawn_from_icon_svg(built_site: Path) -> None:
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert {"name", "short_name", "start_url", "scope", "theme_color", "background_color"} <= set(manifest)
    side, shapes = build.icon_shapes(build.WEB / "icon.svg")
    background, circle = shapes[0][2], next(colour for tag, _, colour in shapes if tag == "circle")
    cx, cy = next((geometry["cx"], geometry["cy"]) for tag, geometry, _ in shapes if tag == "circle")
    purposes = set()
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        width, height, pixels = png_pixels((built_site / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}" and width == height
        maskable = icon.get("purpose") == "maskable"
        purposes.add(icon.get("purpose", "any"))

        def pixel(x: float, y: float) -> tuple[int, ...]:
            at = (int(y * height / side) * width + int(x * width / side)) * 4
            return tuple(pixels[at:at + 4])

        zoom = build.MASKABLE_SCALE if maskable else 1
        assert pixel(side / 2 + (cx - side / 2) * zoom, side / 2 + (cy - side / 2) * zoom) == (*circle, 255)
        assert pixel(side / 2, 1) == (*background, 255)  # the background, away from the circles
        assert pixel(0, 0)[3] == (255 if maskable else 0)  # a maskable icon fills its corners
    assert purposes == {"any", "maskable"}
    assert {int(icon["sizes"].split("x")[0]) for icon in manifest["icons"] if icon["type"] == "image/png"} >= {192, 512}


def test_pages_link_the_manifest_and_the_headers_keep_it_fresh(built_site: Path) -> None:
    for page in ("index.html", "play.html"):
        text = (built_site / page).read_text()
        assert '<link rel="manifest" href="manifest.webmanifest">' in text, page
        assert '<meta name="theme-color"' in text, page
    for path in ("/sw.js", "/manifest.webmanifest"):
        assert build.headers_for(path)["Cache-Control"] == "no-cache", path
    assert "Service-Worker-Allowed" not in build.headers_for("/sw.js")  # sw.js sits at the root
