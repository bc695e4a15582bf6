"""The alpha-beta search (ai/alphabeta.py) and the positions games give it.

Kalah's position must step exactly as its state does; the search must find what
a full minimax finds, stop at its node cap, and give the same answer for the same cap.
"""

from __future__ import annotations

import functools
import math
import random

import pytest

from pygames_core import ai
from pygames_core.ai import alphabeta
from pygames_core.core import ACCEPT_DRAW, DECLINE_DRAW, OFFER_DRAW
from pygames_core.games.kalah import KalahPosition, KalahState, packed, unpacked

UNLIMITED = math.inf


@pytest.mark.parametrize("options", [{}, {"empty_capture": "on"}, {"pie": "on", "stones": "3"}, {"stones": "6"}])
def test_the_kalah_position_steps_as_the_state_does(options: dict[str, str]) -> None:
    chooser = random.Random(7)
    for _ in range(40):
        state = KalahState.new(2, options)
        while state.to_move is not None:
            position = state.search_position()
            assert position.to_move == state.to_move
            assert position.moves() == state.playing_moves()
            for move in position.moves():
                after, child = state.play(move), position.play(move)
                assert (child.board, child.to_move, child.pie_pending) == (packed(after.pits), after.to_move, after.pie_pending)
            state = state.play(chooser.choice(state.playing_moves()))
        assert position.play(state.last_move).value() == (state.pits[6] - state.pits[13]) / sum(state.pits)


def test_a_packed_board_keeps_every_count_and_refuses_what_a_field_cannot_hold() -> None:
    pits = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert unpacked(packed(pits)) == pits
    full = (127,) + (0,) * 13  # the most one field holds: adding 127 to it must not carry
    assert KalahPosition.of(full, 0, False, False).moves() == ("1",)
    assert KalahPosition.of(full[7:] + full[:7], 1, False, False).moves() == ("1",)
    with pytest.raises(ValueError, match="127 stones"):
        packed((64, 64) + (0,) * 12)
    with pytest.raises(ValueError, match="127 stones"):
        packed((-1, 2) + (0,) * 12)


@functools.cache
def _minimax(pits: tuple[int, ...], to_move: int | None, empty_capture: bool) -> int:
    """South's final margin under best play, by trying every line of the state itself."""
    state = KalahState(pits=pits, to_move=to_move, empty_capture=empty_capture)
    if to_move is None:
        return pits[6] - pits[13]
    values = []
    for move in state.playing_moves():
        after = state.play(move)
        values.append(_minimax(after.pits, after.to_move, empty_capture))
    return max(values) if to_move == 0 else min(values)


def _endgame(chooser: random.Random, stones: int) -> tuple[int, ...]:
    """A board with `stones` stones left in the pits and the rest (of 48) in the stores, no one over half."""
    pits = [0] * 14
    for _ in range(stones):
        pits[chooser.choice([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12])] += 1
    stored = 48 - stones
    pits[6] = chooser.randint(stored // 2 - 6, stored // 2)
    pits[13] = stored - pits[6]
    return tuple(pits)


@pytest.mark.parametrize("empty_capture", [False, True])
def test_the_search_finds_what_full_minimax_finds(empty_capture: bool) -> None:
    """An exact search has minimax's value; one that stopped at a forced result
    has its sign; and either move keeps the result that minimax promises. (A
    search may also stop at MAX_DEPTH unresolved, stones going round and round.)"""
    chooser = random.Random(11)
    checked = exact = forced = 0
    while checked < 40:
        pits = _endgame(chooser, chooser.randint(5, 10))
        seat = chooser.choice([0, 1])
        position = KalahPosition.of(pits, seat, False, empty_capture)
        if max(pits[6], pits[13]) * 2 > 48 or len(position.moves()) < 2:  # over, or a forced move: no search
            continue
        result = alphabeta.search(position, UNLIMITED)
        margin = _minimax(pits, seat, empty_capture) / 48
        value = (1 if seat == 0 else -1) * result.value  # for South, as minimax gives it
        if result.exact:
            assert value == pytest.approx(margin + math.copysign(alphabeta.WIN, margin) if margin else 0.0)
            exact += 1
        elif abs(value) > alphabeta.WIN:
            assert (value > 0) == (margin > 0)
            forced += 1
        else:
            assert result.depth == alphabeta.MAX_DEPTH
            checked += 1
            continue
        best = KalahState(pits=pits, to_move=seat, empty_capture=empty_capture).play(result.move)
        after = _minimax(best.pits, best.to_move, empty_capture) / 48
        if result.exact:
            assert after == pytest.approx(margin)
        else:
            assert (after > 0) == (margin > 0) and after != 0
        checked += 1
    assert exact >= 5 and exact + forced >= 30


MARGIN = 0.1
"""4.8 of Kalah(6,4)'s 48 stones: no difference of whole stones lies on it, so no rounding decides."""


def _as_searched(margin: int) -> float:
    """A final margin in stones as the search values it: past WIN where one seat wins."""
    return margin / 48 + math.copysign(alphabeta.WIN, margin) if margin else 0.0


@pytest.mark.parametrize("empty_capture", [False, True])
def test_a_margin_names_the_best_other_move_within_it(empty_capture: bool) -> None:
    """Where the search saw every line, the runner-up is the best other move by full minimax if
    that is within the margin, else none; and the answer is still a best move."""
    chooser = random.Random(13)
    checked = named = 0
    while checked < 30:
        pits = _endgame(chooser, chooser.randint(5, 9))
        seat = chooser.choice([0, 1])
        position = KalahPosition.of(pits, seat, False, empty_capture)
        if max(pits[6], pits[13]) * 2 > 48 or len(position.moves()) < 2:
            continue
        result = alphabeta.search(position, UNLIMITED, margin=MARGIN)
        if not result.exact:
            continue
        state = KalahState(pits=pits, to_move=seat, empty_capture=empty_capture)
        sign = 1 if seat == 0 else -1
        values = {move: _as_searched(sign * _minimax(after.pits, after.to_move, empty_capture))
                  for move in position.moves() for after in [state.play(move)]}
        assert result.value == pytest.approx(values[result.move]) == pytest.approx(max(values.values()))
        close = [values[move] for move in values if move != result.move and result.value - values[move] < MARGIN]
        if close:
            assert result.runner_up != result.move and values[result.runner_up] == pytest.approx(max(close))
            named += 1
        else:
            assert result.runner_up is None
        checked += 1
    assert 5 <= named < 30


def test_without_a_margin_the_search_names_no_runner_up() -> None:
    position = KalahState.new(2).search_position()
    plain = alphabeta.search(position, UNLIMITED, iterations=3_000)
    assert plain.runner_up is None
    assert alphabeta.search(position, UNLIMITED, iterations=3_000, margin=MARGIN).runner_up is not None


def test_the_search_takes_the_capture_that_wins_now() -> None:
    #        North:  0  5  0  2  0  0     store 19
    #        South:  1  0  3  0  0  0     store 20
    pits = (1, 0, 3, 0, 0, 0, 20) + (0, 0, 2, 0, 5, 0, 19)
    result = alphabeta.search(KalahState(pits=pits, to_move=0).search_position(), UNLIMITED)
    assert result.move == "1" and result.value > alphabeta.WIN


def test_a_node_cap_gives_the_same_answer_every_time() -> None:
    position = KalahState.new(2).search_position()
    first = alphabeta.search(position, UNLIMITED, iterations=5_000)
    second = alphabeta.search(position, UNLIMITED, iterations=5_000)
    assert first.nodes <= 5_000 and first.depth >= 4
    assert (first.move, first.value, first.depth) == (second.move, second.value, second.depth)
    assert ai.choose_move(KalahState.new(2), "search", UNLIMITED, 1, iterations=5_000) == first.move


def test_more_nodes_search_deeper() -> None:
    position = KalahState.new(2).search_position()
    shallow = alphabeta.search(position, UNLIMITED, iterations=2_000)
    deep = alphabeta.search(position, UNLIMITED, iterations=50_000)
    assert deep.depth > shallow.depth


def test_a_spent_budget_still_finishes_one_ply() -> None:
    result = alphabeta.search(KalahState.new(2).search_position(), 0.0)
    assert result.depth >= 1 and result.move in KalahState.new(2).playing_moves()


def test_the_pie_swap_is_weighed_like_any_move() -> None:
    # South opened with pit 3 (an extra turn) and pit 6: North is worse off than if it took South's side.
    state = KalahState.new(2, {"pie": "on"}).play("3").play("6")
    assert state.to_move == 1 and "swap" in state.playing_moves()
    assert ai.choose_move(state, "search", UNLIMITED, 1, iterations=20_000) == "swap"


def test_an_offered_draw_is_answered() -> None:
    state = KalahState.new(2).play("3").play(OFFER_DRAW)
    assert state.search_position() is None
    assert ai.choose_move(state, "search", UNLIMITED, 1, iterations=200) in (ACCEPT_DRAW, DECLINE_DRAW)
