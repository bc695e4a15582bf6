"""Go boards: geometry, point names, legal plays, position hashes.

A board is a string of `size * size` characters, one per point: "." empty, "B" a
black stone, "W" a white stone. Point index = (row - 1) * size + column, with
row 1 at the bottom (Black's side) and column 0 = "A" on the left. Columns are
named A to T without I, so the 19th column is T.

Everything here is a pure function of a board (and the seat to play); the
state in `__init__` keeps the board immutable and builds new ones as strings,
each with its chains on a board of chains.py beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import rng as rng_module
from .chains import BLACK, WHITE, Board, padded_points, rules_points

COLUMNS = "ABCDEFGHJKLMNOPQRST"
EMPTY = "."
STONES = ("B", "W")
"""Board character of each seat's stones: seat 0 is Black, seat 1 White."""

_HASH_SEED = 0x60_0D_B0A2D


@dataclass(frozen=True)
class Geometry:
    """The fixed facts of one board size, computed once."""

    size: int
    points: int
    neighbours: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    dead_moves: tuple[str, ...]
    """"dead <point>" for every point, the dead-stone stage's toggles."""
    index: dict[str, int]
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    """A fixed 64-bit random number per seat and point; a position's hash is the
    XOR of those of its stones."""
    not_first_column: int
    not_last_column: int
    """Bit masks (bit i = point i) of the points off the left and off the right edge."""

    def name(self, point: int) -> str:
        return self.names[point]


def _geometry(size: int) -> Geometry:
    points = size * size
    neighbours = []
    names = []
    for point in range(points):
        row, column = divmod(point, size)
        near = []
        for d_row, d_column in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + d_row, column + d_column
            if 0 <= r < size and 0 <= c < size:
                near.append(r * size + c)
        neighbours.append(tuple(near))
        names.append(f"{COLUMNS[column]}{row + 1}")
    # The hash numbers come from our own generator with a fixed seed per size, so
    # they are the same in every interpreter and every run.
    state = rng_module.seed_state(_HASH_SEED + size)
    zobrist = []
    for _seat in (0, 1):
        numbers = []
        for _point in range(points):
            value, state = rng_module.next_u64(state)
            numbers.append(value)
        zobrist.append(tuple(numbers))
    return Geometry(
        size=size,
        points=points,
        neighbours=tuple(neighbours),
        names=tuple(names),
        dead_moves=tuple(f"dead {name}" for name in names),
        index={name: point for point, name in enumerate(names)},
        zobrist=(zobrist[0], zobrist[1]),
        not_first_column=sum(1 << point for point in range(points) if point % size),
        not_last_column=sum(1 << point for point in range(points) if point % size != size - 1),
    )


GEOMETRIES: dict[int, Geometry] = {}
"""Each size's geometry, built on first use."""


def geometry(size: int) -> Geometry:
    found = GEOMETRIES.get(size)
    if found is None:
        found = GEOMETRIES[size] = _geometry(size)
    return found


def position_hash(board: str, geo: Geometry) -> int:
    value = 0
    for point, stone in enumerate(board):
        if stone != EMPTY:
            value ^= geo.zobrist[0 if stone == "B" else 1][point]
    return value


# -- handicap -------------------------------------------------------------------

def handicap_points(size: int, stones: int) -> tuple[int, ...]:
    """The fixed points of a handicap of 2 to 9 stones (the common engine layout):
    the 3-3 points on 9x9 and the 4-4 points on larger boards, in placing order."""
    if stones < 2:
        return ()
    line = 3 if size == 9 else 4
    low, high, middle = line - 1, size - line, size // 2  # 0-based rows and columns

    def at(column: int, row: int) -> int:
        return row * size + column

    corners = [at(low, low), at(high, high), at(low, high), at(high, low)]
    sides = [at(low, middle), at(high, middle)]
    top_bottom = [at(middle, low), at(middle, high)]
    centre = at(middle, middle)
    if stones <= 4:
        chosen = corners[:stones]
    elif stones == 5:
        chosen = corners + [centre]
    elif stones == 6:
        chosen = corners + sides
    elif stones == 7:
        chosen = corners + sides + [centre]
    elif stones == 8:
        chosen = corners + sides + top_bottom
    else:
        chosen = corners + sides + top_bottom + [centre]
    return tuple(chosen)


# -- chains and liberties ---------------------------------------------------------

def chains_of(board: str, size: int) -> Board:
    """The chains of a board string, on a padded board of chains.py."""
    inside = padded_points(size)
    return Board(size, {inside[point]: BLACK if stone == "B" else WHITE
                        for point, stone in enumerate(board) if stone != EMPTY})


_EMPTY_BITS = str.maketrans({EMPTY: "1", "B": "0", "W": "0"})


def empty_bits(board: str) -> int:
    """The empty points as bits: bit i is set when point i is empty."""
    return int(board.translate(_EMPTY_BITS)[::-1], 2)


_BYTE_POINTS: list[tuple[tuple[int, ...], ...]] = []
"""For the k-th byte of a bit set, by the byte's value: the indexes of its set bits."""


def bit_points(bits: int) -> list[int]:
    """The indexes of the set bits, ascending, a byte at a time (a bit at a time
    in Python costs the legal moves of a state half their time)."""
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    while len(_BYTE_POINTS) < len(data):
        base = 8 * len(_BYTE_POINTS)
        _BYTE_POINTS.append(tuple(tuple(base + bit for bit in range(8) if value >> bit & 1) for value in range(256)))
    points: list[int] = []
    for table, value in zip(_BYTE_POINTS, data):
        if value:
            points += table[value]
    return points


class Plays:
    """The board plays open to one seat: `points`, ascending; `ko` lists the empty
    points refused only because they would repeat a position (ko or superko)."""

    __slots__ = ("points", "ko")

    def __init__(self, points: list[int] | None = None, ko: list[int] | None = None) -> None:
        self.points: list[int] = points or []
        self.ko: list[int] = ko or []


def created_before(history: str, position: int) -> bool:
    """Whether `position` is among the hashes of `history` (16 hex digits each,
    as a state keeps them): a search of the text, at a hash's boundary only."""
    needle = f"{position:016x}"
    at = history.find(needle)
    while at >= 0:
        if at % 16 == 0:
            return True
        at = history.find(needle, at + 1)
    return False


EVERY_POINT = -1
"""The bit mask of every point (all bits set), where nothing narrows a search."""


def find_plays(board: str, geo: Geometry, chains: Board, seat: int, position: int,
               history: str, emptied: int = EVERY_POINT) -> Plays:
    """Every legal board play for `seat`: not on a stone, not suicide, and not
    recreating a position in `history` (the positions this seat has created before).
    `chains` is the board's chains (`chains_of`).

    A point with an empty neighbour is never suicide; the bit masks find those
    at once, so the Python loop only visits the closed points and the captures.
    A play on point p repeats an earlier position only if that position had this
    seat's stone on p, which has gone since; stones go only when captured, so only
    the points of `emptied` (those where this seat has lost a stone, a superset
    will do) are looked up in the history.
    """
    size = geo.size
    width = size + 2
    colour = BLACK + seat
    enemy = 3 - colour
    cells, chain, liberties = chains.cells, chains.chain, chains.liberties
    empty = empty_bits(board)
    open_points = empty & ((empty >> 1 & geo.not_last_column) | (empty << 1 & geo.not_first_column)
                           | (empty >> size) | (empty << size))
    # Enemy chains in atari are captured by a play on their last liberty.
    captures: dict[int, list[int]] = {}
    outside = rules_points(size)
    for key, free in liberties.items():
        if len(free) == 1 and cells[key] == enemy:
            for last in free:
                captures.setdefault(outside[last], []).append(key)
    legal = open_points
    closed = empty & ~open_points
    if closed:
        inside = padded_points(size)
        for point in bit_points(closed):
            if point in captures:
                legal |= 1 << point
                continue
            # No empty neighbour and no capture: legal only if it joins an own chain
            # that keeps another liberty.
            place_at = inside[point]
            for near in (place_at - width, place_at + 1, place_at + width, place_at - 1):
                if cells[near] == colour and len(liberties[chain[near]]) > 1:
                    legal |= 1 << point
                    break
    ko: list[int] = []
    suspects = legal & emptied
    if suspects and history:
        numbers, theirs = geo.zobrist[seat], geo.zobrist[1 - seat]
        for point in bit_points(suspects):
            after = position ^ numbers[point]
            for key in captures.get(point, ()):
                for stone in chains.stones[key]:
                    after ^= theirs[outside[stone]]
            if created_before(history, after):
                ko.append(point)
                legal ^= 1 << point
    return Plays(bit_points(legal), ko)


def place(board: str, point: int, seat: int, captured: list[int]) -> str:
    """The board after `seat` plays at `point` and the `captured` stones go."""
    cells = list(board)
    cells[point] = STONES[seat]
    for gone in captured:
        cells[gone] = EMPTY
    return "".join(cells)
