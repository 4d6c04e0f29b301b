"""COOL 24+24's lines on the laptop's room screen (games.common.screen's pieces; no Qt): its
registry entry's ``screen_summary``, from the public table message (view(None): no hand)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eventkit.i18n import Texts
from games.common.screen import PublicTable, SeatLine
from games.cool24.settings import Cool24Settings
from games.cool24.texts import TEXTS, card_name


def summary(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = Texts(TEXTS, language)
    settings = Cool24Settings(language=language if language in TEXTS else "ja")
    score = int(view.get("score") or 0)
    seats = tuple(
        SeatLine(str(name), f"{tx['score']} {score:,}", message.get("to_move") == i)
        for i, name in enumerate(names)
    )
    last = view.get("last")
    field = f"{tx['field']}: " + (card_name(str(last), settings) if last else "—")
    tags = [tx["stock_count"].format(n=view.get("stock_count", 0))]
    bonuses = view.get("bonuses") or {}
    tags += [f"{tx[kind]} {n}" for kind, n in bonuses.items() if n]
    return PublicTable(label, seats, field, tuple(tags), "")
