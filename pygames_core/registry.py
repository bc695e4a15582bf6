"""The one place that knows which games exist."""

from __future__ import annotations

from .core import GameError, GameInfo, State
from .games import bobail, isaac, kalah, lits, one, pylos

_GAMES: dict[str, type[State]] = {
    cls.info.id: cls
    for cls in (
        kalah.KalahState,
        bobail.BobailState,
        pylos.PylosState,
        lits.LitsState,
        isaac.IsaacState,
        one.OneState,
    )
}


def games() -> tuple[GameInfo, ...]:
    """Every registered game, in catalogue order."""
    return tuple(cls.info for cls in _GAMES.values())


def get_game(game_id: str) -> type[State]:
    """The state class of a game; its `info`, `new` and `from_json` start games."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise GameError(f"there is no game {game_id!r}") from None
