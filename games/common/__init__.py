"""Shared card types and the game protocol (no Qt here; the Qt helpers are games.common.qt)."""

from games.common.cards import (
    JOKER,
    AnyCard,
    Card,
    CardParseError,
    Joker,
    Rank,
    Suit,
    deck_32,
    deck_52,
    deck_53,
    parse_card,
    parse_cards,
    shuffled,
)
from games.common.protocol import GameProtocol, IllegalMove

__all__ = [
    "JOKER",
    "AnyCard",
    "Card",
    "CardParseError",
    "GameProtocol",
    "IllegalMove",
    "Joker",
    "Rank",
    "Suit",
    "deck_32",
    "deck_52",
    "deck_53",
    "parse_card",
    "parse_cards",
    "shuffled",
]
