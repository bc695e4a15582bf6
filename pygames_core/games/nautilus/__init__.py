"""Nautilus for two, as Board Game Arena plays it (with its early end).

Rules
-----
Blue (seat 0) and Red (seat 1) sit on either side of the Nautilus. Along the
boat lie five domain slots; each slot has one diver space on each player's
side, so there are ten spaces. The components are in cards.py: 14 Divers
valued 1 to 14 (the 6 and 9 carry vertical arrows, the 7 and 8 horizontal
arrows, the 1 shows a crab), 6 specials (Kraken, Fishbone, Anchor, Eye,
Diving Module, Harpoon) and 30 domain cards, six per domain (Science,
Exploration, Navigation, Engineering, War).

A game has at most six rounds. The holder of the Nemo token plays first in a
round; Blue has it in round 1 and it passes to the other player every round.
A round:
1. Five domain cards from the shuffled domain deck are laid face up, one per slot.
2. All 14 Divers are shuffled; each player is dealt 5, one at a time,
   starting with the first player. The other 4 stay in the pile, unseen.
3. The first player draws 2 specials, keeps one and gives the other to the
   opponent (who sees it; the first player knows both). When the special deck
   is empty it is reshuffled from its discards (every 3 rounds).
4. The before-placement specials resolve, the first player's first, and each
   is used at once (using them can never hurt):
   - Eye: its holder sees the opponent's Divers (not a special held apart).
   - Diving Module: its holder draws 2 Divers from the pile, keeps one and
     puts the other back (a hand of 6 then; one Diver is left over).
   - Harpoon: its holder draws one Diver at random from the opponent's hand,
     looks at it, and either swaps it for one of their own Divers or hands it
     back. Both players see the card taken and the card given.
5. Ten placements, alternating from the first player: the player puts a
   Diver (or a held Kraken, worth 15, or Fishbone, worth 0) face up in any
   empty space, on either side. A player with the Anchor puts it, once, with
   one of their placements: on the card being placed or on any card already
   on the board. An anchored card can never be moved.
   An arrow card moves another card when it is placed, and must when it can:
   - vertical (6, 9): a card on the arrow card's side goes straight across to
     the empty space facing it;
   - horizontal (7, 8): a card on the arrow card's side goes to another empty
     space on that side.
   The Kraken and Fishbone count as Divers: they can be moved and anchored.
6. Each domain card goes to the player whose own-side card beats the card
   facing it: the higher value wins, except that the crab (1) beats the 14.
   (The Kraken, 15, beats the crab; the crab beats the Fishbone by value.)
7. Every special of the round is discarded face up, used or not.

Scoring: a two-star card is worth 2 points in its domain, a one-star card 1,
an ink blot -1. After every round a player who has secured 3 domains wins at
once; a domain is secured with 4 points or more, or with exactly 3 once that
domain's ink blot has been won by either player. Otherwise the game ends
after round 6, when the domain deck is empty, and whoever leads in more
domains wins. (With the split in cards.py each domain holds 5 points net, so
a domain is never tied, and after round 6 the leader of every domain has
secured it: the two endings agree.) The score of each seat is the number of
domains it has secured.

Options
-------
- ``domain_cards``: "visible" (default): both players' won domain cards are
  public. "hidden": each player sees only their own won cards and the number
  the opponent has won; once the game is over all are shown.

Notation
--------
Spaces are named by side and slot: "B1" to "B5" on Blue's side, "R1" to
"R5" on Red's side, slot 1 to 5 along the boat. Card ids are in cards.py.
Decisions:
- ``keep special-eye``: the first player keeps that special and gives the other.
- ``keep diver-7``: Diving Module: keep that Diver, put the other one back.
- ``swap diver-3``: Harpoon: keep the Diver drawn, give diver 3 in exchange;
  ``return``: hand the Diver drawn back.
- ``7 R3``, ``kraken B1``, ``fishbone B5``: place that card on that space.
- ``anchor``: the card about to be placed gets the Anchor; ``anchor R2``:
  the card on R2 gets it. Either is followed by the placement.
- ``B2-R2``: the arrow card just placed moves the card on B2 to R2.
Chance outcomes (to_move is CHANCE):
- ``deal domain-war-ink``: the next domain slot, in slot order;
- ``deal diver-7``: a Diver from the pile to the player being dealt to (the
  round's deal alternates from the first player; the Diving Module's two
  draws go to its holder);
- ``deal special-harpoon``: a special to the first player;
- ``harpoon diver-7``: the Harpoon's blind draw from the opponent's hand.
Deals list the distinct unseen cards, weighted by their copies.
``legal_moves()`` lists anchors before placements, placements by card value
then space (B1-B5, R1-R5), arrows by origin then destination, swaps by
value and then "return".

Choices made for this project
-----------------------------
- The facts' decisions: the domain split (one table, cards.py), the Nemo
  token passes, the Divers are reshuffled every round, the special deck is
  reshuffled from its discards, the Kraken and Fishbone are placed like
  Divers and can be moved, the crab beats the 14, arrows are compulsory and
  never move an anchored card, the early end.
- Blue holds the Nemo token in round 1 (the seat order is chosen outside).
- Eye, Diving Module and Harpoon are used automatically (as the "resolve"
  of the rules text): each only adds choices or knowledge for its holder.
- A special is held apart from the Divers: the Eye shows Divers only and the
  Harpoon draws a Diver only. The Anchor is played as its own decision
  ("anchor ...") just before the placement it goes with, so an arrow card can
  carry it; it may anchor any card already on the board, either side.
- Specials are discarded face up at the end of a round, so an unused one is
  then public.
- The Harpoon's victim sees which of their Divers was drawn.
- The arrow card itself never moves; with no legal target nothing moves.
- ``max_plies`` is a proven bound: a round has at most 5 + 10 + 2 deals,
  1 keep, 3 Module and 2 Harpoon plies, 1 anchor, 10 placements and 4
  arrow moves (one per arrow card): 38 plies, and there are 6 rounds.

Modules
-------
cards.py holds the one table of components, steps.py the steps of a round
(placement, arrows, specials, the award), view.py what each seat sees and the
log, resample.py the redrawing of unseen cards.

State
-----
``board`` holds 10 ints, index side * 5 + slot - 1 (Blue's side 0-4, Red's
5-9): the value of the card there (15 Kraken, 0 Fishbone) or -1 for empty.
``hands`` holds each seat's Divers (values, sorted); ``specials`` each seat's
special not yet used ("" for none). ``known[s]`` is what seat s knows of the
opponent's Divers (from the Eye and the Harpoon), ``known_pile[s]`` the pile
card s put back with the Diving Module. ``log`` holds every move and event as
(ply, seat or -1, move or "@event", receiver, extra); view.py filters it.
An "@award" entry's extra is "<winner per slot>;<board values>;<domain ids>".

View
----
See view.py for the keys; ``resample(seat, rng)`` is in resample.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import rng as rng_module
from ...core import CHANCE, GameError, GameInfo, InvalidMoveError, Option, Outcome, State
from .cards import (
    ANCHOR_ID,
    DIVER_VALUES,
    DOMAIN_CARD_IDS,
    DOMAIN_DECK_ORDER,
    EMPTY,
    FISHBONE,
    FULL_DOMAIN_DECK,
    KRAKEN,
    PLACED_SPECIALS,
    SPECIAL_IDS,
    SPECIAL_TITLES,
    VERTICAL_ARROWS,
)
from .steps import (
    ROUNDS,
    SEAT_NAMES,
    SPACES,
    SPECIAL_OF_VALUE,
    arrow_moves,
    deal_diver,
    end_placement,
    harpoon_answer,
    module_keep,
    place,
    resolve_before,
    set_pair,
    without_one,
)

MAX_PLIES = ROUNDS * (5 + 10 + 2 + 1 + 3 + 2 + 1 + 10 + 4)

CARD_LABELS: dict[int, str] = {value: str(value) for value in DIVER_VALUES}
CARD_LABELS[KRAKEN] = "kraken"
CARD_LABELS[FISHBONE] = "fishbone"

# Every move string of the game, parsed once: move -> (kind, arguments...).
MOVES: dict[str, tuple[Any, ...]] = {}
for _card in DOMAIN_CARD_IDS:
    MOVES[f"deal {_card}"] = ("deal_domain", _card)
for _value in DIVER_VALUES:
    MOVES[f"deal diver-{_value}"] = ("deal_diver", _value)
    MOVES[f"harpoon diver-{_value}"] = ("harpoon", _value)
    MOVES[f"keep diver-{_value}"] = ("keep_diver", _value)
    MOVES[f"swap diver-{_value}"] = ("swap", _value)
for _special in SPECIAL_IDS:
    MOVES[f"deal {_special}"] = ("deal_special", _special)
    MOVES[f"keep {_special}"] = ("keep_special", _special)
MOVES["return"] = ("return",)
MOVES["anchor"] = ("anchor", -1)
for _space, _name in enumerate(SPACES):
    MOVES[f"anchor {_name}"] = ("anchor", _space)
    for _value, _label in CARD_LABELS.items():
        MOVES[f"{_label} {_name}"] = ("place", _value, _space)
    for _target, _target_name in enumerate(SPACES):
        if _target != _space:
            MOVES[f"{_name}-{_target_name}"] = ("arrow", _space, _target)

DEAL_DIVER = {value: f"deal diver-{value}" for value in DIVER_VALUES}
HARPOON_DIVER = {value: f"harpoon diver-{value}" for value in DIVER_VALUES}
KEEP_DIVER = {value: f"keep diver-{value}" for value in DIVER_VALUES}
SWAP_DIVER = {value: f"swap diver-{value}" for value in DIVER_VALUES}
PLACE_MOVE = {(value, space): f"{label} {SPACES[space]}" for value, label in CARD_LABELS.items() for space in range(10)}
ANCHOR_MOVES = ("anchor",) + tuple(f"anchor {name}" for name in SPACES)
CHANCE_PHASES = frozenset(("domains", "divers", "specials", "module", "harpoon"))
PHASE_TEXT = {
    "keep": "{seat} keeps one of the two specials drawn",
    "module_keep": "{seat} keeps one of the two Divers drawn with the Diving Module",
    "harpoon_swap": "{seat} swaps the harpooned Diver for one of their own, or returns it",
    "place": "{seat} places a card",
    "arrow": "{seat}'s arrow card moves a card",
}

_NOTATION_HELP = (
    'moves look like "7 R3", "kraken B1", "anchor", "anchor R2", "B2-R2", "keep special-eye", '
    '"keep diver-7", "swap diver-3", "return" or a chance outcome such as "deal diver-7"'
)


@dataclass(frozen=True)
class NautilusState(State):
    info = GameInfo(
        id="nautilus",
        title="Nautilus",
        min_players=2,
        max_players=2,
        options=(
            Option(
                "domain_cards",
                "Domain cards won",
                ("visible", "hidden"),
                "visible",
                ("Visible to both players", "Hidden: you see only your own"),
                help="Whether you see which domain cards your opponent has won.",
            ),
        ),
        has_chance=True,
        has_hidden_info=True,
        max_plies=MAX_PLIES,
        summary="Place divers along the Nautilus, on your side or your opponent's, to win the five domains.",
    )

    players: int = 2
    hidden_collections: bool = False
    round_number: int = 1
    first: int = 0  # holder of the Nemo token
    phase: str = "domains"
    to_move: int | None = CHANCE
    placer: int = -1  # whose placement turn it is (place and arrow phases)
    placements: int = 0
    domains: tuple[str, ...] = ()
    domain_deck: tuple[str, ...] = FULL_DOMAIN_DECK
    collected: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    pile: tuple[int, ...] = DIVER_VALUES
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    known: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    known_pile: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    special_deck: tuple[str, ...] = SPECIAL_IDS
    special_discards: tuple[str, ...] = ()
    drawn_specials: tuple[str, ...] = ()
    specials: tuple[str, str] = ("", "")
    used_specials: tuple[str, ...] = ()
    before_step: int = 0  # 0: the first player's special resolves next, 1: the second's, 2: done
    module_cards: tuple[int, ...] = ()
    harpooned: int = EMPTY
    board: tuple[int, ...] = (EMPTY,) * 10
    anchored: int = -1
    anchor_pending: bool = False
    arrow_from: int = -1
    log: tuple[tuple[int, int, str, int, str], ...] = ((0, 0, "@round", 1, ""),)
    scores: tuple[int, int] = (0, 0)
    end_reason: str = ""
    rng: int = 0
    ply: int = 0

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> NautilusState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        return cls(
            players=players,
            hidden_collections=values["domain_cards"] == "hidden",
            rng=rng_module.seed_state(seed),
        )

    # -- whose decision ---------------------------------------------------------

    def before_order(self) -> tuple[int, int]:
        return (self.first, 1 - self.first)

    def before_holder(self) -> int:
        """The seat whose before-placement special is resolving."""
        return self.before_order()[min(self.before_step, 1)]

    def turn_seat(self) -> int | None:
        """The specials drawn belong to the first player's turn, a Diving Module's
        or Harpoon's draw to its holder's; a round's deal to nobody's."""
        if self.to_move != CHANCE:
            return self.to_move
        if self.phase == "specials":
            return self.first
        if self.phase in ("module", "harpoon"):
            return self.before_holder()
        return None

    # -- moves -----------------------------------------------------------------

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "place":
            return self._placements()
        if phase == "arrow":
            return arrow_moves(self.board, self.arrow_from, self.anchored)
        if phase == "divers" or phase == "module":
            return tuple([DEAL_DIVER[value] for value in self.pile])
        if phase == "domains":
            return tuple(f"deal {card}" for card in sorted(set(self.domain_deck), key=DOMAIN_DECK_ORDER.__getitem__))
        if phase == "specials":
            return tuple(f"deal {card}" for card in self.special_deck)
        if phase == "keep":
            return tuple(f"keep {card}" for card in self.drawn_specials)
        if phase == "module_keep":
            return tuple([KEEP_DIVER[value] for value in sorted(self.module_cards)])
        if phase == "harpoon":
            return tuple([HARPOON_DIVER[value] for value in self.hands[1 - self.before_holder()]])
        if phase == "harpoon_swap":
            return tuple([SWAP_DIVER[value] for value in self.hands[self.before_holder()]]) + ("return",)
        return ()

    def _placements(self) -> tuple[str, ...]:
        seat = self.placer
        board = self.board
        empty = [space for space in range(10) if board[space] == EMPTY]
        values = list(self.hands[seat])
        special = self.specials[seat]
        moves: list[str] = []
        if special == ANCHOR_ID and not self.anchor_pending:
            moves.append("anchor")
            moves.extend(ANCHOR_MOVES[space + 1] for space in range(10) if board[space] != EMPTY)
        elif special in PLACED_SPECIALS:
            values.append(PLACED_SPECIALS[special])
            values.sort()
        for value in values:
            moves.extend(PLACE_MOVE[value, space] for space in empty)
        return tuple(moves)

    def chance_weights(self) -> tuple[int, ...]:
        if self.phase == "domains":
            deck = self.domain_deck
            return tuple(deck.count(card) for card in sorted(set(deck), key=DOMAIN_DECK_ORDER.__getitem__))
        if self.phase in CHANCE_PHASES:
            return (1,) * len(self.legal_moves())
        return super().chance_weights()

    def _apply(self, move: str) -> NautilusState:
        parsed = MOVES[move]
        kind = parsed[0]
        state = dict(self.__dict__)
        state.pop("_legal", None)
        ply = self.ply + 1
        state["ply"] = ply
        entries: list[tuple[int, int, str, int, str]] = []
        if self.to_move == CHANCE:
            state["rng"] = rng_module.next_u64(self.rng)[1]

        if kind == "place":
            place(state, entries, ply, move, parsed[1], parsed[2])
        elif kind == "arrow":
            board = list(self.board)
            board[parsed[2]] = board[parsed[1]]
            board[parsed[1]] = EMPTY
            state["board"] = tuple(board)
            state["arrow_from"] = -1
            entries.append((ply, self.placer, move, -1, ""))
            end_placement(state, entries, ply)
        elif kind == "deal_diver":
            deal_diver(state, entries, ply, move, parsed[1])
        elif kind == "deal_domain":
            card = parsed[1]
            state["domain_deck"] = without_one(self.domain_deck, card)
            state["domains"] = self.domains + (card,)
            entries.append((ply, CHANCE, move, len(self.domains), ""))
            if len(self.domains) == 4:
                state["phase"] = "divers"
        elif kind == "deal_special":
            card = parsed[1]
            state["special_deck"] = without_one(self.special_deck, card)
            state["drawn_specials"] = tuple(sorted(self.drawn_specials + (card,), key=SPECIAL_IDS.index))
            entries.append((ply, CHANCE, move, self.first, ""))
            if self.drawn_specials:
                state["phase"] = "keep"
                state["to_move"] = self.first
        elif kind == "keep_special":
            kept = parsed[1]
            given = self.drawn_specials[1] if self.drawn_specials[0] == kept else self.drawn_specials[0]
            first = self.first
            state["specials"] = (kept, given) if first == 0 else (given, kept)
            state["drawn_specials"] = ()
            entries.append((ply, first, move, -1, given))
            resolve_before(state, entries, ply)
        elif kind == "keep_diver":
            module_keep(state, entries, ply, move, parsed[1])
        elif kind == "harpoon":
            value = parsed[1]
            holder = self.before_holder()
            victim = 1 - holder
            state["hands"] = set_pair(self.hands, victim, without_one(self.hands[victim], value))
            state["known"] = set_pair(self.known, holder, tuple(v for v in self.known[holder] if v != value))
            state["harpooned"] = value
            state["phase"] = "harpoon_swap"
            state["to_move"] = holder
            entries.append((ply, CHANCE, move, holder, str(victim)))
        elif kind == "swap" or kind == "return":
            harpoon_answer(state, entries, ply, move, parsed[1] if kind == "swap" else EMPTY)
        elif kind == "anchor":
            seat = self.placer
            state["specials"] = set_pair(self.specials, seat, "")
            state["used_specials"] = self.used_specials + (ANCHOR_ID,)
            if parsed[1] < 0:
                state["anchor_pending"] = True
            else:
                state["anchored"] = parsed[1]
            entries.append((ply, seat, move, -1, ""))

        state["log"] = self.log + tuple(entries)
        return self._replace(**state)

    def why_illegal(self, move: str) -> str:
        parsed = MOVES.get(move)
        if parsed is None:
            raise InvalidMoveError(move, _NOTATION_HELP)
        kind = parsed[0]
        phase = self.phase
        chance_kind = kind in ("deal_diver", "deal_domain", "deal_special", "harpoon")
        if self.to_move == CHANCE:
            if not chance_kind:
                return "a card is being dealt now; no one decides"
            return f"{move[move.index(' ') + 1 :]} cannot be drawn now: it is not among the unseen cards at this draw"
        seat_name = SEAT_NAMES[self.to_move or 0]
        expected = PHASE_TEXT.get(phase, "").format(seat=seat_name)
        if chance_kind:
            return f"cards are dealt by chance, not chosen; now {expected}"
        if kind == "place" and phase == "place":
            value, space = parsed[1], parsed[2]
            if self.board[space] != EMPTY:
                return f"{SPACES[space]} already holds a card"
            if value in SPECIAL_OF_VALUE:
                return f"{seat_name} does not hold the {SPECIAL_TITLES[SPECIAL_OF_VALUE[value]]}"
            return f"diver {value} is not in {seat_name}'s hand"
        if kind == "anchor" and phase == "place":
            if self.specials[self.placer] != ANCHOR_ID:
                return "the Anchor is already used" if self.anchor_pending else f"{seat_name} does not hold the Anchor"
            return f"there is no card on {SPACES[parsed[1]]} to anchor"
        if kind == "arrow" and phase == "arrow":
            start, target = parsed[1], parsed[2]
            arrow = self.board[self.arrow_from]
            if start == self.arrow_from:
                return "an arrow card moves another card, never itself"
            if self.board[start] == EMPTY:
                return f"there is no card on {SPACES[start]}"
            if start == self.anchored:
                return f"the card on {SPACES[start]} is anchored"
            if (start < 5) != (self.arrow_from < 5):
                return "an arrow moves a card on its own side of the boat"
            if self.board[target] != EMPTY:
                return f"{SPACES[target]} is not empty"
            if arrow in VERTICAL_ARROWS:
                return "a vertical arrow moves a card straight across the boat"
            return "a horizontal arrow moves a card along its own side"
        if kind == "keep_special" and phase == "keep":
            return f"{SPECIAL_TITLES[parsed[1]]} is not one of the two specials drawn"
        if kind == "keep_diver" and phase == "module_keep":
            return f"diver {parsed[1]} is not one of the two Divers drawn"
        if kind == "swap" and phase == "harpoon_swap":
            return f"diver {parsed[1]} is not in {seat_name}'s hand"
        if phase == "arrow":
            return f"{seat_name}'s arrow card must move a card first"
        return f"now {expected}"

    # -- end and view --------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        scores = self.scores
        best = max(scores)
        winners = tuple(seat for seat in (0, 1) if scores[seat] == best)
        return Outcome(scores=(float(scores[0]), float(scores[1])), winners=winners, reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import build_view

        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < 2):
            raise GameError(f"Nautilus has seats 0 and 1, not {seat!r}")
        return build_view(self, seat)

    def public_move(self, move: str, seat: int | None) -> str:
        """`move`, about to be played in this state, as `seat` may read it: the
        masked forms of view.py's log ("deal diver" for a card dealt to another
        seat). With hidden domain cards a domain card dealt reads "deal domain"
        for everyone: the card lies on the boat in the view during its round,
        but a move list naming it would tell who won it."""
        from .view import public_form

        after = self.play(move)
        entry = next(entry for entry in after.log[len(self.log) :] if entry[2] == move)
        return public_form(after, entry, seat)

    def past_is_public(self) -> bool:
        """With hidden domain cards, earlier rounds' boats would tell who won what."""
        return not self.hidden_collections

    def resample(self, seat: int | None, rng: rng_module.Rng) -> NautilusState:
        """A state that `seat` cannot tell from this one, with every card that
        seat has not seen drawn again from the unseen cards (see resample.py)."""
        from .resample import resample

        return resample(self, seat, rng)
