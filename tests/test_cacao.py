"""Cacao's rules, from the rules text and the facts' decisions, as small positions.

Squares are "x,y", x to the right and y downwards. A worker tile's edges are read
top, right, bottom, left; turned 90 degrees, a 3-1-0-0 has 3 workers on its right.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygames_core import get_game
from pygames_core.core import CHANCE, IllegalMoveError, chance_move
from pygames_core.games.cacao import (KINDS, PATTERN_NAMES, WATER, CacaoState, edges)
from pygames_core.rng import Rng

Cacao = get_game("cacao")


def position(jungle: dict[str, str], workers: dict[str, str] | None = None, *, hands: list[list[str]] | None = None,
             display: tuple[str, ...] = ("temple", "water"), players: int = 2, active: int = 0, **fields: Any) -> CacaoState:
    """A position: jungle {"x,y": kind}, workers {"x,y": "seat pattern rotation"}, each seat's hand
    (every other tile of the seat's set in its pile)."""
    state = Cacao.new(players, {}, 1)
    hands = hands or [["1-1-1-1", "2-1-0-1", "3-1-0-0"]] * players
    piles = []
    for seat in range(players):
        pile = list(state.piles[seat])
        for name in hands[seat]:
            pile[PATTERN_NAMES.index(name)] -= 1
        piles.append(tuple(pile))
    laid = []
    for square, text in (workers or {}).items():
        x, y = map(int, square.split(","))
        seat, pattern, rotation = text.split()
        laid.append((x, y, int(seat), PATTERN_NAMES.index(pattern), int(rotation), False))
    pile = list(state.jungle_pile)
    tiles = []
    for square, kind in jungle.items():
        x, y = map(int, square.split(","))
        tiles.append((x, y, KINDS.index(kind)))
    for kind in display:
        pile[KINDS.index(kind)] -= 1
    values = dict(phase="place", to_move=active, active=active, deal_to=-1,
                  hands=tuple(tuple(sorted(PATTERN_NAMES.index(name) for name in hand)) for hand in hands),
                  piles=tuple(piles), workers=tuple(sorted(laid)), jungle=tuple(sorted(tiles)), jungle_pile=tuple(pile),
                  display=tuple(sorted(KINDS.index(kind) for kind in display)), ply=10)
    values.update(fields)
    return state._replace(**values)


def settle(state: CacaoState, *outcomes: str) -> CacaoState:
    """Plays the chance points after a turn: the given outcomes first, then the state's own draws."""
    queue = list(outcomes)
    while state.to_move == CHANCE:
        state = state.play(queue.pop(0) if queue else chance_move(state))
    return state


# -- set-up ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, per_seat", [(2, {"1-1-1-1": 4, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1}),
                                               (3, {"1-1-1-1": 3, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1}),
                                               (4, {"1-1-1-1": 3, "2-1-0-1": 4, "3-0-0-1": 1, "3-1-0-0": 1})])
def test_each_player_has_their_worker_tiles_less_the_removals_for_the_table(players: int, per_seat: dict[str, int]) -> None:
    state = settle(Cacao.new(players, {}, 7))
    view = state.view(0)
    assert view["unlaid"] == [per_seat] * players
    assert view["hand_sizes"] == [3] * players
    assert view["pile_sizes"] == [sum(per_seat.values()) - 3] * players


@pytest.mark.parametrize("players, jungle", [(2, 21), (3, 28), (4, 28)])
def test_the_jungle_is_28_tiles_less_seven_with_two_players(players: int, jungle: int) -> None:
    state = settle(Cacao.new(players, {}, 3))
    view = state.view(None)
    assert view["jungle"] == [{"x": 0, "y": 0, "kind": "plantation-1"}, {"x": 1, "y": 1, "kind": "market-2"}]
    assert len(view["display"]) == 2
    assert view["jungle_left"] + len(view["display"]) + 2 == jungle
    assert state.to_move == 0 and state.phase == "place"
    assert view["water_gold"] == [-10] * players, "every carrier starts on -10"


def test_two_players_play_without_two_single_plantations_a_price_3_market_a_1_gold_mine_a_water_a_sun_site_and_a_temple() -> None:
    two, three = Cacao.new(2, {}, 1), Cacao.new(3, {}, 1)
    removed = {KINDS[kind]: three.jungle_pile[kind] - two.jungle_pile[kind] for kind in range(len(KINDS))}
    assert {kind: count for kind, count in removed.items() if count} == {
        "plantation-1": 2, "market-3": 1, "mine-1": 1, "water": 1, "sun": 1, "temple": 1}


def test_rotating_a_tile_turns_its_workers_clockwise() -> None:
    assert edges(PATTERN_NAMES.index("3-1-0-0"), 0) == (3, 1, 0, 0)
    assert edges(PATTERN_NAMES.index("3-1-0-0"), 90) == (0, 3, 1, 0)
    assert edges(PATTERN_NAMES.index("3-0-0-1"), 270) == (0, 0, 1, 3)


# -- laying worker tiles ---------------------------------------------------------------------------

def test_a_worker_tile_goes_next_to_jungle_and_never_edge_to_edge_with_another() -> None:
    state = position({"0,0": "plantation-1", "1,1": "market-2"}, {"1,0": "1 2-1-0-1 0"})
    squares = {move.split()[1] for move in state.legal_moves()}
    assert squares == {"0,-1", "-1,0", "0,1", "2,1", "1,2"}, "1,0 is taken; every other square beside jungle is open"
    with pytest.raises(IllegalMoveError, match="never edge to edge"):
        state.play("2-1-0-1 2,0 0")
    with pytest.raises(IllegalMoveError, match="another player's"):
        state.play("2-1-0-1 1,0 0")
    with pytest.raises(IllegalMoveError, match="not in your hand|no 3-0-0-1 in your hand"):
        state.play("3-0-0-1 0,1 0")


def test_a_one_one_one_one_is_laid_only_at_rotation_zero() -> None:
    state = position({"0,0": "plantation-1", "1,1": "market-2"})
    assert "1-1-1-1 0,1 0" in state.legal_moves() and "1-1-1-1 0,1 90" not in state.legal_moves()
    assert {"2-1-0-1 0,1 0", "2-1-0-1 0,1 90", "2-1-0-1 0,1 180", "2-1-0-1 0,1 270"} <= set(state.legal_moves())
    with pytest.raises(IllegalMoveError, match="same every way"):
        state.play("1-1-1-1 0,1 90")


def test_workers_next_to_the_new_tile_work_their_jungle_for_the_player() -> None:
    # 3-1-0-0 at 0,1 turned 0: 3 workers up against the plantation at 0,0, 1 right against the market at 1,1.
    state = position({"0,0": "plantation-1", "1,1": "market-2"}, hands=[["3-1-0-0"], ["1-1-1-1"]])
    after = state.play("3-1-0-0 0,1 0")
    assert after.cacao[0] == 2 and after.gold[0] == 2, "3 cacao grown, then 1 sold for 2"
    assert list(after.notes()) == ["Red at a plantation (0,0), 3 workers: grows 3 cacao",
                                   "Red at a market (2) (1,1), 1 worker: sells 1 cacao for 2 gold"]


# -- jungle tiles ----------------------------------------------------------------------------------

def test_each_square_the_new_tile_closes_in_gets_a_jungle_tile_chosen_from_the_display() -> None:
    # Purple's tile at 1,0; Red's new tile at 2,1 closes in the empty 1,1 between them.
    state = position({"0,0": "plantation-1", "2,0": "mine-1"}, {"1,0": "1 1-1-1-1 0"},
                     display=("temple", "water"), hands=[["2-1-0-1"], ["1-1-1-1"]])
    after = state.play("2-1-0-1 2,1 0")  # beside the mine at 2,0; 1,1 now touches 1,0 and 2,1
    assert after.phase == "jungle" and after.to_move == 0
    assert after.legal_moves() == ("water 1,1", "temple 1,1")
    filled = after.play("water 1,1")
    # The water works for both owners: Purple's 1,0 (1 worker, bottom) and Red's 2,1 (1 worker, left).
    assert filled.water == (1, 1), "each owner's carrier steps once, Purple's on Red's turn"
    assert filled.gold[0] == 2, "the 2 workers on top of Red's tile mine the gold mine at 2,0"
    notes = filled.notes()
    assert any(note.startswith("Purple at a water (1,1)") for note in notes), notes


def test_the_display_is_refilled_mid_turn_when_it_runs_empty_and_at_the_end_of_the_turn() -> None:
    # Red's tile at 1,0 closes in 1,-1, 2,0 and 1,1: each touches Purple's 2,-1 or 2,1 too.
    state = position({"0,0": "plantation-1"}, {"2,-1": "1 2-1-0-1 0", "2,1": "1 2-1-0-1 0"},
                     display=("temple", "water"), hands=[["1-1-1-1"], ["1-1-1-1"]])
    state = state.play("1-1-1-1 1,0 0")
    assert sorted(state.pending) == [(1, -1), (1, 1), (2, 0)]
    state = state.play("temple 1,-1").play("water 2,0")
    assert state.to_move == CHANCE and state.display == (), "the display ran empty: the pile feeds it"
    state = state.play("reveal sun")
    assert state.phase == "jungle" and state.legal_moves() == ("sun 1,1",)
    state = state.play("sun 1,1")
    assert state.to_move == CHANCE and state.deal_to == 0, "Red draws a worker tile"
    state = settle(state, "deal 1-1-1-1", "reveal market-3", "reveal market-4")
    assert [KINDS[kind] for kind in state.display] == ["market-3", "market-4"], "filled back up to 2 at the end"
    assert state.to_move == 1 and state.phase == "place"
    assert state.hands[0] == (0,), "one worker tile drawn a turn"


def test_jungle_squares_stay_empty_once_the_jungle_is_gone() -> None:
    state = position({"0,0": "plantation-1", "2,0": "mine-1"}, {"1,0": "1 1-1-1-1 0"},
                     display=(), hands=[["2-1-0-1"], ["1-1-1-1"]], jungle_pile=(0,) * len(KINDS))
    after = state.play("2-1-0-1 2,1 0")
    assert after.phase != "jungle" and after.pending == ()
    assert (1, 1) not in after.jungle_at()


# -- every jungle tile at work ---------------------------------------------------------------------

@pytest.mark.parametrize("kind, before, after", [
    ("plantation-1", {"cacao": 1}, {"cacao": 3}),
    ("plantation-2", {"cacao": 0}, {"cacao": 4}),
    ("market-2", {"cacao": 3}, {"cacao": 1, "gold": 4}),
    ("market-3", {"cacao": 1}, {"cacao": 0, "gold": 3}),
    ("market-4", {"cacao": 2}, {"cacao": 0, "gold": 8}),
    ("mine-1", {}, {"gold": 2}),
    ("mine-2", {}, {"gold": 4}),
    ("water", {"water": 0}, {"water": 2}),
    ("sun", {"sun": 0}, {"sun": 2}),
    ("temple", {}, {}),
])
def test_two_workers_work_each_kind_of_jungle_tile_twice(kind: str, before: dict[str, int], after: dict[str, int]) -> None:
    # A 2-1-0-1 at 0,1 turned 0 puts its 2 workers against the tile at 0,0.
    start = {name: (value, 0) for name, value in before.items()}
    state = position({"0,0": kind}, hands=[["2-1-0-1"], ["1-1-1-1"]], **start)
    played = state.play("2-1-0-1 0,1 0")
    for name in ("cacao", "gold", "sun", "water"):
        assert getattr(played, name)[0] == after.get(name, before.get(name, 0)), name


def test_cacao_stops_at_five_and_sun_tokens_at_three() -> None:
    state = position({"0,0": "plantation-2", "0,2": "sun"}, hands=[["3-0-0-1"], ["1-1-1-1"]], cacao=(4, 0), sun=(2, 0))
    played = state.play("3-0-0-1 0,1 0")  # 3 workers up to the plantation (6 cacao), none down to the sun
    assert played.cacao[0] == 5
    assert "5 at most are kept" in played.notes()[0]
    played = state.play("3-0-0-1 0,1 180")  # 3 workers down to the sun site
    assert played.sun[0] == 3


def test_a_market_sells_only_the_cacao_there_is() -> None:
    state = position({"0,0": "market-4"}, hands=[["3-1-0-0"], ["1-1-1-1"]], cacao=(1, 0))
    played = state.play("3-1-0-0 0,1 0")
    assert (played.cacao[0], played.gold[0]) == (0, 4)


def test_cacao_grown_in_a_turn_is_sold_in_the_same_turn_at_the_dearest_market_first() -> None:
    # A 2-1-0-1 turned 90 at 1,0: 2 workers right (market-4 at 2,0), 1 up (plantation at 1,-1), 1 down (market-2 at 1,1).
    state = position({"1,-1": "plantation-1", "2,0": "market-4", "1,1": "market-2"}, hands=[["2-1-0-1"], ["1-1-1-1"]])
    played = state.play("2-1-0-1 1,0 90")
    assert (played.cacao[0], played.gold[0]) == (0, 4), "1 cacao grown, sold for 4; nothing left for the market at 2"


def test_a_full_store_sells_before_it_grows_so_that_no_cacao_is_lost_that_a_market_could_take() -> None:
    # 1-1-1-1 at 1,0: a worker up against the tile at 1,-1, one left (0,0), one down against the market at 1,1.
    state = position({"1,-1": "plantation-1", "1,1": "market-2"}, hands=[["1-1-1-1"], ["1-1-1-1"]], cacao=(5, 0))
    played = state.play("1-1-1-1 1,0 0")
    assert (played.cacao[0], played.gold[0]) == (5, 2), "one sold for 2 made room for the one grown"
    assert not any("at most" in note for note in played.notes())
    # Two cacao grown, one sold: the market makes room for one of them only.
    for jungle in ({"1,-1": "plantation-2", "1,1": "market-2"},
                   {"1,-1": "plantation-1", "0,0": "plantation-1", "1,1": "market-2"}):
        state = position(jungle, hands=[["1-1-1-1"], ["1-1-1-1"]], cacao=(5, 0))
        played = state.play("1-1-1-1 1,0 0")
        assert (played.cacao[0], played.gold[0]) == (5, 2), jungle
        assert any("(5 at most are kept)" in note for note in played.notes()), jungle
    # Each worker harvests on its own: from an empty store, three workers at a double plantation grow
    # 2 and 2, the market sells 1, and the last 2 still fit.
    state = position({"0,0": "plantation-2", "1,1": "market-2"}, hands=[["3-1-0-0"], ["1-1-1-1"]], cacao=(0, 0))
    played = state.play("3-1-0-0 0,1 0")
    assert (played.cacao[0], played.gold[0]) == (5, 2)
    # Two sold with room to spare: the full harvest is kept.
    state = position({"1,-1": "plantation-2", "1,1": "market-2", "2,0": "market-3"},
                     hands=[["1-1-1-1"], ["1-1-1-1"]], cacao=(4, 0))
    played = state.play("1-1-1-1 1,0 0")
    assert (played.cacao[0], played.gold[0]) == (4, 5)


def test_the_water_carrier_starts_at_minus_ten_and_stops_at_sixteen() -> None:
    assert WATER[0] == -10 and WATER[-1] == 16
    state = position({"0,0": "water"}, hands=[["3-1-0-0"], ["1-1-1-1"]], water=(7, 0))
    played = state.play("3-1-0-0 0,1 0")
    assert played.water[0] == 8 and played.view(0)["water_gold"][0] == 16, "3 steps asked, 1 taken"


# -- overbuilding ----------------------------------------------------------------------------------

def test_overbuilding_waits_for_the_jungle_to_run_out_and_costs_a_sun_token() -> None:
    jungle = {"0,0": "plantation-1", "1,1": "market-2"}
    mine = {"1,0": "0 1-1-1-1 0"}
    empty = dict(display=(), jungle_pile=(0,) * len(KINDS))
    assert not any(" 1,0 " in move for move in position(jungle, mine, sun=(1, 0)).legal_moves()), "jungle left"
    assert not any(" 1,0 " in move for move in position(jungle, mine, sun=(0, 0), **empty).legal_moves()), "no sun"
    state = position(jungle, mine, sun=(1, 0), cacao=(0, 0), hands=[["3-0-0-1"], ["1-1-1-1"]], **empty)
    assert "3-0-0-1 1,0 270" in state.legal_moves()
    played = state.play("3-0-0-1 1,0 270")  # turned 270: 3 workers on the left (plantation at 0,0), 1 at the bottom
    assert played.sun[0] == 0 and played.cacao[0] == 2, "3 grown, 1 sold at the market below"
    assert played.gold[0] == 2
    (worker,) = played.view(None)["workers"]
    assert worker["tile"] == "3-0-0-1" and worker["overbuilt"]
    again = position(jungle, {}, sun=(1, 0), hands=[["2-1-0-1"], ["1-1-1-1"]], **empty)._replace(
        workers=played.workers)
    with pytest.raises(IllegalMoveError, match="overbuilt once already"):
        again.play("2-1-0-1 1,0 0")


def test_no_one_overbuilds_another_players_tile() -> None:
    state = position({"0,0": "plantation-1"}, {"1,0": "1 1-1-1-1 0"}, sun=(3, 0), display=(), jungle_pile=(0,) * len(KINDS))
    assert not any(" 1,0 " in move for move in state.legal_moves())


# -- temples and the end ---------------------------------------------------------------------------

def temples(workers: dict[str, str], players: int = 3) -> tuple[int, ...]:
    return position({"0,0": "temple"}, workers, players=players).temple_gold()


def test_a_temple_pays_six_to_the_most_workers_and_three_to_the_second() -> None:
    # Around the temple at 0,0: 1,0 (its left edge faces it), 0,1 (top), -1,0 (right), 0,-1 (bottom).
    assert temples({"0,1": "0 3-1-0-0 0", "1,0": "1 2-1-0-1 270"}) == (6, 3, 0)


def test_a_lone_player_at_a_temple_takes_six() -> None:
    assert temples({"0,1": "2 1-1-1-1 0"}) == (0, 0, 6)


def test_a_tie_for_the_most_splits_six_and_pays_no_second() -> None:
    assert temples({"0,1": "0 1-1-1-1 0", "1,0": "1 1-1-1-1 0", "-1,0": "2 1-1-1-1 0", "0,-1": "3 1-1-1-1 0"},
                   players=4) == (1, 1, 1, 1)
    assert temples({"0,1": "0 1-1-1-1 0", "1,0": "1 1-1-1-1 0", "0,-1": "2 3-1-0-0 180"}) == (1, 1, 6), \
        "one first, two tied second"
    assert temples({"0,1": "0 1-1-1-1 0", "1,0": "1 1-1-1-1 0"}) == (3, 3, 0)


def test_a_tie_for_second_splits_three_rounded_down() -> None:
    assert temples({"0,1": "0 3-1-0-0 0", "1,0": "1 1-1-1-1 0", "-1,0": "2 1-1-1-1 0"}) == (6, 1, 1)


def test_workers_not_facing_a_temple_do_not_count() -> None:
    assert temples({"0,1": "0 3-1-0-0 180"}) == (0, 0, 0), "the 3 face away, the 1 faces sideways"


def finished(**fields: Any) -> CacaoState:
    return position({"0,0": "plantation-1"}, hands=[[], []], phase="over", to_move=None,
                    piles=((0, 0, 0, 0), (0, 0, 0, 0)), **fields)


def test_the_score_is_coins_temples_sun_tokens_and_the_water_field() -> None:
    state = finished(gold=(20, 18), sun=(2, 0), water=(0, 8), cacao=(0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (20 + 2 - 10, 18 + 16) and outcome.winners == (1,)


def test_a_tie_in_gold_goes_to_the_most_cacao_and_then_is_shared() -> None:
    outcome = finished(gold=(10, 10), water=(3, 3), cacao=(2, 1)).outcome()
    assert outcome is not None and outcome.winners == (0,) and "most cacao" in outcome.reason
    outcome = finished(gold=(10, 10), water=(3, 3), cacao=(2, 2)).outcome()
    assert outcome is not None and outcome.winners == (0, 1)


def test_the_game_ends_when_every_worker_tile_is_laid() -> None:
    state = Cacao.new(3, {}, 11)
    while state.to_move is not None:
        state = state.play(chance_move(state) if state.to_move == CHANCE else state.legal_moves()[0])
    assert all(not hand for hand in state.hands) and all(not any(pile) for pile in state.piles)
    assert state.outcome() is not None and state.phase == "over"


# -- hidden hands ----------------------------------------------------------------------------------

def test_a_tile_dealt_to_a_hand_reads_deal_to_everyone_else() -> None:
    state = Cacao.new(2, {}, 5)
    move = chance_move(state)
    assert state.deal_to == 0
    assert state.public_move(move, 0) == move and state.public_move(move, 1) == "deal" and state.public_move(move, None) == "deal"


def test_resample_deals_other_hands_from_their_own_unlaid_tiles() -> None:
    state = settle(Cacao.new(2, {}, 9))
    rng = Rng(4)
    seen = set()
    for _ in range(30):
        other = state.resample(0, rng)
        assert other.view(0) == state.view(0)
        assert other.hands[0] == state.hands[0]
        assert sum(other.piles[1]) + len(other.hands[1]) == 11
        seen.add(other.hands[1])
    assert len(seen) > 1


def test_the_player_to_move_sees_what_each_move_would_set_to_work() -> None:
    state = position({"0,0": "plantation-1", "1,1": "market-2"}, {"2,1": "1 2-1-0-1 270"}, hands=[["3-1-0-0"], ["1-1-1-1"]])
    # [jungle x, y, kind, owner, workers, worker x, y]: 3 up to the plantation, 1 right to the market.
    assert state.view(0)["work"]["3-1-0-0 0,1 0"] == [[0, 0, 0, 0, 3, 0, 1], [1, 1, 2, 0, 1, 0, 1]]
    assert state.view(1)["work"] == {} and state.view(None)["work"] == {}, "only for the seat to move"


def test_one_owners_workers_at_one_jungle_tile_are_told_as_one() -> None:
    # Red's new 1-1-1-1 at 1,0 and Red's 2-1-0-1 at 2,-1 close in 2,0 (the market) and 1,-1 (the water).
    state = position({"0,0": "plantation-1"}, {"2,-1": "0 2-1-0-1 180"}, display=("market-3", "water"),
                     hands=[["1-1-1-1"], ["1-1-1-1"]], cacao=(3, 0))
    state = state.play("1-1-1-1 1,0 0").play("market-3 2,0").play("water 1,-1")
    assert "Red at a market (3) (2,0), 3 workers: sells 3 cacao for 9 gold" in state.notes()
    assert "Red at a water (1,-1), 2 workers: carries water 2 fields on, to -1" in state.notes()
