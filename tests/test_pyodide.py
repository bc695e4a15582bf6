"""The built wheel inside Pyodide under Node plays exactly the games CPython plays.

For every registered game and three seeds, CPython plays a random game (each move drawn from
`legal_moves()` with a seeded `Rng`; seeds past the first also draw options and player count).
Pyodide then replays each record from the built dist/ (the wheel unpacked into site-packages,
as in the browser) and must give the same record, URL, every ply's mover, legal moves and views (of each
seat and of a spectator), the same outcome and the same final `to_json()`. The bridge's answers
to the same requests must be identical too.

One Node process boots Pyodide once for the whole module (tests/pyodide_runner.mjs).
"""

from __future__ import annotations

import json
import re
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pygames_core.record import Record
from pygames_core.registry import games, get_game
from pygames_core.rng import Rng

pytestmark = pytest.mark.pyodide

RUNNER = Path(__file__).resolve().parent / "pyodide_runner.mjs"
SEEDS = (1, 2, 3)
MAX_PLIES = 160  # a random game stops here if it has not ended; long enough to reach most endings
CASES = [(info.id, seed) for info in games() for seed in SEEDS]

# Runs in CPython (exec) and in Pyodide (runPythonAsync) alike: everything a record leads to.
SUMMARIZE = r'''
import hashlib
import json

from pygames_core.record import Record


def summarize(record_dict):
    record = Record.from_dict(record_dict)
    plies = []
    state = None
    for state in record.states():
        seats = [None, *range(state.players)]
        ply = {"to_move": state.to_move, "legal_moves": list(state.legal_moves()),
               "views": [state.view(seat) for seat in seats]}
        plies.append(hashlib.sha256(json.dumps(ply, sort_keys=True).encode()).hexdigest())
    outcome = state.outcome()
    final = state.to_json()
    return {
        "record": record.to_dict(),
        "url": record.to_url(),
        "plies": plies,
        "outcome": outcome.to_dict() if outcome else None,
        "final": final,
        "round_trip": type(state).from_json(final).to_json() == final,
    }
'''


# The computer's choice with its search capped by iterations (and a time budget it never reaches):
# the same in both interpreters, for every game's search (MCTS, Go's, alpha-beta, expectimax), at
# the strong level and at the quick one with its lapses.
CHOOSE = r'''
import json

from pygames_core import ai
from pygames_core.core import CHANCE
from pygames_core.record import Record


def choose(record_dict, iterations):
    states = [state for state in Record.from_dict(record_dict).states()
              if state.to_move is not None and state.to_move != CHANCE]
    chosen = min(4, len(states) - 1)
    return {"state": chosen, "move": ai.choose_move(states[chosen], "search", 120.0, 11, iterations),
            "quick": ai.choose_move(states[chosen], "search", 120.0, 11, iterations, level="quick")}
'''
CHOICE_ITERATIONS = 48


def random_record(game: str, seed: int) -> Record:
    info = get_game(game).info
    rng = Rng(seed)
    options: dict[str, str] = {}
    players = info.min_players
    if seed != SEEDS[0]:
        options = {option.name: rng.choice(option.choices) for option in info.options}
        players = info.min_players + rng.below(info.max_players - info.min_players + 1)
    record = Record.start(game, options, players, seed)
    state = record.new_state()
    while state.to_move is not None and len(record.moves) < MAX_PLIES:
        move = rng.choice(state.playing_moves())
        state = state.play(move)
        record = record.play(move)
    return record


def bridge_requests(record: Record) -> list[dict[str, Any]]:
    full = record.to_dict()
    requests: list[dict[str, Any]] = [
        {"op": "new", "game": record.game, "options": dict(record.options), "players": record.players,
         "seed": record.seed},
        {"op": "load", "record": full},
        {"op": "load", "url": record.to_url()},
        {"op": "legal_moves", "record": full},
        {"op": "view", "record": full, "seat": 0},
        {"op": "view", "record": full},
        {"op": "play", "record": full, "move": "not a move"},
        {"op": "computer_move", "record": record.prefix(1).to_dict(), "player": "random", "seed": 7},
    ]
    if record.moves:
        requests.append({"op": "play", "record": record.prefix(len(record.moves) - 1).to_dict(),
                         "move": record.moves[-1]})
        requests.append({"op": "undo", "record": full})
    return requests


@pytest.fixture(scope="module")
def replay(built_site: Path, node: str) -> dict[str, Any]:
    """Every case's CPython figures and Pyodide's, from one run of the Node runner."""
    records = {case: random_record(*case) for case in CASES}
    requests = {case: bridge_requests(record) for case, record in records.items()}
    flat = [request for case in CASES for request in requests[case]]
    dicts = [records[case].to_dict() for case in CASES]
    script = SUMMARIZE + f"\njson.dumps([summarize(r) for r in json.loads({json.dumps(dicts)!r})])\n"
    choices = CHOOSE + f"\njson.dumps([choose(r, {CHOICE_ITERATIONS}) for r in json.loads({json.dumps(dicts)!r})])\n"
    payload = json.dumps({"requests": flat, "scripts": [script, choices]})
    result = subprocess.run([node, str(RUNNER), "--dist", str(built_site)], input=payload,
                            capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        pytest.fail(f"the Pyodide runner failed:\n{result.stderr[-4000:]}", pytrace=False)
    output = json.loads(result.stdout)

    from pygames_core import bridge  # CPython's answers, after the records are made

    namespace: dict[str, Any] = {}
    exec(SUMMARIZE + CHOOSE, namespace)
    pyodide_summaries = json.loads(output["results"][0])
    pyodide_choices = json.loads(output["results"][1])
    figures: dict[tuple[str, int], dict[str, Any]] = {}
    start = 0
    for index, case in enumerate(CASES):
        count = len(requests[case])
        figures[case] = {
            "requests": requests[case],
            "cpython_answers": [json.loads(bridge.handle(json.dumps(r))) for r in requests[case]],
            "pyodide_answers": output["answers"][start:start + count],
            "cpython": namespace["summarize"](dicts[index]),
            "pyodide": pyodide_summaries[index],
            "cpython_choice": namespace["choose"](dicts[index], CHOICE_ITERATIONS),
            "pyodide_choice": pyodide_choices[index],
        }
        start += count
    return figures


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_pyodide_replays_the_same_game(replay: dict[str, Any], game: str, seed: int) -> None:
    cpython, pyodide = replay[game, seed]["cpython"], replay[game, seed]["pyodide"]
    assert pyodide["record"] == cpython["record"]
    assert pyodide["url"] == cpython["url"]
    for ply, (theirs, ours) in enumerate(zip(pyodide["plies"], cpython["plies"])):
        assert theirs == ours, f"ply {ply}: mover, legal moves or views differ in Pyodide"
    assert len(pyodide["plies"]) == len(cpython["plies"])
    assert pyodide["outcome"] == cpython["outcome"]
    assert pyodide["final"] == cpython["final"]
    assert pyodide["round_trip"] and cpython["round_trip"]


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_pyodide_bridge_answers_the_same(replay: dict[str, Any], game: str, seed: int) -> None:
    figures = replay[game, seed]
    for request, theirs, ours in zip(figures["requests"], figures["pyodide_answers"], figures["cpython_answers"]):
        assert theirs == ours, f"the bridge answers {request['op']} differently in Pyodide"
    assert len(figures["pyodide_answers"]) == len(figures["cpython_answers"])


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_pyodide_computer_chooses_the_same_move_with_the_same_seed_and_cap(
        replay: dict[str, Any], game: str, seed: int) -> None:
    assert replay[game, seed]["pyodide_choice"] == replay[game, seed]["cpython_choice"]


EXTRAS = Path(__file__).resolve().parent / "pyodide_extras.mjs"


def run_extras(node: str, built_site: Path, *arguments: str, stdin: str = "") -> dict[str, Any]:
    result = subprocess.run([node, str(EXTRAS), *arguments, "--dist", str(built_site)], input=stdin,
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        pytest.fail(f"pyodide_extras.mjs {arguments[0]} failed:\n{result.stderr[-4000:]}", pytrace=False)
    return json.loads(result.stdout)


def test_micropip_installs_the_rules_from_the_sites_simple_index(node: str, built_site: Path, site_url: str) -> None:
    output = run_extras(node, built_site, "micropip", "--site", site_url)
    assert output["version"] == "0.1.0"
    assert output["plies"] > 0 and output["outcome"]["reason"]
    with urllib.request.urlopen(f"{site_url}/simple/pygames-core/") as response:  # pages elsewhere may fetch it
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        wheel = re.search(r'href="../../(wheels/[^"#]+)', response.read().decode())
    assert wheel
    with urllib.request.urlopen(f"{site_url}/{wheel.group(1)}") as response:
        assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_python_booted_from_a_memory_snapshot_plays_every_game_from_memory(node: str, built_site: Path) -> None:
    import pygames_core

    ids = [info.id for info in games()]
    output = run_extras(node, built_site, "snapshot", stdin=json.dumps(ids))
    package = Path(pygames_core.__file__).parent
    assert output["modules"] == len([path for path in package.rglob("*.py") if path.name != "__init__.py"]
                                    + [path for path in package.rglob("__init__.py") if path.parent != package])
    assert output["files"] is False, "the package's files are not in the snapshot: only its modules, imported"
    for game in ids:
        answer = output["answers"][game]
        assert answer["ok"], (game, answer["error"])
        assert answer["ply"] > 0, game
    assert output["answers"]["go"]["formats"] == ["sgf"]
