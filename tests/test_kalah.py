"""Kalah rules, each as a concrete position and its result.

Diagrams show the board from South's side. The top row is North's pits 6..1
(North's pit 1 is on South's right), the bottom row South's pits 1..6; North's
store is on the left, South's on the right:

        N6 N5 N4 N3 N2 N1
    Ns                      Ss
        S1 S2 S3 S4 S5 S6
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames_core.core import DRAW_OFFER_PLIES, GameError, GameOverError, IllegalMoveError, InvalidMoveError
from pygames_core.games.kalah import KalahState
from pygames_core.rng import Rng


# Hand-built positions fill the stores so that the stone total is realistic:
# a store holding more than half of all the stones ends the game at once.
def position(top: str, bottom: str, stores: tuple[int, int] = (0, 0), **fields: Any) -> KalahState:
    """A state from a diagram: `top` is North's pits as South sees them (6..1),
    `bottom` South's pits 1..6, `stores` = (North's, South's) as drawn."""
    north = tuple(int(n) for n in top.split())[::-1]
    south = tuple(int(n) for n in bottom.split())
    return KalahState(pits=south + (stores[1],) + north + (stores[0],), **fields)


def test_start() -> None:
    state = KalahState.new(2, {"stones": "5"})
    assert state.pits == (5,) * 6 + (0,) + (5,) * 6 + (0,)
    assert state.to_move == 0
    assert state.playing_moves() == ("1", "2", "3", "4", "5", "6")
    assert state.outcome() is None


@pytest.mark.parametrize("stones", ["3", "4", "5", "6"])
def test_ten_distinct_complete_first_turns(stones: str) -> None:
    finished: set[tuple[int, ...]] = set()
    frontier = [KalahState.new(2, {"stones": stones})]
    while frontier:
        state = frontier.pop()
        for move in state.playing_moves():
            after = state.play(move)
            if after.to_move == 0:
                frontier.append(after)  # an extra turn: the first turn goes on
            else:
                finished.add(after.pits)
    assert len(finished) == 10


def test_extra_turn_when_last_stone_lands_in_own_store() -> None:
    #      4  4  4  4  4  4
    #  0                      0
    #      4  4  4  4  4  4      South sows pit 3: 4 stones reach the store exactly
    state = KalahState.new(2).play("3")
    assert state.pits[:7] == (4, 4, 0, 5, 5, 5, 1)
    assert state.to_move == 0
    assert state.last_move == "3" and state.last_mover == 0
    assert state.playing_moves() == ("1", "2", "4", "5", "6")


def test_sowing_skips_the_opponents_store() -> None:
    #      0  0  0  0  0  0
    #  5                      0
    #      1  1  1  0  0 10      South sows 10 from pit 6
    state = position("0 0 0 0 0 0", "1 1 1 0 0 10", stores=(5, 0)).play("6")
    #      1  1  1  1  1  1
    #  5                      1   North's store is passed by; the last stone
    #      2  2  2  0  0  0       lands in South's non-empty pit 3
    assert state.pits == (2, 2, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 5)
    assert state.last_sowing == (5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 2)
    assert state.to_move == 1


def test_north_sows_into_its_own_store_and_skips_souths() -> None:
    #      0  9  0  0  0  1       North's pit 5 holds 9
    #  0                      3
    #      1  1  1  1  1  1
    state = position("0 9 0 0 0 1", "1 1 1 1 1 1", stores=(0, 3), to_move=1).play("5")
    #      0  1  0  0  0  2       the last stone lands on North's own pit 1
    #  1                      3
    #      2  2  2  2  2  2
    assert state.pits == (2, 2, 2, 2, 2, 2, 3, 2, 0, 0, 0, 0, 1, 1)
    assert 6 not in state.last_sowing[1:]
    assert state.to_move == 0


def test_thirteen_stones_pass_and_refill_the_origin_pit() -> None:
    #      2  0  0  0  0  0
    #  0                      0
    #     13  0  0  0  0  1      South sows 13 from pit 1
    state = position("2 0 0 0 0 0", "13 0 0 0 0 1").play("1")
    # The 13th stone falls back into pit 1, empty since the sowing began, so it
    # captures North's pit 6 (2 + 1 sown) with it.
    assert state.last_sowing[-1] == 0
    assert state.last_capture == (0, 12)
    assert state.pits == (0, 1, 1, 1, 1, 2, 1 + 4, 1, 1, 1, 1, 1, 0, 0)
    assert state.to_move == 1


def test_fifteen_stones_refill_the_origin_pit_and_go_on() -> None:
    #      0  0  0  0  0  0
    #  0                      0
    #      1 15  0  0  0  0      South sows 15 from pit 2
    state = position("0 0 0 0 0 0", "1 15 0 0 0 0").play("2")
    assert state.pits == (2, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0)
    assert state.last_capture == () and state.to_move == 1


def test_capture_into_an_empty_own_pit() -> None:
    #      1  7  0  0  0  0
    #  12                     0
    #      1  0  0  0  0  3      the stone from pit 1 lands in empty pit 2,
    #                            facing North's pit 5
    state = position("1 7 0 0 0 0", "1 0 0 0 0 3", stores=(12, 0)).play("1")
    assert state.pits == (0, 0, 0, 0, 0, 3, 8, 0, 0, 0, 0, 0, 1, 12)
    assert state.last_capture == (1, 11) and state.last_captured == 8
    assert state.to_move == 1  # a capture ends the turn


def test_north_captures_too() -> None:
    #      0  0  2  0  0  1       North's pit 4 holds 2: lands in its empty pit 6,
    #  0                       8
    #      4  0  0  0  0  1       facing South's pit 1
    state = position("0 0 2 0 0 1", "4 0 0 0 0 1", stores=(0, 8), to_move=1).play("4")
    assert state.pits == (0, 0, 0, 0, 0, 1, 8, 1, 0, 0, 0, 1, 0, 5)
    assert state.last_capture == (12, 0) and state.to_move == 0


@pytest.mark.parametrize("empty_capture", [False, True])
def test_landing_in_an_empty_pit_facing_an_empty_pit(empty_capture: bool) -> None:
    #      1  0  0  0  0  0
    #  4                      0
    #      1  0  0  0  0  2      pit 1's stone lands in empty pit 2; North's pit 5 is empty
    state = position("1 0 0 0 0 0", "1 0 0 0 0 2", stores=(4, 0), empty_capture=empty_capture).play("1")
    if empty_capture:
        assert state.pits[:7] == (0, 0, 0, 0, 0, 2, 1)  # the lone stone is stored
        assert state.last_capture == (1,) and state.last_captured == 1
    else:
        assert state.pits[:7] == (0, 1, 0, 0, 0, 2, 0)  # nothing happens
        assert state.last_capture == () and state.last_captured == 0
    assert state.to_move == 1


@pytest.mark.parametrize("empty_capture", [False, True])
def test_capture_with_stones_opposite_is_the_same_with_empty_capture(empty_capture: bool) -> None:
    state = position("1 3 0 0 0 0", "1 0 0 0 0 2", stores=(7, 0), empty_capture=empty_capture).play("1")
    assert state.pits[:7] == (0, 0, 0, 0, 0, 2, 4) and state.pits[11] == 0


def test_no_capture_in_the_opponents_empty_pit() -> None:
    #      0  0  0  0  0  0
    #  0                      0
    #      5  0  0  0  0  2      pit 6's second stone lands in North's empty pit 1
    state = position("0 0 0 0 0 0", "5 0 0 0 0 2").play("6")
    assert state.pits == (5, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0)
    assert state.to_move == 1


def test_pie_swap() -> None:
    state = KalahState.new(2, {"pie": "on"})
    assert "swap" not in state.legal_moves()
    state = state.play("3")  # extra turn: South's first turn is not over
    assert state.to_move == 0 and "swap" not in state.legal_moves()
    state = state.play("1")
    #      4  4  4  4  4  4
    #  0                      1
    #      0  5  1  6  6  5
    assert state.pits == (0, 5, 1, 6, 6, 5, 1, 4, 4, 4, 4, 4, 4, 0)
    assert state.to_move == 1
    assert state.playing_moves() == ("1", "2", "3", "4", "5", "6", "swap")
    swapped = state.play("swap")
    # North now owns what South played; South faces North's old side and moves.
    #      5  6  6  1  5  0
    #  1                      0
    #      4  4  4  4  4  4
    assert swapped.pits == (4, 4, 4, 4, 4, 4, 0, 0, 5, 1, 6, 6, 5, 1)
    assert swapped.to_move == 0 and swapped.swapped
    assert swapped.playing_moves() == ("1", "2", "3", "4", "5", "6")
    assert swapped.view(None)["last_move"]["move"] == "swap"
    # Once North has sown, the offer is gone for good.
    declined = state.play("1").play("6")
    assert declined.to_move == 1 and "swap" not in declined.legal_moves()
    with pytest.raises(IllegalMoveError, match="first decision"):
        swapped.play("swap")


def test_the_view_offers_the_swap_exactly_when_it_is_legal() -> None:
    start = KalahState.new(2, {"pie": "on"})
    offered = start.play("offer draw")  # North answers South's offer before its first decision
    declined = offered.play("decline draw")
    for state in (start, offered, declined, declined.play("1"), start.play("1"), start.play("1").play("swap")):
        assert state.view(1)["swap_available"] == ("swap" in state.legal_moves()), state.legal_moves()
    assert start.play("1").view(1)["swap_available"], "the flag is not always off"


def test_no_swap_without_the_pie_rule() -> None:
    state = KalahState.new(2).play("1")
    assert state.to_move == 1 and "swap" not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="pie rule is off"):
        state.play("swap")


def test_end_when_the_player_to_move_has_no_stones() -> None:
    #      0  0  0  0  0  2
    #  20                     20
    #      0  0  0  0  0  1      South stores its last stone and must move again
    state = position("0 0 0 0 0 2", "0 0 0 0 0 1", stores=(20, 20)).play("6")
    assert state.to_move is None and state.legal_moves() == ()
    assert state.pits == (0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 22)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (21, 22) and outcome.winners == (1,)
    assert "South has no stones to sow" in outcome.reason
    assert state.view(0)["outcome"] == outcome.to_dict()


def test_game_goes_on_when_only_the_mover_ran_out() -> None:
    #      0  0  3  0  0  0
    #  20                     20
    #      0  0  0  0  0  2      South empties its side, but North is to move and can
    state = position("0 0 3 0 0 0", "0 0 0 0 0 2", stores=(20, 20)).play("6")
    assert state.to_move == 1 and sum(state.pits[0:6]) == 0


def test_store_over_half_ends_at_once() -> None:
    #      0  5  0  0  0  0
    #  16                     22     48 stones: South captures 6 and holds 28
    #      1  0  0  0  3  1
    state = position("0 5 0 0 0 0", "1 0 0 0 3 1", stores=(16, 22)).play("1")
    assert state.to_move is None
    # The stones left go to their own sides: 4 to South, none to North.
    assert state.pits == (0, 0, 0, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 16)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "South holds more than half the stones" in outcome.reason


def test_store_over_half_sweeps_both_sides() -> None:
    #      1  0  0  2  0  0
    #  26                     20     52 stones: North stores one and holds 27
    #      1  0  0  2  0  0
    state = position("1 0 0 2 0 0", "1 0 0 2 0 0", stores=(26, 20), to_move=1).play("6")
    assert state.to_move is None
    assert state.pits == (0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 0, 0, 0, 29)
    assert state.last_sweep == (0, 3, 9)
    assert state.view(None)["changed"] == [0, 3, 6, 9, 12, 13]
    assert "North holds more than half" in state.end_reason


def test_exactly_half_does_not_end() -> None:
    #      0  0  0  0  0  3
    #  20                     23     48 stones: South reaches 24, exactly half
    #      1  0  0  0  0  1
    state = position("0 0 0 0 0 3", "1 0 0 0 0 1", stores=(20, 23)).play("6")
    assert state.pits[6] == 24 and state.to_move == 0


def test_tie() -> None:
    #      0  0  0  0  0  1
    #  23                     23
    #      0  0  0  0  0  1
    state = position("0 0 0 0 0 1", "0 0 0 0 0 1", stores=(23, 23)).play("6")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (24, 24) and outcome.winners == (0, 1)


def test_illegal_moves_raise_and_change_nothing() -> None:
    state = KalahState.new(2).play("3")  # South moves again; pit 3 is empty
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="pit 3 is empty"):
        state.play("3")
    for text in ["0", "7", "a", "", " 1", "Swap", "1-2"]:
        with pytest.raises(InvalidMoveError):
            state.play(text)
    with pytest.raises(InvalidMoveError):
        state.play(3)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_game_over_error() -> None:
    state = position("0 0 0 0 0 1", "0 0 0 0 0 1", stores=(23, 23)).play("6")
    with pytest.raises(GameOverError):
        state.play("1")


def test_bad_setup() -> None:
    for options in [{"stones": "7"}, {"stones": 4}, {"seeds": "4"}, {"pie": "yes"}]:
        with pytest.raises(GameError):
            KalahState.new(2, options)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        KalahState.new(3)


def test_random_games_end_and_round_trip() -> None:
    rng = Rng(7)
    for stones in ["3", "6"]:
        for flag in ["off", "on"]:
            options = {"stones": stones, "pie": flag, "empty_capture": flag}
            state = KalahState.new(2, options)
            while not state.is_over():
                state = state.play(rng.choice(state.playing_moves()))
                assert sum(state.pits) == 12 * int(stones)
                assert KalahState.from_json(state.to_json()) == state
                json.dumps(state.view(state.to_move))
            assert state.ply <= KalahState.info.max_plies - DRAW_OFFER_PLIES
            assert sum(state.pits[0:6]) + sum(state.pits[7:13]) == 0


def test_view() -> None:
    state = position("1 7 0 0 0 0", "1 0 0 0 0 3", stores=(12, 0)).play("1")
    view = state.view(1)
    assert view["pits"] == [[0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 1]]
    assert view["stores"] == [8, 12] and view["to_move"] == 1
    assert view["last_move"] == {
        "seat": 0, "move": "1", "sowing": [0, 1], "capture": [1, 11], "captured": 8, "sweep": []
    }
    assert view["changed"] == [0, 1, 6, 11]
    assert view["options"] == {"stones": "4", "pie": "off", "empty_capture": "off"}
    assert json.loads(json.dumps(view)) == view
