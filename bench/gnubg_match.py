"""Our Backgammon computer against GNU Backgammon, and its errors by gnubg's judgement.

    python3 bench/gnubg_match.py [--games 40] [--ms 500] [--noise 0.06] [--seed 1] [--cube]

Single games, cube off (the game's defaults), seats alternating; with --cube, money games:
the cube on and gammons scored. Our player gets `--ms` for a
whole turn, all of it for the play's first move (the turn search plans the whole play), as the page
gives a level (`ai.settles_turn`; the page's normal is 1000 ms, and Pyodide is about 2x slower than
CPython); gnubg plays 0-ply with that much noise.
Dice come from our game's own generator, seeded.

Every turn where our computer had a choice is judged by gnubg at 0-ply (cubeless, deterministic):
each distinct play's equity, the error being how much less ours gives than the best, in
thousandths (mEMG). In single games the equity is 2p - 1 from the chance of winning p; in money
games (--cube) gnubg's cubeless equity, gammons and backgammons counted. gnubg (Debian's, installed with
apt-get when missing) runs this same file in its own Python, which imports our package.

With --cube every cube decision of ours (to double or roll, to take or drop) is judged by
gnubg's cubeful 0-ply evaluation (no Jacoby rule, no beavers, as our game has neither): the
error is how much less equity our choice gives than gnubg's best, per unit of the cube.
gnubg's side takes its own 0-ply cube decisions, without noise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

# gnubg runs this file without __file__: it finds the repository and its settings by the environment.
ROOT = Path(os.environ.get("PYGAMES_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))
GNUBG = Path("/usr/games/gnubg")


def in_gnubg(settings: dict) -> dict:
    import gnubg  # type: ignore[import-not-found]

    from pygames_core import ai
    from pygames_core.core import CHANCE, chance_move
    from pygames_core.games.backgammon import BackgammonState
    from pygames_core.games.backgammon.plays import plays

    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    judge = gnubg.evalcontext(0, 0, 1, 1, 0.0)
    opponent_context = gnubg.evalcontext(0, 0, 0, 0, settings["noise"])
    gnubg.command("new game")
    gnubg.command("set jacoby off")
    gnubg.command("set beavers 0")
    cubeful = gnubg.evalcontext(1, 0, 1, 1, 0.0)

    def board(own: tuple[int, ...], other: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(other[1:26]), tuple(own[1:26])

    def equity_for_mover(own: tuple[int, ...], other: tuple[int, ...]) -> float:
        """The cubeless equity of the side that just played, `own`, the other to roll."""
        if own[0] == 15:
            if not settings["cube"] or other[0]:
                return 1.0
            return 3.0 if other[25] or any(other[19:25]) else 2.0
        judged = gnubg.evaluate(board(other, own), cube, judge)
        return -judged[5] if settings["cube"] else 1.0 - 2.0 * judged[0]

    def cube_choices(state: BackgammonState) -> dict[str, float]:
        """Each answer at a cube decision and the decider's cubeful equity after it, by gnubg."""
        roller = state.turn
        owner = -1 if state.cube_owner < 0 else 0 if state.cube_owner == roller else 1
        _, no_double, take, drop, _, _ = gnubg.cfevaluate(
            board(state.sides[roller], state.sides[1 - roller]), gnubg.cubeinfo(state.cube, owner, 0, 0, (0, 0), 0, 0),
            cubeful)
        if state.phase == "cube":
            return {"roll": no_double, "double": min(take, drop)}  # the taker answers as suits it
        return {"take": -take, "drop": -drop}

    wins, points, errors, cube_errors, cube_wrong, choices, turn_seconds = 0, 0, [], [], [], 0, []
    game_options = {"cube": "on", "scoring": "gammons"} if settings["cube"] else {}
    for game in range(settings["games"]):
        ours = game % 2
        state = BackgammonState.new(2, game_options, settings["seed"] + game)
        while not state.is_over():
            if state.to_move == CHANCE:
                state = state.play(chance_move(state))
                continue
            seat = state.to_move
            if state.phase in ("cube", "take"):
                equities = cube_choices(state)
                if seat == ours:
                    move = ai.choose_move(state, "search", 0, state.ply)
                    best = max(equities, key=equities.__getitem__)
                    cube_errors.append(equities[best] - equities[move])
                    if move != best:
                        cube_wrong.append(f"{move} for {best}")
                else:
                    move = max(equities, key=equities.__getitem__)
                state = state.play(move)
                continue
            own, other, dice = state.sides[seat], state.sides[1 - seat], state.dice
            if seat == ours:
                started, left = time.perf_counter(), settings["ms"]
                while not state.is_over() and state.to_move == seat and state.phase == "move":
                    think = time.perf_counter()
                    move = ai.choose_move(state, "search", max(left, 1) / 1000, state.ply)
                    left -= int((time.perf_counter() - think) * 1000)
                    state = state.play(move)
                turn_seconds.append(time.perf_counter() - started)
                options = plays(own, other, dice)
                if len(options) > 1:
                    mine = state.sides[seat], state.sides[1 - seat]
                    best = max(equity_for_mover(*after) for after in options)
                    errors.append(best - equity_for_mover(*mine))
                choices += 1
            else:
                gnubg.command(f"set dice {dice[0]} {dice[-1]}")
                picked = gnubg.findbestmove(board(own, other), cube, opponent_context)
                steps = [f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}"
                         for a, b in zip(picked[::2], picked[1::2]) if a or b]
                while steps and not state.is_over() and state.to_move == seat:
                    legal = state.legal_moves()
                    step = next(step for step in steps if step in legal)
                    steps.remove(step)
                    state = state.play(step)
        outcome = state.outcome()
        won = outcome.winners == (ours,)
        wins += won
        points += outcome.scores[ours] - outcome.scores[1 - ours]
        print(f"game {game + 1}: we were {'White' if ours == 0 else 'Black'} and {'won' if won else 'lost'} "
              f"{max(outcome.scores):g}; {wins} of {game + 1} won, {points:+g} points",
              file=sys.stderr, flush=True)  # gnubg's own chatter is on stdout
    return {"wins": wins, "points": points, "games": settings["games"], "errors": errors, "cube_errors": cube_errors,
            "cube_wrong": cube_wrong,
            "turns": choices,
            "turn_ms_max": max(turn_seconds) * 1000, "turn_ms_mean": sum(turn_seconds) / len(turn_seconds) * 1000}


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--ms", type=int, default=500)
    parser.add_argument("--noise", type=float, default=0.06)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cube", action="store_true", help="money games: the cube on, gammons scored")
    options = parser.parse_args()
    if not GNUBG.exists():
        subprocess.run(["apt-get", "install", "-y", "-q", "gnubg"], check=True)
    home = Path(os.environ.get("TMPDIR", "/tmp")) / "gnubg-home"  # gnubg writes its settings there
    home.mkdir(exist_ok=True)
    report = home / "match.json"
    settings = {**vars(options), "report": str(report)}
    subprocess.run([str(GNUBG), "-t", "-q", "-r", "-p", __file__], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "HOME": str(home), "PYGAMES_ROOT": str(ROOT),
                        "GNUBG_MATCH": json.dumps(settings)})
    result = json.loads(report.read_text())
    errors = result["errors"]
    kind = "money games" if options.cube else "single games"
    print(f"\nwe won {result['wins']} of {result['games']} {kind} ({result['points']:+g} points) "
          f"against gnubg 0-ply, noise {options.noise}, "
          f"our turn budget {options.ms} ms (longest turn {result['turn_ms_max']:.0f} ms, mean {result['turn_ms_mean']:.0f})")
    print(f"our error by gnubg 0-ply: {1000 * sum(errors) / max(len(errors), 1):.1f} mEMG a decision "
          f"over {len(errors)} turns with a choice ({result['turns']} turns)")
    if options.cube:
        cube_errors = result["cube_errors"]
        print(f"our cube error by gnubg's cubeful 0-ply: {1000 * sum(cube_errors) / max(len(cube_errors), 1):.1f} "
              f"thousandths of the cube a decision over {len(cube_errors)} cube decisions, "
              f"{len(result['cube_wrong'])} of them wrong")
        for wrong, count in Counter(result["cube_wrong"]).most_common():
            print(f"  {wrong}: {count}")


if "GNUBG_MATCH" in os.environ:  # inside gnubg's Python
    _settings = json.loads(os.environ["GNUBG_MATCH"])
    Path(_settings["report"]).write_text(json.dumps(in_gnubg(_settings)))
elif __name__ == "__main__":
    main()
