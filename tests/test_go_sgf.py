"""Go records as SGF: export, import back into a playable game, and clear errors."""

from __future__ import annotations

import pytest

from pygames_core.core import RecordError
from pygames_core.games.go import GoState
from pygames_core.games.go.sgf import export_sgf, import_sgf
from pygames_core.record import Record
from pygames_core.rng import Rng


def record(options: dict[str, str], *moves: str) -> Record:
    return Record(**{**Record.start("go", options).__dict__, "moves": moves})


def random_record(options: dict[str, str], seed: int) -> Record:
    game = Record.start("go", options, 2, seed)
    state, rng = game.new_state(), Rng(seed)
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        game, state = game.play(move), state.play(move)
    return game


def test_export_of_a_handicap_game() -> None:
    game = record({"komi": "handicap2", "counting": "chinese"}, "E5", "D4", "pass", "pass")
    assert export_sgf(game) == (
        "(;FF[4]GM[1]CA[UTF-8]AP[pygames:1]SZ[9]RU[AGA (area counting)]KM[0.5]HA[2]AB[cg][gc]PL[W]\n"
        ";W[ee];B[df];W[];B[])\n"
    )


def test_export_of_a_finished_game_marks_territory_and_dead_stones() -> None:
    game = record({}, "E5", "D4", "pass", "pass", "dead E5", "accept", "accept")
    text = export_sgf(game)
    assert "RU[AGA]KM[5.5]RE[W+86.5]" in text  # 80 territory + 1 dead + 2 + 1 pass stones + 5.5 komi
    assert "HA[" not in text and "AB[" not in text
    assert text.count("TW[") == 1 and "TW[ee]" not in text and "[ee]" in text.split("TW")[1]
    assert "TB" not in text
    assert import_sgf(text) == game


@pytest.mark.parametrize("options", [
    {}, {"size": "13", "komi": "big", "aga": "no"}, {"komi": "handicap1", "counting": "chinese"},
    {"komi": "handicap5", "aga": "no", "counting": "chinese"}, {"size": "19", "komi": "handicap9"},
])
def test_round_trip_of_random_games(options: dict[str, str]) -> None:
    for seed in (1,) if options.get("size") == "19" else (1, 2):
        game = random_record(options, seed)
        back = import_sgf(export_sgf(game))
        original, replayed = game.replay(), back.replay()
        assert back.options == game.options
        assert replayed.board == original.board and replayed.dead == original.dead
        assert replayed.outcome() == original.outcome()


def test_import_reads_the_main_line_of_a_record_from_elsewhere() -> None:
    text = r"""
    (;GM[1]FF[3]SZ[9]KoMi[7.5]RU[aga]PB[Ann \] Lee]C[a comment; with (brackets)]
     ;B[ee]C[first]
     (;W[dd];B[tt];W[]
       (;B[cc])
       (;B[gg]))
     (;W[ff]))
    (;GM[1]SZ[19])
    """
    game = import_sgf(text)
    assert dict(game.options) == {"size": "9", "counting": "japanese", "komi": "big", "aga": "yes"}
    assert game.moves == ("E5", "D6", "pass", "pass", "resume", "C7")


def test_import_finishes_a_game_marked_with_territory() -> None:
    text = "(;SZ[9]KM[5.5];B[ee];W[dd];B[];W[]TB[aa][dd]RE[B+60.5])"
    game = import_sgf(text)
    assert game.moves[-4:] == ("pass", "dead D6", "accept", "accept")
    state = game.replay()
    assert state.is_over() and state.outcome().winners == (0,)  # type: ignore[union-attr]


def test_a_record_that_ends_in_the_dead_stone_stage_stays_there() -> None:
    state = import_sgf("(;SZ[13];B[gg];W[];B[])").replay()
    assert state.stage == "marking" and state.size == 13 and state.komi == 0.5


@pytest.mark.parametrize("text, message", [
    ("", "no game tree"),
    ("(;SZ[9];B[ee]", "ends before its game tree is closed"),
    ("(;SZ[9];B[ee)", "never closed"),
    ("(;SZ[9]B;W[ee])", "has no value"),
    ("(;SZ[9]) junk", "not a property name"),
    ("(;SZ[9]) ]", "unexpected"),
    (";SZ[9]", "outside any game tree"),
    ("()", "empty game tree"),
    ("(;SZ[9](;B[aa]);W[bb])", "after the variations"),
    ("(;GM[2]SZ[9])", "not a game of Go"),
    ("(;SZ[8])", "sizes are 9, 13 and 19"),
    ("(;SZ[9]KM[6.5])", "0.5, 5.5, 7.5"),
    ("(;SZ[9]KM[five])", "not a number"),
    ("(;SZ[9]RU[NZ])", "not ours"),
    ("(;SZ[9]HA[2]AB[cc][gg])", "fixed points of a 2-stone handicap (C3, G7)"),
    ("(;SZ[9]HA[2]KM[6.5]AB[cg][gc])", "komi 0.5"),
    ("(;SZ[9]AB[cc])", "without a handicap"),
    ("(;SZ[9];B[ee];AW[aa])", "cannot be replayed"),
    ("(;SZ[9];W[ee])", "out of turn: Black is to move"),
    ("(;SZ[9];B[ee];W[ee])", "already taken"),
    ("(;SZ[9];B[zz])", "not a point of the 9x9 board"),
    ("(;SZ[9];B[ee]W[dd])", "both a black and a white move"),
    ("(;SZ[9]HA[2]AB[cg][gc]PL[B])", "it is White"),
])
def test_malformed_or_unplayable_sgf_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_sgf(text)


def test_only_go_records_are_exported() -> None:
    with pytest.raises(RecordError):
        export_sgf(Record.start("kalah"))
