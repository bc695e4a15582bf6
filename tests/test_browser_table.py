"""The table as a player meets it: the end of a game in view, the New game dialog, rematch."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playthrough import played_out
from table import new_game, open_table, wait_for_turn

from pygames_core import Record, games

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (390, 844)]


def finished(game: str, seed: int = 3) -> Record:
    """A whole game of seeded random moves."""
    return played_out(Record.start(game, {"rounds": "1"} if game == "lostcities" else {}, seed=seed), seed)[0]


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_the_result_is_in_view_at_the_end(page: Page, site_url: str, game: str) -> None:
    record = finished(game)
    outcome = record.replay().outcome()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        open_table(page, site_url, game, f"#r={record.to_url()}")
        result = page.locator("#result")
        expect(result).to_be_visible()
        box = result.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] >= 0, (width, box)
        assert box["x"] + box["width"] <= width
        for button in ("#rematch", "#result-new", "#review"):
            expect(page.locator(button)).to_be_in_viewport()
        rows = page.locator("#result .standings li")
        expect(rows).to_have_count(len(outcome.scores))
        expect(page.locator("#result .reason")).not_to_be_empty()
    page.click("#result-close")
    expect(result).to_be_hidden()
    page.get_by_role("button", name="Show the result").click()
    expect(result).to_be_visible()
    page.click("#review")  # the result goes away, and the game is shown from its start
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '0'")
    expect(result).to_be_hidden()


def test_the_new_game_dialog_seats_the_computer_first_with_other_options(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    wait_for_turn(page)
    page.click("#new-game")
    dialog = page.locator("#setup-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#setup-options")).to_contain_text("more stones, a longer game")  # each option explained
    dialog.locator("select[name='setup-seat-0']").select_option("300")
    dialog.locator("select[name='setup-seat-1']").select_option("human")
    dialog.locator("select[name='stones']").select_option("6")
    dialog.locator("select[name='pie']").select_option("on")
    dialog.locator("#setup-start").click()
    expect(dialog).to_be_hidden()
    page.wait_for_function("() => Number(document.getElementById('table').dataset.ply) >= 1")  # the computer opened
    wait_for_turn(page)
    assert page.input_value("select[name='seat-0']") == "300" and page.input_value("select[name='seat-1']") == "human"
    expect(page.locator("#status")).to_contain_text("North to move")
    expect(page.locator("#options-now")).to_contain_text("Stones per pit: 6")
    expect(page.locator("#board [data-move='swap']")).to_have_count(1)  # the pie rule is on

    page.reload()  # remembered for this game
    wait_for_turn(page)
    page.click("#new-game")
    assert dialog.locator("select[name='stones']").input_value() == "6"
    assert dialog.locator("select[name='setup-seat-0']").input_value() == "300"
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()


def test_a_rematch_swaps_the_seats(page: Page, site_url: str) -> None:
    record = finished("bobail")
    open_table(page, site_url, "bobail", f"#r={record.to_url()}")
    page.select_option("select[name='seat-0']", "human")
    page.select_option("select[name='seat-1']", "1000")
    games_started = page.get_attribute("#table", "data-game")
    page.click("#rematch")
    page.wait_for_function("games => document.getElementById('table').dataset.game !== games", arg=games_started)
    assert page.input_value("select[name='seat-0']") == "1000" and page.input_value("select[name='seat-1']") == "human"
    expect(page.locator("#result")).to_be_hidden()


def test_resigning_ends_a_go_game(page: Page, site_url: str) -> None:
    open_table(page, site_url, "go")
    new_game(page, ["human", "human"])
    page.click("#board [data-move='E5']")
    wait_for_turn(page, "0")
    page.click("#resign")
    page.locator("#resign-dialog").get_by_role("button", name="Resign", exact=True).click()
    expect(page.locator("#result h2")).to_have_text("Black wins!")
    expect(page.locator("#result .reason")).to_have_text("White resigned: Black wins by resignation.")
    assert page.locator("#result .standings li .score").all_inner_texts() == ["1", "0"]
    expect(page.locator("#resign")).to_be_hidden()


def test_resigning_a_gammon_in_backgammon_scores_two(page: Page, site_url: str) -> None:
    open_table(page, site_url, "backgammon")
    new_game(page, ["human", "human"], {"scoring": "gammons"})
    mover = page.locator("#status b").first.inner_text()
    page.click("#resign")
    dialog = page.locator("#resign-dialog")
    expect(dialog.locator(".resign-choice")).to_have_count(3)
    before = page.get_attribute("#table", "data-ply")
    dialog.get_by_role("button", name="Resign: resigns a gammon").click()
    wait_for_turn(page, before)
    page.click("#board [data-move='accept']")
    winner = "Black" if mover == "White" else "White"
    expect(page.locator("#result h2")).to_have_text(f"{winner} wins!")
    expect(page.locator("#result .reason")).to_contain_text(f"{mover} resigns a gammon: {winner} wins 2 points")
