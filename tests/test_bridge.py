"""The bridge: every error code reached by bad input, and a game in progress
surviving each one unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames_core import ai, bridge


def call(request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    answer = json.loads(bridge.handle(text))
    assert isinstance(answer["ok"], bool)
    return answer


def error_code(request: Any) -> str:
    answer = call(request)
    assert answer["ok"] is False, answer
    assert answer["error"]["message"]
    return answer["error"]["code"]


@pytest.fixture
def kalah_game() -> dict[str, Any]:
    """A Kalah game three moves in."""
    answer = call({"op": "new", "game": "kalah", "options": {"stones": "4"}, "players": 2, "seed": 5})
    for _ in range(3):
        answer = call({"op": "play", "record": answer["record"], "move": answer["legal_moves"][-1]})
        assert answer["ok"], answer
    return answer


def test_games_lists_the_registry() -> None:
    answer = call({"op": "games"})
    assert answer["ok"]
    assert [g["id"] for g in answer["games"]][:2] == ["kalah", "bobail"]


def test_new_game_snapshot() -> None:
    answer = call({"op": "new", "game": "bobail"})
    assert answer["ok"]
    assert answer["to_move"] == 0
    assert answer["ply"] == 0
    assert answer["record"]["moves"] == []
    assert len(answer["legal_moves"]) == 13 + 1  # and the offer of a draw
    assert answer["outcome"] is None


@pytest.mark.parametrize(
    "request_text, code",
    [
        ("{not json", "bad_request"),
        ("[1, 2]", "bad_request"),
        ('{"op": "fly"}', "bad_request"),
        ('{"op": "new", "game": "chess"}', "unknown_game"),
        ('{"op": "new", "game": "kalah", "options": {"stones": "9"}}', "bad_options"),
        ('{"op": "new", "game": "kalah", "options": {"colour": "red"}}', "bad_options"),
        ('{"op": "new", "game": "kalah", "players": 3}', "bad_options"),
        ('{"op": "new", "game": "kalah", "options": "stones"}', "bad_options"),
        ('{"op": "load", "url": "1!!!!"}', "bad_record"),
        ('{"op": "load", "url": "garbage"}', "bad_record"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2, "moves": [7]}, "move": "1"}', "bad_record"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2, "moves": ["1", "1", "1"]}, "move": "1"}',
         "bad_record"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2, "extra": 1}, "move": "1"}', "bad_record"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2}, "move": "7"}', "invalid_move"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2}, "move": "swap"}', "illegal_move"),
        ('{"op": "play", "record": {"game": "kalah", "players": 2}, "move": "1", "seat": 1}', "not_your_turn"),
        ('{"op": "undo", "record": {"game": "kalah", "players": 2}}', "illegal_move"),
        ('{"op": "computer_move", "record": {"game": "kalah", "players": 2}, "player": "oracle"}', "bad_request"),
        ('{"op": "computer_move", "record": {"game": "kalah", "players": 2}, "level": "expert"}', "bad_request"),
        ('{"op": "computer_move", "record": {"game": "kalah", "players": 2}, "level": 1}', "bad_request"),
    ],
)
def test_bad_input_gives_its_code(request_text: str, code: str) -> None:
    assert error_code(request_text) == code


def test_game_over_code() -> None:
    answer = call({"op": "new", "game": "kalah", "options": {"stones": "3"}, "seed": 1})
    while answer["outcome"] is None:
        answer = call({"op": "play", "record": answer["record"], "move": answer["legal_moves"][0]})
    assert error_code({"op": "play", "record": answer["record"], "move": "1"}) == "game_over"
    assert error_code({"op": "computer_move", "record": answer["record"]}) == "game_over"


def test_a_game_survives_every_bad_request(kalah_game: dict[str, Any]) -> None:
    record = kalah_game["record"]
    before = call({"op": "load", "record": record})
    bad_requests = [
        {"op": "play", "record": record, "move": "swap swap"},
        {"op": "play", "record": record, "move": "9"},
        {"op": "play", "record": record, "move": None},
        {"op": "play", "record": record, "move": "1", "seat": 1 - kalah_game["to_move"]},
        {"op": "play", "record": {**record, "moves": record["moves"] + ["oops"]}, "move": "1"},
        {"op": "view", "record": record, "seat": 5},
        {"op": "load", "url": kalah_game["url"][:-6] + "AAAAAA"},
    ]
    for request in bad_requests:
        assert call(request)["ok"] is False, request
    after = call({"op": "load", "record": record})
    assert after == before
    assert call({"op": "load", "url": kalah_game["url"]}) == before


def test_play_undo_and_views(kalah_game: dict[str, Any]) -> None:
    record = kalah_game["record"]
    undone = call({"op": "undo", "record": record})
    assert undone["record"]["moves"] == record["moves"][:-1]
    back_to_seat_0 = call({"op": "undo", "record": record, "seats": [0]})
    assert back_to_seat_0["to_move"] == 0
    assert len(back_to_seat_0["record"]["moves"]) < len(record["moves"])
    legal = call({"op": "legal_moves", "record": record})
    assert legal["legal_moves"] == kalah_game["legal_moves"]
    view = call({"op": "view", "record": record, "seat": None})
    assert view["ok"] and isinstance(view["view"], dict)


def test_computer_move_is_legal_and_recorded(kalah_game: dict[str, Any]) -> None:
    answer = call({"op": "computer_move", "record": kalah_game["record"], "player": "random", "seed": 3})
    assert answer["ok"], answer
    assert answer["move"] in kalah_game["legal_moves"]
    assert answer["record"]["moves"] == kalah_game["record"]["moves"] + [answer["move"]]


def test_a_computer_move_plays_at_the_level_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    game = call({"op": "new", "game": "bobail", "seed": 2})
    levels: list[str] = []
    choose_move = ai.choose_move

    def recording(*args: Any, **kwargs: Any) -> str:
        levels.append(kwargs["level"])
        return choose_move(*args, **kwargs)

    monkeypatch.setattr(ai, "choose_move", recording)
    for level in ai.LEVELS:
        answer = call({"op": "computer_move", "record": game["record"], "budget_ms": 20, "level": level})
        assert answer["ok"] and answer["move"] in game["legal_moves"]
    call({"op": "computer_move", "record": game["record"], "budget_ms": 20})
    assert levels == [*ai.LEVELS, "strong"]


def inner(request: dict[str, Any]) -> dict[str, Any]:
    return json.loads(bridge.handle_inner(json.dumps(request)))


def test_a_computer_move_combines_searches_run_side_by_side() -> None:
    game = call({"op": "new", "game": "bobail", "seed": 2})
    asked = {"op": "search_part", "record": game["record"], "budget_ms": 60, "seed": 9}
    parts = [inner({**asked, "part": part})["part"] for part in range(2)]
    assert all(part["iterations"] > 0 and part["move"] in game["legal_moves"] for part in parts)
    answer = call({"op": "computer_move", "record": game["record"], "budget_ms": 60, "parts": parts})
    assert answer["ok"], answer
    assert answer["parts"] == [part["iterations"] for part in parts]
    visits = {move: sum(part["visits"].get(move, 0) for part in parts) for move in game["legal_moves"]}
    assert visits[answer["move"]] == max(visits.values())
    assert call({"op": "computer_move", "record": game["record"], "budget_ms": 20})["parts"] == []
    hint = call({"op": "hint", "record": game["record"], "budget_ms": 60, "parts": parts})
    assert hint["ok"], hint
    assert (hint["move"], hint["parts"]) == (answer["move"], answer["parts"])
    assert 0 < hint["outlook"] < 1


def test_searches_in_parts_are_only_for_the_engine_s_own_workers() -> None:
    game = call({"op": "new", "game": "bobail", "seed": 2})
    assert error_code({"op": "search_part", "record": game["record"], "part": 0}) == "bad_request"
    kalah = call({"op": "new", "game": "kalah"})
    assert inner({"op": "search_part", "record": kalah["record"], "budget_ms": 20, "part": 1}) == {"ok": True, "part": None}
    for part in (-1, 16, True, "1"):
        refused = inner({"op": "search_part", "record": game["record"], "part": part})
        assert refused["error"]["code"] == "bad_request"
    assert inner({"op": "play", "record": game["record"], "move": "a1-a4"})["error"]["code"] == "bad_request"


@pytest.mark.parametrize("parts", [
    "all", [{}], [{"move": "b1-b4", "iterations": 1, "seconds": 0, "visits": {"b1-b4": 1}}],
    [{"move": "b1-b4", "iterations": 1, "seconds": 0, "visits": {"b1-b4": -1}, "values": {"b1-b4": 1}}],
    [{"move": "b1-b4", "iterations": 1, "seconds": 0, "visits": {"b1-b4": 1}, "values": {"b1-b2": 1}}],
    [{"move": "b1-b4", "iterations": 1, "seconds": 0, "visits": {"b1-b4": 1}, "values": {"b1-b4": "1"}}],
    [{"move": "z1-z2", "iterations": 1, "seconds": 0, "visits": {"z1-z2": 1}, "values": {"z1-z2": 1}}],
    [{"move": "b1-b4", "iterations": 1, "seconds": 0, "visits": {"b1-b4": 1}, "values": {"b1-b4": 1}}] * 17,
])
def test_malformed_parts_are_refused(parts: object) -> None:
    game = call({"op": "new", "game": "bobail", "seed": 2})
    for op in ("computer_move", "hint"):
        assert error_code({"op": op, "record": game["record"], "parts": parts}) == "bad_request"


def test_parts_are_refused_where_the_search_does_not_split() -> None:
    kalah = call({"op": "new", "game": "kalah"})
    part = {"move": "1", "iterations": 1, "seconds": 0, "visits": {"1": 1}, "values": {"1": 1}}
    assert error_code({"op": "computer_move", "record": kalah["record"], "parts": [part]}) == "bad_request"


def test_replay_cache_follows_branches() -> None:
    """Undo then a different move must not reuse the abandoned line."""
    start = call({"op": "new", "game": "kalah", "seed": 9})
    line_a = call({"op": "play", "record": start["record"], "move": "1"})
    line_b = call({"op": "play", "record": start["record"], "move": "2"})
    assert call({"op": "load", "record": line_a["record"]})["view"] == line_a["view"]
    assert call({"op": "load", "record": line_b["record"]})["view"] == line_b["view"]
    assert line_a["view"] != line_b["view"]


def test_movers_name_the_seat_of_every_move() -> None:
    """Kalah: South's 4 stones in pit 3 end in its store, so South moves twice."""
    answer = call({"op": "new", "game": "kalah", "options": {"stones": "4"}})
    for move in ("3", "1", "2"):
        answer = call({"op": "play", "record": answer["record"], "move": move})
    assert answer["movers"] == [0, 0, 1]
    assert call({"op": "load", "url": answer["url"]})["movers"] == [0, 0, 1]


def test_undo_against_the_computer_goes_to_the_start_of_the_human_turn() -> None:
    """Bobail: green's turn is a Bobail step and a token slide; undo for the
    human green takes back red's whole turn and green's whole turn."""
    answer = call({"op": "new", "game": "bobail"})
    for move in ("a1-b2", "c3-c4", "a5-a1", "c4-d3", "b1-a2"):
        answer = call({"op": "play", "record": answer["record"], "move": move})
        assert answer["ok"], answer
    assert answer["movers"] == [0, 1, 1, 0, 0]
    undone = call({"op": "undo", "record": answer["record"], "seats": [0]})
    assert undone["record"]["moves"] == ["a1-b2", "c3-c4", "a5-a1"]
    assert undone["to_move"] == 0 and undone["view"]["phase"] == "bobail"
    again = call({"op": "undo", "record": undone["record"], "seats": [0]})
    assert again["record"]["moves"] == []
    one = call({"op": "undo", "record": answer["record"]})
    assert one["record"]["moves"] == ["a1-b2", "c3-c4", "a5-a1", "c4-d3"]


def test_games_can_name_one_game() -> None:
    answer = call({"op": "games", "game": "bobail"})
    assert [entry["id"] for entry in answer["games"]] == ["bobail"]
    assert error_code({"op": "games", "game": "chess"}) == "unknown_game"


def test_go_records_travel_as_sgf() -> None:
    start = call({"op": "new", "game": "go", "options": {"size": "9", "komi": "handicap2"}})
    assert start["ok"], start
    answer = start
    for move in ("D4", "E5", "pass"):
        answer = call({"op": "play", "record": answer["record"], "move": move})
    exported = call({"op": "export", "record": answer["record"], "format": "sgf"})
    assert exported["ok"] and "SZ[9]" in exported["text"] and "HA[2]" in exported["text"]
    imported = call({"op": "import", "game": "go", "format": "sgf", "text": exported["text"]})
    assert imported["ok"], imported
    assert imported["record"]["moves"] == answer["record"]["moves"]
    assert imported["view"] == answer["view"]
    assert call({"op": "games", "game": "go"})["games"][0]["formats"] == ["sgf"]
    assert error_code({"op": "import", "game": "go", "format": "sgf", "text": "(;SZ[9];B[zz"}) == "bad_record"
    assert error_code({"op": "export", "record": answer["record"], "format": "pdf"}) == "bad_request"
    assert error_code({"op": "import", "game": "kalah", "format": "sgf", "text": "(;)"}) == "bad_request"


def test_backgammon_matches_travel_as_match_text() -> None:
    answer = call({"op": "new", "game": "backgammon", "options": {}, "seed": 4})
    for _ in range(12):
        if answer["outcome"]:
            break
        answer = call({"op": "computer_move", "record": answer["record"], "player": "random"})
        assert answer["ok"], answer
    exported = call({"op": "export", "record": answer["record"], "format": "mat"})
    assert exported["ok"], exported
    imported = call({"op": "import", "game": "backgammon", "format": "mat", "text": exported["text"]})
    assert imported["ok"], imported
    assert imported["view"]["position_id"] == answer["view"]["position_id"]
    assert error_code({"op": "import", "game": "backgammon", "format": "mat", "text": "nonsense"}) == "bad_record"


def test_hidden_information_undo_stays_inside_the_turn() -> None:
    """Lost Cities: a card played can be taken back until the player draws;
    after the draw, or once the turn has passed, undo is refused and the game
    is unchanged."""
    answer = call({"op": "new", "game": "lostcities", "seed": 8})
    while answer["to_move"] == -1:  # the deal
        answer = call({"op": "computer_move", "record": answer["record"]})
    seat = answer["to_move"]
    answer = call({"op": "play", "record": answer["record"], "move": answer["legal_moves"][0]})
    assert answer["to_move"] == seat  # now the draw
    undone = call({"op": "undo", "record": answer["record"], "seats": [seat]})
    assert undone["ok"] and undone["ply"] == answer["ply"] - 1
    drawn = call({"op": "play", "record": answer["record"], "move": "draw deck"})
    assert drawn["to_move"] == -1
    assert error_code({"op": "undo", "record": drawn["record"]}) == "illegal_move"
    dealt = call({"op": "computer_move", "record": drawn["record"]})
    assert dealt["to_move"] == 1 - seat
    refused = call({"op": "undo", "record": dealt["record"], "seats": [seat]})
    assert refused["ok"] is False and "drawn" in refused["error"]["message"]


def test_snapshots_tell_whose_turn_each_move_belongs_to() -> None:
    answer = call({"op": "new", "game": "backgammon", "seed": 4})
    for _ in range(6):
        if answer["to_move"] == -1:
            answer = call({"op": "computer_move", "record": answer["record"]})
        else:
            answer = call({"op": "play", "record": answer["record"], "move": answer["legal_moves"][0]})
    assert answer["turns"][0] is None  # the opening roll is nobody's turn
    for index, move in enumerate(answer["record"]["moves"][1:], start=1):
        if move.startswith("roll "):  # a roll belongs to the turn of the seat that plays it
            assert answer["turns"][index] == answer["movers"][index + 1]
        else:
            assert answer["turns"][index] == answer["movers"][index]


def test_a_snapshot_says_when_the_decision_settles_the_turn() -> None:
    """So the page's computer may spend a whole turn's budget on a decision that surely ends the turn
    (a Go move, a LITS piece, a Pylos ball that completes no square, Bobail's token move, Lost
    Cities' draw) or on a Backgammon roll's play (the turn search plans it whole), and only half on
    a decision a turn may follow with more (a Kalah sowing can end in the store, a Bobail move is
    followed by a token's)."""
    go = call({"op": "new", "game": "go", "seed": 1})
    assert go["last_decision"] is True
    for move in ("pass", "pass"):
        go = call({"op": "play", "record": go["record"], "move": move})
    assert go["view"]["stage"] == "marking" and go["last_decision"] is False  # toggles, then accept
    assert call({"op": "new", "game": "kalah", "seed": 1})["last_decision"] is False  # pit 3 ends in the store
    assert call({"op": "new", "game": "lits", "seed": 1})["last_decision"] is True
    assert call({"op": "new", "game": "pylos", "seed": 1})["last_decision"] is True  # no square to complete
    bobail = call({"op": "new", "game": "bobail", "seed": 1})
    assert bobail["view"]["phase"] == "token" and bobail["last_decision"] is True
    bobail = call({"op": "play", "record": bobail["record"], "move": bobail["legal_moves"][0]})
    assert bobail["view"]["phase"] == "bobail" and bobail["last_decision"] is False
    cards = call({"op": "new", "game": "lostcities", "seed": 8})
    while cards["to_move"] == -1:  # the deal
        cards = call({"op": "computer_move", "record": cards["record"]})
    assert cards["last_decision"] is False  # a card to play, then the draw
    cards = call({"op": "play", "record": cards["record"], "move": cards["legal_moves"][0]})
    assert cards["legal_moves"][0] == "draw deck" and cards["last_decision"] is True
    rolling = call({"op": "new", "game": "backgammon", "seed": 1})
    assert rolling["to_move"] == -1 and rolling["last_decision"] is False
    rolled = call({"op": "play", "record": rolling["record"], "move": rolling["legal_moves"][0]})
    assert rolled["to_move"] in (0, 1) and rolled["legal_moves"] and rolled["last_decision"] is True
    stepped = call({"op": "play", "record": rolled["record"], "move": rolled["legal_moves"][0]})
    assert stepped["to_move"] == rolled["to_move"] and stepped["last_decision"] is True  # the play's second step


def test_a_snapshot_says_why_undo_would_refuse() -> None:
    start = call({"op": "new", "game": "kalah", "humans": [0]})
    assert start["undo_refused"] == "there is no move to take back"
    moved = call({"op": "play", "record": start["record"], "move": "1", "humans": [0]})
    assert moved["undo_refused"] is None
    dealt = call({"op": "new", "game": "lostcities", "seed": 8, "seat": None})
    while dealt["to_move"] == -1:
        dealt = call({"op": "computer_move", "record": dealt["record"], "seat": None})
    dealt = call({"op": "load", "record": dealt["record"], "seat": 0, "humans": [0, 1]})
    played = call({"op": "play", "record": dealt["record"], "move": dealt["legal_moves"][0], "humans": [0, 1]})
    assert played["undo_refused"] is None  # inside the turn
    drawn = call({"op": "play", "record": played["record"], "move": "draw deck", "humans": [0, 1]})
    assert drawn["undo_refused"] == "a card has been drawn since: it cannot be taken back"
    assert error_code({"op": "undo", "record": drawn["record"]}) == "illegal_move"


def test_a_snapshot_tells_what_each_move_set_off() -> None:
    # The golden Flaming Pyramids game: its first collapse shows as a note on that move only.
    from pathlib import Path

    record = json.loads((Path(__file__).parent / "golden" / "flamingpyramids.json").read_text())["record"]
    answer = call({"op": "load", "record": record})
    assert answer["ok"] and len(answer["notes"]) == len(record["moves"])
    collapses = [ply for ply, said in enumerate(answer["notes"]) if any("does not fit" in line for line in said)]
    assert collapses, "the golden game has a collapse"
    move = record["moves"][collapses[0]]
    assert ":" in move, "a collapse follows a tile laid"
    assert not any(line.startswith(("Amber lays", "Violet lays")) for said in answer["notes"] for line in said), \
        "the move itself is the move list's own line"
    assert call({"op": "new", "game": "kalah"})["notes"] == []


def test_a_hint_names_a_legal_move_and_changes_nothing(kalah_game: dict[str, Any]) -> None:
    hint = call({"op": "hint", "record": kalah_game["record"], "budget_ms": 100, "seed": 2})
    assert hint["ok"] and hint["move"] in kalah_game["legal_moves"] and hint["play"] == [hint["move"]]
    assert hint["outlook"] in (None, 0.0, 1.0)  # alpha-beta rates only a forced result
    again = call({"op": "legal_moves", "record": kalah_game["record"]})
    assert again["legal_moves"] == kalah_game["legal_moves"]


def test_a_backgammon_hint_is_the_whole_play() -> None:
    answer = call({"op": "new", "game": "backgammon", "seed": 3})
    while answer["to_move"] == -1:
        answer = call({"op": "computer_move", "record": answer["record"]})
    hint = call({"op": "hint", "record": answer["record"], "budget_ms": 200})
    assert 0.0 < hint["outlook"] < 1.0 and hint["play"][0] == hint["move"]
    seat = answer["to_move"]
    for move in hint["play"]:
        assert answer["to_move"] == seat and move in answer["legal_moves"]
        answer = call({"op": "play", "record": answer["record"], "move": move})
    assert answer["to_move"] != seat


@pytest.mark.parametrize(("change", "code"), [
    ({"budget_ms": 0}, "bad_request"), ({"budget_ms": True}, "bad_request"), ({"seed": "x"}, "bad_request"),
])
def test_a_hint_refuses_bad_budgets(kalah_game: dict[str, Any], change: dict[str, Any], code: str) -> None:
    assert error_code({"op": "hint", "record": kalah_game["record"], **change}) == code


def test_no_hint_at_a_chance_point_or_after_the_end() -> None:
    start = call({"op": "new", "game": "backgammon", "seed": 3})
    assert error_code({"op": "hint", "record": start["record"]}) == "bad_request"
    answer = call({"op": "new", "game": "kalah", "seed": 1})
    while answer["to_move"] is not None:
        answer = call({"op": "play", "record": answer["record"], "move": answer["legal_moves"][0]})
    assert error_code({"op": "hint", "record": answer["record"]}) == "game_over"
