"""Schwimmen's lines on the laptop's room screen (games.common.screen's pieces; no Qt): its
registry entry's ``screen_summary``, from the public table message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eventkit.errors import UserError
from games.common.screen import PublicTable, SeatLine, card_text, last_line, texts
from games.schwimmen.actions import NextRound, SwapOne
from games.schwimmen.rules import Game
from games.schwimmen.table import action_word
from games.schwimmen.texts import Texts

WORDS = {  # Schwimmen's words on the room screen, over games.common.screen's
    "ja": {
        "table_cards": "場札",
        "stock": "山札 {n}",
        "round": "ラウンド {n}",
        "swapped": "{gave} を出して {took} を取った",
    },
    "en": {
        "table_cards": "Table",
        "stock": "Stock {n}",
        "round": "Round {n}",
        "swapped": "gives {gave}, takes {took}",
    },
}


def action_in_words(text: str, language: str) -> str | None:
    """A seat's action (its public text: "swap 7H KS", "knock", ...) in the Qt window's words
    (its CPUs' speech bubbles), a swap with its two cards; None for none of a seat's actions."""
    try:
        action = Game.parse_action(text)
    except UserError:
        return None
    if isinstance(action, NextRound):
        return None
    if isinstance(action, SwapOne):
        took, gave = card_text(action.table_card), card_text(action.hand_card)
        return str(texts(language, WORDS)("swapped", gave=gave, took=took))
    return str(Texts(language)(f"bubble_{action_word(action)}"))


def seat_bits(view: Mapping[str, Any], seat: int, words: Texts) -> list[str]:
    """A seat's coins and labels in the Qt window's words and by its rule (`Texts.coins`): the
    coins at 0 and at -1 (swimming) alike, none once out."""
    coins = view.get("coins") or ()
    out = view.get("out") or ()
    gone = seat < len(out) and bool(out[seat])
    bits = [words.coins(coins[seat], out=gone)] if seat < len(coins) else []
    if gone:
        bits.append(words.tag("out"))
    elif seat < len(coins) and coins[seat] == -1:  # the Schwimmen engine's is_swimming
        bits.append(words.tag("swimming"))
    if view.get("dealer") == seat:
        bits.append(words.tag("dealer"))
    if view.get("knocker") == seat:
        bits.append(words.tag("knocked"))
    return [b for b in bits if b]


def summary(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language, WORDS)
    words = Texts(language)
    seats = []
    for i, name in enumerate(names):
        bits = seat_bits(view, i, words)
        seats.append(SeatLine(str(name), "  ".join(bits), message.get("to_move") == i))
    field = (
        tx("table_cards") + ": " + (" ".join(card_text(c) for c in view.get("table") or ()) or "—")
    )
    tags = []
    if isinstance(view.get("round_number"), int):
        tags.append(tx("round", n=view["round_number"]))
    if isinstance(view.get("stock_count"), int):
        tags.append(tx("stock", n=view["stock_count"]))
    last = last_line(message, names, lambda text: action_in_words(text, language))
    return PublicTable(label, tuple(seats), field, tuple(tags), last)
