"""Flaming Pyramids rules, each as a concrete position and what it leads to.

Places are row:column, row 0 at the bottom; a tile at r:c rests on r-1:c-1 and
r-1:c+1 (see pygames_core/games/flamingpyramids/pyramid.py). Straw weighs 10-30,
wood 40-70, stone 80-100 (tiles.py).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from test_contract import check_state

from pygames_core import ai
from pygames_core.core import CHANCE, IllegalMoveError, InvalidMoveError, chance_move
from pygames_core.games.flamingpyramids import HAND, FlamingPyramidsState
from pygames_core.games.flamingpyramids.tiles import COUNT, INCENDIARY, INDEX
from pygames_core.rng import Rng


def position(table: dict[str, str], hand: list[str], *, players: int = 3, active: int = 0,
             **fields: Any) -> FlamingPyramidsState:
    """Seat `active` to lay a tile from `hand` on `table` ({"r:c": tile name}); the
    other seats hold nothing, every pile is empty but for three face-down tiles."""
    tiles = {tuple(int(n) for n in place.split(":")): INDEX[name] for place, name in table.items()}
    hands = [()] * players
    hands[active] = tuple(sorted(INDEX[name] for name in hand))
    used = set(tiles.values()) | set(hands[active])
    fields.setdefault("unseen", (3,) * players)
    return FlamingPyramidsState(
        players=players, phase="place", to_move=active, active=active, chooser=active, receiver=active,
        deal_to=-1, leftovers=0, pool=tuple(tile for tile in range(COUNT) if tile not in used),
        hands=tuple(hands), known=((),) * players, under=((),) * players,
        table=tuple(sorted((row, column, tile) for (row, column), tile in tiles.items())), **fields)


def table_of(state: FlamingPyramidsState) -> dict[str, str]:
    from pygames_core.games.flamingpyramids.tiles import NAMES

    return {f"{row}:{column}": NAMES[tile] for row, column, tile in state.table}


def under(state: FlamingPyramidsState, seat: int) -> list[str]:
    from pygames_core.games.flamingpyramids.tiles import NAMES

    return [NAMES[tile] for tile in state.under[seat]]


# -- the deal --------------------------------------------------------------------

@pytest.mark.parametrize(("players", "share", "leftovers"), [(2, 22, 1), (3, 15, 0), (4, 11, 1), (5, 9, 0), (6, 7, 3)])
def test_the_deal(players: int, share: int, leftovers: int) -> None:
    state = FlamingPyramidsState.new(players, seed=players)
    while state.to_move == CHANCE:
        state = state.play(chance_move(state))
    assert state.to_move == 0 and state.phase == "place"
    assert all(len(hand) == HAND for hand in state.hands)
    assert state.unseen == (share - HAND,) * players
    assert len(state.table) + len(state.out) == leftovers
    assert all(row == 0 for row, _, _ in state.table)


def test_leftover_incendiaries_leave_the_game_instead_of_starting_the_row() -> None:
    state = FlamingPyramidsState.new(6)
    state = state.play("deal red-10").play("deal coal-green").play("deal blue-90")
    assert table_of(state) == {"0:0": "red-10", "0:2": "blue-90"} and state.out == (INDEX["coal-green"],)
    assert state.deal_to == 0, "then the hands"


def test_a_deal_into_a_hand_is_hidden_from_the_others() -> None:
    state = FlamingPyramidsState.new(3)
    assert state.deal_to == 0
    assert state.public_move("deal red-10", 0) == "deal red-10"
    assert state.public_move("deal red-10", 1) == "deal" and state.public_move("deal red-10", None) == "deal"
    leftover = FlamingPyramidsState.new(2)
    assert leftover.public_move("deal red-10", 1) == "deal red-10", "a leftover is laid face up"


# -- placement ---------------------------------------------------------------------

def test_an_empty_table_takes_a_tile_anywhere_and_one_tile_either_side() -> None:
    assert position({}, ["red-10"]).playing_moves() == ("red-10 0:0",)
    assert position({"0:0": "blue-50"}, ["red-10"]).playing_moves() == ("red-10 0:-2", "red-10 0:2")


def test_two_neighbours_with_nothing_on_them_must_be_built_on() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60"}, ["red-10", "green-20"])
    assert state.playing_moves() == ("red-10 1:1", "green-20 1:1")
    with pytest.raises(IllegalMoveError, match="two neighbours with nothing on them"):
        state.play("red-10 0:4")
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.play("red-20 1:1")
    with pytest.raises(InvalidMoveError):
        state.play("purple-20 1:1")


def test_a_complete_pyramid_grows_at_either_end_of_the_bottom_row() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60", "1:1": "red-10"}, ["green-20"])
    assert state.playing_moves() == ("green-20 0:-2", "green-20 0:4")


def test_a_gap_in_the_bottom_row_is_a_spot_too() -> None:
    state = position({"0:0": "blue-50", "0:4": "red-60"}, ["green-20"])
    assert state.playing_moves() == ("green-20 0:2",)


def test_a_tile_that_fits_stays_and_the_turn_passes_with_a_draw() -> None:
    # Red 10 matches Red 60 in colour and weighs less than 50 + 60.
    state = position({"0:0": "blue-50", "0:2": "red-60"}, ["red-10", "green-20"]).play("red-10 1:1")
    assert table_of(state)["1:1"] == "red-10"
    assert state.to_move == CHANCE and state.phase == "draw" and state.deal_to == 0
    while state.to_move == CHANCE:  # up to 5, as far as the pile goes: three face-down tiles
        state = state.play(chance_move(state))
    assert len(state.hands[0]) == 4 and state.unseen[0] == 0
    assert state.to_move == 1 and state.active == 1


# -- collapses ---------------------------------------------------------------------

def test_a_tile_matching_neither_below_collapses_them_and_falls_as_its_player_chooses() -> None:
    # Green 20 matches neither Blue 50 nor Red 60 in colour or number.
    state = position({"0:0": "blue-50", "0:2": "red-60"}, ["green-20", "red-10"]).play("green-20 1:1")
    assert state.phase == "fall" and state.to_move == 0 and state.legal_moves() == ("fall left", "fall right")
    assert under(state, 0) == ["blue-50", "red-60"]
    state = state.play("fall right")
    assert table_of(state) == {"0:2": "green-20"}


def test_a_tile_heavier_than_the_two_below_collapses_them() -> None:
    # Red 100 matches Red 30 but weighs more than 30 + 60.
    state = position({"0:0": "red-30", "0:2": "blue-60"}, ["red-100"]).play("red-100 1:1")
    assert state.phase == "fall" and under(state, 0) == ["red-30", "blue-60"]
    # As heavy as the two together is allowed.
    state = position({"0:0": "red-30", "0:2": "blue-70"}, ["red-100"]).play("red-100 1:1")
    assert state.phase == "draw"


def test_the_millstone_matches_every_colour() -> None:
    state = position({"0:0": "red-100", "0:2": "blue-100"}, ["millstone"]).play("millstone 1:1")
    assert state.phase == "draw" and table_of(state)["1:1"] == "millstone"


def test_a_collapse_cascades_until_everything_fits() -> None:
    #   row 2:            Blue 40 (laid)              <- matches nothing below: collapses
    #   row 1:     Red 30        Green 30
    #   row 0: Red 10   Yellow 20    Green 90
    table = {"0:0": "red-10", "0:2": "yellow-20", "0:4": "green-90", "1:1": "red-30", "1:3": "green-30"}
    state = position(table, ["blue-40"]).play("blue-40 2:2")
    assert under(state, 0) == ["red-30", "green-30"]
    # Blue 40 falls right onto 1:3, on Yellow 20 and Green 90: a match with neither: they go too.
    state = state.play("fall right")
    assert under(state, 0) == ["red-30", "green-30", "yellow-20", "green-90"]
    assert state.phase == "fall"
    state = state.play("fall left")
    assert table_of(state) == {"0:0": "red-10", "0:2": "blue-40"}
    assert state.phase == "draw"


# -- free air and overhangs ----------------------------------------------------------

def test_an_overhang_heavier_than_the_tile_under_it_collapses() -> None:
    #   row 1:     Red 20 (laid)   Yellow 30
    #   row 0: Blue 60     Green 70      Yellow 10
    table = {"0:0": "blue-60", "0:2": "green-70", "0:4": "yellow-10", "1:3": "yellow-30"}
    state = position(table, ["red-20"]).play("red-20 1:1")  # matches neither: collapses Blue 60, Green 70
    state = state.play("fall left")  # Red 20 to 0:0
    # Yellow 30 at 1:3 now rests on Yellow 10 alone: same colour but heavier: it collapses too.
    assert under(state, 0) == ["blue-60", "green-70", "yellow-10"]
    assert state.phase == "fall" and state.falling == (1, 3)


def test_an_overhang_of_the_same_colour_and_no_heavier_stays() -> None:
    table = {"0:0": "blue-60", "0:2": "green-70", "0:4": "yellow-40", "1:3": "yellow-30"}
    state = position(table, ["red-20"]).play("red-20 1:1").play("fall left")
    # Yellow 30 now rests on Yellow 40 alone: it stands.
    assert table_of(state) == {"0:0": "red-20", "0:4": "yellow-40", "1:3": "yellow-30"}
    assert state.phase == "draw"


def test_a_tile_on_nothing_falls_down_a_row_at_a_time() -> None:
    # Only in free air: Red 10 at 2:2 over a hole; the player chooses each step.
    state = position({"0:0": "blue-10", "0:4": "green-10", "2:2": "red-10"}, ["yellow-10"], active=1)
    state = state.play("yellow-10 0:2")
    assert state.phase == "fall" and state.falling == (2, 2) and state.to_move == 1
    state = state.play("fall left")  # to 1:1, on Blue 10 and Yellow 10: Red 10 matches by number
    assert table_of(state)["1:1"] == "red-10" and state.phase == "draw"


# -- explosions and fire ------------------------------------------------------------------

def test_incendiaries_that_touch_explode_taking_every_tile_touching_them() -> None:
    # The red Blowtorch laid beside the green Coal (it fits: red matches Red 50's colour).
    #   row 1:          coal-green   [torch-red laid at 1:3]
    #   row 0:  Green 60     Stone 90(green)    Red 50
    table = {"0:0": "green-60", "0:2": "green-90", "0:4": "red-50", "1:1": "coal-green", "0:6": "blue-80"}
    state = position(table, ["torch-red"]).play("torch-red 1:3")
    assert state.out == (INDEX["coal-green"], INDEX["torch-red"])
    assert sorted(under(state, 0)) == ["green-60", "green-90", "red-50"]
    assert table_of(state) == {"0:6": "blue-80"}


def test_coal_burns_straw_through_straw_but_not_wood_or_stone() -> None:
    # The green Coal on Green 80 (stone) and Green 10 (straw): it fits and lights the straw,
    # and the fire runs on through Blue 20 (straw) but stops at Red 40 (wood).
    table = {"0:0": "green-80", "0:2": "green-10", "0:4": "blue-20", "0:6": "red-40"}
    state = position(table, ["coal-green"]).play("coal-green 1:1")
    assert under(state, 0) == ["green-10", "blue-20"]
    assert state.out == (INDEX["coal-green"],)
    # The Coal is gone; nothing stands on air: what is left is the stone and the wood.
    assert table_of(state) == {"0:0": "green-80", "0:6": "red-40"}


def test_a_blowtorch_burns_wood_and_straw_but_never_the_millstone() -> None:
    table = {"0:0": "red-40", "0:2": "millstone", "0:4": "blue-10"}
    state = position(table, ["torch-red"]).play("torch-red 1:1")
    assert under(state, 0) == ["red-40"]
    assert table_of(state) == {"0:2": "millstone", "0:4": "blue-10"}


def test_straw_laid_next_to_an_incendiary_catches_fire() -> None:
    table = {"0:0": "yellow-80", "0:2": "yellow-90", "1:1": "coal-yellow", "0:4": "green-100"}
    state = position(table, ["yellow-10"]).play("yellow-10 1:3")
    assert under(state, 0) == ["yellow-10"]
    assert state.out == (INDEX["coal-yellow"],)


def test_collapses_come_before_explosions_and_fire() -> None:
    # Blue 100 on a Coal and straw: too heavy. The collapse takes them both to the pile,
    # so nothing burns; then Blue 100 falls.
    table = {"0:0": "coal-green", "0:2": "blue-10"}
    state = position(table, ["blue-100"]).play("blue-100 1:1")
    assert under(state, 0) == ["coal-green", "blue-10"] and state.out == ()


# -- the Curse --------------------------------------------------------------------------

def test_the_curse_sends_three_equal_numbers_to_the_previous_player_who_chooses_what_follows() -> None:
    # Seat 1 lays Red 30 on Blue 30 and Green 30: it fits (same number) and is cursed.
    # Above it, Yellow 90 at 2:2 rested on Red 30 and Yellow 100: now on Yellow 100 alone,
    # yellow and lighter: it stands. Seat 0 (the previous player) takes the three.
    table = {"0:0": "blue-30", "0:2": "green-30", "0:4": "yellow-100"}
    state = position(table, ["red-30"], active=1, curse=True).play("red-30 1:1")
    assert under(state, 0) == ["red-30", "blue-30", "green-30"] and under(state, 1) == []
    without = position(table, ["red-30"], active=1).play("red-30 1:1")
    assert table_of(without)["1:1"] == "red-30", "the Curse is an option"


def test_after_the_curse_the_previous_player_receives_and_chooses_the_falls() -> None:
    #   row 2:                 Green 20 (on 1:1 and 1:3)
    #   row 1:     [Red 30 laid]      Green 40
    #   row 0: Blue 30    Green 30        Yellow 60
    table = {"0:0": "blue-30", "0:2": "green-30", "0:4": "yellow-60", "1:3": "green-40", "2:2": "green-20"}
    state = position(table, ["red-30"], active=1, curse=True).play("red-30 1:1")
    # The Curse takes Red 30, Blue 30, Green 30 to seat 0. Green 20 now rests on Green 40
    # alone (same colour, lighter): it stands; Green 40 on Yellow 60 alone (another colour)
    # collapses: Yellow 60 goes to seat 0 too, and seat 0 chooses which way Green 40 falls.
    assert under(state, 0) == ["red-30", "blue-30", "green-30", "yellow-60"]
    assert state.phase == "fall" and state.to_move == 0 and state.falling == (1, 3)


# -- the Fire Die ------------------------------------------------------------------------

FIRE_TABLE = {"0:0": "green-80", "0:2": "green-10", "0:4": "blue-20", "0:6": "red-90"}


def rolled(outcome: str) -> FlamingPyramidsState:
    state = position(FIRE_TABLE, ["coal-green"], fire_die=True).play("coal-green 1:1")
    assert state.to_move == CHANCE and state.phase == "die"
    assert dict(zip(state.legal_moves(), state.chance_weights())) == {
        "die fire": 3, "die fire out": 1, "die explosion": 1, "die smoke": 1}
    return state.play(outcome)


def test_the_fire_die_fire_keeps_the_incendiary() -> None:
    state = rolled("die fire")
    assert under(state, 0) == ["green-10", "blue-20"] and state.out == ()
    # The Coal stays, on Green 80 alone: green and lighter, it stands.
    assert table_of(state) == {"0:0": "green-80", "0:6": "red-90", "1:1": "coal-green"} and state.phase == "draw"


def test_the_fire_die_fire_out_removes_the_incendiary() -> None:
    state = rolled("die fire out")
    assert under(state, 0) == ["green-10", "blue-20"] and state.out == (INDEX["coal-green"],)


def test_the_fire_die_explosion_takes_the_pair_and_everything_touching_them() -> None:
    state = rolled("die explosion")
    assert state.out == (INDEX["coal-green"], INDEX["green-10"])
    assert under(state, 0) == ["green-80", "blue-20"]


def test_the_fire_die_smoke_does_nothing_and_no_fire_follows() -> None:
    state = rolled("die smoke")
    assert under(state, 0) == [] and state.out == () and state.phase == "draw"


def test_with_the_fire_die_a_collapse_starts_no_fire() -> None:
    # The Coal falls from a collapse onto straw: without the die it would burn it.
    table = {"0:0": "red-90", "0:2": "blue-90", "0:-2": "yellow-10"}
    state = position(table, ["coal-green"], fire_die=True).play("coal-green 1:1")
    state = state.play("fall left")  # to 0:0, beside Yellow 10 (straw)
    assert state.phase == "draw" and "yellow-10" in table_of(state).values()
    burning = position(table, ["coal-green"]).play("coal-green 1:1").play("fall left")
    assert "yellow-10" not in table_of(burning).values()


# -- the end -------------------------------------------------------------------------------

def test_a_player_with_no_tile_left_wins_and_the_rest_rank_by_tiles_left() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60"}, ["red-10"], unseen=(0, 4, 2))
    state = state.play("red-10 1:1")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (0, 4, 2)
    assert outcome.standings() == (0, 2, 1) and outcome.to_dict()["standings"] == [0, 2, 1], "fewest tiles next"


def test_a_random_game_of_every_size_keeps_the_contract() -> None:
    for players in range(2, 7):
        for options in ({}, {"curse": "on", "fire_die": "on"}):
            state = FlamingPyramidsState.new(players, options, seed=players)
            rng = Rng(players)
            plies = 0
            while not state.is_over():
                if plies % 7 == 0:
                    check_state(state)
                state = state.play(chance_move(state) if state.to_move == CHANCE else rng.choice(state.playing_moves()))
                plies += 1
            check_state(state)


def test_the_view_tells_the_player_to_move_what_each_placement_sets_off() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60", "0:4": "coal-green", "0:6": "red-90"},
                     ["green-20", "blue-30"], players=2)
    assert state.view(0)["mayhem"] == {
        "blue-30 1:1": "", "blue-30 1:3": "collapse", "blue-30 1:5": "collapse",
        "green-20 1:1": "collapse", "green-20 1:3": "fire", "green-20 1:5": "fire"}
    assert state.view(1)["mayhem"] == {}, "only for the player to move"


def test_the_view_tells_what_the_latest_move_did_to_the_pyramid() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60"}, ["green-20", "red-10"]).play("green-20 1:1")
    motion = [(item["kind"], item["step"], item["row"], item["column"], item["tile"]["name"], item["from"], item["to"])
              for item in state.view(1)["motion"]]
    assert motion == [("laid", 0, 1, 1, "green-20", None, None),
                      ("left", 1, 0, 0, "blue-50", None, 0), ("left", 1, 0, 2, "red-60", None, 0)], \
        "the laid tile first, then the collapse a step later, under the placer's pile"
    fell = state.play("fall left").view(None)["motion"]
    assert [(item["kind"], item["step"], item["row"], item["column"], item["from"]) for item in fell] == [("fell", 0, 0, 0, "1:1")]


def test_the_motion_of_a_fire_is_a_step_after_the_laying_and_names_where_each_tile_went() -> None:
    state = position({"0:0": "blue-50", "0:2": "red-60", "0:4": "coal-green", "0:6": "red-90"},
                     ["green-20", "blue-30"], players=2).play("green-20 1:3")
    left = {(item["tile"]["name"], item["step"], item["to"]) for item in state.view(None)["motion"] if item["kind"] == "left"}
    notes = state.notes()
    assert left == {("green-20", 1, 0), ("coal-green", 1, None)}, (left, notes)


# -- what the computer knows -----------------------------------------------------------------

def test_each_tiles_share_of_unsafe_places_is_worked_out_from_the_rules() -> None:
    """MISSES: of the pairs of other tiles that can stand side by side, the share on which the
    tile laid sets off a collapse, an explosion or a fire."""
    from itertools import combinations

    from pygames_core.games.flamingpyramids import MISSES, pyramid

    def sets_off(table: pyramid.Table) -> bool:
        return bool(pyramid.first_collapse(table) or pyramid.first_explosion(table) or pyramid.first_fire(table))

    for tile in range(COUNT):
        standing = [pair for pair in combinations([other for other in range(COUNT) if other != tile], 2)
                    if not sets_off({(0, 0): pair[0], (0, 2): pair[1]})]
        unsafe = sum(sets_off({(0, 0): left, (0, 2): right, (1, 1): tile}) for left, right in standing)
        assert MISSES[tile] == pytest.approx(unsafe / len(standing), abs=0.0005), tile


def test_the_estimate_counts_a_hand_that_may_find_no_safe_place_against_its_seat() -> None:
    awkward = ("millstone", "torch-red", "torch-blue", "coal-green", "red-100")
    handy = ("red-10", "blue-20", "green-40", "yellow-40", "red-50")
    state = position({}, list(awkward))._replace(
        hands=(tuple(sorted(INDEX[name] for name in awkward)), tuple(sorted(INDEX[name] for name in handy)), ()),
        unseen=(3, 3, 8))
    assert [state.tiles_left(seat) for seat in range(3)] == [8, 8, 8]
    assert state.naive_returns() == pytest.approx((0.5, 0.5, 0.5)), "tiles left alone: all even"
    chances = state.estimate_returns()
    assert chances[0] < chances[1] < chances[2] and sum(chances) == pytest.approx(1.5), "each pair shares 1"
    assert state.stuck_chance(2) == 0, "an empty hand has no tile to be stuck with"


def test_the_computer_lays_the_millstone_where_it_is_safe_rather_than_keep_it() -> None:
    """On a complete pyramid the next tile goes at either end of the bottom row, where any tile is
    safe: every choice leaves the same tiles, but only the Millstone is hard to place later."""
    state = position({"0:0": "blue-50", "0:2": "red-60", "1:1": "red-20"},
                     ["millstone", "red-10", "blue-20", "green-30", "yellow-40"])
    others = [tile for tile in state.pool if not INCENDIARY[tile]]
    state = state._replace(hands=(state.hands[0], tuple(others[:5]), tuple(others[5:10])),
                           pool=tuple(sorted(set(state.pool) - set(others[:10]))))
    assert {move.split()[1] for move in state.playing_moves()} == {"0:-2", "0:4"}
    move = ai.choose_move(state, "search", math.inf, 3, iterations=400)
    assert move.startswith("millstone "), move
