"""A plain fixed-depth alpha-beta Kalah player, written apart from pygames_core
(its own board, sowing and end) so that it is a hold-out opponent: no move
ordering, no table, the store difference as its evaluation.

Board: 14 counts, South's pits 0-5 and store 6, North's pits 7-12 and store 13.
"""

from __future__ import annotations

import math

STORE = (6, 13)


def pits_of(seat: int) -> range:
    return range(7 * seat, 7 * seat + 6)


# The places a seat's sowing visits, in order from each index, the opponent's store left out.
RING = tuple(tuple(i for i in range(14) if i != STORE[1 - seat]) for seat in (0, 1))
POSITION = tuple({index: n for n, index in enumerate(ring)} for ring in RING)


def successor(board: list[int], seat: int, pit: int, empty_capture: bool) -> tuple[list[int], int | None]:
    """The board after `seat` sows pit index `pit`, and who moves next (None: over, stones swept)."""
    board = board[:]
    stones, board[pit] = board[pit], 0
    ring, start = RING[seat], POSITION[seat][pit]
    laps, rest = divmod(stones, 13)
    if laps:
        for i in ring:
            board[i] += laps
    for step in range(1, rest + 1):
        board[ring[(start + step) % 13]] += 1
    index = ring[(start + rest) % 13] if rest else pit
    following: int | None = 1 - seat
    if index == STORE[seat]:
        following = seat
    elif index in pits_of(seat) and board[index] == 1:
        facing = 12 - index
        if board[facing] or empty_capture:
            board[STORE[seat]] += board[facing] + 1
            board[facing] = board[index] = 0
    total = sum(board)
    over = board[6] * 2 > total or board[13] * 2 > total
    if over or not any(board[i] for i in pits_of(following)):
        for side in (0, 1):
            for i in pits_of(side):
                board[STORE[side]] += board[i]
                board[i] = 0
        following = None
    return board, following


def evaluate(board: list[int], over: bool) -> float:
    """For South: the store difference, a finished game weighing more than any position."""
    difference = board[6] - board[13]
    return difference + (1000 * (difference > 0) - 1000 * (difference < 0) if over else 0)


def alphabeta(board: list[int], seat: int | None, depth: int, alpha: float, beta: float,
              empty_capture: bool) -> float:
    """Minimax for South with alpha-beta pruning, pits tried in their order."""
    if seat is None or depth == 0:
        return evaluate(board, seat is None)
    maximizing = seat == 0
    value = -math.inf if maximizing else math.inf
    for pit in pits_of(seat):
        if not board[pit]:
            continue
        child = alphabeta(*successor(board, seat, pit, empty_capture), depth - 1, alpha, beta, empty_capture)
        if maximizing:
            value = max(value, child)
            alpha = max(alpha, value)
        else:
            value = min(value, child)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose_pit(board: list[int], seat: int, depth: int, empty_capture: bool) -> int:
    """The pit index `seat` sows, the first of the best by a `depth`-ply search."""
    best, best_value = -1, -math.inf
    sign = 1 if seat == 0 else -1
    for pit in pits_of(seat):
        if board[pit]:
            window = (best_value, math.inf) if seat == 0 else (-math.inf, -best_value)
            value = sign * alphabeta(*successor(board, seat, pit, empty_capture), depth - 1, *window, empty_capture)
            if value > best_value:
                best, best_value = pit, value
    return best
