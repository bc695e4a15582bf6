"""Go under the AGA rules, as Board Game Arena's "classicgo" offers it.

Rules
-----
Black (seat 0) and White (seat 1) take turns. A turn is a board play (a stone
of one's colour on an empty point) or a pass. Stones of one colour joined along
the lines form a chain; the empty points touching a chain are its liberties.

- A play first takes off every enemy chain left without a liberty; those stones
  are the player's prisoners. A play whose own chain then has no liberty
  (suicide, one stone or many) is illegal.
- Situational superko, as the facts read AGA Rule 6 (the British Go
  Association's interpretation): a board play may not recreate a board position
  that the same player created before with a board play. A pass creates no
  position: after White passes and Black takes a ko, White may retake at once,
  and Black may not take back. This covers the simple ko and every longer cycle
  (triple ko and the like). The start of the game counts for nobody.
- Black moves first, except in handicap games of 2 to 9 stones: those stones
  stand on fixed points at the start and White moves first.
- AGA option "yes": every pass hands the opponent one stone as a prisoner (a pass
  stone), and White passes last: when the game ends after Black's move, White
  hands over one more pass stone. Option "no": passes are free until the players
  have once gone back to play from the dead-stone stage; from then on they cost
  a pass stone too. White passing last belongs to the AGA option only.
- Two passes in a row end play and open the dead-stone stage. Starting with the
  opponent of the last passer, the player to move toggles chains between alive
  and dead ("dead D4") as often as they like, then "accept"s the marking, which
  hands the turn to the other player. When the other player accepts the same
  marking, the dead stones go off as prisoners of their captor and the game is
  counted. Any toggle cancels an acceptance. Either player may instead "resume":
  the marks are cleared and play goes on, the opponent of the last passer to
  move. If the first two moves after a resumption are both passes, the game ends
  with every stone on the board counted as alive.
- Either player may resign instead of moving, in play or in the dead-stone stage;
  the other then wins "by resignation" (W+R), scored 1 to 0 with no count.
- Counting "japanese" (territory): empty points surrounded by one's own stones
  alone, plus prisoners (captures, dead stones and pass stones), plus komi for
  White. Counting "chinese" (area): one's stones on the board plus surrounded
  empty points, plus komi for White; in a handicap game of N stones White also
  gets N - 1 points. Eyes in a seki count as territory (AGA); shared liberties
  count for nobody. Under the AGA option both countings give the same margin and
  the same winner. Komi always ends in a half, so there is no draw.

Options
-------
- ``size``: "9" (default), "13" or "19" lines.
- ``counting``: "japanese" (default, territory and prisoners) or "chinese" (area).
- ``komi``: Board Game Arena's single "Komi and handicaps" option, so that komi
  and handicap can never clash: "none" (0.5), "normal" (default: 5.5 on 9x9 and
  13x13, 4.5 on 19x19), "big" (7.5), "handicap1" (Black simply moves first,
  komi 0.5) or "handicap2" to "handicap9" (that many black stones on the fixed
  points below, White moves first, komi 0.5).
- ``aga``: "yes" (default) or "no", as above.

Handicap points: the common engine layout; the 3-3 points on 9x9, the 4-4
points on 13x13 and 19x19. 2: lower left and upper right corners; 3: + upper
left; 4: + lower right; 5: four corners + centre; 6: corners + left and right
sides; 7: 6 + centre; 8: 6 + bottom and top sides; 9: 8 + centre (on 9x9: C3 G7,
C7, G3, E5, C5 G5, E3 E7).

Notation
--------
- A board play is its point: a column letter A to T without I (A on Black's
  left) and a row number 1 to 19 (row 1 on Black's side), e.g. "D4", "K10".
- "pass", and "resign" (in play and in the dead-stone stage).
- Dead-stone stage: "dead D4" toggles the whole chain through the stone on D4
  (marked dead if it was alive, alive if it was dead); "accept"; "resume".
``legal_moves()`` lists board points from A1 along row 1 and upwards, then
"pass", "resign"; in the dead-stone stage "accept", then "dead <point>" for every
stone in the same order (every stone of a chain names it), then "resume", "resign".

Choices made for this project
-----------------------------
- Move limit: after ``4 x points`` moves of play (board plays and passes: 324 on
  9x9, 676 on 13x13, 1444 on 19x19, far beyond any real game) the game ends at
  once and is counted with every stone alive, as after a resumption's two passes.
  Random players almost never pass twice in a row, so without it their games
  would not end. Two passes that reach the limit still open the dead-stone stage,
  but "resume" is no longer offered once the limit is reached.
- Each dead-stone stage allows ``2 x size`` toggles (18 on 9x9, 26 on 13x13,
  38 on 19x19); after that only "accept" and "resume" remain (and a resumption
  leads to a fresh stage). This bounds the stage (random players would toggle
  forever) and leaves plenty for people.
- A toggle marks one chain. A dead group made of several chains takes one toggle
  per chain.
- White's closing pass stone is handed over automatically when the game ends
  (it is the only move White could make), and shown in the view.
- The handicap compensation for area counting applies whether or not the AGA
  option is on.
- Superko compares 64-bit Zobrist hashes of positions (numbers drawn from our
  own generator); a false match is about as likely as a cosmic-ray bit flip.
- The move limit makes ``max_plies`` a proven bound: play moves <= 1444, each
  dead-stone stage follows two passes, and a stage has at most 38 toggles,
  39 acceptances and one resumption.

State fields
------------
``board`` is a string of size*size characters, "." empty, "B" black, "W"
white; index (row - 1) * size + column, A1 = 0. ``position`` is its hash and
``history`` holds, per seat, the hashes of the positions that seat created with
board plays (16 hex digits each, one string per seat: compact in JSON).
``captures`` / ``pass_stones`` are (Black's, White's). ``stage`` is "play",
"marking" or "over". ``dead`` holds the points marked dead (sorted),
``accepted_by`` the seat that accepted the current marking.

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  seat, seat_names ["Black", "White"]
  size, board     the board string as above ("B", "W", ".")
  to_move, stage  "play", "marking" or "over"
  last_move       None or {"seat", "move", "point" (index or None), "captured": [indexes]}
  captures        stones each side has captured in play [Black's, White's]
  pass_stones     pass stones each side has received [Black's, White's]
  passes          passes in a row just played (0-2)
  ko              empty points the player to move may not play because of (super)ko
  komi, handicap, counting ("japanese"/"chinese"), aga (bool)
  moves_played, move_limit           moves of play so far and the limit
  dead            indexes marked dead (dead-stone stage and end)
  accepted_by     seat that accepted the current marking, else None
  toggles_left    toggles left in this dead-stone stage
  resumed         True once play has been resumed from a dead-stone stage
  white_last_pass True when White handed over the closing pass stone
  resigned        the seat that resigned, else None
  score           in the dead-stone stage and at the end, the count with the marked
                  stones off: see ``scoring.Score.to_dict`` (territory_map per point
                  "B", "W" or "-"), else None
  ply, outcome
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ...core import GameInfo, InvalidMoveError, Option, Outcome, State, winners_by_score
from . import board as board_module
from .board import (COLUMNS, EMPTY, EVERY_POINT, GEOMETRIES, STONES, Geometry, Plays, chains_of,
                    find_plays, geometry, handicap_points)
from .chains import BLACK, Board, padded_points, rules_points
from .scoring import Score, score

T = TypeVar("T")
SEAT_NAMES = ("Black", "White")
PASS = "pass"
ACCEPT = "accept"
RESUME = "resume"
RESIGN = "resign"
DEAD = "dead "
_UNKNOWN_EMPTIED = (EVERY_POINT, EVERY_POINT)
KOMI_CHOICES = ("none", "normal", "big") + tuple(f"handicap{stones}" for stones in range(1, 10))
KOMI_LABELS = (
    "Without komi (0.5)",
    "Normal komi (5.5; 4.5 on 19x19)",
    "Big komi (7.5)",
    "Handicap: 1 stone (Black moves first, komi 0.5)",
) + tuple(f"Handicap: {stones} stones" for stones in range(2, 10))


def move_limit(size: int) -> int:
    """Moves of play (board plays and passes) after which the game is counted as it stands."""
    return 4 * size * size


def toggle_limit(size: int) -> int:
    """Toggles allowed in one dead-stone stage."""
    return 2 * size


def _ply_bound(size: int) -> int:
    stages = move_limit(size) // 2
    toggles = toggle_limit(size)
    return move_limit(size) + stages * (2 * toggles + 3)


def komi_of(choice: str, size: int) -> float:
    if choice == "normal":
        return 4.5 if size == 19 else 5.5
    if choice == "big":
        return 7.5
    return 0.5  # "none" and every handicap


def handicap_of(choice: str) -> int:
    return int(choice[len("handicap"):]) if choice.startswith("handicap") else 0


@dataclass(frozen=True)
class GoState(State):
    info: ClassVar[GameInfo] = GameInfo(
        id="go",
        title="Go",
        min_players=2,
        max_players=2,
        options=(
            Option("size", "Board size", ("9", "13", "19"), "9", ("9 × 9", "13 × 13", "19 × 19"),
                   help="Lines on the board: 9 × 9 is a quick game, 19 × 19 the full one."),
            Option("counting", "Method of counting", ("japanese", "chinese"), "japanese",
                   ("Japanese: territory and prisoners", "Chinese: area"),
                   help="How the end is counted; with the AGA rules both give the same winner."),
            Option("komi", "Komi and handicaps", KOMI_CHOICES, "normal", KOMI_LABELS,
                   help="Points White gets for moving second, or stones a weaker Black starts with."),
            Option("aga", "AGA rules", ("yes", "no"), "yes",
                   ("Yes: every pass costs a stone, White passes last",
                    "No: passes are free until play resumes after a disputed end"),
                   help="The American rules: each pass hands over a stone, so both countings agree."),
        ),
        has_chance=False,
        has_hidden_info=False,
        max_plies=_ply_bound(19),
        summary="Surround territory with your stones on a 9, 13 or 19 line board, under the AGA rules.",
    )

    players: int = 2
    size: int = 9
    counting: str = "japanese"
    komi_choice: str = "normal"
    aga: bool = True
    board: str = EMPTY * 81
    to_move: int | None = 0
    stage: str = "play"
    position: int = 0
    history: tuple[str, str] = ("", "")
    """Per seat, the hashes of the positions it created (board plays and passes), 16 hex digits each."""
    captures: tuple[int, int] = (0, 0)
    pass_stones: tuple[int, int] = (0, 0)
    passes: int = 0
    last_passer: int | None = None
    resumed: bool = False
    resumption_passes: int = -1
    """Passes since the last resumption while no stone has been played; -1 otherwise."""
    moves_played: int = 0
    dead: tuple[int, ...] = ()
    accepted_by: int | None = None
    toggles: int = 0
    last_move: str = ""
    last_mover: int | None = None
    last_captured: tuple[int, ...] = ()
    white_last_pass: bool = False
    resigned: int | None = None
    end_reason: str = ""
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> GoState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        size = int(values["size"])
        geo = geometry(size)
        stones = handicap_of(values["komi"])
        cells = [EMPTY] * geo.points
        for point in handicap_points(size, stones):
            cells[point] = STONES[0]
        board = "".join(cells)
        state = cls(
            players=players,
            size=size,
            counting=values["counting"],
            komi_choice=values["komi"],
            aga=values["aga"] == "yes",
            board=board,
            to_move=1 if stones >= 2 else 0,
            position=board_module.position_hash(board, geo),
        )
        state.__dict__["_emptied"] = (0, 0)
        return state

    # -- derived facts ---------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return GEOMETRIES.get(self.size) or geometry(self.size)

    @property
    def komi(self) -> float:
        return komi_of(self.komi_choice, self.size)

    @property
    def handicap(self) -> int:
        return handicap_of(self.komi_choice)

    def _replace(self, **changes: Any) -> GoState:
        state = super()._replace(**changes)
        values = state.__dict__
        values.pop("_plays", None)
        values.pop("_score", None)
        if "board" in changes:
            values.pop("_chains", None)  # else the chains are the same: keep them
        return state

    def emptied(self) -> tuple[int, int]:
        """Per seat, a bit mask of the points where it has lost a stone: only a play
        there can repeat a position. Carried from state to state, outside the
        fields; a state read from JSON does not know it, and every point counts."""
        return self.__dict__.get("_emptied", _UNKNOWN_EMPTIED)  # type: ignore[no-any-return]

    def chains(self) -> Board:
        """The board's chains and liberties, worked out once per state (or carried
        from the state before). Not to be changed: copy() it first."""
        found = self.__dict__.get("_chains")
        if found is None:
            found = self.__dict__["_chains"] = chains_of(self.board, self.size)
        return found  # type: ignore[no-any-return]

    def chain_at(self, point: int) -> list[int]:
        """The points of the chain of the stone on `point`."""
        chains = self.chains()
        outside = rules_points(self.size)
        return [outside[stone] for stone in chains.stones[chains.chain[padded_points(self.size)[point]]]]

    def plays(self) -> Plays:
        """The board plays open to the player to move (none outside play)."""
        found = self.__dict__.get("_plays")
        if found is None:
            if self.stage != "play" or self.to_move is None:
                found = Plays()
            else:
                found = find_plays(self.board, self.geometry, self.chains(), self.to_move, self.position,
                                   self.history[self.to_move], self.emptied()[self.to_move])
            self.__dict__["_plays"] = found
        return found

    # -- moves -----------------------------------------------------------------------

    def last_decision_of_turn(self) -> bool:
        return self.stage == "play"  # a play or a pass ends the turn; marking takes toggles, then accept

    def _legal_moves(self) -> tuple[str, ...]:
        if self.stage == "play":
            names = self.geometry.names
            return tuple([names[point] for point in self.plays().points] + [PASS, RESIGN])
        if self.stage == "marking":
            moves = [ACCEPT]
            if self.toggles < toggle_limit(self.size):
                dead_moves = self.geometry.dead_moves
                moves.extend([dead_moves[point] for point, stone in enumerate(self.board) if stone != EMPTY])
            if self.moves_played < move_limit(self.size):
                moves.append(RESUME)
            return tuple(moves + [RESIGN])
        return ()

    def why_illegal(self, move: str) -> str:
        geo = self.geometry
        words = move.split(" ")
        if move in (PASS, ACCEPT, RESUME, RESIGN):
            point = None
        elif len(words) == 2 and words[0] == DEAD.strip() and words[1]:
            point = self._point(words[1], move)
        elif len(words) == 1 and move:
            point = self._point(move, move)
        else:
            raise InvalidMoveError(move, 'a move is a point such as "D4", "pass", "resign", "dead D4", "accept" '
                                   'or "resume"')
        if self.to_move is None:
            return "the game is over"
        if self.stage == "play":
            if move in (ACCEPT, RESUME) or move.startswith(DEAD):
                return "that belongs to the dead-stone stage, which opens after two passes in a row"
            if self.board[point] != EMPTY:  # type: ignore[index]
                return f"{move} is already taken"
            if point in self.plays().ko:
                return f"a stone on {move} would recreate a position you created before (ko)"
            return f"a stone on {move} would have no liberty (suicide)"
        # the dead-stone stage
        if move == PASS or not move.startswith(DEAD) and point is not None:
            return 'play has stopped: mark dead chains with "dead <point>", then accept or resume'
        if move == RESUME:
            return f"the limit of {move_limit(self.size)} moves of play is reached, so play cannot resume"
        if self.board[point] == EMPTY:  # type: ignore[index]
            return f"there is no stone on {geo.names[point]} to mark"  # type: ignore[index]
        return f"the {toggle_limit(self.size)} toggles of this stage are used up: accept or resume"

    def _point(self, name: str, move: str) -> int:
        point = self.geometry.index.get(name)
        if point is None:
            if name.upper() in self.geometry.index:
                raise InvalidMoveError(move, f'points are written with a capital letter, such as "{name.upper()}"')
            if name[:1].upper() in COLUMNS and name[1:].isdigit():
                raise InvalidMoveError(move, f"{name} is not a point of the {self.size}x{self.size} board")
            raise InvalidMoveError(move, 'a point is a column letter (A-T, no I) and a row number, such as "D4"')
        return point

    def _apply(self, move: str) -> GoState:
        seat: int = self.to_move  # type: ignore[assignment]
        if move == RESIGN:
            return self._replace(stage="over", to_move=None, resigned=seat, dead=(), accepted_by=None,
                                 end_reason=f"{SEAT_NAMES[seat]} resigned", last_move=move, last_mover=seat,
                                 last_captured=(), ply=self.ply + 1)
        if self.stage == "play":
            if move == PASS:
                return self._pass(seat)
            return self._play(seat, self.geometry.index[move])
        if move == ACCEPT:
            if self.accepted_by == 1 - seat:
                accepted = self._replace(last_move=move, last_mover=seat, last_captured=(), ply=self.ply + 1)
                return accepted._finish(self.last_passer, "both players accepted the dead stones", self.dead)  # type: ignore[arg-type]
            return self._replace(to_move=1 - seat, accepted_by=seat, last_move=move, last_mover=seat,
                                 last_captured=(), ply=self.ply + 1)
        if move == RESUME:
            return self._replace(stage="play", to_move=1 - self.last_passer, dead=(),  # type: ignore[operator]
                                 accepted_by=None, toggles=0, passes=0, resumed=True, resumption_passes=0,
                                 last_move=move, last_mover=seat, last_captured=(), ply=self.ply + 1)
        chain = self.chain_at(self.geometry.index[move[len(DEAD):]])
        marked = set(self.dead)
        if chain[0] in marked:  # a chain is marked as a whole, so one stone tells
            marked.difference_update(chain)
        else:
            marked.update(chain)
        return self._replace(dead=tuple(sorted(marked)), accepted_by=None, toggles=self.toggles + 1,
                             last_move=move, last_mover=seat, last_captured=(), ply=self.ply + 1)

    def _play(self, seat: int, point: int) -> GoState:
        chains = self.chains().copy()
        chains.ko = -1  # the rules judged the play; the simple ko is the playouts' concern
        chains.play(padded_points(self.size)[point], BLACK + seat)
        outside = rules_points(self.size)
        captured = [outside[gone] for gone in chains.captured]
        position = self.position ^ self.geometry.zobrist[seat][point]
        for gone in captured:
            position ^= self.geometry.zobrist[1 - seat][gone]
        history = _with(self.history, seat, self.history[seat] + f"{position:016x}")
        captures = list(self.captures)
        captures[seat] += len(captured)
        state = self._replace(
            board=board_module.place(self.board, point, seat, captured),
            to_move=1 - seat,
            position=position,
            history=history,
            captures=(captures[0], captures[1]),
            passes=0,
            resumption_passes=-1,
            moves_played=self.moves_played + 1,
            last_move=self.geometry.names[point],
            last_mover=seat,
            last_captured=tuple(sorted(captured)),
            ply=self.ply + 1,
        )
        if state.moves_played >= move_limit(self.size):
            return state._finish(seat, f"the limit of {move_limit(self.size)} moves was reached; every stone counts as alive")
        state.__dict__["_chains"] = chains
        if captured:
            state.__dict__["_emptied"] = _with(self.emptied(), 1 - seat,
                                               self.emptied()[1 - seat] | sum(1 << gone for gone in captured))
        return state

    def _pass(self, seat: int) -> GoState:
        pass_stones = list(self.pass_stones)
        if self.aga or self.resumed:
            pass_stones[1 - seat] += 1
        resumption_passes = self.resumption_passes + 1 if self.resumption_passes >= 0 else -1
        state = self._replace(
            to_move=1 - seat,
            pass_stones=(pass_stones[0], pass_stones[1]),
            passes=self.passes + 1,
            last_passer=seat,
            resumption_passes=resumption_passes,
            moves_played=self.moves_played + 1,
            last_move=PASS,
            last_mover=seat,
            last_captured=(),
            ply=self.ply + 1,
        )
        if resumption_passes == 2:
            return state._finish(seat, "the first two moves after resuming were passes; every stone counts as alive")
        if state.passes == 2:
            return state._replace(stage="marking", dead=(), accepted_by=None, toggles=0)
        if state.moves_played >= move_limit(self.size):
            return state._finish(seat, f"the limit of {move_limit(self.size)} moves was reached; every stone counts as alive")
        return state

    def _finish(self, last_in_play: int, reason: str, dead: tuple[int, ...] = ()) -> GoState:
        """The game over, `last_in_play` being the seat that made the last move of play:
        if that was Black, White hands over the closing pass stone (AGA)."""
        pass_stones = self.pass_stones
        white_last_pass = self.aga and last_in_play == 0
        if white_last_pass:
            pass_stones = (pass_stones[0] + 1, pass_stones[1])
        return self._replace(stage="over", to_move=None, dead=dead, accepted_by=None, pass_stones=pass_stones,
                             white_last_pass=white_last_pass, end_reason=reason)

    # -- counting, outcome and view ---------------------------------------------------------

    def score(self) -> Score | None:
        """The count with the marked stones off, in the dead-stone stage and at the end
        (none after a resignation: the board was not played out)."""
        if self.stage == "play" or self.resigned is not None:
            return None
        found = self.__dict__.get("_score")
        if found is None or found[0] != (self.dead, self.pass_stones):
            value = score(self.board, self.geometry, self.dead, counting=self.counting, captures=self.captures,
                          pass_stones=self.pass_stones, komi=self.komi, handicap=self.handicap)
            found = self.__dict__["_score"] = ((self.dead, self.pass_stones), value)
        return found[1]

    def outcome(self) -> Outcome | None:
        if self.stage != "over":
            return None
        if self.resigned is not None:
            winner = 1 - self.resigned
            scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
            return Outcome(scores=scores, winners=(winner,),
                           reason=f"{self.end_reason}: {SEAT_NAMES[winner]} wins by resignation")
        count: Score = self.score()  # type: ignore[assignment]
        winners = winners_by_score(count.totals)
        winner = SEAT_NAMES[winners[0]]
        margin = count.margin
        margin_text = str(int(margin)) if margin == int(margin) else str(margin)
        method = "territory counting" if self.counting == "japanese" else "area counting"
        reason = (f"{self.end_reason}. {winner} wins by {margin_text} point{'' if margin == 1 else 's'} ({method}: "
                  f"Black {count.breakdown(0)}; White {count.breakdown(1)})")
        return Outcome(scores=count.totals, winners=winners, reason=reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        geo = self.geometry
        count = self.score()
        outcome = self.outcome()
        last_move = None
        if self.last_move:
            last_move = {
                "seat": self.last_mover,
                "move": self.last_move,
                "point": geo.index.get(self.last_move),
                "captured": list(self.last_captured),
            }
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "size": self.size,
            "board": self.board,
            "to_move": self.to_move,
            "stage": self.stage,
            "last_move": last_move,
            "captures": list(self.captures),
            "pass_stones": list(self.pass_stones),
            "passes": self.passes,
            "ko": list(self.plays().ko),
            "komi": self.komi,
            "handicap": self.handicap,
            "counting": self.counting,
            "aga": self.aga,
            "moves_played": self.moves_played,
            "move_limit": move_limit(self.size),
            "dead": list(self.dead),
            "accepted_by": self.accepted_by,
            "toggles_left": toggle_limit(self.size) - self.toggles if self.stage == "marking" else 0,
            "resumed": self.resumed,
            "white_last_pass": self.white_last_pass,
            "resigned": self.resigned,
            "score": count.to_dict() if count else None,
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }


def _with(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """`pair` with `seat`'s entry replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


__all__ = ["GoState", "SEAT_NAMES", "PASS", "RESIGN", "komi_of", "handicap_of", "move_limit", "toggle_limit"]
