"""Records and the PRNG: exact replay, lossless JSON and URL forms, and
untrusted text refused with a clear error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygames_core import Record, RecordError
from pygames_core import rng


def test_record_replays_to_the_identical_state() -> None:
    record = Record.start("kalah", {"stones": "5"}, 2, 11)
    state = record.new_state()
    for _ in range(6):
        move = state.legal_moves()[0]
        state = state.play(move)
        record = record.play(move)
    assert record.replay() == state
    assert record.prefix(0).replay() == record.new_state()


def test_options_are_resolved_and_sorted() -> None:
    record = Record.start("kalah", {"pie": "on"})
    assert dict(record.options)["pie"] == "on"
    assert dict(record.options)["stones"] == "4"
    assert list(record.options) == sorted(record.options)


@given(
    seed=st.integers(min_value=0, max_value=(1 << 53) - 1),
    length=st.integers(min_value=0, max_value=30),
)
def test_json_and_url_forms_round_trip(seed: int, length: int) -> None:
    record = Record.start("bobail", {}, 2, seed)
    state = record.new_state()
    generator = rng.Rng(seed)
    for _ in range(length):
        if state.is_over():
            break
        move = generator.choice(state.playing_moves())
        state, record = state.play(move), record.play(move)
    assert Record.from_json(record.to_json()) == record
    assert Record.from_url(record.to_url()) == record
    assert set(record.to_url()) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.mark.parametrize(
    "text",
    ["", "1", "2abc", "1" + "A" * 40, "1eJzLSM3JyQcABiwCFQ", "x" * 10, "1" + "_" * 300_000],
)
def test_damaged_links_are_refused(text: str) -> None:
    with pytest.raises(RecordError):
        Record.from_url(text)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"game": 3},
        {"game": "kalah", "players": 2, "moves": "123"},
        {"game": "kalah", "players": 2, "moves": [""]},
        {"game": "kalah", "players": 2, "seed": -1},
        {"game": "kalah", "players": 2, "seed": 1.5},
        {"game": "kalah", "players": True},
        {"game": "kalah", "players": 2, "options": {"stones": 4}},
        {"game": "kalah", "players": 2, "cheat": True},
        {"game": "nope", "players": 2},
    ],
)
def test_malformed_records_are_refused(data: object) -> None:
    with pytest.raises(RecordError):
        Record.from_dict(data)


def test_a_record_with_an_illegal_move_names_it() -> None:
    record = Record.from_dict({"game": "kalah", "players": 2, "moves": ["1", "9"]})
    with pytest.raises(RecordError, match="move 2"):
        record.replay()


def test_rng_is_fixed_forever() -> None:
    """These values pin SplitMix64: the same seed must give the same game in
    every Python, CPython or Pyodide, now and later."""
    value, state = rng.next_u64(0)
    assert value == 0xE220A8397B1DCDAF
    value, state = rng.next_u64(state)
    assert value == 0x6E789E6AA1B965F4
    draws = [rng.below(seed, 6)[0] for seed in range(20)]
    assert sorted(set(draws)) == [0, 1, 2, 3, 4, 5]


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(state: int, bound: int) -> None:
    value, following = rng.below(state, bound)
    assert 0 <= value < bound
    assert following != state


def test_weighted_index_follows_weights() -> None:
    counts = [0, 0, 0]
    state = 42
    for _ in range(3000):
        index, state = rng.weighted_index(state, (1, 0, 2))
        counts[index] += 1
    assert counts[1] == 0
    assert 800 < counts[0] < 1200 and 1800 < counts[2] < 2200
