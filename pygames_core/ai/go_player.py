"""The computer player for Go: a search that knows the game, and finishes it properly.

The generic UCT search plays uniformly random playouts, which in Go fill their
own eyes and almost never pass, so it can neither judge nor end a game. This
player keeps its own small mutable board and:

- searches with UCT and RAVE (all-moves-as-first statistics, which make a few
  hundred playouts count) over the legal moves of the game, except points that
  fill its own eyes;
- plays out with an eye-respecting random policy: a side never fills one of
  its own eyes, never puts a chain of two or more stones into atari unless the
  move captures, and passes when nothing else is left; playouts are counted by
  area (stones and single-colour regions) with the game's komi;
- keeps, over all playouts, how often each point ended as Black's, as White's
  or as nobody's. A point the playouts agree on (one of the three in at least
  90% of them) is settled: playing there changes nothing, so the player passes
  when every remaining move is settled (or fills an own eye, or nothing is
  legal). The shared liberties of a seki are settled as nobody's;
- resigns, once half the board's points have been played, a game that hardly a
  playout of its search wins (`RESIGN_BELOW`), instead of playing it out;
- in the dead-stone stage, estimates which chains are dead from playouts of the
  final board (a chain is dead when its points end as the opponent's more often
  than as its own side's), marks them one toggle at a time, and accepts a
  marking equal to its estimate, or one the opponent has accepted that is
  strictly better for itself. It resumes play only when the marking disagrees
  and no toggle is left, and after a resumption it first captures the enemy
  chains its playouts give to it.

The estimate of dead stones uses a fixed number of playouts seeded from the
position itself, so it is the same whoever asks (two computer players agree)
and however often. Everything else draws from `Rng(seed)`: with an iteration
cap the same seed gives the same move in CPython and in Pyodide.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from ..games.go import ACCEPT, DEAD, PASS, RESIGN, RESUME, GoState, toggle_limit
from ..games.go.board import Geometry
from ..games.go.scoring import score
from ..rng import Rng

EMPTY, BLACK, WHITE = 0, 1, 2
SETTLED = 0.9
"""Share of playouts that must agree on a point's owner (or on no owner) for it to be settled."""
RAVE_EQUIVALENCE = 400.0
"""Visits at which a move's own statistics weigh as much as its RAVE statistics."""
EXPLORATION = 0.25
ESTIMATE_PLAYOUTS = {9: 96, 13: 64, 19: 48}
"""Playouts behind the dead-stone estimate, per board size."""
MIN_PLAYOUTS = 32
"""The search runs at least this many playouts whatever the time budget."""
RESIGN_BELOW = 0.04
"""The share of playouts won below which a lost game is resigned rather than played on..."""
RESIGN_PLAYOUTS = 200
"""...once at least this many playouts say so, and half the board's points have been played."""


# -- a mutable board for playouts ------------------------------------------------------------

class Board:
    """A position the search can change in place: cells (0 empty, 1 black, 2 white),
    the simple-ko point, and the list of empty points for quick random choices."""

    __slots__ = ("geo", "cells", "ko", "empties", "where")

    def __init__(self, geo: Geometry, cells: list[int], ko: int = -1) -> None:
        self.geo = geo
        self.cells = cells
        self.ko = ko
        self.empties = [point for point, cell in enumerate(cells) if cell == EMPTY]
        self.where = [-1] * geo.points
        for index, point in enumerate(self.empties):
            self.where[point] = index

    @classmethod
    def of(cls, state: GoState) -> Board:
        cells = [EMPTY if stone == "." else BLACK if stone == "B" else WHITE for stone in state.board]
        return cls(state.geometry, cells)

    def copy(self) -> Board:
        board = object.__new__(Board)
        board.geo = self.geo
        board.cells = self.cells[:]
        board.ko = self.ko
        board.empties = self.empties[:]
        board.where = self.where[:]
        return board

    def _take(self, point: int) -> None:
        index = self.where[point]
        last = self.empties.pop()
        if last != point:
            self.empties[index] = last
            self.where[last] = index
        self.where[point] = -1

    def _give(self, point: int) -> None:
        self.where[point] = len(self.empties)
        self.empties.append(point)

    def is_eye(self, point: int, colour: int) -> bool:
        """An empty point all of whose neighbours are `colour`, and not a false eye:
        no enemy stone on a diagonal at the edge, at most one in the middle."""
        cells = self.cells
        for near in self.geo.neighbours[point]:
            if cells[near] != colour:
                return False
        diagonals = self.geo.diagonals[point]
        enemy = 3 - colour
        bad = 0
        for corner in diagonals:
            if cells[corner] == enemy:
                bad += 1
        return bad == 0 if len(diagonals) < 4 else bad <= 1

    def liberties(self, start: int, enough: int) -> int:
        """Liberties of the chain through `start`, counted up to `enough`."""
        cells = self.cells
        neighbours = self.geo.neighbours
        colour = cells[start]
        seen = {start}
        stack = [start]
        free: set[int] = set()
        while stack:
            point = stack.pop()
            for near in neighbours[point]:
                cell = cells[near]
                if cell == EMPTY:
                    free.add(near)
                    if len(free) >= enough:
                        return len(free)
                elif cell == colour and near not in seen:
                    seen.add(near)
                    stack.append(near)
        return len(free)

    def _remove(self, start: int) -> int:
        cells = self.cells
        neighbours = self.geo.neighbours
        colour = cells[start]
        stack = [start]
        cells[start] = EMPTY
        removed = 0
        while stack:
            point = stack.pop()
            removed += 1
            self._give(point)
            for near in neighbours[point]:
                if cells[near] == colour:
                    cells[near] = EMPTY
                    stack.append(near)
        return removed

    def play(self, point: int, colour: int, careful: bool = False) -> bool:
        """Plays `colour` on the empty `point` if legal (simple ko, no suicide; with
        `careful`, no self-atari of a chain of two or more stones without a capture)
        and says whether it did."""
        if point == self.ko:
            return False
        cells = self.cells
        neighbours = self.geo.neighbours[point]
        enemy = 3 - colour
        cells[point] = colour
        captured = 0
        last_captured = -1
        for near in neighbours:
            if cells[near] == enemy and self.liberties(near, 1) == 0:
                last_captured = near
                captured += self._remove(near)
        if not captured:
            if careful:
                free = self.liberties(point, 2)
                if free < 2 and (free == 0 or any(cells[near] == colour for near in neighbours)):
                    cells[point] = EMPTY
                    return False
            elif self.liberties(point, 1) == 0:
                cells[point] = EMPTY
                return False
        self._take(point)
        self.ko = -1
        if captured == 1 and all(cells[near] == enemy or near == last_captured for near in neighbours):
            self.ko = last_captured
        return True

    def pass_move(self) -> None:
        self.ko = -1

    def random_move(self, colour: int, rng: Rng) -> int:
        """Plays a random policy move and returns its point, or -1 for a pass."""
        empties = self.empties
        count = len(empties)
        if not count:
            self.ko = -1
            return -1
        start = rng.below(count)
        # A refused play leaves the board (and so `empties`) as it was, and the
        # first accepted one ends the loop.
        for offset in range(count):
            point = empties[(start + offset) % count]
            if not self.is_eye(point, colour) and self.play(point, colour, careful=True):
                return point
        self.ko = -1
        return -1

    def area(self) -> tuple[list[int], int]:
        """Owner of each point (1 black, 2 white, 0 nobody) at the end of a playout,
        and Black's area minus White's."""
        cells = self.cells
        neighbours = self.geo.neighbours
        owners = cells[:]
        balance = 0
        for point, cell in enumerate(cells):
            if cell == EMPTY:
                seen = 0
                for near in neighbours[point]:
                    seen |= cells[near]
                owner = seen if seen in (BLACK, WHITE) else EMPTY
                owners[point] = owner
                cell = owner
            if cell == BLACK:
                balance += 1
            elif cell == WHITE:
                balance -= 1
        return owners, balance


def playout(board: Board, colour: int, rng: Rng, limit: int, first: list[int] | None) -> int:
    """Plays random policy moves from `board` (changing it) until two passes in a row
    or `limit` moves. `first[point]` records the colour that played there first,
    for RAVE. Returns the colour to move after the playout."""
    passes = 0
    moves = 0
    while passes < 2 and moves < limit:
        point = board.random_move(colour, rng)
        if point < 0:
            passes += 1
        else:
            passes = 0
            if first is not None and not first[point]:
                first[point] = colour
        colour = 3 - colour
        moves += 1
    return colour


def white_bonus(state: GoState) -> float:
    """What White adds to the area difference: komi, and the area handicap compensation."""
    return state.komi + max(state.handicap - 1, 0)


# -- the search -----------------------------------------------------------------------------

class Node:
    __slots__ = ("point", "colour", "children", "visits", "wins", "rave_visits", "rave_wins", "expanded")

    def __init__(self, point: int, colour: int) -> None:
        self.point = point  # -1 for a pass
        self.colour = colour  # the colour that played `point`
        self.children: list[Node] = []
        self.visits = 0
        self.wins = 0.0
        self.rave_visits = 0
        self.rave_wins = 0.0
        self.expanded = False


def _candidates(board: Board, colour: int) -> list[int]:
    """Points worth trying in the tree: empty, not the ko point, not one's own eye."""
    return [point for point in board.empties if point != board.ko and not board.is_eye(point, colour)]


def _select(node: Node) -> Node:
    best = node.children[0]
    best_value = -math.inf
    log_visits = math.log(node.visits + 1)
    for child in node.children:
        if child.visits:
            mean = child.wins / child.visits
            weight = math.sqrt(RAVE_EQUIVALENCE / (3 * child.visits + RAVE_EQUIVALENCE))
            rave = child.rave_wins / child.rave_visits if child.rave_visits else mean
            value = (1 - weight) * mean + weight * rave + EXPLORATION * math.sqrt(log_visits / child.visits)
        else:
            # Untried: judged by its RAVE statistics alone, or tried first if it has none.
            value = child.rave_wins / child.rave_visits if child.rave_visits else 1.1
        if value > best_value:
            best, best_value = child, value
    return best


class Search:
    """UCT with RAVE from one position; `black[point]` and `white[point]` count the
    playouts that ended with the point in that side's area."""

    def __init__(self, root_board: Board, colour: int, root_points: list[int], bonus: float, rng: Rng) -> None:
        self.board = root_board
        self.colour = colour
        self.bonus = bonus
        self.rng = rng
        self.root = Node(-1, 3 - colour)
        self.root.children = [Node(point, colour) for point in root_points]
        self.root.expanded = True
        self.black = [0] * root_board.geo.points
        self.white = [0] * root_board.geo.points
        self.playouts = 0
        self.limit = 3 * root_board.geo.points

    def run(self, seconds: float, iterations: int | None) -> None:
        deadline = time.perf_counter() + seconds
        cap = iterations if iterations is not None else math.inf
        while self.playouts < cap and (self.playouts < MIN_PLAYOUTS or time.perf_counter() < deadline):
            self.iterate()

    def iterate(self) -> None:
        board = self.board.copy()
        first = [EMPTY] * board.geo.points
        node = self.root
        path = [node]
        colour = self.colour
        passes = 0
        while node.expanded and node.children:
            child = _select(node)
            if child.point < 0:
                board.pass_move()
                passes += 1
            elif not board.play(child.point, colour):
                node.children.remove(child)  # illegal here after all (suicide or ko)
                if not node.children:
                    node.children.append(Node(-1, colour))
                continue
            else:
                passes = 0
                if not first[child.point]:
                    first[child.point] = colour
            node = child
            path.append(node)
            colour = 3 - colour
            if passes >= 2:
                break
        if not node.expanded and passes < 2:
            node.expanded = True
            points = _candidates(board, colour)
            node.children = [Node(point, colour) for point in points] or [Node(-1, colour)]
        if passes < 2:
            playout(board, colour, self.rng, self.limit, first)
        owners, balance = board.area()
        black = self.black
        white = self.white
        for point, owner in enumerate(owners):
            if owner == BLACK:
                black[point] += 1
            elif owner == WHITE:
                white[point] += 1
        self.playouts += 1
        winner = BLACK if balance - self.bonus > 0 else WHITE
        for index, visited in enumerate(path):
            if index:
                visited.visits += 1
                if visited.colour == winner:
                    visited.wins += 1
            # RAVE: every child whose point its colour played first later in this playout
            mover = 3 - visited.colour
            for child in visited.children:
                if child.point >= 0 and first[child.point] == mover:
                    child.rave_visits += 1
                    if mover == winner:
                        child.rave_wins += 1
        self.root.visits += 1

    def settled(self, point: int) -> bool:
        """Whether the playouts agree on the point: nearly always Black's, nearly
        always White's, or nearly always nobody's (the shared liberties of a seki)."""
        playouts = self.playouts
        if not playouts:
            return False
        black, white = self.black[point], self.white[point]
        return max(black, white, playouts - black - white) >= SETTLED * playouts


# -- dead stones ----------------------------------------------------------------------------

_estimates: OrderedDict[tuple[int, str], frozenset[int]] = OrderedDict()


def estimate_dead(state: GoState) -> frozenset[int]:
    """The stones this player thinks dead on the state's board (see the module docstring)."""
    key = (state.size, state.board)
    found = _estimates.get(key)
    if found is not None:
        return found
    geo = state.geometry
    start = Board.of(state)
    playouts = ESTIMATE_PLAYOUTS.get(state.size, 48)
    rng = Rng(state.position)
    owned = [0] * geo.points
    for index in range(playouts):
        board = start.copy()
        playout(board, BLACK if index % 2 == 0 else WHITE, rng, 3 * geo.points, None)
        owners, _ = board.area()
        for point, owner in enumerate(owners):
            if owner == BLACK:
                owned[point] += 1
            elif owner == WHITE:
                owned[point] -= 1
    analysis = state.analysis()
    dead: set[int] = set()
    for representative, members in analysis.members.items():
        colour = BLACK if state.board[representative] == "B" else WHITE
        sign = 1 if colour == BLACK else -1
        # Mean ownership from the chain's side: -1 when the opponent always takes it.
        mean = sum(owned[point] for point in members) * sign / (len(members) * playouts)
        if mean < 0:
            dead.update(members)
    found = frozenset(dead)
    _estimates[key] = found
    while len(_estimates) > 8:
        _estimates.popitem(last=False)
    return found


def _margin_for(state: GoState, dead: frozenset[int] | tuple[int, ...], seat: int) -> float:
    count = score(state.board, state.geometry, dead, counting=state.counting, captures=state.captures,
                  pass_stones=state.pass_stones, komi=state.komi, handicap=state.handicap)
    difference = count.totals[0] - count.totals[1]
    return difference if seat == 0 else -difference


def _marking_move(state: GoState) -> str:
    seat: int = state.to_move  # type: ignore[assignment]
    legal = state.legal_moves()
    wanted = estimate_dead(state)
    current = frozenset(state.dead)
    if current == wanted:
        return ACCEPT
    if state.accepted_by == 1 - seat and _margin_for(state, current, seat) > _margin_for(state, wanted, seat):
        return ACCEPT  # the opponent's proposal is better for this player than its own
    if state.toggles < toggle_limit(state.size):
        # Both markings hold whole chains, so any differing stone names a chain to toggle.
        return DEAD + state.geometry.names[min(current ^ wanted)]
    return RESUME if RESUME in legal else ACCEPT


# -- the move -------------------------------------------------------------------------------

def choose_move(state: GoState, seconds: float, seed: int, iterations: int | None = None) -> str:
    """The move this player makes in `state` (any stage but the end)."""
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    if state.stage == "marking":
        return _marking_move(state)
    legal = state.legal_moves()
    seat = state.to_move
    colour = BLACK if seat == 0 else WHITE
    geo = state.geometry
    board = Board.of(state)
    index = geo.index
    points = [index[move] for move in legal if move not in (PASS, RESIGN) and not board.is_eye(index[move], colour)]
    if not points:
        return PASS
    rng = Rng(seed)
    for position in range(len(points) - 1, 0, -1):  # a seeded order breaks ties between untried moves
        other = rng.below(position + 1)
        points[position], points[other] = points[other], points[position]
    search = Search(board, colour, points, white_bonus(state), rng)
    search.run(seconds, iterations)
    if _hopeless(state, search):
        return RESIGN
    if state.resumed:  # play resumed over a dispute: first prove the dead stones dead
        target = _capture_target(state, search, colour, set(points))
        if target is not None:
            return geo.names[target]
    ranked = sorted(search.root.children, key=lambda child: (child.visits, child.wins), reverse=True)
    for child in ranked:
        if child.point >= 0 and not search.settled(child.point):
            return geo.names[child.point]
    return PASS


def _hopeless(state: GoState, search: Search) -> bool:
    """Whether the game is lost beyond doubt: late enough, and hardly a playout won whatever is played."""
    visits = sum(child.visits for child in search.root.children)
    wins = sum(child.wins for child in search.root.children)
    return (state.moves_played >= state.geometry.points // 2 and search.playouts >= RESIGN_PLAYOUTS
            and visits > 0 and wins / visits < RESIGN_BELOW)


def _capture_target(state: GoState, search: Search, colour: int, allowed: set[int]) -> int | None:
    """After a resumption: a liberty of an enemy chain the playouts give to this
    player more often than not (a dead chain), to prove it dead by capture; the
    chain with the fewest liberties first."""
    analysis = state.analysis()
    enemy = "W" if colour == BLACK else "B"
    mine = search.black if colour == BLACK else search.white
    best: tuple[int, int] | None = None
    for representative, members in analysis.members.items():
        if state.board[representative] != enemy or any(2 * mine[point] <= search.playouts for point in members):
            continue
        liberties = analysis.liberties[representative]
        free = sorted(point for point in liberties if point in allowed)
        if free and (best is None or len(liberties) < best[0]):
            best = (len(liberties), free[0])
    return best[1] if best else None

