"""Writing a set of output files safely, as root too.

Each file is written to a hidden temporary file beside its target (created 0666 minus the
umask, like any new file) and all of them are renamed into place together at the end, with
SIGINT/SIGTERM held back meanwhile. Nothing that is not a regular file is ever replaced:
devices, folders and symbolic links are refused. With `backup`, a file that is replaced is kept
under a dated name first. A folder of PNGs is staged the same way and committed as a set.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

from cards.texts import TABLES
from eventkit import safefile
from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused

PNG_NAME = re.compile(r"card-([0-9]+)\.png")
# Ctrl+C, kill, and closing the terminal (SIGHUP): each removes the temporary files
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class OutputError(UserError):
    """An output file cannot be written where asked."""


class Interrupted(Exception):
    """SIGINT or SIGTERM arrived while the files were being made."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def describe(path: Path) -> str | None:
    """Why `path` must not be replaced by a file of ours, or None when it may be."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return phrase(TABLES, "target_unchecked", reason=exc.strerror or exc)
    if stat.S_ISLNK(st.st_mode):
        return phrase(TABLES, "target_link", to=os.readlink(path))
    if stat.S_ISDIR(st.st_mode):
        return phrase(TABLES, "target_folder")
    if not stat.S_ISREG(st.st_mode):
        device = stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
        return phrase(TABLES, "target_device" if device else "target_not_file")
    return None


def check_target(path: Path, what: str = "target") -> None:
    """Refuse `path` (an OutputError) when it must not be replaced; `what`: "target" (an
    output file) or "png_target" (a PNG that --png would replace)."""
    reason = describe(path)
    if reason is not None:
        raise refused(TABLES, what, OutputError, path=path, reason=reason)


def backup_name(path: Path, stamp: str) -> Path:
    """`cards.csv` -> `cards.backup-20261130-204501.csv`, `cards.batches.json` ->
    `cards.backup-20261130-204501.batches.json` (with -2, -3 … if taken)."""
    stem, dot, rest = path.name.partition(".")
    for n in range(1, 1000):
        extra = "" if n == 1 else f"-{n}"
        candidate = path.with_name(f"{stem}.backup-{stamp}{extra}{dot}{rest}")
        if not os.path.lexists(candidate):
            return candidate
    raise refused(TABLES, "backups_full", OutputError, path=path)


class _Signals:
    """SIGINT/SIGTERM raise Interrupted, except while the files are renamed into place."""

    def __init__(self) -> None:
        self.deferring = False
        self.pending: int | None = None

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.deferring:
            self.pending = signum
            return
        raise Interrupted(signum)


_signals = _Signals()


@contextmanager
def interruptible() -> Iterator[_Signals]:
    """While inside, SIGINT, SIGTERM and SIGHUP raise Interrupted (so temporary files get
    removed)."""
    previous = {s: signal.getsignal(s) for s in STOP_SIGNALS}
    _signals.pending = None
    for s in previous:
        signal.signal(s, _signals.handle)
    try:
        yield _signals
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


@contextmanager
def deferred_signals(*, then_raise: bool = False) -> Iterator[None]:
    """Hold SIGINT/SIGTERM back while inside. With `then_raise`, one that came is raised as
    Interrupted on leaving (a step that must not be cut in half, then the stop as usual)."""
    _signals.deferring = True
    try:
        yield
    finally:
        _signals.deferring = False
    if then_raise and _signals.pending is not None:
        signum, _signals.pending = _signals.pending, None
        raise Interrupted(signum)


@contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """One `bingo cards` at a time per output folder: two appends at once would both number
    their cards after the same last serial, and the last to finish would drop the other's."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; the temporary names stay unique
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield  # the folder cannot be opened; writing into it will say why
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise refused(TABLES, "folder_busy", OutputError, folder=folder) from None
        yield
    finally:
        os.close(fd)


def _unique_temp(target: Path) -> Path:
    return safefile.temp_path(target)


def remove_stale_temps(targets: Iterable[Path]) -> list[Path]:
    """Remove the temporary files a killed run (SIGKILL, power loss) left beside `targets`.
    Call it holding the folder's lock (folder_lock): no other run is writing them then."""
    return [path for target in targets for path in safefile.remove_stale_temps(target)]


class PngFolder:
    """A folder of card-<serial>.png files, written into a staging folder inside it first."""

    def __init__(
        self,
        directory: Path,
        keep_serials: Iterable[int],
        replace: bool,
        backup_stamp: str | None = None,
    ) -> None:
        """`backup_stamp`: PNGs replaced or dropped are kept in `<dir>.backup-<stamp>/`."""
        self.directory = directory
        self.backup_stamp = backup_stamp
        self.backups: list[Path] = []
        self._keep = set(keep_serials)
        self._created = False
        if os.path.lexists(directory) and not directory.is_dir():
            raise refused(TABLES, "png_not_folder", OutputError, folder=directory)
        if not directory.exists():
            if not directory.parent.is_dir():
                raise refused(
                    TABLES, "png_no_parent", OutputError, folder=directory, parent=directory.parent
                )
            try:
                directory.mkdir()
            except OSError as exc:
                reason = exc.strerror or exc
                raise refused(
                    TABLES, "png_cannot_create", OutputError, folder=directory, reason=reason
                ) from None
            self._created = True
        old = self._ours()
        for path in old:
            check_target(path, "png_target")
        if old and not replace:
            raise refused(TABLES, "png_taken", OutputError, folder=directory, first=old[0].name)
        try:
            self.stage = directory / f".cards-staging-{secrets.token_hex(4)}"
            self.stage.mkdir()
        except OSError as exc:
            self._remove_created()
            reason = exc.strerror or exc
            raise refused(
                TABLES, "png_unwritable_folder", OutputError, folder=directory, reason=reason
            ) from None

    def _ours(self) -> list[Path]:
        return sorted(p for p in self.directory.iterdir() if PNG_NAME.fullmatch(p.name))

    def _remove_created(self) -> None:
        if self._created:
            try:
                self.directory.rmdir()
            except OSError:
                pass

    def commit(self) -> None:
        written = set()
        for staged in sorted(self.stage.iterdir()):
            target = self.directory / staged.name
            if self.backup_stamp and target.is_file() and not target.is_symlink():
                self._keep_backup(target)
            os.replace(staged, target)
            written.add(staged.name)
        self.stage.rmdir()
        self._created = False  # the folder is in use now
        for path in self._ours():
            match = PNG_NAME.fullmatch(path.name)
            assert match is not None  # _ours() lists only the names PNG_NAME matches
            serial = int(match.group(1))
            if path.name not in written and serial not in self._keep and path.is_file():
                if self.backup_stamp:
                    self._keep_backup(path)
                else:
                    path.unlink()

    def _keep_backup(self, path: Path) -> None:
        """Into `<dir>.backup-<stamp>/` beside the folder, which keeps exactly the registry's
        PNGs (and the host's own files)."""
        folder = self.directory.with_name(f"{self.directory.name}.backup-{self.backup_stamp}")
        if not self.backups:
            folder.mkdir(exist_ok=True)
        backup = folder / path.name
        os.replace(path, backup)
        self.backups.append(backup)

    def discard(self) -> None:
        shutil.rmtree(self.stage, ignore_errors=True)
        self._remove_created()


class OutputFiles:
    """Temporary files for a set of targets, committed together or discarded together."""

    def __init__(self, *, backup: bool = False, stamp: str | None = None) -> None:
        self.backup = backup
        self.stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
        self._files: list[tuple[IO[Any], Path, Path]] = []  # (open file, temp, target)
        self._always_kept: set[Path] = set()  # targets backed up even without `backup`
        self._scratch: list[tuple[BinaryIO, Path]] = []  # drafts, removed at the end either way
        self._retired: list[Path] = []
        self.png: PngFolder | None = None
        self.backups: list[Path] = []

    @overload
    def open(
        self,
        target: Path,
        *,
        text: Literal[False] = False,
        keep_old: bool = False,
        mode: int = 0o666,
    ) -> BinaryIO: ...

    @overload
    def open(
        self, target: Path, *, text: Literal[True], keep_old: bool = False, mode: int = 0o666
    ) -> TextIO: ...

    def open(
        self, target: Path, *, text: bool = False, keep_old: bool = False, mode: int = 0o666
    ) -> IO[Any]:
        """A temporary file for `target`. `keep_old`: an existing target is backed up when
        replaced even without `backup` (a record never rewritten without its previous one);
        `mode` 0o600 for a secret."""
        check_target(target)
        tmp = _unique_temp(target)
        if keep_old:
            self._always_kept.add(target)
        # A stop between creating the file and noting it here would leave it behind.
        with deferred_signals(then_raise=True):
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
            except OSError as exc:
                reason = exc.strerror or exc
                raise refused(
                    TABLES, "file_unwritable", OutputError, path=target, reason=reason
                ) from None
            f: IO[Any] = (
                os.fdopen(fd, "w", newline="", encoding="utf-8") if text else os.fdopen(fd, "wb")
            )
            self._files.append((f, tmp, target))
        return f

    def scratch(self, target: Path) -> tuple[BinaryIO, Path]:
        """A hidden temporary file beside `target` for a draft (the press PDF before pikepdf
        makes it PDF/X): removed on commit and on discard, never renamed into place."""
        tmp = _unique_temp(target)
        with deferred_signals(then_raise=True):
            try:
                fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            except OSError as exc:
                reason = exc.strerror or exc
                raise refused(
                    TABLES, "file_unwritable", OutputError, path=target, reason=reason
                ) from None
            f = os.fdopen(fd, "w+b")
            self._scratch.append((f, tmp))
        return f, tmp

    def png_folder(self, directory: Path, keep_serials: Iterable[int], replace: bool) -> Path:
        stamp = self.stamp if self.backup else None  # --force keeps the PNGs it replaces
        with deferred_signals(then_raise=True):  # the staging folder is noted as soon as made
            self.png = PngFolder(directory, keep_serials, replace, stamp)
        return self.png.stage

    def retire(self, paths: Iterable[Path]) -> None:
        """Files that no longer match once this set is committed (an earlier batch's PDF under
        --force): renamed to their backup names at commit."""
        self._retired = [p for p in paths if p.is_file() and not p.is_symlink()]

    def commit(self, on_commit: Callable[[], None] | None = None) -> None:
        """Close and sync every file, then rename them all into place (signals held back)."""
        self._drop_scratch()
        for f, _, _ in self._files:
            f.flush()
            os.fsync(f.fileno())
            f.close()
        with deferred_signals():
            for _, tmp, target in self._files:
                check_target(target)  # still not a device or link at the last moment
                if (self.backup or target in self._always_kept) and target.exists():
                    self._keep_backup(target)
                os.replace(tmp, target)
            for path in self._retired:
                backup = backup_name(path, self.stamp)
                os.replace(path, backup)
                self.backups.append(backup)
            if self.png is not None:
                self.png.commit()
                self.backups += self.png.backups
            folders = {target.parent for _, _, target in self._files}
            if self.png is not None:
                folders.add(self.png.directory)
            for folder in folders:
                safefile.fsync_folder(folder)  # the renames themselves survive a power cut
            self._files.clear()
            if on_commit is not None:
                on_commit()

    def _keep_backup(self, target: Path) -> None:
        backup = backup_name(target, self.stamp)
        try:
            os.link(target, backup)  # the old file stays in place until the rename
        except OSError:
            shutil.copy2(target, backup)  # file systems without hard links (FAT USB sticks)
        self.backups.append(backup)

    def _drop_scratch(self) -> None:
        for f, tmp in self._scratch:
            try:
                f.close()
            except OSError:
                pass
            tmp.unlink(missing_ok=True)
        self._scratch.clear()

    def discard(self) -> None:
        self._drop_scratch()
        for f, tmp, _ in self._files:
            if not f.closed:
                try:
                    f.close()
                except OSError:
                    pass
            tmp.unlink(missing_ok=True)
        self._files.clear()
        if self.png is not None:
            self.png.discard()
