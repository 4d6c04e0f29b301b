"""Schwimmen's lines on the laptop's room screen (games.web.screen_text's pieces; no Qt): its
registry entry's ``screen_summary``, from the public table message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.web.screen_text import PublicTable, SeatLine, card_text, last_line, texts

WORDS = {  # Schwimmen's words on the room screen, over games.web.screen_text's
    "ja": {
        "coins": "コイン {n}",
        "out": "敗退",
        "knocked": "終了宣言",
        "swimming": "シュビメン",
        "dealer": "親",
        "table_cards": "場札",
        "stock": "山札 {n}",
        "round": "ラウンド {n}",
    },
    "en": {
        "coins": "{n} coins",
        "out": "out",
        "knocked": "knocked",
        "swimming": "swimming",
        "dealer": "dealer",
        "table_cards": "Table",
        "stock": "Stock {n}",
        "round": "Round {n}",
    },
}


def summary(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language, WORDS)
    coins = view.get("coins") or ()
    out = view.get("out") or ()
    seats = []
    for i, name in enumerate(names):
        bits = [tx("coins", n=max(0, coins[i])) if i < len(coins) else ""]
        if i < len(out) and out[i]:
            bits.append(tx("out"))
        elif i < len(coins) and coins[i] == -1:  # the Schwimmen engine's is_swimming
            bits.append(tx("swimming"))
        if view.get("dealer") == i:
            bits.append(tx("dealer"))
        if view.get("knocker") == i:
            bits.append(tx("knocked"))
        seats.append(
            SeatLine(str(name), "  ".join(b for b in bits if b), message.get("to_move") == i)
        )
    field = (
        tx("table_cards") + ": " + (" ".join(card_text(c) for c in view.get("table") or ()) or "—")
    )
    tags = []
    if isinstance(view.get("round_number"), int):
        tags.append(tx("round", n=view["round_number"]))
    if isinstance(view.get("stock_count"), int):
        tags.append(tx("stock", n=view["stock_count"]))
    return PublicTable(label, tuple(seats), field, tuple(tags), last_line(message, names, language))
