"""Does `web.public_url` (the address in the cards' QR codes) lead to this laptop? No aiohttp.

The check is eventkit.web.reach's (the games' join QR code uses it too), here with bingo's
section name and wording.
"""

from __future__ import annotations

from collections.abc import Iterable

from eventkit.web.reach import Resolve, own_addresses, resolve
from eventkit.web.reach import public_url_problem as _problem

__all__ = ["Resolve", "own_addresses", "public_url_problem", "resolve"]


def public_url_problem(
    public_url: str,
    port: int,
    bind: str = "0.0.0.0",
    *,
    local: Iterable[str] | None = None,
    resolver: Resolve = resolve,
) -> str | None:
    """Why phones following `public_url` (web.public_url) would not reach this laptop, or None."""
    return _problem(
        public_url,
        port,
        bind,
        local=local,
        resolver=resolver,
        section="web",
        what="the cards' QR codes",
    )
