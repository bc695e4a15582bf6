"""Determinization: a Nautilus state that one seat cannot tell from the real one.

`resample(state, seat, rng)` keeps everything `seat` has seen and draws the
rest again:
- Divers of this round that the seat has not seen (the opponent's hand less
  what the Eye or the Harpoon showed, the pile less the card the seat put back
  with the Diving Module, the Module's or the Harpoon's draw when the seat did
  not see it) are relabelled by a random permutation. The relabelling is
  applied everywhere in the state, this round's log included, so the new
  state is a game that could have been dealt (every deal is uniform).
- Specials the seat has not seen (the first player's kept special for the
  other seat, the special deck, the two drawn while the first player
  chooses) are relabelled the same way, keeping a held special that must be
  a Kraken, Fishbone or Anchor (its holder's turn to use an Eye, Module or
  Harpoon has passed) among those three.
- With hidden domain cards, the opponent's won cards (both seats' for a
  spectator) and the domain deck are dealt again from those same cards, so
  that no seat has secured 3 domains (the game would have ended).
- The generator (`rng`) is replaced, so future deals are unknown too.
Diver cards of finished rounds that no one saw stay as they were: they never
matter again and no view shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rng import Rng
from . import cards
from .cards import DIVER_VALUES, DOMAIN_DECK_ORDER, DURING_PLACEMENT, EMPTY, SPECIAL_IDS
from .view import domain_deals, hidden_collection_seats

if TYPE_CHECKING:
    from . import NautilusState

TRIES = 200  # rejection sampling gives up (keeping the real cards) after this many draws


def _shuffled(items: list[Any], rng: Rng) -> list[Any]:
    items = list(items)
    for index in range(len(items) - 1, 0, -1):
        other = rng.below(index + 1)
        items[index], items[other] = items[other], items[index]
    return items


def _round_start(log: tuple[tuple[int, int, str, int, str], ...]) -> int:
    for index in range(len(log) - 1, -1, -1):
        if log[index][2] == "@round":
            return index
    return 0


def seen_divers(state: NautilusState, seat: int | None) -> set[int]:
    seen = {value for value in state.board if value in DIVER_VALUES}
    if seat is None:
        return seen
    seen.update(state.hands[seat], state.known[seat], state.known_pile[seat])
    if state.phase in ("module", "module_keep") and state.before_holder() == seat:
        seen.update(state.module_cards)
    if state.harpooned != EMPTY:
        seen.add(state.harpooned)
    return seen


def seen_specials(state: NautilusState, seat: int | None) -> set[str]:
    seen = set(state.special_discards) | set(state.used_specials)
    if seat is not None:
        seen.add(state.specials[seat])
        if seat == state.first:
            seen.update(state.drawn_specials)
            seen.add(state.specials[1 - seat])
    seen.discard("")
    return seen


def resample(state: NautilusState, seat: int | None, rng: Rng) -> NautilusState:
    start = _round_start(state.log)
    log = list(state.log)
    changes: dict[str, Any] = {}

    # Divers.
    unseen = [value for value in DIVER_VALUES if value not in seen_divers(state, seat)]
    diver = dict(zip(unseen, _shuffled(unseen, rng)))
    if unseen:
        def relabel(values: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sorted(diver.get(value, value) for value in values))

        changes["hands"] = (relabel(state.hands[0]), relabel(state.hands[1]))
        changes["pile"] = relabel(state.pile)
        changes["known"] = (relabel(state.known[0]), relabel(state.known[1]))
        changes["known_pile"] = (relabel(state.known_pile[0]), relabel(state.known_pile[1]))
        changes["module_cards"] = tuple(diver.get(value, value) for value in state.module_cards)
        changes["harpooned"] = diver.get(state.harpooned, state.harpooned)
        for index in range(start, len(log)):
            ply, actor, what, receiver, extra = log[index]
            if what.endswith(tuple(f" diver-{value}" for value in unseen)):
                head, value = what.rsplit("-", 1)
                log[index] = (ply, actor, f"{head}-{diver[int(value)]}", receiver, extra)

    # Specials.
    unseen_specials = [card for card in SPECIAL_IDS if card not in seen_specials(state, seat)]
    if unseen_specials:
        order = (state.first, 1 - state.first)
        constrained = [
            state.specials[owner]
            for step, owner in enumerate(order)
            if state.specials[owner] in unseen_specials and state.before_step > step
        ]
        special = {card: card for card in unseen_specials}
        for _ in range(TRIES):
            candidate = dict(zip(unseen_specials, _shuffled(unseen_specials, rng)))
            if all(candidate[card] in DURING_PLACEMENT for card in constrained):
                special = candidate
                break

        def swap(card: str) -> str:
            return special.get(card, card)

        changes["special_deck"] = tuple(sorted(map(swap, state.special_deck), key=SPECIAL_IDS.index))
        changes["drawn_specials"] = tuple(sorted(map(swap, state.drawn_specials), key=SPECIAL_IDS.index))
        changes["specials"] = (swap(state.specials[0]), swap(state.specials[1]))
        for index in range(start, len(log)):
            ply, actor, what, receiver, extra = log[index]
            if what.startswith(("deal special-", "keep special-")):
                head, card = what.split(" ")
                log[index] = (ply, actor, f"{head} {swap(card)}", receiver, swap(extra) if extra else extra)

    # Won domain cards, when hidden from this seat.
    hidden = hidden_collection_seats(state, seat)
    if hidden:
        deals = domain_deals(state.log)
        positions = [index for index, (winner, _, _) in deals.items() if winner in hidden]
        pool = [state.log[index][2][5:] for index in positions] + list(state.domain_deck)
        for _ in range(TRIES):
            drawn = _shuffled(pool, rng)
            piles = [list(state.collected[0]), list(state.collected[1])]
            for owner in hidden:
                piles[owner] = [card for index, card in zip(positions, drawn) if deals[index][0] == owner]
            collected = tuple(tuple(sorted(pile, key=DOMAIN_DECK_ORDER.__getitem__)) for pile in piles)
            inks = cards.ink_out(collected)
            if all(len(cards.secured(collected, owner, inks)) < 3 for owner in (0, 1)):
                changes["collected"] = collected
                changes["domain_deck"] = tuple(sorted(drawn[len(positions) :], key=DOMAIN_DECK_ORDER.__getitem__))
                for index, card in zip(positions, drawn):
                    ply, actor, _, receiver, extra = log[index]
                    log[index] = (ply, actor, f"deal {card}", receiver, extra)
                    _, award, slot = deals[index]
                    ply, actor, what, receiver, extra = log[award]
                    winners, board, domains = extra.split(";")
                    names = domains.split(",")
                    names[slot] = card
                    log[award] = (ply, actor, what, receiver, ";".join((winners, board, ",".join(names))))
                break

    changes["log"] = tuple(log)
    changes["rng"] = rng.below(1 << 64)
    return state._replace(**changes)
