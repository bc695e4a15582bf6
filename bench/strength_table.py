"""The strength table of issue 18, kept as a ledger that grows over many runs.

    .venv/bin/python bench/strength_table.py run [--rows ID[:PLAYERS[:OPPONENT]] ...] [--minutes M]
    .venv/bin/python bench/strength_table.py table [--rows ...]
    .venv/bin/python bench/strength_table.py compare --against REV [--rows ...]

A row is a game at a player count, its default options, with the page's strong level (the page's
budget halved, as the other benches do: `STRONG`) in one seat and the quick level (`QUICK`) or
uniformly random moves in every other seat, over `GAMES` games (rounded up to a multiple of the
seats) on a fixed seed. The games are bench/ai_strength.py's: a round of one deal a seat, the strong
player taking each seat in turn.

`run` plays the games a row still lacks, one at a time on one core, and appends each finished game
to bench/strength/<row>.jsonl with its wall time and the commit it was played on ("+" when
pygames_core/ had changes not committed). It may be stopped at any moment (a game not finished is
simply not written), and --minutes stops it after the game that crosses the time. Two runs at once,
one a core, need different --rows. `table` prints every row from the ledger as markdown: strong's
share of the points ("won"), its share of the other seats it finished ahead of ("ahead", the bar's
measure: winners first, then by score as the game ranks it, a tie half; the same as "won" with two
seats), its longest turn, the commits, and whether the row meets the bar (ahead >= 70% against quick
and 95% against random, every turn within 1.2x its budget, the full count of games), then how many
rows stand where. A row is "stale" where a commit it was played on holds other game code than HEAD:
its module or package under pygames_core/games/, compared without comments and docstrings. Whether the
change touches strength is for the log to tell; changes to the search (pygames_core/ai/) are not
weighed, as most are meant to tell in every row.

`compare --against REV` pairs each row's games with those of the ledger at commit REV, game by game:
the same deal and seat, so the differences in ahead, strong's score and its margin over the best
other seat measure a change with far less noise than two rows side by side (a mean and its standard
error). Replay a row on new code by removing its file, committing, and running it again.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ai_strength import parse_player, play_game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from pygames_core.registry import games  # noqa: E402

LEDGER = Path(__file__).resolve().parent / "strength"
STRONG = "search:ms=1500,turn"
QUICK = "search:ms=150,turn,level=quick"
OPPONENTS = {"quick": QUICK, "random": "random"}
BARS = {"quick": 0.70, "random": 0.95}
GAMES = 100
TURN_ALLOWANCE = 1.2
SEEDS = {
    ("flamingpyramids", 5, "random"): 940, ("flamingpyramids", 6, "random"): 941,
    ("evolution", 4, "quick"): 760, ("evolution", 6, "quick"): 860,
    ("cacao", 4, "quick"): 735, ("one", 6, "quick"): 786,
}
"""The seeds of rows begun before the ledger, so their games go on where they stopped; every other
row's seed is `seed_of`'s."""


@dataclass(frozen=True)
class Row:
    game: str
    players: int
    opponent: str

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p-{self.opponent}"

    @property
    def games(self) -> int:
        return -(-GAMES // self.players) * self.players

    @property
    def seed(self) -> int:
        return SEEDS.get((self.game, self.players, self.opponent), seed_of(self))

    @property
    def path(self) -> Path:
        return LEDGER / f"{self.name}.jsonl"

    def played(self) -> list[dict]:
        if not self.path.exists():
            return []
        return parse_ledger(self.path.read_text())

    def played_at(self, revision: str) -> list[dict]:
        """The row's games as the ledger held them at commit `revision`."""
        shown = git("show", f"{revision}:{self.path.relative_to(ROOT).as_posix()}", check=False)
        return parse_ledger(shown.stdout) if shown.returncode == 0 else []


def parse_ledger(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def git(*arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=check)


def stale(row: Row, commits: list[str]) -> bool:
    """Whether the row's game code has changed since any commit its games were played on, beyond its
    comments, docstrings and layout (a commit with changes not committed, "+", vouches for no code)."""
    return any(label.endswith("+") or game_code(row.game, label.lstrip("~")) != game_code(row.game, "HEAD")
               for label in commits)


@functools.cache
def game_code(game: str, revision: str) -> dict[str, str]:
    """The game's module or package at `revision`: each file's syntax tree, read as the wheel ships it
    (`build.shipped_source`: without comments and docstrings)."""
    listed = git("ls-tree", "-r", "--name-only", revision, "--", f"pygames_core/games/{game}",
                 f"pygames_core/games/{game}.py").stdout.split()
    return {path: ast.dump(ast.parse(build.shipped_source(git("show", f"{revision}:{path}").stdout)))
            for path in listed if path.endswith(".py")}


def seed_of(row: Row) -> int:
    """A seed a row: 5000 + 100 times the game's place in the registry + 10 times the players,
    + 1 against random."""
    order = [info.id for info in games()]
    return 5000 + 100 * order.index(row.game) + 10 * row.players + (row.opponent == "random")


def all_rows() -> list[Row]:
    return [Row(info.id, players, opponent)
            for info in games()
            for players in range(info.min_players, info.max_players + 1)
            for opponent in OPPONENTS]


def selected(patterns: list[str] | None) -> list[Row]:
    """The rows that match ID[:PLAYERS[:OPPONENT]], in the order of the patterns (all rows without)."""
    rows = all_rows()
    if not patterns:
        return rows
    unknown = [pattern for pattern in patterns if not any(matches(row, pattern) for row in rows)]
    if unknown:
        raise SystemExit(f"no row matches {' '.join(unknown)}")
    return list(dict.fromkeys(row for pattern in patterns for row in rows if matches(row, pattern)))


def matches(row: Row, pattern: str) -> bool:
    parts = pattern.split(":")
    wanted = (row.game, str(row.players), row.opponent)
    return all(part == value for part, value in zip(parts, wanted))


def commit() -> str:
    """The commit HEAD, with "+" when pygames_core/ differs from it."""
    head = git("rev-parse", "--short", "HEAD").stdout.strip()
    changed = git("status", "--porcelain", "pygames_core").stdout.strip()
    return head + ("+" if changed else "")


def run(rows: list[Row], minutes: float) -> None:
    deadline = time.monotonic() + minutes * 60
    played_on = commit()
    LEDGER.mkdir(exist_ok=True)
    strong = parse_player(STRONG)
    for row in rows:
        done = len(row.played())
        pair = (strong, parse_player(OPPONENTS[row.opponent]))
        for game in range(done, row.games):
            if time.monotonic() > deadline:
                return
            began = time.monotonic()
            won, ahead, scores, plies, mean, longest, _ = play_game(
                row.game, {}, pair, row.seed + game // row.players, game % row.players, row.players)
            record = {"game": game + 1, "seat": game % row.players, "won": won, "ahead": ahead,
                      "scores": list(scores), "plies": plies, "mean_ms": round(mean * 1000),
                      "longest_ms": round(longest * 1000), "seconds": round(time.monotonic() - began, 1),
                      "commit": played_on}
            with row.path.open("a") as ledger:
                ledger.write(json.dumps(record) + "\n")
            print(f"{row.name} game {game + 1}/{row.games}: won {won:g}, ahead {ahead:.2f}, "
                  f"longest turn {record['longest_ms']} ms", flush=True)


def table(rows: list[Row]) -> None:
    budget = parse_player(STRONG)["ms"]
    print(f"strong ({STRONG}) against quick ({QUICK}) or random; default options\n")
    print("| game | players | against | games (seed) | won | ahead | longest turn | commits | bar |")
    print("|---|---|---|---|---|---|---|---|---|")
    tally: Counter[str] = Counter()
    for row in rows:
        played = row.played()
        if not played:
            tally["not begun"] += 1
            print(f"| {row.game} | {row.players} | {row.opponent} | 0 of {row.games} ({row.seed}) | | | | | no games |")
            continue
        count = len(played)
        won = sum(game["won"] for game in played) / count
        ahead = sum(game["ahead"] for game in played) / count
        longest = max(game["longest_ms"] for game in played)
        labels = list(dict.fromkeys(game["commit"] for game in played))
        commits = ", ".join(labels)
        within = longest <= TURN_ALLOWANCE * budget
        if count < row.games:
            verdict, kind = f"{count} of {row.games} games", "under way"
        elif ahead >= BARS[row.opponent] and within:
            verdict, kind = "met", "met"
        else:
            verdict, kind = "**not met**", "not met"
        tally[kind] += 1
        if stale(row, labels):
            verdict += ", stale"
            tally["stale"] += 1
        print(f"| {row.game} | {row.players} | {row.opponent} | {count} of {row.games} ({row.seed}) | "
              f"{100 * won:.0f}% | {100 * ahead:.1f}% | {longest} ms | {commits} | {verdict} |")
    counts = [f"{tally[kind]} {kind}" for kind in ("met", "not met", "under way", "not begun") if tally[kind]]
    print(f"\n{len(rows)} row{'s' * (len(rows) != 1)}: {', '.join(counts)}"
          + (f"; {tally['stale']} stale (played on game code that has changed since)" if tally["stale"] else ""))


def compare(rows: list[Row], revision: str) -> None:
    """Each row's games paired with the same games in the ledger at `revision`: the mean change (now
    less then) in ahead, strong's score and its margin over the best other seat, with its standard error."""
    print(f"now against {revision}, paired by game (the same deal and seat); "
          "each: then -> now, change +- its standard error\n")
    print("| game | players | against | games | ahead | score | margin |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        then = {game["game"]: game for game in row.played_at(revision)}
        now = {game["game"]: game for game in row.played()}
        common = sorted(set(then) & set(now))
        if not common:
            continue
        if all(then[n] == now[n] for n in common):
            print(f"| {row.game} | {row.players} | {row.opponent} | {len(common)} | the same games | | |")
            continue
        cells = []
        for measure in (lambda game: game["ahead"], strong_score, margin):
            before, after = [measure(then[n]) for n in common], [measure(now[n]) for n in common]
            changes = [b - a for a, b in zip(before, after)]
            error = statistics.stdev(changes) / len(changes) ** 0.5 if len(changes) > 1 else float("nan")
            cells.append(f"{statistics.mean(before):.3g} -> {statistics.mean(after):.3g}, "
                         f"{statistics.mean(changes):+.2g} +- {error:.2g}")
        print(f"| {row.game} | {row.players} | {row.opponent} | {len(common)} | {' | '.join(cells)} |")


def strong_score(game: dict) -> float:
    return game["scores"][game["seat"]]


def margin(game: dict) -> float:
    """Strong's score less the best other seat's."""
    return strong_score(game) - max(score for seat, score in enumerate(game["scores"]) if seat != game["seat"])


def main() -> None:
    parser = argparse.ArgumentParser(description="The strength table of issue 18, as a ledger")
    parser.add_argument("command", choices=("run", "table", "compare"))
    parser.add_argument("--rows", nargs="*", help="ID[:PLAYERS[:OPPONENT]], e.g. evolution:4 or one:6:random")
    parser.add_argument("--minutes", type=float, default=float("inf"), help="run: stop after the game that crosses it")
    parser.add_argument("--against", help="compare: the commit whose ledger to pair the games with")
    options = parser.parse_args()
    rows = selected(options.rows)
    if options.command == "run":
        run(rows, options.minutes)
    elif options.command == "compare":
        if not options.against:
            parser.error("compare needs --against REV")
        if git("rev-parse", "--verify", "--quiet", f"{options.against}^{{commit}}", check=False).returncode:
            parser.error(f"--against: no commit {options.against!r}")
        compare(rows, options.against)
    else:
        table(rows)


if __name__ == "__main__":
    main()
