"""Kalah, the six-pit mancala, as Board Game Arena plays it.

Rules
-----
Two players, South (seat 0, moves first) and North (seat 1), each own a row of
six pits and the store at the right-hand end of that row. Every pit starts with
the same number of stones (3 to 6, an option); the stores start empty.

A move takes every stone out of one of the mover's non-empty pits and sows them
one at a time into the following places, counter-clockwise: the rest of the
mover's row, the mover's own store, the opponent's row, and round again. The
opponent's store is always skipped. A sowing of 13 or more stones goes all the
way round and drops a stone into the pit it started from as into any other.

Where the last stone lands decides what happens next:
- in the mover's own store: the same player moves again, as often as it
  happens;
- in one of the mover's own pits that was empty just before that stone fell,
  and the pit facing it across the board holds stones: the landing stone and
  all those opposite stones go into the mover's store (a capture). If the
  facing pit is empty nothing is captured, unless the empty capture option is
  on, in which case the landing stone alone goes to the store;
- anywhere else: the turn passes.

The game ends in one of two ways, checked after every move:
- as soon as one store holds more than half of all the stones;
- when the player to move has no stones in any of their pits.
Either way every stone still in a pit goes to the store of the player on whose
side it lies (in the second case that is all the opponent's). The scores are
the stores; the higher wins and equal stores are a draw (both seats win).

Options
-------
- ``stones``: "3", "4" (default), "5" or "6" stones per pit.
- ``pie``: "off" (default) or "on". With the pie rule, North may answer
  South's complete first turn (including any extra moves it earned) with
  ``swap`` instead of sowing. ``swap`` is legal exactly once: when North is
  about to make its very first decision. The two sides of the board then change
  owners: North takes the pits and store South has just played, South takes
  North's row and empty store, and South moves next, now in the
  position North faced. Seats keep their names; the board is mirrored.
- ``empty_capture``: "off" (default) or "on", see the capture rule above.

Notation
--------
A move is a pit number "1" to "6", counted from the mover's left as the mover
sits at the board, so pit "6" is the one next to the mover's own store. The pie
rule adds "swap". ``legal_moves()`` lists pit numbers ascending, then "swap".

Board layout
------------
``pits`` is a tuple of 14 ints in sowing order: indexes 0-5 are South's pits
1-6, 6 is South's store, 7-12 are North's pits 1-6 (from North's side), 13 is
North's store. Pit "k" of seat s is index ``7 * s + k - 1``; the pit facing
index i (0-12, not 6) is ``12 - i``.

View
----
``view(seat)`` is the same for every seat (nothing is hidden):
  seat           the viewer (None for a spectator)
  seat_names     ["South", "North"]
  board          the 14 counts of ``pits`` in the layout above
  pits           [[South's pits 1-6], [North's pits 1-6]], each from its owner's left
  stores         [South's store, North's store]
  to_move        seat to move, None when over
  legal_moves    what ``legal_moves()`` returns
  swap_available True when "swap" is legal now
  swapped        True once the pie swap has been played
  last_move      None at the start, else {"seat", "move", "sowing", "capture",
                 "captured", "sweep"}: sowing = board indexes, the emptied pit
                 first, then each index that received a stone in order;
                 capture = indexes emptied by a capture; captured = stones it
                 put in the store; sweep = indexes emptied at the end of the game
  changed        sorted board indexes whose count the last move changed
  options        the option values as strings
  ply            decisions played so far
  outcome        Outcome.to_dict() once over, else None

Choices
-------
- "Empty" for a capture means empty just before the last stone fell, so a
  13-stone sowing that ends back in its own emptied pit captures.
- If both end conditions hold at once, the reason names the store over half.
- The total used for "more than half" is the sum of ``pits``, which is twelve
  times the stone option in any real game and keeps hand-built test positions
  meaningful.
- ``max_plies`` is a proven bound, not a guess: every move other than the swap
  and the draw offers raises ``(5T + 1) * (stones in stores) + sum of pit
  positions`` by at least one, where T is the number of stones (72 at most);
  the offers are bounded in number (core.DrawOffers). Real games last well
  under 200 plies.
- Draws by agreement (core.DrawOffers): "offer draw", then "accept draw" or
  "decline draw". An agreed draw keeps the stores as they stand as the scores,
  with both seats winning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core import DRAW_OFFER_PLIES, DrawOffers, GameInfo, InvalidMoveError, Option, Outcome, winners_by_score

SEAT_NAMES = ("South", "North")
PIT_MOVES = ("1", "2", "3", "4", "5", "6")
SWAP = "swap"
STORES = (6, 13)


def _ply_bound(total: int) -> int:
    """Plies a game with `total` stones can last (see the module docstring)."""
    start_positions = total * 5 // 2  # stones spread evenly over positions 0-5
    return (5 * total + 1) * total - start_positions + 1  # +1 for the swap


def _next_table(seat: int) -> tuple[int, ...]:
    """For each board index, where the next stone of `seat`'s sowing falls."""
    skip = STORES[1 - seat]
    table = []
    for index in range(14):
        following = (index + 1) % 14
        if following == skip:
            following = (following + 1) % 14
        table.append(following)
    return tuple(table)


_NEXT = (_next_table(0), _next_table(1))
# (board index, move) for each seat's pits, in move order.
_PIT_INDEXES = tuple(tuple((7 * seat + k, PIT_MOVES[k]) for k in range(6)) for seat in (0, 1))

# The rules step a board packed into one int, for the computer's search: board index i is
# bits 8i to 8i + 7. No field ever holds more than every stone of the game (at most 72 in a
# real game, and `packed` refuses over 127), so adding 127 to a field never carries into the
# next, and neither does sowing. The stores are fields 6 (bits 48 to 55) and 13 (bits 104 to
# 111, the top field, so `board >> 104` is North's store); each half, a row and its store, is
# 56 bits. These offsets are written as numbers where the search steps, for speed.
_FIELD_MAX = 127
_ROWS = tuple(sum(_FIELD_MAX << 8 * (7 * seat + k) for k in range(6)) for seat in (0, 1))
"""Per seat: the low seven bits of each of its pits' fields; none set means the row is empty."""
_NONEMPTY_BITS = tuple(sum(0x80 << 8 * (7 * seat + k) for k in range(6)) for seat in (0, 1))
"""Per seat: the top bit of each of its pits' fields, set by adding `_ROWS` where a pit holds stones."""


def _moves_by_nonempty(seat: int) -> dict[int, tuple[str, ...]]:
    """A seat's pit moves, keyed by the `_NONEMPTY_BITS` of its pits that hold stones."""
    table = {}
    for chosen in range(64):
        pits = [k for k in range(6) if chosen >> k & 1]
        table[sum(0x80 << 8 * (7 * seat + k) for k in pits)] = tuple(PIT_MOVES[k] for k in pits)
    return table


_MOVES_BY_NONEMPTY = (_moves_by_nonempty(0), _moves_by_nonempty(1))


def _sowings(seat: int, origin: int) -> tuple[tuple[int, int], ...]:
    """For each number of stones in `origin`, (what sowing them adds to a packed board, the index
    the last stone falls in)."""
    delta, index = 0, origin
    table = [(0, origin)]
    for stones in range(1, _FIELD_MAX + 1):
        index = _NEXT[seat][index]
        delta += 1 << 8 * index
        table.append((delta - (stones << 8 * origin), index))
    return tuple(table)


_SOWINGS = tuple({move: (8 * origin, _sowings(seat, origin)) for origin, move in _PIT_INDEXES[seat]} for seat in (0, 1))
"""Per seat and pit move: (the pit's bit offset, its `_sowings`)."""


@lru_cache(maxsize=None)
def _sowing(seat: int, origin: int, stones: int) -> tuple[int, ...]:
    """The board indexes a sowing passes: `origin`, then where each stone falls."""
    indexes = [origin]
    for _ in range(stones):
        indexes.append(_NEXT[seat][indexes[-1]])
    return tuple(indexes)


def pit_index(seat: int, move: str) -> int:
    """Board index of the pit that `seat` empties with pit move `move`."""
    return 7 * seat + int(move) - 1


def opposite(index: int) -> int:
    """The pit facing board index `index` (0-5 or 7-12)."""
    return 12 - index


def start_pits(stones: int) -> tuple[int, ...]:
    row = (stones,) * 6
    return row + (0,) + row + (0,)


def _on(value: str) -> bool:
    return value == "on"


@dataclass(frozen=True)
class KalahState(DrawOffers):
    info = GameInfo(
        id="kalah",
        title="Kalah",
        min_players=2,
        max_players=2,
        options=(
            Option("stones", "Stones per pit", ("3", "4", "5", "6"), "4",
                   help="How many stones each pit starts with: more stones, a longer game."),
            Option(
                "pie",
                "Pie rule",
                ("off", "on"),
                "off",
                ("Off", "On: North may take South's first turn by swapping sides"),
                help="Evens out the first move: North may take over South's opening instead of answering it.",
            ),
            Option(
                "empty_capture",
                "Empty capture",
                ("off", "on"),
                "off",
                ("Off", "On: a last stone in an empty own pit is stored even facing an empty pit"),
                help="Whether a last stone that lands in your own empty pit is stored when the pit facing it is empty.",
            ),
        ),
        has_chance=False,
        has_hidden_info=False,
        max_plies=_ply_bound(72) + DRAW_OFFER_PLIES,
        summary="Sow stones round a board of twelve pits and collect more of them in your store than your opponent.",
    )

    players: int = 2
    pits: tuple[int, ...] = start_pits(4)
    stones: int = 4
    pie: bool = False
    empty_capture: bool = False
    to_move: int | None = 0
    pie_pending: bool = False  # North has not yet made its first decision (pie rule on)
    swapped: bool = False
    last_move: str = ""
    last_mover: int | None = None
    last_sowing: tuple[int, ...] = ()
    last_capture: tuple[int, ...] = ()
    last_captured: int = 0
    last_sweep: tuple[int, ...] = ()
    end_reason: str = ""
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> KalahState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        stones = int(values["stones"])
        pie = _on(values["pie"])
        return cls(
            players=players,
            pits=start_pits(stones),
            stones=stones,
            pie=pie,
            empty_capture=_on(values["empty_capture"]),
            to_move=0,
            pie_pending=pie,
        )

    # -- moves -------------------------------------------------------------

    def _game_moves(self) -> tuple[str, ...]:
        seat = self.to_move
        if seat is None:
            moves: tuple[str, ...] = ()
        else:
            pits = self.pits
            moves = tuple([move for index, move in _PIT_INDEXES[seat] if pits[index]])
            if self.pie_pending and seat == 1:
                moves += (SWAP,)
        return moves

    def swap_available(self) -> bool:
        return self.pie_pending and SWAP in self.legal_moves()  # not while a draw offer waits for an answer

    def _game_why_illegal(self, move: str) -> str:
        if move != SWAP and move not in PIT_MOVES:
            raise InvalidMoveError(move, 'a move is a pit number "1" to "6" or "swap"')
        if self.to_move is None:
            return "the game is over"
        if move == SWAP:
            if not self.pie:
                return "the pie rule is off in this game"
            return "the swap is offered only to North as its first decision, right after South's first turn"
        if self.pits[pit_index(self.to_move, move)] == 0:
            return f"pit {move} is empty"
        return "it is not a legal move now"  # unreachable for a consistent state

    def _game_apply(self, move: str) -> KalahState:
        if move == SWAP:
            return self._swap()
        seat: int = self.to_move  # type: ignore[assignment]
        pits = self.pits
        origin = pit_index(seat, move)
        board, next_seat, captured = sow(packed(pits), seat, move, self.empty_capture)
        sowing = _sowing(seat, origin, pits[origin])
        last = sowing[-1]
        to_move: int | None = next_seat
        sweep: tuple[int, ...] = ()
        reason = ""
        if game_over(board, next_seat, sum(pits)):
            to_move = None
            sweep, reason = _ending(unpacked(board), next_seat)
            board = swept(board)
        return self._replace(
            pits=unpacked(board),
            to_move=to_move,
            pie_pending=self.pie_pending and seat == 0,
            last_move=move,
            last_mover=seat,
            last_sowing=sowing,
            last_capture=(last, opposite(last)) if captured > 1 else (last,) if captured else (),
            last_captured=captured,
            last_sweep=sweep,
            end_reason=reason,
            ply=self.ply + 1,
        )

    def _swap(self) -> KalahState:
        # No end check: after one turn neither store can hold half, nor a row be empty.
        return self._replace(
            pits=unpacked(mirrored(packed(self.pits))),
            to_move=0,
            pie_pending=False,
            swapped=True,
            last_move=SWAP,
            last_mover=1,
            last_sowing=(),
            last_capture=(),
            last_captured=0,
            ply=self.ply + 1,
        )

    # -- end and view --------------------------------------------------------

    def _agreed_scores(self) -> tuple[float, ...]:
        return (self.pits[6], self.pits[13])

    def search_position(self) -> KalahPosition | None:
        if self.draw_offer == "offered":
            return None  # answering an offer is not a move of the board: the default search weighs it
        return KalahPosition.of(self.pits, self.to_move, self.pie_pending, self.empty_capture)

    def _game_outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        scores = (self.pits[6], self.pits[13])
        return Outcome(scores=scores, winners=winners_by_score(scores), reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        pits = self.pits
        if self.last_move == SWAP:
            changed = [index for index in range(14) if pits[index] != pits[(index + 7) % 14]]
        else:
            touched = set(self.last_sowing + self.last_capture + self.last_sweep)
            if self.last_capture:
                touched.add(STORES[self.last_mover or 0])
            touched.update(6 if index < 6 else 13 for index in self.last_sweep)
            changed = sorted(touched)
        last_move = None
        if self.last_move:
            last_move = {
                "seat": self.last_mover,
                "move": self.last_move,
                "sowing": list(self.last_sowing),
                "capture": list(self.last_capture),
                "captured": self.last_captured,
                "sweep": list(self.last_sweep),
            }
        outcome = self.outcome()
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "board": list(pits),
            "pits": [list(pits[0:6]), list(pits[7:13])],
            "stores": [pits[6], pits[13]],
            "to_move": self.to_move,
            "legal_moves": list(self.legal_moves()),
            "swap_available": self.swap_available(),
            "swapped": self.swapped,
            "last_move": last_move,
            "changed": changed,
            "options": {
                "stones": str(self.stones),
                "pie": "on" if self.pie else "off",
                "empty_capture": "on" if self.empty_capture else "off",
            },
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }


class KalahPosition:
    """The board alone, packed, for the computer's alpha-beta search (ai/alphabeta.py):
    the same sowing, end and sweep as the state's, with nothing recorded for the view."""

    __slots__ = ("board", "to_move", "pie_pending", "empty_capture", "total")

    def __init__(self, board: int, to_move: int | None, pie_pending: bool, empty_capture: bool, total: int) -> None:
        self.board = board
        self.to_move = to_move
        self.pie_pending = pie_pending
        self.empty_capture = empty_capture
        self.total = total
        """Every stone of the game, which no move changes."""

    @classmethod
    def of(cls, pits: Sequence[int], to_move: int | None, pie_pending: bool, empty_capture: bool) -> KalahPosition:
        return cls(packed(pits), to_move, pie_pending, empty_capture, sum(pits))

    def moves(self) -> tuple[str, ...]:
        seat: int = self.to_move  # type: ignore[assignment]
        row = _ROWS[seat]
        moves = _MOVES_BY_NONEMPTY[seat][((self.board & row) + row) & _NONEMPTY_BITS[seat]]
        if self.pie_pending and seat == 1:
            moves += (SWAP,)
        return moves

    def play(self, move: str) -> KalahPosition:
        seat: int = self.to_move  # type: ignore[assignment]
        if move == SWAP:
            return KalahPosition(mirrored(self.board), 0, False, self.empty_capture, self.total)
        board, to_move, _ = sow(self.board, seat, move, self.empty_capture)
        if game_over(board, to_move, self.total):
            board, to_move = swept(board), None  # type: ignore[assignment]
        return KalahPosition(board, to_move, self.pie_pending and seat == 0, self.empty_capture, self.total)

    def value(self) -> float:
        """The difference of the stores, as a share of all the stones."""
        board = self.board
        return ((board >> 48 & 0xFF) - (board >> 104)) / self.total

    def key(self) -> tuple[int, int | None, bool]:
        return self.board, self.to_move, self.pie_pending


def packed(pits: Sequence[int]) -> int:
    """The 14 counts of a board, in board order, packed into one int (see `_ROWS`)."""
    if min(pits) < 0 or sum(pits) > _FIELD_MAX:
        raise ValueError(f"a Kalah board holds from 0 to {_FIELD_MAX} stones in all")
    return int.from_bytes(bytes(pits), "little")


def unpacked(board: int) -> tuple[int, ...]:
    """The 14 counts of a packed board."""
    return tuple(board.to_bytes(14, "little"))


def sow(board: int, seat: int, move: str, empty_capture: bool) -> tuple[int, int, int]:
    """`seat` sows the stones of its pit `move` on the packed `board`: (the board after it and
    any capture, the seat to move next if the game goes on, the stones a capture stored)."""
    shift, sowings = _SOWINGS[seat][move]
    delta, last = sowings[board >> shift & 0xFF]
    board += delta
    store = STORES[seat]
    if last == store:
        return board, seat, 0
    if board >> 8 * last & 0xFF == 1 and store - 6 <= last < store:
        facing = 8 * (12 - last)  # opposite(last), inlined for speed
        captured = board >> facing & 0xFF
        if captured:
            return board + ((captured + 1) << 8 * store) - (captured << facing) - (1 << 8 * last), 1 - seat, captured + 1
        if empty_capture:
            return board + (1 << 8 * store) - (1 << 8 * last), 1 - seat, 1
    return board, 1 - seat, 0


def mirrored(board: int) -> int:
    """The packed `board` after the pie swap: the two halves, each a row and its store, change places."""
    return board >> 56 | (board & (1 << 56) - 1) << 56


def game_over(board: int, next_seat: int, total: int) -> bool:
    """Whether the packed `board` a move left, with `next_seat` to move, ends the game: a store
    holds more than half of the `total` stones, or `next_seat` has none to sow."""
    return 2 * (board >> 48 & 0xFF) > total or 2 * (board >> 104) > total or not board & _ROWS[next_seat]


def swept(board: int) -> int:
    """The end: every stone still in a pit goes to the store of its side."""
    pits = board.to_bytes(14, "little")
    return sum(pits[0:7]) << 48 | sum(pits[7:14]) << 104


def _ending(pits: tuple[int, ...], next_seat: int) -> tuple[tuple[int, ...], str]:
    """For a board that `game_over` ended, before the sweep: (the indexes the sweep empties,
    the reason the game ended)."""
    sweep = tuple(index for index in range(14) if index not in STORES and pits[index])
    left = (sum(pits[0:6]), sum(pits[7:13]))
    score = f"final score {pits[6] + left[0]} to {pits[13] + left[1]}"
    leaders = [seat for seat in (0, 1) if 2 * pits[STORES[seat]] > sum(pits)]
    if leaders:
        reason = f"{SEAT_NAMES[leaders[0]]} holds more than half the stones"
        if any(left):
            reason += f"; the stones left in the pits go to their own sides ({left[0]} to South, {left[1]} to North)"
    else:
        other = 1 - next_seat
        reason = (
            f"{SEAT_NAMES[next_seat]} has no stones to sow; "
            f"{SEAT_NAMES[other]} takes the {left[other]} stones left on its side"
        )
    return sweep, f"{reason}; {score}"
