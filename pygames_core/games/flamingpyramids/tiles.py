"""The 45 tiles of Flaming Pyramids, in one table.

The 40 regular tiles are not published, so this project uses its own set (see
../shared/facts/flamingpyramids.md, "Decisions for this project"): four colours,
each with its own symbol, times the weights 10 to 100; straw up to 30, wood up
to 70, stone above. The five special tiles are as published: two Coals (weight
1, one green, one yellow) that light straw, two Blowtorches (weight 7, one red,
one blue) that light straw and wood, and the Millstone (200, every colour, never
burns).

A tile is an index into these tuples; its name ("red-20", "coal-green",
"torch-blue", "millstone") is how moves and views write it.
"""

from __future__ import annotations

COLOURS = ("red", "blue", "green", "yellow")
SYMBOLS = {"red": "sun", "blue": "moon", "green": "leaf", "yellow": "star"}
EVERY_COLOUR = "all"
STRAW, WOOD, STONE, COAL, TORCH = "straw", "wood", "stone", "coal", "torch"


def _material(weight: int) -> str:
    return STRAW if weight <= 30 else WOOD if weight <= 70 else STONE


_TABLE: list[tuple[str, str, int, str]] = [  # name, colour, weight, material
    (f"{colour}-{weight}", colour, weight, _material(weight)) for colour in COLOURS for weight in range(10, 101, 10)
]
_TABLE += [
    ("coal-green", "green", 1, COAL),
    ("coal-yellow", "yellow", 1, COAL),
    ("torch-red", "red", 7, TORCH),
    ("torch-blue", "blue", 7, TORCH),
    ("millstone", EVERY_COLOUR, 200, STONE),
]

NAMES = tuple(row[0] for row in _TABLE)
COLOUR = tuple(row[1] for row in _TABLE)
WEIGHT = tuple(row[2] for row in _TABLE)
MATERIAL = tuple(row[3] for row in _TABLE)
INDEX = {name: tile for tile, name in enumerate(NAMES)}
COUNT = len(NAMES)  # 45

INCENDIARY = tuple(material in (COAL, TORCH) for material in MATERIAL)
LIGHTS = {COAL: frozenset({STRAW}), TORCH: frozenset({STRAW, WOOD})}
"""What each kind of incendiary sets alight."""


def ignites(incendiary: int, tile: int) -> bool:
    """Whether `incendiary` sets `tile` alight."""
    return MATERIAL[tile] in LIGHTS[MATERIAL[incendiary]]


def same_colour(a: int, b: int) -> bool:
    return COLOUR[a] == COLOUR[b] or EVERY_COLOUR in (COLOUR[a], COLOUR[b])


def words(tile: int) -> str:
    """A tile as a sentence names it: "Red 20", "the green Coal", "the Millstone"."""
    material = MATERIAL[tile]
    if material == COAL:
        return f"the {COLOUR[tile]} Coal"
    if material == TORCH:
        return f"the {COLOUR[tile]} Blowtorch"
    if COLOUR[tile] == EVERY_COLOUR:
        return "the Millstone"
    return f"{COLOUR[tile].capitalize()} {WEIGHT[tile]}"
