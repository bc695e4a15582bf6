"""Whole turns: every way to play a roll, for a search that judges the position a turn leaves.

The steps come from `moves.legal_steps`, so the forced-play rules are the game's own: each step
starts a sequence that plays as many dice as any can, and the rest of the turn continues from it.
Orders of the same checker moves that leave the same position count once.
"""

from __future__ import annotations

from .moves import CHECKERS, OFF, STEP_BY_TEXT, die_for, legal_steps, play_step

Sides = tuple[tuple[int, ...], tuple[int, ...]]
"""(the mover's side, the opponent's side), each seen from its own seat (moves.py)."""


def plays(own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...]) -> dict[Sides, tuple[str, ...]]:
    """Every position the rest of the turn can leave, with one sequence of steps that leaves it.
    With nothing to play, the position as it is (no steps)."""
    found: dict[Sides, tuple[str, ...]] = {}
    _extend(own, opponent, dice, (), found, set())
    return found


def _extend(own: tuple[int, ...], opponent: tuple[int, ...], dice: tuple[int, ...], steps: tuple[str, ...],
            found: dict[Sides, tuple[str, ...]], seen: set[tuple[tuple[int, ...], ...]]) -> None:
    """Adds to `found` every position the steps from here can leave. A function of the module,
    not a closure over `found`: a recursive closure is a reference cycle, left for the collector."""
    if (own, opponent, dice) in seen:
        return
    seen.add((own, opponent, dice))
    moves = legal_steps(own, opponent, dice)[0] if dice and own[OFF] < CHECKERS else ()
    if not moves:
        found.setdefault((own, opponent), steps)
        return
    for move in moves:
        origin, target = STEP_BY_TEXT[move]
        after, opponent_after, _ = play_step(own, opponent, origin, target)
        index = dice.index(die_for(dice, origin, target))
        _extend(after, opponent_after, dice[:index] + dice[index + 1:], steps + (move,), found, seen)
