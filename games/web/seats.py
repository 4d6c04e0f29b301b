"""Players: a name per person, the secret token the phone keeps, and the code the person keeps.

A name is the person's identity for chips, so one name belongs to one person, and names are
compared as people read them (games.web.names: 'Ａlice' is 'alice'). Nobody gets a name by
typing it: a name in use is refused (``name_taken``). Its owner gets it back on another phone
or browser with the name's code, shown on the phone after joining (`move`: the name, its seat
and chips go to the new phone, the old token stops working); a code mistyped `MAX_MISSES`
times locks the name until the host gives it back from the laptop (`release`: a new code, the
old one and every token of the name void). Tokens are 144 random bits, codes 30 (6 of 32
characters that do not look alike; with 10 tries a guess succeeds once in 10^8).
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace

from eventkit.web.limits import address_key
from games.web.names import MAX_NAME, clean_name, name_key
from games.web.texts import refusal

__all__ = ["MAX_NAME", "Player", "Players", "new_code", "read_code"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 O 1 I: read aloud, typed back
CODE_LENGTH = 6
MAX_MISSES = 10  # wrong codes for a name from one address (a /64 for IPv6): that address stops
# From every address together: then the name is locked until the host gives it back. A stranger
# alone locks only their own tries; guessing a 30-bit code this many times finds it about once in
# a million nights.
MAX_NAME_MISSES = 1000
KEPT_MISSES = 20_000  # (name, address) counts kept; the oldest are dropped beyond


@dataclass(frozen=True)
class Player:
    """A phone's person: the name they chose (their chips belong to it), the secret token the
    phone keeps to come back to the same seat, and the code the person keeps to bring the
    name to another phone."""

    name: str
    token: str
    code: str = ""
    since: float = 0.0  # when the name was made (time.time; 0: before names expired)
    played: bool = True  # it sat in a game dealt (a name that never did may expire)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: object) -> str:
    """A code as typed ('k7m 3qp', full width, with a dash) -> as kept ('K7M3QP')."""
    plain = unicodedata.normalize("NFKC", str(text)).upper()
    return "".join(ch for ch in plain if ch.isascii() and ch.isalnum())


class Players:
    """Every player of the evening, by token and by name (as read: `name_key`)."""

    def __init__(self, language: str = "ja") -> None:
        self.language = language
        self._by_token: dict[str, Player] = {}
        self._by_key: dict[str, Player] = {}
        self._misses: dict[tuple[str, str], int] = {}  # (name_key, address_key): wrong codes
        self._name_misses: dict[str, int] = {}  # name_key: wrong codes from every address

    def __len__(self) -> int:
        return len(self._by_key)

    def __iter__(self) -> Iterator[Player]:
        return iter(list(self._by_key.values()))

    def check_new(self, name: str) -> str:
        """`name` as a new name would be kept; refused with the name's reason
        (games.web.names) or ``name_taken``."""
        cleaned = clean_name(name, self.language)
        known = self._by_key.get(name_key(cleaned))
        if known is not None:
            raise refusal(self.language, "name_taken", name=known.name)
        return cleaned

    def new(self, name: str, since: float = 0.0) -> Player:
        """A new player with a fresh token and code (refused as `check_new` says); it has
        not played yet."""
        player = Player(self.check_new(name), secrets.token_urlsafe(18), new_code(), since, False)
        self.add(player)
        return player

    def mark_played(self, name: str) -> Player | None:
        """`name` sits in a game dealt: it no longer expires. The player when it changed."""
        player = self.by_name(name)
        if player is None or player.played:
            return None
        played = replace(player, played=True)
        self.add(played)
        return played

    def forget(self, name: str) -> None:
        """An expired name: its token and code are void, the name is free again."""
        player = self._by_key.pop(name_key(name), None)
        if player is not None:
            self._by_token.pop(player.token, None)
            self._forget_misses(name_key(name))

    def add(self, player: Player) -> None:
        """Keep `player` (new, restored from the journal, or a name moved or given back: the
        name's former token stops working)."""
        before = self._by_key.get(name_key(player.name))
        if before is not None:
            self._by_token.pop(before.token, None)
        self._by_token[player.token] = player
        self._by_key[name_key(player.name)] = player

    def by_name(self, name: str) -> Player | None:
        return self._by_key.get(name_key(str(name)))

    def move(self, name: str, code: object, address: str | None = None) -> Player:
        """The owner brings `name` to a new phone with its code: the same name and code, a new
        token. Refused ``unknown_name``, ``bad_code``, ``code_tries`` (MAX_MISSES wrong codes
        from this `address`, or MAX_NAME_MISSES from all: then the host gives the name back)."""
        player = self.by_name(name)
        if player is None:
            raise refusal(self.language, "unknown_name", name=str(name).strip()[:MAX_NAME])
        key = name_key(player.name)
        mine = (key, address_key(address))
        if self._locked(mine):
            raise refusal(self.language, "code_tries", name=player.name)
        if not secrets.compare_digest(read_code(code), player.code):
            self._misses[mine] = self._misses.pop(mine, 0) + 1  # the newest last
            self._name_misses[key] = self._name_misses.get(key, 0) + 1
            while len(self._misses) > KEPT_MISSES:
                del self._misses[next(iter(self._misses))]
            if self._locked(mine):
                raise refusal(self.language, "code_tries", name=player.name)
            raise refusal(self.language, "bad_code", name=player.name)
        self._forget_misses(key)
        moved = replace(player, token=secrets.token_urlsafe(18))
        self.add(moved)
        return moved

    def _locked(self, mine: tuple[str, str]) -> bool:
        return (
            self._misses.get(mine, 0) >= MAX_MISSES
            or self._name_misses.get(mine[0], 0) >= MAX_NAME_MISSES
        )

    def _forget_misses(self, key: str) -> None:
        self._name_misses.pop(key, None)
        for mine in [m for m in self._misses if m[0] == key]:
            del self._misses[mine]

    def release(self, name: str) -> Player:
        """The host gives `name` back to its owner (standing at the laptop): a new code, every
        token of the name void. Refused ``unknown_name``."""
        player = self.by_name(name)
        if player is None:
            raise refusal(self.language, "unknown_name", name=str(name).strip()[:MAX_NAME])
        self._forget_misses(name_key(player.name))
        fresh = replace(player, token=secrets.token_urlsafe(18), code=new_code())
        self.add(fresh)
        return fresh

    def by_token(self, token: object) -> Player:
        """The token's player, or ``unknown_token`` (also for anything not a token)."""
        player = self._by_token.get(token) if isinstance(token, str) else None
        if player is None:
            raise refusal(self.language, "unknown_token")
        return player
