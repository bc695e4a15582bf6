"""The computer player for Go: a search that knows the game, and finishes it properly.

The generic UCT search plays uniformly random playouts, which in Go fill their
own eyes and almost never pass, so it can neither judge nor end a game. This
player searches on copies of the rules' own board of chains (`games/go/chains.py`)
with what it knows of Go (`games/go/playout.py`) and:

- searches with UCT and RAVE (all-moves-as-first statistics, which make a few
  hundred playouts count), with no exploration term: each new node's moves
  start with prior visits (`playout.priors`: captures, escapes, shapes, moves
  near the last one first), over the legal moves of the game, except points
  that fill its own eyes; a node's own moves join the tree after a few visits;
- plays out with the board's policy (answer ataris, play shapes next to the
  last move, else a random move that fills no eye of one's own); playouts are
  counted by area (stones and single-colour regions) with the game's komi;
- keeps, over all playouts, how often each point ended as Black's, as White's
  or as nobody's. A point the playouts agree on (one of the three in at least
  90% of them), and agree on again when the other side moves first, is
  settled: playing there changes nothing. The player plays its best move that
  is not settled, and passes when every remaining move is settled (or fills an
  own eye, or nothing is legal). The shared liberties of a seki are settled as
  nobody's;
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
from ..games.go.board import chains_of
from ..games.go.chains import BLACK, EMPTY, WHITE, Board, padded, unpadded
from ..games.go.playout import playout, priors
from ..games.go.scoring import score
from ..rng import Rng

SETTLED = 0.9
"""Share of playouts that must agree on a point's owner (or on no owner) for it to be settled."""
RAVE_EQUIVALENCE = 3500.0
"""Sets how fast a move's own statistics take over from its RAVE statistics as its visits grow."""
EXPAND_VISITS = 8
"""Visits of a node before its own moves join the tree: until then playouts start from it."""
SETTLE_CHECK = 32
"""Playouts between two looks at whether the search is settled."""
SURE_EARLY = ((0.05, 0.95), (0.2, 0.8))
"""The search also stops once this share of its playouts is done, when the best move wins more
than this share of its own: a game that sure is not worth the rest of the time."""
ESTIMATE_PLAYOUTS = {9: 96, 13: 64, 19: 48}
"""Playouts behind the dead-stone estimate, per board size."""
MIN_PLAYOUTS = 32
"""The search runs at least this many playouts whatever the time budget, and so does the check
of what a pass would leave."""
SEARCH_SHARE = 0.85
"""The share of the time the search takes; the rest is for checking that a move still matters."""
RESIGN_BELOW = 0.04
"""The share of playouts won below which a lost game is resigned rather than played on..."""
RESIGN_PLAYOUTS = 200
"""...once at least this many playouts say so, and half the board's points have been played."""


# -- the search -----------------------------------------------------------------------------

def board_of(state: GoState) -> Board:
    """The state's position on a fresh board (its last move known, for the policy)."""
    board = chains_of(state.board, state.size)
    last = state.geometry.index.get(state.last_move) if state.last_mover is not None else None
    if last is not None and board.cells[padded(state.size, last)] != EMPTY:
        board.last = padded(state.size, last)
    return board


def white_bonus(state: GoState) -> float:
    """What White adds to the area difference: komi, and the area handicap compensation."""
    return state.komi + max(state.handicap - 1, 0)


class Node:
    __slots__ = ("point", "colour", "children", "visits", "wins", "prior_visits", "prior_wins",
                 "rave_visits", "rave_wins")

    def __init__(self, point: int, colour: int, prior: tuple[int, int] = (0, 0)) -> None:
        self.point = point  # -1 for a pass
        self.colour = colour  # the colour that played `point`
        self.children: list[Node] = []
        self.visits = 0
        self.wins = 0
        self.prior_visits, self.prior_wins = prior
        self.rave_visits = 0
        self.rave_wins = 0


def _urgency(child: Node) -> float:
    """How much a child deserves the next playout: its mean (priors included), blended with
    its RAVE mean while its own visits are few."""
    visits = child.visits + child.prior_visits
    mean = (child.wins + child.prior_wins) / visits if visits else 0.5
    rave_visits = child.rave_visits
    if not rave_visits:
        return mean
    weight = rave_visits / (rave_visits + visits + visits * rave_visits / RAVE_EQUIVALENCE)
    return weight * child.rave_wins / rave_visits + (1 - weight) * mean


def _expand(node: Node, board: Board, colour: int) -> None:
    points = [point for point in board.empties if point != board.ko and not board.is_eye(point, colour)]
    node.children = [Node(point, colour, prior) for point, prior in zip(points, priors(board, colour, points))] \
        or [Node(-1, colour)]


class Search:
    """UCT with RAVE and priors, no exploration term, from one position; `black[point]` and
    `white[point]` count the playouts that ended with the point in that side's area."""

    def __init__(self, root_board: Board, colour: int, root_points: list[int], bonus: float, rng: Rng) -> None:
        self.board = root_board
        self.colour = colour
        self.bonus = bonus
        self.rng = rng
        self.root = Node(-1, 3 - colour)
        self.root.children = [Node(point, colour, prior)
                              for point, prior in zip(root_points, priors(root_board, colour, root_points))]
        self.black = [0] * len(root_board.cells)
        self.white = [0] * len(root_board.cells)
        self.playouts = 0
        self.limit = 3 * root_board.size * root_board.size

    def run(self, deadline: float, iterations: int | None) -> None:
        """Playouts until `deadline` (time.perf_counter) or `iterations`, at least MIN_PLAYOUTS,
        or until no move could overtake the most visited one in the playouts left."""
        cap = iterations if iterations is not None else math.inf
        started = time.perf_counter()
        while self.playouts < cap and (self.playouts < MIN_PLAYOUTS or time.perf_counter() < deadline):
            self.iterate()
            if self.playouts % SETTLE_CHECK == 0:
                if iterations is not None:
                    left = cap - self.playouts
                else:  # the playouts the time left holds, at the pace so far
                    now = time.perf_counter()
                    left = self.playouts * (deadline - now) / max(now - started, 1e-9)
                ranked = sorted(self.root.children, key=lambda child: child.visits)
                if len(ranked) < 2 or ranked[-1].visits - ranked[-2].visits > left:
                    return
                best = ranked[-1]
                done = self.playouts / (self.playouts + left)
                if any(done >= share and best.wins > sure * best.visits for share, sure in SURE_EARLY):
                    return

    def iterate(self) -> None:
        board = self.board.copy()
        first = [EMPTY] * len(board.cells)
        node = self.root
        path = [node]
        colour = self.colour
        passes = 0
        while node.children:
            child = max(node.children, key=_urgency)
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
        if passes < 2:
            if node.visits >= EXPAND_VISITS:
                _expand(node, board, colour)
            playout(board, colour, self.rng.below(1 << 31), self.limit, first)
        owners, balance = board.area()
        black, white = self.black, self.white
        for point, owner in enumerate(owners):
            if owner == BLACK:
                black[point] += 1
            elif owner == WHITE:
                white[point] += 1
        self.playouts += 1
        winner = BLACK if balance - self.bonus > 0 else WHITE
        for visited in path:
            visited.visits += 1
            if visited.colour == winner:
                visited.wins += 1
            # RAVE: every child whose point its colour played first later in this playout
            mover = 3 - visited.colour
            won = mover == winner
            for child in visited.children:
                if child.point >= 0 and first[child.point] == mover:
                    child.rave_visits += 1
                    if won:
                        child.rave_wins += 1

    def owner(self, point: int) -> int:
        """Who the search's playouts (this side moving first) agree the (padded) point ends
        with: BLACK, WHITE or EMPTY (nobody: the shared liberties of a seki), or -1 when they
        do not agree."""
        return _agreed(self.black[point], self.white[point], self.playouts)

    def owners_if_passed(self, least: int, most: int, deadline: float) -> list[int]:
        """`owner` for every point, from playouts in which the other side moves first: `least`
        of them, then more until `most` or the deadline."""
        black, white = [0] * len(self.board.cells), [0] * len(self.board.cells)
        playouts = 0
        while playouts < least or playouts < most and time.perf_counter() < deadline:
            playouts += 1
            board = self.board.copy()
            board.pass_move()
            playout(board, 3 - self.colour, self.rng.below(1 << 31), self.limit, None)
            for point, owner in enumerate(board.area()[0]):
                if owner == BLACK:
                    black[point] += 1
                elif owner == WHITE:
                    white[point] += 1
        return [_agreed(black[point], white[point], playouts) for point in range(len(black))]


def _agreed(black: int, white: int, playouts: int) -> int:
    if not playouts:
        return -1
    for owner, count in ((BLACK, black), (WHITE, white), (EMPTY, playouts - black - white)):
        if count >= SETTLED * playouts:
            return owner
    return -1


# -- dead stones ----------------------------------------------------------------------------

_estimates: OrderedDict[tuple[int, str], frozenset[int]] = OrderedDict()


def estimate_dead(state: GoState) -> frozenset[int]:
    """The stones this player thinks dead on the state's board (see the module docstring)."""
    key = (state.size, state.board)
    found = _estimates.get(key)
    if found is not None:
        return found
    size = state.size
    start = board_of(state)
    start.last = -1  # the estimate is of the board alone, whoever played last
    playouts = ESTIMATE_PLAYOUTS.get(size, 48)
    rng = Rng(state.position)
    owned = [0] * len(start.cells)
    for index in range(playouts):
        board = start.copy()
        playout(board, BLACK if index % 2 == 0 else WHITE, rng.below(1 << 31), 3 * size * size, None, light=True)
        owners, _ = board.area()
        for point, owner in enumerate(owners):
            if owner == BLACK:
                owned[point] += 1
            elif owner == WHITE:
                owned[point] -= 1
    dead: set[int] = set()
    for members in start.stones.values():
        sign = 1 if start.cells[members[0]] == BLACK else -1
        # Mean ownership from the chain's side: -1 when the opponent always takes it.
        mean = sum(owned[point] for point in members) * sign / (len(members) * playouts)
        if mean < 0:
            dead.update(unpadded(size, point) for point in members)
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
    board = board_of(state)
    index = geo.index
    points = [padded(state.size, index[move]) for move in legal if move not in (PASS, RESIGN)]
    points = [point for point in points if not board.is_eye(point, colour)]
    if not points:
        return PASS
    rng = Rng(seed)
    for position in range(len(points) - 1, 0, -1):  # a seeded order breaks ties between untried moves
        other = rng.below(position + 1)
        points[position], points[other] = points[other], points[position]
    search = Search(board, colour, points, white_bonus(state), rng)
    started = time.perf_counter()
    search.run(started + SEARCH_SHARE * seconds, iterations)
    if _hopeless(state, search):
        return RESIGN
    if state.resumed:  # play resumed over a dispute: first prove the dead stones dead
        target = _capture_target(state, search, colour, set(points))
        if target is not None:
            return geo.names[unpadded(state.size, target)]
    ranked = sorted(search.root.children, key=lambda child: (child.visits, child.wins), reverse=True)
    if_passed: list[int] | None = None
    for child in ranked:
        if child.point < 0:
            continue
        owner = search.owner(child.point)
        if owner >= 0 and if_passed is None:  # only now: the playouts are worth their time
            most = ESTIMATE_PLAYOUTS.get(state.size, 48)  # with an iteration cap, as many every time
            if_passed = search.owners_if_passed(most if iterations is not None else MIN_PLAYOUTS, most,
                                                started + seconds)
        if owner < 0 or if_passed[child.point] != owner:  # type: ignore[index]
            return geo.names[unpadded(state.size, child.point)]
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
    chain with the fewest liberties first. Points padded, as `allowed`."""
    chains = state.chains()
    mine = search.black if colour == BLACK else search.white
    best: tuple[int, int] | None = None
    for key, members in chains.stones.items():
        if chains.cells[key] != 3 - colour or any(2 * mine[point] <= search.playouts for point in members):
            continue
        liberties = chains.liberties[key]
        free = sorted(point for point in liberties if point in allowed)
        if free and (best is None or len(liberties) < best[0]):
            best = (len(liberties), free[0])
    return best[1] if best else None

