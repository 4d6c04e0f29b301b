"""The keys every phone server's config section shares: `port`, `bind` and `public_url` (no
aiohttp).

bingo's [web] and the games' [games_web] read them the same way; `section` names the section in
the messages so the host knows which line to fix.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import urllib.parse
from typing import Any, TypeVar

from eventkit.config_texts import TABLES
from eventkit.tomlconf import get_value, mistake, report, show
from eventkit.web.refusals import refusal

ANY_PORT = 0  # <section>.port / --port 0: the system picks a free port; the server reports it

S = TypeVar("S")
# Longer, and a card's QR code (this address, /card/ and the card's code) grows past version 8
# (49 modules): too dense to scan from a printed card or across a room.
MAX_PUBLIC_URL = 100


def parse_port(section: str, table: dict[str, Any], default: int) -> int:
    """<section>.port: 1024..65535, or 0 for any free port (the server says which it got)."""
    port: int = get_value(section, table, "port", int, default)
    if port != ANY_PORT and not 1024 <= port <= 65535:
        return report(mistake(TABLES, "port", section=section, port=port), default)
    return port


def parse_bind(section: str, table: dict[str, Any], default: str = "0.0.0.0") -> str:
    """<section>.bind: an IP address of this computer (or 0.0.0.0 / :: for every network)."""
    bind: str = get_value(section, table, "bind", str, default)
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        bind = report(mistake(TABLES, "bind", section=section, value=show(bind)), default)
    return str(bind)


def parse_public_url(section: str, table: dict[str, Any]) -> str:
    """<section>.public_url: an http(s) address with a host (and port), no query; "" when unset."""
    text: str = get_value(section, table, "public_url", str, "").strip()
    if not text:
        return ""
    parts = urllib.parse.urlsplit(text)
    try:
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        ok = False
    if not ok or parts.query or parts.fragment or " " in text:
        report(mistake(TABLES, "public_url", section=section, value=show(text)), "")
        return ""
    if len(text) > MAX_PUBLIC_URL:
        report(
            mistake(
                TABLES, "public_url_long", section=section, length=len(text), most=MAX_PUBLIC_URL
            ),
            "",
        )
        return ""
    return text.rstrip("/")


def with_address_options(
    settings: S, port: int | None, bind: str | None, language: str = "en"
) -> S:
    """`settings` (a dataclass with `port` and `bind`) with a command's --port / --bind in
    their place, each checked; a UserError names the wrong one and the fix, in `language`
    (the event's: eventkit.web.refusals)."""
    if port is not None:
        if port != ANY_PORT and not 1024 <= port <= 65535:
            raise refusal(language, "port_option", port=port)
        settings = dataclasses.replace(settings, port=port)  # type: ignore[type-var]
    if bind is not None:
        try:
            ipaddress.ip_address(bind)
        except ValueError:
            raise refusal(language, "bind_option", bind=bind) from None
        settings = dataclasses.replace(settings, bind=bind)  # type: ignore[type-var]
    return settings
