"""The `[games_web]` section of config.toml -> a frozen `GamesWebSettings` (no aiohttp, no Qt).

`games serve` reads it; `bingo check-config` checks it through `check_section` (declared as an
entry point like every game's section). The rooms of the evening are built here from it: each
registered game's keys (its registry entry's ``rooms``: games.common.registry.PhoneRooms) say
how many rooms of it, and its own section the rules they play.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.i18n import Texts
from eventkit.tomlconf import (
    check_keys,
    config_language,
    get_int_in,
    get_value,
    mistake,
    report,
    resolve_path,
    show,
)
from eventkit.web.config import parse_bind, parse_port, parse_public_url
from games.common import registry
from games.web.tables import RoomSpec

# A parsed [games_web] table as tomllib gives it: values of any TOML type, each checked by
# eventkit.tomlconf's getters as it is read, so the table itself is typed loosely.
TomlTable = dict[str, Any]

SECTION = "games_web"
LEVELS = ("easy", "normal", "strong")
KEYS = {  # and each registered game's keys (its entry's rooms.keys)
    "port",
    "bind",
    "public_url",
    "turn_seconds",
    "connections_per_address",
    "data_dir",
    "cpu_level",
    "cpu_workers",
    "hold_seconds",
    "cpu_delay_ms",
    "advance_pause_ms",
    "peek",
    "names_expire_hours",
    "new_names_per_address",
    "new_names_per_network",
}
PEEK = ("live", "finished", "off")  # games.web.messages.PEEK_MODES
MAX_CPU_WORKERS = 16
# its mistakes in the event's language (eventkit.tomlconf.mistake)
TEXTS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "cpu_level": "games_web.cpu_level = {value}: easy、normal、strong のどれかにしてください",
        "peek": (
            'games_web.peek = {value}: "live"（観戦者は手札を見られる）、"finished"（このゲームを'
            '上がった人だけ）、"off"（だれも見られない）のどれかにしてください'
        ),
        "no_rooms": "games_web: 部屋がありません（{said}）。1 つ以上にしてください{example}",
        "example": "（例: {example}）",
        "and": "、",
        "sep": "、",
        "cpu_workers": (
            "games_web.cpu_workers = {value}: CPU の手は 1〜{most} 個のワーカープロセスで"
            "考えます。その範囲にしてください（このパソコンは {cores} コア、ふつうは {default}）"
        ),
    },
    "en": {
        "cpu_level": "games_web.cpu_level = {value}: use easy, normal or strong",
        "peek": (
            'games_web.peek = {value}: use "live" (spectators see hands), '
            '"finished" (only players out of the game) or "off" (nobody)'
        ),
        "no_rooms": "games_web: no rooms ({said}): give at least one{example}",
        "example": ", e.g. {example}",
        "and": " and ",
        "sep": ", ",
        "cpu_workers": (
            "games_web.cpu_workers = {value}: the CPUs' moves run in 1..{most} "
            "worker processes (this computer has {cores} cores; default {default})"
        ),
    },
}


def default_cpu_workers() -> int:
    """Two worker processes for the CPUs' moves (one on a one-core laptop): a strong CPU
    thinking at one table leaves the other worker free for the rest."""
    return min(2, os.cpu_count() or 1)


def _room_games() -> tuple[tuple[str, registry.PhoneRooms], ...]:
    """(game, how [games_web] opens its rooms) for every registered game that has rooms."""
    return tuple((e.name, e.rooms) for e in registry.entries() if e.rooms is not None)


def default_room_keys() -> tuple[tuple[str, object], ...]:
    """Each game's room keys as an empty [games_web] gives them (its defaults)."""
    return tuple((name, hook.parse(SECTION, {})) for name, hook in _room_games())


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
    # a CPU's move shows on the phones no sooner than this after the move before (the room can
    # follow the play), and a finished round (Schwimmen) stays on them this long before the next
    cpu_delay_ms: int = 800
    advance_pause_ms: int = 2000
    # who may look at another seat's hand: "live" (the seed's 観戦モード: spectators, and players
    # out of the game), "finished" (only players out of this game) or "off" (nobody)
    peek: str = "live"
    names_expire_hours: int = 6  # a name that never played, unused, is forgotten (0 = never)
    new_names_per_address: int = 20  # new names an hour from one address
    new_names_per_network: int = 300  # ... from one /24 (a room's Wi-Fi shares one)
    connections_per_address: int = 32
    data_dir: Path | None = None  # the journal and the chips (None: the user's data folder)
    cpu_level: str = "normal"
    cpu_workers: int = dataclasses.field(default_factory=default_cpu_workers)
    # (game, its keys as its registry entry's rooms.parse read them), in registration order
    room_keys: tuple[tuple[str, object], ...] = dataclasses.field(default_factory=default_room_keys)


def parse_settings(table: TomlTable, base_dir: Path | None = None) -> GamesWebSettings:
    d = GamesWebSettings()
    games = _room_games()
    check_keys(SECTION, table, KEYS | {key for _, hook in games for key in hook.keys})
    data_text = get_value(SECTION, table, "data_dir", str, "").strip()
    data_dir = (
        resolve_path(SECTION, "data_dir", data_text, base_dir or Path.cwd()) if data_text else None
    )
    room_keys = tuple((name, hook.parse(SECTION, table)) for name, hook in games)
    level = get_value(SECTION, table, "cpu_level", str, d.cpu_level)
    if level not in LEVELS:
        level = report(mistake(TEXTS, "cpu_level", value=show(level)), d.cpu_level)
    peek = get_value(SECTION, table, "peek", str, d.peek)
    if peek not in PEEK:
        peek = report(mistake(TEXTS, "peek", value=show(peek)), d.peek)
    settings = GamesWebSettings(
        port=parse_port(SECTION, table, d.port),
        bind=parse_bind(SECTION, table, d.bind),
        public_url=parse_public_url(SECTION, table),
        turn_seconds=get_int_in(SECTION, table, "turn_seconds", d.turn_seconds, 0, 600),
        hold_seconds=get_int_in(SECTION, table, "hold_seconds", d.hold_seconds, 0, 1800),
        cpu_delay_ms=get_int_in(SECTION, table, "cpu_delay_ms", d.cpu_delay_ms, 0, 5000),
        advance_pause_ms=get_int_in(
            SECTION, table, "advance_pause_ms", d.advance_pause_ms, 0, 10000
        ),
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
        cpu_level=level,
        cpu_workers=_cpu_workers(table, d.cpu_workers),
        room_keys=room_keys,
    )
    if not rooms(settings):
        nones = [hook.none for _, hook in games]
        words = Texts(TEXTS, config_language())
        listed = words("sep").join(nones[:-1])
        said = words("and").join(filter(None, (listed, nones[-1]))) if nones else ""
        example = next((hook.example for _, hook in games if hook.example), "")
        shown = str(Texts(TEXTS, config_language())("example", example=example)) if example else ""
        report(mistake(TEXTS, "no_rooms", said=said, example=shown), None)
    return settings


def _cpu_workers(table: TomlTable, default: int) -> int:
    workers: int = get_value(SECTION, table, "cpu_workers", int, default)
    if not 1 <= workers <= MAX_CPU_WORKERS:
        error = mistake(
            TEXTS,
            "cpu_workers",
            value=workers,
            most=MAX_CPU_WORKERS,
            cores=os.cpu_count() or 1,
            default=default,
        )
        checked: int = report(error, default)
        return checked
    return workers


def check_section(table: TomlTable, base_dir: Path) -> GamesWebSettings:
    """The checker `bingo check-config` runs (declared in pyproject's entry points)."""
    return parse_settings(table, base_dir)


def rules_sections() -> dict[str, str]:
    """game -> its own config.toml section, whose rules its rooms play (as the Qt game)."""
    return {name: hook.rules_section for name, hook in _room_games() if hook.rules_section}


def parse_rules(game: str, table: TomlTable) -> object:
    """The game's own section `table`, read by its registry entry (its rooms' rules)."""
    hook = registry.entry(game).rooms
    assert hook is not None and hook.parse_rules is not None, f"{game} has no rules section"
    return hook.parse_rules(table)


def rooms(
    settings: GamesWebSettings, rules: Mapping[str, object] | None = None
) -> tuple[RoomSpec, ...]:
    """The evening's rooms, game by game in registration order, as each game's keys say (its
    registry entry's ``rooms.plans``); every room's CPUs at cpu_level (the host may change a
    room's level between games). `rules`: game -> its own section as `parse_rules` read it
    (the rules the Qt game is configured with; absent: the game's defaults)."""
    rules = rules or {}
    hooks = dict(_room_games())
    out: list[RoomSpec] = []
    for name, keys in settings.room_keys:
        for plan in hooks[name].plans(keys, rules.get(name)):
            out.append(
                RoomSpec(
                    plan.id,
                    name,
                    plan.seats,
                    stake=plan.stake,
                    cpu_level=settings.cpu_level,
                    rules=plan.rules,
                    settings=plan.settings,
                )
            )
    return tuple(out)
