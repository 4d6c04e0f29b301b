"""Which `bingo serve` serves a journal: `<journal>.serve`, locked by that server while it runs.

A show restarted after a crash must find the phones' server its earlier run left behind, so it
can watch it (or replace it) instead of starting a second one that stops on "port in use".
The answer is a lock, not a pid file or a question over HTTP: the operating system drops the
lock the moment the server's process ends (kill -9 included), a pid reused by another program
cannot hold it, and asking needs no network round trip that a flood of phones could delay or a
program on the same port could answer. While the lock is held the file's JSON names the server
(pid, port, address) so the show can adopt it or stop it. With port 0 (any free port) the file
says 0 until the server listens, then the port it got (`ServeLock.listening`, which also
sets `"listening": true`, whatever the port): tests and the show read the port there. The file is never deleted (deleting
lock files races); one that nobody holds means "no server".
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from eventkit.errors import UserError
from eventkit.safefile import write_atomic

LOCK_MODE = 0o644  # the show (same user) reads it; nobody else needs to write it
_WINDOWS_LOCK_OFFSET = 1 << 20  # Windows locks a byte range: one far past the JSON


def serve_lock_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".serve")


def tables_lock_path(journal: Path) -> Path:
    """The card tables' server of the evening (`bingo draw --serve --tables`,
    bingo.web.tables_serve): the same kind of lock and record, beside the journal."""
    return journal.with_name(journal.name + ".tables")


def tables_key_path(journal: Path) -> Path:
    """The card tables' host key, beside the journal in the event's folder: the tables' server
    (bingo.web.tables_serve) writes a new one at each start, 0600, and only the show reads it
    (the operator window's table controls, bingo.ui.tables_panel, games.web.host_link)."""
    return journal.with_name(journal.name + ".tables-key")


def write_tables_key(journal: Path) -> str:
    """A new host key for the card tables, written 0600 (OSError: not written; NotOurFile:
    something that is not our file stands there)."""
    key = secrets.token_urlsafe(32)
    write_atomic(tables_key_path(journal), key.encode("ascii"), mode=0o600)
    return key


def read_tables_key(journal: Path) -> str | None:
    """The card tables' host key, or None while there is none."""
    try:
        key = tables_key_path(journal).read_bytes().decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return key or None


@dataclass(frozen=True)
class ServerInfo:
    """A running `bingo serve` of a journal, as it wrote itself down."""

    pid: int | None
    port: int | None
    bind: str | None
    args: tuple[str, ...] | None = None  # its command line after `bingo` (serve --config ...)
    listening: bool = False  # it listens on `port` now (said once it does: ServeLock.listening)


class ServeBusy(UserError):
    """Another `bingo serve` already serves this journal."""

    def __init__(self, journal: Path, info: ServerInfo) -> None:
        where = f" on port {info.port}" if info.port else ""
        pid = f" (pid {info.pid})" if info.pid else ""
        super().__init__(
            f"the journal {journal} is already served to phones by another `bingo serve`"
            f"{pid}{where}: use that one, or stop it first"
        )
        self.info = info


def open_private(path: Path, mode: int) -> int:
    """Open (creating) `path` read-write with exactly `mode`, whatever the umask."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), mode)
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        try:
            if os.fstat(fd).st_mode & 0o7777 != mode:
                fchmod(fd, mode)
        except OSError:
            pass  # not ours to change (another user's file): the lock still works
    return fd


class ServeLock:
    """Held by `bingo serve` for as long as it serves the journal (by the tables' server too,
    at `path`: tables_lock_path)."""

    def __init__(self, journal: Path, *, path: Path | None = None) -> None:
        self.journal = journal
        self.path = serve_lock_path(journal) if path is None else path
        self._fd: int | None = None
        self._record: dict[str, object] = {}

    def acquire(self, port: int, bind: str, *, attempts: int = 10) -> ServeLock:
        """Take the lock and write who holds it; ServeBusy when another server has it.

        A show asking "is a server running?" holds the lock for an instant: try a few times.
        """
        fd = open_private(self.path, LOCK_MODE)
        for attempt in range(attempts):
            if _try_lock(fd):
                break
            if attempt + 1 == attempts:
                os.close(fd)
                info = running_server(self.journal, path=self.path)
                info = info or ServerInfo(None, None, None)
                raise ServeBusy(self.journal, info)
            time.sleep(0.05)
        self._fd = fd
        self._record = {
            "pid": os.getpid(),
            "port": port,
            "bind": bind,
            "journal": str(self.journal),
            "args": sys.argv[1:],
        }
        self._write()
        return self

    def listening(self, port: int) -> None:
        """Write down that the server listens, and on which port (the one it got when asked
        for port 0)."""
        self._record.update(port=port, listening=True)
        self._write()

    def _write(self) -> None:
        """The record over the file's text, then cut to its length: a reader sees the old text
        or the new, or a line it cannot parse and reads again (running_server), never nothing
        (which would read as a server that does not say who it is)."""
        if self._fd is None:
            return
        data = json.dumps(self._record).encode("utf-8") + b"\n"
        try:
            os.lseek(self._fd, 0, os.SEEK_SET)
            os.write(self._fd, data)
            os.ftruncate(self._fd, len(data))
        except OSError:
            pass  # the lock alone still says "served"; the show then cannot adopt by pid

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            _unlock(fd)
            os.close(fd)


def running_server(
    journal: Path, *, attempts: int = 5, path: Path | None = None
) -> ServerInfo | None:
    """The `bingo serve` holding the journal's lock now, or None when none runs (`path`:
    another lock of the journal's, as tables_lock_path).

    A server that has just taken the lock may not have written its line yet: read again a few
    times; a server that never says who it is comes back with `pid` None.
    """
    path = serve_lock_path(journal) if path is None else path
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except OSError:
        return None  # cannot even open it: no server of ours could have either
    try:
        if _try_lock(fd):
            _unlock(fd)
            return None
        for attempt in range(attempts):
            info = _read_info(fd)
            if info is not None:
                return info
            if attempt + 1 < attempts:
                time.sleep(0.02)
        return ServerInfo(None, None, None)
    finally:
        os.close(fd)


def _read_info(fd: int) -> ServerInfo | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        data = os.read(fd, 4096)
        record = json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    pid, port, bind = record.get("pid"), record.get("port"), record.get("bind")
    args = record.get("args")
    return ServerInfo(
        pid if isinstance(pid, int) and pid > 0 else None,
        port if isinstance(port, int) else None,
        bind if isinstance(bind, str) else None,
        tuple(args) if isinstance(args, list) and all(isinstance(a, str) for a in args) else None,
        record.get("listening") is True,
    )


if sys.platform.startswith("win"):
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
