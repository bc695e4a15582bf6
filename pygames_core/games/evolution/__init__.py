"""Evolution, for 2 to 6 players, as Board Game Arena plays it.

Rules
-----
Players evolve species with trait cards (cards.py: 129 cards, each a trait and
a food number) and feed them; a round goes as rounds.py tells: the deal (3
cards, 1 more a species, a new species for a player with none), a food card
each face down on the Watering Hole, cards played in turn (play.py: a trait face
down, a new species at either end of the row, +1 body size or population), the
traits shown, Fertile, Long Neck and Fat Tissue acting in an order each owner
chooses, the food cards shown (their numbers added to the plant food on the
Watering Hole, never below 0), then the feeding: seats in turn, each feeding one
species a turn (feeding.py), until no species can eat. A hungry species must be
fed when one can: a plant eater takes plant food from the Watering Hole (or,
with Intelligence, discards a card to take 2 from the bank); a carnivore attacks
a smaller species whose defences it overcomes (attack.py) and eats meat as big
as its prey. At the end of the feeding each population falls to the food its
species ate, a species that ate nothing goes extinct (its owner draws a card
for each trait it had), the food goes to the bags and the first-player marker
passes. Once the deck has run out the game ends as rounds.py says. Score: the
food in the bag, plus the population and the traits of each surviving species;
ties go to the most traits, then the most population, else they are shared.

With two players, 40 cards are set aside unseen at the start and a species has
at most 2 traits (3 otherwise).

Options
-------
- ``quick``: "off" (default) or "on": the cards are played by all at once, each
  player's plays hidden from the others until all are done (always so with 6
  players). One seat at a time plays, as hidden moves.

Notation
--------
A card is its trait and food number, ``long-neck:9``, ``pack-hunting:-2``; a
species is its owner's initial and its place from the left, ``R2``
(Red, Blue, Green, Yellow, Purple, Orange).
  food long-neck:9                 the food card, face down on the Watering Hole
  trait climbing:3 R2              a trait face down on R2
  trait climbing:3 R2 over horns   on a full species, in the place of its Horns
  species horns:1 left             a new species at the left end (or right)
  body horns:1 R2, population horns:1 R2    +1 for a discarded card
  done                             no more cards this round
  fertile R2, long-neck R2, fat-tissue R2   which trait acts next (the owner's order)
  feed R2                          plant food from the Watering Hole
  intelligence R2                  a card discarded for 2 plant food from the bank
  attack R1 B3                     R1 attacks Blue's third species
  attack R1 B3 cancel hard-shell,horns      with Intelligence, a card a trait cancelled
  discard climbing:3               a card paid for Intelligence
  pass                             stop feeding (only when no hungry species can eat for free)
  deal climbing:3                  chance: a card dealt (read "deal" by the others)

Decisions where the rules are silent (../shared/facts/evolution.md)
-------------------------------------------------------------------
- The current card texts: Hard Shell +4; Foraging eats 1 more plant food each
  time it eats plant food (from the Watering Hole or the bank alike); Fertile and
  Long Neck act before the food cards are shown, Fertile only if the Watering
  Hole holds food. Each Cooperation, Scavenger or attack is one meal: Cooperation
  passes 1 on for it however much was eaten.
- An attack: Horns first (they can make the attacker go extinct; it then eats
  nothing, but the prey still loses 1 population and the Scavengers eat), then
  the carnivore's meal, then the prey's loss, then the Scavengers. Food above a population that
  fell goes to its owner's bag. The food bank is unlimited.
- A player must feed a hungry species that can eat without paying a card (a
  carnivore's attack counts: it must attack if that is all it can do). What
  costs cards (Intelligence) and storing fat on a fed species are choices: a
  player with only those left may pass, and is passed over until a hungry
  species of theirs can eat for free again.
- A trait replaced goes face up to the discards, even one played face down this
  round (so the others learn it), and the fat on a Fat Tissue goes with it.
- The deck running out during the deal (a reshuffle, or its last card dealt)
  makes that round the last.
- The food bags and the points are public (everyone saw the food go in).
- In the quick variant the others do not see what a player plays, but they can
  count the moves (one a card).
- Intelligence cancels a protection in the way of this attack: a trait of the
  prey's, or a neighbour's Warning Call, a card each; or Horns, if wished.
- Scavengers eat in turn order from the attacking seat, each row left to right.
- Seat 0 is the first player in the first round (the table's random seats make
  the first player random). The 40 cards set aside with two players are never
  named: the deck is the multiset of unseen cards, of which 89 are drawn.
- Simultaneous steps (the food card; the card plays in the quick variant) are
  moves one seat at a time, hidden from the others until they are shown.
- ``max_plies`` is ``LONGEST_RECORD``; games end long before.

View
----
``view(seat)``: seat, seat_names, players, options, quick, trait_limit, round,
first, last_round ("this", "next" or None), phase ("deal", "food", "play",
"before", "feed", "pay", "draw", "over"), to_move, active, hole, deck_size,
discard_size, food_cards (per seat: None, "hidden", or the viewer's own card),
hand (the viewer's cards or None), hand_sizes, bags, points, rows (per seat,
species left to right: {name, body, population, food, fat, traits (cards),
hidden (the viewer's face-down cards, others' as None)}), triggers ({seat,
species, trait} still to act before the food is shown), prey (for the seat to
move in the feeding: each of its carnivores that can eat, and each species with
"" where it may attack it or the reason it may not), paying ({move, cards}) ,
passed, done (the seats that played their cards this round), lately (what the
latest move fed or struck: {species, food, fat, lost}), ply, outcome.
A card is {name, trait, title, food, text}.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import rng as rng_module
from ...core import CHANCE, LONGEST_RECORD, GameInfo, InvalidMoveError, Option, Outcome, RecordError, State, redeal
from . import attack, estimate, rounds
from .cards import (CARNIVORE, COPIES, DECK_SIZE, FAT_TISSUE, FERTILE, FOOD, INDEX, INTELLIGENCE, KINDS,
                    LONG_NECK, NAMES, TEXTS, TITLES, TRAIT, TRAITS)
from .feeding import BANK, HOLE, Feeding
from .play import play_card, play_moves
from .species import MAX_SIZE, SEAT_LETTERS, SEAT_NAMES, Species, parse_species, species_name

TWO_PLAYER_SET_ASIDE = 40
TRAIT_LIMIT = {2: 2}  # traits a species may hold, by player count; 3 otherwise
QUICK_ALWAYS = 6  # players at which the cards are always played all at once
BEFORE_FOOD = {"fertile": FERTILE, "long-neck": LONG_NECK, "fat-tissue": FAT_TISSUE}
INTELLIGENCE_FOOD = 2

_CARD = r"([a-z-]+:-?\d)"
_SPECIES = r"([A-Z]\d+)"
_PATTERNS = {
    "deal": re.compile(rf"deal {_CARD}"),
    "food": re.compile(rf"food {_CARD}"),
    "trait": re.compile(rf"trait {_CARD} {_SPECIES}(?: over ([a-z-]+))?"),
    "species": re.compile(rf"species {_CARD} (left|right)"),
    "grow": re.compile(rf"(body|population) {_CARD} {_SPECIES}"),
    "before": re.compile(rf"(fertile|long-neck|fat-tissue) {_SPECIES}"),
    "feed": re.compile(rf"(feed|intelligence) {_SPECIES}"),
    "attack": re.compile(rf"attack {_SPECIES} {_SPECIES}(?: cancel ([a-z-]+(?:,[a-z-]+)*))?"),
    "discard": re.compile(rf"discard {_CARD}"),
    "word": re.compile(r"done|pass"),
}
_MOVE_HELP = 'a move is like "food long-neck:9", "trait climbing:3 R2", "feed R2", "attack R1 B3" or "done"'
PHASE_WORDS = {
    "food": "each player puts a food card on the Watering Hole",
    "play": "the players play cards from their hands",
    "before": "traits act before the food is shown",
    "feed": "the species feed",
    "pay": "a card is being discarded for Intelligence",
}


def card_view(kind: int) -> dict[str, Any]:
    trait = TRAIT[kind]
    return {"name": NAMES[kind], "trait": TRAITS[trait], "title": TITLES[trait], "food": FOOD[kind], "text": TEXTS[trait]}


@dataclass(frozen=True)
class EvolutionState(State):
    info = GameInfo(
        id="evolution",
        title="Evolution",
        min_players=2,
        max_players=6,
        options=(
            Option("quick", "Quick variant", ("off", "on"), "off",
                   ("Off: the players play their cards in turn", "On: everyone plays their cards at once"),
                   help="All play their cards at the same time, unseen by the others until all are done "
                        "(always so with 6 players)."),
        ),
        has_chance=True,
        has_hidden_info=True,
        max_plies=LONGEST_RECORD,
        summary="Evolve species with traits, feed them at the Watering Hole, and keep the carnivores at bay.",
    )

    players: int = 2
    quick: bool = False
    phase: str = "deal"
    to_move: int | None = CHANCE
    active: int = 0  # the seat whose step it is
    first: int = 0  # the first player this round
    round: int = 1
    last_round: int = 0  # rounds.THIS_ROUND or rounds.NEXT_ROUND once the deck has run out
    deal_to: int = -1  # at a chance point: the seat a card goes to
    deck: tuple[int, ...] = COPIES  # per kind, the unseen cards the deck is drawn from
    deck_size: int = DECK_SIZE  # cards left in the deck (with two players fewer than the unseen cards)
    discards: tuple[int, ...] = (0,) * KINDS  # per kind, face up
    hands: tuple[tuple[int, ...], ...] = ((), ())  # kinds, sorted
    rows: tuple[tuple[Species, ...], ...] = ((), ())
    hole: int = 0  # plant food on the Watering Hole
    food_cards: tuple[int, ...] = (-1, -1)  # per seat, the face-down food card, or -1
    bags: tuple[int, ...] = (0, 0)
    owed: tuple[int, ...] = (0, 0)  # cards still to be dealt to each seat
    pending: tuple[tuple[str, ...], ...] = ((), ())  # quick variant: each seat's card plays, shown when all are done
    triggers: tuple[tuple[int, int, int], ...] = ()  # (seat, species, trait) to act before the food is shown
    passed: tuple[bool, ...] = (False, False)  # seats that stopped feeding this round
    paying: str = ""  # the feeding move that Intelligence cards are being discarded for
    unpaid: int = 0  # cards still to discard for it
    said: tuple[str, ...] = ()  # what the latest move set off, in words anyone may read
    lately: tuple[tuple[int, int, int, int, int], ...] = ()  # the latest move's meals: see Feeding.lately
    rng: int = 0
    ply: int = 0

    def __post_init__(self) -> None:
        # JSON gives plain tuples back: make the species Species again.
        try:
            rows = tuple(tuple(Species(*species) for species in row) for row in self.rows)
        except TypeError:
            raise RecordError("a species is (body, population, food, fat, traits, hidden)") from None
        object.__setattr__(self, "rows", rows)

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> EvolutionState:
        cls.info.check_players(players)
        chosen = cls.info.resolve_options(options)
        deck_size = DECK_SIZE - (TWO_PLAYER_SET_ASIDE if players == 2 else 0)
        state = cls(players=players, quick=chosen["quick"] == "on" or players >= QUICK_ALWAYS, deck_size=deck_size,
                    hands=((),) * players, rows=((),) * players, food_cards=(-1,) * players, bags=(0,) * players,
                    owed=(0,) * players, pending=((),) * players, passed=(False,) * players,
                    rng=rng_module.seed_state(seed))
        return rounds.start_round(state)

    @property
    def trait_limit(self) -> int:
        return TRAIT_LIMIT.get(self.players, 3)

    # -- what a seat holds ---------------------------------------------------------

    def area(self, seat: int) -> tuple[tuple[Species, ...], tuple[int, ...], tuple[int, ...]]:
        """(row, hand, cards discarded) of a seat with its card plays this round that are
        not shown yet (the quick variant's) played."""
        row, hand, discarded = self.rows[seat], self.hands[seat], ()
        for move in self.pending[seat]:
            row, hand, more = play_card(row, hand, move)
            discarded += more
        return row, hand, discarded

    def feeding_moves(self, seat: int) -> tuple[list[str], list[str], list[str]]:
        """The seat's feeding moves: (those of hungry species that cost no card, which the
        seat must make one of if there are any; those of hungry species that cost cards
        (Intelligence); those that would only store fat)."""
        must: list[str] = []
        paid: list[str] = []
        may: list[str] = []
        cards = len(self.hands[seat])
        for index, species in enumerate(self.rows[seat]):
            if not species.room():
                continue
            name = species_name(seat, index)
            free: list[str] = []
            costly: list[str] = []
            if species.has(CARNIVORE):
                for prey_seat, row in enumerate(self.rows):
                    for prey_index in range(len(row)):
                        for cancels in attack.cancel_options(self.rows, seat, index, prey_seat, prey_index, cards):
                            target = species_name(prey_seat, prey_index)
                            told = f" cancel {','.join(TRAITS[trait] for trait in cancels)}" if cancels else ""
                            (costly if cancels else free).append(f"attack {name} {target}{told}")
            else:
                if self.hole:
                    free.append(f"feed {name}")
                if species.has(INTELLIGENCE) and cards:
                    costly.append(f"intelligence {name}")
            if species.hungry():
                must += free
                paid += costly
            else:
                may += free + costly
        return must, paid, may

    # -- moves ---------------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if self.to_move == CHANCE:
            return tuple([f"deal {NAMES[kind]}" for kind, count in enumerate(self.deck) if count])
        if self.to_move is None:
            return ()
        seat = self.to_move
        if phase == "food":
            return tuple([f"food {NAMES[kind]}" for kind in sorted(set(self.hands[seat]))])
        if phase == "play":
            row, hand, _ = self.area(seat)
            return tuple(play_moves(row, hand, self.trait_limit, seat) + ["done"])
        if phase == "before":
            return tuple([f"{TRAITS[trait]} {species_name(seat, index)}"
                          for owner, index, trait in self.triggers if owner == seat])
        if phase == "pay":
            return tuple([f"discard {NAMES[kind]}" for kind in sorted(set(self.hands[seat]))])
        must, paid, may = self.feeding_moves(seat)
        return tuple(must + paid) if must else tuple(paid + may + ["pass"])

    def chance_weights(self) -> tuple[int, ...]:
        if self.to_move != CHANCE:
            return super().chance_weights()
        return tuple([count for count in self.deck if count])

    def _apply(self, move: str) -> EvolutionState:
        state = self._replace(ply=self.ply + 1, said=(), lately=())
        if self.to_move == CHANCE:
            return rounds.deal_card(state._replace(rng=rng_module.next_u64(self.rng)[1]), INDEX[move.split(" ")[1]])
        phase = self.phase
        if phase == "food":
            return rounds.choose_food(state, INDEX[move.split(" ")[1]])
        if phase == "play":
            return rounds.next_player(state, self.active) if move == "done" else rounds.play(state, move)
        if phase == "before":
            name, species = move.split(" ")
            seat, index = parse_species(species, self.rows)  # type: ignore[misc]
            return rounds.act_before_food(state, (seat, index, BEFORE_FOOD[name]))
        if phase == "pay":
            return state._pay(INDEX[move.split(" ")[1]])
        if move == "pass":
            return rounds.next_feeder(state._replace(passed=rounds.with_seat(self.passed, self.active, True)), self.active)
        cost = 1 if move.startswith("intelligence") else len(move.split(" cancel ")[1].split(",")) if " cancel " in move else 0
        if cost:
            return state._replace(phase="pay", paying=move, unpaid=cost)
        return state._feed(move)

    def _pay(self, kind: int) -> EvolutionState:
        seat = self.active
        hand = list(self.hands[seat])
        hand.remove(kind)
        state = self._replace(hands=rounds.with_seat(self.hands, seat, tuple(hand)), unpaid=self.unpaid - 1,
                              discards=rounds.discard(self.discards, (kind,)))
        if state.unpaid:
            return state
        return state._replace(phase="feed", paying="")._feed(self.paying)

    def _feed(self, move: str) -> EvolutionState:
        """One species' meal (a move already paid for), then the next seat, or the cards owed."""
        words = move.split(" ")
        table = Feeding(self.rows, self.hole, self.bags, self.discards, self.owed)
        seat, index = parse_species(words[1], self.rows)  # type: ignore[misc]
        if words[0] == "feed":
            table.eat(seat, index, 1, False, HOLE)
        elif words[0] == "intelligence":
            table.eat(seat, index, INTELLIGENCE_FOOD, False, BANK, " (Intelligence)")
        else:
            prey_seat, prey_index = parse_species(words[2], self.rows)  # type: ignore[misc]
            cancelled = tuple(TRAITS.index(name) for name in words[4].split(",")) if len(words) > 4 else ()
            table.attack(seat, index, prey_seat, prey_index, cancelled)
        state = self._replace(**table.frozen(), said=self.said + tuple(table.notes), lately=table.lately())
        if any(state.owed):
            return rounds.next_deal(state._replace(phase="draw"))
        return rounds.next_feeder(state, self.active)

    def why_illegal(self, move: str) -> str:
        kind, match = next(((kind, pattern.fullmatch(move)) for kind, pattern in _PATTERNS.items()
                            if pattern.fullmatch(move)), (None, None))
        if match is None:
            raise InvalidMoveError(move, _MOVE_HELP)
        for text in match.groups():
            if text and ":" in text and text not in INDEX:
                raise InvalidMoveError(move, f"there is no card {text!r}")
        if kind == "deal":
            return "no such card is left in the deck" if self.to_move == CHANCE else "only chance deals cards"
        if self.to_move == CHANCE:
            return "it is chance's turn: a card is being dealt"
        wanted = {"food": "food", "trait": "play", "species": "play", "grow": "play", "before": "before",
                  "feed": "feed", "attack": "feed", "discard": "pay"}.get(kind)
        if move == "done":
            wanted = "play"
        if wanted and wanted != self.phase and not (wanted == "feed" and self.phase == "pay"):
            return f"not now: {PHASE_WORDS.get(self.phase, 'the round moves on')}"
        seat = self.to_move
        if kind in ("food", "trait", "species", "grow", "discard"):
            card = next(text for text in match.groups() if text and ":" in text)
            hand = self.area(seat)[1] if self.phase == "play" else self.hands[seat]  # type: ignore[arg-type]
            if INDEX[card] not in hand:
                return f"there is no {card} in your hand"
        if self.phase == "pay":
            return "first discard the cards Intelligence costs"
        return self._why_not_here(kind, match.groups(), seat)  # type: ignore[arg-type]

    def _why_not_here(self, kind: str, groups: tuple[str, ...], seat: int) -> str:
        """The reason for a move of the right step, with its cards in hand, that is still not legal."""
        rows = self.area(seat)[0] if self.phase == "play" else self.rows
        table = self.rows if self.phase != "play" else rounds.with_seat(self.rows, seat, rows)
        names = [text for text in groups if text and re.fullmatch(_SPECIES, text)]
        for name in names:
            if parse_species(name, table) is None:
                return f"there is no species {name}"
        if names and parse_species(names[0], table)[0] != seat:  # type: ignore[index]
            return f"{names[0]} is not one of your species"
        if kind == "trait":
            index = parse_species(groups[1], table)[1]  # type: ignore[index]
            species = table[seat][index]
            trait, over = TRAIT[INDEX[groups[0]]], groups[2]
            traits = species.all_traits()
            if over:
                if over not in TRAITS or TRAITS.index(over) not in traits:
                    return f"{groups[1]} has no {over} to replace"
                if len(traits) < self.trait_limit:
                    return f"{groups[1]} has room: play the trait without replacing one"
                return f"{groups[1]} would have {TITLES[trait]} twice"
            if trait in traits:
                return f"{groups[1]} has {TITLES[trait]} already"
            return f"{groups[1]} has {self.trait_limit} traits: play it over one of them"
        if kind == "grow":
            return f"{groups[2]}'s {groups[0].replace('body', 'body size')} is {MAX_SIZE} already"
        if kind == "before":
            return f"{groups[1]} has no {groups[0]} still to act"
        if kind in ("feed", "attack", "word"):
            return self._why_not_feed(kind, groups, seat)
        return "that is not allowed now"

    def _why_not_feed(self, kind: str, groups: tuple[str, ...], seat: int) -> str:
        if kind == "word":
            if self.phase != "feed":
                return f"not now: {PHASE_WORDS.get(self.phase, 'the round moves on')}"
            return "a hungry species of yours can eat: feed it"
        seat, index = parse_species(groups[0] if kind == "attack" else groups[1], self.rows)  # type: ignore[misc]
        species = self.rows[seat][index]
        name = species_name(seat, index)
        if not species.room():
            return f"{name} has eaten its fill"
        must, _, _ = self.feeding_moves(seat)
        if not species.hungry() and must:
            return "a hungry species of yours can eat: feed it first"
        if kind == "feed":
            if species.has(CARNIVORE):
                return f"{name} is a carnivore: it eats only the meat of an attack"
            if groups[0] == "intelligence":
                return f"{name} has no Intelligence" if not species.has(INTELLIGENCE) else "you have no card to discard"
            return "the Watering Hole is empty"
        prey = parse_species(groups[1], self.rows)
        reason = attack.why_not(self.rows, seat, index, *prey, len(self.hands[seat]))  # type: ignore[misc]
        if reason:
            return reason
        options = attack.cancel_options(self.rows, seat, index, *prey, len(self.hands[seat]))  # type: ignore[misc]
        listed = " or ".join(f"cancel {','.join(TRAITS[trait] for trait in option)}" if option else "no cancel"
                             for option in options)
        return f"this attack takes {listed}"

    # -- the end -----------------------------------------------------------------------

    def points(self) -> tuple[tuple[int, int, int], ...]:
        """Per seat (points, trait points, population points): food in the bag, plus the
        population and the face-up traits of each surviving species."""
        totals = []
        for seat in range(self.players):
            traits = sum(len(species.traits) for species in self.rows[seat])
            population = sum(species.population for species in self.rows[seat])
            totals.append((self.bags[seat] + traits + population, traits, population))
        return tuple(totals)

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        points = self.points()
        best = max(points)
        winners = tuple(seat for seat in range(self.players) if points[seat] == best)
        leaders = [seat for seat in range(self.players) if points[seat][0] == best[0]]
        names = " and ".join(SEAT_NAMES[seat] for seat in winners)
        if len(leaders) == 1:
            reason = f"{names} scores the most"
        elif len(winners) == 1:
            reason = f"{names} ties for the most points and wins on " + (
                "traits" if len({points[seat][1] for seat in leaders}) > 1 else "population")
        else:
            reason = f"{names} tie on points, traits and population"
        return Outcome(scores=tuple(float(total) for total, _, _ in points), winners=winners, reason=reason)

    def notes(self) -> tuple[str, ...]:
        return self.said

    def turn_seat(self) -> int | None:
        return None if self.phase == "deal" else self.active

    def last_decision_of_turn(self) -> bool:
        """Told from what everyone sees, as the answer reaches the page. The food card and the
        feeding hand the turn on by the rows, the Watering Hole and how many cards each holds
        (not which), so the rules may look one move ahead, past the cards a meal's owner draws.
        A card play may not end the turn, and where a move shows the food cards (the last trait
        to act before them), who feeds first hangs on cards still face down: no answer there."""
        seat = self.to_move
        if self.phase not in ("food", "feed", "pay") or seat is None or seat < 0:
            return False
        for move in self.playing_moves():
            after = self._apply(move)
            while after.to_move == CHANCE and after.turn_seat() == seat:
                after = after._apply(after.legal_moves()[0])  # a card drawn: only how many is seen
            if self.phase == "food" and after.phase not in ("food", "play"):
                return False  # no one has a card to play, so the food cards are shown at once
            if not after.is_over() and after.turn_seat() == seat:
                return False
        return True

    def estimate_returns(self) -> tuple[float, ...]:
        """Each seat's chance, from its points as the feeding may leave them (estimate.py)."""
        return estimate.returns(self)

    def naive_returns(self) -> tuple[float, ...]:
        """The same from the points on the table as they stand (estimate.naive_returns)."""
        return estimate.naive_returns(self)

    # -- view and hidden information ------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        players = range(self.players)
        own = self.area(seat) if seat is not None else None
        rows = [own[0] if own and other == seat else self.rows[other] for other in players]
        deciding = self.to_move is not None and self.to_move >= 0 and seat == self.to_move
        playing = self.phase == "play"
        seats = rounds.order(self)
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES[: self.players]),
            "players": self.players,
            "options": {"quick": "on" if self.quick else "off"},
            "quick": self.quick,
            "trait_limit": self.trait_limit,
            "round": self.round,
            "first": self.first,
            "last_round": {rounds.THIS_ROUND: "this", rounds.NEXT_ROUND: "next"}.get(self.last_round),
            "phase": self.phase,
            "to_move": self.to_move,
            "active": self.active,
            "hole": self.hole,
            "deck_size": self.deck_size,
            "discard_size": sum(self.discards) + (len(own[2]) if own else 0),
            "food_cards": [None if self.food_cards[other] < 0 else card_view(self.food_cards[other]) if other == seat
                           else "hidden" for other in players],
            "hand": None if own is None else [card_view(kind) for kind in own[1]],
            "hand_sizes": [len(own[1]) if own and other == seat else len(self.hands[other]) for other in players],
            "bags": list(self.bags),
            "points": [total for total, _, _ in self.points()],
            "rows": [[self._species_view(other, index, species, other == seat) for index, species in enumerate(rows[other])]
                     for other in players],
            "triggers": [{"seat": owner, "species": species_name(owner, index), "trait": TRAITS[trait]}
                         for owner, index, trait in self.triggers] if self.phase == "before" else [],
            "prey": self._prey(self.to_move) if deciding and self.phase == "feed" else {},
            "paying": {"move": self.paying, "cards": self.unpaid} if self.phase == "pay" else None,
            "passed": list(self.passed),
            "done": [other for other in seats if playing and seats.index(other) < seats.index(self.active)],
            "lately": [{"species": species_name(owner, index), "food": food, "fat": fat, "lost": lost}
                       for owner, index, food, fat, lost in self.lately],
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }

    def _species_view(self, seat: int, index: int, species: Species, mine: bool) -> dict[str, Any]:
        return {"name": species_name(seat, index), "body": species.body, "population": species.population,
                "food": species.food, "fat": species.fat, "traits": [card_view(kind) for kind in species.traits],
                "hidden": [card_view(kind) if mine else None for kind in species.hidden]}

    def _prey(self, seat: int) -> dict[str, dict[str, str]]:
        cards = len(self.hands[seat])
        return {species_name(seat, index): {species_name(prey_seat, prey_index):
                                            attack.why_not(self.rows, seat, index, prey_seat, prey_index, cards)
                                            for prey_seat, row in enumerate(self.rows) for prey_index in range(len(row))
                                            if (prey_seat, prey_index) != (seat, index)}
                for index, species in enumerate(self.rows[seat]) if species.has(CARNIVORE) and species.room()}

    def public_move(self, move: str, seat: int | None) -> str:
        """A card dealt to another, another's food card and face-down traits (and in the
        quick variant every card another plays) read without the card."""
        if self.to_move == CHANCE:
            return "deal" if seat != self.deal_to else move
        if seat == self.to_move:
            return move
        if self.phase == "food":
            return "food"
        if self.phase == "play" and move != "done":
            if self.quick:
                return "play"
            if move.startswith("trait "):
                words = move.split(" ")
                return " ".join(["trait"] + words[2:])
        return move

    def resample(self, seat: int | None, rng: rng_module.Rng) -> EvolutionState:
        """What `seat` cannot see dealt again from the cards it has not seen: the other hands,
        their food cards and face-down traits (never a trait twice on a species), and the deck.
        The others' hidden card plays of the quick variant are undone: for all `seat` knows,
        they played nothing."""
        pool = list(self.deck)
        others = [other for other in range(self.players) if other != seat]
        for other in others:
            for kind in self.hands[other] + tuple(kind for kind in [self.food_cards[other]] if kind >= 0):
                pool[kind] += 1
            for species in self.rows[other]:
                for kind in species.hidden:
                    pool[kind] += 1
        rows, food_cards, hands = list(self.rows), list(self.food_cards), list(self.hands)
        for other in others:
            rows[other] = tuple(_redraw_hidden(species, pool, rng) for species in self.rows[other])
            if self.food_cards[other] >= 0:
                food_cards[other] = _draw(pool, rng, range(KINDS))
        cards = [kind for kind, count in enumerate(pool) for _ in range(count)]
        dealt, left = redeal(cards, [len(self.hands[other]) for other in others], rng)
        for other, hand in zip(others, dealt):
            hands[other] = tuple(sorted(hand))
        deck = [0] * KINDS
        for kind in left:
            deck[kind] += 1
        pending = tuple(moves if other == seat else () for other, moves in enumerate(self.pending))
        return self._replace(rows=tuple(rows), food_cards=tuple(food_cards), hands=tuple(hands), deck=tuple(deck),
                             pending=pending, rng=rng.below(1 << 64))


def _draw(pool: list[int], rng: rng_module.Rng, kinds: range | list[int]) -> int:
    """A card taken at random from `pool` (counts per kind), among `kinds`."""
    weights = [pool[kind] for kind in kinds]
    pick = rng.below(sum(weights))
    for kind, weight in zip(kinds, weights):
        if pick < weight:
            pool[kind] -= 1
            return kind
        pick -= weight
    raise RuntimeError("the pool changed while drawing")  # unreachable


def _redraw_hidden(species: Species, pool: list[int], rng: rng_module.Rng) -> Species:
    """The species with its face-down traits drawn again, none a trait it has."""
    if not species.hidden:
        return species
    taken = [TRAIT[kind] for kind in species.traits]
    hidden = []
    for _ in species.hidden:
        allowed = [kind for kind in range(KINDS) if pool[kind] and TRAIT[kind] not in taken]
        kind = _draw(pool, rng, allowed or range(KINDS))  # (a pool with no other trait left: not seen in play)
        hidden.append(kind)
        taken.append(TRAIT[kind])
    return species._replace(hidden=tuple(hidden))

