"""Game records: the set-up and every move, enough to rebuild a game exactly.

A record is the one truth of a game in progress. Undo replays a prefix, a share
link carries a record in its URL form, and a bug report is a record. Every
record from outside is untrusted: `from_dict` checks its shape and `replay`
checks every move against the rules.

The URL form is URL-safe base64 of the deflated compact JSON, behind a version
tag, so a 200-move game still fits in a link.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import LONGEST_RECORD, GameError, IllegalMoveError, InvalidMoveError, RecordError, State
from .registry import get_game

URL_VERSION = "1"
MAX_MOVES = LONGEST_RECORD
MAX_MOVE_LENGTH = 200
MAX_URL_LENGTH = 200_000
MAX_SEED = (1 << 53) - 1  # stays exact as a JavaScript number


@dataclass(frozen=True)
class Record:
    game: str
    options: tuple[tuple[str, str], ...] = ()
    players: int = 2
    seed: int = 0
    moves: tuple[str, ...] = field(default=())

    @classmethod
    def start(cls, game: str, options: Mapping[str, str] | None = None, players: int | None = None,
              seed: int = 0) -> Record:
        """A record of a new game, its options resolved and checked."""
        state_class = get_game(game)
        if players is None:
            players = state_class.info.min_players
        state_class.info.check_players(players)
        resolved = state_class.info.resolve_options(options)
        _check_seed(seed)
        return cls(game, tuple(sorted(resolved.items())), players, seed, ())

    def new_state(self) -> State:
        return get_game(self.game).new(self.players, dict(self.options), self.seed)

    def states(self) -> Iterator[State]:
        """The start and the state after each move; RecordError names the first bad move."""
        state = self.new_state()
        yield state
        for index, move in enumerate(self.moves):
            try:
                state = state.play(move)
            except (InvalidMoveError, IllegalMoveError) as error:
                raise RecordError(f"move {index + 1} does not replay: {error}") from None
            yield state

    def replay(self) -> State:
        state = None
        for state in self.states():
            pass
        return state  # type: ignore[return-value]

    def play(self, move: str) -> Record:
        return Record(self.game, self.options, self.players, self.seed, self.moves + (move,))

    def prefix(self, length: int) -> Record:
        return Record(self.game, self.options, self.players, self.seed, self.moves[:length])

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "moves": list(self.moves),
        }

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """A record from parsed JSON, its shape and set-up checked (not its moves)."""
        data = json_object(data, {"game", "options", "players", "seed", "moves"}, "a record")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("a record names its game")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("a record's options are an object")
        players = data.get("players")
        seed = data.get("seed", 0)
        moves = data.get("moves", [])
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise RecordError(f"a record's moves are a list of at most {MAX_MOVES}")
        if not all(isinstance(move, str) and 0 < len(move) <= MAX_MOVE_LENGTH for move in moves):
            raise RecordError("every move in a record is a short piece of text")
        try:
            record = cls.start(game, options, players, seed)
        except GameError as error:
            raise RecordError(str(error)) from None
        return cls(record.game, record.options, record.players, record.seed, tuple(moves))

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise RecordError(f"the record is not JSON: {error}") from None
        except RecursionError:
            raise RecordError("the record is nested too deeply") from None
        return cls.from_dict(data)

    def to_url(self) -> str:
        return pack(self.to_json(), URL_VERSION)

    @classmethod
    def from_url(cls, text: str) -> Record:
        return cls.from_json(unpack(text, URL_VERSION, "game record"))


def json_object(data: object, fields: set[str], what: str) -> dict[str, Any]:
    """`data`, checked to be a JSON object with no field but `fields`."""
    if not isinstance(data, dict):
        raise RecordError(f"{what} is a JSON object")
    unknown = set(data) - fields
    if unknown:
        raise RecordError(f"{what} has no field {sorted(unknown)[0]!r}")
    return data


def pack(text: str, tag: str) -> str:
    """`text` deflated and made URL-safe, behind `tag` (which says what it holds)."""
    return tag + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def unpack(link: object, tag: str, what: str) -> str:
    """The text `pack` put in `link` behind `tag`; RecordError for anything else."""
    if not isinstance(link, str) or not link.startswith(tag) or len(link) > MAX_URL_LENGTH:
        raise RecordError(f"the link does not hold a {what}")
    body = link[len(tag):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_URL_LENGTH * 8)
        if inflater.unconsumed_tail or not inflater.eof:
            raise RecordError(f"the link's {what} is cut short or too large")
        return raw.decode()
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"the link's {what} is damaged") from None


def _check_seed(seed: object) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise GameError(f"a seed is a whole number from 0 to {MAX_SEED}")
