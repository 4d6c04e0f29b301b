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
from games.web.seats import Player, Players
from games.web.texts import refusal

HOUR = 3600.0
SWEEP_EVERY = 60.0  # seconds (the hub's clock) between looks for expired names


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


class Names:
    """The hub's names part: every player (`players`: games.web.seats), the new names each
    address may still make, and the names that expire."""

    def __init__(
        self,
        language: str,
        *,
        clock: Callable[[], float],
        wall: Callable[[], float],
        hours: float,
        per_address: int,
        per_network: int,
    ) -> None:
        """`clock`: seconds, monotonic (the limits, the sweeps); `wall`: the date names are
        made at (time.time; tests inject both); `hours`: a name that never played expires this
        long after it was made (0: never)."""
        self.language = language
        self.players = Players(language)
        self.limits = NameLimits(per_address, per_network, clock)
        self.clock = clock
        self.wall = wall
        self.hours = hours
        self._swept = float("-inf")  # when expired names were last looked for (clock)

    def new(self, name: str, address: str) -> Player:
        """A new player with `name`, made from `address` ("": not counted). Refused with the
        name's reason, ``name_taken`` or ``too_many_names`` (a refused name costs no share)."""
        self.players.check_new(name)
        if address and (wait := self.limits.take(address)) is not None:
            raise refusal(self.language, "too_many_names", minutes=wait)
        return self.players.new(name, since=self.wall())

    def unmake(self, player: Player, address: str) -> None:
        """`new` undone (its record could not be written): the name and the share back."""
        self.players.forget(player.name)
        if address:
            self.limits.give_back(address)

    def sweep_due(self) -> bool:
        """True once every SWEEP_EVERY seconds: time to look for expired names."""
        now = self.clock()
        if now - self._swept < SWEEP_EVERY:
            return False
        self._swept = now
        return True

    def expired(self, busy: set[str]) -> list[str]:
        """The names that expired now (`busy`: names in use, kept)."""
        return expired(self.players, self.wall(), self.hours, busy)
