"""ONE: 2 to 6 players place stones on a round board and grow one big group.

Rules implemented
-----------------
The board is a set of concentric rings crossed by spokes; stones go on the
points where a ring meets a spoke (there is no centre point). Two points are
neighbours when they are next to each other on the same ring (the ring closes
on itself, so the last spoke neighbours the first) or on the same spoke (one
ring further in or out). These are the only lines of the board: they decide
both which stones are connected and how captures go.

The stones are shared out evenly: each player gets the number of points
divided by the number of players, so all the stones together would exactly
fill the board. Seat 0 plays first, then seats 1, 2, ... in turn.

On a turn a player does one of two things:
- put a stone from their supply on any empty point;
- capture: one of their stones on the board jumps over a neighbouring stone
  of another player, along a ring or a spoke, onto the empty point just
  beyond it. The jumped stone leaves the board and the capturer keeps it.
  The same stone may then jump again, in any direction and over any other
  player's stones, as long as each jump is a legal capture; the player may
  stop after any jump. A player's own stones can never be jumped.

No mirror (an option, on by default): on the second player's first turn the
point diametrically opposite the first stone of the game (same ring, half way
round) is barred.

The end: as soon as some player has no stone left in their supply, the round
is played out, and the game ends just before the first player would move
again. Each player then scores the size of their single largest connected
group plus 2 for every stone they captured. The highest score wins; players
sharing the highest score share the win.

Options
-------
- ``board``: "small" (default: 5 rings x 12 spokes, 60 points) or "large"
  (6 rings x 20 spokes, 120 points). Both divide evenly by 2 to 6 players:
  small gives 30, 20, 15, 12 or 10 stones each, large 60, 40, 30, 24 or 20.
- ``no_mirror``: "on" (default) or "off", see above.

Notation
--------
A point is "r<ring>s<spoke>": rings count from 1 (innermost) outwards, spokes
from 1 (straight up) clockwise, so "r1s1" is the inner point at the top and
"r5s7" the outer point at the bottom of the small board. Moves:
- "r2s5": place a stone there;
- "jump r2s5>r4s5": the stone on r2s5 jumps (here over r3s5) onto r4s5. The
  same form continues a chain, starting from where the stone landed;
- "stop": end a chain of jumps.
One move is one decision: a capture of three stones is three "jump" moves by
the same seat, then "stop" if a fourth jump would still be possible.
``legal_moves()`` lists placements by point (ring by ring, spoke by spoke),
then jumps by the jumping stone's point, then "stop".

Choices made for this project
-----------------------------
- The geometry and both board sizes are this project's own (the facts
  decisions); spokes do not run through the centre, so no jump crosses it.
- After a jump, when the stone has no further jump the turn ends by itself;
  "stop" is offered only while another jump is possible.
- The opposite point is barred only for the second player's first stone, and
  only for placing (that player has no stone on the board to jump with yet).
- Once the end is triggered every player still to move in the round has a
  stone in their supply (they have had one turn fewer than the player who ran
  out), so nobody is ever left without a move. Should a hand-built position
  give a player neither a stone nor a capture, that player is skipped.
- A player's largest group in the view is the first of equal largest groups
  found in point order.
- ``max_plies`` is a proven bound: every stone is placed at most once and
  captured at most once, and each capturing turn adds at most one "stop", so
  a game has at most 3 x 120 plies.

State fields
------------
``board`` is a tuple with one int per point, index (ring - 1) * spokes +
(spoke - 1): the owner's seat, or -1 when empty. ``stones_left`` and
``captured`` hold a count per seat. During a capture, ``chain`` is the path of
the jumping stone (its starting point, then each landing point), ``jumped`` the
(point, owner) of each stone taken so far and ``turn_moves`` the moves of the
turn in progress; all three are empty otherwise. ``forbidden`` is the point
barred by the no-mirror rule, else -1. ``ran_out`` is the first seat whose
supply ran out, else -1. ``last_turns`` holds, per seat, the moves of that
seat's latest complete turn; ``last_seat`` and ``last_jumped`` describe the
latest complete turn of anyone.

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  seat            the viewer (None for a spectator)
  seat_names      the colour names of the seats in play
  rings, spokes   the board size; points are indexed as in ``board`` above
  points          the point names in index order
  board           per point the owner's seat, or None when empty
  stones_left     per seat, the stones still in the supply
  on_board        per seat, the stones standing on the board
  captured        per seat, the stones captured
  groups          per seat, the points of the largest group (names, sorted by index)
  scores          per seat, largest group + 2 x captured, so far
  to_move         seat to move, None when over
  phase           "turn" (place or start a capture), "chain" (jump again or
                  stop) or "over"
  chain           None, or {"seat", "path": [point names of the jumping stone,
                  start first], "jumped": [{"point", "owner"}]} for the
                  capture in progress
  forbidden       the point barred by the no-mirror rule now, else None
  last_turn       None, or {"seat", "moves", "jumped": [{"point", "owner"}]}
                  for the latest complete turn
  last_turns      per seat, the moves of that seat's latest complete turn
  ending          None, or {"ran_out": seat} once the final round is on: the
                  game ends before seat 0's next turn
  stones_each     stones each player started with
  options         the option values as strings
  ply             moves played so far
  outcome         Outcome.to_dict() once over, else None
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import GameInfo, InvalidMoveError, Option, Outcome, State, winners_by_score

SEAT_NAMES = ("Black", "Red", "Blue", "Green", "Yellow", "Purple")
BOARD_SIZES = {"small": (5, 12), "large": (6, 20)}  # rings, spokes
STOP = "stop"
EMPTY = -1

_POINT = r"r([1-9][0-9]?)s([1-9][0-9]?)"
_POINT_PATTERN = re.compile(_POINT)
_JUMP_PATTERN = re.compile(f"jump {_POINT}>{_POINT}")


def point_name(index: int, spokes: int) -> str:
    return f"r{index // spokes + 1}s{index % spokes + 1}"


def point_at(ring: int, spoke: int, spokes: int) -> int:
    """Index of the point on 1-based `ring` and `spoke`."""
    return (ring - 1) * spokes + spoke - 1


def neighbours(index: int, rings: int, spokes: int) -> tuple[int, ...]:
    """The points next to `index` along its ring (both ways) and its spoke."""
    ring, spoke = divmod(index, spokes)
    found = [ring * spokes + (spoke - 1) % spokes, ring * spokes + (spoke + 1) % spokes]
    if ring > 0:
        found.append(index - spokes)
    if ring < rings - 1:
        found.append(index + spokes)
    return tuple(found)


def jumps_from(index: int, rings: int, spokes: int) -> tuple[tuple[int, int], ...]:
    """(point jumped over, landing point) for every straight jump from `index`."""
    ring, spoke = divmod(index, spokes)
    found = [
        (ring * spokes + (spoke + 1) % spokes, ring * spokes + (spoke + 2) % spokes),
        (ring * spokes + (spoke - 1) % spokes, ring * spokes + (spoke - 2) % spokes),
    ]
    if ring + 2 < rings:
        found.append((index + spokes, index + 2 * spokes))
    if ring - 2 >= 0:
        found.append((index - spokes, index - 2 * spokes))
    return tuple(found)


def opposite(index: int, spokes: int) -> int:
    """The point on the same ring, half way round."""
    ring, spoke = divmod(index, spokes)
    return ring * spokes + (spoke + spokes // 2) % spokes


class Geometry:
    """Every table one board size needs, built once."""

    def __init__(self, rings: int, spokes: int) -> None:
        self.rings = rings
        self.spokes = spokes
        self.count = rings * spokes
        self.names = tuple(point_name(index, spokes) for index in range(self.count))
        self.index = {name: index for index, name in enumerate(self.names)}
        self.neighbours = tuple(neighbours(index, rings, spokes) for index in range(self.count))
        # Per point: (over, landing, move text) for each jump, so move generation never formats.
        self.jumps = tuple(
            tuple((over, landing, f"jump {self.names[index]}>{self.names[landing]}")
                  for over, landing in jumps_from(index, rings, spokes))
            for index in range(self.count)
        )
        self.jump_by_text = {
            text: (index, over, landing)
            for index in range(self.count)
            for over, landing, text in self.jumps[index]
        }


GEOMETRIES = {size: Geometry(rings, spokes) for size, (rings, spokes) in BOARD_SIZES.items()}
MAX_PLIES = 3 * max(geometry.count for geometry in GEOMETRIES.values())


def largest_group(board: tuple[int, ...], seat: int, geometry: Geometry) -> list[int]:
    """The points of `seat`'s largest connected group, sorted; the first found wins ties."""
    seen: set[int] = set()
    best: list[int] = []
    links = geometry.neighbours
    for start, owner in enumerate(board):
        if owner != seat or start in seen:
            continue
        seen.add(start)
        group = [start]
        for point in group:  # the list grows while it is walked: a breadth-first search
            for other in links[point]:
                if board[other] == seat and other not in seen:
                    seen.add(other)
                    group.append(other)
        if len(group) > len(best):
            best = group
    return sorted(best)


def scores(board: tuple[int, ...], captured: tuple[int, ...], geometry: Geometry) -> tuple[int, ...]:
    return tuple(len(largest_group(board, seat, geometry)) + 2 * captured[seat] for seat in range(len(captured)))


def _can_jump(board: tuple[int, ...] | list[int], point: int, seat: int, geometry: Geometry) -> bool:
    for over, landing, _ in geometry.jumps[point]:
        owner = board[over]
        if owner != EMPTY and owner != seat and board[landing] == EMPTY:
            return True
    return False


def _has_any_jump(board: tuple[int, ...], seat: int, geometry: Geometry) -> bool:
    return any(owner == seat and _can_jump(board, point, seat, geometry) for point, owner in enumerate(board))


@dataclass(frozen=True)
class OneState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="one",
        title="ONE",
        min_players=2,
        max_players=6,
        options=(
            Option("board", "Board", ("small", "large"), "small",
                   ("Small: 5 rings x 12 spokes", "Large: 6 rings x 20 spokes"),
                   help="The size of the round board: a larger board, a longer game."),
            Option("no_mirror", "No mirror", ("on", "off"), "on",
                   ("On: no second stone opposite the first", "Off"),
                   help="The second player may not answer the first stone on the point opposite it, half way round its ring."),
        ),
        has_chance=False,
        has_hidden_info=False,
        max_plies=MAX_PLIES,
        summary="Grow the largest connected group of stones on a round board, and jump "
                "other players' stones to capture them.",
    )

    players: int
    board_size: str
    no_mirror: bool
    board: tuple[int, ...]
    stones_left: tuple[int, ...]
    captured: tuple[int, ...]
    to_move: int | None
    chain: tuple[int, ...] = ()
    jumped: tuple[tuple[int, int], ...] = ()
    turn_moves: tuple[str, ...] = ()
    forbidden: int = EMPTY
    ran_out: int = -1
    last_turns: tuple[tuple[str, ...], ...] = ()
    last_seat: int = -1
    last_jumped: tuple[tuple[int, int], ...] = ()
    ply: int = 0
    end_reason: str = ""

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> OneState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        geometry = GEOMETRIES[values["board"]]
        return cls(
            players=players,
            board_size=values["board"],
            no_mirror=values["no_mirror"] == "on",
            board=(EMPTY,) * geometry.count,
            stones_left=(geometry.count // players,) * players,
            captured=(0,) * players,
            to_move=0,
            last_turns=((),) * players,
        )

    # -- moves -------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        geometry = GEOMETRIES[self.board_size]
        board = self.board
        if self.chain:
            moves = [text for over, landing, text in geometry.jumps[self.chain[-1]]
                     if board[landing] == EMPTY and board[over] != EMPTY and board[over] != seat]
            moves.append(STOP)
            return tuple(moves)
        if self.stones_left[seat]:
            names = geometry.names
            forbidden = self.forbidden
            moves = [names[point] for point, owner in enumerate(board) if owner == EMPTY and point != forbidden]
        else:
            moves = []
        jumps = geometry.jumps
        own = [point for point, owner in enumerate(board) if owner == seat]
        # (Comprehensions run much faster than the same loops written out.)
        moves += [text for point in own for over, landing, text in jumps[point]
                  if board[landing] == EMPTY and board[over] != EMPTY and board[over] != seat]
        return tuple(moves)

    def _apply(self, move: str) -> OneState:
        seat: int = self.to_move  # type: ignore[assignment]
        geometry = GEOMETRIES[self.board_size]
        if move == STOP:
            return self._end_turn(self.board, self.stones_left, self.captured, seat, move)
        jump = geometry.jump_by_text.get(move)
        if jump is None:
            point = geometry.index[move]
            board = list(self.board)
            board[point] = seat
            stones = list(self.stones_left)
            stones[seat] -= 1
            # The first stone of the game bars its opposite point for the next player's first stone.
            forbidden = opposite(point, geometry.spokes) if self.no_mirror and self.ply == 0 else EMPTY
            return self._end_turn(tuple(board), tuple(stones), self.captured, seat, move, forbidden)

        origin, over, landing = jump
        board = list(self.board)
        victim = board[over]
        board[landing] = seat
        board[origin] = EMPTY
        board[over] = EMPTY
        captured = list(self.captured)
        captured[seat] += 1
        new_board = tuple(board)
        chain = (self.chain or (origin,)) + (landing,)
        jumped = self.jumped + ((over, victim),)
        if _can_jump(new_board, landing, seat, geometry):
            return self._replace(board=new_board, captured=tuple(captured), chain=chain, jumped=jumped,
                                 turn_moves=self.turn_moves + (move,), ply=self.ply + 1)
        return self._end_turn(new_board, self.stones_left, tuple(captured), seat, move, jumped=jumped)

    def _end_turn(self, board: tuple[int, ...], stones_left: tuple[int, ...], captured: tuple[int, ...],
                  seat: int, move: str, forbidden: int = EMPTY,
                  jumped: tuple[tuple[int, int], ...] | None = None) -> OneState:
        """The state once `seat`'s turn ends with `move`: the next seat to move, or the end."""
        ran_out = self.ran_out
        if ran_out < 0 and 0 in stones_left:
            ran_out = seat if stones_left[seat] == 0 else stones_left.index(0)
        turns = list(self.last_turns)
        turns[seat] = self.turn_moves + (move,)
        geometry = GEOMETRIES[self.board_size]
        players = self.players
        to_move: int | None = seat
        reason = ""
        while True:
            to_move = (to_move + 1) % players  # type: ignore[operator]
            if ran_out >= 0 and to_move == 0:
                to_move = None
                reason = _end_reason(ran_out, board, captured, geometry)
                break
            if stones_left[to_move] or _has_any_jump(board, to_move, geometry):
                break
        return self._replace(
            board=board,
            stones_left=stones_left,
            captured=captured,
            to_move=to_move,
            chain=(),
            jumped=(),
            turn_moves=(),
            forbidden=forbidden,
            ran_out=ran_out,
            last_turns=tuple(turns),
            last_seat=seat,
            last_jumped=self.jumped if jumped is None else jumped,
            ply=self.ply + 1,
            end_reason=reason,
        )

    def why_illegal(self, move: str) -> str:
        geometry = GEOMETRIES[self.board_size]
        seat = self.to_move
        if move == STOP:
            if seat is None:
                return "the game is over"
            return "there is no chain of jumps to stop: stop comes only after a jump"
        jump = _JUMP_PATTERN.fullmatch(move)
        point = _POINT_PATTERN.fullmatch(move)
        if jump is None and point is None:
            raise InvalidMoveError(move, 'a move is a point like "r2s5", a jump like "jump r2s5>r4s5", or "stop"')
        rings, spokes = geometry.rings, geometry.spokes
        numbers = [int(number) for number in (jump or point).groups()]  # type: ignore[union-attr]
        for ring, spoke in zip(numbers[::2], numbers[1::2]):
            if not (ring <= rings and spoke <= spokes):
                return f"this board has {rings} rings and {spokes} spokes, so there is no point r{ring}s{spoke}"
        if seat is None:
            return "the game is over"
        names = geometry.names
        if point is not None:
            target = point_at(numbers[0], numbers[1], spokes)
            if self.chain:
                return (f"you are capturing: jump again with the stone on {names[self.chain[-1]]} "
                        "or stop")
            if self.board[target] != EMPTY:
                return f"{move} is taken"
            if not self.stones_left[seat]:
                return "you have no stones left to place: you can only capture"
            if target == self.forbidden:
                return f"no mirror: {move} is opposite the first stone, so the second player may not take it"
            return "it is not a legal move now"  # unreachable for a consistent state
        origin = point_at(numbers[0], numbers[1], spokes)
        landing = point_at(numbers[2], numbers[3], spokes)
        if self.chain and origin != self.chain[-1]:
            return f"only the stone that is capturing, on {names[self.chain[-1]]}, may jump again this turn"
        if self.board[origin] != seat:
            return f"there is no stone of yours on {names[origin]}"
        over = next((over for over, end, _ in geometry.jumps[origin] if end == landing), None)
        if over is None:
            return ("a jump goes along a ring or a spoke over the next point onto the point just beyond it "
                    "(never through the centre)")
        if self.board[over] == EMPTY:
            return f"{names[over]} is empty: there is no stone to jump"
        if self.board[over] == seat:
            return f"{names[over]} is your own stone: you may only jump other players' stones"
        if self.board[landing] != EMPTY:
            return f"{names[landing]} is taken: a jump must land on an empty point"
        return "it is not a legal move now"  # unreachable for a consistent state

    # -- end and view --------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        final = scores(self.board, self.captured, GEOMETRIES[self.board_size])
        return Outcome(scores=final, winners=winners_by_score(final), reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        geometry = GEOMETRIES[self.board_size]
        names = geometry.names
        board = self.board
        groups = [largest_group(board, player, geometry) for player in range(self.players)]
        chain = None
        if self.chain:
            chain = {
                "seat": self.to_move,
                "path": [names[point] for point in self.chain],
                "jumped": [{"point": names[point], "owner": owner} for point, owner in self.jumped],
            }
        last_turn = None
        if self.last_seat >= 0:
            last_turn = {
                "seat": self.last_seat,
                "moves": list(self.last_turns[self.last_seat]),
                "jumped": [{"point": names[point], "owner": owner} for point, owner in self.last_jumped],
            }
        outcome = self.outcome()
        if self.to_move is None:
            phase = "over"
        else:
            phase = "chain" if self.chain else "turn"
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES[: self.players]),
            "rings": geometry.rings,
            "spokes": geometry.spokes,
            "points": list(names),
            "board": [None if owner == EMPTY else owner for owner in board],
            "stones_left": list(self.stones_left),
            "on_board": [board.count(player) for player in range(self.players)],
            "captured": list(self.captured),
            "groups": [[names[point] for point in group] for group in groups],
            "scores": [len(group) + 2 * self.captured[player] for player, group in enumerate(groups)],
            "to_move": self.to_move,
            "phase": phase,
            "chain": chain,
            "forbidden": names[self.forbidden] if self.forbidden != EMPTY and self.to_move is not None else None,
            "last_turn": last_turn,
            "last_turns": [list(moves) for moves in self.last_turns],
            "ending": None if self.ran_out < 0 else {"ran_out": self.ran_out},
            "stones_each": geometry.count // self.players,
            "options": {"board": self.board_size, "no_mirror": "on" if self.no_mirror else "off"},
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }


def _end_reason(ran_out: int, board: tuple[int, ...], captured: tuple[int, ...], geometry: Geometry) -> str:
    final = scores(board, captured, geometry)
    listed = ", ".join(f"{SEAT_NAMES[seat]} {score}" for seat, score in enumerate(final))
    return (f"{SEAT_NAMES[ran_out]} ran out of stones and the round is complete; "
            f"largest group + 2 per captured stone: {listed}")
