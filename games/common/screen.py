"""The pieces a game's lines on the laptop's room screen are made of (no Qt, no game).

A game's ``screen_summary`` (its ``room_screen.py``, named in its registry entry) turns a public
``table`` message (view(None): no hand) into a `PublicTable`; games.web.screen_text reads the
messages and games.web.screen paints the lines. Here: the seats' and the table's lines, a card's
text with its suit sign, the last action's line, and the words every game's lines share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eventkit.i18n import Texts

__all__ = [
    "SUITS",
    "WORDS",
    "PublicTable",
    "SeatLine",
    "card_text",
    "cards_in_words",
    "last_line",
    "texts",
]

WORDS: Mapping[str, Mapping[str, str]] = {  # the room screen's words every game's lines may use
    "ja": {"place": "{n}位", "left": "退出"},
    "en": {"place": "#{n}", "left": "left"},
}

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def texts(language: str, *own: Mapping[str, Mapping[str, str]] | None) -> Texts:
    """The screen's words in `language`: the shared `WORDS`, then each of `own` (a game's own
    words, the room screen's) over them, later ones winning."""
    tables: dict[str, dict[str, str]] = {}
    for table in (WORDS, *own):
        for lang, words in (table or {}).items():
            tables.setdefault(lang, {}).update(words)
    return Texts(tables, language)


def card_text(code: object) -> str:
    """ "10H" -> "10♥", "JK=5S" -> "JK"."""
    real = str(code).split("=")[0]
    if real == "JK":
        return "JK"
    return real[:-1] + SUITS.get(real[-1:], real[-1:])


@dataclass(frozen=True)
class SeatLine:
    name: str
    detail: str
    to_move: bool


@dataclass(frozen=True)
class PublicTable:
    """One room's table as the projector shows it."""

    title: str
    seats: tuple[SeatLine, ...]
    field: str
    tags: tuple[str, ...]
    last: str


def cards_in_words(action: str) -> str | None:
    """An action's text with its card codes as the screen writes cards ("swap 7H KS" ->
    "swap 7♥ K♠"): what a game's own `describe` falls back on."""
    return " ".join(
        card_text(w) if w[:1].isdigit() or w[:1] in "JQKA" else w for w in str(action).split()
    )


def last_line(
    message: Mapping[str, Any],
    names: Sequence[str],
    describe: Callable[[str], str | None] = cards_in_words,
) -> str:
    """Who did what last: "name: " and the action in the game's words (`describe`, from the
    action's public text; None or "" for nothing to show)."""
    last = message.get("last") or {}
    seat = last.get("seat")
    action = last.get("action")
    if seat is None or not isinstance(seat, int) or seat >= len(names) or action is None:
        return ""
    words = describe(str(action))
    return f"{names[seat]}: {words}" if words else ""
