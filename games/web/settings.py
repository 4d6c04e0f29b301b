"""The `[games_web]` section of config.toml -> a frozen `GamesWebSettings` (no aiohttp, no Qt).

`games serve` reads it; `bingo check-config` checks it through `check_section` (declared as an
entry point like every game's section). The rooms of the evening are built here from it.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from eventkit.tomlconf import (
    ConfigError,
    check_keys,
    get_int_in,
    get_list,
    get_value,
    report,
    resolve_path,
    show,
)
from eventkit.web.config import parse_bind, parse_public_url
from games.common import registry
from games.daifugo.settings import DaifugoSettings
from games.schwimmen.settings import SchwimmenSettings
from games.web.hub import RoomSpec

SECTION = "games_web"
T = TypeVar("T")
STAKES = ("beginner", "intermediate", "advanced")  # games.daifugo.chips.ROOMS' keys
LEVELS = ("easy", "normal", "strong")
KEYS = {
    "port",
    "bind",
    "public_url",
    "turn_seconds",
    "connections_per_address",
    "data_dir",
    "daifugo_rooms",
    "daifugo_seats",
    "schwimmen_tables",
    "schwimmen_seats",
    "cool24_tables",
    "cpu_level",
    "cpu_workers",
    "hold_seconds",
    "peek",
    "names_expire_hours",
    "new_names_per_address",
    "new_names_per_network",
}
PEEK = ("live", "finished", "off")  # games.web.messages.PEEK_MODES
MAX_CPU_WORKERS = 16


def default_cpu_workers() -> int:
    """Two worker processes for the CPUs' moves (one on a one-core laptop): a strong CPU
    thinking at one table leaves the other worker free for the rest."""
    return min(2, os.cpu_count() or 1)


@dataclass(frozen=True)
class GamesWebSettings:
    port: int = 8081  # bingo's phones use 8080: both can run on one laptop
    bind: str = "0.0.0.0"
    # where phones reach this laptop, e.g. "http://192.168.1.20:8081": the join QR code holds it;
    # "" = the laptop's LAN address and port
    public_url: str = ""
    turn_seconds: int = 30  # a person's turn; then a CPU moves for them (0 = wait for ever)
    # between games, a seat stays its person's this long once no phone of theirs is connected
    hold_seconds: int = 120
    # who may look at another seat's hand: "live" (the seed's 観戦モード: spectators, and players
    # out of the game), "finished" (only players out of this game) or "off" (nobody)
    peek: str = "live"
    names_expire_hours: int = 6  # a name that never played, unused, is forgotten (0 = never)
    new_names_per_address: int = 20  # new names an hour from one address
    new_names_per_network: int = 300  # ... from one /24 (a room's Wi-Fi shares one)
    connections_per_address: int = 32
    data_dir: Path | None = None  # the journal and the chips (None: the user's data folder)
    daifugo_rooms: tuple[str, ...] = STAKES
    daifugo_seats: int = 5
    schwimmen_tables: int = 1
    schwimmen_seats: int = 4
    cool24_tables: int = 1  # COOL 24+24, one seat each: one phone plays alone
    cpu_level: str = "normal"
    cpu_workers: int = dataclasses.field(default_factory=default_cpu_workers)


def parse_settings(table: dict[str, Any], base_dir: Path | None = None) -> GamesWebSettings:
    d = GamesWebSettings()
    check_keys(SECTION, table, KEYS)
    data_text = get_value(SECTION, table, "data_dir", str, "").strip()
    data_dir = (
        resolve_path(SECTION, "data_dir", data_text, base_dir or Path.cwd()) if data_text else None
    )
    stakes = get_list(SECTION, table, "daifugo_rooms", str, d.daifugo_rooms)
    for stake in stakes:
        if stake not in STAKES:
            stakes = report(
                ConfigError(
                    f"{SECTION}.daifugo_rooms has {show(stake)}: each room is one of "
                    f"{', '.join(STAKES)} (初級 100 / 中級 1,000 / 上級 10,000)"
                ),
                d.daifugo_rooms,
            )
            break
    level = get_value(SECTION, table, "cpu_level", str, d.cpu_level)
    if level not in LEVELS:
        level = report(
            ConfigError(f"{SECTION}.cpu_level = {show(level)}: use easy, normal or strong"),
            d.cpu_level,
        )
    peek = get_value(SECTION, table, "peek", str, d.peek)
    if peek not in PEEK:
        peek = report(
            ConfigError(
                f'{SECTION}.peek = {show(peek)}: use "live" (spectators see hands), '
                '"finished" (only players out of the game) or "off" (nobody)'
            ),
            d.peek,
        )
    settings = GamesWebSettings(
        port=get_int_in(SECTION, table, "port", d.port, 1024, 65535),
        bind=parse_bind(SECTION, table, d.bind),
        public_url=parse_public_url(SECTION, table),
        turn_seconds=get_int_in(SECTION, table, "turn_seconds", d.turn_seconds, 0, 600),
        hold_seconds=get_int_in(SECTION, table, "hold_seconds", d.hold_seconds, 0, 1800),
        peek=peek,
        names_expire_hours=get_int_in(
            SECTION, table, "names_expire_hours", d.names_expire_hours, 0, 168
        ),
        new_names_per_address=get_int_in(
            SECTION, table, "new_names_per_address", d.new_names_per_address, 1, 1000
        ),
        new_names_per_network=get_int_in(
            SECTION, table, "new_names_per_network", d.new_names_per_network, 1, 10000
        ),
        connections_per_address=get_int_in(
            SECTION, table, "connections_per_address", d.connections_per_address, 8, 1000
        ),
        data_dir=data_dir,
        daifugo_rooms=tuple(stakes),
        daifugo_seats=get_int_in(
            SECTION, table, "daifugo_seats", d.daifugo_seats, *_seats("daifugo")
        ),
        schwimmen_tables=get_int_in(SECTION, table, "schwimmen_tables", d.schwimmen_tables, 0, 8),
        schwimmen_seats=get_int_in(
            SECTION, table, "schwimmen_seats", d.schwimmen_seats, *_seats("schwimmen")
        ),
        cool24_tables=get_int_in(SECTION, table, "cool24_tables", d.cool24_tables, 0, 64),
        cpu_level=level,
        cpu_workers=_cpu_workers(table, d.cpu_workers),
    )
    if not settings.daifugo_rooms and not settings.schwimmen_tables and not settings.cool24_tables:
        report(
            ConfigError(
                f"{SECTION}: no rooms (daifugo_rooms = [], schwimmen_tables = 0 and "
                "cool24_tables = 0): "
                'give at least one, e.g. daifugo_rooms = ["beginner"]'
            ),
            None,
        )
    return settings


def _cpu_workers(table: dict[str, Any], default: int) -> int:
    workers: int = get_value(SECTION, table, "cpu_workers", int, default)
    if not 1 <= workers <= MAX_CPU_WORKERS:
        checked: int = report(
            ConfigError(
                f"{SECTION}.cpu_workers = {workers}: the CPUs' moves run in 1..{MAX_CPU_WORKERS} "
                f"worker processes (this computer has {os.cpu_count() or 1} cores; "
                f"default {default})"
            ),
            default,
        )
        return checked
    return workers


def _unless_default(value: T, default: T) -> T | None:
    """None for a game's default rules: the room's journal record stays as before (a journal
    written by an older `games serve` keeps its rooms)."""
    return None if value == default else value


def _seats(game: str) -> tuple[int, int]:
    """The game's seat range, as its GameInfo says (the registry's one truth)."""
    info = registry.entry(game).info
    return info.min_players, info.max_players


def check_section(table: dict[str, Any], base_dir: Path) -> GamesWebSettings:
    """The checker `bingo check-config` runs (declared in pyproject's entry points)."""
    return parse_settings(table, base_dir)


def rooms(
    settings: GamesWebSettings,
    daifugo: DaifugoSettings | None = None,
    schwimmen: SchwimmenSettings | None = None,
) -> tuple[RoomSpec, ...]:
    """The evening's rooms: one Daifugō room per stake listed (a second room of the same stake
    gets -2, -3...), then the Schwimmen tables; every room's CPUs at cpu_level (the host may
    change a room's level between games). The rooms play the rules the Qt games are configured
    with: [daifugo] rule_set (the preset) and [schwimmen] (its rules name, start coins and
    suit tiebreak). Then the COOL 24+24 tables (one seat each, the game's default settings)."""
    daifugo = daifugo or DaifugoSettings()
    schwimmen = schwimmen or SchwimmenSettings()
    out: list[RoomSpec] = []
    count: dict[str, int] = {}
    for stake in settings.daifugo_rooms:
        count[stake] = count.get(stake, 0) + 1
        suffix = "" if count[stake] == 1 else f"-{count[stake]}"
        out.append(
            RoomSpec(
                f"daifugo-{stake}{suffix}",
                "daifugo",
                settings.daifugo_seats,
                stake=stake,
                cpu_level=settings.cpu_level,
                rules=_unless_default(str(daifugo.rule_set), "1"),
            )
        )
    for n in range(1, settings.schwimmen_tables + 1):
        out.append(
            RoomSpec(
                f"schwimmen-{n}",
                "schwimmen",
                settings.schwimmen_seats,
                cpu_level=settings.cpu_level,
                rules=_unless_default(schwimmen.rules, "standard"),
                settings=_unless_default(schwimmen, SchwimmenSettings()),
            )
        )
    low, _ = _seats("cool24")
    for n in range(1, settings.cool24_tables + 1):
        out.append(RoomSpec(f"cool24-{n}", "cool24", low, cpu_level=settings.cpu_level))
    return tuple(out)
