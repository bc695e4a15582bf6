"""Go in Chromium: a 9x9 game played to the dead-stone stage, a dead stone marked,
the marking accepted by both players and scored; then the game saved as SGF and
opened again in a fresh page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from table import START_MS, move_list, new_game, open_table, ply, wait_for_turn

pytestmark = pytest.mark.browser


def click_move(page: Page, move: str) -> None:
    before = str(ply(page))
    page.locator(f"#board [data-move='{move}']").first.click()
    wait_for_turn(page, before)


def test_go_to_the_score_and_back_through_sgf(page: Page, site_url: str, tmp_path) -> None:
    open_table(page, site_url, "go")
    new_game(page, ["human", "human"])

    # Black walls in a lone White stone at C3, then both pass.
    for move in ("D4", "C3", "D3", "pass", "C4", "pass", "D2", "pass", "pass"):
        click_move(page, move)
    expect(page.locator("#board [data-move='accept']")).to_be_visible()

    # Black passed last, so White marks first: its own stone on C3 is dead.
    click_move(page, "dead C3")
    click_move(page, "accept")
    click_move(page, "accept")
    assert page.get_attribute("#table", "data-state") == "over"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result h2")).to_have_text("Black wins!")
    moves = move_list(page)

    with page.expect_download() as download_info:
        page.click("[data-format='sgf']")
    sgf_path = tmp_path / "game.sgf"
    download_info.value.save_as(sgf_path)
    text = sgf_path.read_text()
    assert text.startswith("(;") and "SZ[9]" in text and ";B[df];W[cg]" in text  # SGF counts rows from the top: D4 is df on 9x9

    fresh = page.context.new_page()
    fresh.set_default_timeout(START_MS)
    open_table(fresh, site_url, "go")
    fresh.set_input_files("input[type='file'][data-format='sgf']", str(sgf_path))
    fresh.wait_for_function("count => document.getElementById('table').dataset.ply === count", arg=str(len(moves)))
    assert move_list(fresh) == moves
    assert fresh.get_attribute("#table", "data-state") == "over"
