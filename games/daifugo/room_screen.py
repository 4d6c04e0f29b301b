"""Daifugō's lines on the laptop's room screen (games.common.screen's pieces; no Qt): its
registry entry's ``screen_summary``, from the public table message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.common.screen import (
    SUITS,
    PublicTable,
    SeatLine,
    card_text,
    cards_in_words,
    last_line,
    texts,
)
from games.daifugo.ruleset import Title

WORDS = {  # Daifugō's words on the room screen, over games.common.screen's
    "ja": {
        "cards": "{n}枚",
        "passed": "パス",
        "fell": "都落ち",
        "fouled": "反則あがり",
        "empty_field": "場は空です",
        "revolution": "革命",
        "eleven_back": "11バック",
        "suit_lock": "しばり",
        "number_lock": "階段しばり",
        "card_passing": "カード交換中",
    },
    "en": {
        "cards": "{n} cards",
        "cards_one": "{n} card",
        "passed": "passed",
        "fell": "capital fall",
        "fouled": "forbidden finish",
        "empty_field": "The field is empty",
        "revolution": "Revolution",
        "eleven_back": "11-back",
        "suit_lock": "Suit lock",
        "number_lock": "Number lock",
        "card_passing": "Passing cards",
    },
}
TITLES = {language: tuple(title.label(language) for title in Title) for language in WORDS}


def summary(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language, WORDS)
    seats = _seat_lines(message, view, names, language)
    top = view.get("top")
    field = " ".join(card_text(c) for c in top) if top else tx("empty_field")
    outer = message.get("view")
    history = outer.get("history") if isinstance(outer, Mapping) else None
    if history:
        last = _history_line(history, names, language)
    else:
        plays = [
            f"{names[s]}: {' '.join(card_text(c) for c in cards)}"
            for s, cards in (view.get("trick") or ())[-3:]
            if isinstance(s, int) and s < len(names)
        ]
        last = "   ".join(plays) or last_line(message, names, lambda text: _action(text, tx))
    return PublicTable(label, seats, field, _tags(message, view, language), last)


SHOWN_LINES = 5  # the trick's last actions on the room screen's one line (it wraps)


def _history_line(history: Sequence[Any], names: Sequence[str], language: str) -> str:
    """The trick so far (the table view's ``history``), its last actions in order: who played
    what or passed, and what it set off ("あや: 5♦ 5♣  ›  CPU 2: パス  ›  CPU 3: 8♥ 8切り！")."""
    from games.daifugo.texts import EVENT_TEXTS

    tx = texts(language, WORDS)
    words = EVENT_TEXTS.get(language) or EVENT_TEXTS["ja"]
    parts = []
    for line in history[-SHOWN_LINES:]:
        seat = line.get("seat") if isinstance(line, Mapping) else None
        if not isinstance(seat, int) or seat >= len(names):
            continue
        cards = line.get("cards") or ()
        what = " ".join(card_text(c) for c in cards) if cards else str(tx("passed"))
        said = [what, *(words.get(e, e) for e in line.get("events") or ())]
        parts.append(f"{names[seat]}: {' '.join(said)}")
    return "  ›  ".join(parts)


def _action(text: str, tx: Any) -> str | None:
    """A public action in the screen's words: パス, or the cards played."""
    return str(tx("passed")) if text.strip().lower() == "pass" else cards_in_words(text)


def _seat_lines(
    message: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str], language: str
) -> tuple[SeatLine, ...]:
    """A line per seat: its title (from the second game), place, fell or cards in hand,
    passed, left."""
    tx = texts(language, WORDS)
    sizes = view.get("hand_sizes") or [0] * len(names)
    finished = list(view.get("finished") or ())
    bottom = list(view.get("bottom") or ())
    passed = set(view.get("passed") or ())
    ranks = view.get("ranks") or ()
    left = set(message.get("left") or ())
    outer = message.get("view")
    fouls = set((outer.get("fouls") if isinstance(outer, Mapping) else None) or ())
    seats = []
    for i, name in enumerate(names):
        bits = []
        if message.get("game_no", 1) > 1 and i < len(ranks) and isinstance(ranks[i], int):
            bits.append(TITLES.get(language, TITLES["ja"])[ranks[i]])
        n = sizes[i] if i < len(sizes) else 0
        bits.append(_seat_state(tx, i, finished, fouls, bottom, n, language))
        if i in passed:
            bits.append(tx("passed"))
        if i in left:
            bits.append(tx("left"))
        # several seats may choose at once (card passing: message["choosing"]), each marked
        choosing = message.get("choosing") or [message.get("to_move")]
        seats.append(SeatLine(str(name), "  ".join(bits), i in choosing))
    return tuple(seats)


def _seat_state(
    tx: Any, i: int, finished: list[int], fouls: set[int], bottom: list[int], n: int, language: str
) -> str:
    """Where seat `i` stands: its place, the rule that put it last, or its cards in hand."""
    if i in finished:
        return str(tx("place", n=finished.index(i) + 1))
    if i in fouls:  # 反則あがり: the rule that put the seat last, not 都落ち
        return str(tx("fouled"))
    if i in bottom:
        return str(tx("fell"))
    return str(tx("cards_one" if n == 1 and language == "en" else "cards", n=n))


def _tags(message: Mapping[str, Any], view: Mapping[str, Any], language: str) -> tuple[str, ...]:
    """The table's banners: card passing, revolution, 11-back, the locks, then what the last
    action set off (8切り！ 都落ち！)."""
    tx = texts(language, WORDS)
    tags = []
    if view.get("phase") == "exchange":
        tags.append(tx("card_passing"))
    if view.get("revolution"):
        tags.append(tx("revolution"))
    if view.get("eleven_back"):
        tags.append(tx("eleven_back"))
    if view.get("suit_lock"):
        tags.append(tx("suit_lock") + " " + "".join(SUITS.get(s, s) for s in view["suit_lock"]))
    if view.get("number_lock"):
        tags.append(tx("number_lock"))
    last_action = message.get("last") or {}
    tags.extend(str(e) for e in last_action.get("events") or ())
    return tuple(tags)
