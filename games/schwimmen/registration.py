"""Schwimmen's entry in the game registry (games.common.registry): what the phone hub needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
    unless_default,
)
from games.common.table import TableProtocol
from games.schwimmen.rules import Game


def new_table(s: TableSettings) -> TableProtocol:
    """The room's table: `cpu_levels` per seat (the hub gives one: every CPU at the room's
    level), `rules` by name, the [schwimmen] settings."""
    from games.schwimmen.settings import SchwimmenSettings
    from games.schwimmen.table import TableSession

    table: TableProtocol = TableSession(
        players=s.players,
        people=s.people,
        seed=s.seed,
        language=s.language,
        cpu_levels=tuple(s.cpu_levels),
        rules=s.rules,
        settings=settings_as(s.settings, SchwimmenSettings),
    )
    return table


def public_text(applied: object, text: str, seat: int | None) -> str | None:
    return text  # every action is seen by the whole table


def check_room(stake: str | None, rules: str | None) -> None:
    from games.schwimmen.settings import RULE_SETS

    if rules is not None and rules not in RULE_SETS:
        raise ValueError(f"rules {rules!r}: use {', '.join(RULE_SETS)}")


def room_label(stake: str | None, number: int, language: str) -> str:
    return ("シュビメン " if language == "ja" else "Schwimmen ") + str(number)


def page_texts(language: str) -> Mapping[str, object]:
    from games.schwimmen.texts import TEXTS

    chosen = TEXTS.get(language) or TEXTS["ja"]
    return {k: v for k, v in chosen.items() if isinstance(v, str)}


def screen_summary(*args: Any) -> Any:
    from games.schwimmen.room_screen import summary

    return summary(*args)


def new_cpu(level: str, seed: int | None) -> object:
    from games.schwimmen.ai import CpuPlayer

    return CpuPlayer(level, seed)


@dataclass(frozen=True)
class PhoneRoomKeys:
    """[games_web]'s Schwimmen keys: ``schwimmen_tables`` and ``schwimmen_seats``."""

    tables: int = 1
    seats: int = 4


def parse_room_keys(section: str, table: dict[str, Any]) -> PhoneRoomKeys:
    d = PhoneRoomKeys()
    info = Game.info
    return PhoneRoomKeys(
        get_int_in(section, table, "schwimmen_tables", d.tables, 0, 8),
        get_int_in(section, table, "schwimmen_seats", d.seats, info.min_players, info.max_players),
    )


def parse_rules(table: dict[str, Any]) -> object:
    from games.schwimmen.settings import parse_settings

    return parse_settings(table)


def room_plans(keys: object, rules: object | None) -> Sequence[RoomPlan]:
    """The tables, playing [schwimmen] (its rules name, start coins and suit tiebreak) as the
    Qt game does."""
    from games.schwimmen.settings import SchwimmenSettings

    assert isinstance(keys, PhoneRoomKeys)
    settings = rules if isinstance(rules, SchwimmenSettings) else SchwimmenSettings()
    return [
        RoomPlan(
            f"schwimmen-{n}",
            keys.seats,
            rules=unless_default(settings.rules, "standard"),
            settings=unless_default(settings, SchwimmenSettings()),
        )
        for n in range(1, keys.tables + 1)
    ]


ROOMS_KEYS = PhoneRooms(
    keys=("schwimmen_tables", "schwimmen_seats"),
    parse=parse_room_keys,
    plans=room_plans,
    none="schwimmen_tables = 0",
    example="schwimmen_tables = 1",
    rules_section="schwimmen",
    parse_rules=parse_rules,
)

ENTRY = GameEntry(
    info=Game.info,
    labels={"ja": "シュビメン", "en": "Schwimmen"},
    engine=Game,
    new_table=new_table,
    public_text=public_text,
    room_label=room_label,
    page_texts=page_texts,
    check_room=check_room,
    new_cpu=new_cpu,
    screen_summary=screen_summary,
    rooms=ROOMS_KEYS,
    phone_script=Path(__file__).resolve().parent / "web" / "schwimmen.js",
    phone_style=Path(__file__).resolve().parent / "web" / "schwimmen.css",
    app="games.schwimmen.app",
    menu=MenuTile(
        lines={
            "ja": "場札と交換して、同じマークで31点をめざす（2〜9人）",
            "en": "Swap with the table towards 31 in one suit (2-9 players)",
        },
        cards=("AH", "KH", "10H"),
        rank=1,
    ),
)
