"""Files that survive a crash, a kill -9 or a flat battery, and that never take what is not ours.

One place for the habits every data file of the toolkit keeps (bingo's journal side files, the
cards' outputs, the games journal, the Daifugō chips):

- `write_atomic`: a hidden temporary file in the same folder, fsync'd, renamed over the target,
  then the folder fsync'd, so the file on disk is the old one or the new one, never half of each;
- `lock` / `try_lock` on a file opened with `open_private` (flock; the operating system lets go
  when the process dies, so a kill -9 never leaves a stale lock);
- `set_aside` / `keep_aside`: a damaged file (or its damaged rest) is kept as
  `<name>.damaged-<time>` beside it, never deleted.

Anything at a target that is not a regular file (a symbolic link, a device node, a folder, a
pipe) is refused with `NotOurFile`, whose message names it: as root, a link placed there would
otherwise make us overwrite whatever it points at.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path

from eventkit.errors import UserError

PRIVATE_MODE = 0o600
_BINARY = getattr(os, "O_BINARY", 0)


class NotOurFile(UserError):
    """Something that is not a regular file stands where we would write or set a file aside."""


def kind_of(mode: int) -> str:
    """What a file of this `st_mode` is, in words ("a symbolic link", "a device" …)."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def refuse_unless_ours(path: Path) -> None:
    """NotOurFile unless `path` is missing or a regular file (links are not followed)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotOurFile(
            f"{path} is {kind_of(mode)}, not a file of ours: it is left as it is; "
            "move it away or give another file name"
        )


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in `folder` durable (POSIX; Windows cannot open a folder)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_path(target: Path) -> Path:
    """A fresh hidden temporary name beside `target`: `.<name>.<8 hex>.tmp`."""
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")


def temp_pattern(target: Path) -> re.Pattern[str]:
    """The names `temp_path` gives for `target`."""
    return re.compile(rf"\.{re.escape(target.name)}\.[0-9a-f]{{8}}\.tmp")


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove the temporary files a killed writer left beside `target` (only regular files of
    our naming; call it holding the file's lock, when nobody else can be writing one)."""
    removed = []
    for entry in our_files(target.parent, temp_pattern(target)):
        with suppress(OSError):
            entry.unlink()
            removed.append(entry)
    return removed


def write_atomic(
    target: Path,
    data: bytes | Iterable[bytes],
    *,
    mode: int = PRIVATE_MODE,
    before_replace: Callable[[], object] | None = None,
) -> None:
    """Replace `target` by `data` (bytes, or chunks of bytes) atomically and durably.

    OSError when the disk is full or the folder is not writable (the target is then as it
    was, and the temporary file is gone); NotOurFile when `target` is not a regular file.
    `before_replace` runs after the data is on disk, before the rename (tests kill there).
    """
    refuse_unless_ours(target)
    tmp = temp_path(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, mode)
    try:
        try:
            chunks = [data] if isinstance(data, bytes) else data
            for chunk in chunks:
                write_all(fd, chunk)
            os.fsync(fd)
            fchmod = getattr(os, "fchmod", None)
            if fchmod is not None:
                fchmod(fd, mode)  # exactly `mode`, whatever the umask
        finally:
            os.close(fd)
        if before_replace is not None:
            before_replace()
        refuse_unless_ours(target)  # still not a link or a device at the last moment
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(target.parent)


def write_all(fd: int, data: bytes) -> None:
    """`os.write` until all of `data` is written (a short write is retried; a full disk
    raises)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def damaged_path(path: Path, stamp: str | None = None) -> Path:
    """A new name for a damaged copy of `path`: `<name>.damaged-<time>[-n]` (never taken)."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        candidate = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if not os.path.lexists(candidate):
            return candidate
    raise UserError(f"too many damaged copies of {path}: move the old .damaged-* files away")


def set_aside(path: Path) -> Path:
    """Rename the damaged file `path` to `<name>.damaged-<time>` beside it; the new path.

    NotOurFile when `path` is a link, a device or a folder (never moved); OSError when the
    rename fails."""
    refuse_unless_ours(path)
    kept = damaged_path(path)
    os.rename(path, kept)
    fsync_folder(path.parent)
    return kept


def keep_aside(
    path: Path, data: bytes, *, mode: int = PRIVATE_MODE, to: Path | None = None
) -> Path:
    """Keep `data` (the damaged rest of `path`) in a new `<name>.damaged-<time>` file (or `to`,
    a name from `damaged_path`), fsync'd with its folder, before `path` itself is cut or
    rewritten; the new path."""
    kept = to or damaged_path(path)
    fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, mode)
    try:
        fchmod = getattr(os, "fchmod", None)
        if fchmod is not None:
            fchmod(fd, mode)  # exactly `mode`, whatever the umask
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with suppress(OSError):
            kept.unlink()
        raise
    os.close(fd)
    fsync_folder(path.parent)
    return kept


def our_files(folder: Path, pattern: re.Pattern[str]) -> list[Path]:
    """Regular files in `folder` whose whole name matches `pattern` (never links or folders)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        with suppress(OSError):
            if stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
                found.append(folder / entry.name)
    return found


# -- locks ----------------------------------------------------------------------------------


def open_private(path: Path, mode: int = PRIVATE_MODE) -> int:
    """Open (creating) a file of ours read-write as `mode`, whatever the umask: a lock file,
    or a file that holds the user's data."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | _BINARY, mode)
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        with suppress(OSError):
            if os.fstat(fd).st_mode & 0o7777 != mode:
                fchmod(fd, mode)
    return fd


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file `fd` without waiting: False when another
    process (or another open of the file) holds it. Released when `fd` is closed."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def lock(fd: int) -> None:
    """Take an exclusive lock on the open file `fd`, waiting for it."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)
