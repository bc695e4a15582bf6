"""Computer players, built only on the game contract in `core.py`.

`choose_move(state, player, seconds, seed)` is the one entry point; the bridge
calls it in the Pyodide worker, so every player is pure Python, single-threaded,
and draws its randomness from `Rng(seed)`: the same seed (and, for a search, the
same iteration cap) gives the same move in CPython and in Pyodide.

A game that offers a `search_position()` is searched on that position: by
alpha-beta (`alphabeta`) for two seats with no chance and nothing hidden
(Kalah), turn by turn over the rolls (`expectimax`) for a dice game's turn
(Backgammon's checker play); or the position decides by the game's knowledge
alone (Backgammon's cube). Every other game, and every other decision, by
Monte Carlo tree search on its states (`mcts`), Go by its own player.

Root parallel: where the search is Monte Carlo tree search, several searches of one
position may run side by side (`search_part`, each with its own seed; the browser
runs them in workers of their own) and `choose_move(..., parts=...)` combines their
root statistics instead of searching.

At a chance point no player is asked: `choose_move` draws the outcome from
`chance_weights()` with `Rng(seed)`, as `core.chance_move` does with the state's
own generator. That lets a seat played by the computer roll its own dice; the
game's canonical draw remains `core.chance_move(state)`.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Sequence
from typing import TypeVar

from .. import rng as rng_module
from ..core import CHANCE, State
from . import alphabeta, expectimax, mcts, random_player

Search = TypeVar("Search", bound=Callable[..., object])


def _unpaused(search: Search) -> Search:
    """Runs a search with Python's cycle collector off. A search builds its tree of many
    small objects fast, and the collector would walk the whole tree again and again: pauses of
    tens of milliseconds that overran a turn's budget by up to three quarters. The searches leave no cycles
    (tests/test_ai.py checks), so their garbage is freed without the collector."""

    @functools.wraps(search)
    def unpaused(*args: object, **kwargs: object) -> object:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            if was_enabled:
                gc.enable()

    return unpaused  # type: ignore[return-value]


PLAYERS: dict[str, str] = {
    "random": "Plays a random legal move",
    "search": "The game's own search: alpha-beta where the game offers a position to search (Kalah), "
              "whole turns judged against the next rolls (Backgammon), "
              "else Monte Carlo tree search, which plays out many random games and picks the move that does best",
}


LEVELS: dict[str, mcts.Lapses | None] = {
    "quick": mcts.Lapses(chance=0.2, margin=0.05),
    "normal": mcts.Lapses(chance=0.1, margin=0.02),
    "strong": None,
}
"""The page's three levels. Each thinks for its own budget (the page's), and the two weaker ones
now and then take a close second choice, as a weaker person would (`mcts.Lapses`). Monte Carlo
tree search's root statistics tell how close the choices are; alpha-beta searches for a close
runner-up at a lapse (its values span [-1, 1], twice the returns' range: twice the margin); the
dice turn search ranks the plays it judged alike. Go's player does not lapse, nor does a level
with `TURN_NOISE` in a dice game's turn."""

NAIVE_LEVELS = frozenset({"quick"})
"""Levels whose Monte Carlo search judges the positions it reaches as a beginner would
(`State.naive_returns`): in Flaming Pyramids by the tiles each seat has left, without weighing the
hand it keeps (every level sees what a move sets off at once; only the others plan their hands);
in Evolution by the points on the table, blind to the hunger that will cut a population."""

BLUNDERING_LEVELS = frozenset({"quick"})
"""Levels that make the game's share of decisions without looking (`State.blunders`)."""

BLUNDER_SALT = 0xB1A2D3E4
"""Mixed into the decision's seed for the blunder's own draw, which owes nothing to the lapse's."""

TURN_NOISE: dict[str, float] = {"quick": 0.03}
"""A level that in a dice game's turn (Backgammon's checker play) looks no further than the
position each play leaves, and misjudges each by a normal draw of this spread, in shares of the
stake: 0.03 is 0.06 of equity, the noise of GNU Backgammon's "beginner" level. Lapses could not
part quick from strong here: the dice decide many single games, and a close second choice now
and then costs little (strong won 58% of 80 single games against quick with lapses, 71% of 120
against this)."""


@_unpaused
def choose_move(state: State, player: str, seconds: float, seed: int, iterations: int | None = None, *,
                parts: Sequence[mcts.SearchResult] = (), level: str = "strong") -> str:
    """The move `player` picks in `state`, thinking at most `seconds`.

    `iterations` caps the search as well (for reproducible tests and benchmarks).
    `parts`: the results of `search_part` for this position, searched already side by side;
    the move is then theirs combined, with no search of its own.
    `level`: one of `LEVELS`, whose lapses the search's choice keeps (Go's player's excepted).
    Raises ValueError for an unknown player, level or a finished game, and for parts where the
    player's search does not split or that name a move not to be played.
    """
    if player not in PLAYERS:
        raise ValueError(f"there is no computer player {player!r}; try one of {', '.join(PLAYERS)}")
    if level not in LEVELS:
        raise ValueError(f"there is no level {level!r}; try one of {', '.join(LEVELS)}")
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    if level in BLUNDERING_LEVELS and state.to_move != CHANCE and blunders(state, seed):
        return random_player.choose_move(state, seed)
    lapses = LEVELS[level]
    if parts:
        return _keeping(lapses, _combined(state, player, parts), seed)
    if state.to_move == CHANCE:
        index, _ = rng_module.weighted_index(rng_module.seed_state(seed), state.chance_weights())
        return state.legal_moves()[index]
    if player == "random":
        return random_player.choose_move(state, seed)
    position = state.search_position()
    if _is_decided(position):
        return position.decision()[0]  # type: ignore[union-attr]
    if _is_turn(position):
        if level in TURN_NOISE:
            return expectimax.choose_move(position, seconds, iterations, noise=TURN_NOISE[level], seed=seed)
        margin = lapses.margin if lapses is not None and lapses.drawn(seed) else None
        return expectimax.choose_move(position, seconds, iterations, margin=margin)
    if position is not None:
        return alphabeta_move(position, seconds, seed, iterations, level=level)[0]
    if state.info.id == "go":  # random playouts cannot judge or end a game of Go: see go_player
        from . import go_player  # on first use, as the registry imports the game itself

        return go_player.choose_move(state, seconds, seed, iterations)  # type: ignore[arg-type]
    return _keeping(lapses, mcts.search(state, seconds, seed, iterations, naive=level in NAIVE_LEVELS), seed)


def alphabeta_move(position: alphabeta.Position, seconds: float, seed: int, iterations: int | None = None, *,
                   level: str = "strong") -> tuple[str, int]:
    """Alpha-beta's move at `level` and the nodes it searched: at a weaker level's lapse, the
    runner-up where one is close. Only a lapse searches for it, as that costs depth."""
    lapses = LEVELS[level]
    margin = 2 * lapses.margin if lapses is not None and lapses.drawn(seed) else 0.0
    result = alphabeta.search(position, seconds, iterations, margin=margin)
    return result.runner_up or result.move, result.nodes


def settles_turn(state: State) -> bool:
    """Whether the computer's decision in `state` settles the rest of its turn, so that it may spend
    all the turn's budget left on it: one that surely ends the turn (`State.last_decision_of_turn`:
    a Go move, a Pylos ball that completes no square, Lost Cities' draw), or a roll's play in a
    dice game, which the turn search plans whole at its first move (Backgammon: later moves of the
    play follow the plan at once)."""
    return state.last_decision_of_turn() or _is_turn(state.search_position())


def blunders(state: State, seed: int) -> bool:
    """Whether a blundering level's decision with `seed` in `state` is made without looking."""
    return state.blunders > 0 and rng_module.Rng(seed ^ BLUNDER_SALT).random() < state.blunders


def _keeping(lapses: mcts.Lapses | None, result: mcts.SearchResult, seed: int) -> str:
    """The search's move, or a level's lapse from it."""
    return result.move if lapses is None else mcts.lapsed(result, lapses, seed)


def splits(state: State, player: str) -> bool:
    """Whether `player`'s search of `state` may run in parts side by side: Monte Carlo tree
    search does (each part its own tree, or its own worlds); alpha-beta, the dice turn search,
    a decision by knowledge alone and Go's player do not."""
    return (player == "search" and state.to_move is not None and state.to_move != CHANCE
            and state.search_position() is None and state.info.id != "go")


@_unpaused
def search_part(state: State, player: str, seconds: float, seed: int, part: int,
                iterations: int | None = None) -> mcts.SearchResult | None:
    """The `part`th (from 0) of several searches of `state` that run side by side, each for the
    whole `seconds`, for `choose_move(..., parts=...)`; None where the search does not split.
    Part 0 is the search `choose_move` would run alone."""
    if not splits(state, player):
        return None
    return mcts.search(state, seconds, mcts.part_seed(seed, part), iterations)


def _combined(state: State, player: str, parts: Sequence[mcts.SearchResult]) -> mcts.SearchResult:
    if not splits(state, player):
        raise ValueError("this search does not run in parts")
    playing = set(state.playing_moves())
    if any(not part.visits or not playing.issuperset(part.visits) for part in parts):
        raise ValueError("a part names a move that is not to be played here")
    return mcts.combined(list(parts))


def _is_decided(position: object) -> bool:
    """Whether a game's search position decides by the game's knowledge alone, no search
    (Backgammon's cube decisions): its `decision()` is (the move, the seat's outlook)."""
    return hasattr(position, "decision")


def _is_turn(position: object) -> bool:
    """Whether a game's search position is a dice game's turn (expectimax.TurnPosition), not an
    alpha-beta one."""
    return hasattr(position, "rolls")


@_unpaused
def suggest(state: State, seconds: float, seed: int, iterations: int | None = None, *,
            parts: Sequence[mcts.SearchResult] = ()) -> tuple[tuple[str, ...], float | None]:
    """Advice for the seat to move, from the same search as the computer's: the move (for a dice
    game's turn, the whole play in order) and the seat's outlook as the search judges it, in
    [0, 1] (its chance of winning, in a game of two that one wins; with more seats, the share of
    the others it may finish ahead of: `Outcome.standing_returns`), or None where the search does
    not judge it (alpha-beta short of a forced result, Go's player). Exactly 1 or 0 only for a
    result the search has proved. `parts` as for `choose_move`.

    Raises ValueError for a finished game or a chance point, and for parts as `choose_move` does."""
    if state.to_move is None or state.to_move == CHANCE:
        raise ValueError("nobody is to choose a move now")
    if parts:
        return _advice(_combined(state, "search", parts))
    position = state.search_position()
    if _is_decided(position):
        move, outlook = position.decision()  # type: ignore[union-attr]
        return (move,), outlook
    if _is_turn(position):
        play, value = expectimax.search(position, seconds, iterations)
        return play, position.outlook(play, value)  # type: ignore[union-attr]
    if position is not None:
        result = alphabeta.search(position, seconds, iterations)
        forced = 1.0 if result.value > alphabeta.WIN else 0.0 if result.value < -alphabeta.WIN else None
        return (result.move,), forced
    if state.info.id == "go":
        from . import go_player

        return (go_player.choose_move(state, seconds, seed, iterations),), None  # type: ignore[arg-type]
    return _advice(mcts.search(state, seconds, seed, iterations))


def _advice(result: mcts.SearchResult) -> tuple[tuple[str, ...], float]:
    """A Monte Carlo search's move, and its mean return shrunk towards even (Laplace's rule of
    succession): a mean of a few playouts is often all wins or all losses by chance, and only a
    proof may claim a forced result."""
    visits = result.visits[result.move]
    return (result.move,), (result.values[result.move] * visits + 1) / (visits + 2)
