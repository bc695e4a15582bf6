"""Fits Backgammon's evaluation (games/backgammon/estimate.py) to GNU Backgammon's judgement.

    python3 bench/backgammon_fit.py [--games 300] [--seed 1]

1. Plays seeded games in CPython, each turn's play chosen by the current evaluation at 0-ply
   (one play in five at random, for variety), and keeps every position a turn leaves.
2. Has Debian's gnubg (installed with apt-get when missing) judge each at 0-ply: the chance that
   the side to roll wins, cubeless. gnubg runs this same file in its own Python.
3. Fits a logistic model of features.py's numbers to those chances, one for positions with contact
   and one for races, and prints the weights to paste into estimate.py, with how far a fit of four
   fifths of the positions and the current weights are from gnubg on the fifth left out.

The positions and gnubg's answers are kept in .cache/backgammon-fit.json (--add adds a run's to
them, --again fits to them alone). The weights in estimate.py came from
    --games 150 (three times, each run's weights pasted before the next), then --games 300 --seed 1,
    then --games 300 --seed 2 --add
the last two with features.py as it is, 43,150 positions in all.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# gnubg runs this file without __file__: it finds the data by the environment.
DATA = Path(os.environ.get("BACKGAMMON_FIT_DATA") or Path(__file__).resolve().parent.parent / ".cache" / "backgammon-fit.json")
sys.path.insert(0, str(DATA.parent.parent))
GNUBG = Path("/usr/games/gnubg")
RIDGE = 0.1
"""How hard the fit pulls each weight towards 0: the point counts overlap (with the pips, say)."""
MAX_TURNS = 150
"""A game's turns kept at most: a greedy evaluation that only counts pips hits back and forth for ever."""


def gnubg_board(own: list[int], opponent: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: the opponent's points 1-24 and bar, then those of the side on roll."""
    return tuple(opponent[1:26]), tuple(own[1:26])


def judge_in_gnubg() -> None:
    """Inside gnubg: each position's chance for the side on roll, written back to DATA."""
    import gnubg  # type: ignore[import-not-found]

    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    context = gnubg.evalcontext(0, 0, 1, 1, 0.0)  # cubeless, 0-ply, deterministic
    data = json.loads(DATA.read_text())
    data["chances"] = [gnubg.evaluate(gnubg_board(own, opponent), cube, context)[0]
                       for own, opponent in data["positions"]]
    DATA.write_text(json.dumps(data))


def collect(games: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    from pygames_core.games.backgammon.estimate import win_chance
    from pygames_core.games.backgammon.moves import START_SIDE
    from pygames_core.games.backgammon.plays import plays
    from pygames_core.rng import Rng

    rng = Rng(seed)
    found = []
    for _ in range(games):
        sides = [START_SIDE, START_SIDE]
        mover = rng.below(2)
        for _ in range(MAX_TURNS):
            high, low = rng.below(6) + 1, rng.below(6) + 1
            dice = (max(high, low),) * 4 if high == low else (max(high, low), min(high, low))
            options = list(plays(sides[mover], sides[1 - mover], dice))
            if rng.below(5) == 0:
                own, opponent = options[rng.below(len(options))]
            else:
                own, opponent = min(options, key=lambda after: win_chance(after[1], after[0]))
            if own[0] == 15:
                break
            sides[mover], sides[1 - mover] = own, opponent
            mover = 1 - mover
            found.append((opponent, own))  # the side to roll first
    return found


def fit(rows, targets) -> list[float]:  # numpy arrays
    import numpy as np

    x = np.hstack([np.ones((len(rows), 1)), rows])
    y = np.clip(targets, 1e-4, 1 - 1e-4)
    weights = np.zeros(x.shape[1])
    for _ in range(30):  # Newton's method on the cross-entropy with soft targets
        p = 1 / (1 + np.exp(-x @ weights))
        gradient = x.T @ (p - y) + RIDGE * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(x.shape[1])
        weights -= np.linalg.solve(hessian, gradient)
    return [float(w) for w in weights]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--again", action="store_true", help="fit to the positions and answers kept, collecting none")
    parser.add_argument("--add", action="store_true", help="keep the positions and answers kept, and add this run's")
    options = parser.parse_args()
    try:
        import numpy  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "numpy"], check=True)
    if not GNUBG.exists():
        subprocess.run(["apt-get", "install", "-y", "-q", "gnubg"], check=True)
    from pygames_core.games.backgammon.estimate import win_chance
    from pygames_core.games.backgammon.features import contact, features

    if not options.again:
        kept = json.loads(DATA.read_text()) if options.add and DATA.exists() else {"positions": [], "chances": []}
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps({"positions": collect(options.games, options.seed)}))
        home = Path(os.environ.get("TMPDIR", "/tmp")) / "gnubg-home"  # gnubg writes its settings there
        home.mkdir(exist_ok=True)
        subprocess.run([str(GNUBG), "-t", "-q", "-r", "-p", __file__], check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "HOME": str(home), "BACKGAMMON_FIT_DATA": str(DATA)})
        if options.add:
            data = json.loads(DATA.read_text())
            DATA.write_text(json.dumps({key: kept[key] + data[key] for key in ("positions", "chances")}))
    data = json.loads(DATA.read_text())
    positions, chances = data["positions"], data["chances"]
    print(f"{len(positions)} positions, judged by {shutil.which('gnubg') or GNUBG}")
    import numpy as np

    for kind, wanted in (("CONTACT", True), ("RACE", False)):
        chosen = [i for i, (own, opponent) in enumerate(positions) if contact(own, opponent) == wanted]
        rows = np.array([features(*positions[i]) for i in chosen])
        target = np.array([chances[i] for i in chosen])
        held_out = np.arange(len(chosen)) % 5 == 0  # judged by a fit of the other four fifths

        def error(weights: list[float], rows: np.ndarray, target: np.ndarray) -> float:
            fitted = 1 / (1 + np.exp(-(weights[0] + rows @ np.array(weights[1:]))))
            return float(np.abs(fitted - target).mean())

        trial = fit(rows[~held_out], target[~held_out])
        current = np.array([win_chance(*positions[i]) for i in chosen])
        print(f"{kind}: {len(chosen)} positions; mean |error| of the chance on the fifth held out: "
              f"fitted {error(trial, rows[held_out], target[held_out]):.4f}, "
              f"current {np.abs(current - target)[held_out].mean():.4f}")
        weights = fit(rows, target)
        numbers = [f"{w:.4f}" for w in weights]
        lines = "\n".join("    " + ", ".join(numbers[i:i + 10]) + "," for i in range(0, len(numbers), 10))
        print(f"{kind}_WEIGHTS: tuple[float, ...] = (\n{lines}\n)")


try:
    import gnubg  # noqa: F401  (only inside gnubg's own Python, which runs this file without __main__)
except ImportError:
    if __name__ == "__main__":
        main()
else:
    judge_in_gnubg()
