"""Rate limits for the phones' requests: a token bucket per key (a card, an address). No aiohttp."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


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

    def retry_after(self, key: object) -> float:
        """Seconds until `key` has a token again (0 when it has one now)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return 0.0
        now = self._clock()
        tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate
