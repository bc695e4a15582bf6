"""Checker moves for one side: single-die steps and the forced-play rules.

A side is a tuple of 26 ints seen from that side's own seat: index 0 holds the
checkers borne off, 1-24 the points in the side's own numbering (its home board
is 1-6, it moves from 24 towards 1), and 25 the bar. The opponent's checkers on
the mover's point q sit at the opponent's index 25 - q. A step is (from, to):
from 25 is an entry from the bar, to 0 is bearing off.

The search works on lists that it changes and restores (`_step` / `_unstep`),
so trying a whole turn's sequences allocates almost nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

Side = Sequence[int]  # 26 places, as above: a tuple in states, a list inside the search

BAR = 25
OFF = 0
CHECKERS = 15

START_SIDE: tuple[int, ...] = tuple(
    {24: 2, 13: 5, 8: 3, 6: 5}.get(index, 0) for index in range(26)
)

POINT_NAMES: tuple[str, ...] = ("off",) + tuple(str(point) for point in range(1, 25)) + ("bar",)
# Move text by (from, to), so generation never formats strings.
STEP_TEXT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{POINT_NAMES[origin]}/{POINT_NAMES[target]}" for target in range(26)) for origin in range(26)
)
STEP_BY_TEXT: dict[str, tuple[int, int]] = {
    STEP_TEXT[origin][target]: (origin, target)
    for origin in range(1, 26)
    for target in range(0, 25)
    if 1 <= origin - target <= 6 or (target == OFF and origin <= 6)
}


def pip_count(side: Side) -> int:
    """Pips the side still has to travel: a checker on the bar counts 25."""
    return sum(point * side[point] for point in range(1, 26))


def highest_point(side: Side) -> int:
    """The side's farthest occupied place (25 when on the bar, 0 when all are off)."""
    for point in range(25, 0, -1):
        if side[point]:
            return point
    return 0


def single_steps(own: Side, opponent: Side, die: int) -> list[tuple[int, int]]:
    """Every step of one checker by one die, ignoring the other dice."""
    if own[BAR]:
        # An entry lands on the point 25 - die, where the opponent counts `die`.
        return [(BAR, BAR - die)] if opponent[die] < 2 else []
    highest = highest_point(own)
    steps = []
    for origin in range(highest, 0, -1):
        if not own[origin]:
            continue
        target = origin - die
        if target > 0:
            if opponent[BAR - target] < 2:
                steps.append((origin, target))
        elif highest <= 6 and (target == 0 or origin == highest):
            # Bearing off: exactly, or with a higher die from the highest point.
            steps.append((origin, OFF))
    return steps


def _step(own: list[int], opponent: list[int], origin: int, target: int) -> bool:
    """Plays one step on the lists; True when it hit a blot."""
    own[origin] -= 1
    own[target] += 1
    if target and opponent[BAR - target] == 1:
        opponent[BAR - target] = 0
        opponent[BAR] += 1
        return True
    return False


def _unstep(own: list[int], opponent: list[int], origin: int, target: int, hit: bool) -> None:
    own[target] -= 1
    own[origin] += 1
    if hit:
        opponent[BAR] -= 1
        opponent[BAR - target] = 1


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


def can_step(own: Side, opponent: Side, die: int) -> bool:
    """Whether `single_steps` would find anything (and faster)."""
    if own[BAR]:
        return opponent[die] < 2
    highest = highest_point(own)
    if highest <= 6 and (die >= highest or own[die]):
        return highest > 0  # a bear-off (none when every checker is off)
    for origin in range(highest, die, -1):
        if own[origin] and opponent[BAR - origin + die] < 2:
            return True
    return False


def most_playable(own: list[int], opponent: list[int], dice: tuple[int, ...]) -> int:
    """How many of `dice` can be played in some order (stops once all can)."""
    full = len(dice)
    if full == 1:
        return 1 if can_step(own, opponent, dice[0]) else 0
    best = 0
    for die in set(dice):
        rest = _without(dice, die)
        for origin, target in single_steps(own, opponent, die):
            hit = _step(own, opponent, origin, target)
            played = full if own[OFF] == CHECKERS else 1 + most_playable(own, opponent, rest)
            _unstep(own, opponent, origin, target, hit)
            if played > best:
                best = played
                if best == full:
                    return best
    return best


def legal_steps(own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...]) -> tuple[tuple[str, ...], int]:
    """The steps the forced-play rules allow now, in `sort_key` order, and how
    many dice the rest of the turn will use (0: nothing can move).

    A step is legal when it starts a sequence that plays as many of `dice` as
    any sequence can. When a turn of two different dice can use only one, the
    larger must be used if it can be. Bearing off the last checker counts as
    playing every die left, since the game is over.
    """
    if len(dice) == 1:  # one die left: every step of it is legal
        single = single_steps(own, opponent, dice[0])
        return tuple(STEP_TEXT[origin][target] for origin, target in single), 1 if single else 0
    own_list, opponent_list = list(own), list(opponent)
    found: list[tuple[int, int, int, int]] = []  # (dice played, die, from, to)
    best = 0
    for die in set(dice):
        rest = _without(dice, die)
        for origin, target in single_steps(own_list, opponent_list, die):
            hit = _step(own_list, opponent_list, origin, target)
            if own_list[OFF] == CHECKERS:
                played = len(dice)  # the last checker is off: no die is left to play
            else:
                played = 1 + most_playable(own_list, opponent_list, rest)
            _unstep(own_list, opponent_list, origin, target, hit)
            found.append((played, die, origin, target))
            if played > best:
                best = played
    chosen = [entry for entry in found if entry[0] == best]
    if best == 1 and len(dice) == 2 and dice[0] != dice[1]:
        larger = max(dice)
        if any(die == larger for _, die, _, _ in chosen):
            chosen = [entry for entry in chosen if entry[1] == larger]
    steps = sorted({(-origin, -target) for _, _, origin, target in chosen})
    return tuple(STEP_TEXT[-origin][-target] for origin, target in steps), best


def die_for(dice: tuple[int, ...], origin: int, target: int) -> int:
    """The die a legal step uses. A bear-off that several dice allow takes the
    smallest: any of them leaves the same choices behind."""
    if target:
        return origin - target
    if origin in dice:
        return origin
    return min(die for die in dice if die > origin)


def play_step(own: tuple[int, ...], opponent: tuple[int, ...], origin: int,
              target: int) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """(own side, opponent side, hit) after one step."""
    own_list = list(own)
    own_list[origin] -= 1
    own_list[target] += 1
    if target and opponent[BAR - target] == 1:
        opponent_list = list(opponent)
        opponent_list[BAR - target] = 0
        opponent_list[BAR] += 1
        return tuple(own_list), tuple(opponent_list), True
    return tuple(own_list), opponent, False


def step_problem(own: Side, opponent: Side, dice: tuple[int, ...], origin: int, target: int) -> str:
    """Why one step breaks the basic movement rules, or "" when it does not
    (so only the forced-play rules can forbid it)."""
    if own[BAR] and origin != BAR:
        return "a checker on the bar must enter before any other checker moves"
    if origin == BAR and not own[BAR]:
        return "you have no checker on the bar"
    if origin != BAR and not own[origin]:
        return f"you have no checker on your {origin}-point"
    if target == OFF:
        if highest_point(own) > 6:
            return "you may bear off only once all fifteen checkers are in your home board"
        if origin in dice:
            return ""
        if not any(die > origin for die in dice):
            return f"no die left is {origin} or more"
        if any(own[point] for point in range(origin + 1, 7)):
            return f"a die higher than {origin} bears off only from your highest point"
        return ""
    distance = origin - target
    if distance not in dice:
        left = ", ".join(str(die) for die in dice)
        return f"that needs a {distance} and the dice left are {left}"
    if opponent[BAR - target] >= 2:
        return f"your {target}-point is held by {opponent[BAR - target]} of the opponent's checkers"
    return ""
