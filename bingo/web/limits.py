"""Limits on guessing card codes and QR tokens. No aiohttp.

Built on eventkit.web.limits' token bucket (RateLimiter); what counts as one guest is its
address_key (the games' tables use both too).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bingo.cardcode import ALPHABET, CHECK_CHARS, TOKEN_CHARS
from eventkit.web.limits import RateLimiter

__all__ = [
    "CODE_SPACE",
    "GLOBAL",
    "GUESSES_PER_MINUTE",
    "GUESS_BURST",
    "KEPT_FOR_NEWCOMERS",
    "NEWCOMER_WRONG",
    "TOKEN_SPACE",
    "WRONG_MEMORY",
    "WRONG_TOKENS_BURST",
    "WRONG_TOKENS_PER_MINUTE",
    "GuessLimiter",
    "TokenLimiter",
]


CODE_SPACE = len(ALPHABET) ** CHECK_CHARS  # check letters of one card: 22**5 = 5,153,632
GUESSES_PER_MINUTE = 60  # wrong codes a minute from all addresses together
GUESS_BURST = 60
KEPT_FOR_NEWCOMERS = 30  # of the burst, only for addresses with fewer than 2 wrong codes
NEWCOMER_WRONG = 2  # wrong codes an hour an address may make and still count as a newcomer
WRONG_MEMORY = 3600.0  # seconds an address's wrong codes are remembered


class GuessLimiter:
    """Wrong card codes: limited per address AND across all addresses, so guessing is hopeless.

    Per address: 10 wrong codes, then 10 a minute (then every code from it waits: 429).
    In all: one bucket of GUESSES_PER_MINUTE = 60 wrong codes a minute (burst 60), shared by every
    address, so the number of addresses (a /24 LAN, 4,000 loopback addresses) buys nothing.
    The arithmetic: a card's printed code is its serial and 5 check letters out of 22, so
    CODE_SPACE = 22**5 = 5,153,632 codes per card. At 60 checked guesses a minute, trying every
    code of one chosen card takes 5,153,632 / 60 = 85,894 minutes = 59.6 days (half that on
    average: 29.8 days), and a whole 6-hour evening (21,600 + 60 guesses) opens it with a chance
    of 0.42 % (the same for "any card": each guess is right with chance 1 / 22**5).

    Players are not locked out by someone else's guessing:
    * a code that already opened a card from an address opens it again from there without any
      limit (the phone reconnecting, the claim button), and a right code never uses a token;
    * the last KEPT_FOR_NEWCOMERS = 30 tokens of the bucket are only for addresses with fewer
      than NEWCOMER_WRONG = 2 wrong codes in the last hour: a player typing their own code (even
      after one typo) finds them, while an attacker's address loses them at its 2nd wrong code.
      A whole /24 (254 addresses) can thus take at most 508 of those tokens an hour before all
      its addresses are spent; a network with far more addresses than that can hold newcomers
      back for as long as it has fresh addresses, but never guesses faster than 60 a minute.
    The decision to check a code is made before the code is looked at, so a refusal (429) says
    nothing about whether the refused code was right.
    """

    def __init__(
        self,
        *,
        per_minute: float = GUESSES_PER_MINUTE,
        burst: int = GUESS_BURST,
        kept: int = KEPT_FOR_NEWCOMERS,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 20_000,
    ) -> None:
        self.per_address = RateLimiter(10, 10, clock=clock, max_keys=max_keys)
        self.everyone = RateLimiter(burst, per_minute, clock=clock)
        self.kept = kept
        self._clock = clock
        self._max_keys = max_keys
        self._wrong: dict[str, list[float]] = {}  # address -> times of its recent wrong codes
        self._opened: dict[tuple[str, str], None] = {}  # (address, code) that opened a card

    def wait(self, address: str, code: str) -> float:
        """Seconds before a code from `address` may be checked (0: check it now)."""
        own = self.per_address.retry_after(address)
        if own > 0:
            return own
        if (address, code) in self._opened:
            return 0.0
        tokens = self.everyone.tokens(GLOBAL)
        needed = 1.0 if self._newcomer(address) else 1.0 + self.kept
        if tokens >= needed:
            return 0.0
        return max(1.0, (needed - tokens) / self.everyone.rate)

    def wrong(self, address: str) -> None:
        """A checked code from `address` opened no card: it uses a token of both buckets."""
        self.per_address.allow(address)
        self.everyone.allow(GLOBAL)
        now = self._clock()
        times = [t for t in self._wrong.pop(address, []) if now - t < WRONG_MEMORY]
        times.append(now)
        self._wrong[address] = times[-NEWCOMER_WRONG:]
        if len(self._wrong) > self._max_keys:
            self._wrong.pop(next(iter(self._wrong)))

    def opened(self, address: str, code: str) -> None:
        """A right code: from now on it opens its card from this address without a limit."""
        self._opened.pop((address, code), None)
        self._opened[(address, code)] = None
        if len(self._opened) > self._max_keys:
            self._opened.pop(next(iter(self._opened)))

    def _newcomer(self, address: str) -> bool:
        now = self._clock()
        recent = [t for t in self._wrong.get(address, ()) if now - t < WRONG_MEMORY]
        return len(recent) < NEWCOMER_WRONG


GLOBAL = "all addresses"

TOKEN_SPACE = 32**TOKEN_CHARS  # a card's QR token: 16 base32 characters, 2**80
WRONG_TOKENS_BURST = 10  # wrong QR tokens an address may send at once...
WRONG_TOKENS_PER_MINUTE = 10  # ...and then a minute


class TokenLimiter:
    """Wrong QR tokens (bingo.cardcode.card_token), per address only: a scanned card opens even
    while the GuessLimiter holds typed codes back.

    A card's QR address carries an 80-bit token besides its code. Guessing it is hopeless at any
    rate: at a million checks a second, TOKEN_SPACE = 2**80 takes 38 billion years per card, so
    tokens use nothing of the GuessLimiter's shared 60 a minute (a right one needs none, a wrong
    one takes none: a flood of tokens does not hold newcomers back). What is bounded is the work:
    an address gets WRONG_TOKENS_BURST = 10 wrong tokens, then 10 a minute; past that its tokens
    are refused unchecked (429) until it has one again. A wrong token is answered as a wrong
    code (404) whatever the code beside it, so it tells nothing about the short code.
    """

    def __init__(
        self,
        *,
        burst: int = WRONG_TOKENS_BURST,
        per_minute: float = WRONG_TOKENS_PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 20_000,
    ) -> None:
        self.per_address = RateLimiter(burst, per_minute, clock=clock, max_keys=max_keys)

    def wait(self, address: str) -> float:
        """Seconds before a token from `address` may be checked (0: check it now)."""
        return self.per_address.retry_after(address)

    def wrong(self, address: str) -> None:
        """A checked token from `address` was not its card's: it uses one of the address's."""
        self.per_address.allow(address)
