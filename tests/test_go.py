"""Go rules (AGA), each as a concrete position and its result.

Diagrams show the board as Black sees it: the top row is the highest row, column
A on the left. X is a black stone, O a white one, . an empty point. Most show the
bottom left corner of a 9x9 board; `position` leaves the rest of it empty.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from pygames_core.core import GameError, GameOverError, IllegalMoveError, InvalidMoveError
from pygames_core.games.go import GoState, move_limit, toggle_limit
from pygames_core.games.go.board import bit_points, geometry, position_hash
from pygames_core.rng import Rng


def position(diagram: str, to_move: int = 0, size: int = 9, **fields: object) -> GoState:
    """A state from the bottom left corner of a board: the rows and columns not drawn
    are empty. The position counts as created by the player not to move, as it would
    be after a real play, so ko works at once."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    if len(rows) > size or any(len(row) > size for row in rows):
        raise ValueError(f"the diagram is larger than {size}x{size}")
    rows = [["."] * size for _ in range(size - len(rows))] + [row + ["."] * (size - len(row)) for row in rows]
    board = "".join("".join(row) for row in reversed(rows)).replace("X", "B").replace("O", "W")
    value = position_hash(board, geometry(size))
    history = ["", ""]
    history[1 - to_move] = f"{value:016x}"
    return GoState(size=size, board=board, to_move=to_move, position=value, history=(history[0], history[1]),
                   **fields)  # type: ignore[arg-type]


def stones(state: GoState, colour: str) -> list[str]:
    return sorted(state.geometry.names[point] for point, stone in enumerate(state.board) if stone == colour)


def reason_of(state: GoState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def play(state: GoState, *moves: str) -> GoState:
    for move in moves:
        state = state.play(move)
    return state


# -- set-up ------------------------------------------------------------------------------

def test_start() -> None:
    state = GoState.new(2)
    assert (state.size, state.komi, state.handicap, state.to_move) == (9, 5.5, 0, 0)
    assert state.legal_moves()[:3] == ("A1", "B1", "C1") and state.legal_moves()[-2:] == ("pass", "resign")
    assert len(state.legal_moves()) == 83 and "I1" not in state.legal_moves() and "J9" in state.legal_moves()


@pytest.mark.parametrize("size, choice, komi", [
    ("9", "none", 0.5), ("9", "normal", 5.5), ("13", "normal", 5.5), ("19", "normal", 4.5),
    ("19", "big", 7.5), ("13", "handicap1", 0.5), ("19", "handicap9", 0.5),
])
def test_komi(size: str, choice: str, komi: float) -> None:
    assert GoState.new(2, {"size": size, "komi": choice}).komi == komi


@pytest.mark.parametrize("size, handicap, points", [
    ("9", 2, "C3 G7"), ("9", 3, "C3 C7 G7"), ("9", 4, "C3 C7 G3 G7"), ("9", 5, "C3 C7 E5 G3 G7"),
    ("9", 6, "C3 C5 C7 G3 G5 G7"), ("9", 7, "C3 C5 C7 E5 G3 G5 G7"), ("9", 8, "C3 C5 C7 E3 E7 G3 G5 G7"),
    ("9", 9, "C3 C5 C7 E3 E5 E7 G3 G5 G7"), ("13", 3, "D10 D4 K10"), ("13", 8, "D10 D4 D7 G10 G4 K10 K4 K7"),
    ("19", 4, "D16 D4 Q16 Q4"), ("19", 5, "D16 D4 K10 Q16 Q4"), ("19", 6, "D10 D16 D4 Q10 Q16 Q4"),
])
def test_handicap_stones_stand_on_the_fixed_points_and_white_starts(size: str, handicap: int, points: str) -> None:
    state = GoState.new(2, {"size": size, "komi": f"handicap{handicap}"})
    assert stones(state, "B") == sorted(points.split())
    assert state.to_move == 1 and state.komi == 0.5


def test_one_stone_handicap_is_black_first_with_half_a_point_komi() -> None:
    state = GoState.new(2, {"komi": "handicap1"})
    assert stones(state, "B") == [] and state.to_move == 0 and state.komi == 0.5


def test_unknown_options_are_refused() -> None:
    with pytest.raises(GameError):
        GoState.new(2, {"komi": "handicap10"})


# -- captures, suicide, ko -----------------------------------------------------------------

def test_a_capture_takes_the_whole_chain_as_prisoners() -> None:
    diagram = """
        . O O . .
        . X X O .
        . O X X O
        . . O O .
    """
    # Black's four stones keep one liberty, A3; White fills it and takes all four.
    after = position(diagram, to_move=1).play("A3")
    assert stones(after, "B") == [] and after.captures == (0, 4)
    assert after.last_captured == tuple(sorted(geometry(9).index[name] for name in ("B3", "C3", "C2", "D2")))
    assert "A3" in position(diagram).legal_moves()  # for Black it is a legal, if poor, play


def test_suicide_is_refused_for_one_stone_and_for_a_chain() -> None:
    state = position("""
        O O . .
        X X O .
        . O . .
    """)
    # A1 would leave Black's chain A1 A2 B2 without a liberty and capture nothing.
    assert "A1" not in state.legal_moves()
    assert "suicide" in reason_of(state, "A1")
    # White's A1 is no suicide: it captures the two black stones first.
    white = dataclasses.replace(state, to_move=1).play("A1")
    assert stones(white, "B") == [] and white.captures == (0, 2)
    corner = position("""
        O . .
        . O .
    """)
    assert "suicide" in reason_of(corner, "A1")


def test_simple_ko_and_its_retake_after_a_move_elsewhere() -> None:
    state = position("""
        . X O . .
        X O . O .
        . X O . .
    """)
    taken = state.play("C2")  # Black takes the white stone on B2
    assert stones(taken, "W") == ["C1", "C3", "D2"] and taken.captures == (1, 0)
    assert "B2" not in taken.legal_moves()
    assert "ko" in reason_of(taken, "B2")
    assert taken.view(None)["ko"] == [geometry(9).index["B2"]]
    later = play(taken, "J9", "J8")  # a threat and an answer
    assert "B2" in later.legal_moves()
    assert later.play("B2").captures == (1, 1)


def test_snapback() -> None:
    state = position("""
        . X X X . .
        X O O O X .
        X O . . X .
    """)
    thrown = state.play("C1")  # a throw-in: White can take it ...
    taken = thrown.play("D1")
    assert taken.captures == (0, 1)
    retaken = taken.play("C1")  # ... and Black takes back five: not a ko
    assert retaken.captures == (5, 1)
    assert stones(retaken, "W") == []


def test_triple_ko_is_stopped_by_superko() -> None:
    # Three kos one above the other on the left; in the lower and upper one Black
    # may take (at C2 and C8), in the middle one White may (at B5).
    state = position("""
        . X O . . . . . .
        X O . O . . . . .
        . X O . . . . . .
        . X O . . . . . .
        X . X O . . . . .
        . X O . . . . . .
        . X O . . . . . .
        X O . O . . . . .
        . X O . . . . . .
    """)
    cycle = ["C2", "B5", "C8", "B2", "C5"]  # each side takes a ko in turn
    state = play(state, *cycle)
    # White's take at B8 would bring back the start, which White created: refused.
    assert "B8" not in state.legal_moves()
    assert "recreate a position" in reason_of(state, "B8")
    assert "J9" in state.legal_moves() and "pass" in state.legal_moves()


def test_a_pass_creates_no_position_for_superko() -> None:
    # White passes, Black takes the ko on D4. White's retake on C4 brings back the board Black's
    # J1 made, never one of White's own board plays: it is legal. Black may not take back on D4,
    # which would repeat the board Black's own capture made.
    state = play(GoState.new(2), *"C5 D5 B4 C4 C3 E4 J9 D3 J1 pass D4".split())
    assert state.captures == (1, 0)
    assert "C4" in state.legal_moves() and state.view(None)["ko"] == []
    retaken = state.play("C4")
    assert retaken.captures == (1, 1)
    assert "D4" not in retaken.legal_moves()
    assert "recreate a position" in reason_of(retaken, "D4")
    assert retaken.view(None)["ko"] == [geometry(9).index["D4"]]


def test_passing_twice_on_the_same_board_is_still_legal() -> None:
    state = play(GoState.new(2, {"aga": "no"}), "E5", "pass", "pass", "resume", "pass")
    assert state.to_move == 0 and "pass" in state.legal_moves()


# -- passes and the end --------------------------------------------------------------------

def test_pass_stones_under_aga_and_free_passes_without() -> None:
    assert GoState.new(2).play("pass").pass_stones == (0, 1)
    assert GoState.new(2, {"aga": "no"}).play("pass").pass_stones == (0, 0)


def test_without_aga_passes_cost_a_stone_once_play_resumed() -> None:
    state = play(GoState.new(2, {"aga": "no"}), "E5", "pass", "pass", "resume")
    assert state.to_move == 1 and state.pass_stones == (0, 0)
    assert state.play("pass").pass_stones == (1, 0)


def test_two_passes_open_the_dead_stone_stage_with_the_opponent_of_the_last_passer() -> None:
    state = play(GoState.new(2), "E5", "pass", "pass")
    assert state.stage == "marking" and state.to_move == 1
    assert state.legal_moves() == ("accept", "dead E5", "resume", "resign")
    assert "play has stopped" in reason_of(state, "D4")
    assert "dead-stone stage" in reason_of(GoState.new(2), "accept")


def test_marking_toggles_chains_and_needs_both_acceptances() -> None:
    state = play(GoState.new(2), "E5", "D4", "E4", "pass", "pass")
    assert state.stage == "marking" and state.to_move == 1
    marked = state.play("dead E4")  # toggles the chain E4 E5
    assert marked.dead == tuple(sorted(geometry(9).index[name] for name in ("E4", "E5")))
    assert marked.to_move == 1 and marked.play("dead E5").dead == ()
    accepted = marked.play("accept")
    assert accepted.accepted_by == 1 and accepted.to_move == 0
    changed = accepted.play("dead D4")  # a toggle cancels the acceptance
    assert changed.accepted_by is None and changed.to_move == 0
    over = accepted.play("accept")
    assert over.is_over() and over.dead == marked.dead
    count = over.score()
    assert count is not None and count.dead == (0, 2) and count.territory == (0, 80)
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert "White wins by" in outcome.reason
    with pytest.raises(GameOverError):
        over.play("accept")


def test_white_passes_last() -> None:
    # White passes, then Black: White hands over one more pass stone at the end.
    state = play(GoState.new(2), "E5", "pass", "pass", "accept", "accept")
    assert state.white_last_pass and state.pass_stones == (2, 1)
    # Black passes, then White: nothing more.
    state = play(GoState.new(2), "pass", "pass", "accept", "accept")
    assert not state.white_last_pass and state.pass_stones == (1, 1)
    no_aga = play(GoState.new(2, {"aga": "no"}), "E5", "pass", "pass", "accept", "accept")
    assert not no_aga.white_last_pass and no_aga.pass_stones == (0, 0)


def test_resume_returns_to_play_and_two_passes_at_once_end_the_game() -> None:
    marking = play(GoState.new(2), "E5", "pass", "pass", "dead E5")
    resumed = marking.play("resume")
    assert (resumed.stage, resumed.to_move, resumed.dead, resumed.resumed) == ("play", 1, (), True)
    ended = play(resumed, "pass", "pass")
    assert ended.is_over() and ended.dead == ()
    assert "every stone counts as alive" in ended.end_reason
    # After a play, two passes open a fresh dead-stone stage instead.
    again = play(resumed, "D4", "pass", "pass")
    assert again.stage == "marking" and again.toggles == 0


def test_the_move_limit_ends_the_game_as_it_stands() -> None:
    state = dataclasses.replace(GoState.new(2), moves_played=move_limit(9) - 1)
    over = state.play("E5")
    assert over.is_over() and "limit of 324 moves" in over.end_reason
    assert over.white_last_pass  # Black moved last
    marking = play(dataclasses.replace(GoState.new(2), moves_played=move_limit(9) - 2), "pass", "pass")
    assert marking.stage == "marking" and "resume" not in marking.legal_moves()


def test_the_toggle_limit() -> None:
    state = play(GoState.new(2), "E5", "pass", "pass")
    for _ in range(toggle_limit(9)):
        state = state.play("dead E5")
    assert state.legal_moves() == ("accept", "resume", "resign")
    assert "toggles of this stage are used up" in reason_of(state, "dead E5")


# -- counting -----------------------------------------------------------------------------

SEKI = """
    . X . X O . O . O
    X X X X O O O O O
    X X X X X O O O O
    X X X O . X O . O
    X X X O . X O O O
    X X X X X O O O O
    X X X X O O O O O
    X X X X O O O O O
    . X . X O . O . O
"""


def test_seki_counts_its_shared_liberties_for_nobody() -> None:
    # White D6 D5 and Black F6 F5 share their two liberties E6 E5: neither may fill one.
    state = position(SEKI)
    assert "E5" in state.legal_moves()  # legal, but it would put the chain in atari
    assert "C9" in state.legal_moves() and "H6" not in state.legal_moves()  # H6 is suicide
    over = play(state, "pass", "pass", "accept", "accept")
    count = over.score()
    assert count is not None
    assert count.territory == (4, 5)  # A9 C9 A1 C1 / F9 H9 F1 H1 H6
    names = [geometry(9).names[point] for point, mark in enumerate(count.territory_map) if mark == "-"]
    assert "E5" in names and "E6" in names
    assert count.totals == (4 + 1.0, 5 + 1 + 5.5)  # territory + the other side's pass stone (+ komi)
    area = dataclasses.replace(over, counting="chinese").score()
    assert area is not None and area.totals == (34 + 4.0, 36 + 5 + 5.5)  # stones + territory (+ komi)


@pytest.mark.parametrize("choice", ["normal", "handicap1", "handicap4", "handicap9"])
@pytest.mark.parametrize("seed", [3, 4])
def test_both_countings_give_the_same_margin_and_winner_under_aga(choice: str, seed: int) -> None:
    rng = Rng(seed)
    state = GoState.new(2, {"komi": choice})
    while not state.is_over():
        state = state.play(rng.choice(state.playing_moves()))
    territory = state.outcome()
    area = dataclasses.replace(state, counting="chinese").outcome()
    assert territory is not None and area is not None
    assert territory.scores[0] - territory.scores[1] == area.scores[0] - area.scores[1]
    assert territory.winners == area.winners


def test_area_counting_gives_white_one_point_per_handicap_stone_after_the_first() -> None:
    state = play(GoState.new(2, {"komi": "handicap4", "counting": "chinese"}), "pass", "pass", "accept", "accept")
    count = state.score()
    assert count is not None and count.compensation == 3
    assert count.totals == (81.0, 0.5 + 3)


# -- notation and view ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "d4", "I5", "Z3", "dead", "dead Q", "pass pass", "E5 ", "D 4"])
def test_text_that_is_not_a_move(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GoState.new(2).play(text)


def test_off_the_board_and_taken_points() -> None:
    with pytest.raises(InvalidMoveError, match="not a point of the 9x9 board"):
        GoState.new(2).play("K10")
    assert "already taken" in reason_of(GoState.new(2).play("E5"), "E5")


def test_view_is_plain_json_with_the_count_at_the_end() -> None:
    state = play(GoState.new(2, {"size": "13"}), "G7", "pass", "pass")
    view = state.view(None)
    assert json.loads(json.dumps(view)) == view
    assert view["stage"] == "marking" and view["size"] == 13 and view["board"][geometry(13).index["G7"]] == "B"
    assert view["score"]["territory_map"].count("B") == 168 and view["toggles_left"] == 26
    assert view["last_move"] == {"seat": 0, "move": "pass", "point": None, "captured": []}


# -- resignation ---------------------------------------------------------------------------

def test_either_player_may_resign_on_their_turn() -> None:
    state = play(GoState.new(2), "E5", "D4")
    assert "resign" in state.legal_moves()
    over = state.play("resign")  # Black resigns
    outcome = over.outcome()
    assert over.is_over() and over.resigned == 0 and over.view(None)["resigned"] == 0
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0.0, 1.0)
    assert outcome.reason == "Black resigned: White wins by resignation"
    assert over.score() is None and over.view(None)["score"] is None  # nothing is counted
    assert reason_of(over, "resign") == "the game is over"


def test_a_player_may_resign_in_the_dead_stone_stage() -> None:
    marking = play(GoState.new(2), "E5", "pass", "pass")
    assert marking.stage == "marking" and marking.legal_moves()[-1] == "resign"
    over = marking.play("resign")
    assert over.outcome().winners == (0,)  # type: ignore[union-attr]  (White resigned)


def test_bit_points_lists_every_set_bit_in_order() -> None:
    rng = Rng(17)
    for width in (0, 1, 7, 8, 9, 81, 361):
        for _ in range(50):
            bits = sum(rng.below(1 << 8) << shift for shift in range(0, width, 8)) & ((1 << width) - 1)
            assert bit_points(bits) == [index for index in range(width) if bits >> index & 1]
    assert bit_points((1 << 360) | 1) == [0, 360]


def test_a_state_read_back_finds_the_same_plays_and_ko_points() -> None:
    # Play looks up the history only where the mover has lost a stone, a mask a state carries outside
    # its fields; read from JSON it has none and looks everywhere: both must agree, ko points included.
    kos = 0
    for seed in range(12):
        rng = Rng(seed)
        state = GoState.new(2, {"size": "9", "aga": "no"}, seed)
        while not state.is_over():
            again = GoState.from_json(state.to_json())
            assert again.legal_moves() == state.legal_moves()
            assert again.plays().ko == state.plays().ko
            kos += bool(state.plays().ko)
            state = state.play(rng.choice(state.playing_moves()))
    assert kos > 0
