"""Cacao: 2 to 4 tribes lay worker tiles around a growing jungle.

Rules
-----
The jungle is a grid of square tiles. It starts with a single plantation at 0,0
and a market (price 2) at 1,1, diagonal to each other; the other jungle tiles
(28 less those two, and with 2 players less 2 single plantations, a price-3
market, a 1-gold mine, a water, a sun site and a temple) form a face-down pile,
and 2 of them lie face up as the display.

Each player has their own worker tiles: every tile shows 4 workers on its
edges, read clockwise from the top: 1-1-1-1, 2-1-0-1, 3-0-0-1 and 3-1-0-0 (the
last two are mirror images). With 2 players each has 4, 5, 1 and 1 of them;
with 3 one 1-1-1-1 fewer; with 4 one 1-1-1-1 and one 2-1-0-1 fewer. Each
player's tiles are shuffled into a face-down pile and 3 drawn as the hand.

A turn, seat 0 first:
1. Lay a worker tile from the hand, in any of the 4 rotations, on an empty
   square next to a jungle tile and not edge to edge with any worker tile
   (so workers and jungle alternate like a chessboard).
2. Every empty square next to the new tile that now touches 2 or more worker
   tiles gets a jungle tile from the display, chosen by the player, one move
   a square.
3. Every worker on an edge between a tile laid this turn and its neighbour
   works that jungle tile once, for the worker's owner, whose turn it is or
   not: a plantation gives 1 (or 2) cacao, up to 5 held; a market buys 1 cacao
   for its price in gold; a gold mine gives 1 (or 2) gold; a water moves the
   water carrier a field on along -10, -4, -1, 0, 2, 4, 7, 11, 16 (it stops at
   16); a sun site gives a sun token, up to 3 held; a temple does nothing yet.
4. The player draws a worker tile, if their pile has one.
5. The display is filled back up to 2, if the pile has tiles.
Once the jungle pile and the display are both empty, a player holding a sun
token may instead pay it to lay a tile from the hand over one of their own
worker tiles; each square is overbuilt at most once, and the new tile works
its neighbours as in step 3.

Players whose hand is empty are passed over. The game ends when every worker
tile is laid. Each temple then pays the players by the workers they have next
to it: the most 6 gold, the second most 3; a tie for the most splits 6 (rounded
down) and pays no second; a tie for second splits 3 (rounded down); nobody
scores without a worker there. Gold is coins + temples + sun tokens left + the
water field (negative fields included). Most gold wins; a tie goes to the most
cacao left; still tied, the win is shared.

Decisions where the rules are silent
------------------------------------
- All the workers a turn sets to work for one owner act together, in the order
  best for that owner: gold mines, water and sun sites, then plantations, then
  markets, the dearest first (so cacao just grown can be sold). A market sells
  what the owner holds, at most one cacao a worker. Each worker acts on its own:
  where the storage of 5 would overflow, the owner's markets sell between the
  harvests, so a harvest is lost only beyond what they take away.
- The display is refilled at the end of the turn (step 5); if it runs empty
  while squares still wait for jungle, it is refilled then, one tile at a time.
- Where the jungle has run out, the squares waiting stay empty.
- 0,0 is the start plantation; x grows to the right and y downwards.

Hidden information and chance
-----------------------------
Each hand is private; every pile is a multiset whose order nobody knows.
Which worker tiles a player has not laid yet is public (everyone saw the
others laid); which 3 of them are in the hand is not. A tile coming off a pile
is a chance point over the tiles it may be, weighted by their counts: "deal
2-1-0-1" to a hand (read "deal" by everyone else), "reveal temple" to the
display. ``resample(seat, rng)`` deals the other hands again from their own
unlaid tiles.

Notation
--------
A worker tile is its pattern ("2-1-0-1"), a square is "x,y", a rotation is 0,
90, 180 or 270 degrees clockwise.
  2-1-0-1 3,-1 90     lay a 2-1-0-1 on 3,-1 turned a quarter clockwise (over one
                      of your own tiles, it is overbuilding)
  temple 2,0          put the temple from the display on 2,0
  deal 3-0-0-1        chance: a worker tile into the hand being dealt to
  reveal market-3     chance: a jungle tile to the display
Jungle tiles: plantation-1, plantation-2, market-2, market-3, market-4, mine-1,
mine-2, water, sun, temple. A 1-1-1-1 is only ever laid at rotation 0 (it looks
the same every way). ``legal_moves()`` lists tiles in the order above, then
squares by y and x, then rotations.

View
----
``view(seat)``: seat, seat_names, players, workers (list of {x, y, seat, tile,
rotation, edges [top, right, bottom, left], overbuilt}), jungle (list of {x, y,
kind}), hand (the viewer's tiles, or None), hand_sizes, pile_sizes, unlaid (per
seat, how many of each pattern are not laid yet), display, jungle_left, cacao,
gold, sun, water (the field's index) and water_gold per seat, temples (per seat,
the temple gold if the game ended now), to_move, active, phase ("deal", "place",
"jungle", "draw", "reveal", "over"), pending (the squares waiting for jungle),
work (for the seat to move: each legal move and the workers it would set to
work, as [x, y, kind, owner, workers, worker x, worker y]), income (what the latest turn's workers
earned, as {seat, kind, x, y, workers, text}), laid ({x, y} of the latest
tiles of the turn), options, ply, outcome.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rng as rng_module
from ..core import CHANCE, GameInfo, InvalidMoveError, Outcome, State, chances_ahead, redeal

SEAT_NAMES = ("Red", "Purple", "White", "Yellow")
PATTERNS = ((1, 1, 1, 1), (2, 1, 0, 1), (3, 0, 0, 1), (3, 1, 0, 0))  # workers on top, right, bottom, left
PATTERN_NAMES = tuple("-".join(map(str, pattern)) for pattern in PATTERNS)
WORKER_TILES = {2: (4, 5, 1, 1), 3: (3, 5, 1, 1), 4: (3, 4, 1, 1)}  # per player, by pattern
ROTATIONS = (0, 90, 180, 270)
KINDS = ("plantation-1", "plantation-2", "market-2", "market-3", "market-4", "mine-1", "mine-2", "water", "sun", "temple")
JUNGLE_TILES = (6, 2, 2, 4, 1, 2, 1, 3, 2, 5)  # by kind, the two start tiles included
TWO_PLAYER_REMOVALS = (2, 0, 0, 1, 0, 1, 0, 1, 1, 1)
START = ((0, 0, 0), (1, 1, 2))  # (x, y, kind): a single plantation and a price-2 market
WATER = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
MAX_CACAO, MAX_SUN, HAND = 5, 3, 3
TEMPLE_FIRST, TEMPLE_SECOND = 6, 3
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # top, right, bottom, left
DISPLAY = -2  # `deal_to` while the display is being filled
KIND_WORDS = {"plantation-1": "a plantation", "plantation-2": "a double plantation", "market-2": "a market (2)",
              "market-3": "a market (3)", "market-4": "a market (4)", "mine-1": "a gold mine (1)",
              "mine-2": "a gold mine (2)", "water": "a water", "sun": "a sun-worshipping site", "temple": "a temple"}
DEAL_TEXT = tuple(f"deal {name}" for name in PATTERN_NAMES)
REVEAL_TEXT = tuple(f"reveal {kind}" for kind in KINDS)
_SQUARE = r"(-?\d+),(-?\d+)"
_WORKER = re.compile(rf"(\d-\d-\d-\d) {_SQUARE} (\d+)")
_JUNGLE = re.compile(rf"([a-z]+(?:-\d)?) {_SQUARE}")
_MOVE_HELP = 'a move is a worker tile, a square and a rotation, "2-1-0-1 3,-1 90", or a jungle tile and a square, "temple 2,0"'
SPREAD = 4.0  # gold: how much a lead counts for `estimate_returns`, before the tiles still to come

Square = tuple[int, int]


def edges(pattern: int, rotation: int) -> tuple[int, int, int, int]:
    """Workers on the top, right, bottom and left edges of a tile turned `rotation` degrees clockwise."""
    turns = rotation // 90
    counts = PATTERNS[pattern]
    return tuple(counts[(side - turns) % 4] for side in range(4))  # type: ignore[return-value]


def rotations(pattern: int) -> tuple[int, ...]:
    """The rotations that look different: a 1-1-1-1 has one."""
    return (0,) if len(set(PATTERNS[pattern])) == 1 else ROTATIONS


def neighbours(square: Square) -> list[tuple[int, Square]]:
    x, y = square
    return [(side, (x + dx, y + dy)) for side, (dx, dy) in enumerate(STEPS)]


@dataclass(frozen=True)
class CacaoState(State):
    info = GameInfo(
        id="cacao",
        title="Cacao",
        min_players=2,
        max_players=4,
        options=(),
        has_chance=True,
        has_hidden_info=True,
        max_plies=200,  # 44 worker tiles, 26 jungle tiles, and a chance point for each of them
        summary="Lay worker tiles around a growing jungle: grow cacao, sell it, and carry water for gold.",
    )

    players: int = 2
    phase: str = "deal"
    to_move: int | None = CHANCE
    active: int = 0
    deal_to: int = 0  # at a chance point: the seat a worker tile goes to, or DISPLAY
    hands: tuple[tuple[int, ...], ...] = ((), ())  # patterns, sorted
    piles: tuple[tuple[int, ...], ...] = ((), ())  # per seat, face-down tiles by pattern
    workers: tuple[tuple[int, int, int, int, int, bool], ...] = ()  # (x, y, seat, pattern, rotation, overbuilt), by square
    jungle: tuple[tuple[int, int, int], ...] = START  # (x, y, kind), by square
    jungle_pile: tuple[int, ...] = ()  # face-down tiles by kind
    display: tuple[int, ...] = ()  # kinds, sorted
    pending: tuple[Square, ...] = ()  # squares waiting for a jungle tile this turn
    laid: tuple[Square, ...] = ()  # the squares laid this turn (the worker's first)
    cacao: tuple[int, ...] = (0, 0)
    gold: tuple[int, ...] = (0, 0)
    sun: tuple[int, ...] = (0, 0)
    water: tuple[int, ...] = (0, 0)  # index into WATER
    income: tuple[tuple[int, int, int, int, int, str], ...] = ()  # (seat, kind, x, y, workers, text) of the latest turn
    income_ply: int = -1  # the ply `income` was earned at
    rng: int = 0
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> CacaoState:
        cls.info.check_players(players)
        cls.info.resolve_options(options)
        pile = [count - sum(1 for *_, kind in START if kind == index) for index, count in enumerate(JUNGLE_TILES)]
        if players == 2:
            pile = [count - removed for count, removed in zip(pile, TWO_PLAYER_REMOVALS)]
        zeros = (0,) * players
        return cls(players=players, hands=((),) * players, piles=(WORKER_TILES[players],) * players,
                   jungle_pile=tuple(pile), cacao=zeros, gold=zeros, sun=zeros, water=zeros,
                   rng=rng_module.seed_state(seed))

    # -- the board -----------------------------------------------------------

    def worker_at(self) -> dict[Square, tuple[int, int, int, int, bool]]:
        return {(x, y): (seat, pattern, rotation, sides, over)  # type: ignore[misc]
                for x, y, seat, pattern, rotation, over in self.workers
                for sides in [edges(pattern, rotation)]}

    def jungle_at(self) -> dict[Square, int]:
        return {(x, y): kind for x, y, kind in self.jungle}

    def jungle_over(self) -> bool:
        return not self.display and not any(self.jungle_pile)

    def open_squares(self) -> list[Square]:
        """Empty squares next to jungle and not next to any worker tile, by y and x."""
        workers, jungle = self.worker_at(), self.jungle_at()
        squares = {square for place in jungle for _, square in neighbours(place)}
        return sorted((square for square in squares if square not in jungle and square not in workers
                       and not any(near in workers for _, near in neighbours(square))), key=lambda s: (s[1], s[0]))

    # -- moves ---------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "place":
            squares = self.open_squares()
            if self.jungle_over() and self.sun[self.active]:
                squares += [(x, y) for x, y, seat, _, _, over in self.workers if seat == self.active and not over]
                squares.sort(key=lambda s: (s[1], s[0]))
            return tuple([f"{PATTERN_NAMES[pattern]} {x},{y} {rotation}" for pattern in sorted(set(self.hands[self.active]))
                          for x, y in squares for rotation in rotations(pattern)])
        if phase == "jungle":
            squares = sorted(self.pending, key=lambda s: (s[1], s[0]))
            return tuple([f"{KINDS[kind]} {x},{y}" for kind in sorted(set(self.display)) for x, y in squares])
        if phase in ("deal", "draw"):
            if self.deal_to == DISPLAY:
                return tuple([REVEAL_TEXT[kind] for kind, count in enumerate(self.jungle_pile) if count])
            return tuple([DEAL_TEXT[pattern] for pattern, count in enumerate(self.piles[self.deal_to]) if count])
        return ()

    def chance_weights(self) -> tuple[int, ...]:
        if self.to_move != CHANCE:
            return super().chance_weights()
        counts = self.jungle_pile if self.deal_to == DISPLAY else self.piles[self.deal_to]
        return tuple([count for count in counts if count])

    def why_illegal(self, move: str) -> str:
        if move.startswith(("deal ", "reveal ")):
            name = move.split(" ", 1)[1]
            if name not in PATTERN_NAMES + KINDS:
                raise InvalidMoveError(move, f"there is no tile {name!r}")
            return f"no {name} is left to deal" if self.to_move == CHANCE else "only chance deals tiles"
        worker, jungle = _WORKER.fullmatch(move), _JUNGLE.fullmatch(move)
        if not worker and not jungle:
            raise InvalidMoveError(move, _MOVE_HELP)
        if self.to_move == CHANCE:
            return "it is chance's turn: a tile is being dealt"
        if worker:
            name, x, y, rotation = worker.group(1), int(worker.group(2)), int(worker.group(3)), int(worker.group(4))
            if name not in PATTERN_NAMES:
                raise InvalidMoveError(move, f"there is no worker tile {name!r}")
            if rotation not in ROTATIONS:
                raise InvalidMoveError(move, "a rotation is 0, 90, 180 or 270")
            if self.phase == "jungle":
                return "first fill the squares waiting for jungle tiles"
            if PATTERN_NAMES.index(name) not in self.hands[self.active]:
                return f"there is no {name} in your hand"
            if rotation not in rotations(PATTERN_NAMES.index(name)):
                return f"a {name} looks the same every way: lay it at rotation 0"
            square = (x, y)
            mine = self.worker_at().get(square)
            if mine:
                if mine[0] != self.active:
                    return f"{x},{y} holds another player's worker tile"
                if mine[4]:
                    return f"{x},{y} has been overbuilt once already"
                if not self.jungle_over():
                    return "overbuilding waits until the jungle pile and the display are empty"
                return "overbuilding costs a sun token, and you have none"
            if square in self.jungle_at():
                return f"{x},{y} is jungle"
            return "a worker tile goes on an empty square next to jungle, and never edge to edge with another worker tile"
        name, x, y = jungle.group(1), int(jungle.group(2)), int(jungle.group(3))  # type: ignore[union-attr]
        if name not in KINDS:
            raise InvalidMoveError(move, f"there is no jungle tile {name!r}")
        if self.phase != "jungle":
            return "no square is waiting for a jungle tile: lay a worker tile"
        if KINDS.index(name) not in self.display:
            return f"there is no {name} in the display"
        return f"{x},{y} is not waiting for a jungle tile"

    def _apply(self, move: str) -> CacaoState:
        if self.to_move == CHANCE:
            return self._chance(move)
        name, square_text, *rest = move.split(" ")
        square = tuple(map(int, square_text.split(",")))
        if rest:
            return self._lay_worker(PATTERN_NAMES.index(name), square, int(rest[0]))  # type: ignore[arg-type]
        return self._lay_jungle(KINDS.index(name), square)  # type: ignore[arg-type]

    def _lay_worker(self, pattern: int, square: Square, rotation: int) -> CacaoState:
        seat = self.active
        hand = list(self.hands[seat])
        hand.remove(pattern)
        kept = [worker for worker in self.workers if (worker[0], worker[1]) != square]
        overbuilt = len(kept) < len(self.workers)
        sun = list(self.sun)
        if overbuilt:
            sun[seat] -= 1
        workers = tuple(sorted(kept + [(square[0], square[1], seat, pattern, rotation, overbuilt)]))
        state = self._replace(hands=_with(self.hands, seat, tuple(hand)), workers=workers, sun=tuple(sun),
                              laid=(square,), ply=self.ply + 1)
        taken = state.worker_at()
        jungle = state.jungle_at()
        pending = tuple([near for _, near in neighbours(square) if near not in jungle and near not in taken
                         and sum(1 for _, other in neighbours(near) if other in taken) >= 2])
        return state._replace(pending=pending)._fill()

    def _lay_jungle(self, kind: int, square: Square) -> CacaoState:
        display = list(self.display)
        display.remove(kind)
        return self._replace(jungle=tuple(sorted(self.jungle + ((square[0], square[1], kind),))),
                             display=tuple(display), pending=tuple([other for other in self.pending if other != square]),
                             laid=self.laid + (square,), ply=self.ply + 1)._fill()

    def _fill(self) -> CacaoState:
        """After a tile of the turn: the next square to fill (from the display,
        refilled from the pile if it ran empty), or the work and the end of the turn."""
        if self.pending:
            if self.display:
                return self._replace(phase="jungle", to_move=self.active)
            if any(self.jungle_pile):
                return self._replace(phase="draw", to_move=CHANCE, deal_to=DISPLAY)
        return self._replace(pending=())._work()._end_turn()

    def _chance(self, move: str) -> CacaoState:
        rng = rng_module.next_u64(self.rng)[1]
        kind, name = move.split(" ")
        state = self._replace(rng=rng, ply=self.ply + 1)
        if kind == "reveal":
            pile = list(self.jungle_pile)
            pile[KINDS.index(name)] -= 1
            state = state._replace(jungle_pile=tuple(pile), display=tuple(sorted(self.display + (KINDS.index(name),))))
            if self.phase == "draw" and self.pending:
                return state._fill()
            if self.phase == "draw":
                return state._refill()
        else:
            seat, pattern = self.deal_to, PATTERN_NAMES.index(name)
            pile = list(self.piles[seat])
            pile[pattern] -= 1
            state = state._replace(piles=_with(self.piles, seat, tuple(pile)),
                                   hands=_with(self.hands, seat, tuple(sorted(self.hands[seat] + (pattern,)))))
        return state._deal_on() if self.phase == "deal" else state._refill()

    def _deal_on(self) -> CacaoState:
        """The opening deal: 3 worker tiles to each hand in turn, then the display."""
        for seat in range(self.players):
            if len(self.hands[seat]) < HAND:
                return self._replace(deal_to=seat)
        if len(self.display) < 2:
            return self._replace(deal_to=DISPLAY)
        return self._replace(phase="place", to_move=0, active=0, deal_to=-1)

    def _end_turn(self) -> CacaoState:
        """The draw of one worker tile (step 4), if the pile has one."""
        if any(self.piles[self.active]):
            return self._replace(phase="draw", to_move=CHANCE, deal_to=self.active)
        return self._refill()

    def _refill(self) -> CacaoState:
        """The display back up to 2 (step 5), then the next player with a tile to lay."""
        if len(self.display) < 2 and any(self.jungle_pile):
            return self._replace(phase="draw", to_move=CHANCE, deal_to=DISPLAY)
        seat = self.active
        for step in range(1, self.players + 1):
            following = (seat + step) % self.players
            if self.hands[following]:
                return self._replace(phase="place", to_move=following, active=following, deal_to=-1, pending=())
        return self._replace(phase="over", to_move=None, deal_to=-1, pending=())

    # -- the work ------------------------------------------------------------

    def work_of(self, squares: tuple[Square, ...]) -> list[tuple[int, ...]]:
        """(x, y, kind, owner, workers, worker x, worker y) for every edge between
        one of `squares` (laid this turn) and a jungle tile with workers on it, each edge once."""
        workers, jungle = self.worker_at(), self.jungle_at()
        found: dict[tuple[Square, Square], tuple[int, ...]] = {}
        for square in squares:
            for side, near in neighbours(square):
                worker, place = (square, near) if square in workers else (near, square)
                if worker not in workers or place not in jungle:
                    continue
                seat, _, _, sides, _ = workers[worker]
                facing = side if worker == square else (side + 2) % 4
                if sides[facing]:
                    found[(worker, place)] = (place[0], place[1], jungle[place], seat, sides[facing], *worker)
        return sorted(found.values(), key=lambda item: (item[3], _ORDER[item[2]], item[1], item[0]))

    def _work(self) -> CacaoState:
        cacao, gold, sun, water = list(self.cacao), list(self.gold), list(self.sun), list(self.water)
        income = []
        together: dict[tuple[int, int, int, int], int] = {}  # one owner's workers at one jungle tile work as one
        selling = [0] * self.players  # each owner's market workers this turn
        for x, y, kind, seat, count, *_ in self.work_of(self.laid):
            together[(x, y, kind, seat)] = together.get((x, y, kind, seat), 0) + count
            if KINDS[kind].startswith("market"):
                selling[seat] += count
        for (x, y, kind, seat), count in together.items():
            name = KINDS[kind]
            if name.startswith("plantation"):
                # The owner sells between harvests where the storage would overflow: only what its
                # markets cannot take away this turn is lost.
                grown = min(count * int(name[-1]), MAX_CACAO + selling[seat] - cacao[seat])
                cacao[seat] += grown
                text = f"grows {grown} cacao" + ("" if grown == count * int(name[-1]) else " (5 at most are kept)")
            elif name.startswith("market"):
                sold = min(count, cacao[seat])
                cacao[seat] -= sold
                gold[seat] += sold * int(name[-1])
                text = f"sells {sold} cacao for {sold * int(name[-1])} gold" if sold else "has no cacao to sell"
            elif name.startswith("mine"):
                gold[seat] += count * int(name[-1])
                text = f"mines {count * int(name[-1])} gold"
            elif name == "water":
                steps = min(count, len(WATER) - 1 - water[seat])
                water[seat] += steps
                text = f"carries water {steps} field{'s' if steps != 1 else ''} on, to {WATER[water[seat]]}"
            elif name == "sun":
                tokens = min(count, MAX_SUN - sun[seat])
                sun[seat] += tokens
                text = f"takes {tokens} sun token{'s' if tokens != 1 else ''}"
            else:
                continue  # a temple pays at the end
            income.append((seat, kind, x, y, count, text))
        return self._replace(cacao=tuple(cacao), gold=tuple(gold), sun=tuple(sun), water=tuple(water),
                             income=tuple(income), income_ply=self.ply)

    def notes(self) -> tuple[str, ...]:
        if self.income_ply != self.ply:
            return ()
        return tuple([f"{SEAT_NAMES[seat]} at {KIND_WORDS[KINDS[kind]]} ({x},{y}), {count} worker{'s' if count > 1 else ''}: {text}"
                      for seat, kind, x, y, count, text in self.income])

    # -- the end -------------------------------------------------------------

    def temple_gold(self) -> tuple[int, ...]:
        """What the temples pay each seat as the jungle stands."""
        paid = [0] * self.players
        workers = self.worker_at()
        for x, y, kind in self.jungle:
            if KINDS[kind] != "temple":
                continue
            count = [0] * self.players
            for side, near in neighbours((x, y)):
                if near in workers:
                    seat, _, _, sides, _ = workers[near]
                    count[seat] += sides[(side + 2) % 4]
            ranks = sorted({number for number in count if number}, reverse=True)
            if not ranks:
                continue
            first = [seat for seat in range(self.players) if count[seat] == ranks[0]]
            for seat in first:
                paid[seat] += TEMPLE_FIRST // len(first)
            if len(first) == 1 and len(ranks) > 1:
                second = [seat for seat in range(self.players) if count[seat] == ranks[1]]
                for seat in second:
                    paid[seat] += TEMPLE_SECOND // len(second)
        return tuple(paid)

    def totals(self) -> tuple[int, ...]:
        temples = self.temple_gold()
        return tuple(self.gold[seat] + temples[seat] + self.sun[seat] + WATER[self.water[seat]] for seat in range(self.players))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        totals = self.totals()
        best = max(totals)
        leaders = [seat for seat in range(self.players) if totals[seat] == best]
        most = max(self.cacao[seat] for seat in leaders)
        winners = tuple(seat for seat in leaders if self.cacao[seat] == most)
        names = " and ".join(SEAT_NAMES[seat] for seat in winners)
        if len(leaders) == 1:
            reason = f"{names} has the most gold"
        elif len(winners) == 1:
            reason = f"{names} ties for the most gold and has the most cacao left"
        else:
            reason = f"{names} tie for the most gold and the most cacao left"
        return Outcome(scores=totals, winners=winners, reason=reason)

    def turn_seat(self) -> int | None:
        return None if self.phase == "deal" else self.active

    def estimate_returns(self) -> tuple[float, ...]:
        """Each seat's chances of finishing ahead of the others (`chances_ahead`), from the gold it
        would have now (a cacao counted as the 2 gold a market pays at least), against the spread
        of the tiles to come."""
        totals = self.totals()
        to_come = sum(sum(pile) + len(hand) for pile, hand in zip(self.piles, self.hands))
        spread = SPREAD * math.sqrt(1 + to_come)
        values = [(totals[seat] + 2 * self.cacao[seat]) / spread for seat in range(self.players)]
        return chances_ahead(values)

    # -- view and hidden information -----------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        players = range(self.players)
        unlaid = [[self.piles[other][pattern] + self.hands[other].count(pattern) for pattern in range(len(PATTERNS))]
                  for other in players]
        deciding = self.to_move is not None and self.to_move >= 0 and seat == self.to_move
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES[: self.players]),
            "players": self.players,
            "workers": [{"x": x, "y": y, "seat": owner, "tile": PATTERN_NAMES[pattern], "rotation": rotation,
                         "edges": list(edges(pattern, rotation)), "overbuilt": over}
                        for x, y, owner, pattern, rotation, over in self.workers],
            "jungle": [{"x": x, "y": y, "kind": KINDS[kind]} for x, y, kind in self.jungle],
            "hand": None if seat is None else [PATTERN_NAMES[pattern] for pattern in self.hands[seat]],
            "hand_sizes": [len(self.hands[other]) for other in players],
            "pile_sizes": [sum(self.piles[other]) for other in players],
            "unlaid": [dict(zip(PATTERN_NAMES, counts)) for counts in unlaid],
            "display": [KINDS[kind] for kind in self.display],
            "jungle_left": sum(self.jungle_pile),
            "cacao": list(self.cacao),
            "gold": list(self.gold),
            "sun": list(self.sun),
            "water": list(self.water),
            "water_gold": [WATER[field] for field in self.water],
            "temples": list(self.temple_gold()),
            "to_move": self.to_move,
            "active": self.active,
            "phase": self.phase,
            "pending": [{"x": x, "y": y} for x, y in self.pending],
            "work": {move: [list(item) for item in self._work_if(move)] for move in self.legal_moves()} if deciding else {},
            "income": [{"seat": owner, "kind": KINDS[kind], "x": x, "y": y, "workers": count, "text": text}
                       for owner, kind, x, y, count, text in self.income] if self.income_ply == self.ply else [],
            "laid": [{"x": x, "y": y} for x, y in self.laid],
            "options": {},
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }

    def _work_if(self, move: str) -> list[tuple[int, ...]]:
        """The workers a legal move would set to work by itself: a worker tile's
        own, or those around a jungle tile."""
        name, square_text, *rest = move.split(" ")
        square = tuple(map(int, square_text.split(",")))
        if rest:
            after = self._replace(workers=tuple(sorted(
                [worker for worker in self.workers if (worker[0], worker[1]) != square]
                + [(square[0], square[1], self.active, PATTERN_NAMES.index(name), int(rest[0]), False)])))
        else:
            after = self._replace(jungle=self.jungle + ((square[0], square[1], KINDS.index(name)),))
        return after.work_of((square,))  # type: ignore[arg-type]

    def public_move(self, move: str, seat: int | None) -> str:
        """A worker tile dealt into another seat's hand reads "deal"."""
        if self.to_move == CHANCE and move.startswith("deal ") and seat != self.deal_to:
            return "deal"
        return move

    def resample(self, seat: int | None, rng: rng_module.Rng) -> CacaoState:
        """The other hands dealt again from each one's unlaid tiles; a fresh generator."""
        hands, piles = list(self.hands), list(self.piles)
        for other in range(self.players):
            if other == seat:
                continue
            pool = list(self.hands[other]) + [pattern for pattern, count in enumerate(self.piles[other]) for _ in range(count)]
            (hand,), left = redeal(pool, [len(self.hands[other])], rng)
            hands[other] = tuple(sorted(hand))
            piles[other] = tuple(left.count(pattern) for pattern in range(len(PATTERNS)))
        return self._replace(hands=tuple(hands), piles=tuple(piles), rng=rng.below(1 << 64))


_ORDER = {kind: order for order, kind in enumerate(
    [KINDS.index(name) for name in ("mine-1", "mine-2", "water", "sun", "temple", "plantation-1", "plantation-2",
                                    "market-4", "market-3", "market-2")])}
"""The order one owner's workers act in: fixed gains, then cacao grown, then sold at the dearest market first."""


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]
