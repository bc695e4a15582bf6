"""The one place that knows which games exist.

Game modules are imported on first use: the browser's table needs one game, and
importing all of them would delay every page's start. The package of game modules
is imported here, before `pygames_core` binds its name `games` to the function
below; importing it later would rebind that name to the package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import games as game_modules
from .core import GameError, GameInfo, State

if TYPE_CHECKING:
    from .record import Record

# id -> the module in pygames_core.games and its state class, in catalogue order.
_GAMES: dict[str, tuple[str, str]] = {
    "kalah": ("kalah", "KalahState"),
    "bobail": ("bobail", "BobailState"),
    "pylos": ("pylos", "PylosState"),
    "lits": ("lits", "LitsState"),
    "isaac": ("isaac", "IsaacState"),
    "one": ("one", "OneState"),
    "go": ("go", "GoState"),
    "backgammon": ("backgammon", "BackgammonState"),
    "lostcities": ("lostcities", "LostCitiesState"),
    "nautilus": ("nautilus", "NautilusState"),
    "flamingpyramids": ("flamingpyramids", "FlamingPyramidsState"),
    "cacao": ("cacao", "CacaoState"),
    "evolution": ("evolution", "EvolutionState"),
}

# (game, format) -> the module in pygames_core.games and its writer and reader:
# records as text in a game's own standard format.
_FORMATS: dict[tuple[str, str], tuple[str, str, str]] = {
    ("go", "sgf"): ("go.sgf", "export_sgf", "import_sgf"),
    ("backgammon", "mat"): ("backgammon.gnubg", "export_match", "import_match"),
}


def games() -> tuple[GameInfo, ...]:
    """Every registered game, in catalogue order."""
    return tuple(get_game(game_id).info for game_id in _GAMES)


def formats(game_id: str) -> tuple[str, ...]:
    """The text formats a game's records can be written in and read from."""
    return tuple(name for game, name in _FORMATS if game == game_id)


def text_format(game_id: str, name: str) -> tuple[Callable[[Record], str], Callable[[str], Record]]:
    """(writer, reader) of a game's records in a text format."""
    if (game_id, name) not in _FORMATS:
        raise GameError(f"{game_id!r} records have no {name!r} form")
    module_name, writer, reader = _FORMATS[(game_id, name)]
    module = importlib.import_module(f"{game_modules.__name__}.{module_name}")
    return getattr(module, writer), getattr(module, reader)


def get_game(game_id: str) -> type[State]:
    """The state class of a game; its `info`, `new` and `from_json` start games."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise GameError(f"there is no game {game_id!r}")
    module, name = _GAMES[game_id]
    return getattr(importlib.import_module(f"{game_modules.__name__}.{module}"), name)
