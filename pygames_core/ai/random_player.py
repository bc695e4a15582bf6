"""The simplest computer player: a uniformly random legal move (it never resigns)."""

from __future__ import annotations

from ..core import State
from ..rng import Rng


def choose_move(state: State, seed: int) -> str:
    """One of `state.playing_moves()`, each equally likely, drawn from `seed`."""
    moves = state.playing_moves()
    if not moves:
        raise ValueError("there is no legal move to choose")
    return Rng(seed).choice(moves)
