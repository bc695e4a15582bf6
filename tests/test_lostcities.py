"""Lost Cities rules as concrete positions.

A table is written from South's side, one line per row, cards in play order:

    north hand: ...     North's hand (seat 1)
    north:      ...     North's expeditions
    piles:      ...     the discard piles, bottom card first
    south:      ...     South's expeditions (seat 0)
    south hand: ...     South's hand

Cards are "red-7" or "red-w" (a wager). The deck holds every card not on the table.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygames_core import ai
from pygames_core.core import CHANCE, IllegalMoveError, InvalidMoveError, chance_move
from pygames_core.games.lostcities import (
    CARD_NAMES,
    COLOURS,
    HAND_SIZE,
    PILE_DRAWS_IN_A_ROW,
    LostCitiesState,
    can_follow,
    expedition_score,
    full_deck,
)
from pygames_core.rng import Rng

CARD = {name: index for index, name in enumerate(CARD_NAMES)}
CARD_PATTERN = re.compile(r"\b(?:" + "|".join(COLOURS) + r")-(?:w|10|[2-9])\b")


def cards(text: str) -> tuple[int, ...]:
    return tuple(CARD[name] for name in text.split())


def by_colour(text: str, colours: int) -> tuple[tuple[int, ...], ...]:
    row: list[tuple[int, ...]] = [()] * colours
    for card in cards(text):
        row[card // 10] += (card,)
    return tuple(row)


def table(diagram: str, colours: int = 5, **fields: Any) -> LostCitiesState:
    """A state from a table diagram; South to play unless `fields` say otherwise."""
    rows = {"north hand": "", "north": "", "piles": "", "south": "", "south hand": ""}
    for line in diagram.strip().splitlines():
        key, _, value = line.partition(":")
        rows[key.strip()] = value
    deck = list(full_deck(colours))
    for text in rows.values():
        for card in cards(text):
            deck[card] -= 1
    values: dict[str, Any] = {
        "colours": colours,
        "rounds": 1,
        "to_move": 0,
        "phase": "play",
        "deal_to": -1,
        "hands": (tuple(sorted(cards(rows["south hand"]))), tuple(sorted(cards(rows["north hand"])))),
        "deck": tuple(deck),
        "deck_size": sum(deck),
        "expeditions": (by_colour(rows["south"], colours), by_colour(rows["north"], colours)),
        "discards": by_colour(rows["piles"], colours),
        "ply": 40,
    }
    values.update(fields)
    return LostCitiesState(**values)


def reason_of(state: LostCitiesState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def dealt(state: LostCitiesState) -> LostCitiesState:
    """The state after the opening deal, drawn by the state's own generator."""
    while state.to_move == CHANCE:
        state = state.play(chance_move(state))
    return state


HANDS = """
north hand: blue-2 blue-3 blue-4 blue-5 blue-6 blue-7 blue-8 blue-9
south hand: red-w red-w red-3 red-7 white-5 white-6 green-10 yellow-2
"""


def test_the_deck_and_the_opening_deal() -> None:
    state = LostCitiesState.new(2, {}, seed=5)
    assert (state.to_move, state.phase, state.deal_to, state.deck_size) == (CHANCE, "deal", 0, 60)
    assert len(state.legal_moves()) == 50 and state.legal_moves()[:2] == ("deal yellow-w", "deal yellow-2")
    assert state.chance_weights()[:2] == (3, 1) and sum(state.chance_weights()) == 60
    assert LostCitiesState.new(2, {"sixth": "on"}).deck_size == 72
    # One card at a time, alternately, starting with the player who begins the round.
    first = state.play("deal red-7")
    assert first.hands == ((CARD["red-7"],), ()) and first.deal_to == 1 and first.deck[CARD["red-7"]] == 0
    after = dealt(state)
    assert (after.to_move, after.phase, after.deck_size) == (0, "play", 44)
    assert [len(hand) for hand in after.hands] == [8, 8]


def test_a_forced_card_and_a_drawn_one_leave_the_same_generator() -> None:
    state = LostCitiesState.new(2, {}, seed=11)
    drawn = chance_move(state)
    other = next(move for move in state.legal_moves() if move != drawn)
    assert state.play(other).rng == state.play(drawn).rng != state.rng
    assert chance_move(LostCitiesState.new(2, {}, seed=11)) == drawn  # the seed decides the deal


def test_expeditions_rise_and_wagers_come_first() -> None:
    state = table(HANDS + "south: red-w red-5\nnorth: white-w")
    moves = state.legal_moves()
    # red: a second wager is refused once a number is down; 7 may follow 5, 3 may not.
    assert "play red-7" in moves and "play red-3" not in moves and "play red-w" not in moves
    assert reason_of(state, "play red-3") == "red-3 is not higher than red-5, the last card of your red expedition"
    assert "wagers go before any number" in reason_of(state, "play red-w")
    assert {"discard red-w", "discard red-3"} <= set(moves)
    # Gaps are fine, and a fresh expedition takes anything: North's white is not South's.
    assert {"play white-5", "play white-6", "play green-10", "play yellow-2"} <= set(moves)
    assert moves.count("play red-w") == 0 and moves.count("discard red-w") == 1
    assert can_follow(cards("red-w red-w"), CARD["red-w"]) and can_follow((), CARD["red-10"])
    assert not can_follow(cards("red-2"), CARD["red-w"]) and not can_follow(cards("red-9"), CARD["red-4"])


def test_several_wagers_may_stack_before_the_numbers() -> None:
    state = table(HANDS + "south: red-w")
    assert "play red-w" in state.legal_moves()
    state = state.play("play red-w").play("draw deck").play("deal blue-10")
    assert state.expeditions[0][4] == cards("red-w red-w")


def test_a_turn_is_a_play_then_a_draw() -> None:
    state = table(HANDS + "piles: green-4 white-9")
    assert reason_of(state, "draw deck") == "first play or discard a card, then draw"
    assert reason_of(state, "play blue-2") == "blue-2 is not in your hand"
    state = state.play("play red-3")
    assert state.legal_moves() == ("draw deck", "draw white", "draw green")
    assert "already" in reason_of(state, "play red-7")
    drawing = state.play("draw deck")
    assert (drawing.to_move, drawing.phase, drawing.deal_to) == (CHANCE, "deck", 0)
    assert "being dealt to South" in reason_of(drawing, "draw white")
    after = drawing.play("deal yellow-9")
    assert (after.to_move, after.phase) == (1, "play")
    assert CARD["yellow-9"] in after.hands[0] and after.deck_size == state.deck_size - 1


def test_the_card_just_discarded_cannot_be_drawn_back() -> None:
    state = table(HANDS + "piles: white-9").play("discard white-5")
    assert state.discards[2] == cards("white-9 white-5")
    assert state.legal_moves() == ("draw deck",)
    assert reason_of(state, "draw white") == "you may not take back the card you have just discarded"
    # The other pile is free; next turn the white pile is open again, to either player.
    other = table(HANDS + "piles: green-4").play("discard white-5")
    assert other.legal_moves() == ("draw deck", "draw green")
    after = other.play("draw green")
    assert CARD["green-4"] in after.hands[0] and after.to_move == 1
    assert "draw white" in after.play("play blue-2").legal_moves()


def test_drawing_from_a_pile_takes_its_top_card() -> None:
    state = table(HANDS + "piles: white-2 white-9").play("play red-3").play("draw white")
    assert state.discards[2] == cards("white-2") and CARD["white-9"] in state.hands[0]
    assert reason_of(table(HANDS).play("play red-3"), "draw red") == "the red discard pile is empty"


def only_in_deck(state: LostCitiesState, name: str) -> LostCitiesState:
    """`state` with a deck of one card, `name`."""
    deck = tuple(1 if card == CARD[name] else 0 for card in range(len(state.deck)))
    return state._replace(deck=deck, deck_size=1)


def test_drawing_the_last_card_ends_the_round_at_once() -> None:
    state = table(HANDS + "south: yellow-3 yellow-4\nnorth: green-w", rounds=1)
    assert state.deck_size == 60 - 16 - 3
    state = only_in_deck(state, "yellow-10").play("play white-5").play("draw deck")
    assert state.legal_moves() == ("deal yellow-10",) and state.chance_weights() == (1,)
    over = state.play("deal yellow-10")
    assert over.is_over() and over.legal_moves() == () and over.to_move is None
    outcome = over.outcome()
    # South: yellow 3+4 = 7 - 20 = -13, white 5 - 20 = -15; North: a lone wager, -20 x 2 = -40.
    assert outcome is not None and outcome.scores == (-28, -40) and outcome.winners == (0,)
    assert outcome.reason.startswith("the last card of the deck was drawn")
    assert over.view(0)["expedition_scores"] == [[-13, 0, -15, 0, 0], [0, 0, 0, -40, 0]]


@pytest.mark.parametrize(
    ("expedition", "score"),
    [
        ("", 0),
        ("red-w", -40),  # wagers alone: -20 x (1 + wagers)
        ("red-w red-w", -60),
        ("red-w red-w red-w", -80),
        ("red-10", -10),
        ("red-2 red-3 red-4 red-5 red-6 red-7 red-8", 15),  # 7 cards: no bonus
        ("red-2 red-3 red-4 red-5 red-6 red-7 red-8 red-9", 44),  # 8 cards: 24 + 20
        ("red-w red-w red-2 red-3 red-4 red-5 red-6 red-7", 41),  # (27 - 20) x 3 + 20: wagers count to 8
        ("red-w red-w red-w red-2 red-3 red-4 red-5 red-6", 20),  # 0 x 4, then the unmultiplied 20
        ("red-w red-w red-w red-2 red-3 red-4 red-5 red-6 red-7 red-8 red-9 red-10", 156),  # 34 x 4 + 20
    ],
)
def test_expedition_scores(expedition: str, score: int) -> None:
    assert expedition_score(cards(expedition)) == score


def _finish_round(state: LostCitiesState) -> LostCitiesState:
    """South plays yellow-2 (-18) and draws the deck's last card."""
    return only_in_deck(state, "red-10").play("play yellow-2").play("draw deck").play("deal red-10")


def test_three_rounds_add_up_and_the_loser_starts_the_next() -> None:
    state = table(HANDS + "north: blue-10", rounds=3)
    state = _finish_round(state)  # South -18, North -10
    assert (state.round, state.round_scores, state.starter) == (2, ((-18, -10),), 0)
    assert (state.to_move, state.phase, state.deal_to, state.deck_size) == (CHANCE, "deal", 0, 60)
    assert state.expeditions == (((),) * 5, ((),) * 5) and state.last_round[1][1] == cards("blue-10")
    view = state.view(1)
    assert view["last_round"]["scores"] == [-18, -10] and view["totals"] == [-18, -10]

    state = dealt(state)
    assert state.to_move == 0
    state = table(HANDS + "north: blue-w", rounds=3, round=2, round_scores=state.round_scores)
    state = _finish_round(state)  # South -18, North -40: North lost and starts round 3
    assert (state.round, state.starter, state.deal_to) == (3, 1, 1)
    assert dealt(state).to_move == 1

    state = table(HANDS + "north: green-2", rounds=3, round=3, starter=1, round_scores=state.round_scores)
    over = _finish_round(state)  # South -18, North -18
    outcome = over.outcome()
    assert outcome is not None and outcome.scores == (-54, -68) and outcome.winners == (0,)
    assert over.view(None)["round_scores"] == [[-18, -10], [-18, -40], [-18, -18]]


def test_a_tied_round_passes_the_start_and_a_tied_match_is_shared() -> None:
    state = table(HANDS + "north: green-2", rounds=3, starter=0)
    assert _finish_round(state).starter == 1  # -18 each: the other seat starts
    tied = _finish_round(table(HANDS + "north: green-2", rounds=1))
    assert tied.outcome() is not None and tied.outcome().winners == (0, 1)


def test_only_the_deck_ends_a_round_however_long_the_players_take_from_the_piles() -> None:
    # The players pass three cards round the red, green and blue discard piles:
    # 600 turns without a deck draw, and the round goes on until the deck runs out.
    start = table(HANDS + "piles: green-4")
    state = start
    cycle = ["discard red-3", "draw green", "discard blue-9", "draw red", "discard green-4", "draw blue",
             "discard red-3", "draw green", "discard blue-9", "draw red", "discard green-4", "draw blue"]
    for _ in range(100):
        for move in cycle:
            state = state.play(move)
    assert not state.is_over() and state.round == 1 and state.ply == start.ply + 1200
    assert (state.hands, state.discards, state.deck_size) == (start.hands, start.discards, start.deck_size)
    assert "draw deck" in state.play("discard red-3").legal_moves()


def test_a_computer_takes_from_the_piles_at_most_eight_turns_running() -> None:
    # The same three cards passed round the piles: after eight turns of taking from
    # them, a seat's computer may only draw from the deck; a person may still take from them.
    state = table(HANDS + "piles: green-4")
    cycle = ["discard red-3", "draw green", "discard blue-9", "draw red", "discard green-4", "draw blue",
             "discard red-3", "draw green", "discard blue-9", "draw red", "discard green-4", "draw blue"]
    for turn in range(2 * PILE_DRAWS_IN_A_ROW):
        state = state.play(cycle[2 * (turn % 6)])
        assert len(state.playing_moves()) > 1
        state = state.play(cycle[2 * (turn % 6) + 1])
    assert state.pile_draws == (PILE_DRAWS_IN_A_ROW, PILE_DRAWS_IN_A_ROW)
    drawing = state.play(cycle[8])  # South's turn again
    assert drawing.playing_moves() == ("draw deck",)
    assert drawing.legal_moves() == ("draw deck", "draw red")
    assert ai.choose_move(drawing, "search", 1.0, seed=3, iterations=200) == "draw deck"
    # A draw from the deck starts South's count again; North's stands.
    after = drawing.play("draw deck").play("deal yellow-9")
    assert after.pile_draws == (0, PILE_DRAWS_IN_A_ROW)
    assert after.play(cycle[10]).playing_moves() == ("draw deck",)


def test_two_computers_that_would_hold_off_the_end_for_ever_still_finish() -> None:
    # Each seat takes from a pile whenever its computer may: without the bound the
    # first round would never end. With it, each seat draws from the deck at least
    # every ninth turn, and a new round starts both counts again.
    state = dealt(LostCitiesState.new(2, {"rounds": "3"}, seed=11))
    deck_draws = sum(full_deck(5)) - 2 * HAND_SIZE  # a round's, after the deal
    turns = 0
    while not state.is_over() and turns < 3 * deck_draws * 2 * (PILE_DRAWS_IN_A_ROW + 1):
        if state.to_move == CHANCE:
            state = state.play(chance_move(state))
            continue
        moves = state.playing_moves()
        piles = [move for move in moves if move.startswith("draw ") and move != "draw deck"]
        discards = [move for move in moves if move.startswith("discard ")]
        state = state.play(piles[0] if piles else discards[0] if discards else moves[0])
        turns += state.phase != "draw"
    assert state.is_over() and len(state.round_scores) == 3


def test_moves_that_are_not_moves() -> None:
    state = table(HANDS)
    for text, words in [("play red-1", "numbered 2 to 10"), ("play pink-3", "no colour"),
                        ("draw pile", "draw from"), ("red-7", "a move is")]:
        with pytest.raises(InvalidMoveError, match=words):
            state.play(text)
    assert "sixth expedition is off" in reason_of(state, "play purple-5")
    assert "only at the start of a round" in reason_of(state, "deal red-10")
    sixth = table(HANDS + "south: purple-4", colours=6)
    assert sixth.expeditions[0][5] == cards("purple-4") and "draw purple" not in sixth.legal_moves()


def test_views_show_one_hand_and_hide_the_other() -> None:
    state = dealt(LostCitiesState.new(2, {}, seed=3))
    opening = state.view(1)["recent"]
    assert len(opening) == 16 and [move for _, move in opening[::2]] == ["deal"] * 8  # South's cards, unnamed
    assert all(move.startswith("deal ") and seat == 1 for seat, move in opening[1::2])
    state = state.play(state.legal_moves()[0]).play("draw deck")
    card = chance_move(state)
    assert state.public_move(card, 1) == "deal" and state.public_move(card, 0) == card
    assert state.public_move(card, None) == "deal" and state.public_move("draw deck", 1) == "draw deck"
    state = state.play(card)
    south, north, spectator = state.view(0), state.view(1), state.view(None)
    assert set(south) == set(north) == set(spectator)
    assert south["hand"] == [CARD_NAMES[card] for card in state.hands[0]] and spectator["hand"] is None
    assert south["hand_sizes"] == north["hand_sizes"] == [8, 8] and south["deck"] == 43
    # The opening deal (the turn before) and South's turn; North reads the drawn card as "deal".
    assert south["recent"][-2:] == [[0, "draw deck"], [0, card]] and len(south["recent"]) == 19
    assert north["recent"][-2:] == [[0, "draw deck"], [0, "deal"]] and north["recent"][:16] == opening
    after = state.play(state.legal_moves()[0])
    assert len(after.view(1)["recent"]) == 4  # a new turn drops the deal
    assert (north["to_move"], north["turn"], north["phase"], north["ply"]) == (1, 1, "play", 19)


def test_a_card_taken_from_a_pile_is_known_to_be_in_that_hand() -> None:
    state = table(HANDS + "piles: green-4 green-8").play("play red-3").play("draw green")
    assert state.known == (cards("green-8"), ()) and state.view(1)["known"] == [["green-8"], []]
    for seed in range(5):
        assert CARD["green-8"] in state.resample(1, Rng(seed)).hands[0]
    assert state.play("play blue-2").play("draw deck").play("deal red-9").play("discard green-8").known == ((), ())


def _random_states(seed: int, options: dict[str, str], every: int) -> list[LostCitiesState]:
    state, rng, states = LostCitiesState.new(2, options, seed), Rng(seed), []
    while not state.is_over():
        if state.ply % every == 0:
            states.append(state)
        state = state.play(chance_move(state) if state.to_move == CHANCE else rng.choice(state.legal_moves()))
    return states + [state]


@pytest.mark.parametrize("options", [{"rounds": "1"}, {"rounds": "3", "sixth": "on"}])
def test_resample_keeps_the_view_and_redraws_the_unseen(options: dict[str, str]) -> None:
    rng = Rng(99)
    changed = 0
    for state in _random_states(7, options, every=9):
        for seat in (0, 1, None):
            again = state.resample(seat, rng)
            assert again.view(seat) == state.view(seat)
            redrawn = [other for other in (0, 1) if other != seat]
            unseen = [card for other in redrawn for card in state.hands[other]]
            assert [len(hand) for hand in again.hands] == [len(hand) for hand in state.hands]
            for card in range(len(state.deck)):
                before = state.deck[card] + unseen.count(card)
                after = again.deck[card] + sum(hand.count(card) for other, hand in enumerate(again.hands) if other != seat)
                assert before == after
            if seat is not None:
                assert again.hands[seat] == state.hands[seat]
            changed += again.hands != state.hands
            LostCitiesState.from_json(again.to_json())
    assert changed > 20


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_view_never_names_a_card_it_should_not(seat: int | None) -> None:
    """Every card named in the JSON of a view is in the viewer's hand, on the
    table, known to be in a hand, or in a move the viewer saw: never a card
    dealt to someone else (whether still in that hand or not) nor one in the deck."""
    for state in _random_states(21, {"rounds": "3"}, every=5):
        seen = {CARD_NAMES[card] for card in state.hands[seat]} if seat is not None else set()
        for row in (*state.expeditions, state.discards, *state.last_round, state.known):
            for pile in row:
                seen.update(CARD_NAMES[card] for card in pile)
        for entry in state.recent:
            if not entry[1:].startswith("deal ") or entry[0] == str(seat):
                seen.update(CARD_PATTERN.findall(entry))
        named = set(CARD_PATTERN.findall(json.dumps(state.view(seat))))
        assert named <= seen



MIRRORED = """
north hand: green-9 white-w white-4
north:      blue-w blue-5 blue-8 green-6
south:      red-w red-5 red-8 yellow-6
south hand: yellow-9 white-w white-3
"""


@pytest.mark.parametrize("round_scores", [(), ((12, 12),), ((40, -5), (-5, 40))])
def test_the_estimate_is_even_for_mirrored_seats(round_scores: tuple[tuple[int, int], ...]) -> None:
    state = table(MIRRORED, rounds=3, round=len(round_scores) + 1, round_scores=round_scores)
    assert state.prospect(0) == state.prospect(1) == -19  # red -14, yellow -5, white not started
    assert state.estimate_returns() == (0.5, 0.5)


def test_the_estimate_favours_the_seat_ahead() -> None:
    south_ahead = table("south: green-6 green-7 green-8 green-9\nsouth hand: yellow-2\nnorth hand: blue-2", rounds=3)
    chances = south_ahead.estimate_returns()
    assert chances[0] > 0.5 and sum(chances) == pytest.approx(1.0)
    north_ahead = table("north: green-6 green-7 green-8 green-9\nnorth hand: yellow-2\nsouth hand: blue-2", rounds=3)
    assert north_ahead.estimate_returns()[1] == pytest.approx(chances[0])
    # Finished rounds count, and the same lead weighs more with fewer cards to come.
    behind_before = south_ahead._replace(round=2, round_scores=((0, 40),))
    assert behind_before.estimate_returns()[0] < 0.5
    last_round = south_ahead._replace(round=3, round_scores=((10, 10), (10, 10)))
    assert last_round.estimate_returns()[0] > chances[0]


def test_the_prospect_lays_on_the_hand_where_it_pays() -> None:
    # South's red: w 4 (-32 as it stands); the hand's red-8 9 10 follow: (31 - 20) x 2 = 22.
    # red-3 cannot follow; blue-2 3 would start an expedition at -15: left in the hand.
    state = table("""
        south:      red-w red-4
        south hand: red-3 red-8 red-9 red-10 blue-2 blue-3
        north hand: yellow-2 yellow-3
    """)
    assert expedition_score(state.expeditions[0][4]) == -32
    assert state.prospect(0) == 22
    # With one card left in the deck South has one turn: red-8 alone, (12 - 20) x 2.
    assert only_in_deck(state, "green-5").prospect(0) == -16
    assert state.prospect(1) == 0  # nothing played, nothing worth starting
