"""The Daifugō rooms' chips across a crash: one ChipBank per room, restored games kept open.

games.daifugo.chips.ChipBank keeps a game in progress on file with its fees and gives the fees
back when the game's table has stopped (its owner lock is not held). The hub restores games
instead of dropping them, so:

- each room's games are opened under the room's own owner id (kept in the hub's journal);
- on restart, before any bank reads the file, the hub holds the owner lock of every room whose
  game it restores with that game still open on file, so no bank gives those fees back; the
  restored game ends as it would have, its prize and its close in one save;
- a room's game that is no longer open on file has had its chips settled (its end was saved
  before the crash, or another program gave its fees back): it is replayed on a scratch bank
  that touches no file;
- a room's game open on file that the journal does not know (the crash came between the fees'
  save and the journal's record) has its fees given back.

A penalty for leaving is added to the room's bank without a save: it is saved with the game's
end, in the same atomic replace as the prize (so a crash leaves the file before or after the
whole game, and the journal's replay charges it again only when it was not saved).
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

from eventkit.safefile import open_private, try_lock
from games.daifugo.chips import ChipBank, read_chips_file


def new_owner() -> str:
    """An owner id in the bank's format (16 hex digits)."""
    return secrets.token_hex(8)


def open_on_file(path: Path) -> dict[str, str]:
    """The games in progress on the chips file now: game id -> owner id (from its good copy
    when the file is damaged; empty when neither can be read: the bank says so itself)."""
    try:
        _, games = read_chips_file(Path(path))
    except (OSError, ValueError):
        return {}
    return {str(g): str(e.get("owner")) for g, e in games.items()}


def hold_owner(path: Path, owner: str) -> int | None:
    """Hold `owner`'s lock beside the chips file (so its open games are not given back); the
    descriptor, or None when another process holds it."""
    real = Path(os.path.realpath(path))
    real.parent.mkdir(parents=True, exist_ok=True)
    fd = open_private(real.with_name(f".{real.name}.owner-{owner}.lock"))
    if not try_lock(fd):
        os.close(fd)
        return None
    return fd


def room_bank(path: Path, owner: str, held: int | None = None) -> ChipBank:
    """The room's bank on the chips file, opening its games under `owner` (and holding the
    lock `held` from `hold_owner`, if any)."""
    bank = ChipBank(path)
    bank._owner = owner  # the room's id: its restored games are closed by this bank
    if held is not None:
        bank._owner_fd = held
    return bank


class ScratchBank:
    """A bank on a temporary file, for replaying a game whose chips are settled already."""

    def __init__(self, balances: dict[str, int] | None = None) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="games-web-replay-")
        self.bank = ChipBank(Path(self._folder.name) / "chips.json")
        for name, value in (balances or {}).items():
            self.bank.balances[name] = value

    def close(self) -> None:
        self.bank.close()
        self._folder.cleanup()

    def __enter__(self) -> ChipBank:
        return self.bank

    def __exit__(self, *exc: Any) -> None:
        self.close()


def give_back_unknown(bank: ChipBank, owner: str, known: set[str]) -> int:
    """Give back the fees of `owner`'s games open on file that the journal does not know;
    how many (saved at once)."""
    unknown = [
        game
        for game, entry in bank.open_games.items()
        if entry.get("owner") == owner and game not in known
    ]
    for game in unknown:
        bank.close_game(game, refund=True)
    if unknown:
        bank.save()
    return len(unknown)
