"""Rate limits for the phones' requests: a token bucket per key (a seat, an address). No aiohttp."""

from __future__ import annotations

import functools
import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass

KEYS_KEPT = 8192  # addresses whose keys are remembered (parsing one costs more than a request's
# own routing; a flood of new addresses only pushes the oldest out)


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """At most `burst` at once, refilled at `per_minute` a minute, for each key separately.

    Keys that have refilled completely are forgotten, so a flood of new keys (addresses) cannot
    grow memory without bound beyond `max_keys`; past that the oldest keys are dropped.
    """

    def __init__(
        self,
        burst: int,
        per_minute: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[object, _Bucket] = {}

    def allow(self, key: object) -> bool:
        """Take one token for `key`; False when it has none left (the request is refused)."""
        now = self._clock()
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        allowed = bucket.tokens >= 1.0
        if allowed:
            bucket.tokens -= 1.0
        self._buckets[key] = bucket  # re-inserted: the dict keeps the most recent last
        if len(self._buckets) > self._max_keys:
            self._buckets.pop(next(iter(self._buckets)))
        return allowed

    def tokens(self, key: object) -> float:
        """The tokens `key` has now (taking none)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return float(self.burst)
        now = self._clock()
        return min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)

    def retry_after(self, key: object) -> float:
        """Seconds until `key` has a token again (0 when it has one now)."""
        tokens = self.tokens(key)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def give_back(self, key: object) -> None:
        """Return the token `allow` took (the request it allowed could not be carried out)."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(self.burst), bucket.tokens + 1.0)


@functools.lru_cache(maxsize=KEYS_KEPT)
def address_key(host: str | None) -> str:
    """What limits count as one guest: an IPv4 address, or an IPv6 /64 (one device's range).

    A phone on IPv6 may take any address of its network's /64 at will (privacy addresses), so
    counting single IPv6 addresses would let one phone be thousands of guests. (Remembered for
    the last KEYS_KEPT addresses: every connection and every card request asks.)
    """
    if not host:
        return "?"
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@functools.lru_cache(maxsize=KEYS_KEPT)
def network_key(host: str | None) -> str:
    """The network a guest's address belongs to, for fair shares among networks: an IPv4 /24,
    an IPv6 /64 (as `address_key`, which already counts a /64 as one guest)."""
    key = address_key(host)
    try:
        ip = ipaddress.ip_address(key)
    except ValueError:
        return key  # "?", a /64 already, or a name
    if isinstance(ip, ipaddress.IPv4Address):
        return str(ipaddress.ip_network(f"{ip}/24", strict=False))
    return key
