"""Hostile input at the bridge: every request gets an error code and a message a
person can read, quickly, and leaves every game as it was.

Each named case is one a fuzzing review found. The property tests then throw
random text, random JSON and damaged versions of real requests at the bridge.
Time is counted in CPU seconds of this process (`time.process_time`), so a busy
machine cannot make a test fail; the bar is the issue's: one second.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import bridge
from pygames_core.core import CHANCE, chance_move
from pygames_core.record import MAX_MOVES, Record, pack
from pygames_core.rng import Rng

SECOND = 1.0
CODES = {"bad_request", "unknown_game", "bad_options", "bad_record", "invalid_move", "illegal_move", "game_over",
         "not_your_turn", "cannot_watch", "not_your_seat"}


def answer_to(request: Any) -> tuple[dict[str, Any], float]:
    text = request if isinstance(request, str) else json.dumps(request)
    started = time.process_time()
    answer = json.loads(bridge.handle(text))
    return answer, time.process_time() - started


def refused(request: Any) -> dict[str, Any]:
    """The error of a request that must be refused in words, within a second."""
    answer, seconds = answer_to(request)
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert error["code"] in CODES, error
    assert "Error" not in error["message"] and "Traceback" not in error["message"], error
    assert seconds < SECOND, f"{seconds:.2f} s"
    return error


@pytest.fixture(scope="module")
def kalah_game() -> dict[str, Any]:
    answer, _ = answer_to({"op": "new", "game": "kalah", "seed": 3})
    for move in ("3", "1"):
        answer, _ = answer_to({"op": "play", "record": answer["record"], "move": move})
    return answer


def unchanged(game: dict[str, Any]) -> None:
    """The game in progress answers exactly as before."""
    again, _ = answer_to({"op": "load", "record": game["record"]})
    assert again == game


# -- the cases found ---------------------------------------------------------------------

DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize("text, words", [
    ('{"op": "new", "game": "kalah", "options": ' + DEEP + "}", "nested too deeply"),
    ("[" * 100_000, "nested too deeply"),
    ('{"op": "new", "game": "kalah", "seed": ' + "9" * 4400 + "}", "number too long"),
    ("9" * 4400, "number too long"),
])
def test_deep_json_and_long_numbers_at_the_top_level(text: str, words: str, kalah_game: dict[str, Any]) -> None:
    error = refused(text)
    assert error["code"] == "bad_request" and words in error["message"]
    unchanged(kalah_game)


@pytest.mark.parametrize("player", [[], {}, 7, None])
def test_a_computer_player_that_is_not_a_name(player: Any, kalah_game: dict[str, Any]) -> None:
    error = refused({"op": "computer_move", "record": kalah_game["record"], "player": player})
    assert error["code"] == "bad_request" and "no computer player" in error["message"]
    unchanged(kalah_game)


@pytest.mark.parametrize("text", [
    "(;GM[1]FF[4]SZ[19]AB" + "[aa:ss]" * 140_000 + ")",
    "(;GM[1]FF[4]SZ[19]HA[2]AB" + "[aa:ss]" * 140_000 + ")",
    "(;GM[1]FF[4]SZ[19];B[aa]AE" + "[aa:ss]" * 140_000 + ")",
    "(;GM[1]FF[4]SZ[9]HA[inf])",
    "(;GM[1]FF[4]SZ[9]HA[1e999])",
    "(;GM[1]FF[4]SZ[9]HA[nan])",
    "(;GM[1]FF[4]SZ[9]KM[-inf])",
    "(;GM[1]FF[4]SZ[" + "9" * 5000 + "])",
])
def test_hostile_sgf(text: str) -> None:
    assert refused({"op": "import", "game": "go", "format": "sgf", "text": text})["code"] == "bad_record"


@pytest.mark.parametrize("text", [
    " " + "7" * 5000 + " point match\n\n Game 1\n Black : 0                 White : 0\n",
    " 7 point match\n\n Game 1\n Black : 0                 White : 0\n  1)  31: 8/5 6/5            52: 13/8 13/11\n"
    "                             Wins " + "1" * 5000 + " points\n",
])
def test_hostile_match_text(text: str) -> None:
    assert refused({"op": "import", "game": "backgammon", "format": "mat", "text": text})["code"] == "bad_record"


def long_lost_cities_record(plies: int) -> Record:
    """A legal Lost Cities game of about `plies` moves: both players keep taking
    from the discard piles, then play to the end by drawing from the deck."""
    record = Record.start("lostcities", {"rounds": "1"}, seed=11)
    state = record.new_state()
    choose = Rng(11)
    moves = []
    while not state.is_over():
        legal = state.legal_moves()
        if state.to_move == CHANCE:
            move = chance_move(state)
        elif state.phase == "play":
            move = choose.choice([move for move in legal if move.startswith("discard")] or legal)
        else:  # draw: from a pile while the game is short of `plies`
            piles = [move for move in legal if move != "draw deck"]
            move = choose.choice(piles) if piles and len(moves) < plies else "draw deck"
        state = state.play(move)
        moves.append(move)
    return Record(record.game, record.options, record.players, record.seed, tuple(moves))


def test_a_long_legal_link_replays_in_linear_time() -> None:
    record = long_lost_cities_record(19_000)  # a quadratic replay took 1.9 s here
    assert 19_000 <= len(record.moves) < MAX_MOVES
    bridge._cache.clear()
    answer, seconds = answer_to({"op": "load", "url": record.to_url()})
    assert answer["ok"] and answer["outcome"] is not None
    assert seconds < SECOND, f"{seconds:.2f} s for {len(record.moves)} moves"


def test_a_crafted_watch_link_is_refused_within_its_work() -> None:
    moves = 20_000
    watch = {"game": "lostcities", "options": {}, "players": 2, "moves": ["deal"] * moves, "views": "0" * 6 * moves}
    link = pack(json.dumps(watch, separators=(",", ":")), "w1")
    assert len(link) < 700
    bridge._watched.clear()
    assert "cannot be played in the game watched" in refused({"op": "load", "watch_url": link})["message"]


def test_an_unexpected_failure_is_told_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bridge._OPERATIONS, "games", lambda request: {}["no such key"])
    answer, _ = answer_to({"op": "games"})
    assert answer["error"]["code"] == "internal"
    assert answer["error"]["message"].startswith("the game engine met something it did not expect")
    assert "KeyError" in answer["error"]["detail"] and "Traceback" in answer["error"]["trace"]


# -- properties --------------------------------------------------------------------------

OPS = sorted(bridge._OPERATIONS)
FIELDS = ["op", "game", "options", "players", "seed", "record", "move", "seat", "seats", "url", "watch_url", "watch",
          "ply", "player", "budget_ms", "format", "text", "humans"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FAST = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def assert_answered(request: Any) -> dict[str, Any]:
    answer, seconds = answer_to(request)
    if not answer["ok"]:
        assert answer["error"]["code"] in CODES, answer["error"]
    assert seconds < SECOND, f"{seconds:.2f} s for {str(request)[:200]}"
    return answer


@FAST
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda raw: raw.decode("latin-1")))
def test_random_text(text: str) -> None:
    assert_answered(text)


@FAST
@given(st.sampled_from(OPS), st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6))
def test_random_requests(op: str, fields: dict[str, Any]) -> None:
    assert_answered({**fields, "op": op})


def real_requests() -> list[dict[str, Any]]:
    """One request of each kind, on games of every kind, as the page sends them."""
    requests: list[dict[str, Any]] = []
    for game in ("kalah", "go", "backgammon", "lostcities", "nautilus"):
        record = Record.start(game, seed=5)
        state = record.new_state()
        choose = Rng(5)
        for _ in range(12):
            move = chance_move(state) if state.to_move == CHANCE else choose.choice(state.playing_moves())
            state = state.play(move)
            record = record.play(move)
        plain = record.to_dict()
        requests += [
            {"op": "new", "game": game, "options": {}, "players": 2, "seed": 9},
            {"op": "play", "record": plain, "move": (state.legal_moves() or ["pass"])[0], "seat": state.to_move},
            {"op": "load", "record": plain, "seat": 0},
            {"op": "undo", "record": plain, "seats": [0]},
            {"op": "computer_move", "record": plain, "player": "random", "budget_ms": 5, "seed": 1},
            {"op": "view", "record": plain, "seat": 1},
            {"op": "legal_moves", "record": plain},
        ]
    requests.append({"op": "import", "game": "go", "format": "sgf", "text": "(;GM[1]FF[4]SZ[9];B[ee];W[cc])"})
    return requests


REAL = real_requests()


def damaged(request: dict[str, Any], path: list[int], value: Any) -> dict[str, Any]:
    """`request` with one field set to `value`: `path` picks a key or an index at
    each level (modulo what is there), going down while there is more to go down."""
    copy = json.loads(json.dumps(request))
    node: Any = copy
    for depth, step in enumerate(path):
        key = sorted(node)[step % len(node)] if isinstance(node, dict) else step % len(node)
        child = node[key]
        if depth == len(path) - 1 or not isinstance(child, (dict, list)) or not child:
            node[key] = value
            break
        node = child
    return copy


@FAST
@given(st.sampled_from(range(len(REAL))), st.lists(st.integers(0, 50), min_size=1, max_size=4), JSON)
def test_damaged_real_requests(which: int, path: list[int], value: Any) -> None:
    request = REAL[which]
    assert_answered(damaged(request, path, value))
    assert_answered(request)["ok"]  # and the real request still works
