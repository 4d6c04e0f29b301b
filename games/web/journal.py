"""The hub's crash-safe journal: one JSON record a line, appended and fsync'd, one writer.

The bingo journal's habits: every record is on disk (fdatasync) before the hub tells any phone
about it; one server at a time holds the lock beside it (``<journal>.lock``, flock, let go by
the operating system when the process dies, so a kill -9 never leaves a stale lock); a last
line cut off by a crash is dropped on open (what it said was never told to anyone); a damaged
line further up is skipped, the file as it was kept first as ``<journal>.damaged-<time>``; the
file and its lock are the user's own (0600: the journal holds the phones' tokens).

`compact` rewrites the journal with what a restore needs (atomic replace, fsync of the
folder) so it does not grow over an evening of games.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

from eventkit.errors import UserError
from eventkit.safefile import keep_aside, open_private, try_lock, write_atomic

FILE_NAME = "games_web.journal"
FILE_MODE = 0o600
# A record as written and as read back: JSON objects of several kinds and versions (an older
# journal's too), which the restore checks field by field as it replays them: typed loosely,
# not as the messages' JSON, so that reading a field stays the restore's own check.
Record = dict[str, Any]


class Journal:
    """Append-only records of one server's rooms; `open` takes the lock and reads them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock_fd: int | None = None
        self._fd: int | None = None
        self.dropped_tail = False  # a torn last line was dropped on open
        self.damaged: list[int] = []  # line numbers of damaged lines skipped on open
        self.lines: list[int] = []  # the line number of each record read on open
        self.total_lines = 0  # whole lines read on open
        self.kept_as: Path | None = None  # the journal as it was, when a line was damaged
        self.written = 0  # records appended since open
        # a full disk: the exception to raise (the hub's pause), instead of a UserError
        self.on_full: Callable[[OSError], Exception] | None = None

    def open(self) -> list[Record]:
        """Take the lock (UserError naming the folder if another server holds it), read the
        records, drop a torn tail, and get ready to append."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock_fd = open_private(self.path.with_name(self.path.name + ".lock"), FILE_MODE)
        except OSError as exc:
            raise UserError(
                f"the games server cannot keep its journal in {folder} ({exc.strerror or exc}): "
                "make it a folder you can write to"
            ) from None
        if not try_lock(lock_fd):
            os.close(lock_fd)
            raise UserError(
                f"another games server is running on {folder}: stop it first, or give this "
                "one another data folder"
            )
        self._lock_fd = lock_fd
        records = self._read()
        self._fd = os.open(self.path, _FLAGS | os.O_APPEND, FILE_MODE)
        return records

    def _read(self) -> list[Record]:
        """Every whole record, with its line number in `lines`. A damaged line (not a JSON
        object: garbled, cut, nested too deeply) is skipped and named in `damaged`, and the file
        as it was is kept first in `kept_as` (the restore compacts the journal: the lines after
        the damaged one are never lost, even those it cannot replay). A torn last line (a crash
        mid-append, never acknowledged) is cut off."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise UserError(
                f"the games journal {self.path} cannot be read ({exc.strerror or exc}): check "
                "its permissions"
            ) from None
        records: list[Record] = []
        whole = 0  # bytes up to the end of the last whole line
        for number, line in enumerate(raw.splitlines(keepends=True), 1):
            if not line.endswith(b"\n"):
                break  # the torn tail
            whole += len(line)
            self.total_lines = number
            try:
                record = json.loads(line)
            except (ValueError, RecursionError, MemoryError):  # MemoryError: `[` x 10**6
                record = None
            if not isinstance(record, dict):
                self.damaged.append(number)
                continue
            records.append(record)
            self.lines.append(number)
        if self.damaged:
            try:
                self.kept_as = keep_aside(self.path, raw, mode=FILE_MODE)
            except OSError as exc:
                raise UserError(
                    f"the games journal {self.path} has a damaged line ({self.damaged[0]}) and "
                    f"no copy of it can be kept ({exc.strerror or exc}): free some disk space"
                ) from None
        if whole < len(raw):  # a torn tail: never acknowledged, cut off
            self.dropped_tail = True
            with open(self.path, "r+b") as f:
                f.truncate(whole)
                f.flush()
                os.fsync(f.fileno())
        return records

    def write(self, record: Record) -> None:
        """Append `record` and make it durable before returning. A full disk raises what
        `on_full` gives (the hub pauses play), any other failure a UserError; either way no
        part of the line is left behind."""
        if self._fd is None:
            raise RuntimeError("the journal is not open")
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        written = 0
        try:
            while written < len(data):  # a short write (a full disk fails below)
                written += os.write(self._fd, data[written:])
            _sync(self._fd)
        except OSError as exc:
            if written:  # a part of the line went in: cut it, never glue the next one to it
                with suppress(OSError):
                    os.ftruncate(self._fd, os.lseek(self._fd, 0, os.SEEK_END) - written)
            if exc.errno in (errno.ENOSPC, errno.EDQUOT) and self.on_full is not None:
                raise self.on_full(exc) from None
            raise UserError(
                f"the games journal {self.path} could not be written ({exc.strerror or exc}): "
                "free some disk space; the last action was not taken"
            ) from None
        self.written += 1

    def compact(self, records: Iterable[Record]) -> None:
        """Replace the journal by `records` (what a restore needs), atomically."""
        if self._fd is None:
            raise RuntimeError("the journal is not open")
        lines = (
            (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
            for record in records
        )
        try:
            write_atomic(self.path, lines, mode=FILE_MODE)
        except OSError as exc:  # the journal is as it was: the next start tries again
            raise UserError(
                f"the games journal {self.path} could not be rewritten ({exc.strerror or exc}): "
                "free some disk space and start again; nothing was lost"
            ) from None
        os.close(self._fd)
        self._fd = os.open(self.path, _FLAGS | os.O_APPEND, FILE_MODE)

    def close(self) -> None:
        for fd in (self._fd, self._lock_fd):
            if fd is not None:
                with suppress(OSError):
                    os.close(fd)
        self._fd = self._lock_fd = None


_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)


def _sync(fd: int) -> None:
    getattr(os, "fdatasync", os.fsync)(fd)
