"""Shared card types for the games (no Qt here; the Qt painter lives in games.common.painter)."""

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
from games.common.player import Player

__all__ = [
    "Card",
    "CardParseError",
    "Player",
    "Rank",
    "Suit",
    "deck_32",
    "deck_52",
    "deck_53",
    "parse_cards",
    "shuffled",
]
