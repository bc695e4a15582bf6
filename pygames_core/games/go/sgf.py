"""SGF (FF[4]) export and import of Go records.

`export_sgf(record)` writes one game tree: the root node holds FF, GM, CA, AP,
SZ, RU, KM, HA, AB (the handicap stones), PL (when White moves first) and RE
(once the game is over); then one node per move of play, "B[dd]" or "W[]" for
a pass. The dead-stone stage is not a move in SGF: a stage that ended in a
resumption leaves no trace (the next move simply follows the two passes), and a
game that ended by agreement puts the final marking on its last node as TB and
TW (each side's territory and the opponent's dead stones, as most Go programs
mark them).

`import_sgf(text)` reads the main line (the first variation at every branch)
of the first game tree and turns it into one of our records, checking every
move against our rules. Where the play goes on after two passes it inserts
"resume". If the record ends in the dead-stone stage with TB/TW marks or a
result RE, the stones under the opponent's marks are toggled dead (by the
player to move) and both players accept; otherwise the game stays in the
dead-stone stage, ready to finish. A resignation is no SGF move: export writes
RE[B+R] or RE[W+R], and import ends a record with that result by the loser's
"resign" (the loser must be the player to move at its end).

How our options travel (RU is free text; these four values are ours):
  RU[AGA]                      aga yes, japanese (territory) counting
  RU[AGA (area counting)]      aga yes, chinese (area) counting
  RU[Japanese]                 aga no, japanese counting
  RU[Chinese]                  aga no, chinese counting
A missing RU means RU[AGA]. KM must be one of the komi of the size (0.5, 5.5
or 7.5; 0.5, 4.5 or 7.5 on 19x19); a missing KM or KM[0] reads as 0.5. HA[1]
marks our one-stone handicap (Black moves first, no stone placed; FF[4] keeps
HA for two stones or more, but readers take it); HA of 2 to
9 needs AB on exactly the fixed points of that handicap, and KM then must be
0.5, 0 or missing. Set-up stones other than the handicap (AW, AE, a later AB)
cannot be replayed and are refused. Any error raises RecordError with a
reason; malformed text names the character where it went wrong.

Hostile text is refused before it costs much: at most MAX_SGF_LENGTH
characters, MAX_VALUES values for a property of a node (no property of a Go
record lists more than the 361 points of the largest board), MAX_NODES nodes
on the main line and as many levels of nested trees, point lists counted by
their rectangles before they are expanded, and numbers (HA, KM) only as plain
decimals of a few digits. Messages quote long values cut short.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...core import IllegalMoveError, InvalidMoveError, RecordError, cut_short
from ...record import MAX_MOVES, Record
from . import ACCEPT, DEAD, PASS, RESIGN, RESUME, GoState, handicap_of, komi_of
from .board import handicap_points

MAX_SGF_LENGTH = 1_000_000
MAX_VALUES = 19 * 19  # the points of the largest board
MAX_NODES = MAX_MOVES  # a node of the main line holds at most one move
MAX_NUMBER_LENGTH = 12
NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")  # SGF's Number and Real, no "inf" or "1e9"
LETTERS = "abcdefghijklmnopqrs"
RULES = {
    ("yes", "japanese"): "AGA",
    ("yes", "chinese"): "AGA (area counting)",
    ("no", "japanese"): "Japanese",
    ("no", "chinese"): "Chinese",
}
COLOURS = ("B", "W")


# -- export -----------------------------------------------------------------------------

def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_point(state: GoState, point: int) -> str:
    row, column = divmod(point, state.size)
    return LETTERS[column] + LETTERS[state.size - 1 - row]


def export_sgf(record: Record) -> str:
    """The record as SGF text (see the module docstring)."""
    if record.game != GoState.info.id:
        raise RecordError(f"only Go records can be written as SGF, not {record.game!r}")
    states = list(record.states())
    start: GoState = states[0]  # type: ignore[assignment]
    end: GoState = states[-1]  # type: ignore[assignment]
    options = dict(record.options)
    handicap = handicap_of(options["komi"])
    root = [
        "FF[4]", "GM[1]", "CA[UTF-8]", "AP[pygames:1]",
        f"SZ[{start.size}]",
        f"RU[{_escape(RULES[(options['aga'], options['counting'])])}]",
        f"KM[{start.komi}]",
    ]
    if handicap:
        root.append(f"HA[{handicap}]")
    stones = handicap_points(start.size, handicap)
    if stones:
        root.append("AB" + "".join(f"[{_sgf_point(start, point)}]" for point in sorted(stones)))
        root.append("PL[W]")
    outcome = end.outcome()
    if end.resigned is not None:
        root.append(f"RE[{COLOURS[1 - end.resigned]}+R]")
    elif outcome is not None:
        margin = abs(outcome.scores[0] - outcome.scores[1])
        root.append(f"RE[{COLOURS[outcome.winners[0]]}+{margin:g}]")
    nodes = [";" + "".join(root)]
    for state, move in zip(states, record.moves):
        if state.stage != "play" or move == RESIGN:
            continue  # the dead-stone stage has no SGF move; a resignation is in RE
        colour = COLOURS[state.to_move]  # type: ignore[index]
        value = "" if move == PASS else _sgf_point(state, state.geometry.index[move])
        nodes.append(f";{colour}[{value}]")
    if end.stage == "over" and end.end_reason.startswith("both players accepted"):
        # Each side's marks: its territory and the opponent's dead stones.
        territory = end.score().territory_map  # type: ignore[union-attr]
        dead = set(end.dead)
        for owner, enemy, name in (("B", "W", "TB"), ("W", "B", "TW")):
            points = [point for point, mark in enumerate(territory)
                      if mark == owner or (point in dead and end.board[point] == enemy)]
            if points:
                nodes[-1] += name + "".join(f"[{_sgf_point(end, point)}]" for point in points)
    lines = [nodes[0]]
    for index in range(1, len(nodes), 10):
        lines.append("".join(nodes[index:index + 10]))
    return "(" + "\n".join(lines) + ")\n"


# -- parsing ----------------------------------------------------------------------------

def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, offset): kind is "(", ")", ";", "ident" or "value"."""
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char.isspace():
            index += 1
        elif char in "();":
            yield char, char, index
            index += 1
        elif char == "[":
            start = index
            index += 1
            parts = []
            while True:
                if index >= length:
                    raise RecordError(f"SGF: the value opened at character {start + 1} is never closed with ]")
                char = text[index]
                if char == "\\":
                    if index + 1 >= length:
                        raise RecordError(f"SGF: the value opened at character {start + 1} is never closed with ]")
                    following = text[index + 1]
                    if following == "\n":
                        index += 2  # a soft line break
                        continue
                    parts.append(following)
                    index += 2
                elif char == "]":
                    index += 1
                    break
                else:
                    parts.append(char)
                    index += 1
            yield "value", "".join(parts), start
        elif char.isalpha():
            start = index
            while index < length and text[index].isalpha():
                index += 1
            word = text[start:index]
            ident = "".join(letter for letter in word if letter.isupper())  # old FF[3] names mix in lower case
            if not ident:
                raise RecordError(f"SGF: {cut_short(word)!r} at character {start + 1} is not a property name")
            yield "ident", ident, start
        else:
            raise RecordError(f"SGF: unexpected {char!r} at character {index + 1}")


def _main_line(text: str) -> list[dict[str, list[str]]]:
    """The nodes of the main line of the first game tree, each {property: values}."""
    if not isinstance(text, str):
        raise RecordError("SGF: the record must be text")
    if len(text) > MAX_SGF_LENGTH:
        raise RecordError(f"SGF: the record is longer than {MAX_SGF_LENGTH} characters")
    # One entry per open game tree: [on the main line, nodes read, variations opened].
    levels: list[list[int]] = []
    trees = 0
    main: list[dict[str, list[str]]] = []
    node: dict[str, list[str]] | None = None
    ident: str | None = None
    wants_value = False
    for kind, word, at in _tokens(text):
        where = f"at character {at + 1}"
        if kind != "value" and wants_value:
            raise RecordError(f"SGF: property {cut_short(ident or '')} has no value ({where})")
        if kind == "(":
            if levels and levels[-1][1] == 0:
                raise RecordError(f"SGF: a game tree needs a node ';' before its variations ({where})")
            if len(levels) == MAX_NODES:
                raise RecordError(f"SGF: game trees are nested more than {MAX_NODES} deep ({where})")
            on_main = (not levels and trees == 0) or bool(levels and levels[-1][0] and levels[-1][2] == 0)
            if levels:
                levels[-1][2] += 1
            else:
                trees += 1
            levels.append([int(on_main), 0, 0])
            node, ident = None, None
        elif kind == ")":
            if not levels:
                raise RecordError(f"SGF: ')' without a matching '(' ({where})")
            if levels[-1][1] == 0:
                raise RecordError(f"SGF: an empty game tree ({where})")
            levels.pop()
            node, ident = None, None
        elif kind == ";":
            if not levels:
                raise RecordError(f"SGF: a node outside any game tree; a record starts with '(;' ({where})")
            if levels[-1][2]:
                raise RecordError(f"SGF: a node after the variations of its tree ({where})")
            levels[-1][1] += 1
            node, ident = {}, None
            if levels[-1][0]:
                if len(main) == MAX_NODES:
                    raise RecordError(f"SGF: the main line has more than {MAX_NODES} nodes; "
                                      f"a record holds at most {MAX_MOVES} moves ({where})")
                main.append(node)
        elif kind == "ident":
            if node is None:
                raise RecordError(f"SGF: property {cut_short(word)} outside a node ({where})")
            ident = word
            node.setdefault(ident, [])
            wants_value = True
        else:
            if ident is None or node is None:
                raise RecordError(f"SGF: a value with no property name ({where})")
            values = node[ident]
            if len(values) == MAX_VALUES:
                raise RecordError(f"SGF: property {cut_short(ident)} has more than {MAX_VALUES} values, more than the "
                                  f"points of a board ({where})")
            values.append(word)
            wants_value = False
    if wants_value:
        raise RecordError(f"SGF: property {cut_short(ident or '')} has no value")
    if levels:
        raise RecordError("SGF: the record ends before its game tree is closed with ')'")
    if not main:
        raise RecordError("SGF: there is no game tree '(;...)' in the text")
    return main


# -- import -----------------------------------------------------------------------------

def _single(node: dict[str, list[str]], name: str) -> str | None:
    values = node.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise RecordError(f"SGF: {name} has {len(values)} values, one expected")
    return values[0].strip()


def _number(node: dict[str, list[str]], name: str) -> float | None:
    value = _single(node, name)
    if value is None or value == "":
        return None
    if len(value) > MAX_NUMBER_LENGTH:
        raise RecordError(f"SGF: {name}[{cut_short(value)}] is {len(value)} characters long; "
                          f"a number here has at most {MAX_NUMBER_LENGTH}")
    if not NUMBER.fullmatch(value):
        raise RecordError(f"SGF: {name}[{value}] is not a number")
    return float(value)  # finite: a few plain digits


def _options(root: dict[str, list[str]]) -> dict[str, str]:
    game = _single(root, "GM")
    if game not in (None, "1"):
        raise RecordError(f"SGF: GM[{cut_short(game)}] is not a game of Go (GM[1])")
    size_text = _single(root, "SZ") or "19"
    if size_text not in ("9", "13", "19"):
        raise RecordError(f"SGF: board size SZ[{cut_short(size_text)}] is not offered; the sizes are 9, 13 and 19")
    size = int(size_text)
    rules = (_single(root, "RU") or "AGA").lower()
    found = [key for key, name in RULES.items() if name.lower() == rules]
    if not found:
        raise RecordError(f"SGF: rules RU[{cut_short(_single(root, 'RU') or '')}] are not ours; use one of "
                          + ", ".join(RULES.values()))
    aga, counting = found[0]
    handicap_value = _number(root, "HA") or 0
    if handicap_value != int(handicap_value) or not 0 <= handicap_value <= 9:
        raise RecordError(f"SGF: handicap HA[{_single(root, 'HA')}] must be a whole number from 0 to 9")
    handicap = int(handicap_value)
    komi = _number(root, "KM")
    if handicap:
        if komi not in (None, 0.0, 0.5):
            raise RecordError(f"SGF: KM[{_single(root, 'KM')}] with a handicap; our handicap games have komi 0.5")
        choice = f"handicap{handicap}"
    else:
        komi = 0.5 if komi in (None, 0.0) else komi
        choices = [name for name in ("none", "normal", "big") if komi_of(name, size) == komi]
        if not choices:
            offered = ", ".join(f"{komi_of(name, size):g}" for name in ("none", "normal", "big"))
            raise RecordError(f"SGF: komi KM[{_single(root, 'KM')}] is not offered on {size}x{size}: {offered}")
        choice = choices[0]
    return {"size": size_text, "counting": counting, "komi": choice, "aga": aga}


def _points(state: GoState, values: list[str], name: str) -> list[int]:
    """SGF points and point rectangles ("aa:cc") as our indexes; more than the
    board holds is refused before the rectangles are expanded."""
    size = state.size
    found = []
    for value in values:
        corners = value.split(":", 2)
        if len(corners) > 2 or not all(len(corner) == 2 and all(c in LETTERS[:size] for c in corner)
                                       for corner in corners):
            raise RecordError(f"SGF: {name}[{cut_short(value)}] is not a point of the {size}x{size} board")
        (x1, y1), (x2, y2) = ((LETTERS.index(c[0]), LETTERS.index(c[1])) for c in (corners[0], corners[-1]))
        if len(found) + (abs(x1 - x2) + 1) * (abs(y1 - y2) + 1) > size * size:
            raise RecordError(f"SGF: {name} names more than {size * size} points, more than the "
                              f"{size}x{size} board holds")
        for x in range(min(x1, x2), max(x1, x2) + 1):
            for y in range(min(y1, y2), max(y1, y2) + 1):
                found.append((size - 1 - y) * size + x)
    return found


def _move(state: GoState, value: str, number: int, colour: str) -> str:
    value = value.strip()
    if value == "" or (value == "tt" and state.size <= 19):
        return PASS
    points = _points(state, [value], colour)
    if len(points) != 1:
        raise RecordError(f"SGF: move {number} {colour}[{value}] is not a single point")
    return state.geometry.names[points[0]]


def import_sgf(text: str) -> Record:
    """A record of ours from SGF text (see the module docstring)."""
    nodes = _main_line(text)
    root = nodes[0]
    options = _options(root)
    record = Record.start(GoState.info.id, options, 2, 0)
    state = GoState.new(2, options)
    handicap = handicap_of(options["komi"])
    wanted = set(handicap_points(state.size, handicap))
    placed = set(_points(state, root.get("AB", []), "AB"))
    if placed and not wanted:
        raise RecordError("SGF: set-up stones AB without a handicap of 2 to 9 stones cannot be replayed")
    if placed != wanted:
        names = ", ".join(state.geometry.names[point] for point in sorted(wanted)) or "none"
        raise RecordError(f"SGF: the stones AB must be exactly the fixed points of a {handicap}-stone handicap "
                          f"({names})")
    first = _single(root, "PL")
    if first is not None and first.upper() != COLOURS[state.to_move]:  # type: ignore[index]
        raise RecordError(f"SGF: PL[{cut_short(first)}] says who moves first, but in this game it is "
                          f"{'Black' if state.to_move == 0 else 'White'}")
    moves: list[str] = []

    def play(move: str, label: str) -> GoState:
        try:
            return state.play(move)
        except (InvalidMoveError, IllegalMoveError) as error:
            raise RecordError(f"SGF: {label} cannot be played: {error}") from None

    number = 0
    for index, node in enumerate(nodes):
        for setup in ("AW", "AE") + (("AB",) if index else ()):
            if setup in node:
                raise RecordError(f"SGF: set-up stones {setup} in node {index + 1} cannot be replayed")
        colours = [colour for colour in COLOURS if colour in node]
        if not colours:
            continue
        if len(colours) > 1:
            raise RecordError(f"SGF: node {index + 1} holds both a black and a white move")
        colour = colours[0]
        values = node[colour]
        if len(values) != 1:
            raise RecordError(f"SGF: node {index + 1} has {len(values)} values for {colour}, one expected")
        number += 1
        label = f"move {number} ({colour}[{cut_short(values[0])}])"
        if state.stage == "marking":
            moves.append(RESUME)
            state = play(RESUME, label + ", resuming play after two passes,")
        if state.stage == "over":
            raise RecordError(f"SGF: the game is over before {label}: {state.end_reason}")
        if COLOURS[state.to_move] != colour:  # type: ignore[index]
            raise RecordError(f"SGF: {label} is played out of turn: "
                              f"{'Black' if state.to_move == 0 else 'White'} is to move")
        move = _move(state, values[0], number, colour)
        state = play(move, label)
        moves.append(move)
    resigned = re.fullmatch(r"([BW])\+R(?:esign)?", _single(root, "RE") or "", re.IGNORECASE)
    if resigned and state.stage != "over":
        winner = resigned.group(1).upper()
        if COLOURS[state.to_move] == winner:  # type: ignore[index]
            raise RecordError(f"SGF: RE[{winner}+R] says {'Black' if winner == 'B' else 'White'} won by "
                              "resignation, but the record ends with the winner to move")
        return Record(record.game, record.options, record.players, record.seed, tuple(moves + [RESIGN]))
    if state.stage == "marking":
        last = nodes[-1]
        marks = {"B": set(_points(state, last.get("TB", []), "TB")), "W": set(_points(state, last.get("TW", []), "TW"))}
        if marks["B"] or marks["W"] or "RE" in root:
            dead = {point for point, stone in enumerate(state.board)
                    if stone != "." and point in marks["W" if stone == "B" else "B"]}
            for point in sorted({min(state.chain_at(point)) for point in dead}):
                move = DEAD + state.geometry.names[point]
                state = play(move, f"marking {state.geometry.names[point]} dead")
                moves.append(move)
            for _ in range(2):
                state = play(ACCEPT, "accepting the dead stones")
                moves.append(ACCEPT)
    return Record(record.game, record.options, record.players, record.seed, tuple(moves))
