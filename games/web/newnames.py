"""Names that come and go (issue 32.7): how many new names an address and its network may make,
and which names have expired.

A name is kept for its chips and its seat. One that never sat in a game dealt holds neither, so
it expires `hours` after it was made once nobody uses it (no phone connected, in no room): the
name is free again, its token and code void. New names are limited per address (an IPv4 address,
an IPv6 /64) and per network (an IPv4 /24) an hour, so a room of phones, or a script on many
addresses, cannot fill the journal with names. Bringing a name back with its code makes none.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable

from eventkit.web.limits import RateLimiter, address_key, network_key
from games.web.seats import Player

HOUR = 3600.0


class NameLimits:
    """At most `per_address` new names an hour from one address, `per_network` from its /24."""

    def __init__(
        self, per_address: int, per_network: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_address = RateLimiter(per_address, per_address / 60.0, clock=clock)
        self.per_network = RateLimiter(per_network, per_network / 60.0, clock=clock)

    def take(self, address: str) -> int | None:
        """One new name for `address`: None when allowed, else the minutes to wait."""
        mine, network = address_key(address), network_key(address)
        if self.per_address.tokens(mine) < 1.0 or self.per_network.tokens(network) < 1.0:
            wait = max(self.per_address.retry_after(mine), self.per_network.retry_after(network))
            return max(1, math.ceil(wait / 60.0))
        self.per_address.allow(mine)
        self.per_network.allow(network)
        return None

    def give_back(self, address: str) -> None:
        """The name `take` allowed was not made (refused): it does not count."""
        self.per_address.give_back(address_key(address))
        self.per_network.give_back(network_key(address))


def expired(players: Iterable[Player], now: float, hours: float, busy: set[str]) -> list[str]:
    """The names that never played, were made over `hours` ago (`now`: time.time) and are not
    `busy` (a phone connected, in a room). `hours` 0: names never expire."""
    if hours <= 0:
        return []
    cutoff = now - hours * HOUR
    return [p.name for p in players if not p.played and p.since < cutoff and p.name not in busy]
