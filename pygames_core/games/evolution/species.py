"""A species and what its traits make of it.

Each player keeps a row of species, left to right. A species has a body size and
a population (1 to 6 each), the food it has eaten this round, the fat it stores
(Fat Tissue), its traits face up, and the traits played on it face down this
round, which count towards its limit but do nothing until they are shown.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARNIVORE, FAT_TISSUE, TRAIT

MAX_SIZE = 6  # of body size and population
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_LETTERS = tuple(name[0] for name in SEAT_NAMES)


class Species(NamedTuple):
    body: int = 1
    population: int = 1
    food: int = 0
    fat: int = 0
    traits: tuple[int, ...] = ()  # card kinds, face up
    hidden: tuple[int, ...] = ()  # card kinds played face down this round

    def has(self, trait: int) -> bool:
        return any(TRAIT[kind] == trait for kind in self.traits)

    def all_traits(self) -> tuple[int, ...]:
        """Every trait on it, face down ones included (for the duplicate rule)."""
        return tuple(TRAIT[kind] for kind in self.traits + self.hidden)

    def hungry(self) -> bool:
        return self.food < self.population

    def shown(self) -> Species:
        """The species with the traits played face down this round face up."""
        return self._replace(traits=self.traits + self.hidden, hidden=()) if self.hidden else self

    def fat_eaten(self) -> Species:
        """The species once it eats its stored fat, up to its hunger (Fat Tissue, before the food is shown)."""
        moved = min(self.fat, self.population - self.food)
        return self._replace(food=self.food + moved, fat=self.fat - moved)

    def room(self) -> int:
        """Food it may still take: up to its population, then (with Fat Tissue) fat up to its body size."""
        fat_room = self.body - self.fat if self.has(FAT_TISSUE) else 0
        return self.population - self.food + max(fat_room, 0)

    def takes(self, meat: bool) -> bool:
        """Whether it eats this kind of food at all: a carnivore eats no plant food."""
        return meat or not self.has(CARNIVORE)

    def fed(self, amount: int, meat: bool) -> tuple[Species, int]:
        """(the species after it eats up to `amount`, what it ate): the hunger first, then fat."""
        if not self.takes(meat):
            return self, 0
        eaten = min(amount, self.room())
        food = min(self.population, self.food + eaten)
        return self._replace(food=food, fat=self.fat + eaten - (food - self.food)), eaten


def species_name(seat: int, index: int) -> str:
    """"R2": Red's second species from the left."""
    return f"{SEAT_LETTERS[seat]}{index + 1}"


def parse_species(text: str, rows: tuple[tuple[Species, ...], ...]) -> tuple[int, int] | None:
    """(seat, index) of a species named like "R2", or None if no such species is on the table."""
    if len(text) < 2 or text[0] not in SEAT_LETTERS[: len(rows)] or not text[1:].isdigit() or text[1] == "0":
        return None
    seat, index = SEAT_LETTERS.index(text[0]), int(text[1:]) - 1
    return (seat, index) if 0 <= index < len(rows[seat]) else None
