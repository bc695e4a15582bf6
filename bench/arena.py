"""Our computer at a level against a hold-out engine, in CPython, seats alternating.

    python3 bench/arena.py kalah --level strong --games 20
    python3 bench/arena.py kalah --level strong --games 10 --options empty_capture=on --seat 0
    python3 bench/arena.py go --level normal --games 20 --gnugo-level 1 --size 9

Each pair of games opens with the same random plies (--opening), our side taking
each seat once. Levels are the page's turn budgets halved (Pyodide runs about 2x slower than
CPython): quick 150 ms, normal 500 ms, strong 1500 ms a turn, each decision of a
turn getting half the time left (all of it for the last: a Go move), as web/app.js gives it
(turn_clock.py), with the level's lapses (ai.LEVELS). With --rate a budget becomes a
cap on the search's steps at that rate (alpha-beta nodes for Kalah, playouts for Go), and
the time a decision counts for is its steps over the rate.

Opponents (the first that fits the game):
  kalah   reference_kalah.py: a plain depth-12 alpha-beta on the store difference,
          its own rules, checked against ours after every move
  go      GNU Go (Debian's /usr/games/gnugo, installed with apt-get when missing) over GTP:
          gnugo --mode gtp --level L --chinese-rules --situational-superko --komi K
          --boardsize N --seed S, L from --gnugo-level (0-10, default 1), one process per
          game, S the game's number. Our game is played with area counting, free passes
          and the board's normal komi (K = 5.5 on 9x9 and 13x13), as GNU Go's Chinese
          rules have it; its situational superko and ban on suicide are ours too.
          A move of GNU Go's that our rules refuse is counted, warned of and played
          as a pass on both boards. A game ends when a side resigns, after two passes
          in a row (we do not play the dead-stone stage) or at our move limit, and
          the last two are judged by GNU Go's final_score; our own count (our
          player's dead stones, our scoring) is shown beside it.

Prints each game and a table. Kalah: wins, draws, losses and the score (wins plus
half the draws) of our side. Go: wins, losses, the win rate and the mean margin
of the games GNU Go counted (+ when ours won).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import reference_kalah  # noqa: E402
from turn_clock import TurnClock  # noqa: E402

from pygames_core import ai  # noqa: E402
from pygames_core.ai.go_player import estimate_dead  # noqa: E402
from pygames_core.core import IllegalMoveError, State, winners_by_score  # noqa: E402
from pygames_core.games.go import PASS, RESIGN, SEAT_NAMES, GoState  # noqa: E402
from pygames_core.games.go.scoring import Score, score  # noqa: E402
from pygames_core.registry import get_game  # noqa: E402

LEVELS = {"quick": 0.15, "normal": 0.5, "strong": 1.5}
REFERENCE_DEPTH = 12
OPENINGS = {"kalah": 2, "go": 0}
"""Random plies before each pair of games: Kalah's engines are deterministic, so this is
where its games differ; in Go both sides draw on seeds."""
GNUGO = Path("/usr/games/gnugo")
GO_OPTIONS = {"counting": "chinese", "komi": "normal", "aga": "no"}
"""Area counting and free passes: the rules GNU Go plays with --chinese-rules."""
GTP_COLOURS = ("black", "white")
STEPS = {"kalah": "nodes", "go": "playouts"}
"""What --rate counts, per game."""


@dataclass(frozen=True)
class Match:
    """What every game of a run shares."""

    game: str
    options: dict[str, str]
    level: str
    rate: float | None
    opening: int
    gnugo_level: int


def our_move(state: State, seconds: float, seed: int, match: Match) -> tuple[str, float]:
    """Our move at the match's level and the thinking time it counts for: the clock's, or with
    a rate, its search steps at that rate."""
    if match.rate is None:
        asked = time.perf_counter()
        move = ai.choose_move(state, "search", seconds, seed, level=match.level)
        return move, time.perf_counter() - asked
    steps = max(1, int(seconds * match.rate))
    position = state.search_position()
    if position is not None:  # alpha-beta says how many nodes it searched
        move, nodes = ai.alphabeta_move(position, math.inf, seed, steps, level=match.level)
        return move, nodes / match.rate
    return ai.choose_move(state, "search", math.inf, seed, iterations=steps, level=match.level), steps / match.rate


def opening_moves(state: State, plies: int, seed: int) -> list[str]:
    """Random moves to open a pair of games with (never a pass: Go's opening would end at two)."""
    chooser = random.Random(seed)
    moves = []
    for _ in range(plies):
        move = chooser.choice([move for move in state.playing_moves() if move != PASS])
        moves.append(move)
        state = state.play(move)
    return moves


# -- Kalah against the reference alpha-beta ---------------------------------------------------

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


def play_kalah(match: Match, number: int, our_seat: int) -> dict[str, object]:
    seed = number // 2  # the pair's: both seatings open alike
    state = get_game(match.game).new(2, match.options, seed)
    for move in opening_moves(state, match.opening, seed):
        state = state.play(move)
    clock = TurnClock(LEVELS[match.level])
    while state.to_move is not None:
        if state.to_move == our_seat:
            move, used = our_move(state, clock.share(state), seed + state.ply, match)
            clock.spend(used)
        else:
            clock.turn_over()
            move = reference_move(state)
        state = state.play(move)
    outcome = state.outcome()
    assert outcome is not None
    returns = outcome.returns()[our_seat]
    return {"returns": returns, "worst_turn": clock.longest,
            "line": f"opening {seed}, ours as seat {our_seat}, scores {outcome.scores}, return {returns}"}


# -- Go against GNU Go --------------------------------------------------------------------------

class GtpError(RuntimeError):
    """GNU Go refused a command (its answer began with "?") or stopped answering."""


class GnuGo:
    """One GNU Go process spoken to over GTP; leaving the with-block always ends it."""

    def __init__(self, level: int, size: int, komi: float, seed: int) -> None:
        # --seed 0 would mean a fresh random game each time, so seeds start at 1.
        self.process = subprocess.Popen(
            [str(GNUGO), "--mode", "gtp", "--level", str(level), "--chinese-rules", "--situational-superko",
             "--komi", str(komi), "--boardsize", str(size), "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __enter__(self) -> GnuGo:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            self.ask("quit")
        except (GtpError, OSError):
            self.process.kill()  # gone already, or not answering: make sure it ends
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(BrokenPipeError):  # stdin may still hold a "quit" it could not send
                pipe.close()  # type: ignore[union-attr]

    def ask(self, command: str) -> str:
        """GNU Go's answer to one GTP command, without the leading "= "."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while (line := self.process.stdout.readline()) not in ("", "\n"):  # an answer ends with an empty line
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise GtpError(f"GNU Go answered {command!r} with {answer or 'nothing'!r}")
        return answer[1:].strip()

    def generate(self, seat: int) -> str:
        """GNU Go's move for `seat`, played on its board, in our notation ("D4", "pass", "resign")."""
        move = self.ask(f"genmove {GTP_COLOURS[seat]}")  # GNU Go writes "D4", "PASS", "resign"
        return move.lower() if move.upper() in ("PASS", "RESIGN") else move.upper()

    def stones(self) -> tuple[set[str], set[str]]:
        """The points of GNU Go's black and white stones."""
        return tuple(set(self.ask(f"list_stones {colour}").split()) for colour in GTP_COLOURS)  # type: ignore[return-value]


def our_count(state: GoState) -> Score:
    """The end counted our way: our player's estimate of the dead stones, then our scoring."""
    return score(state.board, state.geometry, estimate_dead(state), counting=state.counting,
                 captures=state.captures, pass_stones=state.pass_stones, komi=state.komi, handicap=state.handicap)


def play_go(match: Match, number: int, our_seat: int) -> dict[str, object]:
    seed = number // 2  # the pair's: both seatings open alike
    state: GoState = get_game("go").new(2, match.options, seed)  # type: ignore[assignment]
    clock = TurnClock(LEVELS[match.level])
    illegal, our_moves = 0, 0
    with GnuGo(match.gnugo_level, state.size, state.komi, number + 1) as gnugo:
        for move in opening_moves(state, match.opening, seed):
            gnugo.ask(f"play {GTP_COLOURS[state.to_move]} {move}")  # type: ignore[index]
            state = state.play(move)
        while state.stage == "play":  # resignation and the move limit end the game; two passes open marking
            seat: int = state.to_move  # type: ignore[assignment]
            if seat == our_seat:
                move, used = our_move(state, clock.share(state), seed + state.ply, match)
                clock.spend(used)
                our_moves += 1
                if move != RESIGN:
                    gnugo.ask(f"play {GTP_COLOURS[seat]} {move}")  # a refusal raises: the boards would part
                state = state.play(move)
                continue
            clock.turn_over()
            move = gnugo.generate(seat)
            try:
                state = state.play(move)
            except IllegalMoveError as error:  # not expected under --situational-superko: a pass on both boards
                illegal += 1
                print(f"warning: game {number + 1}: GNU Go's {move} breaks our rules ({error.reason}); "
                      "played as a pass", file=sys.stderr, flush=True)
                gnugo.ask("undo")
                gnugo.ask(f"play {GTP_COLOURS[seat]} pass")
                state = state.play(PASS)
        version = gnugo.ask("version")
        if state.resigned is not None:
            winner, margin, agrees = 1 - state.resigned, None, None
            judgement = f"{SEAT_NAMES[state.resigned]} ({'ours' if state.resigned == our_seat else 'GNU Go'}) resigned"
        else:
            names = state.geometry.names
            if gnugo.stones() != tuple({names[point] for point, stone in enumerate(state.board) if stone == colour}
                                       for colour in "BW"):
                raise RuntimeError(f"game {number + 1}: GNU Go's board is not ours at the end")
            answer = gnugo.ask("final_score")  # "B+3.5": komi ends in a half, so there is no draw
            winner, margin = "BW".index(answer[0]), float(answer[2:])
            count = our_count(state)
            our_winner = winners_by_score(count.totals)[0]
            agrees = our_winner == winner
            reason = "two passes" if state.stage == "marking" else "the move limit"
            judgement = (f"after {reason}: GNU Go counts {answer}, "
                         f"we count {'BW'[our_winner]}+{count.margin:g}")
    won = winner == our_seat
    signed = None if margin is None else (margin if won else -margin)
    line = (f"ours {SEAT_NAMES[our_seat]}, {'won' if won else 'lost'}"
            f"{'' if signed is None else f' by {margin:g}'}; {judgement}; {our_moves} moves of ours"
            f"{f', {illegal} of GNU Go played as passes' if illegal else ''}")
    return {"returns": 1.0 if won else 0.0, "worst_turn": clock.longest, "line": line, "margin": signed,
            "agrees": agrees, "illegal": illegal, "version": version}


# -- the run --------------------------------------------------------------------------------------

PLAYS = {"kalah": play_kalah, "go": play_go}


def play_game(match: Match, number: int, our_seat: int) -> dict[str, object]:
    return PLAYS[match.game](match, number, our_seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=list(PLAYS))
    parser.add_argument("--level", choices=list(LEVELS), default="strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--options", default="", help="Kalah: name=value,... of the game's options")
    parser.add_argument("--size", choices=["9", "13", "19"], default="9", help="Go: the board's lines")
    parser.add_argument("--gnugo-level", type=int, default=1, choices=range(11), metavar="0-10",
                        help="Go: GNU Go's strength (its own default is 10)")
    parser.add_argument("--seat", type=int, choices=[0, 1], help="always this seat (default: alternate)")
    parser.add_argument("--opening", type=int, help="random plies to open each pair of games with "
                        f"(default: {', '.join(f'{plies} for {game}' for game, plies in OPENINGS.items())})")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, help="search steps a second (Kalah: nodes; Go: playouts): budgets "
                        "become caps at this rate (what a quiet machine searches), so a busy machine does not "
                        "weaken our side")
    args = parser.parse_args()
    if args.game == "go":
        if args.options:
            parser.error("Go plays fixed rules (GNU Go's): use --size, not --options")
        options = {**GO_OPTIONS, "size": args.size}
        if not GNUGO.exists():
            subprocess.run(["apt-get", "install", "-y", "-q", "gnugo"], check=True)
    else:
        options = dict(item.split("=", 1) for item in filter(None, args.options.split(",")))
    opening = args.opening if args.opening is not None else OPENINGS[args.game]
    match = Match(args.game, options, args.level, args.rate, opening, args.gnugo_level)
    seats = [args.seat if args.seat is not None else game % 2 for game in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play_game, [match] * args.games, range(args.games), seats))
    for number, game in enumerate(games, 1):
        print(f"game {number:2}: {game['line']}, longest turn {game['worst_turn']:.2f}x the budget")
    wins = sum(game["returns"] == 1.0 for game in games)
    draws = sum(game["returns"] == 0.5 for game in games)
    losses = len(games) - wins - draws
    worst = max(game["worst_turn"] for game in games)  # type: ignore[type-var]
    clock = f" at {args.rate:.0f} {STEPS[args.game]}/s" if args.rate else ""
    if args.game == "go":
        counted = [game for game in games if game["margin"] is not None]
        margin = f"{sum(game['margin'] for game in counted) / len(counted):+.1f}" if counted else "-"  # type: ignore[misc]
        print("\n| match-up | games | wins | losses | win rate | mean margin (ours, + = ours won) | longest turn |")
        print("|---|---|---|---|---|---|---|")
        print(f"| go {args.size}x{args.size}, {args.level}{clock} vs GNU Go {games[0]['version']} level "
              f"{args.gnugo_level} | {len(games)} | {wins} | {losses} | {wins / len(games):.0%} | {margin} "
              f"| {worst:.2f}x |")
        print(f"\nThe margin is over the {len(counted)} games GNU Go counted; our count named its winner in "
              f"{sum(bool(game['agrees']) for game in counted)}. GNU Go moves our rules refused (played as "
              f"passes): {sum(game['illegal'] for game in games)}.")  # type: ignore[misc]
    else:
        print("\n| match-up | games | wins | draws | losses | score | longest turn |")
        print("|---|---|---|---|---|---|---|")
        print(f"| {args.game} {args.options or 'default'}, {args.level}{clock} vs depth-{REFERENCE_DEPTH} "
              f"alpha-beta | {len(games)} | {wins} | {draws} | {losses} | {(wins + draws / 2) / len(games):.0%} "
              f"| {worst:.2f}x |")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
