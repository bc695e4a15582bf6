"""The shared contract, run over every game, option set and player count.

Seeded random games are played to the end; at every ply the state must keep
the promises of `pygames_core.core`.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections.abc import Iterator

import pytest

from pygames_core import (
    CHANCE,
    GameError,
    GameInfo,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Record,
    State,
    chance_move,
    games,
    get_game,
)
from pygames_core.core import OFFER_DRAW, RESIGN
from pygames_core.rng import Rng

SEEDS = (1, 2)
NOT_MOVES = ("", "pass pass", "zz99", "-", "1-", "swap swap", "x" * 300)


def option_sets(info: GameInfo) -> Iterator[dict[str, str]]:
    names = [option.name for option in info.options]
    for values in itertools.product(*(option.choices for option in info.options)):
        yield dict(zip(names, values))


def cases() -> Iterator[tuple[str, dict[str, str], int, int]]:
    for info in games():
        for options in option_sets(info):
            for players in range(info.min_players, info.max_players + 1):
                for seed in SEEDS:
                    yield info.id, options, players, seed


def case_id(case: tuple[str, dict[str, str], int, int]) -> str:
    game, options, players, seed = case
    settings = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}[{settings}]-{players}p-seed{seed}"


def random_game(game: str, options: dict[str, str], players: int, seed: int) -> tuple[Record, list[State]]:
    """A seeded random game played to its end, with every state on the way."""
    record = Record.start(game, options, players, seed)
    state = record.new_state()
    states = [state]
    rng = Rng(seed)
    moves: list[str] = []
    while not state.is_over():
        if state.to_move == CHANCE:
            move = chance_move(state)
        else:
            move = rng.choice(state.playing_moves())
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return Record(record.game, record.options, players, seed, tuple(moves)), states


def check_state(state: State) -> None:
    moves = state.legal_moves()
    assert all(isinstance(move, str) and move for move in moves)
    assert len(set(moves)) == len(moves), "legal moves are unique"
    assert moves == state.legal_moves(), "legal moves are stable"
    if state.is_over():
        assert moves == ()
        outcome = state.outcome()
        assert outcome is not None
        assert len(outcome.scores) == state.players
        assert outcome.winners and all(0 <= seat < state.players for seat in outcome.winners)
        assert outcome.reason
        standings = outcome.standings()
        assert sorted(standings) == list(range(state.players)) and set(standings[:len(outcome.winners)]) == set(outcome.winners)
        returns = outcome.standing_returns()
        assert sum(returns) == pytest.approx(state.players / 2), "each pair of seats shares 1"
        assert [returns[seat] for seat in standings] == sorted(returns, reverse=True), "a better place is worth more"
        with pytest.raises(GameOverError):
            state.play("1")
    else:
        assert state.outcome() is None
        assert moves, "a game that is not over offers a move"
        giving_up = [move.startswith(RESIGN) or move == OFFER_DRAW for move in moves]
        assert giving_up == sorted(giving_up), "resignations and the draw offer are listed last"
        assert OFFER_DRAW not in moves[:-1], "the draw offer is the very last"
        assert state.to_move == CHANCE or 0 <= state.to_move < state.players
        estimate = state.estimate_returns()
        assert all(0 <= chance <= 1 for chance in estimate) and sum(estimate) == pytest.approx(state.players / 2), \
            "an estimate of the standing returns: each pair of seats shares 1"
        if state.to_move == CHANCE:
            weights = state.chance_weights()
            assert len(weights) == len(moves) and all(w > 0 for w in weights)

    before = state.to_json()
    for text in NOT_MOVES:
        if text in moves:
            continue
        with pytest.raises((InvalidMoveError, IllegalMoveError)):
            state.play(text)
    with pytest.raises(InvalidMoveError):
        state.play(7)  # type: ignore[arg-type]
    assert all(move.isascii() and not re.search(r"(?<![0-9])0[0-9]", move) for move in moves), "one spelling a move"
    numbered = next((move for move in moves if re.search(r"[1-9]", move)), None)
    if numbered:  # the same move spelled otherwise is no move at all, not an illegal one
        digit = re.search(r"[1-9]", numbered).start()  # type: ignore[union-attr]
        for text in (numbered[:digit] + "0" + numbered[digit:],
                     numbered[:digit] + chr(0x660 + int(numbered[digit])) + numbered[digit + 1:]):
            with pytest.raises(InvalidMoveError):
                state.play(text)
    assert state.to_json() == before, "a refused move changes nothing"

    assert type(state).from_json(before) == state
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert isinstance(view, dict)
        assert json.loads(json.dumps(view)) == view, "views are plain JSON"
        if state.info.has_hidden_info:
            assert state.resample(seat, Rng(len(before))).view(seat) == view, "a seat cannot tell a resample"
    if state.info.has_hidden_info and not state.is_over():
        assert state.resample(None, Rng(len(before))).last_decision_of_turn() == state.last_decision_of_turn(), \
            "whether a decision ends the turn is told from what everyone sees (it reaches the page)"


@pytest.mark.parametrize("case", list(cases()), ids=case_id)
def test_random_game_keeps_the_contract(case: tuple[str, dict[str, str], int, int]) -> None:
    game, options, players, seed = case
    info = get_game(game).info
    record, states = random_game(game, options, players, seed)
    assert len(record.moves) <= info.max_plies
    for state in states:
        check_state(state)
    for index, state in enumerate(states):
        if state.to_move == CHANCE or state.is_over() or not state.last_decision_of_turn():
            continue
        for later in itertools.takewhile(lambda later: not later.is_over() and later.turn_seat() == state.to_move,
                                         itertools.islice(states, index + 1, None)):
            assert later.to_move == CHANCE, "a decision said to end the turn is the mover's last of it"
    assert record.replay() == states[-1], "replay is deterministic"
    assert Record.from_url(record.to_url()) == record
    assert Record.from_json(record.to_json()) == record


@pytest.mark.parametrize("info", games(), ids=lambda info: info.id)
def test_unknown_options_and_player_counts_are_refused(info: GameInfo) -> None:
    state_class = get_game(info.id)
    with pytest.raises(GameError):
        state_class.new(info.min_players, {"no such option": "on"}, 0)
    with pytest.raises(GameError):
        Record.start(info.id, {}, info.max_players + 1, 0)
    with pytest.raises(GameError):
        Record.start(info.id, {}, info.min_players - 1, 0)
    for option in info.options:
        with pytest.raises(GameError):
            state_class.new(info.min_players, {option.name: "not a choice"}, 0)


@pytest.mark.parametrize("info", games(), ids=lambda info: info.id)
def test_info_is_complete(info: GameInfo) -> None:
    assert info.title and info.summary
    assert 1 <= info.min_players <= info.max_players
    assert info.max_plies > 0
    assert json.loads(json.dumps(info.to_dict()))["id"] == info.id
    module = sys.modules[get_game(info.id).__module__]
    assert module.__name__ == f"pygames_core.games.{info.id}"
    assert "notation" in (module.__doc__ or "").lower(), "the docstring documents the notation"
