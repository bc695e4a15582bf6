"""A small deterministic PRNG whose whole state is one int (SplitMix64).

Rules never use `random`: its algorithms may change between Python versions,
and the same seed must give the same game in CPython and in Pyodide.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """A generator state from any int seed."""
    return seed & _MASK


_GAMMA = 0x9E3779B97F4A7C15
_MIX_1 = 0xBF58476D1CE4E5B9
_MIX_2 = 0x94D049BB133111EB
_SPAN = 1 << 64


def next_u64(state: int) -> tuple[int, int]:
    """(a 64-bit value, the next state)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX_1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX_2) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """(a uniform int in [0, n), the next state), without modulo bias: a value in
    the last, partial run of n is drawn again. next_u64 is inlined, as searches
    draw here for every move of a playout."""
    if not 0 < n <= _SPAN:
        raise ValueError("below() needs a bound from 1 to 2**64")
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MIX_1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX_2) & _MASK
        z ^= z >> 31
        drawn = z % n
        if z - drawn <= _SPAN - n:
            return drawn, state


def weighted_index(state: int, weights: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """(an index drawn with the given integer weights, the next state)."""
    total = sum(weights)
    if total <= 0 or any(w < 0 for w in weights):
        raise ValueError("weights must be non-negative with a positive sum")
    pick, state = below(state, total)
    for index, weight in enumerate(weights):
        if pick < weight:
            return index, state
        pick -= weight
    raise RuntimeError("weights changed while drawing")  # unreachable


class Rng:
    """A mutable wrapper for searches and tests; rules keep the bare int."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        value, self.state = below(self.state, n)
        return value

    def choice(self, items):  # type: ignore[no-untyped-def]
        index, self.state = below(self.state, len(items))  # not self.below: a call less, in every playout
        return items[index]

    def random(self) -> float:
        value, self.state = next_u64(self.state)
        return (value >> 11) / float(1 << 53)

    def normal(self) -> float:
        """Nearly a standard normal draw: twelve uniforms summed, less six. Only additions, so
        it is the same in every interpreter, as a logarithm or a cosine might not be."""
        return sum(self.random() for _ in range(12)) - 6.0
