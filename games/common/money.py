"""Money, an optional capability of a game in the registry (games.common.registry): chips per
name, kept on one file across games, tables and crashes. No Qt.

A game with money (Daifugō) registers a `Money` (its `GameEntry.chips`); the phone hub
(games.web) reaches the chips only through it, so it names no game and holds no `Any`:

- one file holds the balances of every name and the games in progress with their fees (a game
  on file is "open": its fees are paid, its prize not yet);
- each room plays on a `Bank` over that file, opening its games under the room's owner id; a
  game open on file whose owner's lock nobody holds is given back when a bank opens the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol, runtime_checkable

__all__ = ["Bank", "Money"]


@runtime_checkable
class Bank(Protocol):
    """One room's chips on the file (games.daifugo.chips.ChipBank)."""

    @property
    def notice(self) -> str:
        """One line for the host when opening the file restored or settled anything, else ""."""
        ...

    @property
    def balances(self) -> Mapping[str, int]:
        """Every name's balance as this bank knows it (a name not listed has the start)."""
        ...

    @property
    def open_games(self) -> Mapping[str, Mapping[str, object]]:
        """The games in progress on file: game id -> its entry (``"owner"``: the owner id)."""
        ...

    def balance(self, name: str) -> int: ...

    def close_game(self, game: str, *, refund: bool = False) -> None:
        """The game is over (or dropped, with `refund`: its fees go back to the seats)."""
        ...

    def save(self) -> None:
        """The changes not yet saved, on file atomically (a failure keeps them pending)."""
        ...

    def close(self) -> None:
        """Let go of the owner lock (games still open are left to be settled)."""
        ...


class Money(Protocol):
    """What a game with money gives the phone hub."""

    @property
    def file_name(self) -> str:
        """The chips file's name in the hub's data folder (kept across versions)."""
        ...

    @property
    def start(self) -> int:
        """A name's balance before its first game."""
        ...

    def bank(self, path: Path, owner: str | None = None, held: int | None = None) -> Bank:
        """A bank on the chips file at `path` that opens its games under `owner` (a room's id;
        None: a fresh one) and holds the owner lock `held` (from `hold_owner`), if any."""
        ...

    def hold_owner(self, path: Path, owner: str) -> int | None:
        """Hold `owner`'s lock beside the chips file (so its open games are not given back);
        the descriptor, or None when another process holds it."""
        ...

    def open_on_file(self, path: Path) -> dict[str, str]:
        """The games in progress on file: game id -> owner id (from its good copy when the file
        is damaged; empty when neither can be read: a bank says so itself)."""
        ...

    def saved_balances(self, path: Path) -> dict[str, int]:
        """The balances as saved (OSError when unreadable, ValueError when damaged)."""
        ...

    def needs_rebuild(self, path: Path) -> bool:
        """Neither the file nor its good copy can be read, and one of them is there."""
        ...

    def rebuild(self, path: Path, balances: dict[str, int]) -> str:
        """The file written afresh with `balances`, no game in progress: the line that says so.
        ValueError when `balances` are not chips."""
        ...
