"""Watching a game with hidden cards from outside, while it is still being played.

A watch record is {game, options, players, moves, views}. Every move is in the
form a spectator reads it (`State.public_move(move, None)`: "deal" for a card
dealt face down), and `views` holds a short fingerprint of the spectator's view
after each move. Both are made from what a spectator sees alone, and there is
no seed, so a watch record can be shared while the game goes on.

To show it, `Watch.states()` rebuilds a game a spectator cannot tell from the
real one: move by move, it plays a legal move that reads the same and leads to
a view with the same fingerprint. When there is none (the card played is not
in the hand it dealt), it redraws what a spectator cannot see
(`State.resample(None, ...)`) until there is. The fingerprints catch a hidden
choice as soon as its effect shows (which special a Nautilus player kept, say,
shows in the turn that follows). The search starts from a fixed seed, so a record always rebuilds
the same game: the sharer's `rebuilds` check is what the viewer will get.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from .core import CHANCE, RecordError, State
from .record import Record, json_object, pack, unpack
from .rng import Rng

URL_TAG = "w1"
FINGERPRINT = 6  # hex digits per view: a wrong guess slips through one time in 16.7 million
# The work a record may make, in moves tried (played and fingerprinted) and redraws of the
# unseen cards (resample), which cost about the same: at most MOVE_WORK for one move and
# GAME_WORK[0] + GAME_WORK[1] x n for a record of n moves. In 200 random games (Lost Cities
# under every option, Nautilus with visible domain cards) no move took more than 203 and no
# game more than 2.7 a move. The bounds keep a crafted link's refusal under a second.
MOVE_WORK = 2000
GAME_WORK = (2000, 8)


@dataclass(frozen=True)
class Watch:
    game: str
    options: tuple[tuple[str, str], ...]
    players: int
    moves: tuple[str, ...]
    views: str  # FINGERPRINT hex digits per move

    @classmethod
    def of(cls, record: Record, states: Sequence[State]) -> Watch:
        """The watch record of a real game: what a spectator saw of it. `states` are
        the record's start and the state after each move (Record.states())."""
        moves = tuple(state.public_move(move, None) for state, move in zip(states, record.moves))
        views = "".join(fingerprint(state) for state in states[1:])
        return cls(record.game, record.options, record.players, moves, views)

    @classmethod
    def from_dict(cls, data: object) -> Watch:
        """A watch record from parsed JSON, its shape and set-up checked (not its moves)."""
        data = json_object(data, {"game", "options", "players", "moves", "views"}, "a watched game")
        views = data.get("views")
        record = Record.from_dict({name: value for name, value in data.items() if name != "views"})
        if not isinstance(views, str) or not re.fullmatch(f"[0-9a-f]{{{FINGERPRINT * len(record.moves)}}}", views):
            raise RecordError(f"a watched game has {FINGERPRINT} hex digits of views per move")
        if not record.new_state().info.has_hidden_info:
            raise RecordError("only a game with hidden cards is watched: share its record instead")
        return cls(record.game, record.options, record.players, record.moves, views)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options), "players": self.players, "moves": list(self.moves),
                "views": self.views}

    def to_url(self) -> str:
        return pack(json.dumps(self.to_dict(), separators=(",", ":")), URL_TAG)

    @classmethod
    def from_url(cls, link: object) -> Watch:
        try:
            data = json.loads(unpack(link, URL_TAG, "watched game"))
        except RecursionError:
            raise RecordError("the link's watched game is nested too deeply") from None
        except ValueError as error:
            if isinstance(error, RecordError):
                raise
            raise RecordError("the link's watched game is not JSON") from None
        return cls.from_dict(data)

    def prefix(self, length: int) -> Watch:
        return Watch(self.game, self.options, self.players, self.moves[:length], self.views[: FINGERPRINT * length])

    def states(self) -> list[State]:
        """The start and the state after each move; RecordError names the first
        move that no game could have."""
        rng = Rng(0)
        state = Record(self.game, self.options, self.players, 0, ()).new_state()
        states = [state]
        left = GAME_WORK[0] + GAME_WORK[1] * len(self.moves)
        for index, seen in enumerate(self.moves):
            if state.is_over():
                raise RecordError(f"move {index + 1} comes after the end of the game")
            view = self.views[FINGERPRINT * index : FINGERPRINT * (index + 1)]
            following, work = _reading(state, seen, view, rng, min(MOVE_WORK, left))
            if following is None:
                raise RecordError(f"move {index + 1} ({seen!r}) cannot be played in the game watched")
            left -= work
            states.append(following)
            state = following
        return states


def fingerprint(state: State) -> str:
    """A few hex digits of the spectator's view of `state`."""
    text = json.dumps(state.view(None), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:FINGERPRINT]


def rebuilds(watch: Watch, real: Iterable[State]) -> bool:
    """Whether `watch` rebuilds, state by state, exactly what a spectator saw of
    the real game (the fingerprints make a wrong guess unlikely, not impossible)."""
    try:
        rebuilt = watch.states()
    except RecordError:
        return False
    return all(
        mine is not None and theirs is not None and mine.to_move == theirs.to_move and mine.view(None) == theirs.view(None)
        for mine, theirs in zip_longest(rebuilt, real)
    )


def _reading(state: State, seen: str, view: str, rng: Rng, work: int) -> tuple[State | None, int]:
    """(the state after a move that a spectator reads as `seen` and that leads to a
    view with fingerprint `view`, the work it took): from `state`, else from states
    redrawn for a spectator (any two states with the same view are alike to what
    follows, up to such a redraw). Chance outcomes are tried in the game's own odds.
    None once `work` moves tried and redraws are spent."""
    done = 0
    while done < work:
        if done:
            state = state.resample(None, rng)
            done += 1
        moves = state.legal_moves()
        readings = [index for index, move in enumerate(moves) if state.public_move(move, None) == seen]
        weights = state.chance_weights() if state.to_move == CHANCE else (1,) * len(moves)
        # A weighted shuffle: each reading keyed by random() ** (1 / weight), highest first.
        readings.sort(key=lambda index: rng.random() ** (1 / weights[index]), reverse=True)
        for index in readings:
            if done >= work:
                break
            done += 1
            after = state.play(moves[index])
            if fingerprint(after) == view:
                return after, done
        done = max(done, 1)  # a state with no reading at all still costs its redraw
    return None, done
