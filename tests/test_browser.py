"""Chromium plays real games on the built site, clicking the elements a person clicks."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from table import (
    START_MS,
    assert_all_local,
    move_list,
    new_game,
    open_table,
    ply,
    table_url,
    wait_for_ply,
    wait_for_turn,
    watch_requests,
)

from pygames_core import Record, bridge

pytestmark = pytest.mark.browser


def test_first_paint_does_not_wait_for_python(page: Page, site_url: str) -> None:
    page.goto(table_url(site_url, "backgammon"))  # dice at the start: the board waits for Python's roll
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading")).to_contain_text("Starting Python")
    expect(page.locator("#board svg")).to_be_visible()
    assert page.get_attribute("#table", "data-state") == "empty"


def test_kalah_hot_seat_to_the_end(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "human"])

    # A move the bridge refuses shows its reason and changes nothing.
    page.locator("#board [data-move]").first.evaluate("node => node.setAttribute('data-move', '7')")
    page.locator("#board [data-move='7']").click()
    expect(page.locator("#toast")).to_be_visible()
    expect(page.locator("#toast")).to_contain_text("'7' is not a move")
    assert ply(page) == 0 and page.get_attribute("#table", "data-state") == "ready"
    page.click("#toast")

    # The first moves by keyboard: a legal pit is focusable, Enter and Space sow it, and the
    # focus stays on the board for the next player.
    page.locator("#board [data-move]").first.focus()
    page.keyboard.press("Enter")
    wait_for_turn(page, "0")
    assert page.evaluate("document.activeElement.dataset.move") is not None
    page.keyboard.press(" ")
    state = wait_for_turn(page, "1")
    for _ in range(500):
        if state == "over":
            break
        before = str(ply(page))
        page.locator("#board [data-move]").first.click()
        state = wait_for_turn(page, before)
    assert state == "over"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result h2")).to_have_text(re.compile(r"^(South wins!|North wins!|A draw\.)$"))
    expect(page.locator("#result .standings")).to_contain_text("South")
    assert page.locator("#board [data-move]").count() == 0
    assert len(move_list(page)) == ply(page)
    assert_all_local(requests)


def choose_bobail_move(page: Page) -> None:
    """Clicks a marked piece when none is picked, then a destination, keeping the Bobail off the home rows."""
    if page.locator("#board [data-move]").count() == 0:
        page.locator("#board [data-from]").first.click()
    targets = page.locator("#board [data-move]")
    moves = [targets.nth(i).get_attribute("data-move") or "" for i in range(targets.count())]
    safe = [i for i, move in enumerate(moves) if move[-1] in "234"]
    targets.nth(safe[0] if safe else 0).click()


@pytest.mark.normal_pace
def test_bobail_against_the_computer_undo_and_share(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "bobail")
    new_game(page, ["human", "300"])

    state = "ready"
    for _ in range(12):
        red_moves = sum(" Red " in f" {move} " for move in move_list(page))
        if state == "over" or red_moves >= 6:
            break
        before = str(ply(page))
        choose_bobail_move(page)
        state = wait_for_turn(page, before)
    moves = move_list(page)
    assert sum(" Red " in f" {move} " for move in moves) >= 4, moves  # the computer answered at least twice
    assert len(moves) == ply(page)

    # Undo goes back to a position where Green (the human) is to move.
    before = ply(page)
    page.click("#undo")
    wait_for_turn(page, str(before))
    assert ply(page) < before
    expect(page.locator("#status")).to_contain_text("Green")
    expect(page.locator("#board [data-move], #board [data-from]").first).to_be_visible()
    position = move_list(page)
    assert len(position) == ply(page)

    # The share link carries the game; a fresh browser context opens the same position.
    page.click("#share")
    link = page.input_value("#share-link")
    assert "#r=1" in link and "game=bobail" in link
    assert page.evaluate("location.hash") == "#" + link.split("#")[1]  # the address bar follows the game too
    fresh_context = page.context.browser.new_context()
    try:
        fresh = fresh_context.new_page()
        fresh_requests = watch_requests(fresh)
        fresh.set_default_timeout(START_MS)
        fresh.goto(link)
        wait_for_ply(fresh, len(position))
        assert move_list(fresh) == position
        expect(fresh.locator("#banner")).to_be_hidden()
        assert_all_local(fresh_requests)
    finally:
        fresh_context.close()

    # A reload continues the game where it was.
    page.reload()
    wait_for_ply(page, len(position))
    assert move_list(page) == position
    assert_all_local(requests)


def bridge_error(url: str) -> str:
    answer = json.loads(bridge.handle(json.dumps({"op": "load", "url": url})))
    assert not answer["ok"]
    return answer["error"]["message"]


BAD_LINKS = [
    "1eJyrVkrPz0nNTVWyUipLzClNVaoFAD",  # not a deflated record
    Record.start("kalah").play("1").play("1").play("1").to_url(),  # the third move is illegal
    "nonsense",
]


def test_bad_links_show_the_error_and_offer_a_new_game(page: Page, site_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(START_MS)
    banner = page.locator("#banner")
    for index, record_url in enumerate(BAD_LINKS):
        if index == 0:
            page.goto(table_url(site_url, "kalah", "#r=" + record_url))
        else:  # a link pasted into the same tab
            page.evaluate("url => { location.hash = 'r=' + url; }", record_url)
        expect(banner).to_be_visible(timeout=START_MS)
        expect(banner).to_contain_text("cannot be opened")
        expect(banner).to_contain_text(bridge_error(record_url))  # the bridge's own words
        assert page.locator("#board [data-move]").count() == 0
    banner.get_by_role("button", name="Start a new game").click()
    wait_for_turn(page)
    assert ply(page) == 0
    expect(banner).to_be_hidden()
    expect(page.locator("#board [data-move]").first).to_be_visible()
    assert errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_follow_the_systems_colour_scheme(page: Page, site_url: str, scheme: str) -> None:
    """The catalogue, a table and a rules page take the system's scheme; a board lies on a light
    mat in the dark, since every renderer draws in its own light colours."""
    page.emulate_media(color_scheme=scheme)
    luminance = """selector => {
        const [r, g, b] = getComputedStyle(document.querySelector(selector)).backgroundColor.match(/\\d+/g).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    }"""
    for path in ("/index.html", "/rules/kalah.html", "/play.html?game=kalah"):
        page.goto(site_url + path)
        body = page.evaluate(luminance, "body")
        assert (body < 0.2) == (scheme == "dark"), f"{path}: the page's background in {scheme} has luminance {body:.2f}"
    page.wait_for_selector("#board svg")
    mat = page.evaluate("() => getComputedStyle(document.querySelector('#board svg')).backgroundColor")
    assert (mat == "rgba(0, 0, 0, 0)") == (scheme == "light"), f"the board's mat in {scheme} is {mat}"
