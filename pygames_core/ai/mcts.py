"""UCT Monte Carlo tree search over the game contract alone.

It knows nothing of any game: it asks a state `to_move`, `playing_moves()` (the
legal moves less the resignations: a search never gives up), `chance_weights()`,
`outcome()` and `estimate_returns()`, and steps with `play`. (`play` checks the
move against `legal_moves()` again, but the base class caches that tuple on the
state, so the check is one membership test.)

- Any number of seats. A node's statistics are the returns
  (`Outcome.standing_returns()`: the share of the other seats finished ahead of)
  of the seat that chose the move into it, so a seat that moves several times in
  a row (Kalah's extra turn, Bobail's Bobail-then-token turn) needs no special
  case: each node is simply judged by whoever chose it.
- Chance points are sampled by `chance_weights()`, never chosen by UCT.
- Playouts are uniformly random. One that reaches `playout_limit` plies before
  the game ends is cut there and scored by the state's `estimate_returns()`,
  which is even for every seat unless the game judges its own positions. A game that
  does gets no playouts at all (`ESTIMATED_PLAYOUT_LIMIT`): each new node is
  scored by its estimate. A naive search (the quick level's) scores it by
  `naive_returns()`, as a beginner would judge it.
- The search stops at the time budget (`time.perf_counter`) or the iteration
  cap, whichever comes first. With a seed and an iteration cap (and a time budget
  that does not run out first, e.g. `math.inf`) it returns the same move every time.
- The answer is the most visited move at the root. A weaker level now and then plays
  the runner-up instead, where the two are close (`lapsed`).
- Root parallel: several searches of one position, each with its own seed
  (`part_seed`), may run side by side (in the browser, each in a worker of its
  own); `combined` adds up their root statistics as one search's.

- Hidden information: the search never reads what the seat to move cannot see.
  It searches several states drawn by `resample` and adds up their root visits
  (determinization), so two states that look the same to the seat get the same
  answer from the same seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .. import rng as rng_module
from ..core import CHANCE, State
from ..rng import Rng

EXPLORATION = 0.7
"""UCT's exploration constant for returns in [0, 1]. In 300-500 iteration duels
on Kalah and Bobail, 0.6-0.7 scored about 60% against 1.0 and about even
against 0.4."""

WORLDS = 8
"""States drawn by `resample` per search in a game with hidden information."""

PLAYOUT_LIMIT = 1000
"""Plies a random playout may take before it is cut, in a game whose
`estimate_returns()` is the default: a cut playout then counts as a draw."""

SETTLED_CHECK = 64
"""Iterations between two checks of whether the answer is already settled."""

ESTIMATED_PLAYOUT_LIMIT = 0
"""The same in a game with an estimate of its own. At 100 ms a move, no playout
beat 20-ply playouts in 6 of 8 one-round Lost Cities games and in 4 of 8 single
games of Backgammon (bench/ai_strength.py): random plies mostly add noise."""


class _Node:
    """One state in the tree.

    `seat` is the seat that chose the move into this node (CHANCE below a chance
    point, None at the root); `total` sums that seat's returns. A decision node
    keeps its moves not yet expanded in `untried`; a chance node keeps its
    outcomes, their weights and the children drawn so far by outcome index.

    A node knows no parent (the backup walks the path it came down): a tree holds
    no cycle, so reference counts free it and the cycle collector never walks it.
    """

    __slots__ = ("state", "move", "seat", "to_move", "children", "untried",
                 "chance_moves", "chance_weights", "chance_children", "returns", "visits", "total")

    def __init__(self, state: State, move: str | None, seat: int | None, rng: Rng) -> None:
        self.state = state
        self.move = move
        self.seat = seat
        self.to_move = state.to_move
        self.children: list[_Node] = []
        self.untried: list[str] = []
        self.chance_moves: tuple[str, ...] = ()
        self.chance_weights: tuple[int, ...] = ()
        self.chance_children: dict[int, _Node] = {}
        self.returns: tuple[float, ...] | None = None
        self.visits = 0
        self.total = 0.0
        if self.to_move is None:
            self.returns = _final_returns(state)
        elif self.to_move == CHANCE:
            self.chance_moves = state.legal_moves()
            self.chance_weights = state.chance_weights()
        else:
            self.untried = list(state.playing_moves())
            if not self.untried:
                raise ValueError(f"{state.info.title}: seat {self.to_move} is to move but has no legal move")
            # Expanding in a seeded random order keeps early visits unbiased by notation order.
            _shuffle(self.untried, rng)


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the chosen move and how it got there."""

    move: str
    iterations: int
    seconds: float
    visits: dict[str, int]
    values: dict[str, float]
    """Mean return of each root move for the seat to move."""


def search(state: State, seconds: float, seed: int, iterations: int | None = None, *,
           exploration: float = EXPLORATION, playout_limit: int | None = None, naive: bool = False) -> SearchResult:
    """UCT from a state where a seat is to move. At least one iteration runs
    whatever the budget, so there is always an answer.

    With hidden information the search never reads the true state: it splits
    the budget over `WORLDS` states drawn by `resample(seat, rng)`, searches
    each, and adds up the visits of the seat's own moves, which are the same in
    every such state.

    `playout_limit` (plies) defaults to `playout_limit_for(state)`. `naive`: cut playouts are
    scored by `naive_returns()` instead of `estimate_returns()`."""
    if state.to_move is None or state.to_move == CHANCE:
        raise ValueError("the search needs a seat to move")
    started = time.perf_counter()
    rng = Rng(seed)
    seat = state.to_move
    moves = state.playing_moves()
    if len(moves) == 1:  # a forced move needs no thought
        return _result({moves[0]: 0}, {moves[0]: 0.0}, 0, time.perf_counter() - started)
    worlds = WORLDS if state.info.has_hidden_info else 1
    if playout_limit is None:
        playout_limit = playout_limit_for(state)
    limit = iterations if iterations is not None else math.inf
    visits = dict.fromkeys(moves, 0)
    totals = dict.fromkeys(moves, 0.0)
    done = 0
    for world in range(worlds):
        root_state = state.resample(seat, rng) if worlds > 1 else state
        root = _Node(root_state, None, None, rng)
        deadline = started + seconds * (world + 1) / worlds
        world_limit = limit * (world + 1) / worlds
        first = done
        while done < world_limit and (done == first or time.perf_counter() < deadline):
            _iterate(root, rng, exploration, playout_limit, naive)
            done += 1
            if worlds == 1 and done % SETTLED_CHECK == 0 and _settled(root, done, world_limit, started, deadline):
                break
        for child in root.children:
            visits[child.move] += child.visits  # type: ignore[index]
            totals[child.move] += child.total  # type: ignore[index]
    return _result(visits, totals, done, time.perf_counter() - started)


@dataclass(frozen=True)
class Lapses:
    """How a weaker level plays like a weaker person: now and then (`chance`, per decision) it
    takes the search's second choice instead of its first, where the two are close (mean returns
    within `margin`). It never takes a move the search judged clearly worse."""

    chance: float
    margin: float

    def drawn(self, seed: int) -> bool:
        """Whether the decision searched with `seed` lapses, if it can: a draw of its own, which
        owes nothing to the search's."""
        return Rng(seed ^ LAPSE_SALT).random() < self.chance


LAPSE_SALT = 0x5DEECE66D
"""Mixed into the search's seed for the lapse's own draw, which then owes nothing to the search's."""


def lapsed(result: SearchResult, lapses: Lapses, seed: int) -> str:
    """The move a level with these `lapses` plays from `result`: its move, or now and then the
    runner-up (the next most visited, the higher mean between equals) where the two are close."""
    if len(result.visits) < 2:
        return result.move
    runner_up = max((move for move in result.visits if move != result.move),
                    key=lambda move: (result.visits[move], result.values[move]))
    if result.values[result.move] - result.values[runner_up] > lapses.margin:
        return result.move
    return runner_up if lapses.drawn(seed) else result.move


def part_seed(seed: int, part: int) -> int:
    """The seed of the `part`th of several searches of one position run side by side; part 0
    keeps the seed itself, so one part is the plain search."""
    return seed + part * _PART_STRIDE


_PART_STRIDE = 0x632BE59BD9B4E019  # odd and far from 0: the parts' generators never overlap in practice


def combined(parts: list[SearchResult]) -> SearchResult:
    """Several searches of one position as one: visits and returns added up, move by move."""
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    for part in parts:
        for move, count in part.visits.items():
            visits[move] = visits.get(move, 0) + count
            totals[move] = totals.get(move, 0.0) + part.values[move] * count
    return _result(visits, totals, sum(part.iterations for part in parts), max(part.seconds for part in parts))


def _result(visits: dict[str, int], totals: dict[str, float], iterations: int, seconds: float) -> SearchResult:
    """The most visited move (the higher total between equals), with the root's statistics."""
    tried = [move for move in visits if visits[move]] or list(visits)[:1]  # [the forced move], unsearched
    best = max(tried, key=lambda move: (visits[move], totals[move]))
    return SearchResult(
        move=best,
        iterations=iterations,
        seconds=seconds,
        visits={move: visits[move] for move in tried},
        values={move: totals[move] / max(visits[move], 1) for move in tried},
    )


def _settled(root: _Node, done: int, limit: float, started: float, deadline: float) -> bool:
    """Whether the most visited move can no longer be overtaken in the iterations
    left (by the cap, or at the pace so far until the deadline): the answer is
    then known, and an obvious move takes little of the budget."""
    now = time.perf_counter()
    left = min(limit - done, done / max(now - started, 1e-9) * (deadline - now))
    counts = sorted((child.visits for child in root.children), reverse=True) + [0, 0]
    return counts[0] - counts[1] > left


def playout_limit_for(state: State) -> int:
    """`ESTIMATED_PLAYOUT_LIMIT` if the game estimates its own positions, else `PLAYOUT_LIMIT`."""
    if type(state).estimate_returns is State.estimate_returns:
        return PLAYOUT_LIMIT
    return ESTIMATED_PLAYOUT_LIMIT


def _iterate(root: _Node, rng: Rng, exploration: float, playout_limit: int, naive: bool) -> None:
    """One selection, expansion, playout and backup."""
    node = root
    path = [root]
    while True:
        if node.returns is not None:
            returns = node.returns
            break
        if node.to_move == CHANCE:
            index = _weighted(node.chance_weights, rng)
            child = node.chance_children.get(index)
            if child is None:
                move = node.chance_moves[index]
                child = _Node(node.state.play(move), move, CHANCE, rng)
                node.chance_children[index] = child
                path.append(child)
                returns = _playout(child, rng, playout_limit, naive)
                break
            node = child
            path.append(node)
            continue
        if node.untried:
            move = node.untried.pop()
            child = _Node(node.state.play(move), move, node.to_move, rng)
            node.children.append(child)
            path.append(child)
            returns = _playout(child, rng, playout_limit, naive)
            break
        node = _select(node, exploration)
        path.append(node)
    for node in path:
        node.visits += 1
        if node.seat is not None and node.seat >= 0:
            node.total += returns[node.seat]


def _select(node: _Node, exploration: float) -> _Node:
    """The child with the best upper confidence bound for the seat choosing here."""
    scale = exploration * math.sqrt(math.log(node.visits))
    best = node.children[0]
    best_score = -math.inf
    for child in node.children:
        visits = child.visits
        score = child.total / visits + scale / math.sqrt(visits)
        if score > best_score:
            best, best_score = child, score
    return best


def _playout(node: _Node, rng: Rng, playout_limit: int, naive: bool) -> tuple[float, ...]:
    """The returns of one uniformly random game from the node's state."""
    if node.returns is not None:
        return node.returns
    state = node.state
    plies = 0
    while True:
        to_move = state.to_move
        if to_move is None:
            return _final_returns(state)
        if plies >= playout_limit:
            return state.naive_returns() if naive else state.estimate_returns()
        moves = state.legal_moves() if to_move == CHANCE else state.playing_moves()
        if to_move == CHANCE:
            index = _weighted(state.chance_weights(), rng)
        else:
            index = rng.below(len(moves))
        state = state.play(moves[index])
        plies += 1


def _final_returns(state: State) -> tuple[float, ...]:
    outcome = state.outcome()
    if outcome is None:
        raise ValueError(f"{state.info.title}: the game is over but has no outcome")
    return outcome.standing_returns()


def _weighted(weights: tuple[int, ...], rng: Rng) -> int:
    index, rng.state = rng_module.weighted_index(rng.state, weights)
    return index


def _shuffle(items: list[str], rng: Rng) -> None:
    """Fisher-Yates with our own generator, so the order is the same everywhere."""
    for index in range(len(items) - 1, 0, -1):
        other = rng.below(index + 1)
        items[index], items[other] = items[other], items[index]
