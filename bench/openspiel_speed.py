"""Random playouts per second: our rules in CPython against OpenSpiel's C++ rules, in one run.

    python3 bench/openspiel_speed.py [--seconds 3] [--games kalah,go]

OpenSpiel (open_spiel 2.0.2 from PyPI, its compiled module only, installed the first time
into .cache/openspiel-venv) is driven from Python through pyspiel, in the same loop as ours:
from the start, a uniformly random legal action until the game ends. Ours is measured on two
boards, each playing the same random games:

  states  the rules' own states: `state._apply(choice(state.playing_moves()))`, as the Monte
          Carlo search plays every game but these two;
  search  the board the game's own computer searches on: Kalah's `KalahPosition` (its
          alpha-beta), Go's `chains.Board` (its playouts), where a uniformly random point or the
          pass is drawn again until one is legal (no suicide, no simple-ko retake).

  kalah   ours: Kalah(6,4), the defaults; OpenSpiel: "mancala" (its Kalah: 6 pits of 4 seeds)
  go      ours: 9x9, area counting, free passes; OpenSpiel: "go(board_size=9,komi=5.5)"

Random Go games rarely pass twice: both end at their own move limits (ours 4 x 81 moves of play,
OpenSpiel's its own), so plies a second is the fair figure there. For Go, the rate of the
search's own playout policy (`go.playout`, no random eye-filling, so shorter games) is printed
too, with no OpenSpiel counterpart. Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pygames_core.games.go.chains import BLACK, Board  # noqa: E402
from pygames_core.games.go.playout import playout  # noqa: E402
from pygames_core.registry import get_game  # noqa: E402
from pygames_core.rng import Rng  # noqa: E402

OPEN_SPIEL = "open_spiel==2.0.2"
VENV = ROOT / ".cache" / "openspiel-venv"
OPTIONS = {"kalah": {}, "go": {"size": "9", "counting": "chinese", "aga": "no"}}
THEIR_NAMES = {"kalah": "mancala", "go": "go(board_size=9,komi=5.5)"}

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


GO_SIZE = 9
GO_MOVE_LIMIT = 4 * GO_SIZE * GO_SIZE  # the rules' own limit on moves of play


def timed(playout: Callable[[Rng], int], seconds: float) -> dict[str, float]:
    """Runs `playout` (which plays one game and returns its plies) for about `seconds`."""
    rng = Rng(2024)
    playouts = plies = 0
    started = time.perf_counter()
    while playouts == 0 or time.perf_counter() - started < seconds:
        plies += playout(rng)
        playouts += 1
    return {"playouts": playouts, "plies": plies, "seconds": time.perf_counter() - started}


def on_states(game_id: str) -> Callable[[Rng], int]:
    game = get_game(game_id)

    def play(rng: Rng) -> int:
        state, plies = game.new(2, OPTIONS[game_id], rng.below(1 << 31)), 0
        while state.to_move is not None:
            state = state._apply(rng.choice(state.playing_moves()))
            plies += 1
        return plies
    return play


KALAH_START = get_game("kalah").new(2, OPTIONS["kalah"], 0).search_position()  # immutable: every game starts here


def on_kalah_position(rng: Rng) -> int:
    position, plies = KALAH_START, 0
    while position.to_move is not None:
        position = position.play(rng.choice(position.moves()))
        plies += 1
    return plies


def on_go_board(rng: Rng) -> int:
    board, colour, plies, passes = Board(GO_SIZE, {}), BLACK, 0, 0
    while passes < 2 and plies < GO_MOVE_LIMIT:
        refused: list[int] = []
        while True:  # uniform over the legal moves: an illegal point is drawn again
            empties = board.empties
            index = rng.below(len(empties) + 1)
            if index == len(empties):
                board.pass_move()
                passes += 1
                break
            if empties[index] not in refused:
                if board.play(empties[index], colour):
                    passes = 0
                    break
                refused.append(empties[index])
        colour = 3 - colour
        plies += 1
    return plies


def on_go_policy(rng: Rng) -> int:
    return playout(Board(GO_SIZE, {}), BLACK, rng.below(1 << 31), GO_MOVE_LIMIT, None)


SEARCH_BOARDS = {"kalah": on_kalah_position, "go": on_go_board}


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
    parser.add_argument("--games", default=",".join(OPTIONS))
    options = parser.parse_args()
    chosen = options.games.split(",")
    python = open_spiel_python()
    theirs = json.loads(subprocess.run(
        [str(python), "-c", THEIRS, json.dumps([THEIR_NAMES[game] for game in chosen]), str(options.seconds)],
        check=True, capture_output=True, text=True).stdout)
    print(f"random playouts for about {options.seconds:g} s each; OpenSpiel {OPEN_SPIEL.split('==')[1]} through pyspiel")
    print(f"{'game':<8}{'ours on':<9}{'ours plies/s':>14}{'OpenSpiel plies/s':>19}{'ratio':>8}"
          f"{'ours playouts/s':>17}{'OpenSpiel playouts/s':>22}{'ratio':>8}")
    for game in chosen:
        other = theirs[THEIR_NAMES[game]]
        for board, playout_of in (("states", on_states(game)), ("search", SEARCH_BOARDS[game])):
            mine = timed(playout_of, options.seconds)
            rates = [figures[kind] / figures["seconds"] for kind in ("plies", "playouts") for figures in (mine, other)]
            print(f"{game:<8}{board:<9}{rates[0]:>14.0f}{rates[1]:>19.0f}{rates[0] / rates[1]:>8.3f}"
                  f"{rates[2]:>17.1f}{rates[3]:>22.1f}{rates[2] / rates[3]:>8.3f}")
    if "go" in chosen:
        policy = timed(on_go_policy, options.seconds)
        print(f"go's playout policy: {policy['plies'] / policy['seconds']:.0f} plies/s, "
              f"{policy['playouts'] / policy['seconds']:.1f} playouts/s")


if __name__ == "__main__":
    main()
