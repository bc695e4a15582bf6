"""Scoring a finished game, the doubling cube's limits and the Crawford rule."""

from __future__ import annotations

from .moves import BAR, OFF

MAX_CUBE = 64
SEAT_NAMES = ("White", "Black")
KIND_POINTS = {"single": 1, "gammon": 2, "backgammon": 3}
RESIGNATIONS = {"resign": "single", "resign gammon": "gammon", "resign backgammon": "backgammon"}
"""Each resignation and the kind of game it concedes."""


def game_kind(loser: tuple[int, ...], gammons: bool) -> str:
    """How a game won by bearing off counts, from the loser's side: "single";
    with gammons scored, "gammon" when the loser has borne off nothing, and
    "backgammon" when such a loser also still has a checker on the bar or in
    the winner's home board (the loser's own points 19-24)."""
    if not gammons or loser[OFF]:
        return "single"
    if any(loser[point] for point in range(19, BAR + 1)):
        return "backgammon"
    return "gammon"


def crawford_starts(score: tuple[int, int], match_length: int, crawford_done: bool) -> bool:
    """Whether the next game is the Crawford game: the first game after either
    player comes within one point of winning a match longer than one point."""
    return match_length > 1 and not crawford_done and max(score) == match_length - 1


def points_text(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def game_text(winner: int, points: int, kind: str) -> str:
    """A finished game in words, e.g. "White wins a gammon: 4 points" (kind: "single",
    "gammon", "backgammon", "drop", or a resignation such as "resign gammon")."""
    name = SEAT_NAMES[winner]
    if kind == "drop":
        return f"{SEAT_NAMES[1 - winner]} refuses the double: {name} wins {points_text(points)}"
    if kind.startswith("resign"):
        conceded = kind.removeprefix("resign").strip() or "single game"
        return f"{SEAT_NAMES[1 - winner]} resigns a {conceded}: {name} wins {points_text(points)}"
    what = "a single game" if kind == "single" else f"a {kind}"
    return f"{name} wins {what}: {points_text(points)}"
