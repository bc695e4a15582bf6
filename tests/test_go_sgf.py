"""Go records as SGF: export, import back into a playable game, and clear errors."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygames_core.core import RecordError
from pygames_core.games.go import GoState
from pygames_core.games.go.sgf import export_sgf, import_sgf
from pygames_core.record import Record
from pygames_core.rng import Rng
from strategies import mutated


def record(options: dict[str, str], *moves: str) -> Record:
    return Record(**{**Record.start("go", options).__dict__, "moves": moves})


def random_record(options: dict[str, str], seed: int) -> Record:
    game = Record.start("go", options, 2, seed)
    state, rng = game.new_state(), Rng(seed)
    while not state.is_over():
        move = rng.choice(state.playing_moves())
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


FLOOD = "[aa:ss]" * 140_000  # under 1 MB of text, 50 million points once expanded
MAIN_LINE, NESTING = ";C[]" * 20_001, "(;" * 20_001


@pytest.mark.parametrize("text, message", [
    ("(;SZ[19]HA[2]AB{flood})", "AB has more than 361 values"),
    ("(;SZ[19]AW{flood})", "AW has more than 361 values"),
    ("(;SZ[19];B[aa];AE{flood})", "AE has more than 361 values"),
    ("(;SZ[19];B[aa];W[];B[]TB{flood})", "TB has more than 361 values"),
    ("(;SZ[19](;B[aa])(;W[]{flood}))", "W has more than 361 values"),  # off the main line too
    ("(;SZ[19]HA[2]AB[aa:ss][aa:ss])", "AB names more than 361 points"),
    ("(;SZ[9]HA[2]AB[aa:ii][aa])", "AB names more than 81 points"),
    ("(;SZ[9];B[];W[]TW[aa:ii][ee:ii])", "TW names more than 81 points"),
    ("(;SZ[9]HA[2]AB[aa:ss])", "AB[aa:ss] is not a point of the 9x9 board"),
    ("(;SZ[9]{nodes})", "more than 20000 nodes"),
    ("(;SZ[9])(;C[]{nesting}", "nested more than 20000 deep"),
])
def test_a_flood_of_points_or_nodes_is_refused_at_once(text: str, message: str) -> None:
    started = time.perf_counter()
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        import_sgf(text.format(flood=FLOOD, nodes=MAIN_LINE, nesting=NESTING))
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("name", ["HA", "KM", "SZ", "GM"])
@pytest.mark.parametrize("value", ["inf", "-inf", "1e999", "nan", "NaN", "1_0", "\u0663", "9" * 5000, "1" * 5000],
                         ids=lambda value: value[:8])
def test_numbers_that_are_not_numbers_of_a_game_are_refused_clearly(name: str, value: str) -> None:
    with pytest.raises(RecordError) as error:
        import_sgf(f"(;{name}[{value}])")
    message = str(error.value)
    assert message.startswith("SGF: ") and f"{name}[" in message and len(message) < 160


def test_long_values_are_cut_short_in_messages() -> None:
    with pytest.raises(RecordError) as error:
        import_sgf("(;SZ[9];B[" + "a" * 5000 + "])")
    assert "not a point of the 9x9 board" in str(error.value) and len(str(error.value)) < 160


SGF_CHARACTERS = "();[]\\:abcdeiostABCEGHKLMPRSTUWZ0123456789.+- \n"
HANDICAP_GAME = export_sgf(record({"komi": "handicap2"}, "E5", "D4", "E4", "pass", "pass", "dead D4", "accept",
                                  "accept"))


VALUES = st.one_of(st.sampled_from(["", "aa", "aa:ss", "ee:cc", "tt", "0.5", "2", "9", "19", "inf", "nan", "-1e999",
                                     "9" * 5000, "B", "AGA", "W+1.5"]), st.text(SGF_CHARACTERS, max_size=5))
NAMES = st.sampled_from(["SZ", "HA", "KM", "GM", "RU", "PL", "RE", "AB", "AW", "AE", "B", "W", "TB", "TW"])
PROPERTY = st.tuples(NAMES, st.lists(VALUES, min_size=1, max_size=3))
NODES = st.lists(st.lists(PROPERTY, max_size=4), min_size=1, max_size=5)


def sgf_of(nodes: list[list[tuple[str, list[str]]]]) -> str:
    return "(" + "".join(";" + "".join(name + "".join(f"[{value}]" for value in values) for name, values in node)
                         for node in nodes) + ")"


@settings(derandomize=True, max_examples=200, deadline=1000)
@given(st.one_of(st.text(max_size=200), st.text(SGF_CHARACTERS, max_size=200),
                 mutated(HANDICAP_GAME, SGF_CHARACTERS), NODES.map(sgf_of)))
def test_any_text_is_read_or_refused_with_a_record_error(text: str) -> None:
    try:
        import_sgf(text)
    except RecordError:
        pass


def test_a_resignation_travels_as_the_result() -> None:
    resigned = record({}, "E5", "D4", "C3", "resign")  # White resigns
    text = export_sgf(resigned)
    assert "RE[B+R]" in text and "resign" not in text
    assert import_sgf(text) == resigned
    wrong = text.replace("RE[B+R]", "RE[W+R]")  # White to move at the end cannot be the winner
    with pytest.raises(RecordError, match="ends with the winner to move"):
        import_sgf(wrong)
