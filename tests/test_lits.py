"""Battle of LITS rules as concrete positions. Diagrams show rank 10 at the top
and file a on the left; a partial diagram is the bottom-left corner of the
board (its last row is rank 1) and the rest is empty. Letters are pieces,
"." an empty square; in symbol diagrams X and O are symbols."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygames_core.core import IllegalMoveError, InvalidMoveError
from pygames_core.games.lits import FIXED_LAYOUTS, LitsState, parse_layout
from pygames_core.rng import Rng, below, seed_state

FILES = "abcdefghij"


def grid(diagram: str) -> str:
    """A diagram to 100 characters in board order (a1, b1, ..., j10)."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    rows = [["."] * 10] * (10 - len(rows)) + [row + ["."] * (10 - len(row)) for row in rows]
    return "".join(square for row in reversed(rows) for square in row)


def position(diagram: str, to_move: int = 0, symbols: str = "", last_placer: int = 1) -> LitsState:
    board = grid(diagram)
    layout = grid(symbols) if symbols else parse_layout(FIXED_LAYOUTS["halves"])
    pieces = sum(board.count(letter) for letter in "LITS") // 4
    return LitsState(2, "halves", layout, board, False, to_move, "", last_placer, pieces, "")


def reason_of(state: LitsState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def reference_placements() -> list[tuple[str, set[int], set[int], str]]:
    """(letter, squares, edge neighbours, move text) of every placement, by
    turning and mirroring each piece, with plain sets."""
    base = {"L": [(0, 0), (0, 1), (0, 2), (1, 0)], "I": [(0, 0), (0, 1), (0, 2), (0, 3)],
            "T": [(0, 0), (1, 0), (2, 0), (1, 1)], "S": [(0, 0), (1, 0), (1, 1), (2, 1)]}
    found = {}
    for letter, cells in base.items():
        for turn in range(8):
            shape = [(y, x) if turn & 4 else (x, y) for x, y in cells]
            shape = [(-x if turn & 1 else x, -y if turn & 2 else y) for x, y in shape]
            for dx in range(-3, 10):
                for dy in range(-3, 10):
                    squares = sorted((x + dx, y + dy) for x, y in shape)
                    if all(0 <= x < 10 and 0 <= y < 10 for x, y in squares):
                        piece = {y * 10 + x for x, y in squares}
                        around = {(y + b) * 10 + x + a for x, y in squares for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                  if 0 <= x + a < 10 and 0 <= y + b < 10} - piece
                        text = f"{letter}:" + ",".join(FILES[x] + str(y + 1) for x, y in squares)
                        found[text] = (letter, piece, around, text)
    return list(found.values())


REFERENCE = reference_placements()


def reference_moves(board: str) -> list[str]:
    """The legal placements on `board` straight from the rules."""
    covered = {i for i in range(100) if board[i] != "."}
    moves = []
    for letter, piece, around, text in REFERENCE:
        if board.count(letter) == 20 or piece & covered or (covered and not around & covered):
            continue
        if any(board[i] == letter for i in around):
            continue
        after = covered | piece
        corners = {c - d for c in piece for d in (0, 1, 10, 11) if 0 <= c - d < 89 and (c - d) % 10 < 9}
        if any({c, c + 1, c + 10, c + 11} <= after for c in corners):
            continue
        moves.append(text)
    return sorted(moves)


def test_1292_first_placements() -> None:
    moves = LitsState.new(2, {"layout": "halves"}).legal_moves()
    assert len(moves) == 1292
    assert Counter(move[0] for move in moves) == {"L": 576, "I": 140, "T": 288, "S": 288}
    assert list(moves) == sorted(set(moves)) == reference_moves("." * 100)
    assert {"L:a1,a2,a3,b1", "L:a1,b1,c1,c2", "I:c5,d5,e5,f5", "T:a1,b1,b2,c1", "S:a2,b1,b2,c1"} <= set(moves)
    assert "swap" not in moves


def test_legal_moves_match_the_rules_from_first_principles() -> None:
    for seed in range(6):
        state, rng = LitsState.new(2, {}, seed), Rng(seed)
        while not state.is_over():
            placements = [move for move in state.legal_moves() if move != "swap"]
            assert placements == reference_moves(state.board)
            state = state.play(rng.choice(state.legal_moves()))
        assert reference_moves(state.board) == []


def test_notation() -> None:
    state = position("L\nL\nL L")
    assert "I:c1,d1,e1,f1" in state.legal_moves()
    assert reason_of(state, "I:d1,c1,e1,f1") == "write the squares by file, then by rank: I:c1,d1,e1,f1"
    assert reason_of(state, "T:c1,d1,e1,f1") == "those squares make an I, not a T"
    assert "2x2 square" in reason_of(state, "L:c1,c2,d1,d2")
    assert "do not make" in reason_of(state, "L:c1,d1,e1,g1")
    assert reason_of(state, "L:c1,c1,d1,e1") == "a piece covers four different squares"
    for text in ("", "L:a1,a2,a3", "O:a1,a2,b1,b2", "L:a1,a2,a3,k1", "L:a1,a2,a3,a11", "l:a1,a2,a3,b1"):
        with pytest.raises(InvalidMoveError):
            state.play(text)


def test_a_piece_must_share_an_edge_with_an_earlier_piece() -> None:
    state = position("L\nL\nL L")
    assert reason_of(state, "I:c2,d2,e2,f2") == "a piece must share an edge with a piece already on the board"
    assert reason_of(state, "I:c3,c4,c5,c6") == "a piece must share an edge with a piece already on the board"
    assert "I:c1,d1,e1,f1" in state.legal_moves()  # touches b1 along an edge
    assert "T:a4,b4,b5,c4" in state.legal_moves()  # touches a3 from above


def test_covered_squares_are_refused() -> None:
    state = position("L\nL\nL L")
    assert reason_of(state, "I:a3,b3,c3,d3") == "a3 is already covered"
    assert reason_of(state, "S:a2,b1,b2,c1") == "a2, b1 are already covered"


def test_no_2x2_block_may_be_fully_covered() -> None:
    state = position(
        """
        . T
        T T T
        . I
        . I
        . I
        . I
        """
    )
    # Three squares of b4-c5 are covered already: c4 would be the fourth.
    assert reason_of(state, "L:c4,d4,e3,e4") == "it would cover the whole 2x2 block b4-c5"
    # Two covered (b1, b2) and two from the piece (c1, c2).
    assert reason_of(state, "T:c1,c2,c3,d2") == "it would cover the whole 2x2 block b1-c2"
    # One covered (a4) and three from the piece (a5, b4, b5).
    assert reason_of(position("I\nI\nI\nI"), "T:a5,b4,b5,c5") == "it would cover the whole 2x2 block a4-b5"
    # Three squares of a block are fine: c1 next to b1 and b2, with c2 left empty.
    assert "L:c1,d1,e1,e2" in state.legal_moves()


def test_pieces_of_one_letter_may_not_share_an_edge() -> None:
    state = position("L\nL\nL L")
    assert reason_of(state, "L:c1,d1,e1,e2") == "it would share an edge with another L"
    assert reason_of(state, "L:a4,a5,a6,b4") == "it would share an edge with another L"
    state = position("I\nI\nI\nI L\n. L\n. L L")
    assert reason_of(state, "L:c2,c3,c4,d4") == "it would share an edge with another L"
    # c4 meets b3 only at a corner, and b6 shares an edge with the I on a6: allowed.
    assert "L:b6,c4,c5,c6" in state.legal_moves()
    assert "T:d1,e1,e2,f1" in state.legal_moves()  # other letters may touch the L


def test_pool_exhaustion() -> None:
    state = position(
        """
        I I I I
        . . . . I I I I
        I I I I
        . . . . I I I I
        I I I I
        T . . S . . . L
        T T . S S . . L
        T . . . S . . L L
        """
    )
    assert state.view(None)["pool"] == {"L": 4, "I": 0, "T": 4, "S": 4}
    assert not [move for move in state.legal_moves() if move.startswith("I:")]
    assert reason_of(state, "I:e4,f4,g4,h4") == "all 5 I pieces have been laid"
    assert [move for move in state.legal_moves() if move.startswith("L:")]


def test_swap_only_for_the_second_player_on_its_first_turn() -> None:
    state = LitsState.new(2, {"layout": "halves"})
    assert state.to_move == 0 and state.seat_symbols() == ("X", "O")  # X starts
    assert "swap" not in state.legal_moves()
    assert "second player" in reason_of(state, "swap")
    first = state.play("I:a1,b1,c1,d1")
    assert first.legal_moves()[-1] == "swap" and first.view(1)["swap_available"]
    swapped = first.play("swap")
    assert (swapped.to_move, swapped.seat_symbols(), swapped.last_placer, swapped.ply) == (0, ("O", "X"), 1, 2)
    assert swapped.board == first.board and swapped.symbols == first.symbols
    assert swapped.view(0)["totals"] == [30, 30] and swapped.view(0)["seat_symbols"] == ["O", "X"]
    assert "already been played" in reason_of(swapped, "swap")
    # Without the swap it never comes back.
    later = first.play("T:e1,e2,e3,f2")
    assert later.to_move == 0 and "swap" not in later.legal_moves()
    assert "swap" not in later.play("T:a2,a3,a4,b3").legal_moves()


# Found by random play: on this board L:a1,a2,a3,b1 is the only legal move,
# and after it none is left.
NEARLY_OVER = """
    . I . . . . L . . .
    . I . S S . L . T .
    . I . . S S L L T T
    . I . . . . . . T .
    L L L T T T . . S .
    L . S . T . . S S .
    . S S L . . . S . .
    . S . L S S . L L L
    . . L L . S S L . .
    . . . . . . . . . .
"""


# Symbols for it: X on a10-e10, O on a1-e1 and j1 (the rest of each row empty).
FEW_SYMBOLS = "X X X X X\n" + ".\n" * 8 + "O O O O O . . . . O"


def test_the_game_ends_when_no_placement_is_legal() -> None:
    state = position(NEARLY_OVER, to_move=1, symbols=FEW_SYMBOLS)
    assert state.legal_moves() == ("L:a1,a2,a3,b1",)
    end = state.play("L:a1,a2,a3,b1")
    assert end.is_over() and end.legal_moves() == ()
    outcome = end.outcome()
    assert outcome is not None
    # The I covers b10, so 4 X remain; the last L covers a1 and b1, so 4 O remain: a tie.
    assert outcome.scores == (4, 4)
    assert outcome.winners == (1,) and "laid the last piece" in outcome.reason


def test_more_uncovered_symbols_win() -> None:
    symbols = FEW_SYMBOLS.replace("O O O O O", "O O O . O")  # one O fewer on d1
    end = position(NEARLY_OVER, to_move=1, symbols=symbols).play("L:a1,a2,a3,b1")
    assert end.outcome().scores == (4, 3) and end.outcome().winners == (0,)  # type: ignore[union-attr]
    swapped = LitsState(2, "halves", end.symbols, end.board, True, None, end.last_move, 1, 12, end.end_reason)
    assert swapped.outcome().scores == (3, 4) and swapped.outcome().winners == (1,)  # type: ignore[union-attr]


def test_random_layout_follows_the_facts_method() -> None:
    symbols = LitsState.new(2, {}, 42).symbols
    assert symbols == LitsState.new(2, {"layout": "random"}, 42).symbols
    assert symbols != LitsState.new(2, {}, 43).symbols
    # The method again: 30 X squares drawn one by one among the empty ones, each O opposite.
    expected, free, state = ["."] * 100, list(range(100)), seed_state(42)
    for _ in range(30):
        pick, state = below(state, len(free))
        square = free.pop(pick)
        free.remove(99 - square)
        expected[square], expected[99 - square] = "X", "O"
    assert symbols == "".join(expected)
    for seed in range(20):
        layout = LitsState.new(2, {}, seed).symbols
        assert layout.count("X") == layout.count("O") == 30
        assert all((layout[i] == "X") == (layout[99 - i] == "O") for i in range(100))


def test_fixed_layouts() -> None:
    for name in ("halves", "diagonal", "lattice"):
        layout = LitsState.new(2, {"layout": name}, 7).symbols
        assert layout == LitsState.new(2, {"layout": name}, 8).symbols, "seed plays no part"
        assert layout.count("X") == layout.count("O") == 30
        assert all((layout[i] == "X") == (layout[99 - i] == "O") for i in range(100))
    halves = LitsState.new(2, {"layout": "halves"}).symbols
    assert halves[99] == "." and halves[90] == "X" and halves[0] == "." and halves[9] == "O"  # j10, a10, a1, j1
    assert set(halves[:50]) == {"O", "."} and set(halves[50:]) == {"X", "."}


def test_view() -> None:
    state = LitsState.new(2, {"layout": "lattice"}).play("L:a1,a2,a3,b1").play("T:a4,b4,b5,c4")
    view = state.view(None)
    assert json.loads(json.dumps(view)) == view
    assert view["cells"][0] == "L" and view["cells"][30] == "T" and view["squares"][30] == "a4"
    assert view["pieces"] == [[0, 1, 10, 20], [30, 31, 32, 41]]
    assert view["last_cells"] == [30, 31, 32, 41] and view["last_placer"] == 1 and view["last_move"] == "T:a4,b4,b5,c4"
    assert view["pool"] == {"L": 4, "I": 5, "T": 4, "S": 5} and view["to_move"] == 0
    assert view["uncovered"] == list(state.uncovered()) and view["totals"] == [30, 30]
