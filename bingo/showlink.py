"""The small side files the show and the phones' web server pass to each other. No Qt.

The journal stays the single source of truth for the numbers; these files only say what the
journal cannot:

- `<journal>.shown` (written by the show): how far the audience has seen the draw. The journal
  record of a number is written *before* the reel spins, so the server must not show it until
  the reel lands; the show appends `{"game", "count", "last"}` each time what it shows changes
  and touches the file every few seconds while it runs (so the phones can say "paused").
- `<journal>.claims` (written by the server): a player pressed "ビンゴ!" for a card.
- `<journal>.verdicts` (written by the show): the operator checked a claim.
- `<journal>.pause` (written by the show): why the draw cannot go on now (its journal cannot be
  written: "disk_full", "write_failed"), or nothing. It is the one side file that must be
  written on a full disk, so it is made at its full size when the show starts and only ever
  overwritten in place (`PauseNote`): no new block is needed to say the disk is full.

Each is an append-only file of JSON lines, each line written with one `os.write`, so a reader
sees whole lines or none. `game` is the hash of the journal's first record, so lines left from
an earlier game (a new game reuses the journal's name) are never taken for this one.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bingo.journal import open_created

ALIVE_SECONDS = 2.0  # the show touches `.shown` this often
PAUSED_AFTER = 7.0  # the server says "paused" when `.shown` is older than this
PAUSE_SIZE = 256  # bytes of `.pause`: one JSON line padded with spaces, overwritten in place
PAUSE_REASONS = ("disk_full", "write_failed")  # a journal write that failed (bingo.journal)


def shown_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".shown")


def claims_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".claims")


def verdicts_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".verdicts")


def pause_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".pause")


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def game_id(journal: Path) -> str | None:
    """The hash of the journal's first record, or None when there is no complete one yet."""
    try:
        with journal.open("rb") as f:
            first = f.readline(65536)
    except OSError:
        return None
    if not first.endswith(b"\n"):
        return None
    try:
        record = json.loads(first)
    except (ValueError, RecursionError):
        return None
    value = record.get("hash") if isinstance(record, dict) else None
    return value if isinstance(value, str) else None


def append_line(path: Path, record: dict[str, Any], *, sync: bool = False) -> None:
    """Append one JSON line with a single write (O_APPEND: whole lines, even from two writers).

    A disk that fills in the middle of the line writes only part of it: the part is cut off
    again (each side file has one writer) and the write fails as ENOSPC, so the next line is
    never glued to half of this one."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    fd = open_created(path, os.O_WRONLY | os.O_APPEND)
    try:
        before = os.fstat(fd).st_size
        written = os.write(fd, data)
        if written != len(data):
            os.ftruncate(fd, before)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def visible_draws(
    history: Sequence[int], shown: dict[str, Any] | None, game: str | None
) -> list[int]:
    """The numbers the room has seen: the journal's history, less a number still spinning.

    The show draws one number at a time and reveals it when the reel lands, so what it shows is
    always `history` or `history[:-1]`. Only a `.shown` line of this game that names exactly the
    current length and last number lets the last number out; anything else (no line yet, an
    older line, another game's line) keeps it back - at worst a number appears late, never early.
    """
    history = list(history)
    if not history:
        return history
    if (
        shown is not None
        and game is not None
        and shown.get("game") == game
        and shown.get("count") == len(history)
        and shown.get("last") == history[-1]
    ):
        return history
    return history[:-1]


class LineFollower:
    """Reads the complete JSON lines appended to a file since the last call.

    A file that was replaced or cut shorter is read again from the start (`reset` is set).
    Lines that are not JSON objects are skipped: these files are hints, not records.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._offset = 0
        self._inode: int | None = None
        self._partial = b""
        self.reset = False

    def read_new(self) -> list[dict[str, Any]]:
        self.reset = False
        try:
            info = os.stat(self.path)
        except OSError:
            if self._inode is not None:
                self._restart(None)
            return []
        if info.st_ino != self._inode or info.st_size < self._offset:
            self._restart(info.st_ino)
        if info.st_size == self._offset:
            return []
        try:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                data = f.read(info.st_size - self._offset)
        except OSError:
            return []
        self._offset += len(data)
        data = self._partial + data
        lines = data.split(b"\n")
        self._partial = lines.pop()
        out = []
        for raw in lines:
            try:
                record = json.loads(raw)
            except (ValueError, RecursionError):  # a deeply nested line is no hint of ours
                continue
            if isinstance(record, dict):
                out.append(record)
        return out

    def _restart(self, inode: int | None) -> None:
        self._inode = inode
        self._offset = 0
        self._partial = b""
        self.reset = True


class ShownWriter:
    """The show's side: say what the audience sees now; keep the file's time fresh."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self.path = shown_path(journal)
        self._game: str | None = None

    def write(self, revealed: Sequence[int], *, new_game: bool = False) -> None:
        if new_game or self._game is None:
            self._game = game_id(self.journal)
        record = {
            "game": self._game,
            "count": len(revealed),
            "last": revealed[-1] if revealed else None,
            "time": now_text(),
        }
        append_line(self.path, record)

    def touch(self) -> None:
        os.utime(self.path)


class PauseNote:
    """The show's side of `<journal>.pause`: say why the draw is held up, or that it is not.

    `open` makes the file at PAUSE_SIZE bytes (and syncs it, so its blocks are the disk's for
    good) while there is room; `say` then overwrites those bytes in place, which needs no free
    space, so "the disk is full" can be said on a full disk. Raises OSError like the others.
    """

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self.path = pause_path(journal)
        self.reason: str | None = None

    def open(self) -> None:
        fd = open_created(self.path, os.O_RDWR)
        try:
            if os.fstat(fd).st_size != PAUSE_SIZE:
                os.ftruncate(fd, 0)
                _write_all(fd, _pause_bytes({"reason": None}))
                os.fsync(fd)
        finally:
            os.close(fd)

    def say(self, reason: str | None, game: str | None) -> None:
        """`reason` (one of PAUSE_REASONS) for this `game`, or None: the draw goes on."""
        record = {"game": game, "reason": reason, "time": now_text()}
        fd = os.open(self.path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        try:
            if os.fstat(fd).st_size != PAUSE_SIZE:  # not made at its size: nothing to overwrite
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.path))
            _write_all(fd, _pause_bytes(record))
        finally:
            os.close(fd)
        self.reason = reason


def _pause_bytes(record: dict[str, Any]) -> bytes:
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(data) > PAUSE_SIZE - 1:
        raise ValueError("a pause note longer than its file")
    return data + b" " * (PAUSE_SIZE - 1 - len(data)) + b"\n"


def _write_all(fd: int, data: bytes) -> None:
    written = os.pwrite(fd, data, 0)
    if written != len(data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def read_pause(journal: Path) -> dict[str, Any] | None:
    """The show's pause note (`{"game", "reason", "time"}`) when it names a reason, else None."""
    try:
        with pause_path(journal).open("rb") as f:
            data = f.read(PAUSE_SIZE * 2)
        record = json.loads(data)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or record.get("reason") not in PAUSE_REASONS:
        return None
    return record
