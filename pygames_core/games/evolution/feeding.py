"""Food being eaten: a working copy of the table for one move of the feeding.

Every way a species eats goes through `eat`, which carries the chains the traits
make: Foraging eats 1 more plant food from the same place, and Cooperation
feeds the owner's next species to the right 1 food from the same place, which
may feed the next, and so on. A species eats only while it is hungry, then (with
Fat Tissue) stores fat up to its body size; a carnivore eats no plant food.

An attack (`attack`): Horns cost the carnivore 1 population first (it may go
extinct and then eats nothing); the carnivore eats meat as big as the prey's
body; the prey loses 1 population; then every Scavenger on the table eats 1
meat, seats from the attacker's round, each row left to right. A species whose
population falls below the food it holds puts the rest in its owner's bag; one
with no population left goes extinct: its food goes to the bag, its traits to
the discards, and its owner is owed a card for each trait.
"""

from __future__ import annotations

from .cards import COOPERATION, FORAGING, HORNS, LONG_NECK, SCAVENGER, TITLES
from .species import Species, species_name

HOLE, BANK = "hole", "bank"  # where food comes from: the Watering Hole or the food bank


class Feeding:
    def __init__(self, rows: tuple[tuple[Species, ...], ...], hole: int, bags: tuple[int, ...],
                 discards: tuple[int, ...], owed: tuple[int, ...]) -> None:
        self.rows = [list(row) for row in rows]
        self.hole = hole
        self.bags = list(bags)
        self.discards = list(discards)
        self.owed = list(owed)
        self.notes: list[str] = []
        self.changes: dict[tuple[int, int], list[int]] = {}  # (seat, index) -> [food eaten, fat stored, population lost]

    def frozen(self) -> dict[str, object]:
        """The changed fields, for the state's `_replace`."""
        return {"rows": tuple(tuple(row) for row in self.rows), "hole": self.hole, "bags": tuple(self.bags),
                "discards": tuple(self.discards), "owed": tuple(self.owed)}

    def lately(self) -> tuple[tuple[int, int, int, int, int], ...]:
        """(seat, index, food eaten, fat stored, population lost) of each surviving species this touched."""
        return tuple((seat, index, *change) for (seat, index), change in sorted(self.changes.items()))

    def _change(self, seat: int, index: int) -> list[int]:
        return self.changes.setdefault((seat, index), [0, 0, 0])

    # -- eating --------------------------------------------------------------

    def eat(self, seat: int, index: int, amount: int, meat: bool, source: str, why: str = "") -> None:
        """The species eats up to `amount` (plant food from `source`, or meat from the bank),
        and the chains it sets off."""
        species = self.rows[seat][index]
        if not meat and species.has(FORAGING):
            amount += 1
        if source == HOLE:
            amount = min(amount, self.hole)
        fed, eaten = species.fed(amount, meat)
        if not eaten:
            return
        self.rows[seat][index] = fed
        if source == HOLE:
            self.hole -= eaten
        stored = fed.fat - species.fat
        change = self._change(seat, index)
        change[0] += eaten - stored
        change[1] += stored
        kind = "meat" if meat else "plant food"
        where = " from the bank" if source == BANK and not meat else ""
        extra = f", storing {stored} as fat" if stored else ""
        self.notes.append(f"{species_name(seat, index)} eats {eaten} {kind}{where}{why}{extra}")
        if species.has(COOPERATION) and index + 1 < len(self.rows[seat]):
            self.eat(seat, index + 1, 1, meat, source, " (Cooperation)")

    def long_neck(self, seat: int, index: int) -> None:
        self.eat(seat, index, 1, False, BANK, f" ({TITLES[LONG_NECK]})")

    # -- attacks -------------------------------------------------------------

    def attack(self, seat: int, index: int, prey_seat: int, prey_index: int, cancelled: tuple[int, ...]) -> None:
        carnivore, prey = self.rows[seat][index], self.rows[prey_seat][prey_index]
        name, prey_name = species_name(seat, index), species_name(prey_seat, prey_index)
        said = f" cancelling {', '.join(TITLES[trait] for trait in cancelled)} with Intelligence" if cancelled else ""
        self.notes.append(f"{name} attacks {prey_name}{said}")
        alive = True
        if prey.has(HORNS) and HORNS not in cancelled:
            self.notes.append(f"Horns: {name} loses 1 population")
            alive = self.lose_one(seat, index)
            if not alive and seat == prey_seat and index < prey_index:
                prey_index -= 1
        if alive:
            self.eat(seat, index, prey.body, True, BANK)
        self.lose_one(prey_seat, prey_index)
        self.scavenge(seat)

    def scavenge(self, attacker_seat: int) -> None:
        players = len(self.rows)
        for step in range(players):
            seat = (attacker_seat + step) % players
            for index in range(len(self.rows[seat])):
                if self.rows[seat][index].has(SCAVENGER):
                    self.eat(seat, index, 1, True, BANK, " (Scavenger)")

    def lose_one(self, seat: int, index: int) -> bool:
        """The species loses 1 population; food above its population goes to the bag. False if it went extinct."""
        species = self.rows[seat][index]
        population = species.population - 1
        if population == 0:
            self.extinct(seat, index)
            return False
        spare = max(species.food - population, 0)
        self.rows[seat][index] = species._replace(population=population, food=species.food - spare)
        self._change(seat, index)[2] += 1
        self.bags[seat] += spare
        if spare:
            self.notes.append(f"{species_name(seat, index)} puts {spare} food it can no longer hold in the bag")
        return True

    def extinct(self, seat: int, index: int, draws: bool = True) -> None:
        """The species leaves the row; its owner is owed a card a trait (`draws`: unless the game is ending)."""
        species = self.rows[seat].pop(index)
        self.changes = {(owner, at - (owner == seat and at > index)): change for (owner, at), change in self.changes.items()
                        if (owner, at) != (seat, index)}
        self.bags[seat] += species.food
        for kind in species.traits + species.hidden:
            self.discards[kind] += 1
        cards = len(species.traits) + len(species.hidden) if draws else 0
        self.owed[seat] += cards
        told = f"; its owner draws {cards} card{'s' if cards != 1 else ''}" if cards else ""
        self.notes.append(f"{species_name(seat, index)} goes extinct{told}")
