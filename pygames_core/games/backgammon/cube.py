"""The computer's cube decisions: when to double, and whether to take, by the same chances
as its checker play (estimate.py).

A decision weighs the stake's possible results: points in a single game, in a match the
chance of winning the match from each score (estimate.match_chance). Where a single game scores
gammons, the chances of winning and losing one (estimate.gammon_chances) add to what the stake
is worth, which also makes a position too good to double when playing for the gammon is worth more
than the opponent's drop (less `TOO_GOOD`). A match leaves gammons out.

- Take when the game's chances at twice the stake, plus what owning the cube is worth (the
  taker alone may redouble: about `OWNING` of the stake's spread, nothing when winning twice
  the stake would win the match anyway), beat losing the stake now. In a single game that is
  a chance of about 21%.
- Double when the opponent's best answer leaves more than playing on without doubling, and
  the chance is at least `DOUBLE_FROM` (a cube one gives away is worth keeping until then);
  at any chance when a loss would cost the match anyway, so doubling risks nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .estimate import gammon_chances, match_chance, win_chance

if TYPE_CHECKING:
    from . import BackgammonState

OWNING = 0.035
"""What owning the cube is worth to its owner, in shares of the spread between winning and
losing the stake: it makes a take right down to a chance of about 21% in a single game."""
DOUBLE_FROM = 0.68
"""The least chance of winning at which a centred cube is offered..."""
REDOUBLE_FROM = 0.70
"""...and one's own."""
TOO_GOOD = 0.15
"""Where the roller may well win a gammon (a chance over `GAMMON_FROM`), what a double the opponent
drops is worth less than the stake, against playing on: the cube kept can still cash later, once
the gammon has had its chance..."""
GAMMON_FROM = 0.1
"""...both fitted on bench/backgammon_cube.py's positions (from 0.1 to 0.2 and 0 to 0.1 about as
good)."""


class CubeDecision:
    """The search position of a seat at a cube decision (BackgammonState.search_position):
    the answer is knowledge, not search."""

    __slots__ = ("state",)

    def __init__(self, state: BackgammonState) -> None:
        self.state = state

    def decision(self) -> tuple[str, float]:
        """The move ("double" or "roll"; "take" or "drop") and the deciding seat's chance of
        winning the game."""
        state = self.state
        seat: int = state.to_move  # type: ignore[assignment]
        roller = state.turn  # the doubler, when a double waits for an answer
        sides = state.sides[roller], state.sides[1 - roller]
        chance = win_chance(*sides)
        edge = 0.0  # what gammons add to a stake of one, for the deciding seat
        gammon = 0.0  # the roller's chance of a gammon
        if state.weighs_gammons:
            wins, losses = gammon_chances(*sides)
            edge, gammon = wins - losses, wins
        if seat != roller:
            chance, edge = 1.0 - chance, -edge
        stake = state.cube
        won, lost = _results(state, seat)

        def expected(points: int) -> float:
            return chance * won(points) + (1 - chance) * lost(points) + edge * points

        taker = seat if state.phase == "take" else 1 - seat
        # Owning the cube is worth something only while a redouble could matter to the taker.
        owning = OWNING if state.match_length == 1 or state.match_length - state.score[taker] > 2 * stake else 0.0
        if state.phase == "take":
            taken = expected(2 * stake) + owning * (won(2 * stake) - lost(2 * stake))
            return ("take" if taken >= lost(stake) else "drop"), chance
        if "double" not in state.legal_moves():
            return "roll", chance
        playing_on = expected(stake)
        taken = expected(2 * stake) - owning * (won(2 * stake) - lost(2 * stake))
        cash = won(stake) - (TOO_GOOD * stake if gammon > GAMMON_FROM else 0.0)
        answered = min(taken, cash)  # the opponent takes or drops, whichever is worse for us
        free = lost(2 * stake) == lost(stake)
        least = DOUBLE_FROM if state.cube_owner == -1 else REDOUBLE_FROM
        # The chance a single game without gammons would need for the same worth.
        return ("double" if answered > playing_on and (free or chance + edge / 2 >= least) else "roll"), chance


def _results(state: BackgammonState, seat: int) -> tuple[Callable[[int], float], Callable[[int], float]]:
    """(won, lost): what winning and losing `points` is worth to `seat`: the points in a single
    game; in a match, the chance of winning the match from the score it leaves."""
    if state.match_length == 1:
        return (lambda points: float(points)), (lambda points: -float(points))
    needs = state.match_length - state.score[seat]
    opponent_needs = state.match_length - state.score[1 - seat]
    return (lambda points: match_chance(needs - points, opponent_needs)), \
        (lambda points: match_chance(needs, opponent_needs - points))
