"""Backgammon for two, with the doubling cube, gammons and matches as options.

Rules
-----
White (seat 0) and Black (seat 1) each have fifteen checkers. Each player
numbers the 24 points from their own side: they move from their 24-point
towards their 1-point, and their home board is points 1-6. White's point p is
Black's point 25 - p. Each starts with two checkers on their 24-point, five on
the 13, three on the 8 and five on the 6.

A game begins with the opening roll: each player throws one die, a tie is
thrown again, and the player with the higher die moves first, playing the two
dice just thrown. Afterwards the players take turns; a turn is one throw of two
dice. Each die moves one checker that many points forward; one checker may use
both dice. A double is played four times.

- A checker may land on any point not held by two or more opposing checkers.
  Landing on a single opposing checker (a blot) hits it: it goes to the bar.
- A player with a checker on the bar must bring it back first, into the
  opponent's home board: a die of d enters on the point 25 - d. While any of
  their checkers is on the bar, no other checker of theirs may move.
- Once all fifteen of a player's checkers are in their home board, that player
  may bear off: a die of d removes a checker from the d-point. A die higher
  than the highest occupied point removes a checker from that highest point;
  otherwise a checker must move inside the board. A checker hit while bearing
  off must come back home before bearing off resumes.
- Forced play: a player must play both dice when any sequence allows it. When
  only one die can be played and either could be, the larger must be. With a
  double, as many of the four moves as possible must be played. These rules
  also force the order of the two dice when only one order plays both. When no
  die can be played at all, the turn is lost.
- The first player to bear off all fifteen checkers wins the game.
- A player on turn (while moving, or before rolling where they may double) may
  resign instead: they offer the game as a single game, or with gammons scored
  as a gammon or a backgammon, and the opponent accepts (the game ends and
  scores that, times the cube) or declines (play goes on where it stopped).

Options
-------
- ``scoring``: "single" (default): every game won is worth 1 point; "gammons":
  1 point, 2 for a gammon (the loser has borne off no checker), 3 for a
  backgammon (a gammon where the loser still has a checker on the bar or in
  the winner's home board). Points are multiplied by the cube.
- ``cube``: "off" (default) or "on". At the start of a turn, before rolling, a
  player may offer to double the stakes ("double") if the cube is in the
  middle or their own. The opponent takes ("take": the game goes on at twice
  the value and the taker now owns the cube, so only the taker may redouble)
  or drops ("drop": the game ends and the doubler wins the value before the
  double). The cube goes from 1 up to 64.
- ``match``: "1" (default: a single game), "3", "5" or "7" points. In a match
  the games follow each other in one state until a player has the match
  length; each new game starts with the opening roll and the cube in the
  middle. Crawford rule: the game right after either player first comes within
  one point of the match length is played without the cube; later games
  (post-Crawford) use it again.

Notation
--------
Seats name their points from their own side, and so do moves: the mover's
point numbers, "from/to", one die per move.
- ``24/18``: a checker from the 24-point to the 18-point; ``bar/22`` enters
  from the bar; ``6/off`` bears off from the 6-point. Hits are not marked in
  moves (the view and the match text mark them with "*").
- ``roll``: the player on turn, who may double, rolls instead.
- ``double``, ``take``, ``drop``: the cube actions.
- ``resign``, ``resign gammon``, ``resign backgammon``: resign a single game, a
  gammon or a backgammon; ``accept`` or ``decline`` answers it.
- Chance outcomes: ``opening W-B`` is the opening roll, White's die W and
  Black's die B (30 outcomes of weight 1: ties are thrown again, so they never
  appear); ``roll A-B`` is a roll of a turn with A <= B (21 outcomes: weight 2
  for two different dice, 1 for a double).
``legal_moves()`` lists checker moves from the bar and the farthest point
down, then by destination; "double" before "roll"; "drop" before "take";
then the resignations, smallest first; "accept" before "decline"; chance
outcomes in the order above.

Turn flow
---------
A turn starts either with the player's decision ("double" or "roll", only
when the cube is on and available to them) or directly at the chance point
(to_move CHANCE). After the roll the player makes single checker moves until
the dice that can be played are played. When a roll (or the rest of it)
cannot be played the turn passes inside the move that caused it: the roll
outcome itself, or the last playable checker move. A game that ends inside a
match is followed at once by the next game's opening roll.

Choices made for this project
-----------------------------
- The facts file names neither the Jacoby rule nor beavers, so there are none:
  gammons count with the cube in the middle, and a double is taken or dropped.
- Bearing off the last checker counts as playing every die left: the game is
  won, so a player may bear off the last checker with one die even where two
  smaller steps would have used both.
- Points in a match are added in full (a 4-point gammon at 4-6 in a 7-point
  match gives 8 to 6); the match winner is whoever reaches the length.
- A single game (match "1") scores cube times gammon multiplier to the winner.
  In gnubg's match ID it is written as a money game (match length 0).
- ``max_plies`` (``LONGEST_RECORD``, 20,000: the longest record takes) is a
  practical bound, not a proven one: hits can send checkers back without end
  in principle. Uniformly random 7-point matches without the cube, the longest
  kind, took 1,600 to 5,000 plies in 300 seeded tries (median 3,300); a single
  random game about 300; games between people far fewer.

State
-----
``sides`` holds one tuple of 26 per seat, seen from that seat: index 0 counts
the checkers borne off, 1-24 its points in its own numbering, 25 its bar.
``results`` keeps (winner, points, kind) per finished game, kind being
"single", "gammon", "backgammon", "drop", or the resignation accepted
("resign", "resign gammon", "resign backgammon"). moves.py generates the moves,
match.py scores games, gnubg.py writes gnubg's IDs and the match text, and
estimate.py judges each seat's chances (features.py, the numbers it weighs), and
turn.py and plays.py give the computer's turn search whole turns to judge.

gnubg
-----
``position_id(state)`` and ``match_id(state)`` give gnubg's IDs of a position
(``position_from_id`` reads one back); ``export_match(record)`` writes a match
as Jellyfish-style text and ``import_match(text)`` reads one into a Record
(seed 0), raising RecordError for text it cannot read or replay. See gnubg.py.

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  seat, seat_names ["White", "Black"]
  points        24 ints in White's numbering (index 0 = White's 1-point =
                Black's 24-point): +n for n White checkers, -n for n Black
  bar, off      [White's, Black's] checkers on the bar / borne off
  pips          [White's, Black's] pip counts
  turn          the seat whose turn it is (roller, doubler, mover)
  to_move       seat to decide, -1 at a chance point, None when over
  phase         "opening", "cube", "roll", "take", "move", "resign" (a resignation
                waits for an answer) or "over"
  dice          the dice still to play this turn, larger first
  rolled        the turn's roll, larger first ([] before the roll)
  opening       {"white": die, "black": die} when the turn began with the
                opening roll, else None
  played        this turn's checker moves, hits marked "*"
  last_turn     the previous turn: {"seat", "rolled", "played"} (played [] =
                the roll could not be played), or None at a game's start
  cube          {"enabled", "value", "owner" (seat or None in the middle),
                "offered" (a double waits for an answer), "may_double"
                (the seat on turn may double now, before rolling)}
  match         {"length", "score" [White, Black], "game" (1-based),
                "crawford" (this game), "post_crawford", "results": a list of
                {"winner", "points", "kind", "text"} per finished game}
  resigned      the resignation waiting for an answer ("resign gammon"...), else None
  position_id, match_id   gnubg's IDs for the position
  legal_moves, options, ply, outcome
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import rng as rng_module
from ...core import CHANCE, LONGEST_RECORD, GameInfo, InvalidMoveError, Option, Outcome, State
from . import estimate
from . import match as match_rules
from .match import KIND_POINTS, MAX_CUBE, RESIGNATIONS, SEAT_NAMES, game_kind, game_text
from .cube import CubeDecision
from .turn import Turn
from .moves import (
    BAR,
    CHECKERS,
    OFF,
    START_SIDE,
    STEP_BY_TEXT,
    die_for,
    legal_steps,
    pip_count,
    play_step,
    step_problem,
)

ROLL_MOVES: tuple[str, ...] = tuple(f"roll {low}-{high}" for low in range(1, 7) for high in range(low, 7))
ROLL_WEIGHTS: tuple[int, ...] = tuple(1 if move[5] == move[7] else 2 for move in ROLL_MOVES)
ROLL_DICE: dict[str, tuple[int, int]] = {move: (int(move[7]), int(move[5])) for move in ROLL_MOVES}
OPENING_MOVES: tuple[str, ...] = tuple(
    f"opening {white}-{black}" for white in range(1, 7) for black in range(1, 7) if white != black
)
OPENING_WEIGHTS: tuple[int, ...] = (1,) * len(OPENING_MOVES)
OPENING_DICE: dict[str, tuple[int, int]] = {move: (int(move[8]), int(move[10])) for move in OPENING_MOVES}
CUBE_MOVES = ("double", "roll")
ANSWER_MOVES = ("drop", "take")
RESIGN_ANSWERS = ("accept", "decline")

_DICE_PATTERN = re.compile(r"(roll|opening) [1-6]-[1-6]")


def _on(value: str) -> bool:
    return value == "on"


@dataclass(frozen=True)
class BackgammonState(State):
    info = GameInfo(
        id="backgammon",
        title="Backgammon",
        min_players=2,
        max_players=2,
        options=(
            Option("scoring", "Scoring", ("single", "gammons"), "single",
                   ("Every game is 1 point", "Gammons 2 points, backgammons 3"),
                   help="Whether winning before the loser has borne off counts double or triple."),
            Option("cube", "Doubling cube", ("off", "on"), "off",
                   ("Off", "On: double, take or drop before a roll"),
                   help="Raise the stakes before a roll; the other player takes the double or gives up the game."),
            Option("match", "Match", ("1", "3", "5", "7"), "1",
                   ("One game", "3-point match", "5-point match", "7-point match"),
                   help="One game, or games until one player reaches 3, 5 or 7 points."),
        ),
        has_chance=True,
        has_hidden_info=False,
        max_plies=LONGEST_RECORD,
        seat_advantage=False,  # the opening roll decides who starts
        summary="Race your fifteen checkers home and bear them off, hitting blots on the way; dice, cube and matches.",
    )

    players: int = 2
    sides: tuple[tuple[int, ...], tuple[int, ...]] = (START_SIDE, START_SIDE)
    to_move: int | None = CHANCE
    phase: str = "opening"
    turn: int = 0  # the seat whose turn it is: roller, doubler and mover
    dice: tuple[int, ...] = ()  # dice still to play, larger first
    rolled: tuple[int, ...] = ()  # this turn's roll, larger first
    opening: tuple[int, ...] = ()  # (White's die, Black's die) when the turn began with the opening roll
    played: tuple[str, ...] = ()  # this turn's checker moves, hits marked "*"
    last_seat: int = -1  # the previous turn within this game, -1 at a game's start
    last_rolled: tuple[int, ...] = ()
    last_played: tuple[str, ...] = ()
    gammons: bool = False
    cube_enabled: bool = False
    match_length: int = 1
    cube: int = 1
    cube_owner: int = -1  # -1: in the middle
    score: tuple[int, int] = (0, 0)
    game: int = 1
    crawford: bool = False  # this game is the Crawford game
    crawford_done: bool = False  # the Crawford game has begun: later games are post-Crawford
    results: tuple[tuple[int, int, str], ...] = ()  # (winner, points, kind) per finished game
    end_reason: str = ""
    resigned: str = ""  # the resignation waiting for an answer
    resumes: str = ""  # the phase a declined resignation goes back to
    rng: int = 0
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> BackgammonState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        return cls(
            players=players,
            gammons=values["scoring"] == "gammons",
            cube_enabled=_on(values["cube"]),
            match_length=int(values["match"]),
            rng=rng_module.seed_state(seed),
        )

    # -- moves -------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "move":
            seat = self.turn
            moves, _ = legal_steps(self.sides[seat], self.sides[1 - seat], self.dice)
            return moves + self.resignations()
        if phase == "roll":
            return ROLL_MOVES
        if phase == "opening":
            return OPENING_MOVES
        if phase == "cube":
            return CUBE_MOVES + self.resignations()
        if phase == "take":
            return ANSWER_MOVES
        if phase == "resign":
            return RESIGN_ANSWERS
        return ()

    @property
    def weighs_gammons(self) -> bool:
        """Whether the computer's play and cube count gammons: in a single game that scores them.
        A match's gammons are worth what its score makes them, which the computer leaves out."""
        return self.gammons and self.match_length == 1

    def resignations(self) -> tuple[str, ...]:
        """What the player on turn may resign: a single game, and with gammons scored a gammon or a backgammon."""
        return tuple(RESIGNATIONS) if self.gammons else ("resign",)

    def turn_seat(self) -> int | None:
        """A roll belongs to the turn of the seat that plays it; the opening roll to nobody's."""
        if self.to_move == CHANCE:
            return None if self.phase == "opening" else self.turn
        return self.to_move

    def chance_weights(self) -> tuple[int, ...]:
        if self.phase == "roll":
            return ROLL_WEIGHTS
        if self.phase == "opening":
            return OPENING_WEIGHTS
        return super().chance_weights()

    def may_double(self, seat: int) -> bool:
        """Whether `seat` may offer a double at the start of its turn."""
        return (
            self.cube_enabled
            and not self.crawford
            and self.cube_owner in (-1, seat)
            and self.cube < MAX_CUBE
        )

    def _double_problem(self) -> str:
        if not self.cube_enabled:
            return "the doubling cube is not used in this game"
        if self.crawford:
            return "there is no doubling in the Crawford game"
        if self.cube_owner == 1 - self.turn:
            return f"{SEAT_NAMES[self.cube_owner]} owns the cube: only they may double"
        if self.cube >= MAX_CUBE:
            return f"the cube is already at {MAX_CUBE}"
        return ""

    def why_illegal(self, move: str) -> str:
        is_step = move in STEP_BY_TEXT
        is_dice = _DICE_PATTERN.fullmatch(move) is not None
        if not (is_step or is_dice or move in ("roll", "double", "take", "drop") or move in RESIGNATIONS
                or move in RESIGN_ANSWERS):
            if move.endswith("*") and move[:-1] in STEP_BY_TEXT:
                raise InvalidMoveError(move, f'write the move without the hit mark: "{move[:-1]}"')
            raise InvalidMoveError(
                move,
                'a move is one checker moved by one die ("24/18", "bar/22", "6/off"), '
                '"roll", "double", "take", "drop", "resign" (or "resign gammon", "resign backgammon"), "accept", '
                '"decline", or a dice outcome ("roll 3-5", "opening 4-2")',
            )
        if self.to_move is None:
            return "the game is over"
        phase = self.phase
        if phase == "resign":
            return (f"{SEAT_NAMES[self.turn]} has resigned {RESIGNATIONS[self.resigned]}: "
                    f"{SEAT_NAMES[self.to_move]} accepts or declines")
        if move in RESIGN_ANSWERS:
            return "nobody has resigned"
        if move in RESIGNATIONS:
            if self.to_move == CHANCE or phase == "take":
                return "resign on your turn: while you move, or before you roll where you may double"
            return "only a single game can be resigned: gammons are not scored in this game"
        if is_dice:
            if self.to_move != CHANCE:
                return "dice outcomes come from the dice, not from a player"
            if move.startswith("opening"):
                if move[8] == move[10]:
                    return "a tie in the opening roll is thrown again, so it is never an outcome"
                return "the opening roll comes only at the start of a game"
            if phase == "opening":
                return 'a game starts with the opening roll: one die each, written "opening W-B"'
            return "that is not a roll of two dice"  # unreachable: every roll is listed
        if move == "double":
            problem = self._double_problem()
            if problem:
                return problem
            if phase == "take":
                return "a double is already waiting for an answer"
            return "a double is offered only at the start of your turn, before rolling"
        if phase == "take":
            return f"{SEAT_NAMES[self.to_move]} must answer the double first: take or drop"
        if move in ("take", "drop"):
            return "no double has been offered"
        if phase in ("opening", "roll"):
            return "the dice have not been rolled yet"
        if move == "roll":
            return "the dice are already rolled" if phase == "move" else "it is not time to roll"
        if phase == "cube":
            return "roll the dice first (or double)"
        return self._step_reason(move)

    def _step_reason(self, move: str) -> str:
        seat = self.turn
        own, opponent = self.sides[seat], self.sides[1 - seat]
        origin, target = STEP_BY_TEXT[move]
        problem = step_problem(own, opponent, self.dice, origin, target)
        if problem:
            return problem
        _, best = legal_steps(own, opponent, self.dice)
        dice = self.dice
        if best == 1 and len(dice) == 2 and dice[0] != dice[1]:
            return f"only one die can be played this turn, so it must be the larger one, the {dice[0]}"
        return (
            f"you must play as many dice as you can ({best} this turn), "
            f"and after {move} you could not"
        )

    def _apply(self, move: str) -> BackgammonState:
        phase = self.phase
        if move in RESIGNATIONS:
            return self._replace(phase="resign", to_move=1 - self.turn, resigned=move, resumes=phase, ply=self.ply + 1)
        if phase == "resign":
            if move == "decline":
                return self._replace(phase=self.resumes, to_move=self.turn, resigned="", resumes="", ply=self.ply + 1)
            kind = RESIGNATIONS[self.resigned]
            return self._replace(resigned="", resumes="")._end_game(
                1 - self.turn, KIND_POINTS[kind] * self.cube, self.resigned, self.sides, ply=self.ply + 1)
        if phase == "move":
            return self._step(move)
        if phase == "roll":
            return self._rolled(self.turn, ROLL_DICE[move], ())
        if phase == "opening":
            white, black = OPENING_DICE[move]
            mover = 0 if white > black else 1
            return self._rolled(mover, (max(white, black), min(white, black)), (white, black))
        if phase == "cube":
            if move == "double":
                return self._replace(phase="take", to_move=1 - self.turn, ply=self.ply + 1)
            return self._replace(phase="roll", to_move=CHANCE, ply=self.ply + 1)
        # phase "take"
        if move == "take":
            return self._replace(
                phase="roll", to_move=CHANCE, cube=self.cube * 2, cube_owner=1 - self.turn, ply=self.ply + 1
            )
        return self._end_game(self.turn, self.cube, "drop", self.sides, ply=self.ply + 1)

    def _rolled(self, seat: int, roll: tuple[int, int], opening: tuple[int, ...]) -> BackgammonState:
        high, low = roll
        dice = (high,) * 4 if high == low else (high, low)
        moves, best = legal_steps(self.sides[seat], self.sides[1 - seat], dice)
        state = self._replace(
            rng=rng_module.next_u64(self.rng)[1],
            phase="move",
            to_move=seat,
            turn=seat,
            dice=dice,
            rolled=roll,
            opening=opening,
            played=(),
            ply=self.ply + 1,
        )
        if not best:
            return state._end_turn()  # nothing can move: the roll is lost
        state._know_legal_moves(moves + state.resignations())  # already worked out: spare legal_moves() the search
        return state

    def _step(self, move: str) -> BackgammonState:
        seat = self.turn
        origin, target = STEP_BY_TEXT[move]
        own, opponent = self.sides[seat], self.sides[1 - seat]
        die = die_for(self.dice, origin, target)
        own, opponent, hit = play_step(own, opponent, origin, target)
        index = self.dice.index(die)
        dice = self.dice[:index] + self.dice[index + 1 :]
        sides = (own, opponent) if seat == 0 else (opponent, own)
        played = self.played + (move + "*" if hit else move,)
        if own[OFF] == CHECKERS:
            kind = game_kind(opponent, self.gammons)
            points = KIND_POINTS[kind] * self.cube
            final = self._replace(played=played, dice=())
            return final._end_game(seat, points, kind, sides, ply=self.ply + 1)
        moves, best = legal_steps(own, opponent, dice) if dice else ((), 0)
        state = self._replace(sides=sides, dice=dice, played=played, ply=self.ply + 1)
        if not best:
            return state._end_turn()
        state._know_legal_moves(moves + state.resignations())
        return state

    def _end_turn(self) -> BackgammonState:
        following = 1 - self.turn
        waits = self.may_double(following)
        return self._replace(
            phase="cube" if waits else "roll",
            to_move=following if waits else CHANCE,
            turn=following,
            dice=(),
            rolled=(),
            opening=(),
            played=(),
            last_seat=self.turn,
            last_rolled=self.rolled,
            last_played=self.played,
        )

    def _end_game(self, winner: int, points: int, kind: str, sides: tuple[tuple[int, ...], tuple[int, ...]],
                  ply: int) -> BackgammonState:
        score = list(self.score)
        score[winner] += points
        results = self.results + ((winner, points, kind),)
        text = game_text(winner, points, kind)
        if self.match_length == 1 or score[winner] >= self.match_length:
            if self.match_length > 1:
                text = (
                    f"{SEAT_NAMES[winner]} wins the {self.match_length}-point match "
                    f"{score[winner]} to {score[1 - winner]}; last game: {text}"
                )
            return self._replace(
                sides=sides, to_move=None, phase="over", score=tuple(score), results=results,
                end_reason=text, ply=ply, dice=(), last_seat=self.turn, last_rolled=self.rolled,
                last_played=self.played,
            )
        crawford = match_rules.crawford_starts((score[0], score[1]), self.match_length, self.crawford_done)
        return self._replace(
            sides=(START_SIDE, START_SIDE), to_move=CHANCE, phase="opening", turn=0, dice=(), rolled=(),
            opening=(), played=(), last_seat=-1, last_rolled=(), last_played=(), cube=1, cube_owner=-1,
            score=tuple(score), game=self.game + 1, crawford=crawford,
            crawford_done=self.crawford_done or crawford, results=results, ply=ply,
        )

    # -- end and view --------------------------------------------------------

    def estimate_returns(self) -> tuple[float, float]:
        return estimate.estimate_returns(self)

    def search_position(self) -> Turn | CubeDecision | None:
        """While a seat plays its roll, the turn search's position (turn.py); at a cube decision
        one that decides by the same chances (cube.py); the answer to a resignation is left to
        the default search."""
        if self.phase == "move":
            return Turn(self.sides[self.turn], self.sides[1 - self.turn], self.dice, self.weighs_gammons)
        if self.phase in ("cube", "take"):
            return CubeDecision(self)
        return None

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        winner, points, _ = self.results[-1]
        if self.match_length == 1:
            scores = [0, 0]
            scores[winner] = points
        else:
            scores = list(self.score)
        return Outcome(scores=(float(scores[0]), float(scores[1])), winners=(winner,), reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        white, black = self.sides
        points = [white[point] - black[25 - point] for point in range(1, 25)]
        outcome = self.outcome()
        last_turn = None
        if self.last_seat >= 0:
            last_turn = {"seat": self.last_seat, "rolled": list(self.last_rolled), "played": list(self.last_played)}
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "points": points,
            "bar": [white[BAR], black[BAR]],
            "off": [white[OFF], black[OFF]],
            "pips": [pip_count(white), pip_count(black)],
            "turn": self.turn,
            "to_move": self.to_move,
            "phase": self.phase,
            "dice": list(self.dice),
            "rolled": list(self.rolled),
            "opening": {"white": self.opening[0], "black": self.opening[1]} if self.opening else None,
            "played": list(self.played),
            "last_turn": last_turn,
            "cube": {
                "enabled": self.cube_enabled,
                "value": self.cube,
                "owner": None if self.cube_owner < 0 else self.cube_owner,
                "offered": self.phase == "take",
                "may_double": self.phase == "cube",
            },
            "match": {
                "length": self.match_length,
                "score": list(self.score),
                "game": self.game,
                "crawford": self.crawford,
                "post_crawford": self.crawford_done and not self.crawford,
                "results": [
                    {"winner": winner, "points": points_won, "kind": kind, "text": game_text(winner, points_won, kind)}
                    for winner, points_won, kind in self.results
                ],
            },
            "position_id": position_id(self),
            "match_id": match_id(self),
            "resigned": self.resigned or None,
            "legal_moves": list(self.legal_moves()),
            "options": {
                "scoring": "gammons" if self.gammons else "single",
                "cube": "on" if self.cube_enabled else "off",
                "match": str(self.match_length),
            },
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }


# After the class: gnubg.py formats states and replays records of this game.
from .gnubg import export_match, import_match, match_id, position_from_id, position_id  # noqa: E402

__all__ = ["BackgammonState", "export_match", "import_match", "match_id", "position_from_id", "position_id"]
