"""The [schwimmen] section of config.toml, validated with one-line messages (no Qt)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.tomlconf import check_keys, get_int_in, get_value, mistake, show
from games.schwimmen.ai import LEVELS
from games.schwimmen.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

SECTION = "schwimmen"
RULE_SETS = ("standard", "house")
# its mistakes in the event's language (eventkit.tomlconf.mistake)
TEXTS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "rules": 'schwimmen.rules = {value} は知らないルールです。"standard" か "house" にしてください',
        "cpu_level": (
            'schwimmen.cpu_level = {value} は知らない強さです。"easy"、"normal"、"strong" の'
            "どれかにしてください"
        ),
        "players_option": "--players {players} は範囲外です。{low}〜{high} にしてください",
    },
    "en": {
        "rules": 'schwimmen.rules = {value} is unknown: use "standard" or "house"',
        "cpu_level": 'schwimmen.cpu_level = {value} is unknown: use "easy", "normal" or "strong"',
        "players_option": "--players {players} is out of range: use {low}..{high}",
    },
}


@dataclass(frozen=True)
class SchwimmenSettings:
    rules: str = "standard"  # "standard" or "house" (the seed's browser rules)
    cpu_level: str = "normal"
    players: int = 4  # you + CPUs
    start_coins: int = 3
    suit_tiebreak: bool = False
    cpu_delay_ms: int = 900  # pause between CPU moves so people can follow them
    animation_ms: int = 350  # card slide animation
    start_dialog: bool = True  # ask for rules and CPU level when a game starts

    def make_rules(
        self, rules: str | None = None, *, people: frozenset[int] = frozenset({0})
    ) -> Rules:
        """`Rules` for this configuration (rule set and options), people at `people`."""
        name = rules or self.rules
        base = Rules.house if name == "house" else Rules.standard
        return base(start_coins=self.start_coins, suit_tiebreak=self.suit_tiebreak, people=people)


def parse_settings(table: dict[str, Any]) -> SchwimmenSettings:
    """Validate the [schwimmen] table; raise ConfigError naming the key and the fix."""
    d = SchwimmenSettings()
    check_keys(
        SECTION,
        table,
        {
            "rules",
            "cpu_level",
            "players",
            "start_coins",
            "suit_tiebreak",
            "cpu_delay_ms",
            "animation_ms",
            "start_dialog",
        },
    )
    rules = get_value(SECTION, table, "rules", str, d.rules)
    if rules not in RULE_SETS:
        raise mistake(TEXTS, "rules", value=show(rules))
    level = get_value(SECTION, table, "cpu_level", str, d.cpu_level)
    if level not in LEVELS:
        raise mistake(TEXTS, "cpu_level", value=show(level))
    return SchwimmenSettings(
        rules=rules,
        cpu_level=level,
        players=get_int_in(SECTION, table, "players", d.players, MIN_PLAYERS, MAX_PLAYERS),
        start_coins=get_int_in(SECTION, table, "start_coins", d.start_coins, 0, 20),
        suit_tiebreak=get_value(SECTION, table, "suit_tiebreak", bool, d.suit_tiebreak),
        cpu_delay_ms=get_int_in(SECTION, table, "cpu_delay_ms", d.cpu_delay_ms, 0, 10_000),
        animation_ms=get_int_in(SECTION, table, "animation_ms", d.animation_ms, 0, 5_000),
        start_dialog=get_value(SECTION, table, "start_dialog", bool, d.start_dialog),
    )


def check_section(table: dict[str, Any], base_dir: Path) -> SchwimmenSettings:
    """The [schwimmen] checker of `bingo check-config` (declared in pyproject.toml)."""
    return parse_settings(table)
