"""Fits Backgammon's evaluation (games/backgammon/estimate.py) to GNU Backgammon's judgement.

    python3 bench/backgammon_fit.py [--games 300] [--seed 1] [--against-gnubg NOISE]

1. Plays seeded games in CPython, each turn's play chosen by the current evaluation at 0-ply
   (one play in five at random, for variety), and keeps every position a turn leaves. With
   --against-gnubg, gnubg 0-ply with that much noise plays the second seat (the games then run
   in gnubg's Python, and differ from run to run: gnubg's noise is not seeded).
2. Has Debian's gnubg (installed with apt-get when missing) judge each at 0-ply: the chances that
   the side to roll wins, and wins or loses a gammon (backgammons included), cubeless. gnubg runs
   this same file in its own Python.
3. Fits features.py's numbers to those chances: a network of one layer of tanh units for positions
   with contact, which it writes to games/backgammon/network.py, and a logistic model for races,
   whose weights it prints to paste into estimate.py; with how far a fit of four fifths of the
   positions and the current model are from gnubg on the fifth left out. Then, over all positions,
   a network for each gammon chance (estimate.gammon_chances), written beside the contact model.

The positions and gnubg's answers are kept in .cache/backgammon-fit.json (--add adds a run's to
them, --again fits to them alone). The race weights in estimate.py came from
    --games 150 (three times, each run's weights pasted before the next), then --games 300 --seed 1,
    then --games 300 --seed 2 --add
the last two with features.py as it is, 43,150 positions in all. The networks came from
--games 300 --seed 1, then --games 300 --seed 2 --add, then --games 300 --seed 3 --add
--against-gnubg 0.06 (8 units), each run's games played by the networks the run before wrote:
63,964 positions. The networks before them were fitted to games our evaluation played against
itself alone, and such games steer into the positions it overrates: on 100 new games against
gnubg (noise 0.06, seed 9) they were off gnubg's chance by more than 0.2 in 4.4% of
positions, these in 1.2%; the mean error of positions with contact fell from 0.059 to 0.042, and
of the gammon chances from 0.038 and 0.035 to 0.027 and 0.026.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pygames_core.games.backgammon.plays import Sides

# gnubg runs this file without __file__: it finds the data by the environment.
DATA = Path(os.environ.get("BACKGAMMON_FIT_DATA") or Path(__file__).resolve().parent.parent / ".cache" / "backgammon-fit.json")
sys.path.insert(0, str(DATA.parent.parent))
GNUBG = Path("/usr/games/gnubg")
RIDGE = 0.1
"""How hard the race model's fit pulls each weight towards 0: the point counts overlap (with the pips, say)."""
HIDDEN = 8
"""The contact model's units: 16 came within 0.0005 of 8 on held-out positions, at twice the cost."""
EPOCHS, BATCH, LEARNING_RATE = 60, 256, 0.003
NETWORK = DATA.parent.parent / "pygames_core" / "games" / "backgammon" / "network.py"
MAX_TURNS = 150
"""A game's turns kept at most: a greedy evaluation that only counts pips hits back and forth for ever."""


def gnubg_board(own: Sequence[int], opponent: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: the opponent's points 1-24 and bar, then those of the side on roll."""
    return tuple(opponent[1:26]), tuple(own[1:26])


def judge_in_gnubg() -> None:
    """Inside gnubg: each position's chances for the side on roll (to win, to win a gammon, to win
    a backgammon, to lose a gammon, to lose a backgammon), written back to DATA."""
    import gnubg  # type: ignore[import-not-found]

    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    context = gnubg.evalcontext(0, 0, 1, 1, 0.0)  # cubeless, 0-ply, deterministic
    data = json.loads(DATA.read_text())
    data["outputs"] = [gnubg.evaluate(gnubg_board(own, opponent), cube, context)[:5]
                       for own, opponent in data["positions"]]
    DATA.write_text(json.dumps(data))


def play_in_gnubg() -> None:
    """Inside gnubg: `collect`'s games with gnubg 0-ply, with --against-gnubg's noise, playing the
    second seat; the positions written to DATA. The dice are seeded, gnubg's noise is not, so two
    runs of the same seed differ."""
    import gnubg  # type: ignore[import-not-found]

    from pygames_core.games.backgammon.moves import play_step

    settings = json.loads(os.environ["BACKGAMMON_FIT_PLAY"])
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    context = gnubg.evalcontext(0, 0, 0, 0, settings["noise"])
    gnubg.command("new game")

    def gnubg_plays(own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...]) -> Sides:
        gnubg.command(f"set dice {dice[0]} {dice[-1]}")
        picked = gnubg.findbestmove(gnubg_board(own, opponent), cube, context)
        for origin, target in zip(picked[::2], picked[1::2]):
            if origin or target:
                own, opponent, _ = play_step(own, opponent, origin, target)
        return own, opponent

    DATA.write_text(json.dumps({"positions": collect(settings["games"], settings["seed"], gnubg_plays)}))


def collect(games: int, seed: int, second: Callable[..., Sides] | None = None) -> list[Sides]:
    """Every position a turn leaves in `games` seeded games, the side to roll first. Each turn is
    the play the current evaluation likes best at 0-ply, one in five at random for variety; with
    `second` (the sides and the dice to the sides after), the second seat plays by it."""
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
            if second is not None and mover == 1:
                own, opponent = second(sides[mover], sides[1 - mover], dice)
            else:
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


def fit_network(rows, targets, hidden: int, seed: int = 0) -> list[float]:  # numpy arrays
    """One layer of `hidden` tanh units and a logistic output, by Adam on the cross-entropy with
    soft targets over standardized numbers; the standardizing is then folded into the weights, laid
    out as estimate._Network reads them: each unit's constant and weights, then the output's."""
    import numpy as np

    generator = np.random.default_rng(seed)
    mean, spread = rows.mean(0), rows.std(0)
    spread[spread < 1e-9] = np.inf  # a number that never changes gets no weight
    x = (rows - mean) / spread
    params = [generator.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], hidden)), np.zeros(hidden),
              generator.normal(0, 1 / np.sqrt(hidden), hidden), np.zeros(1)]
    first, second = [np.zeros_like(p) for p in params], [np.zeros_like(p) for p in params]
    steps = 0
    for _ in range(EPOCHS):
        order = generator.permutation(len(x))
        for start in range(0, len(x), BATCH):
            batch = order[start:start + BATCH]
            units = np.tanh(x[batch] @ params[0] + params[1])
            chance = 1 / (1 + np.exp(-(units @ params[2] + params[3][0])))
            slope = (chance - targets[batch]) / len(batch)
            back = np.outer(slope, params[2]) * (1 - units * units)
            grads = [x[batch].T @ back, back.sum(0), units.T @ slope, np.array([slope.sum()])]
            steps += 1
            for param, grad, m, v in zip(params, grads, first, second):
                m += 0.1 * (grad - m)
                v += 0.001 * (grad * grad - v)
                param -= LEARNING_RATE * (m / (1 - 0.9 ** steps)) / (np.sqrt(v / (1 - 0.999 ** steps)) + 1e-8)
    inputs = params[0] / spread[:, None]
    constants = params[1] - mean @ inputs
    weights = [w for unit in range(hidden) for w in (constants[unit], *inputs[:, unit])]
    return [float(w) for w in (*weights, params[3][0], *params[2])]


def logistic_chance(weights: list[float], rows):  # numpy arrays
    import numpy as np

    return 1 / (1 + np.exp(-(weights[0] + rows @ np.array(weights[1:]))))


def network_chance(weights: list[float], rows, hidden: int):  # numpy arrays
    import numpy as np

    size = (len(weights) - 1) // hidden - 1
    layer = np.array(weights[:hidden * size]).reshape(hidden, size)
    units = np.tanh(layer[:, 0] + rows @ layer[:, 1:].T)
    return 1 / (1 + np.exp(-(weights[hidden * size] + units @ np.array(weights[hidden * size + 1:]))))


def write_network(networks: dict[str, list[float]], hidden: int, positions: int, gammon_positions: int) -> None:
    def listed(weights: list[float]) -> str:
        numbers = [f"{w:.6g}" for w in weights]
        return "\n".join("    " + ", ".join(numbers[i:i + 8]) + "," for i in range(0, len(numbers), 8))

    tables = "\n\n".join(f"{name}: tuple[float, ...] = (\n{listed(weights)}\n)" for name, weights in networks.items())
    NETWORK.write_text(
        f'"""The weights of Backgammon\'s networks (estimate._Network), as bench/backgammon_fit.py fitted\n'
        f"them to GNU Backgammon's 0-ply chances: the contact model (WEIGHTS) to the chance of winning of\n"
        f"{positions:,} positions with contact, the gammon models to the chances of winning and of losing a\n"
        f"gammon of {gammon_positions:,} positions. Written by that script: fit again rather than edit.\"\"\"\n\n"
        f"HIDDEN = {hidden}\n\n{tables}\n")


def judge(positions: list) -> list[list[float]]:
    """gnubg's chances for each position (judge_in_gnubg)."""
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"positions": positions}))
    return in_gnubg("outputs")


def collect_against_gnubg(games: int, seed: int, noise: float) -> list[Sides]:
    """`collect`'s positions from games against gnubg (play_in_gnubg)."""
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text("{}")
    positions = in_gnubg("positions", BACKGAMMON_FIT_PLAY=json.dumps({"games": games, "seed": seed, "noise": noise}))
    return [tuple(map(tuple, sides)) for sides in positions]


def in_gnubg(answer: str, **environment: str) -> list:
    """Runs this file in gnubg's own Python, which reads DATA and writes `answer` into it; returns
    that. gnubg exits with 0 even when its Python fails, so a missing answer is the sign."""
    home = Path(os.environ.get("TMPDIR", "/tmp")) / "gnubg-home"  # gnubg writes its settings there
    home.mkdir(exist_ok=True)
    subprocess.run([str(GNUBG), "-t", "-q", "-r", "-p", __file__], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "HOME": str(home), "BACKGAMMON_FIT_DATA": str(DATA), **environment})
    written = json.loads(DATA.read_text())
    if answer not in written:
        raise SystemExit(f"gnubg's Python wrote no {answer!r} to {DATA}: its error is above")
    return written[answer]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--again", action="store_true", help="fit to the positions and answers kept, collecting none")
    parser.add_argument("--add", action="store_true", help="keep the positions and answers kept, and add this run's")
    parser.add_argument("--hidden", type=int, default=HIDDEN, help="the contact model's units")
    parser.add_argument("--against-gnubg", type=float, metavar="NOISE",
                        help="gnubg 0-ply with this much noise plays the second seat of each game")
    options = parser.parse_args()
    try:
        import numpy  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "numpy"], check=True)
    if not GNUBG.exists():
        subprocess.run(["apt-get", "install", "-y", "-q", "gnubg"], check=True)
    from pygames_core.games.backgammon.estimate import gammon_chances, win_chance
    from pygames_core.games.backgammon.features import contact, features

    kept = json.loads(DATA.read_text()) if (options.again or options.add) and DATA.exists() else {"positions": []}
    if options.again and "outputs" not in kept:  # kept by an older version, with the chance to win alone
        kept["outputs"] = judge(kept["positions"])
    elif not options.again:
        if options.against_gnubg is None:
            positions = collect(options.games, options.seed)
        else:
            positions = collect_against_gnubg(options.games, options.seed, options.against_gnubg)
        kept = {"positions": kept["positions"] + positions, "outputs": kept.get("outputs", []) + judge(positions)}
    DATA.write_text(json.dumps(kept))
    positions, outputs = kept["positions"], kept["outputs"]
    print(f"{len(positions)} positions, judged by {shutil.which('gnubg') or GNUBG}")
    import numpy as np

    networks: dict[str, list[float]] = {}
    every = list(range(len(positions)))
    models = (("CONTACT", 0, [i for i, (own, opponent) in enumerate(positions) if contact(own, opponent)]),
              ("RACE", 0, [i for i, (own, opponent) in enumerate(positions) if not contact(own, opponent)]),
              ("GAMMON_WIN", 1, every), ("GAMMON_LOSS", 3, every))
    for kind, column, chosen in models:
        rows = np.array([features(*positions[i]) for i in chosen])
        target = np.array([outputs[i][column] for i in chosen])
        held_out = np.arange(len(chosen)) % 5 == 0  # judged by a fit of the other four fifths
        fitted, chance = ((fit, logistic_chance) if kind == "RACE" else
                          (partial(fit_network, hidden=options.hidden), partial(network_chance, hidden=options.hidden)))
        trial = fitted(rows[~held_out], target[~held_out])
        current = np.array([win_chance(*positions[i]) if column == 0 else gammon_chances(*positions[i])[column // 2]
                            for i in chosen])
        print(f"{kind}: {len(chosen)} positions; mean |error| of the chance on the fifth held out: "
              f"fitted {np.abs(chance(trial, rows[held_out]) - target[held_out]).mean():.4f}, "
              f"current {np.abs(current - target)[held_out].mean():.4f}")
        weights = fitted(rows, target)
        if kind != "RACE":
            networks[{"CONTACT": "WEIGHTS"}.get(kind, f"{kind}_WEIGHTS")] = weights
            continue
        numbers = [f"{w:.4f}" for w in weights]
        lines = "\n".join("    " + ", ".join(numbers[i:i + 10]) + "," for i in range(0, len(numbers), 10))
        print(f"{kind}_WEIGHTS: tuple[float, ...] = (\n{lines}\n)")
    write_network(networks, options.hidden, len(models[0][2]), len(positions))
    print(f"wrote {NETWORK}")


try:
    import gnubg  # noqa: F401  (only inside gnubg's own Python, which runs this file without __main__)
except ImportError:
    if __name__ == "__main__":
        main()
else:
    if "BACKGAMMON_FIT_PLAY" in os.environ:
        play_in_gnubg()
    else:
        judge_in_gnubg()
