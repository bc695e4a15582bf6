"""Driving the table page (web/play.html) in Chromium, for the browser tests.

The table marks its state on #table: data-state is "empty" before a game, "ready" when a
human is to move, "handover" while a hidden-information game waits for the next player's
tap, "waiting"/"thinking" on the computer's turn, "busy" while a request is on its way,
"over" at the end; data-ply counts the moves played, and data-game the games started with
New game; data-engine says how Python started, once it has: "snapshot" (from the memory
snapshot a visit before stored) or "fresh"; data-snapshot is "stored" once this page's worker
has stored one for the next visit; data-searches, how many searches side by side chose the
computer's last move or the last hint (helper workers: the strong level).
"""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import Page

START_MS = 90_000  # Pyodide starts in a few seconds; leave room on a slow machine


def table_url(site_url: str, game: str, fragment: str = "") -> str:
    return f"{site_url.rstrip('/')}/play.html?game={game}{fragment}"


def watch_requests(page: Page) -> list[str]:
    """Every URL the page's context asks for, workers included."""
    urls: list[str] = []
    page.context.on("request", lambda request: urls.append(request.url))
    return urls


def assert_all_local(urls: list[str]) -> None:
    assert urls, "no requests were seen"
    for url in urls:
        parts = urlparse(url)
        assert parts.scheme in ("data", "blob") or parts.hostname == "127.0.0.1", f"left localhost: {url}"


def open_table(page: Page, site_url: str, game: str, fragment: str = "") -> None:
    page.set_default_timeout(START_MS)
    page.goto(table_url(site_url, game, fragment))
    page.wait_for_selector("#table:not([data-state='empty'])")


def wait_for_turn(page: Page, after_ply: str | None = None, *, tap: bool = True) -> str:
    """Waits until a human is to move or the game is over (past `after_ply`); returns the
    state. A hand-over screen on the way is tapped through, unless `tap` is False: then
    "handover" is returned too."""
    while True:
        page.wait_for_function(
            """after => {
                const table = document.getElementById('table');
                return table.dataset.ply !== after && ['ready', 'over', 'handover'].includes(table.dataset.state);
            }""",
            arg=after_ply,
        )
        state = page.get_attribute("#table", "data-state") or ""
        if state != "handover" or not tap:
            return state
        page.click("#handover button")
        after_ply = None


def wait_for_ply(page: Page, count: int) -> None:
    # A function, not an expression: the site's CSP has no 'unsafe-eval' for Playwright to use.
    page.wait_for_function("count => document.getElementById('table').dataset.ply === count", arg=str(count))


def ply(page: Page) -> int:
    return int(page.get_attribute("#table", "data-ply") or 0)


def move_list(page: Page) -> list[str]:
    """Every move in the list, in order, each after the name of the seat whose turn it is in
    (the list groups the moves in turns, and tells moves that read the same in a row once, "×n")."""
    texts = page.locator("#moves li").evaluate_all(
        "rows => rows.flatMap((row) => [...row.querySelectorAll('.move')].flatMap((move) => Array("
        "Number(move.dataset.count || 1)).fill(`${row.querySelector('.who').textContent} ${move.textContent}`)))")
    return [" ".join(text.split()) for text in texts]


def new_game(page: Page, seats: list[str], options: dict[str, str] | None = None, *, tap: bool = True) -> str:
    """A new game through the New game dialog, with one seat per entry ("human" or a
    computer's budget in ms, in that order) and `options` by name. Returns the state once
    a human is to move (see wait_for_turn)."""
    page.click("#new-game")
    dialog = page.locator("#setup-dialog")
    if dialog.locator("select[name='setup-players']").count():
        dialog.locator("select[name='setup-players']").select_option(str(len(seats)))
    for seat, kind in enumerate(seats):
        dialog.locator(f"select[name='setup-seat-{seat}']").select_option(kind)
    dialog.locator("#setup-random").set_checked(False)
    for name, value in (options or {}).items():
        dialog.locator(f"#setup-options select[name='{name}']").select_option(value)
    games = page.get_attribute("#table", "data-game")
    dialog.locator("#setup-start").click()
    page.wait_for_function("games => document.getElementById('table').dataset.game !== games", arg=games)
    return wait_for_turn(page, tap=tap)


def saved_game(page: Page) -> dict | None:
    """The saved copy of the game on the table (web/saves.js), as stored."""
    return page.evaluate(
        "() => JSON.parse(localStorage.getItem('pygames.save.' + new URLSearchParams(location.search).get('save')))"
    )
