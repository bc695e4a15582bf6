"""How long the computer takes for a whole turn on the table, in Chromium: against a turn's
budget (its level) plus the pauses that let a person follow the moves.

    python3 bench/computer_turns.py [--games backgammon,kalah] [--turns 12] [--level 1000]

A person (random clicks) plays the first seat, the computer the second. For each computer
turn it prints the moves in it (a roll or a deal counts) and the seconds from the person's
move until the table is theirs again. A turn of n moves should take about START_MS, then the
level's budget, plus (n - 1) steps of STEP_MS; Pyodide's own speed is in the figure too.
Builds dist/ first.
Prints figures only; never fails on them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
import build  # noqa: E402
from table import new_game, open_table, wait_for_turn  # noqa: E402

STEP_MS = 300  # web/app.js: between the decisions of one computer turn
START_MS = 250  # web/app.js: before the computer answers a person's move


def computer_turns(page, rng: random.Random, turns: int) -> list[tuple[int, float]]:
    """(decisions, seconds) of each computer turn, after random moves by the person."""
    found: list[tuple[int, float]] = []
    state = "ready"
    while len(found) < turns and state != "over":
        before = page.get_attribute("#table", "data-ply")
        moves = page.locator("#board [data-move]")
        if moves.count() == 0:
            picks = page.locator("#board [data-from]")
            picks.nth(rng.randrange(picks.count())).click()
            continue
        moves.nth(rng.randrange(moves.count())).click()
        page.wait_for_function("before => document.getElementById('table').dataset.ply !== before", arg=before)
        if page.get_attribute("#table", "data-state") in ("ready", "over"):
            state = page.get_attribute("#table", "data-state")
            continue  # the person's turn goes on
        started = time.perf_counter()
        state = wait_for_turn(page)
        seconds = time.perf_counter() - started
        last = page.locator("#moves li").last  # the person's own row when they move again
        rows = page.locator("#moves li")
        computer_row = rows.nth(rows.count() - 2) if state != "over" else last
        decisions = computer_row.locator(".move").count()
        found.append((decisions, seconds))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="backgammon,kalah")
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--level", default="1000", choices=["300", "1000", "3000"])
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build(quiet=True)
    server = build.make_server(build.DIST, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    budget = int(options.level) / 1000
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        for game in options.games.split(","):
            page = browser.new_page()
            page.set_default_timeout(120_000)
            open_table(page, url, game)
            new_game(page, ["human", options.level])
            found = computer_turns(page, random.Random(game), options.turns)
            print(f"{game}: level {budget:g} s a turn; computer turns (moves, seconds, allowed):")
            for decisions, seconds in found:
                allowed = (START_MS + max(decisions - 1, 0) * STEP_MS) / 1000 + budget
                print(f"  {decisions:>2} moves  {seconds:6.2f} s   (allowed {allowed:.2f} s)")
            if found:
                print(f"  median {statistics.median(seconds for _, seconds in found):.2f} s, "
                      f"longest {max(seconds for _, seconds in found):.2f} s")
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
