"""A quick guess at each seat's chances, for searches that cut a playout short.

The game in progress is judged as a race of pip counts; a match then weighs
that game's stake (the cube) by the chances of winning the rest of the match
from either result, as if every later game were an even one-point game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .moves import pip_count

if TYPE_CHECKING:
    from . import BackgammonState

ROLL_BONUS = 4
"""Pips that having the next roll is worth: about half an average roll."""

RACE_SPREAD = 3.0
"""The standard deviation of what the pip lead will still swing, per square
root of the pips both sides have left. Dice alone give about 1.5 (a pure race);
hits in random games double it (fitted to their results)."""


def game_chance(state: BackgammonState) -> float:
    """White's chance of winning the game in progress."""
    pips = [pip_count(state.sides[0]), pip_count(state.sides[1])]
    next_roller = state.turn
    if state.phase == "move":  # the dice left are as good as played; the opponent rolls next
        pips[state.turn] -= sum(state.dice)
        next_roller = 1 - state.turn
    lead = pips[1] - pips[0]
    if state.phase != "opening":  # at the opening roll nobody is ahead
        lead += ROLL_BONUS if next_roller == 0 else -ROLL_BONUS
    spread = RACE_SPREAD * math.sqrt(max(pips[0] + pips[1], 1))
    return 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))


def match_chance(needs: int, opponent_needs: int) -> float:
    """The chance of winning a match needing `needs` points against an
    opponent needing `opponent_needs`, every game an even one-point game:
    `needs` wins before `opponent_needs` losses."""
    if needs <= 0:
        return 1.0
    if opponent_needs <= 0:
        return 0.0
    return sum(math.comb(needs - 1 + losses, losses) / 2.0 ** (needs + losses) for losses in range(opponent_needs))


def estimate_returns(state: BackgammonState) -> tuple[float, float]:
    """White's and Black's chances of winning the game, or the match."""
    white = game_chance(state)
    if state.match_length > 1:
        needs = state.match_length - state.score[0]
        opponent_needs = state.match_length - state.score[1]
        if_won = match_chance(needs - state.cube, opponent_needs)
        if_lost = match_chance(needs, opponent_needs - state.cube)
        white = white * if_won + (1.0 - white) * if_lost
    return white, 1.0 - white
