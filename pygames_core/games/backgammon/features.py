"""What a backgammon player looks at in a position, as numbers an evaluation weighs.

Each side has its NAMES, then every point counted by `point_code` (a weight per point and count,
so a linear model learns where checkers belong).

`features(own, opponent)` describes the position for the side about to roll (`own`) and its
opponent, each side seen from its own seat (moves.py). `contact(own, opponent)` says whether a
checker can still meet one of the other side's: once none can, the game is a race.
"""

from __future__ import annotations

from .moves import BAR, OFF, Side

ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (high, low, 1 if high == low else 2) for low in range(1, 7) for high in range(low, 7)
)
"""The 21 rolls as (die, die, how many of the 36 throws give it)."""


def _reach(high: int, low: int) -> set[int]:
    """The distances one checker can travel with a roll, ignoring points in the way."""
    if high == low:
        return {high * count for count in range(1, 5)}
    return {high, low, high + low}


SHOTS_AT: tuple[int, ...] = tuple(
    sum(1 << index for index, (high, low, _) in enumerate(ROLLS) if distance in _reach(high, low))
    for distance in range(25)
)
"""For each distance, the rolls (bits in ROLLS order) that can carry a checker that far."""

NAMES = ("pips", "bar", "off", "blots", "shots", "home points", "outfield points", "prime", "long prime",
         "anchors", "back checkers", "stacked", "closed out", "in home")
"""One side's features, in the order `side_features` gives them."""


def nearest(side: Side, other: Side) -> int:
    """The lowest of `side`'s points where one of the other's checkers sits (their point q is our
    25 - q, their bar our 0); 25 when they have none left."""
    return min((25 - point for point in range(1, 26) if other[point]), default=25)


def contact(own: Side, opponent: Side) -> bool:
    """Whether a checker of one side still has one of the other's ahead of it."""
    return max((point for point in range(1, 26) if own[point]), default=0) > nearest(own, opponent)


def shots(side: Side, other: Side) -> float:
    """The share of the other side's 36 throws that hit at least one of `side`'s blots (the
    checkers between are ignored: an overestimate where points block the way)."""
    hitters = [25 - point for point in range(1, 26) if other[point]]  # on our numbering; the bar is 0
    rolls = 0
    for point in range(1, 25):
        if side[point] == 1:
            for origin in hitters:
                if origin < point:
                    rolls |= SHOTS_AT[min(point - origin, 24)]
    return sum(weight for index, (_, _, weight) in enumerate(ROLLS) if rolls >> index & 1) / 36.0


def side_features(side: Side, other: Side) -> list[float]:
    """One side's features (NAMES), for a side that is either about to roll or has just played."""
    made = [point for point in range(1, 25) if side[point] >= 2]
    made_set = set(made)
    prime = run = 0
    for point in range(1, 25):
        run = run + 1 if point in made_set else 0
        prime = max(prime, run)
    behind_other = nearest(side, other)
    blots = sum(1 for point in range(1, 25) if side[point] == 1 and point > behind_other)
    home = sum(1 for point in made if point <= 6)
    return [
        sum(point * side[point] for point in range(1, 26)) / 100.0,
        float(side[BAR]),
        side[OFF] / 15.0,
        float(blots),
        shots(side, other),
        float(home),
        float(sum(1 for point in made if 7 <= point <= 11)),
        float(prime),
        float(prime >= 5),
        float(sum(1 for point in made if point >= 19)),
        float(sum(side[point] for point in range(19, 26))) / 15.0,
        float(sum(side[point] - 3 for point in range(1, 25) if side[point] > 3)),
        float(other[BAR] * home) / 6.0,
        float(sum(side[point] for point in range(1, 7))) / 15.0,
    ]


def point_code(checkers: int) -> tuple[float, ...]:
    """How the checkers on one point are counted: at least one, two, three, and half the rest."""
    return float(checkers >= 1), float(checkers >= 2), float(checkers >= 3), max(checkers - 3, 0) / 2.0


POINT_CODES = 4
"""Numbers per point in `point_code`."""


def point_features(side: Side) -> list[float]:
    """`point_code` of each of the side's points, its 1-point first."""
    return [number for point in range(1, 25) for number in point_code(side[point])]


def features(own: Side, opponent: Side) -> list[float]:
    """The side to roll's features and its points, then its opponent's."""
    return side_features(own, opponent) + point_features(own) + side_features(opponent, own) + point_features(opponent)
