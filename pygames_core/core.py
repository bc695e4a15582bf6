"""The contract every game fulfils.

A game is a frozen dataclass that subclasses `State` and sets `info`. States are
values: `play` returns a new state and never changes the one it was called on, so
undo, replay, search and sharing need no copying.

Each game implements:
  new(players, options, seed)   the start position (a classmethod)
  to_move                       seat to decide, CHANCE at a chance point, None when over
  _legal_moves()                every legal decision, unique, in a stable order
                                (`legal_moves()` caches it)
  _apply(move)                  the successor for a move already known to be legal
  outcome()                     an Outcome once the game is over, else None
  view(seat)                    JSON-safe dict of what that seat may see
  resample(seat, rng)           (hidden information only) the unseen parts redrawn
  why_illegal(move)             a reason a player can read, for a well-formed move
                                that is not legal now; raise InvalidMoveError for
                                text that is not a move of this game at all

`play` checks the move against `legal_moves()` before it calls `_apply`, so every
game gets the same validation and the same errors.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from . import rng as rng_module

CHANCE = -1
"""`to_move` at a chance point: the next move is drawn, not chosen."""

_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]")


class GameError(ValueError):
    """Bad set-up: an unknown game, option, option value or player count."""


class RecordError(ValueError):
    """A record or state text that is malformed or does not replay."""


class InvalidMoveError(ValueError):
    """Text that is not a move of this game at all."""

    def __init__(self, move: object, reason: str) -> None:
        super().__init__(f"{move!r} is not a move: {reason}")
        self.move = move
        self.reason = reason


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow now."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"{move} is not allowed: {reason}")
        self.move = move
        self.reason = reason


class GameOverError(IllegalMoveError):
    """Any move after the game has ended."""

    def __init__(self, move: str) -> None:
        super().__init__(move, "the game is over")


@dataclass(frozen=True)
class Option:
    """One choice offered before a game starts. Values are strings so they
    travel unchanged through JSON and URLs."""

    name: str
    label: str
    choices: tuple[str, ...]
    default: str
    choice_labels: tuple[str, ...] = ()
    help: str = ""
    """One line on what the option changes, for the new game dialog."""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise GameError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise GameError(f"option {self.name}: one label per choice")

    def to_dict(self) -> dict[str, Any]:
        labels = self.choice_labels or self.choices
        return {
            "name": self.name,
            "label": self.label,
            "help": self.help,
            "default": self.default,
            "choices": [{"value": v, "label": l} for v, l in zip(self.choices, labels)],
        }


def cut_short(text: str, limit: int = 24) -> str:
    """`text` as a message quotes it: text from a hostile file may be a megabyte long."""
    return text if len(text) <= limit else text[: limit - 4] + "..."


RESIGN = "resign"
"""The word every resignation starts with: "resign", or "resign gammon" in Backgammon."""

LONGEST_RECORD = 20_000
"""Moves a record holds. It is also `max_plies` for games whose length no rule
bounds (Backgammon's hits, Lost Cities' draws from the discard piles)."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    has_chance: bool
    has_hidden_info: bool
    max_plies: int
    summary: str = ""
    seat_advantage: bool = True
    """Whether a seat is better placed than another (who moves first), so that a
    rematch between the same players swaps their seats."""

    def resolve_options(self, given: Mapping[str, str] | None) -> dict[str, str]:
        """Every option with its value: the given ones checked, the rest defaulted."""
        given = dict(given or {})
        known = {option.name: option for option in self.options}
        for name, value in given.items():
            if name not in known:
                raise GameError(f"{self.title} has no option {name!r}")
            if not isinstance(value, str) or value not in known[name].choices:
                choices = ", ".join(known[name].choices)
                raise GameError(f"option {name!r} must be one of {choices}, not {value!r}")
        return {name: given.get(name, option.default) for name, option in known.items()}

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            if self.min_players == self.max_players:
                allowed = str(self.min_players)
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise GameError(f"{self.title} is for {allowed} players, not {players!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [option.to_dict() for option in self.options],
            "has_chance": self.has_chance,
            "has_hidden_info": self.has_hidden_info,
            "max_plies": self.max_plies,
            "seat_advantage": self.seat_advantage,
        }


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a score per seat, the winning seats (all seats that
    share first place; every seat on a draw), and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    fewest_first: bool = False
    """Whether the seats rank by the fewest points rather than the most (Flaming Pyramids'
    tiles left), after the winners."""

    def returns(self) -> tuple[float, ...]:
        """1 for a sole winner, 0 for a loser, shares of 1 for a tie."""
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def standing_returns(self) -> tuple[float, ...]:
        """Each seat's share of the other seats it finished ahead of (`placing`), a tie counting
        half: what the computer plays for. Board Game Arena rates a game of more than two as a duel
        between each pair of players, so a seat that cannot win still plays for its place. With two
        seats, `returns()`. The winners share first place, whatever their scores (a draw agreed
        in Kalah)."""
        keys = [(True, 0.0) if seat in self.winners else self.placing(seat) for seat in range(len(self.scores))]
        # Each seat meets itself once, as a tie: take that half off.
        beaten = [sum(1.0 if key > other else 0.5 if key == other else 0.0 for other in keys) - 0.5 for key in keys]
        return tuple(count / max(len(keys) - 1, 1) for count in beaten)

    def placing(self, seat: int) -> tuple[bool, float]:
        """A key that orders the seats from last to first: the winners above the rest, then by score."""
        score = self.scores[seat]
        return seat in self.winners, -score if self.fewest_first else score

    def standings(self) -> tuple[int, ...]:
        """The seats from first to last; equals in seat order."""
        return tuple(sorted(range(len(self.scores)), key=self.placing, reverse=True))

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason,
                "standings": list(self.standings())}


def chances_ahead(values: Sequence[float]) -> tuple[float, ...]:
    """Each seat's expected share of the other seats it will finish ahead of (an estimate of
    `Outcome.standing_returns()`), from a value per seat in units of its uncertainty: each pair's
    odds are e to the power of their difference. With two seats, the softmax of the values."""
    others = max(len(values) - 1, 1)
    # Each seat meets itself once, at even odds: take that half off.
    return tuple((sum(1.0 / (1.0 + math.exp(min(other - value, 700.0))) for other in values) - 0.5) / others
                 for value in values)


def winners_by_score(scores: tuple[float, ...]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


S = TypeVar("S", bound="State")


class State(ABC):
    """Base of every game state. Subclasses are frozen dataclasses whose fields
    are ints, strings, bools and (nested) tuples of those. Each also has a
    `players: int` field and a `to_move: int | None` field or property."""

    info: ClassVar[GameInfo]
    blunders: ClassVar[float] = 0.0
    """The share of its decisions that the quick level makes without looking: a legal move at
    random. 0 but in a game where luck hides every subtler mistake, so that a level which never
    blunders plays nearly as well as the strong one (Flaming Pyramids)."""
    players: int
    to_move: int | None

    @classmethod
    @abstractmethod
    def new(cls: type[S], players: int, options: Mapping[str, str] | None = None, seed: int = 0) -> S:
        ...

    def legal_moves(self) -> tuple[str, ...]:
        """Cached on the instance, outside the fields, so equality and JSON
        ignore it: `play` asks again right after a caller has."""
        moves = self.__dict__.get("_legal")
        if moves is None:
            moves = self.__dict__["_legal"] = self._legal_moves()
        return moves

    def _know_legal_moves(self, moves: tuple[str, ...]) -> None:
        """For `_apply` when working out the move already gave the next state's
        legal moves: `legal_moves()` then returns them without recomputing."""
        self.__dict__["_legal"] = moves

    @abstractmethod
    def _legal_moves(self) -> tuple[str, ...]:
        ...

    @abstractmethod
    def _apply(self: S, move: str) -> S:
        ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        ...

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        ...

    @abstractmethod
    def why_illegal(self, move: str) -> str:
        ...

    def is_over(self) -> bool:
        return self.to_move is None

    def play(self: S, move: str) -> S:
        """The state after `move`. Raises InvalidMoveError, IllegalMoveError or
        GameOverError and leaves this state as it was."""
        if not isinstance(move, str):
            raise InvalidMoveError(move, "a move is written as text")
        if move in self.legal_moves():
            return self._apply(move)
        if self.is_over():
            raise GameOverError(move)
        if not move.isascii() or _LEADING_ZERO.search(move):
            # Every move has one spelling; a game that read "03" or an Arabic-Indic digit as 3 would refuse it
            # for the reasons of another move.
            raise InvalidMoveError(move, "a move is written in plain ASCII, its numbers without a leading zero")
        raise IllegalMoveError(move, self.why_illegal(move))

    def _replace(self: S, **changes: Any) -> S:
        """A copy with some fields changed, for `_apply`. It skips the frozen
        dataclass __init__, which costs about five times as much: searches spend
        most of their time making states."""
        state = object.__new__(type(self))
        values = state.__dict__
        values.update(self.__dict__)
        values.pop("_legal", None)
        values.update(changes)
        return state

    def resample(self: S, seat: int | None, rng: rng_module.Rng) -> S:
        """A state that `seat` cannot tell from this one (the same `view(seat)`),
        with everything it cannot see redrawn by `rng`. Computer players search
        over such states so they never read hidden cards. A game with hidden
        information overrides this; a game without has nothing to redraw."""
        if self.info.has_hidden_info:
            raise NotImplementedError(f"{self.info.title} must redraw what a seat cannot see")
        return self

    def public_move(self, move: str, seat: int | None) -> str:
        """`move`, about to be played in this state, as `seat` (None: a
        spectator) may read it in the move list. A game with hidden information
        masks what the seat cannot see, e.g. "deal" for a card dealt to another."""
        return move

    def playing_moves(self) -> tuple[str, ...]:
        """`legal_moves()` less the resignations ("resign", "resign gammon", which a
        game lists last) and the offer of a draw (listed after them): what a random
        player and a search choose from. Giving up is a person's choice; a game's
        own computer player may make it by its own judgement (Go's does). A game
        may hold back more where its computer must not go on for ever (Lost
        Cities: taking from the piles turn after turn)."""
        moves = self.legal_moves()
        if moves and moves[-1] == OFFER_DRAW:
            moves = moves[:-1]
        end = len(moves)
        while end and moves[end - 1].startswith(RESIGN):
            end -= 1
        return moves[:end] if end else moves

    def turn_seat(self) -> int | None:
        """The seat whose turn this state belongs to, for a move list told in
        turns: the seat to move; at a chance point, the seat the outcome is for
        (the card dealt to it, the dice it plays), or None where it is nobody's
        turn (an opening deal). A game with chance says which."""
        return self.to_move if self.to_move is not None and self.to_move >= 0 else None

    def last_decision_of_turn(self) -> bool:
        """Whether the decision to make now surely ends the mover's turn: every move
        it may make leaves the game over or another seat's turn. A computer's level
        is a budget for a whole turn: it may spend all that is left on such a
        decision, and keeps half for what may follow otherwise.

        By default a game with nothing hidden looks one move ahead by its own rules
        (a Pylos ball that completes no square, Bobail's token move). A game with
        hidden information answers False unless it overrides this from what every
        seat sees (Lost Cities' draw, Evolution's food card and most meals): the
        answer reaches the page, which must not learn from it what the mover holds."""
        seat = self.to_move
        if self.info.has_hidden_info or seat is None or seat < 0:
            return False
        for move in self.playing_moves():
            after = self._apply(move)
            if not after.is_over() and after.turn_seat() == seat:
                return False
        return True

    def notes(self) -> tuple[str, ...]:
        """What the move that led here set off, in words anyone at the table may
        read, for the move list: a line a step. Most games' moves speak for
        themselves (none); one whose move sets off a chain of events tells them."""
        return ()

    def past_is_public(self) -> bool:
        """Whether a spectator may step back through every earlier position of
        the game in progress. A game whose options hide what was won earlier,
        leaving it to the players' memory, says no: a link to watch it would
        hold the past (watch.py)."""
        return True

    def search_position(self) -> Any:
        """A compact position the computer searches, sharing the rules' own
        functions: for two seats with no chance and nothing hidden, by alpha-beta
        (`ai.alphabeta.Position`); for a dice game's turn, whole turns against
        the next rolls (`ai.expectimax.TurnPosition`); or, where knowledge
        decides without a search, an object whose `decision()` gives the move
        and the seat's outlook (Backgammon's cube). None (the default): the
        computer uses Monte Carlo tree search on the state itself."""
        return None

    def estimate_returns(self) -> tuple[float, ...]:
        """For a game not yet over, each seat's expected `Outcome.standing_returns()`, each in
        [0, 1] (with two seats, its chance of winning): what a search scores a playout it cuts
        short. A game may judge its position cheaply here (`chances_ahead`); by default the
        seats are all even."""
        return (0.5,) * self.players

    def naive_returns(self) -> tuple[float, ...]:
        """The same as `estimate_returns`, judged as a beginner would, for the quick level's search:
        a game whose estimate weighs more than the score may weigh the score alone here. By
        default, the estimate itself."""
        return self.estimate_returns()

    def chance_weights(self) -> tuple[int, ...]:
        """Integer weights aligned with `legal_moves()` at a chance point."""
        raise GameError(f"{self.info.title} has no chance point here")

    def to_json(self) -> str:
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]
        return json.dumps({"game": self.info.id, "state": fields}, separators=(",", ":"))

    @classmethod
    def from_json(cls: type[S], text: str) -> S:
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise RecordError(f"state is not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("game") != cls.info.id or not isinstance(data.get("state"), dict):
            raise RecordError(f"not a {cls.info.title} state")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        if set(data["state"]) != names:
            raise RecordError(f"a {cls.info.title} state has the fields {sorted(names)}")
        return cls(**{name: _tuples(value) for name, value in data["state"].items()})


def _tuples(value: Any) -> Any:
    """JSON arrays back to the tuples a state is made of."""
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    raise RecordError(f"unexpected value in a state: {value!r}")


OFFER_DRAW = "offer draw"
ACCEPT_DRAW = "accept draw"
DECLINE_DRAW = "decline draw"
DRAW_ANSWERS = (ACCEPT_DRAW, DECLINE_DRAW)
DRAW_OFFERS = 3
"""Draws a seat may offer in one game: enough for a real game, and a bound that
keeps offers from stretching it (`DRAW_OFFER_PLIES`)."""
DRAW_OFFER_PLIES = 2 * 2 * DRAW_OFFERS
"""Plies the offers and their answers can add to a two-seat game."""


@dataclass(frozen=True, kw_only=True)
class DrawOffers(State):
    """A two-seat game that can end in a draw, whose players may agree one.

    The player to move may offer a draw (OFFER_DRAW, listed after the game's own
    moves), at most DRAW_OFFERS times a game and once a turn. The opponent must
    answer at once: ACCEPT_DRAW ends the game drawn, DECLINE_DRAW gives the move
    back to the one who offered. The offers are moves of the record, so replays
    and links show them; `playing_moves()` leaves the offer out, so random
    players and searches never make one, but a search answers one on its merits.

    The game implements `_game_moves`, `_game_apply`, `_game_outcome` and
    `_game_why_illegal` in place of the State methods they stand for, and may
    override `_agreed_scores` (default: the half shares)."""

    draw_offer: str = ""
    """"offered" (the seat to move answers), "declined" (the seat to move offered
    this turn), "agreed" (the game is over), else ""."""
    draw_offers: tuple[int, int] = (0, 0)

    @abstractmethod
    def _game_moves(self) -> tuple[str, ...]:
        ...

    @abstractmethod
    def _game_apply(self: D, move: str) -> D:
        ...

    @abstractmethod
    def _game_outcome(self) -> Outcome | None:
        ...

    @abstractmethod
    def _game_why_illegal(self, move: str) -> str:
        ...

    def _agreed_scores(self) -> tuple[float, ...]:
        return (0.5, 0.5)

    def _legal_moves(self) -> tuple[str, ...]:
        if self.draw_offer == "offered":
            return DRAW_ANSWERS
        moves = self._game_moves()
        if moves and not self.draw_offer and self.draw_offers[self.to_move] < DRAW_OFFERS:  # type: ignore[index]
            moves += (OFFER_DRAW,)
        return moves

    def _apply(self: D, move: str) -> D:
        seat: int = self.to_move  # type: ignore[assignment]
        if move == OFFER_DRAW:
            offers = list(self.draw_offers)
            offers[seat] += 1
            return self._replace(draw_offer="offered", draw_offers=tuple(offers), to_move=1 - seat)
        if move == DECLINE_DRAW:
            return self._replace(draw_offer="declined", to_move=1 - seat)
        if move == ACCEPT_DRAW:
            return self._replace(draw_offer="agreed", to_move=None)
        after = self._game_apply(move)
        # A declined offer stays marked for the rest of the turn (Bobail's two steps, Kalah's extra sowings).
        return after._replace(draw_offer="") if self.draw_offer and after.to_move != seat else after

    def outcome(self) -> Outcome | None:
        if self.draw_offer == "agreed":
            return Outcome(scores=self._agreed_scores(), winners=(0, 1), reason="the players agreed a draw")
        return self._game_outcome()

    def why_illegal(self, move: str) -> str:
        if self.is_over():
            return "the game is over"
        if move in DRAW_ANSWERS:
            return "no draw has been offered"
        if move == OFFER_DRAW:
            if self.draw_offer == "offered":
                return "a draw has been offered: accept it or decline it first"
            if self.draw_offer == "declined":
                return "your offer was declined this turn: make your move"
            return f"a player may offer a draw {DRAW_OFFERS} times a game"
        reason = self._game_why_illegal(move)  # raises for text that is no move at all
        return "a draw has been offered: accept it or decline it first" if self.draw_offer == "offered" else reason


D = TypeVar("D", bound=DrawOffers)


def redeal(pool: list[Any], sizes: Sequence[int], rng: rng_module.Rng) -> tuple[list[list[Any]], list[Any]]:
    """`pool` dealt at random into hands of `sizes`, and what is left over: how
    `resample` deals again what a seat cannot see. A partial Fisher-Yates shuffle
    of `pool` (which it reorders) with `rng`, so the deal is the same everywhere."""
    hands = []
    taken = 0
    for size in sizes:
        for index in range(taken, taken + size):
            pick = index + rng.below(len(pool) - index)
            pool[index], pool[pick] = pool[pick], pool[index]
        hands.append(pool[taken : taken + size])
        taken += size
    return hands, pool[taken:]


def chance_move(state: State) -> str:
    """The outcome that the state's own PRNG draws at a chance point. The game's
    `_apply` advances its `rng` field, so a forced outcome and a drawn one leave
    the same generator behind."""
    moves = state.legal_moves()
    weights = state.chance_weights()
    index, _ = rng_module.weighted_index(state.rng, weights)  # type: ignore[attr-defined]
    return moves[index]
