"""The generator every seeded game and search draws from: SplitMix64, and bounds without bias."""

from __future__ import annotations

import pytest

from pygames_core import rng


def test_splitmix64_known_outputs() -> None:
    # The published first outputs of SplitMix64 from seed 0.
    first, state = rng.next_u64(rng.seed_state(0))
    second, _ = rng.next_u64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def _below_by_limit(state: int, n: int) -> tuple[int, int]:
    """below() as its contract states it: values from the last partial run of n are drawn again."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        value, state = rng.next_u64(state)
        if value < limit:
            return value % n, state


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 1000, (1 << 63) + 1, (1 << 64) // 3 * 2, 1 << 64])
def test_below_draws_as_its_contract_states(n: int) -> None:
    mine = theirs = rng.seed_state(n)
    for _ in range(500):
        value, mine = rng.below(mine, n)
        expected, theirs = _below_by_limit(theirs, n)
        assert value == expected and mine == theirs
        assert 0 <= value < n


@pytest.mark.parametrize("n", [0, -3, (1 << 64) + 1])
def test_below_refuses_a_bound_it_cannot_draw_from(n: int) -> None:
    with pytest.raises(ValueError):
        rng.below(1, n)


def test_normal_draws_have_mean_0_and_spread_1() -> None:
    generator = rng.Rng(5)
    draws = [generator.normal() for _ in range(20_000)]
    mean = sum(draws) / len(draws)
    spread = (sum((draw - mean) ** 2 for draw in draws) / len(draws)) ** 0.5
    assert abs(mean) < 0.03 and abs(spread - 1.0) < 0.03
    assert max(map(abs, draws)) <= 6.0
