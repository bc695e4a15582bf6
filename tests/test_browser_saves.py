"""Nothing lost, and games to look back on: saved games, the catalogue's list of unfinished
games, damaged saves, stepping through a shared game, and game files (JSON)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from table import START_MS, move_list, new_game, open_table, ply, saved_game, wait_for_ply, wait_for_turn

from pygames_core.record import Record

pytestmark = pytest.mark.browser


def play_kalah_moves(page: Page, count: int) -> None:
    for _ in range(count):
        before = str(ply(page))
        page.locator("#board [data-move]").first.click()
        wait_for_turn(page, before)


def unfinished_rows(page: Page) -> list[str]:
    return [" ".join(text.split()) for text in page.locator("#unfinished li a").all_inner_texts()]


def test_unfinished_games_are_listed_resumed_and_deleted(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "human"])
    play_kalah_moves(page, 3)
    first = move_list(page)
    new_game(page, ["human", "human"])  # the first game stays saved
    play_kalah_moves(page, 1)

    page.goto(f"{site_url}/index.html")
    rows = unfinished_rows(page)
    assert len(rows) == 2 and all(row.startswith("Kalah") for row in rows), rows
    assert f"{len(first)} moves" in rows[1]
    expect(page.locator('[data-game="kalah"] .resume')).to_contain_text("2 games in progress")

    page.locator("#unfinished li a").nth(1).click()
    wait_for_ply(page, len(first))
    assert move_list(page) == first

    page.goto(f"{site_url}/index.html")
    page.locator("#unfinished li button").first.click()
    assert len(unfinished_rows(page)) == 1
    page.reload()
    assert len(unfinished_rows(page)) == 1


def test_damaged_saves_are_reported_and_set_aside(page: Page, site_url: str) -> None:
    page.set_default_timeout(START_MS)
    page.goto(f"{site_url}/index.html")
    good = {"id": "good1", "game": "kalah", "ply": 1, "over": False, "updated": 1}
    page.evaluate(
        """([good]) => {
            localStorage.setItem('pygames.saves', JSON.stringify([good, {id: '<img src=x onerror=alert(1)>', game: 'kalah'}]));
            localStorage.setItem('pygames.save.good1', JSON.stringify({game: 'kalah', record: {game: 'kalah', moves: ['9']}}));
        }""",
        [good],
    )
    page.reload()
    expect(page.locator("#saves-problem")).to_have_text("A saved game could not be read and was set aside.")
    assert len(unfinished_rows(page)) == 1

    # The one left reads as JSON but does not replay: the table says so and starts afresh.
    page.locator("#unfinished li a").first.click()
    wait_for_turn(page)
    expect(page.locator("#toast")).to_contain_text("could not be opened")
    assert ply(page) == 0
    assert page.evaluate("localStorage.getItem('pygames.save.good1')") is None

    page.evaluate("localStorage.setItem('pygames.saves', '{not json')")
    page.goto(f"{site_url}/index.html")
    expect(page.locator("#saves-problem")).to_be_visible()
    expect(page.locator("#unfinished")).to_be_hidden()
    assert page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('pygames.aside.')).length") == 3


def test_a_shared_game_steps_back_and_plays_on_from_an_earlier_move(page: Page, site_url: str) -> None:
    record = Record.start("kalah", {}, 2, 0)
    for move in ("3", "1", "2", "5", "2"):
        record = record.play(move)
    open_table(page, site_url, "kalah", f"#r={record.to_url()}")
    wait_for_ply(page, 5)
    original = saved_game(page)
    shown = move_list(page)

    page.click("#history-back")
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '4'")
    page.click("#history-back")
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '3'")
    expect(page.locator("#history-at")).to_have_text("Turn 2 of 4")  # South's extra turn: 3 and 1 are one turn
    assert page.locator("#board [data-move]").count() == 0  # looking, not playing
    page.click("#history-first")
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '0'")
    page.locator("#moves .move").nth(1).click()  # the position after the second move
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '2'")
    page.click("#history-forward")
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '3'")

    page.click("#play-on")
    wait_for_turn(page)
    assert ply(page) == 3 and move_list(page) == shown[:3]
    assert page.get_attribute("#table", "data-looking") == ""
    play_kalah_moves(page, 1)
    assert ply(page) == 4
    saves = page.evaluate("JSON.parse(localStorage.getItem('pygames.saves'))")
    assert len([entry for entry in saves if not entry["over"]]) == 2  # the shared game is kept as it was
    stored = [json.loads(page.evaluate("([key]) => localStorage.getItem(key)", [f"pygames.save.{entry['id']}"])) for entry in saves]
    assert original in stored


def test_a_game_saved_as_json_opens_again(page: Page, site_url: str, tmp_path) -> None:
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "human"])
    play_kalah_moves(page, 4)
    moves = move_list(page)
    with page.expect_download() as download:
        page.click("#formats button[data-format='json']")
    path = tmp_path / "kalah.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["moves"] == saved_game(page)["record"]["moves"]

    new_game(page, ["human", "human"])
    page.set_input_files("#formats input[data-format='json']", str(path))
    wait_for_ply(page, 4)
    assert move_list(page) == moves

    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "kalah", "moves": ["9"]}')
    page.set_input_files("#formats input[data-format='json']", str(broken))
    expect(page.locator("#toast")).to_contain_text("does not replay")
    assert move_list(page) == moves  # nothing changed


def test_a_file_of_another_game_leaves_the_table_free(page: Page, site_url: str, tmp_path) -> None:
    open_table(page, site_url, "go")
    new_game(page, ["human", "human"])
    page.click("#board [data-move='E5']")
    wait_for_ply(page, 1)
    kalah = tmp_path / "kalah.json"
    kalah.write_text(json.dumps({"game": "kalah", "players": 2, "moves": ["3"]}))
    page.set_input_files("#formats input[data-format='json']", str(kalah))
    expect(page.locator("#toast")).to_contain_text("holds a game of kalah, not of Go")
    page.wait_for_function("() => document.getElementById('table').dataset.state === 'ready'")
    expect(page.locator("#new-game")).to_be_enabled()
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#board [data-move='D4']")  # the game goes on
    wait_for_ply(page, 2)
