"""Flaming Pyramids, for 2 to 6 players, as Board Game Arena plays it.

Rules
-----
The 45 tiles (tiles.py) are dealt evenly; the few left over start the bottom row
face up, except leftover Coals and Blowtorches, which leave the game. Each player
holds 5 tiles and keeps the rest as a face-down pile nobody may look at. Seat 0
starts; turns go round in seat order.

A turn: lay one tile from the hand on a spot (pyramid.spots: on two neighbours
with nothing on them, or in a gap of the bottom row; on a complete pyramid, at
either end of the bottom row). Then the pyramid is checked, again and again until
nothing more happens, in this order, each check top to bottom, left to right:
  1. a tile in free air falls down to the left or the right;
  2. a tile that breaks the building rule (pyramid.fits) collapses: the tiles
     under it go under the pile of the player who receives the mayhem (the one
     whose turn it is), and it falls to the left or the right;
  3. incendiaries in contact explode: every tile touching them goes under the
     receiver's pile, and they leave the game;
  4. an incendiary touching a tile it sets alight starts a fire: every tile
     burning, from it on through touching tiles it sets alight, goes under the
     receiver's pile, and the incendiary leaves the game;
  5. with the Curse, three tiles of one number standing as a small pyramid go
     under the previous player's pile, who receives the rest of this mayhem and
     chooses its falls.
Each way a tile falls is a move ("fall left", "fall right") of the player who
chooses. Then the player whose turn it was draws back up to 5 tiles: first the
face-down tiles dealt at the start, then those put under the pile since, in order.
A player who ends a turn with no tile in hand or pile wins; the others rank by the
tiles they have left.

With the Fire Die, a fire only starts where the tile just laid (from the hand,
before anything collapsed or fell this turn) is an incendiary touching a tile it
sets alight, or such a tile touching an incendiary; and then a die is rolled
(a chance point): fire, the incendiary staying (3 in 6); fire, the incendiary
leaving the game (1 in 6); an explosion of the two, where both leave the game and
every tile touching them goes under the receiver's pile (1 in 6); smoke (1 in 6).

Options
-------
- ``curse``: "off" (default) or "on".
- ``fire_die``: "off" (default) or "on".

Notation
--------
- ``red-20 1:3`` lays Red 20 on row 1 (row 0 is the bottom), column 3; columns
  count half tile widths, so a tile at r:c rests on r-1:c-1 and r-1:c+1. The
  first tile laid is at 0:0. Tiles: ``red-10`` to ``yellow-100``, ``coal-green``,
  ``coal-yellow``, ``torch-red``, ``torch-blue``, ``millstone``.
- ``fall left``, ``fall right``: the way the tile in question falls.
- Chance: ``deal red-20``, a tile dealt to the table or into a hand (another
  seat reads it ``deal``); ``die fire``, ``die fire out``, ``die explosion``,
  ``die smoke``.

Choices made for this project (../shared/facts/flamingpyramids.md)
------------------------------------------------------------------
- A tile on one tile and a gap (an overhang, only ever left by mayhem) stands if
  it has that tile's colour and is no heavier; otherwise the tile under it goes
  to the pile and it falls, as in any collapse.
- With one tile on the table, the next goes beside it on either side.
- The piles are dealt lazily: a tile drawn from the face-down part of a pile is a
  chance point over every tile not yet seen, which gives each draw the odds a
  shuffled deal gives it. Tiles that went under a pile in sight of everyone are
  drawn in the order they went there, and stay known in the hand (``known``).
- The Fire Die's pair, where the tile laid touches several: the first in scan order.
- No rule bounds a game's length, so ``max_plies`` is ``LONGEST_RECORD``.
- Scores are the tiles each player has left; the winner has none.

View
----
``view(seat)``: seat, seat_names, players, table (list of {row, column, tile}),
hand (the viewer's tiles, or None), hand_sizes, pile_sizes, tiles_left, out,
known (per seat, tiles seen going into its hand), to_move, active, phase
("deal", "place", "fall", "die", "draw", "over"), falling ({row, column} of the
tile about to fall, else None), chooser, receiver, events (the mayhem of this turn
and the last, as {ply, seat, text, move (whether the line tells the move itself)}), motion (what the latest ply did to the
pyramid, in order: {kind ("laid", "fell" with "from" its place before, "left"
with "to" the seat whose pile it went under, or None out of the game), step (the
line of this ply's events that tells it, from 0), row, column, tile}), mayhem (for the seat to lay a tile: each
legal move and what it would set off first, see ``mayhem_of``), options, ply,
outcome. A tile is
{name, colour, weight, material, symbol, words}.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import rng as rng_module
from ...core import CHANCE, LONGEST_RECORD, GameInfo, InvalidMoveError, Option, Outcome, State, chances_ahead, redeal
from . import pyramid
from .pyramid import Place
from .tiles import COLOUR, COUNT, INCENDIARY, INDEX, MATERIAL, NAMES, SYMBOLS, WEIGHT, words

SEAT_NAMES = ("Amber", "Violet", "Teal", "Rose", "Slate", "Olive")
HAND = 5
TABLE = -2  # `deal_to` for a leftover tile dealt to the table at the start
LAID, FELL, LEFT = 0, 1, 2  # the kinds of `motion`
MOTION = ("laid", "fell", "left")
FALLS = {"fall left": -1, "fall right": 1}
DIE = ("die fire", "die fire out", "die explosion", "die smoke")
DIE_WEIGHTS = (3, 1, 1, 1)
DEAL_TEXT = tuple(f"deal {name}" for name in NAMES)
_PLACE = re.compile(r"([a-z]+(?:-[a-z0-9]+)?) (\d+):(-?\d+)")
_MOVE_HELP = 'a move is a tile and a place, "red-20 1:3", or "fall left" / "fall right"'
SPREAD = 3.0  # tiles: how much a lead in tiles left counts for `estimate_returns`
MISSES = (
    0.503, 0.503, 0.507, 0.491, 0.505, 0.523, 0.545, 0.550, 0.586, 0.627,  # red 10-100
    0.503, 0.503, 0.507, 0.491, 0.505, 0.523, 0.545, 0.550, 0.586, 0.627,  # blue
    0.503, 0.503, 0.507, 0.470, 0.487, 0.509, 0.535, 0.550, 0.586, 0.627,  # green
    0.503, 0.503, 0.507, 0.470, 0.487, 0.509, 0.535, 0.550, 0.586, 0.627,  # yellow
    0.776, 0.776, 0.953, 0.953, 0.993,  # the Coals, the Blowtorches, the Millstone
)
"""Per tile, the share of the pairs of other tiles that may stand side by side on which laying it
would set off mayhem (a collapse, an explosion or a fire): how likely a hand left with it alone is
to find no safe place. tests/test_flamingpyramids.py works them out again from the rules."""
HAND_RISK = 4.0
"""Tiles: what a hand counts against its seat in `estimate_returns`, times the chance that none of
its tiles would go safely on two tiles drawn at random (the product of their `MISSES`). At the quick
level's budget (150 ms a turn) against five quick seats, which judge by tiles left alone
(`ai.NAIVE_LEVELS`), a search that counts this finished ahead of 57% of them over 102 games
(bench/ai_strength.py, seed 930, when the searches still played to win alone). A first try at 8
tiles did worse than at 4 (36 games each)."""


def _on(value: str) -> bool:
    return value == "on"


def tile_view(tile: int) -> dict[str, Any]:
    colour = COLOUR[tile]
    return {"name": NAMES[tile], "colour": colour, "weight": WEIGHT[tile], "material": MATERIAL[tile],
            "symbol": SYMBOLS.get(colour), "words": words(tile)}


@dataclass(frozen=True)
class FlamingPyramidsState(State):
    info = GameInfo(
        id="flamingpyramids",
        title="Flaming Pyramids",
        min_players=2,
        max_players=6,
        options=(
            Option("curse", "The Curse", ("off", "on"), "off",
                   ("Off", "On: three tiles of one number in a small pyramid go to the previous player"),
                   help="Three tiles of one number standing as a small pyramid go under the previous player's pile."),
            Option("fire_die", "Fire Die", ("off", "on"), "off",
                   ("Off", "On: a fire from the hand rolls a die; collapses start no fires"),
                   help="A fire starts only from a tile laid from the hand, and a die says how it goes."),
        ),
        has_chance=True,
        has_hidden_info=True,
        max_plies=LONGEST_RECORD,
        summary="Lay your tiles on a shared pyramid; whatever collapses, burns or explodes comes back to your pile.",
    )
    blunders = 0.3
    """At four seats and more the tiles' luck decides nearly everything but mayhem that could be
    seen coming: a quick level that only avoids it, even without a search, finishes nearly as well
    as the strong one. A beginner's mark here is the mayhem it sets off by laying without looking."""

    players: int = 2
    curse: bool = False
    fire_die: bool = False
    phase: str = "deal"
    to_move: int | None = CHANCE
    active: int = 0  # whose turn it is
    deal_to: int = TABLE  # at a chance point: TABLE, or the seat whose hand the tile goes to; else -1
    leftovers: int = 1  # leftover tiles still to be dealt to the table
    pool: tuple[int, ...] = tuple(range(COUNT))  # tiles nobody has seen yet, sorted
    hands: tuple[tuple[int, ...], ...] = ((), ())  # sorted
    known: tuple[tuple[int, ...], ...] = ((), ())  # tiles of each hand everyone saw it draw, sorted
    unseen: tuple[int, ...] = (17, 17)  # per seat: face-down tiles of its pile from the deal
    under: tuple[tuple[int, ...], ...] = ((), ())  # per seat: tiles put under its pile since, top first
    table: tuple[tuple[int, int, int], ...] = ()  # (row, column, tile), sorted by place
    out: tuple[int, ...] = ()  # tiles out of the game, in the order they left
    falling: tuple[int, ...] = ()  # the place of the tile about to fall
    chooser: int = 0  # who chooses the falls of this mayhem
    receiver: int = 0  # whose pile takes what this mayhem brings down
    placed: tuple[int, ...] = ()  # the tile laid this turn, while nothing has collapsed or fallen
    rolled: bool = False  # the Fire Die was rolled this turn
    events: tuple[tuple[int, int, str, bool], ...] = ()  # (ply, seat, text, the move itself?) of this turn and the last
    turn_start: int = 0  # the ply this turn began at
    motion: tuple[tuple[int, ...], ...] = ()  # this ply's changes to the pyramid, for the page to show
    rng: int = 0
    ply: int = 0
    winner: int = -1

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None,
            seed: int = 0) -> FlamingPyramidsState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        share = COUNT // players
        return cls(
            players=players,
            curse=_on(values["curse"]),
            fire_die=_on(values["fire_die"]),
            leftovers=COUNT % players,
            deal_to=TABLE if COUNT % players else 0,
            hands=((),) * players,
            known=((),) * players,
            unseen=(share - HAND,) * players,
            under=((),) * players,
            rng=rng_module.seed_state(seed),
        )

    # -- moves -------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "place":
            spots = pyramid.spots(self.board())
            return tuple([f"{NAMES[tile]} {row}:{column}" for tile in self.hands[self.active]
                          for row, column in spots])
        if phase == "fall":
            return tuple(FALLS)
        if phase in ("deal", "draw"):
            return tuple([DEAL_TEXT[tile] for tile in self.pool])
        if phase == "die":
            return DIE
        return ()

    def chance_weights(self) -> tuple[int, ...]:
        if self.phase == "die":
            return DIE_WEIGHTS
        if self.to_move == CHANCE:
            return (1,) * len(self.pool)
        return super().chance_weights()

    def board(self) -> pyramid.Table:
        return {(row, column): tile for row, column, tile in self.table}

    def why_illegal(self, move: str) -> str:
        if move in FALLS or move in DIE or move.startswith("deal "):
            if move.startswith("deal ") and move[5:] not in INDEX:
                raise InvalidMoveError(move, f"there is no tile {move[5:]!r}")
            if self.phase == "fall":
                return "a tile must fall first"
            return "no tile is falling now" if move in FALLS else "only chance deals tiles and rolls the Fire Die"
        match = _PLACE.fullmatch(move)
        if not match:
            raise InvalidMoveError(move, _MOVE_HELP)
        name, row, column = match.group(1), int(match.group(2)), int(match.group(3))
        if name not in INDEX:
            raise InvalidMoveError(move, f"there is no tile {name!r}")
        if self.phase == "fall":
            return f"choose first which way {words(self.board()[tuple(self.falling)])} falls: fall left or fall right"
        if self.phase != "place":
            return "it is chance's turn: a tile is being dealt or the die rolled"
        if INDEX[name] not in self.hands[self.active]:
            return f"{words(INDEX[name])} is not in your hand"
        if (row, column) in self.board():
            return f"{row}:{column} is taken"
        return ("a tile goes on two neighbours with nothing on them, or in a gap of the bottom row; "
                "on a complete pyramid, at either end of the bottom row")

    def _apply(self, move: str) -> FlamingPyramidsState:
        if self.to_move == CHANCE:
            return self._chance(move)
        work = _Work(self)
        if move in FALLS:
            work.fall(FALLS[move])
        else:
            work.lay(*_placement(move))
        return work.settle()

    def mayhem_of(self, move: str) -> str:
        """What laying a tile (a legal move) sets off first: "collapse", "fall",
        "explosion", "fire", "fire die", "curse", or "" where the tile simply fits."""
        work = _Work(self)
        work.lay(*_placement(move))
        work.settle()
        return work.mayhem[0] if work.mayhem else ""

    def _chance(self, move: str) -> FlamingPyramidsState:
        rng = rng_module.next_u64(self.rng)[1]
        if self.phase == "die":
            work = _Work(self._replace(rng=rng))
            work.roll(move)
            return work.settle()
        tile = INDEX[move[5:]]
        pool = tuple([other for other in self.pool if other != tile])
        if self.deal_to == TABLE:
            state = self._replace(pool=pool, rng=rng, ply=self.ply + 1, leftovers=self.leftovers - 1)
            if INCENDIARY[tile]:
                state = state._replace(out=self.out + (tile,))
            else:
                column = 2 * len(self.table)
                state = state._replace(table=self.table + ((0, column, tile),), motion=((LAID, 0, 0, column, tile),))
            return state._next_deal()
        seat = self.deal_to
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hands[seat] + (tile,)))
        if self.phase == "deal":
            return self._replace(pool=pool, rng=rng, ply=self.ply + 1, hands=tuple(hands), motion=())._next_deal()
        unseen = list(self.unseen)
        unseen[seat] -= 1
        return _Work(self._replace(pool=pool, rng=rng, hands=tuple(hands), unseen=tuple(unseen))).end_turn()

    def _next_deal(self) -> FlamingPyramidsState:
        """After a tile of the opening deal: the next deal, or the first turn."""
        if self.leftovers:
            return self._replace(deal_to=TABLE)
        for seat in range(self.players):
            if len(self.hands[seat]) < HAND:
                return self._replace(deal_to=seat)
        return self._replace(phase="place", to_move=0, active=0, deal_to=-1, chooser=0, receiver=0)

    # -- end, view and hidden information -------------------------------------

    def tiles_left(self, seat: int) -> int:
        return len(self.hands[seat]) + self.unseen[seat] + len(self.under[seat])

    def outcome(self) -> Outcome | None:
        if self.winner < 0:
            return None
        scores = tuple(self.tiles_left(seat) for seat in range(self.players))
        return Outcome(scores=scores, winners=(self.winner,),
                       reason=f"{SEAT_NAMES[self.winner]} has laid every tile", fewest_first=True)

    def notes(self) -> tuple[str, ...]:
        """The mayhem the latest move set off, a line a step."""
        return tuple([text for ply, _, text, own in self.events if ply == self.ply and not own])

    def turn_seat(self) -> int | None:
        return None if self.phase == "deal" else self.active

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        players = range(self.players)
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES[: self.players]),
            "players": self.players,
            "table": [{"row": row, "column": column, "tile": tile_view(tile)} for row, column, tile in self.table],
            "hand": None if seat is None else [tile_view(tile) for tile in self.hands[seat]],
            "hand_sizes": [len(self.hands[other]) for other in players],
            "pile_sizes": [self.unseen[other] + len(self.under[other]) for other in players],
            "tiles_left": [self.tiles_left(other) for other in players],
            "known": [[tile_view(tile) for tile in self.known[other]] for other in players],
            "out": [tile_view(tile) for tile in self.out],
            "to_move": self.to_move,
            "active": self.active,
            "phase": self.phase,
            "falling": {"row": self.falling[0], "column": self.falling[1]} if self.falling else None,
            "chooser": self.chooser,
            "receiver": self.receiver,
            "events": [{"ply": ply, "seat": actor, "text": text, "move": own} for ply, actor, text, own in self.events],
            "motion": [{"kind": MOTION[kind], "step": step, "row": row, "column": column, "tile": tile_view(tile),
                        "from": f"{rest[0]}:{rest[1]}" if kind == FELL else None,
                        "to": rest[0] if kind == LEFT and rest[0] >= 0 else None}
                       for kind, step, row, column, tile, *rest in self.motion],
            "mayhem": ({move: self.mayhem_of(move) for move in self.legal_moves()}
                       if self.phase == "place" and seat == self.active else {}),
            "options": {"curse": "on" if self.curse else "off", "fire_die": "on" if self.fire_die else "off"},
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }

    def public_move(self, move: str, seat: int | None) -> str:
        """A tile dealt into another seat's hand (anyone's, for a spectator) reads "deal"."""
        if self.to_move == CHANCE and move.startswith("deal ") and self.deal_to != TABLE and seat != self.deal_to:
            return "deal"
        return move

    def resample(self, seat: int | None, rng: rng_module.Rng) -> FlamingPyramidsState:
        """The other hands (every hand, for a spectator) redrawn, with the tiles
        nobody has seen, from everything `seat` has not seen; the tiles everyone
        saw a hand draw stay in it."""
        redrawn = [other for other in range(self.players) if other != seat]
        pool = list(self.pool)
        for other in redrawn:
            secret = list(self.hands[other])
            for tile in self.known[other]:
                secret.remove(tile)
            pool += secret
        hands = list(self.hands)
        dealt, left = redeal(pool, [len(self.hands[other]) - len(self.known[other]) for other in redrawn], rng)
        for other, tiles in zip(redrawn, dealt):
            hands[other] = tuple(sorted(tiles + list(self.known[other])))
        return self._replace(hands=tuple(hands), pool=tuple(sorted(left)), rng=rng.below(1 << 64))

    def estimate_returns(self) -> tuple[float, ...]:
        """Each seat's chances of finishing ahead of the others, from the tiles each has left (fewer
        is better) and how likely its hand is to hold no tile that goes safely where tiles go next
        (`HAND_RISK`)."""
        return _chances([self.tiles_left(seat) + HAND_RISK * self.stuck_chance(seat) for seat in range(self.players)])

    def stuck_chance(self, seat: int) -> float:
        """The chance that no tile of the seat's hand would go safely on two tiles drawn at random
        (`MISSES`); 0 for an empty hand, which has no tile to be stuck with."""
        hand = self.hands[seat]
        return math.prod([MISSES[tile] for tile in hand]) if hand else 0.0

    def naive_returns(self) -> tuple[float, ...]:
        """The same chances from the tiles each seat has left alone: the hand's tiles are not weighed."""
        return _chances([self.tiles_left(seat) for seat in range(self.players)])


def _chances(tiles: list[float]) -> tuple[float, ...]:
    """Each seat's chances of finishing ahead of the others (`chances_ahead`) from the tiles it has
    left, or counts as left: fewer is better."""
    return chances_ahead([-left / SPREAD for left in tiles])


def _placement(move: str) -> tuple[int, Place]:
    """The tile and the place of a legal "red-20 1:3"."""
    name, spot = move.split(" ")
    row, column = spot.split(":")
    return INDEX[name], (int(row), int(column))


def _listed(tiles: list[int]) -> str:
    """ "Red 10", "Red 10 and Blue 20", "Red 10, Blue 20 and Green 30"."""
    names = [words(tile) for tile in tiles]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def _verb(subject: str, one: str, several: str) -> str:
    return several if " and " in subject else one


class _Work:
    """A turn being resolved: mutable copies of what mayhem changes, and the
    state they came from. `settle` runs the checks until a player or chance must
    decide, or the turn is over. It stands for one move: the state it makes is
    one ply on."""

    def __init__(self, state: FlamingPyramidsState) -> None:
        self.state = state
        self.ply = state.ply + 1
        self.table = state.board()
        self.under = [list(pile) for pile in state.under]
        self.out = list(state.out)
        self.hands = [list(hand) for hand in state.hands]
        self.known = [list(hand) for hand in state.known]
        self.unseen = list(state.unseen)
        self.placed: Place | None = tuple(state.placed) if state.placed else None  # type: ignore[assignment]
        self.chooser = state.chooser
        self.receiver = state.receiver
        self.rolled = state.rolled
        self.events = list(state.events)
        self.mayhem: list[str] = []  # the kinds of mayhem met, in order: "collapse", "fall", "explosion", ...
        self.motion: list[tuple[int, ...]] = []  # (kind, step, row, column, tile[, from row, from column | to seat])
        self.step = 0  # lines said this ply: the step of what happens next

    def say(self, text: str, seat: int | None = None, own: bool = False) -> None:
        """One line of what happened; `own` for the line that tells the move itself."""
        self.events.append((self.ply, self.state.active if seat is None else seat, text, own))
        self.step += 1

    def bury(self, places: list[Place], seat: int) -> str:
        """Takes `places` off the table and under `seat`'s pile; says which."""
        tiles = [self.table.pop(place) for place in places]
        self.motion += [(LEFT, self.step, *place, tile, seat) for place, tile in zip(places, tiles)]
        self.under[seat] += tiles
        if self.placed in places:
            self.placed = None
        return _listed(tiles)

    def remove(self, places: list[Place]) -> str:
        tiles = [self.table.pop(place) for place in places]
        self.motion += [(LEFT, self.step, *place, tile, -1) for place, tile in zip(places, tiles)]
        self.out += tiles
        if self.placed in places:
            self.placed = None
        return _listed(tiles)

    # -- the moves

    def lay(self, tile: int, place: Place) -> None:
        seat = self.state.active
        self.hands[seat].remove(tile)
        if tile in self.known[seat]:
            self.known[seat].remove(tile)
        self.table[place] = tile
        self.placed = place
        self.motion.append((LAID, self.step, *place, tile))
        self.say(f"{SEAT_NAMES[seat]} lays {words(tile)} on {place[0]}:{place[1]}", own=True)

    def fall(self, way: int) -> None:
        row, column = self.state.falling
        tile = self.table.pop((row, column))
        self.table[(row - 1, column + way)] = tile
        self.motion.append((FELL, self.step, row - 1, column + way, tile, row, column))
        self.placed = None
        side = "left" if way < 0 else "right"
        self.say(f"{words(tile)} falls to the {side}, onto {row - 1}:{column + way}", self.chooser, own=True)

    def roll(self, outcome: str) -> None:
        self.rolled = True
        incendiary, lit = pyramid.fire_pair(self.table, self.placed)  # type: ignore[arg-type,misc]
        receiver = SEAT_NAMES[self.receiver]
        if outcome == "die smoke":
            self.say("The Fire Die shows smoke: nothing burns")
        elif outcome == "die explosion":
            touched = pyramid.touching(self.table, [incendiary, lit])
            gone = self.remove([incendiary, lit])
            buried = self.bury(touched, self.receiver)
            self.say(f"The Fire Die shows an explosion: {gone} leave the game"
                     + (f"; {buried} {_verb(buried, 'goes', 'go')} under {receiver}'s pile" if buried else ""))
        else:
            keep = outcome == "die fire"
            tile = words(self.table[incendiary])
            buried = self.bury(pyramid.burnt_by(self.table, incendiary), self.receiver)
            if not keep:
                self.remove([incendiary])
            self.say(f"The Fire Die shows fire: {buried} {_verb(buried, 'burns and goes', 'burn and go')} under {receiver}'s pile; "
                     + (f"{tile} stays" if keep else f"{tile} leaves the game"))

    # -- the checks

    def settle(self) -> FlamingPyramidsState:
        while True:
            place = pyramid.first_in_free_air(self.table)
            if place:
                self.mayhem.append("fall")
                self.say(f"{words(self.table[place])} hangs in free air: {SEAT_NAMES[self.chooser]} chooses where it falls")
                return self.freeze(phase="fall", to_move=self.chooser, falling=place)
            place = pyramid.first_collapse(self.table)
            if place:
                self.mayhem.append("collapse")
                self.placed = None
                tile = words(self.table[place])
                below = [support for support in pyramid.supports(place) if support in self.table]
                buried = self.bury(below, self.receiver)
                self.say(f"{tile} does not fit: {buried} {_verb(buried, 'collapses under it and goes', 'collapse under it and go')} under {SEAT_NAMES[self.receiver]}'s pile")
                return self.freeze(phase="fall", to_move=self.chooser, falling=place)
            found = pyramid.first_explosion(self.table)
            if found:
                group, touched = found
                self.mayhem.append("explosion")
                buried = self.bury(touched, self.receiver)
                gone = self.remove(group)
                self.say(f"{gone} touch and explode, leaving the game"
                         + (f"; {buried} {_verb(buried, 'goes', 'go')} under {SEAT_NAMES[self.receiver]}'s pile" if buried else ""))
                continue
            if self.state.fire_die:
                if not self.rolled and self.placed and pyramid.fire_pair(self.table, self.placed):
                    self.mayhem.append("fire die")
                    return self.freeze(phase="die", to_move=CHANCE)
            else:
                place = pyramid.first_fire(self.table)
                if place:
                    self.mayhem.append("fire")
                    tile = words(self.table[place])
                    buried = self.bury(pyramid.burnt_by(self.table, place), self.receiver)
                    self.remove([place])
                    self.say(f"{tile} starts a fire: {buried} {_verb(buried, 'burns and goes', 'burn and go')} under {SEAT_NAMES[self.receiver]}'s pile; "
                             f"{tile} leaves the game")
                    continue
            if self.state.curse:
                found_curse = pyramid.first_curse(self.table)
                if found_curse:
                    self.mayhem.append("curse")
                    previous = (self.state.active - 1) % self.state.players
                    buried = self.bury(found_curse, previous)
                    self.receiver = self.chooser = previous
                    self.say(f"The Curse: {buried} go under {SEAT_NAMES[previous]}'s pile, "
                             f"who takes the rest of this mayhem", previous)
                    continue
            return self.end_turn()

    def end_turn(self) -> FlamingPyramidsState:
        """The player whose turn it is draws back up to 5 (a chance point for a
        face-down tile), wins with nothing left, or passes the turn on."""
        state = self.state
        seat = state.active
        while len(self.hands[seat]) < HAND and (self.unseen[seat] or self.under[seat]):
            if self.unseen[seat]:
                return self.freeze(phase="draw", to_move=CHANCE, deal_to=seat)
            tile = self.under[seat].pop(0)
            self.hands[seat].append(tile)
            self.known[seat].append(tile)
        if not self.hands[seat] and not self.unseen[seat] and not self.under[seat]:
            return self.freeze(phase="over", to_move=None, winner=seat)
        following = (seat + 1) % state.players
        self.events = [event for event in self.events if event[0] >= state.turn_start]  # this turn and the last
        self.placed = None
        self.chooser = self.receiver = following
        self.rolled = False
        return self.freeze(phase="place", to_move=following, active=following, turn_start=self.ply + 1)

    def freeze(self, **changes: Any) -> FlamingPyramidsState:
        state = self.state
        deal_to = changes.pop("deal_to", -1)
        return state._replace(
            table=tuple(sorted((row, column, tile) for (row, column), tile in self.table.items())),
            under=tuple(tuple(pile) for pile in self.under),
            out=tuple(self.out),
            hands=tuple(tuple(sorted(hand)) for hand in self.hands),
            known=tuple(tuple(sorted(hand)) for hand in self.known),
            unseen=tuple(self.unseen),
            placed=self.placed or (),
            chooser=self.chooser,
            receiver=self.receiver,
            rolled=self.rolled,
            events=tuple(self.events),
            motion=tuple(self.motion),
            falling=changes.pop("falling", ()),
            deal_to=deal_to,
            ply=self.ply,
            **changes,
        )

