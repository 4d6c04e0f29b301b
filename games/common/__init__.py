"""Shared card types and the game protocol (no Qt here; the Qt painter is games.common.painter)."""

from games.common.cards import (
    Card,
    CardParseError,
    Rank,
    Suit,
    deck_32,
    deck_52,
    deck_53,
    parse_cards,
    shuffled,
)
from games.common.protocol import GameProtocol, IllegalMove

__all__ = [
    "Card",
    "CardParseError",
    "GameProtocol",
    "IllegalMove",
    "Rank",
    "Suit",
    "deck_32",
    "deck_52",
    "deck_53",
    "parse_cards",
    "shuffled",
]
