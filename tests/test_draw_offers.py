"""Draws by agreement (core.DrawOffers), in every game that can end drawn."""

from __future__ import annotations

import pytest

from pygames_core import ai, games, get_game
from pygames_core.core import (
    ACCEPT_DRAW,
    DECLINE_DRAW,
    DRAW_OFFERS,
    OFFER_DRAW,
    DrawOffers,
    IllegalMoveError,
    InvalidMoveError,
)
from pygames_core.games.kalah import KalahState
from pygames_core.record import Record
from pygames_core.rng import Rng

DRAWABLE = sorted(info.id for info in games() if issubclass(get_game(info.id), DrawOffers))


def test_the_games_that_can_end_drawn_offer_draws() -> None:
    assert DRAWABLE == ["bobail", "kalah"]


@pytest.mark.parametrize("game", DRAWABLE)
def test_an_offer_declined_gives_the_move_back_once_a_turn(game: str) -> None:
    state = get_game(game).new(2)
    moves = state.legal_moves()
    assert moves[-1] == OFFER_DRAW and OFFER_DRAW not in state.playing_moves()
    offered = state.play(OFFER_DRAW)
    assert offered.to_move == 1 and offered.legal_moves() == (ACCEPT_DRAW, DECLINE_DRAW)
    assert offered.outcome() is None
    declined = offered.play(DECLINE_DRAW)
    assert declined.to_move == 0
    assert declined.legal_moves() == moves[:-1], "the same moves, less a second offer this turn"
    with pytest.raises(IllegalMoveError, match="declined this turn"):
        declined.play(OFFER_DRAW)
    # Once the offerer has moved on, the next decision may offer again.
    after = declined.play(moves[0])
    assert after.draw_offer == "" and after.legal_moves()[-1] == OFFER_DRAW


@pytest.mark.parametrize("game, opening, same_turn", [
    ("bobail", ["c1-c2"], "c3-c4"),  # after the first turn's one token move, a turn is two steps
    ("kalah", [], "3"),  # pit 3's last stone lands in the store: South sows again
])
def test_a_declined_offer_is_not_made_again_in_the_same_turn(game: str, opening: list[str], same_turn: str) -> None:
    state = get_game(game).new(2)
    for move in opening:
        state = state.play(move)
    seat = state.to_move
    declined = state.play(OFFER_DRAW).play(DECLINE_DRAW)
    later = declined.play(same_turn)
    assert later.to_move == seat and OFFER_DRAW not in later.legal_moves(), "still the offerer's turn"
    while later.to_move == seat:
        later = later.play(later.playing_moves()[0])
    assert OFFER_DRAW in later.legal_moves(), "the other seat's turn: it may offer"
    assert later.draw_offers[seat] == 1


@pytest.mark.parametrize("game", DRAWABLE)
def test_an_offer_accepted_ends_the_game_drawn(game: str) -> None:
    record = Record.start(game, {}, 2, 0)
    record = record.play(record.replay().playing_moves()[0]).play(OFFER_DRAW).play(ACCEPT_DRAW)
    over = record.replay()
    assert over.is_over() and over.legal_moves() == ()
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.returns() == (0.5, 0.5)
    assert outcome.reason == "the players agreed a draw"
    assert Record.from_url(record.to_url()).replay() == over, "a link holds the offer and its answer"


@pytest.mark.parametrize("game", DRAWABLE)
def test_offers_are_refused_clearly_and_change_nothing(game: str) -> None:
    state = get_game(game).new(2)
    with pytest.raises(IllegalMoveError, match="no draw has been offered"):
        state.play(ACCEPT_DRAW)
    offered = state.play(OFFER_DRAW)
    before = offered.to_json()
    with pytest.raises(IllegalMoveError, match="a draw has been offered"):
        offered.play(state.playing_moves()[0])
    with pytest.raises(IllegalMoveError, match="a draw has been offered"):
        offered.play(OFFER_DRAW)
    with pytest.raises(InvalidMoveError):
        offered.play("zz99")
    assert offered.to_json() == before
    assert type(offered).from_json(before) == offered


@pytest.mark.parametrize("game", DRAWABLE)
def test_each_seat_offers_at_most_a_few_times(game: str) -> None:
    state, rng = get_game(game).new(2), Rng(5)
    for _ in range(DRAW_OFFERS):
        while state.to_move != 0:
            state = state.play(rng.choice(state.playing_moves()))
        state = state.play(OFFER_DRAW).play(DECLINE_DRAW)
        while state.to_move == 0:  # the rest of the offerer's turn
            state = state.play(rng.choice(state.playing_moves()))
    while state.to_move != 0:
        state = state.play(rng.choice(state.playing_moves()))
    assert OFFER_DRAW not in state.legal_moves() and state.draw_offers == (DRAW_OFFERS, 0)
    with pytest.raises(IllegalMoveError, match=f"{DRAW_OFFERS} times a game"):
        state.play(OFFER_DRAW)


def test_kalah_keeps_the_stores_as_the_scores_of_an_agreed_draw() -> None:
    state = KalahState.new(2).play("3")  # South's last stone lands in its store: South again
    outcome = state.play(OFFER_DRAW).play(ACCEPT_DRAW).outcome()
    assert outcome is not None and outcome.scores == (1, 0) and outcome.winners == (0, 1)


# North (seat 1) answers South's offer. In the first position North has 40 of 48
# stones in its store: it declines. In the second South has them: North accepts.
#        North:  1  1  1  1  1  1
#        South:  1  1  1  1  0  0     (stores: the 40 and the 2 left)
WINNING_FOR_NORTH = (1, 1, 1, 1, 0, 0, 2) + (1, 1, 1, 1, 1, 1, 40)
LOSING_FOR_NORTH = (1, 1, 1, 1, 0, 0, 40) + (1, 1, 1, 1, 1, 1, 2)


@pytest.mark.parametrize(("pits", "answer"), [(WINNING_FOR_NORTH, DECLINE_DRAW), (LOSING_FOR_NORTH, ACCEPT_DRAW)])
def test_the_computer_answers_an_offer_on_its_merits(pits: tuple[int, ...], answer: str) -> None:
    offered = KalahState(pits=pits, to_move=0).play(OFFER_DRAW)
    assert ai.choose_move(offered, "search", 10.0, 1, iterations=300) == answer


def test_offers_cannot_stretch_a_game_past_its_bound() -> None:
    # Random play that offers whenever it may, and declines, stays within max_plies.
    for seed in (1, 2, 3):
        rng = Rng(seed)
        state = KalahState.new(2, {"stones": "6"})
        plies = 0
        while not state.is_over():
            moves = state.legal_moves()
            move = DECLINE_DRAW if DECLINE_DRAW in moves else OFFER_DRAW if OFFER_DRAW in moves else rng.choice(moves)
            state = state.play(move)
            plies += 1
        assert plies <= KalahState.info.max_plies
        assert state.draw_offers == (DRAW_OFFERS, DRAW_OFFERS)
