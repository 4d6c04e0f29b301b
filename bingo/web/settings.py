"""The `[web]` section of config.toml -> a frozen `WebSettings` (no aiohttp, no Qt)."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventkit.tomlconf import ConfigError, check_keys, get_int_in, get_value, report, show

SECTION = "web"


@dataclass(frozen=True)
class WebSettings:
    enabled: bool = False
    port: int = 8080
    bind: str = "0.0.0.0"  # every network of the laptop; the LAN address alone is safer
    allow_serial_only: bool = False
    connections_per_address: int = 32  # see bingo.web.guard: a browser's page takes about 7


def parse_settings(table: dict[str, Any]) -> WebSettings:
    d = WebSettings()
    check_keys(
        SECTION,
        table,
        {"enabled", "port", "bind", "allow_serial_only", "connections_per_address"},
    )
    bind = get_value(SECTION, table, "bind", str, d.bind)
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        bind = report(
            ConfigError(
                f"web.bind = {show(bind)} is not an IP address: use the laptop's LAN address "
                '(e.g. "192.168.1.20"), "0.0.0.0" for every network, or "127.0.0.1" for this '
                "computer only"
            ),
            d.bind,
        )
    return WebSettings(
        enabled=get_value(SECTION, table, "enabled", bool, d.enabled),
        port=get_int_in(SECTION, table, "port", d.port, 1024, 65535),
        bind=bind,
        allow_serial_only=get_value(SECTION, table, "allow_serial_only", bool, d.allow_serial_only),
        connections_per_address=get_int_in(
            SECTION, table, "connections_per_address", d.connections_per_address, 8, 1000
        ),
    )


def check_section(table: dict[str, Any], base_dir: Path) -> WebSettings:
    """The checker `bingo check-config` runs (declared in pyproject's entry points)."""
    return parse_settings(table)


def web_settings(config) -> WebSettings:
    """[web] of a loaded bingo Config (kept there as a plain table, like the games')."""
    return parse_settings(config.game_section(SECTION))


def lan_address(bind: str) -> str:
    """The address phones should type: the bound one, else this computer's LAN address."""
    if bind not in ("0.0.0.0", "::"):
        return bind
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    candidates = [str(info[4][0]) for info in infos]
    if sys.platform.startswith("linux"):  # Debian maps the host name to 127.0.1.1
        candidates += _linux_addresses()
    for address in candidates:
        if not address.startswith("127.") and ":" not in address:
            return address
    return socket.gethostname()


def _linux_addresses() -> list[str]:
    """This computer's own addresses as `hostname -I` lists them (it sends nothing)."""
    try:
        answer = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return answer.stdout.split()


def join_url(settings: WebSettings) -> str:
    return f"http://{lan_address(settings.bind)}:{settings.port}/"
