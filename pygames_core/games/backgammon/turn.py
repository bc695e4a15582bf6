"""The position the computer's turn search works on (ai/expectimax.py): two sides and the dice.

It plays by the game's own functions (plays.py, moves.py) and judges by estimate.py's chances.
"""

from __future__ import annotations

from .estimate import win_chance
from .features import ROLLS
from .moves import CHECKERS, OFF, STEP_BY_TEXT, die_for, play_step
from .plays import plays


class Turn:
    """`own` is the side to roll (no dice) or playing its dice, `opponent` the other."""

    __slots__ = ("own", "opponent", "dice")

    def __init__(self, own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...] = ()) -> None:
        self.own = own
        self.opponent = opponent
        self.dice = dice

    def plays(self) -> list[tuple[tuple[str, ...], Turn]]:
        return [(steps, Turn(opponent, own)) for (own, opponent), steps in plays(self.own, self.opponent, self.dice).items()]

    def rolls(self) -> list[tuple[float, Turn]]:
        if self.opponent[OFF] == CHECKERS:
            return []
        return [(weight / 36.0, Turn(self.own, self.opponent, (high,) * 4 if high == low else (high, low)))
                for high, low, weight in ROLLS]

    def play(self, move: str) -> Turn:
        origin, target = STEP_BY_TEXT[move]
        own, opponent, _ = play_step(self.own, self.opponent, origin, target)
        index = self.dice.index(die_for(self.dice, origin, target))
        return Turn(own, opponent, self.dice[:index] + self.dice[index + 1:])

    def value(self) -> float:
        return win_chance(self.own, self.opponent)

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        return self.own, self.opponent, self.dice
