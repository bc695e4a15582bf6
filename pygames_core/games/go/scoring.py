"""Counting a finished Go position: dead stones off, territory, area, prisoners, komi.

Territory here is what the AGA rules call it: an empty region (points connected
along the lines) that touches stones of one colour only. Eyes inside a seki
count as territory under these rules; points touching both colours (dame, the
shared liberties of a seki) count for nobody. A region that touches no stone at
all (an empty board) counts for nobody either.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .board import EMPTY, STONES, Geometry

NEUTRAL = "-"
"""The territory map's mark for a point that is nobody's territory (a stone or dame)."""


@dataclass(frozen=True)
class Score:
    """Both sides' counts; every pair is (Black, White)."""

    counting: str
    """"japanese" (territory + prisoners + komi) or "chinese" (area + komi)."""
    territory: tuple[int, int]
    stones: tuple[int, int]
    """Stones left on the board once the dead ones are off (area counting uses them)."""
    captures: tuple[int, int]
    """Stones each side captured during play."""
    dead: tuple[int, int]
    """Enemy stones each side takes off as dead at the end."""
    pass_stones: tuple[int, int]
    """Pass stones each side received."""
    komi: float
    compensation: int
    """Area counting in a handicap game: one point to White per handicap stone after the first."""
    totals: tuple[float, float]
    territory_map: str
    """Per point: "B" or "W" for that side's territory, NEUTRAL otherwise."""

    @property
    def prisoners(self) -> tuple[int, int]:
        return tuple(self.captures[seat] + self.dead[seat] + self.pass_stones[seat] for seat in (0, 1))  # type: ignore[return-value]

    @property
    def margin(self) -> float:
        """How far the winner is ahead (never zero: komi always has a half point)."""
        return abs(self.totals[0] - self.totals[1])

    def breakdown(self, seat: int) -> str:
        """One side's total in words, e.g. "20 territory + 7 prisoners + 5.5 komi = 32.5"."""
        if self.counting == "japanese":
            parts = [f"{self.territory[seat]} territory", _count(self.prisoners[seat], "prisoner")]
        else:
            parts = [_count(self.stones[seat], "stone"), f"{self.territory[seat]} territory"]
        if seat == 1:
            parts.append(f"{_number(self.komi)} komi")
            if self.compensation:
                parts.append(f"{self.compensation} handicap compensation")
        return f"{' + '.join(parts)} = {_number(self.totals[seat])}"

    def to_dict(self) -> dict[str, object]:
        return {
            "counting": self.counting,
            "territory": list(self.territory),
            "stones": list(self.stones),
            "captures": list(self.captures),
            "dead": list(self.dead),
            "pass_stones": list(self.pass_stones),
            "prisoners": list(self.prisoners),
            "komi": self.komi,
            "compensation": self.compensation,
            "totals": list(self.totals),
            "margin": self.margin,
            "territory_map": self.territory_map,
        }


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def territory_map(board: str, geo: Geometry) -> str:
    """Per point "B"/"W" for empty points surrounded by that colour alone, else NEUTRAL."""
    owners = [NEUTRAL] * geo.points
    visited = [False] * geo.points
    neighbours = geo.neighbours
    for start, stone in enumerate(board):
        if stone != EMPTY or visited[start]:
            continue
        region = [start]
        visited[start] = True
        borders: set[str] = set()
        index = 0
        while index < len(region):
            point = region[index]
            index += 1
            for near in neighbours[point]:
                other = board[near]
                if other == EMPTY:
                    if not visited[near]:
                        visited[near] = True
                        region.append(near)
                else:
                    borders.add(other)
        if len(borders) == 1:
            owner = borders.pop()
            for point in region:
                owners[point] = owner
    return "".join(owners)


def without(board: str, points: Iterable[int]) -> str:
    cells = list(board)
    for point in points:
        cells[point] = EMPTY
    return "".join(cells)


def score(board: str, geo: Geometry, dead: Iterable[int], *, counting: str, captures: tuple[int, int],
          pass_stones: tuple[int, int], komi: float, handicap: int) -> Score:
    """The count of a position once the stones on `dead` are taken off."""
    dead = list(dead)
    removed = [0, 0]
    for point in dead:
        removed[STONES.index(board[point])] += 1
    cleared = without(board, dead)
    owners = territory_map(cleared, geo)
    territory = (owners.count("B"), owners.count("W"))
    stones = (cleared.count("B"), cleared.count("W"))
    taken = (removed[1], removed[0])  # dead white stones are Black's prisoners and the reverse
    compensation = 0
    if counting == "japanese":
        totals = (
            float(territory[0] + captures[0] + taken[0] + pass_stones[0]),
            territory[1] + captures[1] + taken[1] + pass_stones[1] + komi,
        )
    else:
        compensation = max(handicap - 1, 0)
        totals = (float(stones[0] + territory[0]), stones[1] + territory[1] + komi + compensation)
    return Score(counting, territory, stones, captures, taken, pass_stones, komi, compensation, totals, owners)
