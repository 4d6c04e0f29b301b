"""The money rooms' chips across a crash: one bank per room, restored games kept open.

A game with money registers a `games.common.money.Money` (Daifugō's: games.daifugo.chips): its
bank keeps a game in progress on file with its fees and gives the fees back when the game's
table has stopped (its owner lock is not held). The hub restores games instead of dropping
them, so:

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

import secrets
import tempfile
from collections.abc import Iterable
from pathlib import Path

from games.common import registry
from games.common.money import Bank, Money


def evening_money() -> Money | None:
    """The chips the hub keeps: the first registered game with money's (one chips file for
    the evening), None when no game has money."""
    return next((e.chips for e in registry.entries() if e.chips is not None), None)


class Chips:
    """The hub's money part: the evening's `Money` (None: no game has money), its chips file,
    and every name's balance as saved, kept in memory: read once when the hub opens (after the
    restore settled the file), then written through whenever a room's bank saves (`kept`), so a
    lookup never reads the file."""

    def __init__(self, data_dir: Path, path: Path | None = None) -> None:
        """The chips file is `path`, else the money's file in `data_dir`."""
        self.money = evening_money()
        name = self.money.file_name if self.money is not None else "chips.json"
        self.path = Path(path or Path(data_dir) / name)
        self._saved: dict[str, int] = {}

    def read(self) -> None:
        """The balances on file now (once, at open: an unreadable file reads as none saved;
        the banks say what was wrong with it)."""
        if self.money is None:
            return
        try:
            self._saved = self.money.saved_balances(self.path)
        except (OSError, ValueError):
            self._saved = {}

    def kept(self, bank: Bank, names: Iterable[str]) -> None:
        """A room's bank saved: `names`' balances as it keeps them now."""
        for name in names:
            self._saved[name] = bank.balance(name)

    def balance(self, name: str, playing: Iterable[Bank]) -> int:
        """A name's chips now: in a game in play (its bank among `playing`, the banks of the
        rooms whose game holds the name) with that game's penalty, else as saved."""
        for bank in playing:
            return bank.balance(name)
        if self.money is None:
            return 0
        return self._saved.get(name, self.money.start)


def new_owner() -> str:
    """An owner id in the bank's format (16 hex digits)."""
    return secrets.token_hex(8)


class ScratchBank:
    """A bank on a temporary file, for replaying a game whose chips are settled already."""

    def __init__(self, money: Money) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="games-web-replay-")
        self.bank = money.bank(Path(self._folder.name) / "chips.json")

    def close(self) -> None:
        self.bank.close()
        self._folder.cleanup()

    def __enter__(self) -> Bank:
        return self.bank

    def __exit__(self, *exc: object) -> None:
        self.close()


def give_back_unknown(bank: Bank, owner: str, known: set[str]) -> int:
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
