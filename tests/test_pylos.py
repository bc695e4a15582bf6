"""Pylos rules as concrete positions.

Each level is drawn from above with its top rank first and file a on the left:
level 1 is 4x4 (1a1 bottom left), level 2 3x3, level 3 2x2. L light (seat 0),
D dark (seat 1), . empty. Place 2a1 rests on 1a1, 1b1, 1a2 and 1b2."""

from __future__ import annotations

import json

import pytest

from pygames_core.core import GameOverError, IllegalMoveError, InvalidMoveError
from pygames_core.games.pylos import MAX_TURNS, PylosState


def position(level1: str, level2: str = "", level3: str = "", top: str = ".", *, to_move: int = 0,
             rules: str = "standard", reserves: tuple[int, int] | None = None, turn: int = 10) -> PylosState:
    board = ""
    for text, size in ((level1, 4), (level2, 3), (level3, 2)):
        rows = [line.split() for line in text.strip().splitlines()] or [["."] * size] * size
        if len(rows) != size or any(len(row) != size for row in rows):
            raise ValueError(f"a level of side {size} is {size} rows of {size} places")
        board += "".join(place for row in reversed(rows) for place in row)
    board += top
    if reserves is None:  # every ball not in the pyramid is in its owner's reserve
        reserves = (15 - board.count("L"), 15 - board.count("D"))
    return PylosState(2, rules, board, reserves, to_move, "move", 0, "", turn, 2 * turn, (), None, "")


def reason_of(state: PylosState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def play(state: PylosState, *moves: str) -> PylosState:
    for move in moves:
        state = state.play(move)
    return state


CHECKERBOARD = """
D L D L
L D L D
D L D L
L D L D
"""


def test_start() -> None:
    state = PylosState.new(2)
    assert (state.rules, state.reserves, state.to_move, state.phase) == ("standard", (15, 15), 0, "move")
    assert state.legal_moves() == tuple(f"1{file}{rank}" for rank in "1234" for file in "abcd")
    assert PylosState.new(2, {"rules": "advanced"}).rules == "advanced"


def test_higher_places_need_a_complete_square_of_any_colours() -> None:
    state = position("""
        . . . .
        . . . .
        L D . .
        D . . .
    """)
    assert "2a1" not in state.legal_moves()
    assert reason_of(state, "2a1") == "2a1 needs a complete square of four balls under it"
    assert reason_of(state, "1a1") == "1a1 is taken"
    after = play(state, "1b1", "1c1")  # light completes a mixed square, dark plays elsewhere
    assert "2a1" in after.legal_moves()
    after = after.play("2a1")
    assert after.board[16] == "L" and after.reserves == (12, 12) and after.to_move == 1


def test_raise_a_free_ball_to_a_higher_level() -> None:
    # Level 2's square under 3a1 is complete, so 3a1 is open; 1d4 is free.
    state = position("""
        . . . L
        D L D .
        L D L .
        D L D .
    """, """
        . . .
        L D .
        D L .
    """)
    moves = state.legal_moves()
    assert "1d4-3a1" in moves and "3a1" in moves
    after = state.play("1d4-3a1")
    assert after.board[3 * 4 + 3] == "." and after.board[25] == "L"
    assert after.reserves == state.reserves, "a raise keeps the reserve"
    # A ball that carries another cannot move: 1a1 carries 2a1.
    assert reason_of(state, "1b1-3a1") == "the ball on 1b1 carries another ball and cannot move"
    # A ball cannot go onto the square it is part of.
    assert reason_of(state, "2b1-3a1") == "the ball on 2b1 is one of the four that would carry 3a1"
    assert reason_of(state, "1d4-1d1") == "a raise goes to a strictly higher level"
    assert reason_of(state, "1a3-3a1") == "the ball on 1a3 is dark: you raise only your own"
    assert reason_of(state, "1a4-3a1") == "there is no ball on 1a4"


def test_raise_onto_a_square_the_ball_belongs_to_is_refused() -> None:
    state = position("""
        . . . .
        . . . .
        L D . .
        D L . .
    """)
    assert "1b1-2a1" not in state.legal_moves() and "2a1" in state.legal_moves()
    assert reason_of(state, "1b1-2a1") == "the ball on 1b1 is one of the four that would carry 2a1"


def test_own_square_takes_back_one_ball_then_maybe_a_second() -> None:
    state = position("""
        . . . .
        . . . .
        L L . .
        L . D D
    """)
    after = state.play("1b1")
    assert (after.to_move, after.phase, after.removed, after.trigger) == (0, "remove", 0, "square")
    assert after.reserves == (11, 13)
    assert after.legal_moves() == ("x1a1", "x1b1", "x1a2", "x1b2"), "the ball just played may come back"
    assert "not optional" in reason_of(after, "done")
    assert reason_of(after, "1c2").startswith("first take back a ball")
    assert reason_of(after, "x1c1") == "the ball on 1c1 is dark: take back only your own"
    after = after.play("x1b1")
    assert (after.to_move, after.phase, after.removed) == (0, "remove", 1)
    assert after.legal_moves() == ("x1a1", "x1a2", "x1b2", "done")
    stopped = after.play("done")
    assert (stopped.to_move, stopped.phase, stopped.reserves) == (1, "move", (12, 13))
    assert stopped.last_moves == ("1b1", "x1b1", "done")
    twice = after.play("x1a2")
    assert (twice.to_move, twice.phase, twice.reserves) == (1, "move", (13, 13))
    assert twice.board[:8] == "L.DD.L.."


def test_a_raise_that_completes_an_own_square_takes_back_too() -> None:
    state = position("""
        . . . L
        D L D .
        L D L .
        D L D .
    """, """
        . . .
        L . .
        L L .
    """)
    after = state.play("1d4-2b2")
    assert (after.to_move, after.phase, after.trigger, after.reserves) == (0, "remove", "square", state.reserves)
    assert "x2b2" in after.legal_moves()


def test_a_mixed_square_takes_nothing_back() -> None:
    state = position("""
        . . . .
        . . . .
        D L . .
        L . . .
    """)
    after = state.play("1b1")
    assert (after.to_move, after.phase) == (1, "move")
    assert "right after your ball completes a square" in reason_of(after, "x1a1")
    assert reason_of(after, "done").startswith("there is nothing to stop")


def test_double_square_still_gives_two_balls_at_most() -> None:
    # 1b2 completes the squares under 2a1, 2b1 and 2a2 at once.
    state = position("""
        . . . .
        L L . .
        L . L .
        L L L .
    """)
    after = state.play("1b2")
    assert after.trigger == "square" and after.reserves == (7, 15)
    after = play(after, "x1b2", "x1a1")
    assert (after.to_move, after.phase, after.reserves) == (1, "move", (9, 15))


def test_a_ball_freed_by_the_first_removal_may_be_the_second() -> None:
    state = position("""
        . . . .
        L . . .
        L L L .
        L D . .
    """, """
        . . .
        . . .
        L . .
    """)
    after = state.play("1b3")  # completes the light square under 2a2
    assert "x1a1" not in after.legal_moves() and "x2a1" in after.legal_moves()
    assert reason_of(after, "x1a1") == "the ball on 1a1 carries another ball and must stay"
    after = after.play("x2a1")
    assert "x1a1" in after.legal_moves()
    assert after.play("x1a1").reserves == (10, 14)


def test_turn_ends_when_no_free_ball_is_left_to_take_back() -> None:
    # 1a1 completes a light square whose other balls carry 2b1 and 2a2.
    state = position("""
        . . . .
        D D D .
        L L D .
        . L D .
    """, """
        . . .
        D . .
        . D .
    """)
    after = state.play("1a1")
    assert after.legal_moves() == ("x1a1",)
    after = after.play("x1a1")
    assert (after.to_move, after.phase, after.reserves) == (1, "move", state.reserves)


def test_children_rules_never_take_back() -> None:
    state = position("""
        . . . .
        . . . .
        L L . .
        L . D D
    """, rules="children")
    after = state.play("1b1")
    assert (after.to_move, after.phase, after.trigger) == (1, "move", "")
    assert reason_of(after.play("1c2"), "x1a1") == "the children's rules never take balls back"


@pytest.mark.parametrize("rules, trigger", [("standard", ""), ("advanced", "line")])
def test_line_of_three_on_level_two(rules: str, trigger: str) -> None:
    state = position(CHECKERBOARD, """
        . . .
        . . .
        D D .
    """, to_move=1, rules=rules)
    after = state.play("2c1")
    assert after.trigger == trigger
    if rules == "standard":
        assert after.to_move == 0
        return
    assert (after.to_move, after.phase) == (1, "remove")
    assert after.legal_moves() == ("x1b3", "x1d3", "x1a4", "x1c4", "x2a1", "x2b1", "x2c1")
    assert after.play("x2a1").play("x1b3").reserves == (7, 6)


def test_lines_on_level_one_rows_and_columns_but_not_diagonals() -> None:
    row = position("""
        . . . .
        . . . .
        . . . D
        L L L .
    """, rules="advanced")
    assert row.play("1d1").trigger == "line"
    column = position("""
        L . . .
        L . . .
        L . . .
        . . . D
    """, rules="advanced")
    assert column.play("1a1").trigger == "line"
    diagonal = position("""
        . . . L
        . . L .
        . L . .
        . . . D
    """, rules="advanced")
    assert diagonal.play("1a1").to_move == 1
    both = position("""
        . . . .
        . . . .
        L L . .
        L . L L
    """, rules="advanced")
    after = play(both, "1b1")
    assert after.trigger == "square and line"
    assert play(after, "x1a1", "x1b1").to_move == 1, "square and line together still give two balls"


def test_level_three_squares_count_but_its_lines_do_not() -> None:
    level2 = """
        D D D
        L D D
        D L D
    """
    pair = position(CHECKERBOARD, level2, """
        L .
        L .
    """, rules="advanced")
    after = pair.play("3b1")
    assert (after.phase, after.trigger) == ("move", ""), "two in a row on level 3 is no line"
    square = position(CHECKERBOARD, level2, """
        L L
        L .
    """, rules="advanced")
    assert square.play("3b1").trigger == "square"


def test_the_top_ball_wins() -> None:
    state = position(CHECKERBOARD, """
        L D L
        D L D
        L D L
    """, """
        D L
        L D
    """, to_move=1)
    assert state.reserves == (0, 1) and state.legal_moves() == ("4a1",)
    after = state.play("4a1")
    outcome = after.outcome()
    assert after.to_move is None and outcome is not None
    assert (outcome.scores, outcome.winners) == ((0.0, 1.0), (1,))
    assert outcome.reason == "dark put a ball on top of the pyramid"


def test_empty_reserve_must_raise_and_no_move_loses() -> None:
    state = position("""
        . . . .
        . . . .
        L D . .
        D L L .
    """, reserves=(0, 3))
    assert state.legal_moves() == ("1c1-2a1",)
    assert reason_of(state, "1d4") == "your reserve is empty: raise one of your balls instead"
    stuck = position("""
        . . . .
        . . . .
        L D . .
        D L L .
    """, reserves=(10, 0))
    assert stuck.play("1c2").legal_moves() == ("1a1-2b1",), "1c2 opens 2b1 for dark's 1a1"
    after = stuck.play("1d4")
    outcome = after.outcome()
    assert after.to_move is None and outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "dark has no ball in reserve and none to raise"


def test_move_limit_is_a_draw_at_the_end_of_a_turn() -> None:
    state = position("""
        . . . .
        . . . .
        L L . .
        L . D D
    """, turn=MAX_TURNS - 1)
    after = state.play("1b1")
    assert after.phase == "remove", "the turn is not over while taking back"
    over = after.play("x1b1").play("done")
    outcome = over.outcome()
    assert over.to_move is None and outcome is not None
    assert (outcome.scores, outcome.winners, outcome.reason) == ((0.5, 0.5), (0, 1), "move limit")
    assert state.play("1c2").is_over()
    with pytest.raises(GameOverError):
        over.play("1c2")
    assert over.why_illegal("1c2") == "the game is over"


@pytest.mark.parametrize("move", ["", "1e1", "5a1", "3c1", "2a4", "x1a1-2a1", "1a1-", "X1a1", "stop", "1a1 "])
def test_text_that_is_not_a_move_is_invalid(move: str) -> None:
    state = PylosState.new(2)
    with pytest.raises(InvalidMoveError):
        state.play(move)
    assert state == PylosState.new(2)


def test_view_and_json() -> None:
    state = play(PylosState.new(2), "1a1", "1b1")
    view = state.view(None)
    assert json.loads(json.dumps(view)) == view == state.view(0) == state.view(1)
    assert view["board"][:3] == ["L", "D", ""] and view["places"][16] == "2a1" and view["places"][29] == "4a1"
    assert (view["reserves"], view["to_move"], view["phase"], view["last_moves"]) == ([14, 14], 0, "move", ["1b1"])
    assert PylosState.from_json(state.to_json()) == state


def test_random_children_games_end_within_fifty_turns() -> None:
    from pygames_core.rng import Rng

    rng = Rng(7)
    for seed in range(40):
        state = PylosState.new(2, {"rules": "children"}, seed)
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
        assert state.turn <= 50 and state.winner is not None
