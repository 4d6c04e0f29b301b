"""Schwimmen's lines on the laptop's room screen (games.web.screen_text's pieces; no Qt): its
registry entry's ``screen_summary``, from the public table message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.web.screen_text import PublicTable, SeatLine, card_text, last_line, texts


def summary(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language)
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
