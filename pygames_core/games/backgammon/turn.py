"""The position the computer's turn search works on (ai/expectimax.py): two sides and the dice.

It plays by the game's own functions (plays.py, moves.py) and judges by estimate.py's chances:
the chance of winning, or where a single game scores gammons, the share of the stake
(estimate.money_share), so that a play that risks or wins a gammon is weighed as such.
"""

from __future__ import annotations

from .estimate import money_share, win_chance
from .features import ROLLS
from .moves import CHECKERS, OFF, STEP_BY_TEXT, die_for, play_step
from .plays import plays


class Turn:
    """`own` is the side to roll (no dice) or playing its dice, `opponent` the other; `gammons`
    whether the game is a single game that scores gammons."""

    __slots__ = ("own", "opponent", "dice", "gammons")

    def __init__(self, own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...] = (),
                 gammons: bool = False) -> None:
        self.own = own
        self.opponent = opponent
        self.dice = dice
        self.gammons = gammons

    def plays(self) -> list[tuple[tuple[str, ...], Turn]]:
        return [(steps, Turn(opponent, own, (), self.gammons))
                for (own, opponent), steps in plays(self.own, self.opponent, self.dice).items()]

    def rolls(self) -> list[tuple[float, Turn]]:
        if self.opponent[OFF] == CHECKERS:
            return []
        return [(weight / 36.0, Turn(self.own, self.opponent, (high,) * 4 if high == low else (high, low),
                                     self.gammons)) for high, low, weight in ROLLS]

    def play(self, move: str) -> Turn:
        origin, target = STEP_BY_TEXT[move]
        own, opponent, _ = play_step(self.own, self.opponent, origin, target)
        index = self.dice.index(die_for(self.dice, origin, target))
        return Turn(own, opponent, self.dice[:index] + self.dice[index + 1:], self.gammons)

    def value(self) -> float:
        return money_share(self.own, self.opponent) if self.gammons else win_chance(self.own, self.opponent)

    def outlook(self, moves: tuple[str, ...], value: float) -> float:
        """The mover's chance of winning after `moves`, which the search valued at `value`: that
        value itself, unless it is a share of the stake."""
        if not self.gammons:
            return value
        after = self
        for move in moves:
            after = after.play(move)
        return 1.0 - win_chance(after.opponent, after.own)

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        return self.own, self.opponent, self.dice
