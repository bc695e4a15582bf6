"""Our computer at a level against a hold-out engine, in CPython, seats alternating.

    python3 bench/arena.py kalah --level strong --games 20
    python3 bench/arena.py kalah --level strong --games 10 --options empty_capture=on --seat 0

Each pair of games opens with the same random plies (--opening), our side taking
each seat once. Levels are the page's turn budgets halved (Pyodide runs about 2x slower than
CPython): quick 150 ms, normal 500 ms, strong 1500 ms a turn, each decision of a
turn getting half the time left, as web/app.js gives it.

Opponents (the first that fits the game):
  kalah   reference_kalah.py: a plain depth-12 alpha-beta on the store difference,
          its own rules, checked against ours after every move

Prints each game and a table: wins, draws, losses and the score (wins plus half
the draws) of our side.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import reference_kalah  # noqa: E402

from pygames_core import ai  # noqa: E402
from pygames_core.ai import alphabeta  # noqa: E402
from pygames_core.core import State  # noqa: E402
from pygames_core.registry import get_game  # noqa: E402

LEVELS = {"quick": 0.15, "normal": 0.5, "strong": 1.5}
LEAST_THOUGHT = 0.05
REFERENCE_DEPTH = 12


@functools.lru_cache(maxsize=None)
def _reference_pit(board: tuple[int, ...], seat: int, empty_capture: bool) -> int:
    return reference_kalah.choose_pit(list(board), seat, REFERENCE_DEPTH, empty_capture)


def reference_move(state: State) -> str:
    """The hold-out's move, after checking that its rules agree with ours on every pit."""
    seat = state.to_move
    empty_capture = state.empty_capture  # type: ignore[attr-defined]
    for move in state.playing_moves():
        pit = 7 * seat + int(move) - 1  # type: ignore[operator]
        board, following = reference_kalah.successor(list(state.pits), seat, pit, empty_capture)  # type: ignore
        after = state.play(move)
        if (tuple(board), following) != (after.pits, after.to_move):  # type: ignore[attr-defined]
            raise SystemExit(f"the reference disagrees with our rules after {move} in {state.pits}")  # type: ignore
    pit = _reference_pit(state.pits, seat, empty_capture)  # type: ignore[arg-type]
    return str(pit - 7 * seat + 1)  # type: ignore[operator]


def our_move(state: State, seconds: float, seed: int, rate: float | None) -> tuple[str, float]:
    """Our move and the thinking time it counts for: the clock's, or with `rate`, its nodes at that rate."""
    if rate is None:
        asked = time.perf_counter()
        move = ai.choose_move(state, "mcts", seconds, seed)
        return move, time.perf_counter() - asked
    result = alphabeta.search(state.search_position(), math.inf, max(1, int(seconds * rate)))
    return result.move, result.nodes / rate


def play_game(game_id: str, options: dict[str, str], level: str, our_seat: int, seed: int,
              rate: float | None, opening: int) -> dict[str, object]:
    state = get_game(game_id).new(2, options, seed)
    chooser = random.Random(seed)
    for _ in range(opening):  # the same opening for both seatings of a pair of games
        state = state.play(chooser.choice(state.playing_moves()))
    turn_left, turn_seat, worst, turn_used = 0.0, None, 0.0, 0.0
    while state.to_move is not None:
        seat = state.to_move
        if seat == our_seat:
            if turn_seat != seat:
                turn_left, turn_seat, turn_used = LEVELS[level], seat, 0.0
            move, used = our_move(state, max(LEAST_THOUGHT, turn_left / 2), seed + state.ply, rate)  # type: ignore
            turn_left -= used
            turn_used += used
            worst = max(worst, turn_used / LEVELS[level])
        else:
            turn_seat = None
            move = reference_move(state)
        state = state.play(move)
    outcome = state.outcome()
    assert outcome is not None
    return {"seat": our_seat, "scores": outcome.scores, "returns": outcome.returns()[our_seat],
            "worst_turn": worst}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=["kalah"])
    parser.add_argument("--level", choices=list(LEVELS), default="strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--options", default="", help="name=value,... of the game's options")
    parser.add_argument("--seat", type=int, choices=[0, 1], help="always this seat (default: alternate)")
    parser.add_argument("--opening", type=int, default=2, help="random plies to open each pair of games with "
                        "(both engines are deterministic: this is where games differ)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, help="nodes a second: budgets become node caps at this rate "
                        "(what a quiet machine searches), so a busy machine does not weaken our side")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in filter(None, args.options.split(",")))
    seats = [args.seat if args.seat is not None else game % 2 for game in range(args.games)]
    openings = [game // 2 for game in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play_game, [args.game] * args.games, [options] * args.games,
                              [args.level] * args.games, seats, openings, [args.rate] * args.games,
                              [args.opening] * args.games))
    for number, game in enumerate(games, 1):
        print(f"game {number:2}: opening {(number - 1) // 2}, ours as seat {game['seat']}, scores {game['scores']}, "
              f"return {game['returns']}, longest turn {game['worst_turn']:.2f}x the budget")
    wins = sum(game["returns"] == 1.0 for game in games)
    draws = sum(game["returns"] == 0.5 for game in games)
    losses = len(games) - wins - draws
    score = (wins + draws / 2) / len(games)
    worst = max(game["worst_turn"] for game in games)  # type: ignore[type-var]
    print(f"\n| match-up | games | wins | draws | losses | score | longest turn |")
    print(f"|---|---|---|---|---|---|---|")
    clock = f" at {args.rate:.0f} nodes/s" if args.rate else ""
    print(f"| {args.game} {args.options or 'default'}, {args.level}{clock} vs depth-{REFERENCE_DEPTH} alpha-beta "
          f"| {len(games)} | {wins} | {draws} | {losses} | {score:.0%} | {worst:.2f}x |")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
