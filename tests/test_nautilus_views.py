"""Nautilus hidden information: what each seat sees, and resample(), which redraws
what a seat has not seen without changing its view."""

from __future__ import annotations

import json

import pytest
from test_nautilus import deal, table

from pygames_core.core import CHANCE, chance_move
from pygames_core.games.nautilus import NautilusState
from pygames_core.games.nautilus.cards import DIVER_VALUES, SPECIAL_IDS
from pygames_core.games.nautilus.resample import seen_divers, seen_specials
from pygames_core.rng import Rng

OPTIONS = ({"domain_cards": "visible"}, {"domain_cards": "hidden"})


def random_states(options: dict[str, str], seed: int) -> list[NautilusState]:
    state = NautilusState.new(2, options, seed)
    rng = Rng(seed)
    states = [state]
    while not state.is_over():
        move = chance_move(state) if state.to_move == CHANCE else rng.choice(state.legal_moves())
        state = state.play(move)
        states.append(state)
    return states


def current_part(view: dict) -> str:
    """The view as JSON, leaving out finished rounds (whose Divers were reshuffled)."""
    log = view["log"]
    start = max(index for index, item in enumerate(log) if item["event"] == "round")
    rest = {key: value for key, value in view.items() if key not in ("log", "last_round")}
    return json.dumps([rest, log[start:]])


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["domain_cards"])
def test_resample_keeps_the_view_and_redraws_the_rest(options: dict[str, str]) -> None:
    rng = Rng(5)
    changed = {"hand": 0, "collected": 0, "special": 0}
    for seed in (1, 2, 3):
        for state in random_states(options, seed)[::2]:
            for seat in (0, 1, None):
                other = state.resample(seat, rng)
                assert other.view(seat) == state.view(seat)
                assert NautilusState.from_json(other.to_json()) == other
                if seat is None:
                    continue
                assert other.hands[seat] == state.hands[seat] and other.board == state.board
                assert other.known[seat] == state.known[seat]
                if state.to_move == seat:
                    assert other.legal_moves() == state.legal_moves()
                changed["hand"] += other.hands[1 - seat] != state.hands[1 - seat]
                changed["collected"] += other.collected != state.collected
                changed["special"] += other.specials != state.specials
    assert changed["hand"] > 50 and changed["special"] > 3
    assert (changed["collected"] > 10) == (options["domain_cards"] == "hidden")


def test_a_resampled_game_plays_on_to_its_end() -> None:
    states = random_states({"domain_cards": "hidden"}, 4)
    rng = Rng(9)
    for state in states[::25]:
        for seat in (0, 1):
            sample = state.resample(seat, rng)
            while not sample.is_over():
                move = chance_move(sample) if sample.to_move == CHANCE else rng.choice(sample.legal_moves())
                sample = sample.play(move)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["domain_cards"])
def test_no_view_names_a_card_its_seat_has_not_seen(options: dict[str, str]) -> None:
    for seed in (1, 2, 3, 6):
        for state in random_states(options, seed):
            for seat in (0, 1, None):
                text = current_part(state.view(seat))
                unseen = [f'"diver-{value}"' for value in DIVER_VALUES if value not in seen_divers(state, seat)]
                unseen += [f'"{card}"' for card in SPECIAL_IDS if card not in seen_specials(state, seat)]
                unseen += [f" {card}\"" for card in SPECIAL_IDS if card not in seen_specials(state, seat)]
                assert not [card for card in unseen if card in text], (seat, state.ply)


def test_hidden_domain_cards_of_the_opponent_appear_nowhere() -> None:
    states = random_states({"domain_cards": "hidden"}, 3)
    checked = 0
    for state in states:
        if state.is_over() or state.phase != "place":
            continue
        for seat in (0, 1):
            view = state.view(seat)
            assert view["collected"][1 - seat] is None and view["totals"][1 - seat] is None
            assert view["collected_counts"][1 - seat] == len(state.collected[1 - seat])
            visible = set(state.collected[seat]) | set(state.domains)
            secret = [card for card in state.collected[1 - seat] if card not in visible]
            text = json.dumps(view)
            assert not [card for card in secret if card in text]
            checked += len(secret)
    assert checked > 0
    assert states[-1].view(0)["collected"][1] == list(states[-1].collected[1])  # shown once over


def test_each_seat_sees_its_own_hand_and_the_sizes_of_the_other() -> None:
    state = deal(NautilusState.new(2), (1, 3, 5, 7, 9), (2, 4, 6, 8, 10), ("kraken", "anchor"))
    blue, red, spectator = state.view(0), state.view(1), state.view(None)
    assert blue["hands"] == [["diver-1", "diver-3", "diver-5", "diver-7", "diver-9"], None]
    assert red["hands"][0] is None and red["hand_sizes"] == [5, 5] and spectator["hands"] == [None, None]
    assert blue["drawn_specials"] == ["special-kraken", "special-anchor"] and red["drawn_specials"] == []
    assert [item["move"] for item in red["log"][6:8]] == ["deal diver", "deal diver-2"]
    assert red["log"][6]["text"] == "Blue draws a card"
    state = state.play("keep special-kraken")
    assert state.view(0)["specials"] == ["special-kraken", "special-anchor"]
    assert state.view(1)["specials"] == ["hidden", "special-anchor"]
    assert state.view(None)["specials"] == ["hidden", "hidden"]
    assert state.view(1)["log"][-1]["text"] == "Blue keeps a special card and gives Red the Anchor"


def test_public_move_masks_what_a_seat_may_not_read() -> None:
    state = NautilusState.new(2)
    for card in ("science-2", "war-1", "war-2", "war-ink", "navigation-1"):
        assert state.public_move(f"deal domain-{card}", 1) == f"deal domain-{card}"
        state = state.play(f"deal domain-{card}")
    assert [state.public_move("deal diver-4", seat) for seat in (0, 1, None)] == ["deal diver-4", "deal diver", "deal diver"]


def test_with_hidden_domain_cards_the_move_list_never_names_a_domain_card() -> None:
    """The move list outlives the round, so naming the cards dealt would tell who won what."""
    states = random_states({"domain_cards": "hidden"}, 2)
    dealing = [state for state in states if state.phase == "domains"]
    assert len({state.round_number for state in dealing}) > 1
    for state in dealing:
        for move in state.legal_moves():
            assert [state.public_move(move, seat) for seat in (0, 1, None)] == ["deal domain"] * 3
    dealt = next(state for state in states if state.phase == "divers" and state.to_move == CHANCE)
    move = dealt.legal_moves()[0]
    assert [dealt.public_move(move, seat) for seat in (0, 1, None)] == [move, "deal diver", "deal diver"]


def test_the_eye_and_the_harpoon_show_cards_in_the_view() -> None:
    state = deal(NautilusState.new(2), (1, 3, 5, 7, 9), (2, 4, 6, 8, 10), ("eye", "harpoon"))
    state = state.play("keep special-eye").play("harpoon diver-5")
    assert state.view(0)["known_cards"] == [[], ["diver-2", "diver-4", "diver-6", "diver-8", "diver-10"]]
    assert state.view(0)["harpooned"] == state.view(1)["harpooned"] == "diver-5"
    assert state.view(None)["harpooned"] is None
    state = state.play("swap diver-4")
    assert state.view(0)["known_cards"][1] == ["diver-2", "diver-5", "diver-6", "diver-8", "diver-10"]
    assert state.view(1)["known_cards"][0] == ["diver-4"]
    assert state.view(None)["log"][-1]["move"] == "swap diver"


def test_the_module_card_put_back_stays_unseen_by_the_opponent() -> None:
    state = deal(NautilusState.new(2), (1, 3, 5, 7, 9), (2, 4, 6, 8, 10), ("diving-module", "fishbone"))
    state = state.play("keep special-diving-module").play("deal diver-12").play("deal diver-13")
    assert state.view(0)["module_cards"] == ["diver-12", "diver-13"] and state.view(1)["module_cards"] == []
    state = state.play("keep diver-12")
    assert [item["move"] for item in state.view(1)["log"][-3:]] == ["deal diver", "deal diver", "keep diver"]
    assert state.view(1)["hand_sizes"] == [6, 5]
    sample = state.resample(1, Rng(1))
    assert sample.view(1) == state.view(1) and sum(map(len, sample.hands)) + len(sample.pile) == 14


def test_a_held_special_must_stay_a_placement_special_in_resample() -> None:
    # Placement has begun: Blue's unseen special cannot be an Eye, Module or Harpoon.
    state = table("R: . . . . .\nB: . . . . .", (2, 3, 4, 5, 6), (7, 8, 9, 10, 11), specials=("anchor", "kraken"),
                  special_deck=("special-fishbone", "special-eye", "special-diving-module", "special-harpoon"))
    rng = Rng(3)
    seen = {state.resample(1, rng).specials[0] for _ in range(60)}
    assert seen == {"special-anchor", "special-fishbone"}
