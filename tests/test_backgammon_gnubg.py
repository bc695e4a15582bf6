"""gnubg's position and match IDs, and matches as Jellyfish-style text."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygames_core.core import CHANCE, RecordError, chance_move
from pygames_core.games.backgammon import (
    BackgammonState,
    export_match,
    import_match,
    match_id,
    position_from_id,
    position_id,
)
from pygames_core.games.backgammon.gnubg import match_fields, match_key_id
from pygames_core.record import Record
from pygames_core.rng import Rng
from strategies import mutated

from test_backgammon import side


def random_record(options: dict[str, str], seed: int) -> tuple[Record, BackgammonState]:
    state = BackgammonState.new(2, options, seed)
    rng, moves = Rng(seed), []
    while not state.is_over():
        move = chance_move(state) if state.to_move == CHANCE else rng.choice(state.playing_moves())
        state = state.play(move)
        moves.append(move)
    record = Record("backgammon", tuple(sorted({"scoring": "single", "cube": "off", "match": "1", **options}.items())),
                    2, seed, tuple(moves))
    return record, state


def test_the_start_position_id() -> None:
    state = BackgammonState.new(2, {"match": "7"})
    assert position_id(state) == "4HPwATDgc/ABMA"
    start = side({24: 2, 13: 5, 8: 3, 6: 5})
    assert position_from_id("4HPwATDgc/ABMA") == (start, start)
    assert match_fields(match_id(state)) == {
        "cube_log": 0, "cube_owner": 3, "on_roll": 0, "crawford": 0, "game_state": 1, "deciding": 0,
        "doubled": 0, "resigned": 0, "die_1": 0, "die_2": 0, "match_length": 7, "score_0": 0, "score_1": 0,
    }


def test_a_position_and_match_id_as_gnubg_writes_them() -> None:
    # From an XGID converted by gnubg: money game, X (gnubg's player 1, our Black) on roll
    # with 2-1, owning a 2-cube; O has one checker on the bar and nine off.
    black = side({1: 6, 2: 2, 3: 2, 4: 2, 6: 1, 10: 1, 18: 1})
    white = side({1: 2, 3: 3}, bar=1)
    state = BackgammonState(sides=(white, black), turn=1, to_move=1, phase="move", dice=(2, 1), rolled=(2, 1),
                            cube_enabled=True, cube=2, cube_owner=1)
    assert position_id(state) == "cwAAoN82IUAAAA"
    assert match_id(state) == "UQkFAAAAAAAA"
    assert position_from_id("cwAAoN82IUAAAA") == (black, white)


def test_the_match_key_example_from_gnubgs_manual() -> None:
    # 9-point match at 2-4, player 0 holds a 2-cube, player 1 has rolled 5-2.
    fields = dict(cube_log=1, cube_owner=0, on_roll=1, crawford=0, game_state=1, deciding=1, doubled=0,
                  resigned=0, die_1=5, die_2=2, match_length=9, score_0=2, score_1=4)
    assert match_key_id(**fields) == "QYkqASAAIAAA"
    assert match_fields("QYkqASAAIAAA") == fields


def test_ids_follow_the_game() -> None:
    record, final = random_record({"match": "3", "cube": "on", "scoring": "gammons"}, 7)
    state = BackgammonState.new(2, dict(record.options), record.seed)
    for move in record.moves:
        state = state.play(move)
        seat = state.turn
        assert position_from_id(position_id(state)) == (state.sides[seat], state.sides[1 - seat])
        fields = match_fields(match_id(state))
        assert (fields["score_0"], fields["score_1"], fields["match_length"]) == (*state.score, 3)
        assert fields["doubled"] == (state.phase == "take") and 1 << fields["cube_log"] == state.cube
    assert match_fields(match_id(final))["game_state"] in (2, 4)


@pytest.mark.parametrize("text", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABM!", "//////////////", 17])
def test_bad_position_ids(text: object) -> None:
    with pytest.raises(RecordError):
        position_from_id(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("options, seed", [
    ({"match": "5", "cube": "on", "scoring": "gammons"}, 4),
    ({"match": "3", "cube": "off", "scoring": "single"}, 2),
    ({}, 11),
])
def test_export_then_import_gives_the_record_back(options: dict[str, str], seed: int) -> None:
    record, _ = random_record(options, seed)
    text = export_match(record)
    back = import_match(text)
    assert (back.options, back.moves) == (record.options, record.moves)
    # Without our option comments, options are found that make every "Wins" line come out right.
    bare = import_match("\n".join(line for line in text.splitlines() if not line.startswith(";")))
    assert replayed(bare).results == replayed(record).results


GNUBG_STYLE = """
 3 point match

 Game 1
 gnubg : 0                          You : 0
  1)                             52: 13/8 24/22
  2) 31: 8/5 6/5                  Doubles => 2
  3)  Drops
                                  Wins 1 point

 Game 2
 gnubg : 0                          You : 1
  1) 31: 8/5 6/5                 62: 24/18 13/11
  2) 66: 24/18(2) 13/7*(2)        Doubles => 2
  3)  Takes                      41: bar/21 24/23
  4) 54: 13/8/4*                 66:
  5)  Doubles => 4                Drops
      Wins 2 points
"""


def replayed(record: Record) -> BackgammonState:
    state = BackgammonState.new(2, dict(record.options), record.seed)
    for move in record.moves:
        state = state.play(move)
    return state


def test_import_reads_gnubg_style_text() -> None:
    record = import_match(GNUBG_STYLE)
    assert dict(record.options) == {"cube": "on", "match": "3", "scoring": "gammons"}
    # Black threw the higher die; White decides "roll" before its first roll (the cube is free).
    assert record.moves[:7] == ("opening 2-5", "13/8", "24/22", "roll", "roll 1-3", "8/5", "6/5")
    assert record.moves.count("24/18") == 3 and "bar/21" in record.moves  # Black once, White twice
    state = replayed(record)
    assert (state.score, state.game, state.crawford) == ((2, 1), 3, True)
    assert [result[:2] for result in state.results] == [(1, 1), (0, 2)]


@pytest.mark.parametrize("text, words", [
    ("no header\n", "point match"),
    (" 3 point match\n  1) 31: 8/5 6/5\n", "Game 1"),
    (" 3 point match\n Game 1\n  1) 31: 8/5 6/4\n", "cannot be played"),
    (" 3 point match\n Game 1\n  1) 33: 8/5 6/3\n", "double"),
    (" 3 point match\n Game 1\n  1) 31: 8/5 6/5 zz\n", "not a checker move"),
    (" 9 point match\n Game 1\n", "1, 3, 5 or 7"),
    (" 3 point match\n Game 1\n  1) 31: 8/5 6/5 Takes\n", "no double"),
])
def test_import_refuses_what_does_not_replay(text: str, words: str) -> None:
    with pytest.raises(RecordError) as error:
        import_match(text)
    assert words in str(error.value)


def test_export_refuses_a_record_of_another_game() -> None:
    with pytest.raises(RecordError):
        export_match(Record("kalah", (), 2, 0, ()))


@pytest.mark.parametrize("text, words", [
    (" " + "9" * 5000 + " point match\n Game 1\n", "match length cannot have 5000 digits"),
    (" 0" + "3" * 5000 + " point match\n Game 1\n", "match length cannot have 5001 digits"),
    (GNUBG_STYLE.replace("Wins 1 point", "Wins " + "9" * 5000 + " points"), "5000 digits"),
    (GNUBG_STYLE.replace("Wins 2 points", "Wins " + "1" * 5000 + " points"), "5000 digits"),
    (" 3 point match\n Game 1\n" + ";\n" * 500_000, "longer than"),
    (GNUBG_STYLE.replace("41: bar/21", "41: bar/" + "2" * 5000), "not a checker move"),
    (" 3 point match\n Game 1\n  1) " + "x" * 5000 + "\n", "cannot read"),
    ("x" * 5000 + "\n", "expected"),
])
def test_hostile_numbers_and_lengths_are_refused_quickly_and_clearly(text: str, words: str) -> None:
    started = time.perf_counter()
    with pytest.raises(RecordError) as error:
        import_match(text)
    assert time.perf_counter() - started < 1.0
    assert words in str(error.value) and len(str(error.value)) < 160


SHORT_MATCH = export_match(random_record({"match": "3", "cube": "on", "scoring": "gammons"}, 6)[0])
MATCH_CHARACTERS = "0123456789:/*() \n;[]\"abDGWTiknosaefmprt=>"


NUMBERS = st.sampled_from(["0", "1", "2", "3", "7", "01", "9" * 5000])
LINES = st.one_of(NUMBERS.map(" {} point match".format), st.sampled_from([" Game 1", " Game 2"]),
                  NUMBERS.map("      Wins {} points".format), NUMBERS.map((" " * 34 + "Wins {} point").format),
                  st.sampled_from(SHORT_MATCH.splitlines()), st.text(MATCH_CHARACTERS, max_size=30))


@settings(derandomize=True, max_examples=200, deadline=1000)
@given(st.one_of(st.text(max_size=200), st.text(MATCH_CHARACTERS, max_size=200),
                 mutated(SHORT_MATCH, MATCH_CHARACTERS), mutated(GNUBG_STYLE, MATCH_CHARACTERS),
                 st.lists(LINES, max_size=12).map("\n".join)))
def test_any_text_is_read_or_refused_with_a_record_error(text: str) -> None:
    try:
        import_match(text)
    except RecordError:
        pass


def test_a_game_won_by_resignation_goes_out_and_comes_back() -> None:
    """A 3-point match whose first game White resigns as a gammon, half way through a roll."""
    state = BackgammonState.new(2, {"match": "3", "scoring": "gammons"}, 5)
    moves: list[str] = []
    while state.game == 1 and not (state.phase == "move" and len(state.played) == 1 and state.turn == 0):
        move = chance_move(state) if state.to_move == CHANCE else state.playing_moves()[0]
        state = state.play(move)
        moves.append(move)
    offered = state.play("resign gammon")
    assert match_fields(match_id(offered))["resigned"] == 2
    state = offered.play("accept")
    moves += ["resign gammon", "accept"]
    assert state.results[-1] == (1, 2, "resign gammon") and state.game == 2
    record = Record("backgammon", (("cube", "off"), ("match", "3"), ("scoring", "gammons")), 2, 5, tuple(moves))
    text = export_match(record)
    assert "Wins 2 points" in text
    assert import_match(text).moves == record.moves


def test_a_wins_line_that_no_resignation_explains_is_refused() -> None:
    text = " 1 point match\n\n Game 1\n White : 0                      Black : 0\n  1)                             52: 13/8 24/22\n" \
           "      Wins 5 points\n"
    with pytest.raises(RecordError, match="not over yet"):
        import_match(text)
