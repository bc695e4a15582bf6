"""Evolution's rules, from the rules text and the facts' decisions, as small positions.

A species is written by `species(body, population, traits..., food=, fat=)`; rows go left to
right, and "R2" is Red's second species from the left (Blue is B, Green G).
"""

from __future__ import annotations

from typing import Any

import pytest

from pygames_core import get_game
from pygames_core.core import CHANCE, IllegalMoveError, InvalidMoveError, chance_move
from pygames_core.games import evolution
from pygames_core.games.evolution import EvolutionState, attack, cards, estimate, rounds
from pygames_core.games.evolution.species import Species
from pygames_core.rng import Rng

Evolution = get_game("evolution")


def card(trait: str, food: int | None = None) -> int:
    """A card kind of that trait (its lowest food number unless one is given)."""
    return next(kind for kind in range(cards.KINDS) if cards.TRAITS[cards.TRAIT[kind]] == trait
                and (food is None or cards.FOOD[kind] == food))


def species(body: int, population: int, *traits: str, food: int = 0, fat: int = 0) -> Species:
    return Species(body, population, food, fat, tuple(card(trait) for trait in traits))


def table(*rows: list[Species], hands: list[list[str]] | None = None, hole: int = 0, to_move: int = 0,
          phase: str = "feed", **fields: Any) -> EvolutionState:
    """A position in the feeding (or `phase`) with these rows, hands of cards named "trait:food"."""
    players = len(rows)
    state = Evolution.new(players, {}, 1)
    hand_kinds = tuple(tuple(sorted(cards.INDEX[name] for name in hand)) for hand in (hands or [[]] * players))
    values = dict(phase=phase, to_move=to_move, active=to_move, deal_to=-1, rows=tuple(tuple(row) for row in rows),
                  hands=hand_kinds, hole=hole, owed=(0,) * players, food_cards=(-1,) * players, ply=20)
    values.update(fields)
    return state._replace(**values)


WATCHER = species(6, 6, "intelligence")
"""Green's species in a 3-player position: too big to attack, and always able to eat while Green
holds a card, so the feeding goes on after the move a test looks at."""


def settle(state: EvolutionState, *outcomes: str) -> EvolutionState:
    """Plays the chance points: the given outcomes first, then the state's own draws."""
    queue = list(outcomes)
    while state.to_move == CHANCE:
        state = state.play(queue.pop(0) if queue else chance_move(state))
    return state


# -- the cards and the deal ----------------------------------------------------------------------

def test_the_deck_has_17_carnivores_and_7_of_each_other_trait() -> None:
    per_trait = {trait: 0 for trait in cards.TRAITS}
    for kind, copies in enumerate(cards.COPIES):
        per_trait[cards.TRAITS[cards.TRAIT[kind]]] += copies
    assert cards.DECK_SIZE == 129
    assert per_trait.pop("carnivore") == 17 and set(per_trait.values()) == {7}
    assert sorted(cards.FOOD[kind] for kind in range(cards.KINDS) for _ in range(cards.COPIES[kind])
                  if cards.TRAIT[kind] == cards.INTELLIGENCE) == [1, 2, 3, 3, 4, 4, 5]
    assert min(cards.FOOD) == -3 and max(cards.FOOD) == 9


@pytest.mark.parametrize("players", [2, 3, 6])
def test_each_player_starts_with_a_species_and_four_cards(players: int) -> None:
    state = Evolution.new(players, {}, 5)
    while state.to_move == CHANCE:
        state = state.play(chance_move(state))
    assert state.phase == "food" and state.to_move == 0
    assert all(row == (Species(),) for row in state.rows)
    assert [len(hand) for hand in state.hands] == [4] * players
    assert state.deck_size == (89 if players == 2 else 129) - 4 * players


def test_a_player_is_dealt_three_cards_and_one_a_species_and_a_player_with_none_gets_one() -> None:
    state = table([species(1, 1), species(2, 2)], [], phase="feed", first=1)
    state = rounds.start_round(state)
    assert state.rows[1] == (Species(),), "a player with no species gets a new one"
    assert state.owed == (5, 4)
    assert state.deal_to == 1, "the first player is dealt to first"


def test_two_players_set_40_cards_aside_and_hold_two_traits_a_species() -> None:
    state = Evolution.new(2, {}, 3)
    assert state.deck_size == 89 and sum(state.deck) == 129
    assert state.view(0)["trait_limit"] == 2 and Evolution.new(3, {}, 3).view(0)["trait_limit"] == 3
    full = table([species(1, 1, "climbing", "horns")], [species(1, 1)], phase="play",
                 hands=[["burrowing:1"], []])
    assert "trait burrowing:1 R1" not in full.legal_moves()
    assert {"trait burrowing:1 R1 over climbing", "trait burrowing:1 R1 over horns"} <= set(full.legal_moves())


# -- food cards and card plays -------------------------------------------------------------------

def test_the_food_card_is_hidden_until_the_feeding() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="food", hands=[["long-neck:9", "horns:1"], ["climbing:3"]])
    assert state.public_move("food long-neck:9", 1) == "food" and state.public_move("food long-neck:9", 0) == "food long-neck:9"
    after = state.play("food long-neck:9")
    assert after.to_move == 1
    assert after.view(1)["food_cards"][0] == "hidden" and after.view(0)["food_cards"][0]["name"] == "long-neck:9"


def test_a_trait_is_played_face_down_and_shown_when_all_have_played() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="play", hands=[["climbing:3", "horns:1"], ["burrowing:1"]],
                  hole=5)
    after = state.play("trait climbing:3 R1")
    assert after.public_move("trait horns:1 R1", 1) == "trait R1"
    assert after.view(1)["rows"][0][0]["hidden"] == [None]
    assert after.view(0)["rows"][0][0]["hidden"][0]["name"] == "climbing:3"
    assert not after.rows[0][0].has(cards.CLIMBING), "a face-down trait does nothing yet"
    after = after.play("done").play("done")
    assert after.rows[0][0].has(cards.CLIMBING) and after.rows[0][0].hidden == ()
    assert "Red shows Climbing on R1" in after.notes()


def test_no_trait_twice_on_a_species_face_down_or_up() -> None:
    state = table([species(1, 1, "climbing")], [species(1, 1)], [species(1, 1)], phase="play",
                  hands=[["climbing:1", "horns:1", "horns:2"], [], []])
    assert "trait climbing:1 R1" not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="has Climbing already"):
        state.play("trait climbing:1 R1")
    after = state.play("trait horns:1 R1")
    with pytest.raises(IllegalMoveError, match="has Horns already"):
        after.play("trait horns:2 R1")


def test_three_traits_at_most_then_one_is_replaced_and_discarded() -> None:
    state = table([species(1, 1, "climbing", "horns", "burrowing")], [species(1, 1)], [species(1, 1)], phase="play",
                  hands=[["scavenger:2", "ambush:0"], [], []])
    with pytest.raises(IllegalMoveError, match="play it over one of them"):
        state.play("trait scavenger:2 R1")
    after = state.play("trait scavenger:2 R1 over horns")
    assert [cards.TRAITS[cards.TRAIT[kind]] for kind in after.rows[0][0].traits] == ["climbing", "burrowing"]
    assert after.discards[card("horns")] == 1


def test_the_fat_on_a_fat_tissue_goes_with_it_when_it_is_replaced() -> None:
    state = table([species(3, 1, "fat-tissue", "horns", "climbing", fat=3)], [species(1, 1)], [species(1, 1)],
                  phase="play", hands=[["burrowing:1", "ambush:0"], [], []])
    assert state.play("trait burrowing:1 R1 over fat-tissue").rows[0][0].fat == 0
    assert state.play("trait burrowing:1 R1 over horns").rows[0][0].fat == 3


def test_a_card_discarded_makes_a_new_species_at_either_end_or_grows_one_to_six() -> None:
    state = table([species(5, 6)], [species(1, 1)], phase="play",
                  hands=[["horns:1", "horns:2", "horns:3", "climbing:1"], []])
    after = state.play("species horns:1 left").play("species horns:2 right")
    assert [(kind.body, kind.population) for kind in after.rows[0]] == [(1, 1), (5, 6), (1, 1)]
    assert "population horns:3 R2" not in after.legal_moves(), "population stops at 6"
    after = after.play("body horns:3 R2")
    assert after.rows[0][1].body == 6 and "body climbing:1 R2" not in after.legal_moves()
    assert sum(after.discards) == 3


def test_a_player_who_has_played_every_card_is_done() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="play", hands=[["horns:1"], ["climbing:1"]])
    assert state.play("body horns:1 R1").to_move == 1


# -- before the food is shown --------------------------------------------------------------------

def test_long_neck_eats_from_the_bank_and_cooperation_passes_it_on() -> None:
    state = table([species(1, 2, "long-neck", "cooperation"), species(1, 1)], [species(1, 1)], phase="play",
                  hands=[["horns:1"], ["climbing:1"]], hole=5)
    after = state.play("done").play("done")
    assert [kind.food for kind in after.rows[0]] == [1, 1]
    assert after.hole == 5, "the bank, not the Watering Hole"


def test_fertile_grows_only_if_the_watering_hole_holds_food() -> None:
    dry = table([species(1, 1, "fertile")], [species(1, 1)], phase="play", hands=[["horns:1"], []], hole=0)
    assert not any("Fertile" in line for line in dry.play("done").notes())
    wet = dry._replace(hole=1)
    assert wet.play("done").rows[0][0].population == 2
    assert "R1 grows to population 2 (Fertile)" in wet.play("done").notes()


def test_fat_tissue_feeds_its_species_up_to_its_population() -> None:
    state = table([species(4, 2, "fat-tissue", fat=4)], [species(1, 1)], phase="play", hands=[["horns:1"], []], hole=5)
    after = state.play("done")
    assert (after.rows[0][0].food, after.rows[0][0].fat) == (2, 2)


def test_the_owner_chooses_the_order_of_fertile_and_fat_tissue() -> None:
    state = table([species(4, 2, "fertile", "fat-tissue", fat=4)], [species(1, 1)], phase="play", hands=[["horns:1"], []],
                  hole=3)
    after = state.play("done")
    assert after.phase == "before" and after.legal_moves() == ("fertile R1", "fat-tissue R1")
    fertile_first = after.play("fertile R1")
    assert (fertile_first.rows[0][0].population, fertile_first.rows[0][0].food) == (3, 3)
    fat_first = after.play("fat-tissue R1")
    assert (fat_first.rows[0][0].population, fat_first.rows[0][0].food) == (3, 2)


def test_the_owner_chooses_the_order_of_long_neck_and_fertile_across_species() -> None:
    state = table([species(1, 1, "long-neck", "cooperation"), species(1, 1, "fertile")], [species(1, 1, "long-neck")],
                  phase="play", hands=[["horns:1"], []], hole=2)
    after = state.play("done")
    assert after.phase == "before" and after.to_move == 0
    assert after.legal_moves() == ("long-neck R1", "fertile R2"), "Red chooses; Blue's one trait acts by itself"
    long_neck_first = after.play("long-neck R1")
    assert [(kind.population, kind.food) for kind in long_neck_first.rows[0]] == [(1, 1), (2, 1)]
    assert long_neck_first.rows[1][0].food == 1


def test_the_food_cards_are_added_to_the_watering_hole_and_never_take_it_below_zero() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="play", hands=[["horns:1"], []], hole=2,
                  food_cards=(card("long-neck", 9), card("pack-hunting", -3)))
    after = state.play("done")
    assert after.hole == 8 and after.food_cards == (-1, -1)
    assert after.discards[card("long-neck", 9)] == 1
    negative = state._replace(food_cards=(card("pack-hunting", -3), card("pack-hunting", -2)))
    assert negative.play("done").hole == 0


# -- plant food ------------------------------------------------------------------------------------

def test_a_plant_eater_takes_one_from_the_watering_hole_and_foraging_one_more() -> None:
    state = table([species(1, 3), species(1, 3, "foraging")], [species(1, 1)], hole=5)
    assert state.play("feed R1").rows[0][0].food == 1
    after = state.play("feed R2")
    assert after.rows[0][1].food == 2 and after.hole == 3


def test_cooperation_chains_along_the_row_from_the_same_place() -> None:
    state = table([species(1, 2, "cooperation"), species(1, 2, "cooperation"), species(1, 2)], [species(1, 1)],
                  [WATCHER], hole=2, hands=[[], [], ["horns:1"]])
    after = state.play("feed R1")
    assert [kind.food for kind in after.rows[0]] == [1, 1, 0], "the hole ran dry before the end of the chain"
    assert after.hole == 0
    assert after.notes() == ("R1 eats 1 plant food", "R2 eats 1 plant food (Cooperation)")


def test_a_carnivore_eats_no_plant_food_even_through_cooperation() -> None:
    state = table([species(1, 2, "cooperation"), species(2, 2, "carnivore")], [species(3, 3)], hole=5)
    after = state.play("feed R1")
    assert after.rows[0][1].food == 0
    assert "feed R2" not in state.legal_moves()


def test_a_fed_species_takes_no_more_but_fat_tissue_stores_up_to_its_body_size() -> None:
    state = table([species(2, 1, food=1), species(2, 1, "fat-tissue", food=1, fat=1)], [species(1, 1)], hole=5)
    assert state.legal_moves() == ("feed R2", "pass"), "storing fat is a choice"
    after = state.play("feed R2")
    assert after.rows[0][1].fat == 2
    assert after.rows[0][1].room() == 0


def test_a_hungry_species_that_can_eat_must_be_fed_before_fat_is_stored() -> None:
    state = table([species(1, 2), species(2, 1, "fat-tissue", food=1)], [species(1, 1)], hole=5)
    assert state.legal_moves() == ("feed R1",)
    with pytest.raises(IllegalMoveError, match="feed it first"):
        state.play("feed R2")


def test_intelligence_discards_a_card_for_two_plant_food_from_the_bank() -> None:
    state = table([species(1, 3, "intelligence")], [species(1, 1)], hole=0, hands=[["horns:1", "climbing:2"], []])
    assert state.legal_moves() == ("intelligence R1", "pass"), "a card is the player's to spend or keep"
    paying = state.play("intelligence R1")
    assert paying.phase == "pay" and paying.legal_moves() == ("discard climbing:2", "discard horns:1")
    after = paying.play("discard horns:1")
    assert after.rows[0][0].food == 2 and after.hands[0] == (card("climbing", 2),)


def test_a_player_who_passed_feeds_again_once_a_hungry_species_can_eat_for_free() -> None:
    # Red's carnivore is too small for Blue's herd until Green's attack thins it out.
    state = table([species(3, 2, "carnivore"), species(3, 1, "fat-tissue", food=1)],
                  [species(1, 2, "defensive-herding")], [species(4, 3, "carnivore", "climbing")], hole=5)
    assert state.legal_moves() == ("feed R2", "pass")
    after = state.play("pass").play("feed B1").play("attack G1 B1")
    assert after.to_move == 0 and after.legal_moves() == ("attack R1 B1",)


def test_the_feeding_goes_round_one_species_a_turn_and_skips_those_who_cannot_eat() -> None:
    state = table([species(1, 2)], [species(1, 1, food=1)], [species(1, 2)], hole=4)
    after = state.play("feed R1")
    assert after.to_move == 2, "Blue's species is fed"
    assert after.play("feed G1").to_move == 0


# -- attacks -----------------------------------------------------------------------------------------

def attacks(state: EvolutionState) -> list[str]:
    return [move for move in state.legal_moves() if move.startswith("attack")]


def test_a_carnivore_attacks_a_smaller_species_and_eats_meat_as_big_as_the_prey() -> None:
    state = table([species(4, 4, "carnivore")], [species(3, 2), species(4, 1)])
    assert attacks(state) == ["attack R1 B1"], "B2 is not smaller"
    after = state.play("attack R1 B1")
    assert after.rows[0][0].food == 3 and after.rows[1][0].population == 1


def test_meat_stops_at_the_carnivores_hunger() -> None:
    state = table([species(4, 2, "carnivore")], [species(3, 2)], [WATCHER], hands=[[], [], ["horns:1"]])
    assert state.play("attack R1 B1").rows[0][0].food == 2


def test_the_carnivore_eats_before_its_prey_loses_a_population() -> None:
    # R1 cooperates with R2, its own prey: R2 takes the meat Cooperation passes on, then loses 1.
    state = table([species(3, 2, "carnivore", "cooperation"), species(1, 2)], [WATCHER], [WATCHER],
                  hands=[[], ["horns:1"], ["horns:2"]])
    after = state.play("attack R1 R2")
    assert (after.rows[0][1].population, after.rows[0][1].food) == (1, 1)
    assert after.notes() == ("R1 attacks R2", "R1 eats 1 meat", "R2 eats 1 meat (Cooperation)")


def test_a_carnivore_may_attack_its_owners_species_but_not_itself() -> None:
    state = table([species(3, 2, "carnivore"), species(1, 1)], [species(5, 5)])
    assert attacks(state) == ["attack R1 R2"]
    with pytest.raises(IllegalMoveError, match="cannot attack itself"):
        state.play("attack R1 R1")


def test_pack_hunting_adds_the_population_to_the_size() -> None:
    state = table([species(2, 3, "carnivore", "pack-hunting")], [species(4, 1)], [WATCHER], hands=[[], [], ["horns:1"]])
    assert attacks(state) == ["attack R1 B1"]
    assert state.play("attack R1 B1").rows[0][0].food == 3, "meat is the prey's body size, capped by hunger"


@pytest.mark.parametrize(("carnivore", "prey", "reason"), [
    (species(5, 2, "carnivore"), species(1, 1, "hard-shell"), "Hard Shell: B1 counts as size 5"),
    (species(3, 2, "carnivore"), species(1, 1, "climbing"), "Climbing: R1 cannot climb"),
    (species(3, 2, "carnivore"), species(1, 1, "burrowing", food=1), "Burrowing"),
    (species(3, 2, "carnivore"), species(1, 2, "defensive-herding"), "Defensive Herding"),
])
def test_each_defence_stops_a_carnivore_without_the_answer(carnivore: Species, prey: Species, reason: str) -> None:
    state = table([carnivore], [prey])
    assert attacks(state) == []
    with pytest.raises(IllegalMoveError, match=reason):
        state.play("attack R1 B1")
    assert reason in state.view(0)["prey"]["R1"]["B1"]


@pytest.mark.parametrize(("carnivore", "prey"), [
    (species(6, 2, "carnivore"), species(1, 1, "hard-shell")),  # 6 is bigger than 1 + 4
    (species(3, 2, "carnivore", "climbing"), species(1, 1, "climbing")),
    (species(3, 2, "carnivore"), species(1, 2, "burrowing", food=1)),  # hungry: out of its burrow
    (species(3, 3, "carnivore"), species(1, 2, "defensive-herding")),
])
def test_each_defence_gives_way_to_its_answer(carnivore: Species, prey: Species) -> None:
    assert attacks(table([carnivore], [prey])) == ["attack R1 B1"]


def test_symbiosis_protects_while_the_species_to_its_right_is_bigger() -> None:
    carnivore = species(4, 2, "carnivore")
    assert attacks(table([carnivore], [species(1, 1, "symbiosis"), species(2, 1)])) == ["attack R1 B2"]
    assert attacks(table([carnivore], [species(2, 1, "symbiosis"), species(2, 1)])) == ["attack R1 B1", "attack R1 B2"]


def test_warning_call_protects_the_neighbours_unless_the_carnivore_has_ambush() -> None:
    prey = [species(1, 1), species(1, 1, "warning-call"), species(1, 1), species(1, 1)]
    assert attacks(table([species(3, 2, "carnivore")], prey)) == ["attack R1 B2", "attack R1 B4"]
    assert len(attacks(table([species(3, 2, "carnivore", "ambush")], prey))) == 4


def test_horns_cost_the_attacker_a_population_before_it_eats() -> None:
    state = table([species(4, 3, "carnivore")], [species(2, 2, "horns")], [WATCHER], hands=[[], [], ["horns:1"]])
    after = state.play("attack R1 B1")
    assert (after.rows[0][0].population, after.rows[0][0].food) == (2, 2)
    assert after.rows[1][0].population == 1


def test_horns_can_kill_the_attacker_which_then_eats_nothing() -> None:
    state = table([species(4, 1, "carnivore", "climbing")], [species(2, 2, "horns"), species(1, 1, "scavenger")],
                  deck=(1,) + (0,) * (cards.KINDS - 1), deck_size=1)
    after = state.play("attack R1 B1")
    assert after.rows[0] == () and after.rows[1][0].population == 1, "the prey still loses a population"
    assert after.rows[1][1].food == 1, "the Scavenger still eats"
    assert after.to_move == CHANCE and after.owed[0] == 2, "its owner draws a card for each trait"


def test_intelligence_cancels_hard_shell_for_a_card() -> None:
    state = table([species(4, 2, "carnivore", "intelligence")], [species(1, 1, "hard-shell")], hands=[["horns:1"], []])
    assert attacks(state) == ["attack R1 B1 cancel hard-shell"]
    after = state.play("attack R1 B1 cancel hard-shell").play("discard horns:1")
    assert after.rows[1] == () and after.rows[0][0].food == 1


def test_intelligence_may_cancel_horns_and_needs_a_card_for_each_protection() -> None:
    state = table([species(4, 2, "carnivore", "intelligence")], [species(1, 1, "warning-call"), species(1, 1, "climbing", "horns")],
                  [WATCHER], hands=[["horns:1", "horns:2", "horns:3"], [], ["horns:4"]])
    assert [move for move in attacks(state) if "B2" in move] == ["attack R1 B2 cancel climbing,warning-call",
                                                                 "attack R1 B2 cancel climbing,horns,warning-call"]
    after = state.play("attack R1 B2 cancel climbing,horns,warning-call")
    assert after.legal_moves() == ("discard horns:1", "discard horns:2", "discard horns:3")
    after = after.play("discard horns:1").play("discard horns:2").play("discard horns:3")
    assert after.rows[0][0].population == 2 and after.rows[0][0].food == 1, "Horns were cancelled"
    poorer = state._replace(hands=((card("horns", 1), card("horns", 2)), (), (card("horns", 4),)))
    assert [move for move in attacks(poorer) if "B2" in move] == ["attack R1 B2 cancel climbing,warning-call"]
    with pytest.raises(IllegalMoveError, match="Climbing"):
        poorer._replace(hands=((card("horns", 1),), (), ())).play("attack R1 B2 cancel climbing,warning-call")


def test_food_above_the_population_an_attack_leaves_goes_to_the_prey_owners_bag() -> None:
    state = table([species(4, 3, "carnivore", "climbing")], [species(2, 2, "climbing", food=1)],
                  deck=(3,) + (0,) * (cards.KINDS - 1), deck_size=3)
    once = state.play("attack R1 B1")
    assert once.rows[1][0].population == 1 and once.rows[1][0].food == 1
    prey_full = state._replace(rows=(state.rows[0], (species(2, 2, "climbing", food=2),)))
    after = prey_full.play("attack R1 B1")
    assert after.bags[1] == 1 and after.rows[1][0].food == 1, "the food above the population goes to the bag"


def test_an_extinct_prey_goes_with_its_traits_and_its_owner_draws_for_them() -> None:
    state = table([species(4, 3, "carnivore", "climbing")], [species(2, 1, "climbing", "horns", food=1)], [WATCHER],
                  deck=(3,) + (0,) * (cards.KINDS - 1), deck_size=3, hands=[[], [], ["horns:1"]])
    after = state.play("attack R1 B1")
    assert after.rows[1] == () and after.bags[1] == 1
    assert after.discards[card("climbing")] == 1 and after.discards[card("horns")] == 1
    assert after.to_move == CHANCE and after.deal_to == 1 and after.public_move(after.legal_moves()[0], 0) == "deal"
    after = settle(after)
    assert len(after.hands[1]) == 2 and after.phase == "feed"


def test_every_scavenger_eats_on_every_attack_even_the_prey_and_the_attacker() -> None:
    state = table([species(4, 3, "carnivore", "scavenger")], [species(2, 3, "scavenger"), species(1, 2, "scavenger")],
                  [WATCHER], hands=[[], [], ["horns:1"]])
    after = state.play("attack R1 B1")
    assert after.rows[0][0].food == 3, "2 meat and 1 more as a Scavenger"
    assert [kind.food for kind in after.rows[1]] == [1, 1], "the prey scavenges its own attack"


def test_a_carnivore_must_attack_when_that_is_all_it_can_do() -> None:
    state = table([species(3, 1, "carnivore")], [species(1, 1)], hole=0)
    assert state.legal_moves() == ("attack R1 B1",)


# -- the end of the feeding and the game -----------------------------------------------------------

def test_the_feeding_ends_with_populations_cut_to_the_food_eaten_and_unfed_species_extinct() -> None:
    state = table([species(1, 3, food=2), species(1, 2, "horns")], [species(1, 2, food=1)], hole=0, first=0,
                  deck=(10,) + (0,) * (cards.KINDS - 1), deck_size=10)
    after = rounds.next_feeder(state, None)
    assert after.rows[0][0].population == 2 and after.bags == (2, 1)
    assert len(after.rows[0]) == 1 and after.discards[card("horns")] == 1
    assert after.first == 1 and after.round == state.round + 1
    assert after.owed == (1 + 3 + 1, 3 + 1), "one card for Horns lost, then the deal"


def test_a_reshuffle_during_the_deal_makes_this_round_the_last() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="deal", to_move=CHANCE, deal_to=0, owed=(2, 0),
                  deck=(1,) + (0,) * (cards.KINDS - 1), deck_size=1, discards=(0, 3) + (0,) * (cards.KINDS - 2))
    state = rounds.next_deal(state)
    after = state.play(state.legal_moves()[0])
    assert after.last_round == rounds.THIS_ROUND and after.deck_size == 3 and sum(after.discards) == 0
    assert any("the last" in line for line in after.notes())


def test_a_deal_that_takes_the_decks_last_card_makes_this_round_the_last() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="deal", to_move=CHANCE, deal_to=0, owed=(1, 0),
                  deck=(1,) + (0,) * (cards.KINDS - 1), deck_size=1)
    after = rounds.next_deal(state).play(f"deal {cards.NAMES[0]}")
    assert after.phase == "food" and after.last_round == rounds.THIS_ROUND


def test_a_reshuffle_during_the_feeding_makes_the_next_round_the_last() -> None:
    state = table([species(4, 3, "carnivore")], [species(2, 1, "horns")], deck=(0,) * cards.KINDS, deck_size=0,
                  discards=(0, 3) + (0,) * (cards.KINDS - 2))
    after = state.play("attack R1 B1")
    assert after.last_round == rounds.NEXT_ROUND and after.to_move == CHANCE


def test_the_game_ends_after_the_last_round_and_scores_food_population_and_traits() -> None:
    state = table([species(1, 2, "horns", "climbing", food=2)], [species(1, 1, food=1)], hole=0,
                  last_round=rounds.THIS_ROUND, bags=(3, 10))
    after = rounds.next_feeder(state, None)
    outcome = after.outcome()
    assert after.is_over() and outcome is not None
    assert outcome.scores == (3 + 2 + 2 + 2, 10 + 1 + 1)
    assert outcome.winners == (1,)


def test_a_tie_goes_to_the_most_traits_then_the_most_population() -> None:
    over = table([species(1, 2, "horns")], [species(1, 3)], phase="over", to_move=None, bags=(1, 0))
    assert over.outcome().scores == (4.0, 3.0)  # type: ignore[union-attr]
    traits = over._replace(bags=(0, 0), rows=((species(1, 2, "horns"),), (species(1, 3),)))
    assert traits.outcome().winners == (0,) and "traits" in traits.outcome().reason  # type: ignore[union-attr]
    population = over._replace(bags=(1, 0), rows=((species(1, 2),), (species(1, 3),)))
    assert population.outcome().winners == (1,) and "population" in population.outcome().reason  # type: ignore[union-attr]
    shared = over._replace(bags=(0, 0), rows=((species(1, 2),), (species(1, 2),)))
    assert shared.outcome().winners == (0, 1)  # type: ignore[union-attr]


# -- the quick variant and hidden information ---------------------------------------------------------

def test_in_the_quick_variant_no_one_sees_the_others_plays_until_all_are_done() -> None:
    state = table([species(1, 1)], [species(1, 1)], [species(1, 1)], phase="play", quick=True, hole=10,
                  hands=[["horns:1", "climbing:1"], ["burrowing:1"], ["ambush:0"]], pending=((), (), ()))
    after = state.play("species horns:1 left")
    assert after.public_move("body climbing:1 R1", 1) == "play"
    assert len(after.view(0)["rows"][0]) == 2 and len(after.view(1)["rows"][0]) == 1
    assert after.view(1)["hand_sizes"][0] == 2 and after.view(0)["hand_sizes"][0] == 1
    after = after.play("done")
    hidden = after.resample(1, Rng(4))
    assert hidden.pending[0] == () and hidden.view(1) == after.view(1), "for Blue, Red may have played nothing"
    after = after.play("trait burrowing:1 B1")
    assert after.to_move == 2, "Blue played its last card"
    after = after.play("done")
    assert len(after.rows[0]) == 2 and after.rows[1][0].has(cards.BURROWING)


def test_six_players_always_play_their_cards_at_once() -> None:
    assert Evolution.new(6, {"quick": "off"}, 1).quick
    assert not Evolution.new(5, {}, 1).quick and Evolution.new(5, {"quick": "on"}, 1).quick


def test_resample_redraws_hands_food_cards_and_face_down_traits_but_never_a_trait_twice() -> None:
    state = table([species(1, 1, "climbing")], [species(1, 1, "horns")], phase="play",
                  hands=[["burrowing:1"], ["ambush:0", "scavenger:2"]], food_cards=(card("long-neck", 9), card("fertile", 2)))
    state = state.play("trait burrowing:1 R1")
    for seed in range(30):
        other = state.resample(1, Rng(seed))
        assert other.view(1) == state.view(1) and other.hands[1] == state.hands[1]
        red = other.rows[0][0]
        assert len(red.hidden) == 1 and cards.TRAIT[red.hidden[0]] != cards.CLIMBING
        assert sum(other.deck) + len(other.hands[0]) + 2 == sum(state.deck) + len(state.hands[0]) + 2


def test_moves_that_are_not_moves_or_not_allowed_say_why() -> None:
    state = table([species(1, 1)], [species(1, 1)], phase="food", hands=[["horns:1"], []])
    with pytest.raises(IllegalMoveError, match="no climbing:1 in your hand"):
        state.play("food climbing:1")
    with pytest.raises(IllegalMoveError, match="not now"):
        state.play("feed R1")
    with pytest.raises(ValueError, match="there is no card"):
        state.play("food wings:3")
    feeding = table([species(1, 1)], [species(1, 2)], hole=2)
    with pytest.raises(IllegalMoveError, match="not one of your species"):
        feeding.play("feed B1")
    with pytest.raises(IllegalMoveError, match="no species R4"):
        feeding.play("feed R4")
    with pytest.raises(InvalidMoveError, match="leading zero"):  # R1 spelled otherwise is no move at all
        feeding.play("feed R01")


# -- how long the computer may think ------------------------------------------------------------

def test_a_food_card_ends_the_turn_and_a_card_play_may_not() -> None:
    state = settle(Evolution.new(3, {}, 1))
    assert state.phase == "food" and state.last_decision_of_turn()
    while state.phase == "food":
        state = state.play(state.legal_moves()[0])
    assert state.phase == "play" and not state.last_decision_of_turn(), "the next card is the same seat's"


def test_a_meal_ends_the_turn_unless_the_same_seat_feeds_next() -> None:
    assert table([species(1, 2)], [species(1, 1, food=1)], [species(1, 2)], hole=4).last_decision_of_turn()
    assert not table([species(1, 3)], [species(1, 1, food=1)], hole=4).last_decision_of_turn(), "Blue is fed"
    paying = table([species(1, 3, "intelligence")], [species(1, 1)], hole=0, hands=[["horns:1"], []])
    assert not paying.last_decision_of_turn(), "a card is still to be discarded for it"
    assert paying.play("intelligence R1").last_decision_of_turn(), "no card is left for another meal"


@pytest.mark.parametrize("food", [9, -2])
def test_the_last_trait_before_the_food_cards_does_not_tell_what_they_hold(food: int) -> None:
    # Once R1's traits have acted, Red feeds first if the food cards leave plant food, else Blue attacks.
    state = table([species(1, 1, "fertile", "long-neck")], [species(3, 1, "carnivore")], phase="before", hole=1,
                  triggers=((0, 0, cards.FERTILE), (0, 0, cards.LONG_NECK)),
                  food_cards=(card("long-neck", food) if food > 0 else card("pack-hunting", food),) * 2)
    assert settle(state.play("fertile R1")).to_move == (0 if food > 0 else 1)
    assert not state.last_decision_of_turn()


@pytest.mark.parametrize("fat_store, ends", [(False, True), (True, False)])
def test_the_cards_drawn_after_a_meal_do_not_hide_who_feeds_next(fat_store: bool, ends: bool) -> None:
    # Red's one move kills Blue's last species; with a Fat Tissue to fill, Red feeds again after Blue's draw.
    red = [species(4, 3, "carnivore")] + ([species(5, 1, "fat-tissue", food=1)] if fat_store else [])
    state = table(red, [species(2, 1, "foraging", food=1)], hole=1, hands=[[], []],
                  deck=(3,) + (0,) * (cards.KINDS - 1), deck_size=3)
    assert state.legal_moves() == ("attack R1 B1",)
    assert state.play("attack R1 B1").to_move == CHANCE, "Blue draws for its extinct species"
    assert state.last_decision_of_turn() is ends


# -- what the computer's estimate weighs ----------------------------------------------------------

def test_open_prey_are_species_another_players_carnivore_may_attack_without_a_card() -> None:
    rows = (
        (species(3, 2, "carnivore"), species(1, 1)),
        (species(2, 1), species(1, 1, "climbing"), species(3, 1)),
    )
    prey, hunters = attack.open_prey(rows)
    assert prey == {(1, 0)}, "B2 climbs, B3 is not smaller, and R2 is the carnivore owner's own"
    assert hunters == {(0, 0)}


def test_the_quick_level_judges_by_the_points_on_the_table_blind_to_hunger() -> None:
    # Red's population of 6 will starve at an empty Watering Hole; Blue's 2 have eaten.
    state = table([species(1, 6)], [species(1, 2, food=2)], hole=0)
    assert state.naive_returns()[0] > state.naive_returns()[1]
    assert state.estimate_returns()[0] < state.estimate_returns()[1]


def test_the_forecast_shares_the_watering_hole_a_species_a_turn_a_seat() -> None:
    """Four small species do not eat more than one big one: each seat feeds one species a
    turn, an unfed one first, so Red's fourth species goes hungry."""
    state = table([species(1, 1)] * 4, [species(1, 3)], hole=5)
    assert estimate.plant_forecast(state, list(state.rows)) == [[1, 1, 1, 0], [2]]
    foraging = table([species(1, 1)] * 4, [species(1, 3, "foraging")], hole=5)
    assert estimate.plant_forecast(foraging, list(foraging.rows)) == [[1, 1, 0, 0], [3]]
    cooperation = table([species(1, 2, "cooperation"), species(1, 1)], [species(1, 3)], hole=4)
    assert estimate.plant_forecast(cooperation, list(cooperation.rows)) == [[2, 1], [1]], "R1 passes 1 on to R2 at each meal"
    blue_first = table([species(1, 1)] * 4, [species(1, 3)], hole=5, to_move=1)
    assert estimate.plant_forecast(blue_first, list(blue_first.rows)) == [[1, 1, 0, 0], [3]]
    carnivore = table([species(2, 2, "carnivore")], [species(1, 3)], hole=5)
    assert estimate.plant_forecast(carnivore, list(carnivore.rows)) == [[0], [3]], "a carnivore eats no plant food"


def test_the_estimate_sees_the_traits_played_and_what_acts_before_the_food() -> None:
    hidden = Species(1, 2, hidden=(card("long-neck"),))
    fertile = species(1, 2, "fertile")
    state = table([hidden, fertile], [species(1, 1)], hole=2, phase="play")
    shown = estimate.before_food(state, list(state.rows))
    assert shown[0] == (Species(1, 2, 1, traits=(card("long-neck"),)), Species(1, 3, traits=fertile.traits))
    assert estimate.before_food(state._replace(hole=0), list(state.rows))[0][1] == fertile, "Fertile needs food on the Hole"
    feeding = table([hidden], [species(1, 1)], hole=2)
    assert estimate.before_food(feeding, list(feeding.rows)) == list(feeding.rows), "in the feeding, all has acted"


def test_a_species_the_forecast_leaves_hungry_is_worth_only_the_cards_it_draws() -> None:
    state = table([species(1, 1, "climbing", "horns"), species(1, 1)], [species(1, 1)], hole=2, to_move=1)
    forecast = estimate.plant_forecast(state, list(state.rows))
    assert forecast == [[1, 0], [1]]
    rows, prey, hunters = list(state.rows), set(), set()
    fed = 2 + estimate.FUTURE_FOOD  # the food eaten: to the bag, the population kept, and its next meals
    assert estimate.worth(state, 0, rows[0], (), forecast[0], prey, hunters) == fed + 2
    swapped = (state.rows[0][1], state.rows[0][0])
    assert estimate.worth(state, 0, swapped, (), forecast[0], prey, hunters) == fed + 2 * estimate.HAND_WORTH
    last = state._replace(last_round=rounds.THIS_ROUND)
    assert estimate.worth(last, 0, rows[0], (), forecast[0], prey, hunters) == 2 + 2, "no meals to come"


def test_a_fed_species_is_worth_the_cards_it_will_be_dealt() -> None:
    state = table([species(1, 1), species(1, 1)], [species(1, 1)], hole=3, deck_size=25)
    rows = list(state.rows)
    assert estimate.deals_to_come(state, rows) == 3, "25 cards at 9 a deal: two deals, then the one that reshuffles"
    assert estimate.deals_to_come(state._replace(last_round=rounds.NEXT_ROUND), rows) == 1
    assert estimate.deals_to_come(state._replace(last_round=rounds.THIS_ROUND), rows) == 0

    def gain(state: EvolutionState, forecast: list[int]) -> float:
        """What 3 deals to come add to Red's worth."""
        return (estimate.worth(state, 0, rows[0], (), forecast, set(), set(), 3)
                - estimate.worth(state, 0, rows[0], (), forecast, set(), set(), 0))

    assert estimate.plant_forecast(state, rows) == [[1, 1], [1]]
    assert gain(state, [1, 1]) == pytest.approx(2 * 3 * estimate.HAND_WORTH)
    starved = state._replace(hole=1)
    assert estimate.plant_forecast(starved, rows) == [[1, 0], [0]]
    assert gain(starved, [1, 0]) == pytest.approx(3 * estimate.HAND_WORTH), "only a species that eats is dealt for"


def test_the_estimate_charges_a_species_open_to_attack_to_its_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    hunter = species(3, 2, "carnivore")
    exposed = table([hunter], [species(2, 2)])
    climbing = table([hunter], [species(2, 2, "climbing")])
    charged = exposed.estimate_returns(), climbing.estimate_returns()
    monkeypatch.setattr(estimate, "EXPOSED_COST", 0.0)
    assert exposed.estimate_returns()[1] > charged[0][1] + 0.01
    assert climbing.estimate_returns() == charged[1], "a prey that climbs is not open to this carnivore"
    assert sum(charged[0]) == pytest.approx(1.0)
