"""Bobail: two players, a 5x5 board, ten tokens and one shared piece.

Rules implemented
-----------------
Green (seat 0) starts with five tokens on rank 1, red (seat 1) with five on
rank 5, and the neutral Bobail sits on the centre square c3. Green moves first.

- The very first turn of the game is a single token move.
- Every later turn is two moves by the same player: first the Bobail, then one
  of their own tokens.
- The Bobail steps to any empty square next to it, in any of the 8 directions.
- A token travels in a straight line in any of the 8 directions and must keep
  going until the board edge or another piece (token or Bobail) stops it; it
  never stops short and never jumps.
- The moment the Bobail stands on rank 1, green wins; on rank 5, red wins. It
  does not matter who put it there, so a player forced to step the Bobail onto
  the opponent's rank loses. Only a Bobail move can do this, since tokens never
  push the Bobail.
- When a turn begins (any turn after the first) and the Bobail has no empty
  neighbour, the player to move loses: the opponent trapped it with their last
  token move. We end the game right after that token move.
- A player who has moved the Bobail and then has no token that can move loses.
  We end the game right after that Bobail move.

Choices made for this project
-----------------------------
- Bobail can cycle forever, so the game is drawn once 401 moves have been
  played: the opening token move plus 200 full turns (100 for each player).
  The limit is checked after a token move, so a turn is never cut in half, and
  a token move that traps the Bobail on that last move still wins.
- The Bobail reaching a home rank is checked before the "no token move" rule:
  a Bobail move onto a home rank ends the game at once.
- The players may agree a draw (core.DrawOffers: "offer draw", then "accept
  draw" or "decline draw"); offers and answers do not count towards the 401.

Options: none.

Notation
--------
Squares are a1..e5: file a-e from left to right, rank 1-5 from green's side
(bottom) to red's side (top). A move is "from-to", for example "c3-c4" (a
Bobail step) or "a1-a4" (a token slide); the from-square says which piece
moves. `legal_moves()` is sorted as strings.

State fields
------------
`board` is a tuple of 25 one-character strings, index (rank - 1) * 5 + file
(a1 = 0, e1 = 4, a5 = 20): "G" green token, "R" red token, "B" the Bobail,
"." empty. `phase` is "bobail" or "token". `ply` counts moves played.
`last_moves` holds the moves of the turn in progress, or of the last complete
turn when a new one has not started yet. `winner` is the winning seat or None,
`end_reason` is "" while the game goes on.

View
----
`view(seat)` is the same for every seat (nothing is hidden):
  board       list of 25 strings, index as above: "G", "R", "B" or "" (empty)
  squares     list of the 25 square names in the same order
  colours     ["green", "red"], colour per seat
  tokens      ["G", "R"], board letter per seat
  home_ranks  [1, 5], the rank each seat wins on
  bobail      the Bobail's square, e.g. "c3"
  to_move     seat to move, or None when the game is over
  phase       "bobail" or "token"
  first_turn  True during the opening token-only turn
  ply         moves played so far; max_plies the draw limit
  last_moves  list of the moves to highlight (see above)
  outcome     Outcome.to_dict() once the game is over, else None
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import DRAW_OFFER_PLIES, DrawOffers, GameInfo, InvalidMoveError, Outcome

SIZE = 5
FILES = "abcde"
EMPTY = "."
BOBAIL = "B"
TOKENS = ("G", "R")
COLOURS = ("green", "red")
SEAT_NAMES = ("Green", "Red")
HOME_RANKS = (1, 5)
MAX_PLIES = 401
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

_MOVE_PATTERN = re.compile(r"([a-e][1-5])-([a-e][1-5])")


def square_name(index: int) -> str:
    return f"{FILES[index % SIZE]}{index // SIZE + 1}"


def _ray(index: int, file_step: int, rank_step: int) -> tuple[int, ...]:
    """The squares from `index` outwards in one direction, nearest first."""
    file, rank = index % SIZE + file_step, index // SIZE + rank_step
    squares = []
    while 0 <= file < SIZE and 0 <= rank < SIZE:
        squares.append(rank * SIZE + file)
        file, rank = file + file_step, rank + rank_step
    return tuple(squares)


NAMES: tuple[str, ...] = tuple(square_name(index) for index in range(SIZE * SIZE))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(NAMES)}
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(index, df, dr) for df, dr in DIRECTIONS) if ray) for index in range(SIZE * SIZE)
)
# Each ray as (nearest square, the rest): most rays end at once, so test the first alone.
SPLIT_RAYS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((ray[0], ray[1:]) for ray in rays) for rays in RAYS
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in rays) for rays in RAYS)
# Move text by (from, to), so move generation never formats strings.
MOVE_TEXT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{NAMES[a]}-{NAMES[b]}" for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE)
)


def start_board() -> tuple[str, ...]:
    board = [EMPTY] * (SIZE * SIZE)
    board[0:SIZE] = [TOKENS[0]] * SIZE
    board[SIZE * (SIZE - 1) :] = [TOKENS[1]] * SIZE
    board[SQUARE_INDEX["c3"]] = BOBAIL
    return tuple(board)


def bobail_moves(board: tuple[str, ...]) -> list[str]:
    origin = board.index(BOBAIL)
    texts = MOVE_TEXT[origin]
    return [texts[square] for square in NEIGHBOURS[origin] if board[square] == EMPTY]


def token_moves(board: tuple[str, ...], token: str) -> list[str]:
    """Every slide of a `token` piece: to the last empty square of each ray."""
    moves = []
    for origin, piece in enumerate(board):
        if piece != token:
            continue
        texts = MOVE_TEXT[origin]
        for first, rest in SPLIT_RAYS[origin]:
            if board[first] != EMPTY:
                continue
            end = first
            for square in rest:
                if board[square] != EMPTY:
                    break
                end = square
            moves.append(texts[end])
    return moves


def has_token_move(board: tuple[str, ...], token: str) -> bool:
    """A token can slide exactly when some neighbour of it is empty."""
    for origin in range(SIZE * SIZE):
        if board[origin] == token:
            for square in NEIGHBOURS[origin]:
                if board[square] == EMPTY:
                    return True
    return False


def bobail_trapped(board: tuple[str, ...]) -> bool:
    return all(board[square] != EMPTY for square in NEIGHBOURS[board.index(BOBAIL)])


def parse_move(move: str) -> tuple[int, int]:
    """(from, to) square indices; InvalidMoveError for anything else."""
    match = _MOVE_PATTERN.fullmatch(move)
    if match is None:
        raise InvalidMoveError(move, 'a move is two squares a1..e5 joined by "-", like "a1-a4"')
    return SQUARE_INDEX[match.group(1)], SQUARE_INDEX[match.group(2)]


@dataclass(frozen=True)
class BobailState(DrawOffers):
    info: ClassVar[GameInfo] = GameInfo(
        id="bobail",
        title="Bobail",
        min_players=2,
        max_players=2,
        options=(),
        has_chance=False,
        has_hidden_info=False,
        max_plies=MAX_PLIES + DRAW_OFFER_PLIES,
        summary="Move the shared Bobail onto your own home row, or trap it so your opponent cannot move it.",
    )

    players: int
    board: tuple[str, ...]
    to_move: int | None
    phase: str
    ply: int
    last_moves: tuple[str, ...]
    winner: int | None
    end_reason: str

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> BobailState:
        cls.info.check_players(players)
        cls.info.resolve_options(options)
        return cls(
            players=players,
            board=start_board(),
            to_move=0,
            phase="token",
            ply=0,
            last_moves=(),
            winner=None,
            end_reason="",
        )

    def _game_moves(self) -> tuple[str, ...]:
        if self.to_move is None:
            moves: list[str] = []
        elif self.phase == "bobail":
            moves = bobail_moves(self.board)
        else:
            moves = token_moves(self.board, TOKENS[self.to_move])
        moves.sort()
        return tuple(moves)

    def _game_apply(self, move: str) -> BobailState:
        origin, target = SQUARE_INDEX[move[:2]], SQUARE_INDEX[move[3:]]
        mover = self.to_move
        board = list(self.board)
        board[target] = board[origin]
        board[origin] = EMPTY
        new_board = tuple(board)
        ply = self.ply + 1
        to_move: int | None = mover
        winner: int | None = None
        reason = ""
        if self.phase == "bobail":
            last_moves: tuple[str, ...] = (move,)
            phase = "token"
            rank = target // SIZE + 1
            if rank in HOME_RANKS:
                winner = HOME_RANKS.index(rank)
                reason = f"the Bobail reached {SEAT_NAMES[winner]}'s home row"
            elif not has_token_move(new_board, TOKENS[mover]):
                winner = 1 - mover
                reason = f"{SEAT_NAMES[mover]} cannot move a token"
        else:
            last_moves = self.last_moves + (move,)
            phase = "bobail"
            to_move = 1 - mover
            if bobail_trapped(new_board):
                winner = mover
                reason = f"the Bobail is trapped: {SEAT_NAMES[to_move]} cannot move it"
            elif ply >= MAX_PLIES:
                reason = "move limit"
        if reason:
            to_move = None
        return self._replace(board=new_board, to_move=to_move, phase=phase, ply=ply, last_moves=last_moves,
                             winner=winner, end_reason=reason)

    def _game_outcome(self) -> Outcome | None:
        if not self.end_reason:
            return None
        if self.winner is None:
            return Outcome(scores=(0.5, 0.5), winners=(0, 1), reason=self.end_reason)
        scores = (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)
        return Outcome(scores=scores, winners=(self.winner,), reason=self.end_reason)

    def _game_why_illegal(self, move: str) -> str:
        origin, target = parse_move(move)
        if self.to_move is None:
            return "the game is over"
        if move in self.legal_moves():
            return "it is legal"
        piece = self.board[origin]
        own = TOKENS[self.to_move]
        if origin == target:
            return "a piece must move to another square"
        if piece == EMPTY:
            return f"there is no piece on {NAMES[origin]}"
        if self.phase == "bobail":
            if piece != BOBAIL:
                return "move the Bobail first, then one of your tokens"
            if target not in NEIGHBOURS[origin]:
                return "the Bobail moves only one square"
            return f"the Bobail can only step onto an empty square, and {NAMES[target]} is taken"
        if piece == BOBAIL:
            if self.ply == 0:
                return "the first turn of the game is a token move only"
            return "the Bobail has already moved this turn: now move one of your tokens"
        if piece != own:
            return f"{NAMES[origin]} holds a {COLOURS[TOKENS.index(piece)]} token, not one of yours"
        return _slide_problem(self.board, origin, target)

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "board": ["" if piece == EMPTY else piece for piece in self.board],
            "squares": list(NAMES),
            "colours": list(COLOURS),
            "tokens": list(TOKENS),
            "home_ranks": list(HOME_RANKS),
            "bobail": NAMES[self.board.index(BOBAIL)],
            "to_move": self.to_move,
            "phase": self.phase,
            "first_turn": self.ply == 0,
            "ply": self.ply,
            "max_plies": MAX_PLIES,
            "last_moves": list(self.last_moves),
            "outcome": outcome.to_dict() if outcome else None,
        }


def _slide_problem(board: tuple[str, ...], origin: int, target: int) -> str:
    """Why a slide of one's own token from origin to target is not legal."""
    file_step = (target % SIZE > origin % SIZE) - (target % SIZE < origin % SIZE)
    rank_step = (target // SIZE > origin // SIZE) - (target // SIZE < origin // SIZE)
    ray = _ray(origin, file_step, rank_step)
    if target not in ray:
        return "a token moves in a straight line: along a rank, a file or a diagonal"
    end = origin
    for square in ray:
        if board[square] != EMPTY:
            if square == target:
                return f"{NAMES[target]} is taken: a token stops before another piece"
            if target in ray[ray.index(square) :]:
                return f"{NAMES[square]} is in the way: tokens cannot jump"
            break
        end = square
    return f"a token slides as far as it can: this one would go on to {NAMES[end]}"
