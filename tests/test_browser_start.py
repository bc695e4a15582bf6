"""How a table starts (web/worker.js, web/snapshot.js, site_starts.py).

A first visit: where a game's start is the same for everyone, the page draws the position the
build baked and takes the first move before Python has started; the move is played as soon as it
has. A return visit: the worker boots Python from the memory snapshot the first visit stored,
and a snapshot that is damaged or of another build is ignored and replaced.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Route, expect
from table import move_list, new_game, open_table, ply, table_url, wait_for_ply, wait_for_turn
from test_browser_games import play_to_the_end

pytestmark = pytest.mark.browser

SNAPSHOTS = """async () => {
  const cache = await caches.open('python-snapshot');
  const found = {};
  for (const request of await cache.keys()) found[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
  return found;
}"""
BIG = 1_000_000  # bytes: a real snapshot is about 31 MB; the test's damaged ones are a few


def stored_snapshot(page: Page) -> str:
    """Waits until the table's worker has stored a snapshot of Python (or one is there already,
    from an earlier table); its key."""
    stored = page.evaluate(SNAPSHOTS)
    if not any(size > BIG for size in stored.values()) or len(stored) != 1:
        page.wait_for_selector("#table[data-snapshot='stored']")
        stored = page.evaluate(SNAPSHOTS)
    ((key, size),) = stored.items()
    assert size > BIG
    return key


def started(page: Page) -> str:
    """How Python started on the table: "snapshot" or "fresh"."""
    page.wait_for_selector("#table[data-engine]")
    return page.get_attribute("#table", "data-engine") or ""


def test_a_return_visit_boots_from_the_snapshot_and_plays_to_the_end(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    assert started(page) == "fresh"
    stored_snapshot(page)
    page.reload()
    assert started(page) == "snapshot"
    new_game(page, ["human", "human"])
    play_to_the_end(page, random.Random("snapshot"))
    expect(page.locator("#result")).to_be_visible()


DAMAGE = """async ([key, how]) => {
    const cache = await caches.open('python-snapshot');
    const good = await cache.match(key);
    const bytes = new Uint8Array(await good.arrayBuffer());
    // cut short, as a write cut off would leave it; or its bytes spoilt and its length kept
    const body = how === 'cut' ? bytes.slice(0, bytes.length - 4096) : bytes.map((byte, at) => (at % 7 ? byte : 0xff));
    await cache.put(key, new Response(body, {headers: good.headers}));
}"""


@pytest.mark.parametrize("how", ["cut", "spoilt"])
def test_a_damaged_or_stale_snapshot_is_ignored_and_replaced(page: Page, site_url: str, how: str) -> None:
    open_table(page, site_url, "bobail")
    key = stored_snapshot(page)
    stale = key.replace("wheels", "wheels-of-another-build")
    page.evaluate(DAMAGE, [key, how])
    page.evaluate("async (stale) => (await caches.open('python-snapshot')).put(stale, new Response('an old one'))", stale)
    page.reload()
    assert started(page) == "fresh", "the damaged snapshot was not used"
    assert stored_snapshot(page) == key, "the stale one is gone and a good one took the damaged one's place"
    page.reload()
    assert started(page) == "snapshot"


def test_pyodide_starts_when_the_early_compile_of_its_wasm_fails(page: Page, site_url: str) -> None:
    """The worker compiles the wasm itself, early; should that fail, Pyodide fetches it again."""
    served: list[str] = []

    def first_one_broken(route: Route) -> None:
        served.append(route.request.url)
        if len(served) == 1:
            route.fulfill(status=200, content_type="application/wasm", body=b"\0asm broken")
        else:
            route.continue_()

    page.context.route("**/pyodide.asm.wasm", first_one_broken)
    open_table(page, site_url, "kalah")
    assert started(page) == "fresh"
    assert len(served) == 2, "the broken wasm was fetched once, then the real one"
    new_game(page, ["human", "human"])
    page.locator("#board [data-move]").first.click()
    wait_for_ply(page, 1)


class Gate:
    """Holds back Pyodide's wasm, so the engine cannot start, until `open()`."""

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.opened = False
        page.context.route("**/pyodide.asm.wasm", self.arrive)

    def arrive(self, route: Route) -> None:
        if self.opened:
            route.continue_()
        else:
            self.held.append(route)

    def open(self) -> None:
        self.opened = True
        for route in self.held:
            route.continue_()
        self.held.clear()


@pytest.fixture
def held_pyodide(page: Page) -> Iterator[Gate]:
    gate = Gate(page)
    yield gate
    gate.open()


def test_the_first_move_is_played_before_python_has_started(page: Page, site_url: str, held_pyodide: Gate) -> None:
    page.goto(table_url(site_url, "kalah"))
    first = page.locator("#board [data-move]").first
    expect(first).to_be_visible()
    move = first.get_attribute("data-move")
    assert page.get_attribute("#table", "data-engine") is None, "Python has not started"
    first.click()
    expect(page.locator("#status")).to_contain_text("Played as soon as the rules have loaded")
    assert page.get_attribute("#table", "data-state") == "busy"
    held_pyodide.open()
    wait_for_turn(page, "0")
    assert started(page) == "fresh"
    assert move_list(page)[0] == f"South pit {move}"
    assert ply(page) >= 2, "the computer answered the move"


def test_a_start_with_dice_or_cards_waits_for_pythons_deal(page: Page, site_url: str, held_pyodide: Gate) -> None:
    page.goto(table_url(site_url, "lostcities"))
    expect(page.locator("#status")).to_have_text("Dealing…")
    expect(page.locator("#loading")).to_contain_text("Starting Python")
    assert page.get_attribute("#table", "data-state") == "empty"
    assert page.locator("#board [data-move]").count() == 0
