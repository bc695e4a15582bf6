"""Bobail rules as concrete positions. Diagrams show rank 5 at the top and
file a on the left: G green (seat 0), R red (seat 1), B the Bobail, . empty."""

from __future__ import annotations

import json

import pytest

from pygames_core.core import GameOverError, IllegalMoveError, InvalidMoveError
from pygames_core.games.bobail import MAX_PLIES, BobailState


def position(diagram: str, to_move: int, phase: str, ply: int = 10) -> BobailState:
    rows = [line.split() for line in diagram.strip().splitlines()]
    if len(rows) != 5 or any(len(row) != 5 for row in rows):
        raise ValueError("a diagram is 5 rows of 5 squares")
    board = tuple(square for row in reversed(rows) for square in row)
    return BobailState(2, board, to_move, phase, ply, (), None, "")


def reason_of(state: BobailState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


START = """
R R R R R
. . . . .
. . B . .
. . . . .
G G G G G
"""


def test_start_position() -> None:
    state = BobailState.new(2)
    assert state == position(START, 0, "token", ply=0)
    assert state.to_move == 0 and state.outcome() is None


def test_thirteen_opening_moves() -> None:
    # The facts file's anchor, with row 0 read as rank 1 and column 0 as file a.
    assert BobailState.new(2).playing_moves() == (
        "a1-a4", "a1-b2",
        "b1-a2", "b1-b4", "b1-e4",
        "c1-a3", "c1-c2", "c1-e3",
        "d1-a4", "d1-d4", "d1-e2",
        "e1-d2", "e1-e4",
    )


def test_first_turn_is_one_token_move() -> None:
    state = BobailState.new(2)
    assert "first turn" in reason_of(state, "c3-c4")
    after = state.play("c1-c2")
    assert (after.to_move, after.phase, after.last_moves) == (1, "bobail", ("c1-c2",))


def test_later_turns_are_bobail_then_token_by_the_same_seat() -> None:
    state = BobailState.new(2).play("c1-c2")
    assert "Bobail first" in reason_of(state, "a5-a2")
    assert state.playing_moves() == ("c3-b2", "c3-b3", "c3-b4", "c3-c4", "c3-d2", "c3-d3", "c3-d4")
    state = state.play("c3-c4")
    assert (state.to_move, state.phase, state.last_moves) == (1, "token", ("c3-c4",))
    assert "already moved" in reason_of(state, "c4-c3")
    assert "not one of yours" in reason_of(state, "a1-a4")
    state = state.play("a5-a2")
    assert (state.to_move, state.phase, state.last_moves) == (0, "bobail", ("c3-c4", "a5-a2"))


def test_bobail_steps_one_square_onto_an_empty_square() -> None:
    state = position(START, 0, "bobail")
    assert "one square" in reason_of(state, "c3-c1")
    crowded = position(
        """
        R R R R R
        . . . . .
        . . B . .
        . . G . .
        G G . G G
        """,
        0,
        "bobail",
    )
    assert "c2 is taken" in reason_of(crowded, "c3-c2")


def test_token_slides_as_far_as_it_can() -> None:
    state = BobailState.new(2)
    assert reason_of(state, "a1-a3") == "a token slides as far as it can: this one would go on to a4"
    assert reason_of(state, "a1-a2").endswith("a4")
    assert "straight line" in reason_of(state, "a1-b3")


def test_tokens_cannot_jump() -> None:
    state = position(
        """
        R R R R R
        . . . . .
        G . B . .
        . . . . .
        G . G G G
        """,
        0,
        "token",
    )
    # a3 stops a1 going up; the Bobail on c3 stops c1.
    assert {"a1-a2", "a1-b1", "c1-c2"} <= set(state.legal_moves())
    assert reason_of(state, "a1-a4") == "a3 is in the way: tokens cannot jump"
    assert reason_of(state, "c1-c4") == "c3 is in the way: tokens cannot jump"
    assert reason_of(state, "e1-e5") == "e5 is taken: a token stops before another piece"


def test_bobail_on_own_home_row_wins() -> None:
    state = position(
        """
        R R R R R
        . . . . .
        . . . . .
        . . . B .
        G G G . G
        """,
        0,
        "bobail",
    )
    after = state.play("d2-d1")
    assert after.is_over() and after.legal_moves() == ()
    outcome = after.outcome()
    assert outcome is not None
    assert (outcome.scores, outcome.winners) == ((1, 0), (0,))
    assert outcome.reason == "the Bobail reached Green's home row"


def test_bobail_forced_onto_the_opponents_row_loses() -> None:
    # Red must move the Bobail first, and its only empty neighbour is d1 on green's row.
    state = position(
        """
        . . . . R
        . . . . .
        . R R R .
        . G B R .
        G G G . G
        """,
        1,
        "bobail",
    )
    assert state.playing_moves() == ("c2-d1",)
    outcome = state.play("c2-d1").outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "the Bobail reached Green's home row"


TRAP = """
. . . . .
. R R R .
. R B R .
. G G . .
G G . . G
"""


def test_trapped_bobail_at_the_start_of_a_turn_loses() -> None:
    # Green's slide e1-d2 stops against the Bobail and fills its last free neighbour,
    # so red starts a turn unable to move the Bobail: the game ends there.
    state = position(TRAP, 0, "token")
    assert "e1-d2" in state.legal_moves()
    after = state.play("e1-d2")
    outcome = after.outcome()
    assert after.to_move is None and after.legal_moves() == () and outcome is not None
    assert (outcome.scores, outcome.winners) == ((1, 0), (0,))
    assert outcome.reason == "the Bobail is trapped: Red cannot move it"
    assert not state.play("e1-e5").is_over()


def test_no_token_move_after_the_bobail_move_loses() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        R R R . B
        G G R . .
        G G G R .
        """,
        0,
        "bobail",
    )
    after = state.play("e3-d2")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "Green cannot move a token"
    assert not state.play("e3-e2").is_over()


def test_move_limit_is_a_draw() -> None:
    state = position(START, 0, "token", ply=MAX_PLIES - 1)
    after = state.play("a1-a4")
    outcome = after.outcome()
    assert after.to_move is None and outcome is not None
    assert (outcome.scores, outcome.winners, outcome.reason) == ((0.5, 0.5), (0, 1), "move limit")
    assert not position(START, 0, "token", ply=MAX_PLIES - 3).play("a1-a4").is_over()
    # A trap on the last allowed move still wins.
    trapped = position(TRAP, 0, "token", ply=MAX_PLIES - 1).play("e1-d2").outcome()
    assert trapped is not None and trapped.winners == (0,)


@pytest.mark.parametrize("move", ["", "a1a4", "a0-a4", "f1-a2", "A1-A4", "a1-a4 ", "pass"])
def test_text_that_is_not_a_move_is_invalid(move: str) -> None:
    state = BobailState.new(2)
    before = state.to_json()
    with pytest.raises(InvalidMoveError):
        state.play(move)
    assert state.to_json() == before


def test_illegal_moves_leave_the_state_unchanged() -> None:
    state = BobailState.new(2)
    before = state.to_json()
    for move in ("a1-a3", "c3-c4", "a5-a4", "b2-b3", "a1-a1"):
        with pytest.raises(IllegalMoveError):
            state.play(move)
    assert state.to_json() == before
    with pytest.raises(InvalidMoveError):
        state.play(7)  # type: ignore[arg-type]


def test_no_moves_after_the_end() -> None:
    state = position(START, 0, "token", ply=MAX_PLIES - 1).play("a1-a4")
    with pytest.raises(GameOverError):
        state.play("a4-a1")
    assert state.why_illegal("a4-a1") == "the game is over"


def test_view_and_json() -> None:
    state = BobailState.new(2).play("b1-e4").play("c3-c4")
    view = state.view(None)
    json.dumps(view)
    assert view["board"][0] == "G" and view["board"][1] == "" and view["board"][19] == "G"
    assert (view["bobail"], view["to_move"], view["phase"]) == ("c4", 1, "token")
    assert view["last_moves"] == ["c3-c4"] and view["outcome"] is None
    assert view == state.view(0) == state.view(1)
    assert BobailState.from_json(state.to_json()) == state
