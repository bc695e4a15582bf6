"""Alpha-beta search for a game of two seats with no chance and nothing hidden.

A game chooses it by returning a `Position` from `State.search_position()`: a
compact copy of what decides the rest of the game, which steps much faster than
a full `State` (no view fields, no checks: its moves come from itself). The
game's rules stay in one place; the position calls the same functions.

- Minimax on values for seat 0, so a seat that moves twice in a row (Kalah's
  extra turn) needs no special case: the seat to move picks its side. Depth
  counts turns: a move after which the same seat moves again costs no ply.
- Iterative deepening, one ply more each round, with a transposition table
  (value bounds and the best move of every position searched) that orders the
  next round's moves; the other moves are ordered by a history score.
- It stops at the time budget or the node cap, whichever comes first, and
  answers with the deepest round it finished (or, from the round it broke off,
  a root move that already beat that answer). A round that reached the end of
  every line is exact, and the search stops there.
- With a node cap (and a budget that does not run out first) the answer is the
  same everywhere: nothing here reads the clock except to stop.
- Asked for a `margin`, the root also finds the runner-up within it (for a weaker
  level's lapse): every root move is searched against the best so far less the
  margin, so a move that close gets its exact value, at some cost in depth.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

WIN = 2.0
"""A finished game is worth WIN plus its margin: more than any estimate."""

CLOCK_CHECK = 512
"""Nodes between two looks at the clock."""

MAX_DEPTH = 64

EXACT_DEPTH = 1_000
"""The depth a table entry counts as when its search saw every line to the end."""


class Position(Protocol):
    """What the search asks of a game's position."""

    to_move: int | None
    """0 or 1, None when the game is over."""

    def moves(self) -> Sequence[str]:
        """The moves the seat to move may play (no resignations, no draw offers)."""

    def play(self, move: str) -> Position:
        """The position after one of `moves()`."""

    def value(self) -> float:
        """Seat 0's prospects: in [-1, 1] for a game in progress (an estimate),
        the final margin in [-1, 1] for one that is over."""

    def key(self) -> Hashable:
        """Equal for positions with the same future."""


@dataclass(frozen=True)
class SearchResult:
    move: str
    value: float
    """The root's value for the seat to move: above WIN a forced win, below -WIN a forced loss."""
    depth: int
    """Turns of the deepest round finished."""
    exact: bool
    """Whether that round saw every line to the end of the game."""
    nodes: int
    seconds: float
    runner_up: str | None = None
    """With a `margin`: the best other move whose value is within it of the answer's, in the
    deepest round finished; None if there is none."""


class _OutOfTime(Exception):
    pass


def search(position: Position, seconds: float, iterations: int | None = None, *, margin: float = 0.0) -> SearchResult:
    """The best move for the seat to move, thinking at most `seconds` or
    `iterations` nodes. The first round (one ply) always finishes. With a
    `margin` (of value, for the seat to move) the result names a runner-up too."""
    seat = position.to_move
    if seat is None:
        raise ValueError("the game is over: there is no move to choose")
    started = time.perf_counter()
    moves = list(position.moves())
    if len(moves) == 1:
        return SearchResult(moves[0], 0.0, 0, False, 0, 0.0)
    searcher = _Searcher()
    best, value, depth, exact, runner_up = moves[0], 0.0, 0, False, None
    for round_depth in range(1, MAX_DEPTH + 1):
        try:
            best, value, exact, runner_up = searcher.root(position, round_depth, best, margin)
        except _OutOfTime:
            if searcher.better is not None:
                best, value = searcher.better
                runner_up = None  # judged in the finished round against another answer
            break
        depth = round_depth
        if exact or abs(value) >= WIN:  # deeper rounds cannot change a known result
            break
        searcher.deadline = started + seconds
        searcher.limit = iterations if iterations is not None else math.inf
    sign = 1.0 if seat == 0 else -1.0
    return SearchResult(best, sign * value, depth, exact, searcher.nodes, time.perf_counter() - started, runner_up)


class _Searcher:
    """One search: its clock, its node count and what it learnt."""

    def __init__(self) -> None:
        self.deadline = math.inf  # the first round has no limit
        self.limit = math.inf
        self.nodes = 0
        self.table: dict[Hashable, tuple[int, float, int, str | None]] = {}
        """key: (depth searched, or EXACT_DEPTH if every line reached the end; value; bound, 1 a lower
        bound, -1 an upper bound, 0 exact; the best move)"""
        self.history: dict[tuple[int, str], int] = {}
        self.horizon = False
        """Whether the subtree being searched was cut by the depth anywhere."""
        self.better: tuple[str, float] | None = None

    def root(self, position: Position, depth: int, previous: str,
             margin: float) -> tuple[str, float, bool, str | None]:
        """One round at the root, the previous round's answer first: the best
        move, its value, whether the round saw every line to the end, and the
        runner-up within `margin` if asked for (a value searched in a window
        lowered by the margin is exact wherever it is that close to the best)."""
        maximizing = position.to_move == 0
        sign = 1.0 if maximizing else -1.0  # values for the seat to move are sign * value
        moves = sorted(position.moves(), key=lambda move: move != previous)
        self.better = None
        self.horizon = False
        best, best_value = moves[0], -math.inf
        alpha, beta = -math.inf, math.inf
        values: dict[str, float] = {}
        for move in moves:
            value = sign * self._child(position, move, depth, alpha, beta)
            values[move] = value
            if value > best_value:
                if move != moves[0]:
                    self.better = (move, sign * value)  # it beat the previous answer, searched in full first
                best, best_value = move, value
            if maximizing:
                alpha = max(alpha, value - margin)
            else:
                beta = min(beta, -value + margin)
        close = [move for move in moves if move != best and best_value - values[move] < margin]
        runner_up = max(close, key=values.__getitem__) if close else None
        return best, sign * best_value, not self.horizon, runner_up

    def _child(self, position: Position, move: str, depth: int, alpha: float, beta: float) -> float:
        """The value after `move`: a ply less to search, unless the same seat moves again (the
        rest of its turn, as a Kalah sowing that ends in the store), so a turn counts as one ply."""
        child = position.play(move)
        return self.value(child, depth if child.to_move == position.to_move else depth - 1, alpha, beta)

    def value(self, position: Position, depth: int, alpha: float, beta: float) -> float:
        """Fail-soft minimax with alpha-beta pruning, values for seat 0."""
        self.nodes += 1
        if self.nodes >= self.limit or (self.nodes % CLOCK_CHECK == 0 and time.perf_counter() > self.deadline):
            raise _OutOfTime
        seat = position.to_move
        if seat is None:
            margin = position.value()
            return WIN + margin if margin > 0 else -WIN + margin if margin < 0 else 0.0
        if depth <= 0:
            self.horizon = True
            return position.value()
        key = position.key()
        stored = self.table.get(key)
        first = None
        if stored is not None:
            stored_depth, stored_value, bound, first = stored
            if stored_depth >= depth and (bound == 0 or (bound > 0 and stored_value >= beta)
                                          or (bound < 0 and stored_value <= alpha)):
                if stored_depth < EXACT_DEPTH:
                    self.horizon = True
                return stored_value
        outer_horizon, self.horizon = self.horizon, False
        history = self.history
        moves = sorted(position.moves(), key=lambda move: (move != first, -history.get((seat, move), 0)))
        maximizing = seat == 0
        low, high = alpha, beta
        best_move = moves[0]
        best = -math.inf if maximizing else math.inf
        for move in moves:
            value = self._child(position, move, depth, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                history[(seat, move)] = history.get((seat, move), 0) + depth * depth
                break
        bound = 1 if best >= high else -1 if best <= low else 0
        self.table[key] = (depth if self.horizon else EXACT_DEPTH, best, bound, best_move)
        self.horizon = outer_horizon or self.horizon
        return best
