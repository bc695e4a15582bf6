"""Nautilus rules as concrete positions. Diagrams show the boat with Red's side
on top and Blue's below, slots 1-5 from the left: a number is a Diver, K the
Kraken (15), F the Fishbone (0), "." an empty space, and "*" marks the card
carrying the Anchor."""

from __future__ import annotations

import pytest

from pygames_core.core import CHANCE, IllegalMoveError, InvalidMoveError, chance_move
from pygames_core.games.nautilus import MAX_PLIES, NautilusState
from pygames_core.games.nautilus.cards import EMPTY, FULL_DOMAIN_DECK, SPECIAL_IDS, beats

ROUND_DOMAINS = ("science-2", "exploration-1", "navigation-1", "engineering-1", "war-ink")


def deal(state: NautilusState, first_hand: tuple[int, ...], second_hand: tuple[int, ...],
         drawn: tuple[str, str], domains: tuple[str, ...] = ROUND_DOMAINS) -> NautilusState:
    """A round dealt by forced chance outcomes, up to the first player's keep."""
    for card in domains:
        state = state.play(f"deal domain-{card}")
    for mine, theirs in zip(first_hand, second_hand):
        state = state.play(f"deal diver-{mine}").play(f"deal diver-{theirs}")
    for special in drawn:
        state = state.play(f"deal special-{special}")
    return state


def table(diagram: str, blue: tuple[int, ...], red: tuple[int, ...], placer: int = 0,
          specials: tuple[str, str] = ("", ""), **fields: object) -> NautilusState:
    """A position in the placement phase of round 1 (Blue first)."""
    rows = {line.split(":")[0].strip(): line.split(":")[1].split() for line in diagram.strip().splitlines()}
    board, anchored = [], -1
    for side in ("B", "R"):
        for token in rows[side]:
            if token.endswith("*"):
                anchored, token = len(board), token[:-1]
            board.append({"." : EMPTY, "K": 15, "F": 0}.get(token, None) if not token.isdigit() else int(token))
    used = set(blue) | set(red) | set(board)
    values: dict[str, object] = dict(
        phase="place", to_move=placer, placer=placer, board=tuple(board), anchored=anchored,
        placements=sum(value != EMPTY for value in board), hands=(tuple(sorted(blue)), tuple(sorted(red))),
        pile=tuple(value for value in range(1, 15) if value not in used),
        domains=tuple(f"domain-{card}" for card in ROUND_DOMAINS),
        specials=tuple(f"special-{name}" if name else "" for name in specials), before_step=2,
    )
    values.update(fields)
    return NautilusState.new(2)._replace(**values)


def reason_of(state: NautilusState, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.reason


def test_components_and_the_first_deal() -> None:
    state = NautilusState.new(2)
    assert len(FULL_DOMAIN_DECK) == 30 and state.pile == tuple(range(1, 15)) and len(state.special_deck) == 6
    assert state.to_move == CHANCE and state.legal_moves()[:3] == (
        "deal domain-science-2", "deal domain-science-1", "deal domain-science-ink")
    assert state.chance_weights()[:3] == (1, 4, 1) and sum(state.chance_weights()) == 30
    state = deal(state, (1, 3, 5, 7, 9), (2, 4, 6, 8, 10), ("kraken", "eye"))
    assert state.hands == ((1, 3, 5, 7, 9), (2, 4, 6, 8, 10)) and state.pile == (11, 12, 13, 14)
    assert (state.phase, state.to_move, state.legal_moves()) == ("keep", 0, ("keep special-kraken", "keep special-eye"))
    state = state.play("keep special-kraken")
    assert state.specials == ("special-kraken", "") and state.used_specials == ("special-eye",)
    # Red's Eye resolves at once; then Blue, the first player, places.
    assert state.known == ((), (1, 3, 5, 7, 9)) and (state.phase, state.to_move) == ("place", 0)
    assert "kraken B1" in state.legal_moves() and "fishbone B1" not in state.legal_moves()


def test_a_forced_card_and_a_drawn_one_leave_the_same_generator() -> None:
    state = NautilusState.new(2, seed=7)
    drawn = state.play(chance_move(state))
    forced = state.play("deal domain-war-ink")
    assert drawn.rng == forced.rng != state.rng


def test_diving_module_draws_two_and_puts_one_back() -> None:
    state = deal(NautilusState.new(2), (1, 2, 3, 4, 5), (6, 7, 8, 9, 10), ("diving-module", "anchor"))
    state = state.play("keep special-diving-module")
    assert (state.phase, state.to_move, state.legal_moves()) == ("module", CHANCE, tuple(
        f"deal diver-{value}" for value in (11, 12, 13, 14)))
    state = state.play("deal diver-12").play("deal diver-14")
    assert (state.to_move, state.legal_moves()) == (0, ("keep diver-12", "keep diver-14"))
    state = state.play("keep diver-14")
    assert state.hands[0] == (1, 2, 3, 4, 5, 14) and state.pile == (11, 12, 13)
    assert state.known_pile == ((12,), ()) and (state.phase, state.to_move) == ("place", 0)


def test_harpoon_swap_and_return() -> None:
    state = deal(NautilusState.new(2), (1, 2, 3, 4, 5), (6, 7, 8, 9, 10), ("harpoon", "kraken"))
    state = state.play("keep special-harpoon")
    assert state.legal_moves() == tuple(f"harpoon diver-{value}" for value in (6, 7, 8, 9, 10))
    assert state.chance_weights() == (1,) * 5
    drawn = state.play("harpoon diver-9")
    assert drawn.legal_moves() == tuple(f"swap diver-{value}" for value in (1, 2, 3, 4, 5)) + ("return",)
    swapped = drawn.play("swap diver-2")
    assert swapped.hands == ((1, 3, 4, 5, 9), (2, 6, 7, 8, 10))
    assert swapped.known == ((2,), (9,))  # each knows the card the other now holds
    returned = drawn.play("return")
    assert returned.hands == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)) and returned.known == ((9,), ())
    assert (returned.phase, returned.to_move) == ("place", 0)


def test_before_specials_resolve_first_player_first() -> None:
    # Blue (first) harpoons; then Red's Eye sees Blue's hand as the swap left it.
    state = deal(NautilusState.new(2), (1, 2, 3, 4, 5), (6, 7, 8, 9, 10), ("eye", "harpoon"))
    state = state.play("keep special-harpoon").play("harpoon diver-6").play("swap diver-1")
    assert state.known == ((1,), (2, 3, 4, 5, 6)) and state.phase == "place"


def test_placing_on_either_side_and_alternating() -> None:
    state = table("R: . . . . .\nB: . . . . .", (2, 3, 4, 5, 10), (11, 12, 13, 14, 1))
    assert len(state.legal_moves()) == 50
    state = state.play("10 R2")
    assert state.board[6] == 10 and state.hands[0] == (2, 3, 4, 5) and state.to_move == 1
    assert "R2 already holds a card" in reason_of(state, "11 R2")
    assert "not in Red's hand" in reason_of(state, "2 B1")


def test_vertical_arrow_moves_a_card_straight_across() -> None:
    state = table("R: . 4 . . .\nB: 12 13 . . .", (6, 2), (3,))
    state = state.play("6 B4")
    # 13 faces the 4, so only the 12 can cross; the arrow card never moves itself.
    assert (state.phase, state.to_move, state.legal_moves()) == ("arrow", 0, ("B1-R1",))
    assert "must move a card first" in reason_of(state, "2 B5")
    assert "never itself" in reason_of(state, "B4-R4")
    state = state.play("B1-R1")
    assert state.board[0] == EMPTY and state.board[5] == 12 and state.to_move == 1


def test_vertical_arrow_without_a_target_passes_the_turn() -> None:
    state = table("R: 3 4 . . .\nB: 12 13 . . .", (9, 2), (5,)).play("9 B3")
    assert (state.phase, state.to_move) == ("place", 1)


def test_horizontal_arrow_moves_a_card_along_its_side() -> None:
    # Played on Red's side, the 7 moves a Red-side card to an empty Red-side space.
    state = table("R: 3 . . . .\nB: 12 . . . .", (7, 2), (5,)).play("7 R2")
    assert state.legal_moves() == ("R1-R3", "R1-R4", "R1-R5")
    state = state.play("R1-R5")
    assert state.board[5:] == (EMPTY, 7, EMPTY, EMPTY, 3)


def test_horizontal_arrow_without_a_target_passes_the_turn() -> None:
    lone = table("R: . . . . .\nB: 12 . . . .", (8, 2), (5,)).play("8 R2")
    assert (lone.phase, lone.to_move) == ("place", 1)
    full = table("R: 1 2 3 4 .\nB: 12 . . . .", (8, 5), (6,)).play("8 R5")
    assert (full.phase, full.to_move) == ("place", 1)


def test_anchor_on_the_card_placed_or_on_the_board() -> None:
    state = table("R: 3 . . . .\nB: 12 . . . .", (7, 2), (5,), specials=("anchor", ""))
    assert state.legal_moves()[:3] == ("anchor", "anchor B1", "anchor R1")
    assert "no card on B2" in reason_of(state, "anchor B2")
    pending = state.play("anchor")
    assert pending.anchor_pending and pending.to_move == 0 and "anchor" not in pending.legal_moves()
    assert "already used" in reason_of(pending, "anchor B1")
    assert pending.play("2 B5").anchored == 4
    # Anchoring the 3, then placing the 7 beside it: the arrow has nothing it may move.
    anchored = state.play("anchor R1").play("7 R2")
    assert anchored.anchored == 5 and (anchored.phase, anchored.to_move) == ("place", 1)


def test_an_anchored_card_is_never_moved() -> None:
    state = table("R: . . . . .\nB: 12* 13 . . .", (6, 2), (5,)).play("6 B5")
    assert state.legal_moves() == ("B2-R2",)
    assert "anchored" in reason_of(state, "B1-R1")


def test_kraken_and_fishbone_are_placed_and_moved_like_divers() -> None:
    state = table("R: . . . . .\nB: . . . . .", (2, 3), (4, 7), specials=("kraken", "fishbone"))
    state = state.play("kraken B1").play("fishbone R3")
    assert state.board[0] == 15 and state.board[7] == 0 and state.specials == ("", "")
    assert state.used_specials == ("special-kraken", "special-fishbone")
    state = state.play("2 B2").play("7 B3")
    assert state.legal_moves() == ("B1-B4", "B1-B5", "B2-B4", "B2-B5")


def test_domains_go_to_the_higher_card_and_the_crab_beats_the_fourteen() -> None:
    # Slot 1: the crab (Blue) beats the 14; slot 2: the Kraken beats the 13; slot 3: 3 beats
    # the Fishbone; slot 4: 9 beats 6; slot 5: Red's 5 beats the 2.
    state = table("R: 14 13 F 6 5\nB: 1 K . 9 2", (3,), ())
    state = state.play("3 B3")
    assert state.round_number == 2 and state.phase == "domains" and state.first == 1
    assert state.collected == (
        ("domain-science-2", "domain-exploration-1", "domain-navigation-1", "domain-engineering-1"),
        ("domain-war-ink",),
    )
    award = [entry for entry in state.log if entry[2] == "@award"][-1]
    assert award[4].startswith("00001;")


def test_the_kraken_beats_the_crab_and_the_crab_beats_the_fishbone() -> None:
    state = table("R: 1 F 12 13 14\nB: K 1 2 3 .", (4,), ())
    state = state.play("4 B5")
    assert [entry for entry in state.log if entry[2] == "@award"][-1][4].startswith("00111;")
    assert beats(15, 1) and beats(1, 0) and beats(1, 14) and not beats(14, 1) and not beats(1, 2)


def test_next_round_passes_nemo_reshuffles_divers_and_discards_specials() -> None:
    state = table("R: 14 12 11 13 .\nB: 1 2 3 4 5", (), (10,), placer=1, specials=("anchor", "fishbone"))
    state = state.play("10 R5")
    assert (state.round_number, state.first, state.pile) == (2, 1, tuple(range(1, 15)))
    assert state.special_discards == ("special-anchor", "special-fishbone") and state.specials == ("", "")
    # After three rounds the six specials are all discarded: round 4 reshuffles them.
    state = state._replace(round_number=4, special_deck=(), special_discards=SPECIAL_IDS)
    state = deal(state, (1, 2, 3, 4, 5), (6, 7, 8, 9, 10), ())
    assert state.phase == "specials" and len(state.special_deck) == 6 and state.special_discards == ()


def test_early_end_with_three_secured_domains() -> None:
    before = (
        ("domain-science-2", "domain-science-1", "domain-science-1", "domain-exploration-2",
         "domain-exploration-1", "domain-exploration-1", "domain-navigation-1", "domain-navigation-1",
         "domain-navigation-1"),
        ("domain-navigation-ink",),
    )
    # Blue has Science 4 and Exploration 4; Navigation 3 is secured because its ink is out.
    state = table("R: 14 12 11 13 .\nB: 1 2 3 4 5", (), (10,), placer=1, collected=before, round_number=3)
    over = state.play("10 R5")  # Blue wins science-2 with the crab: Science 6
    assert over.is_over() and over.outcome().winners == (0,)
    assert over.outcome().scores == (3.0, 0.0)
    assert "Blue has secured 3 domains after round 3" in over.outcome().reason


def test_three_points_without_the_ink_out_is_not_secured() -> None:
    before = (("domain-science-1", "domain-science-1", "domain-science-1", "domain-exploration-2",
               "domain-exploration-1", "domain-navigation-2", "domain-navigation-1"), ())
    state = table("R: 10 12 11 13 14\nB: 2 3 4 5 .", (6,), (), placer=0, collected=before)
    after = state.play("6 B5")  # Red wins all five; the war ink goes to Red
    assert not after.is_over() and after.round_number == 2


def test_the_game_ends_after_six_rounds() -> None:
    rest = list(FULL_DOMAIN_DECK)
    for card in ROUND_DOMAINS:
        rest.remove(f"domain-{card}")
    # Twenty-five cards already won; the last five are on the boat.
    state = table("R: 14 12 11 13 .\nB: 1 2 3 4 5", (), (10,), placer=1, round_number=6,
                  collected=(tuple(rest[0::2]), tuple(rest[1::2])), domain_deck=())
    over = state.play("10 R5")
    assert over.is_over() and sum(over.outcome().scores) == 5 and len(over.outcome().winners) == 1
    assert "after 6 rounds" in over.outcome().reason or "after round 6" in over.outcome().reason
    assert over.legal_moves() == () and over.view(0)["phase"] == "over"


def test_notation_errors() -> None:
    state = table("R: . . . . .\nB: . . . . .", (2,), (3,))
    for text in ("", "7R3", "diver-7 R3", "15 B1", "B1-B1", "keep eye"):
        with pytest.raises(InvalidMoveError):
            state.play(text)
    assert "dealt by chance" in reason_of(state, "deal diver-9")
    assert "does not hold the Kraken" in reason_of(state, "kraken B1")
    assert MAX_PLIES == 228
