"""pygames_core: the rules of the pygames games, pure Python, no dependencies."""

from .core import (
    CHANCE,
    GameError,
    GameInfo,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Option,
    Outcome,
    RecordError,
    State,
    chance_move,
)
from .record import Record
from .registry import games, get_game

__all__ = [
    "CHANCE",
    "GameError",
    "GameInfo",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "Option",
    "Outcome",
    "Record",
    "RecordError",
    "State",
    "chance_move",
    "games",
    "get_game",
]
