"""A turn-by-turn search for a two-seat dice game whose turn is a roll and then several moves.

A game chooses it by returning a `TurnPosition` from `State.search_position()` while a seat is
playing its roll (Backgammon). The search looks at whole turns, not single moves:

- 0-ply: every way to play the turn (`plays()`), each judged by the game's `value()` of the
  position it leaves.
- 1-ply: the best of those, in that order, are judged again by the opponent's reply to each of
  the rolls it may throw next (`rolls()`), the opponent playing each roll as 0-ply judges best.
  The answer is the best play 1-ply judged; with no time for it, the best at 0-ply.
- A weaker level's lapse (`choose_move(..., margin=...)`) plays the runner-up judged alike
  where it is within the margin of the best. A weaker level with `noise` judges at 0-ply only,
  each play's value misjudged by a normal draw of that spread.
- The budget is for the whole search; the moves of the chosen play are remembered, so the rest of
  the turn follows it at once instead of searching again with less time.
- With an iteration cap (how many plays 1-ply may judge) and a budget that does not run out first,
  the answer is the same everywhere: nothing here reads the clock except to stop.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import Protocol

from ..rng import Rng

CANDIDATES = 16
"""Plays 1-ply judges at most: the best at 0-ply."""

WITHIN = 0.16
"""Nor any whose 0-ply value is this far below the best's."""


class TurnPosition(Protocol):
    """A position of the game, with a seat about to roll or playing its roll."""

    def plays(self) -> Sequence[tuple[tuple[str, ...], TurnPosition]]:
        """For a seat playing its roll: each way to play the rest of the turn and the position it
        leaves, the other seat to roll. A roll that cannot be played has one way: no moves."""

    def play(self, move: str) -> TurnPosition:
        """The position after one move of a play."""

    def rolls(self) -> Sequence[tuple[float, TurnPosition]]:
        """For a seat to roll: each roll's probability and the position with it to play; none
        when the game is over."""

    def value(self) -> float:
        """For a seat to roll: its chance of winning, or where the game scores more than a win
        (Backgammon's gammons) its share of the stake, in [0, 1], the opponent's being the rest
        (0 when the game is over with no more than a win, as the seat that moved last has won)."""

    def outlook(self, play: tuple[str, ...], value: float) -> float:
        """For a seat playing its roll: its chance of winning after `play`, which the search
        valued at `value` (for a hint)."""

    def key(self) -> Hashable:
        """Equal for positions with the same future."""


_plan: dict[Hashable, str] = {}
"""The chosen play's next move in each position it passes through after its first, for the rest
of the turn (a search from the turn's start always searches)."""


def choose_move(position: TurnPosition, seconds: float, iterations: int | None = None, *,
                margin: float | None = None, noise: float = 0.0, seed: int = 0) -> str:
    """The first move of the best play, or with a `margin` (a weaker level's lapse) of the
    runner-up where that is within it, or with `noise` (a weaker level's misjudgement) of the best
    at 0-ply once each play's value is off by a normal draw of that spread (from `Rng(seed)`)."""
    planned = _plan.pop(position.key(), None)
    if planned is not None:  # the rest of a play chosen a move ago
        return planned
    ranked = _misjudged(position, noise, seed) if noise else _ranked(position, seconds, iterations)
    moves, value = ranked[0]
    if margin is not None and len(ranked) > 1 and value - ranked[1][1] <= margin:
        moves = ranked[1][0]
    _plan.clear()
    at = position.play(moves[0])
    for move in moves[1:]:
        _plan[at.key()] = move
        at = at.play(move)
    return moves[0]


def search(position: TurnPosition, seconds: float, iterations: int | None = None) -> tuple[tuple[str, ...], float]:
    """The best way to play the turn and the mover's value (chance or share) after it."""
    return _ranked(position, seconds, iterations)[0]


def _ranked(position: TurnPosition, seconds: float,
            iterations: int | None) -> list[tuple[tuple[str, ...], float]]:
    """The ways to play the turn judged alike, best first, with their values: those 1-ply
    judged, if it judged any; else every way, at 0-ply."""
    deadline = time.perf_counter() + seconds
    ranked = sorted(((1.0 - after.value(), moves, after) for moves, after in position.plays()),
                    key=lambda entry: -entry[0])
    at_0_ply = [(moves, chance) for chance, moves, _ in ranked]
    if len(ranked) == 1:
        return at_0_ply
    best_chance = ranked[0][0]
    limit = CANDIDATES if iterations is None else min(CANDIDATES, iterations)
    judged: list[tuple[tuple[str, ...], float]] = []
    for chance, moves, after in ranked[:limit]:
        if chance < best_chance - WITHIN:
            break
        deeper = _after_reply(after, deadline)
        if deeper is None:
            break
        judged.append((moves, deeper))
    if not judged:
        return at_0_ply
    return sorted(judged, key=lambda entry: -entry[1])  # stable: between equals, the better at 0-ply


def _misjudged(position: TurnPosition, noise: float, seed: int) -> list[tuple[tuple[str, ...], float]]:
    """Every way to play the turn, best first, by its 0-ply value plus a normal draw of spread `noise`."""
    rng = Rng(seed)
    judged = [(moves, 1.0 - after.value() + noise * rng.normal()) for moves, after in position.plays()]
    return sorted(judged, key=lambda entry: -entry[1])


def _after_reply(after: TurnPosition, deadline: float) -> float | None:
    """The mover's chance once the opponent has answered each roll with its best play; None if the
    clock ran out first."""
    total = 0.0
    rolls = after.rolls()
    if not rolls:
        return 1.0 - after.value()
    for probability, rolled in rolls:
        if time.perf_counter() > deadline:
            return None
        total += probability * min(reply.value() for _, reply in rolled.plays())
    return total
