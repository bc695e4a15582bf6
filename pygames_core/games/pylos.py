"""Pylos: two players build a pyramid of 30 balls; whoever crowns it wins.

Rules implemented
-----------------
The pyramid stands on a 4x4 base: level 1 has 16 places, level 2 has 9,
level 3 has 4 and level 4, the top, has 1. A place above level 1 rests on the
2x2 square of four places just below it. Each player has 15 balls of one
colour: seat 0 plays light and moves first, seat 1 plays dark.

A turn starts with one of two moves:
- place a ball from one's reserve on an empty place of level 1, or on an
  empty higher place whose supporting square is complete (any colours);
- raise one of one's own balls already in the pyramid to an empty,
  supported place on a strictly higher level. Only a free ball can move: one
  with nothing resting on it. The ball may not be one of the four that would
  carry it at its new place. A raise keeps a ball in the reserve.

Taking balls back (not in the children's rules): a player whose placed or
raised ball completes a 2x2 square of their own colour, on any level, must
then take back one of their own free balls into their reserve, and may take
back a second one. Any level counts, the ball just played included; a ball
that carries another never comes back. The second ball may be one that the
first removal has just freed. However many squares (and lines) the ball
completes, at most two balls come back.

With the advanced rules, a line of one's own colour also triggers taking
back: four in a row or column on level 1, or three in a row or column on
level 2. Diagonals never count, nor do levels 3 and 4.

The game ends:
- when a ball is put on the top: the player who put it there wins;
- when a turn is over and the next player has no legal move (an empty reserve
  and no ball that can be raised): that player loses;
- with a draw once 200 turns are complete (see the choices below).

Options
-------
``rules``: "children" (no taking back), "standard" (default: own-colour
squares) or "advanced" (own-colour squares and lines).

Notation
--------
A place is named by its level then its file and rank on that level, seen
from above with light's side at the bottom: level 1 runs "1a1".."1d4",
level 2 "2a1".."2c3", level 3 "3a1".."3b2" and the top is "4a1". Place
"2a1" rests on "1a1", "1b1", "1a2" and "1b2".
- "1c3": put a ball from the reserve on that place;
- "1a1-3b2": raise the ball on 1a1 to 3b2;
- "x2b2": take back one's own ball from 2b2;
- "done": take back no second ball.
``legal_moves()`` lists places (level by level, rank by rank, file by file),
then raises (by origin, then destination); in the taking-back step the
removals in the same order, then "done" once a ball has come back.

Choices made for this project
-----------------------------
- Taking back is forced only for the first ball, as the facts decide.
- When the first ball has come back and no free ball of the player's is left,
  the turn ends without asking for "done".
- Squares and lines can be rebuilt and broken again forever, so the game is
  drawn once 200 turns are complete (a turn is one place or raise and its
  takings back, at most 3 moves; hence max_plies = 600). The top ball and a
  player left without a move are checked first. With the children's rules a
  game ends within 50 turns anyway: every turn raises the sum of the levels of
  the balls in the pyramid.

State fields
------------
``board`` is a string of 30 characters, one per place in the index order
below: "L" light, "D" dark, "." empty. Index: level 1 is 0-15 (rank-major,
1a1 = 0, 1d1 = 3, 1a2 = 4), level 2 16-24, level 3 25-28, the top 29.
``reserves`` per seat; ``phase`` "move" or "remove"; ``removed`` balls taken
back so far this turn; ``trigger`` what started the taking back ("square",
"line" or "square and line", else ""); ``turn`` complete turns; ``ply`` moves
played; ``last_moves`` the moves of the turn in progress, or of the last turn
when a new one has not started; ``winner`` and ``end_reason`` ("" while the
game goes on).

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  board        30 strings in index order: "L", "D" or "" (empty)
  places       the 30 place names in the same order
  colours      ["light", "dark"], colour per seat
  pieces       ["L", "D"], board letter per seat
  reserves     balls in reserve per seat; balls 15 per seat at the start
  rules        the rules option
  to_move      seat to move, None when over
  phase        "move" or "remove"
  removed      balls taken back so far this turn (0 or 1 while removing)
  trigger      what the last place or raise completed ("" if nothing)
  last_moves   moves to highlight (see the state fields)
  turn, max_turns, ply, max_plies
  outcome      Outcome.to_dict() once over, else None
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import GameInfo, InvalidMoveError, Option, Outcome, State

BALLS = 15
PIECES = ("L", "D")
COLOURS = ("light", "dark")
EMPTY = "."
RULES = ("children", "standard", "advanced")
DONE = "done"
MAX_TURNS = 200
MAX_PLIES = 3 * MAX_TURNS  # a turn is a place or raise and at most two removals
LEVEL_SIZES = (4, 3, 2, 1)
FILES = "abcd"


def _places() -> list[tuple[int, int, int]]:
    """(level 1-4, file, rank) of every place, in index order."""
    return [(level + 1, file, rank) for level, size in enumerate(LEVEL_SIZES)
            for rank in range(size) for file in range(size)]


PLACES = _places()
PLACE_COUNT = len(PLACES)  # 30
TOP = PLACE_COUNT - 1
INDEX = {place: index for index, place in enumerate(PLACES)}
NAMES = tuple(f"{level}{FILES[file]}{rank + 1}" for level, file, rank in PLACES)
NAME_INDEX = {name: index for index, name in enumerate(NAMES)}
LEVEL = tuple(level for level, _, _ in PLACES)
# The four places that carry each place (none for level 1).
SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    () if level == 1 else tuple(INDEX[(level - 1, file + df, rank + dr)] for dr in (0, 1) for df in (0, 1))
    for level, file, rank in PLACES
)
# The places that each place helps to carry.
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(upper for upper in range(PLACE_COUNT) if index in SUPPORTS[upper]) for index in range(PLACE_COUNT)
)
# The 2x2 squares on a place's own level that include it.
SQUARES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(SUPPORTS[upper] for upper in ABOVE[index]) for index in range(PLACE_COUNT)
)


def _lines(index: int) -> tuple[tuple[int, ...], ...]:
    """The row and column through a place that count as lines (levels 1 and 2)."""
    level, file, rank = PLACES[index]
    if level > 2:
        return ()
    size = LEVEL_SIZES[level - 1]
    row = tuple(INDEX[(level, f, rank)] for f in range(size))
    column = tuple(INDEX[(level, file, r)] for r in range(size))
    return row, column


LINES = tuple(_lines(index) for index in range(PLACE_COUNT))
RAISE_TEXT = tuple(tuple(f"{NAMES[a]}-{NAMES[b]}" for b in range(PLACE_COUNT)) for a in range(PLACE_COUNT))
REMOVE_TEXT = tuple(f"x{name}" for name in NAMES)

_PLACE = r"([1-4])([a-d])([1-4])"
_MOVE_PATTERN = re.compile(rf"(x)?{_PLACE}(?:-{_PLACE})?")


# Bit masks over place indexes, for quick tests: bit i stands for place i.
SUPPORT_MASK = tuple(sum(1 << support for support in SUPPORTS[index]) for index in range(PLACE_COUNT))
ABOVE_MASK = tuple(sum(1 << upper for upper in ABOVE[index]) for index in range(PLACE_COUNT))
_BITS = {piece: str.maketrans({EMPTY: "0", piece: "1", other: "0"})
         for piece, other in (PIECES, PIECES[::-1])}
_OCCUPIED = str.maketrans({EMPTY: "0", PIECES[0]: "1", PIECES[1]: "1"})


def occupied_mask(board: str) -> int:
    return int(board[::-1].translate(_OCCUPIED), 2)


def is_free(board: str, index: int) -> bool:
    """A ball carries nothing: every place resting on it is empty."""
    return not occupied_mask(board) & ABOVE_MASK[index]


def open_places(board: str) -> list[int]:
    """Empty places a ball can go to: level 1, or a complete square below."""
    occupied = occupied_mask(board)
    return [index for index, support in enumerate(SUPPORT_MASK)
            if not occupied >> index & 1 and occupied & support == support]


def free_balls(board: str, piece: str) -> list[int]:
    """The `piece` balls that carry nothing."""
    occupied = occupied_mask(board)
    own = int(board[::-1].translate(_BITS[piece]), 2)
    return [index for index, above in enumerate(ABOVE_MASK) if own >> index & 1 and not occupied & above]


def raises(board: str, piece: str, targets: list[int]) -> list[str]:
    """Every raise of a free `piece` ball to a higher open place it does not carry."""
    moves = []
    for origin in free_balls(board, piece):
        level = LEVEL[origin]
        texts = RAISE_TEXT[origin]
        for target in targets:
            if LEVEL[target] > level and origin not in SUPPORTS[target]:
                moves.append(texts[target])
    return moves


def completed(board: str, index: int, advanced: bool) -> str:
    """What the ball on `index` completes in its own colour: "square",
    "line", "square and line" or ""."""
    piece = board[index]
    square = any(all(board[place] == piece for place in group) for group in SQUARES[index])
    line = advanced and any(all(board[place] == piece for place in group) for group in LINES[index])
    if square and line:
        return "square and line"
    return "square" if square else "line" if line else ""


def parse_move(move: str) -> tuple[str, int, int]:
    """(kind, place, target) with kind "place", "raise", "remove" or "done"
    (target -1 unless a raise); InvalidMoveError for other text."""
    if move == DONE:
        return DONE, -1, -1
    match = _MOVE_PATTERN.fullmatch(move)
    if match is None:
        raise InvalidMoveError(move, 'a move is a place like "1a1", a raise like "1a1-2b2", '
                                     'a removal like "x1a1", or "done"')
    remove, *parts = match.groups()
    names = ["".join(parts[0:3])] + (["".join(parts[3:6])] if parts[3] else [])
    for name in names:
        if name not in NAME_INDEX:
            size = LEVEL_SIZES[int(name[0]) - 1]
            raise InvalidMoveError(move, f"level {name[0]} has files a-{FILES[size - 1]} and ranks 1-{size}")
    if remove and len(names) > 1:
        raise InvalidMoveError(move, 'a removal names one place, like "x1a1"')
    first = NAME_INDEX[names[0]]
    if remove:
        return "remove", first, -1
    if len(names) > 1:
        return "raise", first, NAME_INDEX[names[1]]
    return "place", first, -1


@dataclass(frozen=True)
class PylosState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="pylos",
        title="Pylos",
        min_players=2,
        max_players=2,
        options=(
            Option("rules", "Rules", RULES, "standard",
                   ("Children's: no taking back", "Standard: squares take back",
                    "Advanced: squares and lines take back"),
                   help="Whether a square of your colour (and, advanced, a line) lets you take balls back."),
        ),
        has_chance=False,
        has_hidden_info=False,
        max_plies=MAX_PLIES,
        summary="Build a pyramid of balls, save your own by raising them and making squares, and crown it.",
    )

    players: int
    rules: str
    board: str
    reserves: tuple[int, int]
    to_move: int | None
    phase: str
    removed: int
    trigger: str
    turn: int
    ply: int
    last_moves: tuple[str, ...]
    winner: int | None
    end_reason: str

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> PylosState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        return cls(players, values["rules"], EMPTY * PLACE_COUNT, (BALLS, BALLS), 0, "move", 0, "", 0, 0, (),
                   None, "")

    # -- moves -------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        board = self.board
        piece = PIECES[seat]
        if self.phase == "remove":
            moves = [REMOVE_TEXT[index] for index in free_balls(board, piece)]
            if self.removed:
                moves.append(DONE)
            return tuple(moves)
        targets = open_places(board)
        moves = [NAMES[index] for index in targets] if self.reserves[seat] else []
        moves += raises(board, piece, targets)
        return tuple(moves)

    def _apply(self, move: str) -> PylosState:
        seat: int = self.to_move  # type: ignore[assignment]
        board = self.board
        reserves = list(self.reserves)
        if move == DONE:
            return self._end_turn(board, self.reserves, self.last_moves + (move,))
        if move[0] == "x":
            index = NAME_INDEX[move[1:]]
            board = board[:index] + EMPTY + board[index + 1:]
            reserves[seat] += 1
            last_moves = self.last_moves + (move,)
            if self.removed or not free_balls(board, PIECES[seat]):
                return self._end_turn(board, (reserves[0], reserves[1]), last_moves)
            return self._next(board, (reserves[0], reserves[1]), seat, "remove", 1, self.trigger, self.turn,
                              last_moves)
        if len(move) == 3:
            target = NAME_INDEX[move]
            reserves[seat] -= 1
        else:
            origin, target = NAME_INDEX[move[:3]], NAME_INDEX[move[4:]]
            board = board[:origin] + EMPTY + board[origin + 1:]
        board = board[:target] + PIECES[seat] + board[target + 1:]
        trigger = "" if self.rules == "children" else completed(board, target, self.rules == "advanced")
        if trigger:
            return self._next(board, (reserves[0], reserves[1]), seat, "remove", 0, trigger, self.turn, (move,))
        return self._end_turn(board, (reserves[0], reserves[1]), (move,))

    def _next(self, board: str, reserves: tuple[int, int], to_move: int | None, phase: str, removed: int,
              trigger: str, turn: int, last_moves: tuple[str, ...], winner: int | None = None,
              reason: str = "") -> PylosState:
        return self._replace(board=board, reserves=reserves, to_move=to_move, phase=phase, removed=removed,
                             trigger=trigger, turn=turn, ply=self.ply + 1, last_moves=last_moves, winner=winner,
                             end_reason=reason)

    def _end_turn(self, board: str, reserves: tuple[int, int], last_moves: tuple[str, ...]) -> PylosState:
        """The state once the mover's turn is complete, with the end checks."""
        mover: int = self.to_move  # type: ignore[assignment]
        following = 1 - mover
        turn = self.turn + 1
        trigger = self.trigger if self.phase == "remove" else ""
        winner: int | None = None
        reason = ""
        if board[TOP] != EMPTY:
            winner, reason = mover, f"{COLOURS[mover]} put a ball on top of the pyramid"
        elif not reserves[following] and not raises(board, PIECES[following], open_places(board)):
            winner = mover
            reason = f"{COLOURS[following]} has no ball in reserve and none to raise"
        elif turn >= MAX_TURNS:
            reason = "move limit"
        if reason:
            return self._next(board, reserves, None, "move", 0, trigger, turn, last_moves, winner, reason)
        return self._next(board, reserves, following, "move", 0, trigger, turn, last_moves)

    def why_illegal(self, move: str) -> str:
        kind, index, target = parse_move(move)
        seat = self.to_move
        if seat is None:
            return "the game is over"
        if move in self.legal_moves():
            return "it is legal"
        board, piece = self.board, PIECES[seat]
        name = NAMES[index] if index >= 0 else ""
        if self.phase == "remove":
            if kind == DONE:
                return f"your {self.trigger} lets you take back balls, and the first one is not optional"
            if kind != "remove":
                if self.removed:
                    return "first finish your turn: take back a second ball, or say done"
                return f"first take back a ball for your {self.trigger}"
            return _removal_problem(board, index, piece)
        if kind == DONE:
            return "there is nothing to stop: take back balls only after completing a square"
        if kind == "remove":
            if self.rules == "children":
                return "the children's rules never take balls back"
            return "you may take back balls only right after your ball completes a square of your colour" + (
                " or a line" if self.rules == "advanced" else "")
        if kind == "place":
            if board[index] != EMPTY:
                return f"{name} is taken"
            if not self.reserves[seat]:
                return "your reserve is empty: raise one of your balls instead"
            return f"{name} needs a complete square of four balls under it"
        origin, destination = NAMES[index], NAMES[target]
        if board[index] == EMPTY:
            return f"there is no ball on {origin}"
        if board[index] != piece:
            return f"the ball on {origin} is {COLOURS[1 - seat]}: you raise only your own"
        if not is_free(board, index):
            return f"the ball on {origin} carries another ball and cannot move"
        if LEVEL[target] <= LEVEL[index]:
            return "a raise goes to a strictly higher level"
        if index in SUPPORTS[target]:
            return f"the ball on {origin} is one of the four that would carry {destination}"
        if board[target] != EMPTY:
            return f"{destination} is taken"
        return f"{destination} needs a complete square of four balls under it"

    # -- end and view --------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if not self.end_reason:
            return None
        if self.winner is None:
            return Outcome(scores=(0.5, 0.5), winners=(0, 1), reason=self.end_reason)
        scores = (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)
        return Outcome(scores=scores, winners=(self.winner,), reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "board": ["" if piece == EMPTY else piece for piece in self.board],
            "places": list(NAMES),
            "colours": list(COLOURS),
            "pieces": list(PIECES),
            "reserves": list(self.reserves),
            "balls": BALLS,
            "rules": self.rules,
            "to_move": self.to_move,
            "phase": self.phase,
            "removed": self.removed,
            "trigger": self.trigger,
            "last_moves": list(self.last_moves),
            "turn": self.turn,
            "max_turns": MAX_TURNS,
            "ply": self.ply,
            "max_plies": MAX_PLIES,
            "outcome": outcome.to_dict() if outcome else None,
        }


def _removal_problem(board: str, index: int, piece: str) -> str:
    name = NAMES[index]
    if board[index] == EMPTY:
        return f"there is no ball on {name}"
    if board[index] != piece:
        return f"the ball on {name} is {COLOURS[PIECES.index(board[index])]}: take back only your own"
    return f"the ball on {name} carries another ball and must stay"
