"""What each seat of a Nautilus game may see.

``view(seat)`` (seat 0, 1, or None for a spectator) holds:
  seat, seat_names     the viewer; ["Blue", "Red"]
  options              {"domain_cards": "visible" | "hidden"}
  round, rounds        the round being played (1-6); 6
  first_player         the seat holding the Nemo token this round
  phase                "domains", "divers", "specials" (deals), "keep", "module",
                       "module_keep", "harpoon", "harpoon_swap", "place", "arrow", "over"
  to_move, placer      the seat to decide (-1 at a deal, None when over); the seat
                       whose placement turn it is (None outside placement)
  spaces               the 10 space names, index side * 5 + slot - 1
  domains              the 5 domain card ids on the boat (None for a slot not dealt yet)
  board                per space None or {"card", "value", "anchored"}
  anchor_pending       the next card placed gets the Anchor
  arrow                None, or {"from": space, "card": id} while an arrow card moves a card
  hands                per seat the Diver ids the viewer sees (their own), else None
  hand_sizes           per seat the number of Divers in hand
  known_cards          per seat the Diver ids the viewer knows to be in that hand
                       (from the Eye or the Harpoon); [] for the viewer's own
  specials             per seat the special held and not yet used: its id when the
                       viewer may know it, "hidden" when not, None when there is none
  drawn_specials       the two specials to choose from (their drawer only), else []
  module_cards         the Diving Module's draws (their holder only), else []
  harpooned            the Diver drawn by the Harpoon (holder and victim), else None
  used_specials        specials used this round, in order
  special_discards     the discard pile of specials (face up)
  pile_size, special_deck_size, domain_deck_size
  collected            per seat the domain card ids won, or None when hidden
  collected_counts     per seat the number of domain cards won
  totals               per seat {domain: points}, or None when hidden
  ink_out              {domain: whether its ink blot has been won}, None when hidden
  secured              per seat the domains secured (see the early end), None when hidden
  last_round           None, or the latest finished round: {"round", "board" (card ids
                       by space), "domains" (ids, None where hidden), "winners" (seat per slot)}
  log                  every move and event so far, filtered for the viewer: a list of
                       {"ply", "seat" (-1 for chance and events), "move" (the move, or its
                       masked form "deal diver", "deal special", "deal domain",
                       "keep special", "keep diver", "harpoon diver", "swap diver";
                       None for an event), "event" (None, or "round", "reshuffle",
                       "eye", "diving-module", "harpoon", "award", "end"), "text"}
  ply, outcome
With hidden domain cards, the opponent's won cards (both seats' for a spectator)
appear nowhere, not even in the log; they are all shown once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .cards import DOMAINS, EMPTY, card_title, value_id, value_title
from .steps import SEAT_NAMES, SPACES

if TYPE_CHECKING:
    from . import NautilusState

NAMES = SEAT_NAMES
SPACE_NAMES = SPACES


def domain_deals(log: tuple[tuple[int, int, str, int, str], ...]) -> dict[int, tuple[int, int, int]]:
    """For each "deal domain-..." entry of the log (by index): (the seat that won
    that card, the index of its round's "@award" entry, its slot); (-1, -1, slot)
    while its round is being played."""
    deals: dict[int, tuple[int, int, int]] = {}
    pending: list[int] = []
    for index, (_, _, what, receiver, extra) in enumerate(log):
        if what.startswith("deal domain-"):
            pending.append(index)
            deals[index] = (-1, -1, receiver)
        elif what == "@award":
            winners = extra.split(";")[0]
            for entry in pending:
                slot = deals[entry][2]
                deals[entry] = (int(winners[slot]), index, slot)
            pending = []
    return deals


def hidden_collection_seats(state: NautilusState, seat: int | None) -> frozenset[int]:
    """The seats whose won domain cards `seat` may not see."""
    if not state.hidden_collections or state.to_move is None:
        return frozenset()
    return frozenset(s for s in (0, 1) if s != seat)


def special_visible(state: NautilusState, owner: int, seat: int | None) -> bool:
    """Whether `seat` may know the special `owner` holds: their own, or the one the
    first player gave away."""
    return seat == owner or (seat == state.first and owner != state.first)


def build_view(state: NautilusState, seat: int | None) -> dict[str, Any]:
    over = state.to_move is None
    hidden = hidden_collection_seats(state, seat)
    players = (0, 1)
    board = []
    for space, value in enumerate(state.board):
        board.append(None if value == EMPTY else {"card": value_id(value), "value": value, "anchored": space == state.anchored})
    specials: list[str | None] = []
    for owner in players:
        held = state.specials[owner]
        specials.append((held if special_visible(state, owner, seat) else "hidden") if held else None)
    holder = state.before_holder()
    harpoon_seen = state.harpooned != EMPTY and seat is not None
    inks = cards.ink_out(state.collected)
    return {
        "seat": seat,
        "seat_names": list(NAMES),
        "options": {"domain_cards": "hidden" if state.hidden_collections else "visible"},
        "round": state.round_number,
        "rounds": 6,
        "first_player": state.first,
        "phase": state.phase,
        "to_move": state.to_move,
        "placer": state.placer if state.phase in ("place", "arrow") else None,
        "spaces": list(SPACE_NAMES),
        "domains": [state.domains[slot] if slot < len(state.domains) else None for slot in range(5)],
        "board": board,
        "anchor_pending": state.anchor_pending,
        "arrow": (
            {"from": SPACE_NAMES[state.arrow_from], "card": value_id(state.board[state.arrow_from])}
            if state.phase == "arrow"
            else None
        ),
        "hands": [[value_id(v) for v in state.hands[owner]] if owner == seat else None for owner in players],
        "hand_sizes": [len(state.hands[owner]) for owner in players],
        "known_cards": [
            [value_id(v) for v in state.known[seat]] if seat is not None and owner != seat else [] for owner in players
        ],
        "specials": specials,
        "drawn_specials": list(state.drawn_specials) if seat == state.first else [],
        "module_cards": [value_id(v) for v in sorted(state.module_cards)] if seat == holder else [],
        "harpooned": value_id(state.harpooned) if harpoon_seen else None,
        "used_specials": list(state.used_specials),
        "special_discards": list(state.special_discards),
        "pile_size": len(state.pile),
        "special_deck_size": len(state.special_deck),
        "domain_deck_size": len(state.domain_deck),
        "collected": [None if owner in hidden else list(state.collected[owner]) for owner in players],
        "collected_counts": [len(state.collected[owner]) for owner in players],
        "totals": [None if owner in hidden else cards.totals(state.collected[owner]) for owner in players],
        "ink_out": None if hidden else inks,
        "secured": [None if hidden else list(cards.secured(state.collected, owner, inks)) for owner in players],
        "last_round": _last_round(state, hidden),
        "log": _log(state, seat, hidden),
        "ply": state.ply,
        "outcome": state.outcome().to_dict() if over else None,  # type: ignore[union-attr]
    }


def _last_round(state: NautilusState, hidden: frozenset[int]) -> dict[str, Any] | None:
    log = state.log
    for index in range(len(log) - 1, -1, -1):
        if log[index][2] == "@award":
            break
    else:
        return None
    winners_text, board_text, domains_text = log[index][4].split(";")
    winners = [int(w) for w in winners_text]
    domains = domains_text.split(",")
    return {
        "round": log[index][3],
        "board": [value_id(int(v)) for v in board_text.split(",")],
        "domains": [None if winners[slot] in hidden else domains[slot] for slot in range(5)],
        "winners": winners,
    }


def _log(state: NautilusState, seat: int | None, hidden: frozenset[int]) -> list[dict[str, Any]]:
    deals = domain_deals(state.log) if hidden else {}
    items = []
    for index, entry in enumerate(state.log):
        ply, actor, what, receiver, extra = entry
        move, event, text = _entry(state, entry, seat, hidden, deals.get(index, (-1,))[0] in hidden)
        items.append({"ply": ply, "seat": actor, "move": move, "event": event, "text": text})
    return items


def public_form(state: NautilusState, entry: tuple[int, int, str, int, str], seat: int | None) -> str:
    """The move of a log entry as `seat` may read it in a move list, which
    outlives the round: with hidden domain cards every domain deal is masked."""
    return _entry(state, entry, seat, frozenset(), state.hidden_collections)[0] or entry[2]


def _entry(
    state: NautilusState, entry: tuple[int, int, str, int, str], seat: int | None, hidden: frozenset[int], masked_domain: bool
) -> tuple[str | None, str | None, str]:
    """(the move as the viewer may see it, the event name, the words)."""
    _, actor, what, receiver, extra = entry
    if what.startswith("@"):
        event = what[1:]
        return None, event, _event_text(state, event, actor, receiver, extra, hidden)
    name = NAMES[actor] if actor >= 0 else ""
    if what.startswith("deal "):
        card = what[5:]
        if card.startswith("domain-"):
            if masked_domain:
                return "deal domain", None, f"A domain card is laid in slot {receiver + 1}"
            return what, None, f"{card_title(card)} is laid in slot {receiver + 1}"
        who = NAMES[receiver]
        module = " with the Diving Module" if extra == "module" else ""
        if seat != receiver:
            masked = "deal special" if card.startswith("special-") else "deal diver"
            kind = "a special card" if card.startswith("special-") else "a card"
            return masked, None, f"{who} draws {kind}{module}"
        return what, None, f"{who} draws {card_title(card)}{module}"
    if what.startswith("harpoon "):
        victim = NAMES[int(extra)]
        if seat is None:
            return "harpoon diver", None, f"{NAMES[receiver]} harpoons a Diver from {victim}'s hand"
        return what, None, f"{NAMES[receiver]} harpoons {card_title(what[8:])} from {victim}'s hand"
    other = NAMES[1 - actor]
    if what.startswith("keep special-"):
        given = card_title(extra)
        if seat == actor:
            return what, None, f"{name} keeps {card_title(what[5:])} and gives {other} {given}"
        if seat is None:
            return "keep special", None, f"{name} keeps a special card and gives the other to {other}"
        return "keep special", None, f"{name} keeps a special card and gives {other} {given}"
    if what.startswith("keep diver-"):
        if seat == actor:
            return what, None, f"{name} keeps {card_title(what[5:])} and puts the other back on the pile"
        return "keep diver", None, f"{name} keeps one of the two and puts the other back on the pile"
    if what.startswith("swap "):
        if seat is None:
            return "swap diver", None, f"{name} keeps it and gives {other} a Diver in exchange"
        return what, None, f"{name} keeps it and gives {other} {card_title(what[5:])} in exchange"
    if what == "return":
        return what, None, f"{name} hands the Diver back"
    if what == "anchor":
        return what, None, f"{name} puts the Anchor on the next card they place"
    if what.startswith("anchor "):
        return what, None, f"{name} puts the Anchor on the card on {what[7:]}"
    if "-" in what and " " not in what:
        start, target = what.split("-")
        return what, None, f"{name}'s arrow moves the card on {start} to {target}"
    label, space = what.split(" ")
    value = int(label) if label.isdigit() else (15 if label == "kraken" else 0)
    side = NAMES[0] if space[0] == "B" else NAMES[1]
    return what, None, f"{name} places {value_title(value)} on {space} ({side}'s side)"


def _event_text(state: NautilusState, event: str, actor: int, receiver: int, extra: str, hidden: frozenset[int]) -> str:
    if event == "round":
        return f"Round {receiver}: {NAMES[actor]} holds the Nemo token and plays first"
    if event == "reshuffle":
        return "The special deck is reshuffled from its discards"
    if event == "eye":
        return f"{NAMES[actor]} uses the Eye and sees {NAMES[receiver]}'s Divers"
    if event == "diving-module":
        return f"{NAMES[actor]} uses the Diving Module"
    if event == "harpoon":
        return f"{NAMES[actor]} uses the Harpoon on {NAMES[receiver]}"
    if event == "award":
        winners_text, _, domains_text = extra.split(";")
        winners = [int(w) for w in winners_text]
        domains = domains_text.split(",")
        parts = []
        for owner in (0, 1):
            slots = [slot for slot in range(5) if winners[slot] == owner]
            if not slots:
                parts.append(f"{NAMES[owner]} wins nothing")
            elif owner in hidden:
                parts.append(f"{NAMES[owner]} wins {len(slots)} domain card{'s' if len(slots) > 1 else ''}")
            else:
                parts.append(f"{NAMES[owner]} wins " + ", ".join(card_title(domains[slot]) for slot in slots))
        return f"End of round {receiver}: " + "; ".join(parts)
    if event == "end":
        return f"Game over: {state.end_reason}"
    return event


__all__ = ["build_view", "domain_deals", "hidden_collection_seats", "public_form", "special_visible", "DOMAINS"]
