"""Schwimmen's scoring of hands (no Qt, no game flow): card points, a hand's value, the
tie-break key, Schnauz and Feuer, and the places and losers of a scored round."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from eventkit.errors import UserError
from games.common.cards import Card, Rank, Suit, deck_32

__all__ = [
    "FEUER",
    "HAND_SIZE",
    "SCHNAUZ",
    "SUIT_ORDER",
    "TRIPLE",
    "all_hands",
    "card_points",
    "hand_key",
    "hand_value",
    "is_feuer",
    "is_schnauz",
    "rank_hands",
]

HAND_SIZE = 3
SCHNAUZ, FEUER, TRIPLE = 31.0, 32.0, 30.5
# the standard tie-break between equal hands: the suit that was counted, clubs highest
SUIT_ORDER = {Suit.CLUBS: 4, Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1}


def card_points(card: Card | str) -> int:
    """A 11; K, Q, J, 10 = 10; 9, 8, 7 face value."""
    card = Card.parse(card)
    if card.rank is Rank.ACE:
        return 11
    if card.rank >= Rank.TEN:
        return 10
    return int(card.rank)


def _best_suit(cards: Sequence[Card]) -> tuple[int, Suit]:
    """The highest single-suit sum and its suit (the better suit by SUIT_ORDER on equal sums)."""
    sums: dict[Suit, int] = {}
    for c in cards:
        sums[c.suit] = sums.get(c.suit, 0) + card_points(c)
    total, _, suit = max((total, SUIT_ORDER[suit], suit) for suit, total in sums.items())
    return total, suit


def hand_value(cards: Iterable[Card | str]) -> float:
    """Value of a 3-card hand: best one-suit sum, 30.5 for three of a kind, 32 for three aces."""
    hand = [Card.parse(c) for c in cards]
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise UserError(f"a hand is {HAND_SIZE} different cards, not {len(hand)}: {hand}")
    if all(c.rank == hand[0].rank for c in hand):
        return FEUER if hand[0].rank is Rank.ACE else TRIPLE
    return float(_best_suit(hand)[0])


def hand_key(cards: Iterable[Card | str], suit_tiebreak: bool = False) -> tuple[float, int]:
    """Sort key of a hand: its value, then (with the suit tie-break) the counted suit's order.

    Three of a kind ties are broken by rank when the tie-break is on.
    """
    hand = [Card.parse(c) for c in cards]
    value = hand_value(hand)
    if not suit_tiebreak:
        return (value, 0)
    if value in (TRIPLE, FEUER):
        return (value, int(hand[0].rank))
    return (value, SUIT_ORDER[_best_suit(hand)[1]])


def is_schnauz(cards: Iterable[Card | str]) -> bool:
    """31 in one suit: the ace and two ten-point cards."""
    return hand_value(cards) == SCHNAUZ


def is_feuer(cards: Iterable[Card | str]) -> bool:
    """Three aces (32)."""
    return hand_value(cards) == FEUER


def rank_hands(
    hands: Mapping[int, Sequence[Card]], suit_tiebreak: bool
) -> tuple[dict[int, int], tuple[int, ...]]:
    """The round's places (1 = best; equal hands share a place) of the seats in `hands`, and
    its losers: every seat with the lowest hand (ties all lose)."""
    keys = {s: hand_key(hand, suit_tiebreak) for s, hand in hands.items()}
    places = {s: 1 + sum(1 for t in keys if keys[t] > keys[s]) for s in keys}
    lowest = min(keys.values())
    return places, tuple(s for s in keys if keys[s] == lowest)


def all_hands() -> Iterable[tuple[Card, ...]]:
    """All 4,960 three-card hands of the 32-card deck (for tests and tables)."""
    return combinations(deck_32(), HAND_SIZE)
