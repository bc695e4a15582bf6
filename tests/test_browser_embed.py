"""Embeds in Chromium: embed.html in each mode, embed.js on a page of another site, bad
addresses, and the table's "Embed this position" dialog.

embed.html marks its state on #embed-root as the table does on #table: data-ply is the moves
shown, data-state "shown" once a view or replay step is drawn, "ready" when a person may move
in play, "failed" with a message. The records are made here with pygames_core and travel in
their URL form, as they do in real embeds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from playwright.sync_api import Browser, Page, Route, expect
import servers
from table import START_MS, new_game, open_table, watch_requests

from pygames_core import Record
from pygames_core.core import CHANCE, chance_move

pytestmark = pytest.mark.browser

KALAH_PLACES = [f"South's pit {n}" for n in range(1, 7)] + ["South's store"] + \
    [f"North's pit {n}" for n in range(1, 7)] + ["North's store"]


def made_record(game: str, plies: int, seed: int = 7) -> Record:
    """A game of random legal moves (chance drawn by the game's own generator)."""
    record = Record.start(game, seed=seed)
    state = record.new_state()
    chooser = random.Random(seed)
    while len(record.moves) < plies and not state.is_over():
        move = chance_move(state) if state.to_move == CHANCE else chooser.choice(state.playing_moves())
        state = state.play(move)
        record = record.play(move)
    return record


def embed_url(site_url: str, **params: str | int) -> str:
    return f"{site_url}/embed.html?{urlencode(params)}"


def wait_for_embed(page: Page, state: str, ply: int | None = None) -> None:
    page.wait_for_function(
        """([state, ply]) => {
            const root = document.getElementById('embed-root');
            return root.dataset.state === state && (ply === null || root.dataset.ply === ply);
        }""",
        arg=[state, None if ply is None else str(ply)],
        timeout=START_MS,
    )


def kalah_counts(page: Page) -> list[int]:
    """The stones in each place of the drawn Kalah board, in the view's order."""
    labels = page.locator("#board [aria-label]").evaluate_all("nodes => nodes.map((node) => node.getAttribute('aria-label'))")
    counts = {}
    for label in labels:
        found = re.search(r"((?:South|North)'s (?:pit \d|store)): (\d+) stones?$", label)
        if found:
            counts[found.group(1)] = int(found.group(2))
    return [counts[place] for place in KALAH_PLACES]


def test_view_shows_the_position_after_the_chosen_move(page: Page, site_url: str) -> None:
    record = made_record("kalah", 8)
    page.goto(embed_url(site_url, game="kalah", record=record.to_url(), move=3, mode="view"))
    wait_for_embed(page, "shown", 3)
    assert kalah_counts(page) == record.prefix(3).replay().view(None)["board"]
    assert page.locator("#board [data-move]").count() == 0  # not interactive
    expect(page.locator("#controls")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("Move 3:")
    link = urlparse(page.get_attribute("#open", "href") or "")
    assert link.path.endswith("/play.html") and parse_qs(link.query) == {"game": ["kalah"]}
    assert Record.from_url(parse_qs(link.fragment)["r"][0]) == record.prefix(3)

    page.goto(embed_url(site_url, game="kalah", record=record.to_url()))  # no move: the last
    wait_for_embed(page, "shown", 8)
    assert kalah_counts(page) == record.replay().view(None)["board"]
    assert page.evaluate("() => document.documentElement.className") == "embed-page theme-light"


def test_replay_steps_with_the_buttons_and_the_keys(page: Page, site_url: str) -> None:
    record = made_record("kalah", 8)
    page.goto(embed_url(site_url, game="kalah", record=record.to_url(), move=2, mode="replay", theme="dark"))
    wait_for_embed(page, "shown", 2)
    assert "theme-dark" in page.evaluate("() => document.documentElement.className")
    expect(page.locator("#counter")).to_have_text("Move 2 / 8")
    page.click("#forward")
    wait_for_embed(page, "shown", 3)
    assert kalah_counts(page) == record.prefix(3).replay().view(None)["board"]
    page.click("#back")
    page.click("#back")
    wait_for_embed(page, "shown", 1)
    expect(page.locator("#counter")).to_have_text("Move 1 / 8")
    page.keyboard.press("ArrowRight")
    wait_for_embed(page, "shown", 2)
    page.keyboard.press("End")
    wait_for_embed(page, "shown", 8)
    expect(page.locator("#forward")).to_be_disabled()
    expect(page.locator("#last")).to_be_disabled()
    page.click("#first")
    wait_for_embed(page, "shown", 0)
    expect(page.locator("#back")).to_be_disabled()
    assert kalah_counts(page) == [4] * 6 + [0] + [4] * 6 + [0]
    assert page.locator("#board [data-move]").count() == 0


def test_play_from_a_move_on_one_device(page: Page, site_url: str) -> None:
    record = made_record("kalah", 8)
    page.goto(embed_url(site_url, game="kalah", record=record.to_url(), move=4, mode="play"))
    wait_for_embed(page, "ready", 4)
    offered = page.locator("#board [data-move]").evaluate_all("nodes => nodes.map((node) => node.dataset.move)")
    assert sorted(offered) == sorted(record.prefix(4).replay().playing_moves())  # a draw is offered beside the board
    page.locator("#board [data-move]").first.click()
    wait_for_embed(page, "ready", 5)  # every seat is a person here: nobody answers for them
    page.click("#restart")
    wait_for_embed(page, "ready", 4)
    assert kalah_counts(page) == record.prefix(4).replay().view(None)["board"]


def test_play_against_the_computer(page: Page, site_url: str) -> None:
    # North is the person: South, the computer, opens.
    page.goto(embed_url(site_url, game="kalah", mode="play", seat="north"))
    wait_for_embed(page, "ready")
    expect(page.locator("#status")).to_contain_text("North to move")
    shown = parse_qs(urlparse(page.get_attribute("#open", "href") or "").fragment)["r"][0]
    record = Record.from_url(shown)
    assert record.moves and record.replay().to_move == 1
    # A pit whose last stone misses North's store, so the turn passes to the computer.
    state = record.replay()
    move = next(move for move in state.legal_moves() if state.play(move).to_move == 0)
    page.click(f"#board [data-move='{move}']")
    page.wait_for_function(
        """after => {
            const root = document.getElementById('embed-root');
            return ['ready', 'over'].includes(root.dataset.state) && Number(root.dataset.ply) > after;
        }""", arg=len(record.moves) + 1)


def test_lost_cities_is_shown_as_a_spectator_sees_it_and_played_from_one_seat(page: Page, site_url: str) -> None:
    record = made_record("lostcities", 30)
    assert not record.replay().is_over()
    page.goto(embed_url(site_url, game="lostcities", record=record.to_url(), move=20, mode="replay"))
    wait_for_embed(page, "shown", 20)
    assert page.locator("#board [data-card]").count() == 0  # nobody's hand
    assert record.prefix(20).replay().view(None)["hand"] is None
    page.click("#forward")
    wait_for_embed(page, "shown", 21)
    assert page.locator("#board [data-card]").count() == 0

    page.goto(embed_url(site_url, game="lostcities", record=record.to_url(), move=20, mode="play", seat="south"))
    wait_for_embed(page, "ready")
    at = int(page.get_attribute("#embed-root", "data-ply") or 0)
    hand = page.locator("#board [data-card]").evaluate_all("nodes => nodes.map((node) => node.dataset.card)")
    assert len(hand) in (7, 8)  # South's own cards (7 between playing one and drawing), from the sealed game
    if page.locator("#board [data-from]").count():
        page.locator("#board [data-from]").first.click()
    page.locator("#board [data-move]").first.click()
    page.wait_for_function("at => Number(document.getElementById('embed-root').dataset.ply) > at", arg=at)


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kalah rules</title><link rel="icon" href="data:,"></head>
<body>
<h1>How a capture works</h1>
<div id="capture" data-pygames-game="kalah" data-record="{record}" data-move="2" data-mode="replay" data-height="320"></div>
<div id="hostile" data-pygames-game="kalah" data-record='"&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;'
  data-theme="dark" data-title="A broken diagram" data-height="200"></div>
<script src="{site}/embed.js" defer></script>
</body></html>"""


@pytest.fixture(scope="module")
def other_site() -> Iterator[tuple[str, dict[str, str]]]:
    yield from servers.other_site()


def test_embed_js_turns_divs_on_another_site_into_frames(page: Page, site_url: str,
                                                        other_site: tuple[str, dict[str, str]]) -> None:
    record = made_record("kalah", 6)
    origin, pages = other_site
    pages["/rules/kalah.html"] = HOST_PAGE.format(record=record.to_url(), site=site_url)
    host = f"{origin}/rules/kalah.html"
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(host)
    frames = page.locator("iframe")
    expect(frames).to_have_count(2)

    capture = page.locator("#capture iframe")
    assert capture.get_attribute("loading") == "lazy"
    assert capture.get_attribute("title") == "Kalah board (pygames)"
    assert capture.get_attribute("height") == "320"
    source = urlparse(capture.get_attribute("src") or "")
    assert f"{source.scheme}://{source.netloc}" == site_url and source.path == "/embed.html"
    assert parse_qs(source.query) == {"game": ["kalah"], "record": [record.to_url()], "move": ["2"], "mode": ["replay"]}
    inside = page.frame_locator("#capture iframe")
    expect(inside.locator("#embed-root")).to_have_attribute("data-state", "shown", timeout=START_MS)
    expect(inside.locator("#embed-root")).to_have_attribute("data-ply", "2")
    inside.locator("#forward").click()
    expect(inside.locator("#embed-root")).to_have_attribute("data-ply", "3")

    hostile = page.locator("#hostile iframe")
    assert hostile.get_attribute("title") == "A broken diagram"
    assert parse_qs(urlparse(hostile.get_attribute("src") or "").query)["record"] == ['"><script>window.pwned=1</script>']
    expect(page.frame_locator("#hostile iframe").locator("#message")).to_have_text(
        "The record in the address is damaged: it does not hold a game.")

    # A diagram that the page's own scripts add later becomes a frame too.
    page.evaluate("""() => {
        const late = Object.assign(document.createElement('div'), {id: 'late'});
        late.dataset.pygamesGame = 'go';
        document.body.append(late);
    }""")
    expect(page.locator("#late iframe")).to_have_count(1)
    assert page.locator("#late iframe").get_attribute("title") == "Go board (pygames)"
    assert page.evaluate("() => window.pwned") is None and dialogs == []


MAX_FRAMES = 3  # embed.js's MAX_LIVE

# Counts the page's iframes after every change to its DOM, keeping the most ever seen.
COUNT_FRAMES = """
window.mostFrames = 0;
new MutationObserver(() => {
    window.mostFrames = Math.max(window.mostFrames, document.querySelectorAll('iframe').length);
}).observe(document, {childList: true, subtree: true});
"""


LONG_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kalah, move by move</title><link rel="icon" href="data:,"></head>
<body>{diagrams}<script src="{site}/embed.js" defer></script></body></html>"""
DIAGRAM = """<p style="height: 700px">Part {index}</p>
<div id="part-{index}" class="diagram" data-pygames-game="kalah" data-record="{record}" data-move="{index}"></div>"""


def test_a_long_page_keeps_only_a_few_frames_alive(page: Page, site_url: str,
                                                   other_site: tuple[str, dict[str, str]]) -> None:
    origin, pages = other_site
    record = made_record("kalah", 8).to_url()
    diagrams = "".join(DIAGRAM.format(index=index, record=record) for index in range(MAX_FRAMES + 4))
    pages["/long.html"] = LONG_PAGE.format(diagrams=diagrams, site=site_url)
    page.add_init_script(COUNT_FRAMES)
    page.goto(f"{origin}/long.html")
    holders = page.locator(".diagram")

    def heights() -> list[int]:
        return holders.evaluate_all("nodes => nodes.map((node) => node.offsetHeight)")

    before = heights()
    sources = []
    for holder in holders.all():
        holder.evaluate("node => node.scrollIntoView({block: 'center'})")
        expect(holder.locator("iframe")).to_have_count(1)  # the diagram on screen has its frame
        sources.append(holder.locator("iframe").get_attribute("src"))
        assert page.locator("iframe").count() <= MAX_FRAMES
    inside = page.frame_locator(f"#{holders.last.get_attribute('id')} iframe")
    expect(inside.locator("#embed-root")).to_have_attribute("data-state", "shown", timeout=START_MS)

    first = holders.first
    expect(first.locator("iframe")).to_have_count(0)
    expect(first.locator(".pygames-placeholder")).to_have_text("The board loads when you scroll to it")
    assert heights() == before  # a placeholder is as tall as its frame: the page does not jump

    first.evaluate("node => node.scrollIntoView({block: 'center'})")
    expect(first.locator("iframe")).to_have_count(1)
    assert first.locator("iframe").get_attribute("src") == sources[0]
    assert page.locator("iframe").count() <= MAX_FRAMES
    assert page.evaluate("() => window.mostFrames") == MAX_FRAMES


PYTHON_FILES = ("pyodide.asm.wasm", "pyodide.asm.js", "worker.js")


def test_a_rules_page_shows_every_diagram_without_python(page: Page, site_url: str) -> None:
    """Its diagrams answer from files baked at build time (site_rules.py, baked.js): all of them
    show, more than MAX_FRAMES at once, and Python starts only when a replay steps far."""
    requests = watch_requests(page)
    page.set_viewport_size({"width": 900, "height": 3000})  # a tall screen: many diagrams near at once
    page.goto(f"{site_url}/rules/nautilus.html")
    figures = page.locator("figure.rules-diagram")
    assert figures.count() > MAX_FRAMES + 2
    most = 0
    for figure in figures.all():
        figure.evaluate("node => node.scrollIntoView({block: 'center'})")
        inside = page.frame_locator(f"#{figure.get_attribute('id')} iframe")
        expect(inside.locator("#embed-root")).to_have_attribute("data-state", "shown")
        expect(inside.locator("#board svg").first).to_be_visible()
        most = max(most, page.locator("iframe").count())
    assert most > MAX_FRAMES  # baked frames do not count against the limit
    assert not [url for url in requests if url.endswith(PYTHON_FILES)]

    last = figures.last
    inside = page.frame_locator(f"#{last.get_attribute('id')} iframe")
    root = inside.locator("#embed-root")
    shown = int(root.get_attribute("data-ply") or 0)
    inside.locator("#back").click()  # near the first move: baked
    expect(root).to_have_attribute("data-ply", str(shown - 1))
    assert not [url for url in requests if url.endswith(PYTHON_FILES)]
    inside.locator("#first").click()  # far: Python starts and answers
    expect(root).to_have_attribute("data-ply", "0", timeout=START_MS)
    expect(root).to_have_attribute("data-state", "shown")
    assert [url for url in requests if url.endswith("pyodide.asm.wasm")]


# Script-bearing values, each with what the frame must say. Every payload would set
# window.pwned (or open a dialog) if any of it ran.
BAD_ADDRESSES = [
    ({"game": '<img src=x onerror="window.pwned=1">'}, 'There is no game called “<img src=x onerror="window.pwned=1">”.'),
    ({"game": "kalah", "record": '"><script>window.pwned=1</script>'},
     "The record in the address is damaged: it does not hold a game."),
    ({"game": "kalah", "theme": 'x" onload="window.pwned=1'}, 'The theme is “light”, “dark” or “auto”, not “x" onload="window.pwned=1”.'),
    ({"game": "kalah", "mode": "<svg onload=alert(1)>"}, "The mode is “view”, “replay” or “play”, not “<svg onload=alert(1)>”."),
    ({"game": "kalah", "move": "<b>1</b>"}, "The move is a count of moves from 0, not “<b>1</b>”."),
    ({"game": "kalah", "record": made_record("kalah", 5).to_url(), "move": "6"},
     "The record has 5 moves: there is no move 6."),
    ({"game": "kalah", "record": made_record("go", 3).to_url()}, "The record is a game of “go”, not of “kalah”."),
    ({}, "No game was named: the address needs game=<id>."),
    ({"game": "chess"}, "There is no game called “chess” here."),
    ({"game": "kalah", "record": Record("kalah", (), 2, 0, ("3", "<img src=x onerror=alert(1)>")).to_url()},
     "The record cannot be shown: move 2 does not replay:"),
    ({"game": "kalah", "mode": "play", "seat": "<i onmouseover=alert(1)>west</i>"},
     "There is no seat “<i onmouseover=alert(1)>west</i>” here: name one of south, north (or 0 to 1)."),
]


def test_bad_addresses_show_a_message_as_text_and_run_nothing(browser: Browser, site_url: str) -> None:
    # The site's CSP would block inline scripts anyway; without it, only text-only handling
    # keeps these payloads from running.
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(START_MS)
    dialogs: list[str] = []
    errors: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        for params, message in BAD_ADDRESSES:
            page.goto(embed_url(site_url, **params))
            wait_for_embed(page, "failed")
            shown = page.locator("#message")
            expect(shown).to_be_visible()
            assert shown.inner_text().startswith(message), params
            assert page.locator("#message *").count() == 0  # text, never markup
            expect(page.locator("#board")).to_be_hidden()
            assert page.locator("body script, body img, body i, body b[onmouseover]").count() == 0
            assert page.evaluate("() => window.pwned") is None, params
        assert dialogs == []
        # The one error expected: the browser reporting that games/chess.js does not exist.
        assert [error for error in errors if "404" not in error] == [], errors
    finally:
        context.close()


# -- the table's dialog ----------------------------------------------------------------

def wire_embed_dialog(route: Route) -> None:
    """app.js with embed-dialog.js wired in, as two lines do (unless they are there already)."""
    response = route.fetch()
    source = response.text()
    if "setupEmbedDialog" not in source:
        source = "import {setupEmbedDialog} from './embed-dialog.js';\n" + source
        source = source.replace("  $('share').onclick = share;\n",
                                "  $('share').onclick = share;\n"
                                "  setupEmbedDialog({getSnapshot: () => snap && {...snap, ply: looking?.ply ?? snap.ply}, gameId});\n", 1)
        assert "setupEmbedDialog({" in source
    route.fulfill(response=response, body=source)


COUNT_WORKERS = """
window.__workers = 0;
const CountedWorker = window.Worker;
window.Worker = class extends CountedWorker {
  constructor(...args) { super(...args); window.__workers += 1; }
};
"""


def test_the_table_offers_the_code_to_embed_its_position(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_WORKERS)  # in every frame
    page.route("**/app.js", wire_embed_dialog)
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "human"])
    move = page.locator("#board [data-move]").first.get_attribute("data-move")
    page.click(f"#board [data-move='{move}']")
    page.wait_for_function("() => document.getElementById('table').dataset.ply === '1'")
    expect(page.locator("#embed")).to_be_enabled()
    page.click("#embed")
    expect(page.locator("#embed-dialog")).to_be_visible()
    code = page.input_value("#embed-code")
    assert Record.from_url(re.search(r'data-record="([^"]+)"', code).group(1)).moves == (move,)
    assert re.fullmatch(
        r'<div data-pygames-game="kalah" data-record="[A-Za-z0-9_-]+" data-move="1" data-mode="replay"></div>\n'
        + re.escape(f'<script src="{site_url}/embed.js" defer></script>'), code)

    preview = page.frame_locator("#embed-preview iframe")
    expect(preview.locator("#embed-root")).to_have_attribute("data-state", "shown", timeout=START_MS)
    expect(preview.locator("#embed-root")).to_have_attribute("data-ply", "1")
    frame = page.locator("#embed-preview iframe").element_handle().content_frame()
    assert frame.evaluate("() => window.__workers") == 0  # the table answered: no Python of its own
    page.select_option("#embed-theme", "dark")
    page.select_option("#embed-mode", "view")
    assert 'data-mode="view" data-theme="dark"></div>' in page.input_value("#embed-code")
    source = parse_qs(urlparse(page.locator("#embed-preview iframe").get_attribute("src") or "").query)
    assert source["theme"] == ["dark"] and source["mode"] == ["view"]
    page.click("#embed-copy")
    expect(page.locator("#embed-note")).not_to_be_empty()
    page.click("#embed-close")
    expect(page.locator("#embed-dialog")).to_be_hidden()
    expect(page.locator("#embed-preview iframe")).to_have_count(0)


def test_a_game_with_hidden_cards_cannot_be_embedded_before_its_end(page: Page, site_url: str) -> None:
    page.route("**/app.js", wire_embed_dialog)
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"])
    expect(page.locator("#embed")).to_be_disabled()
    assert "hidden" in (page.get_attribute("#embed", "title") or "")
