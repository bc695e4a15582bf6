"""GNU Backgammon's position and match IDs, and matches as Jellyfish-style text.

Position ID
    Fourteen base64 characters for an 80-bit key. For each side, the 24
    points from that side's 1-point up, then its bar: as many 1 bits as
    checkers, then a 0. The side NOT on roll comes first: gnubg's manual says
    the opposite, but gnubg itself writes its board this way (its first half
    is `anBoard[0]`, the opponent of the player on roll), and an ID is only
    useful if gnubg reads it back as the same position. Bits fill each byte
    from its lowest bit. The start position is "4HPwATDgc/ABMA".

Match ID
    Twelve base64 characters for gnubg's 66-bit match key: log2 of the cube
    (4 bits), cube owner (2: the seat, or 3 in the middle), the player on roll
    (1), Crawford game (1), game state (3: 1 playing, 2 over, 3 ended by a
    resignation, 4 ended by a dropped double), the player to decide (1), double
    offered (1), resignation offered (2: 0 none, 1 single, 2 gammon, 3
    backgammon), the two dice (3 + 3, larger first, 0 before the roll),
    match length (15; 0 for our single game, which gnubg calls a money game)
    and the two scores (15 + 15). Seat 0 (White) is gnubg's player 0. Before
    the opening roll nobody is on roll; the ID then names White.

Match text
    `export_match(record)` writes the match the way gnubg exports Jellyfish
    .mat files: a header " 5 point match" (" 0 point match" for a single game),
    then per game " Game n", a line with both players' scores, and numbered
    lines of two columns, White's actions in the left one (from column 5) and
    Black's in the right one (from column 33)::

         Game 1
         White : 0                      Black : 0
          1)                             52: 13/8 24/22
          2) 31: 8/5 6/5                 64: 24/18* 13/9
          3) 62: 25/23 13/7              Doubles => 2
          4)  Takes                      ...
              Wins 1 point

    A roll is "AB:" (larger die first) and its checker moves, one die each,
    with 25 for the bar, 0 for off and "*" for a hit; a roll that cannot be
    played shows no moves. "Doubles => n", "Takes", "Drops" are the cube;
    "Wins n point(s)" (with " and the match" at the end) closes a game in the
    winner's column. A game won by an accepted resignation simply ends there
    (the loser's roll may stand half played): reading it back, a "Wins" line
    before the game is over is the loser's resignation, of the kind its points
    make with the cube, accepted. A declined resignation leaves no trace. The opening roll is the first roll of a game: its mover
    threw the larger die. Lines starting with ";" are comments; we add
    `; [Scoring "gammons"]` and `; [Cube "on"]` so the options survive.

    `import_match(text)` reads that format back into a Record. It accepts one
    or two entries per numbered line (a lone entry is Black's when it starts
    past column 20), "bar"/"off" as well as 25/0, moves of a checker written
    as a chain ("24/18/13") or repeated ("13/7(2)"), and moves in any order
    that the rules allow. Without the option comments it tries the options
    that make every "Wins" line come out right, gammons and the cube first.
    Anything it cannot replay raises RecordError naming the game and line.
    Hostile text is refused before it costs much: at most MAX_MATCH_LENGTH
    characters, and numbers of at most MAX_DIGITS digits (int() refuses more
    than 4300, and no match needs more than a few).
"""

from __future__ import annotations

import base64
import binascii
import itertools
import re
from typing import TYPE_CHECKING, Any

from ...core import IllegalMoveError, InvalidMoveError, RecordError, cut_short
from .match import KIND_POINTS, RESIGNATIONS, SEAT_NAMES, points_text
from .moves import BAR, CHECKERS, OFF, STEP_BY_TEXT

if TYPE_CHECKING:
    from ...record import Record
    from . import BackgammonState

_BASE64 = re.compile(r"[A-Za-z0-9+/]*")
MAX_MATCH_LENGTH = 1_000_000
MAX_DIGITS = 4  # ample: a match here is at most 7 points, a game wins at most 192 (a backgammon at cube 64)


def _shown(text: str) -> str:
    """Text from a file, quoted and cut short for a message."""
    return repr(cut_short(text, 40))


def _unpack(data: bytes) -> list[int]:
    """The bits of `data`, each byte from its lowest bit."""
    return [(byte >> shift) & 1 for byte in data for shift in range(8)]


def _decode(text: str, characters: int, length: int, what: str) -> bytes:
    if not isinstance(text, str) or len(text) != characters or not _BASE64.fullmatch(text):
        raise RecordError(f"a {what} is {characters} characters of base64, not "
                          f"{_shown(text) if isinstance(text, str) else repr(text)}")
    try:
        return base64.b64decode(text + "=" * (-characters % 4))[:length]
    except (binascii.Error, ValueError):
        raise RecordError(f"{text!r} is not a {what}") from None


# -- position ID -------------------------------------------------------------


def position_key(on_roll: tuple[int, ...], opponent: tuple[int, ...]) -> bytes:
    """The 10-byte key of two sides (26 places each, as in moves.py): bit n of
    the key is bit n % 8 of byte n // 8, so the key is one little-endian int."""
    key = 0
    position = 0
    for side in (opponent, on_roll):
        for place in range(1, BAR + 1):
            count = side[place]
            key |= ((1 << count) - 1) << position
            position += count + 1
    return key.to_bytes(10, "little")


def position_id(state: BackgammonState) -> str:
    """gnubg's position ID, from the side of the player on roll (`state.turn`)."""
    seat = state.turn
    key = position_key(state.sides[seat], state.sides[1 - seat])
    return base64.b64encode(key).decode()[:14]


def position_from_id(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the side on roll, its opponent) from a position ID; RecordError when
    the text is not one or holds no legal position."""
    bits = _unpack(_decode(text, 14, 10, "position ID"))
    sides: list[list[int]] = [[0] * (BAR + 1), [0] * (BAR + 1)]
    half, place = 0, 1
    for bit in bits:
        if half == 2:
            if bit:
                raise RecordError(f"position ID {text!r} has checkers past both sides")
            continue
        if bit:
            sides[half][place] += 1
        else:
            place += 1
            if place > BAR:
                half, place = half + 1, 1
    if half < 2:
        raise RecordError(f"position ID {text!r} is cut short")
    opponent, on_roll = sides
    for side in sides:
        count = sum(side)
        if count > CHECKERS:
            raise RecordError(f"position ID {text!r} gives a side {count} checkers")
        side[OFF] = CHECKERS - count
    for point in range(1, 25):
        if on_roll[point] and opponent[BAR - point]:
            raise RecordError(f"position ID {text!r} puts both sides on one point")
    return tuple(on_roll), tuple(opponent)


# -- match ID ------------------------------------------------------------------


MATCH_FIELDS = (
    ("cube_log", 4), ("cube_owner", 2), ("on_roll", 1), ("crawford", 1), ("game_state", 3), ("deciding", 1),
    ("doubled", 1), ("resigned", 2), ("die_1", 3), ("die_2", 3), ("match_length", 15), ("score_0", 15),
    ("score_1", 15),
)


def match_key_id(**fields: int) -> str:
    """The match ID of gnubg's fields (see MATCH_FIELDS), each from its lowest bit."""
    key = 0
    position = 0
    for name, width in MATCH_FIELDS:
        key |= (fields[name] & ((1 << width) - 1)) << position
        position += width
    return base64.b64encode(key.to_bytes(9, "little")).decode()


def match_fields(text: str) -> dict[str, int]:
    """gnubg's match fields from a match ID; RecordError when it is not one."""
    key = int.from_bytes(_decode(text, 12, 9, "match ID"), "little")
    fields: dict[str, int] = {}
    for name, width in MATCH_FIELDS:
        fields[name] = key & ((1 << width) - 1)
        key >>= width
    if fields["die_1"] > 6 or fields["die_2"] > 6:
        raise RecordError(f"match ID {text!r} holds a die above 6")
    return fields


def match_id(state: BackgammonState) -> str:
    """gnubg's match ID for the state."""
    seat = state.turn
    if state.phase == "over":
        kind = state.results[-1][2] if state.results else ""
        game_state = 4 if kind == "drop" else 3 if kind.startswith("resign") else 2
    else:
        game_state = 1
    deciding = state.to_move if state.to_move in (0, 1) else seat
    rolled = state.rolled if state.phase == "move" else (0, 0)
    return match_key_id(
        cube_log=state.cube.bit_length() - 1,
        cube_owner=3 if state.cube_owner < 0 else state.cube_owner,
        on_roll=seat,
        crawford=int(state.crawford),
        game_state=game_state,
        deciding=deciding,
        doubled=int(state.phase == "take"),
        resigned=KIND_POINTS[RESIGNATIONS[state.resigned]] if state.phase == "resign" else 0,
        die_1=rolled[0],
        die_2=rolled[1],
        match_length=0 if state.match_length == 1 else state.match_length,
        score_0=state.score[0],
        score_1=state.score[1],
    )


# -- match text: export --------------------------------------------------------------

RIGHT_COLUMN = 33


def _point_text(place: str) -> str:
    return {"bar": "25", "off": "0"}.get(place, place)


def _jellyfish_step(step: str) -> str:
    origin, target = step.rstrip("*").split("/")
    return f"{_point_text(origin)}/{_point_text(target)}{'*' if step.endswith('*') else ''}"


def export_match(record: Record) -> str:
    """The record's match as Jellyfish-style text (see the module docstring)."""
    from . import BackgammonState

    if record.game != BackgammonState.info.id:
        raise RecordError(f"this is a record of {record.game!r}, not of backgammon")
    state = BackgammonState.new(record.players, dict(record.options), record.seed)
    games: list[list[tuple[int, str]]] = [[]]
    starts = [state.score]
    pending: dict[str, Any] | None = None  # the roll being played: seat, text, steps

    def close_roll() -> None:
        nonlocal pending
        if pending is not None:
            steps = " ".join(_jellyfish_step(step) for step in pending["steps"])
            games[-1].append((pending["seat"], f"{pending['dice']}: {steps}".rstrip()))
            pending = None

    for number, move in enumerate(record.moves, 1):
        before = state
        try:
            state = state.play(move)
        except (InvalidMoveError, IllegalMoveError) as error:
            raise RecordError(f"move {number} does not replay: {error}") from None
        if move.startswith(("roll ", "opening ")):
            close_roll()
            high, low = state.rolled or state.last_rolled
            pending = {"seat": state.turn if state.rolled else state.last_seat, "dice": f"{high}{low}", "steps": []}
        elif move in STEP_BY_TEXT:
            opponent = 1 - before.turn
            hit = state.game == before.game and state.sides[opponent][BAR] > before.sides[opponent][BAR]
            pending["steps"].append(move + ("*" if hit else ""))  # type: ignore[index]
        elif move == "double":
            close_roll()
            games[-1].append((before.turn, f" Doubles => {before.cube * 2}"))
        elif move in ("take", "drop"):
            games[-1].append((1 - before.turn, " Takes" if move == "take" else " Drops"))
        if state.game != before.game or state.is_over():
            close_roll()
            winner, points, _ = state.results[-1]
            ending = " and the match" if state.is_over() and state.match_length > 1 else ""
            games[-1].append((winner, f"Wins {points_text(points)}{ending}"))
            if not state.is_over():
                games.append([])
                starts.append(state.score)
    close_roll()
    if not games[-1]:
        games.pop()

    options = dict(record.options)
    length = 0 if state.match_length == 1 else state.match_length
    lines = [
        '; [Site "pygames"]',
        f'; [Scoring "{options.get("scoring", "single")}"]',
        f'; [Cube "{options.get("cube", "off")}"]',
        "",
        f" {length} point match",
        "",
    ]
    for index, actions in enumerate(games):
        lines.append(f" Game {index + 1}")
        left = f"{SEAT_NAMES[0]} : {starts[index][0]}"
        lines.append(f" {left:<31}{SEAT_NAMES[1]} : {starts[index][1]}")
        lines.extend(_game_lines(actions))
        lines.append("")
    return "\n".join(lines) + "\n"


def _game_lines(actions: list[tuple[int, str]]) -> list[str]:
    """Numbered two-column lines; a "Wins" entry goes on a line of its own."""
    lines: list[str] = []
    row: list[str] = ["", ""]
    number = 0
    expected = actions[0][0] if actions else 0
    used = False  # the current row holds something

    def flush() -> None:
        nonlocal row, used
        if used:
            lines.append(f"{number:3d}) {row[0]:<27} {row[1]}".rstrip())
        row, used = ["", ""], False

    for seat, text in actions:
        if text.startswith("Wins"):
            flush()
            lines.append((" " * 6 if seat == 0 else " " * (RIGHT_COLUMN + 1)) + text)
            continue
        if seat != expected:
            raise RecordError("the record's actions do not alternate between the players")
        if not used or seat == 0:
            flush()
            number += 1
        row[seat] = text
        used = True
        if seat == 1:
            flush()
        expected = 1 - seat
    flush()
    return lines


# -- match text: import ----------------------------------------------------------------

_ENTRY_START = re.compile(r"\d\d:|Doubles|Takes|Drops|Wins|Beavers|Raccoons|Resigns")
_NUMBERED = re.compile(r"\s*(\d+)\)(.*)")
_ROLL = re.compile(r"([1-6])([1-6]):\s*(.*)")
_STEP = re.compile(r"(bar|off|\d{1,2})((?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?")
_TAG = re.compile(r'\[(\w+)\s+"([^"]*)"\]')


class _Line:
    """One action read from the text: the seat's column, the text, where it came from."""

    def __init__(self, seat: int, text: str, where: str) -> None:
        self.seat = seat
        self.text = text
        self.where = where


def _whole(digits: str, what: str, where: str) -> int:
    """A number written in the text, refused past MAX_DIGITS digits."""
    if len(digits) > MAX_DIGITS:
        raise RecordError(f"{where}: {what} cannot have {len(digits)} digits")
    return int(digits)


def _parse(text: str) -> tuple[int, dict[str, str], list[list[_Line]]]:
    if not isinstance(text, str):
        raise RecordError("a match is text")
    if len(text) > MAX_MATCH_LENGTH:
        raise RecordError(f"the text is longer than {MAX_MATCH_LENGTH} characters; no match is that long")
    length: int | None = None
    tags: dict[str, str] = {}
    games: list[list[_Line]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.expandtabs(8).rstrip()
        where = f"line {number}"
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(";"):
            for name, value in _TAG.findall(stripped):
                tags[name.lower()] = value
            continue
        header = re.fullmatch(r"([0-9]+) point match", stripped)
        if header:
            length = _whole(header.group(1), "a match length", where)
            continue
        if re.fullmatch(r"Game \d+", stripped):
            games.append([])
            continue
        if not games:
            raise RecordError(f'{where}: expected " N point match" and " Game 1" before {_shown(stripped)}')
        numbered = _NUMBERED.match(line)
        body_start = numbered.start(2) if numbered else 0
        body = line[body_start:]
        starts = [found.start() for found in _ENTRY_START.finditer(body)]
        if not starts:
            if numbered and not numbered.group(2).strip():
                continue
            if " : " in stripped and not numbered:
                continue  # the players' names and scores
            raise RecordError(f"{where}: cannot read {_shown(stripped)}")
        entries = [body[start:end].strip() for start, end in zip(starts, starts[1:] + [len(body)])]
        if len(entries) > 2:
            raise RecordError(f"{where}: more than two entries on a line")
        if len(entries) == 2:
            seats = [0, 1]
        else:
            seats = [1 if body_start + starts[0] > 20 else 0]
        for seat, entry in zip(seats, entries):
            games[-1].append(_Line(seat, entry, where))
    if length is None:
        raise RecordError('the text has no " N point match" line')
    if length not in (0, 1, 3, 5, 7):
        raise RecordError(f"a match here is 1, 3, 5 or 7 points, not {length}")
    if not games or not any(games):
        raise RecordError("the text holds no game")
    return (1 if length == 0 else length), tags, games


def _steps(text: str, where: str) -> list[str]:
    """Our move texts for the checker moves written after a roll."""
    steps: list[str] = []
    for token in text.replace(",", " ").split():
        found = _STEP.fullmatch(token)
        if not found:
            raise RecordError(f"{where}: {_shown(token)} is not a checker move")
        places = [found.group(1)] + [part.rstrip("*") for part in found.group(2).split("/")[1:]]
        names = [{"25": "bar", "0": "off"}.get(place, place) for place in places]
        chain = [f"{names[i]}/{names[i + 1]}" for i in range(len(names) - 1)]
        for step in chain:
            if step not in STEP_BY_TEXT:
                raise RecordError(f"{where}: {_shown(token)} is not a move of one die at a time")
        steps.extend(chain * int(found.group(3) or 1))
        if len(steps) > 4:  # at once: a hostile line may hold a million moves
            raise RecordError(f"{where}: more than four checker moves for one roll")
    return steps


def _play_steps(state: BackgammonState, steps: list[str], where: str) -> tuple[BackgammonState, tuple[str, ...]]:
    """The state after all `steps`, in the first order the rules allow, and that order."""
    for order in dict.fromkeys(itertools.permutations(steps)):
        current = state
        try:
            for step in order:
                current = current.play(step)
        except IllegalMoveError:
            continue
        return current, order
    raise RecordError(f"{where}: the moves {' '.join(steps)} cannot be played")


def _replay(options: dict[str, str], games: list[list[_Line]]) -> tuple[str, ...]:
    from . import BackgammonState

    state = BackgammonState.new(2, options, 0)
    moves: list[str] = []

    def play(move: str, where: str) -> None:
        nonlocal state
        try:
            state = state.play(move)
        except (InvalidMoveError, IllegalMoveError) as error:
            raise RecordError(f"{where}: {error}") from None
        moves.append(move)

    for index, lines in enumerate(games, 1):
        if state.is_over():
            raise RecordError(f"game {index} comes after the match is over")
        if state.game != index:
            raise RecordError(f"game {index} starts before game {state.game} has ended")
        for number, line in enumerate(lines):
            where = f"game {index}, {line.where}"
            text = line.text
            if text.startswith("Wins"):
                found = re.match(r"Wins ([0-9]+) points?", text)
                if not found:
                    raise RecordError(f"{where}: cannot read {_shown(text)}")
                won = _whole(found.group(1), "the points won", where)
                if state.game == index and not state.is_over():
                    for move in _resignation(state, line.seat, won, where):
                        play(move, where)
                winner, points, _ = state.results[index - 1]
                if (winner, points) != (line.seat, won):
                    raise _Mismatch(f"{where}: the replay gives {SEAT_NAMES[winner]} {points_text(points)}")
                continue
            if state.game != index or state.is_over():
                raise RecordError(f"{where}: the game is already over")
            seat = state.turn if state.phase != "take" else state.to_move
            if state.phase == "opening":
                seat = line.seat
            if line.seat != seat:
                raise RecordError(f"{where}: it is {SEAT_NAMES[seat]}'s turn, not {SEAT_NAMES[line.seat]}'s")
            roll = _ROLL.fullmatch(text)
            if roll:
                high, low = sorted((int(roll.group(1)), int(roll.group(2))), reverse=True)
                if state.phase == "opening":
                    if high == low:
                        raise RecordError(f"{where}: the opening roll cannot be a double")
                    play(f"opening {high}-{low}" if seat == 0 else f"opening {low}-{high}", where)
                else:
                    if state.phase == "cube":
                        play("roll", where)
                    play(f"roll {low}-{high}", where)
                steps = _steps(roll.group(3), where)
                if steps:
                    state, order = _play_steps(state, steps, where)
                    moves.extend(order)
                resigns = number + 1 < len(lines) and lines[number + 1].text.startswith("Wins")
                if state.phase == "move" and state.game == index and line is not lines[-1] and not resigns:
                    raise RecordError(f"{where}: the roll is not played in full")
            elif text.startswith("Doubles"):
                play("double", where)
            elif text.startswith("Takes"):
                play("take", where)
            elif text.startswith("Drops"):
                play("drop", where)
            else:
                raise RecordError(f"{where}: {_shown(text.split()[0])} is not supported here")
    return tuple(moves)


def _resignation(state: BackgammonState, winner: int, won: int, where: str) -> tuple[str, str]:
    """The moves of a game that a "Wins" line ends before its end: the loser, on
    turn, resigns what `won` makes with the cube, and the winner accepts."""
    level, rest = divmod(won, state.cube)
    resignation = next((move for move, kind in RESIGNATIONS.items() if KIND_POINTS[kind] == level), None)
    if state.turn != 1 - winner or state.phase not in ("cube", "move"):
        raise RecordError(f"{where}: the game is not over yet, and {SEAT_NAMES[1 - winner]} is not on turn to resign")
    if rest or resignation not in state.legal_moves():
        raise RecordError(f"{where}: the game is not over yet, and {points_text(won)} is no resignation "
                          f"with the cube at {state.cube}")
    return resignation, "accept"  # type: ignore[return-value]


class _Mismatch(RecordError):
    """The replay disagrees with a "Wins" line: other options may fit."""


def import_match(text: str) -> Record:
    """A Record from match text (see the module docstring); RecordError when
    the text cannot be read or does not replay."""
    from ...record import MAX_MOVES, Record

    length, tags, games = _parse(text)
    scorings = [tags["scoring"]] if tags.get("scoring") in ("single", "gammons") else ["gammons", "single"]
    cubes = [tags["cube"]] if tags.get("cube") in ("on", "off") else ["on", "off"]
    mismatch: RecordError | None = None
    for scoring, cube in itertools.product(scorings, cubes):
        options = {"cube": cube, "match": str(length), "scoring": scoring}
        try:
            moves = _replay(options, games)
        except _Mismatch as error:
            mismatch = mismatch or error
            continue
        if len(moves) > MAX_MOVES:
            raise RecordError(f"the match takes {len(moves)} moves; a record holds at most {MAX_MOVES}")
        return Record("backgammon", tuple(sorted(options.items())), 2, 0, moves)
    raise RecordError(str(mismatch))
