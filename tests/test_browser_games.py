"""Every registered game, played to its end in Chromium by clicking, hot-seat and
against the computer.

The test knows no game: it clicks what the renderer offers. An element with
`data-move` plays that move; one with `data-from` or `data-pick` is a partial
choice (a piece to move, a cell of a shape) that leads to more elements. It
chooses among them with a seeded random generator so games do not cycle.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table import assert_all_local, move_list, new_game, open_table, ply, wait_for_turn, watch_requests

from pygames_core import games

pytestmark = pytest.mark.browser

MAX_CLICKS = 3000
SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-results"  # looked at by people; not kept in git
PARTIAL = "#board [data-from], #board [data-pick]"


def click_something(page: Page, chooser: random.Random) -> bool:
    """One click on a move (True), or on a partial choice when no whole move is offered. Waits for
    the board to offer something: the table may say a person is to move a moment before the
    board offered anything (twice in seventeen runs of the return visit in test_browser_start.py)."""
    page.wait_for_selector(f"#board [data-move], {PARTIAL}", state="attached")
    moves = page.locator("#board [data-move]")
    count = moves.count()
    if count:
        moves.nth(chooser.randrange(count)).click()
        return True
    partial = page.locator(PARTIAL)
    count = partial.count()
    assert count, "a human is to move but nothing on the board can be clicked"
    partial.nth(chooser.randrange(count)).click()
    return False


# Options that keep a game short enough to click through (every option is played in the
# contract suite).
SHORT = {"lostcities": {"rounds": "1"}}


def play_to_the_end(page: Page, chooser: random.Random) -> None:
    state = wait_for_turn(page)
    clicks = 0
    while state != "over":
        before = str(ply(page))
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
        if click_something(page, chooser):
            state = wait_for_turn(page, before)


# A hot-seat round of Lost Cities is clicked to its end in test_browser_hidden.py, which checks
# what this test does besides its privacy: one such round is enough for the suite's time.
CLICKED_ELSEWHERE = {("lostcities", "human")}


@pytest.mark.parametrize(("game", "opponent"), [
    pytest.param(info.id, opponent, id=f"{label}-{info.id}")
    for opponent, label in (("human", "hot-seat"), ("300", "computer")) for info in games()
    if (info.id, opponent) not in CLICKED_ELSEWHERE])
def test_game_plays_to_its_end_by_clicking(page: Page, site_url: str, game: str, opponent: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, game)
    info = next(info for info in games() if info.id == game)
    seats = ["human"] + [opponent] * (info.min_players - 1)
    new_game(page, seats, SHORT.get(game))
    play_to_the_end(page, random.Random(f"{game}-{opponent}"))

    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result h2")).not_to_be_empty()
    assert page.locator("#board [data-move]").count() == 0
    assert len(move_list(page)) == ply(page) > 0
    assert_all_local(requests)


def test_four_player_one_with_two_computer_seats(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "one")
    new_game(page, ["human", "300", "human", "300"])
    play_to_the_end(page, random.Random("one-4"))

    expect(page.locator("#result")).to_be_visible()
    seats = page.locator("#moves li .who").all_inner_texts()
    assert {"Black", "Red", "Blue", "Green"} <= set(seats)  # all four seats moved, two of them computers
    scores = page.locator("#result .standings").inner_text()
    assert all(name in scores for name in ("Black", "Red", "Blue", "Green")), scores
    assert_all_local(requests)


def test_three_player_flaming_pyramids_with_two_computer_seats(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "flamingpyramids")
    new_game(page, ["300", "human", "300"])
    play_to_the_end(page, random.Random("flamingpyramids-3"))

    expect(page.locator("#result")).to_be_visible()
    seats = set(page.locator("#moves li .who").all_inner_texts())
    assert {"Amber", "Violet", "Teal"} <= {" ".join(seat.split()) for seat in seats}
    assert page.locator(".seat-strip li").count() == 3, "every seat's hand and pile, in view"
    assert_all_local(requests)


def test_four_player_cacao_with_three_computer_seats(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "cacao")
    new_game(page, ["300", "human", "300", "300"])
    play_to_the_end(page, random.Random("cacao-4"))

    expect(page.locator("#result")).to_be_visible()
    seats = {" ".join(seat.split()) for seat in page.locator("#moves li .who").all_inner_texts()}
    assert {"Red", "Purple", "White", "Yellow"} <= seats
    assert page.locator(".cc-villages li").count() == 4, "every village in view"
    tiles = page.locator(".cc-board [data-spot]").evaluate_all("nodes => nodes.map((node) => node.getAttribute('aria-label'))")
    workers = [label for label in tiles if "'s " in label]
    overbuilt = [label for label in workers if label.endswith("overbuilt")]
    assert len(tiles) - len(workers) == 28, "every jungle tile laid"
    assert len(workers) + len(overbuilt) == 36, "every worker tile laid, each overbuilt one under another"
    assert_all_local(requests)


def test_three_player_evolution_with_two_computer_seats(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "evolution")
    new_game(page, ["300", "human", "300"])
    play_to_the_end(page, random.Random("evolution-3"))

    expect(page.locator("#result")).to_be_visible()
    seats = {" ".join(seat.split()) for seat in page.locator("#moves li .who").all_inner_texts()}
    assert {"Red", "Blue", "Green"} <= seats
    assert page.locator(".ev-player").count() == 3, "every player's row in view"
    scores = page.locator("#result .standings").inner_text()
    assert all(name in scores for name in ("Red", "Blue", "Green")), scores
    assert_all_local(requests)


def test_six_player_evolution_fits_a_laptop(page: Page, site_url: str) -> None:
    """Six rows of species at 1280×800: none wider than the board, every action in reach."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, site_url, "evolution")
    new_game(page, ["human", "300", "300", "300", "300", "300"])
    chooser = random.Random("evolution-6")
    while page.locator("#board .ev-species").count() < 8:  # the first rounds, until rows have grown
        before = str(ply(page))
        if click_something(page, chooser):
            assert wait_for_turn(page, before) != "over"
    assert page.locator(".ev-player").count() == 6
    board = page.locator("#board").bounding_box()
    assert board is not None
    for box in page.locator("#board .ev-species, #board .ev-hand-cards > *").evaluate_all(
            "nodes => nodes.map((node) => node.getBoundingClientRect().toJSON())"):
        assert board["x"] - 1 <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"] + 1, box
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SCREENSHOTS / "evolution-6-players-1280.png"), full_page=True)
