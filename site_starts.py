"""The table's first positions, baked at build time: starts/<id>.json for every game.

build.py calls `write_starts(<dist>/starts)`. Like site_rules.py, this is site tooling at the
repository root: it needs pygames_core, and build.py itself stays standard library only.

Each file holds {"info": the game's entry of the catalogue (what the bridge's `games` answers),
"start": the bridge's answer to `new` or null}. The answer is there for a game played with its
default options and fewest players, seat 0 a person, whose start is the same for every visitor
(no chance, nothing hidden, and the same position whatever the seed: Battle of LITS draws its
default board from the seed) and whose first seat is to move: the table (web/app.js) draws it and
takes the first move before Python has started. Any other game gets no start: a baked deal would
be every visitor's deal, so its table waits for Python's. The info alone still lets the table
set its seats up before Python answers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygames_core import bridge, games

SEEDS = (0, 1, 2)  # a start that differs between these depends on the seed: it is not baked


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(bridge.handle(json.dumps(request)))
    if not answer.get("ok"):
        raise RuntimeError(f"the bridge refused {request}: {answer}")
    return answer


def baked_start(game: str) -> dict[str, Any]:
    """What starts/<game>.json holds."""
    (info,) = _ask({"op": "games", "game": game})["games"]
    if info["has_chance"] or info["has_hidden_info"]:
        return {"info": info, "start": None}
    starts = [_ask({"op": "new", "game": game, "options": {}, "players": info["min_players"], "seed": seed,
                    "humans": [0]}) for seed in SEEDS]
    same = all((other["view"], other["legal_moves"]) == (starts[0]["view"], starts[0]["legal_moves"])
               for other in starts)
    start = {name: value for name, value in starts[0].items() if name != "ok"}
    return {"info": info, "start": start if same and start["to_move"] == 0 else None}


def write_starts(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for info in games():
        text = json.dumps(baked_start(info.id), separators=(",", ":"), sort_keys=True)
        (target / f"{info.id}.json").write_text(text + "\n", encoding="utf-8")
