"""Whether a carnivore may attack a species, and what stands in its way.

A carnivore attacks any other species, its owner's too, that is smaller than it
and whose defences it overcomes. Each defence is checked on its own; the ones it
fails are returned as the protections in the way, each with a reason a player
can read. A carnivore with Intelligence may cancel them, a card each, so a
protection is a cost, not a wall. What no card can change (the prey is too big,
or is the carnivore itself) is a refusal.

Sizes: a carnivore counts its body size, plus its population with Pack Hunting;
the prey counts its body size, plus 4 with Hard Shell. The carnivore must be
larger.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import (AMBUSH, BURROWING, CARNIVORE, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS,
                    INTELLIGENCE, PACK_HUNTING, SYMBIOSIS, TITLES, WARNING_CALL)
from .species import Species, species_name

HARD_SHELL_BONUS = 4

Rows = tuple[tuple[Species, ...], ...]


class Check(NamedTuple):
    refusal: str  # why no card can make this attack happen, or ""
    protections: tuple[tuple[int, str], ...]  # (trait, reason): one card each to cancel, with Intelligence


OPEN = Check("", ())  # nothing stands in the way


def attack_size(carnivore: Species) -> int:
    return carnivore.body + (carnivore.population if carnivore.has(PACK_HUNTING) else 0)


def check(rows: Rows, seat: int, index: int, prey_seat: int, prey_index: int) -> Check:
    """Whether the carnivore at (seat, index) may attack the species at (prey_seat, prey_index)."""
    carnivore, prey = rows[seat][index], rows[prey_seat][prey_index]
    name, prey_name = species_name(seat, index), species_name(prey_seat, prey_index)
    if not carnivore.has(CARNIVORE):
        return Check(f"{name} is not a carnivore", ())
    if (seat, index) == (prey_seat, prey_index):
        return Check("a carnivore cannot attack itself", ())
    size = attack_size(carnivore)
    told = f"size {size}" + (" with Pack Hunting" if carnivore.has(PACK_HUNTING) else "")
    if prey.body >= size:
        return Check(f"{prey_name} (size {prey.body}) is not smaller than {name} ({told})", ())
    found: list[tuple[int, str]] = []
    if prey.has(HARD_SHELL) and prey.body + HARD_SHELL_BONUS >= size:
        found.append((HARD_SHELL, f"Hard Shell: {prey_name} counts as size {prey.body + HARD_SHELL_BONUS}, {name} is {told}"))
    if prey.has(CLIMBING) and not carnivore.has(CLIMBING):
        found.append((CLIMBING, f"Climbing: {name} cannot climb"))
    if prey.has(BURROWING) and prey.food >= prey.population:
        found.append((BURROWING, f"Burrowing: {prey_name} is fed and safe in its burrow"))
    if prey.has(DEFENSIVE_HERDING) and carnivore.population <= prey.population:
        found.append((DEFENSIVE_HERDING, f"Defensive Herding: {name}'s population ({carnivore.population}) "
                                         f"is not larger than {prey_name}'s ({prey.population})"))
    row = rows[prey_seat]
    if prey.has(SYMBIOSIS) and prey_index + 1 < len(row) and row[prey_index + 1].body > prey.body:
        found.append((SYMBIOSIS, f"Symbiosis: {species_name(prey_seat, prey_index + 1)} to its right is bigger"))
    if not carnivore.has(AMBUSH):
        for near in (prey_index - 1, prey_index + 1):
            if 0 <= near < len(row) and row[near].has(WARNING_CALL):
                found.append((WARNING_CALL, f"Warning Call from {species_name(prey_seat, near)}: {name} has no Ambush"))
    return Check("", tuple(found))


def open_prey(rows: Rows) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(the species some carnivore of another player may attack now without a card, the
    carnivores that have such a prey): what a search's estimate weighs as danger and hope."""
    prey: set[tuple[int, int]] = set()
    hunters: set[tuple[int, int]] = set()
    for seat, row in enumerate(rows):
        for index, carnivore in enumerate(row):
            if not carnivore.has(CARNIVORE):
                continue
            size = attack_size(carnivore)
            for prey_seat, prey_row in enumerate(rows):
                if prey_seat == seat:
                    continue
                for prey_index, species in enumerate(prey_row):
                    # The size test first: most pairs end there, before any reason is worded.
                    if species.body < size and check(rows, seat, index, prey_seat, prey_index) == OPEN:
                        prey.add((prey_seat, prey_index))
                        hunters.add((seat, index))
    return prey, hunters


def cancel_options(rows: Rows, seat: int, index: int, prey_seat: int, prey_index: int,
                   cards: int) -> list[tuple[int, ...]]:
    """The sets of traits (sorted, a card each) the carnivore may cancel to make this attack,
    holding `cards` cards: exactly the protections in its way, and Horns besides where it may."""
    refusal, protections = check(rows, seat, index, prey_seat, prey_index)
    if refusal:
        return []
    required = tuple(sorted(trait for trait, _ in protections))
    smart = rows[seat][index].has(INTELLIGENCE)
    if required and (not smart or len(required) > cards):
        return []
    options = [required]
    if smart and rows[prey_seat][prey_index].has(HORNS) and len(required) < cards:
        options.append(tuple(sorted(required + (HORNS,))))
    return options


def why_not(rows: Rows, seat: int, index: int, prey_seat: int, prey_index: int, cards: int) -> str:
    """What keeps this attack from being made now, in words, or "" if it can be."""
    refusal, protections = check(rows, seat, index, prey_seat, prey_index)
    if refusal:
        return refusal
    if not protections:
        return ""
    reasons = "; ".join(reason for _, reason in protections)
    if not rows[seat][index].has(INTELLIGENCE):
        return reasons
    if len(protections) > cards:
        return f"{reasons} (Intelligence would cancel them for {len(protections)} cards, and you hold {cards})"
    return ""


def cancel_words(traits: tuple[int, ...]) -> str:
    return ", ".join(TITLES[trait] for trait in traits)
