"""Lost Cities: two explorers, five expeditions, hidden hands and a shuffled deck.

Rules
-----
The deck has 60 cards in five expedition colours, yellow, blue, white, green and
red: each colour has one card of each number from 2 to 10 and three wager cards.
The option "sixth" adds purple, for 72 cards. Each colour has one expedition
column per player and one shared discard pile.

A round starts with 8 cards dealt to each player; the rest is the face-down
deck. South (seat 0) begins the first round. A turn is two moves by the same
player:
1. play a card from the hand onto their own expedition of its colour, or put it
   face up on that colour's discard pile. An expedition rises: a number must be
   higher than the last card there, and wagers may only go in before the first
   number (several wagers may follow one another);
2. take one card: the top of the deck, or the top card of any discard pile
   except the card discarded in step 1 of this very turn.
Both moves are compulsory. The round ends at once when a player draws the last
card of the deck.

Scoring, for each expedition of a player: no card scores 0; otherwise the sum
of its numbers minus 20, times (1 + its wagers), and then 20 more if it holds 8
or more cards (wagers count towards the 8; the 20 is not multiplied). An
expedition of wagers alone scores -20 x (1 + wagers). A player's round score is
the sum of their expeditions.

Options
-------
- ``rounds``: "1" or "3" (default). Round scores add up; the loser of a round
  starts the next one (on a tied round, the player who did not start it).
- ``sixth``: "off" (default) or "on": the purple expedition, 72 cards.
The higher total wins; equal totals share the win.

Hidden information and chance
-----------------------------
The deck is a multiset of unseen cards, never an ordered pile. Whenever a card
comes off it, the state is a chance point (``to_move`` is CHANCE) whose moves
are the distinct unseen cards ("deal red-7") weighted by how many copies are
unseen. Playing a chance outcome advances the ``rng`` field once, so a forced
card and a drawn one leave the same generator behind. Each round opens with 16
such deals, one card at a time, alternately, starting with the player who will
begin the round. ``resample(seat, rng)`` redraws everything ``seat`` cannot see
(the other hand and the deck) from the unseen multiset.

Notation
--------
A card is "<colour>-<number>" ("red-7", "blue-10") or "<colour>-w" for a wager
("green-w"); the three wagers of a colour are alike.
  play red-7      put red-7 on your red expedition
  discard red-w   put a red wager on the red discard pile
  draw deck       take the top card of the deck (a deal follows)
  draw red        take the top card of the red discard pile
  deal red-7      chance: red-7 comes off the deck into the hand being dealt to
``legal_moves()`` lists plays, then discards, card by card in hand order
(colour order yellow, blue, white, green, red, purple; wagers, then 2 to 10);
"draw deck" then "draw <colour>" in colour order; deals in card order.

Choices
-------
- No rule bounds the length of a round: it ends only when the deck's last card
  is drawn, and taking from the discard piles instead may put that off for as
  long as both players like. ``max_plies`` is therefore ``LONGEST_RECORD``, the
  most moves a record holds, a practical bound and not a proven one. Three
  rounds of uniformly random moves took 1,045 plies (median; 1,202 at most) in
  200 seeded games. A computer seat bounds its own part: after
  ``PILE_DRAWS_IN_A_ROW`` turns running taken from the piles (``pile_draws``
  counts them), ``playing_moves`` leaves it only the deck, so a round with a
  computer in it ends. Its estimate alone did not: the seat ahead should want
  the end, yet the strong and quick levels once both held off for over a
  thousand turns.
- Discard piles are public as a whole (every card in them was seen face up),
  and so is a card taken from a pile: ``known`` keeps, per hand, the cards it
  was seen to take and has not let go of since (letting go of a card of which
  the hand holds a known copy and a secret one uses up the known copy, since
  nobody can tell them apart). ``resample`` keeps these cards in their hands.
- Drawing the deck's last card is still a deal (a chance point with a single
  outcome), so every card in a hand came through a chance move.
- The state keeps no log of the whole game: a log that grows with every ply
  would make each move and each view cost more as the game goes on. It keeps the plies of the turn
  in progress and of the turn before it (``recent``; the opening deal counts as
  a turn), enough to show what the opponent just did. A full move list for a
  seat comes from the record: ``public_move(move, seat)``, asked of the state a
  move was played in, gives the move as that seat may read it ("deal" without
  the card for a card dealt to another seat).
- ``resample`` forgets the identities of the cards the redrawn seats were dealt
  in ``recent`` (they read "deal ?").
- ``estimate_returns()``, for searches that cut a playout short, adds the
  finished rounds to the round in progress as it would stand with each seat's
  hand laid on where that pays (``prospect``), and squashes the lead with a
  logistic that widens with the deck cards still to come.

View
----
``view(seat)`` (seat None: a spectator, who sees no hand):
  seat, seat_names    the viewer; ["South", "North"]
  colours             the expedition colours in play, in order
  hand                the viewer's cards, sorted by colour then number; None for a spectator
  hand_sizes          cards in each hand
  known               [seat] the cards each hand is known to hold: taken from a discard
                      pile and not yet played or discarded again
  deck                cards left in the deck
  expeditions         [seat][colour] the cards played, in order
  expedition_scores   [seat][colour] what each expedition is worth now
  round_score         [seat] the sum of those
  discards            [colour] the discard pile, bottom first (the last is on top)
  to_move, turn       seat to decide (-1 at a chance point, None when over); seat whose turn it is
  phase               "deal" (opening deal), "play", "draw", "deck" (a deck card being dealt), "over"
  deal_to             the seat receiving the card at a chance point, else None
  discarded           the colour discarded to this turn (not drawable now), else None
  round, rounds       this round (from 1) and how many are played
  starter             the seat that began this round
  round_scores        [[South, North], ...] per finished round; totals: their sums
  round_ends          why each finished round ended
  last_round          from round 2 on, {"expeditions", "scores"} of the round before;
                      None in round 1 and once the game is over (the table then shows
                      the last round as it ended)
  recent              the plies of the turn in progress and the turn before it, as
                      [seat, move]: seat is the mover, or the receiver of a deal; move
                      is "deal" for a card dealt to another seat
  options             the option values; ply: plies played; outcome: Outcome.to_dict() or None
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rng as rng_module
from ..core import CHANCE, LONGEST_RECORD, GameInfo, InvalidMoveError, Option, Outcome, State, redeal, winners_by_score

SEAT_NAMES = ("South", "North")
COLOURS = ("yellow", "blue", "white", "green", "red", "purple")
RANKS = ("w", "2", "3", "4", "5", "6", "7", "8", "9", "10")  # rank 0 is a wager
KINDS = len(RANKS)  # card kinds per colour; a card is colour * KINDS + rank
WAGER_COPIES = 3
HAND_SIZE = 8
BONUS_CARDS = 8
BONUS = 20
COST = 20
DRAW_DECK = "draw deck"
PILE_DRAWS_IN_A_ROW = 8
"""Turns in a row a computer seat takes from the discard piles before it draws
from the deck again (`playing_moves`). No rule bounds a round, and two computers
that each judge holding off the end worth it would pass cards round the piles
for ever (it happened between the strong and quick levels, and between two quick
ones). Eight turns are enough to lay out a whole hand before the last card is
drawn."""
SPREAD_PER_CARD = 4.5
"""Points of lead worth one logistic unit, times the square root of the deck
cards still to be drawn in this round and the rounds to come: fitted to the
final results of random three-round games."""

CARD_NAMES: tuple[str, ...] = tuple(f"{colour}-{rank}" for colour in COLOURS for rank in RANKS)
COLOUR_OF: tuple[int, ...] = tuple(card // KINDS for card in range(len(CARD_NAMES)))
RANK_OF: tuple[int, ...] = tuple(card % KINDS for card in range(len(CARD_NAMES)))
VALUE_OF: tuple[int, ...] = tuple(rank + 1 if rank else 0 for rank in RANK_OF)  # rank 1 is the 2
PLAY_TEXT = tuple(f"play {name}" for name in CARD_NAMES)
DISCARD_TEXT = tuple(f"discard {name}" for name in CARD_NAMES)
DEAL_TEXT = tuple(f"deal {name}" for name in CARD_NAMES)
DRAW_TEXT = tuple(f"draw {colour}" for colour in COLOURS)

# Every move text of the largest game: (kind, card or colour; -1 for the deck).
MOVES: dict[str, tuple[str, int]] = {DRAW_DECK: ("draw", -1)}
for _card in range(len(CARD_NAMES)):
    MOVES[PLAY_TEXT[_card]] = ("play", _card)
    MOVES[DISCARD_TEXT[_card]] = ("discard", _card)
    MOVES[DEAL_TEXT[_card]] = ("deal", _card)
for _colour in range(len(COLOURS)):
    MOVES[DRAW_TEXT[_colour]] = ("draw", _colour)

_CARD_PATTERN = re.compile(r"(play|discard|deal) ([a-z]+)-(\w+)")
_MOVE_HELP = ('a move is "play red-7", "discard red-w", "draw deck", "draw red", '
              'or a dealt card such as "deal red-7"')


def full_deck(colours: int) -> tuple[int, ...]:
    """Copies of each card kind in a fresh deck of `colours` expeditions."""
    return tuple(WAGER_COPIES if rank == 0 else 1 for _ in range(colours) for rank in range(KINDS))


def expedition_score(cards: tuple[int, ...]) -> int:
    """What one expedition is worth: 0 if empty, else (sum - 20) x (1 + wagers),
    plus 20 for 8 or more cards."""
    if not cards:
        return 0
    wagers = sum(1 for card in cards if RANK_OF[card] == 0)
    score = (sum(VALUE_OF[card] for card in cards) - COST) * (1 + wagers)
    return score + BONUS if len(cards) >= BONUS_CARDS else score


def round_score(expeditions: tuple[tuple[int, ...], ...]) -> int:
    return sum(expedition_score(cards) for cards in expeditions)


def can_follow(expedition: tuple[int, ...], card: int) -> bool:
    """Whether `card` may go on top of `expedition` (same colour): numbers rise,
    wagers only before the first number."""
    if not expedition:
        return True
    top = RANK_OF[expedition[-1]]
    rank = RANK_OF[card]
    return rank > top or rank == top == 0


def _empty_table(colours: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, ...], ...]]:
    """(empty expeditions per seat, empty discard piles)."""
    row: tuple[tuple[int, ...], ...] = ((),) * colours
    return (row, row), row


@dataclass(frozen=True)
class LostCitiesState(State):
    info = GameInfo(
        id="lostcities",
        title="Lost Cities",
        min_players=2,
        max_players=2,
        options=(
            Option("rounds", "Rounds", ("1", "3"), "3", ("1 round", "3 rounds, scores added"),
                   help="One round, or three with the scores added up."),
            Option(
                "sixth",
                "Sixth expedition",
                ("off", "on"),
                "off",
                ("Off: 5 expeditions, 60 cards", "On: purple too, 72 cards"),
                help="A purple expedition as well: more cards, a longer and riskier round.",
            ),
        ),
        has_chance=True,
        has_hidden_info=True,
        max_plies=LONGEST_RECORD,
        summary="Play rising runs of cards on your expeditions, and only start the ones that will pay off.",
    )

    players: int = 2
    colours: int = 5
    rounds: int = 3
    round: int = 1
    starter: int = 0
    turn: int = 0  # seat whose turn it is; during the deal, the seat that will start
    to_move: int | None = CHANCE
    phase: str = "deal"  # deal, play, draw, deck, over
    deal_to: int = 0  # seat receiving the card at a chance point; -1 otherwise
    hands: tuple[tuple[int, ...], ...] = ((), ())  # sorted card numbers
    known: tuple[tuple[int, ...], ...] = ((), ())  # cards of each hand everyone saw it take from a pile
    deck: tuple[int, ...] = full_deck(5)  # unseen copies of each card kind still in the deck
    deck_size: int = 60
    expeditions: tuple[tuple[tuple[int, ...], ...], ...] = _empty_table(5)[0]
    discards: tuple[tuple[int, ...], ...] = _empty_table(5)[1]
    discarded: int = -1  # colour discarded to in this turn's first move
    round_scores: tuple[tuple[int, ...], ...] = ()
    round_ends: tuple[str, ...] = ()
    last_round: tuple[tuple[tuple[int, ...], ...], ...] = ()  # final expeditions of the previous round
    rng: int = 0
    recent: tuple[str, ...] = ()  # this turn's and the last turn's plies: the seat digit, then the move
    pile_draws: tuple[int, ...] = (0, 0)  # [seat] its turns in a row this round that ended with a draw from a pile
    turn_start: int = 0  # where the turn in progress begins in `recent`
    ply: int = 0
    end_reason: str = ""

    @classmethod
    def new(cls, players: int = 2, options: Mapping[str, str] | None = None, seed: int = 0) -> LostCitiesState:
        cls.info.check_players(players)
        values = cls.info.resolve_options(options)
        colours = 6 if values["sixth"] == "on" else 5
        expeditions, discards = _empty_table(colours)
        return cls(
            players=players,
            colours=colours,
            rounds=int(values["rounds"]),
            deck=full_deck(colours),
            deck_size=sum(full_deck(colours)),
            expeditions=expeditions,
            discards=discards,
            rng=rng_module.seed_state(seed),
        )

    # -- moves -------------------------------------------------------------

    def last_decision_of_turn(self) -> bool:
        return self.phase == "draw"  # the draw ends the turn; the deck's card is dealt by chance

    def _legal_moves(self) -> tuple[str, ...]:
        phase = self.phase
        if phase == "play":
            expeditions = self.expeditions[self.turn]
            plays = []
            discards = []
            previous = -1
            for card in self.hands[self.turn]:
                if card == previous:
                    continue  # a second wager of the same colour
                previous = card
                expedition = expeditions[COLOUR_OF[card]]  # can_follow, inlined for speed
                rank = RANK_OF[card]
                if not expedition or rank > RANK_OF[expedition[-1]] or rank == RANK_OF[expedition[-1]] == 0:
                    plays.append(PLAY_TEXT[card])
                discards.append(DISCARD_TEXT[card])
            return tuple(plays + discards)
        if phase == "draw":
            piles = self.discards
            barred = self.discarded
            return (DRAW_DECK,) + tuple(
                [DRAW_TEXT[colour] for colour in range(self.colours) if piles[colour] and colour != barred]
            )
        if phase in ("deal", "deck"):
            return tuple([DEAL_TEXT[card] for card, copies in enumerate(self.deck) if copies])
        return ()

    def playing_moves(self) -> tuple[str, ...]:
        """Only the deck, for a seat that has taken from the piles `PILE_DRAWS_IN_A_ROW`
        turns running: a computer stops holding off the round's end there."""
        if self.phase == "draw" and self.pile_draws[self.turn] >= PILE_DRAWS_IN_A_ROW:
            return (DRAW_DECK,)
        return super().playing_moves()

    def turn_seat(self) -> int | None:
        """A card from the deck belongs to the turn of the seat that drew it; the opening deal to nobody's."""
        if self.to_move == CHANCE:
            return None if self.phase == "deal" else self.deal_to
        return self.to_move

    def chance_weights(self) -> tuple[int, ...]:
        if self.to_move == CHANCE:
            return tuple([copies for copies in self.deck if copies])
        return super().chance_weights()

    def why_illegal(self, move: str) -> str:
        parsed = MOVES.get(move)
        if parsed is None:
            raise InvalidMoveError(move, _not_a_move(move))
        kind, number = parsed
        colour = -1 if number < 0 else (COLOUR_OF[number] if kind != "draw" else number)
        if colour >= self.colours:
            return f"there is no {COLOURS[colour]} expedition in this game (the sixth expedition is off)"
        if self.to_move is None:
            return "the game is over"
        if self.to_move == CHANCE:
            if kind != "deal":
                return f"a card from the deck is being dealt to {SEAT_NAMES[self.deal_to]} first"
            return f"{CARD_NAMES[number]} is not among the cards left in the deck"
        if kind == "deal":
            return "cards are dealt only at the start of a round and after a draw from the deck"
        if self.phase == "play":
            if kind == "draw":
                return "first play or discard a card, then draw"
            if number not in self.hands[self.turn]:
                return f"{CARD_NAMES[number]} is not in your hand"
            expedition = self.expeditions[self.turn][colour]
            top = CARD_NAMES[expedition[-1]]
            if RANK_OF[number] == 0:
                return f"wagers go before any number: your {COLOURS[colour]} expedition already has {top}"
            return f"{CARD_NAMES[number]} is not higher than {top}, the last card of your {COLOURS[colour]} expedition"
        # the draw phase
        if kind != "draw":
            return "you have played a card this turn already: now draw one"
        if colour == self.discarded:
            return "you may not take back the card you have just discarded"
        return f"the {COLOURS[colour]} discard pile is empty"

    def _apply(self, move: str) -> LostCitiesState:
        kind, number = MOVES[move]
        seat = self.turn
        if kind == "deal":
            return self._deal(number, move)
        if kind == "play":
            hand = list(self.hands[seat])
            hand.remove(number)
            colour = COLOUR_OF[number]
            row = self.expeditions[seat]
            row = row[:colour] + (row[colour] + (number,),) + row[colour + 1 :]
            return self._replace(
                hands=_pair(seat, tuple(hand), self.hands[1 - seat]),
                known=self._forget(seat, number),
                expeditions=_pair(seat, row, self.expeditions[1 - seat]),
                phase="draw",
                **self._logged(f"{seat}{move}", True),
            )
        if kind == "discard":
            hand = list(self.hands[seat])
            hand.remove(number)
            colour = COLOUR_OF[number]
            piles = self.discards
            return self._replace(
                hands=_pair(seat, tuple(hand), self.hands[1 - seat]),
                known=self._forget(seat, number),
                discards=piles[:colour] + (piles[colour] + (number,),) + piles[colour + 1 :],
                discarded=colour,
                phase="draw",
                **self._logged(f"{seat}{move}", True),
            )
        log = self._logged(f"{seat}{move}", False)
        if number < 0:  # the deck: a chance point deals the card
            return self._replace(to_move=CHANCE, phase="deck", deal_to=seat, discarded=-1,
                                 pile_draws=_pair(seat, 0, self.pile_draws[1 - seat]), **log)
        piles = self.discards
        card = piles[number][-1]
        hand = list(self.hands[seat])
        bisect.insort(hand, card)
        known = list(self.known[seat])
        bisect.insort(known, card)
        return self._replace(
            hands=_pair(seat, tuple(hand), self.hands[1 - seat]),
            known=_pair(seat, tuple(known), self.known[1 - seat]),
            discards=piles[:number] + (piles[number][:-1],) + piles[number + 1 :],
            discarded=-1,
            pile_draws=_pair(seat, self.pile_draws[seat] + 1, self.pile_draws[1 - seat]),
            to_move=1 - seat,
            turn=1 - seat,
            phase="play",
            **log,
        )

    def _deal(self, card: int, move: str) -> LostCitiesState:
        seat = self.deal_to
        hand = list(self.hands[seat])
        bisect.insort(hand, card)
        hands = _pair(seat, tuple(hand), self.hands[1 - seat])
        deck = list(self.deck)
        deck[card] -= 1
        state = self._replace(
            hands=hands,
            deck=tuple(deck),
            deck_size=self.deck_size - 1,
            rng=rng_module.next_u64(self.rng)[1],
            **self._logged(f"{seat}{move}", self.phase == "deal" and not self.hands[0] and not self.hands[1]),
        )
        if self.phase == "deal":
            if len(hands[0]) + len(hands[1]) < 2 * HAND_SIZE:
                return state._replace(deal_to=1 - seat)
            return state._replace(to_move=self.starter, turn=self.starter, phase="play", deal_to=-1)
        if state.deck_size == 0:
            return state._end_round("the last card of the deck was drawn")
        return state._replace(to_move=1 - seat, turn=1 - seat, phase="play", deal_to=-1)

    def _forget(self, seat: int, card: int) -> tuple[tuple[int, ...], ...]:
        """`known` after `seat` lets go of `card`: if the table knew of a copy in
        that hand, it now knows of one fewer (it cannot tell which copy went)."""
        known = self.known[seat]
        if card not in known:
            return self.known
        index = known.index(card)
        return _pair(seat, known[:index] + known[index + 1 :], self.known[1 - seat])

    def _logged(self, entry: str, starts_turn: bool) -> dict[str, Any]:
        """The log fields after one more ply; a new turn drops the turn before last."""
        if starts_turn:
            kept = self.recent[self.turn_start :]
            return {"recent": kept + (entry,), "turn_start": len(kept), "ply": self.ply + 1}
        return {"recent": self.recent + (entry,), "ply": self.ply + 1}

    def _end_round(self, why: str) -> LostCitiesState:
        """Scores the round; starts the next one or ends the game."""
        scores = (round_score(self.expeditions[0]), round_score(self.expeditions[1]))
        round_scores = self.round_scores + (scores,)
        round_ends = self.round_ends + (why,)
        if self.round < self.rounds:
            if scores[0] == scores[1]:
                starter = 1 - self.starter
            else:
                starter = 0 if scores[0] < scores[1] else 1
            expeditions, discards = _empty_table(self.colours)
            return self._replace(
                round=self.round + 1,
                starter=starter,
                turn=starter,
                to_move=CHANCE,
                phase="deal",
                deal_to=starter,
                hands=((), ()),
                known=((), ()),
                deck=full_deck(self.colours),
                deck_size=sum(full_deck(self.colours)),
                expeditions=expeditions,
                discards=discards,
                discarded=-1,
                pile_draws=(0, 0),
                round_scores=round_scores,
                round_ends=round_ends,
                last_round=self.expeditions,
            )
        totals = _totals(round_scores)
        rounds = "the round" if self.rounds == 1 else f"{self.rounds} rounds"
        reason = (
            f"{why}, which ends the game; after {rounds} "
            f"{SEAT_NAMES[0]} has {totals[0]} points and {SEAT_NAMES[1]} {totals[1]}"
        )
        return self._replace(
            to_move=None,
            phase="over",
            deal_to=-1,
            discarded=-1,
            round_scores=round_scores,
            round_ends=round_ends,
            end_reason=reason,
        )

    # -- end, view and hidden information -----------------------------------

    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        scores = _totals(self.round_scores)
        return Outcome(scores=scores, winners=winners_by_score(scores), reason=self.end_reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        colours = range(self.colours)

        def names(cards: tuple[int, ...]) -> list[str]:
            return [CARD_NAMES[card] for card in cards]

        # Cards dealt to another seat lose their name: "0deal red-7" reads "deal" to North.
        own = "" if seat is None else str(seat)
        recent = [
            [int(entry[0]), "deal" if entry[1:6] == "deal " and entry[0] != own else entry[1:]]
            for entry in self.recent
        ]
        last_round = None
        if self.last_round and self.to_move is not None:
            last_round = {
                "expeditions": [[names(cards) for cards in row] for row in self.last_round],
                "scores": list(self.round_scores[-1]),
            }
        scores = [[expedition_score(cards) for cards in row] for row in self.expeditions]
        outcome = self.outcome()
        return {
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "colours": list(COLOURS[: self.colours]),
            "hand": None if seat is None else names(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "known": [names(cards) for cards in self.known],
            "deck": self.deck_size,
            "expeditions": [[names(cards) for cards in row] for row in self.expeditions],
            "expedition_scores": scores,
            "round_score": [sum(row) for row in scores],
            "discards": [names(self.discards[colour]) for colour in colours],
            "to_move": self.to_move,
            "turn": self.turn,
            "phase": self.phase,
            "deal_to": self.deal_to if self.to_move == CHANCE else None,
            "discarded": COLOURS[self.discarded] if self.discarded >= 0 else None,
            "round": self.round,
            "rounds": self.rounds,
            "starter": self.starter,
            "round_scores": [list(scores) for scores in self.round_scores],
            "round_ends": list(self.round_ends),
            "totals": list(_totals(self.round_scores)),
            "last_round": last_round,
            "recent": recent,
            "options": {"rounds": str(self.rounds), "sixth": "on" if self.colours == 6 else "off"},
            "ply": self.ply,
            "outcome": outcome.to_dict() if outcome else None,
        }

    def resample(self, seat: int | None, rng: rng_module.Rng) -> LostCitiesState:
        """A state that `seat` cannot tell from this one: the other hand (both,
        for a spectator) and the deck redrawn from the cards `seat` has not seen,
        keeping the cards everyone saw a hand take from a pile; a fresh
        generator; and the other seats' dealt cards forgotten in `recent`."""
        redrawn = [other for other in range(self.players) if other != seat]
        unseen = list(self.deck)
        for other in redrawn:
            for card in self.hands[other]:
                unseen[card] += 1
            for card in self.known[other]:  # taken from a pile in sight of all: stays in the hand
                unseen[card] -= 1
        pool = [card for card, copies in enumerate(unseen) for _ in range(copies)]
        hands = list(self.hands)
        dealt, left = redeal(pool, [len(self.hands[other]) - len(self.known[other]) for other in redrawn], rng)
        for other, cards in zip(redrawn, dealt):
            hands[other] = tuple(sorted(cards + list(self.known[other])))
        deck = [0] * len(self.deck)
        for card in left:
            deck[card] += 1
        hidden = {str(other) for other in redrawn}
        recent = tuple(
            f"{entry[0]}deal ?" if entry[0] in hidden and entry[1:6] == "deal " else entry for entry in self.recent
        )
        return self._replace(hands=tuple(hands), deck=tuple(deck), rng=rng.below(1 << 64), recent=recent)

    def estimate_returns(self) -> tuple[float, float]:
        """South's and North's chances: the lead over the finished rounds and
        the round in progress (`prospect`), against the spread of what is to come."""
        totals = _totals(self.round_scores)
        lead = totals[0] - totals[1] + self.prospect(0) - self.prospect(1)
        drawn_per_round = sum(full_deck(self.colours)) - 2 * HAND_SIZE
        cards_to_come = self.deck_size + (self.rounds - self.round) * drawn_per_round
        south = 1.0 / (1.0 + math.exp(-lead / (SPREAD_PER_CARD * math.sqrt(cards_to_come))))
        return south, 1.0 - south

    def prospect(self, seat: int) -> int:
        """What `seat`'s expeditions are worth if it also lays on each the cards
        of its hand that can follow, where that pays: at most one a turn for
        the turns it has left (half the deck). Scoring the expeditions as they
        stand instead makes a search shy of starting any."""
        turns_left = (self.deck_size + 1) // 2
        expeditions = self.expeditions[seat]
        runs = list(expeditions)
        for card in self.hands[seat]:  # sorted: wagers, then rising numbers, colour by colour
            colour = COLOUR_OF[card]
            if len(runs[colour]) - len(expeditions[colour]) < turns_left and can_follow(runs[colour], card):
                runs[colour] += (card,)
        return sum(max(expedition_score(now), expedition_score(run)) for now, run in zip(expeditions, runs))

    def public_move(self, move: str, seat: int | None) -> str:
        """`move`, about to be played in this state, as `seat` may read it: a card
        dealt to another seat (or to anyone, for a spectator) reads "deal"."""
        if self.to_move == CHANCE and move.startswith("deal ") and seat != self.deal_to:
            return "deal"
        return move


def _pair(seat: int, mine: Any, theirs: Any) -> tuple[Any, Any]:
    """A per-seat pair with `mine` at `seat`."""
    return (mine, theirs) if seat == 0 else (theirs, mine)


def _totals(round_scores: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
    return (sum(scores[0] for scores in round_scores), sum(scores[1] for scores in round_scores))


def _not_a_move(move: str) -> str:
    """Why `move` is no move of Lost Cities, as precisely as it can tell."""
    match = _CARD_PATTERN.fullmatch(move)
    if match:
        colour, rank = match.group(2), match.group(3)
        if colour not in COLOURS:
            return f"there is no colour {colour!r}: the colours are {', '.join(COLOURS)}"
        if rank not in RANKS:
            return f"there is no card {colour}-{rank}: cards are numbered 2 to 10, and w is a wager"
    if move.startswith("draw "):
        return f'draw from "deck" or from a discard pile by its colour ({", ".join(COLOURS)})'
    return _MOVE_HELP
