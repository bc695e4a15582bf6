"""What the computer knows of Go: a board it changes in place, and how it plays out.

The rules (`GoState`, board.py) keep each board immutable, with situational
superko. A search plays tens of thousands of moves a second on copies of one
board, and checks only what a playout needs: no suicide and simple ko (the
root's moves come from the rules, so superko still holds for every real move).

`Board` pads the grid with a border of `EDGE` cells, so a point's neighbours are
plain offsets, and keeps every chain (its stones and its liberties) up to date,
so an atari is a set's length away.

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

EMPTY, BLACK, WHITE, EDGE = 0, 1, 2, 3

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


_INSIDE: dict[int, list[int]] = {}
"""Per board size, the padded points of the board itself."""


class Board:
    """A Go position changed in place: `cells` over a padded grid (row and column 0
    and size + 1 are `EDGE`), each stone's chain (`chain[point]`, the chain's key),
    each chain's `stones` and `liberties` by key, the simple-ko point, the empty
    points (for random choices) and the last two moves (-1 for none or a pass)."""

    __slots__ = ("size", "width", "cells", "chain", "stones", "liberties", "ko", "empties", "where", "last",
                 "previous")

    def __init__(self, size: int, stones: dict[int, int]) -> None:
        """A board of `size` lines with `stones` (padded point -> BLACK or WHITE) on it."""
        self.size = size
        width = self.width = size + 2
        self.cells = [EDGE] * (width * width)
        self.chain = [-1] * (width * width)
        self.stones: dict[int, list[int]] = {}
        self.liberties: dict[int, set[int]] = {}
        self.ko = -1
        self.last = self.previous = -1
        self.empties: list[int] = []
        self.where = [-1] * (width * width)
        for point in self.points():
            self.cells[point] = stones.get(point, EMPTY)
            if self.cells[point] == EMPTY:
                self.where[point] = len(self.empties)
                self.empties.append(point)
        for point in self.points():
            if self.cells[point] != EMPTY and self.chain[point] < 0:
                self._find_chain(point)

    def points(self) -> list[int]:
        """The padded points of the board itself, row by row."""
        found = _INSIDE.get(self.size)
        if found is None:
            width, size = self.width, self.size
            found = _INSIDE[size] = [row * width + column for row in range(1, size + 1) for column in range(1, size + 1)]
        return found

    def _find_chain(self, start: int) -> None:
        cells, width, chain = self.cells, self.width, self.chain
        colour = cells[start]
        members, free, stack = [start], set(), [start]
        chain[start] = start
        while stack:
            point = stack.pop()
            for near in (point - width, point + 1, point + width, point - 1):
                if cells[near] == EMPTY:
                    free.add(near)
                elif cells[near] == colour and chain[near] < 0:
                    chain[near] = start
                    members.append(near)
                    stack.append(near)
        self.stones[start] = members
        self.liberties[start] = free

    def copy(self) -> Board:
        board = object.__new__(Board)
        board.size, board.width = self.size, self.width
        board.cells = self.cells[:]
        board.chain = self.chain[:]
        board.stones = {key: members[:] for key, members in self.stones.items()}
        board.liberties = {key: free.copy() for key, free in self.liberties.items()}
        board.ko, board.last, board.previous = self.ko, self.last, self.previous
        board.empties = self.empties[:]
        board.where = self.where[:]
        return board

    # -- reading the board ---------------------------------------------------------------

    def code(self, point: int) -> int:
        """The neighbourhood of `point` as 16 bits, 2 a neighbour: up, right, down, left, then
        the corners up-left, up-right, down-right, down-left (SHAPES is indexed by it)."""
        cells, width = self.cells, self.width
        return (cells[point - width] | cells[point + 1] << 2 | cells[point + width] << 4 | cells[point - 1] << 6
                | cells[point - width - 1] << 8 | cells[point - width + 1] << 10
                | cells[point + width + 1] << 12 | cells[point + width - 1] << 14)

    def is_eye(self, point: int, colour: int) -> bool:
        """An empty point all of whose neighbours are `colour` (or the edge), and not a false
        eye: no enemy stone on a diagonal at the edge, at most one in the middle."""
        cells, width = self.cells, self.width
        for near in (point - width, point + 1, point + width, point - 1):
            if cells[near] != colour and cells[near] != EDGE:
                return False
        enemy = 3 - colour
        bad = edge = 0
        for corner in (point - width - 1, point - width + 1, point + width + 1, point + width - 1):
            cell = cells[corner]
            if cell == enemy:
                bad += 1
            elif cell == EDGE:
                edge = 1
        return bad == 0 if edge else bad <= 1

    def liberties_after(self, point: int, colour: int) -> int:
        """How many liberties the chain of a stone of `colour` on the empty `point` would have,
        counted up to 3 (a capture counts as plenty)."""
        cells, width, chain, liberties = self.cells, self.width, self.chain, self.liberties
        free = set()
        for near in (point - width, point + 1, point + width, point - 1):
            cell = cells[near]
            if cell == EMPTY:
                free.add(near)
            elif cell == colour:
                free |= liberties[chain[near]]
            elif cell != EDGE and len(liberties[chain[near]]) == 1:
                return 3
        free.discard(point)
        return min(len(free), 3)

    def self_atari(self, point: int, colour: int) -> int:
        """Whether a stone of `colour` on `point` would leave its own chain in atari (or
        without a liberty), capturing nothing: 0 no, 1 a lone stone (a throw-in, a nakade
        may want it), 2 a chain of two or more stones."""
        cells, width = self.cells, self.width
        around = (cells[point - width], cells[point + 1], cells[point + width], cells[point - 1])
        if around.count(EMPTY) >= 2 or self.liberties_after(point, colour) >= 2:
            return 0
        return 2 if colour in around else 1

    # -- changing it -------------------------------------------------------------------

    def play(self, point: int, colour: int) -> bool:
        """Plays `colour` on the empty `point` if that is neither suicide nor a simple-ko
        retake, and says whether it did."""
        if point == self.ko:
            return False
        cells, width, chain, liberties, stones = self.cells, self.width, self.chain, self.liberties, self.stones
        enemy = 3 - colour
        around = (point - width, point + 1, point + width, point - 1)
        free = []
        own: list[int] = []
        prey: list[int] = []
        alive = False  # the play is no suicide
        for near in around:
            cell = cells[near]
            if cell == EMPTY:
                free.append(near)
                alive = True
            elif cell == colour:
                key = chain[near]
                if key not in own:
                    own.append(key)
                    if len(liberties[key]) > 1:
                        alive = True
            elif cell == enemy:
                key = chain[near]
                if key not in prey:
                    prey.append(key)
                    if len(liberties[key]) == 1:
                        alive = True
        if not alive:
            return False
        cells[point] = colour
        self._take(point)
        captured: list[int] = []
        for key in prey:
            left = liberties[key]
            left.discard(point)
            if not left:
                captured.extend(self._remove(key))
        if own:
            key = max(own, key=lambda each: len(stones[each]))  # the smaller chains join the biggest
            members, merged = stones[key], liberties[key]
            merged.discard(point)
            for other in own:
                if other != key:
                    for stone in stones.pop(other):
                        chain[stone] = key
                        members.append(stone)
                    merged |= liberties.pop(other)
                    merged.discard(point)
            members.append(point)
            merged.update(free)
        else:
            key = point
            stones[key] = [point]
            merged = liberties[key] = set(free)
        chain[point] = key
        for gone in captured:  # the mover's chains next to a captured stone gain it as a liberty
            for near in (gone - width, gone + 1, gone + width, gone - 1):
                if cells[near] == colour:
                    liberties[chain[near]].add(gone)
        self.ko = captured[0] if len(captured) == 1 and len(stones[key]) == 1 and len(merged) == 1 else -1
        self.previous, self.last = self.last, point
        return True

    def pass_move(self) -> None:
        self.ko = -1
        self.previous, self.last = self.last, -1

    def _take(self, point: int) -> None:
        empties, where = self.empties, self.where
        index = where[point]
        moved = empties.pop()
        if moved != point:
            empties[index] = moved
            where[moved] = index
        where[point] = -1

    def _remove(self, key: int) -> list[int]:
        """Takes the chain `key` off the board; its stones."""
        members = self.stones.pop(key)
        del self.liberties[key]
        cells, empties, where = self.cells, self.empties, self.where
        for stone in members:
            cells[stone] = EMPTY
            where[stone] = len(empties)
            empties.append(stone)
        return members

    def area(self) -> tuple[list[int], int]:
        """Owner of each point at the end of a playout (BLACK, WHITE, or EMPTY for nobody; an
        empty point is owned by the one colour next to it, if just one), and Black's area minus
        White's."""
        cells, width = self.cells, self.width
        owners = cells[:]
        balance = 0
        for point in self.points():
            cell = cells[point]
            if cell == EMPTY:
                black = white = False
                for near in (point - width, point + 1, point + width, point - 1):
                    if cells[near] == BLACK:
                        black = True
                    elif cells[near] == WHITE:
                        white = True
                cell = owners[point] = BLACK if black and not white else WHITE if white and not black else EMPTY
            if cell == BLACK:
                balance += 1
            elif cell == WHITE:
                balance -= 1
        return owners, balance


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
