"""Every board plays by keyboard alone: Tab reaches a move (or a piece to move), and Enter or
Space plays or picks it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from table import new_game, open_table, ply, wait_for_turn

from pygames_core import games

pytestmark = pytest.mark.browser

CHOICE = "#board [data-move], #board [data-from], #board [data-pick]"
SETTLED = "['ready', 'over', 'handover'].includes(document.getElementById('table').dataset.state)"


def tab_to(page: Page, kinds: str) -> None:
    """Presses Tab until the focus is on a board element matching `kinds`."""
    focused = "kinds => Boolean(document.activeElement?.closest('#board') && document.activeElement.matches(kinds))"
    if not page.evaluate(focused, kinds):
        page.focus("#board")
    for _ in range(400):
        if page.evaluate(focused, kinds):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {kinds} on the board")


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_the_board_plays_by_keyboard(page: Page, site_url: str, game: str) -> None:
    open_table(page, site_url, game)
    info = next(info for info in games() if info.id == game)
    new_game(page, ["human"] * info.min_players)
    start = ply(page)
    presses = 0
    key = "Enter"
    while ply(page) < start + 4 and page.get_attribute("#table", "data-state") != "over":
        presses += 1
        assert presses < 60, "the keyboard did not get four moves played"
        before = str(ply(page))
        # A whole move when one is offered, else a piece (or a cell of a shape) to pick.
        partial = "[data-from]:not([aria-pressed='true']), [data-pick]:not([aria-pressed='true'])"
        tab_to(page, "[data-move]" if page.locator("#board [data-move]").count() else partial)
        page.keyboard.press(key)
        key = "Space" if key == "Enter" else "Enter"  # both work
        # A move sent marks the table busy at once, in the key's own handler; a pick does not.
        # Either way, wait until the table is free again before reading the ply.
        page.wait_for_function(f"() => {SETTLED}")
        if page.get_attribute("#table", "data-ply") != before:
            wait_for_turn(page, before)  # taps through a hand-over screen
    assert ply(page) >= start + 4 or page.get_attribute("#table", "data-state") == "over"
    assert page.locator(CHOICE).count() > 0 or page.get_attribute("#table", "data-state") == "over"
