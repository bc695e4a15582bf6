"""Golden playthroughs: one seeded random game per registered game, kept in
tests/golden/<id>.json with its final state and outcome. Replaying it must give
exactly what was stored, so any change in a game's rules, notation or state
shows up here as a diff to review.

After a deliberate change, rewrite the files and read the diff:
    PYGAMES_UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playthrough import played_out

from pygames_core import Record, games

GOLDEN = Path(__file__).resolve().parent / "golden"
SEED = 2026


def playthrough(game: str) -> dict:
    """The game played with seeded random moves to its end, with default options."""
    record, state = played_out(Record.start(game, {}, None, SEED), SEED)
    return {
        "record": record.to_dict(),
        "final_state": json.loads(state.to_json()),
        "outcome": state.outcome().to_dict(),  # type: ignore[union-attr]
    }


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_golden_playthrough(game: str) -> None:
    path = GOLDEN / f"{game}.json"
    played = playthrough(game)
    if os.environ.get("PYGAMES_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(played, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden game for {game}: run with PYGAMES_UPDATE_GOLDEN=1 and review it"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert played["record"] == stored["record"], "the same seed now plays a different game"
    replayed = Record.from_dict(stored["record"]).replay()
    assert json.loads(replayed.to_json()) == stored["final_state"]
    assert replayed.outcome().to_dict() == stored["outcome"]  # type: ignore[union-attr]
