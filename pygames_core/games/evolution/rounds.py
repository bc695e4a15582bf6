"""The round of Evolution, step by step: what comes after each move.

A round: the deal (a new species for a player with none; 3 cards and 1 a
species), the food cards (one each, face down, seats in turn from the first
player), the cards played (seats in turn; with the quick variant or 6 players
hidden from the others until all are done), the traits shown, Fertile, Long
Neck and Fat Tissue (each owner choosing the order on their own species), the
food cards shown, the feeding (seats in turn, one species each turn), and the
end of the feeding: populations fall to the food eaten, unfed species go
extinct, food goes to the bags and the first-player marker passes on.

The deck: when a card is to be drawn and the deck is empty, the discards are
shuffled into a new one. That happening during the deal (or in the draws for
species that died at the end of the last round, which go with it), or the deal
taking the deck's last card, makes the round being dealt the last; at any other
time, the next round is the last.

Each function takes the state after a move and returns it ready for the next
decision: a seat to move, a chance point, or the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import CHANCE
from .cards import FAT_TISSUE, FERTILE, FOOD, LONG_NECK, CARNIVORE, TITLES, TRAIT, words
from .feeding import Feeding
from .play import play_card
from .species import MAX_SIZE, SEAT_NAMES, Species, species_name

if TYPE_CHECKING:
    from . import EvolutionState

BASE_CARDS = 3  # dealt each round, plus 1 a species
THIS_ROUND, NEXT_ROUND = 1, 2  # `last_round`: which round is the last, once the deck has run out


def order(state: EvolutionState) -> list[int]:
    """The seats in turn order this round, the first player first."""
    return [(state.first + step) % state.players for step in range(state.players)]


def with_seat(values: tuple, seat: int, value: object) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


# -- the deal ----------------------------------------------------------------

def start_round(state: EvolutionState) -> EvolutionState:
    rows = tuple(row or (Species(),) for row in state.rows)
    owed = tuple(state.owed[seat] + BASE_CARDS + len(rows[seat]) for seat in range(state.players))
    return next_deal(state._replace(phase="deal", rows=rows, owed=owed))


def next_deal(state: EvolutionState) -> EvolutionState:
    """The next card owed (to the first seat owed one, in turn order), or what follows the deal."""
    for seat in order(state):
        if state.owed[seat]:
            if state.deck_size:
                return state._replace(to_move=CHANCE, deal_to=seat)
            if any(state.discards):
                return next_deal(reshuffled(state))
            return next_deal(state._replace(owed=(0,) * state.players))
    if state.phase == "draw":
        return next_feeder(state._replace(phase="feed"), state.active)
    if not state.deck_size and not state.last_round:
        state = state._replace(last_round=THIS_ROUND, said=state.said + ("The deck is out: this round is the last",))
    return start_food(state._replace(deal_to=-1))


def reshuffled(state: EvolutionState) -> EvolutionState:
    last = THIS_ROUND if state.phase == "deal" else state.last_round or NEXT_ROUND
    which = "this round" if last == THIS_ROUND else "the next round"
    return state._replace(deck=state.discards, deck_size=sum(state.discards), discards=(0,) * len(state.discards),
                          last_round=last, said=state.said + (f"The deck is out: the discards are shuffled into a new "
                                                              f"one, and {which} is the last",))


def deal_card(state: EvolutionState, kind: int) -> EvolutionState:
    seat = state.deal_to
    deck = list(state.deck)
    deck[kind] -= 1
    return next_deal(state._replace(
        deck=tuple(deck), deck_size=state.deck_size - 1, owed=with_seat(state.owed, seat, state.owed[seat] - 1),
        hands=with_seat(state.hands, seat, tuple(sorted(state.hands[seat] + (kind,))))))


# -- food cards and card plays -------------------------------------------------

def start_food(state: EvolutionState) -> EvolutionState:
    for seat in order(state):
        if state.food_cards[seat] < 0 and state.hands[seat]:
            return state._replace(phase="food", to_move=seat, active=seat)
    return next_player(state._replace(phase="play"), None)


def choose_food(state: EvolutionState, kind: int) -> EvolutionState:
    seat = state.active
    hand = list(state.hands[seat])
    hand.remove(kind)
    return start_food(state._replace(hands=with_seat(state.hands, seat, tuple(hand)),
                                     food_cards=with_seat(state.food_cards, seat, kind)))


def next_player(state: EvolutionState, after: int | None) -> EvolutionState:
    """The next seat to play cards (after `after`, or the first player), or the traits shown."""
    seats = order(state)
    start = 0 if after is None else seats.index(after) + 1
    for seat in seats[start:]:
        if state.hands[seat]:
            return state._replace(to_move=seat, active=seat)
    return reveal(state)


def play(state: EvolutionState, move: str) -> EvolutionState:
    """A card played; a player with no card left is done."""
    seat = state.active
    if state.quick:
        state = state._replace(pending=with_seat(state.pending, seat, state.pending[seat] + (move,)))
    else:
        row, hand, discarded = play_card(state.rows[seat], state.hands[seat], move)
        state = state._replace(rows=with_seat(state.rows, seat, row), hands=with_seat(state.hands, seat, hand),
                               discards=discard(state.discards, discarded))
    return state if state.area(seat)[1] else next_player(state, seat)


def discard(discards: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    pile = list(discards)
    for kind in kinds:
        pile[kind] += 1
    return tuple(pile)


def reveal(state: EvolutionState) -> EvolutionState:
    """Every card played this round comes into play (the quick variant's at once), and the
    face-down traits are shown."""
    rows, hands, discards = list(state.rows), list(state.hands), state.discards
    for seat, moves in enumerate(state.pending):
        for move in moves:
            rows[seat], hands[seat], discarded = play_card(rows[seat], hands[seat], move)
            discards = discard(discards, discarded)
    said = []
    for seat in order(state):
        shown = [f"{TITLES[TRAIT[kind]]} on {species_name(seat, index)}"
                 for index, species in enumerate(rows[seat]) for kind in species.hidden]
        if shown:
            said.append(f"{SEAT_NAMES[seat]} shows {', '.join(shown)}")
        rows[seat] = tuple(species.shown() for species in rows[seat])
    state = state._replace(rows=tuple(rows), hands=tuple(hands), discards=discards,
                           pending=((),) * state.players, said=state.said + tuple(said))
    triggers = tuple((seat, index, trait) for seat in order(state) for index, species in enumerate(state.rows[seat])
                     for trait in (FERTILE, LONG_NECK, FAT_TISSUE) if acts_before_food(state, species, trait))
    return next_trigger(state._replace(phase="before", triggers=triggers))


# -- before the food is shown ------------------------------------------------------

def acts_before_food(state: EvolutionState, species: Species, trait: int) -> bool:
    if not species.has(trait):
        return False
    if trait == FERTILE:
        return state.hole > 0 and species.population < MAX_SIZE
    if trait == LONG_NECK:
        return not species.has(CARNIVORE)
    return species.fat > 0


def next_trigger(state: EvolutionState) -> EvolutionState:
    """The owner of the next traits to act chooses their order; one alone acts by itself."""
    if not state.triggers:
        return reveal_food(state)
    seat = state.triggers[0][0]
    own = [trigger for trigger in state.triggers if trigger[0] == seat]
    if len(own) > 1:
        return state._replace(to_move=seat, active=seat)
    return act_before_food(state, own[0])


def act_before_food(state: EvolutionState, trigger: tuple[int, int, int]) -> EvolutionState:
    seat, index, trait = trigger
    table = Feeding(state.rows, state.hole, state.bags, state.discards, state.owed)
    species = table.rows[seat][index]
    name = species_name(seat, index)
    if trait == FERTILE:
        if species.population < MAX_SIZE:
            table.rows[seat][index] = species._replace(population=species.population + 1)
            table.notes.append(f"{name} grows to population {species.population + 1} (Fertile)")
    elif trait == LONG_NECK:
        table.long_neck(seat, index)
    else:
        table.rows[seat][index] = species.fat_eaten()
        moved = species.fat - table.rows[seat][index].fat
        table.changes[(seat, index)] = [moved, -moved, 0]
        if moved:
            table.notes.append(f"{name} eats {moved} of its stored fat (Fat Tissue)")
    left = tuple(other for other in state.triggers if other != trigger)
    return next_trigger(state._replace(**table.frozen(), triggers=left, said=state.said + tuple(table.notes),
                                       lately=state.lately + table.lately()))


def reveal_food(state: EvolutionState) -> EvolutionState:
    cards = [state.food_cards[seat] for seat in order(state) if state.food_cards[seat] >= 0]
    total = sum(FOOD[kind] for kind in cards)
    hole = max(state.hole + total, 0)
    shown = ", ".join(words(kind) for kind in cards) or "none"
    said = f"The food cards: {shown}; {total:+d} plant food, and the Watering Hole holds {hole}"
    state = state._replace(hole=hole, food_cards=(-1,) * state.players, discards=discard(state.discards, tuple(cards)),
                           said=state.said + (said,), phase="feed", passed=(False,) * state.players)
    return next_feeder(state, None)


# -- the feeding ----------------------------------------------------------------------

def next_feeder(state: EvolutionState, after: int | None) -> EvolutionState:
    """The next seat (after `after`, or the first player) with a species that can eat, or the end of the feeding."""
    seats = order(state)
    start = 0 if after is None else seats.index(after) + 1
    for seat in seats[start:] + seats[:start]:
        must, paid, may = state.feeding_moves(seat)
        if must or (paid or may) and not state.passed[seat]:
            return state._replace(phase="feed", to_move=seat, active=seat)
    return end_round(state)


def end_round(state: EvolutionState) -> EvolutionState:
    table = Feeding(state.rows, state.hole, state.bags, state.discards, state.owed)
    last = state.last_round == THIS_ROUND
    table.notes.append("The feeding is over")
    for seat in order(state):
        eaten = 0
        for index in reversed(range(len(table.rows[seat]))):
            species = table.rows[seat][index]
            if species.food == 0:
                table.extinct(seat, index, draws=not last)
            else:
                if species.food < species.population:
                    table.notes.append(f"{species_name(seat, index)} falls to population {species.food}")
                table.rows[seat][index] = species._replace(population=species.food, food=0)
                eaten += species.food
        table.bags[seat] += eaten
        if eaten:
            table.notes.append(f"{SEAT_NAMES[seat]} puts {eaten} food in the bag")
    state = state._replace(**table.frozen(), said=state.said + tuple(table.notes), lately=())
    if last:
        return state._replace(phase="over", to_move=None, owed=(0,) * state.players)
    state = state._replace(first=(state.first + 1) % state.players)
    if state.last_round == NEXT_ROUND:
        state = state._replace(last_round=THIS_ROUND)
    return start_round(state._replace(round=state.round + 1))
