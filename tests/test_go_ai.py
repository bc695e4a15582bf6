"""The Go computer player: sound endings, dead stones, own eyes, and more than random strength.

Searches run with an iteration cap and no time limit, so they are deterministic.
Diagrams as in test_go.py: X black, O white, top row first.
"""

from __future__ import annotations

import math

from pygames_core import ai
from pygames_core.ai import go_player
from pygames_core.games.go import GoState
from pygames_core.rng import Rng
from test_go import SEKI, position

UNLIMITED = math.inf

# Black owns columns A-D, White F-J; one white stone (B5) and one black stone (H5) are dead.
SPLIT = """
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . X .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
"""


def names(state: GoState, points: frozenset[int] | tuple[int, ...]) -> list[str]:
    return sorted(state.geometry.names[point] for point in points)


def test_the_dispatch_sends_go_to_its_own_player() -> None:
    state = GoState.new(2)
    move = ai.choose_move(state, "search", UNLIMITED, 5, iterations=40)
    assert move in state.legal_moves()
    assert move == go_player.choose_move(state, UNLIMITED, 5, 40)


def test_it_passes_when_nothing_is_left_to_play() -> None:
    # Only own eyes, suicide points and the shared liberties of a seki are left.
    for seat in (0, 1):
        assert go_player.choose_move(position(SEKI, to_move=seat), UNLIMITED, 1, 64) == "pass"


def test_it_estimates_dead_stones_marks_them_and_accepts() -> None:
    state = position(SPLIT).play("pass").play("pass")
    assert state.stage == "marking" and state.to_move == 0
    assert names(state, go_player.estimate_dead(state)) == ["B5", "H5"]
    moves = []
    while not state.is_over():
        move = go_player.choose_move(state, UNLIMITED, 1, 64)
        moves.append(move)
        state = state.play(move)
    assert moves == ["dead B5", "dead H5", "accept", "accept"]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)  # 26 + 1 + 1 to 26 + 1 + 1 + 5.5


def test_it_accepts_a_marking_that_matches_its_estimate_or_is_better_for_it() -> None:
    state = position(SPLIT).play("pass").play("pass").play("dead B5").play("dead H5").play("accept")
    assert go_player.choose_move(state, UNLIMITED, 1, 64) == "accept"
    proposed = position(SPLIT).play("pass").play("pass").play("dead B5").play("dead H5").play("accept")
    generous = proposed.play("dead H5").play("accept")  # White lets Black's H5 live, spoiling its own area
    assert go_player.choose_move(generous, UNLIMITED, 1, 64) == "accept"
    stingy = position(SPLIT).play("pass").play("pass").play("dead B5").play("accept")
    assert go_player.choose_move(stingy, UNLIMITED, 1, 64) == "dead H5"  # White disagrees about H5


def test_after_a_resumption_it_captures_the_stones_it_thinks_dead() -> None:
    state = position(SPLIT).play("pass").play("pass").play("resume")
    assert state.to_move == 0 and state.resumed
    b5 = state.geometry.index["B5"]
    while state.board[b5] == "W":  # White only passes: Black must take B5 to prove it dead
        move = go_player.choose_move(state, UNLIMITED, state.ply, 64)
        assert move != "pass" and state.ply < 20
        state = state.play(move).play("pass")
    assert state.captures == (1, 0) and state.stage == "play"


def test_it_never_fills_its_own_eye_and_beats_random_play() -> None:
    for game in range(2):
        computer = game % 2
        state, rng = GoState.new(2), Rng(game)
        while not state.is_over():
            if state.to_move == computer:
                move = go_player.choose_move(state, UNLIMITED, 100 * game + state.ply, 24)
                if state.stage == "play" and move != "pass":
                    board = go_player.board_of(state)
                    point = go_player.padded(state.size, state.geometry.index[move])
                    assert not board.is_eye(point, go_player.BLACK + computer)
            else:
                move = rng.choice(state.playing_moves())
            state = state.play(move)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (computer,), outcome.reason


HOPELESS = """
    . . O O O O O O .
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O . .
"""  # White lives with two eyes of two points; whatever Black plays there dies


def test_it_resigns_a_hopeless_game_late_on_but_not_an_open_one() -> None:
    lost = position(HOPELESS, to_move=0, moves_played=60)
    assert go_player.choose_move(lost, UNLIMITED, 1, 400) == "resign"
    early = position(HOPELESS, to_move=0, moves_played=10)  # too early to give up
    assert go_player.choose_move(early, UNLIMITED, 1, 400) != "resign"
    assert go_player.choose_move(GoState.new(2), UNLIMITED, 1, 400) != "resign"
