"""Go's chains on a board changed in place: the one board the rules and the computer share.

`Board` pads the grid with a border of `EDGE` cells, so a point's neighbours are
plain offsets, and keeps every chain (its stones and its liberties) up to date,
so an atari is a set's length away and a capture costs only the captured stones.
It refuses suicide and, for the computer's playouts, the simple-ko retake; the
rules (`GoState`, with board.py's `find_plays`) judge legality themselves, with
situational superko, and keep one board per state.
"""

from __future__ import annotations

EMPTY, BLACK, WHITE, EDGE = 0, 1, 2, 3
"""A padded board's cells."""

_INSIDE: dict[int, list[int]] = {}


def padded_points(size: int) -> list[int]:
    """The padded board's index of each of the rules' points."""
    found = _INSIDE.get(size)
    if found is None:
        width = size + 2
        found = _INSIDE[size] = [row * width + column for row in range(1, size + 1) for column in range(1, size + 1)]
    return found


_OUTSIDE: dict[int, list[int]] = {}


def rules_points(size: int) -> list[int]:
    """The rules' index of each padded point (-1 on the border): padded_points turned round."""
    found = _OUTSIDE.get(size)
    if found is None:
        found = [-1] * (size + 2) ** 2
        for point, place in enumerate(padded_points(size)):
            found[place] = point
        _OUTSIDE[size] = found
    return found


def padded(size: int, point: int) -> int:
    """The padded board's index of the rules' `point`."""
    return padded_points(size)[point]


def unpadded(size: int, point: int) -> int:
    """The rules' index of a padded board's `point` (-1 on the border)."""
    return rules_points(size)[point]


class Board:
    """A Go position changed in place: `cells` over a padded grid (row and column 0
    and size + 1 are `EDGE`), each stone's chain (`chain[point]`, the chain's key),
    each chain's `stones` and `liberties` by key, the simple-ko point, the empty
    points (for random choices), the last two moves (-1 for none or a pass) and the
    stones the last play `captured`.

    The rules keep one per state and the search one per playout, so a copy shares
    each chain's stones and liberties until one side changes them: `owned` holds
    the keys of the chains whose lists and sets this board may change in place.
    Padded points: `padded_points(size)` lists them in the rules' order."""

    __slots__ = ("size", "width", "cells", "chain", "stones", "liberties", "owned", "ko", "empties", "where",
                 "last", "previous", "captured")

    def __init__(self, size: int, stones: dict[int, int]) -> None:
        """A board of `size` lines with `stones` (padded point -> BLACK or WHITE) on it."""
        self.size = size
        width = self.width = size + 2
        self.cells = [EDGE] * (width * width)
        self.chain = [-1] * (width * width)
        self.stones: dict[int, list[int]] = {}
        self.liberties: dict[int, set[int]] = {}
        self.owned: set[int] = set()
        self.captured: list[int] = []
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
        return padded_points(self.size)

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
        self.owned.add(start)

    def copy(self) -> Board:
        """A board to change apart from this one. From now on both share every chain's
        stones and liberties, and each copies a chain's before changing it."""
        board = object.__new__(Board)
        board.size, board.width = self.size, self.width
        board.cells = self.cells[:]
        board.chain = self.chain[:]
        board.stones = self.stones.copy()
        board.liberties = self.liberties.copy()
        board.owned = set()
        self.owned = set()
        board.captured = []
        board.ko, board.last, board.previous = self.ko, self.last, self.previous
        board.empties = self.empties[:]
        board.where = self.where[:]
        return board

    def _own(self, key: int) -> set[int]:
        """Copies the shared stones and liberties of chain `key` for this board to change
        (callers look in `owned` first); its liberties."""
        self.owned.add(key)
        self.stones[key] = self.stones[key][:]
        free = self.liberties[key] = self.liberties[key].copy()
        return free

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
        owned = self.owned
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
            if len(liberties[key]) == 1:  # `point` was its last liberty
                captured.extend(self._remove(key))
            else:
                (liberties[key] if key in owned else self._own(key)).discard(point)
        if own:
            key = max(own, key=lambda each: len(stones[each]))  # the smaller chains join the biggest
            merged = liberties[key] if key in owned else self._own(key)
            members = stones[key]
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
            owned.add(key)
        chain[point] = key
        for gone in captured:  # the mover's chains next to a captured stone gain it as a liberty
            for near in (gone - width, gone + 1, gone + width, gone - 1):
                if cells[near] == colour:
                    gainer = chain[near]
                    (liberties[gainer] if gainer in owned else self._own(gainer)).add(gone)
        self.captured = captured
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
        self.owned.discard(key)
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
