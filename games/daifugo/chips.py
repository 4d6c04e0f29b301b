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
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
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


MAX_BALANCE = 10**15  # far above any room's stakes; a larger number means a damaged file


class ChipBank:
    """Balances by player name, saved as JSON in the user's data folder.

    Several tables may be open at once (two windows, two users of one laptop): every change is
    kept as an operation and `save` replays the operations not yet saved on the file's current
    balances under a file lock, so no table's settlement overwrites another's. A damaged file
    is set aside beside the original (`<name>.damaged-<time>`) and play starts afresh; `notice`
    says so.
    """

    def __init__(self, path: Path | None = None, start: int = DEFAULT_START) -> None:
        self.path = Path(os.path.realpath(path or user_data_dir() / FILE_NAME))
        self.start = start
        self.notice = ""  # set when a damaged file was set aside
        self._pending: list[tuple[str, str, int]] = []  # ("add"|"top_up", name, amount)
        with self._locked():
            self.balances: dict[str, int] = self._read()

    def balance(self, name: str) -> int:
        return self.balances.get(name, self.start)

    def add(self, name: str, amount: int) -> int:
        self._pending.append(("add", name, amount))
        _replay(self.balances, [("add", name, amount)], self.start)
        return self.balances[name]

    def top_up(self, name: str, minimum: int) -> bool:
        """Refill a balance below `minimum` to the starting amount; True when it did."""
        if self.balance(name) < minimum:
            self._pending.append(("top_up", name, minimum))
            _replay(self.balances, [("top_up", name, minimum)], self.start)
            return True
        return False

    def apply(self, names: Sequence[str], settlement: Settlement) -> None:
        for name, delta in zip(names, settlement.deltas, strict=True):
            self.add(name, delta)

    def save(self) -> None:
        """Apply the changes not yet saved to the balances on disk, atomically and fsync'd.

        On failure (UserError) nothing is lost: the changes stay pending for the next save.
        """
        with self._locked():
            balances = self._read()
            _replay(balances, self._pending, self.start)
            self._write(balances)
            self.balances = balances
            self._pending.clear()

    # -- the file -------------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock on `<file>.lock` beside the balances (released on close)."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT)
        except OSError as exc:
            raise UserError(
                f"chip balances cannot be kept in {folder} ({exc.strerror or exc}): make it a "
                "folder you can write to, or set PUYO_EVENT_DATA_DIR to one"
            ) from None
        try:
            _lock(fd)
            yield
        finally:
            os.close(fd)

    def _read(self) -> dict[str, int]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        except IsADirectoryError:
            raise UserError(
                f"{self.path} is a folder, not the chip balances file: move it elsewhere"
            ) from None
        except OSError as exc:
            raise UserError(
                f"chip balances in {self.path} cannot be read ({exc.strerror or exc}): "
                "check the file's permissions"
            ) from None
        try:
            return _parse(raw)
        except ValueError as exc:
            kept = self._set_aside()
            self.notice = (
                f"chip balances in {self.path} were damaged ({exc}): kept as {kept.name}, "
                "everyone starts again with the starting chips"
            )
            return {}

    def _set_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}" + (f"-{n}" * bool(n)))
            if not kept.exists():
                break
        try:
            os.rename(self.path, kept)
        except OSError as exc:
            raise UserError(
                f"chip balances in {self.path} are damaged and cannot be set aside "
                f"({exc.strerror or exc}): move the file elsewhere"
            ) from None
        return kept

    def _write(self, balances: dict[str, int]) -> None:
        payload = json.dumps({"version": 1, "balances": balances}, ensure_ascii=False, indent=1)
        folder = self.path.parent
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
            with os.fdopen(fd, "wb") as f:
                f.write(payload.encode("utf-8"))
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path)
            tmp = None
            _fsync_folder(folder)
        except OSError as exc:
            raise UserError(
                f"chip balances could not be saved to {self.path} ({exc.strerror or exc}): "
                "free some disk space or fix the folder's permissions; nothing was lost"
            ) from None
        finally:
            if tmp is not None:
                with suppress(OSError):
                    os.unlink(tmp)


def _parse(raw: bytes) -> dict[str, int]:
    """The balances of a chip file; ValueError says what is wrong with it."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    if not isinstance(data, dict) or not isinstance(data.get("balances", {}), dict):
        raise ValueError('not a {"balances": {...}} object')
    balances = {}
    for name, value in data.get("balances", {}).items():
        if type(value) is not int or not -MAX_BALANCE <= value <= MAX_BALANCE:
            raise ValueError(f"the balance of {name!r} is not a whole number of chips")
        balances[name] = value
    return balances


def _replay(balances: dict[str, int], ops: Sequence[tuple[str, str, int]], start: int) -> None:
    for op, name, amount in ops:
        current = balances.get(name, start)
        if op == "add":
            balances[name] = current + amount
        elif current < amount:  # top_up
            balances[name] = max(start, amount)


def _lock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open a folder for this)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
