"""Sticks' one registration: its GameEntry (the entry point names ``ENTRY``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eventkit.tomlconf import get_int_in
from games.common.registry import GameEntry, MenuTile, PhoneRooms, RoomPlan, TableSettings
from games.common.screen import PublicTable, SeatLine, last_line, texts
from sticks.game import Cpu, Game, TableSession

WORDS = {"ja": {"pile": "残り {n}本", "take": "{n}本取る", "taken": "{n}本"},
         "en": {"pile": "{n} sticks left", "take": "Take {n}", "taken": "{n} taken"}}  # fmt: skip


def new_table(s: TableSettings) -> TableSession:
    return TableSession(players=s.players, people=s.people, seed=s.seed, language=s.language,
                        cpu_levels=tuple(s.cpu_levels), names=s.names)  # fmt: skip


def summary(message: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str],
            label: str, language: str) -> PublicTable:  # fmt: skip
    tx = texts(language, WORDS)
    taken = view.get("taken") or [0] * len(names)
    seats = tuple(SeatLine(str(n), tx("taken", n=taken[i]), message.get("to_move") == i)
                  for i, n in enumerate(names))  # fmt: skip
    return PublicTable(
        label, seats, tx("pile", n=view.get("pile", 0)), (), last_line(message, names)
    )


ROOMS = PhoneRooms(  # [games_web] sticks_tables = 1: one room of three seats
    keys=("sticks_tables",),
    parse=lambda section, table: get_int_in(section, table, "sticks_tables", 0, 0, 8),
    plans=lambda n, rules: [RoomPlan(f"sticks-{i}", 3) for i in range(1, int(str(n)) + 1)],
    none="sticks_tables = 0",
    example="sticks_tables = 1",
)

ENTRY = GameEntry(
    info=Game.info,
    labels={"ja": "スティック", "en": "Sticks"},
    engine=Game,
    new_table=new_table,
    public_text=lambda applied, text, seat: text,
    room_label=lambda stake, number, language: f"{'スティック' if language == 'ja' else 'Sticks'} {number}",
    page_texts=lambda language: WORDS.get(language) or WORDS["ja"],
    screen_summary=summary,
    new_cpu=Cpu,
    rooms=ROOMS,
    phone_script=Path(__file__).resolve().parent / "web" / "sticks.js",
    app="sticks.app",
    menu=MenuTile({"ja": "1〜3本ずつ取って、最後の1本を取らせよう（2〜4人）",
                   "en": "Take 1-3 sticks; leave the last one to them (2-4 players)"}, rank=4),
)  # fmt: skip
