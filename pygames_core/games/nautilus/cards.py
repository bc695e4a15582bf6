"""The components of Nautilus: the one table of cards, and the names used for them.

Card ids are the strings the notation and the views use:
  divers           "diver-1" ... "diver-14"
  specials         "special-kraken", "special-fishbone", "special-anchor",
                   "special-eye", "special-diving-module", "special-harpoon"
  domain cards     "domain-<domain>-<kind>", kind "2" (two stars), "1" (one
                   star) or "ink" (the ink blot), e.g. "domain-war-ink"

Inside a state a card that can stand in a diver space is an int, its value:
1-14 for the Divers, KRAKEN (15) and FISHBONE (0) for the two specials placed
like Divers, EMPTY (-1) for an empty space.
"""

from __future__ import annotations

# -- the table --------------------------------------------------------------------
# One row per kind of card: (card id or id pattern, copies, value or points, note).
# The domain split (one two-star, four one-star and one ink blot per domain) is
# inferred, not confirmed by a card list: this table is the one place that holds it.
DOMAINS: tuple[str, ...] = ("science", "exploration", "navigation", "engineering", "war")
DOMAIN_TITLES: dict[str, str] = {
    "science": "Science",
    "exploration": "Exploration",
    "navigation": "Navigation",
    "engineering": "Engineering",
    "war": "War",
}
DOMAIN_KINDS: tuple[tuple[str, int, int], ...] = (
    # (kind, points, copies per domain)
    ("2", 2, 1),
    ("1", 1, 4),
    ("ink", -1, 1),
)
DIVER_VALUES: tuple[int, ...] = tuple(range(1, 15))
VERTICAL_ARROWS: frozenset[int] = frozenset((6, 9))  # move a card across the boat
HORIZONTAL_ARROWS: frozenset[int] = frozenset((7, 8))  # move a card along its own side
CRAB = 1  # the Diver that beats the 14
CRAB_BEATS = 14
SPECIALS: tuple[tuple[str, str, str], ...] = (
    # (card id, title, when it is used)
    ("special-kraken", "Kraken", "placed like a Diver of value 15"),
    ("special-fishbone", "Fishbone", "placed like a Diver of value 0"),
    ("special-anchor", "Anchor", "with a placement: the card it is put on cannot be moved"),
    ("special-eye", "Eye", "before placement: look at the opponent's Divers"),
    ("special-diving-module", "Diving Module", "before placement: draw 2 Divers, keep 1"),
    ("special-harpoon", "Harpoon", "before placement: take a Diver from the opponent"),
)

# -- derived names ------------------------------------------------------------------
KRAKEN = 15
FISHBONE = 0
EMPTY = -1
KRAKEN_ID, FISHBONE_ID, ANCHOR_ID, EYE_ID, MODULE_ID, HARPOON_ID = (row[0] for row in SPECIALS)
SPECIAL_IDS: tuple[str, ...] = tuple(row[0] for row in SPECIALS)
SPECIAL_TITLES: dict[str, str] = {row[0]: row[1] for row in SPECIALS}
BEFORE_PLACEMENT: frozenset[str] = frozenset((EYE_ID, MODULE_ID, HARPOON_ID))
DURING_PLACEMENT: frozenset[str] = frozenset((KRAKEN_ID, FISHBONE_ID, ANCHOR_ID))
PLACED_SPECIALS: dict[str, int] = {KRAKEN_ID: KRAKEN, FISHBONE_ID: FISHBONE}

DOMAIN_CARD_IDS: tuple[str, ...] = tuple(
    f"domain-{domain}-{kind}" for domain in DOMAINS for kind, _, _ in DOMAIN_KINDS
)
DOMAIN_CARD_POINTS: dict[str, int] = {
    f"domain-{domain}-{kind}": points for domain in DOMAINS for kind, points, _ in DOMAIN_KINDS
}
DOMAIN_CARD_DOMAIN: dict[str, str] = {
    f"domain-{domain}-{kind}": domain for domain in DOMAINS for kind, _, _ in DOMAIN_KINDS
}
INK_CARDS: dict[str, str] = {f"domain-{domain}-ink": domain for domain in DOMAINS}
FULL_DOMAIN_DECK: tuple[str, ...] = tuple(
    f"domain-{domain}-{kind}" for domain in DOMAINS for kind, _, copies in DOMAIN_KINDS for _ in range(copies)
)
DOMAIN_DECK_ORDER: dict[str, int] = {card: index for index, card in enumerate(DOMAIN_CARD_IDS)}


def value_id(value: int) -> str:
    """The card id of a card that stands in a diver space."""
    if value == KRAKEN:
        return KRAKEN_ID
    if value == FISHBONE:
        return FISHBONE_ID
    return f"diver-{value}"


def value_title(value: int) -> str:
    if value == KRAKEN:
        return "the Kraken (15)"
    if value == FISHBONE:
        return "the Fishbone (0)"
    return f"diver {value}"


def card_title(card: str) -> str:
    """A card id in words, for logs."""
    if card.startswith("diver-"):
        return f"diver {card[6:]}"
    if card in SPECIAL_TITLES:
        return f"the {SPECIAL_TITLES[card]}"
    domain = DOMAIN_CARD_DOMAIN[card]
    kind = card.rsplit("-", 1)[1]
    stars = {"2": "two stars", "1": "one star", "ink": "ink blot"}[kind]
    return f"{DOMAIN_TITLES[domain]} ({stars})"


def beats(value: int, other: int) -> bool:
    """Whether the card `value` wins a domain against `other` (values are never equal)."""
    if value == CRAB and other == CRAB_BEATS:
        return True
    if value == CRAB_BEATS and other == CRAB:
        return False
    return value > other


def totals(collected: tuple[str, ...]) -> dict[str, int]:
    """Points per domain of a pile of won domain cards."""
    points = dict.fromkeys(DOMAINS, 0)
    for card in collected:
        points[DOMAIN_CARD_DOMAIN[card]] += DOMAIN_CARD_POINTS[card]
    return points


def ink_out(collected: tuple[tuple[str, ...], ...]) -> dict[str, bool]:
    """Per domain, whether its ink blot has been won by anyone."""
    out = dict.fromkeys(DOMAINS, False)
    for pile in collected:
        for card in pile:
            domain = INK_CARDS.get(card)
            if domain:
                out[domain] = True
    return out


def secured(collected: tuple[tuple[str, ...], ...], seat: int, inks: dict[str, bool] | None = None) -> tuple[str, ...]:
    """The domains `seat` has secured: 4 points or more, or exactly 3 once that
    domain's ink blot is out (Board Game Arena's early end)."""
    if inks is None:
        inks = ink_out(collected)
    points = totals(collected[seat])
    return tuple(d for d in DOMAINS if points[d] >= 4 or (points[d] == 3 and inks[d]))
