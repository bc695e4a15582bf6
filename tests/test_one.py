"""ONE rules as concrete positions on the small board (5 rings x 12 spokes).

A diagram has one row per ring, ring 1 (innermost) at the top, and one column
per spoke, spoke 1 on the left; the last column neighbours the first because
the rings close. A digit is the seat owning the stone, "." an empty point.
"""

from __future__ import annotations

import json

import pytest

from pygames_core.core import GameOverError, IllegalMoveError, InvalidMoveError
from pygames_core.games.one import GEOMETRIES, OneState, jumps_from, neighbours, opposite, point_at

EMPTY_BOARD = "\n".join([". " * 12] * 5)


def position(diagram: str, to_move: int, players: int = 2, stones_left: tuple[int, ...] | None = None,
             captured: tuple[int, ...] | None = None, ran_out: int = -1) -> OneState:
    rows = [line.split() for line in diagram.strip().splitlines()]
    if len(rows) != 5 or any(len(row) != 12 for row in rows):
        raise ValueError("a diagram is 5 rings of 12 points")
    board = tuple(-1 if point == "." else int(point) for row in rows for point in row)
    return OneState(
        players=players, board_size="small", no_mirror=False, board=board,
        stones_left=stones_left or (5,) * players, captured=captured or (0,) * players,
        to_move=to_move, ran_out=ran_out, last_turns=((),) * players, ply=20,
    )


def reason_of(state: OneState, move: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    assert state.to_json() == before
    return error.value.reason


def play(state: OneState, *moves: str) -> OneState:
    for move in moves:
        state = state.play(move)
    return state


def test_geometry() -> None:
    small, large = GEOMETRIES["small"], GEOMETRIES["large"]
    assert (small.count, large.count) == (60, 120)
    r1s1 = point_at(1, 1, 12)
    assert sorted(small.names[p] for p in neighbours(r1s1, 5, 12)) == ["r1s12", "r1s2", "r2s1"]
    assert sorted(small.names[p] for p in neighbours(point_at(5, 7, 12), 5, 12)) == ["r4s7", "r5s6", "r5s8"]
    # Jumps run along rings (wrapping round) and spokes, never through the centre.
    assert sorted(small.names[landing] for _, landing in jumps_from(r1s1, 5, 12)) == ["r1s11", "r1s3", "r3s1"]
    assert small.names[opposite(point_at(2, 5, 12), 12)] == "r2s11"
    assert large.names[opposite(point_at(1, 1, 20), 20)] == "r1s11"


@pytest.mark.parametrize("board, players, each", [
    ("small", 2, 30), ("small", 3, 20), ("small", 4, 15), ("small", 5, 12), ("small", 6, 10),
    ("large", 2, 60), ("large", 3, 40), ("large", 4, 30), ("large", 5, 24), ("large", 6, 20),
])
def test_stones_fill_the_board_exactly(board: str, players: int, each: int) -> None:
    state = OneState.new(players, {"board": board})
    assert state.stones_left == (each,) * players and state.to_move == 0
    assert len(state.legal_moves()) == GEOMETRIES[board].count


def test_place_on_any_empty_point() -> None:
    state = OneState.new(3, {"no_mirror": "off"}).play("r3s4")
    assert state.board[point_at(3, 4, 12)] == 0 and state.stones_left == (19, 20, 20)
    assert state.to_move == 1 and "r3s4" not in state.legal_moves()
    assert reason_of(state, "r3s4") == "r3s4 is taken"
    assert "no point r6s1" in reason_of(state, "r6s1")


CHAIN = """
. . . . . . . . . . . .
0 1 . . . . . . . . . .
. . 1 . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . 1
"""


def test_capture_chain_changes_direction() -> None:
    state = position(CHAIN, 0)
    assert state.legal_moves()[-1] == "jump r2s1>r2s3"
    # Along ring 2 over r2s2, then outwards along spoke 3 over r3s3.
    state = state.play("jump r2s1>r2s3")
    assert state.to_move == 0 and state.legal_moves() == ("jump r2s3>r4s3", "stop")
    assert "only the stone that is capturing" in reason_of(state, "jump r5s12>r5s2")
    assert "you are capturing" in reason_of(state, "r1s1")
    state = state.play("jump r2s3>r4s3")
    # No third jump is possible, so the turn ends by itself.
    assert state.to_move == 1 and state.captured == (2, 0)
    assert state.board[point_at(4, 3, 12)] == 0 and state.board.count(1) == 1
    view = state.view(None)
    assert view["last_turn"] == {"seat": 0, "moves": ["jump r2s1>r2s3", "jump r2s3>r4s3"],
                                 "jumped": [{"point": "r2s2", "owner": 1}, {"point": "r3s3", "owner": 1}]}
    assert view["scores"] == [1 + 4, 1]


def test_stop_after_any_jump() -> None:
    state = play(position(CHAIN, 0), "jump r2s1>r2s3", "stop")
    assert state.to_move == 1 and state.captured == (1, 0) and state.chain == ()
    assert state.last_turns[0] == ("jump r2s1>r2s3", "stop")
    assert "no chain of jumps to stop" in reason_of(state, "stop")


def test_one_chain_over_several_colours() -> None:
    state = position("""
        . . . . . . . . . . . .
        . . 2 . . . . . . . . .
        0 1 . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        """, 0, players=4)
    state = state.play("jump r3s1>r3s3")
    assert state.view(None)["chain"] == {
        "seat": 0, "path": ["r3s1", "r3s3"], "jumped": [{"point": "r3s2", "owner": 1}]}
    state = state.play("jump r3s3>r1s3")  # inwards over blue
    assert state.to_move == 1 and state.captured == (2, 0, 0, 0)
    assert [owner for _, owner in state.last_jumped] == [1, 2]

    three = position("""
        . . . 3 . . . . . . . .
        . . 2 . . . . . . . . .
        0 1 . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        """, 0, players=4)
    done = play(three, "jump r3s1>r3s3", "jump r3s3>r1s3", "jump r1s3>r1s5")
    assert done.to_move == 1 and done.captured == (3, 0, 0, 0) and done.board.count(0) == 1
    assert [owner for _, owner in done.last_jumped] == [1, 2, 3]


def test_own_stones_are_never_jumped() -> None:
    state = position("""
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        0 0 . . . . . . . 1 . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        """, 0)
    assert not any(move.startswith("jump") for move in state.legal_moves())
    assert reason_of(state, "jump r3s1>r3s3") == "r3s2 is your own stone: you may only jump other players' stones"
    assert reason_of(state, "jump r3s10>r3s8") == "there is no stone of yours on r3s10"


def test_jumps_land_only_on_empty_points() -> None:
    state = position("""
        . . . . . . . . . . . .
        . 1 . . . . . . . . . .
        0 1 2 . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        """, 0, players=3)
    assert reason_of(state, "jump r3s1>r3s3") == "r3s3 is taken: a jump must land on an empty point"
    assert reason_of(state, "jump r3s1>r1s1") == "r2s1 is empty: there is no stone to jump"
    assert "never through the centre" in reason_of(state, "jump r3s1>r3s4")
    assert "jump r3s1>r3s3" not in state.legal_moves()


def test_no_mirror() -> None:
    state = OneState.new(3).play("r2s1")
    assert state.view(None)["forbidden"] == "r2s7" and "r2s7" not in state.legal_moves()
    assert "opposite the first stone" in reason_of(state, "r2s7")
    state = state.play("r2s8")
    assert state.forbidden == -1 and "r2s7" in state.legal_moves()  # only the second player's first stone
    assert "r2s7" in OneState.new(2, {"no_mirror": "off"}).play("r2s1").legal_moves()


def test_end_two_players() -> None:
    # Black places its last stone: White still has its turn, then the game ends.
    state = position(EMPTY_BOARD, 0, stones_left=(1, 3)).play("r1s1")
    assert state.to_move == 1 and state.view(None)["ending"] == {"ran_out": 0}
    assert state.legal_moves()[0] == "r1s2"
    state = state.play("r5s5")
    assert state.is_over() and state.legal_moves() == ()
    with pytest.raises(GameOverError):
        state.play("r3s3")
    # When the second player runs out first, the round is already complete.
    early = position(EMPTY_BOARD, 1, stones_left=(4, 1)).play("r1s1")
    assert early.is_over() and early.stones_left == (4, 0)
    outcome = early.outcome()
    assert outcome is not None and "Red ran out of stones" in outcome.reason


def test_end_three_players() -> None:
    state = position(EMPTY_BOARD, 1, players=3, stones_left=(2, 1, 2)).play("r1s1")
    assert state.to_move == 2 and state.ran_out == 1
    state = state.play("r1s5")
    assert state.is_over() and state.stones_left == (2, 0, 1)


def test_end_six_players_and_captures_in_the_last_round() -> None:
    state = position("""
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . 2 4 . . . . . . . .
        """, 0, players=6, stones_left=(1, 2, 2, 2, 2, 2))
    state = state.play("r1s1")
    seen = []
    while not state.is_over():
        seen.append(state.to_move)
        move = "jump r5s3>r5s5" if state.to_move == 2 else f"r2s{state.to_move}"
        state = state.play(move)
    assert seen == [1, 2, 3, 4, 5]
    assert state.captured == (0, 0, 1, 0, 0, 0) and state.stones_left == (0, 1, 2, 1, 1, 1)


def test_score_is_the_largest_group_plus_two_per_capture() -> None:
    state = position("""
        0 0 . . . . . . . . . 0
        . . . . . . . . . . . .
        . . . . 0 0 . . . . . .
        . . . . 0 . . . . . . .
        . . . . . . 1 . . . . .
        """, 0, stones_left=(1, 1), captured=(0, 1))
    view = state.view(1)
    # The group r1s12-r1s1-r1s2 joins across the seam of the ring; two groups of three: the first wins.
    assert view["groups"][0] == ["r1s1", "r1s2", "r1s12"] and view["scores"] == [3, 1 + 2]
    tied = play(state, "r2s8", "r5s9")
    outcome = tied.outcome()
    assert outcome is not None and outcome.scores == (3, 3) and outcome.winners == (0, 1)
    won = play(state, "r2s9", "r5s8").outcome()  # Black's r2s9 stands alone; Red's group grows to two
    assert won is not None and won.scores == (3, 4) and won.winners == (1,)
    black = play(state, "r2s5", "r5s9").outcome()  # r2s5 joins r3s5: a group of four
    assert black is not None and black.scores == (4, 3) and black.winners == (0,)


@pytest.mark.parametrize("move", ["", "r0s1", "r1s0", "r01s1", "R1S1", "jump r1s1", "jump r1s1-r1s3",
                                  "r1s1 ", "pass", "1"])
def test_text_that_is_not_a_move_is_invalid(move: str) -> None:
    state = OneState.new(2)
    with pytest.raises(InvalidMoveError):
        state.play(move)


def test_view_and_json() -> None:
    state = play(OneState.new(4, {"board": "large"}), "r6s20", "r1s1")
    view = state.view(None)
    assert json.loads(json.dumps(view)) == view and {**view, "seat": 2} == state.view(2)
    assert (view["rings"], view["spokes"], len(view["points"])) == (6, 20, 120)
    assert view["board"][point_at(6, 20, 20)] == 0 and view["board"][0] == 1
    assert view["stones_left"] == [29, 29, 30, 30] and view["on_board"] == [1, 1, 0, 0]
    assert view["to_move"] == 2 and view["phase"] == "turn" and view["chain"] is None
    assert view["last_turn"] == {"seat": 1, "moves": ["r1s1"], "jumped": []}
    assert view["last_turns"] == [["r6s20"], ["r1s1"], [], []]
    assert view["seat_names"] == ["Black", "Red", "Blue", "Green"] and view["outcome"] is None
    assert OneState.from_json(state.to_json()) == state
