"""Isaac: fill a 10x10 board with bars, then take them away again for points.

Rules implemented
-----------------
Two players, Dark (seat 0, moves first) and Light (seat 1). Each owns fifteen
bars: five of length 3, four of length 4, three of length 5, two of length 6
and one of length 7. A bar carries a printed value: 1, 2, 3, 4 and 6 for the
lengths 3 to 7. Each player also owns one score counter.

Placement phase. Players take turns putting one of their unplaced bars on the
board, lying along a row or a column, wholly inside the board and only on empty
cells. A player to whom no unplaced bar fits anywhere must pass, and passing is
allowed only then. Since the board only fills up, that player never places
again, and the other goes on placing alone until no bar of theirs fits either
and they pass too. Bars that never found room stay unplaced for good.

The board is also the score track. Each player counts its cells from 00 to 99
from their own side: the units go from left to right along the edge nearest to
them, the tens go away from them. Dark's 00 is a1 and Dark's 99 is j10; Light
sits opposite, so Light's number of a cell is 99 minus Dark's. A counter stands
on the cell numbered with its owner's score and starts on that player's 00,
on top of a bar if one lies there.

Scoring phase. The player who passed first in the placement phase begins, then
the players alternate. A turn removes one of one's own bars from the board:
- never shorter than a bar that player removed earlier;
- never a bar with a counter (either one) standing on one of its cells.
Its points: the line is the row of a horizontal bar, the column of a vertical
one. Count the bars still on the board after the removal, of both colours, that
have at least one cell on that line (each counts once, whether it lies along
the line or crosses it), and multiply by the value of the removed bar. That
product is doubled when one counter stands on the line, and multiplied by four
when both do. The scorer may then move their own counter forward by any number
of cells from 0 up to the points, counted in their own numbering, but it may
not stop on the cell of the other counter (it may stop on a bar).

A player who cannot remove any bar on their turn passes and is out of the
scoring phase for good; the other keeps removing alone. The game ends at once
when a counter reaches 100 or more, or when both players have passed in the
scoring phase. The higher score wins. Equal scores go to the player whose
unplaced bars add up to more cells; if those are equal too, Dark wins.

Options: none (neither the rules text nor the facts name a variant).

Notation
--------
Cells are a1..j10: file a-j from left to right, rank 1-10 from Dark's side
(rank 1, bottom) to Light's side (rank 10, top). Moves:
  "place 5 c3 h"  a bar of length 5 with its first cell on c3, horizontal (c3-g3);
  "place 5 c3 v"  the same bar vertical (c3-c7). The first cell is always the
                  lowest one: the leftmost for "h", the nearest to Dark for "v";
  "remove c3"     take away one's own bar whose first cell is c3;
  "advance 7"     move one's counter 7 cells forward after a removal;
  "pass"          only when no placement (or no removal) is possible.
A scoring turn is thus two moves by the same seat: "remove ..." then
"advance N". `legal_moves()` lists placements by length; within a length the
horizontal ones row by row (a1, b1, ..., a2, ...), then the vertical ones
column by column (a1, a2, ..., b1, ...). Removals come by first cell (a1, b1,
..., j10), advances from 0 up.

Choices made for this project
-----------------------------
- The advance is a move of its own, offered only when the removal scored at
  least one point (a removal worth 0 ends the turn at once). "advance 0" is
  always among the choices.
- Any advance that reaches 100 ends the game the same way, so the largest
  advance offered is the one that lands on exactly 100: a finished score
  is at most 100.
- Passing is never voluntary, in either phase (facts: forced only). A player
  who passed in the scoring phase stays out even if a counter later moves
  off one of their bars.
- A removal names its bar by the bar's first cell, the cell its placement
  named; any other cell of the bar is refused with a reason naming the first.
- Points use the counters where they stand when the bar is removed, before
  the scorer's own advance.
- Tie-break by the total length in cells of the unplaced bars (the
  project's decision), not by how many bars make it up.
- `max_plies` is 94, a proven bound: at most 30 placements (15 bars a side),
  2 placement passes, at most one removal and one advance per placed bar,
  2 scoring passes.
- A counter that reaches 100 leaves the board (its view cell is None).

State fields
------------
`board`: 100 ints, index = Dark's number of the cell = (rank - 1) * 10 + file
(a1 = 0, j1 = 9, j10 = 99); 0 is empty, k > 0 is the bar `pieces[k - 1]`.
`pieces`: every bar ever placed, in order, as (seat, length, first cell,
vertical 0/1); a removed bar stays listed but leaves the board. `reserve`:
per seat, the counts of unplaced bars of lengths 3..7. `phase`: "placement" or
"scoring". `passed`: per seat, passed in the current phase. `first_passer`:
the first seat to pass in the placement phase, -1 before. `scores`: counter
positions in each owner's numbering. `shortest`: per seat, the length of the
last bar removed (0 before any). `pending`: points of a removal waiting for
its advance, else 0. `last_removal`: (seat, piece number, count, multiplier,
points) of the latest removal, or (). `last_moves`: the moves of the latest
turn. `end_reason`: "" while the game goes on.

View
----
`view(seat)` is the same for every seat (nothing is hidden):
  squares        the 100 cell names, by board index
  numbers        [Dark's numbers, Light's numbers]: each seat's track number
                 of every cell, by board index (Light's is 99 - index)
  pieces         bars on the board: {number, seat, length, value, square,
                 vertical, cells}
  counters       per seat, the board index of its counter (None once at 100)
  scores         per seat, the counter position (0..100)
  reserve        per seat, the counts of unplaced bars by length 3..7
  lengths, values  [3, 4, 5, 6, 7] and [1, 2, 3, 4, 6]
  unplaced_cells per seat, the total length of unplaced bars (the tie-break)
  phase          "placement" or "scoring"
  to_move        seat to move, None when over
  passed         per seat, passed in the current phase
  first_passer   the seat that starts the scoring phase, None before
  shortest       per seat, the shortest bar it may still remove (0 = any)
  pending        points waiting to be advanced, 0 when none
  last_removal   None or {seat, square, length, value, vertical, cells, line
                 ("row 3" / "column c"), line_cells, count, multiplier, points}
  last_moves     the moves of the latest turn, to highlight
  seat_names     ["Dark", "Light"]
  ply, outcome   moves played; Outcome.to_dict() once over, else None
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import GameInfo, InvalidMoveError, Outcome, State

SIZE = 10
FILES = "abcdefghij"
SEAT_NAMES = ("Dark", "Light")
LENGTHS = (3, 4, 5, 6, 7)
VALUES = {3: 1, 4: 2, 5: 3, 6: 4, 7: 6}
START_RESERVE = (5, 4, 3, 2, 1)  # counts by length 3..7
GOAL = 100
PASS = "pass"
MAX_PLIES = 94

_SQUARE = r"([a-j](?:10|[1-9]))"
_PLACE_PATTERN = re.compile(rf"place ([3-7]) {_SQUARE} ([hv])")
_REMOVE_PATTERN = re.compile(rf"remove {_SQUARE}")
_ADVANCE_PATTERN = re.compile(r"advance (\d{1,3})")


def square_name(index: int) -> str:
    return f"{FILES[index % SIZE]}{index // SIZE + 1}"


NAMES: tuple[str, ...] = tuple(square_name(index) for index in range(SIZE * SIZE))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(NAMES)}


def bar_cells(first: int, length: int, vertical: bool) -> tuple[int, ...] | None:
    """The cells of a bar from its first cell, or None if it leaves the board."""
    file, rank = first % SIZE, first // SIZE
    if vertical:
        if rank + length > SIZE:
            return None
        return tuple(first + SIZE * step for step in range(length))
    if file + length > SIZE:
        return None
    return tuple(range(first, first + length))


def line_cells(first: int, vertical: bool) -> tuple[int, ...]:
    """The row (horizontal bar) or column (vertical bar) through `first`."""
    if vertical:
        return tuple(range(first % SIZE, SIZE * SIZE, SIZE))
    start = first - first % SIZE
    return tuple(range(start, start + SIZE))


def line_name(first: int, vertical: bool) -> str:
    return f"column {FILES[first % SIZE]}" if vertical else f"row {first // SIZE + 1}"


def counter_cell(seat: int, score: int) -> int | None:
    """Board index of a counter at `score` in its owner's numbering."""
    if score >= GOAL:
        return None
    return score if seat == 0 else SIZE * SIZE - 1 - score


def place_text(length: int, first: int, vertical: bool) -> str:
    return f"place {length} {NAMES[first]} {'v' if vertical else 'h'}"


# Every placement: its text by (length, first cell, vertical), and what each
# text means. Tables below share these strings rather than make new ones.
PLACE_TEXT: dict[tuple[int, int, bool], str] = {}
PLACEMENT_BY_TEXT: dict[str, tuple[int, int, int, tuple[int, ...]]] = {}
for _length in LENGTHS:
    for _first in range(SIZE * SIZE):
        for _vertical in (False, True):
            _cells = bar_cells(_first, _length, _vertical)
            if _cells is not None:
                _text = PLACE_TEXT[_length, _first, _vertical] = place_text(_length, _first, _vertical)
                PLACEMENT_BY_TEXT[_text] = (_length, _first, int(_vertical), _cells)
REMOVE_TEXT: tuple[str, ...] = tuple(f"remove {name}" for name in NAMES)
ADVANCE_TEXT: tuple[str, ...] = tuple(f"advance {steps}" for steps in range(GOAL + 1))
ROWS: tuple[tuple[int, ...], ...] = tuple(line_cells(row * SIZE, False) for row in range(SIZE))
COLUMNS: tuple[tuple[int, ...], ...] = tuple(line_cells(file, True) for file in range(SIZE))
LINES = ROWS + COLUMNS


def _runs(covered: bytes) -> tuple[tuple[int, int], ...]:
    """(start, length) of each stretch of 3 or more empty cells along a line,
    given which of its cells are covered (1) or not (0)."""
    runs = []
    start = 0
    for position in range(SIZE + 1):
        if position == SIZE or covered[position]:
            if position - start >= min(LENGTHS):
                runs.append((start, position - start))
            start = position + 1
    return tuple(runs)


def _run_texts(line: int, start: int, run: int) -> tuple[tuple[str, ...], ...]:
    """Indexed by length, the placements inside a stretch of `run` empty cells
    from position `start` of a line (0-9 the rows 1-10, 10-19 the columns a-j)."""
    cells = LINES[line]
    vertical = line >= SIZE
    return tuple(
        tuple(PLACE_TEXT[length, cells[first], vertical] for first in range(start, start + run - length + 1))
        if length in VALUES else ()
        for length in range(max(LENGTHS) + 1)
    )


RUNS: dict[bytes, tuple[tuple[int, int], ...]] = {
    pattern: _runs(pattern)
    for pattern in (bytes((bits >> position) & 1 for position in range(SIZE)) for bits in range(1 << SIZE))
}
RUN_TEXTS: dict[tuple[int, int, int], tuple[tuple[str, ...], ...]] = {
    (line, start, run): _run_texts(line, start, run)
    for line in range(2 * SIZE)
    for start in range(SIZE)
    for run in range(min(LENGTHS), SIZE - start + 1)
}
_COVERED = bytes([0] + [1] * 255)  # bytes.translate table: piece number -> covered


def empty_runs(board: tuple[int, ...]) -> list[tuple[tuple[str, ...], ...]]:
    """The placements (by length) of every stretch of empty cells where a
    bar fits: rows 1-10 first, then columns a-j, each from its low end."""
    covered = bytes(board).translate(_COVERED)  # piece numbers stay below 256
    found = []
    for line in range(SIZE):
        for start, run in RUNS[covered[line * SIZE : line * SIZE + SIZE]]:
            found.append(RUN_TEXTS[line, start, run])
    for file in range(SIZE):
        for start, run in RUNS[covered[file::SIZE]]:
            found.append(RUN_TEXTS[SIZE + file, start, run])
    return found


def parse_move(move: str) -> tuple[str, Any]:
    """("place", (length, first, vertical)), ("remove", cell), ("advance", n)
    or ("pass", None); InvalidMoveError for anything else."""
    if move == PASS:
        return "pass", None
    match = _PLACE_PATTERN.fullmatch(move)
    if match:
        return "place", (int(match.group(1)), SQUARE_INDEX[match.group(2)], match.group(3) == "v")
    match = _REMOVE_PATTERN.fullmatch(move)
    if match:
        return "remove", SQUARE_INDEX[match.group(1)]
    match = _ADVANCE_PATTERN.fullmatch(move)
    if match:
        return "advance", int(match.group(1))
    raise InvalidMoveError(
        move, 'a move is "place 5 c3 h" (length, first cell, h or v), "remove c3", "advance 7" or "pass"'
    )


def removal_points(board: tuple[int, ...], first: int, vertical: bool, value: int,
                   counters: tuple[int | None, ...]) -> tuple[int, int, int]:
    """(bars on the line, multiplier, points) for a bar already taken off `board`."""
    line = COLUMNS[first % SIZE] if vertical else ROWS[first // SIZE]
    count = len({board[cell] for cell in line} - {0})
    on_line = sum(1 for cell in counters if cell is not None and cell in line)
    multiplier = (1, 2, 4)[on_line]
    return count, multiplier, count * value * multiplier


def unplaced_cells(reserve: tuple[int, ...]) -> int:
    return sum(count * length for count, length in zip(reserve, LENGTHS))


@dataclass(frozen=True)
class IsaacState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="isaac",
        title="Isaac",
        min_players=2,
        max_players=2,
        options=(),
        has_chance=False,
        has_hidden_info=False,
        max_plies=MAX_PLIES,
        summary="Fill the board with your bars, then take them away one by one to race your counter to 100.",
    )

    players: int = 2
    board: tuple[int, ...] = (0,) * (SIZE * SIZE)
    pieces: tuple[tuple[int, int, int, int], ...] = ()
    reserve: tuple[tuple[int, ...], ...] = (START_RESERVE, START_RESERVE)
    to_move: int | None = 0
    phase: str = "placement"
    passed: tuple[bool, bool] = (False, False)
    first_passer: int = -1
    scores: tuple[int, int] = (0, 0)
    shortest: tuple[int, int] = (0, 0)
    pending: int = 0
    last_removal: tuple[int, ...] = ()
    last_moves: tuple[str, ...] = ()
    end_reason: str = ""
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> IsaacState:
        cls.info.check_players(players)
        cls.info.resolve_options(options)
        return cls(players=players)

    # -- moves -------------------------------------------------------------

    def counters(self) -> tuple[int | None, int | None]:
        return counter_cell(0, self.scores[0]), counter_cell(1, self.scores[1])

    def _placements(self, seat: int) -> list[str]:
        lengths = [length for length, count in zip(LENGTHS, self.reserve[seat]) if count]
        if not lengths:
            return []
        runs = empty_runs(self.board)
        moves: list[str] = []
        for length in lengths:
            for texts in runs:
                moves.extend(texts[length])
        return moves

    def _removals(self, seat: int) -> list[str]:
        board = self.board
        shortest = self.shortest[seat]
        blocked = {board[cell] for cell in self.counters() if cell is not None}
        moves = []
        for number, (owner, length, first, _) in enumerate(self.pieces, 1):
            if owner == seat and length >= shortest and board[first] == number and number not in blocked:
                moves.append((first, REMOVE_TEXT[first]))
        moves.sort()
        return [text for _, text in moves]

    def _advances(self, seat: int) -> list[str]:
        score = self.scores[seat]
        other = counter_cell(1 - seat, self.scores[1 - seat])
        return [
            ADVANCE_TEXT[steps]
            for steps in range(min(self.pending, GOAL - score) + 1)
            if counter_cell(seat, score + steps) != other
        ]

    def _legal_moves(self) -> tuple[str, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        if self.pending:
            return tuple(self._advances(seat))
        moves = self._placements(seat) if self.phase == "placement" else self._removals(seat)
        return tuple(moves) if moves else (PASS,)

    def _next(self, seat: int, passed: tuple[bool, bool]) -> int:
        """Whose turn follows `seat`'s: the other, unless it is out of the phase."""
        return seat if passed[1 - seat] else 1 - seat

    def _apply(self, move: str) -> IsaacState:
        seat: int = self.to_move  # type: ignore[assignment]
        if self.pending:
            return self._advance(seat, int(move[8:]), move)
        if move == PASS:
            return self._pass(seat)
        if self.phase == "placement":
            return self._place(seat, move)
        return self._remove(seat, SQUARE_INDEX[move[7:]], move)

    def _place(self, seat: int, move: str) -> IsaacState:
        length, first, vertical, cells = PLACEMENT_BY_TEXT[move]
        number = len(self.pieces) + 1
        board = list(self.board)
        for cell in cells:
            board[cell] = number
        own = list(self.reserve[seat])
        own[length - 3] -= 1
        reserve = (tuple(own), self.reserve[1]) if seat == 0 else (self.reserve[0], tuple(own))
        return self._with(
            board=tuple(board),
            pieces=self.pieces + ((seat, length, first, vertical),),
            reserve=reserve,
            to_move=self._next(seat, self.passed),
            last_moves=(move,),
        )

    def _pass(self, seat: int) -> IsaacState:
        passed = (True, self.passed[1]) if seat == 0 else (self.passed[0], True)
        if not all(passed):
            first = seat if self.first_passer < 0 else self.first_passer
            return self._with(passed=passed, first_passer=first, to_move=1 - seat, last_moves=(PASS,))
        if self.phase == "placement":
            return self._with(
                phase="scoring", passed=(False, False), to_move=self.first_passer, last_moves=(PASS,)
            )
        return self._with(passed=passed, to_move=None, last_moves=(PASS,),
                          end_reason="both players have passed: no bar left that they may remove")

    def _remove(self, seat: int, first: int, move: str) -> IsaacState:
        number = self.board[first]
        _, length, _, vertical = self.pieces[number - 1]
        board = tuple(0 if cell == number else cell for cell in self.board)
        count, multiplier, points = removal_points(board, first, bool(vertical), VALUES[length], self.counters())
        shortest = (length, self.shortest[1]) if seat == 0 else (self.shortest[0], length)
        return self._with(
            board=board,
            shortest=shortest,
            pending=points,
            to_move=seat if points else self._next(seat, self.passed),
            last_removal=(seat, number, count, multiplier, points),
            last_moves=(move,),
        )

    def _advance(self, seat: int, steps: int, move: str) -> IsaacState:
        score = self.scores[seat] + steps
        scores = (score, self.scores[1]) if seat == 0 else (self.scores[0], score)
        done = score >= GOAL
        return self._with(
            scores=scores,
            pending=0,
            to_move=None if done else self._next(seat, self.passed),
            last_moves=self.last_moves + (move,),
            end_reason=f"{SEAT_NAMES[seat]} reached {GOAL}" if done else "",
        )

    def _with(self, **changes: Any) -> IsaacState:
        """A copy with some fields changed and one more ply."""
        return self._replace(ply=self.ply + 1, **changes)

    def why_illegal(self, move: str) -> str:
        kind, data = parse_move(move)
        seat = self.to_move
        if seat is None:
            return "the game is over"
        if move in self.legal_moves():
            return "it is legal"
        if self.pending:
            if kind != "advance":
                return f"first move your counter: advance it by 0 to {self.pending} cells"
            return self._advance_problem(seat, data)
        if kind == "advance":
            return "a counter moves only right after a removal that scored"
        if kind == "pass":
            doing = "place a bar" if self.phase == "placement" else "remove a bar"
            return f"you can still {doing}: passing is only for a player who cannot"
        if self.phase == "placement":
            if kind == "remove":
                return "bars are removed only in the scoring phase, once neither player can place"
            return self._placement_problem(seat, *data)
        if kind == "place":
            return "the placement phase is over: remove one of your bars"
        return self._removal_problem(seat, data)

    def _placement_problem(self, seat: int, length: int, first: int, vertical: bool) -> str:
        if not self.reserve[seat][length - 3]:
            return f"you have no unplaced bar of length {length} left"
        cells = bar_cells(first, length, vertical)
        if cells is None:
            return f"a bar of length {length} from {NAMES[first]} would run off the board"
        for cell in cells:
            if self.board[cell]:
                return f"{NAMES[cell]} is already covered"
        return "it is not a legal placement now"  # unreachable for a consistent state

    def _removal_problem(self, seat: int, cell: int) -> str:
        number = self.board[cell]
        if not number:
            return f"there is no bar on {NAMES[cell]}"
        owner, length, first, _ = self.pieces[number - 1]
        if first != cell:
            return f"name a bar by its first cell: this one starts on {NAMES[first]}"
        if owner != seat:
            return f"that bar is {SEAT_NAMES[owner]}'s, not yours"
        if length < self.shortest[seat]:
            return f"your removals never get shorter: you removed a {self.shortest[seat]}-long bar, this one is {length}"
        for other, spot in enumerate(self.counters()):
            if spot is not None and self.board[spot] == number:
                return f"{SEAT_NAMES[other]}'s score counter stands on it (on {NAMES[spot]})"
        return "it is not a legal removal now"  # unreachable for a consistent state

    def _advance_problem(self, seat: int, steps: int) -> str:
        score = self.scores[seat]
        if steps > self.pending:
            return f"the removal scored {self.pending}: advance at most that many cells"
        if score + steps > GOAL:
            return f"advance {GOAL - score} already reaches {GOAL} and ends the game"
        cell = counter_cell(seat, score + steps)
        return f"{NAMES[cell]} holds {SEAT_NAMES[1 - seat]}'s counter" if cell is not None else "it is not legal now"

    # -- end and view --------------------------------------------------------

    def winner(self) -> int:
        """The higher score; on a tie, more unplaced cells; then Dark."""
        first, second = self.scores
        if first != second:
            return 0 if first > second else 1
        dark, light = unplaced_cells(self.reserve[0]), unplaced_cells(self.reserve[1])
        return 1 if light > dark else 0

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        winner = self.winner()
        reason = self.end_reason
        if self.scores[0] == self.scores[1]:
            cells = (unplaced_cells(self.reserve[0]), unplaced_cells(self.reserve[1]))
            if cells[0] != cells[1]:
                reason += (f"; tied at {self.scores[0]}, {SEAT_NAMES[winner]} has the longer line of unplaced"
                           f" bars ({cells[winner]} cells to {cells[1 - winner]})")
            else:
                reason += f"; tied at {self.scores[0]} with equal unplaced bars, so Dark, who started, wins"
        return Outcome(scores=self.scores, winners=(winner,), reason=reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        pieces = []
        for number, (owner, length, first, vertical) in enumerate(self.pieces, 1):
            if self.board[first] == number:
                pieces.append(_piece_view(number, owner, length, first, vertical))
        removal = None
        if self.last_removal:
            remover, number, count, multiplier, points = self.last_removal
            _, length, first, vertical = self.pieces[number - 1]
            removal = _piece_view(number, remover, length, first, vertical)
            removal.update(
                line=line_name(first, bool(vertical)),
                line_cells=list(line_cells(first, bool(vertical))),
                count=count,
                multiplier=multiplier,
                points=points,
            )
        outcome = self.outcome()
        return {
            "squares": list(NAMES),
            "numbers": [list(range(SIZE * SIZE)), [SIZE * SIZE - 1 - index for index in range(SIZE * SIZE)]],
            "pieces": pieces,
            "counters": list(self.counters()),
            "scores": list(self.scores),
            "reserve": [list(own) for own in self.reserve],
            "lengths": list(LENGTHS),
            "values": [VALUES[length] for length in LENGTHS],
            "unplaced_cells": [unplaced_cells(own) for own in self.reserve],
            "phase": self.phase,
            "to_move": self.to_move,
            "passed": list(self.passed),
            "first_passer": None if self.first_passer < 0 else self.first_passer,
            "shortest": list(self.shortest),
            "pending": self.pending,
            "last_removal": removal,
            "last_moves": list(self.last_moves),
            "seat_names": list(SEAT_NAMES),
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }


def _piece_view(number: int, seat: int, length: int, first: int, vertical: int) -> dict[str, Any]:
    return {
        "number": number,
        "seat": seat,
        "length": length,
        "value": VALUES[length],
        "square": NAMES[first],
        "vertical": bool(vertical),
        "cells": list(bar_cells(first, length, bool(vertical)) or ()),
    }
