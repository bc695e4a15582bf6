"""The steps of a Nautilus round, on the fields of the state being built (a dict).

`NautilusState._apply` copies the fields of the state it was called on, lets one
of these functions change them and append log entries, and builds the new state.
The functions chain into each other where the rules do: the last placement of a
round leads to the award, the award to the next round or the end.
"""

from __future__ import annotations

from typing import Any

from ...core import CHANCE
from . import cards
from .cards import (
    DIVER_VALUES,
    DOMAIN_DECK_ORDER,
    EMPTY,
    EYE_ID,
    HARPOON_ID,
    HORIZONTAL_ARROWS,
    MODULE_ID,
    PLACED_SPECIALS,
    SPECIAL_IDS,
    VERTICAL_ARROWS,
)

SEAT_NAMES = ("Blue", "Red")
SIDE_LETTERS = ("B", "R")
ROUNDS = 6
SPACES: tuple[str, ...] = tuple(f"{letter}{slot}" for letter in SIDE_LETTERS for slot in range(1, 6))
ARROW_MOVE = {(a, b): f"{SPACES[a]}-{SPACES[b]}" for a in range(10) for b in range(10) if a != b}
SPECIAL_OF_VALUE = {value: card for card, value in PLACED_SPECIALS.items()}
Entries = list[tuple[int, int, str, int, str]]


def opposite(space: int) -> int:
    """The space facing `space` across the boat (same slot, other side)."""
    return (space + 5) % 10


def without_one(cards_held: tuple[Any, ...], card: Any) -> tuple[Any, ...]:
    """The tuple without one occurrence of `card` (order kept)."""
    index = cards_held.index(card)
    return cards_held[:index] + cards_held[index + 1 :]


def with_sorted(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted(values + (value,)))


def set_pair(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def arrow_moves(board: tuple[int, ...], arrow_space: int, anchored: int) -> tuple[str, ...]:
    """The moves the arrow card just placed on `arrow_space` offers (may be none)."""
    value = board[arrow_space]
    side = 0 if arrow_space < 5 else 5
    moves = []
    if value in VERTICAL_ARROWS:
        for space in range(side, side + 5):
            if space != arrow_space and space != anchored and board[space] != EMPTY and board[opposite(space)] == EMPTY:
                moves.append(ARROW_MOVE[space, opposite(space)])
    elif value in HORIZONTAL_ARROWS:
        empty = [space for space in range(side, side + 5) if board[space] == EMPTY]
        if empty:
            for space in range(side, side + 5):
                if space != arrow_space and space != anchored and board[space] != EMPTY:
                    moves.extend(ARROW_MOVE[space, target] for target in empty)
    return tuple(moves)


def deal_diver(state: dict[str, Any], entries: Entries, ply: int, move: str, value: int) -> None:
    state["pile"] = without_one(state["pile"], value)
    hands = state["hands"]
    if state["phase"] == "module":
        holder = (state["first"], 1 - state["first"])[state["before_step"]]
        state["module_cards"] += (value,)
        entries.append((ply, CHANCE, move, holder, "module"))
        if len(state["module_cards"]) == 2:
            state["phase"] = "module_keep"
            state["to_move"] = holder
        return
    first = state["first"]
    seat = first if len(hands[first]) == len(hands[1 - first]) else 1 - first
    hands = set_pair(hands, seat, with_sorted(hands[seat], value))
    state["hands"] = hands
    entries.append((ply, CHANCE, move, seat, ""))
    if len(hands[0]) + len(hands[1]) == 10:
        state["phase"] = "specials"
        if not state["special_deck"]:
            state["special_deck"] = tuple(sorted(state["special_discards"], key=SPECIAL_IDS.index))
            state["special_discards"] = ()
            entries.append((ply, -1, "@reshuffle", -1, ""))


def resolve_before(state: dict[str, Any], entries: Entries, ply: int) -> None:
    """Resolves the before-placement specials from `before_step` on, stopping at
    one that needs a draw; then placement starts."""
    first = state["first"]
    step = state["before_step"]
    while step < 2:
        seat = (first, 1 - first)[step]
        special = state["specials"][seat]
        if special in (EYE_ID, MODULE_ID, HARPOON_ID):
            state["specials"] = set_pair(state["specials"], seat, "")
            state["used_specials"] += (special,)
            entries.append((ply, seat, "@" + special[8:], 1 - seat, ""))
            if special == EYE_ID:
                state["known"] = set_pair(state["known"], seat, state["hands"][1 - seat])
            else:
                state["before_step"] = step
                state["phase"] = "module" if special == MODULE_ID else "harpoon"
                state["to_move"] = CHANCE
                return
        step += 1
    state["before_step"] = 2
    state["phase"] = "place"
    state["placer"] = first
    state["to_move"] = first


def module_keep(state: dict[str, Any], entries: Entries, ply: int, move: str, kept: int) -> None:
    holder = state["to_move"]
    drawn = state["module_cards"]
    returned = drawn[1] if drawn[0] == kept else drawn[0]
    state["hands"] = set_pair(state["hands"], holder, with_sorted(state["hands"][holder], kept))
    state["pile"] = with_sorted(state["pile"], returned)
    state["known_pile"] = set_pair(state["known_pile"], holder, (returned,))
    state["module_cards"] = ()
    entries.append((ply, holder, move, -1, ""))
    state["before_step"] += 1
    resolve_before(state, entries, ply)


def harpoon_answer(state: dict[str, Any], entries: Entries, ply: int, move: str, given: int) -> None:
    holder = state["to_move"]
    victim = 1 - holder
    taken = state["harpooned"]
    hands, known = state["hands"], state["known"]
    if given == EMPTY:  # handed back: the holder now knows the victim holds it
        hands = set_pair(hands, victim, with_sorted(hands[victim], taken))
        known = set_pair(known, holder, with_sorted(known[holder], taken))
    else:
        hands = set_pair(hands, holder, with_sorted(without_one(hands[holder], given), taken))
        hands = set_pair(hands, victim, with_sorted(hands[victim], given))
        known = set_pair(known, holder, with_sorted(known[holder], given))
        known = set_pair(known, victim, with_sorted(tuple(v for v in known[victim] if v != given), taken))
    state["hands"], state["known"] = hands, known
    state["harpooned"] = EMPTY
    entries.append((ply, holder, move, victim, ""))
    state["before_step"] += 1
    resolve_before(state, entries, ply)


def place(state: dict[str, Any], entries: Entries, ply: int, move: str, value: int, space: int) -> None:
    seat = state["placer"]
    other = 1 - seat
    if value in SPECIAL_OF_VALUE:
        state["specials"] = set_pair(state["specials"], seat, "")
        state["used_specials"] += (SPECIAL_OF_VALUE[value],)
    else:
        state["hands"] = set_pair(state["hands"], seat, without_one(state["hands"][seat], value))
        if value in state["known"][other]:
            state["known"] = set_pair(state["known"], other, without_one(state["known"][other], value))
    board = list(state["board"])
    board[space] = value
    board_tuple = tuple(board)
    state["board"] = board_tuple
    if state["anchor_pending"]:
        state["anchored"] = space
        state["anchor_pending"] = False
    entries.append((ply, seat, move, -1, ""))
    if (value in VERTICAL_ARROWS or value in HORIZONTAL_ARROWS) and arrow_moves(board_tuple, space, state["anchored"]):
        state["phase"] = "arrow"
        state["arrow_from"] = space
        return
    end_placement(state, entries, ply)


def end_placement(state: dict[str, Any], entries: Entries, ply: int) -> None:
    placements = state["placements"] + 1
    state["placements"] = placements
    if placements < 10:
        placer = 1 - state["placer"]
        state["placer"] = placer
        state["phase"] = "place"
        state["to_move"] = placer
        return
    award(state, entries, ply)


def award(state: dict[str, Any], entries: Entries, ply: int) -> None:
    board = state["board"]
    winners = tuple(0 if cards.beats(board[slot], board[slot + 5]) else 1 for slot in range(5))
    collected = [list(state["collected"][0]), list(state["collected"][1])]
    for slot, winner in enumerate(winners):
        collected[winner].append(state["domains"][slot])
    piles = (
        tuple(sorted(collected[0], key=DOMAIN_DECK_ORDER.__getitem__)),
        tuple(sorted(collected[1], key=DOMAIN_DECK_ORDER.__getitem__)),
    )
    state["collected"] = piles
    round_number = state["round_number"]
    summary = ";".join(("".join(map(str, winners)), ",".join(map(str, board)), ",".join(state["domains"])))
    entries.append((ply, -1, "@award", round_number, summary))
    held = tuple(special for special in state["specials"] if special)
    state["special_discards"] += state["used_specials"] + held

    inks = cards.ink_out(piles)
    secured = (cards.secured(piles, 0, inks), cards.secured(piles, 1, inks))
    leader = 0 if len(secured[0]) >= 3 else 1 if len(secured[1]) >= 3 else -1
    if leader >= 0 or round_number == ROUNDS:
        scores = (len(secured[0]), len(secured[1]))
        if leader < 0:  # only possible with another domain split: most domains led wins
            points = (cards.totals(piles[0]), cards.totals(piles[1]))
            scores = (
                sum(points[0][d] > points[1][d] for d in cards.DOMAINS),
                sum(points[1][d] > points[0][d] for d in cards.DOMAINS),
            )
            leader = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else -1
        names = [", ".join(cards.DOMAIN_TITLES[d] for d in secured[seat]) or "none" for seat in (0, 1)]
        if leader < 0:
            head = f"after {ROUNDS} rounds the domains are shared {scores[0]} to {scores[1]}"
        elif round_number < ROUNDS:
            head = f"{SEAT_NAMES[leader]} has secured 3 domains after round {round_number}"
        else:
            head = f"after {ROUNDS} rounds {SEAT_NAMES[leader]} wins more domains"
        state["end_reason"] = f"{head}; Blue: {names[0]}; Red: {names[1]}; score {scores[0]} to {scores[1]}"
        state["scores"] = scores
        state["phase"] = "over"
        state["to_move"] = None
        state["placer"] = -1
        state["specials"] = ("", "")
        state["used_specials"] = ()
        entries.append((ply, leader, "@end", -1, ""))
        return

    first = 1 - state["first"]
    state.update(
        round_number=round_number + 1,
        first=first,
        phase="domains",
        to_move=CHANCE,
        placer=-1,
        placements=0,
        domains=(),
        pile=DIVER_VALUES,
        hands=((), ()),
        known=((), ()),
        known_pile=((), ()),
        drawn_specials=(),
        specials=("", ""),
        used_specials=(),
        before_step=0,
        module_cards=(),
        harpooned=EMPTY,
        board=(EMPTY,) * 10,
        anchored=-1,
        anchor_pending=False,
        arrow_from=-1,
    )
    entries.append((ply, first, "@round", round_number + 1, ""))
