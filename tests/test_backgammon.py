"""Backgammon rules as concrete positions.

Positions are written per side in that side's own numbering: `{13: 1, 1: 13}`
is one checker on the side's 13-point and thirteen on its 1-point; checkers
not placed are borne off. White's point p is Black's point 25 - p, so "Black
holds White's 9" is Black's 16-point.
"""

from __future__ import annotations

import json

import pytest

from pygames_core.core import CHANCE, InvalidMoveError, IllegalMoveError, chance_move
from pygames_core.games.backgammon import BackgammonState, network
from pygames_core.games.backgammon.estimate import gammon_chances, money_share, win_chance
from pygames_core.games.backgammon.features import features
from pygames_core.games.backgammon.moves import START_SIDE

BLACK_REST = {6: 5, 8: 3}  # checkers of Black's that stay out of the way


def side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    places = [0] * 26
    for point, count in points.items():
        places[point] = count
    places[25] = bar
    places[0] = 15 - sum(places[1:])
    return tuple(places)


def position(white: dict[int, int], black: dict[int, int], dice: tuple[int, ...] = (), *, white_bar: int = 0,
             black_bar: int = 0, turn: int = 0, **fields: object) -> BackgammonState:
    """White (or `turn`) to move with `dice`; or, without dice, at the chance point before its roll."""
    state = BackgammonState(sides=(side(white, white_bar), side(black, black_bar)), turn=turn, **fields)  # type: ignore[arg-type]
    if dice:
        return state._replace(phase="move", to_move=turn, dice=dice, rolled=dice[:2])
    return state._replace(phase="roll", to_move=CHANCE)


def reason_of(state: BackgammonState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def finished_turns(state: BackgammonState) -> set[tuple[tuple[int, ...], ...]]:
    """The distinct positions at the end of the mover's turn."""
    seat, finished, frontier = state.turn, set(), [state]
    while frontier:
        current = frontier.pop()
        if current.phase == "move" and current.turn == seat:
            frontier.extend(current.play(move) for move in current.playing_moves())
        else:
            finished.add(current.sides)
    return finished


def test_start_and_the_opening_roll() -> None:
    state = BackgammonState.new(2, seed=5)
    assert (state.phase, state.to_move) == ("opening", CHANCE)
    assert state.sides[0] == state.sides[1] == side({24: 2, 13: 5, 8: 3, 6: 5})
    assert state.view(None)["pips"] == [167, 167]
    outcomes = state.playing_moves()
    assert len(outcomes) == 30 and state.chance_weights() == (1,) * 30
    assert "opening 3-3" not in outcomes  # a tie is thrown again: it is never an outcome
    white_first = state.play("opening 3-1")
    assert (white_first.to_move, white_first.dice) == (0, (3, 1))
    black_first = state.play("opening 1-3")
    assert (black_first.to_move, black_first.dice) == (1, (3, 1))
    assert black_first.view(None)["opening"] == {"white": 1, "black": 3}


def test_a_forced_roll_and_a_drawn_one_leave_the_same_generator() -> None:
    state = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, rng=99)
    assert len(state.playing_moves()) == 21 and sum(state.chance_weights()) == 36
    drawn = chance_move(state)
    forced = state.play("roll 6-6" if drawn != "roll 6-6" else "roll 1-2")
    assert forced.rng == state.play(drawn).rng != state.rng


OPENING_COUNTS = {
    "1-2": 15, "1-3": 16, "1-4": 14, "1-5": 8, "1-6": 10, "2-3": 17, "2-4": 18, "2-5": 8, "2-6": 14,
    "3-4": 17, "3-5": 9, "3-6": 14, "4-5": 9, "4-6": 14, "5-6": 7,
    "1-1": 42, "2-2": 75, "3-3": 73, "4-4": 52, "5-5": 4, "6-6": 11,  # doubles: move-generator checks only
}


@pytest.mark.parametrize("roll", OPENING_COUNTS)
def test_distinct_positions_after_each_roll_from_the_start(roll: str) -> None:
    start = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert len(finished_turns(start.play(f"roll {roll}"))) == OPENING_COUNTS[roll]


def test_both_dice_must_be_played_when_any_order_allows_it() -> None:
    # White: 13 and 10, the rest stuck on its 1-point. Black holds White's 9 and 12.
    # 13/10 would leave the 1 unplayable (10/9 is blocked); 10/7 then 7/6 plays both.
    state = position({13: 1, 10: 1, 1: 13}, {16: 2, 13: 2, **BLACK_REST}, (3, 1))
    assert state.playing_moves() == ("10/7",)
    assert "as many dice as you can" in reason_of(state, "13/10")
    after = state.play("10/7")
    assert after.playing_moves() == ("7/6",)


def test_the_compulsory_order_when_only_one_order_works() -> None:
    # White's checker on 13 cannot use the 5 first: Black holds White's 8. 13/11 then 11/6 works.
    state = position({13: 1, 1: 14}, {17: 2, **BLACK_REST}, (5, 2))
    assert state.playing_moves() == ("13/11",)
    assert "held by 2" in reason_of(state, "13/8")
    assert state.play("13/11").playing_moves() == ("11/6",)


def test_the_larger_die_when_only_one_die_can_be_played() -> None:
    # Either die alone moves the 13 (to 7 or 12) but Black's point on White's 6 stops the other.
    state = position({13: 1, 1: 14}, {19: 2, **BLACK_REST}, (6, 1))
    assert state.playing_moves() == ("13/7",)
    assert "must be the larger one, the 6" in reason_of(state, "13/12")
    after = state.play("13/7")
    assert (after.phase, after.turn, after.last_played) == ("roll", 1, ("13/7",))
    # When the larger die cannot move at all, the smaller one is played.
    blocked = position({13: 1, 1: 14}, {19: 2, 18: 2, **BLACK_REST}, (6, 1))
    assert blocked.playing_moves() == ("13/12",)


def test_doubles_are_played_as_far_as_they_go_and_the_rest_is_lost() -> None:
    # 2-2 with one free checker on 13; Black holds White's 7: 13/11, 11/9 and no further.
    state = position({13: 1, 1: 14}, {18: 2, **BLACK_REST}).play("roll 2-2")
    assert state.playing_moves() == ("13/11",)
    state = state.play("13/11")
    assert (state.to_move, state.dice, state.playing_moves()) == (0, (2, 2, 2), ("11/9",))
    state = state.play("11/9")
    assert (state.turn, state.last_played) == (1, ("13/11", "11/9"))


def test_no_legal_move_passes_the_turn_inside_the_roll() -> None:
    # White is on the bar against Black's closed home board.
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    state = position({6: 5}, closed, white_bar=1).play("roll 3-5")
    assert (state.turn, state.phase, state.to_move) == (1, "roll", CHANCE)
    assert state.view(None)["last_turn"] == {"seat": 0, "rolled": [5, 3], "played": []}


def test_entering_first_and_with_one_die_blocked() -> None:
    # Black holds its 6-point, White's entry point for a 6.
    state = position({13: 2, 6: 5}, {6: 2, **{8: 3}}, (6, 3), white_bar=1)
    assert state.playing_moves() == ("bar/22",)
    assert "must enter" in reason_of(state, "13/7")
    assert "bar/16" not in state.play("bar/22").playing_moves() and "22/16" in state.play("bar/22").playing_moves()
    # Two on the bar: one enters with the 3, the 6 is lost though other checkers could use it.
    two = position({13: 2, 6: 5}, {6: 2, 8: 3}, (6, 3), white_bar=2)
    assert two.playing_moves() == ("bar/22",)
    assert two.play("bar/22").turn == 1


def test_a_hit_sends_the_blot_to_the_bar_and_it_must_enter_first() -> None:
    # Black's blot on White's 7 (its own 18).
    hit = position({13: 2, 1: 13}, {18: 1, **BLACK_REST}, (6, 5)).play("13/7")
    assert hit.sides[1][25] == 1 and hit.sides[1][18] == 0 and hit.played == ("13/7*",)
    black = hit.play("13/8").play("roll 1-3")  # White holds Black's 24: only the 3 enters
    assert black.playing_moves() == ("bar/22",)
    assert "must enter" in reason_of(black, "8/7")


def test_bearing_off_with_a_higher_die_only_from_the_highest_point() -> None:
    state = position({5: 1, 3: 2}, BLACK_REST, (6, 2))
    assert state.playing_moves() == ("5/3", "5/off", "3/1")
    assert "only from your highest point" in reason_of(state, "3/off")
    assert position({3: 2}, BLACK_REST, (6, 2)).playing_moves() == ("3/1", "3/off")
    assert "all fifteen" in reason_of(position({7: 1, 3: 2}, BLACK_REST, (6, 3)), "3/off")


@pytest.mark.parametrize("black, black_bar, scoring, points, kind", [
    ({6: 5, 8: 5, 13: 5}, 0, "gammons", 2, "gammon"),
    ({6: 5, 8: 5, 22: 5}, 0, "gammons", 3, "backgammon"),  # Black's 22 is in White's home board
    ({6: 5, 8: 5, 13: 4}, 1, "gammons", 3, "backgammon"),  # one on the bar
    ({6: 5, 8: 5, 13: 4}, 0, "gammons", 1, "single"),  # one Black checker is off
    ({6: 5, 8: 5, 22: 5}, 0, "single", 1, "single"),
])
def test_scoring_a_game(black: dict[int, int], black_bar: int, scoring: str, points: int, kind: str) -> None:
    state = position({1: 1}, black, (6, 1), black_bar=black_bar, gammons=scoring == "gammons", cube=2, cube_owner=1)
    over = state.play("1/off")
    assert over.results == ((0, 2 * points, kind),)
    assert over.outcome().scores == (2.0 * points, 0.0) and over.outcome().winners == (0,)


def test_the_cube_double_take_redouble_and_drop() -> None:
    state = BackgammonState.new(2, {"cube": "on"}, seed=3).play("opening 3-1").play("8/5").play("6/5")
    assert (state.to_move, state.playing_moves()) == (1, ("double", "roll"))
    state = state.play("double")
    assert (state.to_move, state.playing_moves()) == (0, ("drop", "take"))
    state = state.play("take")
    assert (state.cube, state.cube_owner, state.to_move) == (2, 0, CHANCE)
    state = state.play("roll 1-2").play("24/23").play("24/22")
    assert state.playing_moves() == ("double", "roll") and state.to_move == 0  # White owns the cube
    state = state.play("roll").play("roll 1-3").play("24/23").play("24/21")
    assert state.phase == "roll" and "owns the cube" in reason_of(state, "double")
    dropped = state.play("roll 1-2").play("13/11").play("11/10").play("double").play("drop")
    assert dropped.outcome().scores == (2.0, 0.0) and dropped.results == ((0, 2, "drop"),)


def test_a_match_plays_its_games_in_one_state_with_the_crawford_rule() -> None:
    # A 3-point match at 1-0: White bears off its last checker for a single game, 2-0.
    state = position({1: 1}, {6: 5, 8: 5, 13: 4}, (6, 1), match_length=3, score=(1, 0), cube_enabled=True)
    state = state.play("1/off")  # Black has a checker off: "gammons" is off anyway
    assert (state.score, state.game, state.phase, state.crawford) == ((2, 0), 2, "opening", True)
    state = state.play("opening 1-3").play("24/21").play("24/23")
    assert state.phase == "roll" and "Crawford" in reason_of(state, "double")
    # Black wins the Crawford game: 2-1, and the next game is post-Crawford.
    ending = state._replace(sides=(side({6: 5, 8: 5, 13: 4}), side({1: 1})), phase="move", to_move=1, turn=1, dice=(2, 1))
    state = ending.play("1/off")
    assert (state.score, state.game, state.crawford, state.crawford_done) == ((2, 1), 3, False, True)
    view = state.view(None)["match"]
    assert view["post_crawford"] and [game["winner"] for game in view["results"]] == [0, 1]
    white_doubles = state.play("opening 3-1").play("8/5").play("6/5")
    assert white_doubles.playing_moves() == ("double", "roll")  # Black may double again
    white_doubles = white_doubles.play("roll").play("roll 1-2").play("24/23").play("24/22")
    assert white_doubles.playing_moves() == ("double", "roll")
    over = white_doubles.play("double").play("drop")
    assert over.is_over() and over.score == (3, 1) and over.outcome().winners == (0,)
    assert over.outcome().scores == (3.0, 1.0)
    assert "White wins the 3-point match 3 to 1" in over.outcome().reason


def test_moves_that_are_not_moves() -> None:
    state = position({13: 2, 1: 13}, BLACK_REST, (6, 5))
    for text in ("13-7", "25/20", "13/7*", "7/13", "24/17", "bar/off", "pass"):
        with pytest.raises(InvalidMoveError):
            state.play(text)
    assert "dice outcomes" in reason_of(state, "roll 3-4")
    assert "already rolled" in reason_of(state, "roll")
    assert "no double" in reason_of(state, "take")
    assert "no checker on your 9-point" in reason_of(state, "9/3")


def test_view_is_json_and_counts_pips() -> None:
    state = position({13: 2, 1: 13}, BLACK_REST, (6, 5))
    view = state.view(0)
    assert json.loads(json.dumps(view)) == view
    assert view["pips"] == [39, 54] and view["off"] == [0, 7] and view["dice"] == [6, 5]
    assert view["points"][12] == 2 and view["points"][18] == -5  # White's 13; Black's 6 is White's 19


WHITE_RACE = {6: 5, 5: 5}  # 55 pips
BLACK_RACE = {6: 5, 5: 5, 4: 5}  # 75 pips


def test_the_estimate_is_even_for_symmetric_positions() -> None:
    assert BackgammonState.new(2, seed=1).estimate_returns() == (0.5, 0.5)
    level_match = BackgammonState.new(2, {"match": "5"}, seed=1)._replace(score=(2, 2), game=3)
    assert level_match.estimate_returns() == (0.5, 0.5)
    # Mirrored checkers: the next roll is the only edge, the same for either seat.
    white_rolls, black_rolls = position(BLACK_RACE, BLACK_RACE), position(BLACK_RACE, BLACK_RACE, turn=1)
    assert white_rolls.estimate_returns()[0] > 0.5
    assert white_rolls.estimate_returns() == pytest.approx(black_rolls.estimate_returns()[::-1])


def test_the_estimate_favours_the_pip_leader() -> None:
    black_rolls = position(WHITE_RACE, BLACK_RACE, turn=1)
    chances = black_rolls.estimate_returns()
    assert chances[0] > 0.5 and sum(chances) == pytest.approx(1.0)
    assert position(BLACK_RACE, WHITE_RACE, turn=0).estimate_returns() == pytest.approx(chances[::-1])
    # Dice still to play count as played: 6-5 to move beats waiting to roll.
    white_moves = position(WHITE_RACE, BLACK_RACE, (6, 5))
    assert white_moves.estimate_returns()[0] > position(WHITE_RACE, BLACK_RACE).estimate_returns()[0]


def test_the_networks_have_the_shape_they_are_read_with() -> None:
    numbers = len(features(START_SIDE, START_SIDE))
    for weights in (network.WEIGHTS, network.GAMMON_WIN_WEIGHTS, network.GAMMON_LOSS_WEIGHTS):
        assert len(weights) == network.HIDDEN * (1 + numbers) + 1 + network.HIDDEN


def test_the_contact_estimate_fears_a_closed_board() -> None:
    """Black has a checker on the bar. Behind White's closed board it can hardly come in: White, to
    roll, nearly always wins. With the same checkers as blots, Black enters and may hit."""
    black = {13: 5, 8: 4, 6: 3, 5: 2}
    closed = position({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 3}, black, black_bar=1).estimate_returns()[0]
    blots = position({6: 2, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1, 8: 3, 13: 5}, black, black_bar=1).estimate_returns()[0]
    assert closed > 0.85
    assert closed - blots > 0.15


BLITZ_WHITE = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 3}
BLITZ_BLACK = {13: 5, 8: 4, 6: 3}
"""With Black's other three checkers on the bar behind White's closed board."""


def test_the_gammon_chances_see_a_blitz_and_a_race() -> None:
    blitz = position(BLITZ_WHITE, BLITZ_BLACK, black_bar=3)
    wins, losses = gammon_chances(*blitz.sides)
    assert wins > 0.6 and losses < 0.02 and wins <= win_chance(*blitz.sides)
    assert gammon_chances(blitz.sides[1], blitz.sides[0])[1] > 0.6  # the same, seen by Black
    race = position(WHITE_RACE, BLACK_RACE)  # Black has borne off none, yet is well ahead of a gammon
    assert gammon_chances(*race.sides)[0] < 0.02
    assert gammon_chances(side(WHITE_RACE), side({6: 5, 4: 5})) == (0.0, 0.0)  # both sides have borne off
    assert gammon_chances(side({}), side({6: 15})) == (1.0, 0.0)  # White has borne off all: a gammon won


def test_a_single_game_with_gammons_is_played_for_its_share_of_the_stake() -> None:
    assert money_share(side({}), side({6: 15})) == 1.0  # a gammon won: two points of two
    assert money_share(side({}), side({6: 14})) == 0.75  # a single game won: one point
    blitz = position(BLITZ_WHITE, BLITZ_BLACK, black_bar=3).sides
    assert money_share(*blitz) > (2 * win_chance(*blitz) + 1) / 4  # its gammons add to a win
    # The turn search is told, in single games only: a match weighs gammons by its score.
    single, match = {"scoring": "gammons"}, {"scoring": "gammons", "match": "3"}
    for options, gammons in ((single, True), ({}, False), (match, False)):
        state = BackgammonState.new(2, options, seed=1)
        state = state.play(chance_move(state))
        assert state.search_position().gammons is gammons


def test_the_computer_anchors_rather_than_stack_its_builders() -> None:
    """4-4, each side with its back checkers still on the 24 point, Black's 4 point made: GNU
    Backgammon (0-ply, cubeless) gives White +0.43 for 24/20(2) 13/9(2), which anchors on Black's
    5 point, and +0.05 for 13/9(4). (The networks fitted before games against gnubg played the
    second where only the chance of winning counted.)"""
    white, black = {5: 2, 6: 4, 8: 2, 13: 5, 24: 2}, {4: 2, 6: 4, 8: 2, 13: 5, 24: 2}
    for gammons in (True, False):
        state = position(white, black, (4, 4, 4, 4), gammons=gammons)
        play = []
        while state.phase == "move" and state.turn == 0:
            play.append(cube_choice(state))
            state = state.play(play[-1])
        assert sorted(play) == ["13/9", "13/9", "24/20", "24/20"]


def test_a_hint_with_gammons_scored_still_tells_the_chance_of_winning() -> None:
    from pygames_core import ai

    state = position(BLITZ_WHITE, BLITZ_BLACK, (6, 5), black_bar=3, gammons=True)
    play, outlook = ai.suggest(state, 10.0, 0, iterations=0)
    after = state
    for move in play:
        after = after.play(move)
    assert outlook == pytest.approx(1 - win_chance(after.sides[1], after.sides[0]))


def test_a_position_worth_a_gammon_is_too_good_to_double_when_gammons_count() -> None:
    single = position(BLITZ_WHITE, BLITZ_BLACK, black_bar=3, cube_enabled=True)._replace(phase="cube", to_move=0)
    assert cube_choice(single) == "double"  # Black drops a game it cannot win
    gammons = single._replace(gammons=True)
    assert cube_choice(gammons) == "roll"  # a gammon is worth more than Black's drop
    assert cube_choice(gammons.play("double")) == "drop"


def test_the_estimate_of_a_match_weighs_the_stake() -> None:
    game = position(WHITE_RACE, BLACK_RACE).estimate_returns()[0]
    # 1-2 in a 3-point match: winning this game at cube 1 only levels the match; at cube 2 it wins it.
    level = position(WHITE_RACE, BLACK_RACE, match_length=3, score=(1, 2))
    assert level.estimate_returns()[0] == pytest.approx(game / 2)
    doubled = position(WHITE_RACE, BLACK_RACE, match_length=3, score=(1, 2), cube_enabled=True, cube=2, cube_owner=1)
    assert doubled.estimate_returns()[0] == pytest.approx(game)
    # 2-0 at the Crawford game's opening roll: Black must win three even games in a row.
    two_up = BackgammonState.new(2, {"match": "3"})._replace(score=(2, 0), game=3, crawford=True, crawford_done=True)
    assert two_up.estimate_returns() == pytest.approx((7 / 8, 1 / 8))


# -- resignation ---------------------------------------------------------------------------

def test_the_player_on_turn_may_resign_while_moving_or_before_rolling() -> None:
    moving = position({6: 2, 5: 13}, BLACK_REST, (6, 2))
    assert moving.legal_moves() == moving.playing_moves() + ("resign",)  # single games: only a single
    gammons = position({6: 2, 5: 13}, BLACK_REST, (6, 2), gammons=True)
    assert gammons.legal_moves()[-3:] == ("resign", "resign gammon", "resign backgammon")
    cube = position({6: 2, 5: 13}, BLACK_REST, cube_enabled=True)._replace(phase="cube", to_move=0)
    assert cube.legal_moves() == ("double", "roll", "resign")
    rolling = position({6: 2, 5: 13}, BLACK_REST)
    assert "resign on your turn" in reason_of(rolling, "resign")


def test_an_accepted_resignation_scores_its_kind_times_the_cube() -> None:
    state = position({6: 2, 5: 13}, BLACK_REST, (6, 2), gammons=True, cube_enabled=True, cube=2, cube_owner=1)
    offered = state.play("resign gammon")
    assert (offered.phase, offered.to_move, offered.legal_moves()) == ("resign", 1, ("accept", "decline"))
    assert offered.view(1)["resigned"] == "resign gammon"
    assert "accepts or declines" in reason_of(offered, "13/7")
    over = offered.play("accept")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0.0, 4.0)
    assert outcome.reason == "White resigns a gammon: Black wins 4 points"
    assert over.results == ((1, 4, "resign gammon"),)


def test_a_declined_resignation_goes_back_to_where_it_stopped() -> None:
    state = position({6: 2, 5: 13}, BLACK_REST, (6, 2)).play("6/off")
    declined = state.play("resign").play("decline")
    assert (declined.phase, declined.to_move, declined.dice) == ("move", 0, (2,))
    assert declined.playing_moves() == state.playing_moves() and declined.sides == state.sides


def test_a_resignation_in_a_match_starts_the_next_game() -> None:
    state = position({6: 2, 5: 13}, BLACK_REST, (6, 2), match_length=3)
    after = state.play("resign").play("accept")
    assert (after.score, after.game, after.phase) == ((0, 1), 2, "opening")


# -- whole turns and the computer ------------------------------------------------------------

def turn_starts(games: int) -> list[BackgammonState]:
    """The first checker decision of every turn of a few seeded random games."""
    from pygames_core.rng import Rng

    found = []
    for game in range(games):
        state, rng = BackgammonState.new(2, seed=game), Rng(game)
        while not state.is_over():
            if state.phase == "move" and not state.played:
                found.append(state)
            state = state.play(chance_move(state) if state.to_move == CHANCE else rng.choice(state.playing_moves()))
    return found


def test_plays_are_the_turns_the_state_allows_and_each_replays_to_its_position() -> None:
    from pygames_core.games.backgammon.plays import plays

    starts = turn_starts(6)
    assert len(starts) > 200 and any(len(state.dice) == 4 for state in starts)
    for state in starts:
        seat = state.turn
        found = plays(state.sides[seat], state.sides[1 - seat], state.dice)
        as_sides = {(own, other) if seat == 0 else (other, own) for own, other in found}
        assert as_sides == finished_turns(state)
        for (own, _), steps in found.items():
            after = state
            for step in steps:
                after = after.play(step)
            assert after.sides[seat] == own and (after.is_over() or after.turn != seat)


def play_turn(state: BackgammonState, iterations: int) -> BackgammonState:
    from pygames_core import ai

    seat = state.turn
    while not state.is_over() and state.phase == "move" and state.turn == seat:
        state = state.play(ai.choose_move(state, "search", 10.0, 0, iterations=iterations))
    return state


def test_the_computer_bears_off_its_last_checkers_when_it_can() -> None:
    # 2-1: 2/off 1/off wins at once; 2/1 1/off leaves a checker behind.
    state = position({2: 1, 1: 1}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3}, (2, 1))
    assert play_turn(state, 0).is_over() and play_turn(state, 2).is_over()


def test_the_rest_of_the_turn_follows_the_play_the_computer_chose() -> None:
    from pygames_core import ai
    from pygames_core.ai import expectimax

    # A turn where 1-ply chose a play whose later moves 0-ply alone would not choose.
    for state in turn_starts(4):
        planned, _ = expectimax.search(state.search_position(), 10.0, 8)
        after_first = state.play(planned[0])
        if len(planned) > 1 and expectimax.search(after_first.search_position(), 10.0, 0)[0] != planned[1:]:
            break
    else:
        pytest.fail("no turn where the plays differ")
    assert ai.choose_move(state, "search", 10.0, 0, iterations=8) == planned[0]
    state = after_first
    for step in planned[1:]:
        assert ai.choose_move(state, "search", 0.0, 0, iterations=0) == step
        state = state.play(step)


def test_the_normal_level_lapses_to_a_close_runner_up_play_and_follows_it() -> None:
    from pygames_core import ai
    from pygames_core.ai import expectimax

    normal = ai.LEVELS["normal"]
    assert normal is not None and "normal" not in ai.TURN_NOISE
    lapsing = next(seed for seed in range(100) if normal.drawn(seed))
    steady = next(seed for seed in range(100) if not normal.drawn(seed))
    close = far = 0
    for state in turn_starts(3):
        if close >= 3 and far >= 3:
            break
        ranked = expectimax._ranked(state.search_position(), 10.0, 2)  # 1-ply judges the best two
        if len(ranked) < 2 or ranked[0][0][0] == ranked[1][0][0]:  # a lapse would not show in the first move
            continue
        (best, value), (second, other) = ranked[0], ranked[1]
        assert value >= other and (best, value) == expectimax.search(state.search_position(), 10.0, 2)
        assert ai.choose_move(state, "search", 10.0, steady, iterations=2, level="normal") == best[0]
        if value - other > normal.margin:
            assert ai.choose_move(state, "search", 10.0, lapsing, iterations=2, level="normal") == best[0]
            far += 1
            continue
        assert ai.choose_move(state, "search", 10.0, lapsing, iterations=2, level="strong") == best[0]
        assert ai.choose_move(state, "search", 10.0, lapsing, iterations=2, level="normal") == second[0]
        state = state.play(second[0])
        for step in second[1:]:  # the rest of the turn follows the play lapsed to, without searching again
            assert ai.choose_move(state, "search", 0.0, steady, iterations=0, level="normal") == step
            state = state.play(step)
        close += 1
    assert close >= 3 and far >= 3


def test_the_quick_level_misjudges_each_play_at_0_ply_and_follows_its_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick level looks no further than the position each play leaves (no reply is ever
    judged), with each play's value off by a draw of its own: the best play at 0-ply often, another
    often too, yet far closer to the best than a play at random; the same for the same seed; and the
    rest of the turn follows the play it chose."""
    from pygames_core import ai
    from pygames_core.ai import expectimax

    def no_reply(*_: object) -> None:
        raise AssertionError("the quick level judged a reply")

    monkeypatch.setattr(expectimax, "_after_reply", no_reply)
    best = other = 0
    lost = lost_at_random = 0.0
    for seed, state in enumerate(turn_starts(2)):
        plays = dict(expectimax._ranked(state.search_position(), 10.0, 0))  # 0-ply: every play, best first
        if len({moves[0] for moves in plays}) < 2:
            continue
        first = ai.choose_move(state, "search", 10.0, seed, level="quick")
        assert first == ai.choose_move(state, "search", 10.0, seed, level="quick")
        chosen = expectimax._misjudged(state.search_position(), ai.TURN_NOISE["quick"], seed)[0][0]
        assert first == chosen[0]
        top = max(plays.values())
        best += plays[chosen] == top
        other += plays[chosen] < top
        lost += top - plays[chosen]
        lost_at_random += top - sum(plays.values()) / len(plays)
        state = state.play(first)
        for step in chosen[1:]:
            assert ai.choose_move(state, "search", 0.0, seed + 1, level="quick") == step
            state = state.play(step)
    assert best > 20 and other > 20, (best, other)
    assert lost < lost_at_random / 6, (lost, lost_at_random)


def test_the_turn_search_beats_random_play() -> None:
    from pygames_core import ai

    wins = 0
    for game in range(20):
        ours, state = game % 2, BackgammonState.new(2, seed=100 + game)
        while not state.is_over():
            if state.to_move == CHANCE:
                move = chance_move(state)
            else:
                move = ai.choose_move(state, "search" if state.to_move == ours else "random", 10.0, state.ply, iterations=0)
            state = state.play(move)
        wins += state.outcome().winners == (ours,)
    assert wins >= 19


# -- the computer's cube ------------------------------------------------------------------------

def cube_choice(state: BackgammonState) -> str:
    from pygames_core import ai

    return ai.choose_move(state, "search", 10.0, 0, iterations=0)


def test_the_computer_doubles_a_clear_lead_and_rolls_an_even_game() -> None:
    ahead = position(WHITE_RACE, BLACK_RACE, cube_enabled=True)._replace(phase="cube", to_move=0)  # 55 pips to 75
    assert ahead.search_position().decision()[1] > 0.8 and cube_choice(ahead) == "double"
    even = BackgammonState.new(2, {"cube": "on"}, seed=3).play("opening 3-1").play("8/5").play("6/5")
    even = even.play(chance_move(even)) if even.to_move == CHANCE else even
    assert even.phase == "cube" and cube_choice(even) == "roll"


def test_the_computer_takes_a_fair_chance_and_drops_a_lost_game() -> None:
    # White doubled; Black, on 75 pips to White's 55 with White to roll, should drop...
    lost = position(WHITE_RACE, BLACK_RACE, cube_enabled=True)._replace(phase="take", to_move=1)
    assert lost.search_position().decision()[1] < 0.2 and cube_choice(lost) == "drop"
    # ...and take an even race where White only has the roll.
    close = position(BLACK_RACE, BLACK_RACE, cube_enabled=True)._replace(phase="take", to_move=1)
    assert 0.3 < close.search_position().decision()[1] < 0.5 and cube_choice(close) == "take"


def test_in_a_match_a_double_that_risks_nothing_is_offered_at_once() -> None:
    """Post-Crawford, White 2-away and Black 1-away in a 5-point match: losing this game loses
    the match at any cube, so White doubles even a game it is behind in; Black, if it drops,
    gives White one point and takes the match to 1-away each."""
    behind = position(BLACK_RACE, WHITE_RACE, cube_enabled=True, match_length=5, score=(3, 4), crawford_done=True)
    behind = behind._replace(phase="cube", to_move=0)
    assert behind.search_position().decision()[1] < 0.5 and cube_choice(behind) == "double"
    answer = behind.play("double")
    assert answer.phase == "take" and cube_choice(answer) == "take"  # a drop would lose half its match chance


def test_the_hint_at_a_cube_decision_is_the_decision_and_its_chance() -> None:
    from pygames_core import ai

    ahead = position(WHITE_RACE, BLACK_RACE, cube_enabled=True)._replace(phase="cube", to_move=0)
    move, outlook = ai.suggest(ahead, 1.0, 0)
    assert move == ("double",) and outlook == ahead.search_position().decision()[1]
