"""A whole game of seeded random moves, for tests that need one."""

from __future__ import annotations

from pygames_core import CHANCE, Record, State, chance_move
from pygames_core.rng import Rng


def played_out(start: Record, seed: int) -> tuple[Record, State]:
    """`start` played on to its end: random legal moves drawn with `seed`, chance by the game's own generator."""
    record, state = start, start.replay()
    rng = Rng(seed)
    while not state.is_over():
        move = chance_move(state) if state.to_move == CHANCE else rng.choice(state.playing_moves())
        state = state.play(move)
        record = record.play(move)
    return record, state
