"""Battle of LITS: two players lay tetrominoes on a 10x10 board of X and O symbols.

Rules
-----
The board has 100 squares; 30 of them carry an X and 30 an O (the layout
option decides where). The first player (seat 0) owns the X symbols and moves
first; the second player (seat 1) owns the O symbols. Both draw from one
shared pool of twenty tetrominoes: five each of L, I, T and S. An L may be laid
as an L or its mirror image (a J), an S as an S or a Z, and every piece may be
turned any way.

On a turn the player to move lays one piece from the pool on four empty
squares. Every placement must:
- share at least one edge with a piece already on the board (diagonal contact
  is not enough); only the very first piece of the game is free of this;
- leave no 2x2 block of squares entirely covered, by any mix of pieces;
- share no edge with a piece of the same letter (touching at a corner is fine);
- use a letter that the pool still holds.
Symbols never restrict a placement: a piece may cover symbols of either side.

Pie rule: right after the first piece, the second player may answer with
``swap`` instead of laying a piece. The two players then exchange symbols (seat
1 takes the X symbols, seat 0 the O symbols), the piece already on the board
counts as seat 1's, and seat 0 moves next. Seats keep their names and their
order of play from then on. ``swap`` is offered at no other moment.

The game ends as soon as no placement is legal (the board and pool are shared,
so this is the same for both players). Each player scores the symbols of their
own kind that are still uncovered; the higher score wins, and on equal scores
the player who laid the last piece wins.

Options
-------
``layout`` places the symbols:
- "random" (default): 30 X squares drawn one by one with the game's seeded
  generator (`pygames_core.rng`), each uniformly among the squares still
  empty; every X puts an O on the square turned 180 degrees about the centre
  (a1 <-> j10, b3 <-> i8). The drawn layout is stored in the state, so a game
  replays exactly from its record.
- "halves", "diagonal", "lattice": fixed layouts of our own design, drawn in
  ``FIXED_LAYOUTS`` below. Each has 30 X and 30 O, and turning the board half
  way round turns every X into an O and back. "halves": X in ranks 6-10, O in
  ranks 1-5; "diagonal": X above the a1-j10 diagonal, O below it, the
  diagonal bare; "lattice": X and O mixed along slanting lines.

Notation
--------
Squares are a1..j10: files a-j left to right, ranks 1-10 from seat 0's side
(bottom) to the top. A placement is its letter, a colon and its four squares
joined by commas, the squares ordered by file and then by rank, e.g.
"L:a1,a2,a3,b1" or "I:c5,d5,e5,f5". The letter is fixed by the shape, so it
adds nothing the squares do not say, but it makes records readable. The pie
rule adds "swap". ``legal_moves()`` is sorted as plain strings, which puts
"swap" after every placement.

State fields
------------
``symbols`` and ``board`` are strings of 100 characters, index
(rank - 1) * 10 + file (a1 = 0, j1 = 9, a2 = 10, j10 = 99): ``symbols`` holds
"X", "O" or "." for each square, ``board`` the letter covering it or ".".
Pieces need no identity of their own: two pieces of one letter never share an
edge, so each piece is a connected group of equal letters. ``swapped`` is True
after the pie swap, ``last_placer`` is the seat the last piece counts for (the
tie-break), ``last_move`` the last move or "", ``ply`` the moves played, and
``end_reason`` is "" while the game goes on.

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  seat            the viewer (None for a spectator)
  seat_names      ["Blue", "Purple"] (the colours of their pieces on the table)
  seat_symbols    the symbol each seat owns: ["X", "O"], or ["O", "X"] after the swap
  squares         the 100 square names, index order as above
  symbols         100 entries "X", "O" or ""
  cells           100 entries: the covering letter "L", "I", "T", "S" or ""
  pieces          one list of square indexes per piece on the board
  last_move       the last move ("swap" or a placement) or None
  last_cells      the square indexes of the last piece laid ([] before any)
  last_placer     the seat the last piece counts for, or None
  pool            {"L": left, "I": left, "T": left, "S": left}
  uncovered       per seat: own symbols still uncovered (the score)
  totals          per seat: own symbols in the layout
  to_move         seat to move, None when over
  swap_available  True when "swap" is legal now
  swapped         True once the swap has been played
  layout          the layout option
  options         {"layout": ...}
  ply             moves played so far (the swap counts)
  outcome         Outcome.to_dict() once over, else None

Choices
-------
- The facts name no Board Game Arena layouts, so the fixed ones are ours.
- The tie-break goes to the seat the last piece counts for; after a swap the
  first piece counts for seat 1.
- A game lasts at most 21 moves: 20 pieces and the swap.
- Move generation works on sets of placements written as ints, one bit per
  placement: every placement of every piece on the board (1292 of them) is
  listed once at import, and each rule becomes a union or an intersection of
  sets precomputed per square and per 2x2 block. Listing the legal moves
  costs a few hundredths of a millisecond in CPython.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import rng
from ..core import GameInfo, InvalidMoveError, Option, Outcome, State

SIZE = 10
FILES = "abcdefghij"
LETTERS = "LITS"
PIECES_PER_LETTER = 5
SYMBOLS_PER_SIDE = 30
EMPTY = "."
SWAP = "swap"
SEAT_NAMES = ("Blue", "Purple")
MAX_PLIES = len(LETTERS) * PIECES_PER_LETTER + 1

# One orientation of each piece as (file, rank) offsets; the others are derived.
BASE_SHAPES = {
    "L": ((0, 0), (0, 1), (0, 2), (1, 0)),
    "I": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "T": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "S": ((0, 0), (1, 0), (1, 1), (2, 1)),
}

# Fixed layouts, rank 10 at the top and file a on the left.
FIXED_LAYOUTS = {
    "halves": """
        X . X X . X X . X .
        . X X . X . . X X X
        X X . X . X X . . X
        X . X . X X . X X .
        . X . X X . X X . X
        O . O O . O O . O .
        . O O . O O . O . O
        O . . O O . O . O O
        O O O . . O . O O .
        . O . O O . O O . O
    """,
    "diagonal": """
        X . X X . X X . X .
        . X X . X X . X . O
        X X . X X . X . O .
        X . X X . X . O . O
        . X X . X . O . O O
        X X . X . O . O O .
        X . X . O . O O . O
        . X . O . O O . O O
        X . O . O O . O O .
        . O . O O . O O . O
    """,
    "lattice": """
        . X . X O . X . X O
        . X O . X . X O . X
        O . X . X O . X . X
        X . X O . X . X O .
        X O . X . X O . X .
        . O . X O . O . X O
        . X O . O . X O . O
        O . O . X O . O . X
        O . X O . O . X O .
        X O . O . X O . O .
    """,
}
LAYOUT_CHOICES = ("random", *FIXED_LAYOUTS)


def square_name(index: int) -> str:
    return f"{FILES[index % SIZE]}{index // SIZE + 1}"


NAMES: tuple[str, ...] = tuple(square_name(index) for index in range(SIZE * SIZE))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(NAMES)}
BIT: tuple[int, ...] = tuple(1 << index for index in range(SIZE * SIZE))


def rotated(index: int) -> int:
    """The square a half turn of the board brings `index` to."""
    return SIZE * SIZE - 1 - index


def parse_layout(art: str) -> str:
    """ASCII art (rank 10 first) to a symbols string in index order."""
    rows = [line.split() for line in art.strip().splitlines()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError("a layout is 10 rows of 10 squares")
    return "".join(square for row in reversed(rows) for square in row)


def random_layout(seed: int) -> str:
    """30 X squares drawn with the seeded generator, each with its O opposite."""
    symbols = [EMPTY] * (SIZE * SIZE)
    free = list(range(SIZE * SIZE))
    state = rng.seed_state(seed)
    for _ in range(SYMBOLS_PER_SIDE):
        pick, state = rng.below(state, len(free))
        square = free.pop(pick)
        free.remove(rotated(square))  # its partner square takes the O
        symbols[square] = "X"
        symbols[rotated(square)] = "O"
    return "".join(symbols)


def _orientations(cells: tuple[tuple[int, int], ...]) -> list[frozenset[tuple[int, int]]]:
    """Every distinct turn and mirror image, shifted to touch the origin."""
    shapes = []
    for flip_x, flip_y, transpose in [(a, b, c) for a in (1, -1) for b in (1, -1) for c in (False, True)]:
        moved = [((y, x) if transpose else (x, y)) for x, y in cells]
        moved = [(x * flip_x, y * flip_y) for x, y in moved]
        low_x, low_y = min(x for x, _ in moved), min(y for _, y in moved)
        shape = frozenset((x - low_x, y - low_y) for x, y in moved)
        if shape not in shapes:
            shapes.append(shape)
    return shapes


def normalise(squares: list[int]) -> frozenset[tuple[int, int]]:
    """The shape of some squares, shifted to touch the origin."""
    low_file = min(square % SIZE for square in squares)
    low_rank = min(square // SIZE for square in squares)
    return frozenset((square % SIZE - low_file, square // SIZE - low_rank) for square in squares)


SHAPE_LETTER: dict[frozenset[tuple[int, int]], str] = {
    shape: letter for letter, cells in BASE_SHAPES.items() for shape in _orientations(cells)
}


def square_order(index: int) -> tuple[int, int]:
    """Squares of a placement are written by file, then by rank."""
    return index % SIZE, index // SIZE


def article(letter: str) -> str:
    return "a" if letter == "T" else "an"


def placement_text(letter: str, squares: list[int] | tuple[int, ...]) -> str:
    return f"{letter}:" + ",".join(NAMES[square] for square in sorted(squares, key=square_order))


def _edge_neighbours(index: int) -> list[int]:
    file, rank = index % SIZE, index // SIZE
    around = []
    if file > 0:
        around.append(index - 1)
    if file < SIZE - 1:
        around.append(index + 1)
    if rank > 0:
        around.append(index - SIZE)
    if rank < SIZE - 1:
        around.append(index + SIZE)
    return around


def _mask(squares: list[int] | tuple[int, ...] | set[int]) -> int:
    total = 0
    for square in squares:
        total |= BIT[square]
    return total


def _all_placements() -> list[tuple[str, int, int, int, tuple[int, ...]]]:
    """(text, letter index, square mask, edge-neighbour mask, squares) for
    every placement on the empty board, sorted by text."""
    found = []
    for letter_index, letter in enumerate(LETTERS):
        for shape in _orientations(BASE_SHAPES[letter]):
            width = max(x for x, _ in shape) + 1
            height = max(y for _, y in shape) + 1
            for rank in range(SIZE - height + 1):
                for file in range(SIZE - width + 1):
                    squares = tuple(sorted((rank + y) * SIZE + file + x for x, y in shape))
                    around = {n for square in squares for n in _edge_neighbours(square)} - set(squares)
                    found.append((placement_text(letter, squares), letter_index, _mask(squares), _mask(around), squares))
    found.sort()
    return found


PLACEMENTS = _all_placements()
PLACEMENT_BY_TEXT = {placement[0]: placement for placement in PLACEMENTS}
PLACEMENT_TEXTS = [placement[0] for placement in PLACEMENTS]
# The lower-left corner of every 2x2 block: files a-i, ranks 1-9.
BLOCK_CORNERS = _mask([rank * SIZE + file for rank in range(SIZE - 1) for file in range(SIZE - 1)])


def full_blocks(covered: int) -> int:
    """Bits at the lower-left corner of every 2x2 block entirely covered."""
    return covered & (covered >> 1) & (covered >> SIZE) & (covered >> (SIZE + 1)) & BLOCK_CORNERS


# Move generation works on sets of placements, each an int whose bit k stands
# for PLACEMENTS[k]: the rules become a few unions and intersections per
# covered square instead of a test per placement.
def _placement_sets() -> tuple[list[int], list[int], list[int]]:
    """(placements covering each square, placements touching each square
    along an edge, placements of each letter)."""
    covering = [0] * (SIZE * SIZE)
    of_letter = [0] * len(LETTERS)
    for number, (_, letter, _, _, squares) in enumerate(PLACEMENTS):
        for square in squares:
            covering[square] |= 1 << number
        of_letter[letter] |= 1 << number
    touching = [0] * (SIZE * SIZE)
    for square in range(SIZE * SIZE):
        for neighbour in _edge_neighbours(square):
            touching[square] |= covering[neighbour]
    return covering, touching, of_letter


COVERING, TOUCHING, OF_LETTER = _placement_sets()
# Per letter, per square: placements that a piece of that letter on that square
# rules out, because they overlap it or would share an edge with it.
BLOCKED_BY: dict[str, tuple[int, ...]] = {
    letter: tuple(COVERING[square] | TOUCHING[square] & OF_LETTER[number] for square in range(SIZE * SIZE))
    for number, letter in enumerate(LETTERS)
}


def _block_completers() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per 2x2 block: (its corner, for each 4-bit pattern of covered squares
    the placements that would cover all the rest). The bits are the squares
    corner, corner + 1, corner + 10, corner + 11."""
    blocks = []
    for corner in range(SIZE * SIZE):
        if not BLOCK_CORNERS >> corner & 1:
            continue
        block = (corner, corner + 1, corner + SIZE, corner + SIZE + 1)
        completers = []
        for pattern in range(16):
            rest = [square for bit, square in enumerate(block) if not pattern >> bit & 1]
            both = -1
            for square in rest:
                both &= COVERING[square]
            # No piece covers a whole block, and a full block cannot be on the board.
            completers.append(both if pattern and rest else 0)
        blocks.append((corner, tuple(completers)))
    return tuple(blocks)


BLOCKS = _block_completers()


def board_masks(board: str) -> tuple[int, list[int], list[int]]:
    """(covered mask, mask per letter, pieces left per letter)."""
    covered = 0
    by_letter = [0, 0, 0, 0]
    for index, letter in enumerate(board):
        if letter != EMPTY:
            covered |= BIT[index]
            by_letter[LETTERS.index(letter)] |= BIT[index]
    left = [PIECES_PER_LETTER - board.count(letter) // 4 for letter in LETTERS]
    return covered, by_letter, left


def legal_placements(board: str) -> list[str]:
    """Every legal placement on `board`, in PLACEMENTS (sorted) order."""
    covered = touching = ruled_out = 0
    for square, letter in enumerate(board):
        if letter != EMPTY:
            covered |= BIT[square]
            touching |= TOUCHING[square]
            ruled_out |= BLOCKED_BY[letter][square]
    if not covered:
        return list(PLACEMENT_TEXTS)  # the first piece goes anywhere
    for corner, completers in BLOCKS:
        pattern = (covered >> corner) & 3 | ((covered >> (corner + SIZE)) & 3) << 2
        if pattern:
            ruled_out |= completers[pattern]
    for number, letter in enumerate(LETTERS):
        if board.count(letter) >= PIECES_PER_LETTER * 4:
            ruled_out |= OF_LETTER[number]
    legal = touching & ~ruled_out
    # Bit k of `legal` as character k of a string, so str.find walks the set bits.
    bits = format(legal, "b")[::-1]
    moves = []
    number = bits.find("1")
    while number >= 0:
        moves.append(PLACEMENT_TEXTS[number])
        number = bits.find("1", number + 1)
    return moves


_MOVE_PATTERN = re.compile(r"([A-Z]):([a-j](?:10|[1-9])),([a-j](?:10|[1-9])),([a-j](?:10|[1-9])),([a-j](?:10|[1-9]))")


def parse_placement(move: str) -> tuple[str, list[int]]:
    """(letter as written, square indexes as written); InvalidMoveError for
    anything that is not a letter and four squares."""
    match = _MOVE_PATTERN.fullmatch(move)
    if match is None or match.group(1) not in LETTERS:
        raise InvalidMoveError(
            move, 'a move is "swap" or a piece letter L, I, T or S, a colon and four squares, like "L:a1,a2,a3,b1"'
        )
    return match.group(1), [SQUARE_INDEX[match.group(k)] for k in range(2, 6)]


@dataclass(frozen=True)
class LitsState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="lits",
        title="Battle of LITS",
        min_players=2,
        max_players=2,
        options=(
            Option(
                "layout",
                "Symbol layout",
                LAYOUT_CHOICES,
                "random",
                ("Random", "Halves", "Diagonal", "Lattice"),
                help="How the two players' symbols are spread over the board at the start.",
            ),
        ),
        has_chance=False,
        has_hidden_info=False,
        max_plies=MAX_PLIES,
        summary="Lay L, I, T and S tetrominoes to cover your opponent's symbols and keep your own in sight.",
    )

    players: int
    layout: str
    symbols: str
    board: str
    swapped: bool
    to_move: int | None
    last_move: str
    last_placer: int | None
    ply: int
    end_reason: str

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> LitsState:
        cls.info.check_players(players)
        layout = cls.info.resolve_options(options)["layout"]
        symbols = random_layout(seed) if layout == "random" else parse_layout(FIXED_LAYOUTS[layout])
        return cls(
            players=players,
            layout=layout,
            symbols=symbols,
            board=EMPTY * (SIZE * SIZE),
            swapped=False,
            to_move=0,
            last_move="",
            last_placer=None,
            ply=0,
            end_reason="",
        )

    # -- moves -------------------------------------------------------------

    def swap_available(self) -> bool:
        return self.ply == 1 and self.to_move == 1 and not self.swapped

    def last_decision_of_turn(self) -> bool:
        return True  # a turn is one piece laid, or the pie rule's swap

    def _legal_moves(self) -> tuple[str, ...]:
        if self.to_move is None:
            return ()
        moves = legal_placements(self.board)
        if self.swap_available():
            moves.append(SWAP)
        return tuple(moves)

    def _apply(self, move: str) -> LitsState:
        mover: int = self.to_move  # type: ignore[assignment]
        if move == SWAP:
            return self._replace(swapped=True, to_move=0, last_move=SWAP, last_placer=1, ply=self.ply + 1)
        _, letter, _, _, squares = PLACEMENT_BY_TEXT[move]
        board = list(self.board)
        for square in squares:
            board[square] = LETTERS[letter]
        new_board = "".join(board)
        following = legal_placements(new_board)
        state = self._replace(
            board=new_board,
            to_move=1 - mover if following else None,
            last_move=move,
            last_placer=mover,
            ply=self.ply + 1,
            end_reason="" if following else "no piece can be placed",
        )
        if following and not state.swap_available():
            state._know_legal_moves(tuple(following))  # already computed: seed the cache
        return state

    def why_illegal(self, move: str) -> str:
        if move == SWAP:
            if self.swapped:
                return "the swap has already been played"
            return "the swap is offered only to the second player, as its answer to the first piece"
        written, squares = parse_placement(move)
        if len(set(squares)) != 4:
            return "a piece covers four different squares"
        if self.to_move is None:
            return "the game is over"
        shape = normalise(squares)
        letter = SHAPE_LETTER.get(shape)
        if letter is None:
            if len(shape) == 4 and max(x for x, _ in shape) == 1 and max(y for _, y in shape) == 1:
                return "those squares make a 2x2 square, and there is no such piece (only L, I, T and S)"
            return "those four squares do not make an L, I, T or S piece"
        if letter != written:
            return f"those squares make {article(letter)} {letter}, not {article(written)} {written}"
        canonical = placement_text(letter, squares)
        if canonical != move:
            return f"write the squares by file, then by rank: {canonical}"
        _, letter_index, mask, around, _ = PLACEMENT_BY_TEXT[canonical]
        covered, by_letter, left = board_masks(self.board)
        if not left[letter_index]:
            return f"all {PIECES_PER_LETTER} {letter} pieces have been laid"
        taken = [NAMES[square] for square in sorted(squares, key=square_order) if self.board[square] != EMPTY]
        if taken:
            return f"{', '.join(taken)} {'is' if len(taken) == 1 else 'are'} already covered"
        if covered and not around & covered:
            return "a piece must share an edge with a piece already on the board"
        if around & by_letter[letter_index]:
            return f"it would share an edge with another {letter}"
        blocks = full_blocks(covered | mask)
        if blocks:
            corner = (blocks & -blocks).bit_length() - 1
            return f"it would cover the whole 2x2 block {NAMES[corner]}-{NAMES[corner + SIZE + 1]}"
        return "it is not a legal move now"  # unreachable for a consistent state

    # -- end and view --------------------------------------------------------

    def seat_symbols(self) -> tuple[str, str]:
        return ("O", "X") if self.swapped else ("X", "O")

    def uncovered(self) -> tuple[int, int]:
        """Per seat, that seat's symbols still in sight: the scores."""
        counts = {"X": 0, "O": 0}
        for symbol, letter in zip(self.symbols, self.board):
            if symbol != EMPTY and letter == EMPTY:
                counts[symbol] += 1
        first, second = self.seat_symbols()
        return counts[first], counts[second]

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        scores = self.uncovered()
        symbols = self.seat_symbols()
        tally = "; ".join(f"{SEAT_NAMES[seat]} ({symbols[seat]}) keeps {scores[seat]}" for seat in (0, 1))
        if scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
            reason = f"{self.end_reason}: {tally}"
        else:
            winner = self.last_placer if self.last_placer is not None else 0
            reason = f"{self.end_reason}: {tally}; {SEAT_NAMES[winner]} laid the last piece and wins the tie"
        return Outcome(scores=scores, winners=(winner,), reason=reason)

    def pieces(self) -> list[list[int]]:
        """Each piece's squares: the connected groups of equal letters."""
        seen: set[int] = set()
        groups = []
        for start, letter in enumerate(self.board):
            if letter == EMPTY or start in seen:
                continue
            group, frontier = [], [start]
            seen.add(start)
            while frontier:
                square = frontier.pop()
                group.append(square)
                for neighbour in _edge_neighbours(square):
                    if neighbour not in seen and self.board[neighbour] == letter:
                        seen.add(neighbour)
                        frontier.append(neighbour)
            groups.append(sorted(group))
        return groups

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        last_cells: list[int] = []
        if self.last_move and self.last_move != SWAP:
            last_cells = list(PLACEMENT_BY_TEXT[self.last_move][4])
        elif self.last_move == SWAP:
            last_cells = [square for square, letter in enumerate(self.board) if letter != EMPTY]
        totals = {"X": self.symbols.count("X"), "O": self.symbols.count("O")}
        symbols = self.seat_symbols()
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "seat_symbols": list(symbols),
            "squares": list(NAMES),
            "symbols": ["" if symbol == EMPTY else symbol for symbol in self.symbols],
            "cells": ["" if letter == EMPTY else letter for letter in self.board],
            "pieces": self.pieces(),
            "last_move": self.last_move or None,
            "last_cells": last_cells,
            "last_placer": self.last_placer,
            "pool": {letter: PIECES_PER_LETTER - self.board.count(letter) // 4 for letter in LETTERS},
            "uncovered": list(self.uncovered()),
            "totals": [totals[symbols[0]], totals[symbols[1]]],
            "to_move": self.to_move,
            "swap_available": self.swap_available(),
            "swapped": self.swapped,
            "layout": self.layout,
            "options": {"layout": self.layout},
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }
