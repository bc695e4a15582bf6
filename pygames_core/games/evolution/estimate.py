"""What a search judges an Evolution position worth, short of playing it out.

Each seat's points as they may stand at the end of this round's feeding: the
bag, and each species' food counted twice (it goes to the bag, and keeps that
much population), and more while rounds remain (that population eats again),
with its traits and the cards it will bring in the deals to come (a card a
species a deal); a species left hungry goes extinct and is worth only the
cards its owner draws. The feeding is forecast as it goes at the table: once
the traits played this round are shown and Fertile, Long Neck and Fat Tissue
have acted, the seats take turns, each feeding one species a turn from the
Watering Hole. So a seat with many small species does not eat more
than one with a few big ones, which a share of the food by hunger alone had the
search believe: it laid every card as a new species that then starved.

The points become chances of finishing ahead of each other seat (`returns`) against
the spread of the rounds still to come. The quick level judges as a beginner would,
by the points on the table as they stand (`naive_returns`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core import chances_ahead
from . import attack, rounds
from .cards import CARNIVORE, COOPERATION, FAT_TISSUE, FERTILE, FOOD, FORAGING, LONG_NECK, TRAIT
from .species import MAX_SIZE, Species

if TYPE_CHECKING:
    from . import EvolutionState

Rows = list[tuple[Species, ...]]

# Points: how much a lead counts, before the rounds to come. At 6 players a spread of 2 moved a
# return by hundredths for a move's gain, which the search's exploration drowns; 1 did as well or
# better (bench/ai_strength.py, 6 players against random; measured with chances of winning, before
# `chances_ahead`).
SPREAD = 1.0
HAND_WORTH, FAT_WORTH = 0.4, 0.8  # points a card in hand and a stored fat are worth to `worth`
# Points more each food eaten is worth while rounds remain: the population it keeps eats again. Fitted to
# the final scores of games at 5 and 6 seats (strong against random), where 2 foretold them better than 1 or
# 3; 0.5 for each round to come foretold as well, but played worse against random at 5 seats.
FUTURE_FOOD = 2.0
CARNIVORE_HOPE = 0.5  # the part of a carnivore's hunger `worth` hopes its attacks will meet
CARNIVORE_HOPE_WITHOUT_PREY = 0.2  # the same for a carnivore with no prey in reach now
EXPOSED_COST = 2.0  # points `worth` takes off a species that another's carnivore may attack freely
AVERAGE_FOOD = 3  # plant food a food card not chosen yet brings, about (the deck's mean is 3.3)
BEFORE_FOOD = (FERTILE, LONG_NECK, FAT_TISSUE)


def returns(state: EvolutionState) -> tuple[float, ...]:
    """Each seat's chances of finishing ahead of the others (`chances_ahead`), from its `worth`."""
    areas = [state.area(seat) for seat in range(state.players)]
    rows = before_food(state, [row for row, _, _ in areas])
    forecast = plant_forecast(state, rows)
    prey, hunters = attack.open_prey(tuple(rows))
    deals = deals_to_come(state, rows)
    points = [worth(state, seat, rows[seat], hand, forecast[seat], prey, hunters, deals)
              for seat, (_, hand, _) in enumerate(areas)]
    return _chances(state, points)


def deals_to_come(state: EvolutionState, rows: Rows) -> int:
    """The deals still to come after this round's, about: as many as the deck holds at the
    table's present count of species, and the one that shuffles the discards in. Each species
    fed now is dealt a card in each. Without this the search put its cards into population
    rather than new species, though at 6 seats a seat eats about its share of the Watering Hole
    whatever its population."""
    if state.last_round == rounds.THIS_ROUND:
        return 0
    if state.last_round:
        return 1
    return state.deck_size // sum(rounds.BASE_CARDS + len(row) for row in rows) + 1


def naive_returns(state: EvolutionState) -> tuple[float, ...]:
    """The quick level's judgement, as a beginner reads the table: each seat's points as they
    stand (the bag, each species' population and traits) and the food eaten this round, blind
    to the hunger that will cut a population and to the carnivores about."""
    points = []
    for seat in range(state.players):
        row = state.area(seat)[0]
        points.append(state.bags[seat] + sum(species.population + species.food + len(species.traits)
                                             + len(species.hidden) for species in row))
    return _chances(state, points)


def _chances(state: EvolutionState, points: list[float]) -> tuple[float, ...]:
    """Points as chances of finishing ahead, against the spread of the rounds still to come,
    which the deck measures."""
    to_come = state.deck_size + (0 if state.last_round else sum(state.discards))
    spread = SPREAD * math.sqrt(1 + to_come / 4)
    return chances_ahead([value / spread for value in points])


def before_food(state: EvolutionState, rows: Rows) -> Rows:
    """`rows` as they will be when the food cards are shown: every trait face up, and those
    of Fertile, Long Neck and Fat Tissue still to act acted."""
    if state.phase == "before":
        acted = [list(row) for row in rows]
        for seat, index, trait in state.triggers:
            acted[seat][index] = _acted(state, acted[seat][index], (trait,))
        return [tuple(row) for row in acted]
    if state.phase not in ("food", "play"):
        return rows
    return [tuple(_acted(state, species.shown(), BEFORE_FOOD) for species in row) for row in rows]


def _acted(state: EvolutionState, species: Species, traits: tuple[int, ...]) -> Species:
    """The species once those of `traits` that would act on it have acted."""
    for trait in traits:
        if not rounds.acts_before_food(state, species, trait):
            continue
        if trait == FERTILE:
            species = species._replace(population=min(species.population + 1, MAX_SIZE))
        elif trait == LONG_NECK:
            species = species._replace(food=min(species.food + 1, species.population))
        else:
            species = species.fat_eaten()
    return species


def plant_forecast(state: EvolutionState, rows: Rows) -> list[list[int]]:
    """The plant food each species in `rows` may still eat this round, per seat: the Watering
    Hole and the food cards on it (an average card for each still to come) shared out as the
    feeding goes, a species a turn, seats in turn from the one to feed next, each feeding an
    unfed species first, else its hungriest (Foraging eats 2, Cooperation passes 1 on)."""
    food = state.hole
    if state.phase in ("food", "play", "before"):
        food += sum(FOOD[kind] if kind >= 0 else AVERAGE_FOOD for kind in state.food_cards)
    got = [[0] * len(row) for row in rows]
    hunger, bites, passes_on = [], [], []  # per seat and species: plant food wanted, eaten a turn, Cooperation
    for row in rows:
        traits = [{TRAIT[kind] for kind in species.traits} for species in row]
        hunger.append([0 if CARNIVORE in has else species.population - species.food
                       for species, has in zip(row, traits)])
        bites.append([2 if FORAGING in has else 1 for has in traits])
        passes_on.append([COOPERATION in has for has in traits])
    seats = rounds.order(state)
    if state.phase == "feed":
        start = seats.index(state.active)
        seats = seats[start:] + seats[:start]
    while food > 0:
        fed = False
        for seat in seats:
            needs = hunger[seat]
            if food <= 0 or state.passed[seat] or not any(needs):
                continue
            row, eaten = rows[seat], got[seat]
            index = max((at for at in range(len(row)) if needs[at] > 0),
                        key=lambda at: (row[at].food + eaten[at] == 0, needs[at]))
            while index < len(row) and food > 0 and needs[index] > 0:
                amount = min(food, needs[index], bites[seat][index])
                eaten[index] += amount
                needs[index] -= amount
                food -= amount
                if not passes_on[seat][index]:
                    break
                index += 1
            fed = True
        if not fed:
            break
    return got


def worth(state: EvolutionState, seat: int, row: tuple[Species, ...], hand: tuple[int, ...], forecast: list[int],
          prey: set[tuple[int, int]], hunters: set[tuple[int, int]], deals: int = 0) -> float:
    """A seat's points as a search judges them: the bag; each species' food by the end of the
    feeding (`forecast` of plant food; for a carnivore a hope that needs a prey in reach),
    twice and `FUTURE_FOOD` more while rounds remain, and its traits and fat and a card in each
    of the `deals` to come (`deals_to_come`; none by default), or the cards it draws if it goes
    hungry; the cards in hand while rounds are to come; less a cost for each species another's
    carnivore may attack freely (`attack.open_prey`)."""
    last = state.last_round == rounds.THIS_ROUND
    value = state.bags[seat] + (0 if last else HAND_WORTH * len(hand))
    per_food = 2 + (0 if last else FUTURE_FOOD)
    for index, species in enumerate(row):
        traits = len(species.traits) + len(species.hidden)
        if species.has(CARNIVORE):
            hope = CARNIVORE_HOPE if (seat, index) in hunters else CARNIVORE_HOPE_WITHOUT_PREY
            food = species.food + hope * (species.population - species.food)
        else:
            food = species.food + forecast[index]
        if food:
            value += per_food * food + traits + FAT_WORTH * species.fat + HAND_WORTH * deals
        elif not last:
            value += HAND_WORTH * traits
        if (seat, index) in prey:
            value -= EXPOSED_COST
    return value
