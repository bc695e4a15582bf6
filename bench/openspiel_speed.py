"""Random playouts per second: our rules in CPython against OpenSpiel's C++ rules, in one run.

    python3 bench/openspiel_speed.py [--seconds 3] [--games kalah,go]

OpenSpiel (open_spiel 2.0.2 from PyPI, its compiled module only, installed the first time
into .cache/openspiel-venv) is driven from Python through pyspiel, in the same loop as ours:
from the start, a uniformly random legal action until the game ends. Ours plays
`state._apply(choice(state.playing_moves()))`, as the computer's searches do.

  kalah   ours: Kalah(6,4), the defaults; OpenSpiel: "mancala" (its Kalah: 6 pits of 4 seeds)
  go      ours: 9x9, area counting, free passes; OpenSpiel: "go(board_size=9,komi=5.5)"

Random Go games rarely pass twice: both end at their own move limits (ours 4 x 81 moves of play,
OpenSpiel's its own), so plies a second is the fair figure there. Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pygames_core.registry import get_game  # noqa: E402
from pygames_core.rng import Rng  # noqa: E402

OPEN_SPIEL = "open_spiel==2.0.2"
VENV = ROOT / ".cache" / "openspiel-venv"
GAMES = {
    "kalah": ({}, "mancala"),
    "go": ({"size": "9", "counting": "chinese", "aga": "no"}, "go(board_size=9,komi=5.5)"),
}

THEIRS = r'''
import json, random, sys, time
import pyspiel

def run(name, seconds):
    game = pyspiel.load_game(name)
    chooser = random.Random(2024)
    playouts = plies = 0
    started = time.perf_counter()
    while playouts == 0 or time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            plies += 1
        playouts += 1
    return {"playouts": playouts, "plies": plies, "seconds": time.perf_counter() - started}

names, seconds = json.loads(sys.argv[1]), float(sys.argv[2])
print(json.dumps({name: run(name, seconds) for name in names}))
'''


def ours(game_id: str, options: dict[str, str], seconds: float) -> dict[str, float]:
    game = get_game(game_id)
    rng = Rng(2024)
    playouts = plies = 0
    started = time.perf_counter()
    while playouts == 0 or time.perf_counter() - started < seconds:
        state = game.new(2, options, rng.below(1 << 31))
        while state.to_move is not None:
            state = state._apply(rng.choice(state.playing_moves()))
            plies += 1
        playouts += 1
    return {"playouts": playouts, "plies": plies, "seconds": time.perf_counter() - started}


def open_spiel_python() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        venv.create(VENV, with_pip=True)
    found = subprocess.run([str(python), "-c", "import pyspiel"], capture_output=True)
    if found.returncode != 0:  # the compiled module is all the loop needs: no numpy, scipy and the rest
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", OPEN_SPIEL], check=True)
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(GAMES))
    options = parser.parse_args()
    chosen = options.games.split(",")
    python = open_spiel_python()
    theirs = json.loads(subprocess.run(
        [str(python), "-c", THEIRS, json.dumps([GAMES[game][1] for game in chosen]), str(options.seconds)],
        check=True, capture_output=True, text=True).stdout)
    print(f"random playouts for about {options.seconds:g} s each; OpenSpiel {OPEN_SPIEL.split('==')[1]} through pyspiel")
    print(f"{'game':<8}{'ours plies/s':>14}{'OpenSpiel plies/s':>19}{'ratio':>8}"
          f"{'ours playouts/s':>17}{'OpenSpiel playouts/s':>22}{'ratio':>8}")
    for game in chosen:
        mine = ours(game, GAMES[game][0], options.seconds)
        other = theirs[GAMES[game][1]]
        rates = [figures[kind] / figures["seconds"] for kind in ("plies", "playouts") for figures in (mine, other)]
        print(f"{game:<8}{rates[0]:>14.0f}{rates[1]:>19.0f}{rates[0] / rates[1]:>8.3f}"
              f"{rates[2]:>17.1f}{rates[3]:>22.1f}{rates[2] / rates[3]:>8.3f}")


if __name__ == "__main__":
    main()
