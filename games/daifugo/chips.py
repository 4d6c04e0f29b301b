"""Chips: rooms and stakes, fees by rank, the pot, and balances kept across runs (JSON).

As the seed: the 平民 fee is the room's stake (初級 100 / 中級 1,000 / 上級 10,000); 大富豪 pays
2x, 富豪 1.25x, 貧民 1/2, 大貧民 1/4. The winner (1st place) takes the pot less 2% (the play fee).
Leaving in the middle of a game costs the stake on top of the fee already paid. A balance that
falls below a room's largest fee is topped up to the starting amount (this is an event toy, not
a casino) - the UI says so when it happens.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from eventkit.errors import UserError
from eventkit.paths import user_data_dir
from games.daifugo.rules import Title

FILE_NAME = "daifugo_chips.json"
PLAY_FEE_PERCENT = 2
DEFAULT_START = 10_000


@dataclass(frozen=True)
class Room:
    key: str
    ja: str
    en: str
    stake: int

    def label(self, language: str = "ja") -> str:
        return self.ja if language == "ja" else self.en


ROOMS = {
    "beginner": Room("beginner", "初級ルーム", "Beginner room", 100),
    "intermediate": Room("intermediate", "中級ルーム", "Intermediate room", 1_000),
    "advanced": Room("advanced", "上級ルーム", "Advanced room", 10_000),
}
_ALIASES = {"初級": "beginner", "中級": "intermediate", "上級": "advanced"}

# Fee as a fraction of the stake, in quarters (exact integers for every room).
_FEE_QUARTERS = {
    Title.DAIFUGO: 8,
    Title.FUGO: 5,
    Title.HEIMIN: 4,
    Title.HINMIN: 2,
    Title.DAIHINMIN: 1,
}


def room(key: str) -> Room:
    """A room by key ("beginner"...) or Japanese name ("初級", "初級ルーム")."""
    k = _ALIASES.get(key.replace("ルーム", ""), key)
    if k not in ROOMS:
        raise UserError(f"room '{key}' does not exist: choose beginner, intermediate or advanced")
    return ROOMS[k]


def fee(the_room: Room, title: Title) -> int:
    return the_room.stake * _FEE_QUARTERS[title] // 4


@dataclass(frozen=True)
class Settlement:
    fees: tuple[int, ...]
    pot: int
    play_fee: int
    prize: int
    winner: int
    deltas: tuple[int, ...]


def settle(the_room: Room, titles: Sequence[Title], places: Sequence[int]) -> Settlement:
    """Fees by rank into the pot; the 1st place takes the pot less 2%."""
    fees = tuple(fee(the_room, t) for t in titles)
    pot = sum(fees)
    play_fee = pot * PLAY_FEE_PERCENT // 100
    prize = pot - play_fee
    winner = places[0]
    deltas = tuple((prize if s == winner else 0) - fees[s] for s in range(len(titles)))
    return Settlement(fees, pot, play_fee, prize, winner, deltas)


def leave_penalty(the_room: Room) -> int:
    """Leaving mid-game: the stake is forfeited on top of the fee already in the pot."""
    return the_room.stake


class ChipBank:
    """Balances by player name, saved as JSON in the user's data folder."""

    def __init__(self, path: Path | None = None, start: int = DEFAULT_START) -> None:
        self.path = path or user_data_dir() / FILE_NAME
        self.start = start
        self.balances: dict[str, int] = {}
        if self.path.exists():
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self.balances = {str(k): int(v) for k, v in data.get("balances", {}).items()}
            except (ValueError, AttributeError, TypeError) as exc:
                raise UserError(
                    f"chip balances in {self.path} are damaged ({exc}): delete the file to start"
                    " again"
                ) from exc

    def balance(self, name: str) -> int:
        return self.balances.get(name, self.start)

    def add(self, name: str, amount: int) -> int:
        self.balances[name] = self.balance(name) + amount
        return self.balances[name]

    def top_up(self, name: str, minimum: int) -> bool:
        """Refill a balance below `minimum` to the starting amount; True when it did."""
        if self.balance(name) < minimum:
            self.balances[name] = max(self.start, minimum)
            return True
        return False

    def apply(self, names: Sequence[str], settlement: Settlement) -> None:
        for name, delta in zip(names, settlement.deltas, strict=True):
            self.add(name, delta)

    def save(self) -> None:
        """Write atomically (a crash never leaves half a file)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        payload = {"version": 1, "balances": self.balances}
        tmp.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)
