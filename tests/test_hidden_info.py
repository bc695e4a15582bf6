"""What the page receives in a game with hidden information.

The worker seals a hidden game's record (it names every card dealt) and hands
the page the rest of each snapshot. These tests play whole games through the
bridge, viewed from changing seats, and check that nothing the page receives
names a card the viewing seat may not know: the other hand, the deck, and
whatever the game's options hide.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from pygames_core import bridge
from pygames_core.core import CHANCE, State
from pygames_core.games import lostcities
from pygames_core.games.evolution import cards as evolution_cards
from pygames_core.games.nautilus import cards as nautilus_cards
from pygames_core.rng import Rng


def lostcities_secrets(state: Any, viewer: int | None) -> set[str]:
    """Number cards in a hand the viewer cannot see (less those seen taken from
    a pile) and in the deck. Wagers come in three copies, so a wager's name
    cannot tell which copy it is: they are left out."""
    unseen: list[int] = []
    for seat in (0, 1):
        if seat != viewer:
            hand = list(state.hands[seat])
            for card in state.known[seat]:
                hand.remove(card)
            unseen += hand
    unseen += [card for card, copies in enumerate(state.deck) if copies]
    return {lostcities.CARD_NAMES[card] for card in unseen if card % lostcities.KINDS}


def nautilus_secrets(state: Any, viewer: int | None) -> set[str]:
    """Divers in the other hand and in the pile that the viewer does not know
    of, the special deck, a special the viewer may not know, and (with hidden
    domain cards) the other seat's won domain cards of which there is one copy."""
    view = state.view(viewer)
    known = {card for cards in view["known_cards"] for card in cards} | set(view["module_cards"])
    if view["harpooned"]:
        known.add(view["harpooned"])
    divers = [value for value in state.pile if viewer is None or value not in state.known_pile[viewer]]
    for seat in (0, 1):
        if seat != viewer:
            divers += state.hands[seat]
    secrets = {nautilus_cards.value_id(value) for value in divers} - known
    secrets |= set(state.special_deck) - set(view["drawn_specials"])
    for seat in (0, 1):
        if state.specials[seat] and view["specials"][seat] == "hidden":
            secrets.add(state.specials[seat])
    if state.hidden_collections and not state.is_over():
        single = {card for card in nautilus_cards.DOMAIN_CARD_IDS if nautilus_cards.FULL_DOMAIN_DECK.count(card) == 1}
        for seat in (0, 1):
            if seat != viewer:
                secrets |= set(state.collected[seat]) & single
    return secrets


def nautilus_words(card: str) -> list[str]:
    return [card, nautilus_cards.card_title(card)]


def nautilus_round(answer: dict[str, Any], state: Any) -> dict[str, Any]:
    """The page's part of the round in progress: every round deals the same
    Divers again, so a card named in an earlier round says nothing now."""
    entry = max(index for index, (_, _, what, _, _) in enumerate(state.log) if what == "@round")
    start = state.log[entry][0]  # the plies played before the round began
    view = {**answer["view"], "last_round": None, "log": answer["view"]["log"][entry:]}
    public = {**answer["public"], "moves": answer["public"]["moves"][start:]}
    return {**answer, "view": view, "public": public}


def evolution_secrets(state: Any, viewer: int | None) -> set[str]:
    """Cards of which the viewer has seen no copy: in their hand, their food card, their species
    (face down or pending), face up on any species, or in the discards. Once the deck has been
    shuffled again, cards seen before come back unseen: the check stops there."""
    if state.last_round:
        return set()
    seen = list(state.discards)
    for seat, row in enumerate(state.rows):
        for species in row:
            for kind in species.traits + (species.hidden if seat == viewer else ()):
                seen[kind] += 1
    if viewer is not None:
        row, hand, discarded = state.area(viewer)
        for kind in hand + discarded + tuple(kind for species in row for kind in species.hidden):
            seen[kind] += 1
        if state.food_cards[viewer] >= 0:
            seen[state.food_cards[viewer]] += 1
    return {evolution_cards.NAMES[kind] for kind in range(evolution_cards.KINDS) if not seen[kind]}


GAMES: dict[str, tuple[Callable[[Any, int | None], set[str]], Callable[[str], list[str]], Callable[..., dict[str, Any]]]] = {
    "lostcities": (lostcities_secrets, lambda card: [card], lambda answer, state: answer),
    "nautilus": (nautilus_secrets, nautilus_words, nautilus_round),
    "evolution": (evolution_secrets, lambda card: [card, evolution_cards.words(evolution_cards.INDEX[card])],
                  lambda answer, state: answer),
}
OPTION_SETS = [
    ("lostcities", {"rounds": "1", "sixth": "off"}),
    ("lostcities", {"rounds": "1", "sixth": "on"}),  # one round: the next deals the same cards again
    ("nautilus", {"domain_cards": "visible"}),
    ("nautilus", {"domain_cards": "hidden"}),
    ("evolution", {"quick": "off"}),
    ("evolution", {"quick": "on"}),
]


def answer_to(request: dict[str, Any]) -> dict[str, Any]:
    return json.loads(bridge.handle(json.dumps(request)))


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer = answer_to(request)
    assert answer["ok"], answer
    return answer


def page_part(answer: dict[str, Any]) -> str:
    """What the worker passes on to the page: everything but the sealed record."""
    return json.dumps({name: value for name, value in answer.items() if name != "record"})


def named(text: str, words: Iterable[str]) -> list[str]:
    """The words that occur in `text` as whole names ("diver-1" not inside "diver-14")."""
    return [word for word in words if re.search(re.escape(word) + r"(?![\w-])", text)]


def true_state(answer: dict[str, Any]) -> State:
    return bridge._replay(bridge.Record.from_dict(answer["record"])).state


@pytest.mark.parametrize(("game", "options"), OPTION_SETS)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_page_never_receives_a_card_its_viewer_may_not_know(game: str, options: dict[str, str], seed: int) -> None:
    secrets_of, words_of, this_round = GAMES[game]
    choices = Rng(seed)
    viewer: int | None = None
    answer = call({"op": "new", "game": game, "options": options, "seed": seed, "seat": viewer})
    checked = 0
    while answer["outcome"] is None:
        state = true_state(answer)
        assert answer["url"] is None and len(answer["public"]["moves"]) == answer["ply"]
        assert "seed" not in answer["public"]
        page = page_part(this_round(answer, state))
        leaks = named(page, [word for card in secrets_of(state, viewer) for word in words_of(card)])
        assert not leaks, f"seat {viewer} received {leaks} at ply {answer['ply']}"
        checked += 1
        if state.to_move == CHANCE:
            answer = call({"op": "computer_move", "record": answer["record"], "player": "random", "seat": viewer})
        elif choices.below(4) == 0:  # now and then a spectator looks, or the other seat
            viewer = None if choices.below(2) else 1 - state.to_move
            answer = call({"op": "load", "record": answer["record"], "seat": viewer})
            assert answer["legal_moves"] == []
        else:
            viewer = state.to_move
            answer = call({"op": "load", "record": answer["record"], "seat": viewer})
            moves = answer["legal_moves"]
            move = moves[choices.below(len(moves))]
            answer = call({"op": "play", "record": answer["record"], "move": move, "seat": viewer})
    assert checked > 50
    assert answer["public"] is None and answer["url"]  # over: everything may be shown


def test_a_spectator_sees_no_moves_at_a_deal_and_the_computer_move_is_masked() -> None:
    answer = call({"op": "new", "game": "lostcities", "seed": 5, "seat": None})
    assert answer["to_move"] == CHANCE and answer["legal_moves"] == []
    assert call({"op": "legal_moves", "record": answer["record"]})["legal_moves"] == []
    dealt = call({"op": "computer_move", "record": answer["record"], "seat": 1})
    receiver = true_state(answer).deal_to
    assert dealt["move"] == "deal" if receiver != 1 else dealt["move"].startswith("deal ")
    assert dealt["public"]["moves"] == [dealt["move"]]
    assert dealt["record"]["moves"][0].startswith("deal ")


# -- what the bridge refuses while cards are hidden -------------------------------------------

def dealt_lost_cities(seed: int = 4) -> dict[str, Any]:
    """A Lost Cities game just dealt: South to play."""
    answer = call({"op": "new", "game": "lostcities", "seed": seed, "seat": None})
    while answer["to_move"] == CHANCE:
        answer = call({"op": "computer_move", "record": answer["record"], "seat": None})
    return answer


def test_nobody_names_the_card_dealt() -> None:
    start = call({"op": "new", "game": "lostcities", "seed": 2, "seat": None})
    card = true_state(start).legal_moves()[0]
    refused = answer_to({"op": "play", "record": start["record"], "move": card})
    assert refused["error"] == {"code": "illegal_move",
                                "message": "the cards come from the game's own shuffle: nobody may choose them"}
    assert answer_to({"op": "load", "record": start["record"], "seat": None}) == start


def test_a_game_with_hidden_cards_is_not_written_out_before_the_end() -> None:
    answer = dealt_lost_cities()
    refused = answer_to({"op": "export", "record": answer["record"], "format": "json"})
    assert refused["error"]["code"] == "bad_request" and "once it is over" in refused["error"]["message"]


@pytest.mark.parametrize(("humans", "shown", "hidden"), [
    ([0], [0, None], [1]),  # against the computer: only the person's own seat
    ([1], [1, None], [0]),
    ([0, 1], [0, None], [1]),  # hot seat, South to move: South only
])
def test_a_screen_shows_only_the_seats_its_people_may_see(humans: list[int], shown: list[int | None],
                                                           hidden: list[int]) -> None:
    record = dealt_lost_cities()["record"]
    for seat in shown:
        assert call({"op": "load", "record": record, "seat": seat, "humans": humans})["ok"]
        assert call({"op": "view", "record": record, "seat": seat, "humans": humans})["ok"]
    for seat in hidden:
        for op in ("load", "view", "legal_moves"):
            refused = answer_to({"op": op, "record": record, "seat": seat, "humans": humans})
            assert refused["error"]["code"] == "not_your_seat", (op, seat)
    without_seat = call({"op": "load", "record": record, "humans": humans})
    assert without_seat["view"]["hand"] is None  # a spectator's view unless a seat is named


def test_in_hot_seat_a_move_that_passes_the_turn_leaves_a_spectators_snapshot() -> None:
    humans = [0, 1]
    answer = call({"op": "load", "record": dealt_lost_cities()["record"], "seat": 0, "humans": humans})
    played = call({"op": "play", "record": answer["record"], "move": "discard " + answer["view"]["hand"][0],
                   "seat": 0, "humans": humans})
    assert played["view"]["hand"] is not None  # South still draws
    drawn = call({"op": "play", "record": played["record"], "move": played["legal_moves"][-1], "seat": 0,
                  "humans": humans})
    if drawn["to_move"] == CHANCE:  # from the deck: the card comes to South, still South's screen
        assert drawn["view"]["hand"] is not None
        drawn = call({"op": "computer_move", "record": drawn["record"], "seat": 0, "humans": humans})
    assert drawn["to_move"] == 1 and drawn["view"]["hand"] is None and drawn["legal_moves"] == []
    refused = answer_to({"op": "load", "record": drawn["record"], "seat": 0, "humans": humans})
    assert refused["error"]["code"] == "not_your_seat"
    assert call({"op": "load", "record": drawn["record"], "seat": 1, "humans": humans})["view"]["hand"]


def test_humans_must_be_seats() -> None:
    record = dealt_lost_cities()["record"]
    for humans in ([True], "0", [0.5], {"0": 1}):
        assert answer_to({"op": "load", "record": record, "seat": 0, "humans": humans})["error"]["code"] == "bad_request"
    assert call({"op": "load", "record": record, "seat": 0, "humans": [0, 2, 0]})["view"]["hand"]  # no seat 2 here


def test_a_hint_is_only_for_a_person_to_move_at_the_screen() -> None:
    answer = dealt_lost_cities()
    record, to_move = answer["record"], answer["to_move"]
    hint = call({"op": "hint", "record": record, "humans": [to_move], "budget_ms": 50, "seed": 1})
    assert hint["move"] in true_state(answer).legal_moves() and hint["play"] == [hint["move"]]
    assert 0.0 <= hint["outlook"] <= 1.0
    for humans in ([1 - to_move], None):  # the computer's seat, or a screen that names nobody
        request = {"op": "hint", "record": record, "budget_ms": 50, **({} if humans is None else {"humans": humans})}
        assert answer_to(request)["error"]["code"] == "not_your_seat"
