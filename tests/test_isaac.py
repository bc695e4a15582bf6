"""Isaac rules as concrete positions.

Diagrams show rank 10 at the top and file a on the left, as Dark (seat 0)
sees the board. Each bar is drawn with one letter on all of its cells:
upper case for Dark's bars, lower case for Light's. Dark's score counter
stands on the cell numbered with Dark's score (a1 = 0, j1 = 9, a2 = 10, ...,
j10 = 99); Light counts the other way round (j10 = 0, a1 = 99).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames_core.core import IllegalMoveError, InvalidMoveError
from pygames_core.games.isaac import LENGTHS, SQUARE_INDEX, START_RESERVE, IsaacState


def position(diagram: str, **fields: Any) -> IsaacState:
    """A scoring-phase state (unless told otherwise) with the drawn bars; the
    reserves are the bars not drawn."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    if len(rows) != 10 or any(len(row) != 10 for row in rows):
        raise ValueError("a diagram is 10 rows of 10 cells")
    cells_of: dict[str, list[int]] = {}
    for rank, row in enumerate(reversed(rows)):
        for file, mark in enumerate(row):
            if mark != ".":
                cells_of.setdefault(mark, []).append(rank * 10 + file)
    board = [0] * 100
    pieces = []
    reserve = [list(START_RESERVE), list(START_RESERVE)]
    for number, letter in enumerate(sorted(cells_of), 1):
        cells = cells_of[letter]
        steps = {b - a for a, b in zip(cells, cells[1:])}
        if steps not in ({1}, {10}) or not 3 <= len(cells) <= 7 or (steps == {1} and cells[0] // 10 != cells[-1] // 10):
            raise ValueError(f"bar {letter} is not a straight bar of 3 to 7 cells")
        seat = 0 if letter.isupper() else 1
        pieces.append((seat, len(cells), cells[0], int(steps == {10})))
        reserve[seat][len(cells) - 3] -= 1
        for cell in cells:
            board[cell] = number
    settings: dict[str, Any] = {"phase": "scoring", "first_passer": 0, "ply": 40}
    settings.update(fields)
    settings.setdefault("reserve", tuple(tuple(own) for own in reserve))
    return IsaacState(board=tuple(board), pieces=tuple(pieces), **settings)


def reason_of(state: IsaacState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def test_start() -> None:
    state = IsaacState.new(2)
    assert (state.to_move, state.phase, state.scores, state.reserve) == (0, "placement", (0, 0), (START_RESERVE,) * 2)
    moves = state.legal_moves()
    # Per length L: 10 rows and 10 columns, each with 11 - L places.
    assert len(moves) == sum(2 * 10 * (11 - length) for length in LENGTHS) == 600
    assert moves[:2] == ("place 3 a1 h", "place 3 b1 h") and moves[-1] == "place 7 j4 v"
    view = state.view(None)
    assert view["counters"] == [SQUARE_INDEX["a1"], SQUARE_INDEX["j10"]]
    assert view["numbers"][1][SQUARE_INDEX["a1"]] == 99 and view["numbers"][1][SQUARE_INDEX["j10"]] == 0


def covered(state: IsaacState, number: int) -> list[str]:
    return [square for square, index in sorted(SQUARE_INDEX.items(), key=lambda item: item[1])
            if state.board[index] == number]


def test_placement_lies_along_a_row_or_a_column_and_players_alternate() -> None:
    state = IsaacState.new(2).play("place 5 c3 h")
    assert covered(state, 1) == ["c3", "d3", "e3", "f3", "g3"]
    assert state.reserve == ((5, 4, 2, 2, 1), START_RESERVE) and state.to_move == 1
    state = state.play("place 5 c4 v")
    assert covered(state, 2) == ["c4", "c5", "c6", "c7", "c8"]
    assert state.reserve[1] == (5, 4, 2, 2, 1) and state.to_move == 0
    assert state.pieces == ((0, 5, SQUARE_INDEX["c3"], 0), (1, 5, SQUARE_INDEX["c4"], 1))


def test_placement_refusals() -> None:
    state = IsaacState.new(2).play("place 5 c3 h")
    assert reason_of(state, "place 4 d2 v") == "d3 is already covered"
    assert "run off the board" in reason_of(state, "place 7 e1 h")
    assert "run off the board" in reason_of(state, "place 4 a8 v")
    after = state.play("place 4 d4 v")
    assert covered(after, 2) == ["d4", "d5", "d6", "d7"]
    after = after.play("place 7 a10 h").play("place 7 a9 h")
    assert reason_of(after, "place 7 a8 h") == "you have no unplaced bar of length 7 left"
    assert "passing is only for a player who cannot" in reason_of(after, "pass")
    assert "scoring phase" in reason_of(after, "remove c3")
    for text in ("place 2 a1 h", "place 5 k1 h", "place 5 a11 v", "place 5 a1", "remove", "advance", "advance -1"):
        with pytest.raises(InvalidMoveError):
            after.play(text)


# Every row is full but for j1, j2, j3 and e6: the only room left is j1-j3.
FULL = """
a a a a a a a B B B
c c c c c c C C C C
D D D e e e d d d d
f f f f E E E E E E
j j j j . i i i i i
H H H H H g g g g g
K K K l l l l l l l
m m m n n n o o o .
P P P P Q Q Q Q Q .
S S S T T T T T T .
"""


def test_a_player_passes_only_when_nothing_fits_and_the_other_places_alone() -> None:
    # Dark holds only a length-4 bar, and no 4 cells in a line are empty.
    state = position(FULL, phase="placement", first_passer=-1, reserve=((0, 1, 0, 0, 0), (2, 0, 0, 0, 0)))
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert (state.to_move, state.passed, state.first_passer) == (1, (True, False), 0)
    assert state.legal_moves() == ("place 3 j1 v",)
    state = state.play("place 3 j1 v")
    assert state.to_move == 1 and state.legal_moves() == ("pass",)  # Light again, alone
    state = state.play("pass")
    assert (state.phase, state.to_move, state.passed) == ("scoring", 0, (False, False))


def test_the_first_passer_begins_the_scoring_phase() -> None:
    state = position(FULL, phase="placement", first_passer=-1, to_move=1, reserve=((0, 0, 0, 0, 0), (0, 1, 0, 0, 0)))
    state = state.play("pass").play("pass")
    assert (state.phase, state.first_passer, state.to_move) == ("scoring", 1, 1)


def test_counters_start_on_their_00_even_on_top_of_a_bar() -> None:
    state = position(FULL)  # S covers a1 (Dark's 00), B covers j10 (Light's 00)
    assert state.view(None)["counters"] == [SQUARE_INDEX["a1"], SQUARE_INDEX["j10"]]
    assert "remove a1" not in state.legal_moves() and "remove h10" not in state.legal_moves()
    assert reason_of(state, "remove h10") == "Light's score counter stands on it (on j10)"
    assert "remove a2" in state.legal_moves()


ROW_FIVE = """
. . . . . . . . . k
. . . . . . . . . k
. . . . . . . . . k
. . . . . . . . . .
. . . . . . . . . C
A A A A A b b b . C
. . . . . . . . . C
. . . . . . . . . .
. . . . . . D D D D
. . . . . . . . . .
"""


@pytest.mark.parametrize(
    ("scores", "multiplier"),
    [
        ((0, 0), 1),  # counters on a1 and j10: neither on row 5
        ((49, 0), 2),  # Dark's counter on j5 (on top of C)
        ((0, 52), 2),  # Light's counter on h5 (99 - 52 = 47, on top of b)
        ((49, 52), 4),  # both
    ],
)
def test_removal_points_along_a_row(scores: tuple[int, int], multiplier: int) -> None:
    # A (a5-e5, length 5, value 3) goes. Left on row 5: b lying along it and C crossing it,
    # each counted once: 2 bars x 3 = 6 points, times the counters on row 5.
    state = position(ROW_FIVE, scores=scores).play("remove a5")
    assert state.last_removal == (0, 1, 2, multiplier, 6 * multiplier)
    assert state.pending == 6 * multiplier and state.to_move == 0
    view = state.view(0)["last_removal"]
    assert (view["line"], view["count"], view["points"], view["square"]) == ("row 5", 2, 6 * multiplier, "a5")


def test_removal_points_along_a_column() -> None:
    # C (j4-j6, value 1) goes: column j still holds k (j8-j10) and D (g2-j2) crossing it.
    # Light's counter on j10 stands in column j: 2 x 1 x 2 = 4.
    state = position(ROW_FIVE).play("remove j4")
    assert state.last_removal[2:] == (2, 2, 4)
    assert state.view(None)["last_removal"]["line"] == "column j"
    assert state.legal_moves() == ("advance 0", "advance 1", "advance 2", "advance 3", "advance 4")


def test_a_removal_worth_nothing_ends_the_turn() -> None:
    state = position(ROW_FIVE).play("remove g2")  # D alone on row 2; no counter there
    assert state.last_removal[2:] == (0, 1, 0)
    assert (state.pending, state.to_move, state.scores) == (0, 1, (0, 0))


def test_the_counter_advances_in_its_owners_numbering() -> None:
    state = position(ROW_FIVE, to_move=1, scores=(0, 10)).play("remove f5")  # b: A and C left, value 1
    assert state.pending == 2 and state.legal_moves() == ("advance 0", "advance 1", "advance 2")
    state = state.play("advance 2")
    assert state.scores == (0, 12) and state.to_move == 0
    assert state.view(None)["counters"][1] == SQUARE_INDEX["h9"]  # Light's 12 is Dark's 87
    assert state.last_moves == ("remove f5", "advance 2")


def test_a_counter_never_lands_on_the_other_counter() -> None:
    # Dark's counter on a2 (10), Light's on e2 (Light's 85 = Dark's 14): Dark scores 6.
    state = position(ROW_FIVE, scores=(10, 85)).play("remove a5")
    assert state.pending == 6
    assert "advance 4" not in state.legal_moves()
    assert state.legal_moves() == tuple(f"advance {n}" for n in (0, 1, 2, 3, 5, 6))
    assert reason_of(state, "advance 4") == "e2 holds Light's counter"
    assert "at most" in reason_of(state, "advance 7")
    assert "first move your counter" in reason_of(state, "remove j4")
    assert state.play("advance 5").scores == (15, 85)  # passing over it is fine
    for text in ("advance 03", "advance 004"):  # a number written otherwise is no move, whatever it counts
        with pytest.raises(InvalidMoveError):
            state.play(text)


def test_a_bar_under_a_counter_cannot_be_removed() -> None:
    state = position(ROW_FIVE, scores=(41, 0))  # Dark's own counter on b5, on A
    assert "remove a5" not in state.legal_moves()
    assert reason_of(state, "remove a5") == "Dark's score counter stands on it (on b5)"
    state = position(ROW_FIVE, scores=(0, 93))  # Light's counter on g1 (99 - 93 = 6), an empty cell
    assert "remove a5" in state.legal_moves()
    state = position(ROW_FIVE, scores=(0, 80))  # Light's counter on j2 (19), on D
    assert reason_of(state, "remove g2") == "Light's score counter stands on it (on j2)"


def test_removals_never_get_shorter() -> None:
    state = position(ROW_FIVE, shortest=(4, 0))
    assert state.legal_moves() == ("remove g2", "remove a5")  # D (4) and A (5); not C (3)
    assert "never get shorter" in reason_of(state, "remove j4")
    after = state.play("remove a5").play("advance 0")
    assert after.shortest == (5, 0) and after.to_move == 1


def test_removal_names_its_own_bar_by_its_first_cell() -> None:
    state = position(ROW_FIVE)
    assert reason_of(state, "remove c5") == "name a bar by its first cell: this one starts on a5"
    assert reason_of(state, "remove f5") == "that bar is Light's, not yours"
    assert reason_of(state, "remove a1") == "there is no bar on a1"
    assert "placement phase is over" in reason_of(state, "place 3 a1 h")
    assert "only right after a removal" in reason_of(state, "advance 1")


def test_scoring_passes_are_forced_and_final() -> None:
    # Dark has removed a 6: its bars A, C and D are all shorter. Light's counter is on j2.
    state = position(ROW_FIVE, scores=(0, 80), shortest=(6, 0))
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert (state.to_move, state.passed) == (1, (True, False))
    state = state.play("remove f5").play("advance 0")
    assert state.to_move == 1  # Dark is out: Light removes alone
    assert state.legal_moves() == ("remove j8",)
    state = state.play("remove j8")  # column j: C and D left, Light's counter on j2: 2 x 1 x 2
    state = state.play("advance 1")
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    outcome = state.outcome()
    assert state.is_over() and outcome is not None
    assert outcome.scores == (0, 81) and outcome.winners == (1,)
    assert outcome.reason.startswith("both players have passed")


def test_reaching_100_ends_the_game_at_once() -> None:
    state = position(ROW_FIVE, scores=(95, 0)).play("remove a5")
    assert state.pending == 6
    assert state.legal_moves()[-1] == "advance 5"  # 5 already reaches 100
    assert "already reaches 100" in reason_of(state, "advance 6")
    end = state.play("advance 5")
    outcome = end.outcome()
    assert end.is_over() and end.legal_moves() == () and outcome is not None
    assert outcome.scores == (100, 0) and outcome.winners == (0,) and outcome.reason == "Dark reached 100"
    assert end.view(None)["counters"] == [None, SQUARE_INDEX["j10"]]


def ended(reserve: tuple[tuple[int, ...], ...], scores: tuple[int, int] = (30, 30)) -> IsaacState:
    return position(ROW_FIVE, to_move=None, scores=scores, reserve=reserve, passed=(True, True),
                    end_reason="both players have passed")


def test_tie_breaks() -> None:
    outcome = ended(((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))).outcome()  # 3 cells to 4
    assert outcome is not None and outcome.winners == (1,) and "longer line" in outcome.reason
    # Four bars of 3 against two of 6: the same 12 cells, so Dark, who started, wins.
    outcome = ended(((4, 0, 0, 0, 0), (0, 0, 0, 2, 0))).outcome()
    assert outcome is not None and outcome.winners == (0,) and "Dark, who started" in outcome.reason
    outcome = ended(((0,) * 5, (5, 4, 3, 2, 1)), scores=(31, 30)).outcome()
    assert outcome is not None and outcome.winners == (0,)  # the score comes first


def test_whole_game_by_hand_and_json() -> None:
    state = IsaacState.new(2)
    for move in ("place 7 a1 h", "place 7 a2 h", "place 6 a3 h", "place 6 a4 h"):
        state = state.play(move)
    assert state.reserve == ((5, 4, 3, 1, 0), (5, 4, 3, 1, 0)) and state.to_move == 0
    assert IsaacState.from_json(state.to_json()) == state
    assert json.loads(json.dumps(state.view(1)))["pieces"][0] == {
        "number": 1, "seat": 0, "length": 7, "value": 6, "square": "a1", "vertical": False,
        "cells": [0, 1, 2, 3, 4, 5, 6],
    }
