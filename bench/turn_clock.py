"""A computer's thinking time as the page gives it (`thinkingTime` in web/app.js), for the benches.

A level's budget is for a whole turn. Each decision of the turn gets half of what is left, or
all of it when the decision settles the rest of the turn (`ai.settles_turn`: a Go move, a
Pylos ball that completes no square, Lost Cities' draw, a Backgammon roll's play), and
at least LEAST_THOUGHT while the turn's slack lasts (TURN_SLACK of its budget past it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames_core import ai
from pygames_core.core import State

LEAST_THOUGHT = 0.05
TURN_SLACK = 0.1


@dataclass
class TurnClock:
    """One seat's clock: `share` the seconds for a decision (the first after `turn_over` starts a
    turn), then `spend` what the decision took."""

    budget: float
    left: float = 0.0
    used: float = 0.0
    in_turn: bool = False
    longest: float = 0.0
    """The longest turn so far, in budgets."""

    def share(self, state: State) -> float:
        """The seconds the decision in `state` may take."""
        if not self.in_turn:
            self.left, self.used, self.in_turn = self.budget, 0.0, True
        share = self.left if ai.settles_turn(state) else self.left / 2
        return max(0.001, share, min(LEAST_THOUGHT, self.left + TURN_SLACK * self.budget))

    def spend(self, seconds: float) -> None:
        """Counts a decision's `seconds` against the turn."""
        self.left -= seconds
        self.used += seconds
        self.longest = max(self.longest, self.used / self.budget)

    def turn_over(self) -> None:
        self.in_turn = False
