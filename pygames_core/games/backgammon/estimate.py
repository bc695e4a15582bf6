"""Each seat's chances: what the computer judges positions by.

`win_chance` judges a position for the side about to roll: a logistic model of
features.py's numbers, one for positions with contact and one for races, whose
weights bench/backgammon_fit.py fitted to GNU Backgammon's 0-ply judgement of
positions from seeded games. A match then weighs the game's stake (the cube) by
the chances of winning the rest of the match from either result, as if every
later game were an even one-point game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .features import NAMES, POINT_CODES, contact, point_code, side_features
from .moves import CHECKERS, OFF, Side, pip_count
from .plays import plays

if TYPE_CHECKING:
    from . import BackgammonState

ROLL_BONUS = 4
"""Pips that having the next roll is worth: about half an average roll."""

RACE_SPREAD = 3.0
"""The standard deviation of what the pip lead will still swing, per square
root of the pips both sides have left. Dice alone give about 1.5 (a pure race);
hits in random games double it (fitted to their results)."""

CONTACT_WEIGHTS: tuple[float, ...] = (
    0.0146, -1.0346, 0.0824, 0.6094, 0.2458, -0.0341, 0.0918, 0.1073, 0.1177, 0.1353,
    0.1410, -0.1062, -0.1138, 1.2090, -0.2319, -0.2898, -0.1329, -0.3070, -0.0612, -0.3341,
    -0.0878, -0.2270, -0.0953, -0.2395, -0.0376, -0.1249, -0.0642, -0.2192, 0.0400, -0.1941,
    -0.0359, -0.2529, 0.1158, -0.0853, -0.1278, -0.2341, 0.1943, -0.0408, -0.1267, -0.2476,
    -0.0685, -0.0414, 0.1130, -0.2810, 0.0846, -0.0702, -0.0734, -0.3410, 0.0709, -0.1184,
    0.5522, -0.2814, -0.0069, -0.0197, 0.0871, -0.2762, 0.0272, -0.0347, 0.4113, -0.2727,
    0.0375, -0.4226, 0.0000, -0.2999, 0.1820, -0.0875, -0.0047, -0.3499, 0.1002, -0.1859,
    0.2701, -0.3113, 0.0999, 0.2163, -1.4366, -0.3654, 0.1872, -0.0443, -0.1613, -0.3389,
    0.0885, -0.0830, 0.2311, -0.3696, 0.1923, -0.1777, -0.0099, -0.3376, -0.0115, -0.2412,
    0.1590, -0.3179, 0.0066, -0.1418, -0.0532, -0.3548, 0.0221, -0.0423, 0.2896, -0.3819,
    0.0863, -0.0001, 0.0202, -0.3802, 0.0419, -0.0789, 0.1095, -0.4230, -0.0044, -0.0667,
    -0.0499, 0.9658, -0.2971, -0.5820, -0.1927, 0.2793, -0.1410, -0.1060, -0.1185, -0.2282,
    -0.0793, 0.0691, 0.1276, -0.9443, 0.2452, 0.3715, 0.1401, 0.3034, 0.0401, 0.3893,
    0.1075, 0.2061, 0.0893, 0.3151, 0.0391, 0.1313, 0.0365, 0.3325, -0.0661, 0.1820,
    0.0321, 0.3292, -0.1219, 0.0922, 0.0861, 0.3744, -0.2397, 0.0444, 0.0898, 0.2582,
    0.0582, 0.0765, -0.1932, 0.2939, -0.0908, 0.1010, 0.1189, 0.3430, -0.0807, 0.1311,
    -0.6418, 0.2805, 0.0177, 0.0990, -0.1125, 0.2760, -0.0104, 0.0778, -0.3013, 0.2538,
    -0.0450, 0.4086, 0.0000, 0.2860, -0.1641, 0.0906, -0.0138, 0.3411, -0.0996, 0.1947,
    -0.2919, 0.2817, -0.0143, -0.2340, 1.5156, 0.3238, -0.1512, 0.0750, 0.1954, 0.3027,
    -0.0700, 0.0799, -0.1065, 0.3302, -0.1606, 0.1715, -0.0682, 0.3252, 0.0263, 0.1667,
    -0.2146, 0.2572, -0.0566, 0.1512, 0.1569, 0.2897, -0.0375, 0.0120, -0.0882, 0.2887,
    -0.0817, -0.0047, -0.0580, 0.2817, -0.0314, 0.1224, -0.2297, 0.2928, 0.1015, 0.0524,
    0.0227,
)
RACE_WEIGHTS: tuple[float, ...] = (
    0.3220, -4.6518, 0.0000, 2.7268, 0.0000, 0.0000, -0.4613, -0.8164, 0.0777, 0.1044,
    -0.5098, -0.2951, -0.6449, 0.0000, -0.2977, 0.0249, 0.0853, -0.5792, 0.2579, -0.3481,
    -0.0865, -0.5197, 0.3762, -0.5628, 0.0546, -0.5229, 0.2320, -0.5694, 0.0278, -0.5389,
    0.3181, -0.5674, -0.2586, -0.5897, -0.0403, -0.7310, -0.2839, -0.6042, -0.0915, -0.6981,
    -0.0865, -0.3110, 0.0955, -0.7984, -0.4198, -0.5485, -0.5950, -0.8463, -0.2032, -0.1428,
    -0.0002, -0.9779, 0.0106, -0.5866, -0.1469, -1.1549, -0.1175, -0.1201, 0.0000, -1.2738,
    -1.3435, 0.0010, 0.0000, -1.3577, -1.0788, -1.0039, -0.6470, -1.4058, -0.0167, 0.0069,
    0.0000, -1.2877, -0.5124, -0.0198, 0.0013, -1.5829, -0.6360, -0.0219, 0.0007, -1.9348,
    -0.7081, 0.0041, 0.0011, -1.8998, -1.3087, -0.0475, -0.0858, -2.2032, -0.5109, 0.0010,
    0.0000, -1.2660, -0.0296, 0.0020, 0.0000, -0.4847, 0.0198, 0.0029, 0.0010, 0.0118,
    0.0069, 0.0020, 0.0005, 0.0142, 0.0040, 0.0010, 0.0000, 0.0000, 0.0000, 0.0000,
    0.0000, 4.1460, 0.0000, -1.9564, 0.0000, 0.0000, 0.4875, 0.8561, -0.0710, -0.1689,
    0.6753, 0.1927, 0.6754, 0.0000, 0.3269, 0.1208, -0.1155, 0.5348, -0.2420, 0.3396,
    0.0449, 0.5601, -0.3139, 0.5511, -0.0214, 0.6220, -0.3140, 0.6224, -0.0275, 0.6533,
    -0.3448, 0.5708, 0.2988, 0.7355, -0.0779, 0.8203, 0.3082, 0.7066, 0.0815, 0.6204,
    0.1231, 0.5832, 0.1290, 0.8563, 0.3655, 0.9120, 0.6613, 0.7945, 0.1805, 0.0743,
    0.0257, 1.0634, 0.1341, 0.4031, 0.1999, 1.0713, 0.0528, -0.0033, 0.0000, 1.3652,
    1.2194, -0.0010, 0.0000, 1.4152, 1.1298, 0.7375, 0.5219, 1.2595, 0.0362, -0.0088,
    0.0000, 1.4800, 0.4147, 0.0225, -0.0004, 1.8303, 0.3053, 0.0367, -0.0007, 1.7867,
    0.2257, -0.0058, -0.0027, 1.7718, 1.0192, 0.0122, 0.0151, 1.2556, 0.6639, -0.0010,
    0.0000, 0.6642, 0.0407, -0.0010, 0.0000, 0.3152, -0.0216, -0.0010, -0.0005, -0.0105,
    -0.0057, -0.0010, 0.0000, -0.0049, -0.0020, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
    0.0000,
)
"""The models' weights, as bench/backgammon_fit.py printed them: the constant, then one per number
of features.features (the side to roll's NAMES and points, then its opponent's)."""


def race_chance(own: Side, opponent: Side) -> float:
    """The chance that the side about to roll wins a race of pip counts."""
    mine, theirs = pip_count(own), pip_count(opponent)
    spread = RACE_SPREAD * math.sqrt(max(mine + theirs, 1))
    return 0.5 * (1.0 + math.erf((theirs - mine + ROLL_BONUS) / (spread * math.sqrt(2.0))))


class _Model:
    """A model's weights arranged for speed: a table per side of what each point's count of
    checkers adds, so judging a position sums 48 lookups and the two sides' NAMES."""

    def __init__(self, weights: tuple[float, ...]) -> None:
        named, points = len(NAMES), 24 * POINT_CODES
        self.constant = weights[0]
        own, opponent = weights[1:1 + named + points], weights[1 + named + points:]
        self.named = (own[:named], opponent[:named])
        self.points = tuple(
            tuple(tuple(sum(w * code for w, code in zip(side[named + POINT_CODES * (point - 1):][:POINT_CODES],
                                                          point_code(count)))
                        for count in range(CHECKERS + 1)) for point in range(25))
            for side in (own, opponent))

    def chance(self, own: Side, opponent: Side) -> float:
        own_points, opponent_points = self.points
        score = self.constant
        score += sum(w * value for w, value in zip(self.named[0], side_features(own, opponent)))
        score += sum(w * value for w, value in zip(self.named[1], side_features(opponent, own)))
        score += sum(own_points[point][own[point]] + opponent_points[point][opponent[point]] for point in range(1, 25))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


_CONTACT = _Model(CONTACT_WEIGHTS) if CONTACT_WEIGHTS else None
_RACE = _Model(RACE_WEIGHTS) if RACE_WEIGHTS else None


def win_chance(own: Side, opponent: Side) -> float:
    """The chance that the side about to roll (`own`) wins the game, each side seen from its seat."""
    if own[OFF] == CHECKERS:
        return 1.0
    if opponent[OFF] == CHECKERS:
        return 0.0
    model = _CONTACT if contact(own, opponent) else _RACE
    return race_chance(own, opponent) if model is None else model.chance(own, opponent)


def game_chance(state: BackgammonState) -> float:
    """White's chance of winning the game in progress."""
    if state.phase == "opening":
        return 0.5
    roller = state.turn
    own, opponent = state.sides[roller], state.sides[1 - roller]
    if state.phase == "move":  # judged as the rest of the turn would leave it at best
        roller = 1 - roller
        own, opponent = min(plays(own, opponent, state.dice), key=lambda after: win_chance(after[1], after[0]))[::-1]
    chance = win_chance(own, opponent)
    return chance if roller == 0 else 1.0 - chance


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
