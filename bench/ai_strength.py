"""How often one computer player beats another, in CPython.

    python3 bench/ai_strength.py lostcities rounds=3 --a mcts:ms=300 --b random --games 10
    python3 bench/ai_strength.py backgammon match=3 --a mcts:it=400 --b mcts:it=400,blind
    python3 bench/ai_strength.py cacao --players 4 --a mcts:ms=200 --b random --games 8

A player is "random" or "mcts" (Monte Carlo tree search itself, even where the page's
computer searches another way) with comma-separated settings: ms=<time budget per
move>, it=<iteration cap>, limit=<playout limit in plies>, and "blind" to hide the
game's own `estimate_returns()` from the search (cut playouts then count as draws,
after `mcts.PLAYOUT_LIMIT` plies, as before games had estimates). With --players N,
player a takes one seat and b every other. Games come in rounds on the same seed,
a taking each seat in turn; chance outcomes come from the game's own generator.
Prints each game and a's share of the points (an equal share is 1/N a game).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pygames_core import ai  # noqa: E402
from pygames_core.ai import mcts  # noqa: E402
from pygames_core.core import CHANCE, State, chance_move  # noqa: E402
from pygames_core.registry import get_game  # noqa: E402


def parse_player(text: str) -> dict[str, object]:
    kind, _, settings = text.partition(":")
    if kind not in ("random", "mcts"):
        raise SystemExit(f"unknown player {kind!r}")
    player: dict[str, object] = {"kind": kind, "ms": math.inf, "it": None, "limit": None, "blind": False}
    for setting in filter(None, settings.split(",")):
        name, _, value = setting.partition("=")
        if name == "blind":
            player["blind"] = True
        elif name in ("ms", "it", "limit"):
            player[name] = int(value)
        else:
            raise SystemExit(f"unknown setting {name!r}")
    if kind == "mcts" and player["ms"] == math.inf and player["it"] is None:
        raise SystemExit("an mcts player needs ms= or it=")
    return player


def blind(state: State) -> State:
    """The same state in a subclass that keeps the contract's default estimate;
    `_replace` copies the class, so every state the search makes stays blind."""
    cls = type(state)
    blind_cls = type(f"Blind{cls.__name__}", (cls,), {"estimate_returns": State.estimate_returns})
    copy = object.__new__(blind_cls)
    copy.__dict__.update(state.__dict__)
    return copy


def choose(state: State, player: dict[str, object], seed: int) -> tuple[str, int]:
    """The player's move and the search's iterations."""
    if player["kind"] == "random":
        return ai.choose_move(state, "random", 0, seed), 0
    searched = blind(state) if player["blind"] else state
    seconds = player["ms"] / 1000  # type: ignore[operator]
    result = mcts.search(searched, seconds, seed, player["it"], playout_limit=player["limit"])  # type: ignore[arg-type]
    return result.move, result.iterations


def play_game(game_id: str, options: dict[str, str], players: tuple[dict, dict], seed: int, first_seat: int,
              seats: int = 2) -> tuple[float, tuple[float, ...], int, float, int]:
    """(player a's return, the scores by seat, plies, a's seconds per search, its
    mean iterations); a plays `first_seat`, b every other seat."""
    state = get_game(game_id).new(seats, options, seed)
    seconds = 0.0
    searches = iterations = 0
    while state.to_move is not None:
        if state.to_move == CHANCE:
            move = chance_move(state)
        else:
            index = 0 if state.to_move == first_seat else 1
            started = time.perf_counter()
            move, done = choose(state, players[index], seed * 100_000 + state.ply)  # type: ignore[attr-defined]
            if index == 0 and len(state.legal_moves()) > 1:
                seconds += time.perf_counter() - started
                searches += 1
                iterations += done
        state = state.play(move)
    outcome = state.outcome()
    assert outcome is not None
    searches = max(searches, 1)
    plies = state.ply  # type: ignore[attr-defined]
    return outcome.returns()[first_seat], outcome.scores, plies, seconds / searches, iterations // searches


def main() -> None:
    parser = argparse.ArgumentParser(description="Win rate of player a against player b")
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", help="name=value game options")
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=10, help="a multiple of --players: a takes each seat in turn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.options)
    players = (parse_player(args.a), parse_player(args.b))
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [
            pool.submit(play_game, args.game, options, players, args.seed + game // args.players,
                        game % args.players, args.players)
            for game in range(args.games)
        ]
        points = 0.0
        for game, job in enumerate(jobs):
            result, scores, plies, seconds, iterations = job.result()
            points += result
            scores_text = " ".join(f"{score:g}" for score in scores)
            print(f"game {game + 1}: a as seat {game % args.players}: {result:.2f}, scores {scores_text}, {plies} plies; "
                  f"a: {seconds * 1000:.0f} ms, {iterations} iterations per search", flush=True)
    print(f"{args.a} vs {args.b}, {args.game} {' '.join(args.options)}, {args.players} players: "
          f"{points:.1f} / {args.games} ({100 * points / args.games:.0f}%, an equal share is "
          f"{100 / args.players:.0f}%) "
          f"in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
