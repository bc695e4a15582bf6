"""How often one computer player beats another, in CPython.

    python3 bench/ai_strength.py lostcities rounds=3 --a mcts:ms=300 --b random --games 10
    python3 bench/ai_strength.py backgammon match=3 --a mcts:it=400 --b mcts:it=400,blind
    python3 bench/ai_strength.py cacao --players 4 --a mcts:ms=200 --b random --games 8

A player is "random", "search" (the page's computer: `ai.choose_move`, alpha-beta for Kalah, the
turn search for Backgammon, Go's own player, else Monte Carlo) or "mcts" (Monte Carlo tree search
itself, even where the page's computer searches another way) with comma-separated settings: ms=<time
budget per move>, "turn" (ms= is then a budget per turn, spent as the page spends it:
turn_clock.py), it=<iteration cap>, limit=<playout limit in plies>, level=<quick, normal or strong:
the lapses of `ai.LEVELS`, for "search"; strong by default>, parts=<searches side by side> (for
"search", in processes of their own, as the page's strong level does in workers where the search
splits; each part has the whole budget, so give each such part a core), and "blind" to hide the
game's own `estimate_returns()` from the search (cut playouts then count as draws, after
`mcts.PLAYOUT_LIMIT` plies, as before games had estimates), and "sighted" to let it search the true
state, every hand in sight, with no worlds drawn (a bound on what reading the hidden cards could
be worth: future draws stay chance). With --players N, player a takes one
seat and b every other. Games come in rounds on the same seed, a taking each seat in turn; chance
outcomes come from the game's own generator. --first numbers the first game, so a long run may be
played in parts, on several cores or days.
Prints each game (with a's mean and longest search, or turn), a's share of the points (an equal
share is 1/N a game) and, with more than two players, how often a finished ahead of each other seat
(winners first, then by score; a tie counts half).
"""

from __future__ import annotations

import argparse
import dataclasses
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
from turn_clock import TurnClock  # noqa: E402


def parse_player(text: str) -> dict[str, object]:
    kind, _, settings = text.partition(":")
    if kind not in ("random", "search", "mcts"):
        raise SystemExit(f"unknown player {kind!r}")
    player: dict[str, object] = {"kind": kind, "ms": math.inf, "it": None, "limit": None, "blind": False,
                                 "sighted": False, "parts": 1, "level": "strong", "turn": False}
    for setting in filter(None, settings.split(",")):
        name, _, value = setting.partition("=")
        if name in ("blind", "sighted", "turn") and not value:
            player[name] = True
        elif name == "level" and kind == "search" and value in ai.LEVELS:
            player["level"] = value
        elif name in ("ms", "it", "limit") and kind != "random" or name == "parts" and kind == "search":
            player[name] = int(value)
        else:
            raise SystemExit(f"unknown setting {name!r}")
    if kind != "random" and player["ms"] == math.inf and player["it"] is None:
        raise SystemExit(f"a {kind} player needs ms= or it=")
    if kind == "search" and (player["blind"] or player["sighted"] or player["limit"] is not None):
        raise SystemExit("blind, sighted and limit= are settings of mcts")
    if player["turn"] and (player["ms"] == math.inf or player["it"] is not None):
        raise SystemExit("turn needs ms= and no it=: it makes ms= the budget of a turn")
    return player


def altered(state: State, name: str, **attributes: object) -> State:
    """The same state in a subclass with `attributes` in place of its class's; `_replace` copies
    the class, so every state the search makes from it stays so."""
    cls = type(state)
    copy = object.__new__(type(f"{name}{cls.__name__}", (cls,), attributes))
    copy.__dict__.update(state.__dict__)
    return copy


def blind(state: State) -> State:
    """The state with the contract's default estimate."""
    return altered(state, "Blind", estimate_returns=State.estimate_returns)


def sighted(state: State) -> State:
    """The state as a game without hidden information: the search reads it as it is."""
    return altered(state, "Sighted", info=dataclasses.replace(state.info, has_hidden_info=False))


def choose(state: State, player: dict[str, object], seed: int, seconds: float) -> tuple[str, int]:
    """The player's move, thinking `seconds`, and the search's iterations."""
    if player["kind"] == "random":
        return ai.choose_move(state, "random", 0, seed), 0
    if player["kind"] == "search" and player["parts"] > 1 and ai.splits(state, "search"):  # type: ignore[operator]
        return searched_in_parts(state, player, seconds, seed), 0
    if player["kind"] == "search":
        return ai.choose_move(state, "search", seconds, seed, player["it"], level=player["level"]), 0  # type: ignore[arg-type]
    searched = blind(state) if player["blind"] else state
    searched = sighted(searched) if player["sighted"] else searched
    result = mcts.search(searched, seconds, seed, player["it"], playout_limit=player["limit"])  # type: ignore[arg-type]
    return result.move, result.iterations


_part_pool: ProcessPoolExecutor | None = None


def searched_in_parts(state: State, player: dict[str, object], seconds: float, seed: int) -> str:
    """The move of `player["parts"]` searches run side by side, combined (ai.search_part)."""
    global _part_pool
    parts = player["parts"]
    if _part_pool is None:
        _part_pool = ProcessPoolExecutor(parts - 1)  # type: ignore[operator]
    others = [_part_pool.submit(ai.search_part, state, "search", seconds, seed, part, player["it"])
              for part in range(1, parts)]  # type: ignore[call-overload]
    own = ai.search_part(state, "search", seconds, seed, 0, player["it"])  # type: ignore[arg-type]
    return ai.choose_move(state, "search", seconds, seed, parts=[own] + [other.result() for other in others],  # type: ignore[list-item]
                          level=player["level"])  # type: ignore[arg-type]


def _close_part_pool() -> None:
    """Ends the parts' processes after each game: a game runs in a process of the match's own pool,
    which waits at its end for every process its workers started, so a pool left open would hang it."""
    global _part_pool
    if _part_pool is not None:
        _part_pool.shutdown()
        _part_pool = None


def play_game(game_id: str, options: dict[str, str], players: tuple[dict, dict], seed: int, first_seat: int,
              seats: int = 2) -> tuple[float, float, tuple[float, ...], int, float, float, int]:
    """(player a's return, the share of seats it finished ahead of, the scores by seat, plies,
    a's seconds per search, its longest search (turn, with "turn"), its mean iterations); a plays
    `first_seat`, b every other seat."""
    state = get_game(game_id).new(seats, options, seed)
    seconds = longest = 0.0
    searches = iterations = 0
    clocks = [TurnClock(players[0 if seat == first_seat else 1]["ms"] / 1000) for seat in range(seats)]
    try:
        while state.to_move is not None:
            for seat, clock in enumerate(clocks):
                if seat != state.turn_seat():
                    clock.turn_over()
            if state.to_move == CHANCE:
                move = chance_move(state)
            else:
                index = 0 if state.to_move == first_seat else 1
                player, clock = players[index], clocks[state.to_move]
                budget = clock.share(state) if player["turn"] else player["ms"] / 1000  # type: ignore[operator]
                started = time.perf_counter()
                move, done = choose(state, player, seed * 100_000 + state.ply, budget)  # type: ignore[attr-defined]
                took = time.perf_counter() - started
                if player["turn"]:
                    clock.spend(took)
                if index == 0 and len(state.legal_moves()) > 1:
                    seconds += took
                    longest = max(longest, clocks[first_seat].used if player["turn"] else took)
                    searches += 1
                    iterations += done
            state = state.play(move)
    finally:
        _close_part_pool()
    outcome = state.outcome()
    assert outcome is not None
    searches = max(searches, 1)
    plies = state.ply  # type: ignore[attr-defined]
    return (outcome.returns()[first_seat], outcome.standing_returns()[first_seat], outcome.scores, plies, seconds / searches,
            longest, iterations // searches)


def main() -> None:
    parser = argparse.ArgumentParser(description="Win rate of player a against player b")
    parser.add_argument("game")
    parser.add_argument("options", nargs="*", help="name=value game options")
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=10, help="a multiple of --players: a takes each seat in turn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=1,
                        help="the number of the first game: runs with --first 1 and --first 51 on one seed "
                             "play the two halves of one 100-game run")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.first < 1:
        parser.error("--first counts games from 1")
    options = dict(option.split("=", 1) for option in args.options)
    players = (parse_player(args.a), parse_player(args.b))
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        numbers = range(args.first - 1, args.first - 1 + args.games)
        jobs = [
            pool.submit(play_game, args.game, options, players, args.seed + game // args.players,
                        game % args.players, args.players)
            for game in numbers
        ]
        points = ahead_share = longest = 0.0
        thought = "turn" if players[0]["turn"] else "search"
        for game, job in zip(numbers, jobs):
            result, finished_ahead, scores, plies, seconds, game_longest, iterations = job.result()
            longest = max(longest, game_longest)
            points += result
            ahead_share += finished_ahead
            scores_text = " ".join(f"{score:g}" for score in scores)
            print(f"game {game + 1}: a as seat {game % args.players}: {result:.2f}, scores {scores_text}, {plies} plies; "
                  f"a: {seconds * 1000:.0f} ms"
                  + (f", {iterations} iterations" if players[0]["kind"] == "mcts" else "")
                  + f" per search, longest {thought} {game_longest * 1000:.0f} ms", flush=True)
    print(f"{args.a} vs {args.b}, {args.game} {' '.join(args.options)}, {args.players} players: "
          f"{points:.1f} / {args.games} ({100 * points / args.games:.0f}%, an equal share is "
          f"{100 / args.players:.0f}%)"
          + (f", ahead of {100 * ahead_share / args.games:.0f}% of the other seats" if args.players > 2 else "")
          + f"; a's longest {thought} {longest * 1000:.0f} ms; in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
