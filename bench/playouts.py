"""Random playouts per second for every game, in CPython and in Pyodide under Node.

    python3 bench/playouts.py [--seconds 2] [--max-plies 500]

A playout starts a game with its default options and the fewest players, and plays uniformly
random legal moves (chance outcomes too) with `_apply`, as the computer player's search does,
until the game ends or --max-plies. The same code runs in both interpreters; Pyodide is the
built wheel unpacked into site-packages (tests/pyodide_runner.mjs; builds dist/ first). Prints
figures only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

PLAYOUTS = r'''
import json
import time

from pygames_core.registry import games, get_game
from pygames_core.rng import Rng


def playouts(seconds, max_plies):
    figures = {}
    for info in games():
        game = get_game(info.id)
        rng = Rng(2024)
        count = plies = 0
        start = time.perf_counter()
        while count == 0 or time.perf_counter() - start < seconds:
            state = game.new(info.min_players, {}, rng.below(1 << 31))
            played = 0
            while state.to_move is not None and played < max_plies:
                state = state._apply(rng.choice(state.playing_moves()))
                played += 1
            count += 1
            plies += played
        figures[info.id] = {"playouts": count, "plies": plies, "seconds": time.perf_counter() - start}
    return figures
'''


def main() -> None:
    parser = argparse.ArgumentParser(description="Random playouts per second, CPython and Pyodide")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and interpreter")
    parser.add_argument("--max-plies", type=int, default=500)
    options = parser.parse_args()
    call = f"json.dumps(playouts({options.seconds!r}, {options.max_plies!r}))"

    namespace: dict[str, object] = {}
    exec(PLAYOUTS, namespace)
    cpython = json.loads(eval(call, namespace))  # noqa: S307  (our own snippet)

    build.build()
    node = shutil.which("node")
    if node is None:
        sys.exit("bench/playouts.py: node is not installed")
    result = subprocess.run([node, str(ROOT / "tests" / "pyodide_runner.mjs"), "--dist", str(build.DIST)],
                            input=json.dumps({"scripts": [PLAYOUTS + "\n" + call]}),
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench/playouts.py: the Pyodide runner failed:\n{result.stderr}")
    pyodide = json.loads(json.loads(result.stdout)["results"][0])

    print(f"random playouts, about {options.seconds:g} s per game, at most {options.max_plies} plies each")
    print(f"{'game':<18}{'CPython /s':>12}{'Pyodide /s':>12}{'ratio':>8}{'plies/playout':>15}")
    for game, ours in cpython.items():
        theirs = pyodide[game]
        here, there = ours["playouts"] / ours["seconds"], theirs["playouts"] / theirs["seconds"]
        print(f"{game:<18}{here:>12.1f}{there:>12.1f}{there / here:>8.2f}{ours['plies'] / ours['playouts']:>15.1f}")


if __name__ == "__main__":
    main()
