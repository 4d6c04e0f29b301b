"""The hub's crash-safe journal: one JSON record a line, appended and fsync'd, one writer.

The bingo journal's habits: every record is on disk (fdatasync) before the hub tells any phone
about it; one server at a time holds the lock beside it (``<journal>.lock``, flock, let go by
the operating system when the process dies, so a kill -9 never leaves a stale lock); a last
line cut off by a crash is dropped on open (what it said was never told to anyone); a damaged
line further up is skipped, the file as it was kept first as ``<journal>.damaged-<time>``; the
file and its lock are the user's own (0600: the journal holds the phones' tokens).

`compact` rewrites the journal with what a restore needs (atomic replace, fsync of the
folder) so it does not grow over an evening of games.

Group commit (`group`, while `games serve` runs its loop): `write` hands the line to a writer
thread and returns; the thread appends every line handed to it meanwhile (in their order, one
write) and makes them durable with one fdatasync, so the loop never waits on the disk (an
append in the loop waited while the disk committed the thread's sync: about a millisecond a
move, and the rooms' tail) and the rooms no longer wait for each other's writes. Nobody is told
before: the hub's `Outbox` holds each message (and the laptop's update) until every record
written before it is durable, then lets them go in the order they were made, so the order of
the records and of each phone's messages is as with a sync per write. An append or a sync that
fails (a full disk, an I/O error) holds everything after it: writes are refused (a full disk
pauses play, as a failed append without the thread does), and `repair` writes the lines that
were not durable again and syncs.
Without `group` (tests without a loop, the Qt games' tools) every `write` syncs before it
returns, as before.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import queue
import threading
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path
from typing import Any

from eventkit.errors import UserError
from eventkit.safefile import keep_aside, open_private, try_lock, write_atomic

log = logging.getLogger(__name__)
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
        # group commit: records appended / durable since open (equal without `group`), the
        # lines not yet durable and where they start in the file, a failed sync's error
        self.durable = 0
        self.failed: OSError | None = None
        self.on_durable: Callable[[], None] | None = None  # more records are durable (the loop)
        self._pending: deque[bytes] = deque()
        self._pending_from = 0
        self._syncer: _Syncer | None = None

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
        """Append `record` and make it durable before returning (grouped: the writer thread
        appends it and makes it durable soon, and the `Outbox` tells nobody before; a failure
        there holds everything, as a failed sync does). A full disk raises what `on_full`
        gives (the hub pauses play), any other failure a UserError; either way no part of the
        line is left behind."""
        if self._fd is None:
            raise RuntimeError("the journal is not open")
        if self.failed is not None:  # a grouped write failed: nothing more until `repair`
            raise self._refusal(self.failed)
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        syncer = self._syncer
        if syncer is not None:  # the writer thread appends it (never the loop: see above)
            self.written += 1
            self._pending.append(data)
            syncer.ask(self.written, data)
            return
        try:
            _append(self._fd, data)
            _sync(self._fd)
        except OSError as exc:
            raise self._refusal(exc) from None
        self.written += 1
        self.durable = self.written

    def _refusal(self, exc: OSError) -> Exception:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT) and self.on_full is not None:
            return self.on_full(exc)
        return UserError(
            f"the games journal {self.path} could not be written ({exc.strerror or exc}): "
            "free some disk space; the last action was not taken"
        )

    # -- group commit ---------------------------------------------------------------------

    def group(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on `write` appends and returns; a writer thread makes the records durable
        (one fdatasync for all appended meanwhile) and `on_durable` is called in `loop` after
        each sync. `close` (or `ungroup`) syncs the rest and stops it."""
        if self._fd is None:
            raise RuntimeError("the journal is not open")
        if self._syncer is None:
            self._pending_from = os.lseek(self._fd, 0, os.SEEK_END)  # all durable so far
            self._syncer = _Syncer(self._fd, loop, self._synced)

    def ungroup(self) -> None:
        """Stop the writer thread, make every record durable (or leave the failed ones out),
        and tell what is durable: `write` syncs again before it returns."""
        syncer, self._syncer = self._syncer, None
        if syncer is None:
            return
        syncer.stop()  # it appended and synced every line handed to it, unless it failed
        if self.failed is None:  # what it said meanwhile may not have reached the loop
            if syncer.error is not None:
                self.failed = syncer.error
            elif self.durable < self.written:
                self._durable_to(self.written)
        if self.failed is not None:
            with suppress(OSError):
                self.repair()

    def _synced(self, upto: int, error: OSError | None) -> None:
        """In the loop: the writer thread's sync of the records up to `upto` returned."""
        if self.failed is not None or self._syncer is None:
            return  # after a failure only `repair` says what is durable, after `ungroup` it
        if error is not None:
            self.failed = error
            if error.errno in (errno.ENOSPC, errno.EDQUOT) and self.on_full is not None:
                self.on_full(error)  # play pauses, the phones are told; `repair` follows
            else:
                log.error("the games journal %s could not be written (%s): play waits until "
                          "it can", self.path, error.strerror or error)  # fmt: skip
            return
        self._durable_to(upto)

    def _durable_to(self, upto: int) -> None:
        while self.durable < upto and self._pending:
            self._pending_from += len(self._pending.popleft())
            self.durable += 1
        self.durable = max(self.durable, upto)
        if self.on_durable is not None:
            self.on_durable()

    def repair(self) -> None:
        """After a failed sync: write the lines that were not durable again where they began,
        sync, and go on (raises OSError while that fails: the file is cut back to its durable
        end). Nothing to do when no sync failed."""
        if self.failed is None or self._fd is None:
            return
        syncer = self._syncer
        held: AbstractContextManager[object] = syncer.io if syncer is not None else nullcontext()
        with held:  # the writer thread waits meanwhile, and drops what it was handed before
            try:
                os.ftruncate(self._fd, self._pending_from)
                _append(self._fd, b"".join(self._pending))
                _sync(self._fd)
            except OSError:
                with suppress(OSError):
                    os.ftruncate(self._fd, self._pending_from)
                raise
            if syncer is not None:
                syncer.reset()
        self.failed = None
        self._durable_to(self.written)

    def compact(self, records: Iterable[Record]) -> None:
        """Replace the journal by `records` (what a restore needs), atomically."""
        if self._fd is None or self._syncer is not None:
            raise RuntimeError("the journal is not open, or is grouped")
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
        self.ungroup()
        for fd in (self._fd, self._lock_fd):
            if fd is not None:
                with suppress(OSError):
                    os.close(fd)
        self._fd = self._lock_fd = None


class _Syncer:
    """The writer thread of a grouped journal: it appends the lines handed to it (`ask`), all
    those handed meanwhile in one write, syncs, and says so in the loop: `done(upto, error)`,
    every line up to the `upto`-th durable (error None). After a failure (`error`) it drops
    what it is handed until `reset`: `Journal.repair` writes those lines again, holding `io`
    (the thread's turn at the file) meanwhile."""

    def __init__(
        self,
        fd: int,
        loop: asyncio.AbstractEventLoop,
        done: Callable[[int, OSError | None], None],
    ) -> None:
        self.fd = fd
        self.loop = loop
        self.done = done
        self.io = threading.Lock()  # held while the thread appends and syncs (and by repair)
        self.error: OSError | None = None  # the failure since the last `reset`
        self.generation = 0  # lines handed before a `reset` are dropped: repair wrote them
        self._handed: queue.SimpleQueue[tuple[int, int, bytes] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="games-journal-sync", daemon=True)
        self.thread.start()

    def ask(self, upto: int, data: bytes) -> None:
        """Append `data`, the `upto`-th line, and make it durable (soon, in the thread)."""
        self._handed.put((self.generation, upto, data))

    def reset(self) -> None:
        """Under `io`: the lines handed so far are written again by the caller; go on."""
        self.generation += 1
        self.error = None

    def stop(self) -> None:
        """Append and sync what was handed (unless it failed), then end the thread."""
        self._handed.put(None)
        self.thread.join()

    def _run(self) -> None:
        handed = self._handed
        while True:
            item = handed.get()
            batch: list[tuple[int, int, bytes]] = []
            while item is not None:
                batch.append(item)
                try:
                    item = handed.get_nowait()
                except queue.Empty:
                    break
            if batch:
                self._flush(batch)
            if item is None:
                return  # `stop`: `ungroup` says what is durable

    def _flush(self, batch: list[tuple[int, int, bytes]]) -> None:
        with self.io:
            if self.error is not None:  # failed: `repair` writes these again
                return
            current = [(upto, data) for generation, upto, data in batch
                       if generation == self.generation]  # fmt: skip
            if not current:
                return
            upto = current[-1][0]
            error: OSError | None = None
            try:
                _append(self.fd, b"".join(data for _, data in current))
                _sync(self.fd)
            except OSError as exc:
                error = self.error = exc
        try:
            self.loop.call_soon_threadsafe(self.done, upto, error)
        except RuntimeError:  # the loop is closed: `ungroup` says what is durable
            return


class Outbox:
    """What the hub tells (messages, the laptop's update), each held until every record
    written before it is durable, then let go in the order it was made (see the module's
    docstring). Without group commit nothing waits."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.held: deque[tuple[int, Callable[[], None]]] = deque()
        journal.on_durable = self.release

    def tell(self, call: Callable[[], None]) -> None:
        journal = self.journal
        if journal.durable >= journal.written and not self.held:
            call()
        else:
            self.held.append((journal.written, call))

    def release(self) -> None:
        held, durable = self.held, self.journal.durable
        while held and held[0][0] <= durable:
            _, call = held.popleft()
            try:
                call()
            except Exception:  # one broken socket or window never stops the others
                log.exception("telling of a durable record failed")


_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)


def _sync(fd: int) -> None:
    getattr(os, "fdatasync", os.fsync)(fd)


def _append(fd: int, data: bytes) -> None:
    """`data` at the end of the file (short writes continued); on a failure none of it stays,
    so the next line is never glued to a part of this one."""
    start = os.lseek(fd, 0, os.SEEK_END)
    written = 0
    try:
        while written < len(data):  # a short write (a full disk fails below)
            written += os.write(fd, data[written:])
    except OSError:
        if written:
            with suppress(OSError):
                os.ftruncate(fd, start)
        raise
