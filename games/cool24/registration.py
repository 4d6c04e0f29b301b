"""COOL 24+24's entry in the game registry (games.common.registry): one seat, no money.

The phone hub seats a room's person by name (`SharedTable`): `PhoneTable` adds the seat's name
and the CPU level (COOL has one CPU) to the Qt game's `TableSession`, and puts the hint's slot
in the person's view (the lookahead, computed once per position: the Qt window asks for it on H).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eventkit.tomlconf import get_int_in
from games.common.registry import (
    GameEntry,
    MenuTile,
    PhoneRooms,
    RoomPlan,
    TableSettings,
    settings_as,
)
from games.common.table import TableProtocol
from games.cool24.ai import GreedyCpu
from games.cool24.rules import Game
from games.cool24.settings import Cool24Settings
from games.cool24.table import SEAT, TableSession, TableView


class PhoneTable(TableSession):
    """A COOL table for a phone room: the seat has its person's name (the generic table's
    `rename`, `set_cpu_level`: one CPU, the level kept for the room's record); the hint rides
    the view."""

    def __init__(self, *, names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if names:
            self.rename(SEAT, names[0])
        self._hint_at: tuple[int, int, int | None] | None = None  # (game id, cards played, slot)

    def view(self, seat: int | None) -> TableView:
        shown = super().view(seat)
        if seat != SEAT or SEAT not in self.people or not self.in_game or self.game is None:
            return shown
        key = (id(self.game), self.game.total_played)
        if self._hint_at is None or self._hint_at[:2] != key:
            self._hint_at = (*key, self.hint())
        return dataclasses.replace(shown, hint_slot=self._hint_at[2])


def new_cpu(level: str, seed: int | None) -> object:
    return GreedyCpu()  # COOL has one CPU: every level plays the same


def new_table(s: TableSettings) -> TableProtocol:
    """The room's one seat (`players` 1); the seed, language and [cool24] settings as given."""
    table: TableProtocol = PhoneTable(
        players=s.players,
        people=s.people,
        seed=s.seed,
        language=s.language,
        cpu_levels=tuple(s.cpu_levels),
        settings=settings_as(s.settings, Cool24Settings),
        names=s.names,
    )
    return table


def public_text(applied: object, text: str, seat: int | None) -> str | None:
    return text  # one seat: nothing is secret


def room_label(stake: str | None, number: int, language: str) -> str:
    return f"COOL 24+24 {number}"


def page_texts(language: str) -> Mapping[str, object]:
    from games.cool24.texts import TEXTS, colour_name

    chosen = TEXTS.get(language) or TEXTS["ja"]
    words: dict[str, object] = {k: v for k, v in chosen.items() if isinstance(v, str)}
    defaults = Cool24Settings()  # the cards' colours, as the Qt game paints them by default
    words["suit_colors"] = dict(zip(defaults.suits, defaults.suit_colors, strict=True))
    # each colour's everyday name for a reader, as the Qt game says it (one table: texts.py)
    words["suit_names"] = {
        suit: colour_name(colour, language)
        for suit, colour in zip(defaults.suits, defaults.suit_colors, strict=True)
    }
    return words


def screen_summary(*args: Any) -> Any:
    from games.cool24.room_screen import summary

    return summary(*args)


def paint_menu_card(painter: Any, rect: Any, card: object) -> None:
    """A COOL 24+24 card on the games menu's tile, in its own colours and pictures (Qt)."""
    from games.cool24.qt.cards import paint_menu_card as paint

    paint(painter, rect, card)


def high_score(returns: Sequence[float]) -> Sequence[int]:
    """The evening's board keeps the game's score (its one return)."""
    return [round(r) for r in returns]


def parse_room_keys(section: str, table: dict[str, Any]) -> int:
    """[games_web]'s ``cool24_tables``: how many tables (one seat each: one phone plays alone)."""
    tables: int = get_int_in(section, table, "cool24_tables", 1, 0, 64)
    return tables


def room_plans(tables: object, rules: object | None) -> Sequence[RoomPlan]:
    """The tables, one seat each, the game's default settings."""
    assert isinstance(tables, int)
    return [RoomPlan(f"cool24-{n}", Game.info.min_players) for n in range(1, tables + 1)]


ROOMS_KEYS = PhoneRooms(
    keys=("cool24_tables",),
    parse=parse_room_keys,
    plans=room_plans,
    none="cool24_tables = 0",
    example="cool24_tables = 1",
)

ENTRY = GameEntry(
    info=Game.info,
    labels={"ja": "COOL 24+24", "en": "COOL 24+24"},
    engine=Game,
    new_table=new_table,
    public_text=public_text,
    room_label=room_label,
    page_texts=page_texts,
    screen_summary=screen_summary,
    new_cpu=new_cpu,
    high_score=high_score,
    rooms=ROOMS_KEYS,
    phone_script=Path(__file__).resolve().parent / "web" / "cool24.js",
    phone_style=Path(__file__).resolve().parent / "web" / "cool24.css",
    app="games.cool24.app",
    menu=MenuTile(
        lines={
            "ja": "色か数字をつないで、48枚を出しきろう（1人）",
            "en": "Link colours or numbers through all 48 cards (one player)",
        },
        cards=(4, 11, 18),  # COOL 24+24's own cards (ids as games.cool24.rules numbers them)
        paint_card=paint_menu_card,
        rank=2,
    ),
)
