"""The one door the browser uses: a JSON string in, a JSON string out.

Every request is an object with an "op" and its fields. Every answer is
`{"ok": true, ...}` or `{"ok": false, "error": {"code": ..., "message": ...}}`.
No exception crosses into JavaScript.

The bridge keeps no game of its own: the page holds the record and sends it
with each request, so a bad request can never corrupt a game in progress. A
small cache of replayed states keeps that cheap.

Operations:
  games          game?                       the catalogue, or one game's entry
  new            game, options, players, seed     a snapshot of the start
  legal_moves    record                      the moves of the player to move
  view           record, seat                what that seat sees
  play           record, move, seat?         a snapshot after the move
  undo           record, seats?              back to the last turn of one of `seats`
  load           url | record                a snapshot of a shared game
                 | watch_url | watch, ply?   a snapshot of a watched game (watch.py): what a
                                             spectator saw after `ply` moves (all by default),
                                             with "watching": true
  watch_link     record                      {url}: a watch link of a hidden game in progress
  export         record, format              the record as text in a game's format ("sgf")
  import         game, format, text          a snapshot of the game that text records
  computer_move  record, player, budget_ms, seed, level?   the move chosen, and the snapshot
                 after it; level: "quick", "normal" or "strong" (the default), see ai.LEVELS;
                 at a chance point, the outcome the game's own generator draws. With
                 parts?: the results of "search_part" run side by side (root parallel),
                 combined instead of a search; the answer's `parts` lists each one's
                 iterations ([]: the computer searched alone)
  hint           record, budget_ms, seed     {move, play, outlook}: what the computer's search
                                             would play for the seat to move (`play`: a dice
                                             game's whole turn, `move` its first), and that
                                             seat's outlook in [0, 1] or null (ai.suggest); with
                                             hidden cards only for a person the screen may show;
                                             `parts` as for computer_move
  preload                                    {modules}: every module of the package imported,
                                             as a memory snapshot of Python must hold them (a
                                             Python booted from one has no file of ours to
                                             import later: worker.js)

`handle_inner` answers the engine's own workers (worker.js and its helpers), which the page
cannot reach: "search_part", one of several searches of a computer move run side by side.

A snapshot is {record, url, to_move, movers, turns, notes, undo_refused,
legal_moves, last_decision, view, outcome, ply, public}: `movers` is the seat that made each
move of the record and `turns` the seat whose turn it belongs to
(State.turn_seat), so a move list can be told in turns, with `notes` (per move,
the lines of State.notes: what it set off); `undo_refused` says why `undo` would refuse for
the seats the request names as people (`humans`), or is null; `last_decision`
whether a computer's decision now settles the rest of the mover's turn (ai.settles_turn:
a Go move, a Backgammon roll's play), so it may spend the rest of its turn's budget on it. Every request
may name the viewing `seat` (null: a spectator); the view is that seat's and
`legal_moves` is empty unless that seat is to move. Without `seat`, the view is
the player to move's (a spectator's at a chance point). In `play`, a given
seat must be the one to move.

With hidden information, until the game is over, `record` names every card
dealt, so it is for the worker alone: the worker seals it and hands the page
`public` instead, the record as the viewing seat may read it ({game, options,
players, moves} with each move in its `public_move` form, and no seed), and
`url` is null.
The `move` of `computer_move` is likewise in the viewer's form. Once the game
is over, `public` is null and everything may be shown.
While cards are hidden, the bridge also refuses to
- play a chance outcome named in the request: deals and draws come from the
  game's own generator (`computer_move` at a chance point);
- export the record as text;
- show a seat the screen may not show, when the request names the `humans`,
  the seats people play at that screen (the worker takes them from the sealed
  game, never from the page): the one human seat; with several, the human seat
  to move, or while a computer or chance moves, the human seat that moved last
  ("not_your_seat"). After a move, a viewer who lost that right gets a
  spectator's snapshot instead.

Error codes: bad_request, unknown_game, bad_options, bad_record, invalid_move,
illegal_move, game_over, not_your_turn, not_your_seat, cannot_watch, internal.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
import pkgutil
import traceback
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import ai
from .ai import mcts
from .core import (
    CHANCE,
    GameError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    State,
    chance_move,
)
from .record import MAX_MOVES, Record
from .watch import Watch, rebuilds
from .registry import formats, games, get_game, text_format


class BridgeError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class _Line:
    """A record's moves, the seat that made each one, and the state they reach.
    With hidden information, `public` holds the moves as each viewer may read
    them: seats 0 to players - 1, then a spectator."""

    moves: tuple[str, ...]
    movers: tuple[int, ...]
    turns: tuple[int | None, ...]
    """The seat whose turn each move belongs to (State.turn_seat)."""
    notes: tuple[tuple[str, ...], ...]
    """What each move set off, in words (State.notes)."""
    state: State
    public: tuple[tuple[str, ...], ...] | None

    @staticmethod
    def start(state: State) -> _Line:
        public = ((),) * (state.players + 1) if state.info.has_hidden_info else None
        return _Line((), (), (), (), state, public)

    def extend(self, moves: Sequence[str]) -> _Line:
        """The line after `moves` too, gathered in lists and frozen once, so that a
        replay is linear in its length. RecordError names a move that does not play."""
        state = self.state
        gathered, movers, turns, notes = list(self.moves), list(self.movers), list(self.turns), list(self.notes)
        public = None if self.public is None else [list(seen) for seen in self.public]
        for move in moves:
            try:
                after = state.play(move)
            except (InvalidMoveError, IllegalMoveError) as error:
                raise RecordError(f"move {len(gathered) + 1} does not replay: {error}") from None
            if public is not None:
                for seen, reading in zip(public, _readings(state, move)):
                    seen.append(reading)
            gathered.append(move)
            movers.append(state.to_move)  # type: ignore[arg-type]
            turns.append(state.turn_seat())
            notes.append(after.notes())
            state = after
        frozen = None if public is None else tuple(tuple(seen) for seen in public)
        return _Line(tuple(gathered), tuple(movers), tuple(turns), tuple(notes), state, frozen)

    def play(self, move: str) -> _Line:
        """The line after one more move; a move that does not play raises the game's own error."""
        state = self.state
        after = state.play(move)
        public = self.public
        if public is not None:
            public = tuple(seen + (reading,) for seen, reading in zip(public, _readings(state, move)))
        return _Line(self.moves + (move,), self.movers + (state.to_move,),  # type: ignore[operator]
                     self.turns + (state.turn_seat(),), self.notes + (after.notes(),), after, public)

    def public_moves(self, seat: int | None) -> tuple[str, ...]:
        assert self.public is not None
        return self.public[self.state.players if seat is None else seat]


def _readings(state: State, move: str) -> list[str]:
    """`move`, about to be played in `state`, as each viewer reads it: seats 0 to players - 1, then a spectator."""
    return [state.public_move(move, seat) for seat in range(state.players)] + [state.public_move(move, None)]


_CACHE_SIZE = 16
_WATCHED_SIZE = 4
_cache: OrderedDict[tuple[Any, ...], _Line] = OrderedDict()
_watched: OrderedDict[Watch, list[State]] = OrderedDict()  # watched games rebuilt (watch.py)


def handle(request_text: str) -> str:
    """Answer one request. Never raises."""
    return _answer(request_text, _OPERATIONS)


def handle_inner(request_text: str) -> str:
    """Answer one request of the engine's own workers, which the page can never send:
    "search_part" (see `_search_part`). Never raises."""
    return _answer(request_text, _INNER_OPERATIONS)


def _answer(request_text: str, operations: dict[str, Any]) -> str:
    try:
        request = _parse(request_text)
        if not isinstance(request, dict):
            raise BridgeError("bad_request", "a request is a JSON object")
        op = request.get("op")
        handler = operations.get(op) if isinstance(op, str) else None
        if handler is None:
            raise BridgeError("bad_request", f"unknown operation {op!r}")
        answer = {"ok": True, **handler(request)}
    except json.JSONDecodeError as error:
        answer = _error("bad_request", f"the request is not JSON: {error.msg}")
    except RecursionError:
        answer = _error("bad_request", "the request is nested too deeply")
    except BridgeError as error:
        answer = _error(error.code, error.message)
    except RecordError as error:
        answer = _error("bad_record", str(error))
    except GameError as error:
        code = "unknown_game" if str(error).startswith("there is no game") else "bad_options"
        answer = _error(code, str(error))
    except GameOverError as error:
        answer = _error("game_over", str(error))
    except IllegalMoveError as error:
        answer = _error("illegal_move", str(error))
    except InvalidMoveError as error:
        answer = _error("invalid_move", str(error))
    except Exception as error:  # the last guard: report, never crash the page
        answer = _error("internal", "the game engine met something it did not expect (a bug in pygames); "
                        "the game is unchanged")
        answer["error"]["detail"] = f"{type(error).__name__}: {error}"[:500]
        answer["error"]["trace"] = traceback.format_exc(limit=6)
    return json.dumps(answer, separators=(",", ":"))


def _parse(request_text: str) -> Any:
    try:
        return json.loads(request_text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # a number past Python's 4300 digits
        raise BridgeError("bad_request", "the request holds a number too long to read") from None


def _error(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def _record(request: dict[str, Any]) -> Record:
    if "record" not in request:
        raise BridgeError("bad_request", "this operation needs a record")
    return Record.from_dict(request["record"])


def _replay(record: Record) -> _Line:
    """The line a record plays, replaying only the moves past the longest cached prefix."""
    line = _cache.get(_key(record))
    if line is None or record.moves[: len(line.moves)] != line.moves:
        line = _Line.start(record.new_state())
    done = len(line.moves)
    return _remember(record, line.extend(record.moves[done:]))


def _key(record: Record) -> tuple[Any, ...]:
    return (record.game, record.options, record.players, record.seed)


def _remember(record: Record, line: _Line) -> _Line:
    key = _key(record)
    _cache[key] = line
    _cache.move_to_end(key)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return line


def _seat(request: dict[str, Any], state: State, default: int | None) -> int | None:
    seat = request.get("seat", default)
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise BridgeError("bad_request", f"there is no seat {seat!r}")
    return seat


def _humans(request: dict[str, Any], state: State) -> tuple[int, ...] | None:
    """The seats people play at the screen asking, if the request says (a number
    that is no seat of this game plays no part)."""
    humans = request.get("humans")
    if humans is None:
        return None
    if not isinstance(humans, list) or not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in humans):
        raise BridgeError("bad_request", "humans is a list of seat numbers")
    return tuple(sorted({seat for seat in humans if 0 <= seat < state.players}))


def _may_show(line: _Line, seat: int | None, humans: tuple[int, ...] | None) -> bool:
    """Whether a screen where people play `humans` may show `seat`'s hidden cards
    now: the one human seat; with several, the human seat to move, or while a
    computer or chance moves, the human seat that moved last."""
    if seat is None or humans is None or not _is_sealed(line.state):
        return True
    if seat not in humans:
        return False
    if len(humans) == 1:
        return True
    if line.state.to_move in humans:
        return seat == line.state.to_move
    return seat == next((mover for mover in reversed(line.movers) if mover in humans), None)


def _viewing_seat(request: dict[str, Any], line: _Line, default: int | None, after_move: bool = False) -> int | None:
    """The seat whose view a request asks for. With `humans`, only a seat the
    screen may show (`_may_show`); a move just made may take that right away,
    and its snapshot is then a spectator's."""
    humans = _humans(request, line.state)
    seat = _seat(request, line.state, None if humans is not None and _is_sealed(line.state) else default)
    if _may_show(line, seat, humans):
        return seat
    if after_move:
        return None
    raise BridgeError("not_your_seat", "this screen may not show that player's hidden cards now")


def _snapshot(record: Record, line: _Line, request: dict[str, Any], after_move: bool = False) -> dict[str, Any]:
    state = line.state
    to_move = state.to_move
    default_seat = to_move if to_move is not None and to_move != CHANCE else None
    seat = _viewing_seat(request, line, default_seat, after_move)
    outcome = state.outcome()
    sealed = _is_sealed(state)
    public = _public_record(record, line, seat) if sealed else None
    return {
        "record": record.to_dict(),
        "url": None if sealed else record.to_url(),
        "to_move": to_move,
        "movers": list(line.movers),
        "turns": list(line.turns),
        "notes": [list(said) for said in line.notes],
        "undo_refused": _undo_refused(line, request),
        "legal_moves": list(state.legal_moves()) if _may_see_moves(state, seat) else [],
        "last_decision": default_seat is not None and ai.settles_turn(state),
        "view": state.view(seat),
        "outcome": outcome.to_dict() if outcome else None,
        "ply": len(record.moves),
        "public": public,
    }


def _public_record(record: Record, line: _Line, seat: int | None) -> dict[str, Any]:
    """The record as `seat` may read it. No seed: it would tell every card to come."""
    return {"game": record.game, "options": dict(record.options), "players": record.players,
            "moves": list(line.public_moves(seat))}


def _is_sealed(state: State) -> bool:
    """Whether the record names cards some seat may not see yet."""
    return state.info.has_hidden_info and not state.is_over()


def _may_see_moves(state: State, seat: int | None) -> bool:
    """The seat to move sees its choices. A spectator sees them only where
    nothing is hidden: at a chance point they would list the unseen cards."""
    if seat is None:
        return not state.info.has_hidden_info
    return seat == state.to_move


def _games(request: dict[str, Any]) -> dict[str, Any]:
    """The catalogue, or with `game` only that game (which imports no other)."""
    infos = [get_game(request["game"]).info] if "game" in request else games()
    return {"games": [{**info.to_dict(), "formats": list(formats(info.id))} for info in infos]}


def _preload(request: dict[str, Any]) -> dict[str, Any]:
    package = importlib.import_module(__package__)
    names = [module.name for module in pkgutil.walk_packages(package.__path__, f"{__package__}.")]
    for name in names:
        importlib.import_module(name)
    return {"modules": len(names)}


def _export(request: dict[str, Any]) -> dict[str, Any]:
    record = _record(request)
    if _is_sealed(_replay(record).state):  # only a record that replays is written out
        raise BridgeError("bad_request", "a game with hidden cards can be saved as a file once it is over")
    write, _ = _text_format(record.game, request.get("format"))
    return {"format": request["format"], "text": write(record)}


def _import(request: dict[str, Any]) -> dict[str, Any]:
    game, text = request.get("game"), request.get("text")
    if not isinstance(game, str) or not isinstance(text, str):
        raise BridgeError("bad_request", "import needs the game and the text")
    _, read = _text_format(game, request.get("format"))
    record = read(text)
    return _snapshot(record, _replay(record), request)


def _text_format(game: str, name: object) -> tuple[Any, Any]:
    if not isinstance(name, str):
        raise BridgeError("bad_request", "name the text format")
    try:
        return text_format(game, name)
    except GameError as error:
        raise BridgeError("bad_request", str(error)) from None


def _new(request: dict[str, Any]) -> dict[str, Any]:
    game = request.get("game")
    if not isinstance(game, str):
        raise BridgeError("bad_request", "name the game to start")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise BridgeError("bad_options", "options are an object of names and values")
    players = request.get("players", get_game(game).info.min_players)
    record = Record.start(game, options, players, request.get("seed", 0))
    return _snapshot(record, _replay(record), request)


def _legal_moves(request: dict[str, Any]) -> dict[str, Any]:
    line = _replay(_record(request))
    state = line.state
    default_seat = state.to_move if state.to_move != CHANCE else None
    moves = state.legal_moves() if _may_see_moves(state, _viewing_seat(request, line, default_seat)) else ()
    return {"to_move": state.to_move, "legal_moves": list(moves)}


def _view(request: dict[str, Any]) -> dict[str, Any]:
    line = _replay(_record(request))
    return {"view": line.state.view(_viewing_seat(request, line, None))}


def _play(request: dict[str, Any]) -> dict[str, Any]:
    record = _record(request)
    line = _replay(record)
    move = request.get("move")
    seat = _viewing_seat(request, line, None)
    if seat is not None and not line.state.is_over() and seat != line.state.to_move:
        raise BridgeError("not_your_turn", f"it is not seat {seat!r}'s turn")
    if line.state.to_move == CHANCE and line.state.info.has_hidden_info:
        raise BridgeError("illegal_move", "the cards come from the game's own shuffle: nobody may choose them")
    _check_room(record, line.state)
    line = line.play(move)  # type: ignore[arg-type]
    record = record.play(move)  # type: ignore[arg-type]
    return _snapshot(record, _remember(record, line), request, after_move=True)


def _check_room(record: Record, state: State) -> None:
    """A record holds at most MAX_MOVES moves (a game no rule bounds could go on)."""
    if len(record.moves) >= MAX_MOVES and not state.is_over():
        raise BridgeError("illegal_move", f"this game has reached {MAX_MOVES} moves, the most a saved game holds: "
                          "start a new one")


def _undo(request: dict[str, Any]) -> dict[str, Any]:
    """Takes back the last move or, with `seats` (the human seats against a
    computer), back to the start of the last turn one of them began."""
    record = _record(request)
    seats = request.get("seats")
    if seats is not None and not (isinstance(seats, list) and all(isinstance(s, int) for s in seats)):
        raise BridgeError("bad_request", "seats is a list of seat numbers")
    shorter = record.prefix(_undo_length(_replay(record), seats))
    return _snapshot(shorter, _replay(shorter), request)


def _undo_length(line: _Line, seats: list[int] | None) -> int:
    """How many moves stay after an undo; BridgeError with the reason if none can be taken back.
    With hidden information a player may take back only moves of the turn still
    in progress: once a card is drawn or the turn has passed, the moves after it
    were made knowing what undo would hide again."""
    movers = line.movers
    if not movers:
        raise BridgeError("illegal_move", "there is no move to take back")
    if line.state.info.has_hidden_info:
        if movers[-1] == CHANCE or line.state.to_move == CHANCE:
            raise BridgeError("illegal_move", "a card has been drawn since: it cannot be taken back")
        if movers[-1] != line.state.to_move:
            raise BridgeError("illegal_move", "the turn has passed: only moves of the turn in progress can be "
                              "taken back")
    for length in range(len(movers) - 1, -1, -1):
        turn_starts = length == 0 or movers[length - 1] != movers[length]
        if seats is None or (movers[length] in seats and turn_starts):
            return length
    raise BridgeError("illegal_move", "none of those seats has moved yet")


def _undo_refused(line: _Line, request: dict[str, Any]) -> str | None:
    """Why Undo would be refused now, for the seats the request names as people
    (`humans`; against a computer, back to one of their turns), or None."""
    humans = _humans(request, line.state)
    seats = list(humans) if humans is not None and len(humans) < line.state.players else None
    try:
        _undo_length(line, seats)
    except BridgeError as error:
        return error.message
    return None


def _load(request: dict[str, Any]) -> dict[str, Any]:
    if "watch_url" in request or "watch" in request:
        watch = Watch.from_url(request["watch_url"]) if "watch_url" in request else Watch.from_dict(request["watch"])
        return _watch_snapshot(watch, request.get("ply", len(watch.moves)))
    if "url" in request:
        record = Record.from_url(request["url"])
    else:
        record = _record(request)
    return _snapshot(record, _replay(record), request)


def _watch_snapshot(watch: Watch, ply: object) -> dict[str, Any]:
    """A snapshot of a watched game after `ply` moves: a spectator's view, nothing to play."""
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(watch.moves):
        raise BridgeError("bad_request", f"ply is a whole number from 0 to {len(watch.moves)}")
    if watch not in _watched:  # a search of up to a second: kept for stepping through the moves
        _watched[watch] = watch.states()
        while len(_watched) > _WATCHED_SIZE:
            _watched.popitem(last=False)
    _watched.move_to_end(watch)
    states = _watched[watch]
    state = states[ply]
    outcome = state.outcome()
    shown = watch.prefix(ply)
    return {"record": shown.to_dict(), "url": None, "watch_url": shown.to_url(), "watching": True,
            "to_move": state.to_move, "movers": [before.to_move for before in states[:ply]],
            "turns": [before.turn_seat() for before in states[:ply]], "undo_refused": "this game is watched",
            "notes": [list(after.notes()) for after in states[1 : ply + 1]],
            "legal_moves": [], "last_decision": False,
            "view": state.view(None), "outcome": outcome.to_dict() if outcome else None, "ply": ply, "public": None}


def _watch_link(request: dict[str, Any]) -> dict[str, Any]:
    """A link to watch a hidden game in progress, as a spectator would: offered
    only if it rebuilds exactly what a spectator saw (watch.rebuilds)."""
    record = _record(request)
    states = list(record.states())  # one replay serves the checks, the watch record and its proof
    last = states[-1]
    if not _is_sealed(last):
        raise BridgeError("bad_request", "a game without hidden cards still to come is shared by its record")
    if not last.past_is_public():
        raise BridgeError("cannot_watch", f"this {last.info.title} game hides what each player won: a link to "
                          "watch it would show the rounds before, so it can be shared once it is over")
    watch = Watch.of(record, states)
    if not rebuilds(watch, states):
        raise BridgeError("cannot_watch", f"this {last.info.title} game cannot be shown to others before it is over: "
                          "a spectator's link would not show it exactly")
    return {"url": watch.to_url()}


def _thinking(request: dict[str, Any], record: Record) -> tuple[int, int]:
    """A search's budget_ms and seed, as a request gives them."""
    budget_ms = request.get("budget_ms", 1000)
    seed = request.get("seed", len(record.moves))
    if not isinstance(budget_ms, int) or isinstance(budget_ms, bool) or not 1 <= budget_ms <= 60_000:
        raise BridgeError("bad_request", "budget_ms is a whole number from 1 to 60000")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BridgeError("bad_request", "seed is a whole number")
    return budget_ms, seed


def _hint(request: dict[str, Any]) -> dict[str, Any]:
    """What the computer would play for the person to move, and how it rates their chances."""
    record = _record(request)
    line = _replay(record)
    state = line.state
    if state.is_over():
        raise GameOverError("(hint)")
    if state.to_move == CHANCE:
        raise BridgeError("bad_request", "nobody is to choose a move now: chance moves next")
    humans = _humans(request, state)
    if _is_sealed(state) and (humans is None or not _may_show(line, state.to_move, humans)):
        raise BridgeError("not_your_seat", "a hint is for a person to move at this screen, from what they may see")
    budget_ms, seed = _thinking(request, record)
    parts = _parts(request)
    try:
        play, outlook = ai.suggest(state, budget_ms / 1000, seed, parts=parts)
    except ValueError as error:  # only parts can be wrong here
        raise BridgeError("bad_request", str(error)) from None
    return {"move": play[0], "play": list(play), "outlook": outlook, "parts": [part.iterations for part in parts]}


def _computer_move(request: dict[str, Any]) -> dict[str, Any]:
    record = _record(request)
    line = _replay(record)
    if line.state.is_over():
        raise GameOverError("(computer move)")
    player = _player(request)
    level = _level(request)
    budget_ms, seed = _thinking(request, record)
    parts = _parts(request)
    _check_room(record, line.state)
    if line.state.to_move == CHANCE:  # dice and draws come from the game's own generator
        move = chance_move(line.state)
    else:
        try:
            move = ai.choose_move(line.state, player, budget_ms / 1000, seed, parts=parts, level=level)
        except ValueError as error:  # only parts can be wrong here
            raise BridgeError("bad_request", str(error)) from None
    viewer = _viewing_seat(request, line, None)
    shown = line.state.public_move(move, viewer) if _is_sealed(line.state) else move
    record = record.play(move)
    after = _snapshot(record, _remember(record, line.play(move)), request, after_move=True)
    return {"move": shown, "parts": [part.iterations for part in parts], **after}


def _player(request: dict[str, Any]) -> str:
    player = request.get("player", "search")
    if not isinstance(player, str) or player not in ai.PLAYERS:
        raise BridgeError("bad_request", f"there is no computer player {player!r}")
    return player


def _level(request: dict[str, Any]) -> str:
    level = request.get("level", "strong")
    if not isinstance(level, str) or level not in ai.LEVELS:
        raise BridgeError("bad_request", f"level is one of {', '.join(ai.LEVELS)}")
    return level


MAX_PARTS = 16
"""Searches run side by side that one computer move may combine."""


def _search_part(request: dict[str, Any]) -> dict[str, Any]:
    """One of the searches a computer move runs side by side, each in a worker of its own (the
    engine's worker and its helpers, never the page): {record, player, budget_ms, seed, part}
    -> {part}: the root statistics for the `parts` of `computer_move` or `hint`, or null where
    the search does not split (then the engine's worker asks the bridge alone). The record is the full
    one: the search reads only what the seat to move may see, and its statistics go back to the
    engine's worker, not to the page."""
    record = _record(request)
    state = _replay(record).state
    player = _player(request)
    budget_ms, seed = _thinking(request, record)
    part = request.get("part")
    if not _count(part) or part >= MAX_PARTS:
        raise BridgeError("bad_request", f"part is a whole number from 0 to {MAX_PARTS - 1}")
    found = ai.search_part(state, player, budget_ms / 1000, seed, part)
    return {"part": None if found is None else dataclasses.asdict(found)}


def _parts(request: dict[str, Any]) -> list[mcts.SearchResult]:
    """The `parts` of `computer_move` or `hint`, which only the engine's worker adds (it strips any
    the page sends)."""
    parts = request.get("parts", [])
    if not isinstance(parts, list) or len(parts) > MAX_PARTS:
        raise BridgeError("bad_request", f"parts is a list of at most {MAX_PARTS} search results")
    return [_search_result(part) for part in parts]


def _search_result(data: object) -> mcts.SearchResult:
    shape = "a search result is {move, iterations, seconds, visits, values}, visits and values by the same moves"
    if not isinstance(data, dict) or set(data) != {"move", "iterations", "seconds", "visits", "values"}:
        raise BridgeError("bad_request", shape)
    visits, values = data["visits"], data["values"]
    counts_ok = isinstance(visits, dict) and all(_count(count) for count in visits.values())
    values_ok = isinstance(values, dict) and all(_number(value) for value in values.values())
    if not (counts_ok and values_ok and set(visits) == set(values) and _count(data["iterations"])
            and _number(data["seconds"]) and isinstance(data["move"], str)):
        raise BridgeError("bad_request", shape)
    return mcts.SearchResult(**data)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


_OPERATIONS = {
    "games": _games,
    "new": _new,
    "legal_moves": _legal_moves,
    "view": _view,
    "play": _play,
    "undo": _undo,
    "load": _load,
    "watch_link": _watch_link,
    "computer_move": _computer_move,
    "hint": _hint,
    "export": _export,
    "import": _import,
    "preload": _preload,
}
_INNER_OPERATIONS = {"search_part": _search_part}
