"""Players: a name per phone and the secret token the phone keeps to come back to its seat.

A name is the person's identity for chips, so one name belongs to one token: a second phone
asking for a name in use is refused (``name_taken``) and the first phone comes back with its
token. Tokens are 144 random bits; nothing the client sends can name another player's seat.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass

from games.web.texts import refusal

MAX_NAME = 16
CPU_PREFIX = "cpu"


@dataclass(frozen=True)
class Player:
    """A phone's person: the name they chose (their chips belong to it) and the secret token
    the phone keeps (with the name) to come back to the same seat."""

    name: str
    token: str


def clean_name(name: str, language: str) -> str:
    """`name` as it is kept (NFC, outer spaces off), or ``bad_name``."""
    cleaned = unicodedata.normalize("NFC", str(name)).strip()
    bad = (
        not cleaned
        or len(cleaned) > MAX_NAME
        or any(unicodedata.category(ch).startswith("C") for ch in cleaned)
        or cleaned.casefold().startswith(CPU_PREFIX)
    )
    if bad:
        raise refusal(language, "bad_name", max=MAX_NAME)
    return cleaned


class Players:
    """Every player of the evening, by token and by name."""

    def __init__(self, language: str = "ja") -> None:
        self.language = language
        self._by_token: dict[str, Player] = {}
        self._by_name: dict[str, Player] = {}

    def __len__(self) -> int:
        return len(self._by_token)

    def new(self, name: str) -> Player:
        """A new player with a fresh token; ``bad_name`` / ``name_taken`` refused."""
        cleaned = clean_name(name, self.language)
        if cleaned in self._by_name:
            raise refusal(self.language, "name_taken", name=cleaned)
        player = Player(cleaned, secrets.token_urlsafe(18))
        self.add(player)
        return player

    def add(self, player: Player) -> None:
        """Keep `player` (a new one, or one restored from the journal)."""
        self._by_token[player.token] = player
        self._by_name[player.name] = player

    def by_token(self, token: object) -> Player:
        """The token's player, or ``unknown_token`` (also for anything not a token)."""
        player = self._by_token.get(token) if isinstance(token, str) else None
        if player is None:
            raise refusal(self.language, "unknown_token")
        return player
