"""The one place that knows which games exist.

Game modules are imported on first use: the browser's table needs one game, and
importing all of them would delay every page's start. The package of game modules
is imported here, before `pygames_core` binds its name `games` to the function
below; importing it later would rebind that name to the package.
"""

from __future__ import annotations

import importlib

from . import games as game_modules
from .core import GameError, GameInfo, State

# id -> the module in pygames_core.games and its state class, in catalogue order.
_GAMES: dict[str, tuple[str, str]] = {
    "kalah": ("kalah", "KalahState"),
    "bobail": ("bobail", "BobailState"),
    "pylos": ("pylos", "PylosState"),
    "lits": ("lits", "LitsState"),
    "isaac": ("isaac", "IsaacState"),
    "one": ("one", "OneState"),
}


def games() -> tuple[GameInfo, ...]:
    """Every registered game, in catalogue order."""
    return tuple(get_game(game_id).info for game_id in _GAMES)


def get_game(game_id: str) -> type[State]:
    """The state class of a game; its `info`, `new` and `from_json` start games."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise GameError(f"there is no game {game_id!r}")
    module, name = _GAMES[game_id]
    return getattr(importlib.import_module(f"{game_modules.__name__}.{module}"), name)
