"""Each seat's chances: what the computer judges positions by.

`win_chance` judges a position for the side about to roll from features.py's numbers: a small
network (network.py) while the sides are in contact, a logistic model once the game is a race.
bench/backgammon_fit.py fitted both to GNU Backgammon's 0-ply judgement of positions from seeded
games (the race's to 43,150 of them, the network's to 63,964, a third of them from games against
gnubg). `gammon_chances` judges the chances of winning and losing a gammon by two more networks of
the same kind, fitted to the same 63,964 positions; the cube's decisions and, where a single game
scores gammons, the turn search (`money_share`) use them. A match then weighs the game's stake (the cube) by
the chances of winning the rest of the match from either result, as if every
later game were an even one-point game.
"""

from __future__ import annotations

import math
import operator
from typing import TYPE_CHECKING

from . import network
from .features import NAMES, POINT_CODES, contact, point_code, side_features
from .moves import CHECKERS, OFF, Side
from .plays import plays

if TYPE_CHECKING:
    from . import BackgammonState

RACE_WEIGHTS: tuple[float, ...] = (
    0.3471, -5.7804, 0.0000, 3.1926, 0.0000, 0.0000, -0.4670, -0.8180, 0.1120, 0.1573,
    -0.9142, -0.4075, -0.6916, 0.0000, -0.1729, -0.0630, 0.0482, -0.4779, 0.3232, -0.3378,
    -0.0750, -0.4637, 0.5246, -0.5220, -0.0237, -0.4708, 0.4299, -0.4444, -0.0082, -0.5135,
    0.4021, -0.5194, -0.2156, -0.5153, 0.0183, -0.7143, -0.1927, -0.5707, 0.0452, -0.5968,
    -0.2565, -0.4258, -0.3461, -0.7334, -0.2400, -0.6032, -0.4237, -0.8962, -0.1630, -0.7435,
    -0.2553, -0.9127, -0.1074, -0.6091, -0.1247, -1.0629, -0.0510, -0.6636, -0.1245, -1.3696,
    -1.2615, -0.5655, 0.0025, -1.2383, -0.9576, -1.0215, -0.5110, -1.4875, -1.1904, -0.6247,
    0.0000, -1.3529, -0.9927, -0.6838, 0.0088, -1.5218, -0.8468, -1.0362, -0.3345, -1.9101,
    -0.5759, 0.0117, 0.0043, -1.7096, -1.2486, -0.0688, -0.0252, -2.2360, -0.3678, -0.1273,
    0.0110, -1.8531, -0.4169, 0.0008, 0.0008, -1.0295, -0.1814, 0.0298, 0.0195, -0.1371,
    0.0383, 0.0294, 0.0075, 0.0400, 0.0136, 0.0039, 0.0014, 0.0000, 0.0000, 0.0000,
    0.0000, 5.4053, 0.0000, -2.4240, 0.0000, 0.0000, 0.4974, 0.8276, -0.1122, -0.1359,
    0.5809, 0.3450, 0.7033, 0.0000, 0.2279, 0.1927, -0.0871, 0.4553, -0.2800, 0.3143,
    0.0366, 0.5196, -0.4437, 0.5232, 0.0402, 0.5428, -0.3902, 0.4881, 0.0109, 0.5716,
    -0.3120, 0.5253, 0.2707, 0.6374, -0.1749, 0.7722, 0.2261, 0.6484, -0.0344, 0.5775,
    0.1845, 0.7120, 0.3584, 0.7478, 0.3169, 0.8192, 0.5131, 0.9144, 0.2044, 0.8688,
    0.0873, 0.9350, 0.0602, 0.2805, 0.1469, 1.0105, 0.0615, 0.8773, 0.0901, 1.3967,
    1.2801, 0.3354, -0.0025, 1.2501, 1.0455, 0.7968, 0.5785, 1.5393, 1.0178, 0.8516,
    0.0000, 1.4851, 1.2137, 0.3416, -0.0093, 1.7332, 0.7295, 0.8896, 0.2600, 1.6829,
    0.1366, -0.0083, -0.0015, 1.6475, 0.9168, 0.0765, 0.0010, 2.4105, 0.2148, -0.0242,
    -0.0095, 1.9249, 0.3187, 0.0061, -0.0004, 0.4793, 0.0876, -0.0215, -0.0195, -0.0528,
    -0.0332, -0.0243, -0.0054, -0.0310, -0.0070, -0.0019, -0.0005, 0.0000, 0.0000, 0.0000,
    0.0000,
)
"""The race model's weights, as bench/backgammon_fit.py printed them: the constant, then one per
number of features.features (the side to roll's NAMES and points, then its opponent's)."""


class _Linear:
    """A linear function of features.py's numbers (its weights as RACE_WEIGHTS are), arranged for
    speed: a table per side of what each point's count of checkers adds, so a score sums 48
    lookups and the two sides' NAMES."""

    def __init__(self, weights: tuple[float, ...]) -> None:
        named, points = len(NAMES), 24 * POINT_CODES
        self.constant = weights[0]
        own, opponent = weights[1:1 + named + points], weights[1 + named + points:]
        self.named = (own[:named], opponent[:named])
        self.points = tuple(self._table(side[named:]) for side in (own, opponent))

    @staticmethod
    def _table(weights: tuple[float, ...]) -> tuple[tuple[float, ...], ...]:
        """For each point (the 0 place unused) and count of checkers, what the point adds."""
        def adds(point: int, count: int) -> float:
            start = POINT_CODES * (point - 1)
            return sum(w * code for w, code in zip(weights[start:start + POINT_CODES], point_code(count)))

        return ((0.0,) * (CHECKERS + 1),) + tuple(
            tuple(adds(point, count) for count in range(CHECKERS + 1)) for point in range(1, 25))

    def score(self, own: Side, opponent: Side, named: tuple[list[float], list[float]]) -> float:
        """The function's value; `named` holds each side's `side_features`, worked out once."""
        own_points, opponent_points = self.points
        return (self.constant + sum(map(operator.mul, self.named[0], named[0]))
                + sum(map(operator.mul, self.named[1], named[1]))
                + sum(own_points[point][own[point]] + opponent_points[point][opponent[point]] for point in range(1, 25)))


def _named(own: Side, opponent: Side) -> tuple[list[float], list[float]]:
    return side_features(own, opponent), side_features(opponent, own)


def _logistic(score: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


class _Network:
    """The contact model: `network.HIDDEN` tanh units, each a linear function of features.py's
    numbers, whose weighted sum gives the chance through the logistic function. A linear model
    of the same numbers was off gnubg's chance by nearly twice as much on held-out positions."""

    def __init__(self, weights: tuple[float, ...], hidden: int) -> None:
        size = (len(weights) - 1) // hidden - 1  # each unit's weights, then the output's constant and one a unit
        self.units = tuple(_Linear(weights[unit * size:(unit + 1) * size]) for unit in range(hidden))
        self.constant, self.output = weights[hidden * size], weights[hidden * size + 1:]

    def chance(self, own: Side, opponent: Side, named: tuple[list[float], list[float]]) -> float:
        """The chance; `named` holds each side's `side_features`, worked out once."""
        return _logistic(self.constant + sum(
            weight * math.tanh(unit.score(own, opponent, named)) for weight, unit in zip(self.output, self.units)))


_CONTACT = _Network(network.WEIGHTS, network.HIDDEN)
_RACE = _Linear(RACE_WEIGHTS)
_GAMMON_WIN = _Network(network.GAMMON_WIN_WEIGHTS, network.HIDDEN)
_GAMMON_LOSS = _Network(network.GAMMON_LOSS_WEIGHTS, network.HIDDEN)


def win_chance(own: Side, opponent: Side) -> float:
    """The chance that the side about to roll (`own`) wins the game, each side seen from its seat."""
    return _win_chance(own, opponent, _named(own, opponent))


def _win_chance(own: Side, opponent: Side, named: tuple[list[float], list[float]]) -> float:
    if own[OFF] == CHECKERS:
        return 1.0
    if opponent[OFF] == CHECKERS:
        return 0.0
    if contact(own, opponent):
        return _CONTACT.chance(own, opponent, named)
    return _logistic(_RACE.score(own, opponent, named))


def gammon_chances(own: Side, opponent: Side) -> tuple[float, float]:
    """The chances that the side about to roll (`own`) wins a gammon and loses one (a backgammon
    counted as a gammon), each side seen from its seat."""
    named = _named(own, opponent)
    return _gammon_chances(own, opponent, _win_chance(own, opponent, named), named)


def _gammon_chances(own: Side, opponent: Side, chance: float,
                    named: tuple[list[float], list[float]]) -> tuple[float, float]:
    if own[OFF] == CHECKERS or opponent[OFF] == CHECKERS:
        winner, loser = (own, opponent) if own[OFF] == CHECKERS else (opponent, own)
        gammon = 1.0 if loser[OFF] == 0 else 0.0
        return (gammon, 0.0) if winner is own else (0.0, gammon)
    # A side that has borne off a checker loses no gammon: no network needs asking.
    return (min(_GAMMON_WIN.chance(own, opponent, named), chance) if opponent[OFF] == 0 else 0.0,
            min(_GAMMON_LOSS.chance(own, opponent, named), 1.0 - chance) if own[OFF] == 0 else 0.0)


def money_share(own: Side, opponent: Side) -> float:
    """The side about to roll's share of a single game's stake where gammons count double, in
    [0, 1]: its cubeless equity (a point won or lost, two for a gammon) mapped from [-2, 2], so
    that the opponent's share is the rest."""
    named = _named(own, opponent)
    chance = _win_chance(own, opponent, named)
    wins, losses = _gammon_chances(own, opponent, chance, named)
    return (2.0 * chance - 1.0 + wins - losses + 2.0) / 4.0


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
