"""Computer players: legal answers, reproducible searches, tactics, and strength.

The searches here all run with an iteration cap and an unlimited time budget, so
they are deterministic and independent of the machine's speed.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from pygames_core import ai
from pygames_core.ai import alphabeta, mcts, random_player
from pygames_core.core import CHANCE, GameInfo, Outcome, State, chance_move, chances_ahead
from pygames_core.games.bobail import BobailState
from pygames_core.games.kalah import KalahState
from pygames_core.games.lostcities import LostCitiesState
from pygames_core.registry import games, get_game
from pygames_core.rng import Rng
from test_contract import option_sets

UNLIMITED = math.inf


@dataclass(frozen=True)
class LoadedDieState(State):
    """A toy for three seats, a chance point and a seat that moves twice in a row.

    Seat 0 picks a "fair" or "loaded" die (loaded rolls 2 three times in four),
    then bets "high" or "low". A matching roll wins for seat 0; otherwise seat 1
    decides who wins: "take" (seat 1) or "give" (seat 2). Best play: loaded, high, take.
    """

    info: ClassVar[GameInfo] = GameInfo("loaded_die", "Loaded die", 3, 3, (), True, False, 5)
    players: int = 3
    picks: tuple[str, ...] = ()

    @classmethod
    def new(cls, players: int = 3, options: Mapping[str, str] | None = None, seed: int = 0) -> LoadedDieState:
        return cls(players)

    @property
    def to_move(self) -> int | None:  # type: ignore[override]
        return (0, 0, CHANCE, 1, None)[len(self.picks)] if self.outcome() is None else None

    def _legal_moves(self) -> tuple[str, ...]:
        step = len(self.picks) if self.to_move is not None else 4
        return (("fair", "loaded"), ("high", "low"), ("roll 1", "roll 2"), ("give", "take"), ())[step]

    def chance_weights(self) -> tuple[int, ...]:
        return (1, 3) if self.picks[0] == "loaded" else (1, 1)

    def _apply(self, move: str) -> LoadedDieState:
        return type(self)(self.players, self.picks + (move,))  # a subclass steps to its own kind

    def outcome(self) -> Outcome | None:
        if len(self.picks) == 3 and (self.picks[1] == "high") == (self.picks[2] == "roll 2"):
            winner = 0
        elif len(self.picks) == 4:
            winner = 1 if self.picks[3] == "take" else 2
        else:
            return None
        scores = tuple(1.0 if seat == winner else 0.0 for seat in range(3))
        return Outcome(scores, (winner,), "decided")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"picks": list(self.picks)}

    def why_illegal(self, move: str) -> str:
        return "not now"


@dataclass(frozen=True)
class HopefulDieState(LoadedDieState):
    """The loaded-die toy with a misleading estimate: seat 0 looks sure to win after "fair"."""

    def estimate_returns(self) -> tuple[float, ...]:
        return (0.9, 0.05, 0.05) if self.picks[:1] == ("fair",) else (0.1, 0.45, 0.45)


@dataclass(frozen=True)
class TwoMindedDieState(HopefulDieState):
    """The hopeful toy, whose beginner's judgement (`naive_returns`) sees the opposite."""

    def naive_returns(self) -> tuple[float, ...]:
        return (0.1, 0.45, 0.45) if self.picks[:1] == ("fair",) else (0.9, 0.05, 0.05)


@dataclass(frozen=True)
class PodiumState(State):
    """A toy for three seats where seat 0 cannot win: seat 1 wins whatever it does, and it only
    chooses whether it finishes "second" or "last"."""

    info: ClassVar[GameInfo] = GameInfo("podium", "Podium", 3, 3, (), False, False, 1)
    players: int = 3
    pick: str = ""

    @classmethod
    def new(cls, players: int = 3, options: Mapping[str, str] | None = None, seed: int = 0) -> PodiumState:
        return cls(players)

    @property
    def to_move(self) -> int | None:  # type: ignore[override]
        return None if self.pick else 0

    def _legal_moves(self) -> tuple[str, ...]:
        return () if self.pick else ("last", "second")

    def _apply(self, move: str) -> PodiumState:
        return PodiumState(self.players, move)

    def outcome(self) -> Outcome | None:
        if not self.pick:
            return None
        return Outcome((5.0 if self.pick == "second" else 0.0, 10.0, 2.0), (1,), "seat 1 scores the most")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pick": self.pick}

    def why_illegal(self, move: str) -> str:
        return "not now"


def random_states(cls: type[State], games: int, seed: int) -> list[State]:
    """Every state of a few random games."""
    states = []
    for game in range(games):
        state = cls.new(2)
        while state.to_move is not None:
            states.append(state)
            state = state.play(ai.choose_move(state, "random", 0, seed + game * 1000 + len(states)))
        states.append(state)
    return states


def bobail_board(diagram: str) -> tuple[str, ...]:
    """A board from rows drawn rank 5 first, as a player at green's side sees it."""
    rows = diagram.split()
    return tuple("".join(reversed(rows)))


def test_players_are_described() -> None:
    assert set(ai.PLAYERS) == {"random", "search"}
    assert all(isinstance(text, str) and text for text in ai.PLAYERS.values())


@pytest.mark.parametrize("cls", [KalahState, BobailState])
def test_random_player_plays_legal_moves_to_the_end(cls: type[State]) -> None:
    states = random_states(cls, 3, seed=1)
    assert states[-1].outcome() is not None
    assert ai.choose_move(states[0], "random", 0, 5) == ai.choose_move(states[0], "random", 0, 5)


@pytest.mark.parametrize("cls", [KalahState, BobailState])
def test_the_search_answers_with_legal_moves(cls: type[State]) -> None:
    for state in random_states(cls, 1, seed=2)[:-1:3]:
        assert ai.choose_move(state, "search", UNLIMITED, 3, iterations=30) in state.legal_moves()


@pytest.mark.parametrize("cls", [KalahState, BobailState])
def test_mcts_is_deterministic_with_a_seed_and_an_iteration_cap(cls: type[State]) -> None:
    state = cls.new(2)
    first = mcts.search(state, UNLIMITED, 7, 150)
    second = mcts.search(state, UNLIMITED, 7, 150)
    assert first.iterations == 150
    assert (first.move, first.visits, first.values) == (second.move, second.visits, second.values)
    if state.search_position() is None:  # Kalah's computer searches by alpha-beta (test_alphabeta.py)
        assert ai.choose_move(state, "search", UNLIMITED, 7, iterations=150) == first.move


def test_part_zero_of_a_search_in_parts_is_the_search_alone() -> None:
    state = BobailState.new(2)
    alone = mcts.search(state, UNLIMITED, 7, 150)
    part = ai.search_part(state, "search", UNLIMITED, 7, 0, 150)
    assert part is not None
    assert (part.move, part.visits, part.values) == (alone.move, alone.visits, alone.values)
    other = ai.search_part(state, "search", UNLIMITED, 7, 1, 150)
    assert other is not None and other.visits != part.visits  # a seed of its own


@pytest.mark.parametrize("game", ["bobail", "lostcities"])
def test_parts_searched_side_by_side_are_combined_move_by_move(game: str) -> None:
    state = next(state for state in random_states(get_game(game), 1, seed=4)[6:] if state.to_move not in (None, CHANCE))
    parts = [ai.search_part(state, "search", UNLIMITED, 3, part, 120) for part in range(3)]
    assert all(part is not None for part in parts)
    visits = {move: sum(part.visits.get(move, 0) for part in parts) for move in state.playing_moves()}  # type: ignore[union-attr]
    most = max(visits.values())
    chosen = ai.choose_move(state, "search", UNLIMITED, 3, parts=parts)  # type: ignore[arg-type]
    assert visits[chosen] == most
    assert ai.suggest(state, UNLIMITED, 3, parts=parts)[0] == (chosen,)  # type: ignore[arg-type]
    combined = mcts.combined(parts)  # type: ignore[arg-type]
    assert combined.iterations == 360 and sum(combined.visits.values()) == sum(visits.values())
    for move, count in combined.visits.items():
        total = sum(part.values[move] * part.visits[move] for part in parts if move in part.visits)  # type: ignore[union-attr]
        assert combined.values[move] == pytest.approx(total / count)


def test_only_monte_carlo_searches_run_in_parts() -> None:
    split = BobailState.new(2)
    for state in (KalahState.new(2), get_game("go").new(2, {"size": "9"}, 1)):
        assert not ai.splits(state, "search")
        assert ai.search_part(state, "search", UNLIMITED, 1, 1, 20) is None
        with pytest.raises(ValueError, match="does not run in parts"):
            ai.choose_move(state, "search", UNLIMITED, 1, parts=[mcts.search(split, UNLIMITED, 1, 20)])
    assert not ai.splits(split, "random")


def test_parts_naming_a_move_not_to_be_played_are_refused() -> None:
    state = BobailState.new(2)
    part = mcts.search(state, UNLIMITED, 1, 30)
    wrong = mcts.SearchResult("z9-z8", 1, 0.0, {"z9-z8": 1}, {"z9-z8": 1.0})
    with pytest.raises(ValueError, match="not to be played"):
        ai.choose_move(state, "search", UNLIMITED, 1, parts=[part, wrong])


def test_a_spent_budget_still_gives_a_move() -> None:
    result = mcts.search(KalahState.new(2), 0.0, 1)
    assert result.iterations == 1 and result.move in KalahState.new(2).legal_moves()


def test_a_playout_past_its_limit_counts_as_equal_shares() -> None:
    result = mcts.search(KalahState.new(2), UNLIMITED, 1, 50, playout_limit=0)
    assert set(result.values.values()) == {0.5}


def test_a_seat_that_cannot_win_still_plays_for_its_place() -> None:
    """As Board Game Arena rates a game of three, the search counts the seats it finishes ahead of:
    counting wins alone, both moves here are worth 0 and it took the first it met."""
    result = mcts.search(PodiumState.new(), UNLIMITED, 1, 40)
    assert result.values == {"last": 0.0, "second": 0.5} and result.move == "second"
    for level in ai.LEVELS:
        assert ai.choose_move(PodiumState.new(), "search", UNLIMITED, 1, 40, level=level) == "second"


def test_the_standing_returns_count_each_seat_finished_ahead_of() -> None:
    fewest = Outcome((0.0, 3.0, 3.0, 7.0), (0,), "seat 0 has no tile left", fewest_first=True)
    assert fewest.standing_returns() == (1.0, 0.5, 0.5, 0.0)
    assert Outcome((5.0, 5.0), (0, 1), "a draw").standing_returns() == (0.5, 0.5) == Outcome((5.0, 5.0), (0, 1), "").returns()
    assert Outcome((3.0, 1.0), (0,), "").standing_returns() == (1.0, 0.0)
    assert Outcome((30.0, 18.0), (0, 1), "a draw agreed").standing_returns() == (0.5, 0.5), "winners share first place"
    assert Outcome((9.0, 9.0, 4.0), (0, 1), "").standing_returns() == (0.75, 0.75, 0.0)


def test_the_chances_of_finishing_ahead_are_a_softmax_for_two_and_pairwise_for_more() -> None:
    assert chances_ahead([1.0, 0.2]) == pytest.approx((math.exp(1.0) / (math.exp(1.0) + math.exp(0.2)),
                                                       math.exp(0.2) / (math.exp(1.0) + math.exp(0.2))))
    assert chances_ahead([0.0, 0.0, 0.0]) == (0.5, 0.5, 0.5)
    spread = chances_ahead([3.0, 1.0, 1.0, -2.0])
    assert spread[0] > spread[1] == spread[2] > spread[3] and sum(spread) == pytest.approx(2)
    assert chances_ahead([0.0, -5000.0]) == (1.0, 0.0), "no overflow far apart"


def test_a_game_with_its_own_estimate_is_judged_by_it_without_playouts() -> None:
    assert mcts.playout_limit_for(LoadedDieState.new()) == mcts.PLAYOUT_LIMIT
    assert mcts.playout_limit_for(HopefulDieState.new()) == mcts.ESTIMATED_PLAYOUT_LIMIT == 0
    result = mcts.search(HopefulDieState.new(), UNLIMITED, 1, 2)  # each root move expanded once
    assert result.values == {"fair": 0.9, "loaded": 0.1} and result.move == "fair"


def test_the_quick_level_judges_as_a_beginner_and_the_others_by_the_games_estimate() -> None:
    state = TwoMindedDieState.new()
    assert mcts.search(state, UNLIMITED, 1, 2, naive=True).values == {"fair": 0.1, "loaded": 0.9}
    assert ai.NAIVE_LEVELS == {"quick"}
    assert ai.choose_move(state, "search", UNLIMITED, 1, 2, level="quick") == "loaded"
    for level in ("normal", "strong"):
        assert ai.choose_move(state, "search", UNLIMITED, 1, 2, level=level) == "fair"
    assert HopefulDieState.new().naive_returns() == HopefulDieState.new().estimate_returns(), "by default the same"


def test_mcts_takes_the_kalah_capture_that_wins_now() -> None:
    # South to move. Pit 1 sows into empty pit 2 and captures North's 5 opposite:
    # 20 + 6 = 26 of 50 stones. Pit 3 ends in empty pit 6 facing nothing.
    #        North:  0  5  0  2  0  0     store 19
    #        South:  1  0  3  0  0  0     store 20
    pits = (1, 0, 3, 0, 0, 0, 20) + (0, 0, 2, 0, 5, 0, 19)
    state = KalahState(pits=pits, to_move=0)
    assert state.playing_moves() == ("1", "3")
    move = ai.choose_move(state, "search", UNLIMITED, 1, iterations=200)
    assert move == "1"
    assert state.play(move).outcome().winners == (0,)  # type: ignore[union-attr]


def test_a_settled_search_stops_early_with_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winning capture above soon leads by more visits than the iterations
    left could take back: the search stops there, with the move it would have chosen."""
    pits = (1, 0, 3, 0, 0, 0, 20) + (0, 0, 2, 0, 5, 0, 19)
    for state in (KalahState(pits=pits, to_move=0), KalahState.new(2), BobailState.new(2)):
        early = mcts.search(state, UNLIMITED, 1, 4_000)
        with monkeypatch.context() as never:
            never.setattr(mcts, "SETTLED_CHECK", 10**9)
            whole = mcts.search(state, UNLIMITED, 1, 4_000)
        assert whole.iterations == 4_000 and early.move == whole.move
    assert mcts.search(KalahState(pits=pits, to_move=0), UNLIMITED, 1, 4_000).iterations < 2_200


@pytest.mark.parametrize(
    ("seat", "diagram", "winning_move"),
    [
        (0, "RRRRR ..... G.... ..B.. GG.GG", "c2-c1"),
        (1, "RRR.R ...B. R.... ..... GGGGG", "d4-d5"),
    ],
)
def test_mcts_steps_the_bobail_home(seat: int, diagram: str, winning_move: str) -> None:
    state = BobailState(2, bobail_board(diagram), seat, "bobail", 10, (), None, "")
    move = ai.choose_move(state, "search", UNLIMITED, 1, iterations=200)
    assert move == winning_move
    assert state.play(move).outcome().winners == (seat,)  # type: ignore[union-attr]


def test_a_monte_carlo_hint_claims_no_forced_result_from_playouts_alone() -> None:
    state = BobailState(2, bobail_board("RRRRR ..... G.... ..B.. GG.GG"), 0, "bobail", 10, (), None, "")
    play, outlook = ai.suggest(state, UNLIMITED, 1, iterations=200)
    assert play == ("c2-c1",)
    assert outlook is not None and 0.9 < outlook < 1  # every playout won, but nothing was proved


def test_mcts_judges_each_move_for_its_own_seat_through_chance() -> None:
    start = LoadedDieState.new()
    assert ai.choose_move(start, "search", UNLIMITED, 1, iterations=400) == "loaded"
    assert ai.choose_move(start.play("loaded"), "search", UNLIMITED, 1, iterations=200) == "high"
    missed = start.play("loaded").play("low").play("roll 2")
    assert ai.choose_move(missed, "search", UNLIMITED, 1, iterations=50) == "take"


def test_a_chance_point_is_drawn_by_its_weights() -> None:
    at_chance = LoadedDieState.new().play("loaded").play("high")
    assert at_chance.to_move == CHANCE
    draws = [ai.choose_move(at_chance, "search", 0, seed) for seed in range(400)]
    assert draws == [ai.choose_move(at_chance, "random", 0, seed) for seed in range(400)]
    assert 250 < draws.count("roll 2") < 350  # weights 1:3


SHORTENED: dict[str, list[dict[str, str]]] = {
    "backgammon": [{"scoring": "single", "cube": "off", "match": "1"}, {"scoring": "gammons", "cube": "off", "match": "1"},
                   {"scoring": "single", "cube": "on", "match": "1"}, {"scoring": "gammons", "cube": "on", "match": "3"}],
    "go": [{}, {"counting": "chinese", "komi": "handicap3", "aga": "no"}],
}
"""The option sets these games are played with here: a match to 7 or a game on 19x19 takes a
minute even at two iterations a move. The contract suite plays every option set at random."""


def computer_cases() -> Iterator[tuple[str, dict[str, str], int]]:
    for info in games():
        for options in SHORTENED.get(info.id) or option_sets(info):
            for players in range(info.min_players, info.max_players + 1):
                yield info.id, options, players


@pytest.mark.parametrize(("game", "options", "players"), list(computer_cases()),
                         ids=lambda value: ",".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else str(value))
def test_the_computer_plays_every_game_to_its_end_in_every_seat(game: str, options: dict[str, str], players: int) -> None:
    """The search at two iterations a move, its levels taking turns, stands in for every level:
    a level only gives it longer."""
    state = get_game(game).new(players, options, 1)
    while state.to_move is not None:
        assert state.ply < state.info.max_plies, "the game stalled"  # type: ignore[attr-defined]
        if state.to_move == CHANCE:
            move = chance_move(state)
        else:
            level = list(ai.LEVELS)[state.ply % len(ai.LEVELS)]  # type: ignore[attr-defined]
            move = ai.choose_move(state, "search", UNLIMITED, state.ply, iterations=2, level=level)  # type: ignore[attr-defined]
            assert move in state.legal_moves()
        state = state.play(move)
    assert state.outcome() is not None


def a_decision(game: str, plies: int, options: dict[str, str]) -> State:
    """A position where a seat is to choose, about `plies` random plies into a seeded game."""
    cls = get_game(game)
    state, rng = cls.new(cls.info.min_players, options, 1), Rng(plies)
    for _ in range(plies):
        moves = state.legal_moves()
        following = state.play(chance_move(state) if state.to_move == CHANCE else moves[rng.below(len(moves))])
        if following.to_move is None:
            break
        state = following
    while state.to_move == CHANCE:
        state = state.play(chance_move(state))
    return state


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_a_search_leaves_no_cycles_for_the_collector(game: str) -> None:
    """The search runs with the cycle collector off (ai._unpaused), so its garbage must be freed
    by reference counts alone: the collector finds nothing left over, and is back on afterwards."""
    options = {"scoring": "single", "cube": "on", "match": "1"} if game == "backgammon" else {}
    for plies in (1, 9):
        state = a_decision(game, plies, options)
        gc.collect()
        ai.choose_move(state, "search", UNLIMITED, 3, iterations=60)
        ai.suggest(state, UNLIMITED, 3, iterations=60)
        assert gc.collect() == 0
    assert gc.isenabled()


def _root(visits: dict[str, int], values: dict[str, float]) -> mcts.SearchResult:
    return mcts._result(visits, {move: values[move] * visits[move] for move in visits}, sum(visits.values()), 0.0)


def test_a_weaker_level_lapses_only_to_a_close_runner_up() -> None:
    # "b" is the runner-up by visits; "c" has a better mean than "b" but few visits.
    close = _root({"a": 50, "b": 40, "c": 10}, {"a": 0.60, "b": 0.58, "c": 0.59})
    assert close.move == "a"
    always, never = mcts.Lapses(chance=1.0, margin=0.05), mcts.Lapses(chance=0.0, margin=0.05)
    assert mcts.lapsed(close, always, 1) == "b"
    assert mcts.lapsed(close, never, 1) == "a"
    assert mcts.lapsed(close, mcts.Lapses(chance=1.0, margin=0.01), 1) == "a"  # "b" is 0.02 worse: not close
    assert mcts.lapsed(_root({"a": 5}, {"a": 0.5}), always, 1) == "a"
    sometimes = mcts.Lapses(chance=0.2, margin=0.05)
    lapses = sum(mcts.lapsed(close, sometimes, seed) == "b" for seed in range(2000))
    assert 330 < lapses < 470  # 400 expected
    # the draw is the seed's alone: the same seed, the same choice
    assert [mcts.lapsed(close, sometimes, seed) for seed in range(50)] == [mcts.lapsed(close, sometimes, seed) for seed in range(50)]


def test_the_levels_keep_the_search_or_lapse_from_it() -> None:
    state = a_decision("lostcities", 9, {})
    result = mcts.search(state, UNLIMITED, 5, 200)
    assert ai.choose_move(state, "search", UNLIMITED, 5, 200) == result.move
    assert ai.choose_move(state, "search", UNLIMITED, 5, 200, level="strong") == result.move
    for level in ("quick", "normal"):
        assert ai.choose_move(state, "search", UNLIMITED, 5, 200, level=level) == mcts.lapsed(result, ai.LEVELS[level], 5)
    assert ai.LEVELS["strong"] is None
    quick, normal = ai.LEVELS["quick"], ai.LEVELS["normal"]
    assert quick is not None and normal is not None
    assert quick.chance >= normal.chance and quick.margin >= normal.margin  # quick lapses at least as often and as far


def test_the_quick_level_blunders_as_often_as_the_game_says_a_beginner_does() -> None:
    """Flaming Pyramids' quick level makes its share of decisions without looking: a random legal
    move, by a draw of its own. Stronger levels, and every level in a game with no share, search."""
    state = a_decision("flamingpyramids", 9, {})
    assert state.blunders == 0.3 and ai.BLUNDERING_LEVELS == {"quick"}
    blundered = [seed for seed in range(3000) if ai.blunders(state, seed)]
    assert 820 < len(blundered) < 980  # 900 expected
    unlike_the_search = 0
    for seed in range(40):
        searched = mcts.lapsed(mcts.search(state, UNLIMITED, seed, 60, naive=True), ai.LEVELS["quick"], seed)
        quick = ai.choose_move(state, "search", UNLIMITED, seed, 60, level="quick")
        if seed in blundered:
            assert quick == random_player.choose_move(state, seed)
            unlike_the_search += quick != searched
        else:
            assert quick == searched
        normal = mcts.lapsed(mcts.search(state, UNLIMITED, seed, 60), ai.LEVELS["normal"], seed)
        assert ai.choose_move(state, "search", UNLIMITED, seed, 60, level="normal") == normal
    assert unlike_the_search > 0
    other = a_decision("lostcities", 9, {})
    assert other.blunders == 0 and not any(ai.blunders(other, seed) for seed in range(3000))


def test_a_weaker_level_lapses_at_alpha_beta_too() -> None:
    """Kalah's quick level plays the close runner-up the search names at a lapse (twice the
    margin: alpha-beta's values span [-1, 1]), and its best move otherwise; strong never lapses."""
    state, quick = KalahState.new(2), ai.LEVELS["quick"]
    assert quick is not None
    position = state.search_position()
    plain = alphabeta.search(position, UNLIMITED, iterations=2_000)
    widened = alphabeta.search(position, UNLIMITED, iterations=2_000, margin=2 * quick.margin)
    assert widened.runner_up is not None
    seeds = range(40)
    expected = [widened.runner_up if quick.drawn(seed) else plain.move for seed in seeds]
    assert [ai.choose_move(state, "search", UNLIMITED, seed, 2_000, level="quick") for seed in seeds] == expected
    assert 0 < sum(move != plain.move for move in expected) < 20
    assert {ai.choose_move(state, "search", UNLIMITED, seed, 2_000) for seed in seeds[:5]} == {plain.move}


def test_unknown_players_levels_and_finished_games_are_refused() -> None:
    with pytest.raises(ValueError, match="no computer player"):
        ai.choose_move(KalahState.new(2), "oracle", 1.0, 0)
    with pytest.raises(ValueError, match="no level"):
        ai.choose_move(KalahState.new(2), "search", 1.0, 0, level="expert")
    finished = random_states(KalahState, 1, seed=4)[-1]
    with pytest.raises(ValueError, match="over"):
        ai.choose_move(finished, "search", 1.0, 0)


@pytest.mark.parametrize(("cls", "games", "iterations"), [(KalahState, 20, 100), (BobailState, 10, 200)])
def test_the_search_beats_random_play(cls: type[State], games: int, iterations: int) -> None:
    points = 0.0
    for game in range(games):
        searching_seat = game % 2  # alternate who starts
        state = cls.new(2)
        while state.to_move is not None:
            seed = game * 1000 + getattr(state, "ply")
            player = "search" if state.to_move == searching_seat else "random"
            state = state.play(ai.choose_move(state, player, UNLIMITED, seed, iterations=iterations))
        points += state.outcome().returns()[searching_seat]  # type: ignore[union-attr]
    assert points >= 0.8 * games


def test_the_search_does_not_read_hidden_cards() -> None:
    """Two Lost Cities states that look the same to the seat to move (its
    opponent's hand and the deck dealt differently) get the same search."""
    state = LostCitiesState.new(2, {}, 3)
    generator = Rng(3)
    while state.to_move == CHANCE or len(state.legal_moves()) < 4 or state.ply < 30:
        state = state.play(chance_move(state) if state.to_move == CHANCE else generator.choice(state.legal_moves()))
    seat = state.to_move
    other_world = state.resample(seat, Rng(99))
    assert other_world.view(seat) == state.view(seat)
    assert other_world.hands[1 - seat] != state.hands[1 - seat]

    first = mcts.search(state, math.inf, seed=5, iterations=160)
    second = mcts.search(other_world, math.inf, seed=5, iterations=160)
    assert first.visits == second.visits and first.move == second.move
    assert first.move in state.legal_moves()


def test_the_search_beats_random_play_over_three_rounds_of_lost_cities() -> None:
    """Random three-round games run past `mcts.PLAYOUT_LIMIT` plies: the search
    lives on the game's estimate, with only 5 iterations per drawn world."""
    for searching_seat in (0, 1):
        state = LostCitiesState.new(2, {"rounds": "3"}, seed=searching_seat)
        while state.to_move is not None:
            if state.to_move == CHANCE:
                move = chance_move(state)
            else:
                player = "search" if state.to_move == searching_seat else "random"
                move = ai.choose_move(state, player, UNLIMITED, state.ply, iterations=5 * mcts.WORLDS)
            state = state.play(move)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == (searching_seat,)
