"""The pyramid's geometry and the mayhem it checks for, on a plain dict.

A place is (row, column): row 0 is the bottom, and the column counts half tile
widths, so a tile at (r, c) rests on (r-1, c-1) and (r-1, c+1) and touches up
to six tiles: those two, its neighbours (r, c-2) and (r, c+2), and the two that
rest on it, (r+1, c-1) and (r+1, c+1). The first tile ever laid is at (0, 0);
columns may go negative as the base grows leftwards.

Every finder scans top to bottom, left to right (`scan`), and returns the first
case it meets, or None: the game resolves one case and scans again.
"""

from __future__ import annotations

from collections.abc import Iterable

from .tiles import INCENDIARY, WEIGHT, ignites, same_colour

Place = tuple[int, int]
Table = dict[Place, int]


def supports(place: Place) -> tuple[Place, Place]:
    row, column = place
    return (row - 1, column - 1), (row - 1, column + 1)


def neighbours(place: Place) -> tuple[Place, ...]:
    row, column = place
    return ((row, column - 2), (row, column + 2), (row - 1, column - 1), (row - 1, column + 1),
            (row + 1, column - 1), (row + 1, column + 1))


def scan(places: Iterable[Place]) -> list[Place]:
    """Top to bottom, left to right."""
    return sorted(places, key=lambda place: (-place[0], place[1]))


def spots(table: Table) -> list[Place]:
    """Where the next tile may go, left to right, bottom up: anywhere on an empty
    table; beside a lone tile; else on any two neighbours with nothing on them,
    or in a gap of the bottom row; else (a complete pyramid) at either end of
    the bottom row."""
    if not table:
        return [(0, 0)]
    base = sorted(column for row, column in table if row == 0)
    if len(table) == 1:
        return [(0, base[0] - 2), (0, base[0] + 2)]
    found = [(0, column) for column in range(base[0] + 2, base[-1], 2) if (0, column) not in table]
    for row, column in table:
        above = (row + 1, column + 1)
        if (row, column + 2) in table and above not in table:
            found.append(above)
    if not found:
        found = [(0, base[0] - 2), (0, base[-1] + 2)]
    return sorted(found)


def fits(table: Table, place: Place, tile: int) -> bool:
    """Whether `tile` may stand at `place` by the building rule: on the bottom
    row anything; on two tiles, a match with one of them in colour or number and
    no more weight than the two together; on one tile (an overhang, left by
    mayhem), the same colour as it and no heavier. In free air it falls, which
    is not this rule's business (True)."""
    if place[0] == 0:
        return True
    below = [table[support] for support in supports(place) if support in table]
    if len(below) == 2:
        left, right = below
        matches = any(same_colour(tile, other) or WEIGHT[tile] == WEIGHT[other] for other in below)
        return matches and WEIGHT[tile] <= WEIGHT[left] + WEIGHT[right]
    if len(below) == 1:
        return same_colour(tile, below[0]) and WEIGHT[tile] <= WEIGHT[below[0]]
    return True


def first_in_free_air(table: Table) -> Place | None:
    for place in scan(table):
        if place[0] > 0 and not any(support in table for support in supports(place)):
            return place
    return None


def first_collapse(table: Table) -> Place | None:
    """The first tile that breaks the building rule: it brings its support down."""
    for place in scan(table):
        if not fits(table, place, table[place]):
            return place
    return None


def touching(table: Table, places: Iterable[Place]) -> list[Place]:
    """The tiles that touch any of `places`, not counting those, in scan order."""
    group = set(places)
    return scan({other for place in group for other in neighbours(place) if other in table and other not in group})


def first_explosion(table: Table) -> tuple[list[Place], list[Place]] | None:
    """The first group of incendiaries in contact (Coals, Blowtorches), and every
    tile that touches them."""
    for place in scan(table):
        if not INCENDIARY[table[place]]:
            continue
        group, frontier = {place}, [place]
        while frontier:
            for other in neighbours(frontier.pop()):
                if other in table and INCENDIARY[table[other]] and other not in group:
                    group.add(other)
                    frontier.append(other)
        if len(group) > 1:
            return scan(group), touching(table, group)
    return None


def burnt_by(table: Table, incendiary: Place) -> list[Place]:
    """What a fire lit by `incendiary` burns: every tile it sets alight that
    touches it, and on through every such tile touching those."""
    lit = table[incendiary]
    burnt: set[Place] = set()
    frontier = [incendiary]
    while frontier:
        for other in neighbours(frontier.pop()):
            if other in table and other not in burnt and ignites(lit, table[other]):
                burnt.add(other)
                frontier.append(other)
    return scan(burnt)


def first_fire(table: Table) -> Place | None:
    """The first incendiary touching a tile it sets alight."""
    for place in scan(table):
        tile = table[place]
        if INCENDIARY[tile] and any(other in table and ignites(tile, table[other]) for other in neighbours(place)):
            return place
    return None


def first_curse(table: Table) -> list[Place] | None:
    """The first three tiles of one number standing as a small pyramid: the top, then the two below."""
    for place in scan(table):
        below = supports(place)
        if place[0] > 0 and all(support in table and WEIGHT[table[support]] == WEIGHT[table[place]] for support in below):
            return [place, *below]
    return None


def fire_pair(table: Table, placed: Place) -> tuple[Place, Place] | None:
    """For the Fire Die: the incendiary and the tile it would set alight, where
    the tile just placed is one of the two (the first such pair in scan order)."""
    tile = table[placed]
    for other in scan(place for place in neighbours(placed) if place in table):
        if INCENDIARY[tile] and ignites(tile, table[other]):
            return placed, other
        if INCENDIARY[table[other]] and ignites(table[other], tile):
            return other, placed
    return None

