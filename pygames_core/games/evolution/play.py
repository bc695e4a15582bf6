"""Playing cards from the hand onto one's own row of species.

Each card does one of three things:
  trait K S            K face down on species S: no trait twice on a species, and at
                       most 3 traits (2 with two players) face up and down together
  trait K S over T     on a species that is full, K in the place of its trait T,
                       which is discarded face up (even one played face down this
                       round); the fat stored on a Fat Tissue goes with it
  species K left|right K discarded for a new species (body size 1, population 1) at
                       that end of the row
  body K S             K discarded for +1 body size (6 at most)
  population K S       K discarded for +1 population (6 at most)
"""

from __future__ import annotations

from .cards import FAT_TISSUE, INDEX, NAMES, TRAIT, TRAITS
from .species import MAX_SIZE, SEAT_LETTERS, Species

Row = tuple[Species, ...]


def play_moves(row: Row, hand: tuple[int, ...], limit: int, seat: int) -> list[str]:
    """Every card play the hand allows on the row, in a stable order."""
    moves: list[str] = []
    letter = SEAT_LETTERS[seat]
    for kind in sorted(set(hand)):
        card, trait = NAMES[kind], TRAIT[kind]
        for index, species in enumerate(row):
            name = f"{letter}{index + 1}"
            traits = species.all_traits()
            if len(traits) < limit:
                if trait not in traits:
                    moves.append(f"trait {card} {name}")
            else:
                for old in sorted(set(traits)):
                    left = list(traits)
                    left.remove(old)
                    if trait not in left:
                        moves.append(f"trait {card} {name} over {TRAITS[old]}")
        moves += [f"species {card} left", f"species {card} right"]
        for index, species in enumerate(row):
            if species.body < MAX_SIZE:
                moves.append(f"body {card} {letter}{index + 1}")
            if species.population < MAX_SIZE:
                moves.append(f"population {card} {letter}{index + 1}")
    return moves


def play_card(row: Row, hand: tuple[int, ...], move: str) -> tuple[Row, tuple[int, ...], tuple[int, ...]]:
    """(the row, the hand, the cards discarded) after a legal card play."""
    verb, card, target, *over = move.split(" ")
    kind = INDEX[card]
    rest = list(hand)
    rest.remove(kind)
    species = list(row)
    if verb == "species":
        new = Species()
        species = [new] + species if target == "left" else species + [new]
        return tuple(species), tuple(rest), (kind,)
    index = int(target[1:]) - 1
    chosen = species[index]
    if verb == "body":
        species[index] = chosen._replace(body=chosen.body + 1)
        return tuple(species), tuple(rest), (kind,)
    if verb == "population":
        species[index] = chosen._replace(population=chosen.population + 1)
        return tuple(species), tuple(rest), (kind,)
    discarded: tuple[int, ...] = ()
    traits, hidden = list(chosen.traits), list(chosen.hidden)
    if over:
        old = TRAITS.index(over[1])
        pile = traits if any(TRAIT[k] == old for k in traits) else hidden
        replaced = next(k for k in pile if TRAIT[k] == old)
        pile.remove(replaced)
        discarded = (replaced,)
    fat = 0 if over and over[1] == TRAITS[FAT_TISSUE] else chosen.fat  # the fat was stored on that card
    species[index] = chosen._replace(traits=tuple(traits), hidden=tuple(hidden + [kind]), fat=fat)
    return tuple(species), tuple(rest), discarded
