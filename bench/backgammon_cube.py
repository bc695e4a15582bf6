"""Our cube decisions against GNU Backgammon's, position by position, in money games.

    python3 bench/backgammon_cube.py [--every 4] [--games N [--seed 1]]

Takes every --every'th position that bench/backgammon_fit.py keeps (.cache/backgammon-fit.json:
positions from seeded games, the side to roll first), or with --games of as many new games played
the same way, and has Debian's gnubg judge it at 0-ply,
cubeful: with the cube in the middle and with the roller owning it, the equities of no double,
double and take, double and drop (no Jacoby rule, no beavers, as our game has neither). gnubg
runs this same file in its own Python; its answers are kept in .cache/backgammon-cube.json.

Our side is games/backgammon/cube.py in a money game with gammons (cube on, gammons scored, the
cube at 1 or 2): for each position, whether to double, and the opponent's answer to a double.
The error of a choice is how much less equity it gives than gnubg's best, per unit of the cube
(the taker's equity for an answer). Prints the mean error per decision and the wrong choices by
kind. A decision is "close" when gnubg's two choices are within 0.1 of each other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

# gnubg runs this file without __file__: it finds the repository and the data by the environment.
ROOT = Path(os.environ.get("PYGAMES_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))
FIT_DATA = ROOT / ".cache" / "backgammon-fit.json"
DATA = ROOT / ".cache" / "backgammon-cube.json"
GNUBG = Path("/usr/games/gnubg")
CLOSE = 0.1


def judge_in_gnubg() -> None:
    """Inside gnubg: each kept position's cubeful equities, written back to DATA."""
    import gnubg  # type: ignore[import-not-found]

    gnubg.command("set jacoby off")
    gnubg.command("set beavers 0")
    context = gnubg.evalcontext(1, 0, 1, 1, 0.0)  # cubeful, 0-ply, deterministic
    data = json.loads(DATA.read_text())
    for owner, key in ((-1, "centred"), (0, "owned")):
        cube = gnubg.cubeinfo(1 if owner < 0 else 2, owner, 0, 0, (0, 0), 0, 0)
        data[key] = [gnubg.cfevaluate((tuple(opponent[1:26]), tuple(own[1:26])), cube, context)[1:4]
                     for own, opponent in data["positions"]]
    DATA.write_text(json.dumps(data))


def judge(every: int, games: int | None, seed: int) -> dict:
    """The kept positions' cubeful equities by gnubg, judged now if not yet for these settings."""
    settings = {"every": every, "games": games, "seed": seed if games else None}
    if DATA.exists():
        data = json.loads(DATA.read_text())
        if data.get("settings") == settings and "owned" in data:
            return data
    if games:
        from backgammon_fit import collect

        positions = collect(games, seed)[::every]
    elif FIT_DATA.exists():
        positions = json.loads(FIT_DATA.read_text())["positions"][::every]
    else:
        raise SystemExit(f"{FIT_DATA} is missing: run bench/backgammon_fit.py first, or give --games")
    if not GNUBG.exists():
        subprocess.run(["apt-get", "install", "-y", "-q", "gnubg"], check=True)
    DATA.write_text(json.dumps({"settings": settings, "positions": positions}))
    home = Path(os.environ.get("TMPDIR", "/tmp")) / "gnubg-home"  # gnubg writes its settings there
    home.mkdir(exist_ok=True)
    subprocess.run([str(GNUBG), "-t", "-q", "-r", "-p", __file__], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "HOME": str(home), "PYGAMES_ROOT": str(ROOT), "BACKGAMMON_CUBE": "1"})
    return json.loads(DATA.read_text())


def main() -> None:
    import argparse

    from pygames_core.games.backgammon import BackgammonState
    from pygames_core.games.backgammon.cube import CubeDecision

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--games", type=int, help="play this many seeded games for the positions, as "
                        "bench/backgammon_fit.py does, instead of reading its kept ones")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    data = judge(options.every, options.games, options.seed)
    start = BackgammonState.new(2, {"cube": "on", "scoring": "gammons"}, 1)
    for key, owner in (("centred", -1), ("owned", 0)):
        errors: list[float] = []
        close: list[float] = []
        wrong: Counter[str] = Counter()
        for (own, opponent), (no_double, take, drop) in zip(data["positions"], data[key]):
            state = start._replace(sides=(tuple(own), tuple(opponent)), phase="cube", to_move=0, turn=0, dice=(),
                                   cube=1 if owner < 0 else 2, cube_owner=owner)
            if "double" not in state.legal_moves():
                continue
            decisions = (
                (state, {"roll": no_double, "double": min(take, drop)}),
                (state._replace(phase="take", to_move=1), {"take": -take, "drop": -drop}),
            )
            for position, equities in decisions:
                move, _ = CubeDecision(position).decision()
                best = max(equities, key=equities.__getitem__)
                error = equities[best] - equities[move]
                errors.append(error)
                if abs(equities[best] - min(equities.values())) < CLOSE:
                    close.append(error)
                if move != best:
                    wrong[f"{move} for {best}"] += 1
        print(f"cube {key}: {len(errors)} decisions, mean error {1000 * sum(errors) / len(errors):.1f} thousandths "
              f"of the cube; close ones ({len(close)}): {1000 * sum(close) / max(len(close), 1):.1f}; "
              f"wrong {sum(wrong.values())}: " + ", ".join(f"{kind} {count}" for kind, count in wrong.most_common()))


if "BACKGAMMON_CUBE" in os.environ:  # inside gnubg's Python
    judge_in_gnubg()
elif __name__ == "__main__":
    main()
