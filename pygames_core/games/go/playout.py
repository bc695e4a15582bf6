"""What the computer knows of Go: how it plays a game out, and which moves it tries first.

A search plays tens of thousands of moves a second on copies of one board
(chains.py, the rules' own), and checks only what a playout needs: no suicide and
simple ko (the root's moves come from the rules, so superko still holds for every
real move).

The playout policy, tried in this order at each move (as in the MoGo family of
programs, with our own code):
1. answer the last move's ataris: capture a chain the last move left with one
   liberty, or save one's own chain it put in atari (capture an attacker in
   atari, or extend when that gains liberties);
2. play a good shape next to the last move: a 3x3 pattern (`PATTERNS`, hane and
   cuts, a few at the edge) around an empty neighbour;
3. else a random point that fills none of one's own eyes.
Moves suggested by 1 and 2 are taken most of the time, not always, and a move
that puts its own chain of two or more stones in atari is mostly refused.

`priors` judges the moves of a new node of the search the same way: captures
and escapes, shapes, moves near the last one and on the third line are tried
first, self-ataris and first- and second-line moves in empty parts of the board
last.
"""

from __future__ import annotations

from itertools import product

from ...rng import Rng
from .chains import BLACK, EDGE, EMPTY, WHITE, Board


# The 3x3 shapes around an empty centre that make good playout moves. Rows top to bottom; X and
# O are the two colours (either may be the player to move), "." empty, "#" off the board, "?"
# anything, "x" anything but X, "o" anything but O. Every rotation and reflection counts.
PATTERNS = (
    ("XOX", "...", "???"),  # hane that encloses
    ("XO.", "...", "?.?"),  # hane that does not cut
    ("XO?", "X..", "x.?"),  # magari
    (".O.", "X..", "..."),  # diagonal attachment
    ("XO?", "O.o", "?o?"),  # cut, unprotected
    ("XO?", "O.X", "???"),  # cut, peeped
    ("?X?", "O.O", "ooo"),  # cut through a one-point jump
    ("OX?", "o.O", "???"),  # cut of a knight's move
    ("X.?", "O.?", "##?"),  # edge: chase
    ("OX?", "X.O", "###"),  # edge: block a cut
    ("?X?", "x.O", "###"),  # edge: block a connection
    ("?XO", "x.x", "###"),  # edge: descent
    ("?OX", "X.O", "###"),  # edge: cut
)
_MEANING = {".": (EMPTY,), "#": (EDGE,), "?": (EMPTY, BLACK, WHITE, EDGE)}


def _pattern_table() -> bytearray:
    """A byte per neighbourhood code (`Board.code`), 1 where it matches a pattern."""
    table = bytearray(4 ** 8)
    # The eight neighbours, in the order of `Board.code`, as (row, column) of the 3x3 grid.
    places = ((0, 1), (1, 2), (2, 1), (1, 0), (0, 0), (0, 2), (2, 2), (2, 0))
    for rows in PATTERNS:
        grids = [rows]
        for _ in range(3):  # the rotations, then each one mirrored
            grids.append(tuple("".join(grids[-1][2 - column][row] for column in range(3)) for row in range(3)))
        grids += [tuple(row[::-1] for row in grid) for grid in grids]
        for grid, (mine, theirs) in product(grids, ((BLACK, WHITE), (WHITE, BLACK))):
            meaning = {**_MEANING, "X": (mine,), "O": (theirs,), "x": (EMPTY, theirs, EDGE), "o": (EMPTY, mine, EDGE)}
            for cells in product(*(meaning[grid[row][column]] for row, column in places)):
                table[sum(cell << (2 * index) for index, cell in enumerate(cells))] = 1
    return table


SHAPES = _pattern_table()

CAPTURE_CHANCE = 9  # in 10: how often a playout takes an atari answer it found
SHAPE_CHANCE = 19  # in 20: how often it takes a shape next to the last move
REFUSE_SELF_ATARI = 9  # in 10: a suggested move that puts a lone stone in atari...
REFUSE_RANDOM_SELF_ATARI = 5  # ...a random one (a nakade may need it)
# A move that puts a chain of two or more stones in atari is never played out.


# -- the playout policy ------------------------------------------------------------------

def atari_answers(board: Board, colour: int) -> list[int]:
    """Points where `colour` answers the ataris around the last move (after a pass, the one
    before it; with neither, anywhere): for each chain in atari there or next to it, its liberty if it is the
    enemy's (a capture); if it is `colour`'s, the liberty of every attacker in atari (a
    capture that saves it) and its own liberty when extending there gains liberties."""
    centre = board.last if board.last >= 0 else board.previous
    cells, width, chain, liberties, stones = board.cells, board.width, board.chain, board.liberties, board.stones
    if centre < 0:  # no move to answer (a position set up, passes): every chain
        keys = set(stones)
    elif cells[centre] == EMPTY:
        return []
    else:
        keys = {chain[centre]}
        for near in (centre - width, centre + 1, centre + width, centre - 1):
            if cells[near] == BLACK or cells[near] == WHITE:
                keys.add(chain[near])
    found: list[int] = []
    enemy = 3 - colour
    for key in keys:
        free = liberties[key]
        if len(free) != 1:
            continue
        if cells[key] == enemy:
            found.extend(free)
            continue
        for stone in stones[key]:
            for touching in (stone - width, stone + 1, stone + width, stone - 1):
                if cells[touching] == enemy and len(liberties[chain[touching]]) == 1:
                    found.extend(liberties[chain[touching]])
        for escape in free:
            if board.liberties_after(escape, colour) >= 2:
                found.append(escape)
    return found


def shape_moves(board: Board) -> list[int]:
    """The empty neighbours (corners included) of the last move whose 3x3 neighbourhood is one
    of the PATTERNS."""
    last = board.last
    if last < 0:
        return []
    cells, width, code = board.cells, board.width, board.code
    return [point for point in (last - width, last + 1, last + width, last - 1,
                                last - width - 1, last - width + 1, last + width + 1, last + width - 1)
            if cells[point] == EMPTY and SHAPES[code(point)]]


_LCG_MULTIPLIER, _LCG_INCREMENT, _LCG_MASK = 1103515245, 12345, 0x7FFFFFFF
"""A playout draws its many small choices from a 31-bit linear congruential generator
seeded from the search's Rng: a line of arithmetic instead of a call to SplitMix64, the
same in every interpreter. Choices use its top bits (value * n >> 31)."""


def _play_first(board: Board, candidates: list[int], colour: int, state: int, lone_refused: int,
                random_move: bool = False) -> tuple[int, int]:
    """Plays the first of `candidates`, from a random one on, that is legal and not refused: a
    self-atari of two or more stones always, of a lone stone `lone_refused` times in 10, and
    for a `random_move` a point that fills one's own eye. (Its point, or -1 if none, and the
    generator's next state.)"""
    count = len(candidates)
    if count:
        state = (state * _LCG_MULTIPLIER + _LCG_INCREMENT) & _LCG_MASK
        start = state * count >> 31
        for offset in range(count):
            candidate = candidates[(start + offset) % count]
            if random_move and board.is_eye(candidate, colour):
                continue
            danger = board.self_atari(candidate, colour)
            if danger:
                state = (state * _LCG_MULTIPLIER + _LCG_INCREMENT) & _LCG_MASK
                if danger == 2 or state * 10 >> 31 < lone_refused:
                    continue
            if board.play(candidate, colour):
                return candidate, state
    return -1, state


def playout(board: Board, colour: int, seed: int, limit: int, first: list[int] | None, light: bool = False) -> int:
    """Plays the policy from `board` (changing it), `colour` to move, until two passes in a
    row or `limit` moves; `first[point]`, when given, records the colour that played there
    first (for RAVE). `light`: random moves only, a lone stone's self-atari allowed (still no
    eye filled, no chain of two or more put in atari). Returns the number of moves played."""
    state = seed & _LCG_MASK
    passes = moves = 0
    while passes < 2 and moves < limit:
        point = -1
        if not light:
            state = (state * _LCG_MULTIPLIER + _LCG_INCREMENT) & _LCG_MASK
            if state * 10 >> 31 < CAPTURE_CHANCE:
                point, state = _play_first(board, atari_answers(board, colour), colour, state, REFUSE_SELF_ATARI)
            if point < 0:
                state = (state * _LCG_MULTIPLIER + _LCG_INCREMENT) & _LCG_MASK
                if state * 20 >> 31 < SHAPE_CHANCE:
                    point, state = _play_first(board, shape_moves(board), colour, state, REFUSE_SELF_ATARI)
        if point < 0:
            point, state = _play_first(board, board.empties, colour, state, 0 if light else REFUSE_RANDOM_SELF_ATARI,
                                       random_move=True)
        if point < 0:
            board.pass_move()
            passes += 1
        else:
            passes = 0
            if first is not None and not first[point]:
                first[point] = colour
        colour = 3 - colour
        moves += 1
    return moves


# -- what a new node of the search tries first ------------------------------------------------

PRIOR_EVEN = 10
"""Every move of a new node starts with this many visits, half of them won; the rest add
visits, won or lost, so that a few hundred playouts go to the likely moves first."""
PRIOR_CAPTURE, PRIOR_CAPTURE_MANY = 15, 30  # won: a capture or escape; of more than one stone
PRIOR_SHAPE = 10  # won: a 3x3 shape next to the last move
PRIOR_SELF_ATARI = 10  # lost
PRIOR_NEAR = (0, 24, 22, 8)  # won, at a common-fate distance of 1, 2, 3 from the last move
PRIOR_OPEN = 10  # in an empty corner of the board: won on the third line, lost on the first two


def priors(board: Board, colour: int, points: list[int]) -> list[tuple[int, int]]:
    """(visits, wins) to start each of `points` with, for `colour` to play there."""
    cells, width, size = board.cells, board.width, board.size
    bonus: dict[int, int] = {}  # point -> capture prior
    for key, free in board.liberties.items():
        if len(free) != 1:
            continue
        (liberty,) = free
        many = len(board.stones[key]) > 1
        if cells[key] != colour:  # an enemy chain in atari: take it
            bonus[liberty] = max(bonus.get(liberty, 0), PRIOR_CAPTURE_MANY if many else PRIOR_CAPTURE)
        elif board.liberties_after(liberty, colour) >= 2:  # one's own: run
            bonus[liberty] = max(bonus.get(liberty, 0), PRIOR_CAPTURE_MANY if many else PRIOR_CAPTURE)
    shapes = set(shape_moves(board))
    distance = near_last_move(board)
    result = []
    for point in points:
        visits, wins = PRIOR_EVEN, PRIOR_EVEN // 2
        gained = bonus.get(point, 0)
        visits, wins = visits + gained, wins + gained
        if point in shapes:
            visits, wins = visits + PRIOR_SHAPE, wins + PRIOR_SHAPE
        if board.self_atari(point, colour):
            visits += PRIOR_SELF_ATARI
        near = distance.get(point, 0)
        if near:
            visits, wins = visits + PRIOR_NEAR[near], wins + PRIOR_NEAR[near]
        row, column = divmod(point, width)
        line = min(row, column, size + 1 - row, size + 1 - column)
        if line <= 3 and _open_around(cells, width, point):
            visits += PRIOR_OPEN
            if line == 3:
                wins += PRIOR_OPEN
        result.append((visits, wins))
    return result


def near_last_move(board: Board) -> dict[int, int]:
    """Empty points at a common-fate distance of 1 to 3 from the last move: steps along the
    lines, where a step inside a chain costs nothing."""
    last = board.last
    if last < 0:
        return {}
    cells, width, chain, stones = board.cells, board.width, board.chain, board.stones
    found: dict[int, int] = {}
    seen = set(stones[chain[last]])
    frontier = list(seen)
    for step in (1, 2, 3):
        following = []
        for point in frontier:
            for near in (point - width, point + 1, point + width, point - 1):
                if near in seen or cells[near] == EDGE:
                    continue
                if cells[near] == EMPTY:
                    seen.add(near)
                    found[near] = step
                    following.append(near)
                else:  # a chain is one step, whatever its size
                    members = stones[chain[near]]
                    seen.update(members)
                    following.extend(members)
        frontier = following
    return found


def _open_around(cells: list[int], width: int, point: int) -> bool:
    """Whether no stone stands within three steps of `point` (the edge does not count)."""
    row, column = divmod(point, width)
    for d_row in range(-3, 4):
        span = 3 - abs(d_row)
        line = (row + d_row) * width
        if line < 0 or line >= len(cells):
            continue
        for d_column in range(-span, span + 1):
            at = line + column + d_column
            if 0 <= column + d_column < width and cells[at] in (BLACK, WHITE):
                return False
    return True
