"""The cost of `legal_moves()` per game in CPython: mean and slowest call over
the positions of seeded random games.

    python3 bench/legal_moves.py [--games 200] [--repeat 5]

Each position is timed `--repeat` times on fresh copies (the state caches its
moves) and the fastest timing is kept, so a preempted run on a busy machine
does not pass for a slow position. Prints figures only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames_core import CHANCE, chance_move, games, get_game  # noqa: E402
from pygames_core.rng import Rng  # noqa: E402


def positions(game: str, count: int) -> list:
    state_class = get_game(game)
    found = []
    for seed in range(count):
        state = state_class.new(state_class.info.min_players, {}, seed)
        rng = Rng(seed)
        while not state.is_over():
            found.append(state)
            move = chance_move(state) if state.to_move == CHANCE else rng.choice(state.playing_moves())
            state = state.play(move)
    return found


def fastest_call(state, repeat: int) -> float:
    best = float("inf")
    text = state.to_json()
    for _ in range(repeat):
        fresh = type(state).from_json(text)  # no cached moves
        started = time.perf_counter()
        fresh.legal_moves()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    print(f"legal_moves() over the positions of {arguments.games} random games per game, fastest of "
          f"{arguments.repeat} timings per position")
    print(f"{'game':<18}{'positions':>10}{'mean µs':>10}{'slowest µs':>12}{'most moves':>12}")
    for info in games():
        found = positions(info.id, arguments.games)
        timings = [fastest_call(state, arguments.repeat) for state in found]
        most = max(len(state.legal_moves()) for state in found)
        print(f"{info.id:<18}{len(found):>10}{statistics.mean(timings) * 1e6:>10.1f}"
              f"{max(timings) * 1e6:>12.1f}{most:>12}")


if __name__ == "__main__":
    main()
