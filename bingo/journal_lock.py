"""One show per journal: an exclusive, non-blocking lock on `<journal>.lock`.

The lock file sits beside the journal and is never deleted (deleting lock files races); the
operating system drops the lock when the process ends, even after a kill -9 or a power cut.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from bingo.journal import JournalError, location_error, open_created


class JournalBusy(JournalError):
    """Another `bingo draw` already runs this journal."""


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class JournalLock:
    """Held for as long as a DrawSession has the journal open."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self.journal = path
        self._fd: int | None = None

    def acquire(self) -> JournalLock:
        try:
            fd = open_created(self.path, os.O_RDWR)
        except OSError as exc:
            raise location_error(self.journal, exc) from None
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            raise JournalBusy(
                f"the show for {self.journal} is already running (another `bingo draw` has "
                "this journal open): use that window, or close it first",
                code="already_running",
                path=str(self.journal),
            ) from None
        self._fd = fd
        try:  # for a person looking at the lock file; not needed for the lock itself
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                _unlock(fd)
            except OSError:
                pass
            os.close(fd)


if sys.platform.startswith("win"):
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
