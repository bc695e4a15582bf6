"""Go's board of chains (games/go/chains.py) and what the computer knows (games/go/playout.py).

The playout board must agree with the rules wherever it plays, and its knowledge (ataris,
shapes, priors) must point where a player would look. Diagrams as in test_go.py: X black,
O white, top row first, the rows not drawn empty above.
"""

from __future__ import annotations

import math
import random

from pygames_core.ai import go_player
from pygames_core.games.go import GoState
from pygames_core.games.go.chains import BLACK, EMPTY, WHITE, Board, padded, unpadded
from pygames_core.games.go.playout import SHAPES, atari_answers, playout, priors, shape_moves
from test_go import position


def point(state: GoState, name: str) -> int:
    return padded(state.size, state.geometry.index[name])


def names(state: GoState, points: list[int]) -> list[str]:
    return sorted({state.geometry.names[unpadded(state.size, each)] for each in points})


def test_the_playout_board_follows_the_rules_through_random_games() -> None:
    """Captures and chains: after every move the board holds the rules' stones, and each chain's
    stones and liberties are what a fresh look at the board finds."""
    for game in range(4):
        chooser = random.Random(game)
        state = GoState.new(2)
        board = go_player.board_of(state)
        while state.stage == "play" and state.moves_played < 150:
            move = chooser.choice(state.playing_moves())
            if move == "pass":
                board.pass_move()
            else:
                assert board.play(point(state, move), BLACK if state.to_move == 0 else WHITE), move
            state = state.play(move)
            expected = [{"B": BLACK, "W": WHITE}.get(stone, EMPTY) for stone in state.board]
            assert [board.cells[padded(9, index)] for index in range(81)] == expected
            fresh = go_player.board_of(state)
            chains = sorted((sorted(board.stones[key]), sorted(board.liberties[key])) for key in board.stones)
            assert chains == sorted((sorted(fresh.stones[key]), sorted(fresh.liberties[key])) for key in fresh.stones)
            assert sorted(board.empties) == sorted(each for each in board.points() if board.cells[each] == EMPTY)


def chains_seen(board: Board) -> list[tuple[list[int], list[int]]]:
    return sorted((sorted(board.stones[key]), sorted(board.liberties[key])) for key in board.stones)


def test_every_state_keeps_its_own_chains_while_later_states_and_playouts_change_copies() -> None:
    """A copy shares its chains' lists and sets until it changes one: no state's chains may change
    when a later state is played from it, nor the search's board when a playout runs on a copy."""
    for game in range(3):
        chooser = random.Random(100 + game)
        states = [GoState.new(2, {"aga": "no"})]
        while not states[-1].is_over() and len(states) < 200:
            states.append(states[-1].play(chooser.choice(states[-1].playing_moves())))
        for state in states:
            assert chains_seen(state.chains()) == chains_seen(go_player.board_of(state)), state.ply
            assert [state.chains().cells[padded(9, index)] for index in range(81)] == \
                [{"B": BLACK, "W": WHITE}.get(stone, EMPTY) for stone in state.board]
    board = go_player.board_of(states[len(states) // 2])
    before = chains_seen(board)
    for seed in range(4):
        copy = board.copy()
        playout(copy, BLACK if seed % 2 else WHITE, seed, 200, None)
        assert chains_seen(board) == before
        again = Board(9, {point: copy.cells[point] for point in copy.points() if copy.cells[point] != EMPTY})
        assert chains_seen(copy) == chains_seen(again)
    copy = board.copy()
    playout(board, BLACK, 7, 200, None)  # now the original changes, and the copy must not
    assert chains_seen(copy) == before


def test_suicide_and_the_simple_ko_are_refused_and_change_nothing() -> None:
    state = position("""
        . X .
        X . X
        . X .
    """)
    board = go_player.board_of(state)
    before = board.cells[:]
    assert not board.play(point(state, "B2"), WHITE), "no liberty, nothing taken: suicide"
    assert board.cells == before
    ko = go_player.board_of(position("""
        . X O .
        X O . O
        . X O .
    """))
    assert ko.play(point(state, "C2"), BLACK) and ko.cells[point(state, "B2")] == EMPTY  # takes one stone
    before = ko.cells[:]
    assert not ko.play(point(state, "B2"), WHITE), "the immediate retake of a ko"
    assert ko.cells == before
    ko.pass_move()
    assert ko.play(point(state, "B2"), WHITE), "after a move elsewhere (here a pass) the ko may be retaken"


def test_the_shapes_hold_every_rotation_and_both_colours() -> None:
    hane = position("""
        . . . . .
        . X O X .
        . . . . .
    """)  # the enclosing hane: the point under the white stone
    board = go_player.board_of(hane)
    board.last = point(hane, "C2")
    assert "C1" in names(hane, shape_moves(board))
    turned = go_player.board_of(position("""
        . . . . .
        . . X . .
        . . O . .
        . . X . .
    """))
    for at in ("B2", "D2"):  # either side of the white stone, the same shape turned
        assert SHAPES[turned.code(point(hane, at))]
    swapped = go_player.board_of(position("""
        . . . . .
        . O X O .
        . . . . .
    """))
    assert SHAPES[swapped.code(point(hane, "C1"))]
    assert not SHAPES[go_player.board_of(position(". . .")).code(point(hane, "B1"))], "an empty board has no shape"


def test_atari_answers_capture_and_save() -> None:
    state = position("""
        . X . . .
        X O X . .
        . . . . .
    """, to_move=1)  # Black's last move, C2, left the white stone on B2 one liberty, B1
    board = go_player.board_of(state)
    board.last = point(state, "C2")
    assert names(state, atari_answers(board, WHITE)) == ["B1"]  # run out: B1 has two more liberties
    assert names(state, atari_answers(board, BLACK)) == ["B1"]  # or, for Black, take it there


def test_priors_put_a_capture_first_and_a_self_atari_last() -> None:
    state = position("""
        . . . . . .
        . . X X . .
        . X O O . .
        . . X X . .
    """)  # the two white stones have one liberty, E2
    board = go_player.board_of(state)
    candidates = [point(state, name) for name in ("E2", "E7", "J1")]
    (capture, third_line, corner) = [wins / visits for visits, wins in priors(board, BLACK, candidates)]
    assert capture > third_line > corner  # a capture; the third line in open space; the first line there
    lone = position("""
        . O .
        O . .
    """)  # a black stone on B1 would have one liberty and take nothing
    ((visits, wins),) = priors(go_player.board_of(lone), BLACK, [point(lone, "B1")])
    assert wins / visits < 0.5


CHAIN_IN_ATARI = """
    . . . . . . . . .
    . . . . . . . . .
    . . X X X X X . .
    . X O O O O O . .
    . . X X X X X . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


def test_the_search_plays_a_big_chain_in_atari_rather_than_thinking_it_settled() -> None:
    """Black's playouts nearly always take the five stones, so H6 nearly always ends as Black's:
    it must be played all the same, since after a pass White would run out there."""
    assert go_player.choose_move(position(CHAIN_IN_ATARI, to_move=0), math.inf, 1, 300) == "H6"
    assert go_player.choose_move(position(CHAIN_IN_ATARI, to_move=1), math.inf, 1, 300) == "H6"


def test_the_area_of_a_playout_counts_stones_and_points_next_to_one_colour() -> None:
    state = position("X . O")
    owners, balance = go_player.board_of(state).area()
    assert [owners[point(state, name)] for name in ("A1", "B1", "C1", "D1", "A2", "B2")] == \
        [BLACK, EMPTY, WHITE, WHITE, BLACK, EMPTY]
    assert balance == 2 - 3  # A1 A2 against C1 D1 C2
    assert Board(9, {}).area()[1] == 0
