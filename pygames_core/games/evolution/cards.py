"""The 129 trait cards of Evolution, in one table.

Each card shows a trait and a food number (the plant food it brings when it is
played on the Watering Hole). There are 17 Carnivores and 7 of each other
trait; the food numbers per copy are those of ../shared/facts/evolution.md
(Intelligence uses 1, 2, 3, 3, 4, 4, 5, as the decisions there say).

Copies of one trait with the same food number cannot be told apart, so a card
here is a *kind*: an index into these tuples, one per (trait, food number),
and decks and hands hold kinds. A kind is written "carnivore:3" or
"pack-hunting:-2" in moves and views.
"""

from __future__ import annotations

TRAITS = (
    "ambush", "burrowing", "carnivore", "climbing", "cooperation", "defensive-herding", "fat-tissue",
    "fertile", "foraging", "hard-shell", "horns", "intelligence", "long-neck", "pack-hunting",
    "scavenger", "symbiosis", "warning-call",
)
(AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE, FERTILE, FORAGING,
 HARD_SHELL, HORNS, INTELLIGENCE, LONG_NECK, PACK_HUNTING, SCAVENGER, SYMBIOSIS, WARNING_CALL) = range(len(TRAITS))

FOOD_NUMBERS = {
    "carnivore": (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    "ambush": (0, 1, 1, 2, 2, 3, 3),
    "burrowing": (1, 2, 3, 3, 4, 4, 5),
    "climbing": (1, 2, 3, 3, 4, 4, 5),
    "cooperation": (0, 3, 3, 4, 4, 5, 5),
    "defensive-herding": (2, 3, 4, 5, 6, 7, 8),
    "fat-tissue": (-1, 0, 3, 4, 4, 5, 5),
    "fertile": (2, 3, 4, 5, 6, 6, 7),
    "foraging": (0, 3, 3, 4, 4, 5, 5),
    "hard-shell": (1, 2, 3, 3, 4, 4, 5),
    "horns": (1, 2, 3, 3, 4, 4, 5),
    "intelligence": (1, 2, 3, 3, 4, 4, 5),
    "long-neck": (3, 4, 5, 6, 7, 8, 9),
    "pack-hunting": (-3, -2, -1, 0, 1, 2, 3),
    "scavenger": (2, 3, 4, 5, 6, 6, 7),
    "symbiosis": (1, 2, 3, 3, 4, 4, 5),
    "warning-call": (1, 2, 3, 3, 4, 4, 5),
}

_KINDS = [(TRAITS.index(trait), food, numbers.count(food))
          for trait in TRAITS for numbers in [FOOD_NUMBERS[trait]] for food in sorted(set(numbers))]

TRAIT = tuple(trait for trait, _, _ in _KINDS)
"""The trait of each kind."""
FOOD = tuple(food for _, food, _ in _KINDS)
"""The food number of each kind."""
COPIES = tuple(copies for _, _, copies in _KINDS)
"""How many cards of each kind the deck holds."""
NAMES = tuple(f"{TRAITS[trait]}:{food}" for trait, food, _ in _KINDS)
INDEX = {name: kind for kind, name in enumerate(NAMES)}
KINDS = len(NAMES)
DECK_SIZE = sum(COPIES)  # 129

TITLES = tuple(trait.replace("-", " ").title() for trait in TRAITS)
""""Hard Shell", "Long Neck": a trait as sentences name it."""

TEXTS = (
    "A carnivore with Ambush ignores Warning Call.",
    "It cannot be attacked while it has eaten as much food as its population.",
    "It never eats plant food; it attacks a smaller species (yours too) and eats meat as big as its prey.",
    "Only a carnivore with Climbing can attack it.",
    "Each time it eats, your species to its right eats 1 food from the same place.",
    "Only a carnivore with a larger population can attack it.",
    "Once fed, it stores food up to its body size, and eats it before the food cards are shown.",
    "Before the food cards are shown, +1 population if the Watering Hole has food.",
    "Each time it eats plant food, it eats 1 more from the same place.",
    "It counts as 4 bigger when a carnivore measures itself against it.",
    "A carnivore that attacks it loses 1 population first.",
    "Feeding: discard a card to eat 2 plant food from the bank; a carnivore discards a card to cancel a defence.",
    "Before the food cards are shown, it eats 1 plant food from the bank.",
    "When it attacks, it counts its population with its body size.",
    "Each time a carnivore attacks, it eats 1 meat from the bank.",
    "It cannot be attacked while your species to its right is bigger.",
    "Your species either side of it cannot be attacked, but by a carnivore with Ambush.",
)
"""What each trait does, in a line, for the table's hover text."""

DEFENCES = frozenset({BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, SYMBIOSIS, WARNING_CALL})
"""The traits that protect a species from an attack, which Intelligence can cancel."""


def words(kind: int) -> str:
    """A card as sentences name it: "Long Neck (9)"."""
    return f"{TITLES[TRAIT[kind]]} ({FOOD[kind]})"
