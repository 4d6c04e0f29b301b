"""The `[web]` section of config.toml -> a frozen `WebSettings` (no aiohttp, no Qt).

The laptop's addresses (lan_address, the join URL) are eventkit.web.network's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bingo.config import Config
from eventkit.tomlconf import check_keys, get_int_in, get_value
from eventkit.web.config import parse_bind, parse_port, parse_public_url

__all__ = [
    "SECTION",
    "WebSettings",
    "check_section",
    "join_url",
    "parse_settings",
    "web_settings",
]

SECTION = "web"


@dataclass(frozen=True)
class WebSettings:
    enabled: bool = False
    port: int = 8080
    bind: str = "0.0.0.0"  # every network of the laptop; the LAN address alone is safer
    allow_serial_only: bool = False
    # where phones reach this laptop, e.g. "http://192.168.1.20:8080": the cards' QR codes then
    # hold each card's address (<public_url>/card/<code>); "" = the code alone
    public_url: str = ""
    connections_per_address: int = 32  # see eventkit.web.guard: a browser's page takes about 7


def parse_settings(table: dict[str, Any]) -> WebSettings:
    d = WebSettings()
    check_keys(
        SECTION,
        table,
        {"enabled", "port", "bind", "allow_serial_only", "connections_per_address", "public_url"},
    )
    bind = parse_bind(SECTION, table, d.bind)
    return WebSettings(
        enabled=get_value(SECTION, table, "enabled", bool, d.enabled),
        port=parse_port(SECTION, table, d.port),
        bind=bind,
        allow_serial_only=get_value(SECTION, table, "allow_serial_only", bool, d.allow_serial_only),
        public_url=parse_public_url(SECTION, table),
        connections_per_address=get_int_in(
            SECTION, table, "connections_per_address", d.connections_per_address, 8, 1000
        ),
    )


def check_section(table: dict[str, Any], base_dir: Path) -> WebSettings:
    """The checker `bingo check-config` runs (declared in pyproject's entry points)."""
    return parse_settings(table)


def web_settings(config: Config) -> WebSettings:
    """[web] of a loaded bingo Config (kept there as a plain table, like the games')."""
    return parse_settings(config.game_section(SECTION))


def join_url(settings: WebSettings) -> str:
    """The address phones type: http://<the bound or LAN address>:<web.port>/."""
    from eventkit.web import network  # (its sockets: only when serving; not at the show's start)

    return network.join_url(settings.bind, settings.port)
