"""The strong level in Chromium: its search (the computer's, and the hint's) runs side by side in
helper workers (web/helper.js), one for each core past the first (at most three), and only the
engine's worker can add their results to a computer move.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from table import assert_all_local, new_game, open_table, wait_for_turn, watch_requests
from test_browser_games import click_something

pytestmark = pytest.mark.browser

STRONG = "3000"


def searches_expected(page: Page) -> int:
    cores = page.evaluate("navigator.hardwareConcurrency") or 1
    return min(3, max(0, cores - 1)) + 1


def test_the_strong_level_searches_side_by_side_in_helper_workers(page: Page, site_url: str) -> None:
    requests = watch_requests(page)
    open_table(page, site_url, "lostcities")
    state = new_game(page, ["human", STRONG])
    expected = searches_expected(page)
    chooser = random.Random(6)
    # The helpers start at the first strong move and join once their Python is up: a few turns.
    searches = []
    while state == "ready" and len(searches) < 12 and page.get_attribute("#table", "data-searches") != str(expected):
        before = page.get_attribute("#table", "data-ply")
        if click_something(page, chooser):
            state = wait_for_turn(page, before)
            searches.append(page.get_attribute("#table", "data-searches"))
    assert page.get_attribute("#table", "data-searches") == str(expected), searches
    assert state == "ready"
    # The hint asks the strong level too, helpers and all.
    page.evaluate("document.getElementById('table').dataset.searches = ''")
    page.click("#hint")
    expect(page.locator("#board .hinted").first).to_be_visible()
    assert page.get_attribute("#table", "data-searches") == str(expected)
    assert_all_local(requests)


def test_results_of_searches_come_from_the_engine_s_workers_alone(page: Page, site_url: str) -> None:
    """A page that sends search results of its own does not steer the computer: they are dropped
    before the bridge (which would refuse these: they name no legal move), with or without the
    strong level's helpers."""
    open_table(page, site_url, "bobail")
    answers = page.evaluate("""async () => {
        const {startEngine} = await import('./client.js');
        const engine = startEngine();
        const game = await engine.call({op: 'new', game: 'bobail'});
        const forged = [{move: 'z9-z8', iterations: 1, seconds: 0, visits: {'z9-z8': 9}, values: {'z9-z8': 1}}];
        const asked = {op: 'computer_move', record: game.record, budget_ms: 50};
        return [await engine.call({...asked, parts: forged}), await engine.call({...asked, parts: forged, parallel: true}),
                game.legal_moves];
    }""")
    *moves, legal = answers
    for answer in moves:
        assert answer["ok"], answer
        assert answer["move"] in legal
        assert "z9-z8" not in answer["record"]["moves"]
    assert moves[0]["parts"] == []
